package hierpath

import (
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The term index finds the nodes a knowledge update may rewrite without
// scanning every node: a rewrite needs the old value (or the attribute's
// stem) in the node's text, and a value written in a text is made of its
// word tokens. A token is a maximal run of letters and digits of the
// lowercased content, indexed under its case-fold key (foldKey), so a
// lookup finds every spelling strings.EqualFold would match.

// termIndex maps the case-fold key of every token a node's content has
// held to the ids of those nodes, ascending. Postings are only added (a
// rewritten node keeps the postings of its old wording), so a lookup gives
// a superset that the caller checks against the current text.
type termIndex struct {
	post map[string][]int64
}

func newTermIndex() *termIndex { return &termIndex{post: map[string][]int64{}} }

// add indexes node id under the tokens of lower (its lowercased content).
func (t *termIndex) add(id int64, lower string) {
	for _, tok := range wordTokens(lower) {
		k := foldKey(tok)
		p := t.post[k]
		if n := len(p); n > 0 && p[n-1] >= id {
			t.post[k] = insertSorted(p, id)
			continue
		}
		t.post[k] = append(p, id)
	}
}

// exact returns the nodes that held a token whose fold key equals
// foldKey(tok), ascending (shared; do not modify).
func (t *termIndex) exact(tok string) []int64 { return t.post[foldKey(tok)] }

// containing returns the nodes that held a token containing sub (compared
// by fold keys), ascending and without duplicates.
func (t *termIndex) containing(sub string) []int64 {
	k := foldKey(sub)
	seen := map[int64]bool{}
	var out []int64
	for tok, ids := range t.post {
		if !strings.Contains(tok, k) {
			continue
		}
		for _, id := range ids {
			if !seen[id] {
				seen[id] = true
				out = append(out, id)
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

func isWordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

// wordTokens splits s into its maximal runs of letters and digits, each
// once, in order of first occurrence.
func wordTokens(s string) []string {
	var out []string
	seen := map[string]bool{}
	start := -1
	for i, r := range s {
		if isWordRune(r) {
			if start < 0 {
				start = i
			}
			continue
		}
		if start >= 0 {
			if tok := s[start:i]; !seen[tok] {
				seen[tok] = true
				out = append(out, tok)
			}
			start = -1
		}
	}
	if start >= 0 {
		if tok := s[start:]; !seen[tok] {
			out = append(out, tok)
		}
	}
	return out
}

// foldRune maps r to the smallest rune of its simple case-folding orbit
// (unicode.SimpleFold), so two runes strings.EqualFold treats as equal map
// to the same rune.
func foldRune(r rune) rune {
	if r < utf8.RuneSelf {
		if 'a' <= r && r <= 'z' {
			return r - 'a' + 'A'
		}
		return r
	}
	m := r
	for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
		m = min(m, f)
	}
	return m
}

// foldKey maps every rune of s with foldRune.
func foldKey(s string) string {
	ascii := true
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= utf8.RuneSelf || ('a' <= c && c <= 'z') {
			ascii = false
			break
		}
	}
	if ascii {
		return s
	}
	b := make([]rune, 0, len(s))
	for _, r := range s {
		b = append(b, foldRune(r))
	}
	return string(b)
}

// foldStable reports whether every rune of s is valid and letter-or-digit
// exactly when every rune of its case-folding orbit is, so a token
// boundary in s falls where it falls in any text strings.EqualFold matches
// with s.
func foldStable(s string) bool {
	for _, r := range s {
		if r == utf8.RuneError {
			return false
		}
		w := isWordRune(r)
		for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
			if isWordRune(f) != w {
				return false
			}
		}
	}
	return true
}

// firstWord returns the first maximal run of letters and digits in s, or
// "".
func firstWord(s string) string {
	start := -1
	for i, r := range s {
		switch {
		case isWordRune(r) && start < 0:
			start = i
		case !isWordRune(r) && start >= 0:
			return s[start:i]
		}
	}
	if start >= 0 {
		return s[start:]
	}
	return ""
}

// allWord reports whether s is non-empty valid UTF-8 made only of letters
// and digits.
func allWord(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if r == utf8.RuneError || !isWordRune(r) {
			return false
		}
	}
	return true
}
