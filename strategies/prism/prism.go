// Package prism is PRISM: Pareto-efficient retrieval over intent-aware
// structured memory (memarena's "prism" strategy; see ARCHITECTURE.md).
//
// Write side. Every turn is tagged with intents from the fixed taxonomy
// scenarios.IntentTaxonomy — a goal-level tag, up to two subtask tags, one
// action type and entity tags — by a model.KindTagIntents request (offline:
// the shared offline model, internal/offline; oracle mode: the turn's gold
// intents, no request). In model mode the entities are
// completed by a gazetteer of the entities already in memory, matched in any
// case. An acting turn (user or assistant) and the tool turns that follow it
// form one memory Unit: task id, step id, timestamp, action, action type,
// observation, intent tags, entities, parent step and causal links. A unit
// whose embedding is at least merge_threshold similar to a stored unit is
// merged into it instead of being stored twice (the stored units near
// enough are found through a random-hyperplane LSH index, internal/lsh, and
// scored exactly; mergeTarget) — never into a unit of
// another named person (mergeTarget): consolidation never crosses people;
// the merged unit keeps the
// union of the provenance turn ids and tags and takes the newer wording and
// time. Units are nodes of a temporal-causal graph (an adjacency-list
// gonum graph.Undirected): parent-step edges inside a session, a temporal
// edge from a session's first unit to the previous session's last unit, an
// edge to the latest earlier unit naming each of the unit's entities, and in
// oracle mode edges along gold thought parents.
//
// Read side. The question and the recent context become an IntentQuery
// (model.KindQueryIntent; offline: the shared offline model). Candidates are the units
// sharing a goal, subtask, entity or task tag with it (per tag the 1000 most
// recently tagged, tagCandidates), together with the vector top-n
// (internal/vecstore). Each candidate gets three objectives in
// [0, 1] — relevance (IDF-weighted intent-tag coverage mixed with text
// cosine), recency exp(−λ·Δt) and coherence 1/(1 + mean shortest-path
// distance to the recently active units; the distances of gonum's
// path.DijkstraFrom, kept current edge by edge in breadth-first trees,
// distTree) — and
// top_k candidates are selected by non-dominated sorting with crowding
// distance (ParetoOrder, NSGA-II; listed front by front, most relevant first)
// or, with selection: weighted-sum, by a weighted sum (WeightedOrder). They
// are rendered as "[task, step] action → observation (intents)" lines with
// date and turn-id provenance, most recent first, inside the token budget.
//
// The selected units are fused with the raw observations — every turn with
// the turn before it, in a strategies.RawIndex — by linked reciprocal rank
// fusion (strategies.FuseRaw, structure_weight; raw.go).
//
// PRISM has no supersession mechanism: every item has Status current, and
// an outdated value loses to its correction only through recency and
// relevance.
package prism

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/memarena/memarena/internal/embed"
	"github.com/memarena/memarena/internal/lsh"
	"github.com/memarena/memarena/internal/model"
	"github.com/memarena/memarena/internal/textutil"
	"github.com/memarena/memarena/internal/vecstore"
	"github.com/memarena/memarena/scenarios"
	"github.com/memarena/memarena/strategies"
)

// Selection modes.
const (
	// SelectPareto ranks candidates by non-dominated fronts and crowding
	// distance (ParetoOrder).
	SelectPareto = "pareto"
	// SelectWeighted ranks candidates by the weighted sum of the objectives
	// (WeightedOrder).
	SelectWeighted = "weighted-sum"
)

// activeFallback is the number of most recently written units treated as
// "recently active" when none of Query.Recent's turns is in memory.
const activeFallback = 5

