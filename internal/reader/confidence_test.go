package reader

import (
	"math"
	"testing"
)

func TestExtends(t *testing.T) {
	set := map[string]bool{"childhood": true, "mentorship": true, "music": true, "parti": true, "career": true, "polici": true, "classic": true, "trainer": true}
	for _, c := range []struct {
		term string
		want bool
	}{
		{"child", true},       // a derivation the stemmer leaves apart
		{"mentor", true},      // the same, a noun suffix
		{"music-rel", true},   // "music-related": a compound and its first part
		{"musician", true},    // "music" begins it
		{"childhoods", false}, // one letter more: an inflection
		{"part", false},       // too short to begin "parti" safely
		{"care", false},       // and "career"
		{"mental", false},     // neither begins the other
		{"mentorship", false}, // an exact match is not an extension
		{"polic", false},      // "police" / "policy": a stemmer artifact
		{"class", false},      // "classic": two letters more
		{"train", false},      // "trainer": an agent noun, two letters more
	} {
		if got := extends(c.term, set); got != c.want {
			t.Errorf("extends(%q) = %v, want %v", c.term, got, c.want)
		}
	}
}

// The abstention support counts a question word the unit holds only as
// the start of a longer word: "mentor" in "Mentorship" makes two of the
// three focus terms (nadia, learn, mentor) present, above the free
// phrases' threshold 0.4; by exact stems alone it is one of three.
func TestConfidenceCountsExtendedStems(t *testing.T) {
	ctx := "[2024-02-01] Nadia: Mentorship taught me to ask for feedback early."
	a := Read("What did Nadia learn from her mentor?", ctx, Options{})
	if IsAbstention(a.Text) || math.Abs(a.Support-2.0/3) > 1e-9 {
		t.Errorf("%q support %.3f, want an answer at support 0.667", a.Text, a.Support)
	}
	if a := Read("What did Nadia learn from her tutor?", ctx, Options{}); !IsAbstention(a.Text) || math.Abs(a.Support-1.0/3) > 1e-9 {
		t.Errorf("unrelated noun: %q support %.3f, want an abstention at 0.333", a.Text, a.Support)
	}
}
