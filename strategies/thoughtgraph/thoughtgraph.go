// Package thoughtgraph is the thought-graph strategy, after Thought-Retriever
// (Feng et al., 2024, "Thought-Retriever: Don't Just Retrieve Raw Data,
// Retrieve Thoughts"): the memory stores structured thoughts distilled from
// the agent's reasoning rather than raw turns, links them into reasoning
// chains, and retrieves chains.
//
// Write side (Ingest):
//
//   - Assistant and tool turns are extracted into typed thoughts (analysis,
//     hypothesis, decision, lesson, todo, knowledge-gap) with entities,
//     confidence and a parent link, through one model.KindExtractThoughts
//     request per turn (prompt internal/model/prompts/extract-thoughts.tmpl,
//     reply type Extraction). The offline backend answers with the shared
//     offline model (internal/offline: speech acts → thought types, entities,
//     links to the offered candidates); a turn of greetings or small talk
//     gets an empty reply. Thoughts below MinConfidence are dropped; a
//     failed request (model.ErrFailed) is counted in Stats.Failures and the
//     turn yields nothing.
//   - User turns are not extracted: the design takes thoughts from the
//     assistant's reasoning only. What the user says that must be remembered
//     (preferences, constraints, facts, requests) enters as knowledge
//     thoughts (TypeKnowledge): every informative sentence of the turn
//     (one extract-thoughts request with Verbatim set: the model drops
//     greetings and small talk), verbatim, with its entities.
//     A knowledge thought is attached to the reasoning it feeds: it becomes a
//     parent of the first thought of the next assistant or tool turn of the
//     session (and, when it answers an open knowledge gap, a child of that
//     gap). This is the same in both extraction modes and costs one
//     extract-thoughts request per user turn. A tool result that yields no thought (in oracle mode: one the
//     gold leaves unannotated) is kept the same way, raw, as one knowledge
//     thought of its informative lines (Thought-Retriever retrieves raw data
//     beside thoughts).
//   - In oracle mode (env.Extraction == strategies.ExtractOracle) the turn's
//     gold thoughts (Turn.Gold.Thoughts: ids, types, parents, entities,
//     confidence) are stored instead of extracted ones.
//   - Two engines hold the thoughts: a cayley in-memory graph (thought →
//     task, thought → next thought of the session, parent → child thought,
//     thought → entity) and a chromem-go collection (internal/vecstore) of
//     type + content + entities (plus folded steps at stepWeight).
//   - A thought whose sentence replaces an earlier value (the reply's
//     replaces / attribute / new / change fields: "instead of X", "drop X",
//     "shorten the TTL to Y", "switched to", "now prefers" …) marks the
//     earlier knowledge, decision or analysis thoughts it replaces as
//     superseded; they are kept and rendered "(superseded)". The earlier
//     thoughts are found through an inverted index of content stems
//     (stemIndex), so an update costs the length of its rarest stem's
//     list, not a walk over every thought. Statements the reply marks
//     conditional are marked conditional.
//
// Consolidation (EndSession, when enabled): the session's task is finished,
// so its trivial steps — analysis and hypothesis thoughts — are folded into
// the nearest decision or lesson they led to (following parent → child
// links): the step's text (cut to stepTokens tokens) and provenance move
// into that thought, its links are rewired around it, and it leaves both
// engines. Decisions, lessons,
// todos, knowledge gaps and knowledge are kept.
//
// Read side (Retrieve): the query vector is the question plus the task goal
// (weight taskWeight) and the recent turns (weight recentWeight); vector
// recall takes the top `seeds` thoughts, plus up to `seeds` thoughts that
// mention an entity of the question (thought → entity links, read from an
// index of the newest mentionCap mentions per entity); expansion
// walks reasoning chains breadth-first up to `depth` hops and `fanout` new
// neighbors per thought (expand); each candidate's importance is similarity
// × recency decay × connectivity × type preference (importance); the best
// are packed into the budget and rendered as a narrative, one line per
// thought grouped by chain in scenario order, citing thought ids and parents
// in the line's bracket. Each item's TurnIDs are the turns its thought (and
// its folded steps) came from. The ranked thoughts are fused with the raw
// data chunks — every turn with the turn before it, in a
// strategies.RawIndex — by linked reciprocal rank fusion
// (strategies.FuseRaw, structure_weight); a chunk holding a turn whose
// thought is superseded is marked superseded; the chunks follow the
// narrative in the context (raw.go).
package thoughtgraph

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/cayleygraph/quad"

	"github.com/memarena/memarena/internal/model"
	"github.com/memarena/memarena/internal/nlp"
	"github.com/memarena/memarena/internal/textutil"
	"github.com/memarena/memarena/internal/vecstore"
	"github.com/memarena/memarena/scenarios"
	"github.com/memarena/memarena/strategies"
)

