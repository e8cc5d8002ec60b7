package gaama

import (
	"reflect"
	"testing"

	"github.com/memarena/memarena/internal/model"
	"github.com/memarena/memarena/internal/reader"
	"github.com/memarena/memarena/internal/textutil"
	"github.com/memarena/memarena/strategies"
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
	x.Add("trip budget|status", "$5,500", "$5,500")
	x.Add("included papers|status", "12 papers", "12 papers")
	x.Add("task|status", "done", "done") // not distinctive: ignored
	current := map[string][][]string{
		"coverage gate|status":   {textutil.NormalizeTokens("80%")},
		"deadline|scheduled_for": {textutil.NormalizeTokens("May 22")},
		"trip budget|status":     {textutil.NormalizeTokens("$6,500")},
		"included papers|status": {textutil.NormalizeTokens("23 papers")},
	}
	cur := func(slot string) [][]string { return current[slot] }
	scan := func(text string, topic ...string) (bool, []string) {
		return x.Scan(textutil.NormalizeTokens(text), textutil.TokenSet(topic), cur)
	}
	cases := []struct {
		text  string
		topic []string
		stale bool
		ment  []string
	}{
		// The old line names the slot differently ("test coverage target"
		// vs "coverage gate"); the shared word "coverage" puts it on topic.
		{"Dana: Deployment: for now we deploy to Fly.io. And the team agreed on a 70% test coverage target, enforced in CI.", nil, true, []string{"70%"}},
		{"The coverage gate goes from 70% to 80%.", nil, false, []string{"70%"}}, // the update itself
		{"Target venue TMLR, deadline April 30, gate 80%.", nil, true, []string{"April 30"}},
		{"Got it: a survey for TMLR, due April 30.", nil, true, []string{"April 30"}}, // a value with words needs no topic
		// A bare number about something else stays current.
		{"The product cache hit rate is 70% after the warm-up.", nil, false, nil},
		{"We are at 70% of the sprint budget.", nil, false, nil},
		// ... unless a fact read from the line is about the slot's topic.
		{"We are at 70% now.", []string{"coverag"}, true, []string{"70%"}},
		// Values match as phrases, not as bags of tokens.
		{"Kamogawa Pottery Workshop, 4,500 yen per person, reviews 4.5, trip highlight.", nil, false, nil},
		{"My total trip budget is $5,500.", nil, true, []string{"$5,500"}},
		{"Raise my trip budget from $5,500 to $6,500.", nil, false, []string{"$5,500"}},
		{"All 148 items and the 12 included papers are in Paperpile.", nil, true, []string{"12 papers"}}, // one word between
		{"12 of the new papers", nil, false, nil},                                                        // two words between
		{"The task is done.", nil, false, nil},
		{"Nothing relevant here.", nil, false, nil},
	}
	for _, c := range cases {
		stale, ment := scan(c.text, c.topic...)
		if stale != c.stale || !reflect.DeepEqual(ment, c.ment) {
			t.Errorf("Scan(%q, %q) = %v %q, want %v %q", c.text, c.topic, stale, ment, c.stale, c.ment)
		}
	}
	if x.Len() != 4 {
		t.Fatalf("Len = %d", x.Len())
	}
	x.Remove("coverage gate|status", "70%")
	if stale, _ := scan("a 70% coverage target"); stale || x.Len() != 3 {
		t.Fatal("Remove did not forget the value")
	}
}

