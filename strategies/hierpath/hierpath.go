// Package hierpath is the hier-path strategy: a hierarchical graph memory
// (goal → subtask → step → result → reflection) with path-level
// localization and path rewrite.
//
// Sources: hierarchical working memory with subgoals (Hu et al. 2024,
// "HiAgent: Hierarchical Working Memory Management for Solving Long-Horizon
// Agent Tasks"), relational path retrieval serialized as narrative (Chen et
// al. 2025, "PathRAG: Pruning Graph-based Retrieval Augmented Generation
// with Relational Paths"), reusable successful workflows (Wang et al. 2024,
// "Agent Workflow Memory"), and memory evolution by rewriting stored notes
// (Xu et al. 2025, "A-MEM: Agentic Memory for LLM Agents"); the combination
// and its contracts are memarena's (strategies.Strategy, ARCHITECTURE.md).
//
// Write side. Every turn is placed (request kind locate-path: the shared offline
// model, a real model, or in oracle mode the turn's gold path) under a goal (the
// session's task goal, or the gold goal label), a subtask (stage cues, topic
// shift, or the gold subtask label) and as a step (action, observation,
// decision, reflection). A result (an outcome report, a tool's output) hangs
// under the step it reports on; a reflection under the step before it.
// Small talk and turns without path structure are kept as observation nodes
// under a per-session "notes" subtask of the session's goal, so facts said
// in passing stay retrievable (a conscious choice over skipping them).
// Rewrites (see rewrite.go) are triggered by
//   - failure turns ("that fix did not work", "the venue is closed"): the
//     failed step is marked failed and a reflection (request kind reflect)
//     is inserted after it;
//   - success turns: the step they report on is marked successful;
//   - value changes ("from 70% to 80%", "Canon R6 instead of Nikon D750",
//     "67.9, not 71.2", "shorten the TTL to 60 seconds"; in oracle mode a
//     gold triplet whose subject and relation got a new object): every
//     current node stating the old value in a related sentence is rewritten
//     to the new value (the old version is kept and shown only as
//     superseded history); "go back to X" rolls nodes back to the version
//     that said X;
//   - session end: a summary leaf per finished subtask (request kind
//     summarize; its provenance is every step it summarizes), merging of
//     duplicate subtasks, and registration of successful whole paths in the
//     fast lane.
//
// Read side. Candidate nodes come from a global vector search, from a
// subtree-first search (best goals by subtree centroid, then their best
// subtasks, then the best steps inside), and one hop along related_to
// edges; recursive SQL queries expand them to root-to-leaf paths (depth ≤
// 5, fan-out cap); the fast lane adds whole successful paths matched by
// their own embedding. Paths are scored by similarity (normalized by the
// best candidate's), completeness across levels, recency and the success of
// their subtask (PathScore); for a question about the current state ("…
// now?") paths holding a node rewritten by an update get a small bonus. The
// best 1–3 paths, picked with a redundancy discount, are serialized as a
// narrative "Goal: … → stage: … → decision: … → result: …"; each item
// carries the provenance of every node on its path. Superseded versions are
// shown — marked (superseded) — only for questions about an earlier state
// ("what did we pick at first?"). The paths (and versions) are then fused
// with the raw leaves — every turn with the turn before it, in a
// strategies.RawIndex — by linked reciprocal rank fusion
// (strategies.FuseRaw, structure_weight); a leaf whose turn stated a value
// a rewrite superseded is marked superseded (raw.go).
//
// People: each step records the person it is about (node metadata
// "person"); an update or revert by one named user-side speaker never
// rewrites another's step (raw.go, otherPerson).
//
// Storage: graph.go (SQLite schema, mirror, recursive path queries,
// subtree vector sums kept exactly and incrementally in fixed point);
// terms.go (the term index that finds the nodes an update may rewrite);
// rewrites: rewrite.go (atomic, versioned, audited, reversible); offline
// placement helpers (labels, gold placements, reply sanitizing): place.go;
// knowledge updates: update.go; session end:
// session.go; localization and rendering: localize.go.
package hierpath

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/memarena/memarena/internal/model"
	"github.com/memarena/memarena/internal/nlp"
	"github.com/memarena/memarena/internal/textutil"
	"github.com/memarena/memarena/internal/vecstore"
	"github.com/memarena/memarena/scenarios"
	"github.com/memarena/memarena/strategies"
)

