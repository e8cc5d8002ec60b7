// Package scenarios defines memarena's scenario model — scenario → sessions →
// turns → probes, with optional gold annotations — its YAML format, the
// validator behind `memarena validate`, and the built-in scenarios embedded in
// the binary. Importers of public datasets (package datasets) produce the same
// model, so the runner and every strategy see one shape of input.
//
// The YAML format is documented field by field in FORMAT.md beside this file.
package scenarios

import (
	"fmt"
	"time"

	"github.com/goccy/go-yaml/ast"
	"github.com/memarena/memarena/internal/model"
)

// Scenario is one scripted multi-session history with the questions (probes)
// asked about it. Sessions are in chronological order; turn ids are unique
// across the whole scenario.
type Scenario struct {
	// ID is a stable slug, e.g. "coding-assistant".
	ID string `yaml:"id" json:"id"`
	// Title is a one-line human name.
	Title string `yaml:"title" json:"title"`
	// Description says what the scenario exercises.
	Description string `yaml:"description,omitempty" json:"description,omitempty"`
	// Sessions in chronological order.
	Sessions []Session `yaml:"sessions" json:"sessions"`
	// Probes are questions asked after a given session.
	Probes []Probe `yaml:"probes" json:"probes"`

	// Source names where the scenario came from ("builtin:coding-assistant",
	// a file path, or "locomo10.json#conv-26"). Set by loaders.
	Source string `yaml:"-" json:"source,omitempty"`
	// Hash is the sha256 (hex) of the bytes the scenario was read from, or of
	// its canonical JSON form for imported scenarios (Source and
	// Meta["file"], the path it was read from, left out). Set by loaders.
	Hash string `yaml:"-" json:"hash,omitempty"`
	// Meta carries importer facts reports must show (dataset file, label
	// map …). Keys and values are free strings.
	Meta map[string]string `yaml:"meta,omitempty" json:"meta,omitempty"`
}

// Session is one conversation sitting.
type Session struct {
	// ID is unique within the scenario, e.g. "s1".
	ID string `yaml:"id" json:"id"`
	// Start is when the session began; relative dates said in the session
	// ("last Saturday") are relative to it.
	Start When `yaml:"start" json:"start"`
	// Task is what the user wants done in this session (optional).
	Task *Task `yaml:"task,omitempty" json:"task,omitempty"`
	// Turns in order.
	Turns []Turn `yaml:"turns" json:"turns"`
	// Summary is an optional gold summary of the session (LoCoMo ships
	// them); strategies see it only in extraction: oracle mode.
	Summary string `yaml:"summary,omitempty" json:"summary,omitempty"`
}

// Task is the goal of a session. The runner checks it at the start of the
// session, before its turns are ingested: the strategy is asked for context
// with Goal as the query, and the task succeeds when every RequiredFacts entry
// is in that context and no StaleFacts entry is presented as current.
type Task struct {
	ID            string   `yaml:"id" json:"id"`
	Goal          string   `yaml:"goal" json:"goal"`
	RequiredFacts []string `yaml:"required_facts,omitempty" json:"required_facts,omitempty"`
	StaleFacts    []string `yaml:"stale_facts,omitempty" json:"stale_facts,omitempty"`
}

// Roles a turn may have.
const (
	RoleUser      = "user"
	RoleAssistant = "assistant"
	RoleTool      = "tool"
)

// Turn is one message.
type Turn struct {
	// ID is stable and unique in the scenario, e.g. "s3-t07" or LoCoMo's
	// "D3:7". Provenance and evidence refer to it.
	ID string `yaml:"id" json:"id"`
	// Role is user, assistant or tool.
	Role string `yaml:"role" json:"role"`
	// Speaker is the display name ("Dana", "Assistant", "pytest").
	Speaker string `yaml:"speaker,omitempty" json:"speaker,omitempty"`
	// Text is the message; never empty.
	Text string `yaml:"text" json:"text"`
	// Time is when the turn was said; when absent it is the session start
	// plus one minute per turn index.
	Time When `yaml:"time,omitempty" json:"time"`
	// Gold holds optional gold structure (see Gold).
	Gold *Gold `yaml:"gold,omitempty" json:"gold,omitempty"`
}

