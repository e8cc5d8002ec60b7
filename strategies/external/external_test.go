package external

import (
	"context"
	"encoding/json"
	"errors"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/memarena/memarena/docs/protocol"
	"github.com/memarena/memarena/internal/tokenizer"
	"github.com/memarena/memarena/scenarios"
	"github.com/memarena/memarena/strategies"
	"github.com/memarena/memarena/strategies/external/adaptertest"
)

func TestMain(m *testing.M) {
	adaptertest.MaybeServe()
	os.Exit(m.Run())
}

func testEnv(extraction string) strategies.Env {
	return strategies.Env{Tokenizer: tokenizer.MustDefault(), Extraction: extraction, Seed: 7, Budget: 120, K: 5}
}

// exchange is one traced message.
type exchange struct {
	method         string
	sent, received string
}

type tracer struct {
	mu  sync.Mutex
	log []exchange
}

func (tr *tracer) trace(method string, sent, received []byte) {
	tr.mu.Lock()
	tr.log = append(tr.log, exchange{method, string(sent), string(received)})
	tr.mu.Unlock()
}

func openStdio(t *testing.T, mode, extraction string, timeout time.Duration) (*External, *tracer) {
	t.Helper()
	return openCfg(t, Config{Command: adaptertest.Command(mode), Timeout: timeout}, extraction)
}

func openCfg(t *testing.T, cfg Config, extraction string) (*External, *tracer) {
	t.Helper()
	tr := &tracer{}
	c, err := Dial(cfg)
	if err != nil {
		t.Fatal(err)
	}
	c.Trace = tr.trace
	env := testEnv(extraction)
	e := &External{c: c, env: env, oracle: extraction == strategies.ExtractOracle}
	if e.hello, err = c.Hello(context.Background()); err != nil {
		c.Shutdown()
		t.Fatal(err)
	}
	if err := c.Init(context.Background(), InitParams{Seed: env.Seed, Extraction: extraction, Budget: env.Budget, K: env.K, Tokenizer: env.Tokenizer.Name(), Params: map[string]any{"x": 1}}); err != nil {
		c.Shutdown()
		t.Fatal(err)
	}
	return e, tr
}

var t0 = time.Date(2024, 3, 4, 9, 0, 0, 0, time.UTC)

func turn(id, text string, i int) strategies.Turn {
	return strategies.Turn{ID: id, SessionID: "s1", Index: i, Role: "user", Speaker: "Maya", Text: text, Time: t0.Add(time.Duration(i) * time.Minute), SessionStart: t0,
		Gold: &scenarios.Gold{Facts: []string{"gold fact " + id}}}
}

var turns = []strategies.Turn{
	turn("t1", "I adopted a greyhound named Pepper from the shelter.", 0),
	turn("t2", "My sister Lena is visiting from Lisbon next weekend.", 1),
	turn("t3", "Pepper is four years old and hates thunderstorms.", 2),
}

// drive runs a small cell: three turns, the end of the session, one
// retrieve (its query carries gold, which must not be sent), footprint.
func drive(t *testing.T, e *External) strategies.Recall {
	t.Helper()
	ctx := context.Background()
	for _, tt := range turns {
		if err := e.Ingest(ctx, tt); err != nil {
			t.Fatal(err)
		}
	}
	if err := e.EndSession(ctx, strategies.SessionInfo{ID: "s1", Start: t0, End: t0.Add(2 * time.Minute), TurnIDs: []string{"t1", "t2", "t3"}, Summary: "gold summary"}); err != nil {
		t.Fatal(err)
	}
	rec, err := e.Retrieve(ctx, strategies.Query{ID: "q1", Question: "Which city is Lena visiting?", AskedAt: t0.Add(time.Hour), Recent: turns[1:], Budget: 120, K: 5,
		Gold: &strategies.ProbeGold{Answers: []string{"Lisbon-gold-answer"}, Evidence: []string{"t2"}}})
	if err != nil {
		t.Fatal(err)
	}
	return rec
}

