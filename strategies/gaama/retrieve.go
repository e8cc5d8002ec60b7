package gaama

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/memarena/memarena/internal/textutil"
	"github.com/memarena/memarena/strategies"
)

// Seed is a question entity linked to a graph node.
type Seed struct {
	// Key is the linked entity's key.
	Key string
	// Score in (0, 1.x]: the share of the entity's content tokens the
	// question contains, with a bonus of 0.25 per extra matched token.
	Score float64
}

// Link finds the graph entities a question names (entity linking by
// token overlap): an entity is linked when at least half of its content
// tokens (Porter2 stems; three quarters for entities of more than four
// tokens, usually clauses) occur in the question and a matched token is not
// a bare number; its score is that share times 1 + 0.25·(matched − 1).
// Questions about the asker's own side (self: the model read "I", "we" …)
// or naming the "user" hub also link "user" (and the user speakers) at
// userSeedWeight. At most maxSeeds seeds, by score then key.
func (s *Gaama) Link(question string, self bool) []Seed {
	words := textutil.Words(question)
	q := textutil.TokenSet(textutil.ContentTokens(question))
	cand := map[string]bool{}
	var keys []string
	for _, w := range textutil.ContentTokens(question) {
		for _, k := range s.tokIndex[w] {
			if !cand[k] {
				cand[k] = true
				keys = append(keys, k)
			}
		}
	}
	var out []Seed
	for _, k := range keys {
		toks := s.entTokens[k]
		if len(toks) == 0 || k == "user" || k == "assistant" {
			continue
		}
		matched, word := 0, false
		for _, tk := range toks {
			if q[tk] {
				matched++
				if !allDigits(tk) {
					word = true
				}
			}
		}
		frac := float64(matched) / float64(len(toks))
		if !word || frac < 0.5 || (len(toks) > 4 && frac < 0.75) {
			continue
		}
		out = append(out, Seed{Key: k, Score: frac * (1 + 0.25*float64(matched-1))})
	}
	if self || slices.Contains(words, "user") {
		out = append(out, s.selfSeeds()...)
	}
	slices.SortFunc(out, func(a, b Seed) int {
		if a.Score != b.Score {
			if a.Score > b.Score {
				return -1
			}
			return 1
		}
		return strings.Compare(a.Key, b.Key)
	})
	if len(out) > maxSeeds {
		out = out[:maxSeeds]
	}
	return out
}

// scoredEdge is an edge with its graph-retrieval score.
type scoredEdge struct {
	e     *Edge
	score float64
}