func init() {
	strategies.Register(strategies.Spec{
		Name:    "prism",
		Summary: "intent-tagged memory units; relevance × recency × causal-graph coherence; Pareto fronts + crowding",
		Source:  "PRISM: Pareto-efficient retrieval over intent-aware structured memory; NSGA-II sorting and crowding, Deb et al. 2002; Jensen 2003 / Fortin et al. 2013 non-dominated sort",
		Params: []strategies.ParamSpec{
			{Name: "selection", Type: strategies.TypeString, Default: SelectPareto, Enum: []string{SelectPareto, SelectWeighted},
				Doc: "how candidates are ranked: pareto (non-dominated fronts, then crowding distance) or weighted-sum (w_relevance·relevance + w_recency·recency + w_coherence·coherence)"},
			{Name: "top_k", Type: strategies.TypeInt, Default: 10, Min: 1, Max: 1000, Doc: "units selected per query before packing into the budget"},
			{Name: "vector_top_n", Type: strategies.TypeInt, Default: 30, Min: 1, Max: 100000, Doc: "units added to the candidates by vector search (cosine top-n)"},
			{Name: "recency_lambda", Type: strategies.TypeFloat, Default: 0.1, Min: 0, Max: 100, Doc: "recency decay rate λ per day of scenario time in exp(−λ·Δt); 0.1 halves every 6.9 days, 0 disables decay"},
			{Name: "intent_weight", Type: strategies.TypeFloat, Default: 0.3, Min: 0, Max: 1, Doc: "share of relevance from intent-tag coverage (the rest is text cosine), in [0, 1]"},
			{Name: "merge_threshold", Type: strategies.TypeFloat, Default: 0.9, Min: 0.5, Max: 1, Doc: "cosine similarity in [0.5, 1] at or above which a new unit merges into the most similar stored unit; 1 merges only identical vectors"},
			{Name: "w_relevance", Type: strategies.TypeFloat, Default: 0.8, Min: 0, Max: 1, Doc: "weight of relevance in weighted-sum selection, in [0, 1]"},
			{Name: "w_recency", Type: strategies.TypeFloat, Default: 0.1, Min: 0, Max: 1, Doc: "weight of recency in weighted-sum selection, in [0, 1]"},
			{Name: "w_coherence", Type: strategies.TypeFloat, Default: 0.1, Min: 0, Max: 1, Doc: "weight of coherence in weighted-sum selection, in [0, 1]"},
			{Name: "raw_k", Type: strategies.TypeInt, Default: 50, Min: 0, Max: 100000,
				Doc: "raw observations (a turn with the turn before it) fetched by vector search per query and fused with the selected units by linked reciprocal rank fusion (k = 60); 0 turns the raw channel off"},
			{Name: "structure_weight", Type: strategies.TypeFloat, Default: DefaultStructureWeight, Min: 0, Max: 10,
				Doc: "weight of the selected units against the raw observations (weight 1) in the fusion, in [0, 10]"},
		},
		New: func(env strategies.Env, p strategies.Params) (strategies.Strategy, error) {
			cfg := Config{
				Selection:       p.String("selection"),
				TopK:            p.Int("top_k"),
				VectorTopN:      p.Int("vector_top_n"),
				RecencyLambda:   p.Float("recency_lambda"),
				IntentWeight:    p.Float("intent_weight"),
				MergeThreshold:  p.Float("merge_threshold"),
				Weights:         Objectives{p.Float("w_relevance"), p.Float("w_recency"), p.Float("w_coherence")},
				RawK:            p.Int("raw_k"),
				StructureWeight: p.Float("structure_weight"),
			}
			return New(env, cfg)
		},
	})
}

// Config holds PRISM's parameters (see the registered ParamSpecs for units
// and ranges).
type Config struct {
	// Selection is SelectPareto or SelectWeighted.
	Selection string
	// TopK is the number of units selected per query (≥ 1).
	TopK int
	// VectorTopN is the number of vector-search hits added to the
	// candidates (≥ 1).
	VectorTopN int
	// RecencyLambda is λ of exp(−λ·Δt), per day of scenario time (≥ 0).
	RecencyLambda float64
	// IntentWeight is the share of relevance from intent-tag coverage, in
	// [0, 1].
	IntentWeight float64
	// MergeThreshold is the cosine similarity, in [0.5, 1], from which a new
	// unit merges into the most similar stored one.
	MergeThreshold float64
	// Weights of relevance, recency and coherence for weighted-sum
	// selection (each ≥ 0, not all 0).
	Weights Objectives
	// RawK is the number of raw observations fused with the selected units
	// (0: no raw channel).
	RawK int
	// StructureWeight is the selected units' weight in the fusion with the
	// raw observations (weight 1), ≥ 0.
	StructureWeight float64
}

// Unit is one PRISM memory unit: an acting turn and its observations.
type Unit struct {
	// ID is "u" + a 6-digit sequence number in write order ("u000007").
	ID string
	// TaskID names the task: a slug of the session's task goal
	// ("pick-database-orders-service"), or "session-<id>" without a task.
	TaskID string
	// Step is the 1-based position of the unit in its task.
	Step int
	// Time is the scenario time of the unit's latest turn.
	Time time.Time
	// Action is the acting turn as "Speaker: text".
	Action string
	// ActionType is the action facet value of the acting turn.
	ActionType string
	// Observation is the following tool turns, "Speaker: text" joined by
	// " / ", or "".
	Observation string
	// Intents are the sorted goal, subtask and action tags.
	Intents []string
	// Entities are the sorted entity slugs.
	Entities []string
	// Person is whom the unit is about: the acting turn's person
	// (strategies.Person). Units of two named people never merge.
	Person string
	// Parent is the ID of the previous step of the same session, or "".
	Parent string
	// Causes are the IDs of the other units this one links to in the
	// temporal-causal graph (previous session's last unit, latest earlier
	// unit per entity, gold thought parents), sorted.
	Causes []string
	// TurnIDs is the provenance, in write order (merges append).
	TurnIDs []string

	vec  []float32
	ref  vecstore.Ref    // the unit's row in the vector store (merge checks)
	tags map[string]bool // intents ∪ entity:<form> ∪ task:<id>
}

