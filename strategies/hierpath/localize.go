package hierpath

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/memarena/memarena/internal/model"
	"github.com/memarena/memarena/internal/vecstore"
	"github.com/memarena/memarena/strategies"
)

// KindVersion is the item kind of a superseded version of a node, shown
// only for questions about history ("what did we first pick?").
const KindVersion = "version"

// ScoredPath is a candidate root-to-leaf path with its score terms, each in
// [0, 1].
type ScoredPath struct {
	// IDs are the nodes from the goal to the leaf.
	IDs []int64
	// Sim is the mean cosine similarity (negative values as 0) of the
	// path's nodes to the query — for a fast-lane match, the larger of that
	// and the cosine of the whole path's embedding — divided by the largest
	// such value among the query's candidate paths, so the term spans
	// [0, 1] whatever the embedder's range of cosines.
	Sim float64
	// Complete is the share of the levels goal, stage, step and result the
	// path covers.
	Complete float64
	// Recency is strategies.Decay of the age of the path's newest node.
	Recency float64
	// Success is 1 when the path's subtask last succeeded, 0 when it last
	// failed, 0.5 otherwise.
	Success float64
	// Score is PathScore of the terms.
	Score float64
	// Fast marks a path matched through the fast lane.
	Fast bool
}

// PathScore combines the terms: WeightSim·sim + WeightComplete·complete +
// WeightRecency·recency + WeightSuccess·success, in [0, 1] for terms in
// [0, 1].
func PathScore(sim, complete, recency, success float64) float64 {
	return wts[0]*sim + wts[1]*complete + wts[2]*recency + wts[3]*success
}

var wts = [4]float64{WeightSim, WeightComplete, WeightRecency, WeightSuccess}

// Retrieve localizes the question to the best 1–3 root-to-leaf paths and
// renders them as narratives (see the package doc).
func (h *HierPath) Retrieve(ctx context.Context, q strategies.Query) (strategies.Recall, error) {
	if q.Budget <= 0 || strings.TrimSpace(q.Question) == "" || len(h.g.vecs) == 0 {
		return strategies.Recall{}, nil
	}
	// The raw channel's search reads only the raw index: it runs beside
	// localization (two scans of the vectors at once on a multi-core
	// machine); the result is the same as one after the other.
	var raw []strategies.Item
	var rawErr error
	done := make(chan struct{})
	go func() {
		defer close(done)
		if h.raw != nil {
			raw, rawErr = h.raw.Search(ctx, q.Question, h.cfg.RawK)
		}
	}()
	items, err := h.localizeItems(ctx, q)
	<-done
	if err != nil {
		return strategies.Recall{}, err
	}
	if rawErr != nil {
		return strategies.Recall{}, rawErr
	}
	if items, err = h.fuseRaw(items, raw); err != nil {
		return strategies.Recall{}, err
	}
	return h.pack(items, q.Budget), nil
}

// localizeItems is hier-path's own retrieval: the chosen paths, then the
// superseded versions a history question asks for (see Retrieve).
func (h *HierPath) localizeItems(ctx context.Context, q strategies.Query) ([]variants, error) {
	qv, err := h.embed(ctx, q.Question)
	if err != nil {
		return nil, err
	}
	ranked, err := h.Localize(ctx, qv, q.AskedAt)
	if err != nil {
		return nil, err
	}
	iq, failed, err := strategies.ReadQuestion(ctx, h.env.Model, q)
	if err != nil {
		return nil, fmt.Errorf("hier-path: %w", err)
	}
	if failed {
		h.failures++
	}
	if iq.Focus == model.FocusCurrent {
		h.preferRevised(ranked)
	}
	chosen := h.selectPaths(ranked, h.cfg.Paths)
	var items []variants
	for _, p := range chosen {
		items = append(items, h.pathItem(p))
	}
	if iq.Focus == model.FocusHistory {
		hist, err := h.historyItems(ctx, chosen)
		if err != nil {
			return nil, err
		}
		items = append(items, hist...)
	}
	return items, nil
}