// graphRank runs the traversal templates of decision d from every seed and
// ranks the edges met. A walk from seed s with hops r_1…r_h scores
//
//	link(s) · hopDecay^(h−1) · Π_i rel(r_i) · bridge · target
//
// where rel(r) is 1 for a relation the question asks about (or when it asks
// about none) and offRelation otherwise, bridge is bridgeBonus when the walk
// ends at another seed, target is targetBonus when the last node has the
// asked type. Every edge of a walk gets the walk's score (the walk is the
// unit of evidence: a multi-hop answer needs all of it); an edge keeps its
// best score, times (1 + the share of the question's content tokens in its
// text and evidence), times staleFactor when superseded and the question is
// not about history. Hub seeds (degree > hubDegree, and "user") walk one hop
// over the asked relations only; hubs are never inner nodes of a walk. Ties:
// newer statement first, then edge key.
func (s *Gaama) graphRank(ctx context.Context, d Decision, seeds []Seed, question string) ([]scoredEdge, error) {
	best := map[*Edge]float64{}
	var order []*Edge
	seedScore := map[string]float64{}
	for _, sd := range seeds {
		seedScore[sd.Key] = sd.Score
	}
	asked := map[string]bool{}
	for _, r := range d.Relations {
		asked[r] = true
	}
	hops := min(d.Hops, s.cfg.MaxHops)
	for _, sd := range seeds {
		tpls := TemplatesUpTo(hops)
		var rels []string
		if s.hubs[sd.Key] {
			tpls = TemplatesUpTo(1)
			rels = d.Relations
		}
		for _, t := range tpls {
			walks, err := s.graph.Traverse(ctx, t, TemplateSpec{Seed: sd.Key, Relations: rels, Avoid: s.hubList, Limit: walkLimit})
			if err != nil {
				return nil, err
			}
			for _, w := range walks {
				ws := sd.Score * math.Pow(hopDecay, float64(len(w.Rels)-1))
				for _, r := range w.Rels {
					if len(asked) > 0 && !asked[r] {
						ws *= offRelation
					}
				}
				last := w.Nodes[len(w.Nodes)-1]
				if _, ok := seedScore[last]; ok && last != sd.Key {
					ws *= bridgeBonus
				}
				if d.TargetType != "" {
					if en := s.graph.Entity(last); en != nil && en.Type == d.TargetType {
						ws *= targetBonus
					}
				}
				for i := range w.Rels {
					subj, rel, obj := w.Hop(i)
					sc := ws
					for _, e := range s.graph.Between(subj, rel, obj) {
						if old, ok := best[e]; !ok {
							best[e] = sc
							order = append(order, e)
						} else if sc > old {
							best[e] = sc
						}
					}
				}
			}
		}
	}
	qt := uniq(textutil.ContentTokens(question))
	out := make([]scoredEdge, 0, len(order))
	for _, e := range order {
		sc := best[e]
		if len(qt) > 0 {
			n := 0
			for _, tk := range qt {
				if s.edgeToks[e][tk] {
					n++
				}
			}
			sc *= 1 + float64(n)/float64(len(qt))
		}
		if e.Superseded && !d.History {
			sc *= staleFactor
		}
		out = append(out, scoredEdge{e: e, score: sc})
	}
	slices.SortStableFunc(out, func(a, b scoredEdge) int {
		switch {
		case a.score > b.score:
			return -1
		case a.score < b.score:
			return 1
		case a.e.Seq != b.e.Seq:
			if a.e.Seq > b.e.Seq {
				return -1
			}
			return 1
		}
		return strings.Compare(a.e.Key(), b.e.Key())
	})
	return out, nil
}

// Section headers of the rendered context.
const (
	FactsHeader      = "Facts (knowledge graph):"
	BackgroundHeader = "Background (conversation turns):"
)

// cand is one retrieval result on its way into the context.
type cand struct {
	id    string
	score float64
	edges []*Edge           // a fact: its edge(s); nil for a turn window
	turns []strategies.Turn // a background window: its turns, in order
	item  strategies.Item   // rendered
	keys  []string          // facts stated, for Dedup
}