// Gold is the gold structure a turn carries. Strategies receive it only in
// `extraction: oracle` mode, in place of their own extraction.
type Gold struct {
	// Thoughts are reasoning units stated in the turn (thought-graph).
	Thoughts []GoldThought `yaml:"thoughts,omitempty" json:"thoughts,omitempty"`
	// Triplets are (subject, relation, object) facts (trimem, gaama).
	Triplets []GoldTriplet `yaml:"triplets,omitempty" json:"triplets,omitempty"`
	// Intents are tags from IntentTaxonomy, "goal:debug", "subtask:diagnose",
	// "action:observe", "entity:postgres" (prism).
	Intents []string `yaml:"intents,omitempty" json:"intents,omitempty"`
	// Path places the turn in a goal → subtask → step hierarchy (hier-path).
	Path *GoldPath `yaml:"path,omitempty" json:"path,omitempty"`
	// Facts are atomic observations stated in the turn (LoCoMo
	// "observation" entries).
	Facts []string `yaml:"facts,omitempty" json:"facts,omitempty"`
}

// Thought types (Thought-Retriever design).
var ThoughtTypes = model.ThoughtTypes

// GoldThought is one gold thought.
type GoldThought struct {
	// ID is unique within the scenario, e.g. "th12".
	ID string `yaml:"id" json:"id"`
	// Type is one of ThoughtTypes.
	Type string `yaml:"type" json:"type"`
	// Content is the thought in one sentence.
	Content string `yaml:"content" json:"content"`
	// Entities named by the thought, lowercase.
	Entities []string `yaml:"entities,omitempty" json:"entities,omitempty"`
	// Parent is the id of the thought this one follows from (an earlier
	// thought in the scenario), or "".
	Parent string `yaml:"parent,omitempty" json:"parent,omitempty"`
	// Confidence in [0, 1]; 0 means unspecified (treated as 0.8).
	Confidence float64 `yaml:"confidence,omitempty" json:"confidence,omitempty"`
}

// Relations is the fixed triplet relation vocabulary shared by gold
// annotations and the triplet strategies (documented in FORMAT.md).
var Relations = model.Relations

// GoldTriplet is one gold (subject, relation, object) fact.
type GoldTriplet struct {
	Subject  string `yaml:"subject" json:"subject"`
	Relation string `yaml:"relation" json:"relation"`
	Object   string `yaml:"object" json:"object"`
	// Condition limits when the fact holds ("when unwell"), or "".
	Condition string `yaml:"condition,omitempty" json:"condition,omitempty"`
}

// Path node kinds, the levels below goal and subtask.
var PathNodeKinds = model.PathNodeKinds

// GoldPath places a turn in the goal → subtask → step hierarchy. Goal and
// Subtask are labels: turns with the same label share the node.
type GoldPath struct {
	Goal    string `yaml:"goal" json:"goal"`
	Subtask string `yaml:"subtask" json:"subtask"`
	// Node is the kind of step this turn is: one of PathNodeKinds.
	Node string `yaml:"node" json:"node"`
	// Outcome is "success", "failure" or "" (not an outcome step).
	Outcome string `yaml:"outcome,omitempty" json:"outcome,omitempty"`
}

// Probe kinds.
const (
	KindSingleHop       = "single-hop"
	KindMultiHop        = "multi-hop"
	KindTemporal        = "temporal"
	KindKnowledgeUpdate = "knowledge-update"
	KindPathReuse       = "path-reuse"
	KindAbstention      = "abstention"
)

// ProbeKinds lists the built-in probe kinds. Importers may add
// dataset-specific kinds through ExtraKinds (e.g. LoCoMo "open-domain").
var ProbeKinds = []string{KindSingleHop, KindMultiHop, KindTemporal, KindKnowledgeUpdate, KindPathReuse, KindAbstention}

