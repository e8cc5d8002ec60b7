// Package gazetteer is the offline model's knowledge of where places are:
// which country and which first-order division (a US state, a Canadian
// province, a German Land) a populated place lies in, and the names of
// countries and divisions. A question such as "which country did she fly
// to?" is answered from "I landed in Toronto" by a reader that knows
// Toronto is in Canada, as a language model does.
//
// The table (places.tsv.gz, written by gen/main.go) holds the GeoNames
// populated places of at least 15,000 people (the size of GeoNames'
// cities15000 extract): about 23,000 places. GeoNames data is licensed under CC BY 4.0 (geonames.org).
// Country names are the CLDR English names of golang.org/x/text.
package gazetteer

import (
	"bufio"
	"bytes"
	"compress/gzip"
	_ "embed"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"unicode"

	"golang.org/x/text/language"
	"golang.org/x/text/language/display"
	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"
)

//go:embed places.tsv.gz
var placesGz []byte

// Place is a populated place.
type Place struct {
	// Name is the place's GeoNames name ("Bogotá").
	Name string
	// Country is its ISO 3166-1 alpha-2 code ("CO").
	Country string
	// Division is the name of its first-order administrative division
	// ("Florida" for Tampa), "" when the table has none.
	Division string
	// Population is its number of inhabitants.
	Population int
}

type table struct {
	places    map[string][]Place // folded name → places, most populous first
	countries map[string]string  // folded country name → code
	divisions map[string]string  // folded division name → country code
	divPop    map[string]int     // folded division name → people in its places
	err       error
}

var (
	once sync.Once
	tab  table
)

func load() *table {
	once.Do(func() { tab = parse(placesGz) })
	return &tab
}

// parse reads the gzipped table; a malformed line is an error naming it.
func parse(gz []byte) table {
	t := table{places: map[string][]Place{}, countries: map[string]string{}, divisions: map[string]string{}, divPop: map[string]int{}}
	// people in the places of each division, by country: a division name
	// that more than one country uses ("Punjab", "San Juan") is the one
	// with more people
	people := map[string]map[string]int{}
	zr, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		t.err = fmt.Errorf("gazetteer: places.tsv.gz: %w", err)
		return t
	}
	sc := bufio.NewScanner(zr)
	line := 0
	for sc.Scan() {
		line++
		f := strings.Split(sc.Text(), "\t")
		if len(f) != 4 {
			t.err = fmt.Errorf("gazetteer: places.tsv.gz line %d: want 4 tab-separated fields, got %d", line, len(f))
			return t
		}
		pop, err := strconv.Atoi(f[3])
		if err != nil {
			t.err = fmt.Errorf("gazetteer: places.tsv.gz line %d: population %q: %w", line, f[3], err)
			return t
		}
		k := Fold(f[0])
		t.places[k] = append(t.places[k], Place{Name: f[0], Country: f[1], Division: f[2], Population: pop})
		if f[2] != "" {
			d := Fold(f[2])
			if people[d] == nil {
				people[d] = map[string]int{}
			}
			people[d][f[1]] += pop
		}
		if _, ok := t.countries[f[1]]; !ok {
			if n := CountryName(f[1]); n != "" {
				t.countries[Fold(n)] = f[1]
				t.countries[f[1]] = f[1] // marks the code as seen
			}
		}
	}
	if err := sc.Err(); err != nil {
		t.err = fmt.Errorf("gazetteer: places.tsv.gz: %w", err)
	}
	for d, byCountry := range people {
		for c, n := range byCountry {
			if n > t.divPop[d] || n == t.divPop[d] && c < t.divisions[d] {
				t.divisions[d], t.divPop[d] = c, n
			}
		}
	}
	for alias, code := range countryAliases {
		t.countries[Fold(alias)] = code
	}
	return t
}

// countryAliases are common English names of countries that differ from
// their CLDR names ("Korea" for South Korea, "Czech Republic" for
// Czechia), and the countries of the United Kingdom, which English
// calls countries though ISO 3166-1 does not list them.
var countryAliases = map[string]string{
	"US": "US", "USA": "US", "U.S.": "US", "U.S.A.": "US", "America": "US", "the United States": "US", "the US": "US", "the USA": "US",
	"UK": "GB", "U.K.": "GB", "Britain": "GB", "Great Britain": "GB", "the UK": "GB",
	"England": "GB", "Scotland": "GB", "Wales": "GB", "Northern Ireland": "GB",
	"Holland": "NL", "the Netherlands": "NL",
	"Korea": "KR", "Czech Republic": "CZ", "Ivory Coast": "CI", "Burma": "MM", "East Timor": "TL",
	"Cape Verde": "CV", "Swaziland": "SZ", "Macedonia": "MK", "Vatican": "VA", "Vatican City": "VA",
	"the Philippines": "PH", "the Czech Republic": "CZ", "the Bahamas": "BS", "the Gambia": "GM",
	"the Maldives": "MV", "UAE": "AE", "the UAE": "AE", "Emirates": "AE",
}

