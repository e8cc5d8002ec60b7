package gaama

import (
	"math"
	"reflect"
	"testing"
)

func ids(fs []Fused) []string {
	out := make([]string, len(fs))
	for i, f := range fs {
		out[i] = f.ID
	}
	return out
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-12 }

func TestRRFOrderAndScores(t *testing.T) {
	lists := [][]string{{"a", "b", "c"}, {"b", "c", "d"}}
	got, err := RRF(lists, nil, 60)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"b", "c", "a", "d"}; !reflect.DeepEqual(ids(got), want) {
		t.Fatalf("order = %v, want %v", ids(got), want)
	}
	want := map[string]float64{"a": 1.0 / 61, "b": 1.0/62 + 1.0/61, "c": 1.0/63 + 1.0/62, "d": 1.0 / 63}
	for _, f := range got {
		if !near(f.Score, want[f.ID]) {
			t.Errorf("score(%s) = %v, want %v", f.ID, f.Score, want[f.ID])
		}
	}
	// Weights: the second list counts half.
	got, _ = RRF(lists, []float64{1, 0.5}, 60)
	if !near(got[0].Score, 1.0/62+0.5/61) || !reflect.DeepEqual(ids(got), []string{"b", "c", "a", "d"}) {
		t.Fatalf("weighted = %+v", got)
	}
	// k = 0 makes the top rank dominate: a (1/1) beats c (1/3 + 1/2).
	got, _ = RRF(lists, nil, 0)
	if want := []string{"b", "a", "c", "d"}; !reflect.DeepEqual(ids(got), want) || !near(got[0].Score, 1.5) {
		t.Fatalf("k=0 order = %v (%v), want %v", ids(got), got, want)
	}
}

func TestRRFTiesAndErrors(t *testing.T) {
	got, _ := RRF([][]string{{"x", "y"}, {"y", "x"}}, nil, 60)
	if want := []string{"x", "y"}; !reflect.DeepEqual(ids(got), want) || !near(got[0].Score, got[1].Score) {
		t.Fatalf("tie order = %v", got)
	}
	// A duplicate id in one list counts once, at its best rank.
	got, _ = RRF([][]string{{"p", "q", "p"}}, nil, 60)
	if !near(got[0].Score, 1.0/61) || len(got) != 2 {
		t.Fatalf("duplicate = %+v", got)
	}
	if _, err := RRF([][]string{{"a"}}, []float64{1, 2}, 60); err == nil {
		t.Fatal("weights/lists mismatch must fail")
	}
	if _, err := RRF([][]string{{"a"}}, nil, -1); err == nil {
		t.Fatal("negative k must fail")
	}
	if got, err := RRF(nil, nil, 60); err != nil || len(got) != 0 {
		t.Fatalf("empty = %v, %v", got, err)
	}
}

func TestLinkedRRF(t *testing.T) {
	graph := []Candidate{{ID: "f1", TurnIDs: []string{"t1"}}, {ID: "f2", TurnIDs: []string{"t2"}}}
	vector := []Candidate{{ID: "t:t2", TurnIDs: []string{"t2"}}, {ID: "t:t3", TurnIDs: []string{"t3"}}}
	got, err := LinkedRRF([][]Candidate{graph, vector}, nil, 60, true)
	if err != nil {
		t.Fatal(err)
	}
	// f2 and t:t2 support each other through turn t2, at half weight:
	// t:t2 = 1/61 + 0.5/62 beats f2 = 1/62 + 0.5/61.
	if want := []string{"t:t2", "f2", "f1", "t:t3"}; !reflect.DeepEqual(ids(got), want) {
		t.Fatalf("linked order = %v, want %v", ids(got), want)
	}
	if !near(got[0].Score, 1.0/61+0.5/62) || !near(got[1].Score, 1.0/62+0.5/61) || !near(got[2].Score, 1.0/61) || !near(got[3].Score, 1.0/62) {
		t.Fatalf("linked scores = %+v", got)
	}
	got, _ = LinkedRRF([][]Candidate{graph, vector}, nil, 60, false)
	if want := []string{"f1", "t:t2", "f2", "t:t3"}; !reflect.DeepEqual(ids(got), want) {
		t.Fatalf("unlinked order = %v, want %v", ids(got), want)
	}
}

func TestDedup(t *testing.T) {
	items := []DedupItem{
		{ID: "A", Facts: []string{"e1"}, Text: "orders uses mysql 8"},
		{ID: "B", Facts: []string{"e1", "e2"}, Text: "a turn stating e1 and e2"},
		{ID: "C", Facts: []string{"e1"}, Text: "another line stating e1"},     // same fact as A
		{ID: "D", Facts: []string{"e2", "e1"}, Text: "a turn restating both"}, // all stated by A and B
		{ID: "E", Text: "Hello there"},
		{ID: "F", Text: "hello, there!"},                              // same normalized text as E
		{ID: "G", Facts: []string{"e3"}, Text: "orders uses MySQL 8"}, // same text as A
		{ID: "H", Facts: []string{"e2", "s:x#0"}, Text: "says e2 and more"},
	}
	if got, want := Dedup(items), []string{"A", "B", "E", "H"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("Dedup = %v, want %v", got, want)
	}
}

func TestRedact(t *testing.T) {
	cases := []struct {
		in      string
		phrases []string
		want    string
	}{
		{"Noted, the orders service now uses MySQL 8 instead of Postgres 16.", []string{" instead of Postgres 16"}, "Noted, the orders service now uses MySQL 8."},
		{"Second item: the coverage gate goes from 70% to 80%.", []string{"from 70% "}, "Second item: the coverage gate goes to 80%."},
		{"Set MaxConns 15 (down from 20), so even 6 machines stay at 90 connections.", []string{" (down from 20)"}, "Set MaxConns 15, so even 6 machines stay at 90 connections."},
		{"We kept Postgres 16 for reports.", []string{" instead of Postgres 16"}, "We kept Postgres 16 for reports."},
		{"A / B  and  C", []string{"", "  "}, "A / B and C"},
	}
	for _, c := range cases {
		if got := Redact(c.in, c.phrases); got != c.want {
			t.Errorf("Redact(%q, %q) = %q, want %q", c.in, c.phrases, got, c.want)
		}
	}
}
