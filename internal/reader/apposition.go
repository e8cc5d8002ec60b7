package reader

import (
	"regexp"
	"slices"
	"strings"

	"github.com/memarena/memarena/internal/nlp"
)

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

// copularFit is the fit of the complement a copula gives the question's
// head noun ("my main goal is to open a bakery"): it says what the noun
// is, as an apposition does.
const copularFit = 0.8

// copularSpans are the complements of "<head noun> is/was/are/were …" in
// s, the head noun being the question's: the words after the copula up to
// the clause's end (a comma, a dash, a semicolon or the sentence's end), at
// most maxWords, a leading "to" of an infinitive dropped. A complement of
// adjectives alone ("the view was stunning") judges the noun instead of
// saying what it is and is skipped, as is one that is a clause (a pronoun
// or a finite verb first).
func copularSpans(q question, s *sentence, maxWords int) []span {
	tg := s.tags()
	n := len(s.toks)
	var out []span
	for i, k := range s.keys {
		if k != q.headKey || q.headKey == "" || i+2 >= n || i+1 >= len(tg) {
			continue
		}
		switch s.toks[i+1].Lower {
		case "is", "was", "are", "were":
		default:
			continue
		}
		st := i + 2
		if s.toks[st].Lower == "to" && st+1 < n {
			st++
		}
		if st < len(tg) && (strings.HasPrefix(tg[st], "PRP") && tg[st] != "PRP$" || finiteTag(tg[st]) || tg[st] == "EX") {
			continue
		}
		en := st
		for en < n && en-st < maxWords && !(s.toks[en].Punct && strings.ContainsAny(s.toks[en].Text, ",;:.!?-–—()")) {
			en++
		}
		for en > st && trimmable(s.toks[en-1]) {
			en--
		}
		if en <= st || !hasContent(s, st, en) || adjectivesOnly(tg, st, en) {
			continue
		}
		out = append(out, span{text: textOf(s, st, en), start: st, end: en, fit: copularFit})
	}
	return out
}

// adjectivesOnly reports whether tokens [st, en) are adjectives, adverbs
// and determiners only ("so stunning", "really great").
func adjectivesOnly(tg []string, st, en int) bool {
	for i := st; i < en && i < len(tg); i++ {
		if !strings.HasPrefix(tg[i], "JJ") && !strings.HasPrefix(tg[i], "RB") && tg[i] != "DT" {
			return false
		}
	}
	return true
}

// Copular naming. A turn often names the thing the question's noun asks
// for in a sentence of its own, with the noun as the subject of "be":
// "The variety is Rudolph.", "The nurse's name is Carla.", "Our
// countertop is Snow Drift quartz." That sentence holds few of the
// question's other words, which the sentence before it says ("I planted
// out the purple sprouting broccoli plugs in bed 3"), so support alone
// ranks it below them.

// copulaNouns are the nouns a question asks for that a copular sentence
// may take as its subject: the head noun, a variety noun ("which variety
// of broccoli"), and "name" for "what's X's name".
func copulaNouns(q question) map[string]bool {
	out := map[string]bool{}
	if q.headKey != "" {
		out[q.headKey] = true
	}
	for _, t := range words(q.text) {
		if varietyNouns[t.Lower] || t.Lower == "name" {
			out[stem(t.Lower)] = true
		}
	}
	return out
}

