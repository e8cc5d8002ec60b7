package reader

import (
	"slices"
	"strings"
)

// Changes of state. A later memory item that tells a change ("we cut the
// list down to 85", "I've switched to packing my own lunch", "converted
// to trail runners") gives the current value of what it changed, though
// it repeats fewer of the question's words than the first telling did
// (knowledge update).

// changedValueShare: for a current-value question, a newer candidate in
// a sentence that tells a change (tellsChange: "we switched Biscuit to
// Hill's", "dahlias have become my favorite", "cut the list down to 85")
// replaces the best one when it scores at least this share of it and fits
// the answer's type at least half as well. Such a sentence updates a
// value while it names the thing in fewer of the question's words than
// the first statement did.
const changedValueShare = 0.15

// changeStems are the stems of English words that tell that a state or a
// value has changed: verbs of change and replacement ("switched",
// "raised", "became", "upgraded", "converted") and the markers of a new
// state ("new", "instead", "anymore", "no longer", "actually"); "now",
// which as often marks the present as a change, is not one. A general
// word class of English.
var changeStems = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`switch change move cut raise lower increase decrease reduce drop bump upgrade
		downgrade replace update become became turn shift swap trade revise adjust convert new instead anymore
		actually longer`) {
		m[stem(w)] = true
	}
	return m
}()

// changedValue reports whether candidate c, told after top, states a
// changed value of what top states: c stands where a sentence says what
// something changed to (changePosition), the sentence holds a question
// term other than a speaker's name, c fits the answer's type at least half
// as well as top and scores at least changedValueShare of it, and no
// strategy marked its memory item superseded.
func changedValue(q question, sc *scorer, c, top cand) bool {
	return c.s.u.status != "superseded" && c.fit >= 0.5*top.fit && c.score >= changedValueShare*top.score &&
		changePosition(q, c) && holdsTopicTerm(sc, c.s)
}

// holdsTopicTerm reports whether s holds a focus term of the question
// other than the name of a speaker of the context (whose every sentence
// holds it).
func holdsTopicTerm(sc *scorer, s *sentence) bool {
	for _, f := range sc.q.focus {
		if s.set[f] && !sc.persons[f] {
			return true
		}
	}
	return false
}

// changePosition reports whether candidate c stands where its sentence
// says what something changed to: inside a change target that can be the
// value asked for ("switched to Hill's Science Diet", changeTargets,
// targetFits), before "become" ("dahlias have
// become my favorite"), or as the amount right after "to" in a sentence
// that tells a change ("cut the guest list down to 85", "raised the rent
// to $1,780").
func changePosition(q question, c cand) bool {
	s := c.s
	if c.end <= c.start {
		return false
	}
	for _, t := range changeTargets(s, changeTargetWords) {
		if t.start <= c.start && c.end <= t.end && targetFits(q, s, t) {
			return true
		}
	}
	if becomesAfter(s, c.end) {
		return true
	}
	return c.start > 0 && s.toks[c.start-1].Lower == "to" && isNumberTok(s.toks[c.start]) && tellsChange(s)
}

// becomesAfter reports whether a form of "become" follows token e of s
// within three words ("dahlias have become my favorite").
func becomesAfter(s *sentence, e int) bool {
	for j := e; j < len(s.toks) && j < e+3; j++ {
		if s.keys[j] == stem("become") || s.toks[j].Lower == "became" {
			return true
		}
	}
	return false
}

// tellsChange reports whether s holds a word of change (changeStems); "no
// longer" counts, "longer" alone does only after "no".
func tellsChange(s *sentence) bool {
	for i, k := range s.keys {
		if !changeStems[k] {
			continue
		}
		if s.toks[i].Lower == "longer" && (i == 0 || s.toks[i-1].Lower != "no") {
			continue
		}
		return true
	}
	return false
}

// changeTargetVerbs are the stems of the verbs of change whose "to" (or
// "into") phrase names the new state ("switched to", "moved over to",
// "converted to", "upgraded to"), or the new amount ("raised the rent
// to", "bumped the dose up to", "cut the list down to"). A general word
// class of English.
var changeTargetVerbs = keySet(`switch move change convert upgrade downgrade shift swap transfer migrate
	raise increase lower reduce decrease bump boost cut`)

// amountChangeVerbs are the stems of changeTargetVerbs that change an
// amount: their target is a new value only when it is one ("raised the
// rent to $1,450"; not "raised the complaint to the regional manager",
// "lowered the piano to the street").
var amountChangeVerbs = keySet(`raise increase lower reduce decrease bump boost cut`)

