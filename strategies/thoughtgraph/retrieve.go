package thoughtgraph

import (
	"context"
	"fmt"
	"math"
	"sort"
	"strings"
	"time"

	"github.com/memarena/memarena/internal/embed"
	"github.com/memarena/memarena/internal/model"
	"github.com/memarena/memarena/strategies"
)

// Retrieval constants (fixed, not parameters).
const (
	// taskWeight and recentWeight weigh the task goal's and the recent
	// turns' embeddings against the question's (weight 1) in the query
	// vector: enough to break ties toward the current work, small enough
	// that a question about an old chain still finds it.
	taskWeight   = 0.1
	recentWeight = 0.05
	// hopDecay is the share of its source's similarity an expanded thought
	// inherits per hop: sim = max(own cosine, hopDecay · source sim).
	hopDecay = 0.8
	// connWeight scales connectivity: 1 + connWeight · ln(1 + reasoning links).
	connWeight = 0.25
	// typeBoost multiplies the importance of the thought type a question
	// asks for (decision, lesson; analysis for a reason). Decisions get
	// reasonBoost for a reason question: they often state their reason.
	typeBoost   = 1.5
	reasonBoost = 1.25
)

// candidate is a thought reached by recall (Hop 0) or chain expansion.
type candidate struct {
	ID string
	// Hop is the expansion distance from the seed.
	Hop int
	// Sim is the effective similarity in [0, 1]: the cosine for seeds,
	// max(cosine, hopDecay · Sim of Via) for expanded thoughts.
	Sim float64
	// Root is the seed the thought was reached from; Via the thought it was
	// reached through ("" for seeds).
	Root, Via string
}

// neighborCache memoizes graph neighbor queries within one Retrieve.
type neighborCache struct {
	g *ThoughtGraph
	m map[string][]neighbor
}

// get returns the stored neighbors of id, one per neighbor (the relation
// with the lowest rel value when linked twice), in store order.
func (c *neighborCache) get(ctx context.Context, id string) ([]neighbor, error) {
	if ns, ok := c.m[id]; ok {
		return ns, nil
	}
	raw, err := c.g.graph.neighbors(ctx, id)
	if err != nil {
		return nil, err
	}
	best := map[string]int{}
	var ns []neighbor
	for _, n := range raw {
		if c.g.thoughts[n.id] == nil {
			continue
		}
		if i, ok := best[n.id]; ok {
			if n.rel < ns[i].rel {
				ns[i].rel = n.rel
			}
			continue
		}
		best[n.id] = len(ns)
		ns = append(ns, n)
	}
	c.m[id] = ns
	return ns, nil
}

// links counts a thought's distinct reasoning links (parents and children).
func (c *neighborCache) links(ctx context.Context, id string) (int, error) {
	ns, err := c.get(ctx, id)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, x := range ns {
		if x.rel == relParent || x.rel == relChild {
			n++
		}
	}
	return n, nil
}

// parents returns the ids of a thought's parents, oldest first.
func (c *neighborCache) parents(ctx context.Context, id string) ([]string, error) {
	ns, err := c.get(ctx, id)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, x := range ns {
		if x.rel == relParent {
			out = append(out, x.id)
		}
	}
	sort.Slice(out, func(i, j int) bool { return c.g.thoughts[out[i]].seq < c.g.thoughts[out[j]].seq })
	return out, nil
}