// copulaName is the name a sentence of unit u gives one of the question's
// copula nouns (copulaNouns) as the subject of "is" or "was": a run of one
// to four capitalized words (a title's dot kept: "Dr. Lena Brandt") and
// up to two common nouns it modifies ("Snow Drift quartz"), that ends the
// clause or its noun phrase, at a mark, a conjunction, a preposition or
// the sentence's end; "" when
// no sentence does. The noun must be the asked one: not modified by a
// noun the question does not say ("the tomato variety is …" for the
// bean variety), and "name" only as the name of the question's owner
// (nameOwner: "the nurse's name is …" for "the nurse's name"). A
// capitalized word read as an adjective (a nationality: "The restaurant
// is French"), a possessive ("Leo's idea") or a hyphenated compound
// ("Italian-owned") is no name, nor is a run a verb follows ("Toyota
// won't cover it"). owned is true when the noun was "name" (its owner
// checked).
func copulaName(q question, u *unit) (string, bool) {
	nouns := copulaNouns(q)
	if len(nouns) == 0 {
		return "", false
	}
	owner := nameOwner(q.text)
	for _, s := range u.sents {
		n := len(s.toks)
		tg := s.tags()
		for i := 0; i+2 < n; i++ {
			if !nouns[s.keys[i]] {
				continue
			}
			if w := s.toks[i+1].Lower; w != "is" && w != "was" {
				continue
			}
			if s.keys[i] == "name" {
				if owner == "" || i == 0 || stem(possessiveBase(s.toks[i-1].Lower)) != owner {
					continue // "The vet's name is …" for the dog's name
				}
			} else if i > 0 && i-1 < len(tg) && strings.HasPrefix(tg[i-1], "NN") && !slices.Contains(q.focus, s.keys[i-1]) {
				continue // "the tomato variety is …" for the beans
			}
			st := i + 2
			en := st
			for en < n && en-st < 6 {
				t := s.toks[en]
				if t.Text == "." && en > st && titleAbbrev[s.toks[en-1].Lower] {
					en++
					continue
				}
				if t.Punct || !capitalized(s, en) || strings.Contains(t.Text, "-") || strings.HasSuffix(t.Lower, "'s") || strings.HasSuffix(t.Lower, "’s") {
					break
				}
				en++
			}
			words := 0
			for k := st; k < en; k++ {
				if !s.toks[k].Punct {
					words++
				}
			}
			if words == 0 || words > 4 || words == 1 && st < len(tg) && strings.HasPrefix(tg[st], "JJ") || weekdayName(s.toks[st].Text) {
				continue // (a lone adjective: "French", "Japanese"; a day: "The plan is Saturday")
			}
			for k := 0; k < 2 && en < n && en < len(tg) && strings.HasPrefix(tg[en], "NN") && !s.toks[en].Punct; k++ {
				en++ // a common noun the name modifies: "Snow Drift quartz"
			}
			if en < n && !s.toks[en].Punct && !nlp.IsConjunction(s.toks[en].Lower) && !nlp.IsPreposition(s.toks[en].Lower) {
				continue // the clause goes on: "Toyota won't cover it", "Leo's idea"
			}
			return textOf(s, st, en), s.keys[i] == "name"
		}
	}
	return "", false
}

// nameOwnerRe finds the noun whose name a question asks for: "the
// nurse's name", "the name of the cat we adopted", "the name of my son's
// teacher".
var (
	nameOwnerPossRe = regexp.MustCompile(`(?i)\b([a-z-]+)['’]s\s+(?:full\s+|first\s+|last\s+)?name\b`)
	nameOwnerOfRe   = regexp.MustCompile(`(?i)\bname\s+of\s+((?:[a-z-]+['’]s\s+|[a-z-]+\s+){0,4}?[a-z-]+)\b(?:\s+(?:that|who|which|we|i|you|he|she|they|did|does|do|is|was|from|at|in|on|for)\b|\s*[?.]?$)`)
)

// nameOwner is the stem of the noun whose name the question asks for
// ("the home health nurse's name" → nurse, "the name of the dog's vet" →
// vet), "" when it asks for none.
func nameOwner(q string) string {
	if m := nameOwnerPossRe.FindStringSubmatch(q); m != nil {
		return stem(strings.ToLower(m[1]))
	}
	if m := nameOwnerOfRe.FindStringSubmatch(q); m != nil {
		ws := strings.Fields(m[1])
		return stem(possessiveBase(strings.ToLower(ws[len(ws)-1])))
	}
	return ""
}
