package reader

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/memarena/memarena/internal/gazetteer"
)

// Countries and divisions. "Which country did James fly to?" is answered
// from "I landed in Toronto" with "Canada", and "what state did she
// visit?" from "a week in Tampa" with "Florida": the reader knows where a
// populated place lies (internal/gazetteer), as a language model does.

// container is the kind of region a question asks for.
type container int

const (
	containerNone container = iota
	// containerCountry: "which country", "what nation".
	containerCountry
	// containerDivision: a first-order division, "which state", "what
	// province".
	containerDivision
)

// containerAsked is the kind of region the question's head noun names.
func containerAsked(q question) container {
	if q.typ != TypePlace {
		return containerNone
	}
	switch q.head {
	case "country", "countries", "nation", "nations":
		return containerCountry
	case "state", "states", "province", "provinces":
		return containerDivision
	}
	return containerNone
}

// containerFit is the least fit of a place the gazetteer puts in a region
// of the asked kind.
const containerFit = 0.8

// inContainer is the name of the region of kind k that the place named
// text lies in ("Toronto" → "Canada" for a country, "Tampa" → "Florida"
// for a division), or "" when text names a region of that kind itself, a
// place the gazetteer does not know, or nothing a region can be read for.
// A division names its country ("Florida" → "United States").
func inContainer(k container, text string) string {
	if !placeName(text) {
		return ""
	}
	if _, ok := gazetteer.Country(text); ok {
		return "" // already a country
	}
	if k == containerCountry {
		if c, ok := gazetteer.Division(text); ok {
			return gazetteer.CountryName(c)
		}
	}
	p, ok := gazetteer.Lookup(text)
	if !ok {
		return ""
	}
	switch k {
	case containerCountry:
		return gazetteer.CountryName(p.Country)
	case containerDivision:
		if _, ok := gazetteer.Division(text); ok {
			return "" // already a division ("New York", "Rio de Janeiro")
		}
		return p.Division
	}
	return ""
}

// placeName reports whether text is written as a place name: capitalized
// words, with lower-case particles between them ("Rio de Janeiro",
// "Stratford upon Avon"), and no punctuation but hyphens, dots and
// apostrophes ("St. Louis", "Wilkes-Barre").
func placeName(text string) bool {
	f := strings.Fields(text)
	if len(f) == 0 || len(f) > 4 {
		return false
	}
	for i, w := range f {
		r, _ := utf8.DecodeRuneInString(w)
		if strings.ContainsFunc(w, func(c rune) bool {
			return !unicode.IsLetter(c) && c != '-' && c != '.' && c != '\'' && c != '’'
		}) {
			return false
		}
		if !unicode.IsUpper(r) && (i == 0 || i == len(f)-1 || !placeParticles[w]) {
			return false
		}
	}
	return true
}

// placeParticles are the lower-case words inside place names.
var placeParticles = wordSet(`de da do dos das del la le les los of on upon am an der den di du sur en y`)
