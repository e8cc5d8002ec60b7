package runner

import (
	"time"

	"github.com/memarena/memarena/internal/results"
	"github.com/memarena/memarena/scenarios"
	"github.com/memarena/memarena/strategies"
)

// traceOf is the stored trace of a delivered recall: the context as handed
// to the reader and the items that made it into that context.
func traceOf(r strategies.Recall) *results.Trace {
	t := &results.Trace{Context: r.Context, Items: make([]results.TraceItem, len(r.Items))}
	for i, it := range r.Items {
		t.Items[i] = results.TraceItem{ID: it.ID, Text: it.Text, Score: it.Score, Kind: it.Kind,
			TurnIDs: append([]string(nil), it.TurnIDs...), Status: it.Status}
	}
	return t
}

func rfc3339(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(time.RFC3339)
}

// scenarioDocs are the scenario documents a run stores for its reports:
// sessions with their turns, and each probe's and task's gold.
func scenarioDocs(scs []*scenarios.Scenario) []results.ScenarioDoc {
	out := make([]results.ScenarioDoc, 0, len(scs))
	for _, s := range scs {
		d := results.ScenarioDoc{ID: s.ID, Title: s.Title}
		for _, ss := range s.Sessions {
			sd := results.SessionDoc{ID: ss.ID, Start: rfc3339(ss.Start.Time), Turns: make([]results.TurnDoc, len(ss.Turns))}
			for i, t := range ss.Turns {
				sd.Turns[i] = results.TurnDoc{ID: t.ID, Role: t.Role, Speaker: t.Speaker, Time: rfc3339(t.Time.Time), Text: t.Text}
			}
			d.Sessions = append(d.Sessions, sd)
			if ss.Task != nil {
				d.Probes = append(d.Probes, results.ProbeDoc{ID: "task:" + ss.Task.ID, RequiredFacts: ss.Task.RequiredFacts, StaleFacts: ss.Task.StaleFacts})
			}
		}
		for _, p := range s.Probes {
			d.Probes = append(d.Probes, results.ProbeDoc{ID: p.ID, Evidence: p.Evidence, GoldPath: p.GoldPath,
				RequiredFacts: p.RequiredFacts, StaleFacts: p.StaleFacts})
		}
		out = append(out, d)
	}
	return out
}
