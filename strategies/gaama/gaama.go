// Package gaama is graph-augmented associative memory: an entity–relation
// knowledge graph (cayley quads) beside a vector store of verbatim episodes
// (strategies.RawIndex: every turn with the turn before it, chromem-go), with a deterministic query router,
// dual retrieval and reciprocal rank fusion. The design is graph-augmented
// associative memory (GAAMA) and the graph-plus-vector memories it draws on
// (GraphRAG-style entity graphs, Edge et al., 2024; Zep/Graphiti temporal
// knowledge graphs, Rasmussen et al., 2025; HippoRAG's associative
// entity-seeded retrieval, Gutiérrez et al., 2024).
//
// Write side (Ingest): every turn is stored as an episode; its
// entities and relations — from the turn's gold triplets in extraction:
// oracle mode, else from an extract-graph model request (offline: the
// shared offline model, internal/offline) — are normalized (Resolver) and
// merged into the graph (Graph.Assert): one node per entity, one edge per
// fact with every turn id that stated it, and knowledge updates that mark
// the older of two incompatible values superseded; an explicit replacement
// ("from 70% to 80%") is also restated for slots older lines named
// differently (Gaama.restate), and its old value marks free text that states
// it as superseded (StaleIndex).
//
// Read side (Retrieve): Route classifies the question (fact / multi-hop /
// open / task) and picks graph-first, vector-first or both; entities named
// in the question seed fixed traversal templates (1–3 hops, Templates) over
// the graph; the vector store returns the nearest episodes; LinkedRRF fuses
// the two rankings (k = 60; the episodes at weight 1, the graph at
// graph_weight times the route's factor); Dedup drops items that state facts already
// stated; the first max_items items that fit the token budget are rendered
// in a "Facts" and a "Background" section, each line with its turn ids.
package gaama

import (
	"context"
	"errors"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/memarena/memarena/internal/model"
	"github.com/memarena/memarena/internal/textutil"
	"github.com/memarena/memarena/strategies"
)

// Name is the registry name.
const Name = "gaama"

// Fixed ranking constants (documented with Gaama.graphRank).
const (
	hopDecay       = 0.5  // score factor per extra hop of a walk
	offRelation    = 0.5  // factor for a hop whose relation the question does not ask about
	bridgeBonus    = 2.0  // a walk that ends at another question entity
	targetBonus    = 1.5  // a walk that ends at an entity of the asked type
	staleFactor    = 0.5  // superseded facts, unless the question asks about history
	hubDegree      = 48   // entities with more edges are not walked through (and walked from with one hop only)
	maxSeeds       = 6    // question entities that seed traversals
	walkLimit      = 4000 // walks kept per template and seed
	userSeedWeight = 0.5  // link score of the "user" node for first-person questions
)

func init() {
	strategies.Register(strategies.Spec{
		Name:    Name,
		Summary: "entity–relation knowledge graph (cayley) beside a turn vector store (chromem-go); routed dual retrieval, RRF fusion, de-duplication",
		Source:  "GAAMA design brief; RRF (Cormack et al. 2009); Zep/Graphiti knowledge updates (Rasmussen et al. 2025)",
		Params: []strategies.ParamSpec{
			{Name: "rrf_k", Type: strategies.TypeFloat, Default: 60.0, Min: 0, Max: 1000,
				Doc: "reciprocal rank fusion constant k in Σ w/(k + rank); larger flattens the rank differences (0–1000, Cormack et al. use 60)"},
			{Name: "max_items", Type: strategies.TypeInt, Default: 12, Min: 1, Max: 200,
				Doc: "fixed result budget: at most this many items (facts + background turns) per retrieval, before the token budget (1–200)"},
			{Name: "max_hops", Type: strategies.TypeInt, Default: 3, Min: 1, Max: 3,
				Doc: "longest traversal template in hops (1–3); the router asks for 1 (open), 2 (fact, task) or 3 (multi-hop), capped here"},
			{Name: "vector_k", Type: strategies.TypeInt, Default: 50, Min: 1, Max: 1000,
				Doc: "episodes (a turn with the turn before it) fetched from the vector store per retrieval before fusion (1–1000)"},
			{Name: "graph_weight", Type: strategies.TypeFloat, Default: DefaultGraphWeight, Min: 0, Max: 10,
				Doc: "weight of the graph list in the fusion, against the episode list's 1, before the route's factor (Decision.Weights), in [0, 10]"},
		},
		New: func(env strategies.Env, p strategies.Params) (strategies.Strategy, error) {
			return New(env, Config{RRFK: p.Float("rrf_k"), MaxItems: p.Int("max_items"), MaxHops: p.Int("max_hops"), VectorK: p.Int("vector_k"),
				GraphWeight: p.Float("graph_weight")})
		},
	})
}

