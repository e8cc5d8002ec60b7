package prism

import (
	"reflect"
	"testing"

	"github.com/memarena/memarena/scenarios"
)

func TestCleanAndGoldTags(t *testing.T) {
	// Values outside the taxonomy are dropped; a bad action becomes inform.
	intents, action, ents := cleanTags(Tags{Goal: "Debug", Subtasks: []string{"fix", "dance"}, ActionType: "shout",
		Entities: []string{"Postgres 16", "I", "the user", "", "postgres 16"}})
	if want := []string{"action:inform", "goal:debug", "subtask:fix"}; !reflect.DeepEqual(intents, want) || action != "inform" {
		t.Fatalf("intents %v action %q", intents, action)
	}
	if want := []string{"postgres-16"}; !reflect.DeepEqual(ents, want) {
		t.Fatalf("entities %v", ents)
	}
	g := &scenarios.Gold{
		Intents:  []string{"goal:decide", "subtask:compare", "action:propose", "entity:chi", "bogus", "goal:fly"},
		Thoughts: []scenarios.GoldThought{{ID: "th1", Entities: []string{"orders api"}}},
		Triplets: []scenarios.GoldTriplet{{Subject: "user", Relation: "prefers", Object: "Direct flights"}},
	}
	intents, action, ents = goldTags(g)
	if want := []string{"action:propose", "goal:decide", "subtask:compare"}; !reflect.DeepEqual(intents, want) || action != "propose" {
		t.Fatalf("gold intents %v action %q", intents, action)
	}
	if want := []string{"chi", "direct-flights", "orders-api"}; !reflect.DeepEqual(ents, want) {
		t.Fatalf("gold entities %v", ents)
	}
	if intents, action, ents = goldTags(nil); !reflect.DeepEqual(intents, []string{"action:inform"}) || action != "inform" || ents != nil {
		t.Fatalf("nil gold: %v %q %v", intents, action, ents)
	}
}

func TestSlugAndEntityForms(t *testing.T) {
	for in, want := range map[string]string{"Postgres 16": "postgres-16", "the Orders API": "orders-api", "I": "user",
		"Go 1.22": "go-1.22", "Kyōto": "kyto", "the": "", "/orders": "orders", "net/http": "net-http", "Fly.io": "fly.io"} {
		if got := Slug(in); got != want {
			t.Errorf("Slug(%q) = %q, want %q", in, got, want)
		}
	}
	if got := entityForms("postgres-16"); !reflect.DeepEqual(got, []string{"postgres-16", "postgres"}) {
		t.Errorf("forms = %v", got)
	}
	if got := entityForms("go-v1.22"); !reflect.DeepEqual(got, []string{"go-v1.22", "go"}) {
		t.Errorf("forms = %v", got)
	}
	if got := entityForms("orders-api"); !reflect.DeepEqual(got, []string{"orders-api"}) {
		t.Errorf("forms = %v", got)
	}
}
