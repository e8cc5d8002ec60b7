package trimem

import (
	"fmt"
	"sort"

	"github.com/memarena/memarena/internal/textutil"
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
	// Cues are question words (unstemmed, lowercase) that ask for the
	// relation; they are matched on stems.
	Cues []string
}

// relationSpecs is the relation table. Single-valued are the relations that
// describe a state a subject can only be in once at a time: its status, its
// location, the date it is scheduled for.
var relationSpecs = []RelationSpec{
	{Name: "prefers", Opposite: "dislikes", Phrase: "prefers",
		Cues: []string{"prefer", "preference", "preferences", "favorite", "favourite", "like", "likes", "love", "enjoy", "want", "rather", "fan"}},
	{Name: "dislikes", Opposite: "prefers", Phrase: "dislikes",
		Cues: []string{"dislike", "dislikes", "hate", "avoid", "avoids", "allergic", "allergy", "stand", "against"}},
	{Name: "uses", Phrase: "uses",
		Cues: []string{"use", "uses", "using", "run", "runs", "stack", "database", "framework", "library", "tool", "switch", "switched", "migrate", "migrated", "move", "moved", "adopt", "rely"}},
	{Name: "decided", Phrase: "decided",
		Cues: []string{"decide", "decided", "decision", "choose", "chose", "chosen", "choice", "pick", "picked", "settle", "settled", "agree", "agreed", "select", "selected", "opt"}},
	{Name: "caused_by", Phrase: "is caused by",
		Cues: []string{"why", "cause", "caused", "causes", "reason", "because", "root", "due", "trigger", "triggered", "source"}},
	{Name: "solution_for", Phrase: "is the solution for",
		Cues: []string{"fix", "fixed", "fixes", "solve", "solved", "solution", "resolve", "resolved", "workaround", "remedy", "address"}},
	{Name: "occurred_at", Phrase: "happened on",
		Cues: []string{"when", "date", "day", "happen", "happened", "occur", "occurred", "time"}},
	{Name: "located_in", SingleValued: true, Phrase: "is located in",
		Cues: []string{"where", "located", "location", "city", "country", "live", "lives", "stay", "staying", "place", "address", "based"}},
	{Name: "owns", Phrase: "owns",
		Cues: []string{"own", "owns", "possess", "bought", "buy", "car", "pet"}},
	{Name: "works_on", Phrase: "works on",
		Cues: []string{"work", "working", "works", "project", "projects", "job"}},
	{Name: "depends_on", Phrase: "depends on",
		Cues: []string{"depend", "depends", "dependency", "dependencies", "require", "requires", "requirement", "need", "needs", "prerequisite"}},
	{Name: "scheduled_for", SingleValued: true, Phrase: "is scheduled for",
		Cues: []string{"when", "date", "schedule", "scheduled", "book", "booked", "booking", "appointment", "flight", "meeting", "deadline", "due", "leave", "depart", "start"}},
	{Name: "believes", Phrase: "believes",
		Cues: []string{"think", "believe", "believes", "opinion", "suspect", "hypothesis", "view", "expect", "guess"}},
	{Name: "part_of", Phrase: "is part of",
		Cues: []string{"part", "belong", "belongs", "component", "member", "module", "include", "includes"}},
	{Name: "status", SingleValued: true, Phrase: "is",
		Cues: []string{"status", "state", "progress", "done", "finished", "complete", "blocked", "ready", "open", "closed", "merged", "deployed", "cancelled", "confirmed"}},
}

var (
	relationByName = map[string]*RelationSpec{}
	// cueRelations maps a cue stem to the relations it asks for (sorted).
	cueRelations = map[string][]string{}
)

func init() {
	if len(relationSpecs) != len(scenarios.Relations) {
		panic(fmt.Sprintf("trimem: %d relation specs for %d relations", len(relationSpecs), len(scenarios.Relations)))
	}
	for i := range relationSpecs {
		r := &relationSpecs[i]
		relationByName[r.Name] = r
		for _, c := range r.Cues {
			st := textutil.Stem(c)
			if !containsString(cueRelations[st], r.Name) {
				cueRelations[st] = append(cueRelations[st], r.Name)
			}
		}
	}
	for _, name := range scenarios.Relations {
		if relationByName[name] == nil {
			panic("trimem: no spec for relation " + name)
		}
	}
	for _, rs := range cueRelations {
		sort.Strings(rs)
	}
}

// answerTypes maps question words that name the type of the answer to the
// relations whose object has that type: a date, a cause, a place.
var answerTypes = map[string][]string{
	"when": {"occurred_at", "scheduled_for"}, "date": {"occurred_at", "scheduled_for"}, "day": {"occurred_at", "scheduled_for"},
	"why": {"caused_by"}, "reason": {"caused_by"}, "where": {"located_in"},
}

// AnswerRelations returns the relations whose objects have the answer type
// the question asks for ("when"/"date"/"day" → occurred_at, scheduled_for;
// "why"/"reason" → caused_by; "where" → located_in), sorted.
func AnswerRelations(question string) []string {
	seen := map[string]bool{}
	var out []string
	for _, w := range textutil.Words(question) {
		for _, r := range answerTypes[w] {
			if !seen[r] {
				seen[r] = true
				out = append(out, r)
			}
		}
	}
	sort.Strings(out)
	return out
}

// QuestionRelations returns the relations a question asks for, sorted by
// name: those with a cue among the question's word stems (stopwords
// included, since "like" and "think" are stopwords).
func QuestionRelations(question string) []string {
	seen := map[string]bool{}
	var out []string
	for _, w := range textutil.Words(question) {
		for _, r := range cueRelations[textutil.Stem(w)] {
			if !seen[r] {
				seen[r] = true
				out = append(out, r)
			}
		}
	}
	sort.Strings(out)
	return out
}

func containsString(xs []string, s string) bool {
	for _, x := range xs {
		if x == s {
			return true
		}
	}
	return false
}