// Retrieve answers a query in six steps. (1) Route classifies the question
// and picks the route and traversal depth. (2) Graph retrieval: Link seeds,
// traversal templates, graphRank. (3) Vector retrieval: the vector_k
// nearest episodes (a turn with the turn before it in its session). (4)
// LinkedRRF fuses the graph list (weight graph_weight × the route's
// graph/vector ratio, Decision.Weights) and the episode list (weight 1);
// superseded items — superseded edges, and lines that state a superseded
// value without its replacement (StaleIndex) — lose half their fused score
// unless the question asks about history. (5) Dedup drops items that state
// only facts already stated (graph facts take precedence over the turns
// they were read from); facts with the same provenance and status merge
// into one line, background turns adjacent in a session into one window;
// items that bring no new evidence turn move behind those that do
// (novelFirst) and, unless the question asks about history, superseded
// items behind current ones (currentFirst). (6) The first max_items items
// are packed, in order, into q.Budget tokens as
//
//	Facts (knowledge graph):
//	[2026-03-09 s2-t01,s2-t02] orders service uses Canon R6. <evidence sentence>
//	[2026-03-02 s1-t02] (superseded) the studio uses Nikon D750.
//	Background (conversation turns):
//	[2026-03-02 s1-t01] Dana: We need a database …
//
// Items come back best first, each with its turn ids; an empty question or
// a budget ≤ 0 gives an empty Recall.
func (s *Gaama) Retrieve(ctx context.Context, q strategies.Query) (strategies.Recall, error) {
	if q.Budget <= 0 || strings.TrimSpace(q.Question) == "" {
		return strategies.Recall{}, nil
	}
	iq, failed, err := strategies.ReadQuestion(ctx, s.env.Model, q)
	if err != nil {
		return strategies.Recall{}, fmt.Errorf("gaama: %w", err)
	}
	if failed {
		s.failures++
	}
	d := Route(iq)
	seeds := s.Link(q.Question, iq.Self)
	ranked, err := s.graphRank(ctx, d, seeds, q.Question)
	if err != nil {
		return strategies.Recall{}, err
	}
	if len(ranked) > 3*s.cfg.MaxItems {
		ranked = ranked[:3*s.cfg.MaxItems]
	}
	hits, err := s.raw.Search(ctx, q.Question, s.cfg.VectorK)
	if err != nil {
		return strategies.Recall{}, fmt.Errorf("gaama: episode search: %w", err)
	}
	gl := make([]Candidate, len(ranked))
	byID := map[string]*cand{}
	for i, se := range ranked {
		id := "f:" + se.e.Key()
		gl[i] = Candidate{ID: id, TurnIDs: se.e.TurnIDs}
		byID[id] = &cand{id: id, edges: []*Edge{se.e}}
	}
	vl := make([]Candidate, 0, len(hits))
	for _, h := range hits {
		id := "t:" + h.ID
		c := &cand{id: id}
		for _, tid := range h.TurnIDs {
			if t, ok := s.log.Get(tid); ok {
				c.turns = append(c.turns, t)
			}
		}
		vl = append(vl, Candidate{ID: id, TurnIDs: h.TurnIDs})
		byID[id] = c
	}
	wg, wv := d.Weights()
	fused, err := LinkedRRF([][]Candidate{gl, vl}, []float64{s.cfg.GraphWeight * wg / wv, 1}, s.cfg.RRFK, true)
	if err != nil {
		return strategies.Recall{}, err
	}
	cands := make([]*cand, 0, len(fused))
	for _, f := range fused {
		c := byID[f.ID]
		c.score = f.Score
		s.render(c, "")
		if c.item.Status == strategies.StatusSuperseded && !d.History {
			c.score *= staleFactor
		}
		cands = append(cands, c)
	}
	slices.SortStableFunc(cands, func(a, b *cand) int { return cmpScore(a.score, b.score) })
	// De-duplicate: facts first, then turns, each in fused order.
	var dd []DedupItem
	for pass := 0; pass < 2; pass++ {
		for _, c := range cands {
			if (c.edges != nil) == (pass == 0) {
				dd = append(dd, DedupItem{ID: c.id, Facts: c.keys, Text: c.item.Text})
			}
		}
	}
	keep := map[string]bool{}
	for _, id := range Dedup(dd) {
		keep[id] = true
	}
	var kept []*cand
	for _, c := range cands {
		if keep[c.id] {
			kept = append(kept, c)
		}
	}
	kept = novelFirst(s.merge(kept))
	if !d.History {
		kept = currentFirst(kept)
	}
	if len(kept) > s.cfg.MaxItems {
		kept = kept[:s.cfg.MaxItems]
	}
	items := make([]strategies.Item, len(kept))
	for i, c := range kept {
		items[i] = c.item
		// The fused score, capped so that it never rises down the list
		// (the reorderings above move items down, never up).
		items[i].Score = c.score
		if i > 0 && items[i].Score > items[i-1].Score {
			items[i].Score = items[i-1].Score
		}
	}
	return s.pack(items, q.Budget), nil
}

func cmpScore(a, b float64) int {
	switch {
	case a > b:
		return -1
	case a < b:
		return 1
	}
	return 0
}