// Localize returns every candidate path for a query vector, scored and
// sorted best first (ties by node ids): candidates from the global vector
// search, the subtree-first search and related_to neighbours are expanded
// to root-to-leaf paths with recursive SQL; fast-lane paths are added.
func (h *HierPath) Localize(ctx context.Context, qv []float32, asked time.Time) ([]ScoredPath, error) {
	// The fast lane's search reads only its own index: it runs beside the
	// candidate search.
	var hits []vecstore.Hit
	var fastErr error
	done := make(chan struct{})
	go func() {
		defer close(done)
		hits, fastErr = h.fast.QueryVector(ctx, qv, fastLaneHits, nil)
	}()
	var paths [][]int64
	cands, err := h.candidates(ctx, qv)
	if err == nil {
		paths, err = h.g.Paths(ctx, cands, MaxLevel, h.cfg.Fanout)
	}
	<-done
	if err != nil {
		return nil, err
	}
	if fastErr != nil {
		return nil, fastErr
	}
	fast := map[string]float64{}
	for _, hit := range hits {
		e := h.fastPaths[hit.ID]
		if !h.fastValid(e) {
			continue
		}
		k := pathKey(e.path)
		if _, dup := fast[k]; !dup {
			fast[k] = hit.Score
			paths = append(paths, e.path)
		}
	}
	seen := map[string]bool{}
	var out []ScoredPath
	maxSim := 0.0
	for _, p := range paths {
		k := pathKey(p)
		if seen[k] {
			continue
		}
		seen[k] = true
		sp := h.scorePath(p, qv, asked)
		if fs, ok := fast[k]; ok {
			sp.Fast = true
			sp.Sim = max(sp.Sim, fs)
		}
		maxSim = max(maxSim, sp.Sim)
		out = append(out, sp)
	}
	for i := range out {
		if maxSim > 0 {
			out[i].Sim /= maxSim
		}
		out[i].Score = PathScore(out[i].Sim, out[i].Complete, out[i].Recency, out[i].Success)
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Score != out[j].Score {
			return out[i].Score > out[j].Score
		}
		return lessIDs(out[i].IDs, out[j].IDs)
	})
	return out, nil
}

