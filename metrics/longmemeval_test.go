package metrics

import (
	"math"
	"strings"
	"testing"
)

func close12(a, b float64) bool { return math.Abs(a-b) < 1e-12 }

func TestLMEDCG(t *testing.T) {
	// rel[0] + rel[1]/log2(2) + rel[2]/log2(3): ranks 1 and 2 both count fully.
	if got := LMEDCG([]float64{1, 1, 1}, 3); !close12(got, 2+1/math.Log2(3)) {
		t.Errorf("got %v", got)
	}
	if got := LMEDCG([]float64{0, 0, 1, 1}, 3); !close12(got, 1/math.Log2(3)) {
		t.Errorf("cut at k: got %v", got)
	}
	if LMEDCG(nil, 5) != 0 || LMEDCG([]float64{1}, 0) != 0 {
		t.Error("empty")
	}
}

func TestLMERetrieval(t *testing.T) {
	ranked := []string{"x", "g1", "y", "g2", "g1"}
	// k = 2: g1 at rank 2 → any 1, all 0; nDCG = (1/log2 2) / (1 + 1/log2 2) = 0.5.
	a, l, n := LMERetrieval(ranked, []string{"g1", "g2"}, 2)
	if a != 1 || l != 0 || !close12(n, 0.5) {
		t.Errorf("k=2: %v %v %v", a, l, n)
	}
	// k = 5: both found at ranks 2 and 4 (the repeat of g1 is ignored):
	// DCG = 1 + 1/log2 4 = 1.5; ideal = 1 + 1 = 2.
	a, l, n = LMERetrieval(ranked, []string{"g1", "g2"}, 5)
	if a != 1 || l != 1 || !close12(n, 0.75) {
		t.Errorf("k=5: %v %v %v", a, l, n)
	}
	a, l, n = LMERetrieval([]string{"x", "y"}, []string{"g"}, 5)
	if a != 0 || l != 0 || n != 0 {
		t.Errorf("miss: %v %v %v", a, l, n)
	}
	a, l, n = LMERetrieval(ranked, nil, 5)
	if a != 0 || l != 0 || n != 0 {
		t.Errorf("no gold: %v %v %v", a, l, n)
	}
}

func TestRankedTurnsAndSessions(t *testing.T) {
	prov := [][]string{{"s2#1", "s2#2"}, {}, {"s1#4", "s2#1"}, {"s3#1"}}
	turns := RankedTurns(prov)
	want := []string{"s2#1", "s2#2", "s1#4", "s3#1"}
	if len(turns) != len(want) {
		t.Fatalf("turns %v", turns)
	}
	for i := range want {
		if turns[i] != want[i] {
			t.Fatalf("turns %v, want %v", turns, want)
		}
	}
	sess := RankedSessions(turns, func(id string) string { return id[:2] })
	if len(sess) != 3 || sess[0] != "s2" || sess[1] != "s1" || sess[2] != "s3" {
		t.Errorf("sessions %v", sess)
	}
}

func TestSummarizeLMEQA(t *testing.T) {
	s := SummarizeLMEQA([]LMEQuestion{
		{"multi-session", false, Of(1)},
		{"multi-session", false, Of(0)},
		{"multi-session", true, Of(1)},
		{"temporal-reasoning", false, Of(0)},
		{"temporal-reasoning", true, NA}, // unavailable: left out everywhere
	})
	if len(s.Types) != 2 || s.Types[0] != "multi-session" {
		t.Fatalf("types %v", s.Types)
	}
	if a := s.PerType["multi-session"]; a.N != 3 || !close12(a.Mean, 2.0/3) {
		t.Errorf("multi-session %+v", a)
	}
	if a := s.PerType["temporal-reasoning"]; a.N != 1 || a.Mean != 0 {
		t.Errorf("temporal %+v", a)
	}
	if s.TaskAveraged.N != 2 || !close12(s.TaskAveraged.Mean, 1.0/3) {
		t.Errorf("task-averaged %+v", s.TaskAveraged)
	}
	if s.Overall.N != 4 || s.Overall.Mean != 0.5 {
		t.Errorf("overall %+v", s.Overall)
	}
	if s.Abstention.N != 1 || s.Abstention.Mean != 1 {
		t.Errorf("abstention %+v", s.Abstention)
	}
}

// The official protocol on a hand-built question (values checked with
// LongMemEval's eval_utils.py: see reports/datasets_test.go for the same
// ranking): assistant turns are dropped, the non-gold turn s1#3 of answer
// session s1 is a different session ("noans"), and the cut-off widens.
func TestLMEOfficial(t *testing.T) {
	users := map[string]bool{"s1#1": true, "s1#2": true, "s1#3": true, "s2#1": true, "s5#1": true, "s6#1": true, "s7#1": true, "s8#1": true, "s9#1": true}
	c := LMECorpus{
		IsUser:         func(id string) bool { return users[id] },
		Gold:           []string{"s1#2", "s2#1"},
		SessionOf:      func(id string) string { return id[:strings.IndexByte(id, '#')] },
		AnswerSessions: map[string]bool{"s1": true, "s2": true},
	}
	ranked := []string{"s9#1", "s1#2", "s1#3", "s8#1", "s8#2", "s7#1", "s7#2", "s6#1", "s6#2", "s5#1", "s2#1"}
	check := func(name string, got [3]float64, want [3]float64) {
		for i := range got {
			if math.Abs(got[i]-want[i]) > 1e-12 {
				t.Errorf("%s = %v, want %v", name, got, want)
				return
			}
		}
	}
	a, b, n := LMEOfficialTurn(ranked, c, 5)
	check("turn@5", [3]float64{a, b, n}, [3]float64{1, 0, 0.5})
	a, b, n = LMEOfficialTurn(ranked, c, 10)
	check("turn@10", [3]float64{a, b, n}, [3]float64{1, 1, 2.0 / 3})
	a, b, n = LMEOfficialSession(ranked, c, 5)
	check("session@5", [3]float64{a, b, n}, [3]float64{1, 0, 0.5})
	a, b, n = LMEOfficialSession(ranked, c, 10)
	check("session@10", [3]float64{a, b, n}, [3]float64{1, 1, 2.0 / 3})
	// Crediting s1 through its non-gold turn s1#3 alone is no credit.
	a, b, n = LMEOfficialSession([]string{"s1#3", "s9#1"}, c, 5)
	check("noans session", [3]float64{a, b, n}, [3]float64{0, 0, 0})
}
