package dsio

import (
	"reflect"
	"testing"
	"time"

	"github.com/memarena/memarena/datasets"
	"github.com/memarena/memarena/scenarios"
)

// TestFinishCountsText: control characters (C0 but tab and newlines, DEL,
// C1) become spaces and U+FFFD is left as read, each counted per turn in
// the import report; clean text counts nothing.
func TestFinishCountsText(t *testing.T) {
	cases := []struct {
		text, want string
		counts     map[string]int
	}{
		{"clean\nline\ttab", "clean\nline\ttab", map[string]int{}},
		{"ok\x02 fine", "ok  fine", map[string]int{CountControl: 1}},
		{"del\x7fhere", "del here", map[string]int{CountControl: 1}},
		{"next\u0085line and \u009b", "next line and  ", map[string]int{CountControl: 1}},
		{"caf\uFFFD au lait", "caf\uFFFD au lait", map[string]int{CountReplacement: 1}},
		{"both\x01\uFFFD", "both \uFFFD", map[string]int{CountControl: 1, CountReplacement: 1}},
		{"\u00a0non-breaking space is printable", "\u00a0non-breaking space is printable", map[string]int{}},
	}
	for _, tc := range cases {
		s := &scenarios.Scenario{ID: "x", Source: "f.json", Sessions: []scenarios.Session{{ID: "s1", Start: scenarios.At(time.Date(2023, 5, 1, 0, 0, 0, 0, time.UTC)),
			Turns: []scenarios.Turn{{ID: "a", Role: "user", Text: tc.text}}}}}
		s.FillDefaults()
		rep := &datasets.Report{Counts: map[string]int{}}
		if err := Finish(s, rep); err != nil {
			t.Fatalf("%q: %v", tc.text, err)
		}
		if got := s.Sessions[0].Turns[0].Text; got != tc.want || s.Hash == "" {
			t.Errorf("%q: text %q, want %q (hash %q)", tc.text, got, tc.want, s.Hash)
		}
		if !reflect.DeepEqual(rep.Counts, tc.counts) {
			t.Errorf("%q: counts %v, want %v", tc.text, rep.Counts, tc.counts)
		}
	}
}

// TestFinishCountsGoldChecks: gold that cannot be right is counted per
// check, with the first few as issues, and never fails an import.
func TestFinishCountsGoldChecks(t *testing.T) {
	day := time.Date(2023, 5, 1, 9, 0, 0, 0, time.UTC)
	s := &scenarios.Scenario{ID: "x", Source: "f.json#x", Sessions: []scenarios.Session{
		{ID: "s1", Start: scenarios.At(day), Turns: []scenarios.Turn{{ID: "a", Role: "user", Text: "I adopted a cat."}}},
		{ID: "s2", Start: scenarios.At(day.AddDate(0, 0, 7)), Task: &scenarios.Task{ID: "t", Goal: "pets", RequiredFacts: []string{"dog"}},
			Turns: []scenarios.Turn{{ID: "b", Role: "user", Text: "And a dog."}}},
	}}
	for i, a := range []string{"cat", "a hamster", "a parrot", "a goat", "a horse"} {
		s.Probes = append(s.Probes, scenarios.Probe{ID: string(rune('p' + i)), Question: "q", Kind: scenarios.KindSingleHop, Answers: []string{a}, Evidence: []string{"a"}, AfterSession: "s2"})
	}
	s.Probes = append(s.Probes, scenarios.Probe{ID: "z", Question: "q", Kind: scenarios.KindKnowledgeUpdate, Answers: []string{"dog"}, Evidence: []string{"b"}, StaleFacts: []string{"fish"}, AfterSession: "s2"})
	s.FillDefaults()
	rep := &datasets.Report{Counts: map[string]int{}}
	if err := Finish(s, rep); err != nil {
		t.Fatal(err)
	}
	want := map[string]int{
		CountGold + scenarios.CheckAnswerSupport:  4,
		CountGold + scenarios.CheckStaleSaid:      1,
		CountGold + scenarios.CheckRequiredBefore: 1,
	}
	if !reflect.DeepEqual(rep.Counts, want) {
		t.Fatalf("counts %v, want %v", rep.Counts, want)
	}
	if len(rep.Issues) != 3+1+1 || rep.Issues[0].Where != "f.json#x sessions[1].task.required_facts[0]" {
		t.Fatalf("issues %+v", rep.Issues)
	}
}

// TestFinishHashIgnoresPath: the hash covers what a scenario holds, not
// the path its file was reached by; a change of content changes it.
func TestFinishHashIgnoresPath(t *testing.T) {
	mk := func(path, text string) string {
		s := &scenarios.Scenario{ID: "x", Source: path + "#conv-1", Meta: map[string]string{"file": path, "sha256": "ab12"},
			Sessions: []scenarios.Session{{ID: "s1", Start: scenarios.At(time.Date(2023, 5, 1, 0, 0, 0, 0, time.UTC)),
				Turns: []scenarios.Turn{{ID: "a", Role: "user", Text: text}}}}}
		s.FillDefaults()
		if err := Finish(s, &datasets.Report{Counts: map[string]int{}}); err != nil {
			t.Fatal(err)
		}
		if s.Source != path+"#conv-1" || s.Meta["file"] != path {
			t.Errorf("Finish changed the scenario's source %q or file %q", s.Source, s.Meta["file"])
		}
		return s.Hash
	}
	rel, abs := mk("../data/conv.json", "hello"), mk("/srv/data/conv.json", "hello")
	if rel != abs {
		t.Errorf("same content by two paths: hashes %s and %s", rel, abs)
	}
	if other := mk("../data/conv.json", "hello there"); other == rel {
		t.Error("a changed turn kept the hash")
	}
}