// An explicit replacement in a slot named differently from the older line
// ("coverage gate" vs "test coverage target", as the scripted replies name
// them) is restated under the older wording, the older line is presented as
// superseded, and a line about something else that mentions the same bare
// number stays current.
func TestRestateAndTopic(t *testing.T) {
	g, _ := newScripted(t, graphEqual, map[string]model.GraphExtraction{
		"s1-t1": {Entities: []model.ExtractedEntity{ent("Fly.io", TypePlace), ent("70% test coverage target", TypeConcept), ent("CI", TypeArtifact)},
			Relations: []model.ExtractedRelation{
				{Subject: "we", Relation: "located_in", Object: "Fly.io", Evidence: "Deployment: we deploy to Fly.io."},
				{Subject: "team", Relation: "decided", Object: "70% test coverage target", Evidence: "And the team agreed on a 70% test coverage target, enforced in CI."}}},
		"s2-t1": {Relations: []model.ExtractedRelation{
			{Subject: "product cache hit rate", Relation: "status", Object: "70%", Evidence: "The product cache hit rate is 70% after the warm-up."}}},
		"s3-t1": {Entities: []model.ExtractedEntity{ent("coverage gate", TypeConcept), ent("CI", TypeArtifact), ent("tomorrow", TypeTime)},
			Relations: []model.ExtractedRelation{
				{Subject: "coverage gate", Relation: "status", Object: "80%", Replaces: "70%", ReplacedPhrase: "from 70% ", Change: true, Evidence: "New team policy: the coverage gate goes from 70% to 80%."},
				{Subject: "CI", Relation: "scheduled_for", Object: "tomorrow", Evidence: "It goes live in CI tomorrow."}}},
	})
	ingestAll(t, g, []strategies.Turn{
		turn("s1-t1", "s1", 0, 0, "user", "Deployment: we deploy to Fly.io. And the team agreed on a 70% test coverage target, enforced in CI."),
		turn("s2-t1", "s2", 3, 0, "user", "The product cache hit rate is 70% after the warm-up."),
		turn("s3-t1", "s3", 7, 0, "user", "New team policy: the coverage gate goes from 70% to 80%. It goes live in CI tomorrow."),
	})
	var keys []string
	for _, e := range g.Graph().Edges() {
		if !e.Superseded {
			keys = append(keys, e.Key())
		}
	}
	// The unrelated 70% (no word shared with "coverage gate") is not
	// superseded.
	wantKeys := []string{"user|located_in|fly.io|", "team|decided|70% test coverage target|", "product cache hit rate|status|70|", "coverage gate|status|80|",
		"test coverage target|status|80|", "ci|scheduled_for|2026-03-10|"}
	if !reflect.DeepEqual(keys, wantKeys) {
		t.Fatalf("edges = %q, want %q", keys, wantKeys)
	}
	if e := g.Graph().Edge("test coverage target|status|80|"); !reflect.DeepEqual(e.TurnIDs, []string{"s3-t1"}) {
		t.Fatalf("restated edge turns = %v", e.TurnIDs)
	}

	q := "What is the test coverage target enforced in CI now?"
	r := retrieve(t, g, q, 1024)
	want := []string{"fact s3-t1", "turn s2-t1", "fact s1-t1 superseded", "turn s1-t1 superseded"}
	if got := summary(r.Items); !reflect.DeepEqual(got, want) {
		t.Fatalf("items = %q, want %q", got, want)
	}
	wantFact := "test coverage target has status 80%. coverage gate has status 80%. CI is scheduled for tomorrow (2026-03-10). " +
		"New team policy: the coverage gate goes to 80%. It goes live in CI tomorrow."
	if r.Items[0].Text != wantFact {
		t.Fatalf("fact = %q, want %q", r.Items[0].Text, wantFact)
	}
	if a := reader.Read(q, r.Context, reader.Options{}); a.Text != "status 80%" {
		t.Fatalf("reader answer = %q (from %q)", a.Text, a.Sentence)
	}

	// The unrelated 70% (no word shared with "coverage gate") stays current.
	r = retrieve(t, g, "What is the product cache hit rate?", 1024)
	want = []string{"fact s2-t1", "turn s3-t1", "turn s1-t1 superseded"}
	if got := summary(r.Items); !reflect.DeepEqual(got, want) {
		t.Fatalf("items = %q, want %q", got, want)
	}
	if r.Items[0].Text != "product cache hit rate has status 70%. The product cache hit rate is 70% after the warm-up." || r.Items[0].Status != "" {
		t.Fatalf("cache line = %q", r.Items[0].Text)
	}
}

// restate needs a shared topic word: "70% cache hit rate target" is not
// the coverage gate's slot, and keeps its value.
func TestRestateNeedsTopic(t *testing.T) {
	g, _ := newScripted(t, nil, map[string]model.GraphExtraction{
		"s1-t1": {Relations: []model.ExtractedRelation{
			{Subject: "team", Relation: "decided", Object: "70% cache hit rate target", Evidence: "The team agreed on a 70% cache hit rate target."}}},
		"s2-t1": {Relations: []model.ExtractedRelation{
			{Subject: "coverage gate", Relation: "status", Object: "80%", Replaces: "70%", ReplacedPhrase: "from 70% ", Change: true, Evidence: "New team policy: the coverage gate goes from 70% to 80%."}}},
	})
	ingestAll(t, g, []strategies.Turn{
		turn("s1-t1", "s1", 0, 0, "user", "The team agreed on a 70% cache hit rate target."),
		turn("s2-t1", "s2", 7, 0, "user", "New team policy: the coverage gate goes from 70% to 80%."),
	})
	var keys []string
	for _, e := range g.Graph().Edges() {
		keys = append(keys, e.Key())
	}
	want := []string{"team|decided|70% cache hit rate target|", "coverage gate|status|80|"}
	if !reflect.DeepEqual(keys, want) {
		t.Fatalf("edges = %q, want %q", keys, want)
	}
	r := retrieve(t, g, "What is the cache hit rate target?", 1024)
	if got, want := summary(r.Items), []string{"fact s1-t1", "turn s2-t1"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("items = %q, want %q", got, want)
	}
}
