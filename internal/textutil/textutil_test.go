package textutil

import (
	"reflect"
	"testing"
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
	got := Sentences("Version 3.5 is out. Is it fast? Yes!\nNew line here. Prof. Rossi met Okafor et al. in May. No. It is No. 5 now.")
	want := []string{"Version 3.5 is out.", "Is it fast?", "Yes!", "New line here.", "Prof. Rossi met Okafor et al. in May.", "No.", "It is No. 5 now."}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("Sentences = %q, want %q", got, want)
	}
}
