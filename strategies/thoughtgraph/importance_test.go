package thoughtgraph

import (
	"context"
	"fmt"
	"math"
	"reflect"
	"testing"
	"time"

	"github.com/memarena/memarena/internal/model"
	"github.com/memarena/memarena/strategies"
)

func TestImportanceFormula(t *testing.T) {
	hl := 90 * 24 * time.Hour
	cases := []struct {
		sim         float64
		last, asked time.Time
		links       int
		pref, want  float64
	}{
		{1, day(0), day(0), 0, 1, 1},
		{1, day(0), day(90), 0, 1, 0.5},                                 // one half-life
		{0.5, day(0), day(90), 3, 1.5, 0.5049650963549898},              // 0.5·0.5·(1+0.25·ln4)·1.5
		{0.8, day(0), day(180), 1, 0, 0.8 * 0.25 * 1.1732867951399863},  // pref 0 reads as 1
		{0.6, day(10), day(5), 0, 1, 0.6},                               // asked before last use: no decay
		{0.6, day(10), time.Time{}, 2, 1, 0.6 * (1 + 0.25*math.Log(3))}, // no query time: no decay
	}
	for i, c := range cases {
		if got := importance(c.sim, c.last, c.asked, hl, c.links, c.pref); math.Abs(got-c.want) > 1e-12 {
			t.Errorf("case %d: importance = %.16f, want %.16f", i, got, c.want)
		}
	}
}

func TestTypePreference(t *testing.T) {
	cases := []struct {
		asks []string
		want map[string]float64
	}{
		{[]string{model.AskDecision}, map[string]float64{TypeDecision: 1.5}},
		{[]string{model.AskDecision, model.AskReason}, map[string]float64{TypeDecision: 1.5, TypeAnalysis: 1.5}},
		{[]string{model.AskReason}, map[string]float64{TypeDecision: 1.25, TypeAnalysis: 1.5}},
		{[]string{model.AskLesson}, map[string]float64{TypeLesson: 1.5}},
		{nil, map[string]float64{}},
		{[]string{"unknown"}, map[string]float64{}},
	}
	for _, c := range cases {
		if got := typePreference(c.asks); !reflect.DeepEqual(got, c.want) {
			t.Errorf("typePreference(%q) = %v, want %v", c.asks, got, c.want)
		}
	}
}

func TestCombine(t *testing.T) {
	v := combine([][]float32{{1, 0}, {0, 1}}, []float64{1, 1})
	if math.Abs(float64(v[0])-math.Sqrt(0.5)) > 1e-7 || math.Abs(float64(v[1])-math.Sqrt(0.5)) > 1e-7 {
		t.Fatalf("combine = %v", v)
	}
	if combine([][]float32{{0, 0}, {0, 0}}, []float64{1, 0.5}) != nil {
		t.Fatal("zero sum must give nil")
	}
}

// importanceGraph: X decision, Y analysis, W analysis with three todo
// children K1..K3 — all on day 0 — and Z analysis on day 90. X, Y, W and
// Z say "w0" (cosine 1 to the query), the K say "w7" (cosine 0).
func importanceGraph(t *testing.T) *ThoughtGraph {
	g := mustNew(t, oracleEnv(keyWords), defaultConfig())
	ingestAll(t, g,
		gold("x1", "X", day(0), th("X", TypeDecision, "w0", "")),
		gold("y1", "Y", day(0), th("Y", TypeAnalysis, "w0", "")),
		gold("w1", "W", day(0), th("W", TypeAnalysis, "w0", "")),
		gold("k1", "K1", day(0), th("K1", TypeTodo, "w7", "W")),
		gold("k2", "K2", day(0), th("K2", TypeTodo, "w7", "W")),
		gold("k3", "K3", day(0), th("K3", TypeTodo, "w7", "W")),
		gold("z1", "Z", day(90), th("Z", TypeAnalysis, "w0", "")),
	)
	return g
}

func ranking(t *testing.T, g *ThoughtGraph, q string) string {
	t.Helper()
	r, err := g.Retrieve(context.Background(), strategies.Query{Question: q, AskedAt: day(90), Budget: 2000})
	if err != nil {
		t.Fatal(err)
	}
	s := ""
	for _, it := range r.Items {
		s += fmt.Sprintf("%s=%.6f ", it.ID, it.Score)
	}
	return s
}

func TestImportanceOrdering(t *testing.T) {
	// Z is fresh (recency 1); W is a half-life old but connected to three
	// children (1+0.25·ln4); X and Y are a half-life old (0.5, tie by id);
	// the K inherit 0.8 of W's similarity, decay 0.5, one link.
	want := "Z=1.000000 W=0.673287 X=0.500000 Y=0.500000 K1=0.469315 K2=0.469315 K3=0.469315 "
	if got := ranking(t, importanceGraph(t), "w0"); got != want {
		t.Fatalf("ranking\n got %s\nwant %s", got, want)
	}
	// A reason question prefers analysis (×1.5) over decision (×1.25): Y
	// now ranks above X.
	want = "Z=1.500000 W=1.009930 Y=0.750000 X=0.625000 K1=0.469315 K2=0.469315 K3=0.469315 "
	if got := ranking(t, importanceGraph(t), "why w0"); got != want {
		t.Fatalf("reason ranking\n got %s\nwant %s", got, want)
	}
}

func TestAccessRefreshesRecency(t *testing.T) {
	g := importanceGraph(t)
	ranking(t, g, "w0")
	// Everything was returned at day 90, so recency is 1 for all now.
	want := "W=1.346574 X=1.000000 Y=1.000000 Z=1.000000 K1=0.938629 K2=0.938629 K3=0.938629 "
	if got := ranking(t, g, "w0"); got != want {
		t.Fatalf("after access\n got %s\nwant %s", got, want)
	}
	x, _ := g.Thought("X")
	if x.Access != 2 || !x.LastAccess.Equal(day(90)) {
		t.Fatalf("X access %d at %v", x.Access, x.LastAccess)
	}
}
