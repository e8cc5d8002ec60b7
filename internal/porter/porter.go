// Package porter is the Porter stemmer exactly as NLTK's PorterStemmer
// computes it in its default NLTK_EXTENSIONS mode (nltk/stem/porter.py),
// which is what the LoCoMo evaluation code (Maharana et al., ACL 2024,
// task_eval/evaluation.py) stems answer tokens with. It differs from the
// Snowball "Porter2" stemmer in internal/textutil on some words
// ("generously" → "gener" here, "generous" there), so metrics that must
// match the dataset's own evaluation use this package.
//
// The algorithm is M. F. Porter, "An algorithm for suffix stripping",
// Program 14(3), 1980, with the NLTK extensions: an irregular-forms table,
// words of one or two letters left alone, "ies"/"ied" handling that keeps
// "dies" → "die", "(*c and not c) Y → I" in step 1c, ALLI → AL first in
// step 2, the FULLI and LOGI rules, and "*o" true for two-letter vc stems.
package porter

import "strings"

// irregular maps NLTK's irregular forms to their stems.
var irregular = map[string]string{
	"sky": "sky", "skies": "sky", "dying": "die", "lying": "lie", "tying": "tie", "news": "news",
	"innings": "inning", "inning": "inning", "outings": "outing", "outing": "outing",
	"cannings": "canning", "canning": "canning", "howe": "howe", "proceed": "proceed",
	"exceed": "exceed", "succeed": "succeed",
}

// Stem returns the NLTK Porter stem of word. The word is lowercased first
// (Go's strings.ToLower, which matches Python's str.lower for the scripts
// the datasets use); words of at most two runes are returned lowercased and
// otherwise unchanged. Any string is accepted; the result is never longer
// than the lowercased input plus one rune.
func Stem(word string) string {
	lw := strings.ToLower(word)
	if s, ok := irregular[lw]; ok && lw == word {
		return s
	}
	w := []rune(lw)
	if len([]rune(word)) <= 2 {
		return lw
	}
	w = step1a(w)
	w = step1b(w)
	w = step1c(w)
	w = step2(w)
	w = step3(w)
	w = step4(w)
	w = step5a(w)
	w = step5b(w)
	return string(w)
}

func isVowel(r rune) bool { return r == 'a' || r == 'e' || r == 'i' || r == 'o' || r == 'u' }

// consonant implements the paper's definition: a letter other than a, e, i,
// o, u, and other than y preceded by a consonant.
func consonant(w []rune, i int) bool {
	if isVowel(w[i]) {
		return false
	}
	if w[i] == 'y' {
		if i == 0 {
			return true
		}
		return !consonant(w, i-1)
	}
	return true
}

// measure is m in [C](VC){m}[V]: the number of vowel→consonant transitions.
func measure(w []rune) int {
	m := 0
	for i := 1; i < len(w); i++ {
		if !consonant(w, i-1) && consonant(w, i) {
			m++
		}
	}
	return m
}

func containsVowel(w []rune) bool {
	for i := range w {
		if !consonant(w, i) {
			return true
		}
	}
	return false
}

func endsDoubleConsonant(w []rune) bool {
	n := len(w)
	return n >= 2 && w[n-1] == w[n-2] && consonant(w, n-1)
}

// endsCVC is *o: the stem ends consonant-vowel-consonant with the last not
// w, x or y; NLTK also accepts a two-letter vowel-consonant stem.
func endsCVC(w []rune) bool {
	n := len(w)
	if n >= 3 && consonant(w, n-3) && !consonant(w, n-2) && consonant(w, n-1) && w[n-1] != 'w' && w[n-1] != 'x' && w[n-1] != 'y' {
		return true
	}
	return n == 2 && !consonant(w, 0) && consonant(w, 1)
}

func hasSuffix(w []rune, suf string) bool {
	s := []rune(suf)
	if len(s) > len(w) {
		return false
	}
	for i := range s {
		if w[len(w)-len(s)+i] != s[i] {
			return false
		}
	}
	return true
}

func trim(w []rune, suf string) []rune { return w[:len(w)-len([]rune(suf))] }

func join(stem []rune, rep string) []rune {
	out := make([]rune, 0, len(stem)+len(rep))
	return append(append(out, stem...), []rune(rep)...)
}

// rule is one suffix rule: the suffix, its replacement and the condition on
// the remaining stem (nil: unconditional). The suffix "*d" means "ends in a
// double consonant" and removes two letters before the replacement.
type rule struct {
	suffix, rep string
	cond        func(stem []rune) bool
}