// draft is a unit being assembled: an acting turn and its tool turns.
type draft struct {
	turns    []strategies.Turn
	intents  map[string]bool
	action   string
	entities map[string]bool
}

// Prism is the strategy. It is not safe for concurrent use (the runner drives
// one instance from one goroutine).
type Prism struct {
	gold   strategies.GoldCount // gold received (extraction: oracle)
	env    strategies.Env
	cfg    Config
	oracle bool

	store *vecstore.Store
	raw   *strategies.RawIndex // raw observations (nil when RawK is 0)
	g     *causalGraph
	edges int
	units []*Unit
	byID  map[string]int

	seen         map[string]bool // turn ids ingested
	people       map[string]bool // user-side speaker names (samePerson)
	byTurn       map[string]int  // turn id → unit index
	tagIndex     map[string][]int
	entityLast   map[string]int      // entity form → latest unit naming it
	entityWords  map[string][]string // entity slug → its words (the gazetteer)
	entityPhrase map[string][]string // an entity's words joined by " " → the slugs with those words (gazetteer index)
	phraseLens   map[string][]int    // first word of an entity → the distinct word counts of the entities it starts, ascending
	thoughtUnit  map[string]int
	tasks        map[string]string // task goal → task id
	taskUsed     map[string]bool
	steps        map[string]int // task id → last step

	pending         *draft
	session         string
	sessionLast     int // last unit of the current session, -1 if none
	prevSessionLast int // last unit of the previous session, -1 if none
	prevText        string

	failures int

	// merge indexes the unit vectors for the merge check (nil until the
	// first unit, and for good when noMergeIndex: the threshold is too low
	// for it; see mergeTarget).
	merge        *lsh.Index
	noMergeIndex bool

	// latest is the latest unit time (a question without a time is asked
	// then).
	latest time.Time

	// dist holds the shortest-path distances from recently active units,
	// kept current as edges are added (distTree).
	dist treeCache
}

// New builds a PRISM instance. env needs a Model, an Embedder and a
// Tokenizer; env.Extraction must be "", ExtractModel or ExtractOracle.
// Invalid configuration values are errors.
func New(env strategies.Env, cfg Config) (*Prism, error) {
	switch {
	case env.Model == nil:
		return nil, errors.New("prism needs a model client (env.Model)")
	case env.Embedder == nil:
		return nil, errors.New("prism needs an embedder (env.Embedder)")
	case env.Tokenizer == nil:
		return nil, errors.New("prism needs a tokenizer (env.Tokenizer)")
	}
	if env.Extraction != "" && env.Extraction != strategies.ExtractModel && env.Extraction != strategies.ExtractOracle {
		return nil, fmt.Errorf("unknown extraction mode %q", env.Extraction)
	}
	if cfg.Selection != SelectPareto && cfg.Selection != SelectWeighted {
		return nil, fmt.Errorf("selection %q: want %s or %s", cfg.Selection, SelectPareto, SelectWeighted)
	}
	if cfg.TopK < 1 || cfg.VectorTopN < 1 {
		return nil, fmt.Errorf("top_k %d and vector_top_n %d must be ≥ 1", cfg.TopK, cfg.VectorTopN)
	}
	if !(cfg.RecencyLambda >= 0) || !(cfg.IntentWeight >= 0 && cfg.IntentWeight <= 1) || !(cfg.MergeThreshold >= 0.5 && cfg.MergeThreshold <= 1) {
		return nil, fmt.Errorf("recency_lambda %v must be ≥ 0, intent_weight %v in [0, 1], merge_threshold %v in [0.5, 1]",
			cfg.RecencyLambda, cfg.IntentWeight, cfg.MergeThreshold)
	}
	if cfg.RawK < 0 || !(cfg.StructureWeight >= 0) {
		return nil, fmt.Errorf("raw_k %d and structure_weight %v must be ≥ 0", cfg.RawK, cfg.StructureWeight)
	}
	if cfg.Selection == SelectWeighted {
		if _, _, err := WeightedOrder(nil, cfg.Weights); err != nil {
			return nil, fmt.Errorf("weighted-sum selection: %w", err)
		}
	}
	var raw *strategies.RawIndex
	if cfg.RawK > 0 {
		raw = strategies.NewRawIndex(env.Embedder, strategies.DefaultRawWindow)
	}
	return &Prism{
		env: env, cfg: cfg, oracle: env.Extraction == strategies.ExtractOracle, raw: raw,
		store: vecstore.New(env.Embedder), g: newGraph(), byID: map[string]int{},
		seen: map[string]bool{}, people: map[string]bool{}, byTurn: map[string]int{}, tagIndex: map[string][]int{},
		entityLast: map[string]int{}, entityWords: map[string][]string{}, entityPhrase: map[string][]string{}, phraseLens: map[string][]int{}, thoughtUnit: map[string]int{},
		tasks: map[string]string{}, taskUsed: map[string]bool{}, steps: map[string]int{},
		sessionLast: -1, prevSessionLast: -1,
	}, nil
}

