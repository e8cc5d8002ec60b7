// Package textutil holds the text plumbing shared by readers, judges,
// embedders and strategies: LoCoMo/SQuAD-style answer normalization, word
// tokenization, Snowball (Porter2) stemming, stopwords and sentence splitting.
//
// Normalization follows the LoCoMo evaluation code (itself from SQuAD):
// lowercase, punctuation removed, the articles "a", "an", "the" and the word
// "and" removed, whitespace collapsed, then every token stemmed.
package textutil

import (
	"hash/maphash"
	"regexp"
	"strings"
	"sync/atomic"
	"unicode"

	"github.com/kljensen/snowball/english"
)

// articles are dropped by Normalize, as in the LoCoMo evaluation
// (`re.sub(r'\b(a|an|the|and)\b', ' ', text)`).
var articles = map[string]bool{"a": true, "an": true, "the": true, "and": true}

// Words splits text into lowercase word tokens: maximal runs of letters and
// digits; apostrophes inside a word are dropped ("user's" → "users") and every
// other rune separates words. The result never holds empty strings.
func Words(text string) []string {
	var out []string
	var b strings.Builder
	start := -1   // byte offset where the current word began; -1: none
	plain := true // the word so far is text[start:i] unchanged
	flush := func(i int) {
		if start >= 0 {
			if plain {
				out = append(out, text[start:i])
			} else if b.Len() > 0 {
				out = append(out, b.String())
			}
		}
		start = -1
	}
	for i, r := range text {
		switch {
		case r >= 'a' && r <= 'z' || r >= '0' && r <= '9':
			if start < 0 {
				start, plain = i, true
				b.Reset()
			}
			if !plain {
				b.WriteByte(byte(r))
			}
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			if start < 0 {
				start, plain = i, true
				b.Reset()
			}
			lr := unicode.ToLower(r)
			if plain && lr != r {
				plain = false
				b.WriteString(text[start:i])
			}
			if !plain {
				b.WriteRune(lr)
			}
		case r == '\'' || r == '’':
			// keep the word together: "don't" → "dont"
			if start >= 0 && plain {
				plain = false
				b.WriteString(text[start:i])
			}
		default:
			flush(i)
		}
	}
	flush(len(text))
	return out
}

// stemCache memoizes Stem: stemming dominates the profiles of lexical code
// and the vocabulary of a run is small. It is direct-mapped: a word's slot
// is chosen by its hash and holds the last word stored there, so a lookup
// is one hash, one atomic load and one string comparison, and memory stays
// bounded (stemSlots entries) whatever the vocabulary.
var (
	stemCache [stemSlots]atomic.Pointer[stemEntry]
	stemSeed  = maphash.MakeSeed()
)

// stemSlots is the number of stem cache slots (a power of two).
const stemSlots = 1 << 18

type stemEntry struct{ word, stem string }

// Stem returns the Snowball English (Porter2) stem of a lowercase word.
// Stopwords are stemmed too, so the mapping is the same for every token.
// Safe for concurrent use; results are memoized.
func Stem(word string) string {
	slot := &stemCache[maphash.String(stemSeed, word)&(stemSlots-1)]
	if e := slot.Load(); e != nil && e.word == word {
		return e.stem
	}
	st := english.Stem(word, true)
	e := &stemEntry{word: strings.Clone(word), stem: strings.Clone(st)}
	if st == word {
		e.stem = e.word // hold no part of the caller's text
	}
	slot.Store(e)
	return st
}

// IsArticle reports whether the lowercase word is one Normalize drops
// ("a", "an", "the", "and").
func IsArticle(w string) bool { return articles[w] }

// NormalizeTokens is Normalize split into tokens: lowercase words with
// punctuation and articles removed, each stemmed.
func NormalizeTokens(text string) []string {
	words := Words(text)
	out := make([]string, 0, len(words))
	for _, w := range words {
		if articles[w] {
			continue
		}
		out = append(out, Stem(w))
	}
	return out
}

// Normalize returns the LoCoMo-normalized form of text: the stemmed tokens of
// NormalizeTokens joined by single spaces.
func Normalize(text string) string { return strings.Join(NormalizeTokens(text), " ") }

// ContentTokens returns the stemmed tokens of text without stopwords, in order,
// duplicates kept. It is the unit used for lexical overlap (reader support,
// fact matching, keyword search).
func ContentTokens(text string) []string {
	words := Words(text)
	out := make([]string, 0, len(words))
	for _, w := range words {
		if IsStopword(w) {
			continue
		}
		out = append(out, Stem(w))
	}
	return out
}