// Name is the registry name of the strategy.
const Name = "thought-graph"

func init() {
	strategies.Register(strategies.Spec{
		Name:    Name,
		Summary: "typed thoughts from the agent's reasoning in a cayley graph + chromem-go vectors; chain expansion, importance, narrative",
		Source:  "Feng et al. 2024, Thought-Retriever: Don't Just Retrieve Raw Data, Retrieve Thoughts",
		Params: []strategies.ParamSpec{
			{Name: "seeds", Type: strategies.TypeInt, Default: 5, Min: 1, Max: 100,
				Doc: "thoughts taken by vector recall (and at most as many more by entity match) before chain expansion; count in [1, 100]"},
			{Name: "depth", Type: strategies.TypeInt, Default: 3, Min: 0, Max: 10,
				Doc: "maximum hops of chain expansion from a recalled thought along parent/child/next links; 0 disables expansion; [0, 10]"},
			{Name: "fanout", Type: strategies.TypeInt, Default: 3, Min: 1, Max: 50,
				Doc: "maximum new neighbors followed from one thought per hop of chain expansion; [1, 50]"},
			{Name: "half_life", Type: strategies.TypeDuration, Default: "2160h",
				Doc: "half-life of the recency decay in importance, measured from a thought's last update or retrieval (scenario time); a Go duration, > 0"},
			{Name: "consolidate", Type: strategies.TypeBool, Default: true,
				Doc: "fold the trivial steps (analysis, hypothesis) of a finished session task into the decision or lesson they led to"},
			{Name: "raw_k", Type: strategies.TypeInt, Default: 50, Min: 0, Max: 100000,
				Doc: "raw data chunks (a turn with the turn before it) fetched by vector search per query and fused with the ranked thoughts by linked reciprocal rank fusion (k = 60); 0 turns the raw channel off"},
			{Name: "structure_weight", Type: strategies.TypeFloat, Default: DefaultStructureWeight, Min: 0, Max: 10,
				Doc: "weight of the ranked thoughts against the raw chunks (weight 1) in the fusion, in [0, 10]"},
		},
		New: func(env strategies.Env, p strategies.Params) (strategies.Strategy, error) {
			return New(env, Config{
				Seeds: p.Int("seeds"), Depth: p.Int("depth"), Fanout: p.Int("fanout"),
				HalfLife: p.Duration("half_life"), Consolidate: p.Bool("consolidate"),
				RawK: p.Int("raw_k"), StructureWeight: p.Float("structure_weight"),
			})
		},
	})
}

// Config holds the strategy's parameters (see the registered ParamSpecs).
type Config struct {
	// Seeds is the vector recall size, ≥ 1.
	Seeds int
	// Depth is the maximum chain expansion depth in hops, ≥ 0.
	Depth int
	// Fanout is the maximum number of new neighbors taken per thought and
	// hop, ≥ 1.
	Fanout int
	// HalfLife of the recency decay, > 0.
	HalfLife time.Duration
	// Consolidate enables folding at session end.
	Consolidate bool
	// RawK is the number of raw chunks fused with the ranked thoughts (0:
	// no raw channel).
	RawK int
	// StructureWeight is the ranked thoughts' weight in the fusion with the
	// raw chunks (weight 1), ≥ 0.
	StructureWeight float64
}

// Stats counts what happened to extractions and thoughts in one instance.
type Stats struct {
	// Failures counts extract-thoughts requests that failed
	// (model.ErrFailed); such a turn yields no thoughts.
	Failures int
	// Malformed counts extracted thoughts rejected for an unknown type,
	// empty content or a confidence outside [0, 1].
	Malformed int
	// Dropped counts extracted thoughts below MinConfidence.
	Dropped int
	// BadLinks counts parent ids in replies that were not offered as
	// candidates (the link is ignored).
	BadLinks int
	// Superseded counts thoughts marked superseded.
	Superseded int
	// Folded counts trivial steps folded by consolidation.
	Folded int
}

