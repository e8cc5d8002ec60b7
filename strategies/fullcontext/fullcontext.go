// Package fullcontext is the full-context baseline: every turn seen so far,
// cut to the token budget newest first (so a small budget loses the earliest
// sessions) and rendered in chronological order.
package fullcontext

import (
	"context"
	"strings"

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

// FullContext keeps the raw transcript and, per turn, the token cost of its
// context line, so that a retrieval touches the turns it places and not the
// whole history.
type FullContext struct {
	env strategies.Env
	log strategies.TurnLog
	// cost[i] is the tokens of turn i's rendered line plus its newline, as
	// strategies.Pack counts them; minCost is the smallest cost so far.
	cost    []int
	minCost int
}

// Ingest appends the turn and counts its line's tokens.
func (f *FullContext) Ingest(_ context.Context, t strategies.Turn) error {
	f.log.Add(t)
	n := f.env.Tokenizer.Count(strategies.Line(strategies.TurnItem(t, 0)) + "\n")
	if len(f.cost) == 0 || n < f.minCost {
		f.minCost = n
	}
	f.cost = append(f.cost, n)
	return nil
}

// EndSession does nothing.
func (f *FullContext) EndSession(context.Context, strategies.SessionInfo) error { return nil }

// Retrieve packs turns newest first while they fit the budget, skipping a
// turn that does not fit and trying older, shorter ones (strategies.Pack's
// rule), then renders the kept ones oldest first. Items are ranked newest
// first (score 1/rank). The walk stops once the room left is below the
// cheapest turn's cost, so its time follows the turns placed, not the
// history's length.
func (f *FullContext) Retrieve(_ context.Context, q strategies.Query) (strategies.Recall, error) {
	n := len(f.log.Turns)
	var kept []int // turn indexes, newest first
	used := 0
	for i := n - 1; i >= 0 && q.Budget-used >= f.minCost; i-- {
		if used+f.cost[i] > q.Budget {
			continue
		}
		used += f.cost[i]
		kept = append(kept, i)
	}
	if len(kept) == 0 {
		return strategies.Recall{}, nil
	}
	r := strategies.Recall{Items: make([]strategies.Item, len(kept))}
	lines := make([]string, len(kept))
	for j, i := range kept {
		it := strategies.TurnItem(f.log.Turns[i], 1/float64(n-i))
		r.Items[j] = it
		// Chronological rendering reads better; the ranking stays newest first.
		lines[len(kept)-1-j] = strategies.Line(it)
	}
	r.Context = strings.Join(lines, "\n")
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
