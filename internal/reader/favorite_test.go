package reader

import "testing"

// A favourite question takes what the speaker ranks first, on either side
// of the copula, not the words nearest the question's.
func TestReadFavorite(t *testing.T) {
	ctx := "[2024-09-02 s1-t1] Rosa: One of my favorite soups is borscht! Warm food is a great pick-me-up in winter.\n" +
		"[2024-09-04 s2-t1] Rosa: I like every kind of poetry, but haiku is my top pick.\n"
	checkReads(t, ctx, []readCase{
		{"What is one of Rosa's favorite soups?", "borscht"},
		{"What is Rosa's favorite kind of poetry?", "haiku"},
	})
}

// favoriteSpans: the phrase after "my favorite … is", the one before "is
// (one of) my favorite / top pick", and none for a pronoun subject.
func TestFavoriteSpans(t *testing.T) {
	cases := []struct{ text, want string }{
		{"My favourite band is The Lumineers, by far.", "Lumineers"},
		{"Honestly, pho is one of my faves.", "pho"},
		{"It is one of my favorites.", ""},
		{"My favorite thing about it is the quiet.", "quiet"},
	}
	for _, c := range cases {
		s := newSentence(c.text, &unit{})
		got := ""
		if sp := favoriteSpans(s, 10); len(sp) > 0 {
			got = sp[0].text
		}
		if got != c.want {
			t.Errorf("%q: got %q, want %q", c.text, got, c.want)
		}
	}
}