// apply applies the first rule whose suffix matches; when its condition
// fails the word is returned unchanged and no later rule is tried.
func apply(w []rune, rules []rule) []rune {
	for _, r := range rules {
		if r.suffix == "*d" {
			if endsDoubleConsonant(w) {
				stem := w[:len(w)-2]
				if r.cond == nil || r.cond(stem) {
					return join(stem, r.rep)
				}
				return w
			}
			continue
		}
		if hasSuffix(w, r.suffix) {
			stem := trim(w, r.suffix)
			if r.cond == nil || r.cond(stem) {
				return join(stem, r.rep)
			}
			return w
		}
	}
	return w
}

func positive(stem []rune) bool { return measure(stem) > 0 }
func gt1(stem []rune) bool      { return measure(stem) > 1 }

func step1a(w []rune) []rune {
	if hasSuffix(w, "ies") && len(w) == 4 {
		return join(trim(w, "ies"), "ie")
	}
	return apply(w, []rule{{"sses", "ss", nil}, {"ies", "i", nil}, {"ss", "ss", nil}, {"s", "", nil}})
}

func step1b(w []rune) []rune {
	if hasSuffix(w, "ied") {
		if len(w) == 4 {
			return join(trim(w, "ied"), "ie")
		}
		return join(trim(w, "ied"), "i")
	}
	if hasSuffix(w, "eed") {
		stem := trim(w, "eed")
		if measure(stem) > 0 {
			return join(stem, "ee")
		}
		return w
	}
	var inter []rune
	ok := false
	for _, suf := range []string{"ed", "ing"} {
		if hasSuffix(w, suf) {
			inter = trim(w, suf)
			if containsVowel(inter) {
				ok = true
				break
			}
		}
	}
	if !ok {
		return w
	}
	last := inter[len(inter)-1]
	return apply(inter, []rule{
		{"at", "ate", nil},
		{"bl", "ble", nil},
		{"iz", "ize", nil},
		{"*d", string(last), func([]rune) bool { return last != 'l' && last != 's' && last != 'z' }},
		{"", "e", func(stem []rune) bool { return measure(stem) == 1 && endsCVC(stem) }},
	})
}

func step1c(w []rune) []rune {
	return apply(w, []rule{{"y", "i", func(stem []rune) bool { return len(stem) > 1 && consonant(stem, len(stem)-1) }}})
}

func step2(w []rune) []rune {
	if hasSuffix(w, "alli") && positive(trim(w, "alli")) {
		return step2(join(trim(w, "alli"), "al"))
	}
	word := w
	return apply(w, []rule{
		{"ational", "ate", positive}, {"tional", "tion", positive}, {"enci", "ence", positive},
		{"anci", "ance", positive}, {"izer", "ize", positive}, {"bli", "ble", positive},
		{"alli", "al", positive}, {"entli", "ent", positive}, {"eli", "e", positive},
		{"ousli", "ous", positive}, {"ization", "ize", positive}, {"ation", "ate", positive},
		{"ator", "ate", positive}, {"alism", "al", positive}, {"iveness", "ive", positive},
		{"fulness", "ful", positive}, {"ousness", "ous", positive}, {"aliti", "al", positive},
		{"iviti", "ive", positive}, {"biliti", "ble", positive}, {"fulli", "ful", positive},
		{"logi", "log", func([]rune) bool { return positive(word[:len(word)-3]) }},
	})
}

func step3(w []rune) []rune {
	return apply(w, []rule{
		{"icate", "ic", positive}, {"ative", "", positive}, {"alize", "al", positive},
		{"iciti", "ic", positive}, {"ical", "ic", positive}, {"ful", "", positive}, {"ness", "", positive},
	})
}

func step4(w []rune) []rune {
	return apply(w, []rule{
		{"al", "", gt1}, {"ance", "", gt1}, {"ence", "", gt1}, {"er", "", gt1}, {"ic", "", gt1},
		{"able", "", gt1}, {"ible", "", gt1}, {"ant", "", gt1}, {"ement", "", gt1}, {"ment", "", gt1},
		{"ent", "", gt1},
		{"ion", "", func(stem []rune) bool {
			return measure(stem) > 1 && (stem[len(stem)-1] == 's' || stem[len(stem)-1] == 't')
		}},
		{"ou", "", gt1}, {"ism", "", gt1}, {"ate", "", gt1}, {"iti", "", gt1}, {"ous", "", gt1},
		{"ive", "", gt1}, {"ize", "", gt1},
	})
}

func step5a(w []rune) []rune {
	if hasSuffix(w, "e") {
		stem := trim(w, "e")
		m := measure(stem)
		if m > 1 || (m == 1 && !endsCVC(stem)) {
			return stem
		}
	}
	return w
}

func step5b(w []rune) []rune {
	word := w
	return apply(w, []rule{{"ll", "l", func([]rune) bool { return measure(word[:len(word)-1]) > 1 }}})
}
