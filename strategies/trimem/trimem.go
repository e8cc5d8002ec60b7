// Package trimem is the triplet-graph memory with decay: facts are kept as
// (subject, relation, object) triplets over the 15 fixed relation types of
// scenarios.Relations, between normalized entities, each with a strength in
// [0, 1] that is reinforced when the fact is asserted again and decays with
// scenario time.
//
// The design follows the triplet memories of the agent-memory literature —
// knowledge-graph memories such as Mem0's graph variant (Chhikara et al.
// 2025) and Zep/Graphiti (Rasmussen et al. 2025; temporal edges that are
// invalidated, not deleted, when a newer fact contradicts them) — with the
// strength dynamics of MemoryBank (Zhong et al. 2024; Ebbinghaus-style
// exponential forgetting with reinforcement on recall), and consolidation of
// episodic instances into a semantic rule.
//
// Mechanisms (each in its own function, each unit-tested):
//
//   - extraction: an extract-triplets request (prompt
//     internal/model/prompts/extract-triplets.tmpl; offline: the shared
//     offline model, internal/offline), or the scenario's gold triplets in
//     oracle mode;
//   - entity linking (Store.ResolveEntity): nlp.NormalizeEntity ("I", "me",
//     "the user" → "user"; a named speaker's first person is that speaker,
//     see people), stemmed keys, canonical-name linking by the reply's
//     entity names ("Nikon" ↔ "the Nikon camera", model.EntityNames);
//   - reinforcement: s ← e + α(1 − e), e the decayed strength;
//   - conflict resolution (Store.assert): a newer object of a single-valued
//     relation, a change-cued or explicitly replacing object of a
//     multi-valued one, and the opposite polarity (prefers ↔ dislikes)
//     supersede the older triplet, which is kept with its condition, its
//     validity end and SupersededWeight × its strength — never two current
//     values in one slot; the replaced value also falls under the slot's
//     other names (aliasSlots) and in the facts its sentence derived from
//     it (dependents); conditions ("when unwell") form their own slots and
//     stay conditional;
//   - decay s(t) = s·2^(−Δt/half_life) in scenario time, and forgetting
//     (Store.Sweep at each session end): triplets below forget_threshold
//     are archived — kept for the audit (Store.Triplets), never returned;
//   - consolidation (Store.Consolidate at each session end): ≥
//     consolidate_min instances sharing subject, relation and object words
//     yield a rule triplet linked to them; incremental: only the slots with
//     a fact asserted, reinforced, superseded or archived since the last
//     session end are re-examined, so its cost follows what changed;
//   - retrieval (Retrieve): entities and relations named by the question,
//     ranked by relevance × strength × recency (Rank), rendered as short
//     sentences (Render) with provenance and the source sentence quoted
//     (Quote), stale values scrubbed from quotes (Scrub); superseded values
//     are left out of "now" questions and marked "(superseded)" otherwise;
//   - fallback: when no triplet matches, the raw source sentences of the
//     named entities or of the question's words (counted in
//     Stats.Fallbacks; the fallback parameter turns it off, or to "fill":
//     sentences also fill what the triplets leave of top_k);
//   - vector supplement (raw.go): every turn, with the turn before it, in a
//     strategies.RawIndex; its nearest vector_k observations are fused with
//     the triplet ranking (strategies.FuseRaw, structure_weight), and an
//     observation that asserted or states a superseded value the question
//     asks about (Scope) is marked superseded;
//   - people: first-person facts are filed under the turn's speaker
//     (people.go), so two speakers' facts never supersede, reinforce or
//     consolidate each other.
//
// Storage is SQLite (github.com/mattn/go-sqlite3), in memory, one database
// per instance; see Store.
package trimem

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/memarena/memarena/internal/model"
	"github.com/memarena/memarena/internal/nlp"
	"github.com/memarena/memarena/internal/temporal"
	"github.com/memarena/memarena/internal/textutil"
	"github.com/memarena/memarena/strategies"
)

// Name is the registry name.
const Name = "trimem"

// Item kinds trimem returns besides strategies.KindFact.
const (
	// KindRuleItem marks a consolidated rule.
	KindRuleItem = "rule"
	// KindSentence marks a fallback source sentence.
	KindSentence = "sentence"
)

// Retrieval limits (not parameters: they bound work, not behavior).
const (
	maxEntities       = 32  // named entities considered per question
	perEntityLimit    = 128 // strongest triplets fetched per named entity and side (subject, object)
	perRelationLimit  = 64  // strongest triplets fetched per asked relation (overall, and per top entity)
	fallbackSentences = 32  // sentences fetched for the fallback
)

