package reader

import (
	"strings"

	"github.com/memarena/memarena/internal/nlp"
)

// Agent questions. "What inspired her new script?", "What fixed the
// noisy fan?", "What helps him stay focused?" ask for the subject of
// their verb, not its object: the wh-word is the verb's agent. A sentence
// with the same verb answers with the phrase before it ("Cleaning the
// vents fixed it", "Tilly helps me stay focused") or, in the
// passive, the phrase after "by" ("it was inspired by my own journey",
// "I'm motivated by a thirst for adventure").

// agentFit is the fit of a verb's agent to an agent question.
const agentFit = 1.0

// agentVerb returns the match key of the verb whose agent the question
// asks for: "what" (or "what else") followed by a finite lexical verb,
// or by "has", "have" or "had" and a participle ("what has helped you"),
// when the word after the verb is no auxiliary ("what causes does he
// support" asks for causes). It is "" for other questions, and for verbs
// that ask for an event ("what happened", eventVerbs).
func agentVerb(main string) string {
	toks := words(main)
	tg := tagWords(toks)
	i := 0
	for i < len(toks) && toks[i].Punct {
		i++
	}
	if i >= len(toks) || toks[i].Lower != "what" {
		return ""
	}
	i++
	if i < len(toks) && toks[i].Lower == "else" {
		i++
	}
	if i < len(toks) && (toks[i].Lower == "has" || toks[i].Lower == "have" || toks[i].Lower == "had") {
		i++
		if i >= len(toks) || tg[i] != "VBN" {
			return ""
		}
	} else if i >= len(toks) || !(tg[i] == "VBD" || tg[i] == "VBZ" || tg[i] == "VBN") {
		return ""
	}
	v := toks[i]
	if v.Punct || nlp.IsAuxiliary(v.Lower) || copulas[v.Lower] || metaWords[v.Lower] || eventVerbs[v.Lower] {
		return ""
	}
	if i+1 < len(toks) && (nlp.IsAuxiliary(toks[i+1].Lower) || toks[i+1].Punct) {
		return ""
	}
	return stem(v.Lower)
}

// progressiveAgents are the subjects of the verb key in the progressive
// ("Ben is bringing the dessert", "Leo has been feeding the fish"): the
// words from the start of the clause to the form of "be" before the -ing
// form, at most maxWords long, when they are no pronoun.
func progressiveAgents(s *sentence, key string, maxWords int) []span {
	if key == "" {
		return nil
	}
	tg := s.tags()
	var out []span
	for i := 1; i < len(s.toks) && i < len(tg); i++ {
		if s.keys[i] != key || tg[i] != "VBG" || !beForms[s.toks[i-1].Lower] {
			continue
		}
		en := i - 1
		if en > 0 && (s.toks[en-1].Lower == "has" || s.toks[en-1].Lower == "have" || s.toks[en-1].Lower == "had") {
			en-- // "has been feeding"
		}
		st := en
		for st > 0 && !isBoundary(s, st-1) && en-st < maxWords {
			st--
		}
		for st < en && (nlp.IsFiller(s.toks[st].Lower) || nlp.IsConjunction(s.toks[st].Lower)) {
			st++
		}
		if st == en || en-st == 1 && agentSubjects[s.toks[st].Lower] {
			continue
		}
		out = append(out, span{text: textOf(s, st, en), start: st, end: en, fit: agentFit})
	}
	return out
}

// beForms are the forms of "be" that make a progressive.
var beForms = wordSet(`is are was were am been 's 're`)