// Name is the registry name.
const Name = "hier-path"

func init() {
	strategies.Register(strategies.Spec{
		Name:    Name,
		Summary: "goal → subtask → step graph in SQLite; path-level localization with recursive queries; atomic, versioned, audited rewrites",
		Source:  "HiAgent (Hu et al. 2024) + PathRAG (Chen et al. 2025) + Agent Workflow Memory (Wang et al. 2024) + A-MEM rewrites (Xu et al. 2025)",
		Params: []strategies.ParamSpec{
			{Name: "paths", Type: strategies.TypeInt, Default: 3, Min: 1, Max: 3,
				Doc: "paths returned per query, best first (1–3)"},
			{Name: "candidates", Type: strategies.TypeInt, Default: 12, Min: 1, Max: 200,
				Doc: "nodes recalled by global vector similarity before path expansion (1–200)"},
			{Name: "fanout", Type: strategies.TypeInt, Default: 4, Min: 1, Max: 32,
				Doc: "children followed per node when expanding a candidate down to its leaves (1–32)"},
			{Name: "half_life", Type: strategies.TypeDuration, Default: "2160h",
				Doc: "half-life of the recency term of the path score (a Go duration; 2160h = 90 days; ≤ 0 turns recency off)"},
			{Name: "summary_words", Type: strategies.TypeInt, Default: 80, Min: 10, Max: 400,
				Doc: "word cap of the summary written for each finished subtask at session end (10–400 words)"},
			{Name: "raw_k", Type: strategies.TypeInt, Default: 50, Min: 0, Max: 100000,
				Doc: "raw leaves (a turn with the turn before it) fetched by vector search per query and fused with the paths by linked reciprocal rank fusion (k = 60); 0 turns the raw channel off"},
			{Name: "structure_weight", Type: strategies.TypeFloat, Default: DefaultStructureWeight, Min: 0, Max: 10,
				Doc: "weight of the selected paths against the raw leaves (weight 1) in the fusion, in [0, 10]"},
		},
		New: func(env strategies.Env, p strategies.Params) (strategies.Strategy, error) {
			return New(env, Config{Paths: p.Int("paths"), Candidates: p.Int("candidates"), Fanout: p.Int("fanout"),
				HalfLife: p.Duration("half_life"), SummaryWords: p.Int("summary_words"),
				RawK: p.Int("raw_k"), StructureWeight: p.Float("structure_weight")})
		},
	})
}

// Config holds the strategy's parameters (see the registry spec for units
// and ranges).
type Config struct {
	// Paths is the number of paths returned per query (1–3).
	Paths int
	// Candidates is the number of nodes recalled by global vector search.
	Candidates int
	// Fanout is the number of children followed per node in path expansion.
	Fanout int
	// HalfLife is the recency half-life of the path score (≤ 0: no decay).
	HalfLife time.Duration
	// SummaryWords caps each subtask summary, in words.
	SummaryWords int
	// RawK is the number of raw leaves fused with the paths (0: no raw
	// channel).
	RawK int
	// StructureWeight is the paths' weight in the fusion with the raw
	// leaves (weight 1), ≥ 0.
	StructureWeight float64
}

// Path score weights: score = WeightSim·similarity + WeightComplete·
// completeness + WeightRecency·recency + WeightSuccess·success, each term in
// [0, 1], so the score is in [0, 1]. Similarity leads; completeness and past
// success favour whole, proven procedures (what path reuse needs); recency
// is light because stale values are handled by rewrites, not by age (set
// on the built-in scenarios in both extraction modes).
const (
	WeightSim      = 0.40
	WeightComplete = 0.30
	WeightRecency  = 0.10
	WeightSuccess  = 0.20
)

