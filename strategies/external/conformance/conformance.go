// Package conformance checks that a memory speaks memarena's external
// protocol (docs/protocol.md) and keeps its contract. It replays a small
// fixed scenario (scenario.yaml) against the memory three times — two
// replays with one seed, and one session of deliberately bad messages — and
// reports a pass or a precise failure for each check:
//
//   - handshake: hello names protocol "1" and the memory; init is accepted.
//   - replay: every message of the scenario gets a reply in time that is
//     valid under the v1 JSON Schemas, and the process exits after close.
//   - ids-provenance: every returned item names at least one turn, only
//     turns already sent to this instance, and its text is in the context.
//   - budget: every context fits its budget in the harness's tokenizer,
//     including two tight budgets.
//   - determinism: a second replay with the same seed returns the same
//     items, contexts and footprint.
//   - bad-messages: an unknown method, invalid params and a line that is
//     not JSON get JSON-RPC errors (-32601, -32602, -32700) and the memory
//     keeps answering.
//   - no-probe-gold: queries carry no gold, and the memory still returns
//     the evidence turn of every probe (the budget holds the whole
//     conversation), so it relies on what it was told, not on gold.
//
// `memarena conformance -- COMMAND…` (or --url) runs it.
package conformance

import (
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/memarena/memarena/docs/protocol"
	"github.com/memarena/memarena/internal/tokenizer"
	"github.com/memarena/memarena/scenarios"
	"github.com/memarena/memarena/strategies"
	"github.com/memarena/memarena/strategies/external"
)

//go:embed scenario.yaml
var scenarioYAML []byte

// Check names, in report order.
const (
	Handshake     = "handshake"
	Replay        = "replay"
	IDsProvenance = "ids-provenance"
	Budget        = "budget"
	Determinism   = "determinism"
	BadMessages   = "bad-messages"
	NoProbeGold   = "no-probe-gold"
)

// Checks lists every check in report order.
var Checks = []string{Handshake, Replay, IDsProvenance, Budget, Determinism, BadMessages, NoProbeGold}

// Settings of the fixed replay.
const (
	// Seed is the seed both replays send.
	Seed = 1
	// FullBudget holds the whole conversation; K is the recall cut-off.
	FullBudget, K = 1024, 10
)

// TightBudgets are the extra budgets every probe is also asked with.
var TightBudgets = []int{24, 64}

// Options say how to reach the memory.
type Options struct {
	// Command or URL, as for the external strategy.
	Command []string
	URL     string
	// Timeout bounds each reply.
	Timeout time.Duration
	// Log receives the memory's stderr (nil discards).
	Log io.Writer
}

// Result is one check's outcome.
type Result struct {
	Name string
	// Status is "PASS", "FAIL" or "SKIP" (not checkable because an
	// earlier step failed; the run fails).
	Status string
	// Detail says what was checked, or what failed and where.
	Detail string
}

// Report is the outcome of a conformance run.
type Report struct {
	Endpoint  string
	Transport string
	Results   []Result
	Elapsed   time.Duration
}

// Passed is true when every check passed.
func (r *Report) Passed() bool {
	for _, c := range r.Results {
		if c.Status != "PASS" {
			return false
		}
	}
	return true
}

// Result returns the outcome of the named check.
func (r *Report) Result(name string) Result {
	for _, c := range r.Results {
		if c.Name == name {
			return c
		}
	}
	return Result{Name: name, Status: "SKIP", Detail: "not run"}
}

// Print writes one line per check, like a test runner, and a summary line.
func (r *Report) Print(w io.Writer) {
	fmt.Fprintf(w, "memarena conformance: %s (%s, protocol %s)\n", r.Endpoint, r.Transport, protocol.Version)
	failed := 0
	for _, c := range r.Results {
		if c.Status != "PASS" {
			failed++
		}
		fmt.Fprintf(w, "--- %s: %s\n", c.Status, c.Name)
		for _, l := range strings.Split(c.Detail, "\n") {
			fmt.Fprintf(w, "    %s\n", l)
		}
	}
	if failed == 0 {
		fmt.Fprintf(w, "PASS: %d of %d checks (%.2fs)\n", len(r.Results), len(r.Results), r.Elapsed.Seconds())
	} else {
		fmt.Fprintf(w, "FAIL: %d of %d checks did not pass (%.2fs)\n", failed, len(r.Results), r.Elapsed.Seconds())
	}
}