// render builds a candidate's item, its status and its fact keys; forced,
// when not empty, overrides the status (a merged group keeps its members').
//
// A fact renders each edge's statement, then its newest evidence sentence
// verbatim ("orders service uses Canon R6. We moved orders to Canon R6 …");
// a superseded fact renders its statements only (its source wording would
// compete with the current value's). A background window renders its turns
// as "Speaker: text", joined by " / ". An item is superseded when its edges
// are, when its turns' every changing fact is (Graph.TurnStatus), or when
// it states a superseded value without the replacement (StaleIndex); a
// current item has phrases that name a replaced value ("instead of X",
// "from X to") redacted.
func (s *Gaama) render(c *cand, forced string) {
	status := strategies.StatusCurrent
	var statements, evs []string
	c.keys = nil
	if c.edges != nil {
		allSup, anyCond := true, false
		var ids []string
		last := c.edges[0]
		for _, e := range c.edges {
			statements = append(statements, s.graph.Text(e)+".")
			if n := len(e.Evidence); n > 0 && !slices.Contains(evs, e.Evidence[n-1].Sentence) {
				evs = append(evs, e.Evidence[n-1].Sentence)
			}
			allSup = allSup && e.Superseded
			anyCond = anyCond || e.Condition != ""
			c.keys = append(c.keys, e.Key())
			ids = append(ids, e.TurnIDs...)
			if e.Last.After(last.Last) {
				last = e
			}
		}
		switch {
		case allSup:
			status = strategies.StatusSuperseded
		case anyCond:
			status = strategies.StatusConditional
		}
		c.item = strategies.Item{ID: c.id, Kind: strategies.KindFact, TurnIDs: uniq(ids), Time: last.Last}
	} else {
		var ids []string
		for _, t := range c.turns {
			evs = append(evs, strategies.Speaker(t)+": "+t.Text)
			ids = append(ids, t.ID)
			if st := s.graph.TurnStatus(t.ID); st == strategies.StatusSuperseded {
				status = st
			}
			for _, e := range s.graph.EdgesOfTurn(t.ID) {
				c.keys = append(c.keys, e.Key())
			}
			c.keys = append(c.keys, s.loose[t.ID]...)
		}
		kind := strategies.KindTurn
		if len(c.turns) > 1 {
			kind = strategies.KindChunk
		}
		c.item = strategies.Item{ID: c.id, Kind: kind, TurnIDs: ids, Time: c.turns[len(c.turns)-1].Time}
	}
	full := strings.Join(append(slices.Clone(statements), evs...), " ")
	stale, mentioned := s.stale.Scan(textutil.NormalizeTokens(full), s.topicOf(c), s.currentValues)
	if stale {
		status = strategies.StatusSuperseded
	}
	if forced != "" {
		status = forced
	}
	c.item.Status = status
	switch {
	case status == strategies.StatusSuperseded && c.edges != nil:
		c.item.Text = strings.Join(statements, " ")
	case status == strategies.StatusSuperseded:
		c.item.Text = strings.Join(evs, " / ")
	case c.edges != nil:
		c.item.Text = Redact(full, s.replacedPhrases(mentioned))
	default:
		c.item.Text = Redact(strings.Join(evs, " / "), s.replacedPhrases(mentioned))
	}
}

// topicOf returns the content stems of the subjects of the facts a
// candidate states or was read from (its edges, or its turns' edges; hub
// subjects such as "user" left out): what its line is about, for
// StaleIndex.Scan.
func (s *Gaama) topicOf(c *cand) map[string]bool {
	edges := c.edges
	if edges == nil {
		for _, t := range c.turns {
			edges = append(edges, s.graph.EdgesOfTurn(t.ID)...)
		}
	}
	topic := map[string]bool{}
	for _, e := range edges {
		if s.hubs[e.Subject] {
			continue // "user", "assistant" and hubs name no topic
		}
		for _, t := range textutil.ContentTokens(e.Subject) {
			topic[t] = true
		}
	}
	return topic
}

