package reader

import (
	"strings"
	"testing"
	"time"
)

func TestFocusVerbAndRelativeDates(t *testing.T) {
	q := analyze("What event did John volunteer at last weekend?")
	if q.verbKey != stem("volunteer") || q.verbPrep != "at" {
		t.Errorf("focus verb %q %q, want %q at", q.verbKey, q.verbPrep, stem("volunteer"))
	}
	for _, f := range q.focus {
		if f == stem("last") || f == stem("weekend") {
			t.Errorf("relative date word %q is a focus term: %q", f, q.focus)
		}
	}
	if q := analyze("Did Nora plant basil?"); q.verbKey != "" {
		t.Errorf("yes/no question has a gap verb %q", q.verbKey)
	}
}

func TestObjectAndHeadSpans(t *testing.T) {
	ctx := "[2023-04-07 a] John: Last weekend I had an experience that reminded me of the impact we can make. I got to volunteer at a career fair at a local school, and it was incredible."
	if a := Read("What event did John volunteer at last weekend?", ctx, Options{}); a.Text != "career fair at a local school" {
		t.Errorf("object: %q", a.Text)
	}
	u := &unit{}
	s := newSentence("Last Monday I got to teach people vegan ice cream recipes on my own cooking show!", u)
	var got []string
	for _, h := range headSpans(analyze("What type of show did Nate host?"), s) {
		got = append(got, h.text)
	}
	if strings.Join(got, "|") != "cooking show" {
		t.Errorf("head spans %q, want [cooking show]", got)
	}
	// An identifier after the head names which one.
	got = nil
	for _, h := range headSpans(analyze("Which cabin did Nate book?"), newSentence("We stayed in cabin 7B by the lake, and the cabin next to it was free too.", u)) {
		got = append(got, h.text)
	}
	if strings.Join(got, "|") != "cabin 7B" {
		t.Errorf("head spans %q, want [cabin 7B]", got)
	}
	checkReads(t, "[2024-04-06 s1-t1] Nate: I booked the 9:05 ferry to the island, cabin 12 on the upper deck.\n", []readCase{{"Which cabin did Nate book on the ferry?", "cabin 12"}})
	// The object ends where the question's words begin.
	s = newSentence("I took my turtles to the beach in Tampa yesterday!", u)
	q := analyze("What did Nate take to the beach in Tampa?")
	got = nil
	for _, o := range objectSpans(q, s, anchorsOf(q, s), nil, 10) {
		got = append(got, o.text)
	}
	if strings.Join(got, "|") != "turtles" {
		t.Errorf("object spans %q, want [turtles]", got)
	}
}

func TestSeriesSpans(t *testing.T) {
	u := &unit{}
	for text, want := range map[string]string{
		"I made it with coconut milk, vanilla extract, sugar, and a pinch of salt.":   "coconut milk, vanilla extract, sugar, and a pinch of salt",
		"It had lots of great things like salads, sandwiches, and homemade desserts.": "salads, sandwiches, and homemade desserts",
		"We explored nature, roasted marshmallows and went on a hike.":                "explored nature, roasted marshmallows and went on a hike",
		"I like tea and coffee.": "",
	} {
		var got []string
		for _, sp := range seriesSpans(newSentence(text, u)) {
			got = append(got, sp.text)
		}
		if strings.Join(got, "|") != want {
			t.Errorf("%q: series %q, want %q", text, got, want)
		}
	}
}

func TestCountItems(t *testing.T) {
	ctx := `[2022-06-03 a] Joanna: After finishing my screenplay I got a rejection letter from a major company.
[2022-08-14 b] Joanna: Last week someone wrote me a letter after reading my blog post.
[2022-08-20 c] Joanna: I baked a cake for my family.`
	if a := Read("How many letters has Joanna received?", ctx, Options{}); a.Text != "two" {
		t.Errorf("count: %q (support %.2f)", a.Text, a.Support)
	}
}

func TestSiblingSentenceDate(t *testing.T) {
	ctx := "[2022-10-09 a] Nate: Something exciting happened last Friday. I went to a game convention and met new people."
	if a := Read("When did Nate go to a convention and meet new people?", ctx, Options{}); a.Text != "7 October 2022" {
		t.Errorf("sibling date: %q", a.Text)
	}
}