// Search and rewrite constants.
const (
	subtreeGoals    = 2    // goals kept by the subtree-first search
	subtreeSubtasks = 3    // subtasks kept inside them
	subtreeSteps    = 4    // steps kept inside each subtask
	relatedHops     = 2    // related_to neighbours added per top hit
	fastLaneHits    = 2    // fast-lane paths matched per query
	mergeSimilarity = 0.85 // subtree cosine at which two subtasks of a goal are duplicates
	maxTargets      = 12   // nodes one update may rewrite
	resultWindow    = 6    // steps looked back for the step a result reports on
	relatedScan     = 16   // newest mentions of an entity looked at for related_to edges
	summaryMaxSteps = 40   // steps (newest) given to one subtask summary
	promptSubtasks  = 20   // subtask labels (newest) listed in a locate-path prompt
	// redundancyPenalty is the score a path loses when every one of its
	// step turns is already covered by a chosen path.
	redundancyPenalty = 0.2
)

// HierPath is the strategy. Not safe for concurrent use (the runner drives
// one instance from one goroutine).
type HierPath struct {
	gold strategies.GoldCount // gold received (extraction: oracle)
	env  strategies.Env
	cfg  Config
	g    *Graph

	fast      *vecstore.Store
	fastPaths map[string]fastEntry
	raw       *strategies.RawIndex // raw leaves (nil when RawK is 0)
	stale     map[string]bool      // turns whose stated value a rewrite superseded
	people    map[string]bool      // user-side speaker names (see otherPerson)

	goals     map[string]int64   // goal label → node
	goalOrder []int64            // goal nodes in creation order
	subtasks  map[string]int64   // goal id + "/" + label → subtask node
	subOrder  map[int64][]int64  // goal → subtasks in creation order
	profiles  map[int64]profile  // subtask → topic
	steps     map[int64][]int64  // subtask → step nodes in order
	notes     map[int64]bool     // notes subtasks
	summaries map[int64]int64    // subtask → summary node
	dirty     map[int64]bool     // subtasks whose summary is missing or stale
	revised   map[int64]bool     // nodes whose content was rewritten
	nodeEnts  map[int64][]string // step → entity keys
	entities  map[string][]int64 // entity key → steps, in order
	lastObj   map[string][]string
	sess      *session
	lastTime  time.Time // newest turn time seen

	failures int
}

type session struct {
	id       string
	goal     int64
	subtask  int64
	notes    int64
	entities map[string]bool
	touched  map[int64]bool // subtasks with steps from this session
	goals    map[int64]bool
	prevText string
}

type fastEntry struct {
	path     []int64
	versions []int
}

// New builds an empty hier-path memory.
func New(env strategies.Env, cfg Config) (*HierPath, error) {
	if env.Embedder == nil || env.Tokenizer == nil {
		return nil, fmt.Errorf("hier-path needs an embedder and a tokenizer")
	}
	if env.Model == nil {
		return nil, fmt.Errorf("hier-path needs a model client (reflections and summaries use it in both extraction modes)")
	}
	if cfg.Paths < 1 || cfg.Candidates < 1 || cfg.Fanout < 1 || cfg.SummaryWords < 1 || cfg.RawK < 0 || !(cfg.StructureWeight >= 0) {
		return nil, fmt.Errorf("hier-path: invalid config %+v", cfg)
	}
	g, err := OpenGraph(context.Background(), env.Embedder)
	if err != nil {
		return nil, err
	}
	var raw *strategies.RawIndex
	if cfg.RawK > 0 {
		raw = strategies.NewRawIndex(env.Embedder, strategies.DefaultRawWindow)
	}
	return &HierPath{env: env, cfg: cfg, g: g, fast: vecstore.New(env.Embedder), fastPaths: map[string]fastEntry{},
		raw: raw, stale: map[string]bool{}, people: map[string]bool{},
		goals: map[string]int64{}, subtasks: map[string]int64{}, subOrder: map[int64][]int64{}, profiles: map[int64]profile{},
		steps: map[int64][]int64{}, notes: map[int64]bool{}, summaries: map[int64]int64{}, dirty: map[int64]bool{},
		revised: map[int64]bool{}, nodeEnts: map[int64][]string{}, entities: map[string][]int64{}, lastObj: map[string][]string{}}, nil
}

// Graph exposes the underlying store (for inspection and tests).
func (h *HierPath) Graph() *Graph { return h.g }

