package metrics

import (
	"math"
	"testing"
)

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

func TestF1(t *testing.T) {
	cases := []struct {
		p, g string
		want float64
	}{
		{"keyset pagination", "keyset pagination", 1},
		{"The keyset pagination!", "keyset pagination", 1},
		{"keyset", "keyset pagination", 2 * (1.0 * 0.5) / 1.5},
		{"offset", "keyset pagination", 0},
		{"", "", 1},
		{"", "x", 0},
	}
	for _, c := range cases {
		if got := F1(c.p, c.g); !near(got, c.want) {
			t.Errorf("F1(%q,%q) = %v, want %v", c.p, c.g, got, c.want)
		}
	}
	if !EM("The MySQL 8.", []string{"postgres", "mysql 8"}) {
		t.Error("EM should match after normalization")
	}
}

func TestRetrievalExact(t *testing.T) {
	gold := []string{"a", "b"}
	items := [][]string{{"x"}, {"a", "y"}, {"a"}, {"b"}}
	rec, ndcg, mrr := Retrieval(gold, items, 3)
	// top-3 covers only a → recall 0.5; gains at rank 2 only (rank 3 repeats a).
	if !near(rec, 0.5) || !near(mrr, 0.5) {
		t.Fatalf("recall=%v mrr=%v", rec, mrr)
	}
	wantNDCG := (1 / math.Log2(3)) / (1 + 1/math.Log2(3))
	if !near(ndcg, wantNDCG) {
		t.Fatalf("ndcg=%v want %v", ndcg, wantNDCG)
	}
	rec, ndcg, mrr = Retrieval(gold, items, 10)
	if !near(rec, 1) || !near(mrr, 0.5) {
		t.Fatalf("k=10: recall=%v mrr=%v", rec, mrr)
	}
	_ = ndcg
	rec, ndcg, mrr = Retrieval(gold, nil, 10)
	if rec != 0 || ndcg != 0 || mrr != 0 {
		t.Fatal("no items must give zeros")
	}
}

func TestScoreAvailability(t *testing.T) {
	g := ProbeGold{Kind: "knowledge-update", Answers: []string{"MySQL 8"}, StaleFacts: []string{"Postgres 16"}, Evidence: []string{"s2-t1"}}
	s := Score(g, RecallView{Provenance: [][]string{{"s2-t1"}}, Context: "orders moved to MySQL 8"}, "Postgres 16", 10)
	if !s.StaleFactRate.OK || s.StaleFactRate.V != 1 || s.AnswerF1.V != 0 || s.RecallAtK.V != 1 || s.AnswerInContext.V != 1 {
		t.Fatalf("scores = %+v", s)
	}
	if !s.StaleInContext.OK || s.StaleInContext.V != 0 {
		t.Fatalf("no current item → stale in context 0, got %+v", s.StaleInContext)
	}
	sc := Score(g, RecallView{Provenance: [][]string{{"a"}, {"b"}}, CurrentTexts: []string{"orders use Postgres 16", "moved from Postgres 16 to MySQL 8"}}, "x", 10)
	if sc.StaleInContext.V != 1 {
		t.Fatal("a current item stating only the old value is stale in context")
	}
	sc = Score(g, RecallView{Provenance: [][]string{{"b"}}, CurrentTexts: []string{"moved from Postgres 16 to MySQL 8"}}, "x", 10)
	if sc.StaleInContext.V != 0 {
		t.Fatal("an item stating the change is not stale")
	}
	if s.PathReuse.OK || s.AbstentionAcc.OK {
		t.Fatal("path reuse and abstention must be unavailable")
	}
	// Items without provenance: retrieval unavailable, not 0.
	s = Score(g, RecallView{Provenance: [][]string{{}}, Context: "x"}, "MySQL 8", 10)
	if s.RecallAtK.OK || s.StaleFactRate.V != 0 || s.FactAccuracy.V != 1 {
		t.Fatalf("no-provenance scores = %+v", s)
	}
	// Nothing returned: recall is a true 0.
	s = Score(g, RecallView{}, "not mentioned", 10)
	if !s.RecallAtK.OK || s.RecallAtK.V != 0 {
		t.Fatalf("empty recall = %+v", s.RecallAtK)
	}
	a := Score(ProbeGold{Kind: "abstention", Abstention: true}, RecallView{}, "not mentioned", 10)
	if a.AbstentionAcc.V != 1 || a.AnswerF1.OK || a.FactAccuracy.OK {
		t.Fatalf("abstention = %+v", a)
	}
}