func init() {
	strategies.Register(strategies.Spec{
		Name:    Name,
		Summary: "triplet graph in SQLite: reinforcement, supersession, conditions, decay/forgetting, rule consolidation",
		Source:  "triplet memories (Mem0 graph, Zep/Graphiti) with MemoryBank-style decay (Zhong et al. 2024)",
		Params: []strategies.ParamSpec{
			{Name: "half_life", Type: strategies.TypeDuration, Default: "2160h",
				Doc: "strength half-life in scenario time (Go duration, > 0; default 90 days): strength halves every half_life without reinforcement"},
			{Name: "forget_threshold", Type: strategies.TypeFloat, Default: 0.05, Min: 0, Max: 0.99,
				Doc: "triplets whose decayed strength falls below this value in [0, 0.99] are archived at session end and never returned (0: never forget)"},
			{Name: "reinforcement", Type: strategies.TypeFloat, Default: 0.5, Min: 0.01, Max: 1,
				Doc: "α in [0.01, 1]: a new triplet starts at strength α; each repeat moves strength s to s + α(1 − s)"},
			{Name: "consolidate_min", Type: strategies.TypeInt, Default: 3, Min: 2, Max: 100,
				Doc: "instances (same subject and relation, objects sharing words) needed to consolidate a rule triplet, in [2, 100]"},
			{Name: "top_k", Type: strategies.TypeInt, Default: 12, Min: 1, Max: 1000,
				Doc: "ranked items considered per query before packing into the token budget, in [1, 1000]"},
			{Name: "fallback", Type: strategies.TypeString, Default: FallbackEmpty, Enum: []string{FallbackOff, FallbackEmpty, FallbackFill},
				Doc: "raw source sentences (naming the question's entities or half its words) are returned when no triplet matches (empty), also after the triplets up to top_k items (fill), or never (off)"},
			{Name: "vector_k", Type: strategies.TypeInt, Default: 50, Min: 0, Max: 1000,
				Doc: "raw observations (every turn with the turn before it) fetched from the vector supplement per query and fused with the triplet ranking by linked reciprocal rank fusion (k = 60), in [0, 1000]; 0 turns the supplement off"},
			{Name: "structure_weight", Type: strategies.TypeFloat, Default: DefaultStructureWeight, Min: 0, Max: 10,
				Doc: "weight of the triplet ranking against the raw supplement's (weight 1) in the fusion, in [0, 10]"},
		},
		New: func(env strategies.Env, p strategies.Params) (strategies.Strategy, error) {
			return New(env, Options{
				HalfLife:        p.Duration("half_life"),
				ForgetThreshold: p.Float("forget_threshold"),
				Reinforcement:   p.Float("reinforcement"),
				ConsolidateMin:  p.Int("consolidate_min"),
				TopK:            p.Int("top_k"),
				Fallback:        p.String("fallback"),
				VectorK:         p.Int("vector_k"),
				StructureWeight: p.Float("structure_weight"),
			})
		},
	})
}

// Fallback modes (the fallback parameter).
const (
	// FallbackOff never returns raw sentences.
	FallbackOff = "off"
	// FallbackEmpty returns raw sentences only when no triplet matches.
	FallbackEmpty = "empty"
	// FallbackFill also appends raw sentences after the triplets, up to
	// top_k items, skipping sentences already quoted.
	FallbackFill = "fill"
)

// Options are the resolved parameters (see the registry's ParamSpecs).
type Options struct {
	HalfLife        time.Duration
	ForgetThreshold float64
	Reinforcement   float64
	ConsolidateMin  int
	TopK            int
	// Fallback is FallbackOff, FallbackEmpty or FallbackFill.
	Fallback string
	// VectorK is the number of raw observations the vector supplement
	// adds per query (0: no supplement; needs env.Embedder otherwise).
	VectorK int
	// StructureWeight is the triplet ranking's weight in the fusion with
	// the supplement (weight 1), ≥ 0.
	StructureWeight float64
}

// Stats count what the memory did, for measurement.
type Stats struct {
	// Turns ingested.
	Turns int
	// Extracted triplets received (valid ones); Invalid were dropped
	// (unknown relation, unresolvable subject or object).
	Extracted, Invalid int
	// Failures are extraction requests that failed (model.ErrFailed).
	Failures int
	// New, Reinforced, Superseded and Retracted count assertion effects.
	New, Reinforced, Superseded, Retracted int
	// Archived triplets (forgotten), Rules created or updated.
	Archived, Rules int
	// Queries answered; Fallbacks of them got raw sentences (in fill mode,
	// also those where sentences followed the triplets).
	Queries, Fallbacks int
}

