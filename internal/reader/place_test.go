package reader

import "testing"

// A where-question is answered by the phrase a locative preposition
// introduces, not by the clause around it.
func TestReadPlacePhrase(t *testing.T) {
	cases := []ctxCase{
		{"Where does Ines store her winter boots?",
			"[2024-02-03] Ines: I have been storing the boots behind the old sofa for months.", "old sofa"},
		{"Where did Tomas lose his scarf?",
			"[2024-02-03] Tomas: I lost the scarf somewhere in a crowded food market, sadly.", "crowded food market"},
		{"Where does Ines like to read?",
			"[2024-02-03] Ines: Mostly I read sitting on a bench by the river with tea.", "bench by the river"},
	}
	checkEach(t, cases)
}

func TestPlacePhrases(t *testing.T) {
	cases := []struct {
		text string
		end  int // the tokens read, 0 for all
		want []string
		fits []float64
	}{
		// "to" before a verb is no preposition; a coordinated head is one
		// place; a name runs on past the phrase
		{"We want to move near a lake or river soon.", 0, []string{"lake or river"}, []float64{1}},
		{"We drove into the Blue Ridge Mountains with friends.", 6, []string{"Blue Ridge Mountains"}, []float64{1}},
		{"She dove into the world of pottery.", 0, []string{"world"}, []float64{genericPlaceFit}},
		{"I met her at a cafe on Elm Street.", 0, []string{"cafe on Elm Street"}, []float64{1}},
	}
	for _, c := range cases {
		s := newSentence(c.text, &unit{})
		end := c.end
		if end == 0 {
			end = len(s.toks)
		}
		got := placePhrases(s, 0, end)
		if len(got) != len(c.want) {
			t.Errorf("%s: %d phrases %v, want %q", c.text, len(got), got, c.want)
			continue
		}
		for i, p := range got {
			if p.text != c.want[i] || p.fit != c.fits[i] {
				t.Errorf("%s: %q fit %.2f, want %q fit %.2f", c.text, p.text, p.fit, c.want[i], c.fits[i])
			}
		}
	}
}

// A name that ends in a date word names a day ("Palm Sunday"), not a
// place or a person.
// A month or weekday name is not one either, though the sentence does not
// date anything by it.
func TestReadPlaceNotDayName(t *testing.T) {
	cases := []ctxCase{
		{"Where did Ines sing in the choir?",
			"[2024-03-30] Ines: I sang in the choir for the Palm Sunday mass at the Brigid Chapel.", "Brigid Chapel"},
		{"Where did Tomas and Ines meet Luis to start the band?",
			"[2024-03-30] Tomas: It all started August last year when we met at a pottery studio.", "pottery studio"},
	}
	checkEach(t, cases)
}

// "What kind of place" is answered by the place noun with its modifiers;
// "which city" asks for a name, not for such a phrase.
func TestReadPlaceHeadPhrase(t *testing.T) {
	cases := []ctxCase{
		{"What kind of place does Ines want to open someday?",
			"[2024-03-30] Ines: Someday I hope to open a small reading place for kids.", "small reading place"},
		{"Which city did Tomas recommend to Ines?",
			"[2024-03-30] Tomas: You should see Porto, it is a charming city.", "Porto"},
	}
	checkEach(t, cases)
}

// A title's dot stays inside a name ("St. Agnes Chapel", "Dr. Dre"), and
// a name after "at the" is said as a place as one after "at" is.
func TestReadTitledPlaceAndArticle(t *testing.T) {
	ctx := "[2023-07-20 a] User: The ceremony will be at St. Agnes Chapel and the dinner at the Harbor Loft.\n"
	checkEach(t, []ctxCase{
		{"Where is the ceremony?", ctx, "St. Agnes Chapel"},
		{"Where is the dinner?", ctx, "Harbor Loft"},
	})
}

// A sentence below the answer pool that names a thing of the question's
// head noun's kind ("the place on Oak Street" for "which street") is read
// too.
func TestReadHeadKindBelowPool(t *testing.T) {
	ctx := "[2023-10-02 a] Jonas: We moved into the new apartment yesterday, boxes everywhere.\n" +
		"[2023-10-02 b] Priya: Congrats!! Where is it?\n" +
		"[2023-10-02 c] Jonas: We picked the place on Oak Street because it's close to work.\n"
	checkReads(t, ctx, []readCase{{"Which street is Jonas's new apartment on?", "Oak Street"}})
}

// A work's title stops before a venue ("Dune at the IMAX"); an
// apposition that is a list's next item is no name ("the museum,
// Central Park and the zoo"); a name before a common noun after "in
// the" is a modifier, not a place ("in the Marketing department at
// Nike").
func TestTitleAndPlaceEdges(t *testing.T) {
	checkEach(t, []ctxCase{
		{"What movie did we watch?", "[2024-03-10 a] User: We watched Dune at the IMAX downtown.\n", "Dune"},
		{"Where did we go on Saturday morning?", "[2024-03-10 a] User: On Saturday morning we went to the museum.\n[2024-03-11 b] User: This weekend we saw the museum, Central Park and the zoo.\n", "museum"},
		{"Where is my sister working?", "[2024-03-10 a] User: My sister works in the Marketing department at Nike.\n", "Nike"},
	})
}
