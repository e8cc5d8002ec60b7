// Package adaptertest is a memory speaking memarena's external protocol,
// written in Go for tests and benchmarks. Mode "ok" is a small conformant
// memory (lexical overlap ranking, packed to the budget with the harness's
// own tokenizer); "noop" answers every message with an empty result (to
// measure transport overhead); the other modes break one rule each, so
// tests can hold the harness and the conformance suite to precise failure
// messages.
//
// A test binary becomes an adapter process when started with
// "--memarena-adapter=<mode>": call MaybeServe first thing in TestMain and
// use Command(mode) as the external strategy's command.
package adaptertest

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/memarena/memarena/internal/tokenizer"
)

// Modes.
const (
	OK               = "ok"                  // conformant
	Noop             = "noop"                // empty results, no work (overhead benchmarks)
	Usage            = "usage"               // ok, declares "usage" and reports 7+3 tokens per ingest, 5+1 per retrieve
	UnknownIDs       = "unknown-ids"         // every item also cites turn "t-404", never sent
	Overrun          = "overrun"             // ignores the budget: every turn, every time
	Hang             = "hang"                // never answers the first retrieve
	Exit             = "exit"                // exits with status 3 on the third ingest
	NonJSON          = "non-json"            // answers the first ingest with a line of plain text
	Version          = "version"             // hello says protocol "2"
	Nondeterministic = "nondeterministic"    // random ranking, seeded from the clock
	GoldReliant      = "gold-reliant"        // returns only what query.gold names (never sent)
	CrashOnBad       = "crash-on-bad"        // exits on an unknown method
	TextNotInContext = "text-not-in-context" // item texts differ from the context lines
)

const flag = "--memarena-adapter="

// Command is the argv that runs the current (test) binary as an adapter.
func Command(mode string) []string { return []string{os.Args[0], flag + mode} }

// MaybeServe serves stdin/stdout and exits when the process was started
// by Command; otherwise it returns at once.
func MaybeServe() {
	if len(os.Args) < 2 || !strings.HasPrefix(os.Args[1], flag) {
		return
	}
	if err := Serve(strings.TrimPrefix(os.Args[1], flag), os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "adaptertest:", err)
		os.Exit(1)
	}
	os.Exit(0)
}

type request struct {
	ID     *int64          `json:"id"`
	Method string          `json:"method"`
	Params json.RawMessage `json:"params"`
}

type turn struct {
	ID      string `json:"id"`
	Speaker string `json:"speaker"`
	Role    string `json:"role"`
	Text    string `json:"text"`
	Time    string `json:"time"`
}

type item struct {
	Text    string   `json:"text"`
	Score   float64  `json:"score"`
	Kind    string   `json:"kind"`
	TurnIDs []string `json:"turn_ids"`
}

// memory is one instance.
type memory struct {
	mode    string
	tok     *tokenizer.Tokenizer
	turns   []turn
	ingests int
	rng     *rand.Rand
}

func newMemory(mode string) *memory {
	m := &memory{mode: mode}
	if mode == Nondeterministic {
		m.rng = rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), uint64(os.Getpid())))
	}
	return m
}

// errReply is a JSON-RPC error to send back.
type errReply struct {
	code int
	msg  string
}

// action tells Serve what to do beyond replying.
type action int

const (
	reply action = iota
	hang
	exit3
	exit1
	plainText
	closeAfter
)

func (m *memory) handle(req request) (any, *errReply, action) {
	switch req.Method {
	case "hello":
		h := map[string]any{"protocol": "1", "name": "adaptertest-" + m.mode}
		if m.mode == Version {
			h["protocol"] = "2"
		}
		if m.mode == Usage {
			h["capabilities"] = []string{"usage"}
		}
		return h, nil, reply
	case "init":
		var p struct {
			Tokenizer string `json:"tokenizer"`
		}
		if err := json.Unmarshal(req.Params, &p); err != nil {
			return nil, &errReply{-32602, err.Error()}, reply
		}
		if m.mode == Hang || m.mode == Noop {
			return map[string]any{}, nil, reply // never packs a context
		}
		tok, err := tokenizer.New(p.Tokenizer)
		if err != nil {
			return nil, &errReply{-32602, err.Error()}, reply
		}
		m.tok = tok
		return map[string]any{}, nil, reply
	case "ingest":
		var p struct {
			Turn *turn `json:"turn"`
		}
		if err := json.Unmarshal(req.Params, &p); err != nil || p.Turn == nil || p.Turn.ID == "" {
			return nil, &errReply{-32602, "ingest needs params.turn with an id"}, reply
		}
		m.ingests++
		switch {
		case m.mode == Exit && m.ingests == 3:
			return nil, nil, exit3
		case m.mode == NonJSON && m.ingests == 1:
			return nil, nil, plainText
		}
		if m.mode != Noop {
			m.turns = append(m.turns, *p.Turn)
		}
		if m.mode == Usage {
			return map[string]any{"usage": map[string]int{"prompt_tokens": 7, "completion_tokens": 3, "requests": 1}}, nil, reply
		}
		return map[string]any{}, nil, reply
	case "end_session":
		return map[string]any{}, nil, reply
	case "retrieve":
		var p struct {
			Query *struct {
				Question string          `json:"question"`
				Budget   int             `json:"budget"`
				Gold     json.RawMessage `json:"gold"`
			} `json:"query"`
		}
		if err := json.Unmarshal(req.Params, &p); err != nil || p.Query == nil || p.Query.Budget < 1 {
			return nil, &errReply{-32602, "retrieve needs params.query with a budget"}, reply
		}
		if m.mode == Hang {
			return nil, nil, hang
		}
		if m.mode == Noop || (m.mode == GoldReliant && p.Query.Gold == nil) {
			return map[string]any{"items": []item{}, "context": ""}, nil, reply
		}
		items, ctx := m.retrieve(p.Query.Question, p.Query.Budget)
		r := map[string]any{"items": items, "context": ctx}
		if m.mode == Usage {
			r["usage"] = map[string]int{"prompt_tokens": 5, "completion_tokens": 1}
		}
		return r, nil, reply
	case "footprint":
		n := 0
		for _, t := range m.turns {
			n += len(t.Text)
		}
		return map[string]any{"items": len(m.turns), "edges": 0, "bytes": n}, nil, reply
	case "close":
		return map[string]any{}, nil, closeAfter
	}
	if m.mode == CrashOnBad {
		return nil, nil, exit1
	}
	return nil, &errReply{-32601, "method not found: " + req.Method}, reply
}

