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

// TestCopulaName: the best item's sentence that names the asked noun as
// the subject of "be" gives the answer; a name said of another noun, or a
// quality, does not.
func TestCopulaName(t *testing.T) {
	checkReads(t, "[2025-04-02 s1-t3] User: I sowed the squash along the south fence on Sunday. The variety is Crown Prince.\n", []readCase{
		{"Which variety of squash did I sow?", "Crown Prince"},
	})
	checkReads(t, "[2025-04-02 s1-t3] User: The agency is sending a tutor on Tuesdays for algebra. The tutor's name is Marguerite.\n", []readCase{
		{"What's the algebra tutor's name?", "Marguerite"},
	})
	u := parseLayout("[2025-04-02 s1-t3] User: hi")[0]
	for _, c := range []struct{ q, sent, want string }{
		{"What is my dog's name?", "We took my dog to the vet. The vet's name is Dr. Lee.", ""},
		{"Which restaurant did we book for Friday?", "The restaurant is French.", ""},
		{"Which variety of beans did I sow?", "The tomato variety is Sungold.", ""},
		{"What is the name of the dog's vet?", "The dog's name is Biscuit by the way.", ""},
		{"What is the name of the dog's vet?", "The vet's name is Dr. Amal Reyes.", "Dr. Amal Reyes"},
		{"What's the name of the cat we adopted from the shelter?", "The shelter's name is Happy Paws.", ""},
		{"Which theme did we choose for the party?", "The theme was Leo's idea.", ""},
		{"What problem did the mechanic find?", "The problem is Toyota won't cover it.", ""},
		{"Which countertop did we choose?", "The countertop is Blue Pearl granite from the yard on Fifth.", "Blue Pearl granite"},
		{"Which variety of squash did I sow?", "The variety is great for soups.", ""},
	} {
		q := analyze(c.q)
		u.sents = nil
		for _, st := range splitSentences(c.sent) {
			u.sents = append(u.sents, newSentence(st, &u))
		}
		if got, _ := copulaName(q, &u); got != c.want {
			t.Errorf("%q in %q: copulaName = %q, want %q", c.q, c.sent, got, c.want)
		}
	}
}
