// Package external is the `external` strategy: a memory system written in
// any language (mem0, Zep, Letta, one's own) benchmarked through
// memarena's language-neutral protocol (docs/protocol.md; JSON Schemas in
// docs/protocol/v1). The protocol is JSON-RPC 2.0: newline-delimited over
// a child process's stdin/stdout (params.command; stderr goes to the
// cell's log) or one HTTP POST per message (params.url). Each cell gets
// its own memory: a fresh process, or a fresh instance id on a service.
//
// The external memory is held to the built-in strategies' rules: the
// runner cuts an over-budget context and records the overrun, counts
// provenance naming turns the memory was never sent, and shows gold only
// in oracle extraction mode (turn annotations and session summaries) —
// probe gold never. A timeout, a dead process, a line that is not JSON, a
// reply that breaks the schema or a protocol version mismatch fails the
// cell with a message naming the message and quoting the line received.
// Model usage is what the memory reports (hello capability "usage");
// without it reports say "not reported".
package external

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/memarena/memarena/internal/model"
	"github.com/memarena/memarena/strategies"
)

func init() {
	strategies.Register(strategies.Spec{
		Name:        "external",
		Summary:     "any memory system, in any language, through the external protocol (JSON-RPC over stdio or HTTP; docs/protocol.md)",
		Source:      "memarena external memory protocol v1",
		NeedsParams: true,
		Params: []strategies.ParamSpec{
			{Name: "command", Type: strategies.TypeStrings, Default: nil, Doc: "program and arguments of a memory speaking the protocol on stdin/stdout, one process per cell, e.g. [python3, examples/external/bm25_memory.py]"},
			{Name: "url", Type: strategies.TypeString, Default: "", Doc: "HTTP endpoint of a memory service taking each message as a POST, one instance id per cell (instead of command)"},
			{Name: "timeout", Type: strategies.TypeDuration, Default: "30s", Doc: "longest wait for one reply; a slower reply fails the cell"},
			{Name: "options", Type: strategies.TypeMap, Default: nil, Doc: "passed to the memory as init.params"},
		},
		Check: func(p strategies.Params) error { return configOf(p, nil).Check() },
		New: func(env strategies.Env, p strategies.Params) (strategies.Strategy, error) {
			return Open(context.Background(), env, configOf(p, env.Log), p.Mapping("options"))
		},
	})
}

func configOf(p strategies.Params, log io.Writer) Config {
	return Config{Command: p.Strings("command"), URL: p.String("url"), Timeout: p.Duration("timeout"), Log: log}
}

// External is a strategy backed by an external memory.
type External struct {
	c      *Client
	env    strategies.Env
	oracle bool
	hello  HelloResult
	usage  model.Usage
	err    error
}

// Open starts the memory, performs the handshake and sends init with the
// cell's seed, extraction mode, budget, k, tokenizer and options.
func Open(ctx context.Context, env strategies.Env, cfg Config, options map[string]any) (*External, error) {
	c, err := Dial(cfg)
	if err != nil {
		return nil, err
	}
	e := &External{c: c, env: env, oracle: env.Extraction == strategies.ExtractOracle}
	if e.hello, err = c.Hello(ctx); err != nil {
		c.Shutdown()
		return nil, err
	}
	tok := ""
	if env.Tokenizer != nil {
		tok = env.Tokenizer.Name()
	}
	extraction := env.Extraction
	if extraction == "" {
		extraction = strategies.ExtractModel
	}
	if err := c.Init(ctx, InitParams{Seed: env.Seed, Extraction: extraction, Budget: env.Budget, K: env.K, Tokenizer: tok, Params: options}); err != nil {
		c.Shutdown()
		return nil, err
	}
	return e, nil
}

func (e *External) add(u *Usage) {
	if u != nil {
		e.usage = e.usage.Add(model.Usage{PromptTokens: u.PromptTokens, CompletionTokens: u.CompletionTokens, Requests: u.Requests})
	}
}

// Ingest sends the turn (with its gold annotation only in oracle mode).
func (e *External) Ingest(ctx context.Context, t strategies.Turn) error {
	u, err := e.c.Ingest(ctx, TurnOf(t, e.oracle))
	e.add(u)
	return err
}

// EndSession sends the end of the session (with the gold summary only in
// oracle mode).
func (e *External) EndSession(ctx context.Context, s strategies.SessionInfo) error {
	u, err := e.c.EndSession(ctx, SessionOf(s, e.oracle))
	e.add(u)
	return err
}

// Retrieve sends the query (never its gold) and converts the reply. An
// item whose text is not in the context breaks the contract ("items are
// exactly those placed in the context") and fails the message.
func (e *External) Retrieve(ctx context.Context, q strategies.Query) (strategies.Recall, error) {
	res, line, err := e.c.Retrieve(ctx, QueryOf(q))
	if err != nil {
		return strategies.Recall{}, err
	}
	e.add(res.Usage)
	rec, err := RecallOf(res)
	if err != nil {
		return strategies.Recall{}, &Error{Method: "retrieve", Subject: "query " + q.ID, ID: e.c.nextID, Line: line, Err: err}
	}
	return rec, nil
}

// RecallOf converts a retrieve result, checking that every item's text is
// in the context.
func RecallOf(res RetrieveResult) (strategies.Recall, error) {
	rec := strategies.Recall{Context: res.Context, Items: make([]strategies.Item, 0, len(res.Items))}
	for i, it := range res.Items {
		if !strings.Contains(res.Context, it.Text) {
			return strategies.Recall{}, fmt.Errorf("%w: result.items[%d].text is not in result.context (items must be exactly those placed in the context)", ErrInvalid, i)
		}
		out := strategies.Item{ID: it.ID, Text: it.Text, Score: it.Score, Kind: it.Kind, TurnIDs: it.TurnIDs}
		switch it.Status {
		case "", "current":
			out.Status = strategies.StatusCurrent
		default:
			out.Status = it.Status
		}
		if it.Time != "" {
			t, err := time.Parse(time.RFC3339Nano, it.Time)
			if err != nil {
				return strategies.Recall{}, fmt.Errorf("%w: result.items[%d].time: %v", ErrInvalid, i, err)
			}
			out.Time = t
		}
		rec.Items = append(rec.Items, out)
	}
	return rec, nil
}

// Footprint asks the memory for its size; a failure is kept for Err.
func (e *External) Footprint() strategies.Footprint {
	r, err := e.c.Footprint(context.Background())
	if err != nil {
		if e.err == nil {
			e.err = err
		}
		return strategies.Footprint{}
	}
	return strategies.Footprint{Items: r.Items, Edges: r.Edges, Bytes: r.Bytes}
}

// Close sends close and ends the process (or the service's instance). A
// failure is also written to the cell's log: the runner has no use for it
// once the cell's results are in.
func (e *External) Close() error {
	err := e.c.Close(context.Background())
	if err != nil && e.env.Log != nil {
		fmt.Fprintf(e.env.Log, "memarena: %v\n", err)
	}
	return err
}

// ReportedUsage implements strategies.Remote.
func (e *External) ReportedUsage() (model.Usage, bool) { return e.usage, e.hello.Has(CapUsage) }

// Err implements strategies.Remote.
func (e *External) Err() error { return e.err }
