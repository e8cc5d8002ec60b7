package reader

import (
	"testing"
	"time"
)

func TestVarietyNounQuestion(t *testing.T) {
	for _, tc := range []struct {
		q, head string
		kindOf  bool
	}{
		{"What genre of podcasts does Ines listen to?", "podcasts", true},
		{"What flavour of jam did Ines make?", "jam", true},
		{"What genre is the novel that Ines is writing?", "novel", true},
		{"What breed is Ines's dog?", "dog", true},
		{"What kind of bread does Ines bake?", "bread", true},
		// without "of" or a copula the variety noun is the head
		{"What genre did Ines start exploring?", "genre", false},
		{"What style do I like best?", "style", false},
	} {
		q := analyzeAt(tc.q, time.Time{})
		if q.head != tc.head || q.kindOf != tc.kindOf {
			t.Errorf("%q: head %q kindOf %v, want %q %v", tc.q, q.head, q.kindOf, tc.head, tc.kindOf)
		}
	}
	ctx := "[2023-10-21 a] Ines: My writing is going well: I'm in the middle of a mystery novel and it's a bit nerve-wracking."
	if a := Read("What genre is the novel that Ines is writing?", ctx, Options{}); a.Text != "mystery novel" {
		t.Errorf("answer %q, want %q", a.Text, "mystery novel")
	}
}
