// Package recency is the recency baseline: the last N turns, newest first in
// rank, rendered chronologically, cut to the budget.
package recency

import (
	"context"
	"strings"

	"github.com/memarena/memarena/strategies"
)

func init() {
	strategies.Register(strategies.Spec{
		Name:     "recency",
		Summary:  "the last N turns (sliding window)",
		Source:   "baseline",
		Baseline: true,
		Params: []strategies.ParamSpec{
			{Name: "turns", Type: strategies.TypeInt, Default: 20, Min: 1, Max: 100000, Doc: "window size N in turns"},
		},
		New: func(env strategies.Env, p strategies.Params) (strategies.Strategy, error) {
			return &Recency{env: env, n: p.Int("turns")}, nil
		},
	})
}

// Recency keeps the raw transcript and returns its tail.
type Recency struct {
	env strategies.Env
	n   int
	log strategies.TurnLog
}

// Ingest appends the turn.
func (r *Recency) Ingest(_ context.Context, t strategies.Turn) error { r.log.Add(t); return nil }

// EndSession does nothing.
func (r *Recency) EndSession(context.Context, strategies.SessionInfo) error { return nil }

// Retrieve returns up to the last N turns that fit the budget.
func (r *Recency) Retrieve(_ context.Context, q strategies.Query) (strategies.Recall, error) {
	ts := r.log.Turns
	var items []strategies.Item
	for i := len(ts) - 1; i >= 0 && len(items) < r.n; i-- {
		items = append(items, strategies.TurnItem(ts[i], 1/float64(len(ts)-i)))
	}
	rec := strategies.Pack(r.env.Tokenizer, items, q.Budget, "", nil)
	lines := make([]string, len(rec.Items))
	for i, it := range rec.Items {
		lines[len(rec.Items)-1-i] = strategies.Line(it)
	}
	rec.Context = strings.Join(lines, "\n")
	return rec, nil
}

// Footprint counts all stored turns (the window is applied at read time).
func (r *Recency) Footprint() strategies.Footprint {
	return strategies.Footprint{Items: len(r.log.Turns), Bytes: r.log.Bytes()}
}

// Close does nothing.
func (r *Recency) Close() error { return nil }

// GoldReceived is empty: the last turns are kept as said, no gold
// annotation is read (strategies.GoldReporter).
func (r *Recency) GoldReceived() strategies.GoldCount { return nil }
