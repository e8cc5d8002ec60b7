package reader

import (
	"slices"
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
	// containerDivision: a first-order division, "what province".
	containerDivision
	// containerState: a first-order division asked for as a state,
	// "which state": any country's, as English says "state" loosely,
	// but those of stateCountries first (see inContainerNear).
	containerState
)

// stateCountries are the countries whose first-order divisions English
// calls states (ISO 3166-1 alpha-2 codes): the federations of the United
// States, Mexico, Brazil, Venezuela, India, Malaysia, Nigeria, Australia,
// Germany, Austria, Sudan, South Sudan, Myanmar and Micronesia.
var stateCountries = wordSet(`US MX BR VE IN MY NG AU DE AT SD SS MM FM`)

// stateRatio: for a "which state" question a namesake in a country of
// states (stateCountries) is the place meant unless another namesake has
// more than stateRatio times its people, an order of magnitude ("I moved
// to Cambridge" is Cambridge, Massachusetts, 118,000 people against
// Cambridge, England's 158,000; "Ottawa" is still Canada's capital, not
// Ottawa, Illinois). A judgement: neither LoCoMo nor LongMemEval asks
// such a question without naming the country.
const stateRatio = 10

// questionCountry is the country a question names for the region it
// asks about, right before its head noun ("which US state", "what
// American state") or after it ("which state of Mexico", "what province
// in Canada"), as an ISO code; "" when it names none. A country's name
// elsewhere is no such restriction ("which state did Jordan visit").
func questionCountry(q question) string {
	toks := words(q.text)
	country := func(i, n int) string {
		if i < 0 || i+n > len(toks) || !unicode.IsUpper(rune(toks[i].Text[0])) {
			return ""
		}
		if n == 1 && toks[i].Lower == "american" {
			return "US"
		}
		var parts []string
		for _, t := range toks[i : i+n] {
			parts = append(parts, t.Text)
		}
		c, _ := gazetteer.Country(strings.Join(parts, " "))
		return c
	}
	for h, t := range toks {
		if t.Lower != q.head {
			continue
		}
		for n := 2; n >= 1; n-- {
			if c := country(h-n, n); c != "" {
				return c
			}
			if h+1 < len(toks) && (toks[h+1].Lower == "of" || toks[h+1].Lower == "in") {
				if c := country(h+2, n); c != "" {
					return c
				}
			}
		}
	}
	return ""
}

// containerAsked is the kind of region the question's head noun names.
func containerAsked(q question) container {
	if q.typ != TypePlace {
		return containerNone
	}
	switch q.head {
	case "country", "countries", "nation", "nations":
		return containerCountry
	case "state", "states":
		return containerState
	case "province", "provinces":
		return containerDivision
	}
	return containerNone
}

// containerFit is the least fit of a place the gazetteer puts in a region
// of the asked kind, and of a region of that kind named.
const containerFit = 0.8

// nonRegionShare is the share of its fit that a candidate that is no
// place name keeps ("home", "bucket list" for "which countries"; a name
// the gazetteer does not know keeps all of it). Read from the
// calibration harness on LoCoMo and LongMemEval: shares from 0.3 to 1
// give the same objective; 0.5 and below drop such items from two list
// answers ("Spain, England, home" → "Spain, England").
const nonRegionShare = 0.5

// nearby are the regions a sentence names besides a place (see
// sentenceRegions): country codes, and first-order divisions by folded
// name (gazetteer.Fold).
type nearby struct {
	countries, divisions map[string]bool
	// only is the country the question names ("which US state"): no
	// place elsewhere is meant. "" for any.
	only string
}

// inContainer is the name of the region of kind k that the place named
// text lies in ("Toronto" → "Canada" for a country, "Tampa" → "Florida"
// for a division), or "" when text names a region of that kind itself, a
// place the gazetteer does not know, or nothing a region can be read for.
// A division names its country ("Florida" → "United States").
func inContainer(k container, text string) string { return inContainerNear(k, text, nearby{}) }