// ExtractionFailures counts model requests that failed for good (placement,
// reflection, summary); the turn was still stored.
func (h *HierPath) ExtractionFailures() int { return h.failures }

func (h *HierPath) oracle() bool { return h.env.Extraction == strategies.ExtractOracle }

// Ingest places the turn, applies the rewrites it triggers and stores it.
func (h *HierPath) Ingest(ctx context.Context, t strategies.Turn) error {
	if t.ID == "" {
		return fmt.Errorf("hier-path: turn without id")
	}
	if h.env.Extraction == strategies.ExtractOracle {
		if h.gold == nil {
			h.gold = strategies.GoldCount{}
		}
		h.gold.Count(t.Gold, strategies.GoldPaths, strategies.GoldTriplets)
	}
	// SQLite's length() stops at a NUL byte; control characters carry no
	// meaning for memory, so they become spaces before anything is stored.
	t.Text = strings.Map(func(r rune) rune {
		if r < 0x20 && r != '\n' && r != '\t' {
			return ' '
		}
		return r
	}, t.Text)
	if strings.TrimSpace(t.Text) == "" {
		return fmt.Errorf("hier-path: turn %s has no text", t.ID)
	}
	if t.Time.IsZero() {
		return fmt.Errorf("hier-path: turn %s has no time", t.ID)
	}
	if t.Time.After(h.lastTime) {
		h.lastTime = t.Time
	}
	if h.sess == nil || h.sess.id != t.SessionID {
		h.sess = &session{id: t.SessionID, entities: map[string]bool{}, touched: map[int64]bool{}, goals: map[int64]bool{}}
	}
	if err := h.keepRaw(ctx, t); err != nil {
		return err
	}
	if err := h.file(ctx, t); err != nil {
		return err
	}
	return h.goldFacts(ctx, t)
}

// file places one turn, applies the rewrites it triggers and stores it as
// a step.
func (h *HierPath) file(ctx context.Context, t strategies.Turn) error {
	p, err := h.place(ctx, t)
	if err != nil {
		return err
	}
	if err := h.applyUpdates(ctx, t, p.Updates); err != nil {
		return err
	}
	if p.Revert != "" {
		if err := h.applyRevert(ctx, t, p.Revert); err != nil {
			return err
		}
	}
	goal, err := h.ensureGoal(ctx, p.Goal, t)
	if err != nil {
		return err
	}
	h.sess.goal = goal
	h.sess.goals[goal] = true
	var sub int64
	if p.ChitChat {
		if sub, err = h.ensureNotes(ctx, goal, t); err != nil {
			return err
		}
	} else {
		if sub, err = h.ensureSubtask(ctx, goal, p.Subtask, t); err != nil {
			return err
		}
		h.sess.subtask = sub
	}
	return h.addStep(ctx, t, p, sub)
}

// place computes the turn's placement: from gold in oracle mode, else via
// the locate-path request (the offline model or a real model). A failed request
// is counted and the turn is kept as a note.
func (h *HierPath) place(ctx context.Context, t strategies.Turn) (Placement, error) {
	defGoal := h.defaultGoal(t)
	if h.oracle() {
		p := placementFromGold(t.Gold)
		if p.Goal == "" {
			p.Goal = defGoal
			if h.sess.goal != 0 {
				p.Goal = h.g.nodes[h.sess.goal].Label
			}
		}
		if t.Gold != nil {
			p.Updates, p.Revert = h.goldUpdates(t.Gold, t.Text, strategies.Person(t))
		}
		return p, nil
	}
	cur, subs := h.currentLabels()
	req := model.Request{Kind: model.KindLocatePath, Role: model.RoleExtractor, Input: model.LocateInput{
		TurnInput: strategies.TurnInput(t), Goal: defGoal, Current: cur, Subtasks: subs, Previous: clip(h.sess.prevText, 300),
		Context: h.subtaskContext()}}
	p, err := model.CallJSON[Placement](ctx, h.env.Model, req)
	if err != nil {
		if !errors.Is(err, model.ErrFailed) {
			return Placement{}, fmt.Errorf("hier-path: locate-path for %s: %w", t.ID, err)
		}
		h.failures++
		return Placement{Goal: defGoal, Node: NodeObservation, ChitChat: true}, nil
	}
	defSub := cur
	if defSub == "" {
		defSub = subtaskLabel(t.Text)
	}
	return sanitize(p, defGoal, defSub), nil
}

