package textutil

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/kljensen/snowball/english"
)

func TestNormalize(t *testing.T) {
	cases := map[string]string{
		"The Quick, brown fox!":        "quick brown fox",
		"An apple and a pear":          "appl pear",
		"She graduated in 2019.":       "she graduat in 2019",
		"  Cursor-based   pagination ": "cursor base pagin",
		"":                             "",
	}
	for in, want := range cases {
		if got := Normalize(in); got != want {
			t.Errorf("Normalize(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestStemJoinsInflections(t *testing.T) {
	if Stem("graduated") != Stem("graduate") {
		t.Fatalf("graduated %q != graduate %q", Stem("graduated"), Stem("graduate"))
	}
}

func TestWords(t *testing.T) {
	got := Words("Don't use OFFSET-paging, use keyset (v2.1)!")
	want := []string{"dont", "use", "offset", "paging", "use", "keyset", "v2", "1"}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("Words = %q, want %q", got, want)
	}
}

func TestContainsAll(t *testing.T) {
	if !ContainsAll("We switched to keyset pagination on the orders table.", "keyset pagination") {
		t.Error("fact should be contained")
	}
	if ContainsAll("We use offset paging.", "keyset pagination") {
		t.Error("fact should not be contained")
	}
	if ContainsAll("anything", "") {
		t.Error("empty needle must not be contained")
	}
	if !ContainsAll("it is the one", "the one") {
		t.Error("stopword-only needle falls back to normalized tokens")
	}
}

func TestSentences(t *testing.T) {
	got := Sentences("Version 3.5 is out. Is it fast? Yes!\nNew line here. Prof. Rossi met Okafor et al. in May. No. It is No. 5 now. I read C.S. Lewis as a kid. We met in the U.S. and stayed.")
	want := []string{"Version 3.5 is out.", "Is it fast?", "Yes!", "New line here.", "Prof. Rossi met Okafor et al. in May.", "No.", "It is No. 5 now.", "I read C.S. Lewis as a kid.", "We met in the U.S.", "and stayed."}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("Sentences = %q, want %q", got, want)
	}
}

// wordsByRunes is the plain definition of Words: every letter or digit
// lowercased into the current word, apostrophes dropped, anything else a
// separator. Words must give the same tokens.
func wordsByRunes(text string) []string {
	var out []string
	var b strings.Builder
	for _, r := range text {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(unicode.ToLower(r))
		case r == '\'' || r == '’':
		default:
			if b.Len() > 0 {
				out = append(out, b.String())
				b.Reset()
			}
		}
	}
	if b.Len() > 0 {
		out = append(out, b.String())
	}
	return out
}

func TestWordsMatchesDefinition(t *testing.T) {
	parts := []string{"a", "Z", "don't", "’s", "'", "’", "9", "Über", "straße", "ǅ", "İ", "ΣΑΣ", "日本", "é", "e\u0301", " ", ",", "-", "\xff", "\u00a0", "x'y", "'lead", "trail'", "A1b2", "ǈ"}
	r := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 20000; i++ {
		var b strings.Builder
		for n := r.IntN(12); n >= 0; n-- {
			b.WriteString(parts[r.IntN(len(parts))])
		}
		s := b.String()
		if got, want := Words(s), wordsByRunes(s); !slices.Equal(got, want) {
			t.Fatalf("Words(%q) = %q, want %q", s, got, want)
		}
	}
}

func TestStemCacheCollisions(t *testing.T) {
	// Twice as many distinct words as slots, so slots are overwritten:
	// every answer must still be the word's own stem.
	suffixes := []string{"ing", "s", "ed", "ly", "ation", "ness"}
	word := func(i int) string { return "w" + strconv.Itoa(i) + suffixes[i%len(suffixes)] }
	for round := 0; round < 2; round++ {
		for i := 0; i < 2*stemSlots; i += 1 + round*7 {
			w := word(i)
			if got, want := Stem(w), english.Stem(w, true); got != want {
				t.Fatalf("Stem(%q) = %q, want %q", w, got, want)
			}
		}
	}
}

func TestContainsAllNumbers(t *testing.T) {
	for _, c := range []struct {
		hay, needle string
		want        bool
	}{
		{"Take 2.5 mg twice a day.", "5 mg twice a day", false},
		{"Take 2.5 mg twice a day.", "2.5 mg", true},
		{"The soil was pH 6.4 this spring.", "4", false},
		{"The soil was pH 6.4 this spring.", "pH 6.4", true},
		{"Rent went up to $1,200 a month.", "1200", true},
		{"Rent went up to $1,200 a month.", "$1,200", true},
		{"Rent went up to $1,200 a month.", "200", false},
		{"We pinned Python 3.12 in the image.", "Python 3", false},
		{"We meet at 12:30, after the stand-up.", "12:30", true},
		{"We meet at 12:30, after the stand-up.", "30", false},
		{"Ship 3, 400 and 12 units.", "400", true}, // a list, not a thousands group
		{"It ends in 2023. 5 people came.", "5 people", true},
		{"Sarah's plan didn't change.", "sarahs plan", true},
	} {
		if got := ContainsAll(c.hay, c.needle); got != c.want {
			t.Errorf("ContainsAll(%q, %q) = %v, want %v", c.hay, c.needle, got, c.want)
		}
	}
	if got := NumberWords("v1.2.3 costs $1,200.50; ends 12:30."); strings.Join(got, "|") != "v1.2.3|costs|1200.50|ends|12:30" {
		t.Errorf("NumberWords = %q", got)
	}
}