// candidateWindow is the number of recent thoughts of the task offered to
// the extractor as possible parents.
const candidateWindow = 8

// ThoughtGraph is the strategy. It is not safe for concurrent use (the
// runner drives an instance from one goroutine).
type ThoughtGraph struct {
	env   strategies.Env
	cfg   Config
	store *vecstore.Store
	graph *graphStore
	raw   *strategies.RawIndex // raw data chunks (nil when RawK is 0)

	thoughts map[string]*Thought
	order    []string          // thought ids in creation order (folded ids stay; skip missing)
	alias    map[string]string // folded thought id → the thought it was folded into
	stems    stemIndex         // content stem → replaceable thoughts (supersede)
	mentions mentionIndex      // entity key → thoughts mentioning it (entity recall)
	supTurns map[string]bool   // turns that gave a superseded thought (supersededTurns)
	seq      int
	turnSeq  map[string]int  // turn id → ingestion order, from 1
	people   map[string]bool // user-side speaker names (see otherPerson)
	gold     strategies.GoldCount
	recent   map[string][]string

	sessionID   string
	sessionLast time.Time
	frontier    string   // last thought stored in the current session
	pending     []string // knowledge thoughts waiting for the next reasoning thought

	stats Stats
	bytes int64
}

// New builds an empty thought graph. env must carry an Embedder and a
// Tokenizer, and a Model unless env.Extraction is oracle; cfg must satisfy
// the ranges of the registered parameters.
func New(env strategies.Env, cfg Config) (*ThoughtGraph, error) {
	switch {
	case env.Embedder == nil:
		return nil, errors.New("thought-graph needs an embedder")
	case env.Tokenizer == nil:
		return nil, errors.New("thought-graph needs a tokenizer")
	case env.Model == nil && env.Extraction != strategies.ExtractOracle:
		return nil, errors.New("thought-graph needs a model client unless extraction is oracle")
	case cfg.Seeds < 1 || cfg.Depth < 0 || cfg.Fanout < 1:
		return nil, fmt.Errorf("thought-graph: seeds %d, depth %d, fanout %d out of range (want ≥ 1, ≥ 0, ≥ 1)", cfg.Seeds, cfg.Depth, cfg.Fanout)
	case cfg.HalfLife <= 0:
		return nil, fmt.Errorf("thought-graph: half_life %v must be > 0", cfg.HalfLife)
	case cfg.RawK < 0 || !(cfg.StructureWeight >= 0):
		return nil, fmt.Errorf("thought-graph: raw_k %d and structure_weight %v must be ≥ 0", cfg.RawK, cfg.StructureWeight)
	}
	gs, err := newGraphStore()
	if err != nil {
		return nil, err
	}
	var raw *strategies.RawIndex
	if cfg.RawK > 0 {
		raw = strategies.NewRawIndex(env.Embedder, strategies.DefaultRawWindow)
	}
	return &ThoughtGraph{
		env: env, cfg: cfg, store: vecstore.New(env.Embedder), graph: gs, raw: raw,
		thoughts: map[string]*Thought{}, alias: map[string]string{}, turnSeq: map[string]int{}, recent: map[string][]string{},
	}, nil
}

// Stats returns the extraction and maintenance counters.
func (g *ThoughtGraph) Stats() Stats { return g.stats }

// Thought returns a copy of the stored thought with id (after following
// folds: a folded step's id gives the thought it was folded into), or false.
func (g *ThoughtGraph) Thought(id string) (Thought, bool) {
	th := g.get(id)
	if th == nil {
		return Thought{}, false
	}
	c := *th
	c.Entities = slices.Clone(th.Entities)
	c.TurnIDs = slices.Clone(th.TurnIDs)
	c.Steps = slices.Clone(th.Steps)
	c.vec, c.stems = nil, nil
	return c, true
}

// IDs lists the stored thought ids in creation order.
func (g *ThoughtGraph) IDs() []string {
	out := make([]string, 0, len(g.thoughts))
	for _, id := range g.order {
		if _, ok := g.thoughts[id]; ok {
			out = append(out, id)
		}
	}
	return out
}