func (h *HierPath) currentLabels() (string, []string) {
	cur := ""
	if h.sess.subtask != 0 {
		cur = h.g.nodes[h.sess.subtask].Label
	}
	var subs []string
	if h.sess.goal != 0 {
		for _, s := range h.subOrder[h.sess.goal] {
			if n := h.g.nodes[s]; n.Status == StatusCurrent && !h.notes[s] {
				subs = append(subs, n.Label)
			}
		}
	}
	if len(subs) > promptSubtasks {
		subs = subs[len(subs)-promptSubtasks:]
	}
	return cur, subs
}

// subtaskContext is the content of the current subtask's latest steps
// (at most subtreeSteps, oldest first), clipped, for locate-path.
func (h *HierPath) subtaskContext() []string {
	ids := h.steps[h.sess.subtask]
	if len(ids) > subtreeSteps {
		ids = ids[len(ids)-subtreeSteps:]
	}
	out := make([]string, 0, len(ids))
	for _, id := range ids {
		if n := h.g.nodes[id]; n != nil {
			out = append(out, clip(n.Content, 300))
		}
	}
	return out
}

// defaultGoal is the goal label of a turn without gold: its session's task
// goal, or the session itself when there is no task.
func (h *HierPath) defaultGoal(t strategies.Turn) string {
	if t.Task != "" {
		w := textutil.Words(t.Task)
		if len(w) > 10 {
			w = w[:10]
		}
		return strings.Join(w, "-")
	}
	return "session-" + slug(t.SessionID)
}

// goldUpdates turns the gold triplets of a turn into updates: a triplet
// whose subject and relation had another object before supersedes it
// (FORMAT.md); conditional triplets do not, and neither does a new object
// the turn does not spell out (the rewrite quotes the turn's wording). An
// object that was current before the previous one is a revert. A
// first-person subject ("I", "user") is the turn's person, so two people's
// values never form one history.
func (h *HierPath) goldUpdates(g *scenarios.Gold, text, person string) ([]Update, string) {
	var ups []Update
	revert := ""
	for _, tr := range g.Triplets {
		if tr.Condition != "" {
			continue
		}
		subj := tr.Subject
		if strategies.IsSelfMention(subj) {
			subj = person
		}
		key := nlp.NormalizeEntity(subj) + "|" + tr.Relation
		hist := h.lastObj[key]
		obj := strings.TrimSpace(tr.Object)
		if obj == "" {
			continue
		}
		// The new value must be written in the turn: the rewrite quotes it.
		if n := len(hist); n > 0 && !strings.EqualFold(hist[n-1], obj) && len(findValue(text, obj)) > 0 {
			ups = append(ups, Update{Attribute: tr.Subject, Old: hist[n-1], New: spanIn(text, obj)})
			for _, o := range hist[:n-1] {
				if strings.EqualFold(o, obj) {
					revert = spanIn(text, obj)
				}
			}
		}
		h.lastObj[key] = append(hist, obj)
	}
	return ups, revert
}

// spanIn returns v as written in text (case-insensitive, whole value), or v.
func spanIn(text, v string) string {
	if locs := findValue(text, v); len(locs) > 0 {
		return text[locs[0][0]:locs[0][1]]
	}
	return v
}

func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := n
	for cut > 0 && (s[cut]&0xC0) == 0x80 {
		cut--
	}
	return s[:cut] + "…"
}

