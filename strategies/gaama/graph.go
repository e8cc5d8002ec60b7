package gaama

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/cayleygraph/cayley"
	"github.com/cayleygraph/quad"

	"github.com/memarena/memarena/internal/textutil"
	"github.com/memarena/memarena/strategies"
)

// Cayley vocabulary: entities are IRIs "e:<key>", relations "r:<name>",
// types "t:<type>" attached with the predicate "gaama:type".
const (
	entityPrefix   = "e:"
	relationPrefix = "r:"
	typePrefix     = "t:"
	typePredicate  = "gaama:type"
)

func entityIRI(key string) quad.IRI { return quad.IRI(entityPrefix + key) }
func relationIRI(r string) quad.IRI { return quad.IRI(relationPrefix + r) }

// ErrBadFact is returned (wrapped) by Graph.Assert for a fact with an empty
// subject or object, a subject equal to its object, or a relation outside
// the vocabulary.
var ErrBadFact = errors.New("gaama: malformed fact")

// Entity is one knowledge-graph node.
type Entity struct {
	// Key is the canonical key (see Resolver), e.g. "orders service".
	Key string
	// Display is the entity as first written ("Orders service"), or with its
	// resolved date for time entities ("last Monday (2026-03-02)").
	Display string
	// Type is one of EntityTypes.
	Type string
	// Degree is the number of edges incident to the node (either end).
	Degree int
	// Seq is the assertion sequence number at which the node was created.
	Seq int64
}

// Evidence is one statement of an edge: the turn and its sentence, verbatim.
type Evidence struct {
	// TurnID is the stating turn.
	TurnID string
	// Sentence is the sentence of the turn that states the fact, verbatim.
	Sentence string
	// Time is the scenario time of the turn.
	Time time.Time
}

// Edge is one (subject, relation, object[, condition]) fact with its
// provenance and status. Edges are unique per Key (merge semantics): a
// repeated statement adds its turn to TurnIDs and its sentence to Evidence.
type Edge struct {
	// Subject and Object are entity keys; Relation is one of Relations.
	Subject, Relation, Object string
	// Condition limits when the fact holds ("when unwell"); "" = always.
	Condition string
	// TurnIDs are the turns that stated the fact, in ingest order, unique.
	TurnIDs []string
	// Evidence holds the stating sentences, oldest first, one per turn and
	// sentence.
	Evidence []Evidence
	// First and Last are the scenario times of the first and latest
	// statement.
	First, Last time.Time
	// Seq is the assertion sequence number of the latest statement; a larger
	// Seq is newer.
	Seq int64
	// Superseded is true when a newer edge replaced this one (knowledge
	// update).
	Superseded bool
	// SupersededBy is the Key of the replacing edge, "retracted" for a
	// negated statement, "" while current.
	SupersededBy string

	pos int // index in the graph's creation order
}

// Key identifies the edge: subject, relation, object and condition joined
// by "|".
func (e *Edge) Key() string { return edgeKey(e.Subject, e.Relation, e.Object, e.Condition) }

func edgeKey(s, r, o, cond string) string { return s + "|" + r + "|" + o + "|" + cond }

// Status is the strategies.Item status the edge renders with: superseded,
// else conditional when it has a condition, else current ("").
func (e *Edge) Status() string {
	switch {
	case e.Superseded:
		return strategies.StatusSuperseded
	case e.Condition != "":
		return strategies.StatusConditional
	}
	return strategies.StatusCurrent
}

// Fact is one statement to write into the graph. Subject and Object are
// canonical keys (resolved by the caller's Resolver).
type Fact struct {
	// Subject is the subject's key, SubjectDisplay its wording (default:
	// the key) and SubjectType its lexical type ("" or concept: let the
	// relation's signature decide).
	Subject, SubjectDisplay, SubjectType string
	// Relation is one of Relations.
	Relation string
	// Object, ObjectDisplay and ObjectType are the object's key, wording
	// and lexical type.
	Object, ObjectDisplay, ObjectType string
	// Condition limits when the fact holds ("when unwell"), or "".
	Condition string
	// Replaces is the key of an object this statement explicitly replaces
	// ("instead of X", a model's "replaces"), or "".
	Replaces string
	// Change is true when the stating turn announces a change ("switched",
	// "moved", "instead", "now", "no longer" …).
	Change bool
	// Past is true when the statement reports an earlier state ("we used to
	// use X", "originally X"): it adds provenance but never makes an edge
	// current or supersedes one; a new past edge whose slot already holds a
	// current rival starts superseded.
	Past bool
	// TurnID is the stating turn (provenance); "" adds no provenance.
	TurnID string
	// Time is the scenario time of the statement.
	Time time.Time
	// Sentence is the stating sentence, verbatim ("" for none).
	Sentence string
}