func TestChoiceByDate(t *testing.T) {
	if got := whOptions("Which gift did I buy first, the necklace for my sister or the photo album for my mom?"); strings.Join(got, "|") != "the necklace for my sister|the photo album for my mom" {
		t.Fatalf("options %q", got)
	}
	if got := whOptions("What did Nora plant?"); got != nil {
		t.Fatalf("options of a plain question: %q", got)
	}
	ctx := `[2023-03-02 a] User: I just bought a silver necklace for my sister's birthday.
[2023-02-10 b] User: I got a photo album for my mom, she loves old pictures.`
	if a := Read("Which gift did I buy first, the necklace for my sister or the photo album for my mom?", ctx, Options{}); a.Text != "the photo album for my mom" {
		t.Errorf("first: %q (type %s)", a.Text, a.Type)
	}
	if a := Read("Which gift did I buy more recently, the necklace for my sister or the photo album for my mom?", ctx, Options{}); a.Text != "the necklace for my sister" {
		t.Errorf("more recently: %q (type %s)", a.Text, a.Type)
	}
}

func TestContractionsAndVocatives(t *testing.T) {
	for w, want := range map[string]bool{"it'll": true, "what're": true, "that'd": true, "rock'n'roll": false, "don't": false} {
		if contraction(w) != want {
			t.Errorf("contraction(%q) = %v", w, !want)
		}
	}
	ctx := "[2023-05-04 a] Maria: Thanks, John! It had lots of great things like salads, sandwiches, and homemade desserts."
	if a := Read("What kind of food did Maria have on her dinner spread?", ctx, Options{}); a.Text == "John" || strings.Contains(a.Text, "It'll") {
		t.Errorf("vocative answered: %q", a.Text)
	}
}

func TestAppositiveName(t *testing.T) {
	ctx := "[2023-06-27 a] Caroline: This necklace is a gift from my grandma in my home country, Sweden. She gave it to me when I was young."
	if a := Read("What country is Caroline's grandma from?", ctx, Options{}); a.Text != "Sweden" {
		t.Errorf("appositive: %q", a.Text)
	}
}

func TestSubjectHead(t *testing.T) {
	for q, want := range map[string]string{
		"What is Nate's favorite video game?":     "game",
		"What is Caroline's relationship status?": "status",
		"What was the name of the pet?":           "name",
		"What is happening?":                      "",
	} {
		if got := analyze(q).head; got != want {
			t.Errorf("%q: head %q, want %q", q, got, want)
		}
	}
}

// A free-phrase question that ends in a preposition asks for that
// preposition's object ("what is it about" → what follows "about").
func TestReadStrandedPrepWhat(t *testing.T) {
	ctx := "[2024-03-09 s5-t1] Ines: My new workshop starts in May. I wrote it because it's personal. It's about grief, exile, and forgiveness.\n"
	checkReads(t, ctx, []readCase{{"What is Ines's new workshop about?", "grief, exile, and forgiveness"}})
	if q := analyzeAt("What did Ines bring to the workshop on 9 May?", time.Time{}); q.gapPrep != "" {
		t.Errorf("a dated question: gap preposition %q, want none", q.gapPrep)
	}
}

// "previous" (or "earlier") before a noun of the content is a focus term
// ("my previous job"); before a noun that names the conversation ("our
// previous chat") it frames the question and is none.
func TestPreviousAsContent(t *testing.T) {
	for q, want := range map[string]bool{
		"What was my previous job?":                              true,
		"In our previous chat, which cafe did you recommend?":    false,
		"What did you say in our earlier conversation about it?": false,
	} {
		got := false
		for _, f := range analyzeAt(q, time.Time{}).focus {
			if f == stem("previous") || f == stem("earlier") {
				got = true
			}
		}
		if got != want {
			t.Errorf("%q: \"previous\" is a focus term: %v, want %v", q, got, want)
		}
	}
	ctx := "[2024-05-23 s1-t1] User: I used Asana a lot in my previous role as a school librarian, so I know boards well.\n"
	checkReads(t, ctx, []readCase{{"What was my previous job?", "role as a school librarian"}})
}

// A noun that ends in -s in the singular too ("news", "series") asks for
// no list by its form.
func TestInvariantNounNoList(t *testing.T) {
	for q, want := range map[string]bool{
		"What news did Ines share on Friday?": false,
		"Which TV series is Ines watching?":   false,
		"What books did Ines buy?":            true,
	} {
		if got := analyzeAt(q, time.Time{}).list; got != want {
			t.Errorf("%q: list %v, want %v", q, got, want)
		}
	}
}

// A noun derived from a verb matches the verb where the stemmer leaves
// them apart ("decision" / "decide", "flight" / "fly").
func TestDerivedNounMatchesVerb(t *testing.T) {
	for noun, verb := range map[string]string{"decision": "decided", "flight": "flew", "choice": "chose", "loss": "lost"} {
		if stem(noun) != stem(verb) {
			t.Errorf("stem(%q) = %q, stem(%q) = %q; want equal", noun, stem(noun), verb, stem(verb))
		}
	}
	if stem("gift") == stem("gave") {
		t.Errorf("\"gift\" matches \"gave\"")
	}
	ctx := "[2024-02-02 s1-t1] Ines: Big week. Our final decision on the venue: the old library by the river.\n" +
		"[2024-02-03 s1-t2] Ines: I also repainted the garden fence.\n"
	checkReads(t, ctx, []readCase{{"What did Ines decide about the venue?", "old library by the river"}})
}