// resolve follows fold aliases to the id of a stored thought, or "".
func (g *ThoughtGraph) resolve(id string) string {
	for i := 0; i < 64; i++ {
		if _, ok := g.thoughts[id]; ok {
			return id
		}
		next, ok := g.alias[id]
		if !ok {
			return ""
		}
		id = next
	}
	return ""
}

func (g *ThoughtGraph) get(id string) *Thought {
	if r := g.resolve(id); r != "" {
		return g.thoughts[r]
	}
	return nil
}

// taskKey is the task node of a turn or session: the goal, or
// "session:<id>" when there is none.
func taskKey(task, sessionID string) string {
	if task = strings.TrimSpace(task); task != "" {
		return task
	}
	return "session:" + sessionID
}

// draft is a thought before insertion.
type draft struct {
	id          string // gold id, or "" for a generated one
	typ         string
	content     string
	entities    []string
	confidence  float64
	parents     []string
	followsPrev bool
	raw         bool // a raw evidence node (rawEvidence): feeds no reasoning chain
	update      Update
	conditional bool
}

// Ingest stores the thoughts of one turn (see the package doc). A turn with
// no id, an unknown role, a repeated id or an invalid gold thought is an
// error; a failed extraction is counted and skipped.
func (g *ThoughtGraph) Ingest(ctx context.Context, t strategies.Turn) error {
	if t.ID == "" {
		return errors.New("thought-graph: turn without id")
	}
	if t.Role != scenarios.RoleUser && t.Role != scenarios.RoleAssistant && t.Role != scenarios.RoleTool {
		return fmt.Errorf("thought-graph: turn %s: unknown role %q", t.ID, t.Role)
	}
	if _, dup := g.turnSeq[t.ID]; dup {
		return fmt.Errorf("thought-graph: turn %s ingested twice", t.ID)
	}
	g.turnSeq[t.ID] = len(g.turnSeq) + 1
	g.notePerson(t)
	if g.raw != nil {
		if err := g.raw.Add(ctx, t); err != nil {
			return fmt.Errorf("thought-graph: %w", err)
		}
	}
	if t.SessionID != g.sessionID {
		g.sessionID, g.frontier, g.pending = t.SessionID, "", nil
	}
	if t.Time.After(g.sessionLast) {
		g.sessionLast = t.Time
	}
	key := taskKey(t.Task, t.SessionID)

	var drafts []draft
	if t.Role == scenarios.RoleUser {
		kd, err := g.statedDrafts(ctx, t, t.Text)
		if err != nil {
			return err
		}
		for _, d := range kd {
			if f := g.get(g.frontier); f != nil && f.Type == TypeKnowledgeGap {
				d.parents = []string{f.ID}
			}
			drafts = append(drafts, d)
		}
	}
	if g.env.Extraction == strategies.ExtractOracle {
		gd, err := g.goldDrafts(ctx, t)
		if err != nil {
			return err
		}
		drafts = append(drafts, gd...)
	} else if t.Role != scenarios.RoleUser {
		md, err := g.modelDrafts(ctx, t, key)
		if err != nil {
			return err
		}
		drafts = append(drafts, md...)
	}
	if len(drafts) == 0 {
		drafts = rawEvidence(t)
	}
	return g.commit(ctx, t, key, drafts)
}

