package thoughtgraph

import (
	"slices"
	"strings"
	"time"

	"github.com/memarena/memarena/scenarios"
)

// Thought types. The first six are the Thought-Retriever types of the design
// (scenarios.ThoughtTypes); TypeKnowledge is this strategy's extension for
// what the user said.
const (
	TypeAnalysis     = "analysis"      // an observation, finding or reason
	TypeHypothesis   = "hypothesis"    // a guess not yet confirmed
	TypeDecision     = "decision"      // a choice that was made
	TypeLesson       = "lesson"        // what to do or avoid next time
	TypeTodo         = "todo"          // an open action
	TypeKnowledgeGap = "knowledge-gap" // something not known yet that matters
	// TypeKnowledge holds one informative sentence a user said (a
	// preference, a constraint, a fact, a request), verbatim. It is not
	// extracted by the model: see the package doc.
	TypeKnowledge = "knowledge"
)

// MinConfidence is the lowest confidence, in [0, 1], of a thought that is
// stored. Thought-Retriever filters generated thoughts by confidence so that
// meaningless or hallucinated ones never enter the memory; extracted
// thoughts below this value are dropped and counted (Stats.Dropped).
const MinConfidence = 0.3

// DefaultConfidence is used when an extraction or a gold thought gives no
// confidence (0), as scenarios.GoldThought documents.
const DefaultConfidence = 0.8

// isReasoningType reports whether typ is one of the six design types.
func isReasoningType(typ string) bool { return slices.Contains(scenarios.ThoughtTypes, typ) }

// Step is a trivial reasoning step (an analysis or hypothesis of a finished
// task) folded into the decision or lesson it led to by consolidation. Its
// content is kept verbatim.
type Step struct {
	ID      string
	Type    string
	Content string
	// TurnIDs are the turns the step came from.
	TurnIDs []string
	seq     int
}

// Thought is one node of the thought graph.
type Thought struct {
	// ID is the gold id in oracle mode, else "<turn id>#<n>" (n from 1 in
	// the turn).
	ID string
	// Type is one of the Type* constants.
	Type string
	// Content is the thought in the words of its turn (or the gold content).
	Content string
	// Speaker is who said the source turn.
	Speaker string
	// Entities are normalized entity keys (nlp.NormalizeEntity), sorted.
	Entities []string
	// Confidence in [MinConfidence, 1].
	Confidence float64
	// Steps are the trivial steps folded into this thought, oldest first.
	Steps []Step
	// Task is the task key: the session's task goal, or "session:<id>" when
	// the session has no task.
	Task string
	// SessionID is the session of the source turn.
	SessionID string
	// TurnIDs is the provenance: the source turn, then the turns of folded
	// steps, in scenario order.
	TurnIDs []string
	// Created is the scenario time of the source turn; Updated the time of
	// the last change (fold, supersession); LastAccess the AskedAt of the
	// last query that returned the thought (zero: never).
	Created, Updated, LastAccess time.Time
	// Access counts the queries that returned the thought.
	Access int
	// Status is "" (current), "superseded" or "conditional"
	// (strategies.Status*).
	Status string
	// SupersededBy is the id of the thought that replaced this one, or "".
	SupersededBy string

	seq   int             // creation order, from 1
	vec   []float32       // unit vector of headText (+ stepsText at stepWeight)
	stems map[string]bool // content stems (textutil.ContentTokens) of Content
	// update is how the thought's sentence replaces an earlier value (read
	// by the model at extraction; applied once, on insertion).
	update Update
}

// lastUse is the reference time of recency decay: the latest of Updated and
// LastAccess (Generative Agents, Park et al. 2023, decay recency since the
// last retrieval).
func (t *Thought) lastUse() time.Time {
	if t.LastAccess.After(t.Updated) {
		return t.LastAccess
	}
	return t.Updated
}

// headText is the indexed text of the thought itself: type, content and
// entities.
func (t *Thought) headText() string {
	var b strings.Builder
	b.WriteString(t.Type)
	b.WriteString(": ")
	b.WriteString(t.Content)
	if len(t.Entities) > 0 {
		b.WriteString(" | entities: ")
		b.WriteString(strings.Join(t.Entities, ", "))
	}
	return b.String()
}

// stepsText is the indexed text of the folded steps ("" when none).
func (t *Thought) stepsText() string {
	parts := make([]string, len(t.Steps))
	for i, s := range t.Steps {
		parts[i] = s.Content
	}
	return strings.Join(parts, " ")
}

// body is the text the reader sees: the folded steps then the thought, in
// scenario order, joined by " / " (the reader treats each part as its own
// text).
func (t *Thought) body() string {
	if len(t.Steps) == 0 {
		return t.Content
	}
	parts := make([]string, 0, len(t.Steps)+1)
	for _, s := range t.Steps {
		parts = append(parts, s.Content)
	}
	parts = append(parts, t.Content)
	return strings.Join(parts, " / ")
}

// size estimates the stored payload in bytes (text, ids, vector).
func (t *Thought) size() int64 {
	n := len(t.ID) + len(t.Type) + len(t.Content) + len(t.Speaker) + len(t.Task) + len(t.SessionID) + 4*len(t.vec) + 64
	for _, e := range t.Entities {
		n += len(e)
	}
	for _, id := range t.TurnIDs {
		n += len(id)
	}
	for _, s := range t.Steps {
		n += len(s.ID) + len(s.Type) + len(s.Content)
	}
	return int64(n)
}
