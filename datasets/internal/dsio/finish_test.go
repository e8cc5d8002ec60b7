package dsio

import (
	"testing"
	"time"

	"github.com/memarena/memarena/scenarios"
)

func TestFinishCleansControlCharacters(t *testing.T) {
	s := &scenarios.Scenario{ID: "x", Source: "f.json", Sessions: []scenarios.Session{{ID: "s1", Start: scenarios.At(time.Date(2023, 5, 1, 0, 0, 0, 0, time.UTC)),
		Turns: []scenarios.Turn{{ID: "a", Role: "user", Text: "ok\x02 fine"}, {ID: "b", Role: "user", Text: "clean\nline"}}}}}
	s.FillDefaults()
	n, err := Finish(s)
	if err != nil || n != 1 || s.Sessions[0].Turns[0].Text != "ok  fine" || s.Hash == "" {
		t.Fatalf("n=%d err=%v text=%q hash=%q", n, err, s.Sessions[0].Turns[0].Text, s.Hash)
	}
}
