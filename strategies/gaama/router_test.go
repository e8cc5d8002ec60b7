package gaama

import (
	"context"
	"reflect"
	"testing"

	"github.com/memarena/memarena/internal/model"
	"github.com/memarena/memarena/strategies"
)

func TestRouteTable(t *testing.T) {
	cases := []struct {
		iq   model.IntentQuery
		want Decision
	}{
		{model.IntentQuery{Form: model.FormFact, Relations: []string{"uses", "decided", "uses"}},
			Decision{Class: ClassFact, Route: RouteGraphFirst, Hops: 2, Relations: []string{"decided", "uses"}}},
		{model.IntentQuery{Form: model.FormFact, Relations: []string{"owns"}, AnswerType: model.TypePerson},
			Decision{Class: ClassFact, Route: RouteGraphFirst, Hops: 2, Relations: []string{"owns"}, TargetType: TypePerson}},
		{model.IntentQuery{Form: model.FormMultiHop, Relations: []string{"caused_by", "made_up"}, Focus: model.FocusHistory},
			Decision{Class: ClassMultiHop, Route: RouteBoth, Hops: 3, Relations: []string{"caused_by"}, History: true}},
		{model.IntentQuery{Form: model.FormOpen, Focus: model.FocusCurrent, AnswerType: model.TypeConcept},
			Decision{Class: ClassOpen, Route: RouteVectorFirst, Hops: 1}},
		{model.IntentQuery{Form: model.FormTask, AnswerType: model.TypeTime},
			Decision{Class: ClassTask, Route: RouteBoth, Hops: 2, TargetType: TypeTime}},
		{model.IntentQuery{}, Decision{Class: ClassTask, Route: RouteBoth, Hops: 2}},
	}
	for _, c := range cases {
		if got := Route(c.iq); !reflect.DeepEqual(got, c.want) {
			t.Errorf("Route(%+v)\n got %+v\nwant %+v", c.iq, got, c.want)
		}
	}
}

// TestRouteOffline routes questions read by the offline model.
func TestRouteOffline(t *testing.T) {
	env := testEnv(strategies.ExtractModel)
	cases := []struct {
		q    string
		want Decision
	}{
		{"Where does Caroline live now?", Decision{Class: ClassFact, Route: RouteGraphFirst, Hops: 2, Relations: []string{"located_in"}, TargetType: TypePlace}},
		{"Why did we first pick Postgres, and what replaced it?", Decision{Class: ClassMultiHop, Route: RouteBoth, Hops: 3, Relations: []string{"caused_by", "decided", "uses"}, History: true}},
		{"How did we fix the connection leak?", Decision{Class: ClassOpen, Route: RouteVectorFirst, Hops: 1, Relations: []string{"solution_for"}}},
	}
	for _, c := range cases {
		iq, failed, err := strategies.ReadQuestion(context.Background(), env.Model, strategies.Query{ID: "q", Question: c.q})
		if err != nil || failed {
			t.Fatalf("%q: failed=%v err=%v", c.q, failed, err)
		}
		if got := Route(iq); !reflect.DeepEqual(got, c.want) {
			t.Errorf("Route(%q)\n got %+v\nwant %+v", c.q, got, c.want)
		}
	}
}

func TestRouteWeights(t *testing.T) {
	for _, c := range []struct {
		route  string
		g, vec float64
	}{{RouteGraphFirst, 1, 0.5}, {RouteVectorFirst, 0.5, 1}, {RouteBoth, 1, 1}} {
		g, v := Decision{Route: c.route}.Weights()
		if g != c.g || v != c.vec {
			t.Errorf("%s weights = %v, %v; want %v, %v", c.route, g, v, c.g, c.vec)
		}
	}
}