// Units returns the stored units in write order (for inspection and tests;
// the slice and units must not be modified).
func (p *Prism) Units() []*Unit { return p.units }

// Failures is the number of model requests that failed for good (tagging or
// query parsing); PRISM continues without their result.
func (p *Prism) Failures() int { return p.failures }

// ingest tags the turn and adds it to memory: a tool turn joins the pending
// unit as its observation, any other turn closes the pending unit (merging or
// storing it) and opens a new one. A turn without an id or with an id seen
// before is an error.
func (p *Prism) ingest(ctx context.Context, t strategies.Turn) error {
	if t.ID == "" {
		return errors.New("prism: turn without an id")
	}
	if p.seen[t.ID] {
		return fmt.Errorf("prism: turn %s ingested twice", t.ID)
	}
	if p.env.Extraction == strategies.ExtractOracle {
		if p.gold == nil {
			p.gold = strategies.GoldCount{}
		}
		p.gold.Count(t.Gold, strategies.GoldIntents, strategies.GoldThoughts)
	}
	if t.SessionID != p.session {
		if err := p.finalize(ctx); err != nil {
			return err
		}
		p.closeSession()
		p.session = t.SessionID
	}
	p.seen[t.ID] = true
	p.notePerson(t)
	if err := p.keepRaw(ctx, t); err != nil {
		return err
	}
	observation := t.Role == scenarios.RoleTool && p.pending != nil
	if !observation {
		// Close the pending unit first, so that its entities are in the
		// gazetteer when this turn is tagged.
		if err := p.finalize(ctx); err != nil {
			return err
		}
	}
	intents, action, entities, err := p.tag(ctx, t)
	if err != nil {
		return err
	}
	line := strategies.Speaker(t) + ": " + t.Text
	defer func() { p.prevText = line }()
	if observation {
		d := p.pending
		d.turns = append(d.turns, t)
		for _, tag := range intents {
			if !strings.HasPrefix(tag, "action:") {
				d.intents[tag] = true
			}
		}
		for _, e := range entities {
			d.entities[e] = true
		}
		return nil
	}
	d := &draft{turns: []strategies.Turn{t}, intents: map[string]bool{}, action: action, entities: map[string]bool{}}
	for _, tag := range intents {
		d.intents[tag] = true
	}
	for _, e := range entities {
		d.entities[e] = true
	}
	p.pending = d
	return nil
}

// EndSession closes the pending unit; the next session's first unit links to
// this session's last one.
func (p *Prism) EndSession(ctx context.Context, _ strategies.SessionInfo) error {
	if err := p.finalize(ctx); err != nil {
		return err
	}
	p.closeSession()
	p.session = ""
	return nil
}

func (p *Prism) closeSession() {
	if p.sessionLast >= 0 {
		p.prevSessionLast = p.sessionLast
	}
	p.sessionLast = -1
	p.prevText = ""
}

// tag returns the turn's intent tags, action type and entity slugs: the gold
// intents in oracle mode, else a KindTagIntents request. A failed request is
// counted and gives a turn tagged only "action:inform".
func (p *Prism) tag(ctx context.Context, t strategies.Turn) ([]string, string, []string, error) {
	if p.oracle {
		i, a, e := goldTags(t.Gold)
		return i, a, e, nil
	}
	req := model.Request{Kind: model.KindTagIntents, Role: model.RoleExtractor, Input: model.TagInput{TurnInput: strategies.TurnInput(t), Previous: p.prevText}}
	tags, err := model.CallJSON[Tags](ctx, p.env.Model, req)
	if err != nil {
		if errors.Is(err, model.ErrFailed) {
			p.failures++
			return []string{"action:inform"}, "inform", nil, nil
		}
		return nil, "", nil, fmt.Errorf("prism: tagging turn %s: %w", t.ID, err)
	}
	i, a, e := cleanTags(tags)
	return i, a, p.gazetteer(t.Text, e), nil
}

// gazetteer adds to entities (sorted slugs) the entities already in memory
// whose words occur in text, whatever their case: "chi" in a later turn is
// the entity "Chi" named before. Memory thus grows its own entity
// dictionary, so an entity capitalized once is found in every later
// lowercase mention. Returns a sorted, de-duplicated list.
func (p *Prism) gazetteer(text string, entities []string) []string {
	words := textutil.Words(text)
	set := map[string]bool{}
	for _, e := range entities {
		set[e] = true
	}
	// The entities are indexed by their word sequence: at each word, the
	// runs of the lengths of the entities that start with it are looked up,
	// so the cost grows with the text, not with the entities in memory.
	for i, w := range words {
		for _, n := range p.phraseLens[w] {
			if i+n > len(words) {
				break
			}
			for _, e := range p.entityPhrase[strings.Join(words[i:i+n], " ")] {
				set[e] = true
			}
		}
	}
	return sortedKeys(set)
}