// goldDrafts turns the turn's gold thoughts into drafts, checking them.
func (g *ThoughtGraph) goldDrafts(ctx context.Context, t strategies.Turn) ([]draft, error) {
	if t.Gold == nil {
		return nil, nil
	}
	var out []draft
	for i, gt := range t.Gold.Thoughts {
		where := fmt.Sprintf("thought-graph: turn %s: gold thought %d", t.ID, i+1)
		switch {
		case strings.TrimSpace(gt.ID) == "":
			return nil, fmt.Errorf("%s: empty id", where)
		case !isReasoningType(gt.Type):
			return nil, fmt.Errorf("%s (%s): type %q is not one of %s", where, gt.ID, gt.Type, strings.Join(scenarios.ThoughtTypes, ", "))
		case strings.TrimSpace(gt.Content) == "":
			return nil, fmt.Errorf("%s (%s): empty content", where, gt.ID)
		case gt.Confidence < 0 || gt.Confidence > 1 || gt.Confidence != gt.Confidence:
			return nil, fmt.Errorf("%s (%s): confidence %v outside [0, 1]", where, gt.ID, gt.Confidence)
		}
		if g.resolve(gt.ID) != "" || g.alias[gt.ID] != "" {
			return nil, fmt.Errorf("%s: duplicate id %s", where, gt.ID)
		}
		d := draft{id: gt.ID, typ: gt.Type, content: strings.TrimSpace(gt.Content), entities: normEntities(gt.Entities), confidence: gt.Confidence}
		if d.confidence == 0 {
			d.confidence = DefaultConfidence
		}
		if gt.Parent != "" {
			p := g.resolve(gt.Parent)
			if p == "" && !slices.ContainsFunc(out, func(o draft) bool { return o.id == gt.Parent }) {
				return nil, fmt.Errorf("%s (%s): unknown parent %q", where, gt.ID, gt.Parent)
			}
			if p == "" {
				p = gt.Parent // an earlier thought of the same turn
			}
			d.parents = []string{p}
		}
		if err := g.readChange(ctx, t, &d); err != nil {
			return nil, err
		}
		out = append(out, d)
	}
	facts, err := g.goldFacts(ctx, t)
	if err != nil {
		return nil, err
	}
	return append(out, facts...), nil
}

// normEntities normalizes, de-duplicates and sorts entity names.
func normEntities(in []string) []string {
	var out []string
	for _, e := range in {
		if k := nlp.NormalizeEntity(e); k != "" && !slices.Contains(out, k) {
			out = append(out, k)
		}
	}
	sort.Strings(out)
	return out
}

// candidates lists the task's recent thoughts, oldest first, for the
// extractor to link to.
func (g *ThoughtGraph) candidates(key string) []Candidate {
	var ids []string
	for _, id := range g.recent[key] {
		if r := g.resolve(id); r != "" && !slices.Contains(ids, r) {
			ids = append(ids, r)
		}
	}
	if f := g.resolve(g.frontier); f != "" && !slices.Contains(ids, f) {
		ids = append(ids, f)
	}
	sort.Slice(ids, func(i, j int) bool { return g.thoughts[ids[i]].seq < g.thoughts[ids[j]].seq })
	if len(ids) > candidateWindow {
		ids = ids[len(ids)-candidateWindow:]
	}
	out := make([]Candidate, len(ids))
	for i, id := range ids {
		th := g.thoughts[id]
		out[i] = Candidate{ID: id, Type: th.Type, Content: th.Content, Entities: th.Entities, SameSession: th.SessionID == g.sessionID}
	}
	return out
}

// modelDrafts extracts the thoughts of an assistant or tool turn through the
// model client and validates the reply.
func (g *ThoughtGraph) modelDrafts(ctx context.Context, t strategies.Turn, key string) ([]draft, error) {
	cands := g.candidates(key)
	offered := map[string]bool{}
	for _, c := range cands {
		offered[c.ID] = true
	}
	ext, err := g.extract(ctx, t, model.ThoughtsInput{TurnInput: strategies.TurnInput(t), Candidates: cands, MaxThoughts: maxPerTurn})
	if err != nil {
		return nil, err
	}
	var out []draft
	for _, e := range ext.Thoughts {
		if len(out) == maxPerTurn {
			break
		}
		typ := strings.ToLower(strings.TrimSpace(e.Type))
		content := strings.TrimSpace(e.Content)
		if !isReasoningType(typ) || content == "" || e.Confidence < 0 || e.Confidence > 1 || e.Confidence != e.Confidence {
			g.stats.Malformed++
			continue
		}
		conf := e.Confidence
		if conf == 0 {
			conf = DefaultConfidence
		}
		if conf < MinConfidence {
			g.stats.Dropped++
			continue
		}
		d := draft{typ: typ, content: content, entities: normEntities(e.Entities), confidence: conf, followsPrev: e.FollowsPrevious,
			update: updateOf(e), conditional: e.Conditional}
		if p := strings.TrimSpace(e.Parent); p != "" {
			if offered[p] {
				d.parents = []string{p}
			} else {
				g.stats.BadLinks++
			}
		}
		out = append(out, d)
	}
	return out, nil
}

