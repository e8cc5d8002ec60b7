package model

import (
	"strings"
	"time"
)

// This file holds the typed input and the typed reply of every request
// kind. A strategy fills the input and puts it in Request.Input; the prompt
// template reads its fields, and the offline model (package
// internal/offline) reads the same struct. Replies are what CallJSON
// decodes into.
//
// People: a reply names the person a fact is about by name. "I", "my",
// "me" resolve to the turn's Speaker and "you" to its Addressee; "user" and
// "assistant" are used only when the turn has no speaker name.

// TurnInput is the part of an input that describes one conversation turn.
type TurnInput struct {
	// TurnID is the turn's id (for prompts; replies do not echo it).
	TurnID string
	// Speaker is the speaker's display name ("Caroline", "Assistant"); ""
	// when unknown.
	Speaker string
	// Addressee is the name of the person the turn speaks to ("you"), or ""
	// when unknown.
	Addressee string
	// Role is "user", "assistant" or "tool".
	Role string
	// Date is the turn's date (YYYY-MM-DD), or "".
	Date string
	// SessionDate is the session's start date (YYYY-MM-DD); relative dates
	// resolve against it. "" when unknown.
	SessionDate string
	// Task is the session's task goal, or "".
	Task string
	// Text is the turn's text.
	Text string
}

// SetDates sets Date from the turn's time and SessionDate from the session
// start (falling back to Date), as YYYY-MM-DD; zero times leave them "".
func (in *TurnInput) SetDates(at, sessionStart time.Time) {
	if !at.IsZero() {
		in.Date = at.UTC().Format(DateLayout)
	}
	in.SessionDate = in.Date
	if !sessionStart.IsZero() {
		in.SessionDate = sessionStart.UTC().Format(DateLayout)
	}
}

// GraphInput is the input of KindExtractGraph.
type GraphInput struct{ TurnInput }

// TripletsInput is the input of KindExtractTriplets.
type TripletsInput struct{ TurnInput }

// ThoughtsInput is the input of KindExtractThoughts.
type ThoughtsInput struct {
	TurnInput
	// Candidates are earlier thoughts of the same task a new thought may
	// follow from, oldest first.
	Candidates []Candidate
	// MaxThoughts caps the reply's thoughts (≥ 1).
	MaxThoughts int
	// Verbatim asks for what the message states rather than its reasoning
	// (a user's message, or a gold fact): one thought of type
	// ThoughtKnowledge per informative sentence, its content the sentence
	// verbatim; greetings, thanks and small talk give none.
	Verbatim bool
}

// TagInput is the input of KindTagIntents.
type TagInput struct {
	TurnInput
	// Previous is the text of the turn before, or "".
	Previous string
}

// QueryInput is the input of KindQueryIntent.
type QueryInput struct {
	// Question is the question to turn into a query.
	Question string
	// Task is the current task goal, or "".
	Task string
	// Recent are the recent turns, "Speaker: text", oldest first.
	Recent []string
}

// LocateInput is the input of KindLocatePath.
type LocateInput struct {
	TurnInput
	// Goal is the goal label the turn belongs to by default (the task goal
	// label, or the session's goal).
	Goal string
	// Current is the current subtask label, or "".
	Current string
	// Subtasks are the goal's subtask labels so far.
	Subtasks []string
	// Previous is the text of the turn before (clipped), or "".
	Previous string
	// Context are the texts of the current subtask's latest steps, oldest
	// first (topic continuity).
	Context []string
}

// ReflectInput is the input of KindReflect.
type ReflectInput struct {
	Goal, Subtask string
	// Step is the step that was tried, or "".
	Step string
	// Outcome is the text reporting the failure.
	Outcome string
}

// SummarizeInput is the input of KindSummarize.
type SummarizeInput struct {
	SessionID string
	// Date of the latest line (YYYY-MM-DD).
	Date string
	// Task the lines belong to, or "".
	Task string
	// Lines are the transcript lines, oldest first.
	Lines []string
	// MaxWords caps the summary (≥ 1).
	MaxWords int
}

// Transcript is Lines joined by newlines (for the prompt).
func (in SummarizeInput) Transcript() string { return strings.Join(in.Lines, "\n") }

// AnswerInput is the input of KindAnswer.
type AnswerInput struct {
	Question string
	// Context is the memory context the answer must come from.
	Context string
	// AskedAt is when the question is asked ("2006-01-02 15:04").
	AskedAt string
	// Threshold is the offline reader's minimum support in [0, 1] (0: its
	// default); real models ignore it.
	Threshold float64
}

// JudgeInput is the input of KindJudge.
type JudgeInput struct {
	Question, Gold, Answer string
	// Lenient selects the lenient variant of the judge prompt.
	Lenient bool
	// Abstention is true when the gold says the question is unanswerable.
	Abstention bool
}

// ---- replies ----