// AssertResult reports what Graph.Assert did.
type AssertResult struct {
	// Edge is the edge the fact created or merged into.
	Edge *Edge
	// Created is false when the fact merged into an existing edge.
	Created bool
	// Superseded are the edges this statement made superseded.
	Superseded []*Edge
}

// Graph is the knowledge-graph writer and store: entity nodes and relation
// edges as quads in a cayley in-memory quad store (the structure traversal
// templates walk), with an edge table beside it holding what quads cannot
// carry — provenance turn ids, evidence sentences, conditions, times and
// the current/superseded status. Ideas: graph-augmented associative memory (GAAMA)
// and the knowledge-update semantics of Zep/Graphiti (Rasmussen et al.,
// 2025: a newer edge invalidates a contradicting older one, which is kept as
// history).
//
// A Graph is not safe for concurrent use.
type Graph struct {
	h        *cayley.Handle
	entities map[string]*Entity
	edges    map[string]*Edge
	order    []*Edge              // creation order
	bySR     map[string][]*Edge   // subject|relation → edges, creation order
	bySRO    map[string][]*Edge   // subject|relation|object → edges (conditions)
	byObj    map[string][]*Edge   // object → edges
	byTurn   map[string][]*Edge   // turn id → edges stated there
	byHead   map[string][]string  // first normalized token of a display → entity keys
	byTail   map[string][]string  // last normalized token of a display → entity keys
	keyToks  map[string][]string  // entity key → textutil.NormalizeTokens(key), memoized for refines
	evSeen   map[evidenceKey]bool // (edge, turn, sentence) of every stored Evidence
	seq      int64
	quads    int
	bytes    int64
}

// NewGraph returns an empty graph over a fresh in-memory cayley store.
func NewGraph() (*Graph, error) {
	h, err := cayley.NewMemoryGraph()
	if err != nil {
		return nil, fmt.Errorf("gaama: cayley memory graph: %w", err)
	}
	return &Graph{h: h, entities: map[string]*Entity{}, edges: map[string]*Edge{}, bySR: map[string][]*Edge{},
		bySRO: map[string][]*Edge{}, byObj: map[string][]*Edge{}, byTurn: map[string][]*Edge{},
		byHead: map[string][]string{}, byTail: map[string][]string{},
		keyToks: map[string][]string{}, evSeen: map[evidenceKey]bool{}}, nil
}

// Close releases the quad store.
func (g *Graph) Close() error { return g.h.Close() }

// Entity returns the node with key, or nil.
func (g *Graph) Entity(key string) *Entity { return g.entities[key] }

// Edge returns the edge with key (see Edge.Key), or nil.
func (g *Graph) Edge(key string) *Edge { return g.edges[key] }

// Edges returns every edge in creation order.
func (g *Graph) Edges() []*Edge { return g.order }

// EdgesOfTurn returns the edges stated in turn id, in creation order.
func (g *Graph) EdgesOfTurn(id string) []*Edge { return g.byTurn[id] }

// EdgesToAffixed returns the edges whose object's display, as normalized
// tokens (normTokens), starts or ends with toks, in creation order. It
// reads the index of displays by their first and last token, not every
// edge. Empty toks give none.
func (g *Graph) EdgesToAffixed(toks []string) []*Edge {
	if len(toks) == 0 {
		return nil
	}
	var keys []string
	keys = append(keys, g.byHead[toks[0]]...)
	keys = append(keys, g.byTail[toks[len(toks)-1]]...)
	slices.Sort(keys)
	keys = slices.Compact(keys)
	var out []*Edge
	for _, k := range keys {
		en := g.entities[k]
		d := textutil.NormalizeTokens(en.Display)
		if len(d) < len(toks) || !slices.Equal(d[:len(toks)], toks) && !slices.Equal(d[len(d)-len(toks):], toks) {
			continue
		}
		out = append(out, g.byObj[k]...)
	}
	slices.SortFunc(out, func(a, b *Edge) int { return a.pos - b.pos })
	return out
}

// Between returns the edges subject —relation→ object (any condition).
func (g *Graph) Between(subject, relation, object string) []*Edge {
	return g.bySRO[subject+"|"+relation+"|"+object]
}

