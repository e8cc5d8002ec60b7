package reader

import (
	"strings"

	"github.com/memarena/memarena/internal/nlp"
)

// Favourites. "What is Jon's favorite style of dance?" is answered by a
// copular sentence that ranks something first for its speaker, in either
// order: "My favorite dish is lasagna", "One of my favorite dishes is
// lasagna", "Contemporary is my top pick", "Ratatouille is one of my
// faves". The thing is the noun phrase on the other side of the copula,
// which the nearness of the question's words alone does not pick out.

// favoriteWords are the words of a question that asks for a favourite.
var favoriteWords = wordSet(`favorite favourite favorites favourites fave faves`)

// rankingPhrases are the predicate phrases (after a possessive) that rank
// something first for someone: "my favorite", "my top pick", "my go-to".
var rankingPhrases = [][]string{{"favorite"}, {"favourite"}, {"favorites"}, {"favourites"}, {"fave"}, {"faves"},
	{"top", "pick"}, {"go-to"}, {"all-time", "favorite"}, {"all-time", "favourite"}}

// maxFavoriteWords caps the thing a favourite sentence ranks, in words,
// when the sentence is checked for one.
const maxFavoriteWords = 10

// favoriteFit is the fit of the thing a favourite sentence ranks first.
const favoriteFit = 0.9

// favoriteSpans are the things s ranks first: the noun phrase after the
// copula of "<possessive> favorite [noun …] is/are/was/were …" and the one
// before the copula of "… is/are/was/were [one of] <possessive> favorite
// / top pick / go-to". A span runs to a clause boundary, at most maxWords,
// and holds a content word (the tagger often reads a lone noun there,
// "lasagna", as an adjective).
func favoriteSpans(s *sentence, maxWords int) []span {
	n := len(s.toks)
	low := func(i int) string {
		if i < 0 || i >= n {
			return ""
		}
		return strings.ReplaceAll(s.toks[i].Lower, "’", "'")
	}
	ranking := func(i int) int { return seqAt(s, i, rankingPhrases) } // a ranking phrase's length at i
	var out []span
	addSpan := func(st, en int) {
		for st < en && trimmable(s.toks[st]) {
			st++
		}
		for en > st && trimmable(s.toks[en-1]) {
			en--
		}
		if en > st && en-st <= maxWords && hasContent(s, st, en) {
			out = append(out, span{text: textOf(s, st, en), start: st, end: en, fit: favoriteFit})
		}
	}
	for i := 0; i < n; i++ {
		if !possessives[low(i)] {
			continue
		}
		r := ranking(i + 1)
		if r == 0 {
			continue
		}
		after := i + 1 + r
		// "my favorite dish is lasagna": the copula after the phrase
		// (past the nouns it ranks)
		j := after
		for j < n && j-after < 5 && !s.toks[j].Punct && !copulas[low(j)] && !(j > after && breaksPhrase(low(j)) && low(j) != "it") {
			j++
		}
		if j < n && copulas[low(j)] {
			st := j + 1
			en := st
			for en < n && en-st < maxWords && !isBoundary(s, en) && !s.toks[en].Punct {
				en++
			}
			addSpan(st, en)
			continue
		}
		// "contemporary is my top pick", "it is one of my faves"
		k := i - 1
		if low(k) == "of" && low(k-1) == "one" {
			k -= 2
		}
		if !copulas[low(k)] {
			continue
		}
		en := k
		st := en
		for st > 0 && en-st < maxWords && !isBoundary(s, st-1) && !s.toks[st-1].Punct && !breaksPhrase(low(st-1)) {
			st--
		}
		addSpan(st, en)
	}
	return out
}

// onlyQuestionWords reports whether every content word of tokens
// [st, en) of s is one of the question's focus terms.
func onlyQuestionWords(q question, s *sentence, st, en int) bool {
	for i := st; i < en; i++ {
		if s.toks[i].Punct || nlp.IsFunctionWord(s.toks[i].Lower) {
			continue
		}
		if q.order(s.keys[i]) < 0 {
			return false
		}
	}
	return true
}