// Config holds the strategy's parameters (see the registered ParamSpecs).
type Config struct {
	// RRFK is the reciprocal rank fusion constant k (≥ 0; default 60).
	RRFK float64
	// MaxItems is the fixed result budget in items (≥ 1; default 12).
	MaxItems int
	// MaxHops caps the traversal templates' length (1–3; default 3).
	MaxHops int
	// VectorK is the number of episodes fetched by vector search (≥ 1;
	// default 50).
	VectorK int
	// GraphWeight is the graph list's fusion weight against the episode
	// list's 1, before the route's factor (≥ 0; default
	// DefaultGraphWeight).
	GraphWeight float64
}

// DefaultGraphWeight is the default Config.GraphWeight: GAAMA scores
// retrieval as semantic k-nearest-neighbour search plus a graph term
// (Paul, Sharma and Sareen 2026: the graph adds about one point over
// semantic search alone), so the episodes lead and the graph re-ranks; the
// value is set on LoCoMo (README.md, "Raw channel").
const DefaultGraphWeight = 0.25

// DefaultConfig is the registered defaults.
var DefaultConfig = Config{RRFK: 60, MaxItems: 12, MaxHops: 3, VectorK: 50, GraphWeight: DefaultGraphWeight}

// Gaama is the strategy. Not safe for concurrent use (the runner drives one
// instance from one goroutine).
type Gaama struct {
	env   strategies.Env
	cfg   Config
	graph *Graph
	res   *Resolver
	raw   *strategies.RawIndex // episodes: every turn with the turn before it
	log   strategies.TurnLog

	persons   map[string]bool
	gold      strategies.GoldCount
	people    []string                  // user-side persons (strategies.Person), first-seen order: whom "I"/"my" in a question means
	tokIndex  map[string][]string       // content-token stem → entity keys, creation order
	entTokens map[string][]string       // entity key → unique content-token stems
	edgeToks  map[*Edge]map[string]bool // edge → content-token stems of its text and evidence
	loose     map[string][]string       // turn id → keys of substantive sentences that yielded no edge
	hubs      map[string]bool           // entity keys with degree > hubDegree, plus user/assistant
	hubList   []string                  // hubs in the order they became hubs
	stale     *StaleIndex               // superseded values per slot
	replaced  map[string][]string       // normalized replaced value → the reply phrases naming it as replaced (Redact)
	dispToks  map[string][]string       // entity key → normalized tokens of its display (dates dropped)

	failures int // extraction requests that failed (model.ErrFailed)
	invalid  int // extracted relations dropped as malformed
	bytes    int64
}

// New builds a Gaama from an environment and a configuration. The embedder
// and tokenizer are required; the model client is required unless
// env.Extraction is strategies.ExtractOracle.
func New(env strategies.Env, cfg Config) (*Gaama, error) {
	switch {
	case env.Embedder == nil:
		return nil, errors.New("gaama: env has no embedder")
	case env.Tokenizer == nil:
		return nil, errors.New("gaama: env has no tokenizer")
	case env.Model == nil && env.Extraction != strategies.ExtractOracle:
		return nil, errors.New("gaama: env has no model client (needed for extraction: model)")
	case cfg.RRFK < 0 || math.IsNaN(cfg.RRFK):
		return nil, fmt.Errorf("gaama: rrf_k %v must be ≥ 0", cfg.RRFK)
	case cfg.MaxItems < 1 || cfg.VectorK < 1 || cfg.MaxHops < 1 || cfg.MaxHops > 3 || !(cfg.GraphWeight >= 0):
		return nil, fmt.Errorf("gaama: bad config %+v", cfg)
	}
	g, err := NewGraph()
	if err != nil {
		return nil, err
	}
	return &Gaama{
		env: env, cfg: cfg, graph: g, res: NewResolver(), raw: strategies.NewRawIndex(env.Embedder, strategies.DefaultRawWindow),
		persons: map[string]bool{}, gold: strategies.GoldCount{}, tokIndex: map[string][]string{}, entTokens: map[string][]string{},
		edgeToks: map[*Edge]map[string]bool{}, loose: map[string][]string{},
		hubs: map[string]bool{"user": true, "assistant": true}, hubList: []string{"user", "assistant"},
		stale: NewStaleIndex(), dispToks: map[string][]string{}, replaced: map[string][]string{},
	}, nil
}