func TestStdioCell(t *testing.T) {
	e, _ := openStdio(t, adaptertest.OK, strategies.ExtractModel, 10*time.Second)
	rec := drive(t, e)
	if len(rec.Items) != 1 || rec.Items[0].TurnIDs[0] != "t2" || rec.Items[0].Text != "Maya: My sister Lena is visiting from Lisbon next weekend." ||
		rec.Context != "[t2] Maya: My sister Lena is visiting from Lisbon next weekend." || rec.Items[0].Score != 2 || rec.Items[0].Kind != "turn" {
		t.Fatalf("recall = %+v", rec)
	}
	fp := e.Footprint()
	if fp.Items != 3 || fp.Bytes != int64(len(turns[0].Text)+len(turns[1].Text)+len(turns[2].Text)) || e.Err() != nil {
		t.Fatalf("footprint = %+v (err %v)", fp, e.Err())
	}
	if u, ok := e.ReportedUsage(); ok || u.Total() != 0 {
		t.Fatalf("usage = %+v, %v; want not reported", u, ok)
	}
	if err := e.Close(); err != nil {
		t.Fatal(err)
	}
}

func TestUsageReported(t *testing.T) {
	e, _ := openStdio(t, adaptertest.Usage, strategies.ExtractModel, 10*time.Second)
	defer e.Close()
	drive(t, e)
	u, ok := e.ReportedUsage()
	if !ok || u.PromptTokens != 3*7+5 || u.CompletionTokens != 3*3+1 || u.Requests != 3 {
		t.Fatalf("usage = %+v, %v; want 26 prompt, 10 completion, 3 requests", u, ok)
	}
}

// TestMessagesMatchSchemas validates every message the strategy sends, in
// both extraction modes, and every reply it accepts, against the v1
// schemas; every method must occur.
func TestMessagesMatchSchemas(t *testing.T) {
	schemas, err := protocol.V1()
	if err != nil {
		t.Fatal(err)
	}
	sc, err := scenarios.Builtin("travel-planner")
	if err != nil {
		t.Fatal(err)
	}
	for _, mode := range []string{strategies.ExtractModel, strategies.ExtractOracle} {
		e, tr := openStdio(t, adaptertest.OK, mode, 10*time.Second)
		ctx := context.Background()
		var recent []strategies.Turn
		for si, ss := range sc.Sessions[:2] {
			var ids []string
			for ti, st := range ss.Turns {
				tt := strategies.Turn{ID: st.ID, SessionID: ss.ID, SessionIndex: si, Index: ti, Role: st.Role, Speaker: st.Speaker, Text: st.Text, Time: st.Time.Time, SessionStart: ss.Start.Time, Gold: st.Gold}
				if ss.Task != nil {
					tt.Task = ss.Task.Goal
				}
				if err := e.Ingest(ctx, tt); err != nil {
					t.Fatal(err)
				}
				ids = append(ids, st.ID)
				recent = append(recent, tt)
			}
			if err := e.EndSession(ctx, strategies.SessionInfo{ID: ss.ID, Index: si, Start: ss.Start.Time, End: ss.Turns[len(ss.Turns)-1].Time.Time, TurnIDs: ids, Summary: "s"}); err != nil {
				t.Fatal(err)
			}
			if _, err := e.Retrieve(ctx, strategies.Query{ID: "p" + ss.ID, Question: sc.Probes[0].Question, AskedAt: sc.Probes[0].AskedAt.Time, Recent: recent, Budget: 300, K: 10}); err != nil {
				t.Fatal(err)
			}
		}
		e.Footprint()
		if err := e.Close(); err != nil {
			t.Fatal(err)
		}
		seen := map[string]bool{}
		for _, x := range tr.log {
			seen[x.method] = true
			if err := schemas.Validate(x.method+".request", []byte(x.sent)); err != nil {
				t.Errorf("%s: sent %s message breaks its schema: %v\n%s", mode, x.method, err, x.sent)
			}
			if err := schemas.Validate(x.method+".response", []byte(x.received)); err != nil {
				t.Errorf("%s: accepted %s reply breaks its schema: %v\n%s", mode, x.method, err, x.received)
			}
		}
		for _, m := range protocol.Methods {
			if !seen[m] {
				t.Errorf("%s: no %s message sent", mode, m)
			}
		}
	}
}

