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

// cueIndex matches several cue lists against a sentence's words in one
// pass: each cue is filed under its first word with the rest of it (" "
// and the following words, or "") and the bit of its list. match(ws) has
// bit i set exactly when hasCue(ws, lists[i]) holds, for cues that are
// lowercase words joined by single spaces (as every cue list here is).
type cueIndex map[string][]cueTail

// cueTail is a cue after its first word, and the bit of its list.
type cueTail struct {
	rest string
	bit  uint16
}

// newCueIndex indexes up to 16 cue lists; list i sets bit 1<<i.
func newCueIndex(lists ...[]string) cueIndex {
	x := cueIndex{}
	for i, l := range lists {
		for _, c := range l {
			first, rest := c, ""
			if k := strings.IndexByte(c, ' '); k >= 0 {
				first, rest = c[:k], c[k:]
			}
			x[first] = append(x[first], cueTail{rest, 1 << i})
		}
	}
	return x
}

// match returns the bits of the lists with a cue in ws (words joined by
// single spaces, with a space at each end) as whole words.
func (x cueIndex) match(ws string) uint16 {
	var m uint16
	for i := 1; i < len(ws); i++ {
		if ws[i-1] != ' ' {
			continue
		}
		j := strings.IndexByte(ws[i:], ' ')
		if j < 0 {
			break
		}
		j += i
		for _, t := range x[ws[i:j]] {
			if t.rest == "" || strings.HasPrefix(ws[j:], t.rest) && j+len(t.rest) < len(ws) && ws[j+len(t.rest)] == ' ' {
				m |= t.bit
			}
		}
		i = j
	}
	return m
}

// actCues are classify's cue lists, indexed once; actCue* are their bits.
var actCues = newCueIndex(failureCues, successCues, smallTalkCues, lessonCues, decisionCues, planCues, preferenceCues, hypothesisCues)

const (
	actCueFailure = 1 << iota
	actCueSuccess
	actCueSmallTalk
	actCueLesson
	actCueDecision
	actCuePlan
	actCuePreference
	actCueHypothesis
)

// classify returns the speech act and outcome of a sentence. Order:
// question; small talk (a cue and no content beyond it); lesson; decision;
// outcome; plan; preference; hypothesis; statement.
func classify(s string, toks []token, st Sentence) (Act, string) {
	cues := actCues.match(words(toks))
	outcome := ""
	if cues&actCueFailure != 0 {
		outcome = "failure"
	} else if cues&actCueSuccess != 0 {
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
	if content == 0 || cues&actCueSmallTalk != 0 && content <= 2 {
		return ActSmallTalk, ""
	}
	switch {
	case cues&actCueLesson != 0:
		return ActLesson, outcome
	case cues&actCueDecision != 0:
		return ActDecision, outcome
	case outcome != "":
		return ActOutcome, outcome
	case cues&actCuePlan != 0:
		return ActPlan, ""
	case cues&actCuePreference != 0:
		return ActPreference, ""
	case cues&actCueHypothesis != 0:
		return ActHypothesis, ""
	}
	return ActStatement, ""
}
