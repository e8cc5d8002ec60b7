package metrics

import (
	"math"
	"testing"
)

// Expected values were computed with LoCoMo's task_eval/evaluation.py
// (normalize_answer, f1_score, f1, the category rules of
// eval_question_answering) and NLTK's PorterStemmer.
func TestLoCoMoScoreMatchesOfficialEvaluation(t *testing.T) {
	cases := []struct {
		cat        int
		pred, gold string
		want       float64
	}{
		{2, "7 May 2023", "7 May 2023", 1},
		{2, "May 7, 2023", "The sunday before 25 May 2023", 0.5},
		{4, "She went to the LGBTQ support group", "LGBTQ support group", 2.0 / 3},
		{1, "Psychology, counseling", "Psychology, counseling certification", 5.0 / 6},
		{1, "pottery, camping and painting", "painting, pottery, swimming, camping", 0.5833333333333333},
		{3, "Likely yes", "Likely yes; she cares about the community", 1},
		{3, "she cares about the community", "Likely yes; she cares about the community", 0},
		{4, "not mentioned", "Adoption agencies", 0},
		{5, "Not mentioned in the conversation", "self-care is important", 1},
		{5, "No information available.", "x", 1},
		{5, "self-care is important", "self-care is important", 0},
		{4, "", "anything", 0},
		{4, "the and a an", "the", 0}, // both empty after normalization: 0, not 1
		{2, "2022", "2022", 1},
		{4, "co-worker’s café, generously", "coworker’s cafe generous", 2.0 / 3},
	}
	for _, c := range cases {
		got, err := LoCoMoScore(c.cat, c.pred, c.gold)
		if err != nil || math.Abs(got-c.want) > 1e-12 {
			t.Errorf("LoCoMoScore(%d, %q, %q) = %v, %v; want %v", c.cat, c.pred, c.gold, got, err, c.want)
		}
	}
	if _, err := LoCoMoScore(6, "a", "b"); err == nil {
		t.Error("category 6 accepted")
	}
}

func TestLoCoMoNormalize(t *testing.T) {
	for in, want := range map[string]string{
		"The Co-worker’s café, and A dog!  An_apple": "coworker’s café dog anapple",
		"Hello,world":        "helloworld", // commas are deleted, not turned into spaces
		"theatre and a band": "theatre band",
		"":                   "",
	} {
		if got := LoCoMoNormalize(in); got != want {
			t.Errorf("LoCoMoNormalize(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestLoCoMoLabelMaps(t *testing.T) {
	official := []string{"multi-hop", "temporal", "open-domain", "single-hop", "adversarial"}
	mem0 := []string{"single-hop", "temporal", "multi-hop", "open-domain", "adversarial"}
	for c := 1; c <= 5; c++ {
		if n, _ := LoCoMoCategoryName("", c); n != official[c-1] {
			t.Errorf("default map, category %d = %q", c, n)
		}
		if n, _ := LoCoMoCategoryName(LoCoMoOfficial, c); n != official[c-1] {
			t.Errorf("official, category %d = %q", c, n)
		}
		if n, _ := LoCoMoCategoryName(LoCoMoMem0Paper, c); n != mem0[c-1] {
			t.Errorf("mem0-paper, category %d = %q", c, n)
		}
	}
	if _, err := LoCoMoCategoryName("paper", 1); err == nil {
		t.Error("unknown map accepted")
	}
	if _, err := LoCoMoCategoryName(LoCoMoOfficial, 0); err == nil {
		t.Error("category 0 accepted")
	}
}

func TestSummarizeLoCoMo(t *testing.T) {
	s := SummarizeLoCoMo([]LoCoMoResult{{1, 1}, {1, 0}, {2, 0.5}, {4, 1}, {5, 1}, {5, 0}})
	if a := s.PerCategory[1]; a.N != 2 || a.Mean != 0.5 {
		t.Errorf("category 1: %+v", a)
	}
	if _, ok := s.PerCategory[3]; ok {
		t.Error("category 3 has no question but is present")
	}
	// Overall: (1 + 0 + 0.5 + 1) / 4, category 5 left out.
	if s.Overall.N != 4 || s.Overall.Mean != 0.625 {
		t.Errorf("overall: %+v", s.Overall)
	}
	if s.Adversarial.N != 2 || s.Adversarial.Mean != 0.5 {
		t.Errorf("adversarial: %+v", s.Adversarial)
	}
}

// A constant "not mentioned" answerer must not raise the default overall
// score: it is perfect on category 5, which the overall leaves out, and
// scores 0 elsewhere.
func TestLoCoMoConstantAbstainerDoesNotRaiseOverall(t *testing.T) {
	type q struct {
		cat        int
		gold, pred string
	}
	qs := []q{
		{1, "painting, pottery", "pottery"},
		{2, "7 May 2023", "7 May 2023"},
		{3, "Likely yes; she cares", "likely yes"},
		{4, "LGBTQ support group", "a support group"},
		{5, "", "she went to Paris"}, // a wrong answer on an adversarial question
		{5, "", "not mentioned"},
	}
	score := func(answer func(q) string) LoCoMoSummary {
		var rs []LoCoMoResult
		for _, x := range qs {
			s, err := LoCoMoScore(x.cat, answer(x), x.gold)
			if err != nil {
				t.Fatal(err)
			}
			rs = append(rs, LoCoMoResult{x.cat, s})
		}
		return SummarizeLoCoMo(rs)
	}
	system := score(func(x q) string { return x.pred })
	abstainer := score(func(q) string { return "not mentioned" })
	if abstainer.Overall.Mean != 0 || abstainer.Overall.N != 4 {
		t.Errorf("constant abstainer overall = %+v, want 0 over 4 questions", abstainer.Overall)
	}
	if abstainer.Adversarial.Mean != 1 {
		t.Errorf("constant abstainer adversarial = %v, want 1", abstainer.Adversarial.Mean)
	}
	if !(abstainer.Overall.Mean < system.Overall.Mean) {
		t.Errorf("abstainer %v does not score below the system %v", abstainer.Overall.Mean, system.Overall.Mean)
	}
	// Replacing the system's adversarial answers by abstentions leaves the
	// overall unchanged.
	mixed := score(func(x q) string {
		if x.cat == 5 {
			return "not mentioned"
		}
		return x.pred
	})
	if mixed.Overall.Mean != system.Overall.Mean || mixed.Overall.N != system.Overall.N {
		t.Errorf("abstaining on category 5 changed the overall: %+v vs %+v", mixed.Overall, system.Overall)
	}
}
