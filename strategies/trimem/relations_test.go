package trimem

import (
	"reflect"
	"testing"

	"github.com/memarena/memarena/scenarios"
)

func TestRelationTable(t *testing.T) {
	var single []string
	for _, name := range scenarios.Relations {
		r, ok := Relation(name)
		if !ok || r.Name != name || r.Phrase == "" || len(r.Cues) == 0 {
			t.Fatalf("relation %q: %+v %v", name, r, ok)
		}
		if r.SingleValued {
			single = append(single, name)
		}
		if r.Opposite != "" {
			if o, _ := Relation(r.Opposite); o.Opposite != name {
				t.Errorf("%s ↔ %s not symmetric", name, r.Opposite)
			}
		}
	}
	if want := []string{"located_in", "scheduled_for", "status"}; !reflect.DeepEqual(single, want) {
		t.Errorf("single-valued = %v, want %v", single, want)
	}
	if _, ok := Relation("likes"); ok {
		t.Error("unknown relation found")
	}
	cases := map[string][]string{
		"Why did we pick chi?":                 {"caused_by", "decided"},
		"When is the flight?":                  {"occurred_at", "scheduled_for"},
		"Where is the hotel located?":          {"located_in"},
		"What food do I avoid?":                {"dislikes"},
		"Which library fixed the memory leak?": {"solution_for", "uses"},
		"What is the status of the migration?": {"status", "uses"}, // "migration" stems to a uses cue
		"Good morning":                         nil,
	}
	for q, want := range cases {
		if got := QuestionRelations(q); !reflect.DeepEqual(got, want) {
			t.Errorf("QuestionRelations(%q) = %v, want %v", q, got, want)
		}
	}
	if got := AnswerRelations("Why did we pick chi?"); !reflect.DeepEqual(got, []string{"caused_by"}) {
		t.Errorf("AnswerRelations = %v", got)
	}
}