// TestGoldIsolation: turn gold and the session summary reach the memory
// only in oracle mode, probe gold never, recent turns never carry gold.
func TestGoldIsolation(t *testing.T) {
	for _, mode := range []string{strategies.ExtractModel, strategies.ExtractOracle} {
		e, tr := openStdio(t, adaptertest.OK, mode, 10*time.Second)
		drive(t, e)
		e.Close()
		for _, x := range tr.log {
			hasGold := strings.Contains(x.sent, `"gold"`) || strings.Contains(x.sent, "gold fact") || strings.Contains(x.sent, "gold summary")
			want := mode == strategies.ExtractOracle && (x.method == "ingest" || x.method == "end_session")
			if hasGold != want {
				t.Errorf("%s: %s message carries gold = %v, want %v: %s", mode, x.method, hasGold, want, x.sent)
			}
			if strings.Contains(x.sent, "Lisbon-gold-answer") {
				t.Errorf("%s: probe gold sent in %s: %s", mode, x.method, x.sent)
			}
		}
	}
}

// fakeTransport replies with canned lines.
type fakeTransport struct{ replies []string }

func (f *fakeTransport) roundTrip(_ context.Context, _ []byte) ([]byte, error) {
	r := f.replies[0]
	f.replies = f.replies[1:]
	return []byte(r), nil
}
func (f *fakeTransport) shutdown(time.Duration) error { return nil }
func (f *fakeTransport) stderrTail() string           { return "" }

// TestRepliesAgreeWithSchema: the client accepts a retrieve reply exactly
// when the schema does (and the id matches), with a message naming the
// offending member.
func TestRepliesAgreeWithSchema(t *testing.T) {
	schemas, _ := protocol.V1()
	const ok = `"items":[{"text":"a","score":1,"kind":"turn","turn_ids":["t1"]}],"context":"a"`
	cases := []struct {
		name, result string
		usage        bool   // hello declared usage
		want         string // "" accepted; else a substring of the error
	}{
		{"minimal", `{` + ok + `}`, false, ""},
		{"extra members ignored", `{` + ok + `,"debug":{"x":1}}`, false, ""},
		{"all item fields", `{"items":[{"id":"m1","text":"a","score":0.5,"kind":"fact","turn_ids":["t1","t2"],"time":"2024-03-04T09:00:00Z","status":"superseded"}],"context":"a"}`, false, ""},
		{"empty", `{"items":[],"context":""}`, false, ""},
		{"usage declared", `{` + ok + `,"usage":{"prompt_tokens":3,"completion_tokens":1}}`, true, ""},
		{"usage undeclared", `{` + ok + `,"usage":{"prompt_tokens":3,"completion_tokens":1}}`, false, `result.usage is set but hello did not declare the "usage" capability`},
		{"no context", `{"items":[]}`, false, "result: missing property 'context'"},
		{"empty provenance", `{"items":[{"text":"a","score":1,"kind":"turn","turn_ids":[]}],"context":"a"}`, false, "result.items[0].turn_ids: minItems: got 0, want 1"},
		{"score as string", `{"items":[{"text":"a","score":"1","kind":"turn","turn_ids":["t1"]}],"context":"a"}`, false, "result.items[0].score: got string, want number"},
		{"unknown status", `{"items":[{"text":"a","score":1,"kind":"turn","turn_ids":["t1"],"status":"stale"}],"context":"a"}`, false, "result.items[0].status: value must be one of"},
		{"bad time", `{"items":[{"text":"a","score":1,"kind":"turn","turn_ids":["t1"],"time":"yesterday"}],"context":"a"}`, false, "result.items[0].time: 'yesterday' is not valid date-time"},
		{"negative usage", `{` + ok + `,"usage":{"prompt_tokens":-1,"completion_tokens":1}}`, true, "result.usage.prompt_tokens: minimum: got -1, want 0"},
	}
	for _, tc := range cases {
		line := `{"jsonrpc":"2.0","id":3,"result":` + tc.result + `}`
		c := &Client{tr: &fakeTransport{replies: []string{line}}, timeout: time.Second, schemas: schemas, nextID: 2, hello: &HelloResult{Protocol: "1"}}
		if tc.usage {
			c.hello.Capabilities = []string{CapUsage}
		}
		_, _, err := c.Retrieve(context.Background(), Query{ID: "q"})
		schemaOK := schemas.Validate("retrieve.response", []byte(line)) == nil
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s: rejected: %v", tc.name, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%s: got %v, want an error containing %q", tc.name, err, tc.want)
		case tc.name != "usage undeclared" && schemaOK != (err == nil):
			t.Errorf("%s: schema says valid=%v, client error %v", tc.name, schemaOK, err)
		}
		if err != nil && !errors.Is(err, ErrInvalid) {
			t.Errorf("%s: %v is not ErrInvalid", tc.name, err)
		}
	}
	envelopes := map[string]string{
		`{"jsonrpc":"2.0","id":4,"result":{"items":[],"context":""}}`:                "reply breaks the protocol: the reply carries id 4",
		`{"id":3,"result":{"items":[],"context":""}}`:                                "(message): missing property 'jsonrpc'",
		`{"jsonrpc":"2.0","id":3,"error":{"code":-32000,"message":"index offline"}}`: "the memory replied with an error: code -32000: index offline",
		`[1,2]`: "reply breaks the protocol: not a JSON-RPC response object",
		`{"jsonrpc":"2.0","id":3,"result":{"items":[],"context":""}} trailing`: "reply is not JSON (invalid character after top-level value)",
	}
	for line, want := range envelopes {
		c := &Client{tr: &fakeTransport{replies: []string{line}}, timeout: time.Second, schemas: schemas, nextID: 2, hello: &HelloResult{Protocol: "1"}}
		_, _, err := c.Retrieve(context.Background(), Query{ID: "q"})
		if err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), "retrieve (query q, request 3): ") {
			t.Errorf("%s: got %v, want %q", line, err, want)
		}
	}
}