// ensureGoal returns the goal node of a label, creating it.
func (h *HierPath) ensureGoal(ctx context.Context, label string, t strategies.Turn) (int64, error) {
	key := slug(label)
	if key == "" {
		key = h.defaultGoal(t)
	}
	if id, ok := h.goals[key]; ok && h.g.nodes[id].Status == StatusCurrent {
		return id, nil
	}
	content := t.Task
	if content == "" {
		content = "Conversation of session " + t.SessionID + " on " + t.SessionStart.UTC().Format("2006-01-02")
	}
	if h.oracle() && !strings.EqualFold(key, h.defaultGoal(t)) {
		content = label + ": " + content
	}
	id, err := h.g.Insert(ctx, NewNode{Kind: NodeGoal, Label: key, Content: content, SessionID: t.SessionID, Time: t.Time}, 0)
	if err != nil {
		return 0, err
	}
	h.goals[key] = id
	h.goalOrder = append(h.goalOrder, id)
	return id, nil
}

// ensureSubtask returns the subtask of a label under goal, creating it.
func (h *HierPath) ensureSubtask(ctx context.Context, goal int64, label string, t strategies.Turn) (int64, error) {
	l := slug(label)
	if l == "" {
		l = subtaskLabel(t.Text)
	}
	key := fmt.Sprint(goal, "/", l)
	if id, ok := h.subtasks[key]; ok && h.g.nodes[id].Status == StatusCurrent {
		return id, nil
	}
	id, err := h.g.Insert(ctx, NewNode{Kind: NodeSubtask, Label: l, Content: strings.ReplaceAll(l, "-", " "),
		TurnIDs: []string{t.ID}, SessionID: t.SessionID, Time: t.Time}, goal)
	if err != nil {
		return 0, err
	}
	h.subtasks[key] = id
	h.subOrder[goal] = append(h.subOrder[goal], id)
	h.profiles[id] = profile{}
	return id, nil
}

// ensureNotes returns the session's notes subtask under goal.
func (h *HierPath) ensureNotes(ctx context.Context, goal int64, t strategies.Turn) (int64, error) {
	if h.sess.notes != 0 && h.g.nodes[h.sess.notes].Parent == goal && h.g.nodes[h.sess.notes].Status == StatusCurrent {
		return h.sess.notes, nil
	}
	l := "notes-" + slug(t.SessionID)
	key := fmt.Sprint(goal, "/", l)
	if id, ok := h.subtasks[key]; ok && h.g.nodes[id].Status == StatusCurrent {
		h.sess.notes = id
		return id, nil
	}
	content := "notes and small talk of session " + t.SessionID + " (" + t.SessionStart.UTC().Format("2006-01-02") + ")"
	id, err := h.g.Insert(ctx, NewNode{Kind: NodeSubtask, Label: l, Content: content, SessionID: t.SessionID, Time: t.Time}, goal)
	if err != nil {
		return 0, err
	}
	h.subtasks[key] = id
	h.subOrder[goal] = append(h.subOrder[goal], id)
	h.profiles[id] = profile{}
	h.notes[id] = true
	h.sess.notes = id
	return id, nil
}