// whoAgentVerb returns the match key of the verb whose agent a "who"
// question asks for: "who" followed by a finite lexical verb ("who
// recommended the book"), by "has", "have" or "had" and a participle
// ("who has reviewed it"), or by "is" or "was" and an -ing form ("who is
// handling the move"). It is "" for other questions: "who is the florist"
// (a copula) and "who did she call" (the wh-word is the object) ask for
// no agent.
func whoAgentVerb(main string) string {
	toks := words(main)
	tg := tagWords(toks)
	i := 0
	for i < len(toks) && toks[i].Punct {
		i++
	}
	if i+1 >= len(toks) {
		return ""
	}
	contracted := false // "who's handling", "who's been feeding"
	switch strings.ReplaceAll(toks[i].Lower, "’", "'") {
	case "who":
		i++
		if i+1 < len(toks) && (toks[i].Lower == "'s" || toks[i].Lower == "’s") {
			contracted = true
			i++
		}
	case "who's":
		contracted = true
		i++
	default:
		return ""
	}
	if contracted {
		switch {
		case toks[i].Lower == "been" && i+1 < len(toks) && (tg[i+1] == "VBG" || strings.HasSuffix(toks[i+1].Lower, "ing")):
			i++
		case tg[i] == "VBG" || tg[i] == "VBN" || strings.HasSuffix(toks[i].Lower, "ing"):
		default:
			return ""
		}
		v := toks[i]
		if copulas[v.Lower] || metaWords[v.Lower] || eventVerbs[v.Lower] {
			return ""
		}
		return stem(v.Lower)
	}
	switch w := toks[i].Lower; {
	case w == "has" || w == "have" || w == "had":
		i++
		if i+1 < len(toks) && toks[i].Lower == "been" && tg[i+1] == "VBG" {
			i++ // "who has been feeding the fish"
		} else if i >= len(toks) || tg[i] != "VBN" {
			return ""
		}
	case w == "is" || w == "was":
		i++
		if i+1 < len(toks) && toks[i].Lower == "been" && (tg[i+1] == "VBG" || strings.HasSuffix(toks[i+1].Lower, "ing")) {
			i++ // "who's been feeding" (read as "who is been feeding")
		} else if i >= len(toks) || tg[i] != "VBG" {
			return ""
		}
	case !(tg[i] == "VBD" || tg[i] == "VBZ" || tg[i] == "VBN"):
		return ""
	}
	v := toks[i]
	if v.Punct || nlp.IsAuxiliary(v.Lower) || copulas[v.Lower] || metaWords[v.Lower] || eventVerbs[v.Lower] {
		return ""
	}
	return stem(v.Lower)
}

// firstPersonAgents are the token indexes of an "I" that is the subject of
// the verb key in s ("I recommended", "I've already booked", "I'm
// handling"): the speaker of s is that verb's agent. Only adverbs and
// auxiliaries may stand between, and the "I" must open its clause.
func firstPersonAgents(s *sentence, key string) []int {
	if key == "" {
		return nil
	}
	tg := s.tags()
	var out []int
	for i := 1; i < len(s.toks) && i < len(tg); i++ {
		if s.keys[i] != key || !strings.HasPrefix(tg[i], "VB") {
			continue
		}
		j := i - 1
		for j > 0 && !s.toks[j].Punct && (strings.HasPrefix(tg[j], "RB") || nlp.IsAuxiliary(strings.TrimLeft(s.toks[j].Lower, "'’")) || nlp.IsFiller(s.toks[j].Lower)) {
			j--
		}
		if !firstPersonSubjects[strings.ReplaceAll(s.toks[j].Lower, "’", "'")] || j > 0 && !isBoundary(s, j-1) && !nlp.IsConjunction(s.toks[j-1].Lower) {
			continue
		}
		if negatedBetween(s, j, i) {
			continue // "I didn't fix the printer, Raj did"
		}
		if quotedAt(s, j) {
			continue // `Jamie told me, "I broke the window"`: Jamie's "I"
		}
		out = append(out, j)
	}
	return out
}

// quotedAt reports whether token i of s stands inside a quotation: an odd
// number of quotation marks comes before it.
func quotedAt(s *sentence, i int) bool {
	n := 0
	for k := 0; k < i; k++ {
		switch s.toks[k].Text {
		case "\"", "“", "”":
			n++
		}
	}
	return n%2 == 1
}

// negatedBetween reports whether a negation stands between tokens j and
// i of s ("I didn't fix", "I never booked").
func negatedBetween(s *sentence, j, i int) bool {
	for k := j; k < i; k++ {
		w := strings.ReplaceAll(s.toks[k].Lower, "’", "'")
		if w == "not" || w == "never" || strings.HasSuffix(w, "n't") {
			return true
		}
	}
	return false
}

