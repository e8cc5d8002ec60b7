package model

import "strings"

// The vocabularies below are the contract between strategies and any model
// (real or offline): a reply may only use these relation names, thought
// types, intent tags, step kinds and entity types. Gold annotations
// (scenarios) use the same lists.

// Relations is the fixed (subject, relation, object) relation vocabulary of
// extract-triplets and extract-graph replies and of gold triplets.
var Relations = []string{
	"prefers", "dislikes", "uses", "decided", "caused_by", "solution_for", "occurred_at",
	"located_in", "owns", "works_on", "depends_on", "scheduled_for", "believes", "part_of", "status",
}

// Thought types (Thought-Retriever design, Feng et al. 2024) of
// extract-thoughts replies.
const (
	ThoughtAnalysis     = "analysis"
	ThoughtHypothesis   = "hypothesis"
	ThoughtDecision     = "decision"
	ThoughtLesson       = "lesson"
	ThoughtTodo         = "todo"
	ThoughtKnowledgeGap = "knowledge-gap"
)

// ThoughtKnowledge is the type of a verbatim thought: a sentence a user
// said (extract-thoughts replies with ThoughtsInput.Verbatim set).
const ThoughtKnowledge = "knowledge"

// ThoughtTypes lists the (reasoning) thought types in a fixed order.
var ThoughtTypes = []string{ThoughtAnalysis, ThoughtHypothesis, ThoughtDecision, ThoughtLesson, ThoughtTodo, ThoughtKnowledgeGap}

// IntentTaxonomy is the fixed intent-tag vocabulary (PRISM design) of
// tag-intents and query-intent replies: a tag is "<facet>:<value>". For
// the goal, subtask and action facets the value must be one of the listed
// ones; the entity facet takes any lowercase slug (letters, digits, '-',
// '_', '.').
var IntentTaxonomy = map[string][]string{
	"goal": {"build", "debug", "optimize", "decide", "plan", "book", "research", "review", "remember", "chat"},
	"subtask": {"requirements", "design", "implement", "diagnose", "fix", "verify", "revert", "compare",
		"search", "read", "summarize", "schedule", "budget", "preference", "itinerary", "correct", "deploy"},
	"action": {"ask", "inform", "propose", "decide", "execute", "observe", "reflect", "correct", "confirm", "smalltalk"},
	"entity": nil,
}

// TaxonomyList returns the values of one facet of IntentTaxonomy joined by
// ", " (for prompts).
func TaxonomyList(facet string) string { return strings.Join(IntentTaxonomy[facet], ", ") }

// Step kinds of a hierarchical task path below goal and subtask
// (locate-path replies).
const (
	NodeAction      = "action"
	NodeObservation = "observation"
	NodeDecision    = "decision"
	NodeReflection  = "reflection"
)

// PathNodeKinds lists the step kinds in a fixed order.
var PathNodeKinds = []string{NodeAction, NodeObservation, NodeDecision, NodeReflection}

// Outcomes of a step (locate-path replies).
const (
	OutcomeSuccess = "success"
	OutcomeFailure = "failure"
)

// Entity types of extract-graph replies. TypeConcept is the fallback when
// nothing says more.
const (
	TypePerson       = "person"       // speakers and other people
	TypeProject      = "project"      // projects, initiatives, things worked on
	TypeTask         = "task"         // tickets, bugs, issues, to-dos
	TypePlace        = "place"        // cities, countries, buildings, regions
	TypeOrganization = "organization" // companies, teams, schools, groups
	TypeArtifact     = "artifact"     // software, versions, tools, files, named products and works
	TypeTime         = "time"         // dates, weekdays, relative times
	TypeConcept      = "concept"      // anything else: values, ideas, reasons
)

// EntityTypes lists the entity types in a fixed order.
var EntityTypes = []string{TypePerson, TypeProject, TypeTask, TypePlace, TypeOrganization, TypeArtifact, TypeTime, TypeConcept}

// Question forms of query-intent replies (IntentQuery.Form).
const (
	FormFact     = "fact"      // who / what / when / where / which, yes-no, "how many"
	FormMultiHop = "multi-hop" // two or more facts chained or combined
	FormOpen     = "open"      // how / why / explain / describe a process, reason or story
	FormTask     = "task"      // a statement or instruction, not a question
)

// QuestionForms lists the question forms in a fixed order.
var QuestionForms = []string{FormFact, FormMultiHop, FormOpen, FormTask}

// Temporal focus of a question (IntentQuery.Focus).
const (
	FocusCurrent = "current" // the present state
	FocusHistory = "history" // an earlier state
)

// What a question asks for (IntentQuery.Asks).
const (
	AskDecision = "decision" // a choice that was made
	AskReason   = "reason"   // why something happened or was chosen
	AskLesson   = "lesson"   // what was learned, what to do differently
)

// QuestionAsks lists the IntentQuery.Asks values in a fixed order.
var QuestionAsks = []string{AskDecision, AskReason, AskLesson}

// DateLayout is the layout of dates in requests and replies (YYYY-MM-DD).
const DateLayout = "2006-01-02"
