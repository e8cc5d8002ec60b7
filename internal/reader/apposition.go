package reader

import "strings"

// Apposition. A noun that the question asks about is often followed by a
// dash or a colon and the phrase that says what it is ("I just achieved a
// major career milestone - making my first mobile game!", "I had an idea:
// a volunteer program where engineers teach"). The phrase after the mark
// is a noun phrase, an -ing phrase or a series of them; a clause there
// ("a new superhero - everyone has their own story") comments on the noun
// instead.

// appositionFit is the fit of a phrase set beside the question's head
// noun: the phrase names the thing the noun asks for, as a name set beside
// it does.
const appositionFit = 0.9

// appositionSpans are the phrases set by a dash or a colon after a token
// of s whose key is the question's head noun: the words up to the end of
// the sentence, another dash or a closing parenthesis, at most maxWords.
// A phrase that opens with a pronoun, or that holds a finite verb or a
// contracted one ("they're") before any relative word ("where", "who",
// "that", "which"), is a clause and is skipped.
func appositionSpans(q question, s *sentence, maxWords int) []span {
	tg := s.tags()
	n := len(s.toks)
	var out []span
	for i, k := range s.keys {
		if k != q.headKey || i+2 >= n || i+1 >= len(tg) {
			continue
		}
		mark := s.toks[i+1]
		if !mark.Punct || !strings.ContainsAny(mark.Text, ":-–—") {
			continue
		}
		st := i + 2
		en := st
		clause := false
		relative := false
		for en < n && en-st < maxWords && en < len(tg) {
			t := s.toks[en]
			if t.Punct && strings.ContainsAny(t.Text, "-–—)!?;") {
				break
			}
			switch t.Lower {
			case "where", "who", "that", "which", "whose":
				relative = true
			}
			if !relative && !t.Punct && (finiteTag(tg[en]) || contraction(t.Lower) || en == st && (strings.HasPrefix(tg[en], "PRP") && tg[en] != "PRP$" || tg[en] == "EX")) {
				clause = true
				break
			}
			en++
		}
		for en > st && trimmable(s.toks[en-1]) {
			en--
		}
		if clause || en <= st || !hasContent(s, st, en) {
			continue
		}
		out = append(out, span{text: textOf(s, st, en), start: st, end: en, fit: appositionFit})
	}
	return out
}

// finiteTag reports whether a part-of-speech tag is a finite verb or a
// modal.
func finiteTag(tg string) bool {
	return tg == "VBD" || tg == "VBP" || tg == "VBZ" || tg == "MD"
}