// Scenario returns the fixed scenario.
func Scenario() (*scenarios.Scenario, error) {
	sc, probs := scenarios.Parse("conformance/scenario.yaml", scenarioYAML)
	if len(probs) > 0 {
		return nil, probs
	}
	return sc, nil
}

// retrieval is one recorded retrieve.
type retrieval struct {
	query  external.Query
	probe  *scenarios.Probe
	seen   map[string]bool // turn ids sent before the query
	result external.RetrieveResult
}

// replay is one run of the scenario.
type replay struct {
	hello      external.HelloResult
	helloErr   error // hello or init failed
	err        error // a later message failed
	retrievals []retrieval
	footprint  external.FootprintResult
}

// Run replays the scenario against the memory and returns the report.
// The error is for unusable options only; a misbehaving memory yields
// failed checks.
func Run(ctx context.Context, opts Options) (*Report, error) {
	start := time.Now()
	cfg := external.Config{Command: opts.Command, URL: opts.URL, Timeout: opts.Timeout, Log: opts.Log}
	if err := cfg.Check(); err != nil {
		return nil, err
	}
	sc, err := Scenario()
	if err != nil {
		return nil, err
	}
	tok, err := tokenizer.New("")
	if err != nil {
		return nil, err
	}
	rep := &Report{Endpoint: strings.Join(opts.Command, " "), Transport: "stdio"}
	if opts.URL != "" {
		rep.Endpoint, rep.Transport = opts.URL, "http"
	}
	add := func(name, status, detail string) {
		rep.Results = append(rep.Results, Result{name, status, detail})
	}
	first := runReplay(ctx, cfg, sc, tok)
	if first.helloErr != nil {
		add(Handshake, "FAIL", first.helloErr.Error())
		for _, n := range Checks[1:] {
			add(n, "SKIP", "the handshake failed")
		}
		rep.Elapsed = time.Since(start)
		return rep, nil
	}
	caps := "none"
	if len(first.hello.Capabilities) > 0 {
		caps = strings.Join(first.hello.Capabilities, ", ")
	}
	add(Handshake, "PASS", fmt.Sprintf("protocol %s, memory %q %s, capabilities: %s; init accepted", first.hello.Protocol, first.hello.Name, first.hello.Version, caps))
	if first.err != nil {
		add(Replay, "FAIL", first.err.Error())
		for _, n := range []string{IDsProvenance, Budget, Determinism} {
			add(n, "SKIP", "the replay failed")
		}
	} else {
		add(Replay, "PASS", fmt.Sprintf("%d turns, 2 session ends, %d retrieves, footprint (%d items, %d edges, %d bytes) and close answered with valid replies",
			len(sc.TurnIndex()), len(first.retrievals), first.footprint.Items, first.footprint.Edges, first.footprint.Bytes))
		pass(add, IDsProvenance, checkProvenance(first), fmt.Sprintf("%d items over %d retrieves name only turns already sent, and sit in their contexts", countItems(first), len(first.retrievals)))
		pass(add, Budget, checkBudget(first, tok), fmt.Sprintf("%d contexts within budgets %v (%s)", len(first.retrievals), append([]int{FullBudget}, TightBudgets...), tok.Name()))
		second := runReplay(ctx, cfg, sc, tok)
		pass(add, Determinism, checkDeterminism(first, second), fmt.Sprintf("two replays with seed %d returned identical items, contexts and footprints", Seed))
	}
	pass(add, BadMessages, checkBadMessages(ctx, cfg, sc), "unknown method → -32601, invalid params → -32602, a line that is not JSON → -32700 (id null); the memory kept answering")
	if first.err != nil {
		add(NoProbeGold, "SKIP", "the replay failed")
	} else {
		pass(add, NoProbeGold, checkNoProbeGold(first), fmt.Sprintf("queries carried no gold; the evidence of all %d probes was returned", len(sc.Probes)))
	}
	rep.Elapsed = time.Since(start)
	return rep, nil
}

