package hierpath

import (
	"reflect"
	"testing"

	"github.com/memarena/memarena/internal/model"
	"github.com/memarena/memarena/scenarios"
)

func TestClassifyTable(t *testing.T) {
	cases := []struct {
		role, text    string
		node, outcome string
		chit          bool
	}{
		{"user", "That fix did not work, the tests still fail with the same timeout.", NodeObservation, OutcomeFailure, false},
		{"user", "The venue is closed on Mondays, so that plan is off.", NodeObservation, OutcomeFailure, false},
		{"tool", "PASS ok github.com/acme/orders 0.412s", NodeObservation, OutcomeSuccess, false},
		{"tool", "FAIL: TestListOrders (0.02s) error: pool exhausted", NodeObservation, OutcomeFailure, false},
		{"tool", "3 rows returned in 12 ms", NodeObservation, "", false},
		{"assistant", "Decision: we use chi for the orders API because it is stdlib compatible.", NodeDecision, "", false},
		{"user", "Agreed, chi it is. For the database layer, do we go with an ORM or plain SQL?", NodeObservation, "", false},
		{"assistant", "Let me rerun k6 with the same script now.", NodeAction, "", false},
		{"assistant", "Lesson: OFFSET cost grows with page depth; use keyset pagination next time.", NodeReflection, "", false},
		{"user", "Great, thanks! How was your weekend?", NodeObservation, "", true},
		{"user", "Side note: the office coffee machine finally got repaired.", NodeObservation, "", true},
		{"user", "Hi! I'm planning a trip to Japan with my friend Anika in April.", NodeObservation, "", false},
		{"user", "Quick status: I merged the Go 1.26 bump, everything is green.", NodeAction, OutcomeSuccess, false},
		{"user", "Updated: pescatarian, not vegetarian.", NodeAction, "", false},
	}
	for _, c := range cases {
		got := classify(c.role, c.text)
		want := step{Node: c.node, Outcome: c.outcome, ChitChat: c.chit}
		if got != want {
			t.Errorf("classify(%s, %q) = %+v, want %+v", c.role, c.text, got, want)
		}
	}
}

func TestExtractUpdatesTable(t *testing.T) {
	cases := []struct {
		text string
		want []Update
	}{
		{"He moved the submission deadline from April 30 to May 22.", []Update{{Attribute: "submission deadline", Old: "April 30", New: "May 22"}}},
		{"New team policy, the coverage gate goes from 70% to 80%.", []Update{{Attribute: "coverage gate", Old: "70%", New: "80%"}}},
		{"That brings the included set from 23 to 31 papers.", []Update{{Attribute: "included set", Old: "23 papers", New: "31 papers"}}},
		{"Noted, the orders service now uses MySQL 8 instead of Postgres 16.", []Update{{Old: "Postgres 16", New: "MySQL 8"}}},
		{"The camera-ready says 67.9 accuracy, not 71.2; the v1 number leaked.", []Update{{Old: "71.2", New: "67.9"}}},
		{"Set MaxConns 15 (down from 20), so six machines stay under 100.", []Update{{Old: "MaxConns 20", New: "MaxConns 15"}}},
		{"Second, shorten the TTL to 60 seconds as a safety net.", []Update{{Attribute: "ttl", New: "60 seconds"}}},
		{"Raise my total budget to $6,500.", []Update{{Attribute: "total budget", New: "$6,500"}}},
		{"I merged the Go 1.26 bump this morning.", []Update{{Attribute: "Go", New: "Go 1.26"}}},
		{"Updated: pescatarian, not vegetarian.", []Update{{Old: "vegetarian", New: "pescatarian"}}},
		// Not updates: a route, a plain-word contrast without an update cue,
		// mixed shapes.
		{"We take the shinkansen from Tokyo to Kyoto on Day 6.", nil},
		{"Agents remembering how to do tasks, not just facts.", nil},
		{"The export follows next_cursor instead of page numbers.", nil},
		{"On staging it issues 1 query per page instead of 51.", nil},
	}
	for _, c := range cases {
		if got := extractUpdates(c.text); !reflect.DeepEqual(got, c.want) {
			t.Errorf("extractUpdates(%q) = %+v, want %+v", c.text, got, c.want)
		}
	}
}

func TestExtractRevert(t *testing.T) {
	for text, want := range map[string]string{
		"Actually, let's go back to Postgres 16 for orders.": "Postgres 16",
		"Revert to sqlc for the invoices module.":            "sqlc",
		"Switch back to the window seat, please.":            "window",
		"We are back in the office on Monday.":               "",
	} {
		if got := extractRevert(text); got != want {
			t.Errorf("extractRevert(%q) = %q, want %q", text, got, want)
		}
	}
}

