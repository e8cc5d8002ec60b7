// Package nlp holds the offline backend's shared light-weight language rules:
// entity mention extraction and normalization. Strategies' offline
// extractors build on it so that every strategy finds the same entities in
// the same text.
package nlp

import (
	"sort"
	"strings"
	"unicode"

	"github.com/memarena/memarena/internal/textutil"
)

// Mention is an entity mention found in a text.
type Mention struct {
	// Text is the mention as written ("Nikon D750").
	Text string
	// Key is its normalized form (see NormalizeEntity).
	Key string
}

// selfWords are first-person references that all normalize to "user".
var selfWords = map[string]bool{"i": true, "me": true, "my": true, "mine": true, "myself": true, "the user": true, "user": true}

// NormalizeEntity maps a mention to its entity key: lowercase, surrounding
// punctuation and leading articles/possessives removed, inner whitespace
// collapsed; first-person references ("I", "me", "my", "the user") become
// "user". An empty or stopword-only mention gives "".
func NormalizeEntity(s string) string {
	s = strings.ToLower(strings.TrimSpace(s))
	s = strings.TrimFunc(s, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	s = strings.Join(strings.Fields(s), " ")
	if c, ok := strings.CutSuffix(strings.ReplaceAll(s, "’", "'"), "'m"); ok && c == "i" {
		return "user" // "I'm"
	}
	if selfWords[s] {
		return "user"
	}
	for _, p := range []string{"the ", "a ", "an ", "our ", "my ", "your ", "their ", "his ", "her "} {
		s = strings.TrimPrefix(s, p)
	}
	s = strings.TrimSuffix(s, "'s")
	s = strings.TrimSuffix(s, "’s")
	if s == "" {
		return ""
	}
	allStop := true
	for _, w := range strings.Fields(s) {
		if !textutil.IsStopword(w) {
			allStop = false
			break
		}
	}
	if allStop {
		return ""
	}
	return s
}

// Entities finds entity mentions in text with deterministic rules:
//
//   - runs of capitalized words ("Hotel Granvia Kyoto", "Dana"), not counting
//     a lone capitalized stopword at a sentence start ("The", "We");
//   - technical tokens: words with digits, inner dots, slashes or
//     underscores, or inner capitals ("p99", "/recipes", "max_retries",
//     "us-west-2", "OpenSearch"); plain lowercase words, hyphenated or not,
//     are not entities (there is no lexicon);
//   - a capitalized word followed by a version-like number joins it
//     ("Nikon D750", "Go 1.22").
//
// Mentions come back in order of first appearance, de-duplicated by Key.
func Entities(text string) []Mention {
	var out []Mention
	seen := map[string]bool{}
	add := func(s string) {
		k := NormalizeEntity(s)
		if k == "" || k == "user" || seen[k] || len(k) < 2 {
			return
		}
		seen[k] = true
		out = append(out, Mention{Text: strings.TrimSpace(s), Key: k})
	}
	for _, sent := range textutil.Sentences(text) {
		toks := strings.Fields(sent)
		var run []string
		flush := func() {
			if len(run) > 0 {
				add(strings.Join(run, " "))
				run = nil
			}
		}
		for i, raw := range toks {
			w := strings.TrimFunc(raw, func(r rune) bool {
				return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '/' && r != '.' && r != '-' && r != '_'
			})
			w = strings.TrimRight(w, ".-")
			if w == "" {
				flush()
				continue
			}
			endsClause := strings.ContainsAny(raw[len(raw)-1:], ",;:!?)")
			switch {
			case isCapitalized(w) && !(i == 0 && isStopLike(w)) && !(isStopLike(w) && len(run) == 0):
				run = append(run, w)
			case len(run) > 0 && isVersion(w):
				run = append(run, w)
				flush()
			case isTechnical(w):
				flush()
				add(w)
			default:
				flush()
			}
			if endsClause {
				flush()
			}
		}
		flush()
	}
	return out
}

// Keys returns the sorted, de-duplicated keys of mentions.
func Keys(ms []Mention) []string {
	out := make([]string, 0, len(ms))
	for _, m := range ms {
		out = append(out, m.Key)
	}
	sort.Strings(out)
	return out
}

// isStopLike reports whether w is a stopword or a contraction of stopwords
// ("I'm", "I'll", "Let's").
func isStopLike(w string) bool {
	for _, x := range textutil.Words(w) {
		if !textutil.IsStopword(x) {
			return false
		}
	}
	return true
}

func isCapitalized(w string) bool {
	r := []rune(w)
	return len(r) > 1 && unicode.IsUpper(r[0])
}

func isVersion(w string) bool {
	hasDigit := false
	for _, r := range w {
		switch {
		case unicode.IsDigit(r):
			hasDigit = true
		case r == '.' || r == 'x' || r == 'v':
		default:
			return false
		}
	}
	return hasDigit
}

// IsTechnical reports whether w is an identifier-like token: letters with
// digits ("p95", "us-west-2"), inner dots, slashes or underscores
// ("max_retries", "os/exec"), inner capitals ("OpenSearch") or a leading path
// slash ("/orders"). Plain numbers and plain words are not.
func IsTechnical(w string) bool { return isTechnical(w) }

func isTechnical(w string) bool {
	if len(w) < 2 {
		return false
	}
	r := []rune(w)
	letters, digits, inner := 0, 0, false
	for i, c := range r {
		switch {
		case unicode.IsLetter(c):
			letters++
			if i > 0 && unicode.IsUpper(c) && unicode.IsLower(r[i-1]) {
				inner = true // camelCase / OpenSearch
			}
		case unicode.IsDigit(c):
			digits++
		case c == '/' && i == 0:
			inner = true // /orders
		case c == '.' || c == '_' || c == '/':
			if i > 0 && i < len(r)-1 {
				inner = true
			}
		}
	}
	if letters == 0 {
		return false // plain numbers are values, not entities
	}
	return inner || (digits > 0 && letters > 0)
}
