package gaama

import (
	"reflect"
	"testing"
)

func TestRouteTable(t *testing.T) {
	cases := []struct {
		q    string
		want Decision
	}{
		{"Which framework did we pick for the orders API?", Decision{Class: ClassFact, Route: RouteGraphFirst, Hops: 2, Relations: []string{"decided", "uses"}}},
		{"Who owns the orders-db cluster?", Decision{Class: ClassFact, Route: RouteGraphFirst, Hops: 2, Relations: []string{"owns"}, TargetType: TypePerson}},
		{"Where is the orders API deployed now?", Decision{Class: ClassFact, Route: RouteGraphFirst, Hops: 2, Relations: []string{"located_in"}, TargetType: TypePlace}},
		{"When is the cutover to Fargate scheduled?", Decision{Class: ClassFact, Route: RouteGraphFirst, Hops: 2, Relations: []string{"occurred_at", "scheduled_for"}, TargetType: TypeTime}},
		{"On what date did we move orders to MySQL?", Decision{Class: ClassFact, Route: RouteGraphFirst, Hops: 2, Relations: []string{"occurred_at", "scheduled_for", "uses"}, TargetType: TypeTime}},
		{"Why did we first pick Postgres, and what replaced it?", Decision{Class: ClassMultiHop, Route: RouteBoth, Hops: 3, Relations: []string{"caused_by", "decided", "uses"}, History: true}},
		{"Who owns the Postgres cluster whose connection limit was hit during the outage?", Decision{Class: ClassMultiHop, Route: RouteBoth, Hops: 3, Relations: []string{"owns"}, TargetType: TypePerson}},
		{"Which percentile did we report for both the cache and the pagination fix?", Decision{Class: ClassMultiHop, Route: RouteBoth, Hops: 3, Relations: []string{"solution_for"}}},
		{"How did we fix the connection leak?", Decision{Class: ClassOpen, Route: RouteVectorFirst, Hops: 1, Relations: []string{"solution_for"}}},
		{"Why did the export get slow?", Decision{Class: ClassOpen, Route: RouteVectorFirst, Hops: 1, Relations: []string{"caused_by"}}},
		{"How many papers are included now?", Decision{Class: ClassFact, Route: RouteGraphFirst, Hops: 2}},
		{"Does Priya prefer window seats?", Decision{Class: ClassFact, Route: RouteGraphFirst, Hops: 2, Relations: []string{"prefers"}}},
		{"Set up the orders database", Decision{Class: ClassTask, Route: RouteBoth, Hops: 2, Relations: []string{"status", "uses"}}},
		{"Explain the caching decision", Decision{Class: ClassOpen, Route: RouteVectorFirst, Hops: 1, Relations: []string{"decided"}}},
		{"What did Mei use before Paperpile?", Decision{Class: ClassFact, Route: RouteGraphFirst, Hops: 2, Relations: []string{"uses"}, History: true}},
		{"In which city is the ryokan?", Decision{Class: ClassFact, Route: RouteGraphFirst, Hops: 2, Relations: []string{"located_in"}}},
	}
	for _, c := range cases {
		if got := Route(c.q); !reflect.DeepEqual(got, c.want) {
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
