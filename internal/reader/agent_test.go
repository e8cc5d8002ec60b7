package reader

import "testing"

// agentVerb: "what" followed by a finite lexical verb asks for the verb's
// agent; "what happened", a verb read as a noun ("what causes does …")
// and do-support questions do not.
func TestAgentVerb(t *testing.T) {
	for q, want := range map[string]string{
		"What inspired Lorna's new mural?":                "inspir",
		"What helps Tobias stay calm before exams?":       "help",
		"What has motivated you to keep running?":         "motiv",
		"What happened to the old bakery?":                "",
		"What causes does Tobias donate to?":              "",
		"What did Lorna paint last week?":                 "",
		"What is the name of Lorna's dog?":                "",
		"What kind of music inspires Tobias the most?":    "",
		"How did the new schedule help Tobias and Lorna?": "",
	} {
		if got := agentVerb(mainQuestion(q)); got != want {
			t.Errorf("%q: agent verb %q, want %q", q, got, want)
		}
	}
}

// agentSpans: the subject before the verb, or the phrase after "by" in
// the passive; a pronoun subject, a passive without its agent, a
// relative clause's verb and the verb's noun give none.
func TestAgentSpans(t *testing.T) {
	key := stem("inspired")
	checkSpans(t, []spanCase{
		{"Honestly, an old map of the harbour inspired the whole series.", []string{"an old map of the harbour"}},
		{"The mural was inspired by my grandmother's quilts.", []string{"my grandmother's quilts"}},
		{"It really inspired me.", nil},
		{"I was inspired last spring.", nil},
		{"That's what inspired me.", nil},
		{"The trip gave me a lot of inspiration.", nil},
		{"I wanted to get inspired again.", nil},
	}, func(s *sentence) []span { return agentSpans(s, key, 10) })
}

// An agent question is answered with the agent of its verb, not with a
// phrase after it.
func TestReadAgent(t *testing.T) {
	ctx := "[2024-03-09 s1-t1] Lorna: My latest mural went up on the library wall. An old map of the harbour inspired the whole design.\n" +
		"[2024-03-12 s2-t1] Tobias: Exams are close. Long walks along the canal help me stay calm before them.\n" +
		"[2024-03-15 s3-t1] Lorna: Lately I've been motivated by the kids who stop to watch me paint.\n"
	checkReads(t, ctx, []readCase{
		{"What inspired Lorna's latest mural?", "An old map of the harbour"},
		{"What helps Tobias stay calm before exams?", "Long walks along the canal"},
		{"What has motivated Lorna lately?", "kids who stop to watch me paint"},
	})
}

// whoAgentVerb: "who" followed by a finite lexical verb (or a perfect or
// a progressive) asks for the verb's agent; a copula and an object
// question do not.
func TestWhoAgentVerb(t *testing.T) {
	for q, want := range map[string]string{
		"Who recommended the bakery to Theo?": stem("recommended"),
		"Who has reviewed the contract?":      stem("reviewed"),
		"Who is handling the move?":           stem("handling"),
		"Who has been feeding the fish?":      stem("feeding"),
		"Who's been feeding the fish?":        stem("feeding"),
		"Who's the florist?":                  "",
		"Who fixes the boiler?":               stem("fixes"),
		"Who is the florist?":                 "",
		"Who did Lorna call about the leak?":  "",
		"Who was at the party?":               "",
		"Who happened to be there?":           "",
		"What did Lorna recommend?":           "",
	} {
		if got := whoAgentVerb(mainQuestion(q)); got != want {
			t.Errorf("%q: agent verb %q, want %q", q, got, want)
		}
	}
}

// A "who" question's agent: the named subject of its verb, or the
// speaker when the subject is "I"; not the verb's object, not an agent
// that names no person, not a role label.
func TestWhoAgent(t *testing.T) {
	checkEach(t, []ctxCase{
		{"Who recommended the bakery to Theo?", "[2024-03-02] Lorna: I recommended the bakery to Theo last week.", "Lorna"},
		{"Who recommended the bakery to Theo?", "[2024-03-02] Lorna: Honestly, I've already recommended the bakery to Theo twice.", "Lorna"},
		{"Who suggested the harbour walk?", "[2024-03-02] Lorna: I suggested the harbour walk to Theo, but he was busy.", "Lorna"},
		{"Who suggested the harbour walk?", "[2024-03-02] Lorna: Theo suggested the harbour walk, and I loved it.", "Theo"},
		{"Who did Lorna call about the leak?", "[2024-03-02] Lorna: I called Theo about the leak.", "Theo"},
		{"Who painted the shed?", "[2024-03-02] Lorna: I painted the fence, and Theo painted the shed on Monday.", "Theo"},
		{"Who painted the shed?", "[2024-03-02] Lorna: Theo painted the fence, and I painted the shed on Monday.", "Lorna"},
		{"Who signed the visa letter?", "[2024-03-02] Lorna: I drafted the visa letter on Friday.\n[2024-03-03] Lorna: Martin signed it this morning.", "Martin"},
		{"Who wrote the migration script?", "[2024-03-02] Theo: The migration script was written by Hassan last sprint.", "Hassan"},
		{"Who fixed the printer?", "[2024-03-02] Ann: I didn't fix the printer, Raj did.\n[2024-03-02] Raj: It was just a paper jam.", "Raj"},
		{"Who fixed the car?", "[2024-03-02] Eli: The car was making a weird noise.\n[2024-03-02] Eli: The dishwasher broke too, but I fixed it myself.", "not mentioned"},
		{"Who hired you?", "[2024-03-02] Gus: I hired three new engineers this month.\n[2024-03-02] Gus: The CTO hired me back in 2022.", "CTO"},
		{"Who is bringing the dessert?", "[2024-03-02] Dana: I am bringing salad. Ben is bringing the dessert, and Kelly Brown is bringing drinks.", "Ben"},
		{"Who has been feeding the fish?", "[2024-03-02] Dana: Leo has been feeding the fish while we're away, and Mrs. Grant is watering the plants.", "Leo"},
		{"Who broke the window?", "[2024-03-02] Lena: Jamie told me, \"I broke the window with the football.\"", "Jamie"},
		{"Who inspired Lorna to paint?", "[2024-03-02] Lorna: I'm inspired by walking by the sea. My aunt inspired me to paint.", "aunt"},
	})
}

// stem: a derived noun's plural keys as its singular does, both as the
// verb it derives from.
func TestStemDerivedPlural(t *testing.T) {
	for _, w := range []string{"decisions", "beliefs", "losses"} {
		sing := map[string]string{"decisions": "decision", "beliefs": "belief", "losses": "loss"}[w]
		if stem(w) != stem(sing) {
			t.Errorf("stem(%q) = %q, stem(%q) = %q", w, stem(w), sing, stem(sing))
		}
	}
}