// Do-support finds the verb after a coordinated subject: two names, or a
// name and a possessive noun phrase.
func TestCoordinatedSubjectVerb(t *testing.T) {
	for _, tc := range []struct{ q, verb, prep string }{
		{"What did Ines and her brother cook on the boat?", "cook", "on"},
		{"What did Ines and Omar argue about at the bench?", "argue", "about"},
		{"What did Ines cook on the boat?", "cook", "on"},
		{"When did Ines and Omar first meet?", "meet", ""},
		{"What did Ines and her two sisters watch?", "watch", ""},
		{"What did Ines and her old college roommate visit?", "visit", ""},
		{"What did Ines and her friend Sara bake?", "bake", ""},
		{"What did Omar's kids paint?", "paint", ""},
		{"What did Omar's kids paint yesterday?", "paint", ""},
		{"What did Ines and Omar's daughter paint?", "paint", ""},
		{"What did Ines and Omar eventually buy?", "buy", ""},
		{"What did Ines and her husband travel to see?", "see", ""},
		// a verb ending in -ly is no adverb
		{"What did Ines reply yesterday?", "reply", ""},
		{"What did Omar apply for online?", "apply", "for"},
	} {
		q := analyze(tc.q)
		if q.verbKey != stem(tc.verb) || q.verbPrep != tc.prep {
			t.Errorf("%q: focus verb %q %q, want %q %q", tc.q, q.verbKey, q.verbPrep, stem(tc.verb), tc.prep)
		}
	}
	ctx := "[2024-06-01 a] Ines: The boat trip was great. My brother and I made fish stew on the boat, and we also took lots of photos of the cliffs."
	if a := Read("What did Ines and her brother make on the boat?", ctx, Options{}); a.Text != "fish stew" {
		t.Errorf("answer %q, want %q", a.Text, "fish stew")
	}
}

// Adjectives coordinated before the head noun are part of its phrase
// ("electronic and rock music"); after a noun the coordination joins two
// noun phrases ("pasta and red wine"), and an adjective after a copula
// is a predicate of another clause.
func TestHeadSpansCoordinatedModifiers(t *testing.T) {
	u := &unit{}
	for _, c := range []struct{ q, text, want string }{
		{"What kind of music does Omar like?", "Omar mostly plays electronic and rock music at home.", "electronic and rock music"},
		{"What kind of lighting does the den have?", "We put in soft and warm lighting last week.", "soft and warm lighting"},
		{"What kind of wine does Ines like?", "I love pasta and red wine.", "red wine"},
		{"What kind of bread did Ines bake?", "Ines baked apples and banana bread for the fair.", "banana bread"},
		{"What kind of views did Ines see?", "The hike was long and mountain views were worth it.", "mountain views"},
		// a predicate adjective after a pronoun, and a noun phrase
		// with its own verb, are no coordinated modifiers
		{"What kind of food does Mia like?", "When I cook I keep it simple and Italian food is my favorite.", "Italian food"},
		{"What kind of shoes does Ines want?", "I want something comfortable and running shoes are perfect.", "running shoes"},
		{"What kind of food did Omar eat?", "We arrived late and Korean food was all that was open.", "Korean food"},
		{"What kind of lighting did Mia pick?", "The red and purple lighting was perfect for the party.", "red and purple lighting"},
		{"What kind of bread does Lia bake?", "Soft and crusty bread is my specialty.", "Soft and crusty bread"},
		{"What kind of music helps Lia run?", "Honestly, loud and fast music helps me run.", "loud and fast music"},
		{"What kind of socks did Lia get him?", "I got him warm and fuzzy socks for Christmas.", "warm and fuzzy socks"},
	} {
		var got []string
		for _, h := range headSpans(analyze(c.q), newSentence(c.text, u)) {
			got = append(got, h.text)
		}
		if strings.Join(got, "|") != c.want {
			t.Errorf("%q: head spans %q, want [%s]", c.text, got, c.want)
		}
	}
}

// A date that closes a phrase ("by June", "today", "on 3 May") is no part
// of the thing the phrase names.
func TestReadClosingDateCut(t *testing.T) {
	checkReads(t, "[2023-03-15 a] User: My violin teacher wants me to learn Meditation from Thaïs by June.\n", []readCase{
		{"What piece does my violin teacher want me to learn?", "Meditation from Thaïs"},
	})
}
