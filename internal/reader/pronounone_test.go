package reader

import (
	"strings"
	"testing"
)

// "one" as a pronoun counts nothing; "one" before a noun, an adjective or
// a number does, whatever comes before it.
func TestPronounOne(t *testing.T) {
	for text, want := range map[string]string{
		"One of my favourite dishes is goulash.":               "",
		"No one was hurt in the crash.":                        "",
		"I started writing another one last week.":             "",
		"I finished the first one and printed it.":             "",
		"I have at least one cat, and my sister has three.":    "one cat|three",
		"We need another one hundred dollars for the trip.":    "one hundred dollars",
		"I did an easy one mile jog, then two sets of squats.": "one mile|two sets",
		"I have one brother and two sisters.":                  "one brother|two sisters",
		"We stayed one night at the inn, one of many stops.":   "one night",
	} {
		var got []string
		for _, sp := range numberSpans(newSentence(text, &unit{}), false) {
			got = append(got, sp.text)
		}
		if g := strings.Join(got, "|"); g != want {
			t.Errorf("%q: numbers %q, want %q", text, g, want)
		}
	}
}
