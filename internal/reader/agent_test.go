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
