package gaama

import (
	"slices"
	"strings"

	"github.com/memarena/memarena/internal/textutil"
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
	// Relations are the relations the question asks about, from cue words
	// ("use" → uses, "where" → located_in, "why" → caused_by …), sorted;
	// empty when the question names none.
	Relations []string
	// TargetType is the entity type the answer should have: person for
	// "who", place for "where", time for "when" / "what date"; "" otherwise.
	TargetType string
	// History is true when the question asks about earlier values ("before",
	// "first", "originally", "used to", "replaced", "changed"), so
	// superseded facts are not demoted.
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

var whWords = setOf("who", "what", "when", "where", "which", "whose", "whom", "why", "how")

var auxStart = setOf("is", "are", "was", "were", "do", "does", "did", "can", "could", "has", "have", "had", "will", "would", "should", "am")

// relationCues maps question words (Porter2 stems) to relations.
var relationCues = func() map[string][]string {
	m := map[string][]string{}
	add := func(rel string, words ...string) {
		for _, w := range words {
			st := stem(w)
			if !slices.Contains(m[st], rel) {
				m[st] = append(m[st], rel)
			}
		}
	}
	add("uses", "use", "using", "used", "run", "runs", "stack", "database", "framework", "library", "tool", "switch", "switched", "moved", "migrate", "replaced", "replace")
	add("prefers", "prefer", "preference", "like", "likes", "favorite", "favourite", "love", "want", "enjoy")
	add("dislikes", "dislike", "hate", "avoid", "allergic")
	add("decided", "decide", "decided", "decision", "pick", "picked", "choose", "chose", "chosen", "settle", "went", "book", "booked", "select")
	add("caused_by", "why", "cause", "caused", "reason", "because")
	add("solution_for", "fix", "fixed", "solve", "solved", "solution", "workaround", "resolve")
	add("occurred_at", "when", "date", "day", "happen", "happened", "time")
	add("scheduled_for", "when", "date", "day", "schedule", "scheduled", "due", "deadline", "time", "plan", "planned")
	add("located_in", "where", "location", "city", "place", "stay", "staying", "hotel", "live", "based", "region", "host", "hosted", "deploy", "deployed")
	add("owns", "own", "owns", "owner", "belong")
	add("works_on", "work", "working", "responsible", "assign", "assigned", "lead", "handle")
	add("depends_on", "depend", "depends", "need", "needs", "require", "requires", "blocked", "block")
	add("believes", "think", "believe", "opinion", "suspect")
	add("part_of", "part")
	add("status", "status", "state", "done", "progress", "blocked", "finished", "merged", "setting", "version", "target")
	return m
}()

var historyCues = []string{"before", "previously", "first", "originally", "used to", "earlier", "initially", "replaced", "replace",
	"change", "changed", "old", "prior", "history", "formerly", "switch", "switched", "moved", "at first"}

var openStarts = [][]string{{"how"}, {"why"}, {"explain"}, {"describe"}, {"what", "happened"}, {"what", "went", "wrong"},
	{"what", "steps"}, {"walk", "me", "through"}, {"tell", "me", "about"}, {"summarize"}, {"what", "was", "the", "process"},
	{"what", "approach"}, {"what", "did", "we", "learn"}, {"what", "lessons"}}

var howFact = setOf("many", "much", "long", "often", "old", "far", "big")

var multiHopPhrases = []string{"in common", "connection between", "related to", "relationship between", "compared to",
	"compared with", "both", "who else", "and also", "as well as", "same as", "what else", "versus", "vs"}

// Route classifies a question deterministically (no model):
//
//  1. multi-hop when the question has two or more wh-words ("Why did we
//     pick X, and what replaced it?"), a relative clause that chains
//     entities ("which/what/who … that/who/whose … ", "of the … that"),
//     or a phrase from multiHopPhrases ("both", "in common" …);
//  2. open when it starts with how (but not how many/much/long/often/old/
//     far/big), why, explain, describe, "what happened", "what went wrong",
//     "walk me through" …;
//  3. fact when it starts with a wh-word or an auxiliary (yes-no), or with
//     "how many" …;
//  4. task otherwise (statements and instructions).
//
// Relations and TargetType come from cue words whatever the class (see
// Decision).
func Route(question string) Decision {
	ws := textutil.Words(question)
	d := Decision{}
	nWh := 0
	for _, w := range ws {
		if whWords[w] {
			nWh++
		}
	}
	lw := " " + strings.Join(ws, " ") + " "
	first := ""
	if len(ws) > 0 {
		first = ws[0]
	}
	multi := nWh >= 2 && !(first == "how" && len(ws) > 1 && howFact[ws[1]] && nWh == 2 && !strings.Contains(lw, " and "))
	if !multi {
		for _, p := range multiHopPhrases {
			if strings.Contains(lw, " "+p+" ") {
				multi = true
				break
			}
		}
	}
	if !multi && (whWords[first] || auxStart[first]) {
		// A relative clause after the first noun phrase: "which hotel did the
		// person who recommended X book", "what is the city of the hotel that …".
		for i := 2; i < len(ws)-1; i++ {
			if (ws[i] == "that" || ws[i] == "who" || ws[i] == "whose" || ws[i] == "which") && i > 2 && !auxStart[ws[i-1]] {
				multi = true
				break
			}
		}
	}
	switch {
	case multi:
		d.Class, d.Route, d.Hops = ClassMultiHop, RouteBoth, 3
	case isOpen(ws):
		d.Class, d.Route, d.Hops = ClassOpen, RouteVectorFirst, 1
	case whWords[first] || auxStart[first] || first == "how":
		d.Class, d.Route, d.Hops = ClassFact, RouteGraphFirst, 2
	default:
		// A wh-word after a preposition ("On what date …", "In which city …")
		// is still a fact lookup.
		if len(ws) > 1 && whWords[ws[1]] {
			d.Class, d.Route, d.Hops = ClassFact, RouteGraphFirst, 2
		} else {
			d.Class, d.Route, d.Hops = ClassTask, RouteBoth, 2
		}
	}
	rels := map[string]bool{}
	for _, w := range ws {
		for _, r := range relationCues[stem(w)] {
			rels[r] = true
		}
	}
	for r := range rels {
		d.Relations = append(d.Relations, r)
	}
	slices.Sort(d.Relations)
	switch {
	case slices.Contains(ws, "who") || slices.Contains(ws, "whom") || slices.Contains(ws, "whose"):
		d.TargetType = TypePerson
	case slices.Contains(ws, "where"):
		d.TargetType = TypePlace
	case slices.Contains(ws, "when") || strings.Contains(lw, " what date ") || strings.Contains(lw, " which date ") ||
		strings.Contains(lw, " what day ") || strings.Contains(lw, " what time "):
		d.TargetType = TypeTime
	}
	d.History = hasPhrase(question, historyCues)
	return d
}

func isOpen(ws []string) bool {
	if len(ws) == 0 {
		return false
	}
	if ws[0] == "how" {
		return len(ws) < 2 || !howFact[ws[1]]
	}
	for _, s := range openStarts[1:] {
		if len(ws) >= len(s) && slices.Equal(ws[:len(s)], s) {
			return true
		}
	}
	return false
}