// inContainerNear is inContainer for a place said beside the regions
// near. A name can name several places: populated places of several
// countries, and a first-order division. The one meant is a namesake
// place in a division near names ("Dublin, a suburb of Columbus" is
// Dublin, Ohio), else one in a country near names ("three days in
// Cordoba" in a sentence about Spain is Córdoba, Spain, not the larger
// Córdoba, Argentina), else the division if it lies in such a country,
// else whichever holds more people: the most populous namesake, or the
// division, counted by the people of its places
// (gazetteer.DivisionPopulation: "Manchester" is the English city, not
// the Jamaican parish; "Victoria" the Australian state, not the Canadian
// city). A "which state" question (containerState) takes a namesake in
// a country of states first (stateCountries, stateRatio: "Cambridge" is
// then in Massachusetts, "Ottawa" still in Ontario); a country the
// question names (near.only: "which US state") takes no other. A name in
// capitals is an acronym or a nickname ("NOLA"), not a namesake's name.
func inContainerNear(k container, text string, near nearby) string {
	if !placeName(text) || text == strings.ToUpper(text) {
		return ""
	}
	if _, ok := gazetteer.Country(text); ok {
		return "" // already a country
	}
	ps := gazetteer.Namesakes(text)
	dc, isDiv := gazetteer.Division(text)
	divPop := gazetteer.DivisionPopulation(text) // 0 for no division
	if near.only != "" {
		var in []gazetteer.Place
		for _, p := range ps {
			if p.Country == near.only {
				in = append(in, p)
			}
		}
		ps, isDiv = in, isDiv && dc == near.only
	}
	// a namesake in a division near names, else in a country it names;
	// for a state, those in countries of states first ("Cambridge,
	// Birmingham, and Denver" name England and the United States)
	inState := func(p gazetteer.Place) bool { return k != containerState || stateCountries[p.Country] }
	inDivision := func(p gazetteer.Place) bool { return near.divisions[gazetteer.Fold(p.Division)] }
	inCountry := func(p gazetteer.Place) bool { return near.countries[p.Country] }
	p := -1
	for _, ok := range []func(gazetteer.Place) bool{
		func(p gazetteer.Place) bool { return inState(p) && inDivision(p) },
		func(p gazetteer.Place) bool { return inState(p) && inCountry(p) },
		inDivision, inCountry,
	} {
		if p = slices.IndexFunc(ps, ok); p >= 0 {
			break
		}
	}
	div := false
	if p < 0 && k == containerState && !(isDiv && near.countries[dc]) {
		// the larger of the first namesake in a country of states and
		// such a division, unless another has stateRatio times its
		// people
		top, bestPop := 0, 0
		if len(ps) > 0 {
			top = ps[0].Population
		}
		best := slices.IndexFunc(ps, func(p gazetteer.Place) bool { return stateCountries[p.Country] })
		if best >= 0 {
			bestPop = ps[best].Population
		}
		top = max(top, divPop)
		switch {
		case isDiv && stateCountries[dc] && divPop >= bestPop && divPop*stateRatio >= top:
			div = true
		case best >= 0 && bestPop*stateRatio >= top:
			p = best
		}
	}
	switch {
	case div, p >= 0:
	case isDiv && near.countries[dc]:
		div = true
	case isDiv && (len(ps) == 0 || divPop >= ps[0].Population):
		div = true
	case len(ps) > 0:
		p = 0
	default:
		return ""
	}
	switch k {
	case containerCountry:
		if div {
			return gazetteer.CountryName(dc)
		}
		return gazetteer.CountryName(ps[p].Country)
	case containerDivision, containerState:
		if div || gazetteer.Fold(ps[p].Division) == gazetteer.Fold(text) {
			return "" // already a division, or its city ("New York", "Rio de Janeiro")
		}
		return ps[p].Division
	}
	return ""
}

// regionNamed reports whether text names a region of kind k itself: a
// country ("Italy", "the UK") or a first-order division ("Ohio").
func regionNamed(k container, text string) bool {
	if !placeName(strings.TrimPrefix(text, "the ")) {
		return false
	}
	switch k {
	case containerCountry:
		_, ok := gazetteer.Country(text)
		return ok
	case containerDivision, containerState:
		_, ok := gazetteer.Division(text)
		return ok
	}
	return false
}

// regionOf is the region of kind k that the place at tokens [start, end)
// of s lies in, read in context: a region set after it ("Paris, Texas" →
// "Texas"; for a country, the division's country), else the gazetteer's
// (inContainerNear, the countries s names deciding between namesakes)
// when s says it as a place: after a locative preposition or a verb of
// visiting, or in a coordination that follows one ("in Cordoba, Seville
// and Granada"); not a name said otherwise ("my pen pal Sofia writes
// from Argentina": Argentina is the answer, not Sofia's namesake city).
// "" when there is none.
func regionOf(k container, only string, s *sentence, start, end int) string {
	text := textOf(s, start, end)
	if !placeName(text) {
		return ""
	}
	if r, c, division := regionAfter(s, text, end); r != "" {
		switch {
		case (k == containerDivision || k == containerState) && division:
			return r
		case k == containerCountry && division:
			return gazetteer.CountryName(c)
		case k == containerCountry:
			return r
		}
		return ""
	}
	if !saidAsPlace(s, start) {
		return ""
	}
	near := sentenceRegions(s, start, end)
	near.only = only
	return inContainerNear(k, text, near)
}

