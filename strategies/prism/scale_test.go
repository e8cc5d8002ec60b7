package prism

import (
	"context"
	"math"
	"math/rand/v2"
	"reflect"
	"testing"

	"gonum.org/v1/gonum/graph/path"

	"github.com/memarena/memarena/datasets/synthetic"
	"github.com/memarena/memarena/internal/textutil"
	"github.com/memarena/memarena/strategies"
)

// syntheticSessions returns the turns of a seeded synthetic history of n turns, by
// session.
func syntheticSessions(t *testing.T, n int) [][]strategies.Turn {
	t.Helper()
	s, _, err := synthetic.Generate(synthetic.Params{Turns: n, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	var out [][]strategies.Turn
	for si, ss := range s.Sessions {
		var ts []strategies.Turn
		for ti, tt := range ss.Turns {
			ts = append(ts, strategies.Turn{ID: tt.ID, SessionID: ss.ID, SessionIndex: si, Index: ti, Role: tt.Role,
				Speaker: tt.Speaker, Text: tt.Text, Time: tt.Time.Time, SessionStart: ss.Start.Time})
		}
		out = append(out, ts)
	}
	return out
}

// TestIndexedMergeEqualsFullScan replays a synthetic history of 1,500 turns
// twice, merge checks through the LSH index and through a full scan: the
// memories must be identical, merges included.
func TestIndexedMergeEqualsFullScan(t *testing.T) {
	sess := syntheticSessions(t, 1500)
	env, _ := testEnv("")
	indexed := build(t, nil, env)
	scan := build(t, nil, env)
	scan.noMergeIndex = true
	ingestAll(t, indexed, sess...)
	ingestAll(t, scan, sess...)
	if indexed.merge == nil || scan.merge != nil {
		t.Fatal("the indexed run must use the index, the scan run must not")
	}
	if len(indexed.units) != len(scan.units) {
		t.Fatalf("%d units indexed, %d by scan", len(indexed.units), len(scan.units))
	}
	merged := 0
	for i, u := range indexed.units {
		v := scan.units[i]
		if !reflect.DeepEqual(u, v) {
			t.Fatalf("unit %d differs:\n%+v\n%+v", i, u, v)
		}
		if len(u.TurnIDs) > 1 && u.Observation == "" {
			merged++
		}
	}
	// The fixture must exercise merges: units without observations that
	// hold more than one turn are merges.
	if len(indexed.units) != 1075 || merged != 181 {
		t.Fatalf("%d units, %d merged; want 1075, 181", len(indexed.units), merged)
	}
}

// TestGazetteerIndexEqualsScan compares the phrase-indexed gazetteer
// with a pass over every known entity, on every turn of a synthetic history.
func TestGazetteerIndexEqualsScan(t *testing.T) {
	sess := syntheticSessions(t, 600)
	env, _ := testEnv("")
	p := build(t, nil, env)
	ingestAll(t, p, sess...)
	if len(p.entityWords) < 50 {
		t.Fatalf("only %d entities known", len(p.entityWords))
	}
	hits := 0
	for _, s := range sess {
		for _, turn := range s {
			got := p.gazetteer(turn.Text, nil)
			words := textutil.Words(turn.Text)
			set := map[string]bool{}
			for e, ws := range p.entityWords {
				if len(ws) > 0 && hasPhrase(words, ws) {
					set[e] = true
				}
			}
			want := sortedKeys(set)
			if len(got) == 0 && len(want) == 0 {
				continue
			}
			hits += len(got)
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("%q: got %v, want %v", turn.Text, got, want)
			}
		}
	}
	if hits == 0 {
		t.Fatal("no entity found in any turn")
	}
}

// TestDistTreeMatchesDijkstra grows a random graph node by node and edge by
// edge, keeping trees from several sources, and compares every distance with
// a fresh gonum path.DijkstraFrom after each change.
func TestDistTreeMatchesDijkstra(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	g := newGraph()
	var c treeCache
	for i := 0; i < 5; i++ {
		g.addNode()
	}
	sources := []int64{0, 2, 4}
	for _, s := range sources {
		c.get(g, s)
	}
	check := func(step int) {
		for _, s := range sources {
			ref := path.DijkstraFrom(g.Node(s), g)
			tr := c.trees[s]
			for x := int64(0); x < int64(len(g.nodes)); x++ {
				if got, want := tr.WeightTo(x), ref.WeightTo(x); got != want {
					t.Fatalf("step %d: distance %d→%d = %v, want %v", step, s, x, got, want)
				}
			}
		}
	}
	for step := 0; step < 400; step++ {
		if r.IntN(3) == 0 {
			g.addNode()
		} else {
			a, b := int64(r.IntN(len(g.nodes))), int64(r.IntN(len(g.nodes)))
			if g.setEdge(a, b) {
				c.addEdge(g, a, b)
			}
		}
		check(step)
	}
}

// TestDistTreeExact checks distances by hand on a path that gains a
// shortcut and a late node, and the cache's least-recently-used eviction.
func TestDistTreeExact(t *testing.T) {
	g := newGraph()
	var c treeCache
	for i := 0; i < 4; i++ {
		g.addNode()
	}
	edge := func(a, b int64) {
		if g.setEdge(a, b) {
			c.addEdge(g, a, b)
		}
	}
	edge(0, 1)
	edge(1, 2)
	edge(2, 3)
	tr := c.get(g, 0)
	dists := func() []float64 {
		var out []float64
		for x := int64(0); x < int64(len(g.nodes)); x++ {
			out = append(out, tr.WeightTo(x))
		}
		return out
	}
	checkFloats(t, "path", dists(), []float64{0, 1, 2, 3})
	edge(0, 3) // shortcut
	checkFloats(t, "shortcut", dists(), []float64{0, 1, 2, 1})
	g.addNode() // node 4, no edge yet
	checkFloats(t, "new node", dists(), []float64{0, 1, 2, 1, math.Inf(1)})
	edge(4, 2)
	checkFloats(t, "linked", dists(), []float64{0, 1, 2, 1, 3})
	edge(4, 0)
	checkFloats(t, "closer", dists(), []float64{0, 1, 2, 1, 1})
	if got := coherenceFrom([]*distTree{tr}, []int64{0, 1, 2, 3, 4, 9}); !reflect.DeepEqual(got, []float64{1, 0.5, 1.0 / 3, 0.5, 0.5, 0}) {
		t.Fatalf("coherence %v", got)
	}
	// Eviction: treeCap+1 sources, the least recently used one goes.
	for i := 0; i < treeCap; i++ {
		g.addNode()
	}
	for s := int64(1); s <= treeCap; s++ {
		c.get(g, s)
	}
	if len(c.trees) != treeCap || c.trees[0] != nil || c.trees[1] == nil || c.trees[treeCap] == nil {
		t.Fatalf("cache holds %d trees, source 0 kept: %v", len(c.trees), c.trees[0] != nil)
	}
}

// TestTagCandidatesCap checks that a target tag recalls its tagCandidates
// most recently tagged units, and the vector hits come on top.
func TestTagCandidatesCap(t *testing.T) {
	env, _ := testEnv("")
	p := build(t, nil, env)
	ingestAll(t, p, ciSessions()...)
	n := len(p.units)
	var post []int
	for i := 0; i < tagCandidates+500; i++ {
		post = append(post, i%n) // indices repeat: only the tail counts
	}
	p.tagIndex["goal:plan"] = post
	p.tagIndex["entity:rare"] = []int{1}
	qvec := make([]float32, 256) // zero vector: no vector hits
	got, err := p.candidates(context.Background(), qvec, []string{"goal:plan", "entity:rare", "action:ask"})
	if err != nil {
		t.Fatal(err)
	}
	want := map[int]bool{1: true}
	for _, i := range post[len(post)-tagCandidates:] {
		want[i] = true
	}
	if len(got) != len(want) {
		t.Fatalf("got %v, want the %d units of the tail", got, len(want))
	}
	// A long posting list of distinct units: exactly the last 1000.
	post = post[:0]
	for i := 0; i < tagCandidates+500; i++ {
		post = append(post, 100000+i)
	}
	p.tagIndex["goal:plan"] = post
	got, err = p.candidates(context.Background(), qvec, []string{"goal:plan"})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != tagCandidates || got[0] != 100500 || got[len(got)-1] != 101499 {
		t.Fatalf("got %d candidates from %d to %d, want 1000 from 100500 to 101499", len(got), got[0], got[len(got)-1])
	}
}
