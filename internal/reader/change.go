package reader

import "strings"

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
// changed value of what top states: a sentence that itself holds a
// question term and tells a change (tellsChange), a candidate that fits
// the answer's type at least half as well as top and scores at least
// changedValueShare of it, in a memory item no strategy marked
// superseded.
func changedValue(sc *scorer, c, top cand) bool {
	return c.s.u.status != "superseded" && c.fit >= 0.5*top.fit && c.score >= changedValueShare*top.score &&
		tellsChange(c.s) && sc.cover(c.s.set) > 0
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
// "converted to", "upgraded to"). A general word class of English.
var changeTargetVerbs = keySet(`switch move change convert upgrade downgrade shift swap transfer migrate`)

// changeTargetWords is the longest change target changeTargets reads.
const changeTargetWords = 6

// changeTargets are the phrases that name what something changed to: the
// words after "to" or "into" (past "over", "back" or "up") following a
// verb of change, to the end of the clause or the first comma, at most
// changeTargetWords and maxWords words, a leading article dropped. Each
// fits 1.
func changeTargets(s *sentence, maxWords int) []span {
	var out []span
	n := len(s.toks)
	for i := 0; i+2 < n; i++ {
		if !changeTargetVerbs[s.keys[i]] {
			continue
		}
		j := i + 1
		for j < n && (s.toks[j].Lower == "over" || s.toks[j].Lower == "back" || s.toks[j].Lower == "up") {
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
		if st >= n || s.toks[st].Punct {
			continue
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