// slowStart is the reply timeout of the tests whose adapter must answer:
// generous, so a loaded machine (the race detector, parallel packages)
// does not turn a slow start into a failure.
const slowStart = 60 * time.Second

// TestFailuresNameMessageAndLine holds the failure messages of broken
// memories to exact text.
func TestFailuresNameMessageAndLine(t *testing.T) {
	ctx := context.Background()
	_, err := Open(ctx, testEnv("model"), Config{Command: adaptertest.Command(adaptertest.Version), Timeout: slowStart}, nil)
	want := `hello (request 1): reply breaks the protocol: protocol version mismatch: memarena speaks "1", the memory replied "2"; line received: "{\"id\":1,\"jsonrpc\":\"2.0\",\"result\":{\"name\":\"adaptertest-version\",\"protocol\":\"2\"}}"`
	if err == nil || err.Error() != want {
		t.Errorf("version:\n got %v\nwant %s", err, want)
	}

	e, _ := openStdio(t, adaptertest.NonJSON, "model", slowStart)
	err = e.Ingest(ctx, turns[0])
	want = `ingest (turn t1, request 3): reply is not JSON (invalid character 'i' looking for beginning of value); line received: "ingested the turn"`
	if err == nil || err.Error() != want {
		t.Errorf("non-JSON:\n got %v\nwant %s", err, want)
	}
	e.Close()

	e, _ = openStdio(t, adaptertest.Exit, "model", slowStart)
	for i, tt := range turns {
		err = e.Ingest(ctx, tt)
		if i < 2 && err != nil {
			t.Fatal(err)
		}
	}
	want = `ingest (turn t3, request 5): the process exited (exit status 3); stderr ends: "adaptertest: simulated crash on the third ingest"`
	if err == nil || err.Error() != want || !errors.Is(err, ErrExited) {
		t.Errorf("exit:\n got %v\nwant %s", err, want)
	}
	if err := e.Ingest(ctx, turns[0]); err == nil || !errors.Is(err, ErrExited) {
		t.Errorf("a message after the exit: %v", err)
	}
	e.Close()

	e, _ = openStdio(t, adaptertest.Hang, "model", slowStart)
	e.c.timeout = 300 * time.Millisecond // after the handshake (the adapter loads a tokenizer)
	start := time.Now()
	_, err = e.Retrieve(ctx, strategies.Query{ID: "q1", Question: "x", Budget: 50, K: 5})
	want = `retrieve (query q1, request 3): no reply within the timeout (300ms)`
	if err == nil || err.Error() != want || !errors.Is(err, ErrTimeout) {
		t.Errorf("hang:\n got %v\nwant %s", err, want)
	}
	if d := time.Since(start); d > 3*time.Second {
		t.Errorf("timeout took %v", d)
	}
	if err := e.Close(); err != nil {
		t.Errorf("close after a hang: %v", err)
	}
	select {
	case <-e.c.tr.(*stdio).exited:
	default:
		t.Error("the hanging process outlived Close")
	}

	e, _ = openStdio(t, adaptertest.TextNotInContext, "model", 5*time.Second)
	defer e.Close()
	for _, tt := range turns {
		if err := e.Ingest(ctx, tt); err != nil {
			t.Fatal(err)
		}
	}
	_, err = e.Retrieve(ctx, strategies.Query{ID: "q1", Question: "Lena Lisbon", Budget: 50, K: 5})
	want = `retrieve (query q1, request 6): reply breaks the protocol: result.items[0].text is not in result.context (items must be exactly those placed in the context); line received:`
	if err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("text not in context:\n got %v\nwant %s…", err, want)
	}
}