func words(s string) map[string]bool {
	out := map[string]bool{}
	for _, w := range strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9')
	}) {
		if len(w) > 2 {
			out[w] = true
		}
	}
	return out
}

// retrieve ranks turns by words shared with the question (ties: newer
// first), then packs "[id] speaker: text" lines into the budget.
func (m *memory) retrieve(question string, budget int) ([]item, string) {
	q := words(question)
	type scored struct {
		i     int
		score float64
	}
	var cands []scored
	for i, t := range m.turns {
		s := 0.0
		for w := range words(t.Text) {
			if q[w] {
				s++
			}
		}
		if m.rng != nil {
			s += m.rng.Float64()
		}
		if s > 0 || m.mode == Overrun {
			cands = append(cands, scored{i, s})
		}
	}
	sort.SliceStable(cands, func(a, b int) bool {
		if cands[a].score != cands[b].score {
			return cands[a].score > cands[b].score
		}
		return cands[a].i > cands[b].i
	})
	var items []item
	var lines []string
	used := 0
	for _, c := range cands {
		t := m.turns[c.i]
		text := t.Speaker + ": " + t.Text
		line := "[" + t.ID + "] " + text
		n := m.tok.Count(line + "\n")
		if used+n > budget && m.mode != Overrun {
			continue
		}
		used += n
		it := item{Text: text, Score: c.score, Kind: "turn", TurnIDs: []string{t.ID}}
		switch m.mode {
		case UnknownIDs:
			it.TurnIDs = append(it.TurnIDs, "t-404")
		case TextNotInContext:
			it.Text = strings.ToUpper(text)
		}
		items = append(items, it)
		lines = append(lines, line)
	}
	if items == nil {
		items = []item{}
	}
	return items, strings.Join(lines, "\n")
}

func encode(id *int64, result any, e *errReply) []byte {
	out := map[string]any{"jsonrpc": "2.0", "id": id}
	if e != nil {
		out["error"] = map[string]any{"code": e.code, "message": e.msg}
	} else {
		out["result"] = result
	}
	b, _ := json.Marshal(out)
	return b
}

// Serve speaks the protocol on r and w in mode until close or EOF.
func Serve(mode string, r io.Reader, w io.Writer) error {
	m := newMemory(mode)
	in := bufio.NewScanner(r)
	in.Buffer(make([]byte, 64<<10), 64<<20)
	out := bufio.NewWriter(w)
	for in.Scan() {
		var req request
		if err := json.Unmarshal(in.Bytes(), &req); err != nil {
			out.Write(encode(nil, nil, &errReply{-32700, "parse error: " + err.Error()}))
		} else if req.ID == nil || req.Method == "" {
			out.Write(encode(req.ID, nil, &errReply{-32600, "invalid request"}))
		} else {
			res, e, act := m.handle(req)
			switch act {
			case hang:
				time.Sleep(time.Hour)
			case exit3:
				fmt.Fprintln(os.Stderr, "adaptertest: simulated crash on the third ingest")
				os.Exit(3)
			case exit1:
				fmt.Fprintln(os.Stderr, "adaptertest: unknown method "+req.Method)
				os.Exit(1)
			case plainText:
				out.WriteString("ingested the turn")
			default:
				out.Write(encode(req.ID, res, e))
			}
			if act == closeAfter {
				out.WriteByte('\n')
				return out.Flush()
			}
		}
		out.WriteByte('\n')
		if err := out.Flush(); err != nil {
			return err
		}
	}
	return in.Err()
}

// Handler serves the protocol over HTTP in mode, one memory per instance
// id; close forgets the instance.
func Handler(mode string) http.Handler {
	var mu sync.Mutex
	mems := map[string]*memory{}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		var req request
		if err := json.Unmarshal(body, &req); err != nil {
			w.Write(encode(nil, nil, &errReply{-32700, "parse error: " + err.Error()}))
			return
		}
		var p struct {
			Instance string `json:"instance"`
		}
		_ = json.Unmarshal(req.Params, &p)
		mu.Lock()
		m := mems[p.Instance]
		if m == nil {
			m = newMemory(mode)
			mems[p.Instance] = m
		}
		mu.Unlock()
		res, e, act := m.handle(req)
		switch act {
		case hang:
			<-r.Context().Done()
			return
		case exit1, exit3:
			http.Error(w, "simulated crash", http.StatusInternalServerError)
			return
		case plainText:
			w.Write([]byte("ingested"))
			return
		case closeAfter:
			mu.Lock()
			delete(mems, p.Instance)
			mu.Unlock()
		}
		w.Header().Set("Content-Type", "application/json")
		w.Write(encode(req.ID, res, e))
	})
}