// firstPersonSubjects are "I" and its contractions with an auxiliary.
var firstPersonSubjects = wordSet(`i i've i'd i'll i'm`)

// objectOnly are the pronouns that can only be a verb's object.
var objectOnly = wordSet(`me us him them`)

// eventVerbs ask for an event, not an agent, though "what" is their
// subject: "what happened to her puppy".
var eventVerbs = wordSet(`happen happens happened occur occurs occurred`)

// agentSubjects are the words that cannot be an agent answer by
// themselves: pronouns (which refer to a phrase said elsewhere) and
// relative words.
var agentSubjects = wordSet(`it this that these those they he she i we you which what who something everything`)

// agentSpans are the agents of the verb key in s: the phrase after "by"
// that follows the verb (the passive, "inspired by my trip"), else the
// subject of the verb where it is finite, from the start of its clause
// to the verb with the adverbs before the verb dropped ("Yoga really helped me" → "Yoga"). A
// subject that is only a pronoun, that ends in a relative word ("that's
// what helps") or in an auxiliary (a passive without its agent, "I was
// inspired"; "I've fixed") gives none; so does the verb's noun ("inspiration").
// Spans are at most maxWords long.
func agentSpans(s *sentence, key string, maxWords int) []span {
	if key == "" {
		return nil
	}
	tg := s.tags()
	n := len(s.toks)
	var out []span
	for i := 0; i < n && i < len(tg); i++ {
		if s.keys[i] != key {
			continue
		}
		// a verb, or a verb after a noun that the tagger read as a noun
		// ("long walks help me")
		verb := strings.HasPrefix(tg[i], "VB") ||
			i > 0 && strings.HasPrefix(tg[i-1], "NN") && i+1 < n && objectOnly[s.toks[i+1].Lower]
		if !verb {
			continue // "inspiration" is no verb
		}
		if i+1 < n && s.toks[i+1].Lower == "by" {
			st := i + 2
			en := st
			for en < n && en-st < maxWords && !isBoundary(s, en) && !(s.toks[en].Punct && strings.Contains(s.toks[en].Text, ".")) {
				en++
			}
			if en > st {
				out = append(out, span{text: textOf(s, st, en), start: st, end: en, fit: agentFit})
			}
			continue
		}
		if strings.HasPrefix(tg[i], "VB") && !finiteTag(tg[i]) && tg[i] != "VBN" {
			// "I wanted to make …": not the clause's own verb (a
			// participle may be a past tense the tagger misread;
			// after an auxiliary it is not, see below)
			continue
		}
		en := i
		for en > 0 && en-1 < len(tg) && !s.toks[en-1].Punct && (strings.HasPrefix(tg[en-1], "RB") || nlp.IsFiller(s.toks[en-1].Lower)) {
			en-- // "Yoga really helped"
		}
		st := en
		for st > 0 && !isBoundary(s, st-1) && en-st < maxWords {
			st--
		}
		for st < en && (nlp.IsFiller(s.toks[st].Lower) || nlp.IsConjunction(s.toks[st].Lower)) {
			st++ // "And yoga helped", "Well, …"
		}
		if st == en || st > 0 && !isBoundary(s, st-1) {
			continue // no subject, or one longer than maxWords
		}
		if tg[i] == "VBN" && !(strings.HasPrefix(tg[en-1], "NN") || strings.HasPrefix(tg[en-1], "PRP") || tg[en-1] == "CD") {
			continue // "stay motivated": a complement, not a past tense
		}
		last := s.toks[en-1].Lower
		if nlp.IsAuxiliary(last) || copulas[last] || copula(last) || strings.ContainsAny(last, "'’") {
			continue // "I was inspired": a passive without its agent
		}
		if nlp.IsWhWord(last) || last == "that" {
			continue // "that's what helps": a relative clause's verb
		}
		if en-st == 1 && agentSubjects[s.toks[st].Lower] {
			continue
		}
		out = append(out, span{text: textOf(s, st, en), start: st, end: en, fit: agentFit})
	}
	return out
}