// commit inserts the drafts of one turn in order, adding the session links
// described in the package doc.
func (g *ThoughtGraph) commit(ctx context.Context, t strategies.Turn, key string, drafts []draft) error {
	n := 0
	prev := ""
	attached := false
	for _, d := range drafts {
		id := d.id
		if id == "" {
			n++
			id = fmt.Sprintf("%s#%d", t.ID, n)
			for g.resolve(id) != "" || g.alias[id] != "" {
				n++
				id = fmt.Sprintf("%s#%d", t.ID, n)
			}
		}
		parents := append([]string(nil), d.parents...)
		if d.followsPrev && prev != "" {
			parents = append(parents, prev)
		}
		if d.typ != TypeKnowledge && !attached && len(g.pending) > 0 {
			parents = append(parents, g.pending...)
			attached = true
		}
		th := &Thought{
			ID: id, Type: d.typ, Content: d.content, Speaker: strategies.Speaker(t), Entities: d.entities,
			Confidence: d.confidence, Task: key, SessionID: t.SessionID, TurnIDs: []string{t.ID},
			Created: t.Time, Updated: t.Time,
		}
		if (d.typ == TypeKnowledge || d.typ == TypeDecision) && d.conditional {
			th.Status = strategies.StatusConditional
		}
		th.update = d.update
		frontier, recent := g.frontier, g.recent[key]
		if err := g.insert(ctx, th, parents); err != nil {
			return err
		}
		if d.raw {
			// A raw evidence node does not continue the reasoning chain.
			g.frontier, g.recent[key] = frontier, recent
			continue
		}
		prev = id
		if d.typ == TypeKnowledge && !d.raw {
			g.pending = append(g.pending, id)
		}
	}
	if attached {
		g.pending = nil
	}
	return nil
}

// insert adds a thought to both engines with its links, and applies
// supersession.
func (g *ThoughtGraph) insert(ctx context.Context, th *Thought, parents []string) error {
	if g.resolve(th.ID) != "" {
		return fmt.Errorf("thought-graph: duplicate thought id %s", th.ID)
	}
	g.seq++
	th.seq = g.seq
	th.stems = textutil.TokenSet(textutil.ContentTokens(th.Content))
	if err := g.index(ctx, th); err != nil {
		return err
	}
	node := thoughtIRI(th.ID)
	qs := []quad.Quad{link(node, predTask, taskIRI(th.Task))}
	for _, e := range th.Entities {
		qs = append(qs, link(node, predMentions, entityIRI(e)))
	}
	var linked []string
	for _, p := range parents {
		r := g.resolve(p)
		if r == "" || r == th.ID || slices.Contains(linked, r) {
			continue
		}
		linked = append(linked, r)
		qs = append(qs, link(thoughtIRI(r), predParentOf, node))
	}
	if f := g.resolve(g.frontier); f != "" {
		qs = append(qs, link(thoughtIRI(f), predNext, node))
	}
	if err := g.graph.add(qs...); err != nil {
		return err
	}
	g.supersede(th)
	g.thoughts[th.ID] = th
	g.stems.add(th)
	g.mentions.add(th, th.Entities...)
	g.order = append(g.order, th.ID)
	g.frontier = th.ID
	r := append(g.recent[th.Task], th.ID)
	if len(r) > 2*candidateWindow {
		r = append([]string(nil), r[len(r)-candidateWindow:]...)
	}
	g.recent[th.Task] = r
	g.bytes += th.size()
	return nil
}

// stepWeight is the weight of the folded steps' embedding against the
// thought's own (type, content, entities: weight 1) in its vector, so that a
// consolidated decision stays about the decision while its steps' words can
// still find it.
const stepWeight = 0.5

// index embeds th (headText, plus stepsText at stepWeight) and stores the
// vector in the vector store, replacing an earlier one.
func (g *ThoughtGraph) index(ctx context.Context, th *Thought) error {
	texts := []string{th.headText()}
	if st := th.stepsText(); st != "" {
		texts = append(texts, st)
	}
	vecs, err := g.env.Embedder.Embed(ctx, texts)
	if err != nil {
		return fmt.Errorf("thought-graph: embedding %s: %w", th.ID, err)
	}
	th.vec = combine(vecs, []float64{1, stepWeight})
	if th.vec == nil {
		th.vec = make([]float32, g.env.Embedder.Dim())
	}
	return g.store.AddVector(ctx, th.ID, th.vec, th.body(), nil)
}

