package reader

import (
	"strings"

	"github.com/memarena/memarena/internal/nlp"
)

// meansFit is the fit of a means clause (meansClauses) to a question
// asking how something is done.
const meansFit = 1.0

// meansClauses are the means clauses of a sentence: "by" or "through"
// followed by a gerund, with the rest of its clause ("by reminding myself
// of my successes and progress", "through volunteering at the shelter").
// The span keeps its "by" (a means is often told with it) and runs to the
// clause's end: a sentence-final or clause-closing mark (. ! ? ; : ( —), a
// subordinating conjunction (isBoundary, commas excepted, so that a series
// of gerunds stays whole), or a comma before a pronoun or relative word;
// at most maxWords words after "by", trailing function words dropped. The
// idea is the English means adjunct ("by + -ing"), which answers "how".
func meansClauses(s *sentence, maxWords int) []span {
	tg := s.tags()
	n := len(s.toks)
	var out []span
	for i := 0; i+1 < n && i+1 < len(tg); i++ {
		if w := s.toks[i].Lower; w != "by" && w != "through" {
			continue
		}
		if tg[i+1] != "VBG" && !(strings.HasSuffix(s.toks[i+1].Lower, "ing") && strings.HasPrefix(tg[i+1], "VB")) {
			continue
		}
		en := clauseEnd(s, i+1, maxWords)
		if en <= i+1 {
			continue
		}
		out = append(out, span{text: textOf(s, i, en), start: i, end: en, means: true, fit: meansFit})
	}
	return out
}

// clauseEnd is the end of the clause that runs from token from of s: the
// first sentence-final or clause-closing mark (. ! ? ; : ( — -), a
// subordinating conjunction (isBoundary; commas excepted, so that a
// series stays whole) or a comma before a clause opener (clauseOpener),
// at most maxWords words on, trailing function words dropped.
func clauseEnd(s *sentence, from, maxWords int) int {
	n := len(s.toks)
	j, words := from, 0
	for j < n && words < maxWords {
		t := s.toks[j]
		if !t.Punct {
			words++
		}
		if t.Punct {
			if strings.ContainsAny(t.Text, ".!?;:()—–-…\"“”") {
				break
			}
			if t.Text == "," && j+1 < n && clauseOpener(s.toks[j+1].Lower) {
				break
			}
		} else if isBoundary(s, j) {
			break
		}
		j++
	}
	for j > from && trimmable(s.toks[j-1]) {
		j--
	}
	return j
}

// clauseOpener reports whether w opens a new clause after a comma: a
// subject pronoun or a relative word ("…, which refreshes me").
func clauseOpener(w string) bool {
	switch w {
	case "which", "who", "that", "where", "when", "i", "you", "he", "she", "we", "they", "it":
		return true
	}
	return nlp.IsPronoun(w) && strings.ContainsAny(w, "'’")
}

// predicativeFit scales a piece said after a copula ("it's tough",
// "confidence is important", "a major challenge") for a question asking
// how something is done: a quality or a classification of the subject,
// not a manner or means.
const predicativeFit = 0.4

// predicative reports whether the phrase starting at token start of s
// follows a form of "be" (isCopulaBe), with degree adverbs and articles
// between ("is so important", "was a major challenge"), and does not start
// with a verb (a progressive or passive: "I'm considering adopting …").
func predicative(s *sentence, start int) bool {
	if tg := s.tags(); start < len(tg) && strings.HasPrefix(tg[start], "VB") {
		return false
	}
	b := start - 1
	for b >= 0 {
		w := s.toks[b].Lower
		if intensifiers[w] || w == "a" || w == "an" || w == "the" {
			b--
			continue
		}
		break
	}
	return b >= 0 && !s.toks[b].Punct && isCopulaBe(s.toks[b].Lower)
}

// isCopulaBe reports whether w is a form of "be" or a pronoun with a
// contracted one ("it's", "they're", "I'm"; not a possessive "Jon's").
func isCopulaBe(w string) bool {
	switch w {
	case "is", "was", "are", "were", "be", "been", "being", "am":
		return true
	}
	for _, suf := range []string{"'s", "’s", "'re", "’re", "'m", "’m"} {
		if strings.HasSuffix(w, suf) {
			switch strings.TrimSuffix(w, suf) {
			case "it", "that", "this", "he", "she", "there", "here", "what", "they", "we", "you", "i":
				return true
			}
		}
	}
	return false
}

// feelVerbs are the verbs that report a feeling of their subject ("I felt
// relieved", "it made me feel welcome").
var feelVerbs = wordSet(`feel feels felt feeling`)

// feelingSpans are the past participles said as a feeling or state of the
// subject: after a form of "be" or a feeling verb, degree adverbs skipped
// ("I was so touched", "felt relieved and grateful", "I'm thrilled"), the
// participle run coordinated with "and" or a comma as adjectiveSpans runs
// adjectives. A participle followed by "by" is a passive ("was drafted by
// a team") and is left out. Each span fits 1. The idea is the English
// adjectival participle (Penn VBN read as a predicate adjective), which
// adjectiveSpans (JJ only) does not see.
func feelingSpans(s *sentence) []span {
	tg := s.tags()
	n := len(s.toks)
	if len(tg) < n {
		n = len(tg)
	}
	isPart := func(i int) bool {
		return i < n && (tg[i] == "VBN" || strings.HasPrefix(tg[i], "JJ")) && !s.toks[i].Punct
	}
	var out []span
	for i := 0; i < n; i++ {
		w := s.toks[i].Lower
		if !feelVerbs[w] && !isCopulaBe(w) {
			continue
		}
		j := i + 1
		for j < n && intensifiers[s.toks[j].Lower] {
			j++
		}
		if j >= n || tg[j] != "VBN" && !(feelVerbs[w] && strings.HasSuffix(s.toks[j].Lower, "ed") && !s.toks[j].Punct) {
			// (after a feeling verb an -ed word is the feeling, though
			// the tagger reads it as an adverb: "I feel overwhelmed")
			continue
		}
		st, en, hasPart := j, j+1, true
		for en < n {
			if isPart(en) {
				en++
				continue
			}
			if w := s.toks[en].Lower; (w == "and" || w == ",") && isPart(en+1) {
				en++
				continue
			}
			break
		}
		if en < n && s.toks[en].Lower == "by" {
			hasPart = false
		}
		if hasPart {
			out = append(out, span{text: textOf(s, st, en), start: st, end: en, fit: 1})
		}
		i = en - 1
	}
	return out
}

