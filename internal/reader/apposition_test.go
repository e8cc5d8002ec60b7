package reader

import "testing"

// A phrase set by a dash or a colon after the question's head noun says
// what the thing is; a clause there comments on the noun and is not read.
func TestReadApposition(t *testing.T) {
	ctx := "[2024-07-01 s1-t1] Ines: I reached a big personal milestone - running my first half marathon!\n" +
		"[2024-07-03 s2-t1] Ines: Then I had an idea: a reading corner where neighbours swap novels.\n" +
		"[2024-07-05 s3-t1] Ines: The new hobby is great - it keeps me calm after work, and I picked up knitting.\n"
	checkReads(t, ctx, []readCase{
		{"What milestone did Ines reach?", "running my first half marathon"},
		{"What idea did Ines have?", "reading corner where neighbours swap novels"},
	})
}

// appositionSpans skips clauses and stops at a closing mark.
func TestAppositionSpans(t *testing.T) {
	cases := []struct{ text, head, want string }{
		{"My favourite dish - a smoky bean stew - is easy.", "dish", "a smoky bean stew"},
		{"That dish - it's easy to make.", "dish", ""},
		{"The dish - everyone loves it.", "dish", ""},
		{"Three kinds of books: classics, comics, and atlases.", "books", "classics, comics, and atlases"},
	}
	for _, c := range cases {
		s := newSentence(c.text, &unit{})
		q := question{headKey: stem(c.head)}
		got := ""
		if sp := appositionSpans(q, s, 10); len(sp) > 0 {
			got = sp[0].text
		}
		if got != c.want {
			t.Errorf("%q: got %q, want %q", c.text, got, c.want)
		}
	}
}

// A thing the answer describes ("my old neighborhood") is named by an
// apposition elsewhere in the context ("my old neighborhood, Elm Park,
// …"): the name answers.
func TestReadAppositiveName(t *testing.T) {
	ctx := "[2024-03-02 a] Tariq: A storm flooded my old neighborhood last week.\n" +
		"[2024-01-10 b] Tariq: I grew up in my old neighborhood, Elm Park, and I still visit.\n" +
		"[2024-01-12 c] Tariq: Thanks, Nadia, for asking about my old neighborhood.\n"
	checkEach(t, []ctxCase{{"Which neighborhood did a storm flood?", ctx, "Elm Park"}})
	ctx = "[2024-03-02 a] Tariq: A storm flooded my old neighborhood last week.\n" +
		"[2024-01-12 c] Tariq: I really miss my old neighborhood, Nadia.\n"
	checkEach(t, []ctxCase{{"Which neighborhood did a storm flood?", ctx, "old neighborhood"}})
}
