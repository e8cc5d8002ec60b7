package reader

import "testing"

// A who-question is answered by the person noun phrase of a clause, not by
// the clause around the person noun.
func TestReadPersonPhrase(t *testing.T) {
	cases := []ctxCase{
		{"Who taught Ines to bake sourdough?",
			"[2024-02-03] Ines: My grandmother taught me to bake sourdough every winter.", "grandmother"},
		{"Who did Tomas go hiking with?",
			"[2024-02-03] Tomas: I went hiking on a rainy trail with a cheerful old neighbor.", "cheerful old neighbor"},
		{"Who did Tomas visit the museum with?",
			"[2024-02-03] Tomas: I visited the museum with my younger sister and loved the old maps.", "younger sister"},
	}
	checkEach(t, cases)
}

func TestPersonPhrases(t *testing.T) {
	s := newSentence("We ran into my best friend Maya and her two kids at the pier.", &unit{})
	var got []string
	for _, p := range personPhrases(s, 0, len(s.toks)) {
		got = append(got, p.text)
	}
	if len(got) != 2 || got[0] != "best friend Maya" || got[1] != "kids" {
		t.Errorf("personPhrases = %q, want [best friend Maya kids]", got)
	}
}

// A name set off by commas right after a noun is in apposition to it; after
// a verb or a greeting, or at the sentence's end, it addresses the
// listener.
func TestVocativeApposition(t *testing.T) {
	cases := []struct {
		text, name string
		want       bool
	}{
		{"At the shelter I met a kind woman, Marta, who sings.", "Marta", false},
		{"I know, Marta, it is hard.", "Marta", true},
		{"Nice work, Marta!", "Marta", true},
		// a response particle opening the sentence, with or without
		// its comma
		{"Yes Marta, I remember the trip.", "Marta", true},
		{"Sure, Marta, I can bring the map.", "Marta", true},
		// not when the name goes on into the sentence as its subject
		{"Yeah, Lisbon was lovely in May.", "Lisbon", false},
		{"No Parking is what the sign says.", "Parking", false},
		// "no" inside a sentence is a determiner
		{"We found no Starbucks in the old town.", "Starbucks", false},
	}
	for _, c := range cases {
		s := newSentence(c.text, &unit{})
		for i, tk := range s.toks {
			if tk.Text == c.name {
				if got := vocative(s, i, i+1); got != c.want {
					t.Errorf("%s: vocative %v, want %v", c.text, got, c.want)
				}
			}
		}
	}
}

// A who- or where-question that strands its preposition is answered by
// that preposition's object.
func TestStrandedPrep(t *testing.T) {
	for q, want := range map[string]string{
		"Who did Ines travel with?":             "with",
		"Who did I go with to the concert?":     "with",
		"Who did Ines sing with last winter?":   "with",
		"Where did Tomas buy his bike from?":    "from",
		"Who did Tomas go to the zoo with?":     "with",
		"Who gave Ines the old map?":            "",
		"Where did Tomas go to school in 2010?": "",
	} {
		if got := analyze(q).gapPrep; got != want {
			t.Errorf("%s: gapPrep %q, want %q", q, got, want)
		}
	}
	q, ctx := "Who did Ines sing with last winter?", "[2024-02-03] Ines: Last winter I sang with a local choir, and my sister came to listen."
	if a := Read(q, ctx, Options{Threshold: 0.01}); a.Text != "local choir" {
		t.Errorf("%s: %q, want %q", q, a.Text, "local choir")
	}
}

// A person named by role in the answer's sentence and by role and name in
// another one is answered by the name.
func TestReadPersonNamedElsewhere(t *testing.T) {
	q := "Who did Tomas go running with?"
	ctx := "[2024-02-03] Tomas: I went running with a neighbor this morning, it was great. " +
		"By the way, my neighbor Ivo is training for a marathon."
	if a := Read(q, ctx, Options{Threshold: 0.01}); a.Text != "Ivo" {
		t.Errorf("%s: %q, want %q", q, a.Text, "Ivo")
	}
}

