package gazetteer

import (
	"bytes"
	"compress/gzip"
	"strings"
	"testing"
)

func TestLookup(t *testing.T) {
	if err := Err(); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ name, country, division string }{
		{"Toronto", "CA", "Ontario"},
		{"bogota", "CO", "Bogota D.C."},
		{"PARIS", "FR", "Île-de-France"}, // the most populous Paris
		{"Fort  Wayne", "US", "Indiana"},
		{"Rio de Janeiro", "BR", "Rio de Janeiro"},
	} {
		p, ok := Lookup(c.name)
		if !ok || p.Country != c.country || p.Division != c.division {
			t.Errorf("Lookup(%q) = %+v, %v; want %s, %s", c.name, p, ok, c.country, c.division)
		}
	}
	ps := Namesakes("Paris")
	if len(ps) < 2 || ps[0].Country != "FR" || ps[1].Country != "US" || ps[1].Division != "Texas" || ps[0].Population < ps[1].Population {
		t.Errorf("Namesakes(Paris) = %+v, want France first, then Paris, Texas", ps)
	}
	for _, name := range []string{"Narnia", "", "the"} {
		if p, ok := Lookup(name); ok {
			t.Errorf("Lookup(%q) = %+v, want none", name, p)
		}
	}
}

func TestCountryAndDivision(t *testing.T) {
	for name, want := range map[string]string{"Colombia": "CO", "united states": "US", "the UK": "GB", "Türkiye": "", "Turkey": "TR", "Myanmar": "MM", "UK": "GB", "us": "", "in": "", "Scotland": "GB", "Holland": "NL", "Narnia": "", "Korea": "KR", "the Czech Republic": "CZ", "the Philippines": "PH", "US": "US"} {
		got, ok := Country(name)
		if got != want || ok != (want != "") {
			t.Errorf("Country(%q) = %q, %v; want %q", name, got, ok, want)
		}
	}
	for name, want := range map[string]string{"Florida": "US", "ontario": "CA", "Bavaria": "DE", "Narnia": "", "Punjab": "PK", "San Juan": "AR"} {
		got, ok := Division(name)
		if got != want || ok != (want != "") {
			t.Errorf("Division(%q) = %q, %v; want %q", name, got, ok, want)
		}
	}
	// the people of the table's places in the division: Mandeville is
	// the one place of Manchester Parish, Jamaica; San Juan, Argentina,
	// outnumbers San Juan, Puerto Rico (418,140)
	for name, want := range map[string]int{"Manchester": 47115, "San Juan": 699543, "Narnia": 0} {
		if got := DivisionPopulation(name); got != want {
			t.Errorf("DivisionPopulation(%q) = %d, want %d", name, got, want)
		}
	}
	for code, want := range map[string]string{"OH": "Ohio", "ON": "Ontario", "oh": "", "OX": ""} {
		got, ok := PostalDivision(code)
		if got != want || ok != (want != "") {
			t.Errorf("PostalDivision(%q) = %q, %v; want %q", code, got, ok, want)
		}
		if _, ok := Division(got); want != "" && !ok {
			t.Errorf("PostalDivision(%q) = %q, which Division does not know", code, got)
		}
	}
	if got := CountryName("MM"); got != "Myanmar" {
		t.Errorf("CountryName(MM) = %q", got)
	}
	if got := CountryName("HK"); got != "Hong Kong" {
		t.Errorf("CountryName(HK) = %q", got)
	}
	if got := CountryName("ZZ"); got != "" {
		t.Errorf("CountryName(ZZ) = %q, want none", got)
	}
}

func TestFold(t *testing.T) {
	for in, want := range map[string]string{"  Bogotá ": "bogota", "São  Paulo": "sao paulo", "Zürich": "zurich"} {
		if got := Fold(in); got != want {
			t.Errorf("Fold(%q) = %q, want %q", in, got, want)
		}
	}
}

// A malformed table is an error naming the line, not a panic.
func TestParseErrors(t *testing.T) {
	for text, want := range map[string]string{
		"Toronto\tCA\tOntario\n":        "line 1: want 4",
		"A\tCA\tX\t1\nB\tCA\tY\tmany\n": "line 2: population",
	} {
		var b bytes.Buffer
		zw := gzip.NewWriter(&b)
		zw.Write([]byte(text))
		zw.Close()
		if got := parse(b.Bytes()); got.err == nil || !strings.Contains(got.err.Error(), want) {
			t.Errorf("parse(%q) error %v, want %q", text, got.err, want)
		}
	}
	if got := parse([]byte("not gzip")); got.err == nil {
		t.Error("parse(not gzip): no error")
	}
}

func BenchmarkLoad(b *testing.B) {
	for b.Loop() {
		if t := parse(placesGz); t.err != nil {
			b.Fatal(t.err)
		}
	}
}

// Every postal abbreviation stands for a division the table knows, in the
// United States or Canada.
func TestPostalDivisionsKnown(t *testing.T) {
	for code, name := range postalDivisions {
		if c, ok := Division(name); !ok || c != "US" && c != "CA" {
			t.Errorf("postal %s: Division(%q) = %q, %v; want US or CA", code, name, c, ok)
		}
	}
}