func pass(add func(string, string, string), name string, problems []string, ok string) {
	if len(problems) == 0 {
		add(name, "PASS", ok)
		return
	}
	const show = 5
	detail := problems
	if len(problems) > show {
		detail = append(append([]string(nil), problems[:show]...), fmt.Sprintf("… and %d more", len(problems)-show))
	}
	add(name, "FAIL", strings.Join(detail, "\n"))
}

func countItems(r *replay) int {
	n := 0
	for _, x := range r.retrievals {
		n += len(x.result.Items)
	}
	return n
}

// runReplay sends the whole scenario: hello, init, each session's turns
// and end, each probe after its session at the full and the tight budgets,
// footprint, close.
func runReplay(ctx context.Context, cfg external.Config, sc *scenarios.Scenario, tok *tokenizer.Tokenizer) *replay {
	r := &replay{}
	c, err := external.Dial(cfg)
	if err != nil {
		r.helloErr = err
		return r
	}
	if r.hello, err = c.Hello(ctx); err == nil {
		err = c.Init(ctx, external.InitParams{Seed: Seed, Extraction: strategies.ExtractModel, Budget: FullBudget, K: K, Tokenizer: tok.Name()})
	}
	if err != nil {
		r.helloErr = err
		c.Shutdown()
		return r
	}
	seen := map[string]bool{}
	var recent []strategies.Turn
	fail := func(err error) *replay {
		r.err = err
		c.Shutdown()
		return r
	}
	for si := range sc.Sessions {
		ss := &sc.Sessions[si]
		var ids []string
		for ti, t := range ss.Turns {
			turn := strategies.Turn{ID: t.ID, SessionID: ss.ID, SessionIndex: si, Index: ti, Role: t.Role, Speaker: t.Speaker, Text: t.Text, Time: t.Time.Time, SessionStart: ss.Start.Time}
			if _, err := c.Ingest(ctx, external.TurnOf(turn, false)); err != nil {
				return fail(err)
			}
			seen[t.ID] = true
			ids = append(ids, t.ID)
			recent = append(recent, turn)
			if len(recent) > 6 {
				recent = recent[1:]
			}
		}
		info := strategies.SessionInfo{ID: ss.ID, Index: si, Start: ss.Start.Time, End: ss.Turns[len(ss.Turns)-1].Time.Time, TurnIDs: ids}
		if _, err := c.EndSession(ctx, external.SessionOf(info, false)); err != nil {
			return fail(err)
		}
		for pi := range sc.Probes {
			p := &sc.Probes[pi]
			if p.AfterSession != ss.ID {
				continue
			}
			for _, budget := range append([]int{FullBudget}, TightBudgets...) {
				id := p.ID
				if budget != FullBudget {
					id = fmt.Sprintf("%s@%d", p.ID, budget)
				}
				q := external.QueryOf(strategies.Query{ID: id, Question: p.Question, AskedAt: p.AskedAt.Time, Recent: recent, Budget: budget, K: K})
				res, _, err := c.Retrieve(ctx, q)
				if err != nil {
					return fail(err)
				}
				snapshot := make(map[string]bool, len(seen))
				for k := range seen {
					snapshot[k] = true
				}
				r.retrievals = append(r.retrievals, retrieval{query: q, probe: p, seen: snapshot, result: res})
			}
		}
	}
	if r.footprint, err = c.Footprint(ctx); err != nil {
		return fail(err)
	}
	if err := c.Close(ctx); err != nil {
		r.err = err
	}
	return r
}