// merge joins, keeping the first one's rank: facts with the same
// provenance and status into one fact line, and background turns adjacent
// in one session (and of one status) into one window, so one item of the
// result budget carries them all.
func (s *Gaama) merge(cands []*cand) []*cand {
	var out []*cand
	for _, c := range cands {
		joined := false
		for _, o := range out {
			if o.item.Status != c.item.Status {
				continue
			}
			if o.edges != nil && c.edges != nil && slices.Equal(o.item.TurnIDs, c.item.TurnIDs) {
				o.edges = append(o.edges, c.edges...)
				joined = true
			} else if o.edges == nil && c.edges == nil && len(o.turns)+len(c.turns) <= 3 && adjacent(o.turns, c.turns) {
				o.turns = append(o.turns, c.turns...)
				slices.SortFunc(o.turns, func(a, b strategies.Turn) int { return a.Index - b.Index })
				joined = true
			}
			if joined {
				s.render(o, o.item.Status)
				break
			}
		}
		if !joined {
			out = append(out, c)
		}
	}
	return out
}

// currentFirst moves superseded items behind all others, keeping relative
// order: for a question about the present, history is context, never the
// best answer.
func currentFirst(cands []*cand) []*cand {
	var cur, old []*cand
	for _, c := range cands {
		if c.item.Status == strategies.StatusSuperseded {
			old = append(old, c)
		} else {
			cur = append(cur, c)
		}
	}
	return append(cur, old...)
}

// novelFirst reorders items by marginal novelty, in the spirit of maximal
// marginal relevance (Carbonell and Goldstein, 1998): in rank order, an item
// whose turns are all covered by earlier items (a fact read from a turn
// already in the background, say) moves behind the items that bring new
// evidence, keeping its relative order. Stable and deterministic.
func novelFirst(cands []*cand) []*cand {
	covered := map[string]bool{}
	var novel, redundant []*cand
	for _, c := range cands {
		isNew := false
		for _, id := range c.item.TurnIDs {
			if !covered[id] {
				isNew = true
			}
		}
		if !isNew {
			redundant = append(redundant, c)
			continue
		}
		for _, id := range c.item.TurnIDs {
			covered[id] = true
		}
		novel = append(novel, c)
	}
	return append(novel, redundant...)
}

// adjacent reports whether two runs of turns of one session touch.
func adjacent(a, b []strategies.Turn) bool {
	if a[0].SessionID != b[0].SessionID {
		return false
	}
	lo, hi := a[0].Index, a[len(a)-1].Index
	return b[len(b)-1].Index == lo-1 || b[0].Index == hi+1
}

// pack places items, in order, into the two sections while the whole
// context stays within budget tokens (section headers included); an item
// that does not fit is skipped and later, smaller ones are still tried.
func (s *Gaama) pack(items []strategies.Item, budget int) strategies.Recall {
	tok := s.env.Tokenizer
	var placed []strategies.Item
	for _, it := range items {
		next := append(slices.Clone(placed), it)
		if tok.Count(renderContext(next)) <= budget {
			placed = next
		}
	}
	if len(placed) == 0 {
		return strategies.Recall{}
	}
	return strategies.Recall{Items: placed, Context: renderContext(placed)}
}

// renderContext lays items out in the Facts and Background sections, each
// line rendered by strategies.Line (date, turn ids, status mark, text).
func renderContext(items []strategies.Item) string {
	var fl, bl []string
	for _, it := range items {
		if it.Kind == strategies.KindFact {
			fl = append(fl, strategies.Line(it))
		} else {
			bl = append(bl, strategies.Line(it))
		}
	}
	var parts []string
	if len(fl) > 0 {
		parts = append(parts, FactsHeader, strings.Join(fl, "\n"))
	}
	if len(bl) > 0 {
		parts = append(parts, BackgroundHeader, strings.Join(bl, "\n"))
	}
	return strings.Join(parts, "\n")
}