// Triplet is one (subject, relation, object) fact of an extract-triplets
// reply.
type Triplet struct {
	// Subject and Object are short noun phrases; a person is named (the
	// speaker's name for I/me/my). A negated triplet may have Subject
	// AnySubject ("*"): the fact is retracted for every subject.
	Subject  string `json:"subject"`
	Relation string `json:"relation"`
	Object   string `json:"object"`
	// SubjectName and ObjectName are the canonical entity names of Subject
	// and Object (see EntityNames); "" means the mention itself.
	EntityNames
	// Condition limits when the fact holds ("when unwell"), or "".
	Condition string `json:"condition,omitempty"`
	// Negated says the sentence states the fact no longer holds ("we no
	// longer use X"): the stored triplet is retracted, nothing is added.
	Negated bool `json:"negated,omitempty"`
	// Replaces is an older object the sentence says this one replaces
	// ("instead of X", "from X to Y"), or "".
	Replaces string `json:"replaces,omitempty"`
	// ReplacedPhrase is the part of Evidence that names the replaced value
	// as replaced, verbatim — ", instead of Nikon D750", "(down from 12)",
	// "from 70% " in "goes from 70% to 80%" — so that a memory can quote
	// the sentence as a current statement by deleting it; "" when none.
	ReplacedPhrase string `json:"replaced_phrase,omitempty"`
	// Evidence is the source sentence, copied verbatim from the turn.
	Evidence string `json:"evidence"`
	// Change says the sentence announces a change of an earlier value
	// ("now", "switched to", "instead of", "no longer", "actually" …).
	Change bool `json:"change,omitempty"`
}

// EntityNames are the canonical entity names of a statement's subject and
// object mentions: the shortest name that identifies the entity, without
// generic category words ("the Nikon camera" → "Nikon"; "Nikon
// D750" stays "Nikon D750", since the version tells two entities apart). A
// memory links mentions whose canonical names match into one entity. ""
// means the mention is its own canonical name (as in replies that omit
// the fields).
type EntityNames struct {
	SubjectName string `json:"subject_name,omitempty"`
	ObjectName  string `json:"object_name,omitempty"`
}

// AnySubject as a negated triplet's subject retracts the fact for every
// subject.
const AnySubject = "*"

// TripletExtraction is the reply of KindExtractTriplets.
type TripletExtraction struct {
	Triplets []Triplet `json:"triplets"`
}

// GraphExtraction is the reply of KindExtractGraph.
type GraphExtraction struct {
	// Entities named in the turn (they type the relations' arguments).
	Entities []ExtractedEntity `json:"entities"`
	// Relations stated in the turn, in order.
	Relations []ExtractedRelation `json:"relations"`
}

// ExtractedEntity is an entity as named in the turn, with a type from
// EntityTypes (an unknown type is read as concept).
type ExtractedEntity struct {
	// Name is the entity as written in the turn ("Nikon D750"), or a
	// person's name.
	Name string `json:"name"`
	// Type is one of EntityTypes.
	Type string `json:"type"`
}

// ExtractedRelation is one (subject, relation, object) statement of an
// extract-graph reply. Relation must be in Relations.
type ExtractedRelation struct {
	// Subject is a noun phrase as written, or a person's name.
	Subject string `json:"subject"`
	// Relation is one of Relations.
	Relation string `json:"relation"`
	// Object is a noun phrase, value or date as written; "" (with Replaces
	// set) for a negated statement ("we no longer use Redis").
	Object string `json:"object"`
	// SubjectName and ObjectName are the canonical entity names of Subject
	// and Object (see EntityNames); "" means the mention itself.
	EntityNames
	// Condition limits when the statement holds ("when unwell"), or "".
	Condition string `json:"condition,omitempty"`
	// Replaces names an earlier object this statement replaces, or "".
	Replaces string `json:"replaces,omitempty"`
	// ReplacedPhrase is the part of Evidence that names the replaced value
	// as replaced, verbatim — ", instead of Nikon D750", "(down from 12)",
	// "from 70% " in "goes from 70% to 80%" — so that a memory can quote
	// the sentence as a current statement by deleting it; "" when none.
	ReplacedPhrase string `json:"replaced_phrase,omitempty"`
	// Past marks a statement about an earlier state ("we used to use X").
	Past bool `json:"past,omitempty"`
	// Evidence is the sentence of the turn that states it, verbatim.
	Evidence string `json:"evidence,omitempty"`
	// Change says the sentence announces a change of an earlier value
	// ("now", "switched to", "instead of", "no longer", "actually" …).
	Change bool `json:"change,omitempty"`
}

// ThoughtExtraction is the reply of KindExtractThoughts.
type ThoughtExtraction struct {
	Thoughts []ExtractedThought `json:"thoughts"`
}