// Retrieve answers q with a narrative of reasoning chains (see the package
// doc). A negative budget is an error; an empty memory, a zero budget or a
// query with no content gives an empty Recall.
func (g *ThoughtGraph) Retrieve(ctx context.Context, q strategies.Query) (strategies.Recall, error) {
	if q.Budget < 0 {
		return strategies.Recall{}, fmt.Errorf("thought-graph: negative budget %d", q.Budget)
	}
	if q.Budget == 0 || (len(g.thoughts) == 0 && (g.raw == nil || g.raw.Len() == 0)) {
		return strategies.Recall{}, nil
	}
	nc := &neighborCache{g: g, m: map[string][]neighbor{}}
	var ranked []scored
	if len(g.thoughts) > 0 {
		qv, err := g.queryVector(ctx, q)
		if err != nil {
			return strategies.Recall{}, err
		}
		if qv != nil {
			iq, failed, err := strategies.ReadQuestion(ctx, g.env.Model, q)
			if err != nil {
				return strategies.Recall{}, fmt.Errorf("thought-graph: %w", err)
			}
			if failed {
				g.stats.Failures++
			}
			seeds, err := g.recall(ctx, normEntities(iq.Entities), qv)
			if err != nil {
				return strategies.Recall{}, err
			}
			cands, err := g.expand(ctx, seeds, qv, nc)
			if err != nil {
				return strategies.Recall{}, err
			}
			if ranked, err = g.rank(ctx, cands, q, typePreference(iq.Asks), nc); err != nil {
				return strategies.Recall{}, err
			}
		}
	}
	order, err := g.fuseRaw(ctx, q.Question, ranked)
	if err != nil {
		return strategies.Recall{}, err
	}
	rec, err := g.pack(ctx, order, q.Budget, nc)
	if err != nil {
		return strategies.Recall{}, err
	}
	for _, it := range rec.Items {
		th := g.thoughts[it.ID]
		if it.Kind != strategies.KindThought || th == nil {
			continue
		}
		th.Access++
		if q.AskedAt.After(th.LastAccess) {
			th.LastAccess = q.AskedAt
		}
	}
	return rec, nil
}

// queryVector embeds question, task goal and recent turns and returns the
// unit vector of 1·question + taskWeight·task + recentWeight·recent, or nil
// when all three are empty (or embed to zero).
func (g *ThoughtGraph) queryVector(ctx context.Context, q strategies.Query) ([]float32, error) {
	recent := make([]string, 0, len(q.Recent))
	for _, t := range q.Recent {
		recent = append(recent, t.Text)
	}
	texts := []string{q.Question, q.Task, strings.Join(recent, "\n")}
	vecs, err := g.env.Embedder.Embed(ctx, texts)
	if err != nil {
		return nil, fmt.Errorf("thought-graph: embedding query: %w", err)
	}
	return combine(vecs, []float64{1, taskWeight, recentWeight}), nil
}

// combine returns the unit vector of Σ w[i]·vecs[i], or nil when the sum is
// zero. Vectors must have equal length.
func combine(vecs [][]float32, w []float64) []float32 {
	if len(vecs) == 0 {
		return nil
	}
	sum := make([]float64, len(vecs[0]))
	for i, v := range vecs {
		for j, x := range v {
			sum[j] += w[i] * float64(x)
		}
	}
	var norm float64
	for _, x := range sum {
		norm += x * x
	}
	if norm == 0 {
		return nil
	}
	norm = math.Sqrt(norm)
	out := make([]float32, len(sum))
	for j, x := range sum {
		out[j] = float32(x / norm)
	}
	return out
}

// mentionCap is the number of thoughts, per entity of the question, that
// entity recall scores: the newest mentions (by the time they were linked
// to the entity). It bounds the cost of a question about a person or thing
// mentioned across a long history; older mentions stay reachable through
// vector recall and chain expansion.
const mentionCap = 1000

// recall returns the seeds: the top Seeds thoughts by cosine from the vector
// store, plus up to Seeds more that mention an entity of the question
// (entities: normalized keys, as the query-intent reply names them; by
// cosine, among each entity's newest mentionCap mentions), all with
// positive cosine, ordered by cosine descending then id.
func (g *ThoughtGraph) recall(ctx context.Context, entities []string, qv []float32) ([]candidate, error) {
	hits, err := g.store.QueryVector(ctx, qv, g.cfg.Seeds, nil)
	if err != nil {
		return nil, fmt.Errorf("thought-graph: %w", err)
	}
	seen := map[string]bool{}
	var seeds []candidate
	for _, h := range hits {
		if g.thoughts[h.ID] == nil || h.Score <= 0 {
			continue
		}
		seen[h.ID] = true
		seeds = append(seeds, candidate{ID: h.ID, Sim: h.Score, Root: h.ID})
	}
	var extra []candidate
	for _, e := range entities {
		for _, th := range g.mentions.newest(g, e, mentionCap) {
			if seen[th.ID] {
				continue
			}
			seen[th.ID] = true
			if c := embed.Cosine(qv, th.vec); c > 0 {
				extra = append(extra, candidate{ID: th.ID, Sim: c, Root: th.ID})
			}
		}
	}
	byScore := func(cs []candidate) {
		sort.Slice(cs, func(i, j int) bool {
			if cs[i].Sim != cs[j].Sim {
				return cs[i].Sim > cs[j].Sim
			}
			return cs[i].ID < cs[j].ID
		})
	}
	byScore(extra)
	if len(extra) > g.cfg.Seeds {
		extra = extra[:g.cfg.Seeds]
	}
	seeds = append(seeds, extra...)
	byScore(seeds)
	return seeds, nil
}

