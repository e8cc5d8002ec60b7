package offline

import (
	"strings"
	"unicode"

	"github.com/memarena/memarena/internal/model"
)

// entityNames fills the canonical entity names (model.EntityNames) of a
// fact's subject and object; a mention that is its own name gets "".
func entityNames(f Fact) model.EntityNames {
	name := func(m string) string {
		if c := canonicalName(m, f.Evidence); c != strings.TrimSpace(m) {
			return c
		}
		return ""
	}
	return model.EntityNames{SubjectName: name(f.Subject), ObjectName: name(f.Object)}
}

// canonicalName is the shortest name that identifies the entity a mention
// names, by a general rule of English noun compounds: when the mention,
// after a leading determiner, is one or more name-like words followed by
// exactly one common noun ("the Nikon camera", "a Python script",
// "the OpenSearch repo"), the common noun only says what kind of thing the
// name is, and the name words are the canonical name ("Nikon",
// "Python", "OpenSearch"). Otherwise the mention is its own name: all-name
// compounds ("Nikon D750", "New York"), possessives ("Caroline's
// sister"), phrases of common words ("spicy ramen"), or a head of more
// than one common word ("LGBTQ support group", where the modifier does not
// name the whole).
//
// A word is name-like when it has a digit, an inner '.', '/' or '_' (a code
// identifier), or a capital letter — except the first word of the
// sentence (evidence), whose capital says nothing. A common noun is a word
// of lowercase letters (and hyphens). "" for an empty mention.
func canonicalName(mention, evidence string) string {
	ws := strings.Fields(mention)
	if len(ws) < 2 {
		return strings.TrimSpace(mention)
	}
	start := 0
	for start < len(ws)-1 && determiners[strings.ToLower(ws[start])] {
		start++
	}
	initial := strings.HasPrefix(strings.TrimSpace(evidence), strings.Join(ws, " "))
	head := ws[len(ws)-1]
	mods := ws[start : len(ws)-1]
	if len(mods) == 0 || !commonNoun(head) {
		return strings.Join(ws, " ")
	}
	for i, w := range mods {
		if !nameLike(w, initial && start+i == 0) {
			return strings.Join(ws, " ")
		}
	}
	return strings.Join(mods, " ")
}

// nameLike reports a name-like word (see canonicalName); sentenceInitial
// discounts a capital on the sentence's first word.
func nameLike(w string, sentenceInitial bool) bool {
	if strings.HasSuffix(w, "'s") || strings.HasSuffix(w, "’s") || strings.HasSuffix(w, "'") {
		return false // a possessive names the owner, not the entity
	}
	r := []rune(w)
	for i, c := range r {
		switch {
		case unicode.IsDigit(c):
			return true
		case (c == '.' || c == '/' || c == '_') && i > 0 && i < len(r)-1:
			return true
		case unicode.IsUpper(c) && (i > 0 || !sentenceInitial):
			return true
		}
	}
	return false
}

// commonNoun reports a word of lowercase letters and hyphens.
func commonNoun(w string) bool {
	if w == "" {
		return false
	}
	for _, c := range w {
		if !unicode.IsLower(c) && c != '-' {
			return false
		}
	}
	return true
}
