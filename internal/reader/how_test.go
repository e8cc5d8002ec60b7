package reader

import (
	"strings"
	"testing"
)

func TestMeansClauses(t *testing.T) {
	u := &unit{}
	for text, want := range map[string]string{
		"I keep calm by breathing slowly and counting to ten.":                "by breathing slowly and counting to ten",
		"She paid for college by tutoring kids, which took all her evenings.": "by tutoring kids",
		"We found the cabin through asking around at the market; it worked.":  "through asking around at the market",
		"He unwinds by reading, cooking, or walking the dog before bed.":      "by reading, cooking, or walking the dog before bed",
		"The house was built by my grandfather.":                              "",
		"I finished the puzzle by midnight.":                                  "",
	} {
		var got []string
		for _, m := range meansClauses(newSentence(text, u), 10) {
			got = append(got, m.text)
		}
		if g := strings.Join(got, " | "); g != want {
			t.Errorf("meansClauses(%q) = %q, want %q", text, g, want)
		}
	}
	ctx := "[2024-03-01 a] Lena: Exams are stressful. I stay calm by taking long walks in the park every evening."
	if a := Read("How does Lena stay calm during exams?", ctx, Options{}); a.Text != "by taking long walks in the park every evening" {
		t.Errorf("answer %q", a.Text)
	}
}

func TestPredicativeIsNoManner(t *testing.T) {
	u := &unit{}
	s := newSentence("Honestly, staying fit is so hard, but I manage it with morning swims.", u)
	var got []bool
	for _, i := range []int{6, 12} { // "hard", "morning"
		got = append(got, predicative(s, i))
	}
	if got[0] != true || got[1] != false {
		t.Errorf("predicative = %v, want [true false]", got)
	}
	for w, want := range map[string]bool{"it's": true, "they're": true, "was": true, "jon's": false, "seems": false} {
		if isCopulaBe(w) != want {
			t.Errorf("isCopulaBe(%q) = %v, want %v", w, !want, want)
		}
	}
	ctx := "[2024-03-01 a] Omar: Keeping my garden alive is tough. I water the garden with rain I collect in barrels."
	if a := Read("How does Omar keep his garden alive?", ctx, Options{Threshold: 1e-9}); a.Text != "rain" {
		t.Errorf("answer %q", a.Text)
	}
}

func TestFeelingSpans(t *testing.T) {
	u := &unit{}
	for text, want := range map[string]string{
		"I was overwhelmed at first.":                       "overwhelmed",
		"We were exhausted and starved when we got home.":   "exhausted and starved",
		"The bridge was designed by a local firm.":          "",
		"We had dinner at the harbour.":                     "",
		"Honestly I feel overwhelmed after the first week.": "overwhelmed",
	} {
		var got []string
		for _, f := range feelingSpans(newSentence(text, u)) {
			got = append(got, f.text)
		}
		if g := strings.Join(got, " | "); g != want {
			t.Errorf("feelingSpans(%q) = %q, want %q", text, g, want)
		}
	}
	ctx := "[2024-03-01 a] Priya: The jury loved my short film and I was amazed! Now I'm editing the next one."
	if a := Read("How did Priya feel when the jury saw her short film?", ctx, Options{Threshold: 1e-9}); a.Text != "amazed" {
		t.Errorf("answer %q", a.Text)
	}
}

func TestAntecedentMeans(t *testing.T) {
	u := &unit{}
	for text, want := range map[string]bool{
		"It really helps me stay on track.":   true,
		"Yeah, that's a nice way to unwind.":  true,
		"This was my way of saying thanks.":   true,
		"It was raining all day.":             false,
		"My sister helps me with the garden.": false,
	} {
		if got := praisesMeans(newSentence(text, u)); got != want {
			t.Errorf("praisesMeans(%q) = %v, want %v", text, got, want)
		}
	}
	for text, want := range map[string]string{
		"Every morning I write my tasks in a planner.":   "write my tasks in a planner",
		"We've been cooking at home, which saves money.": "cooking at home",
		"The planner is blue.":                           "",
	} {
		s := newSentence(text, u)
		st, en := predicateSpan(s, 10)
		if got := textOf(s, st, en); got != want {
			t.Errorf("predicateSpan(%q) = %q, want %q", text, got, want)
		}
	}
	ctx := "[2024-03-01 a] Noor: Exams were rough. Every evening I went swimming at the lake. It really helped me keep my head clear."
	if a := Read("How did Noor keep her head clear during exams?", ctx, Options{Threshold: 1e-9}); a.Text != "went swimming at the lake" {
		t.Errorf("answer %q", a.Text)
	}
}

func TestPredicateAnswersHow(t *testing.T) {
	ctx := "[2024-03-01 a] Theo: To get the kitten out from under the sofa, I sat down, talked softly, and offered her tuna."
	if a := Read("How did Theo get the kitten out?", ctx, Options{Threshold: 1e-9}); a.Text != "sat down, talked softly, and offered her tuna" {
		t.Errorf("answer %q", a.Text)
	}
	ctx = "[2024-03-01 a] Ivy: My cousins live abroad. We use video calls to stay in touch with them every week."
	if a := Read("How does Ivy stay in touch with her cousins?", ctx, Options{Threshold: 1e-9}); a.Text != "use video calls" {
		t.Errorf("answer %q", a.Text)
	}
}

// A quantifier before a noun ("so much calm") says how much of it, not a
// quality: the feeling is the noun run after it.
func TestQuantifierIsNoQuality(t *testing.T) {
	checkReads(t, "[2024-01-01 a] Priya: At the lake I felt so much calm and gratitude.\n", []readCase{
		{"How did Priya feel at the lake?", "calm and gratitude"},
	})
}
