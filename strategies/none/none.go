// Package none is the no-memory baseline: it stores nothing and returns
// nothing. It is the lower bound every table is read against.
package none

import (
	"context"

	"github.com/memarena/memarena/strategies"
)

func init() {
	strategies.Register(strategies.Spec{
		Name:     "none",
		Summary:  "no memory: stores nothing, returns nothing (lower bound)",
		Source:   "baseline",
		Baseline: true,
		New: func(strategies.Env, strategies.Params) (strategies.Strategy, error) {
			return None{}, nil
		},
	})
}

// None implements strategies.Strategy with no memory at all.
type None struct{}

// Ingest discards the turn.
func (None) Ingest(context.Context, strategies.Turn) error { return nil }

// EndSession does nothing.
func (None) EndSession(context.Context, strategies.SessionInfo) error { return nil }

// Retrieve returns an empty recall.
func (None) Retrieve(context.Context, strategies.Query) (strategies.Recall, error) {
	return strategies.Recall{}, nil
}

// Footprint is zero.
func (None) Footprint() strategies.Footprint { return strategies.Footprint{} }

// Close does nothing.
func (None) Close() error { return nil }

// GoldReceived is empty: no memory reads no gold (strategies.GoldReporter).
func (None) GoldReceived() strategies.GoldCount { return nil }