// NumberWords is Words with every number kept whole: a '.' or ':' between
// two digits stays inside its token ("2.5", "v1.2.3", "12:30") and a
// thousands comma is dropped ("1,200" → "1200"). It is the tokenization of
// fact matching (ContainsAll), where "2.5 mg" must not hold the word "5".
func NumberWords(text string) []string {
	rs := []rune(text)
	var out []string
	var b strings.Builder
	flush := func() {
		if b.Len() > 0 {
			out = append(out, b.String())
			b.Reset()
		}
	}
	digitAt := func(i int) bool { return i >= 0 && i < len(rs) && unicode.IsDigit(rs[i]) }
	for i, r := range rs {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(unicode.ToLower(r))
		case r == '\'' || r == '’':
			// inside a word, dropped as Words drops it: "don't" → "dont"
		case (r == '.' || r == ':') && b.Len() > 0 && digitAt(i-1) && digitAt(i+1):
			b.WriteRune(r)
		case r == ',' && b.Len() > 0 && digitAt(i-1) && ThousandsGroup(rs, i+1):
		default:
			flush()
		}
	}
	flush()
	return out
}

// ThousandsGroup reports whether rs[i:] starts with exactly three digits
// (not followed by another digit): the group after a thousands separator.
func ThousandsGroup(rs []rune, i int) bool {
	if i+3 > len(rs) {
		return false
	}
	for j := i; j < i+3; j++ {
		if !unicode.IsDigit(rs[j]) {
			return false
		}
	}
	return i+3 == len(rs) || !unicode.IsDigit(rs[i+3])
}

// FactTokens returns the tokens fact matching compares (ContainsAll): the
// stems of text's NumberWords without stopwords (content, in order,
// duplicates kept) and without the articles Normalize drops (all).
func FactTokens(text string) (content, all []string) {
	for _, w := range NumberWords(text) {
		st := Stem(w)
		if !IsStopword(w) {
			content = append(content, st)
		}
		if !articles[w] {
			all = append(all, st)
		}
	}
	return content, all
}

// TokenSet returns the set of the given tokens.
func TokenSet(tokens []string) map[string]bool {
	s := make(map[string]bool, len(tokens))
	for _, t := range tokens {
		s[t] = true
	}
	return s
}

// ContainsAll reports whether every normalized content token of needle occurs
// among the normalized content tokens of haystack. A needle with no content
// tokens (only stopwords) falls back to its normalized tokens; an empty needle
// is never contained. It is how the harness decides that a fact "is in" a text.
//
// Numbers are matched whole (see NumberWords): "2.5 mg" does not contain
// "5 mg", and "$1,200" contains "1200".
func ContainsAll(haystack, needle string) bool {
	need, needAll := FactTokens(needle)
	hay, hayAll := FactTokens(haystack)
	if len(need) == 0 {
		need, hay = needAll, hayAll
	}
	if len(need) == 0 {
		return false
	}
	set := TokenSet(hay)
	for _, t := range need {
		if !set[t] {
			return false
		}
	}
	return true
}

// Sentences splits text into sentences at '.', '!', '?' and newlines that are
// followed by whitespace or the end of the text. Decimal points ("3.5"),
// dots without a following space, and the dot of a common abbreviation
// ("Prof. Rossi", "Dr.", "e.g.", "et al.") stay inside a sentence. Each
// sentence is trimmed; empty ones are dropped.
func Sentences(text string) []string {
	var out []string
	rs := []rune(text)
	start := 0
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		end := false
		switch r {
		case '\n':
			end = true
		case '.':
			end = (i+1 == len(rs) || unicode.IsSpace(rs[i+1])) && !abbreviationBefore(rs, i)
		case '!', '?':
			end = i+1 == len(rs) || unicode.IsSpace(rs[i+1])
		}
		if end {
			if s := strings.TrimSpace(string(rs[start : i+1])); s != "" {
				out = append(out, s)
			}
			start = i + 1
		}
	}
	if s := strings.TrimSpace(string(rs[start:])); s != "" {
		out = append(out, s)
	}
	return out
}

// abbreviations whose final dot does not end a sentence (lowercase, without
// the dot).
var abbreviations = map[string]bool{
	"dr": true, "prof": true, "mr": true, "mrs": true, "ms": true, "st": true, "jr": true, "sr": true,
	"vs": true, "e.g": true, "i.e": true, "etc": true, "al": true, "approx": true, "fig": true, "no": true,
}

// initialsRe matches dotted initials without their last dot ("j.k",
// "c.s"): two or more single letters.
var initialsRe = regexp.MustCompile(`^([a-z]\.)+[a-z]$`)

// abbreviationBefore reports whether the word ending at rs[dot] (the dot
// excluded) is a known abbreviation.
func abbreviationBefore(rs []rune, dot int) bool {
	start := dot
	for start > 0 && !unicode.IsSpace(rs[start-1]) && rs[start-1] != '(' {
		start--
	}
	w := strings.ToLower(string(rs[start:dot]))
	if initialsRe.MatchString(w) && dot+2 < len(rs) && unicode.IsUpper(rs[dot+2]) {
		return true // "J.K. Rowling": initials before a name
	}
	if w == "no" && (dot+2 >= len(rs) || !unicode.IsDigit(rs[dot+2])) {
		return false // "No." ends a sentence unless a number follows ("No. 5")
	}
	return abbreviations[w]
}
