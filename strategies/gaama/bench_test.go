package gaama

import (
	"context"
	"fmt"
	"sync"
	"testing"

	"github.com/memarena/memarena/scenarios"
	"github.com/memarena/memarena/strategies"
)

// synthTurn is turn i of a synthetic history: four gold triplets over a
// vocabulary of 1,000 services, 400 libraries, 300 teams, 200 places and
// 100 people, with a value slot that changes every 50 turns (knowledge
// updates), and text that states them.
func synthTurn(i int) strategies.Turn {
	svc := fmt.Sprintf("service %d", i%1000)
	lib := fmt.Sprintf("lib%d", (i*7)%400)
	team := fmt.Sprintf("team %d", (i*13)%300)
	place := fmt.Sprintf("region %d", (i*17)%200)
	person := fmt.Sprintf("person%d", (i*31)%100)
	ttl := fmt.Sprintf("%d seconds", 10*(1+(i/50)%6))
	tt := turn(fmt.Sprintf("t%06d", i), fmt.Sprintf("s%d", i/20), i/20, i%20, "user",
		fmt.Sprintf("The %s uses %s and is owned by %s in %s. %s works on it; its cache TTL is %s.", svc, lib, team, place, person, ttl))
	tt.Gold = &scenarios.Gold{Triplets: []scenarios.GoldTriplet{
		{Subject: svc, Relation: "uses", Object: lib},
		{Subject: team, Relation: "owns", Object: svc},
		{Subject: svc, Relation: "located_in", Object: place},
		{Subject: svc + " cache ttl", Relation: "status", Object: ttl},
	}}
	return tt
}

// filled returns a memory holding 10,000 triplets (2,500 turns × 4).
func filled(b *testing.B) *Gaama {
	g := newTest(b, strategies.ExtractOracle, nil)
	ctx := context.Background()
	for i := 0; i < 2500; i++ {
		if err := g.Ingest(ctx, synthTurn(i)); err != nil {
			b.Fatal(err)
		}
	}
	return g
}

var (
	benchOnce sync.Once
	benchMem  *Gaama
)

// BenchmarkIngest10k: one turn with four triplets written into a memory
// already holding 10,000 triplets (embedding, vector insert, graph merge
// and knowledge updates). The memory grows by 4 triplets per op: run with
// a fixed -benchtime (1000x: 10,000 → 14,000 triplets) for a number at
// that size.
func BenchmarkIngest10k(b *testing.B) {
	g := filled(b)
	ctx := context.Background()
	turns := make([]strategies.Turn, b.N)
	for i := range turns {
		turns[i] = synthTurn(2500 + i)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if err := g.Ingest(ctx, turns[i]); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRetrieve10k: one routed dual retrieval (entity linking,
// traversal templates up to 3 hops, vector top-10, fusion, de-duplication,
// packing into 1,024 tokens) over 10,000 triplets.
func BenchmarkRetrieve10k(b *testing.B) {
	benchOnce.Do(func() { benchMem = filled(b) })
	ctx := context.Background()
	qs := []string{
		"Which library does service 42 use now?",
		"Who owns the service that uses lib7, and where is it located?",
		"What is the cache TTL of service 3 now?",
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		r, err := benchMem.Retrieve(ctx, strategies.Query{Question: qs[i%len(qs)], Budget: 1024, K: 10})
		if err != nil || len(r.Items) == 0 {
			b.Fatal(err, len(r.Items))
		}
	}
}

// BenchmarkGraphAssert10k: the knowledge-graph writer alone (merge and
// update rules, quads) on a graph of 10,000 triplets.
func BenchmarkGraphAssert10k(b *testing.B) {
	g, err := NewGraph()
	if err != nil {
		b.Fatal(err)
	}
	defer g.Close()
	for i := 0; i < 10000; i++ {
		if _, err := g.Assert(Fact{Subject: fmt.Sprintf("s%d", i%1000), Relation: Relations[i%len(Relations)], Object: fmt.Sprintf("o%d", i%2500), TurnID: fmt.Sprint(i)}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := g.Assert(Fact{Subject: fmt.Sprintf("s%d", i%1000), Relation: "uses", Object: fmt.Sprintf("o%d", i%2500), TurnID: fmt.Sprint(10000 + i)}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkTraverse2Hop10k: all six 1–2-hop templates from one seed of a
// 10,000-triplet graph.
func BenchmarkTraverse2Hop10k(b *testing.B) {
	benchOnce.Do(func() { benchMem = filled(b) })
	ctx := context.Background()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, t := range TemplatesUpTo(2) {
			if _, err := benchMem.graph.Traverse(ctx, t, TemplateSpec{Seed: "service 42", Avoid: benchMem.hubList}); err != nil {
				b.Fatal(err)
			}
		}
	}
}