// NumEntities is the node count; NumEdges the edge count; Quads the number
// of quads in the cayley store (relation quads plus one type quad per node);
// Bytes an estimate of the stored payload.
func (g *Graph) NumEntities() int { return len(g.entities) }

// NumEdges is the number of distinct edges.
func (g *Graph) NumEdges() int { return len(g.edges) }

// Quads is the number of quads written to the cayley store.
func (g *Graph) Quads() int { return g.quads }

// Bytes estimates the stored payload in bytes (keys, displays, evidence).
func (g *Graph) Bytes() int64 { return g.bytes }

// upsertEntity creates the node or upgrades its type from concept.
func (g *Graph) upsertEntity(key, display, typ string) (*Entity, error) {
	if !IsEntityType(typ) {
		typ = TypeConcept
	}
	if display == "" {
		display = key
	}
	e, ok := g.entities[key]
	if !ok {
		e = &Entity{Key: key, Display: display, Type: typ, Seq: g.seq}
		g.entities[key] = e
		if toks := textutil.NormalizeTokens(display); len(toks) > 0 {
			g.byHead[toks[0]] = append(g.byHead[toks[0]], key)
			g.byTail[toks[len(toks)-1]] = append(g.byTail[toks[len(toks)-1]], key)
		}
		if err := g.h.AddQuad(quad.Make(entityIRI(key), quad.IRI(typePredicate), quad.IRI(typePrefix+typ), nil)); err != nil {
			return nil, fmt.Errorf("gaama: add type quad: %w", err)
		}
		g.quads++
		g.bytes += int64(len(key) + len(display) + len(typ))
		return e, nil
	}
	if typeRank(typ) > typeRank(e.Type) {
		if err := g.h.RemoveQuad(quad.Make(entityIRI(key), quad.IRI(typePredicate), quad.IRI(typePrefix+e.Type), nil)); err != nil {
			return nil, fmt.Errorf("gaama: remove type quad: %w", err)
		}
		if err := g.h.AddQuad(quad.Make(entityIRI(key), quad.IRI(typePredicate), quad.IRI(typePrefix+typ), nil)); err != nil {
			return nil, fmt.Errorf("gaama: add type quad: %w", err)
		}
		e.Type = typ
	}
	return e, nil
}