func TestTaskCheck(t *testing.T) {
	if v := TaskCheck(nil, nil, "", nil); v.OK {
		t.Fatal("no facts → unavailable")
	}
	if v := TaskCheck([]string{"chi"}, []string{"gin"}, "we use chi, not gin", []string{"we use chi"}); v.V != 1 {
		t.Fatal("stale only in a non-current item is fine")
	}
	if v := TaskCheck([]string{"chi"}, []string{"gin"}, "we use chi; gin", []string{"we use chi", "gin router"}); v.V != 0 {
		t.Fatal("stale in a current item fails")
	}
}

func TestBootstrapDeterministic(t *testing.T) {
	vs := []Value{Of(1), Of(0), Of(1), Of(1), NA}
	a := Bootstrap(vs, nil, 1000, 7)
	b := Bootstrap(vs, nil, 1000, 7)
	if a != b || a.N != 4 || a.Clusters != 4 || !near(a.Mean, 0.75) || !(a.Lo <= a.Mean && a.Mean <= a.Hi) {
		t.Fatalf("a=%+v b=%+v", a, b)
	}
	// Clustered: the unavailable value's cluster entry is dropped with it;
	// a resample of clusters {1, 0} and {1, 1} reaches 1 with probability
	// above 1/4 (both draws y), so the upper bound is 1.
	c := Bootstrap(vs, []string{"x", "x", "y", "y", "z"}, 1000, 7)
	if c.N != 4 || c.Clusters != 2 || c.Hi != 1 || !(c.Lo < c.Mean) {
		t.Fatalf("clustered = %+v, want n 4, 2 clusters, upper bound 1", c)
	}
	if m := Mean(nil); m.N != 0 || !math.IsNaN(m.Mean) {
		t.Fatal("empty mean")
	}
}

// R@k divides by min(|gold|, k): 12 gold turns, k = 10, the top 10 items
// cover 10 of them → 10/10 = 1 (the uncapped share would be 10/12);
// R@ctx over all 12 items divides by |gold| = 12.
func TestRecallAtKCapped(t *testing.T) {
	var gold []string
	var items [][]string
	for i := range 12 {
		id := string(rune('a' + i))
		gold = append(gold, id)
		items = append(items, []string{id})
	}
	rec, ndcg, mrr := Retrieval(gold, items, 10)
	if rec != 1 || !near(ndcg, 1) || mrr != 1 {
		t.Fatalf("recall %v ndcg %v mrr %v, want 1, 1, 1", rec, ndcg, mrr)
	}
	if rec, _, _ := Retrieval(gold, items[:5], 10); !near(rec, 0.5) {
		t.Fatalf("5 of min(12, 10): recall %v, want 0.5", rec)
	}
	if c := Coverage(gold, items[:6]); !near(c, 0.5) {
		t.Fatalf("coverage %v, want 6/12", c)
	}
}

// Abstention F1 by hand: recall R = TP/unanswerable, answer rate A = 1 −
// FP/answerable, F1 = 2RA/(R+A).
func TestAbstentionF1(t *testing.T) {
	cases := []struct {
		c    AbstentionCounts
		want float64
		ok   bool
	}{
		// Always declines: R = 1, A = 0 → 0 (last, whatever the class ratio).
		{AbstentionCounts{TP: 20, FP: 106, Answerable: 106, Unanswerable: 20}, 0, true},
		// Never declines: R = 0 → 0.
		{AbstentionCounts{FN: 20, Answerable: 106, Unanswerable: 20}, 0, true},
		// R = 4/20 = 0.2, A = 1 − 7/106; F1 = 2·0.2·(99/106)/(0.2 + 99/106) = 0.329431...
		{AbstentionCounts{TP: 4, FP: 7, FN: 16, Answerable: 106, Unanswerable: 20}, 2 * 0.2 * (99.0 / 106) / (0.2 + 99.0/106), true},
		// R = 1, A = 1 → 1.
		{AbstentionCounts{TP: 5, Answerable: 10, Unanswerable: 5}, 1, true},
		// One side missing: undefined.
		{AbstentionCounts{TP: 5, Unanswerable: 5}, 0, false},
	}
	for i, c := range cases {
		got, ok := c.c.F1()
		if ok != c.ok || !near(got, c.want) {
			t.Errorf("case %d: F1 = %v, %v; want %v, %v", i, got, ok, c.want, c.ok)
		}
	}
}