// addStep inserts the turn's step node with its edges and applies the
// outcome rewrites (reflection after a failure, success mark).
func (h *HierPath) addStep(ctx context.Context, t strategies.Turn, p Placement, sub int64) error {
	kind := p.Node
	steps := h.steps[sub]
	var last *Node
	if len(steps) > 0 {
		last = h.g.nodes[steps[len(steps)-1]]
		if last.Status != StatusCurrent {
			last = nil
		}
	}
	var target int64
	if p.Outcome != "" {
		var err error
		if target, err = h.resultTarget(ctx, t, sub); err != nil {
			return err
		}
	}
	parent := sub
	result := false
	switch {
	case target != 0 && kind == NodeObservation:
		parent, result = target, true
	case kind == NodeReflection && last != nil:
		parent = last.ID
	case kind == NodeObservation && t.Role == scenarios.RoleTool && last != nil && last.Kind == NodeAction:
		parent, result = last.ID, true
	}
	if pn := h.g.nodes[parent]; pn.Level >= MaxLevel {
		parent = pn.Parent
	}
	outcome := p.Outcome
	if target != 0 && !result {
		outcome = "" // the outcome belongs to the step it reports on
	}
	ents := nlp.Keys(nlp.Entities(t.Text))
	var edges []Edge
	if last != nil {
		edges = append(edges, Edge{Src: last.ID, Kind: EdgePrecedes, Weight: 1})
	}
	if result && parent != sub {
		edges = append(edges, Edge{Src: parent, Kind: EdgeCauses, Weight: 1})
	}
	edges = append(edges, h.relatedEdges(ents, sub)...)
	id, err := h.g.Insert(ctx, NewNode{Kind: kind, Content: t.Text, Outcome: outcome, TurnIDs: []string{t.ID},
		SessionID: t.SessionID, Time: t.Time, Meta: map[string]string{"role": t.Role, "speaker": strategies.Speaker(t), metaPerson: strategies.Person(t)}}, parent, edges...)
	if err != nil {
		return err
	}
	// A result filed under a step of another subtask belongs to that one.
	home := sub
	if s := h.subtaskOf(id); s != 0 {
		home = s
	}
	h.steps[home] = append(h.steps[home], id)
	h.nodeEnts[id] = ents
	for _, e := range ents {
		h.entities[e] = append(h.entities[e], id)
		h.sess.entities[e] = true
	}
	h.profiles[sub].add(t.Text)
	h.sess.touched[home] = true
	h.sess.prevText = t.Text
	h.dirty[home] = true

	switch {
	case p.Outcome == OutcomeFailure:
		under := id
		if !result && target != 0 {
			under = target
		}
		return h.reflect(ctx, t, target, under, home)
	case p.Outcome == OutcomeSuccess && target != 0 && h.g.nodes[target].Outcome != OutcomeSuccess:
		return h.g.SetOutcome(ctx, target, OutcomeSuccess, t.Time, "success reported by turn "+t.ID, t.ID)
	}
	return nil
}

// relatedEdges links a new step to up to three of the most recent earlier
// steps of other subtasks that share its entities, weighted by the Jaccard
// index of the entity sets. Only the newest relatedScan mentions of each
// entity are looked at, so the cost does not grow with the memory.
func (h *HierPath) relatedEdges(ents []string, sub int64) []Edge {
	if len(ents) == 0 {
		return nil
	}
	var ids []int64
	seen := map[int64]bool{}
	for _, e := range ents {
		list := h.entities[e]
		for i := len(list) - 1; i >= 0 && i >= len(list)-relatedScan; i-- {
			id := list[i]
			if seen[id] {
				continue
			}
			seen[id] = true
			if n := h.g.nodes[id]; n.Status == StatusCurrent && h.subtaskOf(id) != sub {
				ids = append(ids, id)
			}
		}
	}
	sort.Slice(ids, func(i, j int) bool { return ids[i] > ids[j] })
	if len(ids) > 3 {
		ids = ids[:3]
	}
	var out []Edge
	for _, id := range ids {
		out = append(out, Edge{Dst: id, Kind: EdgeRelatedTo, Weight: jaccard(ents, h.nodeEnts[id])})
	}
	return out
}

func jaccard(a, b []string) float64 {
	set := map[string]int{}
	for _, x := range a {
		set[x] |= 1
	}
	for _, x := range b {
		set[x] |= 2
	}
	inter := 0
	for _, v := range set {
		if v == 3 {
			inter++
		}
	}
	if len(set) == 0 {
		return 0
	}
	return float64(inter) / float64(len(set))
}

// subtaskOf returns the level-1 ancestor of a node (0 for a goal).
func (h *HierPath) subtaskOf(id int64) int64 {
	for n := h.g.nodes[id]; n != nil; n = h.g.nodes[n.Parent] {
		if n.Level == 1 {
			return n.ID
		}
		if n.Parent == 0 {
			break
		}
	}
	return 0
}

func (h *HierPath) goalOf(id int64) int64 {
	for n := h.g.nodes[id]; n != nil; n = h.g.nodes[n.Parent] {
		if n.Parent == 0 {
			return n.ID
		}
	}
	return 0
}

// contentOf is a node's content, or "" for an unknown id.
func (h *HierPath) contentOf(id int64) string {
	if n := h.g.nodes[id]; n != nil {
		return n.Content
	}
	return ""
}

func isStep(kind string) bool { return kind == NodeAction || kind == NodeDecision }