// Assert writes one fact with merge semantics and knowledge updates:
//
//  1. Nodes: one per key; a node typed concept takes a more specific type
//     from a later statement (the caller's lexical type, else the relation's
//     argument signature: the object of located_in is a place …).
//  2. Edges: one per (subject, relation, object, condition); a repeated
//     statement appends its turn id (once) and sentence, and a superseded
//     edge stated again becomes current again.
//  3. Updates (Zep/Graphiti-style edge invalidation): the edge then
//     supersedes older current edges of the same subject and condition
//     (never two incompatible current values for one slot):
//     - any edge of the same relation whose object the fact explicitly
//     Replaces;
//     - for the opposite relation (prefers ↔ dislikes), the edge to the same
//     object;
//     - for Strict relations (status, located_in, scheduled_for), every
//     edge of the relation whose object neither refines nor is refined by
//     the new one ("postgres" and "postgres 16" refine each other);
//     - for Slot relations (uses, prefers) and a statement that names no
//     replaced object, a non-refining edge of the relation whose object
//     shares the new object's head word ("aisle seat" vs "window seat",
//     "postgres 16" vs "postgres 17"), or — when the statement announces a
//     change — the single other current object, any other object of the
//     same specific (non-concept) type, or an object the stating sentence
//     names ("switch to Deezer and drop Spotify");
//     - and, as a cascade, current "decided" edges pointing at a replaced
//     object (a decision for an abandoned choice is stale).
//  4. A Past statement only merges provenance (see Fact.Past).
//
// A malformed fact returns an error wrapping ErrBadFact and changes nothing.
func (g *Graph) Assert(f Fact) (AssertResult, error) {
	if f.Subject == "" || f.Object == "" || f.Subject == f.Object || !IsRelation(f.Relation) {
		return AssertResult{}, fmt.Errorf("%w: (%q, %q, %q)", ErrBadFact, f.Subject, f.Relation, f.Object)
	}
	g.seq++
	info := relTable[f.Relation]
	st, ot := f.SubjectType, f.ObjectType
	if typeRank(st) == 0 && info.subj != "" {
		st = info.subj
	}
	if typeRank(ot) == 0 && info.obj != "" {
		ot = info.obj
	}
	se, err := g.upsertEntity(f.Subject, f.SubjectDisplay, st)
	if err != nil {
		return AssertResult{}, err
	}
	oe, err := g.upsertEntity(f.Object, f.ObjectDisplay, ot)
	if err != nil {
		return AssertResult{}, err
	}
	key := edgeKey(f.Subject, f.Relation, f.Object, f.Condition)
	e, exists := g.edges[key]
	res := AssertResult{Edge: e}
	if !exists {
		sro := f.Subject + "|" + f.Relation + "|" + f.Object
		if len(g.bySRO[sro]) == 0 {
			if err := g.h.AddQuad(quad.Make(entityIRI(f.Subject), relationIRI(f.Relation), entityIRI(f.Object), nil)); err != nil {
				return AssertResult{}, fmt.Errorf("gaama: add relation quad: %w", err)
			}
			g.quads++
		}
		e = &Edge{Subject: f.Subject, Relation: f.Relation, Object: f.Object, Condition: f.Condition, First: f.Time}
		g.edges[key] = e
		e.pos = len(g.order)
		g.order = append(g.order, e)
		g.bySR[f.Subject+"|"+f.Relation] = append(g.bySR[f.Subject+"|"+f.Relation], e)
		g.bySRO[sro] = append(g.bySRO[sro], e)
		g.byObj[f.Object] = append(g.byObj[f.Object], e)
		se.Degree++
		oe.Degree++
		g.bytes += int64(len(key))
		res.Edge, res.Created = e, true
	}
	e.Seq = g.seq
	if f.Time.After(e.Last) {
		e.Last = f.Time
	}
	// e.TurnIDs holds f.TurnID exactly when byTurn[f.TurnID] holds e (both
	// are appended together); the turn's list is the short one to search.
	if f.TurnID != "" && !slices.Contains(g.byTurn[f.TurnID], e) {
		e.TurnIDs = append(e.TurnIDs, f.TurnID)
		g.byTurn[f.TurnID] = append(g.byTurn[f.TurnID], e)
		g.bytes += int64(len(f.TurnID))
	}
	if ek := (evidenceKey{e, f.TurnID, f.Sentence}); f.Sentence != "" && !g.evSeen[ek] {
		g.evSeen[ek] = true
		e.Evidence = append(e.Evidence, Evidence{TurnID: f.TurnID, Sentence: f.Sentence, Time: f.Time})
		g.bytes += int64(len(f.Sentence))
	}
	if f.Past {
		if res.Created && FunctionalityOf(e.Relation) != Multi {
			for _, r := range g.bySR[e.Subject+"|"+e.Relation] {
				if r != e && !r.Superseded && r.Condition == e.Condition && !g.refines(r.Object, e.Object) {
					e.Superseded, e.SupersededBy = true, r.Key()
					break
				}
			}
		}
		return res, nil
	}
	e.Superseded, e.SupersededBy = false, ""
	res.Superseded = g.resolveConflicts(e, f)
	return res, nil
}

// Retract marks superseded the current edges subject —relation→ x whose
// object x is object or refines it (a negated statement: "we no longer use
// Redis"), and returns them. The edges keep their provenance.
func (g *Graph) Retract(subject, relation, object string) []*Edge {
	var out []*Edge
	g.seq++
	for _, e := range g.bySR[subject+"|"+relation] {
		if !e.Superseded && g.refines(e.Object, object) {
			e.Superseded, e.SupersededBy = true, "retracted"
			out = append(out, e)
		}
	}
	return out
}

// resolveConflicts applies the update rules of Assert to the fresh edge e.
func (g *Graph) resolveConflicts(e *Edge, f Fact) []*Edge {
	var out []*Edge
	supersede := func(old *Edge) {
		if old == e || old.Superseded {
			return
		}
		old.Superseded, old.SupersededBy = true, e.Key()
		out = append(out, old)
	}
	fn := FunctionalityOf(e.Relation)
	var rivals []*Edge
	for _, r := range g.bySR[e.Subject+"|"+e.Relation] {
		if r != e && !r.Superseded && r.Condition == e.Condition && !g.refines(r.Object, e.Object) {
			rivals = append(rivals, r)
		}
	}
	newEnt := g.entities[e.Object]
	for _, r := range rivals {
		switch {
		case f.Replaces != "" && (r.Object == f.Replaces || g.refines(r.Object, f.Replaces)):
			supersede(r)
		case fn == Strict:
			supersede(r)
		case fn == Slot && f.Replaces == "":
			old := g.entities[r.Object]
			sameType := old != nil && newEnt != nil && old.Type == newEnt.Type && typeRank(old.Type) > 0
			named := old != nil && mentions(f.Sentence, old.Display)
			if sameHead(r.Object, e.Object) || (f.Change && (len(rivals) == 1 || sameType || named)) {
				supersede(r)
			}
		}
	}
	if opp, ok := opposite[e.Relation]; ok {
		for _, r := range g.bySRO[e.Subject+"|"+opp+"|"+e.Object] {
			if r.Condition == e.Condition {
				supersede(r)
			}
		}
	}
	// Cascade: decisions for a replaced object are stale too.
	for _, old := range slices.Clone(out) {
		if old.Relation == "decided" {
			continue
		}
		for _, d := range g.byObj[old.Object] {
			if d.Relation == "decided" && d.Seq < e.Seq {
				supersede(d)
			}
		}
	}
	return out
}