// expand walks reasoning chains breadth-first from the seeds (which must be
// ordered best first): hop h+1 takes, for each thought of hop h in order, at
// most Fanout neighbors not yet reached, preferring parents, then children,
// then the next and the previous thought of the session, then higher
// cosine to the query, then older, then smaller id. It stops after Depth
// hops. The result lists seeds first, then each hop in discovery order.
func (g *ThoughtGraph) expand(ctx context.Context, seeds []candidate, qv []float32, nc *neighborCache) ([]candidate, error) {
	visited := make(map[string]bool, len(seeds))
	for _, s := range seeds {
		visited[s.ID] = true
	}
	out := append([]candidate(nil), seeds...)
	frontier := seeds
	type option struct {
		id  string
		rel int
		cos float64
		seq int
	}
	for hop := 1; hop <= g.cfg.Depth && len(frontier) > 0; hop++ {
		var next []candidate
		for _, c := range frontier {
			ns, err := nc.get(ctx, c.ID)
			if err != nil {
				return nil, err
			}
			var opts []option
			for _, n := range ns {
				if visited[n.id] {
					continue
				}
				th := g.thoughts[n.id]
				opts = append(opts, option{id: n.id, rel: n.rel, cos: embed.Cosine(qv, th.vec), seq: th.seq})
			}
			sort.Slice(opts, func(i, j int) bool {
				a, b := opts[i], opts[j]
				if a.rel != b.rel {
					return a.rel < b.rel
				}
				if a.cos != b.cos {
					return a.cos > b.cos
				}
				if a.seq != b.seq {
					return a.seq < b.seq
				}
				return a.id < b.id
			})
			if len(opts) > g.cfg.Fanout {
				opts = opts[:g.cfg.Fanout]
			}
			for _, o := range opts {
				visited[o.id] = true
				next = append(next, candidate{ID: o.id, Hop: hop, Sim: math.Max(o.cos, hopDecay*c.Sim), Root: c.Root, Via: c.ID})
			}
		}
		out = append(out, next...)
		frontier = next
	}
	return out, nil
}

// typePreference returns the importance factor per thought type that a
// question asks for (the query-intent reply's asks): a decision question
// ("which framework did we pick?") gives decision typeBoost; a reason
// question ("why …?") gives analysis typeBoost and decision reasonBoost; a
// lesson question ("what should we do differently next time?") gives
// lesson typeBoost. Several combine by the maximum per type; types not
// named get 1.
func typePreference(asks []string) map[string]float64 {
	pref := map[string]float64{}
	set := func(typ string, v float64) {
		if v > pref[typ] {
			pref[typ] = v
		}
	}
	for _, a := range asks {
		switch a {
		case model.AskDecision:
			set(TypeDecision, typeBoost)
		case model.AskReason:
			set(TypeAnalysis, typeBoost)
			set(TypeDecision, reasonBoost)
		case model.AskLesson:
			set(TypeLesson, typeBoost)
		}
	}
	return pref
}

// importance is the Thought-Retriever ranking score of the design:
// similarity × recency × connectivity × type preference, where recency =
// strategies.Decay(askedAt − lastUse, halfLife) in (0, 1] and connectivity =
// 1 + connWeight·ln(1 + links) ≥ 1 for links reasoning links. pref ≤ 0 is
// read as 1.
func importance(sim float64, lastUse, askedAt time.Time, halfLife time.Duration, links int, pref float64) float64 {
	if pref <= 0 {
		pref = 1
	}
	recency := 1.0
	if !askedAt.IsZero() && !lastUse.IsZero() {
		recency = strategies.Decay(askedAt.Sub(lastUse), halfLife)
	}
	return sim * recency * (1 + connWeight*math.Log1p(float64(links))) * pref
}

// scored is a ranked candidate.
type scored struct {
	candidate
	th         *Thought
	importance float64
}