// taskID returns the id of the task with goal (registering it), or
// "session-<sid>" when goal is empty.
func (p *Prism) taskID(goal, sid string) string {
	goal = strings.TrimSpace(goal)
	if goal == "" {
		return "session-" + sid
	}
	if id, ok := p.tasks[goal]; ok {
		return id
	}
	var ws []string
	for _, w := range textutil.Words(goal) {
		if !textutil.IsStopword(w) && len(ws) < 4 {
			ws = append(ws, w)
		}
	}
	base := strings.Join(ws, "-")
	if base == "" {
		base = "task"
	}
	id := base
	for n := 2; p.taskUsed[id]; n++ {
		id = fmt.Sprintf("%s-%d", base, n)
	}
	p.tasks[goal], p.taskUsed[id] = id, true
	return id
}

// finalize closes the pending draft: it embeds it, merges it into the most
// similar unit when the cosine similarity reaches merge_threshold, or stores
// it as a new unit, then links it in the graph and indexes its tags.
func (p *Prism) finalize(ctx context.Context) error {
	d := p.pending
	if d == nil {
		return nil
	}
	p.pending = nil
	t0 := d.turns[0]
	action := strategies.Speaker(t0) + ": " + t0.Text
	var obs []string
	ids := make([]string, len(d.turns))
	at := t0.Time
	for i, t := range d.turns {
		ids[i] = t.ID
		if i > 0 {
			obs = append(obs, strategies.Speaker(t)+": "+t.Text)
		}
		if t.Time.After(at) {
			at = t.Time
		}
	}
	observation := strings.Join(obs, " / ")
	text := action
	if observation != "" {
		text += "\n" + observation
	}
	vecs, err := p.env.Embedder.Embed(ctx, []string{text})
	if err != nil {
		return fmt.Errorf("prism: embedding unit of %s: %w", t0.ID, err)
	}
	vec := vecs[0]
	taskID := p.taskID(t0.Task, t0.SessionID)
	p.steps[taskID]++
	person := strategies.Person(t0)
	hit, code, err := p.mergeTarget(ctx, vec, person)
	if err != nil {
		return err
	}
	var u *Unit
	idx := -1
	if hit != "" {
		idx = p.byID[hit]
		u = p.units[idx]
		u.TurnIDs = append(u.TurnIDs, ids...)
		if at.After(u.Time) {
			u.Time = at
		}
	} else {
		idx = len(p.units)
		u = &Unit{ID: fmt.Sprintf("u%06d", idx), TurnIDs: ids, Time: at, Person: person, tags: map[string]bool{}}
		p.units = append(p.units, u)
		p.byID[u.ID] = idx
		p.g.addNode()
	}
	if u.Time.After(p.latest) {
		p.latest = u.Time
	}
	// The newer occurrence gives the wording, place and action type.
	u.TaskID, u.Step, u.Action, u.Observation, u.ActionType, u.vec = taskID, p.steps[taskID], action, observation, d.action, vec
	u.Intents = union(u.Intents, sortedKeys(d.intents))
	u.Entities = union(u.Entities, sortedKeys(d.entities))
	if err := p.store.AddVector(ctx, u.ID, vec, text, nil); err != nil {
		return err
	}
	if ref, ok := p.store.Ref(u.ID); ok {
		u.ref = ref
	} else {
		u.ref = vecstore.Ref{ID: u.ID} // no row (zero vector): found by id
	}
	if p.merge != nil {
		p.merge.Add(idx, code)
	}
	for _, id := range ids {
		p.byTurn[id] = idx
	}
	// Graph links.
	u.Parent = ""
	if p.sessionLast >= 0 && p.sessionLast != idx {
		u.Parent = p.units[p.sessionLast].ID
		p.link(idx, p.sessionLast)
	} else if p.sessionLast < 0 && p.prevSessionLast >= 0 && p.prevSessionLast != idx {
		p.cause(u, idx, p.prevSessionLast)
	}
	var forms []string
	for _, e := range u.Entities {
		forms = append(forms, entityForms(e)...)
	}
	slices.Sort(forms)
	forms = slices.Compact(forms)
	for _, f := range forms {
		if j, ok := p.entityLast[f]; ok && j != idx {
			p.cause(u, idx, j)
		}
		p.entityLast[f] = idx
	}
	for _, e := range u.Entities {
		if _, ok := p.entityWords[e]; !ok {
			ws := textutil.Words(strings.ReplaceAll(e, "-", " "))
			p.entityWords[e] = ws
			if len(ws) > 0 {
				key := strings.Join(ws, " ")
				p.entityPhrase[key] = append(p.entityPhrase[key], e)
				lens := p.phraseLens[ws[0]]
				if k, found := slices.BinarySearch(lens, len(ws)); !found {
					p.phraseLens[ws[0]] = slices.Insert(lens, k, len(ws))
				}
			}
		}
	}
	if p.oracle {
		for _, t := range d.turns {
			if t.Gold == nil {
				continue
			}
			for _, th := range t.Gold.Thoughts {
				if j, ok := p.thoughtUnit[th.Parent]; ok && th.Parent != "" && j != idx {
					p.cause(u, idx, j)
				}
			}
			for _, th := range t.Gold.Thoughts {
				p.thoughtUnit[th.ID] = idx
			}
		}
	}
	// Tag index.
	tags := slices.Clone(u.Intents)
	for _, f := range forms {
		tags = append(tags, "entity:"+f)
	}
	tags = append(tags, "task:"+taskID)
	for _, tag := range tags {
		if !u.tags[tag] {
			u.tags[tag] = true
			p.tagIndex[tag] = append(p.tagIndex[tag], idx)
		}
	}
	p.sessionLast = idx
	return nil
}