// mentions reports whether every word of name occurs in sentence
// (normalized, stemmed tokens).
func mentions(sentence, name string) bool {
	need := textutil.NormalizeTokens(name)
	if len(need) == 0 || sentence == "" {
		return false
	}
	return subset(need, textutil.NormalizeTokens(sentence))
}

// refines reports whether one object's words (stemmed) are a subset of the
// other's: "postgres" and "postgres 16" refine each other; equal keys
// refine trivially.
func refines(a, b string) bool {
	if a == b {
		return true
	}
	ta, tb := textutil.NormalizeTokens(a), textutil.NormalizeTokens(b)
	if len(ta) == 0 || len(tb) == 0 {
		return false
	}
	return subset(ta, tb) || subset(tb, ta)
}

// evidenceKey identifies one stored Evidence of an edge.
type evidenceKey struct {
	edge             *Edge
	turnID, sentence string
}

// refines is the package refines with the keys' tokens memoized (entity
// keys recur in every conflict check of their slot).
func (g *Graph) refines(a, b string) bool {
	if a == b {
		return true
	}
	ta, tb := g.tokensOf(a), g.tokensOf(b)
	if len(ta) == 0 || len(tb) == 0 {
		return false
	}
	return subset(ta, tb) || subset(tb, ta)
}

// tokensOf returns textutil.NormalizeTokens(key), memoized per key.
func (g *Graph) tokensOf(key string) []string {
	if t, ok := g.keyToks[key]; ok {
		return t
	}
	t := textutil.NormalizeTokens(key)
	g.keyToks[key] = t
	return t
}

func subset(a, b []string) bool {
	set := textutil.TokenSet(b)
	for _, t := range a {
		if !set[t] {
			return false
		}
	}
	return true
}

// sameHead reports whether two multi-word objects share their head: the last
// word that is not a number, stemmed ("window seat" ~ "aisle seat",
// "postgres 16" ~ "postgres 17"). Single-word objects have no separate head.
func sameHead(a, b string) bool {
	ha, na := head(a)
	hb, nb := head(b)
	return ha != "" && ha == hb && (na > 1 || nb > 1)
}

func head(s string) (string, int) {
	ws := textutil.NormalizeTokens(s)
	for i := len(ws) - 1; i >= 0; i-- {
		if !allDigits(ws[i]) {
			return ws[i], len(ws)
		}
	}
	return "", len(ws)
}

// TurnStatus is the status a raw turn renders with: superseded when some
// edge stated in it is superseded and none of its Slot or Strict edges is
// still current (everything the turn says about a changing value is out of
// date); current otherwise, and for turns with no edges.
func (g *Graph) TurnStatus(turnID string) string {
	stale, live := false, false
	for _, e := range g.byTurn[turnID] {
		switch {
		case e.Superseded:
			stale = true
		case FunctionalityOf(e.Relation) != Multi:
			live = true
		}
	}
	if stale && !live {
		return strategies.StatusSuperseded
	}
	return strategies.StatusCurrent
}

// Text renders an edge as a plain statement with entity display names:
// "orders service uses Canon R6", "user prefers tea (when unwell)".
func (g *Graph) Text(e *Edge) string {
	var b strings.Builder
	b.WriteString(g.display(e.Subject))
	b.WriteByte(' ')
	b.WriteString(Verb(e.Relation))
	b.WriteByte(' ')
	b.WriteString(g.display(e.Object))
	if e.Condition != "" {
		b.WriteString(" (" + e.Condition + ")")
	}
	return b.String()
}

func (g *Graph) display(key string) string {
	if en := g.entities[key]; en != nil {
		return en.Display
	}
	return key
}
