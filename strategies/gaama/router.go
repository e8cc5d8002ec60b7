package gaama

import (
	"slices"

	"github.com/memarena/memarena/internal/model"
)

// Query classes the router distinguishes.
const (
	// ClassFact is a fact lookup: who / what / when / where / which, yes-no
	// questions, "how many/much/long/often/old".
	ClassFact = "fact"
	// ClassMultiHop is a relational question that needs two or more facts
	// chained or combined: two wh-questions in one ("why … and what …"),
	// relative clauses over entities ("which … that …", "of the … who"),
	// "both", "in common", "connection between", "related to", "compared
	// to".
	ClassMultiHop = "multi-hop"
	// ClassOpen is an open how / why / explain / describe question about a
	// process, a reason or a story.
	ClassOpen = "open"
	// ClassTask is a statement or instruction (a task goal such as "Set up
	// the orders database"), not a question.
	ClassTask = "task"
)

// Retrieval routes.
const (
	RouteGraphFirst  = "graph-first"  // graph list weighted 1, vector list 0.5
	RouteVectorFirst = "vector-first" // vector list weighted 1, graph list 0.5
	RouteBoth        = "both"         // both lists weighted 1
)

// Decision is the router's output for one question.
type Decision struct {
	// Class is one of the Class* constants.
	Class string
	// Route is one of the Route* constants: fact → graph-first, multi-hop →
	// both, open → vector-first, task → both.
	Route string
	// Hops is the longest traversal template to run: fact 2, multi-hop 3,
	// open 1, task 2 (capped by the strategy's max_hops).
	Hops int
	// Relations are the relations the question asks about (the model's
	// reading: "use" → uses, "where" → located_in, "why" → caused_by …),
	// sorted; empty when the question names none.
	Relations []string
	// TargetType is the entity type the answer should have: person for
	// "who", place for "where", time for "when" / "what date"; "" otherwise.
	TargetType string
	// History is true when the question asks about earlier values (the
	// model reads its focus as history: "before", "first", "originally",
	// "used to"), so superseded facts are not demoted.
	History bool
}

// Weights returns the reciprocal-rank-fusion weights (graph, vector) of the
// route.
func (d Decision) Weights() (graph, vector float64) {
	switch d.Route {
	case RouteGraphFirst:
		return 1, 0.5
	case RouteVectorFirst:
		return 0.5, 1
	}
	return 1, 1
}

// Route maps the model's reading of a question (a query-intent reply,
// strategies.ReadQuestion) onto a retrieval decision:
//
//   - form fact → graph-first, 2 hops; multi-hop → both, 3 hops; open →
//     vector-first, 1 hop; task (or no form) → both, 2 hops;
//   - Relations are the reply's relations that are in the vocabulary,
//     sorted and de-duplicated; TargetType its answer type when that is a
//     person, place or time;
//   - History is set when the reply's focus is the earlier state.
func Route(iq model.IntentQuery) Decision {
	d := Decision{}
	switch iq.Form {
	case model.FormFact:
		d.Class, d.Route, d.Hops = ClassFact, RouteGraphFirst, 2
	case model.FormMultiHop:
		d.Class, d.Route, d.Hops = ClassMultiHop, RouteBoth, 3
	case model.FormOpen:
		d.Class, d.Route, d.Hops = ClassOpen, RouteVectorFirst, 1
	default:
		d.Class, d.Route, d.Hops = ClassTask, RouteBoth, 2
	}
	for _, r := range iq.Relations {
		if slices.Contains(Relations, r) && !slices.Contains(d.Relations, r) {
			d.Relations = append(d.Relations, r)
		}
	}
	slices.Sort(d.Relations)
	switch iq.AnswerType {
	case TypePerson, TypePlace, TypeTime:
		d.TargetType = iq.AnswerType
	}
	d.History = iq.Focus == model.FocusHistory
	return d
}