func checkProvenance(r *replay) []string {
	var out []string
	for _, x := range r.retrievals {
		for i, it := range x.result.Items {
			for _, id := range it.TurnIDs {
				if !x.seen[id] {
					out = append(out, fmt.Sprintf("retrieve %s: items[%d] names turn %q, which this instance had not been sent", x.query.ID, i, id))
				}
			}
			if !strings.Contains(x.result.Context, it.Text) {
				out = append(out, fmt.Sprintf("retrieve %s: items[%d].text %s is not in the context", x.query.ID, i, external.Quote([]byte(it.Text))))
			}
		}
	}
	return out
}

func checkBudget(r *replay, tok *tokenizer.Tokenizer) []string {
	var out []string
	for _, x := range r.retrievals {
		if n := tok.Count(x.result.Context); n > x.query.Budget {
			out = append(out, fmt.Sprintf("retrieve %s: the context is %d tokens (%s), over its budget of %d", x.query.ID, n, tok.Name(), x.query.Budget))
		}
	}
	return out
}

// diff describes the first difference between two results of one
// retrieve ("" when they are the same).
func diff(a, b external.RetrieveResult) string {
	if len(a.Items) != len(b.Items) {
		return fmt.Sprintf("the first replay returned %d items, the second %d", len(a.Items), len(b.Items))
	}
	brief := func(it external.Item) string {
		text := it.Text
		if len(text) > 60 {
			text = text[:60] + "…"
		}
		return fmt.Sprintf("{turns %s, score %g, kind %s, status %q, %q}", strings.Join(it.TurnIDs, ","), it.Score, it.Kind, it.Status, text)
	}
	for i := range a.Items {
		x, y := a.Items[i], b.Items[i]
		if brief(x) != brief(y) || x.Text != y.Text || x.ID != y.ID || x.Time != y.Time {
			return fmt.Sprintf("items[%d] differ: first replay %s, second %s", i, brief(x), brief(y))
		}
	}
	if a.Context != b.Context {
		i := 0
		for i < len(a.Context) && i < len(b.Context) && a.Context[i] == b.Context[i] {
			i++
		}
		cut := func(s string) string { return s[i:min(len(s), i+40)] }
		return fmt.Sprintf("the contexts differ from byte %d: %q vs %q", i, cut(a.Context), cut(b.Context))
	}
	return ""
}

func checkDeterminism(a, b *replay) []string {
	if b.helloErr != nil {
		return []string{"the second replay failed: " + b.helloErr.Error()}
	}
	if b.err != nil {
		return []string{"the second replay failed: " + b.err.Error()}
	}
	var out []string
	for i := range a.retrievals {
		if d := diff(a.retrievals[i].result, b.retrievals[i].result); d != "" {
			out = append(out, fmt.Sprintf("retrieve %s: %s", a.retrievals[i].query.ID, d))
		}
	}
	if a.footprint != b.footprint {
		out = append(out, fmt.Sprintf("footprint: first replay %+v, second %+v", a.footprint, b.footprint))
	}
	return out
}

func checkNoProbeGold(r *replay) []string {
	var out []string
	for _, x := range r.retrievals {
		if x.query.Budget != FullBudget {
			continue
		}
		got := map[string]bool{}
		for _, it := range x.result.Items {
			for _, id := range it.TurnIDs {
				got[id] = true
			}
		}
		var missing []string
		for _, id := range x.probe.Evidence {
			if !got[id] {
				missing = append(missing, id)
			}
		}
		if len(missing) > 0 {
			out = append(out, fmt.Sprintf("retrieve %s (%q): evidence turn %s not returned (%d items); the query carries no gold, so the memory must find it among the turns it was sent",
				x.query.ID, x.query.Question, strings.Join(missing, ", "), len(x.result.Items)))
		}
	}
	return out
}

