package trimem

import (
	"fmt"

	"github.com/memarena/memarena/scenarios"
)

// RelationSpec documents one of the 15 fixed relation types of
// scenarios.Relations: its cardinality (which decides conflict resolution),
// its polarity partner, how it is verbalized, and the question words that
// ask for it.
type RelationSpec struct {
	// Name is the relation as in scenarios.Relations ("prefers").
	Name string
	// SingleValued marks a functional relation: a subject has at most one
	// current object for it (under one condition), so a new object always
	// supersedes the old one. Multi-valued relations supersede only when the
	// asserting sentence signals a change (see ChangeCue) or names the old
	// object ("instead of X").
	SingleValued bool
	// Opposite is the relation of opposite polarity ("prefers" ↔
	// "dislikes"), or "". Asserting (s, Opposite, o) supersedes (s, r, o)
	// under the same condition.
	Opposite string
	// Phrase verbalizes the relation between subject and object in rendered
	// sentences ("is scheduled for").
	Phrase string
}

// relationSpecs is the relation table. Single-valued are the relations that
// describe a state a subject can only be in once at a time: its status, its
// location, the date it is scheduled for.
var relationSpecs = []RelationSpec{
	{Name: "prefers", Opposite: "dislikes", Phrase: "prefers"},
	{Name: "dislikes", Opposite: "prefers", Phrase: "dislikes"},
	{Name: "uses", Phrase: "uses"},
	{Name: "decided", Phrase: "decided"},
	{Name: "caused_by", Phrase: "is caused by"},
	{Name: "solution_for", Phrase: "is the solution for"},
	{Name: "occurred_at", Phrase: "happened on"},
	{Name: "located_in", SingleValued: true, Phrase: "is located in"},
	{Name: "owns", Phrase: "owns"},
	{Name: "works_on", Phrase: "works on"},
	{Name: "depends_on", Phrase: "depends on"},
	{Name: "scheduled_for", SingleValued: true, Phrase: "is scheduled for"},
	{Name: "believes", Phrase: "believes"},
	{Name: "part_of", Phrase: "is part of"},
	{Name: "status", SingleValued: true, Phrase: "is"},
}

var relationByName = map[string]*RelationSpec{}

func init() {
	if len(relationSpecs) != len(scenarios.Relations) {
		panic(fmt.Sprintf("trimem: %d relation specs for %d relations", len(relationSpecs), len(scenarios.Relations)))
	}
	for i := range relationSpecs {
		relationByName[relationSpecs[i].Name] = &relationSpecs[i]
	}
	for _, name := range scenarios.Relations {
		if relationByName[name] == nil {
			panic("trimem: no spec for relation " + name)
		}
	}
}

func containsString(xs []string, s string) bool {
	for _, x := range xs {
		if x == s {
			return true
		}
	}
	return false
}
