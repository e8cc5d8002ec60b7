package thoughtgraph

import (
	"context"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/memarena/memarena/strategies"
)

// chainGraph builds, in oracle mode with keyWords vectors:
//
//	R ─parent_of→ S ─parent_of→ C1 ─parent_of→ G1
//	              S ─parent_of→ C2
//	              S ─parent_of→ C3
//	              S ─next→ N          (S and N share session B)
//
// Every other thought sits in its own session, so it has no next links.
// Cosines to the query "w0": S and C3 1/√2, all others 0.
func chainGraph(t *testing.T, depth, fanout int) *ThoughtGraph {
	cfg := defaultConfig()
	cfg.Depth, cfg.Fanout = depth, fanout
	g := mustNew(t, oracleEnv(keyWords), cfg)
	ingestAll(t, g,
		gold("a1", "A", day(0), th("R", TypeAnalysis, "w1", "")),
		gold("b1", "B", day(1), th("S", TypeDecision, "w0 w1", "R")),
		gold("b2", "B", day(1), th("N", TypeTodo, "w5", "")),
		gold("c1", "C", day(2), th("C1", TypeAnalysis, "w2", "S")),
		gold("d1", "D", day(3), th("C2", TypeAnalysis, "w3", "S")),
		gold("e1", "E", day(4), th("C3", TypeAnalysis, "w0 w3", "S")),
		gold("f1", "F", day(5), th("G1", TypeLesson, "w4", "C1")),
	)
	return g
}

func expandFrom(t *testing.T, g *ThoughtGraph, seed string) []candidate {
	t.Helper()
	qv, _ := keyWords.Embed(context.Background(), []string{"w0"})
	nc := &neighborCache{g: g, m: map[string][]neighbor{}}
	out, err := g.expand(context.Background(), []candidate{{ID: seed, Sim: 1, Root: seed}}, qv[0], nc)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// render lists candidates as "id@hop<via" for exact comparison.
func renderCands(cs []candidate) string {
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = fmt.Sprintf("%s@%d<%s", c.ID, c.Hop, c.Via)
	}
	return strings.Join(parts, " ")
}

func TestChainGraphLinks(t *testing.T) {
	g := chainGraph(t, 3, 3)
	if got := relOf(t, g, "S", relChild); fmt.Sprint(got) != "[C1 C2 C3]" {
		t.Fatalf("children of S = %v", got)
	}
	if got := relOf(t, g, "S", relNext); fmt.Sprint(got) != "[N]" {
		t.Fatalf("next of S = %v", got)
	}
	if got := relOf(t, g, "C1", relNext); len(got) != 0 {
		t.Fatalf("C1 has next links across sessions: %v", got)
	}
	if fp := g.Footprint(); fp.Items != 7 {
		t.Fatalf("footprint %+v", fp)
	}
}

func TestExpandOrder(t *testing.T) {
	// Hop 1 from S: parent R first, then children by cosine (C3), then by
	// age (C1 before C2); fanout 3 stops before C2 and N. Hop 2: R and C3
	// have no unvisited neighbors, C1 leads to G1.
	g := chainGraph(t, 3, 3)
	got := expandFrom(t, g, "S")
	if want := "S@0< R@1<S C3@1<S C1@1<S G1@2<C1"; renderCands(got) != want {
		t.Fatalf("expansion = %s\nwant        %s", renderCands(got), want)
	}
	// Similarity: seeds keep theirs; expanded thoughts inherit hopDecay per
	// hop unless their own cosine is higher.
	wantSim := map[string]float64{"S": 1, "R": 0.8, "C3": 0.8, "C1": 0.8, "G1": 0.64}
	for _, c := range got {
		if math.Abs(c.Sim-wantSim[c.ID]) > 1e-9 || c.Root != "S" {
			t.Errorf("%s: sim %v root %s, want %v root S", c.ID, c.Sim, c.Root, wantSim[c.ID])
		}
	}
}

func TestExpandFanoutBound(t *testing.T) {
	cases := []struct {
		fanout int
		want   string
	}{
		{1, "S@0< R@1<S"},
		{2, "S@0< R@1<S C3@1<S"},
		{4, "S@0< R@1<S C3@1<S C1@1<S C2@1<S G1@2<C1"},
		{5, "S@0< R@1<S C3@1<S C1@1<S C2@1<S N@1<S G1@2<C1"},
	}
	for _, c := range cases {
		if got := renderCands(expandFrom(t, chainGraph(t, 3, c.fanout), "S")); got != c.want {
			t.Errorf("fanout %d: %s, want %s", c.fanout, got, c.want)
		}
	}
}

func TestExpandDepthBound(t *testing.T) {
	cases := []struct {
		depth int
		want  string
	}{
		{0, "S@0<"},
		{1, "S@0< R@1<S C3@1<S C1@1<S"},
		{2, "S@0< R@1<S C3@1<S C1@1<S G1@2<C1"},
	}
	for _, c := range cases {
		if got := renderCands(expandFrom(t, chainGraph(t, c.depth, 3), "S")); got != c.want {
			t.Errorf("depth %d: %s, want %s", c.depth, got, c.want)
		}
	}
	// From the leaf, the chain is walked upward one hop at a time.
	if got := renderCands(expandFrom(t, chainGraph(t, 3, 1), "G1")); got != "G1@0< C1@1<G1 S@2<C1 R@3<S" {
		t.Errorf("upward walk: %s", got)
	}
}

func TestRetrieveReturnsChainWithProvenance(t *testing.T) {
	g := chainGraph(t, 3, 3)
	r, err := g.Retrieve(context.Background(), strategies.Query{Question: "w0", Budget: 1000, AskedAt: day(5)})
	if err != nil {
		t.Fatal(err)
	}
	var ids, turns []string
	for _, it := range r.Items {
		ids = append(ids, it.ID)
		turns = append(turns, it.TurnIDs...)
		if !strings.Contains(r.Context, it.Text) || it.Kind != strategies.KindThought {
			t.Errorf("item %s not in context or wrong kind", it.ID)
		}
	}
	// Seeds C3 and S (cosine 1/√2, C3 first by id); C3's only neighbor is
	// the seed S; S adds R, C1 and C2 (fanout 3, so not N); C1 adds G1.
	sortStrings(ids)
	if fmt.Sprint(ids) != "[C1 C2 C3 G1 R S]" {
		t.Fatalf("items %v", ids)
	}
	sortStrings(turns)
	if fmt.Sprint(turns) != "[a1 b1 c1 d1 e1 f1]" {
		t.Fatalf("provenance %v", turns)
	}
}