// checkBadMessages opens a third instance, sends two turns, then an
// unknown method, an ingest with invalid params and a line that is not
// JSON, and finally a valid retrieve.
func checkBadMessages(ctx context.Context, cfg external.Config, sc *scenarios.Scenario) []string {
	schemas, err := protocol.V1()
	if err != nil {
		return []string{err.Error()}
	}
	c, err := external.Dial(cfg)
	if err != nil {
		return []string{err.Error()}
	}
	defer c.Shutdown()
	tok := tokenizer.MustDefault()
	if _, err := c.Hello(ctx); err != nil {
		return []string{err.Error()}
	}
	if err := c.Init(ctx, external.InitParams{Seed: Seed, Extraction: strategies.ExtractModel, Budget: FullBudget, K: K, Tokenizer: tok.Name()}); err != nil {
		return []string{err.Error()}
	}
	ss := &sc.Sessions[0]
	for ti, t := range ss.Turns[:2] {
		turn := strategies.Turn{ID: t.ID, SessionID: ss.ID, Index: ti, Role: t.Role, Speaker: t.Speaker, Text: t.Text, Time: t.Time.Time, SessionStart: ss.Start.Time}
		if _, err := c.Ingest(ctx, external.TurnOf(turn, false)); err != nil {
			return []string{err.Error()}
		}
	}
	var out []string
	expect := func(what string, line []byte, code int, withID bool) bool {
		var id int64
		if withID {
			id = c.UseID()
			line = []byte(strings.Replace(string(line), `"id":0`, fmt.Sprintf(`"id":%d`, id), 1))
		}
		reply, err := c.Raw(ctx, line)
		if err != nil {
			out = append(out, fmt.Sprintf("%s: %v", what, describe(err, reply, c)))
			return false
		}
		var env struct {
			ID    *int64 `json:"id"`
			Error *struct {
				Code int `json:"code"`
			} `json:"error"`
		}
		switch {
		case json.Unmarshal(reply, &env) != nil:
			out = append(out, fmt.Sprintf("%s: reply is not JSON; line received: %s", what, external.Quote(reply)))
		case env.Error == nil:
			out = append(out, fmt.Sprintf("%s: want a JSON-RPC error with code %d, got no error object; line received: %s", what, code, external.Quote(reply)))
		case schemas.Validate("error.response", reply) != nil:
			out = append(out, fmt.Sprintf("%s: the error reply breaks error.response.schema.json: %v; line received: %s", what, schemas.Validate("error.response", reply), external.Quote(reply)))
		case env.Error.Code != code:
			out = append(out, fmt.Sprintf("%s: want error code %d, got %d; line received: %s", what, code, env.Error.Code, external.Quote(reply)))
		case withID && (env.ID == nil || *env.ID != id):
			out = append(out, fmt.Sprintf("%s: the error reply must carry the request's id %d; line received: %s", what, id, external.Quote(reply)))
		case !withID && env.ID != nil:
			out = append(out, fmt.Sprintf("%s: the error reply to an unreadable request must carry id null; line received: %s", what, external.Quote(reply)))
		}
		return true
	}
	inst := c.Instance()
	ok := expect("unknown method", []byte(`{"jsonrpc":"2.0","id":0,"method":"memarena.no_such_method","params":{"instance":"`+inst+`"}}`), external.CodeMethodNotFound, true) &&
		expect("invalid params (ingest whose turn is a number)", []byte(`{"jsonrpc":"2.0","id":0,"method":"ingest","params":{"instance":"`+inst+`","turn":42}}`), external.CodeInvalidParams, true) &&
		expect("a line that is not JSON", []byte(`this line is not JSON`), external.CodeParseError, false)
	if !ok {
		return out
	}
	p := &sc.Probes[0]
	q := external.QueryOf(strategies.Query{ID: "after-bad-messages", Question: p.Question, AskedAt: p.AskedAt.Time, Budget: FullBudget, K: K})
	if _, _, err := c.Retrieve(ctx, q); err != nil {
		out = append(out, "a valid retrieve after the bad messages: "+err.Error())
	}
	if err := c.Close(ctx); err != nil && len(out) == 0 {
		out = append(out, err.Error())
	}
	return out
}

func describe(err error, reply []byte, c *external.Client) string {
	s := err.Error()
	if errors.Is(err, external.ErrTimeout) {
		s = "no reply within the timeout"
	}
	if len(reply) > 0 {
		s += "; line received: " + external.Quote(reply)
	}
	if tail := c.Stderr(); tail != "" {
		s += "; stderr ends: " + external.Quote([]byte(tail))
	}
	return s
}
