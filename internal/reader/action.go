package reader

import (
	"regexp"
	"strings"

	"github.com/memarena/memarena/internal/nlp"
)

// Action questions. "What did Audrey do with her pups over the weekend?"
// asks for what someone did: a verb phrase ("took them to the beach"),
// said by a finite verb whose subject is the person ("I", "we", a name) or
// that continues such a clause after "and" or a comma ("I did something
// fun with my pups, took them to the beach"). The pro-verb "do" and verbs
// of saying, thinking and wanting (clauseVerbs) only frame the action.

// doAskedRe matches a question that asks what someone does or did: "what
// did X do", "what does X do to …", "what did X plan to do".
var doAskedRe = regexp.MustCompile(`(?i)^what\s+(did|does|do|has|have|will|would)\b.*\b(do|doing)\b`)

// actionFit is the fit of a verb phrase to an action question.
const actionFit = 0.85

// subjects are the pronouns that can be the subject of a finite verb.
var subjects = wordSet(`i we he she they you`)

// actionSpans are the verb phrases of s that say what someone did: from a
// finite verb (or a base-form verb after "to" of "want/plan/going to")
// whose subject is a pronoun or a capitalized name, or that follows "and",
// "then" or a comma, to the clause's end, at most maxWords. Auxiliaries,
// copulas, "do" itself and clauseVerbs open none.
func actionSpans(s *sentence, maxWords int) []span {
	tg := s.tags()
	n := len(s.toks)
	var out []span
	for i := 0; i < n && i < len(tg); i++ {
		t := s.toks[i]
		if t.Punct || nlp.IsAuxiliary(t.Lower) || copulas[t.Lower] || clauseVerbs[s.keys[i]] {
			continue
		}
		if !finiteTag(tg[i]) && tg[i] != "VBD" {
			continue
		}
		j := i - 1
		for j >= 0 && !s.toks[j].Punct && (nlp.IsFiller(s.toks[j].Lower) || strings.HasPrefix(tg[j], "RB")) {
			j-- // "I just took", "we finally got"
		}
		ok := j < 0
		if j >= 0 {
			p := s.toks[j]
			ok = subjects[p.Lower] || p.Lower == "and" || p.Lower == "then" || p.Text == "," || capitalized(s, j) && strings.HasPrefix(tg[j], "NNP")
		}
		if !ok {
			continue
		}
		en := i + 1
		for en < n && en-i < maxWords && !isBoundary(s, en) && !s.toks[en].Punct {
			en++
		}
		for en > i+1 && trimmable(s.toks[en-1]) {
			en--
		}
		if en > i+1 && hasContent(s, i+1, en) {
			out = append(out, span{text: textOf(s, i, en), start: i, end: en, fit: actionFit})
		}
	}
	return out
}
