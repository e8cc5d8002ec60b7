package reader

import "testing"

// "What did X do" is answered with what X did: the verb phrase of a
// finite verb whose subject is X, or that continues X's clause, not the
// pro-verb "did" or a noun near the question's words.
func TestReadAction(t *testing.T) {
	ctx := "[2024-10-05 s1-t1] Mira: I did something lovely with my nephews on Saturday, took them to the aquarium and it was a blast.\n" +
		"[2024-10-07 s2-t1] Mira: To keep up with astronomy, I read forum threads and watch telescope reviews every week.\n"
	checkReads(t, ctx, []readCase{
		{"What did Mira do with her nephews on Saturday?", "took them to the aquarium"},
		{"What does Mira do to keep up with astronomy?", "read forum threads and watch telescope reviews every week"},
	})
}

// actionSpans: a finite verb after a subject, "and" or a comma opens a
// verb phrase; "do", auxiliaries and verbs of thinking do not.
func TestActionSpans(t *testing.T) {
	checkSpans(t, []spanCase{
		{"We finally painted the fence, then grilled some corn.", []string{"painted the fence", "grilled some corn"}},
		{"I think it was great.", nil},
		{"They did a lot.", nil},
		{"The fence looks great.", nil},
	}, func(s *sentence) []span { return actionSpans(s, 10) })
}

// "What did we decide about X" is answered with what was decided, the
// question's own words kept ("skip the band and hire a string trio").
func TestReadDecision(t *testing.T) {
	checkReads(t, "[2023-09-12 a] User: We decided to skip the band and hire a string trio instead.\n", []readCase{
		{"What did we decide about the band?", "skip the band and hire a string trio"},
	})
}
