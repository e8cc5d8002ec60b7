package offline

import "strings"

// Speech-act cue phrases (general English, matched on whole lowercase words
// with apostrophes removed).
var (
	lessonCues = []string{"lesson", "lessons", "learned", "learnt", "next time", "in hindsight", "should have", "shouldnt have",
		"from now on", "going forward", "in the future", "takeaway", "taught me", "i realized", "i realised", "never again",
		"note to self", "make sure to", "remember to", "the key is", "what i learned"}
	decisionCues = []string{"decided", "decide to", "decision", "chose", "choose to", "picked", "went with", "go with",
		"going with", "settled on", "settle on", "opted", "opt for", "agreed on", "we agreed", "final choice", "made up my mind",
		"lets go with", "lets use", "well go with", "ill go with", "ill take", "well take", "signed up", "committed to"}
	planCues = []string{"let me", "lets", "ill try", "well try", "going to", "gonna", "plan to", "planning to", "plan is", "i will", "we will", "ill", "well", "want to",
		"wanna", "hope to", "intend to", "need to", "have to", "gotta", "todo", "to do", "next step", "next steps",
		"tomorrow", "next week", "next month", "next year", "this weekend", "later today", "soon", "cant wait", "looking forward"}
	preferenceCues = []string{"i like", "i love", "i enjoy", "i prefer", "i hate", "i dislike", "favorite", "favourite",
		"fan of", "i adore", "im into", "cant stand", "rather", "my go to", "i really like", "i really love", "i really enjoy"}
	hypothesisCues = []string{"maybe", "perhaps", "might", "probably", "i think", "i guess", "i suspect", "could be",
		"possibly", "i wonder", "not sure", "seems like", "it seems", "likely"}
	successCues = []string{"worked", "it works", "that works", "this works", "works now", "working now", "succeeded", "success", "passed", "passes", "fixed", "solved",
		"resolved", "went well", "turned out great", "turned out well", "it paid off", "made it", "did it", "finished",
		"completed", "got accepted", "was accepted", "won", "achieved", "managed to"}
	failureCues = []string{"didnt work", "did not work", "doesnt work", "does not work", "not working", "failed", "fails",
		"failing", "broke", "broken", "crashed", "went wrong", "didnt help", "did not help", "no luck", "got rejected",
		"was rejected", "was cancelled", "was canceled", "got cancelled", "got canceled", "lost", "still not", "made it worse",
		"timed out", "sold out", "was closed", "is closed", "unavailable", "error"}
	smallTalkCues = []string{"how are you", "hows it going", "good morning", "good night", "nice to meet", "talk soon",
		"talk later", "see you", "take care", "thank you", "thanks", "have a good", "have a great", "glad to hear",
		"sounds good", "no problem", "youre welcome", "hello", "hi", "hey", "bye", "congrats", "congratulations"}
)

// words returns the sentence as lowercase words without apostrophes,
// space-separated and padded ("  i went  ") for phrase matching.
func words(toks []token) string {
	var b strings.Builder
	b.WriteByte(' ')
	for _, t := range toks {
		b.WriteString(t.low)
		b.WriteByte(' ')
	}
	return b.String()
}

// hasCue reports whether ws (words joined by single spaces, with a space at
// each end) holds one of the cues as whole words: strings.Contains(ws,
// " "+c+" ") for some cue c, without building the padded strings.
func hasCue(ws string, cues []string) bool {
	for _, c := range cues {
		for i := 0; i+len(c) < len(ws); {
			j := strings.Index(ws[i:], c)
			if j < 0 {
				break
			}
			j += i
			if j > 0 && ws[j-1] == ' ' && j+len(c) < len(ws) && ws[j+len(c)] == ' ' {
				return true
			}
			i = j + 1
		}
	}
	return false
}

// classify returns the speech act and outcome of a sentence. Order:
// question; small talk (a cue and no content beyond it); lesson; decision;
// outcome; plan; preference; hypothesis; statement.
func classify(s string, toks []token, st Sentence) (Act, string) {
	ws := words(toks)
	outcome := ""
	if hasCue(ws, failureCues) {
		outcome = "failure"
	} else if hasCue(ws, successCues) {
		outcome = "success"
	}
	trimmed := strings.TrimSpace(s)
	if strings.HasSuffix(trimmed, "?") || len(toks) > 1 && (whWords[toks[0].low] && auxiliaries[toks[1].low]) {
		return ActQuestion, ""
	}
	content := 0
	for _, t := range toks {
		if !interjections[t.low] && !subjPronouns[t.low] && !auxiliaries[t.low] && !determiners[t.low] && !prepositions[t.low] &&
			!adverbs[t.low] && !conjunctions[t.low] && len(t.low) > 2 {
			content++
		}
	}
	if content == 0 || hasCue(ws, smallTalkCues) && content <= 2 {
		return ActSmallTalk, ""
	}
	switch {
	case hasCue(ws, lessonCues):
		return ActLesson, outcome
	case hasCue(ws, decisionCues):
		return ActDecision, outcome
	case outcome != "":
		return ActOutcome, outcome
	case hasCue(ws, planCues):
		return ActPlan, ""
	case hasCue(ws, preferenceCues):
		return ActPreference, ""
	case hasCue(ws, hypothesisCues):
		return ActHypothesis, ""
	}
	return ActStatement, ""
}
