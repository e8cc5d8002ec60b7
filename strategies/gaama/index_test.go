package gaama

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/memarena/memarena/internal/textutil"
)

// TestSmallestMatchesFullSort checks the bounded heap against the full
// sort: for every limit it keeps exactly the first limit distinct keys.
func TestSmallestMatchesFullSort(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	var keys []string
	for i := 0; i < 500; i++ {
		keys = append(keys, fmt.Sprintf("k%03d", rng.IntN(200))) // duplicates included
	}
	full := slices.Clone(keys)
	slices.Sort(full)
	full = slices.Compact(full)
	for _, limit := range []int{0, 1, 2, 7, 50, 199, 1000} {
		h := newSmallest(limit)
		for _, k := range keys {
			h.offer(k, Walk{Template: k})
		}
		var got []string
		for _, w := range h.sorted() {
			got = append(got, w.Template)
		}
		want := full
		if limit > 0 && len(want) > limit {
			want = want[:limit]
		}
		if !slices.Equal(got, want) {
			t.Fatalf("limit %d: got %v, want %v", limit, got, want)
		}
	}
}

// denseGraph is a seeded graph with many walks per seed.
func denseGraph(t *testing.T) *Graph {
	g := newGraph(t)
	rng := rand.New(rand.NewPCG(1, 2))
	rels := []string{"uses", "owns", "works_on", "prefers", "located_in", "part_of"}
	for i := 0; i < 300; i++ {
		s, o := fmt.Sprintf("node %d", rng.IntN(40)), fmt.Sprintf("node %d", rng.IntN(40))
		if s == o {
			continue
		}
		mustAssert(t, g, fact(s, rels[rng.IntN(len(rels))], o, fmt.Sprintf("t%d", i), i))
	}
	return g
}

// TestTraverseLimitMatchesFullSort checks that a limited traversal returns
// exactly the first Limit walks of the unlimited one, for every template
// and several seeds.
func TestTraverseLimitMatchesFullSort(t *testing.T) {
	g := denseGraph(t)
	ctx := context.Background()
	cut := 0
	for _, tp := range Templates {
		for _, seed := range []string{"node 0", "node 7", "node 23"} {
			all, err := g.Traverse(ctx, tp, TemplateSpec{Seed: seed})
			if err != nil {
				t.Fatal(err)
			}
			if !slices.IsSortedFunc(all, func(a, b Walk) int { return strings.Compare(a.String(), b.String()) }) {
				t.Fatalf("%s from %s: unsorted", tp.Name, seed)
			}
			for _, limit := range []int{1, 5, 40} {
				got, err := g.Traverse(ctx, tp, TemplateSpec{Seed: seed, Limit: limit})
				if err != nil {
					t.Fatal(err)
				}
				want := all
				if len(want) > limit {
					want = want[:limit]
					cut++
				}
				if !slices.Equal(walkStrings(got), walkStrings(want)) {
					t.Fatalf("%s from %s, limit %d: got %v, want %v", tp.Name, seed, limit, walkStrings(got), walkStrings(want))
				}
			}
		}
	}
	if cut == 0 {
		t.Fatal("no traversal was cut by its limit: the fixture tests nothing")
	}
}

// TestEdgesToAffixedMatchesScan checks the display index against a walk
// over every edge.
func TestEdgesToAffixedMatchesScan(t *testing.T) {
	g := newGraph(t)
	objects := []string{"70% test coverage target", "test coverage target 70%", "70%", "coverage 70% gate", "80%",
		"window seat", "the window seat", "seat by the window", "Postgres 16", "postgres 16 cluster", "orders on Postgres 16"}
	for i, o := range objects {
		f := fact(fmt.Sprintf("subject %d", i%4), "status", strings.ToLower(o), fmt.Sprintf("t%d", i), i)
		f.ObjectDisplay = o
		mustAssert(t, g, f)
		mustAssert(t, g, fact(fmt.Sprintf("other %d", i), "uses", strings.ToLower(o), fmt.Sprintf("u%d", i), i))
	}
	hits := 0
	for _, q := range []string{"70%", "test coverage target", "window seat", "window", "postgres 16", "16", "seat", "nothing"} {
		toks := textutil.NormalizeTokens(q)
		var want []string
		for _, e := range g.Edges() {
			d := textutil.NormalizeTokens(g.display(e.Object))
			if len(d) >= len(toks) && (slices.Equal(d[:len(toks)], toks) || slices.Equal(d[len(d)-len(toks):], toks)) {
				want = append(want, e.Key())
			}
		}
		got := keys(g.EdgesToAffixed(toks))
		if len(want) == 0 {
			want = []string{}
		}
		if !slices.Equal(got, want) {
			t.Errorf("%q: got %v, want %v", q, got, want)
		}
		hits += len(want)
	}
	if hits < 10 {
		t.Fatalf("only %d matching edges: the fixture tests little", hits)
	}
}

// TestGraphRefinesMatchesRefines checks the memoized refines against the
// package function, twice over (cold and warm memo).
func TestGraphRefinesMatchesRefines(t *testing.T) {
	g := newGraph(t)
	keys := []string{"postgres", "postgres 16", "postgres 17", "the postgres cluster", "window seat", "aisle seat", "seat", "", "70%", "the"}
	for round := 0; round < 2; round++ {
		for _, a := range keys {
			for _, b := range keys {
				if got, want := g.refines(a, b), refines(a, b); got != want {
					t.Fatalf("round %d: refines(%q, %q) = %v, want %v", round, a, b, got, want)
				}
			}
		}
	}
}

// TestRestatementDeduplicates checks that a fact restated in the same turn
// and sentence adds neither a turn id nor an evidence, and that another
// turn or sentence adds one.
func TestRestatementDeduplicates(t *testing.T) {
	g := newGraph(t)
	f := fact("orders", "uses", "postgres 16", "t1", 1)
	mustAssert(t, g, f)
	mustAssert(t, g, f)
	f2 := f
	f2.Sentence = "another sentence"
	mustAssert(t, g, f2)
	mustAssert(t, g, fact("orders", "uses", "postgres 16", "t2", 2))
	mustAssert(t, g, f) // t1 again, after t2
	e := g.Edges()[0]
	if !slices.Equal(e.TurnIDs, []string{"t1", "t2"}) || len(e.Evidence) != 3 {
		t.Fatalf("turns %v, evidence %+v", e.TurnIDs, e.Evidence)
	}
}
