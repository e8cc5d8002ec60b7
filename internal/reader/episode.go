package reader

import (
	"regexp"
	"strings"
)

// Past episodes. "How did we fix this when the member code broke?", "what
// did we do last time the glovebox oxygen spiked?" ask for what was done
// in an earlier episode, and a conversation tells that in prose, over
// several turns: the problem, what was tried, what worked ("Found a
// pinhole in the left glove. I replaced it and ran a 30-minute nitrogen
// purge."). No one clause answers; the episode's own words do. The answer
// is the statements of the best-supported turn's session (the turns of
// its date), in the context's order, without questions and bare
// acknowledgements, cut at episodeWords words. A procedure the context
// states as a list is read as steps instead (lists.go).

// episodeAskRe asks how something was done, or what was done.
var episodeAskRe = regexp.MustCompile(`(?i)\b(?:how did (?:we|i|you)|what did (?:we|i|you) do|what (?:was|were) (?:the|our) (?:steps|process|procedure|fix|workaround|solution|approach))\b`)

// episodeBackRe points back at an earlier episode: "last time", "the
// first time", "before" ending the question ("what did I do before I
// moved" dates an event instead), "previously", "when it broke".
var episodeBackRe = regexp.MustCompile(`(?i)\b(?:last time|the first time|previously|before\s*\?*$|the same way|back in|earlier|that time|when (?:the|it|we|i|our|my|this|that|they|she|he)\b)`)

// experienceAskRe asks how something was felt or went ("how did I feel",
// "how did you like the play", "how did I sleep", "how did you find the
// hotel", "how did I do"): a quality, not what was done.
var experienceAskRe = regexp.MustCompile(`(?i)\bhow did (?:we|i|you) (?:feel|like|find|enjoy|sleep|do|look|seem|sound|cope|fare|react|respond)\b`)

// fixAskRe asks how a problem was dealt with: a verb of fixing says the
// question is about an episode even without a pointer back.
var fixAskRe = regexp.MustCompile(`(?i)\bhow did (?:we|i|you) (?:(?:finally|eventually|actually|ever) )?(?:fix|solve|resolve|handle|sort|work around|get around|get past|deal with|repair|debug|unblock|recover|troubleshoot)\b`)

// doAboutRe asks what was done about a problem ("what did we do about the
// leak", "… when the feed broke"): not what someone did with a person or
// on a day, which asks for one event.
var doAboutRe = regexp.MustCompile(`(?i)\bwhat did (?:we|i|you) do (?:about|whenever|if|to fix|to solve|to get)\b`)

// episodeAsked reports whether a question asks for an earlier episode's
// procedure (episodeAskRe with episodeBackRe, fixAskRe or doAboutRe).
func episodeAsked(main string) bool {
	return episodeAskRe.MatchString(main) && !experienceAskRe.MatchString(main) &&
		(episodeBackRe.MatchString(main) || fixAskRe.MatchString(main) || doAboutRe.MatchString(main))
}

// episodeThreshold is the least support to answer an episode question.
var episodeThreshold = 0.3

// episodeShare is the least share of the best support a session needs to
// be the earlier episode a "last time" question points back at.
const episodeShare = 0.6

// leadLabelRe is a one-word label that opens a sentence ("Summary: ",
// "Lesson: "); episodeLayoutRe marks a sentence that is a log line or a
// tagged record (brackets, arrows, "#12").
var (
	leadLabelRe     = regexp.MustCompile(`^(?:\p{Lu}[\p{L}'-]*|\p{Ll}+):\s+`)
	episodeLayoutRe = regexp.MustCompile(`[\[\]←→·]|#\d`)
)

// episodeWords caps an episode answer, in words: about two sentences.
const episodeWords = 40

// ackWords open a reply's acknowledgement ("Thanks, that worked!",
// "Perfect.", "OK, will do."): no step of the episode.
var ackWords = wordSet(`thanks thank great perfect awesome ok okay cool nice sure yes yep yeah ugh wow hmm right alright good brilliant lovely fantastic excellent got`)

// readEpisode answers an episode question (episodeAsked) with the
// statements of the best-supported sentence's session (for "last time",
// "before" …, the earliest session nearly as well supported): every sentence of
// the context's turns of that date (of every turn when the context has no
// dates), in order, except questions, acknowledgements of at most six
// words and fragments under three words, joined and cut at episodeWords
// words. It returns "" when fewer than two such statements are found.
func readEpisode(q question, ranked []scored, units []unit) (string, *sentence) {
	best := ranked[0]
	if best.support == 0 {
		return "", nil
	}
	if episodeBackRe.MatchString(q.text) {
		// "last time", "the first time": of the sessions that tell
		// of it nearly as well as the best, the earliest (a later one
		// is often the problem coming back, or the question's own)
		for _, r := range ranked[1:] {
			if r.support >= episodeShare*best.support && !r.s.u.date.IsZero() && r.s.u.date.Before(best.s.u.date) {
				best = r
			}
		}
	}
	var parts []string
	n := 0
	for i := range units {
		u := &units[i]
		if !u.date.Equal(best.s.u.date) {
			continue
		}
		for _, s := range u.sents {
			if s.asks() || n >= episodeWords {
				continue
			}
			text := s.text
			if episodeLayoutRe.MatchString(text) {
				continue // a log line or a tagged record, not a statement
			}
			text = leadLabelRe.ReplaceAllString(text, "") // "Lesson: in pgx …" → "in pgx …"
			ws := strings.Fields(text)
			if len(ws) < 3 {
				continue
			}
			first := strings.ToLower(strings.Trim(ws[0], ",.!:;"))
			if ackWords[first] && len(ws) <= 6 {
				continue
			}
			if n+len(ws) > episodeWords {
				ws = ws[:episodeWords-n]
			}
			n += len(ws)
			parts = append(parts, strings.TrimRight(strings.Join(ws, " "), ",;:"))
		}
	}
	if len(parts) < 2 {
		// one sentence is read by its clauses ("we left a polite note
		// for the neighbours" → "left a polite note")
		return "", nil
	}
	return strings.Join(parts, " "), best.s
}