// A "who" question takes a name, a person or a body of people; a colour
// question a colour term. A context that holds no answer of the asked
// form gives none (the reader abstains), not the words near the focus.
func TestReadAnswerOfAskedFormOrNone(t *testing.T) {
	ctx := "[2023-02-14 a] User: On my commute I listen to the Coffee Break French podcast.\n" +
		"[2023-05-08 b] User: I repainted the bathroom last Saturday, it took the whole day.\n"
	checkEach(t, []ctxCase{
		{"Who recommended the Coffee Break French podcast?", ctx, Abstain},
		{"What color did I paint the bathroom?", ctx, Abstain},
	})
	ctx = "[2023-05-20 a] Calvin: I invited my old high school buddy to the show in Boston.\n" +
		"[2023-05-22 b] Calvin: We teamed up with a local organization to raise funds.\n"
	checkEach(t, []ctxCase{
		{"Who did Calvin invite to the show in Boston?", ctx, "old high school buddy"},
		{"Who did Calvin team up with to raise funds?", ctx, "local organization"},
	})
}

// The person a question names by role ("my coach") is no answer to a
// question about something else, though named beside the role ("Coach
// Dana recommended …").
func TestReadRoleNameOfQuestionPerson(t *testing.T) {
	ctx := "[2023-09-10 a] User: Coach Dana recommended I read \"Born to Run\" before we start the program.\n"
	checkEach(t, []ctxCase{{"What book did my coach recommend?", ctx, "Born to Run"}})
}

// "What's the name of my son's teacher" asks for the person the role
// names ("His teacher, Ms. Ortiz"), not another name of the sentence; a
// title's name runs on past its dot ("the role of Mrs. Malaprop").
func TestReadNameOfRole(t *testing.T) {
	checkReads(t, "[2024-09-09 a] User: Leo started daycare this week. His teacher, Ms. Ortiz, says he cried only the first morning.\n", []readCase{
		{"What's the name of my son's daycare teacher?", "Ms. Ortiz"},
	})
	checkEach(t, []ctxCase{{"What role did Nadia get in the play?", "[2024-10-01 a] Nadia: The cast list went up! I got the role of Mrs. Malaprop.\n", "Mrs. Malaprop"}})
	if q := analyze("What's the name of my son's teacher?"); q.typ != TypePerson || q.head != "teacher" {
		t.Errorf("analyze: type %v head %q, want person, teacher", q.typ, q.head)
	}
}

// The asked-form filter keeps plural and trade nouns for "who" ("my
// neighbors", "the landlord", "the in-laws") and the colour terms beyond
// the basic ones ("sage", "forest green").
func TestAskedFormKeepsCommonAnswers(t *testing.T) {
	checkEach(t, []ctxCase{
		{"Who helped me move?", "[2024-03-10 a] User: My neighbors helped me move.\n", "neighbors"},
		{"Who fixed the sink?", "[2024-03-10 a] User: The landlord fixed the sink on Monday.\n", "landlord"},
		{"What color did I paint the fence?", "[2024-03-10 a] User: I painted the fence forest green last weekend.\n", "forest green"},
		{"What color did we paint the nursery?", "[2024-03-10 a] User: We painted the nursery sage, it's so calming.\n", "sage"},
	})
}

// A weekday name is capitalized but names no one: "who fills the pill
// organizer" is answered by the person, not "Sundays".
func TestPersonNotWeekday(t *testing.T) {
	checkReads(t, "[2025-06-23 a] User: Ines is taking over watering the plants on Sundays from next month.\n", []readCase{
		{"Who waters the plants these days?", "Ines"},
	})
	if !weekdayName("Sundays") || !weekdayName("Friday") || weekdayName("June") {
		t.Error("weekdayName: want Sundays and Friday, not June")
	}
}
