// Package oracle is the upper-bound baseline: it returns exactly the probe's
// gold evidence turns. It is the only strategy the runner shows gold to
// (Spec.SeesGold), and it checks the pipeline: its evidence recall@k must be
// 1.0 on every probe with evidence.
package oracle

import (
	"context"

	"github.com/memarena/memarena/internal/textutil"
	"github.com/memarena/memarena/strategies"
)

func init() {
	strategies.Register(strategies.Spec{
		Name:     "oracle",
		Summary:  "returns the probe's gold evidence turns (upper bound; sees gold)",
		Source:   "baseline",
		Baseline: true,
		SeesGold: true,
		New: func(env strategies.Env, _ strategies.Params) (strategies.Strategy, error) {
			return &Oracle{env: env}, nil
		},
	})
}

// Oracle keeps the transcript to look evidence up by id.
type Oracle struct {
	env  strategies.Env
	log  strategies.TurnLog
	gold int // queries that carried gold
}

// Ingest appends the turn.
func (o *Oracle) Ingest(_ context.Context, t strategies.Turn) error { o.log.Add(t); return nil }

// EndSession does nothing.
func (o *Oracle) EndSession(context.Context, strategies.SessionInfo) error { return nil }

// Retrieve returns the gold evidence turns in gold order, then the gold path
// turns not already listed. For a request with gold answers but no evidence
// ids (a task check), it returns, for each answer, the newest turn that
// contains it.
func (o *Oracle) Retrieve(_ context.Context, q strategies.Query) (strategies.Recall, error) {
	if q.Gold == nil {
		return strategies.Recall{}, nil
	}
	o.gold++
	var ids []string
	seen := map[string]bool{}
	add := func(id string) {
		if !seen[id] {
			seen[id] = true
			ids = append(ids, id)
		}
	}
	for _, id := range q.Gold.Evidence {
		add(id)
	}
	for _, id := range q.Gold.GoldPath {
		add(id)
	}
	if len(q.Gold.Evidence) == 0 {
		for _, a := range q.Gold.Answers {
			for i := len(o.log.Turns) - 1; i >= 0; i-- {
				if textutil.ContainsAll(o.log.Turns[i].Text, a) {
					add(o.log.Turns[i].ID)
					break
				}
			}
		}
	}
	items := make([]strategies.Item, 0, len(ids))
	for i, id := range ids {
		if t, ok := o.log.Get(id); ok {
			items = append(items, strategies.TurnItem(t, 1/float64(i+1)))
		}
	}
	return strategies.Pack(o.env.Tokenizer, items, q.Budget, "", nil), nil
}

// GoldReceived counts the queries whose gold (evidence, path, answers) the
// oracle read, as GoldEvidence; it reads no turn gold
// (strategies.GoldReporter).
func (o *Oracle) GoldReceived() strategies.GoldCount {
	if o.gold == 0 {
		return nil
	}
	return strategies.GoldCount{strategies.GoldEvidence: o.gold}
}

// Footprint counts stored turns.
func (o *Oracle) Footprint() strategies.Footprint {
	return strategies.Footprint{Items: len(o.log.Turns), Bytes: o.log.Bytes()}
}

// Close does nothing.
func (o *Oracle) Close() error { return nil }
