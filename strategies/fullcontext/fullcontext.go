// Package fullcontext is the full-context baseline: every turn seen so far,
// cut to the token budget newest first (so a small budget loses the earliest
// sessions) and rendered in chronological order.
package fullcontext

import (
	"context"

	"github.com/memarena/memarena/strategies"
)

func init() {
	strategies.Register(strategies.Spec{
		Name:     "full-context",
		Summary:  "every turn so far, cut to the budget newest first",
		Source:   "baseline",
		Baseline: true,
		New: func(env strategies.Env, _ strategies.Params) (strategies.Strategy, error) {
			return &FullContext{env: env}, nil
		},
	})
}

// FullContext keeps the raw transcript.
type FullContext struct {
	env strategies.Env
	log strategies.TurnLog
}

// Ingest appends the turn.
func (f *FullContext) Ingest(_ context.Context, t strategies.Turn) error { f.log.Add(t); return nil }

// EndSession does nothing.
func (f *FullContext) EndSession(context.Context, strategies.SessionInfo) error { return nil }

// Retrieve packs turns newest first until the budget is full, then renders
// the kept ones oldest first. Items are ranked newest first (score 1/rank).
func (f *FullContext) Retrieve(_ context.Context, q strategies.Query) (strategies.Recall, error) {
	n := len(f.log.Turns)
	items := make([]strategies.Item, 0, n)
	for i := n - 1; i >= 0; i-- {
		items = append(items, strategies.TurnItem(f.log.Turns[i], 1/float64(n-i)))
	}
	r := strategies.Pack(f.env.Tokenizer, items, q.Budget, "", nil)
	// Chronological rendering reads better; the ranking stays newest first.
	lines := make([]strategies.Item, len(r.Items))
	for i, it := range r.Items {
		lines[len(r.Items)-1-i] = it
	}
	ctxText := ""
	for i, it := range lines {
		if i > 0 {
			ctxText += "\n"
		}
		ctxText += strategies.Line(it)
	}
	r.Context = ctxText
	return r, nil
}

// Footprint counts turns and their bytes.
func (f *FullContext) Footprint() strategies.Footprint {
	return strategies.Footprint{Items: len(f.log.Turns), Bytes: f.log.Bytes()}
}

// Close does nothing.
func (f *FullContext) Close() error { return nil }

// GoldReceived is empty: the transcript is kept as said, no gold
// annotation is read (strategies.GoldReporter).
func (f *FullContext) GoldReceived() strategies.GoldCount { return nil }