// supersedes reports whether a thought of type typ may replace earlier
// values, and whether a thought of type typ may be replaced.
func canSupersede(typ string) bool {
	return typ == TypeKnowledge || typ == TypeDecision || typ == TypeAnalysis || typ == TypeLesson
}
func canBeSuperseded(typ string) bool {
	return typ == TypeKnowledge || typ == TypeDecision || typ == TypeAnalysis
}

// supersede marks the earlier thoughts th replaces (th.update, as the
// model read the thought's sentence: see Update). Only
// current knowledge, decision or analysis thoughts of other turns are
// replaced:
//
//   - with an Old value, every one whose content contains it
//     (textutil.ContainsAll), and the Attribute too when there is one;
//   - with an Attribute, the newest one whose content contains the
//     attribute but not the new value;
//   - with an Implicit cue only, the one unconditional knowledge or decision
//     thought that shares the most content stems with th (at least
//     overlapMin; ties go to the newest) while lacking one of th's stems (a
//     different value). A conditional statement is never replaced by an
//     implicit update: it holds under its condition.
//
// The candidates come from the stem index (stemIndex), not from a walk over
// every thought: a thought that contains a phrase holds each of its content
// stems, so it is in the posting list of the phrase's rarest stem; a phrase
// with no content stems (only stopwords) falls back to the walk. The marks
// are the same as those of the walk (supersedeScan, kept for the tests).
func (g *ThoughtGraph) supersede(th *Thought) {
	if !canSupersede(th.Type) {
		return
	}
	u := th.update
	if !u.Any() {
		return
	}
	eligible := g.supersedeEligible(th)
	switch {
	case u.Old != "":
		need := textutil.ContentTokens(u.Old)
		attr := textutil.ContentTokens(u.Attribute)
		if len(need) == 0 || (u.Attribute != "" && len(attr) == 0) {
			g.supersedeScan(th, u)
			return
		}
		for _, t := range g.stems.live(g, append(need, attr...)) {
			if eligible(t) && t.hasStems(need) && (u.Attribute == "" || t.hasStems(attr)) {
				g.markSuperseded(t, th)
			}
		}
	case u.Attribute != "":
		attr := textutil.ContentTokens(u.Attribute)
		if len(attr) == 0 {
			g.supersedeScan(th, u)
			return
		}
		newStems := textutil.ContentTokens(u.New)
		list := g.stems.live(g, attr)
		for i := len(list) - 1; i >= 0; i-- {
			t := list[i]
			if !eligible(t) || !t.hasStems(attr) {
				continue
			}
			if len(newStems) > 0 && t.hasStems(newStems) {
				continue // already states the new value
			}
			g.markSuperseded(t, th)
			return
		}
	default:
		if best := g.implicitTarget(th, eligible); best != nil {
			g.markSuperseded(best, th)
		}
	}
}

// supersedeEligible returns the test a thought must pass to be superseded
// by th: current (not superseded), of a replaceable type, from another
// turn, and not another named person's statement.
func (g *ThoughtGraph) supersedeEligible(th *Thought) func(t *Thought) bool {
	turn := th.TurnIDs[0]
	return func(t *Thought) bool {
		return t != nil && t.Status != strategies.StatusSuperseded && canBeSuperseded(t.Type) && !slices.Contains(t.TurnIDs, turn) &&
			!g.otherPerson(th, t)
	}
}

// markSuperseded marks t as replaced by th.
func (g *ThoughtGraph) markSuperseded(t, th *Thought) {
	t.Status = strategies.StatusSuperseded
	t.SupersededBy = th.ID
	if th.Created.After(t.Updated) {
		t.Updated = th.Created
	}
	g.stats.Superseded++
	g.noteSuperseded(t)
}

