package reader

import "testing"

// A what-question that asks for its verb's object is answered with the
// thing: the verb, particles, indirect object, determiners and judging
// adjectives before it are dropped, and an infinitive of purpose after a
// noun-phrase object ends it.
func TestReadObjectNotVerbPhrase(t *testing.T) {
	ctx := "[2024-05-04 s1-t1] Lena: On my walk by the harbour I came across this cool old lighthouse.\n" +
		"[2024-05-06 s2-t1] Lena: For the book club I finished a little wooden shelf.\n" +
		"[2024-05-09 s3-t1] Lena: I just started playing bridge to get better at memory games.\n"
	checkReads(t, ctx, []readCase{
		{"What did Lena find on her walk by the harbour?", "old lighthouse"},
		{"What did Lena start playing recently?", "bridge"},
	})
}

// asksObject: a do- or have-auxiliary question about the object of its
// verb, not one about a subject, a state, a purpose, an action or what is
// said.
func TestAsksObject(t *testing.T) {
	for q, want := range map[string]bool{
		"What did Lena find on her walk?":          true,
		"What gift has Omar bought for his niece?": true,
		"What sparked Lena's interest in boats?":   false,
		"What is Lena's favourite boat?":           false,
		"What did Omar go to the market for?":      false,
		"What did Omar do to help his neighbour?":  false,
		"What did Lena say about the harbour?":     false,
	} {
		if got := asksObject(q); got != want {
			t.Errorf("asksObject(%q) = %v, want %v", q, got, want)
		}
	}
}

// objectStart skips a finite verb and what stands between it and its
// object noun phrase; a span that does not open with a finite verb, or
// has no noun after it, keeps its start.
func TestObjectStart(t *testing.T) {
	cases := []struct{ text, want string }{
		{"We put together a chess tournament", "chess tournament"},
		{"I got her a yellow scarf", "yellow scarf"},
		{"inspired by the sunsets", "inspired by the sunsets"},
		{"went there quickly", "went there quickly"},
	}
	for _, c := range cases {
		s := &sentence{text: c.text, toks: words(c.text)}
		start := 0
		if s.toks[0].Lower == "we" || s.toks[0].Lower == "i" {
			start = 1
		}
		if got := textOf(s, objectStart(s, start, len(s.toks)), len(s.toks)); got != c.want {
			t.Errorf("%q: got %q, want %q", c.text, got, c.want)
		}
	}
}

// "Number one" before a noun means "top": "what is her number one goal"
// asks for a goal, not a number.
func TestReadNumberOneIsNoNumber(t *testing.T) {
	ctx := "[2024-04-01 s1-t1] Lena: My number one goal this season is winning the regional league.\n"
	checkReads(t, ctx, []readCase{
		{"What is Lena's number one goal this season?", "winning the regional league"},
	})
}

// relativeAntecedent: the noun a relative clause is about is the object
// of the clause's verb ("the blue scarf I knitted"); a pronoun subject
// after a time word or without a determiner before the noun is a new
// clause, not a relative one.
func TestRelativeAntecedent(t *testing.T) {
	cases := []struct{ text, verb, want string }{
		{"Here is the blue scarf I knitted for my niece.", "knitted", "blue scarf"},
		{"The novel that I finished last week was long.", "finished", "novel"},
		{"It is a tool which we really needed.", "needed", "tool"},
		{"Yesterday I cooked a big pot of chili.", "cooked", ""},
		{"Omar said pottery we tried was fun.", "tried", ""},
		{"The instrument I play is the cello.", "play", ""},
		{"The only thing I ate was a sandwich.", "ate", ""},
		{"The store I got my shoes from is closing.", "got", ""},
		{"The film that I worked on was shown last night.", "worked", "film"},
	}
	for _, c := range cases {
		s := &sentence{text: c.text, toks: words(c.text)}
		got := ""
		for i, tok := range s.toks {
			if tok.Text == c.verb {
				if a, b := relativeAntecedent(s, i); b > a {
					got = textOf(s, a, b)
				}
			}
		}
		if got != c.want {
			t.Errorf("%q: antecedent of %q = %q, want %q", c.text, c.verb, got, c.want)
		}
	}
	ctx := "[2024-05-04 s1-t1] Ines: Another short film that I contributed to was shown at the festival last Sunday for the first time!\n" +
		"[2024-05-11 s2-t1] Omar: Check out this photo of the silver bracelet that I bought for my sister, she loved it.\n" +
		"[2024-05-18 s3-t1] Mia: My friends loved the little lighthouse that I painted last month at the workshop.\n"
	checkReads(t, ctx, []readCase{
		{"What did Ines contribute to that was shown at the festival?", "short film"},
		{"What did Omar buy for his sister?", "silver bracelet"},
		{"What did Mia paint last month?", "little lighthouse"},
	})
}
