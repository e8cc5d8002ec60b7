package reader

import (
	"testing"
	"time"
)

// A closing prepositional phrase that only says the question's own words
// is dropped; "to" and "of" phrases, new words and short answers stay.
func TestDropEchoedPhrase(t *testing.T) {
	q := analyzeAt("What did Ines do at her lake cabin last summer?", time.Time{})
	for text, want := range map[string]string{
		"threw a small picnic at my lake cabin":     "threw a small picnic",
		"threw a small picnic at the cabin":         "threw a small picnic",
		"threw a small picnic at a friend's cabin":  "threw a small picnic at a friend's cabin",
		"threw a picnic to thank her neighbours":    "threw a picnic to thank her neighbours",
		"took good care of the lake cabin":          "took good care of the lake cabin",
		"fished in the lake":                        "fished in the lake",
		"threw a small picnic in the lake cabin in": "threw a small picnic in the lake cabin in",
	} {
		if got := dropEchoedPhrase(q, text); got != want {
			t.Errorf("%q: %q, want %q", text, got, want)
		}
	}
	ctx := "[2023-07-02 a] Ines: Last weekend I threw a small picnic at my lake cabin!"
	if a := Read("What did Ines do at her lake cabin last weekend?", ctx, Options{}); a.Text != "threw a small picnic" {
		t.Errorf("answer %q, want %q", a.Text, "threw a small picnic")
	}
}

// An acronym of the question's capitalized words ("CS" for "Computer
// Science") echoes the question: it is no answer.
func TestAcronymEchoesQuestion(t *testing.T) {
	ctx := "[2024-05-20 a] User: By the way, I finished my undergrad in CS at Rice, and I loved it.\n"
	checkEach(t, []ctxCase{{"Where did I finish my undergrad in Computer Science?", ctx, "Rice"}})
	got := acronymsOf(words("Did I get a Master of Business Administration from Western Ridge University?"))
	for _, a := range []string{"MBA", "MOBA", "WRU", "WR"} {
		if !got[a] {
			t.Errorf("acronymsOf: %q missing from %v", a, got)
		}
	}
	if got["DI"] {
		t.Errorf("acronymsOf: the sentence's first word abbreviates nothing: %v", got)
	}
}