// candidates gathers the nodes paths are expanded from: the global top
// cfg.Candidates nodes below the subtask level, up to relatedHops related_to
// neighbours of the three best of them, and the subtree-first picks.
func (h *HierPath) candidates(ctx context.Context, qv []float32) ([]int64, error) {
	set := map[int64]bool{}
	hits, err := h.g.Search(ctx, qv, h.cfg.Candidates)
	if err != nil {
		return nil, err
	}
	expanded := 0
	for _, hit := range hits {
		if h.g.nodes[hit.ID].Level < 2 {
			continue
		}
		set[hit.ID] = true
		if expanded < 3 {
			expanded++
			nb, err := h.neighbours(ctx, hit.ID)
			if err != nil {
				return nil, err
			}
			for _, id := range nb {
				set[id] = true
			}
		}
	}
	sub, err := h.subtreeFirst(ctx, qv)
	if err != nil {
		return nil, err
	}
	for _, id := range sub {
		set[id] = true
	}
	out := make([]int64, 0, len(set))
	for id := range set {
		out = append(out, id)
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out, nil
}

// neighbours are the current nodes joined to id by the heaviest related_to
// edges (either direction), at most relatedHops.
func (h *HierPath) neighbours(ctx context.Context, id int64) ([]int64, error) {
	out, err := h.g.Related(ctx, id, EdgeRelatedTo)
	if err != nil {
		return nil, err
	}
	in, err := h.g.Incoming(ctx, id, EdgeRelatedTo)
	if err != nil {
		return nil, err
	}
	type nb struct {
		id int64
		w  float64
	}
	var all []nb
	for _, e := range out {
		all = append(all, nb{e.Dst, e.Weight})
	}
	for _, e := range in {
		all = append(all, nb{e.Src, e.Weight})
	}
	sort.SliceStable(all, func(i, j int) bool {
		if all[i].w != all[j].w {
			return all[i].w > all[j].w
		}
		return all[i].id < all[j].id
	})
	var ids []int64
	for _, n := range all {
		if len(ids) == relatedHops {
			break
		}
		if h.g.nodes[n.id].Status == StatusCurrent {
			ids = append(ids, n.id)
		}
	}
	return ids, nil
}

func sortScored(s []Scored) {
	sort.SliceStable(s, func(i, j int) bool {
		if s[i].Score != s[j].Score {
			return s[i].Score > s[j].Score
		}
		return s[i].ID < s[j].ID
	})
}

// subtreeFirst searches top-down: the subtreeGoals goals whose subtree
// centroid is most similar to the query, then the subtreeSubtasks best
// subtasks inside them (by their own subtree centroid), then the
// subtreeSteps most similar nodes inside each of those subtasks.
func (h *HierPath) subtreeFirst(ctx context.Context, qv []float32) ([]int64, error) {
	var goals []Scored
	for _, g := range h.goalOrder {
		if h.g.nodes[g].Status == StatusCurrent {
			goals = append(goals, Scored{ID: g, Score: cosine(qv, h.g.SubtreeVector(g))})
		}
	}
	sortScored(goals)
	if len(goals) > subtreeGoals {
		goals = goals[:subtreeGoals]
	}
	var subs []Scored
	for _, g := range goals {
		kids, err := h.g.Children(ctx, g.ID)
		if err != nil {
			return nil, err
		}
		for _, k := range kids {
			if h.g.nodes[k].Kind == NodeSubtask {
				subs = append(subs, Scored{ID: k, Score: cosine(qv, h.g.SubtreeVector(k))})
			}
		}
	}
	sortScored(subs)
	if len(subs) > subtreeSubtasks {
		subs = subs[:subtreeSubtasks]
	}
	var out []int64
	for _, s := range subs {
		desc, err := h.g.Descendants(ctx, s.ID)
		if err != nil {
			return nil, err
		}
		steps := make([]Scored, 0, len(desc))
		for _, d := range desc {
			steps = append(steps, Scored{ID: d, Score: cosine(qv, h.g.Vector(d))})
		}
		sortScored(steps)
		for i := 0; i < len(steps) && i < subtreeSteps; i++ {
			out = append(out, steps[i].ID)
		}
	}
	return out, nil
}

// scorePath computes the score terms of one path.
func (h *HierPath) scorePath(ids []int64, qv []float32, asked time.Time) ScoredPath {
	var sum float64
	var levels [4]bool
	var latest time.Time
	var sub int64
	for _, id := range ids {
		n := h.g.nodes[id]
		if s := cosine(qv, h.g.Vector(id)); s > 0 {
			sum += s
		}
		lv := min(n.Level, 3)
		levels[lv] = true
		if n.Level >= 2 && (n.Outcome != "" || n.Kind == NodeReflection) {
			levels[3] = true
		}
		if n.Level == 1 {
			sub = id
		}
		if n.Time.After(latest) {
			latest = n.Time
		}
	}
	success := 0.5
	if sub != 0 {
		success = h.subtaskSuccess(sub)
		if leaf := h.g.nodes[ids[len(ids)-1]]; leaf.Kind == NodeSummary && success != 0.5 {
			levels[3] = true // the summary covers the subtask's outcome
		}
	}
	covered := 0
	for _, l := range levels {
		if l {
			covered++
		}
	}
	rec := 1.0
	if !asked.IsZero() {
		rec = strategies.Decay(asked.Sub(latest), h.cfg.HalfLife)
	}
	sp := ScoredPath{IDs: ids, Sim: sum / float64(len(ids)), Complete: float64(covered) / 4, Recency: rec, Success: success}
	sp.Score = PathScore(sp.Sim, sp.Complete, sp.Recency, sp.Success)
	return sp
}

// selectPaths picks up to k paths greedily by score with a redundancy
// discount in the manner of maximal marginal relevance (Carbonell and
// Goldstein 1998): a path loses redundancyPenalty × the share of its turn
// ids that the already chosen paths cover. A stage's summary path therefore
// still joins one of its step paths (it covers many more turns), while a
// path that repeats what is already there gives way.
func (h *HierPath) selectPaths(ranked []ScoredPath, k int) []ScoredPath {
	var chosen []ScoredPath
	covered := map[string]bool{}
	used := make([]bool, len(ranked))
	turnsOf := make([][]string, len(ranked))
	for i, p := range ranked {
		for _, id := range p.IDs {
			if n := h.g.nodes[id]; n.Level >= 2 {
				turnsOf[i] = unionIDs(turnsOf[i], n.TurnIDs)
			}
		}
	}
	for len(chosen) < k {
		best, bestAdj := -1, 0.0
		for i, p := range ranked {
			if used[i] {
				continue
			}
			adj := p.Score
			if len(chosen) > 0 && len(turnsOf[i]) > 0 {
				n := 0
				for _, t := range turnsOf[i] {
					if covered[t] {
						n++
					}
				}
				adj -= redundancyPenalty * float64(n) / float64(len(turnsOf[i]))
			}
			if best < 0 || adj > bestAdj+1e-12 {
				best, bestAdj = i, adj
			}
		}
		if best < 0 {
			break
		}
		used[best] = true
		chosen = append(chosen, ranked[best])
		for _, t := range turnsOf[best] {
			covered[t] = true
		}
	}
	return chosen
}

// variants is an item with its full and compact context lines (and the
// item text that goes with the compact line).
type variants struct {
	item          strategies.Item
	full, compact string
	compactText   string
}

// nodeLabel names a node's role in the narrative.
func (h *HierPath) nodeLabel(n *Node) string {
	var l string
	switch {
	case n.Kind == NodeGoal:
		return "Goal"
	case n.Kind == NodeSubtask:
		return "stage"
	case n.Kind == NodeSummary:
		return "summary of the stage"
	case n.Kind == NodeObservation && n.Level >= 3:
		l = "result"
	default:
		l = n.Kind
	}
	switch n.Outcome {
	case OutcomeSuccess:
		l = "successful " + l
	case OutcomeFailure:
		l = "failed " + l
	}
	if h.revised[n.ID] {
		l = "revised " + l
	}
	return l
}

func flatten(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

func clipWords(s string, n int) string {
	w := strings.Fields(s)
	if len(w) <= n {
		return strings.Join(w, " ")
	}
	return strings.Join(w[:n], " ") + " …"
}

// pathItem renders a path as one narrative line, "Goal: … → stage: … →
// decision: … → result: …", with the provenance of every node on it. In the
// context line the goal and stage sit in the bracketed header beside the
// date and turn ids ("[2026-03-05 s2-t01,s2-t05 · Goal: … → stage: …]
// decision: … → result: …"): they locate the path, and an extractive reader
// (which skips the header) then quotes the steps rather than the goal's
// wording, which questions tend to repeat.
func (h *HierPath) pathItem(p ScoredPath) variants {
	var head, body, headShort, bodyShort []string
	var turns []string
	var latest time.Time
	for _, id := range p.IDs {
		n := h.g.nodes[id]
		text := flatten(n.Content)
		if n.Level <= 1 {
			text = strings.NewReplacer("[", "(", "]", ")").Replace(strings.TrimRight(text, ".!?;: "))
			head = append(head, h.nodeLabel(n)+": "+text)
			headShort = append(headShort, h.nodeLabel(n)+": "+clipWords(text, 8))
		} else {
			body = append(body, h.nodeLabel(n)+": "+text)
			bodyShort = append(bodyShort, h.nodeLabel(n)+": "+clipWords(text, 50))
		}
		turns = unionIDs(turns, n.TurnIDs)
		if n.Time.After(latest) {
			latest = n.Time
		}
	}
	it := strategies.Item{ID: "path:" + pathKey(p.IDs), Text: strings.Join(append(append([]string{}, head...), body...), " → "),
		Score: p.Score, Kind: strategies.KindPath, TurnIDs: turns, Time: latest}
	return variants{item: it, full: headerLine(it, head, body), compact: headerLine(it, headShort, bodyShort),
		compactText: strings.Join(append(append([]string{}, headShort...), bodyShort...), " → ")}
}

// headerLine renders "[date ids · head] body" (strategies.Line's header
// with the path's locator added).
func headerLine(it strategies.Item, head, body []string) string {
	l := strategies.Line(strategies.Item{Time: it.Time, TurnIDs: it.TurnIDs, Status: it.Status})
	i := strings.Index(l, "] ")
	if i < 0 || len(head) == 0 {
		return l + strings.Join(body, " → ")
	}
	return l[:i] + " · " + strings.Join(head, " → ") + l[i:] + strings.Join(body, " → ")
}

// currentBonus is added to the score of paths holding a node rewritten by
// an update when the question asks about the current state.
const currentBonus = 0.1

// preferRevised adds currentBonus to the paths holding a node rewritten by
// an update, and re-sorts; Retrieve calls it when the model reads the
// question's focus as the current state ("which database do we use now?"):
// those nodes state the current value in a clean sentence, while the
// update's own turn names the old value too.
func (h *HierPath) preferRevised(ranked []ScoredPath) {
	for i := range ranked {
		if h.hasRevised(ranked[i]) {
			ranked[i].Score += currentBonus
		}
	}
	sort.SliceStable(ranked, func(i, j int) bool { return ranked[i].Score > ranked[j].Score })
}

// hasRevised reports whether a path holds a node rewritten by an update.
func (h *HierPath) hasRevised(p ScoredPath) bool {
	for _, id := range p.IDs {
		if h.revised[id] {
			return true
		}
	}
	return false
}

// historyItems lists (only when the model reads the question's focus as an
// earlier state: "what did we first pick", "what was the old TTL"), for the nodes of the chosen paths, their latest
// earlier version with different content and the superseded nodes linked
// to them by revises edges (the step a replacement replaced), as
// superseded items.
func (h *HierPath) historyItems(ctx context.Context, chosen []ScoredPath) ([]variants, error) {
	var out []variants
	seen := map[int64]bool{}
	for _, p := range chosen {
		for _, id := range p.IDs {
			if seen[id] {
				continue
			}
			seen[id] = true
			n := h.g.nodes[id]
			if n.Version > 1 {
				vs, err := h.g.Versions(ctx, id)
				if err != nil {
					return nil, err
				}
				for i := len(vs) - 2; i >= 0; i-- {
					if vs[i].Content != n.Content {
						out = append(out, h.versionItem(n, vs[i]))
						break
					}
				}
			}
			// Retired nodes linked by revises edges either way: the step a
			// replacement replaced (replacement → old); merged duplicates
			// (duplicate → kept) are skipped below, they hold no old value.
			replaced, err := h.g.Related(ctx, id, EdgeRevises)
			if err != nil {
				return nil, err
			}
			merged, err := h.g.Incoming(ctx, id, EdgeRevises)
			if err != nil {
				return nil, err
			}
			var olds []int64
			for _, e := range replaced {
				olds = append(olds, e.Dst)
			}
			for _, e := range merged {
				olds = append(olds, e.Src)
			}
			for _, oid := range olds {
				if old := h.g.nodes[oid]; old != nil && !seen[old.ID] && old.Status == StatusSuperseded {
					seen[old.ID] = true
					out = append(out, h.versionItem(old, snapshotOf(old)))
				}
			}
		}
	}
	return out, nil
}

func (h *HierPath) versionItem(n *Node, v Snapshot) variants {
	text := "earlier " + n.Kind + ": " + flatten(v.Content)
	it := strategies.Item{ID: fmt.Sprintf("version:%d:%d", n.ID, v.Version), Text: text, Kind: KindVersion,
		TurnIDs: append([]string(nil), v.TurnIDs...), Time: time.Unix(0, v.Time).UTC(), Status: strategies.StatusSuperseded}
	short := it
	short.Text = "earlier " + n.Kind + ": " + clipWords(v.Content, 50)
	return variants{item: it, full: strategies.Line(it), compact: strategies.Line(short), compactText: short.Text}
}

// pack places items in order while they fit the budget (counted with the
// run's tokenizer), trying the compact line of an item that does not fit in
// full (long contents cut to 50 words, goal and stage to 8); the
// recall holds exactly the placed items.
func (h *HierPath) pack(items []variants, budget int) strategies.Recall {
	var lines []string
	var placed []strategies.Item
	used := 0
	for _, v := range items {
		it := v.item
		line := v.full
		n := h.env.Tokenizer.Count(line + "\n")
		if used+n > budget {
			line, it.Text = v.compact, v.compactText
			n = h.env.Tokenizer.Count(line + "\n")
			if used+n > budget {
				continue
			}
		}
		used += n
		lines = append(lines, line)
		placed = append(placed, it)
	}
	if len(placed) == 0 {
		return strategies.Recall{}
	}
	return strategies.Recall{Items: placed, Context: strings.Join(lines, "\n")}
}