// rank scores candidates by importance and sorts them best first (ties by
// id).
func (g *ThoughtGraph) rank(ctx context.Context, cands []candidate, q strategies.Query, pref map[string]float64, nc *neighborCache) ([]scored, error) {
	out := make([]scored, 0, len(cands))
	for _, c := range cands {
		th := g.thoughts[c.ID]
		links, err := nc.links(ctx, c.ID)
		if err != nil {
			return nil, err
		}
		out = append(out, scored{candidate: c, th: th, importance: importance(c.Sim, th.lastUse(), q.AskedAt, g.cfg.HalfLife, links, pref[th.Type])})
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].importance != out[j].importance {
			return out[i].importance > out[j].importance
		}
		return out[i].ID < out[j].ID
	})
	return out, nil
}

// line renders one thought for the context:
//
//	[2026-03-05 s2-t05#1 decision ← s2-t04#1; folds s2-t03#1,s2-t03#2] step text / step text / thought text
//	[2026-03-05 s2-t03,s2-t05 th06 decision ← th02; folds th05] (superseded) step text / thought text
//
// The bracket (which the reader drops) holds the date, the turn ids when the
// thought id does not start with its turn id (gold ids), the thought id and
// type (and the speaker of knowledge), its parents' ids — the citations of
// the narrative — and the ids of folded steps; a status mark follows as in
// strategies.Line, then the text.
func line(th *Thought, parents []string) string {
	var b strings.Builder
	b.WriteByte('[')
	if !th.Created.IsZero() {
		b.WriteString(th.Created.UTC().Format("2006-01-02"))
		b.WriteByte(' ')
	}
	if !strings.HasPrefix(th.ID, th.TurnIDs[0]+"#") {
		b.WriteString(strings.Join(th.TurnIDs, ","))
		b.WriteByte(' ')
	}
	b.WriteString(th.ID)
	b.WriteByte(' ')
	b.WriteString(th.Type)
	if th.Type == TypeKnowledge && th.Speaker != "" {
		b.WriteString(", ")
		b.WriteString(th.Speaker)
	}
	if len(parents) > 0 {
		if len(parents) > 3 {
			parents = parents[len(parents)-3:]
		}
		b.WriteString(" ← ")
		b.WriteString(strings.Join(parents, ","))
	}
	if len(th.Steps) > 0 {
		b.WriteString("; folds ")
		for i, s := range th.Steps {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(s.ID)
		}
	}
	b.WriteString("] ")
	if th.Status != strategies.StatusCurrent {
		b.WriteString("(" + th.Status + ") ")
	}
	b.WriteString(th.body())
	return b.String()
}

// pack places fused items into the budget, best first, skipping any that
// no longer fit, then renders the narrative: chains (thoughts sharing a
// seed) in the order of their best thought, each in scenario order, then
// the raw chunks in fused order (strategies.Line). The Recall's items are
// the placed thoughts and chunks, best first.
func (g *ThoughtGraph) pack(ctx context.Context, order []entry, budget int, nc *neighborCache) (strategies.Recall, error) {
	type placed struct {
		entry
		line string
	}
	var sel []placed
	used := 0
	for _, e := range order {
		l := strategies.Line(e.item)
		if e.th != nil {
			ps, err := nc.parents(ctx, e.ID)
			if err != nil {
				return strategies.Recall{}, err
			}
			l = line(e.th, ps)
		}
		n := g.env.Tokenizer.Count(l + "\n")
		if used+n > budget {
			continue
		}
		used += n
		sel = append(sel, placed{e, l})
	}
	render := func(sel []placed) string {
		rootRank := map[string]int{}
		var chain, raw []placed
		for i, p := range sel {
			if p.th == nil {
				raw = append(raw, p)
				continue
			}
			chain = append(chain, p)
			if _, ok := rootRank[p.Root]; !ok {
				rootRank[p.Root] = i
			}
		}
		sort.SliceStable(chain, func(i, j int) bool {
			ri, rj := rootRank[chain[i].Root], rootRank[chain[j].Root]
			if ri != rj {
				return ri < rj
			}
			return chain[i].th.seq < chain[j].th.seq
		})
		lines := make([]string, 0, len(sel))
		for _, p := range append(chain, raw...) {
			lines = append(lines, p.line)
		}
		return strings.Join(lines, "\n")
	}
	text := render(sel)
	for len(sel) > 0 && g.env.Tokenizer.Count(text) > budget {
		sel = sel[:len(sel)-1]
		text = render(sel)
	}
	if len(sel) == 0 {
		return strategies.Recall{}, nil
	}
	items := make([]strategies.Item, len(sel))
	for i, p := range sel {
		items[i] = p.item
	}
	return strategies.Recall{Items: items, Context: text}, nil
}