// Graph exposes the knowledge graph (read-only use: tests, reports).
func (s *Gaama) Graph() *Graph { return s.graph }

// ExtractionFailures is the number of extract-graph requests that failed
// for good (the turn then stays in the vector store only).
func (s *Gaama) ExtractionFailures() int { return s.failures }

// InvalidRelations is the number of extracted relations dropped as
// malformed (unknown relation, empty or identical arguments).
func (s *Gaama) InvalidRelations() int { return s.invalid }

// Ingest embeds the turn and writes its entities and relations into the
// graph. A failed extraction request (model.ErrFailed) is counted and
// skipped — the turn stays searchable by vector; a turn without an id, a
// turn id seen before, a cancelled context and any other model, embedder or
// vector-store error are returned.
func (s *Gaama) Ingest(ctx context.Context, t strategies.Turn) error {
	if t.ID == "" {
		return errors.New("gaama: turn has no id")
	}
	if _, dup := s.log.Get(t.ID); dup {
		return fmt.Errorf("gaama: turn %q ingested twice", t.ID)
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	s.log.Add(t)
	s.notePerson(t)
	if err := s.raw.Add(ctx, t); err != nil {
		return fmt.Errorf("gaama: %w", err)
	}

	if s.env.Extraction == strategies.ExtractOracle {
		if err := s.write(t, FromGold(t.Gold, t.Text)); err != nil {
			return err
		}
		return s.goldFacts(ctx, t)
	}
	ex, err := s.extract(ctx, t)
	if err != nil {
		return err
	}
	return s.write(t, ex)
}

// extract asks the model for the entities and relations of one turn (an
// extract-graph request). A failed request (model.ErrFailed) is counted
// and gives an empty extraction; other errors are returned.
func (s *Gaama) extract(ctx context.Context, t strategies.Turn) (Extraction, error) {
	req := model.Request{Kind: model.KindExtractGraph, Role: model.RoleExtractor, Input: model.GraphInput{TurnInput: strategies.TurnInput(t)}}
	ex, err := model.CallJSON[Extraction](ctx, s.env.Model, req)
	if err != nil {
		if !errors.Is(err, model.ErrFailed) {
			return Extraction{}, fmt.Errorf("gaama: extract-graph for turn %s: %w", t.ID, err)
		}
		s.failures++
		return Extraction{}, nil
	}
	return ex, nil
}

// write merges one turn's extraction into the graph.
func (s *Gaama) write(t strategies.Turn, ex Extraction) error {
	types := map[string]string{}
	for _, e := range ex.Entities {
		if n := Normalize(e.Name); n != "" && IsEntityType(strings.ToLower(e.Type)) {
			types[n] = strings.ToLower(e.Type)
		}
	}
	ref := t.SessionStart
	if ref.IsZero() {
		ref = t.Time
	}
	sents := sentences(t.Text)
	used := map[string]bool{}
	for _, r := range ex.Relations {
		if own := s.own(r.Subject, t); own != r.Subject {
			r.Subject, r.SubjectName = own, ""
		}
		if own := s.own(r.Object, t); own != r.Object {
			r.Object, r.ObjectName = own, ""
		}
		rel := strings.ToLower(strings.TrimSpace(r.Relation))
		if !IsRelation(rel) {
			s.invalid++
			continue
		}
		subj, subjDisp, subjType := s.entity(surface(r.Subject, t.Text), r.SubjectName, types, ref, false)
		if subj == "" {
			s.invalid++
			continue
		}
		if strings.TrimSpace(r.Object) == "" {
			// A negated statement: retract the replaced object, add nothing.
			if old := s.res.Lookup(r.Replaces); old != "" {
				for _, e := range s.graph.Retract(subj, rel, old) {
					s.noteStale(e)
				}
			}
			s.stale.Add(subj+"|"+rel, Normalize(r.Replaces), surface(r.Replaces, t.Text))
			s.noteReplacedPhrase(r.Replaces, r.ReplacedPhrase)
			continue
		}
		obj, objDisp, objType := s.entity(surface(r.Object, t.Text), r.ObjectName, types, ref, rel == "scheduled_for")
		ev := strings.TrimSpace(r.Evidence)
		if ev == "" || !strings.Contains(t.Text, ev) {
			ev = BestSentence(t.Text, r.Object+" "+r.Object+" "+r.Subject)
		}
		replaces := ""
		if r.Replaces != "" {
			s.noteReplacedPhrase(r.Replaces, r.ReplacedPhrase)
			if replaces = s.res.Lookup(r.Replaces); replaces == "" {
				replaces = Normalize(r.Replaces)
			}
			// "moved X from A to B" updates whatever relation holds X → A now
			// (located_in for a deployment, status for a setting).
			if cur := s.currentRelation(subj, replaces); cur != "" && cur != rel && rel == "uses" {
				rel = cur
			}
		}
		res, err := s.graph.Assert(Fact{
			Subject: subj, SubjectDisplay: subjDisp, SubjectType: subjType, Relation: rel,
			Object: obj, ObjectDisplay: objDisp, ObjectType: objType, Condition: strings.ToLower(strings.TrimSpace(r.Condition)),
			Replaces: replaces, Change: r.Change, Past: r.Past, TurnID: t.ID, Time: t.Time, Sentence: ev,
		})
		if errors.Is(err, ErrBadFact) {
			s.invalid++
			continue
		}
		if err != nil {
			return err
		}
		used[ev] = true
		s.index(subj)
		s.index(obj)
		s.indexEdge(res.Edge)
		// Superseded values mark free text only when the update is certain:
		// gold annotations, an announced change or an explicit replacement.
		strong := s.env.Extraction == strategies.ExtractOracle || replaces != "" || r.Change
		for _, old := range res.Superseded {
			if strong {
				s.noteStale(old)
			}
		}
		if res.Edge.Superseded {
			if strong {
				s.noteStale(res.Edge)
			}
		} else {
			s.stale.Remove(subj+"|"+rel, obj)
			if replaces != "" && len(s.graph.Between(subj, rel, replaces)) == 0 {
				s.stale.Add(subj+"|"+rel, replaces, surface(r.Replaces, t.Text))
			}
			if replaces != "" {
				if err := s.restate(subj, rel, surface(r.Replaces, t.Text), replaces, res.Edge, t, ev, ref); err != nil {
					return err
				}
			}
		}
	}
	// Substantive sentences that yielded no edge keep their turn from being
	// dropped as a duplicate of the facts read from it.
	for i, sent := range sents {
		if !used[sent] && len(textutil.ContentTokens(sent)) >= 3 {
			s.loose[t.ID] = append(s.loose[t.ID], "s:"+t.ID+"#"+strconv.Itoa(i))
		}
	}
	return nil
}

// currentRelation returns the Slot or Strict relation of a current edge
// subject → object (object or a refinement of it), "" when there is none.
func (s *Gaama) currentRelation(subject, object string) string {
	for _, r := range Relations {
		if FunctionalityOf(r) == Multi {
			continue
		}
		for _, e := range s.graph.bySR[subject+"|"+r] {
			if !e.Superseded && refines(e.Object, object) {
				return r
			}
		}
	}
	return ""
}

// entity resolves an extracted name, whose canonical entity name is
// canonical ("" for the name itself, see Resolver.Key), to (key, display,
// type). Time expressions are keyed by their resolved date (see
// ResolveTime), relative to ref (the session start).
func (s *Gaama) entity(name, canonical string, types map[string]string, ref time.Time, future bool) (string, string, string) {
	name = strings.TrimLeft(strings.TrimSpace(name), "->*#:=|•~ ")
	n := Normalize(name)
	if n == "" {
		return "", "", ""
	}
	typ := types[n]
	if typ == "" {
		typ = TypeOf(name, n, s.persons)
	}
	if IsTimeExpr(name) || typ == TypeTime {
		if k, d := timeKey(name, ref, future); k != "" {
			return k, d, TypeTime
		}
	}
	k := s.res.Key(name, canonical)
	if k == "" {
		return "", "", ""
	}
	if s.persons[n] {
		typ = TypePerson
	}
	return k, name, typ
}

// index adds an entity's content tokens to the linking index once.
func (s *Gaama) index(key string) {
	if _, ok := s.entTokens[key]; ok {
		return
	}
	toks := uniq(textutil.ContentTokens(key))
	s.entTokens[key] = toks
	for _, tk := range toks {
		s.tokIndex[tk] = append(s.tokIndex[tk], key)
	}
	s.bytes += int64(len(key))
}

// indexEdge refreshes an edge's token set and the hub set.
func (s *Gaama) indexEdge(e *Edge) {
	set := s.edgeToks[e]
	if set == nil {
		set = map[string]bool{}
		s.edgeToks[e] = set
		for _, tk := range textutil.ContentTokens(s.graph.Text(e)) {
			set[tk] = true
		}
	}
	if n := len(e.Evidence); n > 0 {
		for _, tk := range textutil.ContentTokens(e.Evidence[n-1].Sentence) {
			set[tk] = true
		}
	}
	for _, k := range []string{e.Subject, e.Object} {
		if en := s.graph.Entity(k); en != nil && en.Degree > hubDegree && !s.hubs[k] {
			s.hubs[k] = true
			s.hubList = append(s.hubList, k)
		}
	}
}

// restate carries an explicit replacement over to the slots older lines
// named differently. When cur (subject|rel → new value) replaced the value
// old ("the coverage gate goes from 70% to 80%"), every current edge of
// another subject whose object is old plus a noun phrase N — "70% test
// coverage target" (old first) or "test coverage target 70%" (old last) —
// where N shares a content word (not a number) with subject, stated the old
// value for a slot named N. restate asserts (N, rel, new value) from the
// replacing turn and sentence ("test coverage target has status 80%"), so
// the current value is also found, and read, under the older wording. Only
// Distinctive old values count; edges are visited in creation order. The
// candidate edges come from Graph.EdgesToAffixed (objects whose wording
// starts or ends with the old value), not from a walk over every edge.
func (s *Gaama) restate(subject, rel, oldDisp, oldKey string, cur *Edge, t strategies.Turn, ev string, ref time.Time) error {
	oldDisp = dateSuffix.ReplaceAllString(oldDisp, "")
	old := textutil.NormalizeTokens(oldDisp)
	if len(old) == 0 || !Distinctive(oldDisp) {
		return nil
	}
	topic := map[string]bool{}
	for _, tk := range textutil.ContentTokens(subject) {
		if !allDigits(tk) {
			topic[tk] = true
		}
	}
	var names []string
	for _, e := range s.graph.EdgesToAffixed(old) {
		if e.Superseded || e.Subject == subject || e.Object == oldKey {
			continue
		}
		words := strings.Fields(s.graph.display(e.Object))
		for i := 1; i < len(words); i++ {
			var n string
			switch {
			case slices.Equal(textutil.NormalizeTokens(strings.Join(words[:i], " ")), old):
				n = strings.Join(words[i:], " ")
			case slices.Equal(textutil.NormalizeTokens(strings.Join(words[i:], " ")), old):
				n = strings.Join(words[:i], " ")
			default:
				continue
			}
			if slices.ContainsFunc(textutil.ContentTokens(n), func(tk string) bool { return topic[tk] }) && !slices.Contains(names, n) {
				names = append(names, n)
			}
			break
		}
	}
	objDisp := s.graph.display(cur.Object)
	objType := ""
	if en := s.graph.Entity(cur.Object); en != nil {
		objType = en.Type
	}
	for _, n := range names {
		key, disp, typ := s.entity(n, "", nil, ref, false)
		if key == "" || key == subject || key == cur.Object || len(s.graph.Between(key, rel, cur.Object)) > 0 {
			continue
		}
		res, err := s.graph.Assert(Fact{
			Subject: key, SubjectDisplay: disp, SubjectType: typ, Relation: rel,
			Object: cur.Object, ObjectDisplay: objDisp, ObjectType: objType, Condition: cur.Condition,
			Change: true, TurnID: t.ID, Time: t.Time, Sentence: ev,
		})
		if errors.Is(err, ErrBadFact) {
			continue
		}
		if err != nil {
			return err
		}
		s.index(key)
		s.indexEdge(res.Edge)
	}
	return nil
}

// noteStale records a superseded edge's object as a stale value of its
// slot.
func (s *Gaama) noteStale(e *Edge) {
	s.stale.Add(e.Subject+"|"+e.Relation, e.Object, s.graph.display(e.Object))
}

// currentValues returns the normalized tokens of the current objects of a
// slot "subject|relation" (for StaleIndex.Scan).
func (s *Gaama) currentValues(slot string) [][]string {
	var out [][]string
	for _, e := range s.graph.bySR[slot] {
		if !e.Superseded {
			toks, ok := s.dispToks[e.Object]
			if !ok {
				toks = textutil.NormalizeTokens(dateSuffix.ReplaceAllString(s.graph.display(e.Object), ""))
				s.dispToks[e.Object] = toks
			}
			out = append(out, toks)
		}
	}
	return out
}

// dateSuffix is the " (2026-03-02)" a time entity's display carries.
var dateSuffix = regexp.MustCompile(` \(\d{4}-\d{2}-\d{2}\)$`)

// surface returns name as written in text when name is a lowercase
// rendering of a phrase the text contains as whole words ("go 1.26" →
// "Go 1.26"), so facts keep the original wording; name otherwise.
func surface(name, text string) string {
	name = strings.Join(strings.Fields(name), " ")
	if name == "" || name != strings.ToLower(name) {
		return name
	}
	lower := strings.ToLower(text)
	if len(lower) != len(text) {
		return name // a case mapping changed byte lengths: offsets would not match
	}
	wordAt := func(i int) bool {
		if i < 0 || i >= len(text) {
			return false
		}
		r, _ := utf8.DecodeRuneInString(text[i:])
		if r == utf8.RuneError && i > 0 {
			r, _ = utf8.DecodeLastRuneInString(text[:i+1])
		}
		return unicode.IsLetter(r) || unicode.IsDigit(r)
	}
	for from := 0; from < len(lower); {
		i := strings.Index(lower[from:], name)
		if i < 0 {
			break
		}
		i += from
		j := i + len(name)
		if !wordAt(i-1) && !wordAt(j) {
			return text[i:j]
		}
		from = i + 1
	}
	return name
}

// EndSession ends the session's coreference scope ("it" never reaches back
// into an earlier session). Nothing else is consolidated: the graph is
// updated turn by turn.
func (s *Gaama) EndSession(context.Context, strategies.SessionInfo) error {
	return nil
}

// Footprint counts turns and entities as items, graph edges as edges, and
// the text, vector and graph payload as bytes.
func (s *Gaama) Footprint() strategies.Footprint {
	return strategies.Footprint{
		Items: len(s.log.Turns) + s.graph.NumEntities(),
		Edges: s.graph.NumEdges(),
		Bytes: s.raw.Bytes() + s.bytes + s.graph.Bytes(),
	}
}

// Close releases the quad store.
func (s *Gaama) Close() error { return s.graph.Close() }

func uniq(xs []string) []string {
	seen := map[string]bool{}
	out := xs[:0:0]
	for _, x := range xs {
		if !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	return out
}

// noteReplacedPhrase records the phrase a reply marked as naming value as
// replaced, once (see Redact).
func (s *Gaama) noteReplacedPhrase(value, phrase string) {
	k := Normalize(value)
	if k == "" || strings.TrimSpace(phrase) == "" || slices.Contains(s.replaced[k], phrase) {
		return
	}
	s.replaced[k] = append(s.replaced[k], phrase)
}

// replacedPhrases returns the recorded replaced-value phrases of the stale
// values a line mentions (StaleIndex.Scan's mentioned displays).
func (s *Gaama) replacedPhrases(mentioned []string) []string {
	var out []string
	for _, m := range mentioned {
		out = append(out, s.replaced[Normalize(m)]...)
	}
	return out
}
