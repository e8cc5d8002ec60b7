package temporal

import (
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"time"
)

// TestGatesHideNoMention checks that Find, which runs a pattern only when
// its gate is open, returns exactly what running every pattern returns:
// on random sentences built from date words, numbers, case variants and
// the two non-ASCII letters (?i) folds onto ASCII (Kelvin sign, long s),
// with and without a reference day.
func TestGatesHideNoMention(t *testing.T) {
	words := []string{"I", "went", "there", "on", "Monday", "mon", "Tues", "wed", "THURSDAY", "fri", "Sat", "sun", "sundays",
		"last", "next", "this", "coming", "past", "earlier", "later", "week", "weekend", "month", "year", "summer", "Fall",
		"autumn", "winter", "spring", "ago", "in", "a", "an", "few", "couple", "of", "several", "two", "3", "12", "2023",
		"2023-05-07", "7th", "May", "may", "June", "Sept.", "of", "yesterday", "today", "tonight", "tomorrow", "night",
		"morning", "afternoon", "evening", "the", "day", "before", "after", "will", "was", "planned", "to", "visited",
		"ſunday", "weeK", "yeſterday", "\u212Aeep", "agO", ",", ".", "days", "weeks", "months", "years", "money", "wedding"}
	r := rand.New(rand.NewPCG(3, 5))
	refs := []time.Time{{}, time.Date(2023, 6, 9, 15, 0, 0, 0, time.UTC)}
	found := 0
	for i := 0; i < 20000; i++ {
		n := 1 + r.IntN(9)
		parts := make([]string, n)
		for j := range parts {
			parts[j] = words[r.IntN(len(words))]
		}
		text := strings.Join(parts, " ")
		for _, ref := range refs {
			got, want := find(text, ref, true), find(text, ref, false)
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("%q (ref %v): gated %v, every pattern %v", text, ref, got, want)
			}
			found += len(want)
		}
	}
	if found < 5000 {
		t.Fatalf("only %d mentions in the fixture: it does not exercise the patterns", found)
	}
	// the folded letters open their gates
	ref := refs[1]
	for _, text := range []string{"on ſunday we met", "two wee\u212As ago", "yeſterday"} {
		if got := Find(text, ref); len(got) == 0 {
			t.Errorf("%q: no mention (want the one (?i) folding finds)", text)
		}
	}
}

// BenchmarkFind measures Find on a sentence without dates (the common
// case, where every gate is closed) and on one with several.
func BenchmarkFind(b *testing.B) {
	ref := time.Date(2023, 6, 9, 0, 0, 0, 0, time.UTC)
	for name, text := range map[string]string{
		"no-date": "I think the new recipe turned out really well, thanks for asking about it!",
		"dates":   "Last Saturday we met, and two weeks ago on 7 May 2023 I visited them; tomorrow morning I will call.",
	} {
		b.Run(name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				Find(text, ref)
			}
		})
	}
}
