package reader

import "testing"

// Advice is given in directives: an advice question is answered with the
// imperatives and "you should" verb phrases of the best turn, in order,
// though the turn never says "advice".
func TestReadAdvice(t *testing.T) {
	ctx := "[2024-03-01 s1-t1] Noor: I want to start birdwatching but I have no idea where to begin.\n" +
		"[2024-03-01 s1-t2] Ilse: Glad to help, Noor! Get a pair of light binoculars and join a local birding group. You should also keep a notebook of what you see. Let me know how it goes!\n" +
		"[2024-03-02 s2-t1] Noor: Here's the park where I walk every morning.\n"
	checkReads(t, ctx, []readCase{
		{"What advice did Ilse give Noor about birdwatching?", "Get a pair of light binoculars, join a local birding group, keep a notebook of what you see"},
	})
}

// directiveSpans: imperatives (also after "don't" and lead words), verb
// phrases after a directive cue or a first-person conditional ("I'd use
// …"), and none in a question, a presentative, a phatic formula, a wish
// ("I'd love to") or a clause with a subject.
func TestDirectiveSpans(t *testing.T) {
	checkSpans(t, []spanCase{
		{"Yep! Do your research first.", []string{"Do your research first"}},
		{"Do your research and find an agency.", []string{"Do your research", "find an agency"}},
		{"Don't forget to stretch before you run.", []string{"Don't forget to stretch before you run"}},
		{"I think you should try a smaller pot.", []string{"try a smaller pot"}},
		{"If it wilts, I'd recommend moving it nearer the window.", []string{"moving it nearer the window"}},
		{"Make sure to water it weekly, and keep it out of the sun.", []string{"Make sure to water it weekly", "keep it out of the sun"}},
		{"Do I water it weekly?", nil},
		{"Here's the park where I walk.", nil},
		{"Let me know how it goes.", nil},
		{"I watered it weekly.", nil},
		{"I'd use a clay pot for the basil.", []string{"use a clay pot for the basil"}},
		{"Honestly, I would definitely go with the smaller tent.", []string{"go with the smaller tent"}},
		{"I'd really recommend a morning hike.", []string{"a morning hike"}},
		{"I'd love to see it sometime.", nil},
		{"I'd say it went well.", nil},
	}, func(s *sentence) []span { return directiveSpans(s, maxAdviceWords) })
}

// "How should I …" asks what to do: the directives answer, not what the
// question's words are said of ("the gate squeaks terribly").
func TestReadHowShouldI(t *testing.T) {
	ctx := "[2023-03-18 a] User: The garden gate squeaks terribly when it opens.\n" +
		"[2023-03-18 b] Assistant: Clean the gate hinges with a rag, then spray them with silicone lubricant.\n"
	checkEach(t, []ctxCase{{"How should I fix the squeaky gate?", ctx, "Clean the gate hinges with a rag, spray them with silicone lubricant"}})
	if !analyze("How do we fix it?").advice || analyze("How did she fix it?").advice {
		t.Error("advice: want it for \"how do we\", not for \"how did she\"")
	}
}