func TestHTTP(t *testing.T) {
	srv := httptest.NewServer(adaptertest.Handler(adaptertest.OK))
	defer srv.Close()
	e, tr := openCfg(t, Config{URL: srv.URL, Timeout: 5 * time.Second}, "model")
	rec := drive(t, e)
	if len(rec.Items) != 1 || rec.Items[0].TurnIDs[0] != "t2" {
		t.Fatalf("recall = %+v", rec)
	}
	if fp := e.Footprint(); fp.Items != 3 {
		t.Fatalf("footprint = %+v", fp)
	}
	if err := e.Close(); err != nil {
		t.Fatal(err)
	}
	var p struct {
		Params struct {
			Instance string `json:"instance"`
		} `json:"params"`
	}
	json.Unmarshal([]byte(tr.log[0].sent), &p)
	if !strings.HasPrefix(p.Params.Instance, "mem-") {
		t.Fatalf("instance = %q", p.Params.Instance)
	}

	hang := httptest.NewServer(adaptertest.Handler(adaptertest.Hang))
	defer hang.Close()
	e, _ = openCfg(t, Config{URL: hang.URL, Timeout: 10 * time.Second}, "model")
	e.c.timeout = 200 * time.Millisecond
	_, err := e.Retrieve(context.Background(), strategies.Query{ID: "q1", Question: "x", Budget: 50, K: 5})
	if err == nil || err.Error() != "retrieve (query q1, request 3): no reply within the timeout (200ms)" {
		t.Fatalf("hang over HTTP: %v", err)
	}

	_, err = Open(context.Background(), testEnv("model"), Config{URL: srv.URL + "/nothing-here", Timeout: time.Second}, nil)
	_ = err // the test server answers every path; a closed port is the real failure:
	srv.Close()
	_, err = Open(context.Background(), testEnv("model"), Config{URL: srv.URL, Timeout: time.Second}, nil)
	if err == nil || !strings.HasPrefix(err.Error(), "hello (request 1): request not delivered: POST "+srv.URL) {
		t.Fatalf("closed service: %v", err)
	}
}

func TestParams(t *testing.T) {
	cases := map[string]map[string]any{
		"set command (a program":                           {},
		"set command or url, not both":                     {"command": []any{"x"}, "url": "http://127.0.0.1:1"},
		`url: "ftp://x" is not an http:// or https:// URL`: {"url": "ftp://x"},
		"parameter command: want a list of strings":        {"command": "python3 x.py"},
		"timeout: 0s; want a positive duration":            {"command": []any{"x"}, "timeout": "0s"},
	}
	for want, raw := range cases {
		_, _, err := strategies.Resolve("external", raw)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%v: got %v, want %q", raw, err, want)
		}
	}
	_, p, err := strategies.Resolve("external", map[string]any{"command": []any{"python3", "m.py"}, "options": map[string]any{"k1": 1.5}})
	if err != nil || strings.Join(p.Strings("command"), " ") != "python3 m.py" || p.Mapping("options")["k1"] != 1.5 || p.Duration("timeout") != 30*time.Second {
		t.Fatalf("resolved %v, %v", p.Map(), err)
	}
}
