package gaama

import (
	"reflect"
	"testing"

	"github.com/memarena/memarena/internal/textutil"
)

func TestDistinctive(t *testing.T) {
	for s, want := range map[string]bool{
		"70%": true, "Go 1.25": true, "Fly.io": true, "limit/offset pagination": true, "Zotero": true,
		"done": false, "it": false, "Tea": true, "tea": false, "red": false,
	} {
		if got := Distinctive(s); got != want {
			t.Errorf("Distinctive(%q) = %v, want %v", s, got, want)
		}
	}
}

func TestStaleScan(t *testing.T) {
	x := NewStaleIndex()
	x.Add("coverage gate|status", "70%", "70%")
	x.Add("deadline|scheduled_for", "april 30", "April 30")
	x.Add("task|status", "done", "done") // not distinctive: ignored
	current := map[string][][]string{
		"coverage gate|status":   {textutil.NormalizeTokens("80%")},
		"deadline|scheduled_for": {textutil.NormalizeTokens("May 22")},
	}
	cur := func(slot string) [][]string { return current[slot] }
	scan := func(text string) (bool, []string) {
		return x.Scan(textutil.TokenSet(textutil.NormalizeTokens(text)), cur)
	}
	cases := []struct {
		text  string
		stale bool
		ment  []string
	}{
		{"The team agreed on a 70% test coverage target.", true, []string{"70%"}},
		{"The coverage gate goes from 70% to 80%.", false, []string{"70%"}}, // the update itself
		{"Target venue TMLR, deadline April 30, gate 80%.", true, []string{"April 30"}},
		{"The task is done.", false, nil},
		{"Nothing relevant here.", false, nil},
	}
	for _, c := range cases {
		stale, ment := scan(c.text)
		if stale != c.stale || !reflect.DeepEqual(ment, c.ment) {
			t.Errorf("Scan(%q) = %v %q, want %v %q", c.text, stale, ment, c.stale, c.ment)
		}
	}
	if x.Len() != 2 {
		t.Fatalf("Len = %d", x.Len())
	}
	x.Remove("coverage gate|status", "70%")
	if stale, _ := scan("a 70% target"); stale || x.Len() != 1 {
		t.Fatal("Remove did not forget the value")
	}
}