func TestSubtaskRule(t *testing.T) {
	cache := profile{}
	cache.add("Product lookups are our hot path; a Redis read-through cache with a TTL of 5 minutes.")
	gorm := profile{}
	gorm.add("Marco suggested GORM for the invoices module data layer.")
	seg := segment{Current: "cache-product-lookups", CurrentProfile: cache, SessionEntities: map[string]bool{"redis": true},
		Others: []labeled{{"cache-product-lookups", cache}, {"gorm-invoices-module", gorm}}}
	cases := []struct {
		role, text string
		label      string
		isNew      bool
	}{
		// Continuation (shares the topic).
		{"user", "Does the Redis cache need a shorter TTL for product lookups?", "cache-product-lookups", false},
		// Assistant turns never open a subtask.
		{"assistant", "Different topic: the Berlin office wifi password changed to Kestrel.", "cache-product-lookups", false},
		// Stage cue: returns to an earlier subtask when its topic matches.
		{"user", "Different topic: Marco says the GORM invoices module data layer is slow.", "gorm-invoices-module", false},
		// Stage cue with a new topic: a new subtask named from the turn.
		{"user", "Next: the Fly.io deployment needs three machines in fra.", "fly-io-deployment-needs", true},
		// Topic shift without a cue: six content words, no overlap, a new entity.
		{"user", "Priya owns the orders-db Postgres cluster and its connection limits.", "priya-owns-orders-db", true},
	}
	for _, c := range cases {
		l, isNew := chooseSubtask(c.role, c.text, seg)
		if l != c.label || isNew != c.isNew {
			t.Errorf("chooseSubtask(%s, %q) = %q, %v; want %q, %v", c.role, c.text, l, isNew, c.label, c.isNew)
		}
	}
	// At the start of a session a matching earlier subtask is resumed.
	if l, isNew := chooseSubtask("user", "The Redis product lookups cache again", segment{Others: seg.Others}); l != "cache-product-lookups" || isNew {
		t.Errorf("resume = %q, %v", l, isNew)
	}
}

func TestSubtaskLabel(t *testing.T) {
	for text, want := range map[string]string{
		"Morning! New project starting today: the orders REST API. Stack is Go 1.25.":                    "new-project-starting-orders",
		"Happy St. Patrick's Day. We had an outage last Saturday evening: the orders API returned 503s.": "outage-orders-api-returned",
		"ok": "subtask",
	} {
		if got := subtaskLabel(text); got != want {
			t.Errorf("subtaskLabel(%q) = %q, want %q", text, got, want)
		}
	}
}

func TestPlacementFromGoldAndSanitize(t *testing.T) {
	g := &scenarios.Gold{Path: &scenarios.GoldPath{Goal: "orders-db", Subtask: "choose-db", Node: "decision", Outcome: "success"}}
	if p := placementFromGold(g); !reflect.DeepEqual(p, Placement{Goal: "orders-db", Subtask: "choose-db", Node: NodeDecision, Outcome: OutcomeSuccess}) {
		t.Errorf("gold placement = %+v", p)
	}
	if p := placementFromGold(&scenarios.Gold{}); !p.ChitChat || p.Node != NodeObservation {
		t.Errorf("no gold path: %+v", p)
	}
	// A model reply with unknown values is repaired, not trusted.
	p := sanitize(Placement{Node: "musing", Outcome: "maybe", Updates: []Update{{New: "x"}, {Old: "a", New: "b"}}}, "goal-a", "sub-b")
	want := Placement{Goal: "goal-a", Subtask: "sub-b", Node: NodeObservation, Updates: []Update{{Old: "a", New: "b"}}}
	if !reflect.DeepEqual(p, want) {
		t.Errorf("sanitize = %+v, want %+v", p, want)
	}
	// The reply types have JSON schemas for real backends.
	for _, s := range []*model.JSONSchema{model.SchemaOf[Placement](), model.SchemaOf[reflectReply](), model.SchemaOf[summaryReply]()} {
		if s == nil || s.Canonical() == "" {
			t.Fatal("missing schema")
		}
	}
}

func TestPromptsRender(t *testing.T) {
	for _, req := range []model.Request{
		{Kind: model.KindLocatePath, Input: model.LocateInput{TurnInput: model.TurnInput{Task: "t", Role: "user", Speaker: "Dana", Text: "x"}}},
		{Kind: model.KindReflect, Input: model.ReflectInput{Goal: "g", Subtask: "s", Outcome: "it failed"}},
	} {
		p, err := model.Render(req)
		if err != nil || p.System == "" || p.User == "" {
			t.Fatalf("render %s: %+v %v", req.Kind, p, err)
		}
	}
}
