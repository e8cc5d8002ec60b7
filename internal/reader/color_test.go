package reader

import (
	"strings"
	"testing"
)

// A colour question takes the colour term, with its lightness modifier, a
// joined second colour or a "shade of" phrase, not the phrase the
// question's words are nearest to.
func TestReadColor(t *testing.T) {
	ctx := "[2024-02-03 s1-t1] User: I finally repainted the hallway last weekend, and we went with a darker shade of green.\n" +
		"[2024-02-10 s2-t1] User: The new rug in the study has red and orange stripes on a cream background.\n" +
		"[2024-02-12 s3-t1] Assistant: In the sketch, the kite is drawn with a light blue tail flying over the dunes.\n"
	checkReads(t, ctx, []readCase{
		{"What color did I repaint the hallway?", "darker shade of green"},
		{"What colour is the tail of the kite in the sketch?", "light blue"},
	})
}

// Colour spans: modifiers, joined terms, hyphenated terms and "shade of".
func TestColorSpans(t *testing.T) {
	checkSpans(t, []spanCase{
		{"The walls are pale yellow and the door is navy.", []string{"pale yellow", "navy"}},
		{"It has red and purple lighting.", []string{"red and purple"}},
		{"A lighter shade of gray would suit it.", []string{"lighter shade of gray"}},
		{"We saw nothing unusual.", nil},
	}, func(s *sentence) []span { return colorSpans(s, nil) })
}

// spanCase is a sentence and the texts of the spans a span finder should
// read from it, in order.
type spanCase struct {
	text string
	want []string
}

// checkSpans runs a span finder over each case's sentence and compares the
// spans' texts with the wanted ones.
func checkSpans(t *testing.T, cases []spanCase, find func(s *sentence) []span) {
	t.Helper()
	for _, c := range cases {
		var got []string
		for _, sp := range find(newSentence(c.text, &unit{})) {
			got = append(got, sp.text)
		}
		if strings.Join(got, "|") != strings.Join(c.want, "|") || len(got) != len(c.want) {
			t.Errorf("%q: got %q, want %q", c.text, got, c.want)
		}
	}
}

// A colour term inside a capitalized name is a named colour: the name
// answers ("Sea Salt Green", not "Green").
func TestReadNamedColor(t *testing.T) {
	checkReads(t, "[2023-04-11 a] User: I finally picked a color for the hallway — Sea Salt Green from Sherwin-Williams.\n", []readCase{
		{"What color did I pick for the hallway?", "Sea Salt Green"},
	})
}

// A lone capitalized colour word is a name ("my friend Ruby"), and so is a
// place that opens with one ("Forest Hills Mall"): neither is the colour.
func TestColorNotAName(t *testing.T) {
	checkEach(t, []ctxCase{
		{"What color is the tablecloth?", "[2024-03-10 a] User: The tablecloth my friend Ruby gave me is white.\n", "white"},
		{"What color are the curtains?", "[2024-03-10 a] User: The curtains I got at Forest Hills Mall are yellow.\n", "yellow"},
	})
}