// regionAfter is the region named right after the place text that ends
// at token end of s, past a comma ("Paris, Texas", "London, Ontario"; a
// postal abbreviation, "Dublin, OH", names its division): "City,
// Region". The region is a country (division false) or a first-order
// division (division true), country its ISO code. It is read only where
// a namesake of text lies in the region ("Columbus, Georgia" is the
// state, not the country; "Manchester, NH"), or, for a name the
// gazetteer does not know, where text names no country or division
// itself; otherwise the names are a list ("France, Spain and Italy",
// "Texas, Ohio, and Maine", "Berlin, Vienna and Prague"). name is ""
// when there is none.
func regionAfter(s *sentence, text string, end int) (name, country string, division bool) {
	if end+1 >= len(s.toks) || s.toks[end].Text != "," {
		return "", "", false
	}
	if _, ok := gazetteer.Country(text); ok {
		return "", "", false
	}
	ps := gazetteer.Namesakes(text)
	_, isDiv := gazetteer.Division(text)
	for n := 3; n >= 1; n-- {
		if end+1+n > len(s.toks) {
			continue
		}
		r := textOf(s, end+1, end+1+n)
		if d, ok := gazetteer.PostalDivision(r); ok && n == 1 {
			r = d
		}
		if !placeName(r) {
			continue
		}
		c, isCountry := gazetteer.Country(r)
		dc, isDivision := gazetteer.Division(r)
		if !isCountry && !isDivision {
			continue
		}
		for _, p := range ps {
			// a state before a country of the same name ("Rome,
			// Georgia")
			if isDivision && gazetteer.Fold(p.Division) == gazetteer.Fold(r) {
				return r, p.Country, true
			}
		}
		for _, p := range ps {
			if isCountry && p.Country == c {
				return r, c, false
			}
		}
		if len(ps) > 0 || isDiv {
			return "", "", false
		}
		if isCountry {
			return r, c, false
		}
		return r, dc, true
	}
	return "", "", false
}

// visitVerbs say a place as where someone went.
var visitVerbs = wordSet(`visit visited visiting visits explore explored exploring toured touring reached via through across`)

// saidAsPlace reports whether the name at token start of s is said as a
// place: after a locative preposition or a verb of visiting (with an
// article between), or after a comma or a conjunction in a run of names
// that follows one.
func saidAsPlace(s *sentence, start int) bool {
	for i := start - 1; i >= 0 && i >= start-8; i-- {
		w := s.toks[i].Lower
		switch {
		case locativePreps[w] || visitVerbs[w]:
			return true
		case w == "of" && i > 0 && namedPlaceNouns[s.toks[i-1].Lower]:
			return true // "the city of Nuuk"
		case w == "the":
			continue
		case w == "," || w == "and" || w == "or":
			continue
		case capitalized(s, i):
			// an earlier name of the run
			if i+1 < len(s.toks) && (s.toks[i+1].Text == "," || s.toks[i+1].Lower == "and" || s.toks[i+1].Lower == "or" || capitalized(s, i+1)) {
				continue
			}
			return false
		default:
			return false
		}
	}
	return false
}

// sentenceRegions are the regions s names outside tokens [start, end):
// countries by a country's name, by a division's, or by a place the
// gazetteer knows ("an hour from Madrid" names Spain); divisions by their
// name or by a place's ("a suburb of Columbus" names Ohio).
func sentenceRegions(s *sentence, start, end int) nearby {
	out := nearby{countries: map[string]bool{}, divisions: map[string]bool{}}
	for i := 0; i < len(s.toks); i++ {
		if i >= start && i < end || !capitalized(s, i) {
			continue
		}
		for n := min(3, len(s.toks)-i); n >= 1; n-- {
			if i < end && i+n > start {
				continue
			}
			r := textOf(s, i, i+n)
			if !placeName(r) {
				continue
			}
			c, isCountry := gazetteer.Country(r)
			dc, isDiv := gazetteer.Division(r)
			if isCountry || isDiv {
				// both for a name of both ("the Georgia game")
				if isCountry {
					out.countries[c] = true
				}
				if isDiv {
					out.countries[dc] = true
					out.divisions[gazetteer.Fold(r)] = true
				}
			} else if p, ok := gazetteer.Lookup(r); ok {
				out.countries[p.Country] = true
				out.divisions[gazetteer.Fold(p.Division)] = true
			} else {
				continue
			}
			i += n - 1
			break
		}
	}
	return out
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
