package gaama

import (
	"reflect"
	"testing"

	"github.com/memarena/memarena/scenarios"
)

// rel renders an extracted relation compactly for table tests:
// "subject|relation|object" plus "|if:<condition>", "|replaces:<x>", "|past".
func rel(r ExtractedRelation) string {
	s := r.Subject + "|" + r.Relation + "|" + r.Object
	if r.Condition != "" {
		s += "|if:" + r.Condition
	}
	if r.Replaces != "" {
		s += "|replaces:" + r.Replaces
	}
	if r.Past {
		s += "|past"
	}
	return s
}

func TestFromGold(t *testing.T) {
	g := &scenarios.Gold{Triplets: []scenarios.GoldTriplet{
		{Subject: "user", Relation: "prefers", Object: "postgres"},
		{Subject: "orders service", Relation: "uses", Object: "postgres 16", Condition: ""},
		{Subject: "user", Relation: "dislikes", Object: "spicy food", Condition: "when unwell"},
	}}
	text := "We need a database. I prefer Postgres because the team knows it. Orders will run on Postgres 16. I avoid spicy food when unwell."
	ex := FromGold(g, text)
	var got []string
	for _, r := range ex.Relations {
		got = append(got, rel(r)+" @ "+r.Evidence)
	}
	want := []string{
		"user|prefers|postgres @ I prefer Postgres because the team knows it.",
		"orders service|uses|postgres 16 @ Orders will run on Postgres 16.",
		"user|dislikes|spicy food|if:when unwell @ I avoid spicy food when unwell.",
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("FromGold\n got %q\nwant %q", got, want)
	}
	if len(ex.Entities) != 5 || ex.Entities[1].Name != "postgres" {
		t.Fatalf("entities = %+v", ex.Entities)
	}
	if len(FromGold(nil, text).Relations) != 0 {
		t.Fatal("nil gold must give nothing")
	}
}

func TestVocabulary(t *testing.T) {
	if len(Relations) != 15 || len(relTable) != 15 {
		t.Fatalf("relations %d, table %d", len(Relations), len(relTable))
	}
	for _, r := range Relations {
		if _, ok := relTable[r]; !ok {
			t.Errorf("relation %s missing from relTable", r)
		}
	}
	strict := []string{}
	for _, r := range Relations {
		if FunctionalityOf(r) == Strict {
			strict = append(strict, r)
		}
	}
	if want := []string{"located_in", "scheduled_for", "status"}; !reflect.DeepEqual(strict, want) {
		t.Fatalf("strict = %v", strict)
	}
	if FunctionalityOf("uses") != Slot || FunctionalityOf("prefers") != Slot || FunctionalityOf("decided") != Multi {
		t.Fatal("slot relations")
	}
	if Verb("located_in") != "is located in" || Verb("nope") != "nope" {
		t.Fatal("Verb")
	}
}
