package reader

import (
	"slices"
	"strings"
	"testing"
)

// A saying noun ("quote", "motto") asks for the quotation whole, in double
// or single quotes, however long; initials do not end the sentence that
// names the quoted author.
func TestReadQuotation(t *testing.T) {
	ctx := "[2024-03-02 s1-t1] Odile: My grandfather had a line from C.S. Lewis he loved: \"You are never too old to set another goal or to dream a new dream.\" I think of it often.\n" +
		"[2024-03-09 s2-t1] Odile: Our kitchen has a tile that reads 'Eat well, laugh often' - it's the family motto.\n"
	checkReads(t, ctx, []readCase{
		{"What C.S. Lewis quote did Odile's grandfather love?", "You are never too old to set another goal or to dream a new dream"},
		{"What is the motto of Odile's family?", "Eat well, laugh often"},
	})
}

// quotedSpansUpTo: single quotes open before a word after a space and close
// right after a word; the mark of a plural possessive opens nothing.
func TestQuotedSpansSingle(t *testing.T) {
	cases := []spanCase{
		{"The sign says 'Back in five' today.", []string{"Back in five"}},
		{"The kids' room and the dogs' beds are clean.", nil},
		{"She called it ‘the long walk’ and laughed.", []string{"the long walk"}},
	}
	checkSpans(t, cases, firstOnly(func(s *sentence) []span { return quotedSpansUpTo(s, maxQuotedSaying, true) }))
}

// The word right after "what" is the head noun when the tagger reads it
// as one, though it doubles as a casual conjunction ("cause"); a name
// before the head modifies it.
func TestQuestionHeadAfterWh(t *testing.T) {
	cases := []struct{ q, head string }{
		{"What cause did the bake sale raise money for?", "cause"},
		{"Which Taylor Swift song does Idris hum?", "song"},
		{"What J.K. Rowling book did she reread?", "book"},
		{"What fuels Idris's drive?", "fuels"},
		{"Which US cities did Idris visit?", "cities"},
		{"Which ones did Idris keep?", ""},
	}
	for _, c := range cases {
		if got := analyze(c.q).head; got != c.head {
			t.Errorf("%q: head %q, want %q", c.q, got, c.head)
		}
	}
}

// frequencySpans keep the quantifier of "times" and the hedges of "once" or
// "twice": "a few times a week", "at least once a month", "once or twice a
// year".
func TestFrequencySpansQuantified(t *testing.T) {
	cases := []spanCase{
		{"We swim a few times a week in summer.", []string{"a few times a week"}},
		{"I call her at least once a month.", []string{"at least once a month"}},
		{"They visit once or twice a year.", []string{"once or twice a year"}},
		{"He checks it several times a day.", []string{"several times a day"}},
		{"She runs 3 times a week.", []string{"3 times a week"}},
	}
	// the last span: "once or twice a year" also holds "twice a year"
	checkSpans(t, cases, firstOnly(func(s *sentence) []span {
		sp := frequencySpans(s)
		slices.Reverse(sp)
		return sp
	}))
}

// The verb after a catenative and "to" carries the event the question asks
// about ("want to share"); a catenative with an object keeps its own verb.
func TestFocusVerbCatenative(t *testing.T) {
	cases := []struct{ q, verb string }{
		{"What did Ines want to share with her team?", "share"},
		{"What did Ines decide to adopt?", "adopt"},
		{"What did Ines want for her birthday?", "want"},
	}
	for _, c := range cases {
		if got := analyze(c.q).verbKey; got != stem(c.verb) {
			t.Errorf("%q: verb %q, want %q", c.q, got, stem(c.verb))
		}
	}
}

// An imperative that draws attention opens a sentence capitalized; it is no
// name.
func TestAttentionVerbsAreNoNames(t *testing.T) {
	cases := []spanCase{
		{"Look at this lemon tart!", nil},
		{"Check this out, Farid.", nil},
		{"Imagine that!", nil},
		{"Lena made a lemon tart.", []string{"Lena"}},
	}
	checkSpans(t, cases, firstOnly(func(s *sentence) []span { return nameSpans(question{names: map[string]bool{"farid": true}}, s) }))
}