// ExtractedThought is one thought of a ThoughtExtraction.
type ExtractedThought struct {
	// Type is one of ThoughtTypes.
	Type string `json:"type"`
	// Content is one sentence in the message's own words.
	Content string `json:"content"`
	// Entities are lowercase names; they are normalized again on intake.
	Entities []string `json:"entities"`
	// Confidence in [0, 1]; 0 means unspecified.
	Confidence float64 `json:"confidence"`
	// Parent is the id of an offered Candidate this thought follows from,
	// or "".
	Parent string `json:"parent"`
	// FollowsPrevious marks a thought that follows from the thought before
	// it in the same reply.
	FollowsPrevious bool `json:"follows_previous"`
	// Person is the person the thought is about (the speaker's name for a
	// first-person statement), or "".
	Person string `json:"person"`
	// Replaces is the earlier value the thought says it replaces ("instead
	// of X", "from X to Y", "drop X"), or "".
	Replaces string `json:"replaces"`
	// Attribute is what the thought sets anew ("the TTL" in "shorten the
	// TTL to 60 seconds") and New the value it is set to ("60 seconds");
	// both "" when it sets none.
	Attribute string `json:"attribute"`
	New       string `json:"new"`
	// Change says the thought changes an earlier value without naming it
	// ("switched to chi", "now prefers aisle seats", "change of plan").
	Change bool `json:"change"`
	// Conditional says the thought holds only under a condition it states
	// ("if it rains, …", "… unless the budget allows").
	Conditional bool `json:"conditional"`
}

// Candidate is an earlier thought offered to the extractor as a possible
// parent, oldest first.
type Candidate struct {
	ID       string
	Type     string
	Content  string
	Entities []string
	// SameSession is true when the candidate comes from the current session.
	SameSession bool
}

// String renders the candidate for the prompt: "id (type): content".
func (c Candidate) String() string { return c.ID + " (" + c.Type + "): " + c.Content }

// Tags is the reply of KindTagIntents.
type Tags struct {
	// Goal is the goal-level intent ("debug", "decide" …) or "".
	Goal string `json:"goal"`
	// Subtasks are up to two subtask values ("diagnose", "compare" …).
	Subtasks []string `json:"subtasks"`
	// ActionType is the action facet value ("ask", "decide", "observe" …).
	ActionType string `json:"action_type"`
	// Entities are the entities named, as written or lowercase.
	Entities []string `json:"entities"`
	// Person is the person the turn is about (the speaker's name for a
	// first-person statement), or "".
	Person string `json:"person"`
}

// IntentQuery is the reply of KindQueryIntent.
type IntentQuery struct {
	// Intents are target tags "goal:<v>" and "subtask:<v>".
	Intents []string `json:"intents"`
	// Entities are target entities, as written or lowercase.
	Entities []string `json:"entities"`
	// ActionType is the action facet value the question is about, or "".
	ActionType string `json:"action_type"`
	// Task is the goal text of the task the question is scoped to, or "".
	Task string `json:"task"`
	// Form is the question's form, one of QuestionForms: a fact lookup, a
	// multi-hop question combining facts, an open how/why question, or a
	// task statement that is no question.
	Form string `json:"form"`
	// Focus is the time the question asks about: FocusCurrent for the
	// present state ("now", "still", "currently"), FocusHistory for an
	// earlier one ("first", "originally", "used to", "before"), "" for
	// neither or both.
	Focus string `json:"focus"`
	// Relations are the relations (from Relations) the question asks about,
	// sorted; empty when it names none.
	Relations []string `json:"relations"`
	// AnswerType is the entity type (from EntityTypes) of the answer when
	// the question names it: person for "who", place for "where", time for
	// "when" or "what date"; else "".
	AnswerType string `json:"answer_type"`
	// Asks are the kinds of memory the question asks for, from
	// QuestionAsks: a choice that was made, a reason, a lesson.
	Asks []string `json:"asks"`
	// Self is true when the question is about the asker's own side (I, my,
	// we, our).
	Self bool `json:"self"`
}

// Placement is the reply of KindLocatePath.
type Placement struct {
	// Goal is the goal label (turns with the same label share the goal).
	Goal string `json:"goal"`
	// Subtask is the subtask label: an existing one to continue, or a new
	// one.
	Subtask string `json:"subtask"`
	// Node is the step kind: one of PathNodeKinds.
	Node string `json:"node"`
	// Outcome is OutcomeSuccess or OutcomeFailure when the turn reports how
	// the step before it went, else "".
	Outcome string `json:"outcome"`
	// ChitChat marks small talk and digressions with no task structure.
	ChitChat bool `json:"chit_chat"`
	// Updates are value changes the turn states ("from 70% to 80%").
	Updates []Update `json:"updates"`
	// Revert is a value the turn goes back to ("go back to Nikon"), or "".
	Revert string `json:"revert"`
	// Person is the person the step is about (the speaker's name for a
	// first-person statement), or "".
	Person string `json:"person"`
}

// Update is one stated change of a value.
type Update struct {
	// Attribute names what changed ("ttl", "coverage gate"), or "".
	Attribute string `json:"attribute"`
	// Old is the superseded value as written, or "" when not stated.
	Old string `json:"old"`
	// New is the current value as written in the turn (non-empty).
	New string `json:"new"`
}

// Reflection is the reply of KindReflect.
type Reflection struct {
	Lesson string `json:"lesson"`
}

// Summary is the reply of KindSummarize.
type Summary struct {
	Summary string `json:"summary"`
}