// link adds the undirected edge a–b once (no self loops).
func (p *Prism) link(a, b int) bool {
	if !p.g.setEdge(int64(a), int64(b)) {
		return false
	}
	p.edges++
	p.dist.addEdge(p.g, int64(a), int64(b))
	return true
}

// cause links unit idx to unit j and records j among u's causal links.
func (p *Prism) cause(u *Unit, idx, j int) {
	p.link(idx, j)
	id := p.units[j].ID
	if id == u.Parent {
		return
	}
	if k, found := slices.BinarySearch(u.Causes, id); !found {
		u.Causes = slices.Insert(u.Causes, k, id)
	}
}

func union(a, b []string) []string {
	out := append(slices.Clone(a), b...)
	slices.Sort(out)
	return slices.Compact(out)
}

// queryIntent derives the structured query: a KindQueryIntent request over
// the question, the task goal and the recent turns. A failed request is
// counted and gives an empty query (text-only relevance).
func (p *Prism) queryIntent(ctx context.Context, q strategies.Query) (IntentQuery, error) {
	iq, failed, err := strategies.ReadQuestion(ctx, p.env.Model, q)
	if err != nil {
		return IntentQuery{}, fmt.Errorf("prism: %w", err)
	}
	if failed {
		p.failures++
	}
	return iq, nil
}

// targets turns an IntentQuery into the set of target tags: valid goal and
// subtask intents, the action type, entity slugs (those the query names, as
// entities or as "entity:" intents, plus
// the known entities whose words occur in the question) and the task scope
// when it names a known task. Sorted.
func (p *Prism) targets(iq IntentQuery, question string) []string {
	set := map[string]bool{}
	for _, tag := range iq.Intents {
		tag = strings.ToLower(strings.TrimSpace(tag))
		facet, value, _ := strings.Cut(tag, ":")
		switch {
		case (facet == "goal" || facet == "subtask") && scenarios.CheckIntent(tag) == "":
			set[tag] = true
		case facet == "entity":
			iq.Entities = append(iq.Entities, value) // a model may list entities as tags
		}
	}
	if a := strings.ToLower(strings.TrimSpace(iq.ActionType)); a != "" && valid("action", a) {
		set["action:"+a] = true
	}
	for _, e := range slugs(iq.Entities) {
		set["entity:"+e] = true
	}
	for _, e := range p.gazetteer(question, nil) {
		set["entity:"+e] = true
	}
	if id, ok := p.tasks[strings.TrimSpace(iq.Task)]; ok {
		set["task:"+id] = true
	}
	return sortedKeys(set)
}

// candidate is one unit scored for a query.
type candidate struct {
	idx int
	obj Objectives
}

// Retrieve ranks memory units for q and packs the best top_k into q.Budget:
// Items are best first (see the package doc), each a unit with its turn ids,
// and Context holds exactly their lines. An empty memory or a budget ≤ 0
// gives an empty Recall. A failed query-intent request is counted
// (Failures) and retrieval goes on without intents; other model, embedder
// or store errors are returned.
func (p *Prism) Retrieve(ctx context.Context, q strategies.Query) (strategies.Recall, error) {
	if err := p.finalize(ctx); err != nil {
		return strategies.Recall{}, err
	}
	if q.Budget <= 0 || len(p.units) == 0 {
		return strategies.Recall{}, nil
	}
	items, err := p.selectUnits(ctx, q)
	if err != nil {
		return strategies.Recall{}, err
	}
	if items, err = p.fuseRaw(ctx, q.Question, items); err != nil {
		return strategies.Recall{}, err
	}
	return p.pack(items, q.Budget), nil
}