// A reply's first sentences share the question put to it; between them, the
// one that itself says the question's words answers.
func TestReplyTieGoesToOwnWords(t *testing.T) {
	ctx := "[2024-05-01 s1-t1] Assistant: Which play did you see at the community theater last week?\n" +
		"[2024-05-01 s1-t2] User: I was thinking of getting Marisol to audition next season. The play I saw was a production of Fences, and it was moving.\n"
	checkReads(t, ctx, []readCase{
		{"What play did I see at the community theater?", "Fences"},
	})
}

// Initials start a name ("C.S. Lewis"); a lone capital before a lower-case
// word does not.
func TestNameSpansInitials(t *testing.T) {
	cases := []spanCase{
		{"I keep rereading C.S. Lewis at night.", []string{"C.S. Lewis"}},
		{"P.D. James wrote it.", []string{"P.D. James"}},
	}
	checkSpans(t, cases, firstOnly(func(s *sentence) []span { return nameSpans(question{names: map[string]bool{}}, s) }))
}

// A reply that opens with "No," answers a yes/no question in the negative
// though its own clause says nothing negative of the question's words.
func TestYesNoReplyParticle(t *testing.T) {
	ctx := "[2024-02-01 s1-t2] Omar: No, volunteers at the food bank just sign up online.\n"
	if got := Read("Is an interview required to volunteer at the food bank?", ctx, Options{Threshold: 1e-9}).Text; !strings.HasPrefix(got, "No") {
		t.Errorf("got %q, want a No", got)
	}
}

// "What type of date" asks what the date is like, not when it is.
func TestKindOfDateNounIsNoDate(t *testing.T) {
	for q, want := range map[string]Type{
		"What type of date is Ines planning?":  TypePhrase,
		"What kind of birthday did Ines have?": TypePhrase,
		"What date is Ines's birthday party?":  TypeDate,
		"Which year did Ines move to Lisbon?":  TypeDate,
	} {
		if got := analyze(q).typ; got != want {
			t.Errorf("%q: type %s, want %s", q, got, want)
		}
	}
}

// A name set after a locative preposition names a place: it is not the name
// of a pet the question asks for.
func TestLocativeNameIsNoPetName(t *testing.T) {
	ctx := "[2024-06-01 s1-t1] Wren: I adopted a kitten from a rescue in Dunmore last week. I named her Pip.\n"
	checkReads(t, ctx, []readCase{
		{"What is the name of the kitten Wren adopted?", "Pip"},
		{"Where did Wren adopt the kitten from?", "rescue in Dunmore"},
	})
}

// A sentence refers back when it opens with a pronoun, or with the
// speaker's verb and an object pronoun ("We shot it in a forest").
func TestOpensWithAnaphor(t *testing.T) {
	for text, want := range map[string]bool{
		"It was held downtown.":          true,
		"We shot it in a pine forest.":   true,
		"I named him Biscuit.":           true,
		"We went to the lake.":           false,
		"The crew loved the location.":   false,
		"Honestly, they were great fun.": true,
	} {
		if got := opensWithAnaphor(newSentence(text, &unit{})); got != want {
			t.Errorf("%q: %v, want %v", text, got, want)
		}
	}
}

