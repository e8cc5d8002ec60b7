package trimem

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/memarena/memarena/scenarios"
	"github.com/memarena/memarena/strategies"
)

// benchRelations cycle through the synthetic history; every fifth triplet
// is a user preference, so the user entity has 2 000 of 10 000 triplets.
var benchRelations = []string{"uses", "depends_on", "owns", "works_on", "prefers"}

// benchTurn is synthetic turn i: one distinct triplet (project<i mod 1000>,
// relation, lib<i>), or (user, prefers, lib<i>), with a matching sentence.
// Turns are one minute apart, 100 to a session.
func benchTurn(i int, oracle bool) strategies.Turn {
	rel := benchRelations[i%len(benchRelations)]
	subj := fmt.Sprintf("project%d", i%1000)
	text := fmt.Sprintf("The %s %s lib%d.", subj, map[string]string{"uses": "uses", "depends_on": "depends on", "owns": "owns", "works_on": "works on"}[rel], i)
	if rel == "prefers" {
		subj = "user"
		text = fmt.Sprintf("I prefer lib%d.", i)
	}
	if rel == "owns" || rel == "works_on" { // person relations for the offline patterns
		text = fmt.Sprintf("The %s team %s lib%d.", subj, map[string]string{"owns": "owns", "works_on": "works on"}[rel], i)
		subj += " team"
	}
	at := t0.Add(time.Duration(i) * time.Minute)
	t := strategies.Turn{ID: fmt.Sprintf("t%d", i), SessionID: fmt.Sprintf("s%d", i/100), SessionIndex: i / 100, Index: i % 100,
		Role: "user", Speaker: "Dana", Text: text, Time: at, SessionStart: t0.Add(time.Duration(i/100*100) * time.Minute)}
	if oracle {
		t.Gold = &scenarios.Gold{Triplets: []scenarios.GoldTriplet{{Subject: subj, Relation: rel, Object: fmt.Sprintf("lib%d", i)}}}
	}
	return t
}

// populate ingests n synthetic turns (ending each session of 100 turns).
func populate(b *testing.B, mode string, n int) *TriMem {
	b.Helper()
	s, err := strategies.Build(Name, nil, testEnv(mode, nil))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { s.Close() })
	m := s.(*TriMem)
	ctx := context.Background()
	for i := 0; i < n; i++ {
		t := benchTurn(i, mode == strategies.ExtractOracle)
		if err := m.Ingest(ctx, t); err != nil {
			b.Fatal(err)
		}
		if i%100 == 99 {
			if err := m.EndSession(ctx, strategies.SessionInfo{ID: t.SessionID, End: t.Time}); err != nil {
				b.Fatal(err)
			}
		}
	}
	return m
}

func benchIngest(b *testing.B, mode string) {
	const n = 10000
	m := populate(b, mode, n)
	if c, _ := m.store.Counts(context.Background()); c.Triplets < n {
		b.Fatalf("populated %d triplets, want ≥ %d", c.Triplets, n)
	}
	ctx := context.Background()
	i := n
	b.ReportAllocs()
	for b.Loop() {
		if err := m.Ingest(ctx, benchTurn(i, mode == strategies.ExtractOracle)); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

// BenchmarkIngest10k: one turn with one gold triplet into a memory of 10 000
// triplets (oracle extraction: storage, linking and conflict checks only).
func BenchmarkIngest10k(b *testing.B) { benchIngest(b, strategies.ExtractOracle) }

// BenchmarkIngestOffline10k: the same with offline extraction through the
// model client (prompt rendering and token counting included).
func BenchmarkIngestOffline10k(b *testing.B) { benchIngest(b, strategies.ExtractModel) }

// BenchmarkRetrieve10k: one question over 10 000 triplets, cycling through
// an entity question, a self/relation question (2 000 candidate user
// preferences, bounded by the per-entity limit) and a fallback question.
func BenchmarkRetrieve10k(b *testing.B) {
	m := populate(b, strategies.ExtractOracle, 10000)
	ctx := context.Background()
	qs := []string{"Which libraries does project42 use?", "What do I prefer?", "What does project7 depend on?", "Is anything about lib9999 known?"}
	at := t0.Add(10001 * time.Minute)
	i := 0
	b.ReportAllocs()
	for b.Loop() {
		r, err := m.Retrieve(ctx, strategies.Query{ID: "q", Question: qs[i%len(qs)], AskedAt: at, Budget: 1024, K: 10})
		if err != nil || len(r.Items) == 0 {
			b.Fatalf("%q: %v, %d items", qs[i%len(qs)], err, len(r.Items))
		}
		i++
	}
}