// TriMem is the strategy.
type TriMem struct {
	env   strategies.Env
	opt   Options
	store *Store

	seq   int64
	last  time.Time
	stats Stats
	foot  strategies.Footprint

	// raw is the vector supplement (nil when VectorK is 0).
	raw *strategies.RawIndex
	// people are the persons first-person questions refer to: the user-side
	// speakers seen (strategies.Person), in order of appearance.
	people []string
	// gold counts the gold annotations received (extraction: oracle).
	gold strategies.GoldCount
	// replaced maps an evidence sentence to the phrases extraction replies
	// marked in it as naming a replaced value (Triplet.ReplacedPhrase), for
	// Scrub.
	replaced map[string][]string
}

// New builds a TriMem. It needs env.Tokenizer, and env.Model unless
// env.Extraction is oracle. Invalid options are errors.
func New(env strategies.Env, opt Options) (*TriMem, error) {
	if env.Tokenizer == nil {
		return nil, errors.New("trimem needs a tokenizer")
	}
	switch env.Extraction {
	case "", strategies.ExtractModel:
		if env.Model == nil {
			return nil, errors.New("trimem needs a model client in extraction mode model")
		}
	case strategies.ExtractOracle:
	default:
		return nil, fmt.Errorf("trimem: unknown extraction mode %q", env.Extraction)
	}
	if opt.TopK < 1 {
		return nil, fmt.Errorf("trimem: top_k %d must be ≥ 1", opt.TopK)
	}
	switch opt.Fallback {
	case FallbackOff, FallbackEmpty, FallbackFill:
	default:
		return nil, fmt.Errorf("trimem: fallback %q is not one of off, empty, fill", opt.Fallback)
	}
	if opt.ConsolidateMin < 2 {
		return nil, fmt.Errorf("trimem: consolidate_min %d must be ≥ 2", opt.ConsolidateMin)
	}
	if opt.VectorK < 0 {
		return nil, fmt.Errorf("trimem: vector_k %d must be ≥ 0", opt.VectorK)
	}
	if !(opt.StructureWeight >= 0) {
		return nil, fmt.Errorf("trimem: structure_weight %v must be ≥ 0", opt.StructureWeight)
	}
	if opt.VectorK > 0 && env.Embedder == nil {
		return nil, errors.New("trimem: vector_k > 0 needs an embedder")
	}
	st, err := OpenStore(Config{HalfLife: opt.HalfLife, Reinforcement: opt.Reinforcement, ForgetThreshold: opt.ForgetThreshold})
	if err != nil {
		return nil, err
	}
	m := &TriMem{env: env, opt: opt, store: st, gold: strategies.GoldCount{}, replaced: map[string][]string{}}
	if opt.VectorK > 0 {
		m.raw = strategies.NewRawIndex(env.Embedder, strategies.DefaultRawWindow)
	}
	return m, nil
}

// Store exposes the triplet store (for audits and tests).
func (m *TriMem) Store() *Store { return m.store }

// Stats returns the counters so far.
func (m *TriMem) Stats() Stats { return m.stats }