// postalDivisions are the postal abbreviations of the states of the
// United States (and its federal district) and the provinces and
// territories of Canada that hold a place of the table (not Nunavut),
// which English writes after a city ("Dublin, OH", "London, ON").
var postalDivisions = map[string]string{
	"AL": "Alabama", "AK": "Alaska", "AZ": "Arizona", "AR": "Arkansas", "CA": "California", "CO": "Colorado",
	"CT": "Connecticut", "DE": "Delaware", "DC": "District of Columbia", "FL": "Florida", "GA": "Georgia", "HI": "Hawaii",
	"ID": "Idaho", "IL": "Illinois", "IN": "Indiana", "IA": "Iowa", "KS": "Kansas", "KY": "Kentucky",
	"LA": "Louisiana", "ME": "Maine", "MD": "Maryland", "MA": "Massachusetts", "MI": "Michigan", "MN": "Minnesota",
	"MS": "Mississippi", "MO": "Missouri", "MT": "Montana", "NE": "Nebraska", "NV": "Nevada", "NH": "New Hampshire",
	"NJ": "New Jersey", "NM": "New Mexico", "NY": "New York", "NC": "North Carolina", "ND": "North Dakota",
	"OH": "Ohio", "OK": "Oklahoma", "OR": "Oregon", "PA": "Pennsylvania", "RI": "Rhode Island",
	"SC": "South Carolina", "SD": "South Dakota", "TN": "Tennessee", "TX": "Texas", "UT": "Utah", "VT": "Vermont",
	"VA": "Virginia", "WA": "Washington", "WV": "West Virginia", "WI": "Wisconsin", "WY": "Wyoming",
	"AB": "Alberta", "BC": "British Columbia", "MB": "Manitoba", "NB": "New Brunswick",
	"NL": "Newfoundland and Labrador", "NS": "Nova Scotia", "NT": "Northwest Territories",
	"ON": "Ontario", "PE": "Prince Edward Island", "QC": "Quebec", "SK": "Saskatchewan", "YT": "Yukon",
}

// PostalDivision returns the state or province that the postal
// abbreviation code stands for ("OH" → "Ohio", "ON" → "Ontario"), in
// capitals only ("or" and "in" are words); ok is false for any other
// text.
func PostalDivision(code string) (division string, ok bool) {
	division, ok = postalDivisions[code]
	return division, ok
}

// Err reports whether the embedded table failed to load (nil when it
// loaded).
func Err() error { return load().err }

// Lookup returns the most populous place of the table named name, compared
// without case or accents ("bogota" finds Bogotá); ok is false when there
// is none.
func Lookup(name string) (p Place, ok bool) {
	ps := load().places[Fold(name)]
	if len(ps) == 0 {
		return Place{}, false
	}
	return ps[0], true
}

// Namesakes returns every place of the table named name, compared as
// Lookup compares, most populous first; nil when there is none. The
// slice is shared: callers must not modify it.
func Namesakes(name string) []Place {
	return load().places[Fold(name)]
}

// Country returns the ISO 3166-1 alpha-2 code of the country that name
// names ("Colombia", "the UK"), compared without case or accents (a
// two-letter name only in capitals: "UK", not "us"); ok is false when
// name names no country.
func Country(name string) (code string, ok bool) {
	k := Fold(name)
	if len(k) == 2 && strings.TrimSpace(name) != strings.ToUpper(strings.TrimSpace(name)) {
		return "", false // "us", "in": words, not "US", "UK"
	}
	code, ok = load().countries[k]
	return code, ok
}

// Division returns the country code of the first-order division that
// name names ("Florida" → "US"); when divisions of several countries
// share the name, the one whose places hold the most people ("Punjab" →
// "PK"). ok is false when name names none.
func Division(name string) (country string, ok bool) {
	country, ok = load().divisions[Fold(name)]
	return country, ok
}

// DivisionPopulation is the number of people in the table's places
// (those of 15,000 people or more) in the first-order division that name
// names, in the country Division returns: a lower bound of the
// division's population, and a measure to weigh it against a namesake
// place ("Manchester", England, 395,515 people, against Manchester
// Parish, Jamaica, 47,115). 0 when name names no division.
func DivisionPopulation(name string) int {
	return load().divPop[Fold(name)]
}

// CountryName is the English name of the country with ISO 3166-1
// alpha-2 code code ("CO" → "Colombia"), without CLDR's bracketed
// alternative ("Myanmar (Burma)" → "Myanmar") or its administrative
// qualifier ("Hong Kong SAR China" → "Hong Kong"); "" for an unknown
// code.
func CountryName(code string) string {
	r, err := language.ParseRegion(code)
	if err != nil || !r.IsCountry() {
		return ""
	}
	n := display.English.Regions().Name(r)
	if i := strings.Index(n, " ("); i > 0 {
		n = n[:i]
	}
	return strings.TrimSuffix(n, " SAR China")
}

// folders hold accent-removing transformers for reuse: a chain's buffers
// are large to allocate on every name.
var folders = sync.Pool{New: func() any {
	return transform.Chain(norm.NFD, runes.Remove(runes.In(unicode.Mn)), norm.NFC)
}}

// Fold is the comparison key of a name: lower case, accents removed,
// inner spaces collapsed ("  Bogotá " → "bogota").
func Fold(name string) string {
	s := name
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			t := folders.Get().(transform.Transformer)
			if f, _, err := transform.String(t, name); err == nil {
				s = f
			}
			folders.Put(t)
			break
		}
	}
	return strings.Join(strings.Fields(strings.ToLower(s)), " ")
}
