package reader

import (
	"strings"
	"testing"

	"github.com/memarena/memarena/internal/nlp"
)

func TestConcealedQuestion(t *testing.T) {
	cases := []struct {
		q        string
		head     string
		typ      Type
		list     bool
		preamble string // a stem that must weigh preambleWeight
	}{
		{"I'm heading to Lisbon soon and I was wondering if you could remind me of that tiny shop with the custard tarts?", "shop", TypeOrg, false, stem("heading")},
		{"Can you remind me of the scenic trails you suggested near the lake?", "trails", TypePhrase, true, ""},
		{"Could you tell me about the podcast you recommended for beginners?", "podcast", TypePhrase, false, ""},
	}
	for _, c := range cases {
		q := analyze(c.q)
		if q.head != c.head || q.typ != c.typ || q.list != c.list {
			t.Errorf("%q: head %q type %v list %v, want %q %v %v", c.q, q.head, q.typ, q.list, c.head, c.typ, c.list)
		}
		if c.preamble != "" && q.weight(c.preamble) != preambleWeight {
			t.Errorf("%q: weight(%q) = %v, want %v", c.q, c.preamble, q.weight(c.preamble), preambleWeight)
		}
	}
	// an embedded wh-clause or "if" is no concealed question
	for _, q := range []string{"Can you remind me what the bakery was called?", "Could you tell me if the bakery opens early?"} {
		if np := concealedQuestion(lower(words(q))); np != -1 {
			t.Errorf("%q: concealed at %d", q, np)
		}
	}
	ctx := "[2023-04-02 s1#3] Assistant: Lisbon has lovely food. For dessert there is Pastelaria Aurora, a tiny bakery in Alfama with custard tarts. Also visit the old tram line."
	if a := Read("I'm going to Lisbon again and I was wondering if you could remind me of the name of that tiny bakery with the custard tarts?", ctx, Options{}); a.Text != "Pastelaria Aurora" {
		t.Errorf("answer %q", a.Text)
	}
}

func TestAppositiveWithArticle(t *testing.T) {
	s := newSentence("Stop by Casa Verde, a cozy vegan cafe near the park.", &unit{})
	q := analyze("Which cafe did you suggest?")
	got := appositiveSpans(q, s)
	if len(got) != 1 || got[0].text != "Casa Verde" {
		t.Errorf("spans %+v", got)
	}
	// after "is" an article classifies the whole subject: no span
	s = newSentence("Tales of Mira for Switch is a calm game.", &unit{})
	if got := appositiveSpans(analyze("Which game did you suggest?"), s); len(got) != 0 {
		t.Errorf("spans %+v", got)
	}
}

func lower(toks []nlp.Token) []string {
	out := make([]string, len(toks))
	for i, t := range toks {
		out[i] = t.Lower
	}
	return out
}

// checkAppositives checks the appositive spans of each sentence for q
// (joined with "|").
func checkAppositives(t *testing.T, q question, want map[string]string) {
	t.Helper()
	for text, w := range want {
		var got []string
		for _, sp := range appositiveSpans(q, newSentence(text, &unit{})) {
			got = append(got, sp.text)
		}
		if strings.Join(got, "|") != w {
			t.Errorf("%q: spans %q, want %q", text, got, w)
		}
	}
}

func TestListLabelAppositive(t *testing.T) {
	checkAppositives(t, analyze("Can you remind me of the inn you suggested by the pier?"), map[string]string{
		"Harbor Lights - this cozy inn sits right by the pier.":       "Harbor Lights",
		"House of the Gulls: a small inn by the pier with six rooms.": "House of the Gulls",
		"If you like quiet, a small inn by the pier is best.":         "",
	})
	// a clause before the dash is no label: the phrase after the dash
	// classifies the clause's subject when that is a thing, or nothing
	checkAppositives(t, analyze("What was Ines's gift to her nephew?"), map[string]string{
		"This brass compass is really special to him - a gift from Ines.": "This brass compass",
		// a person is no gift
		"My sister loved the scarf - a gift from Ines.":           "",
		"Tomas loved the scarf - a gift from Ines.":               "",
		"This little lamp lights up my room - a gift from Ines.":  "This little lamp",
		"I had a long week - a gift from my boss made it better.": "",
	})
	ctx := "[2023-06-11 s2#4] Assistant: Here are some places to stay:\n1. Bay Rooms - a budget hotel in the old town.\n2. Harbor Lights - this cozy inn sits right by the pier and serves breakfast.\n3. Sea Star - a hostel near the station."
	if a := Read("I'm heading back to the coast and I was wondering if you could remind me of the inn by the pier that serves breakfast?", ctx, Options{}); a.Text != "Harbor Lights" {
		t.Errorf("answer %q", a.Text)
	}
}

func TestQuotedAppositive(t *testing.T) {
	checkAppositives(t, analyze("Can you remind me of that silent film you mentioned?"), map[string]string{
		"A good example is the silent film, “The Lantern Road,” which toured every village.": "The Lantern Road,",
		"Another silent film called “Paper Moon” was banned.":                                "",
	})
	ctx := "[2023-03-09 s3#2] Assistant: Satire thrived on screen. A good example is the silent film, “The Lantern Road,” which mocked the old court. Radio plays did the same."
	if a := Read("I was wondering if you could remind me of that silent film that mocked the court?", ctx, Options{}); a.Text != "Lantern Road" {
		t.Errorf("answer %q", a.Text)
	}
}

func TestListIntroduction(t *testing.T) {
	q := analyze("Could you remind me of the two bakeries you suggested that bake sourdough like Crumb & Co?")
	if q.head != "bakeries" || !q.list {
		t.Errorf("head %q list %v: a number before the head noun is skipped", q.head, q.list)
	}
	ctx := "[2023-08-02 s5#2] Assistant: As a Lisbon guide, I can name two bakeries that bake sourdough like Crumb & Co:\n" +
		"1. Forno Alto - this family bakery opened in 1990.\n" +
		"2. Pao Vivo - a small bakery with a wood oven.\n" +
		"Both are open on Sundays."
	units := parseLayout(ctx)
	var sents []*sentence
	byUnit := make([][]*sentence, len(units))
	for i := range units {
		for k, st := range splitSentences(units[i].text) {
			s := newSentence(st, &units[i])
			s.pos, s.nth = len(sents), k
			sents = append(sents, s)
			byUnit[i] = append(byUnit[i], s)
		}
		units[i].sents = byUnit[i]
	}
	sc := newScorer(q, sents, byUnit)
	var got []string
	for _, s := range listAfter(sents[0], sc) {
		got = append(got, s.text)
	}
	if want := "Forno Alto - this family bakery opened in 1990.|Pao Vivo - a small bakery with a wood oven."; strings.Join(got, "|") != want {
		t.Errorf("listAfter %q", got)
	}
	if got := listAfter(sents[1], sc); got != nil {
		t.Errorf("an item introduces nothing: %q", got[0].text)
	}
	if a := Read(q.text, ctx, Options{}); a.Text != "Forno Alto, Pao Vivo" {
		t.Errorf("answer %q", a.Text)
	}
}
