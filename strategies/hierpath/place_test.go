package hierpath

import (
	"reflect"
	"testing"

	"github.com/memarena/memarena/internal/model"
	"github.com/memarena/memarena/scenarios"
)

func TestSubtaskLabel(t *testing.T) {
	for text, want := range map[string]string{
		"Morning! New project starting today: the orders REST API. Stack is Go 1.25.":                    "new-project-starting-orders",
		"Happy St. Patrick's Day. We had an outage last Saturday evening: the orders API returned 503s.": "outage-evening-orders-api",
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
