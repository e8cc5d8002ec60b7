package reader

import "testing"

// A phrase that ends at a comma opening a series runs on to the series'
// last item; a series whose later item is an example, a purpose or a
// clause does not extend it.
func TestPhraseRunsThroughSeries(t *testing.T) {
	ctx := "[2024-03-02 s1-t1] Ines: I finished the novel last night. It's a gripping story about friendship, loss, and finding your way home.\n" +
		"[2024-03-09 s2-t1] Omar: The picnic was lovely, we had lots of good things like samosas, fruit salad, and lemon bars.\n" +
		"[2024-03-16 s3-t1] Ines: I've been focusing on community gardens, like the one on our street, to help neighbours and grow food.\n" +
		"[2024-03-23 s4-t1] Omar: I'm reading a book about Lincoln, Ana lent it to me, and Tom wants it next.\n"
	checkReads(t, ctx, []readCase{
		{"What is Omar reading?", "book about Lincoln"},
		{"What is the novel about according to Ines?", "gripping story about friendship, loss, and finding your way home"},
		{"What kind of food did Omar serve at the picnic?", "lots of good things like samosas, fruit salad, and lemon bars"},
		{"What has Ines been focusing on lately?", "community gardens"},
	})
}

// itemOpens: a later item of a series opens with a content word or a
// determiner, not with a pronoun subject, a subordinator or an example
// marker.
func TestItemOpens(t *testing.T) {
	text := "love , it , because , like , the dog , running"
	s := &sentence{text: text, toks: words(text)}
	want := map[int]bool{0: true, 2: false, 4: false, 6: false, 8: true, 11: true}
	for i, w := range want {
		if got := itemOpens(s, i); got != w {
			t.Errorf("itemOpens(%q) = %v, want %v", s.toks[i].Text, got, w)
		}
	}
}

// A last conjunct that is no item (a time phrase opening a clause) ends
// the series before it; the items before it still run on.
func TestPhraseRunsThroughSeriesToLastItem(t *testing.T) {
	ctx := "[2024-03-02 s1-t1] Omar: It is a moving film about rivers, forests, farmers, and last week I watched it twice.\n" +
		"[2024-03-09 s2-t1] Lia: It is an exhibit about maps, ships, and May Day traditions in Europe.\n" +
		"[2024-03-16 s3-t1] Ines: It is a book about grief, hope, and finally letting go.\n"
	checkReads(t, ctx, []readCase{
		{"What is the documentary about according to Omar?", "moving film about rivers, forests, farmers"},
		{"What is the exhibit about according to Lia?", "maps, ships, and May Day traditions in Europe"},
		{"What is the book about according to Ines?", "grief, hope, and finally letting go"},
	})
}

// itemOpens: a time phrase that opens a clause opens no item; one that
// modifies a noun, a capitalized month that is also a modal, and an
// adverb do.
func TestItemOpensTimeClauses(t *testing.T) {
	s := newSentence("We packed maps, and last week we bought tents, and May Day flags, and Sunday brunch, and finally a stove.", &unit{})
	want := map[string]bool{"last": false, "may": true, "sunday": true, "finally": true, "maps": true}
	for i, tk := range s.toks {
		if w, ok := want[tk.Lower]; ok {
			if got := itemOpens(s, i); got != w {
				t.Errorf("itemOpens(%q) = %v, want %v", tk.Text, got, w)
			}
		}
	}
}

// A last conjunct after ", and" that opens a clause leaves the items
// before it as the series; without the serial comma there is none.
func TestSeriesBeforeClauseConjunct(t *testing.T) {
	for text, want := range map[string]string{
		"I like jazz, blues, and it helps me relax.":                "jazz, blues",
		"I love hiking, photography, and I've started pottery too.": "love hiking, photography",
		"I like jazz and it helps me relax.":                        "",
		"We ate ramen, gyoza, and mochi at the market.":             "ate ramen, gyoza, and mochi at the market",
	} {
		got := ""
		for _, sp := range seriesSpans(newSentence(text, &unit{})) {
			got += sp.text
		}
		if got != want {
			t.Errorf("seriesSpans(%q) = %q, want %q", text, got, want)
		}
	}
}