// implicitTarget returns the thought an implicit update th replaces (see
// supersede), or nil. It reads the posting lists of th's stems rarest
// first and stops once a thought not met yet could no longer reach the
// best overlap: after i of the n stems, such a thought shares at most n−i
// of them. The result equals that of the walk over every thought.
func (g *ThoughtGraph) implicitTarget(th *Thought, eligible func(*Thought) bool) *Thought {
	stems := make([]string, 0, len(th.stems))
	for s := range th.stems {
		stems = append(stems, s)
	}
	sort.Slice(stems, func(i, j int) bool {
		li, lj := len(g.stems.post[stems[i]]), len(g.stems.post[stems[j]])
		if li != lj {
			return li < lj
		}
		return stems[i] < stems[j]
	})
	var best *Thought
	bestShared := 0
	seen := map[*Thought]bool{}
	for i, s := range stems {
		if left := len(stems) - i; left < overlapMin || left < bestShared {
			break
		}
		for _, t := range g.stems.live(g, []string{s}) {
			if seen[t] {
				continue
			}
			seen[t] = true
			if !eligible(t) || t.Type == TypeAnalysis || t.Status == strategies.StatusConditional {
				continue
			}
			shared, fresh := th.overlap(t)
			if shared >= overlapMin && fresh && (shared > bestShared || shared == bestShared && t.seq > best.seq) {
				best, bestShared = t, shared
			}
		}
	}
	return best
}

// overlap counts th's content stems that t shares, and reports whether th
// has a stem t lacks.
func (th *Thought) overlap(t *Thought) (shared int, fresh bool) {
	for s := range th.stems {
		if t.stems[s] {
			shared++
		} else {
			fresh = true
		}
	}
	return shared, fresh
}

// hasStems reports whether every stem is a content stem of t: for stems =
// textutil.ContentTokens(needle) ≠ ∅ it equals
// textutil.ContainsAll(t.Content, needle).
func (t *Thought) hasStems(stems []string) bool {
	for _, s := range stems {
		if !t.stems[s] {
			return false
		}
	}
	return true
}

// supersedeScan is supersede as a walk over every thought in creation
// order. It serves the phrases the stem index cannot (no content stems)
// and is the reference the index is tested against.
func (g *ThoughtGraph) supersedeScan(th *Thought, u Update) {
	eligible := g.supersedeEligible(th)
	switch {
	case u.Old != "":
		for _, id := range g.order {
			t := g.thoughts[id]
			if eligible(t) && textutil.ContainsAll(t.Content, u.Old) && (u.Attribute == "" || textutil.ContainsAll(t.Content, u.Attribute)) {
				g.markSuperseded(t, th)
			}
		}
	case u.Attribute != "":
		newStems := textutil.ContentTokens(u.New)
		for i := len(g.order) - 1; i >= 0; i-- {
			t := g.thoughts[g.order[i]]
			if !eligible(t) || !textutil.ContainsAll(t.Content, u.Attribute) {
				continue
			}
			if len(newStems) > 0 && textutil.ContainsAll(t.Content, u.New) {
				continue // already states the new value
			}
			g.markSuperseded(t, th)
			return
		}
	default:
		var best *Thought
		bestShared := 0
		for i := len(g.order) - 1; i >= 0; i-- {
			t := g.thoughts[g.order[i]]
			if !eligible(t) || t.Type == TypeAnalysis || t.Status == strategies.StatusConditional {
				continue
			}
			shared, fresh := th.overlap(t)
			if shared >= overlapMin && fresh && shared > bestShared {
				best, bestShared = t, shared
			}
		}
		if best != nil {
			g.markSuperseded(best, th)
		}
	}
}

// EndSession consolidates the finished session's task (when enabled) and
// closes the session's reasoning frontier.
func (g *ThoughtGraph) EndSession(ctx context.Context, s strategies.SessionInfo) error {
	end := s.End
	if end.IsZero() || g.sessionLast.After(end) {
		end = g.sessionLast
	}
	if g.cfg.Consolidate {
		if _, err := g.consolidate(ctx, taskKey(s.Task, s.ID), end); err != nil {
			return err
		}
	}
	g.sessionID, g.frontier, g.pending, g.sessionLast = "", "", nil, time.Time{}
	return nil
}

// Footprint counts stored thoughts, graph quads (links to parents,
// successors, tasks and entities) and the payload bytes (text, ids, vectors,
// about 48 bytes per quad; the raw channel's).
func (g *ThoughtGraph) Footprint() strategies.Footprint {
	q := g.graph.quadCount()
	return strategies.Footprint{Items: len(g.thoughts), Edges: q, Bytes: g.bytes + int64(48*q) + g.raw.Bytes()}
}

// Close releases the graph.
func (g *ThoughtGraph) Close() error { return g.graph.close() }