// resultTarget finds the step an outcome report is about: the latest action
// or decision among the last resultWindow steps of the subtask, unless a
// step elsewhere is clearly more similar (cosine ≥ 0.3 and 0.2 above);
// without a local step, the most similar action or decision anywhere with
// cosine ≥ 0.25. It returns 0 when there is none. The step elsewhere is the
// best match in the graph's index of steps (Graph.SearchSteps), so the
// search scans the steps, not every node.
func (h *HierPath) resultTarget(ctx context.Context, t strategies.Turn, sub int64) (int64, error) {
	qv, err := h.embed(ctx, t.Text)
	if err != nil {
		return 0, err
	}
	var local int64
	steps := h.steps[sub]
	for i := len(steps) - 1; i >= 0 && i >= len(steps)-resultWindow; i-- {
		if n := h.g.nodes[steps[i]]; n.Status == StatusCurrent && isStep(n.Kind) {
			local = n.ID
			break
		}
	}
	hits, err := h.g.SearchSteps(ctx, qv, 1)
	if err != nil {
		return 0, err
	}
	var best int64
	bestSim := 0.0
	for _, hit := range hits {
		n := h.g.nodes[hit.ID]
		if isStep(n.Kind) && n.Level >= 2 && hit.Score > bestSim+1e-12 {
			best, bestSim = hit.ID, hit.Score
		}
	}
	if local != 0 {
		localSim := cosine(qv, h.g.Vector(local))
		if best != 0 && best != local && bestSim >= 0.3 && bestSim >= localSim+0.2 {
			return best, nil
		}
		return local, nil
	}
	if bestSim >= 0.25 {
		return best, nil
	}
	return 0, nil
}

func (h *HierPath) embed(ctx context.Context, text string) ([]float32, error) {
	vs, err := h.env.Embedder.Embed(ctx, []string{text})
	if err != nil {
		return nil, fmt.Errorf("hier-path: embed: %w", err)
	}
	return vs[0], nil
}

func cosine(a, b []float32) float64 {
	if len(a) != len(b) {
		return 0
	}
	var s float64
	for i := range a {
		s += float64(a[i]) * float64(b[i])
	}
	return s
}

// reflectReply is the reply type of the reflect request.
type reflectReply = model.Reflection

// reflect asks for a reflection on a failed step and inserts it (rewrite
// "insert a reflection after a decision"). A failed request is counted and
// skipped.
func (h *HierPath) reflect(ctx context.Context, t strategies.Turn, stepID, under, sub int64) error {
	stepText := ""
	if stepID != 0 {
		stepText = h.g.nodes[stepID].Content
	}
	req := model.Request{Kind: model.KindReflect, Role: model.RoleExtractor, Input: model.ReflectInput{
		Goal: h.contentOf(h.goalOf(sub)), Subtask: h.contentOf(sub), Step: stepText, Outcome: t.Text}}
	r, err := model.CallJSON[reflectReply](ctx, h.env.Model, req)
	if err != nil {
		if !errors.Is(err, model.ErrFailed) {
			return fmt.Errorf("hier-path: reflect for %s: %w", t.ID, err)
		}
		h.failures++
		return nil
	}
	if strings.TrimSpace(r.Lesson) == "" {
		return nil
	}
	turns := []string{t.ID}
	if stepID != 0 {
		turns = unionIDs(h.g.nodes[stepID].TurnIDs, turns)
	}
	_, err = h.g.InsertReflection(ctx, Reflection{Step: stepID, Under: under, Content: r.Lesson, TurnIDs: turns, SessionID: t.SessionID},
		t.Time, "failure reported by turn "+t.ID, t.ID)
	return err
}

// Footprint counts current nodes, all edges, and stored bytes (contents,
// embeddings, versions, audit log, fast lane, raw channel).
func (h *HierPath) Footprint() strategies.Footprint {
	n, e, b, err := h.g.Size(context.Background())
	if err != nil {
		return strategies.Footprint{Items: len(h.g.vecs)}
	}
	return strategies.Footprint{Items: n, Edges: e, Bytes: b + int64(len(h.fastPaths)*4*h.env.Embedder.Dim()) + h.raw.Bytes()}
}

// Close releases the database.
func (h *HierPath) Close() error { return h.g.Close() }