// completePair restores the words a coordination leaves out of one of the
// two events of an interval question.
func TestCompletePair(t *testing.T) {
	cases := []struct{ a, b, wantA, wantB string }{
		{"Lior adopting Pepper", "Moss", "Lior adopting Pepper", "Lior adopting Moss"},
		{"Mira's first", "second physio appointment", "Mira's first physio appointment", "second physio appointment"},
		{"the day I moved", "the day I started work", "the day I moved", "the day I started work"},
		{"I started the course", "my graduation", "I started the course", "my graduation"},
		{"lunch", "the evening meeting", "lunch", "the evening meeting"},
	}
	for _, c := range cases {
		a, b := completePair(c.a, c.b)
		if a != c.wantA || b != c.wantB {
			t.Errorf("completePair(%q, %q) = %q, %q; want %q, %q", c.a, c.b, a, b, c.wantA, c.wantB)
		}
	}
	ctx := "[2024-01-10 s1-t1] Lior: Meet Pepper, the kitten I brought home from the shelter today!\n" +
		"[2024-03-12 s2-t1] Lior: Big news, I adopted another kitten this morning.\n"
	checkReads(t, ctx, []readCase{{"How many months passed between Lior adopting Pepper and Moss?", "two months"}})
}

// copularSpans: what a copula says the question's head noun is, an
// infinitive's "to" dropped; not a judgement of it, nor a clause.
func TestCopularSpans(t *testing.T) {
	for _, c := range []struct{ q, text, want string }{
		{"What is Ines's main goal?", "My main goal is to open a bakery by the harbor.", "open a bakery by the harbor"},
		{"What was the purpose of the raffle?", "The purpose was funding the new library wing.", "funding the new library wing"},
		{"What was the view like?", "The view was really stunning.", ""},
		{"What kind of bread is Ines's favorite?", "Rye bread is great.", ""},
	} {
		q := analyze(c.q)
		want := []string{c.want}
		if c.want == "" {
			want = nil
		}
		checkSpans(t, []spanCase{{c.text, want}}, firstOnly(func(s *sentence) []span { return copularSpans(q, s, 10) }))
	}
}

// firstOnly keeps the first span a span finder reads.
func firstOnly(find func(*sentence) []span) func(*sentence) []span {
	return func(s *sentence) []span {
		sp := find(s)
		if len(sp) > 1 {
			sp = sp[:1]
		}
		return sp
	}
}

// beforeAlternative: the alternative set aside after "instead" or
// "rather than" is cut off; a word that only starts with the cue is not.
func TestBeforeAlternative(t *testing.T) {
	for in, want := range map[string]string{
		"8443 instead of 8080":                  "8443",
		"almond milk instead":                   "almond milk",
		"by region rather than by product line": "by region",
		"instead of the bus":                    "instead of the bus",
		"steady pace":                           "steady pace",
		"a fountain pen, not a pencil":          "a fountain pen, not a pencil",
		"a homestead in the hills":              "a homestead in the hills",
	} {
		if got := beforeAlternative(in); got != want {
			t.Errorf("%q: %q, want %q", in, got, want)
		}
	}
	ctx := "[2024-04-02 s1-t1] Odile: For the crumble I used almond butter instead of regular butter, and it turned out great.\n"
	checkReads(t, ctx, []readCase{{"What did Odile use for the crumble?", "almond butter"}})
}

// opensClause: "and" before a noun phrase with its own verb joins two
// clauses; before a plain noun phrase, or one with a relative clause
// ("the care people put into it", "the friends I've made"), it joins
// nouns.
func TestOpensClause(t *testing.T) {
	for text, want := range map[string]bool{
		"I'm a goalkeeper for the club and our first match is on Sunday.": true,
		"The service is written in Rust and the dashboard was slow.":      true,
		"We bought bread and the cheese platter for the picnic.":          false,
		"I miss the mountains and the friends I've made there.":           false,
		"I love the old engines and the care people put into them.":       false,
	} {
		s := newSentence(text, &unit{})
		got := false
		for i, tk := range s.toks {
			if tk.Lower == "and" {
				got = isBoundary(s, i)
			}
		}
		if got != want {
			t.Errorf("%q: \"and\" is a clause boundary: %v, want %v (tags %v)", text, got, want, s.tags())
		}
	}
	ctx := "[2024-02-11 s1-t1] Ines: I'm a goalkeeper for the club and our first match is on Sunday.\n"
	checkReads(t, ctx, []readCase{{"What is Ines's position on the club?", "goalkeeper"}})
}