// amountAt reports whether an amount starts at token i of s: a number, a
// number word or a currency sign ("$1,450", "fifty-five hundred", "85").
func amountAt(s *sentence, i int) bool {
	t := s.toks[i]
	if isNumberTok(t) || numberWords[t.Lower] || strings.ContainsAny(t.Text, "0123456789") {
		return true
	}
	r := []rune(t.Text)
	return len(r) > 0 && isCurrencyRune(r[0])
}

// changeTargetWords is the longest change target changeTargets reads.
const changeTargetWords = 6

// changeTargets are the phrases that name what something changed to: the
// words after "to" or "into" following a verb of change, its object and
// particles between (at most four words: "switched Pepper to", "moved our
// books over to", and an old value after "from", at most three more:
// "bumped the contribution from four thousand to"), to the end of the clause or the first comma, at most
// changeTargetWords and maxWords words, a leading article dropped. Each
// fits 1.
func changeTargets(s *sentence, maxWords int) []span {
	var out []span
	n := len(s.toks)
	for i := 0; i+2 < n; i++ {
		if !changeTargetVerbs[s.keys[i]] {
			continue
		}
		// the verb's object and particles may stand before "to"
		// ("switched Pepper to", "moved our books over to")
		j := i + 1
		if j < n && (s.toks[j].Lower == "on" || s.toks[j].Lower == "off") {
			continue // "switched on the radio": power, not a change of state
		}
		reach := i + 5
		for j < n && j <= reach && !s.toks[j].Punct && s.toks[j].Lower != "to" && s.toks[j].Lower != "into" && !isBoundary(s, j) {
			if s.toks[j].Lower == "from" {
				reach = j + 4 // "from four thousand to …": the old value
			}
			j++
		}
		if j >= n {
			continue
		}
		if w := s.toks[j].Lower; w != "to" && w != "into" {
			continue
		}
		st := j + 1
		for st < n && (s.toks[st].Lower == "a" || s.toks[st].Lower == "an" || s.toks[st].Lower == "the") {
			st++
		}
		if st >= n || s.toks[st].Punct && !(len(s.toks[st].Text) > 0 && isCurrencyRune([]rune(s.toks[st].Text)[0])) {
			continue
		}
		if amountChangeVerbs[s.keys[i]] && !amountAt(s, st) {
			continue
		}
		if len(out) > 0 && out[len(out)-1].start == st {
			continue // "increased the monthly transfer … to": one target
		}
		if tg := s.tags(); st < len(tg) && tg[st] == "VB" && !isNumberTok(s.toks[st]) && !strings.ContainsAny(s.toks[st].Text, "0123456789") {
			continue // "to catch the news": a purpose, not a new state
		}
		en := clauseEnd(s, st, min(maxWords, changeTargetWords))
		for k := st; k < en; k++ {
			if s.toks[k].Text == "," {
				en = k // "switched to Descript, I like …"
			}
		}
		if en <= st {
			continue
		}
		out = append(out, span{text: textOf(s, st, en), start: st, end: en, fit: 1})
	}
	return out
}

// decisionVerbs are the stems of the verbs a question asks a decision by
// ("what did we decide about the DJ", "what did she choose"): a general
// word class of English.
var decisionVerbs = keySet(`decide choose agree opt settle`)

// decisionSpans are what a sentence says was decided: the verb phrase
// after a verb of deciding and "to" ("decided to skip the DJ and make a
// playlist ourselves", "agreed to", "chose to", "opted to"), or the noun
// phrase after "on" ("settled on the blue one", "decided on a date"), to
// the end of its clause (commas of a series kept), at most maxWords words.
// The words the question says stay: they are part of what was decided.
// Each fits 1.
func decisionSpans(s *sentence, maxWords int) []span {
	var out []span
	n := len(s.toks)
	for i := 0; i+2 < n; i++ {
		if !decisionVerbs[s.keys[i]] {
			continue
		}
		if w := s.toks[i+1].Lower; w != "to" && w != "on" {
			continue
		}
		st := i + 2
		if st >= n || s.toks[st].Punct {
			continue
		}
		en := clauseEnd(s, st, maxWords)
		if full := clauseEnd(s, st, 4*maxWords); full > en && en-2 > st && s.toks[en-2].Lower == "to" {
			en -= 2 // a purpose cut short ("… ourselves to save"): dropped
		}
		if en <= st {
			continue
		}
		out = append(out, span{text: textOf(s, st, en), start: st, end: en, fit: 1})
	}
	return out
}

// targetFits reports whether change target t of s can be the value a
// question asks for: any target answers a question with no head noun
// ("what do I prefer for lunch now"), but for "which gym" or "where" the
// target must be a name or hold the head noun ("at the gym I switched to
// free weights" names no gym).
func targetFits(q question, s *sentence, t span) bool {
	if q.headKey == "" && q.typ != TypePlace {
		return true
	}
	return capitalized(s, t.start) || slices.Contains(s.keys[t.start:t.end], q.headKey)
}