// Ingest extracts the turn's triplets (gold in oracle mode, else through the
// model client with Extract as the offline backend), asserts or retracts
// each, and keeps the turn's sentences for the fallback. A failed
// extraction request is counted and skipped; an invalid triplet is counted
// and dropped. A turn without an id is an error; one without a time takes
// the previous turn's time.
func (m *TriMem) Ingest(ctx context.Context, t strategies.Turn) error {
	if t.ID == "" {
		return errors.New("trimem: turn without an id")
	}
	if t.Time.IsZero() {
		t.Time = m.last
	}
	if t.Time.After(m.last) {
		m.last = t.Time
	}
	m.seq++
	m.stats.Turns++
	if err := m.notePerson(ctx, t); err != nil {
		return err
	}
	trips, err := m.triplets(ctx, t)
	if err != nil {
		return err
	}
	err = m.store.inTx(ctx, func(tx querier) error {
		sentEnts := map[string][]int64{}
		for _, tr := range trips {
			tr = m.own(tr, t)
			a := Assertion{Subject: tr.Subject, SubjectName: tr.SubjectName, Relation: tr.Relation, Object: tr.Object, ObjectName: tr.ObjectName, Condition: tr.Condition,
				Sentence: tr.Evidence, Context: t.Text, ChangeCue: tr.Change, TurnID: t.ID, Seq: m.seq, At: t.Time}
			if tr.Replaces != "" {
				a.Replaces = []string{tr.Replaces}
				m.noteReplacedPhrase(tr.Evidence, tr.ReplacedPhrase)
			}
			if tr.Negated {
				ids, err := m.store.retract(ctx, tx, a)
				if errors.Is(err, ErrNoEntity) {
					m.stats.Invalid++
					continue
				}
				if err != nil {
					return err
				}
				m.stats.Retracted += len(ids)
				continue
			}
			res, err := m.store.assert(ctx, tx, a)
			if errors.Is(err, ErrNoEntity) {
				m.stats.Invalid++
				continue
			}
			if err != nil {
				return err
			}
			if res.New {
				m.stats.New++
			}
			if res.Reinforced {
				m.stats.Reinforced++
			}
			m.stats.Superseded += len(res.Superseded)
			sentEnts[tr.Evidence] = append(sentEnts[tr.Evidence], res.SubjectID, res.ObjectID)
		}
		for _, sent := range textutil.Sentences(t.Text) {
			ents := sentEnts[sent]
			for _, mn := range nlp.Entities(sent) {
				e, err := m.store.resolve(ctx, tx, mn.Text)
				if errors.Is(err, ErrNoEntity) {
					continue
				}
				if err != nil {
					return err
				}
				ents = append(ents, e.ID)
			}
			if err := m.store.addSentence(ctx, tx, t.ID, m.seq, t.Time, sent, ents); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	return m.keepRaw(ctx, t)
}

// extract returns the turn's valid triplets.
func (m *TriMem) extract(ctx context.Context, t strategies.Turn) ([]Triplet, error) {
	var raw []Triplet
	if m.env.Extraction == strategies.ExtractOracle {
		if t.Gold != nil {
			for _, g := range t.Gold.Triplets {
				// A gold triplet is the current truth as of its turn: a newer
				// gold value for the same slot supersedes the older one.
				raw = append(raw, Triplet{Subject: g.Subject, Relation: g.Relation, Object: g.Object, Condition: g.Condition, Change: true})
			}
		}
	} else {
		ref := t.SessionStart
		if ref.IsZero() {
			ref = t.Time
		}
		req := model.Request{Kind: model.KindExtractTriplets, Role: model.RoleExtractor, Input: model.TripletsInput{TurnInput: strategies.TurnInput(t)}}
		res, err := model.CallJSON[Extraction](ctx, m.env.Model, req)
		if err != nil {
			if errors.Is(err, model.ErrFailed) {
				m.stats.Failures++
				return nil, nil
			}
			return nil, err
		}
		raw = res.Triplets
	}
	out := make([]Triplet, 0, len(raw))
	for _, tr := range raw {
		v, ok := validTriplet(tr, t.Text)
		if !ok {
			m.stats.Invalid++
			continue
		}
		m.stats.Extracted++
		out = append(out, v)
	}
	return out, nil
}

var reRelSep = regexp.MustCompile(`[\s\-]+`)

// validTriplet normalizes an extracted triplet: the relation to the fixed
// vocabulary ("Scheduled For" → scheduled_for), trimmed fields, and an
// evidence sentence that is really in the turn (else the turn sentence
// sharing the most content words with subject and object). ok is false for
// an unknown relation or an empty subject or object.
func validTriplet(tr Triplet, text string) (Triplet, bool) {
	tr.Relation = reRelSep.ReplaceAllString(strings.ToLower(strings.TrimSpace(tr.Relation)), "_")
	if _, ok := relationByName[tr.Relation]; !ok {
		return tr, false
	}
	tr.Subject = strings.TrimSpace(tr.Subject)
	tr.Object = strings.TrimSpace(tr.Object)
	tr.Condition = strings.TrimSpace(tr.Condition)
	tr.Replaces = strings.TrimSpace(tr.Replaces)
	if tr.Subject == "" || tr.Object == "" {
		return tr, false
	}
	ev := strings.TrimSpace(tr.Evidence)
	if ev == "" || !strings.Contains(text, ev) {
		ev = bestSentence(text, tr.Subject+" "+tr.Object+" "+tr.Condition)
	}
	tr.Evidence = ev
	return tr, true
}

// bestSentence is the sentence of text sharing the most content stems with
// about (the first on ties; the whole text when it has no sentence).
func bestSentence(text, about string) string {
	sents := textutil.Sentences(text)
	if len(sents) == 0 {
		return strings.TrimSpace(text)
	}
	want := textutil.TokenSet(textutil.ContentTokens(about))
	best, bestN := sents[0], -1
	for _, s := range sents {
		n := 0
		for t := range textutil.TokenSet(textutil.ContentTokens(s)) {
			if want[t] {
				n++
			}
		}
		if n > bestN {
			best, bestN = s, n
		}
	}
	return best
}

// EndSession forgets (Store.Sweep) and then consolidates (Store.Consolidate)
// at the session's end time (the last turn's time when unset).
func (m *TriMem) EndSession(ctx context.Context, s strategies.SessionInfo) error {
	t := s.End
	if t.IsZero() {
		t = m.last
	}
	archived, err := m.store.Sweep(ctx, t)
	if err != nil {
		return err
	}
	m.stats.Archived += len(archived)
	rules, err := m.store.Consolidate(ctx, t, m.opt.ConsolidateMin)
	if err != nil {
		return err
	}
	m.stats.Rules += len(rules)
	return nil
}

// Footprint reports triplets (all stored: live, superseded, archived, rules)
// as items, rule→instance and supersession links as edges, and the SQLite
// database size plus the raw channel's payload as bytes.
func (m *TriMem) Footprint() strategies.Footprint {
	c, err := m.store.Counts(context.Background())
	if err != nil {
		return m.foot // the last good measurement
	}
	m.foot = strategies.Footprint{Items: c.Triplets, Edges: c.RuleLinks + c.Supersessions, Bytes: c.Bytes + m.raw.Bytes()}
	return m.foot
}

// Close closes the database.
func (m *TriMem) Close() error { return m.store.Close() }

// Question modes: how superseded triplets are treated.
const (
	modeDefault    = iota // superseded values rank below their slot's current value
	modeCurrent           // the question asks for the present state: superseded values are left out
	modeHistorical        // the question asks about the past: superseded values rank freely
)

// Question is the analysis of a question that drives retrieval.
type Question struct {
	// Terms are its distinct content stems.
	Terms []string
	// Self is true when it refers to the user (I, my, we, our, user).
	Self bool
	// Relations it asks for (the model's reading), known relations only.
	Relations []string
	// AnswerRelations are the relations whose object has the answer's type
	// (see AnalyzeQuestion).
	AnswerRelations []string
	// Mode is modeDefault, modeCurrent or modeHistorical.
	Mode int
}

// AnalyzeQuestion combines the question's terms with the model's reading
// of it (iq, a query-intent reply): Self from its self reference; the
// asked relations that are in the relation table; as answer relations the
// date relations (occurred_at, scheduled_for) for a time answer,
// located_in for a place answer and caused_by for a reason question; the
// mode from its focus — the present state leaves superseded values out,
// an earlier state lets them rank freely, no focus is the default.
func AnalyzeQuestion(q string, iq model.IntentQuery) Question {
	var a Question
	seen := map[string]bool{}
	for _, t := range textutil.ContentTokens(q) {
		if !seen[t] {
			seen[t] = true
			a.Terms = append(a.Terms, t)
		}
	}
	a.Self = iq.Self
	for _, r := range iq.Relations {
		if relationByName[r] != nil && !containsString(a.Relations, r) {
			a.Relations = append(a.Relations, r)
		}
	}
	sort.Strings(a.Relations)
	switch iq.AnswerType {
	case model.TypeTime:
		a.AnswerRelations = []string{"occurred_at", "scheduled_for"}
	case model.TypePlace:
		a.AnswerRelations = []string{"located_in"}
	}
	if containsString(iq.Asks, model.AskReason) {
		a.AnswerRelations = append(a.AnswerRelations, "caused_by")
		sort.Strings(a.AnswerRelations)
	}
	switch iq.Focus {
	case model.FocusCurrent:
		a.Mode = modeCurrent
	case model.FocusHistory:
		a.Mode = modeHistorical
	}
	return a
}

// Scored is a ranked candidate triplet.
type Scored struct {
	Record Record
	// Score is Rank's score (≥ 0; higher is better).
	Score float64
}

// Rank scores candidate triplets for a question at time t:
//
//	score = (E + R + L) × s(t)
//
// E = coverage of the subject entity + coverage of the object entity (each
// in [0, 1], 0 when not named), R = 1 when the question asks for the
// triplet's relation and 2 when the relation is of the question's answer
// type ("when" → occurred_at), L = share of the question's terms found in the
// triplet's words, and s(t) = strength × recency = stored strength decayed
// to t. In modeCurrent superseded triplets are dropped; in modeDefault a
// superseded triplet scores at most 0.99 × the best current triplet of its
// slot (same subject, relation, condition), so the value that replaced it
// always ranks first. Best first; ties by id.
func (m *TriMem) Rank(q Question, ents []EntityMatch, cands []Record, t time.Time) []Scored {
	cov := make(map[int64]float64, len(ents))
	for _, e := range ents {
		cov[e.ID] = e.Coverage
	}
	asked := map[string]float64{}
	for _, r := range q.Relations {
		asked[r] = 1
	}
	for _, r := range q.AnswerRelations {
		asked[r] = 2
	}
	qset := textutil.TokenSet(q.Terms)
	out := make([]Scored, 0, len(cands))
	type slot struct {
		subj      int64
		rel, cond string
	}
	best := map[slot]float64{}
	for _, c := range cands {
		if q.Mode == modeCurrent && c.Status == strategies.StatusSuperseded {
			continue
		}
		e := cov[c.SubjectID] + cov[c.ObjectID]
		r := asked[c.Relation]
		l := 0.0
		if len(qset) > 0 {
			words := c.Words
			if words == "" {
				words = rankWords(c.Subject, c.Relation, c.Object, c.Condition)
			}
			n := 0
			for _, w := range strings.Fields(words) {
				if qset[w] {
					n++
				}
			}
			l = float64(n) / float64(len(qset))
		}
		sc := (e + r + l) * m.store.Effective(c.Strength, c.UpdatedAt, t)
		out = append(out, Scored{Record: c, Score: sc})
		if c.Status != strategies.StatusSuperseded {
			k := slot{c.SubjectID, c.Relation, ConditionKey(c.Condition)}
			if sc > best[k] {
				best[k] = sc
			}
		}
	}
	if q.Mode == modeDefault {
		for i := range out {
			c := out[i].Record
			if c.Status != strategies.StatusSuperseded {
				continue
			}
			if b, ok := best[slot{c.SubjectID, c.Relation, ConditionKey(c.Condition)}]; ok && out[i].Score > 0.99*b {
				out[i].Score = 0.99 * b
			}
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Score != out[j].Score {
			return out[i].Score > out[j].Score
		}
		return out[i].Record.ID < out[j].Record.ID
	})
	return out
}

// Retrieve answers a query from the triplet graph: named entities and
// asked relations select candidates (Store.Candidates), Rank orders them,
// the top_k are rendered (Render) and packed into q.Budget with
// strategies.Pack. Without any candidate (fallback empty or fill), raw
// source sentences are returned instead (Store.SentencesFor: those naming
// the question's entities or sharing half its terms, ranked by (coverage +
// overlap) × recency); with fallback fill they also follow the triplets up
// to top_k items. Sentences that asserted a superseded value are marked
// superseded.
func (m *TriMem) Retrieve(ctx context.Context, q strategies.Query) (strategies.Recall, error) {
	if q.Budget <= 0 {
		return strategies.Recall{}, nil
	}
	t := q.AskedAt
	if t.IsZero() {
		t = m.last
	}
	m.stats.Queries++
	iq, failed, err := strategies.ReadQuestion(ctx, m.env.Model, q)
	if err != nil {
		return strategies.Recall{}, fmt.Errorf("trimem: %w", err)
	}
	if failed {
		m.stats.Failures++
	}
	qa := AnalyzeQuestion(q.Question, iq)
	ents, err := m.store.MatchEntities(ctx, qa.Terms, false, maxEntities)
	if err != nil {
		return strategies.Recall{}, err
	}
	if qa.Self {
		self, err := m.selfMatches(ctx)
		if err != nil {
			return strategies.Recall{}, err
		}
		ents = mergeMatches(self, ents, maxEntities)
	}
	ids := make([]int64, len(ents))
	for i, e := range ents {
		ids[i] = e.ID
	}
	cands, err := m.store.Candidates(ctx, ids, qa.Relations, t, perEntityLimit, perRelationLimit)
	if err != nil {
		return strategies.Recall{}, err
	}
	ranked := m.Rank(qa, ents, cands, t)
	if len(ranked) > m.opt.TopK {
		ranked = ranked[:m.opt.TopK]
	}
	var items []strategies.Item
	if len(ranked) > 0 {
		recs := make([]Record, len(ranked))
		for i, r := range ranked {
			recs[i] = r.Record
		}
		if err := m.store.Fill(ctx, recs); err != nil {
			return strategies.Recall{}, err
		}
		for i, r := range recs {
			it, err := m.item(ctx, r, ranked[i].Score)
			if err != nil {
				return strategies.Recall{}, err
			}
			items = append(items, it)
		}
	}
	if (m.opt.Fallback == FallbackEmpty && len(items) == 0) || (m.opt.Fallback == FallbackFill && len(items) < m.opt.TopK) {
		sents, err := m.store.SentencesFor(ctx, ents, qa.Terms, t, fallbackSentences)
		if err != nil {
			return strategies.Recall{}, err
		}
		quoted := map[string]bool{}
		for _, it := range items {
			quoted[it.Text] = true
			if i := strings.Index(it.Text, " — “"); i >= 0 {
				quoted[strings.TrimSuffix(it.Text[i+len(" — “"):], "”")] = true
			}
		}
		added := 0
		for _, s := range sents {
			if len(items) >= m.opt.TopK {
				break
			}
			if quoted[s.Text] {
				continue
			}
			items = append(items, strategies.Item{ID: fmt.Sprintf("s%d", s.ID), Text: s.Text, Kind: KindSentence,
				Score: s.Score, TurnIDs: []string{s.TurnID}, Time: s.At, Status: s.Status})
			added++
		}
		if added > 0 {
			m.stats.Fallbacks++
		}
	}
	items, err = m.supplement(ctx, q.Question, NewScope(qa, ents), items)
	if err != nil {
		return strategies.Recall{}, err
	}
	return strategies.Pack(m.env.Tokenizer, items, q.Budget, "", nil), nil
}

// item renders one ranked triplet.
func (m *TriMem) item(ctx context.Context, r Record, score float64) (strategies.Item, error) {
	// Stale values per evidence sentence: the superseded values of the
	// triplet's slot, and those the sentence itself asserted. They are
	// looked up newest sentence first, only until one can be quoted.
	var slot []string
	slotRead := false
	stale := func(i int) ([]string, error) {
		if r.Status == strategies.StatusSuperseded {
			return nil, nil
		}
		if !slotRead {
			var err error
			if slot, err = m.store.SupersededObjects(ctx, r.SubjectID, r.Relation); err != nil {
				return nil, err
			}
			slotRead = true
		}
		own, err := m.store.StaleValues(ctx, r.TurnIDs[i], r.Sentences[i])
		if err != nil {
			return nil, err
		}
		return append(append([]string(nil), slot...), own...), nil
	}
	quote, err := quoteLazy(r, stale, m.replacedPhrases)
	if err != nil {
		return strategies.Item{}, err
	}
	var replacedBy string
	if r.SupersededBy > 0 {
		by, err := m.store.Triplet(ctx, r.SupersededBy)
		if err != nil {
			return strategies.Item{}, err
		}
		replacedBy = by.Object
	}
	var instances []string
	if r.Kind == KindRule {
		for _, id := range r.Instances {
			in, err := m.store.Triplet(ctx, id)
			if err != nil {
				return strategies.Item{}, err
			}
			instances = append(instances, in.Object)
		}
	}
	kind, id := strategies.KindFact, fmt.Sprintf("t%d", r.ID)
	if r.Kind == KindRule {
		kind, id = KindRuleItem, fmt.Sprintf("r%d", r.ID)
	}
	return strategies.Item{ID: id, Text: Render(r, quote, replacedBy, instances), Score: score, Kind: kind,
		TurnIDs: r.TurnIDs, Time: r.LastSeen, Status: r.Status}, nil
}

// Quote picks the source sentence to show with a triplet: the newest of its
// evidence sentences that, once scrubbed (see Scrub), names none of its
// stale values (stale[i] for sentence i: for a current fact, the
// superseded objects of its slot and the superseded values the sentence
// itself asserted, so that a summary that still says "TTL 5 minutes" is not
// quoted as current evidence); "" when every sentence names one. Rules are
// not quoted (their instances are). Dates are matched in any written form
// ("June 5" names 2026-06-05), resolved against r.LastSeen.
func Quote(r Record, stale [][]string, phrases func(sentence string) []string) string {
	q, _ := quoteLazy(r, func(i int) ([]string, error) {
		if i < len(stale) {
			return stale[i], nil
		}
		return nil, nil
	}, phrases)
	return q
}

// quoteLazy is Quote with the stale values of sentence i read by stale(i),
// newest sentence first and only until a sentence can be quoted: a fact
// reinforced by many turns costs one look-up, not one per turn.
func quoteLazy(r Record, stale func(i int) ([]string, error), phrases func(sentence string) []string) (string, error) {
	if r.Kind == KindRule {
		return "", nil
	}
	for i := len(r.Sentences) - 1; i >= 0; i-- {
		sv, err := stale(i)
		if err != nil {
			return "", err
		}
		var vs []string
		for _, v := range sv {
			if !mentions(r.Object, v, r.LastSeen) {
				vs = append(vs, v)
			}
		}
		if q, ok := Scrub(r.Sentences[i], vs, phrases(r.Sentences[i]), r.LastSeen); ok && q != "" {
			return q, nil
		}
	}
	return "", nil
}

// Scrub deletes from a sentence the replaced-value phrases (phrases: those
// an extraction reply marked in it, Triplet.ReplacedPhrase — "(down from
// 20)", ", instead of Nikon D750", "from June 5 " before "to") that name
// one of the stale values, so "moved the deadline from June 5 to June 19"
// quotes as "moved the deadline to May 22". ok is false when a stale value
// is still named after scrubbing (the sentence states it).
func Scrub(sentence string, stale, phrases []string, ref time.Time) (string, bool) {
	out := sentence
	for _, p := range phrases {
		for _, v := range stale {
			if strings.TrimSpace(p) != "" && mentions(p, v, ref) {
				out = strings.ReplaceAll(out, p, " ")
				break
			}
		}
	}
	out = strings.Join(strings.Fields(out), " ")
	out = strings.ReplaceAll(strings.ReplaceAll(out, " ,", ","), " .", ".")
	for _, v := range stale {
		if mentions(out, v, ref) {
			return "", false
		}
	}
	return out, true
}

// noteReplacedPhrase records a phrase a reply marked in an evidence
// sentence as naming a replaced value, once.
func (m *TriMem) noteReplacedPhrase(sentence, phrase string) {
	if strings.TrimSpace(phrase) == "" || !strings.Contains(sentence, phrase) || slices.Contains(m.replaced[sentence], phrase) {
		return
	}
	m.replaced[sentence] = append(m.replaced[sentence], phrase)
}

// replacedPhrases returns the phrases recorded for a sentence.
func (m *TriMem) replacedPhrases(sentence string) []string { return m.replaced[sentence] }

// writtenForms are the spans of text that name value v: the date
// expressions resolving to v when v is a YYYY-MM-DD date, else v itself
// when all its content words occur.
func writtenForms(text, v string, ref time.Time) []string {
	if d, err := time.Parse(model.DateLayout, v); err == nil {
		var out []string
		for _, m := range temporal.Find(text, ref) {
			if m.Unit == temporal.Day && m.From.Equal(d) {
				out = append(out, m.Text)
			}
		}
		return out
	}
	if i := strings.Index(strings.ToLower(text), strings.ToLower(v)); i >= 0 {
		return []string{text[i : i+len(v)]}
	}
	return nil
}

// mentions reports whether text names value v (dates in any written form).
func mentions(text, v string, ref time.Time) bool {
	if _, err := time.Parse(model.DateLayout, v); err == nil {
		return len(writtenForms(text, v, ref)) > 0 || strings.Contains(text, v)
	}
	return textutil.ContainsAll(text, v)
}

// Render writes a triplet as a short sentence:
//
//	orders service uses mysql 8 — “we moved orders to Canon R6 …”
//	user dislikes spicy food (when unwell) — “…”
//	orders service uses postgres 16 (until 2026-03-09; replaced by mysql 8) — “…”
//	user prefers flights (rule from 3 instances: direct flights; morning flights; …)
//
// The status itself ("(superseded)", "(conditional)") is added by
// strategies.Line from Item.Status.
func Render(r Record, quote, replacedBy string, instances []string) string {
	var b strings.Builder
	b.WriteString(r.Subject)
	b.WriteByte(' ')
	b.WriteString(relationByName[r.Relation].Phrase)
	b.WriteByte(' ')
	b.WriteString(r.Object)
	if r.Condition != "" {
		b.WriteString(" (" + r.Condition + ")")
	}
	if r.Status == strategies.StatusSuperseded && !r.ValidTo.IsZero() {
		b.WriteString(" (until " + r.ValidTo.Format(model.DateLayout))
		if replacedBy != "" {
			b.WriteString("; replaced by " + replacedBy)
		} else {
			b.WriteString("; no longer true")
		}
		b.WriteByte(')')
	}
	if len(instances) > 0 {
		fmt.Fprintf(&b, " (rule from %d instances: %s)", len(instances), strings.Join(instances, "; "))
	}
	if quote != "" {
		b.WriteString(" — “" + quote + "”")
	}
	return b.String()
}