// antecedentFit is the fit of the predicate of the sentence before a
// "that helps" or "it's a way to" sentence (antecedentMeans).
const antecedentFit = 0.9

// praisesMeans reports whether s opens by saying that what was just told
// serves a purpose: "it", "that" or "this" (after fillers and
// conjunctions, at most three tokens in) with adverbs between, then
// "help(s/ed)" ("That really helps me stay calm") or a form of "be" with
// "way" ("It's a great way to unwind", "that's my way of coping"). The
// means is then the previous sentence's predicate.
func praisesMeans(s *sentence) bool {
	tg := s.tags()
	n := len(s.toks)
	k := -1
	for i := 0; i < n && i < 3; i++ {
		switch strings.ReplaceAll(s.toks[i].Lower, "’", "'") {
		case "it", "that", "this", "it's", "that's", "this's":
			k = i
		}
		if k >= 0 || !s.toks[i].Punct && !nlp.IsConjunction(s.toks[i].Lower) && !nlp.IsFiller(s.toks[i].Lower) {
			break
		}
	}
	if k < 0 {
		return false
	}
	j := k + 1
	if !strings.Contains(s.toks[k].Lower, "'") && !strings.Contains(s.toks[k].Lower, "’") {
		for j < n && j < len(tg) && strings.HasPrefix(tg[j], "RB") {
			j++
		}
		if j < n {
			switch s.toks[j].Lower {
			case "help", "helps", "helped":
				return true
			}
		}
		if j >= n || !isCopulaBe(s.toks[j].Lower) {
			return false
		}
		j++
	}
	// "a great way", "my way", "one of the best ways"
	for e := j; e < n && e < j+5; e++ {
		switch s.toks[e].Lower {
		case "way", "ways":
			return true
		}
		if s.toks[e].Punct {
			return false
		}
	}
	return false
}

// antecedentMeans are the means told just before a sentence that praises
// them (praisesMeans): the predicate of the previous sentence of its
// memory item (predicateSpan), at antecedentFit. For "how does she stay
// on track", "I write everything down in a planner. It really helps me
// stay on track." gives "write everything down in a planner".
func antecedentMeans(s *sentence, maxWords int) []cand {
	if s.u == nil || s.nth == 0 || s.nth > len(s.u.sents) || !praisesMeans(s) {
		return nil
	}
	prev := s.u.sents[s.nth-1]
	st, en := predicateSpan(prev, maxWords)
	if en <= st {
		return nil
	}
	return []cand{{text: textOf(prev, st, en), fit: antecedentFit, near: 1, s: prev, start: st, end: en}}
}

// predicateFit is the fit of the predicate of a sentence's first clause
// with a personal-pronoun subject (predicateSpan) to a question asking
// how something was done: what the person did, above a piece (0.6) and
// below a means clause (meansFit).
const predicateFit = 0.7

// predicateNear is the least nearness of a predicate (predicateSpan) to
// the question's terms: the clause that tells what the person did often
// follows the one that names the question's terms ("To get the cat
// down, | I fetched a ladder").
const predicateNear = 0.5

// predicateSpan is the predicate of the first clause of s whose subject
// is a personal pronoun ("I", "we", "he", "she", "they", or one with a
// contracted auxiliary: "we've"): from its main
// verb (auxiliaries and adverbs skipped) to the clause's end (clauseEnd);
// start == end when there is none.
func predicateSpan(s *sentence, maxWords int) (start, end int) {
	tg := s.tags()
	n := len(s.toks)
	if len(tg) < n {
		n = len(tg)
	}
	for i := 0; i+1 < n; i++ {
		// a subject pronoun, or one with a contracted auxiliary ("we've")
		w, _, _ := strings.Cut(strings.ReplaceAll(s.toks[i].Lower, "’", "'"), "'")
		switch w {
		case "i", "we", "he", "she", "they":
		default:
			continue
		}
		j := i + 1
		for j < n && (strings.HasPrefix(tg[j], "RB") || nlp.IsAuxiliary(s.toks[j].Lower) && j+1 < n && strings.HasPrefix(tg[j+1], "VB")) {
			j++
		}
		if j >= n || !strings.HasPrefix(tg[j], "VB") || nlp.IsAuxiliary(s.toks[j].Lower) {
			return 0, 0
		}
		return j, clauseEnd(s, j, maxWords)
	}
	return 0, 0
}

// beforeAnchor cuts the span [start, end) of s before a purpose clause
// that restates the question: "to" followed by a focus term (anchors),
// trailing function words dropped ("use voice chat | to communicate with
// my team" for "how does he communicate with his team").
func beforeAnchor(s *sentence, start, end int, anchors []int) int {
	for _, a := range anchors {
		if a > start+1 && a < end && s.toks[a-1].Lower == "to" {
			end = a - 1
		}
	}
	for end > start+1 && trimmable(s.toks[end-1]) {
		end--
	}
	return end
}