// selectUnits is PRISM's own retrieval: the top_k units for q, best first
// (see Retrieve).
func (p *Prism) selectUnits(ctx context.Context, q strategies.Query) ([]strategies.Item, error) {
	iq, err := p.queryIntent(ctx, q)
	if err != nil {
		return nil, err
	}
	targets := p.targets(iq, q.Question)
	vecs, err := p.env.Embedder.Embed(ctx, []string{q.Question})
	if err != nil {
		return nil, fmt.Errorf("prism: embedding question: %w", err)
	}
	qvec := vecs[0]
	cands, err := p.candidates(ctx, qvec, targets)
	if err != nil {
		return nil, err
	}
	asked := q.AskedAt
	if asked.IsZero() {
		asked = p.latest
	}
	scored := p.score(cands, qvec, targets, asked, p.active(q.Recent))
	if len(scored) == 0 {
		return nil, nil
	}
	pts := make([]Objectives, len(scored))
	for i, c := range scored {
		pts[i] = c.obj
	}
	var order []int
	score := make([]float64, len(pts))
	if p.cfg.Selection == SelectWeighted {
		order, score, err = WeightedOrder(pts, p.cfg.Weights)
	} else {
		var r Ranking
		r, err = ParetoOrder(pts)
		order = r.Order
		for i, f := range r.Rank {
			score[i] = 1 / float64(1+f)
		}
		if len(order) > p.cfg.TopK {
			order = order[:p.cfg.TopK]
		}
		// The NSGA-II order selects the set (whole fronts, the most crowded-
		// apart points of the last one). Within a front no member is better
		// than another, and crowding measures diversity, not quality, so the
		// selected units are listed front by front, most relevant first
		// (index order is relevance, then unit ID).
		rank := r.Rank
		slices.SortFunc(order, func(a, b int) int {
			if rank[a] != rank[b] {
				return rank[a] - rank[b]
			}
			return a - b
		})
	}
	if err != nil {
		return nil, err
	}
	if len(order) > p.cfg.TopK {
		order = order[:p.cfg.TopK]
	}
	items := make([]strategies.Item, len(order))
	for k, i := range order {
		u := p.units[scored[i].idx]
		items[k] = strategies.Item{ID: u.ID, Text: Render(u), Score: score[i], Kind: strategies.KindUnit,
			TurnIDs: slices.Clone(u.TurnIDs), Time: u.Time}
	}
	return items, nil
}

// tagCandidates caps the units one target tag recalls as candidates: the
// tagCandidates units most recently given the tag (posting lists are in the
// order tags are given). A rare tag (an entity, a task) recalls all its
// units; a tag on a large share of a big memory ("goal:plan" on thousands
// of units) recalls its newest ones, and older units carrying it still come
// in through the vector top-n or another, rarer tag. Memories of up to
// tagCandidates units are unaffected.
const tagCandidates = 1000

// candidates returns the indices (ascending) of the units that share a goal,
// subtask, entity or task tag with the targets (at most tagCandidates per
// tag, the most recently tagged), together with the vector top-n units with
// a positive similarity.
func (p *Prism) candidates(ctx context.Context, qvec []float32, targets []string) ([]int, error) {
	mark := map[int]bool{}
	for _, tag := range targets {
		if strings.HasPrefix(tag, "action:") {
			continue // the action type scores relevance but does not recall
		}
		post := p.tagIndex[tag]
		if len(post) > tagCandidates {
			post = post[len(post)-tagCandidates:]
		}
		for _, i := range post {
			mark[i] = true
		}
	}
	hits, err := p.store.QueryVector(ctx, qvec, p.cfg.VectorTopN, nil)
	if err != nil {
		return nil, err
	}
	for _, h := range hits {
		if i, ok := p.byID[h.ID]; ok && h.Score > 0 {
			mark[i] = true
		}
	}
	out := make([]int, 0, len(mark))
	for i := range mark {
		out = append(out, i)
	}
	slices.Sort(out)
	return out, nil
}

// active returns the recently active units: those holding a turn of recent,
// in order of first appearance, or the activeFallback most recently written
// units when none does.
func (p *Prism) active(recent []strategies.Turn) []int64 {
	var out []int64
	seen := map[int]bool{}
	for _, t := range recent {
		if i, ok := p.byTurn[t.ID]; ok && !seen[i] {
			seen[i] = true
			out = append(out, int64(i))
		}
	}
	if len(out) > 0 {
		return out
	}
	for i := len(p.units) - 1; i >= 0 && len(out) < activeFallback; i-- {
		out = append(out, int64(i))
	}
	return out
}

