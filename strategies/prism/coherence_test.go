package prism

import (
	"math"
	"math/rand/v2"
	"testing"
	"time"

	"gonum.org/v1/gonum/graph/simple"
)

func TestCoherenceSmallGraph(t *testing.T) {
	// 0 — 1 — 2 — 3, 1 — 4, 5 isolated.
	g := simple.NewUndirectedGraph()
	for i := int64(0); i < 6; i++ {
		g.AddNode(simple.Node(i))
	}
	for _, e := range [][2]int64{{0, 1}, {1, 2}, {2, 3}, {1, 4}} {
		g.SetEdge(simple.Edge{F: simple.Node(e[0]), T: simple.Node(e[1])})
	}
	nodes := []int64{0, 1, 2, 3, 4, 5, 99}
	// Active {0, 3}: distances (0,3) (1,2) (2,1) (3,0) (2,3) (∞) (unknown).
	got := Coherence(g, []int64{0, 3}, nodes)
	want := []float64{1 / 2.5, 1 / 2.5, 1 / 2.5, 1 / 2.5, 1 / 3.5, 0, 0}
	checkFloats(t, "active {0,3}", got, want)
	// Active {1}: distances 1, 0, 1, 2, 1, ∞.
	got = Coherence(g, []int64{1}, nodes)
	want = []float64{0.5, 1, 0.5, 1.0 / 3, 0.5, 0, 0}
	checkFloats(t, "active {1}", got, want)
	// An isolated active node makes every other node's mean infinite.
	got = Coherence(g, []int64{1, 5}, []int64{1, 5})
	checkFloats(t, "active {1,5}", got, []float64{0, 0})
	// No active node in the graph: all 0.
	checkFloats(t, "no active", Coherence(g, []int64{42}, []int64{0, 1}), []float64{0, 0})
	checkFloats(t, "nil active", Coherence(g, nil, []int64{0}), []float64{0})
}

func TestRecencyValues(t *testing.T) {
	asked := time.Date(2026, 3, 12, 9, 0, 0, 0, time.UTC)
	cases := []struct {
		at     time.Time
		lambda float64
		want   float64
	}{
		{asked.Add(-10 * 24 * time.Hour), 0.1, math.Exp(-1)},            // Δt = 1/λ days
		{asked.Add(-36 * time.Hour), 0.5, math.Exp(-0.75)},              // 1.5 days
		{asked.Add(-166 * time.Hour), 0.1, math.Exp(-0.1 * 166.0 / 24)}, // ≈ half-life (6.93 d)
		{asked.Add(time.Hour), 0.1, 1},                                  // after the question
		{asked.Add(-100 * 24 * time.Hour), 0, 1},                        // λ = 0
		{asked, 3, 1},
	}
	for i, c := range cases {
		if got := Recency(c.at, asked, c.lambda); math.Abs(got-c.want) > 1e-12 {
			t.Errorf("case %d: Recency = %.15f, want %.15f", i, got, c.want)
		}
	}
	if got := Recency(asked.Add(-10*24*time.Hour), asked, 0.1); got != 0.36787944117144233 {
		t.Errorf("e^-1 = %.17g", got)
	}
}

func checkFloats(t *testing.T, name string, got, want []float64) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: %v, want %v", name, got, want)
	}
	for i := range got {
		if math.Abs(got[i]-want[i]) > 1e-12 {
			t.Fatalf("%s: %v, want %v", name, got, want)
		}
	}
}

// randomGraphs builds the same random graph as a simple.UndirectedGraph and
// as a causalGraph: a chain 0–1–…–(n−1) plus extra random edges.
func randomGraphs(n, extra int, seed uint64) (*simple.UndirectedGraph, *causalGraph) {
	rng := rand.New(rand.NewPCG(seed, 1))
	sg, cg := simple.NewUndirectedGraph(), newGraph()
	for i := 0; i < n; i++ {
		sg.AddNode(simple.Node(i))
		cg.addNode()
	}
	add := func(a, b int64) {
		if a != b && !sg.HasEdgeBetween(a, b) {
			sg.SetEdge(simple.Edge{F: simple.Node(a), T: simple.Node(b)})
		}
		cg.setEdge(a, b)
	}
	for i := 1; i < n; i++ {
		add(int64(i-1), int64(i))
	}
	for k := 0; k < extra; k++ {
		add(rng.Int64N(int64(n)), rng.Int64N(int64(n)))
	}
	return sg, cg
}

func TestCausalGraphMatchesSimpleGraph(t *testing.T) {
	sg, cg := randomGraphs(300, 200, 5)
	if sg.Edges().Len() != len(cg.edges) {
		t.Fatalf("edges %d vs %d", sg.Edges().Len(), len(cg.edges))
	}
	nodes := make([]int64, 300)
	for i := range nodes {
		nodes[i] = int64(i)
	}
	active := []int64{299, 150, 7}
	checkFloats(t, "parity", Coherence(cg, active, nodes), Coherence(sg, active, nodes))
	// Self loops, duplicates and unknown nodes are refused.
	if cg.setEdge(3, 3) || cg.setEdge(0, 1) || cg.setEdge(0, 999) {
		t.Fatal("setEdge accepted a self loop, a duplicate or an unknown node")
	}
	if w, ok := cg.Weight(0, 1); w != 1 || !ok {
		t.Fatalf("Weight(0,1) = %v %v", w, ok)
	}
	if _, ok := cg.Weight(0, 250); ok && !cg.HasEdgeBetween(0, 250) {
		t.Fatal("Weight of a missing edge reported ok")
	}
}

// BenchmarkCoherence is one coherence evaluation (3 active units, gonum
// path.DijkstraFrom each, all nodes scored) on a 10k-node graph, stored as a
// simple.UndirectedGraph or as PRISM's adjacency-list causalGraph.
func BenchmarkCoherence(b *testing.B) {
	sg, cg := randomGraphs(10000, 20000, 11)
	nodes := make([]int64, 10000)
	for i := range nodes {
		nodes[i] = int64(i)
	}
	active := []int64{9999, 9998, 5000}
	b.Run("simple", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			Coherence(sg, active, nodes)
		}
	})
	b.Run("causal", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			Coherence(cg, active, nodes)
		}
	})
}

// BenchmarkDistTree is one breadth-first distance tree (a treeCache miss)
// over a causalGraph of 30k nodes and 130k edges, the size PRISM's graph
// reaches at 64k synthetic turns.
func BenchmarkDistTree(b *testing.B) {
	_, cg := randomGraphs(30000, 130000, 11)
	b.ReportAllocs()
	for b.Loop() {
		newDistTree(cg, 29999)
	}
}
