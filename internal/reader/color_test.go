package reader

import "testing"

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
	cases := []struct {
		text string
		want []string
	}{
		{"The walls are pale yellow and the door is navy.", []string{"pale yellow", "navy"}},
		{"It has red and purple lighting.", []string{"red and purple"}},
		{"A lighter shade of gray would suit it.", []string{"lighter shade of gray"}},
		{"We saw nothing unusual.", nil},
	}
	for _, c := range cases {
		s := &sentence{text: c.text, toks: words(c.text)}
		var got []string
		for _, sp := range colorSpans(s, nil) {
			got = append(got, sp.text)
		}
		if len(got) != len(c.want) {
			t.Errorf("%q: got %q, want %q", c.text, got, c.want)
			continue
		}
		for i := range got {
			if got[i] != c.want[i] {
				t.Errorf("%q: got %q, want %q", c.text, got, c.want)
			}
		}
	}
}