// score computes the three objectives of each candidate and returns the
// candidates with positive relevance sorted by relevance descending, then
// unit ID — the stable key the selection breaks ties with.
//
//   - relevance = (1 − β)·max(0, cos(question, unit)) + β·coverage, with
//     β = intent_weight and coverage the IDF-weighted share of the target
//     tags T the unit carries: Σ_{t∈T∩U} idf(t) / Σ_{t∈T} idf(t), where
//     idf(t) = ln(1 + N/df(t)) over the N stored units, df(t) of which carry
//     t (a target no unit carries has df = 1, the largest weight). A tag on
//     most units ("goal:book" in a travel memory) thus counts less than a
//     rare entity (Sparck Jones 1972, inverse document frequency). When T is
//     empty, relevance is the cosine alone.
//   - recency = Recency(unit time, asked, recency_lambda).
//   - coherence = Coherence(graph, active, unit).
func (p *Prism) score(cands []int, qvec []float32, targets []string, asked time.Time, active []int64) []candidate {
	beta := p.cfg.IntentWeight
	if len(targets) == 0 {
		beta = 0
	}
	idf := make([]float64, len(targets))
	total := 0.0
	for k, t := range targets {
		df := max(1, len(p.tagIndex[t]))
		idf[k] = math.Log(1 + float64(len(p.units))/float64(df))
		total += idf[k]
	}
	var out []candidate
	for _, i := range cands {
		u := p.units[i]
		cos := math.Max(0, embed.Cosine(qvec, u.vec))
		cover := 0.0
		for k, t := range targets {
			if u.tags[t] {
				cover += idf[k]
			}
		}
		if total > 0 {
			cover /= total
		}
		rel := (1-beta)*cos + beta*cover
		if rel <= 0 {
			continue
		}
		out = append(out, candidate{idx: i, obj: Objectives{rel, Recency(u.Time, asked, p.cfg.RecencyLambda), 0}})
	}
	nodes := make([]int64, len(out))
	for k, c := range out {
		nodes[k] = int64(c.idx)
	}
	for k, c := range coherenceFrom(p.trees(active), nodes) {
		out[k].obj[2] = c
	}
	slices.SortStableFunc(out, func(a, b candidate) int {
		if a.obj[0] != b.obj[0] {
			if a.obj[0] > b.obj[0] {
				return -1
			}
			return 1
		}
		return strings.Compare(p.units[a.idx].ID, p.units[b.idx].ID)
	})
	return out
}

// trees returns the shortest-path trees of the active units over the
// temporal-causal graph, as Coherence computes them (path.DijkstraFrom with
// unit costs): a kept tree (treeCache, updated on every new edge) or a
// breadth-first search for a unit that has none. Active ids not in the
// graph are skipped.
func (p *Prism) trees(active []int64) []*distTree {
	var out []*distTree
	for _, a := range active {
		if p.g.Node(a) == nil {
			continue
		}
		out = append(out, p.dist.get(p.g, a))
	}
	return out
}

// Render is a unit's text as placed in the context:
// "[task, step N] action → observation (goal:… subtask:… action:…)"; without
// an observation the arrow part is left out.
func Render(u *Unit) string {
	var b strings.Builder
	fmt.Fprintf(&b, "[%s, step %d] %s", u.TaskID, u.Step, u.Action)
	if u.Observation != "" {
		b.WriteString(" → ")
		b.WriteString(u.Observation)
	}
	var tags []string
	for _, facet := range []string{"goal:", "subtask:", "action:"} {
		for _, t := range u.Intents {
			if strings.HasPrefix(t, facet) {
				tags = append(tags, t)
			}
		}
	}
	if len(tags) > 0 {
		b.WriteString(" (" + strings.Join(tags, " ") + ")")
	}
	return b.String()
}

// pack keeps the best-ranked items that fit the budget (strategies.Pack, in
// rank order) and writes their lines most recent first (ties in rank order),
// each as strategies.Line: "[date turn-ids] [task, step N] …". If the
// reordered context counts more tokens than the budget, the lowest-ranked
// item is dropped until it fits. Items stay best first.
func (p *Prism) pack(items []strategies.Item, budget int) strategies.Recall {
	placed := strategies.Pack(p.env.Tokenizer, items, budget, "", strategies.Line).Items
	for len(placed) > 0 {
		lines := slices.Clone(placed)
		slices.SortStableFunc(lines, func(a, b strategies.Item) int { return b.Time.Compare(a.Time) })
		out := make([]string, len(lines))
		for i, it := range lines {
			out[i] = strategies.Line(it)
		}
		text := strings.Join(out, "\n")
		if p.env.Tokenizer.Count(text) <= budget {
			return strategies.Recall{Items: placed, Context: text}
		}
		placed = placed[:len(placed)-1]
	}
	return strategies.Recall{}
}

// Footprint counts units, graph edges and the stored payload: unit texts,
// tags and provenance plus 4 bytes per vector dimension, and the raw
// channel's.
func (p *Prism) Footprint() strategies.Footprint {
	var b int64
	for _, u := range p.units {
		b += int64(len(u.Action) + len(u.Observation) + len(u.TaskID) + len(u.ActionType) + len(u.Parent) + 4*len(u.vec))
		for _, s := range [][]string{u.Intents, u.Entities, u.Causes, u.TurnIDs} {
			for _, x := range s {
				b += int64(len(x))
			}
		}
	}
	return strategies.Footprint{Items: len(p.units), Edges: p.edges, Bytes: b + p.raw.Bytes()}
}

// Close does nothing (everything is in memory).
func (p *Prism) Close() error { return nil }