// Probe is one question asked after a session.
type Probe struct {
	// ID is unique within the scenario.
	ID string `yaml:"id" json:"id"`
	// Question as the user asks it.
	Question string `yaml:"question" json:"question"`
	// Kind is one of ProbeKinds (or an importer's kind).
	Kind string `yaml:"kind" json:"kind"`
	// Answers are acceptable gold answers; empty for abstention probes.
	Answers []string `yaml:"answers,omitempty" json:"answers,omitempty"`
	// RequiredFacts must appear in a correct answer (fact accuracy); when
	// empty, Answers are used.
	RequiredFacts []string `yaml:"required_facts,omitempty" json:"required_facts,omitempty"`
	// StaleFacts are superseded values; an answer that states one is stale.
	StaleFacts []string `yaml:"stale_facts,omitempty" json:"stale_facts,omitempty"`
	// Evidence are the turn ids that hold the answer.
	Evidence []string `yaml:"evidence,omitempty" json:"evidence,omitempty"`
	// GoldPath are the turn ids of the reusable decision chain (path-reuse).
	GoldPath []string `yaml:"gold_path,omitempty" json:"gold_path,omitempty"`
	// AfterSession is the id of the session after which the probe is asked.
	AfterSession string `yaml:"after_session" json:"after_session"`
	// AskedAt is when the question is asked; default: one minute after the
	// last turn of AfterSession.
	AskedAt When `yaml:"asked_at,omitempty" json:"asked_at"`
	// AdversarialAnswer is a known wrong answer (LoCoMo category 5).
	AdversarialAnswer string `yaml:"adversarial_answer,omitempty" json:"adversarial_answer,omitempty"`
	// Category is the dataset's own numeric category or type, kept for
	// per-category tables ("" for built-in scenarios).
	Category string `yaml:"category,omitempty" json:"category,omitempty"`
	// RetrievalSkip, when set, says why retrieval metrics are unavailable
	// for this probe (e.g. "no valid evidence ids").
	RetrievalSkip string `yaml:"retrieval_skip,omitempty" json:"retrieval_skip,omitempty"`
	// Paraphrase marks gold answers that paraphrase or derive from the
	// evidence (a count, a computed date, an inference) instead of
	// quoting it: CheckGold then does not require their words in the
	// evidence turns.
	Paraphrase bool `yaml:"paraphrase,omitempty" json:"paraphrase,omitempty"`
}

// When is a point in time as written in a scenario file. It accepts
// RFC 3339 ("2026-03-02T09:00:00Z"), "2006-01-02 15:04" and "2006-01-02"
// (both read as UTC). A value that does not parse is kept in Raw with the
// parse error in Err, so the validator can report it with its line.
type When struct {
	time.Time
	Raw string `json:"-"`
	Err error  `json:"-"`
}

// Layouts accepted by When, in the order they are tried.
var WhenLayouts = []string{time.RFC3339, "2006-01-02T15:04", "2006-01-02 15:04:05", "2006-01-02 15:04", "2006-01-02"}

// At returns a When holding t.
func At(t time.Time) When { return When{Time: t} }

// UnmarshalText implements encoding.TextUnmarshaler; it never fails (see When).
func (w *When) UnmarshalText(b []byte) error {
	w.Raw = string(b)
	w.Err = nil
	for _, l := range WhenLayouts {
		if t, err := time.Parse(l, w.Raw); err == nil {
			w.Time = t.UTC()
			return nil
		}
	}
	w.Time = time.Time{}
	w.Err = errBadDate
	return nil
}

// UnmarshalYAML implements go-yaml's NodeUnmarshaler: it reads the
// scalar's text directly (go-yaml's TextUnmarshaler path re-formats the
// whole document for every value, which made loading a file quadratic in
// its number of dates). A value that is not a scalar is an error.
func (w *When) UnmarshalYAML(n ast.Node) error {
	for {
		switch x := n.(type) {
		case *ast.AnchorNode:
			n = x.Value
			continue
		case *ast.TagNode:
			n = x.Value
			continue
		}
		break
	}
	switch x := n.(type) {
	case *ast.NullNode:
		*w = When{}
		return nil
	case ast.ScalarNode:
		return w.UnmarshalText([]byte(fmt.Sprint(x.GetValue())))
	}
	return fmt.Errorf("want a date such as 2026-03-02T09:00:00Z, got a %s", n.Type())
}

// MarshalText implements encoding.TextMarshaler (RFC 3339, UTC).
func (w When) MarshalText() ([]byte, error) {
	if w.IsZero() {
		return []byte(""), nil
	}
	return []byte(w.UTC().Format(time.RFC3339)), nil
}

// Set reports whether the value was given (valid or not).
func (w When) Set() bool { return !w.IsZero() || w.Raw != "" }

// Addressee is the name of the person turn i of the session speaks to: the
// speaker of the nearest earlier turn with a different speaker name, else of
// the nearest later one; "" when the turn has no speaker name or the session
// has one named speaker only.
func (s *Session) Addressee(i int) string {
	me := s.Turns[i].Speaker
	if me == "" {
		return ""
	}
	for j := i - 1; j >= 0; j-- {
		if n := s.Turns[j].Speaker; n != "" && n != me {
			return n
		}
	}
	for j := i + 1; j < len(s.Turns); j++ {
		if n := s.Turns[j].Speaker; n != "" && n != me {
			return n
		}
	}
	return ""
}
