package reader

import (
	"strings"

	"github.com/memarena/memarena/internal/nlp"
)

// Activity questions. A what/which question whose head noun names a kind
// of pastime ("what activity", "what new hobby", "which sport") asks for
// what someone does, and English names an activity by a verb's -ing form
// ("horseback riding", "lifting weights", "we tried snowshoeing") or by the
// object of a verb of taking part ("took up photography", "play the
// piano"). The sentence that says it usually says it next to the
// speaker's judgement of it ("it was a great way to relax"), which the
// nearness of the question's words alone cannot tell apart from it.

// activityNouns are head nouns that ask for an activity. General English
// nouns.
var activityNouns = wordSet(`activity activities hobby hobbies pastime pastimes sport sports exercise exercises
	recreation`)

// nonActivityIng are common -ing words that are not activities: nouns of
// time, things and events, and the -ing forms of verbs of going, being,
// feeling, thinking, saying and light verbs ("I'm going to", "we were
// thinking"), which say how or that something happens, not what is done.
var nonActivityIng = wordSet(`thing things something anything everything nothing morning mornings evening evenings
	building buildings ceiling wedding weddings feeling feelings meeting meetings king ring string spring during
	nothing being going getting doing having making taking trying thinking feeling looking saying telling talking
	wanting hoping planning coming keeping seeing knowing wondering starting putting letting meaning giving staying
	becoming seeming amazing
	interesting exciting inspiring relaxing boring outstanding everything anything willing`)

// participationVerbs are verbs whose object names an activity someone
// takes part in ("tried snowshoeing", "doing yoga", "play the piano",
// "took up photography"). Inflected forms, lowercase.
var participationVerbs = wordSet(`do does did doing done play plays played playing try tries tried trying practice
	practices practiced practicing practise practises practised practising`)

// takeUpVerbs take part with the particle "up" ("took up photography").
var takeUpVerbs = wordSet(`take takes took taken taking pick picks picked picking`)

// activityFit is the fit of an activity span to an activity question:
// above a verb's object (objectFit) and a head-noun phrase (headFit),
// since it has the form the question asks for.
const activityFit = 0.85

// activitySpans are the activities s names: each -ing form of a verb
// (tag VBG, or an -ing noun) that is not one of nonActivityIng, with the
// nouns right before it ("horseback riding") and a noun object right after
// it ("lifting weights", "playing video games"); and the noun-phrase
// object of a participation verb ("tried snowshoeing", "play the piano",
// the verb kept for "play" since the instrument or game alone is not the
// activity; "took up photography"). Neither runs into a blocked token (a
// date: "tried snowshoeing last winter").
func activitySpans(s *sentence, blocked map[int]bool) []span {
	tg := s.tags()
	n := len(s.toks)
	isNoun := func(i int) bool {
		return i < n && i < len(tg) && !s.toks[i].Punct && strings.HasPrefix(tg[i], "NN") && !nlp.IsFunctionWord(s.toks[i].Lower)
	}
	var out []span
	seen := map[[2]int]bool{}
	push := func(st, en int) {
		for st < en && trimmable(s.toks[st]) {
			st++
		}
		for en > st && trimmable(s.toks[en-1]) {
			en--
		}
		if en <= st || seen[[2]int{st, en}] {
			return
		}
		seen[[2]int{st, en}] = true
		out = append(out, span{text: textOf(s, st, en), start: st, end: en})
	}
	for i := 0; i < n && i < len(tg); i++ {
		w := s.toks[i].Lower
		if ing(w) && (tg[i] == "VBG" || strings.HasPrefix(tg[i], "NN")) && !nonActivityIng[w] && !afterBe(s, i) {
			st := i
			for st > 0 && i-st < 2 && (isNoun(st-1) || tg[st-1] == "RP" && !nlp.IsFunctionWord(s.toks[st-1].Lower)) {
				// "horseback riding" (the tagger reads some
				// compound modifiers as particles)
				st--
			}
			en := i + 1
			for en < n && en-i <= 2 && isNoun(en) && !blocked[en] {
				en++
			}
			push(st, en)
			continue
		}
		verb := participationVerbs[w]
		j := i + 1
		if takeUpVerbs[w] && j < n && s.toks[j].Lower == "up" {
			verb, j = true, j+1
		}
		if !verb {
			continue
		}
		// the object: determiners and possessives, then a run of
		// adjectives, nouns and -ing forms
		st := j
		for j < n && !s.toks[j].Punct && (nlp.IsFunctionWord(s.toks[j].Lower) && !nlp.IsAuxiliary(s.toks[j].Lower) && !prepositionAt(s, j)) && j-st < 2 {
			j++
		}
		k := j
		for k < n && k-j < 3 && !s.toks[k].Punct && !blocked[k] && !nlp.IsFunctionWord(s.toks[k].Lower) && (strings.HasPrefix(tg[k], "NN") || strings.HasPrefix(tg[k], "JJ") || tg[k] == "VBG") {
			k++
		}
		if k == j || !strings.HasPrefix(tg[k-1], "NN") && tg[k-1] != "VBG" {
			continue // no noun-phrase object ("did well", "tried to")
		}
		if ing(s.toks[j].Lower) {
			continue // a gerund object is read as one above
		}
		if strings.HasPrefix(w, "play") {
			st = i // "play the piano"
		}
		push(st, k)
	}
	return out
}

// ing reports whether w is an -ing form long enough to be a verb's
// ("sing" and "ring" are not).
func ing(w string) bool { return len(w) > 5 && strings.HasSuffix(w, "ing") }

// afterBe reports whether token i of s follows a form of "be" (a
// progressive: "I was running late"; "I've been hiking" is not one), at most one adverb
// between.
func afterBe(s *sentence, i int) bool {
	for j := i - 1; j >= 0 && j >= i-2; j-- {
		w := s.toks[j].Lower
		if progressiveBe[w] || strings.HasSuffix(w, "'m") || strings.HasSuffix(w, "'re") || strings.HasSuffix(w, "'s") || strings.HasSuffix(w, "’m") || strings.HasSuffix(w, "’re") || strings.HasSuffix(w, "’s") {
			return true
		}
		if s.toks[j].Punct || !strings.HasSuffix(w, "ly") {
			return false
		}
	}
	return false
}

// progressiveBe are the forms of "be" that make a progressive of an -ing
// form ("was running late"); "been" is not one of them here, since "I've
// been hiking" names an ongoing activity.
var progressiveBe = wordSet(`am is are was were be`)

// prepositionAt reports whether token i of s is a preposition ("tried to",
// "did it for").
func prepositionAt(s *sentence, i int) bool {
	tg := s.tags()
	return i < len(tg) && (tg[i] == "IN" || tg[i] == "TO")
}
