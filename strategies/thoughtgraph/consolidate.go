package thoughtgraph

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/cayleygraph/quad"

	"github.com/memarena/memarena/strategies"
)

// stepTokens is the most tokens of a folded step's text kept in the
// thought it is folded into (the compression of consolidation); longer
// steps are cut at a token boundary and end with " …".
const stepTokens = 32

// isTrivialStep reports whether a thought is an intermediate step that
// consolidation may fold: a current (or conditional) analysis or hypothesis.
// Superseded steps stay apart, so stale text is never presented as part of
// a current decision.
func isTrivialStep(t *Thought) bool {
	return (t.Type == TypeAnalysis || t.Type == TypeHypothesis) && t.Status != strategies.StatusSuperseded
}

// isOutcome reports whether a thought is what a chain of steps leads to.
func isOutcome(t *Thought) bool { return t.Type == TypeDecision || t.Type == TypeLesson }

// consolidate folds the trivial steps of the finished task key into the
// decision or lesson each led to (see the package doc), oldest step first,
// and returns how many were folded. at is the scenario time of the fold.
func (g *ThoughtGraph) consolidate(ctx context.Context, key string, at time.Time) (int, error) {
	ids, err := g.graph.thoughtsOf(ctx, taskIRI(key), predTask)
	if err != nil {
		return 0, err
	}
	members := make([]*Thought, 0, len(ids))
	for _, id := range ids {
		if th := g.thoughts[id]; th != nil {
			members = append(members, th)
		}
	}
	sort.Slice(members, func(i, j int) bool { return members[i].seq < members[j].seq })
	folded := 0
	for _, a := range members {
		if g.thoughts[a.ID] == nil || !isTrivialStep(a) {
			continue
		}
		d, err := g.outcomeOf(ctx, a)
		if err != nil {
			return folded, err
		}
		if d == nil {
			continue
		}
		if err := g.fold(ctx, a, d, at); err != nil {
			return folded, err
		}
		folded++
	}
	g.stats.Folded += folded
	return folded, nil
}

// outcomeOf returns the decision or lesson a step led to: the nearest one
// reached from a by parent → child links inside a's task, breadth-first,
// within a hop the oldest (then smallest id) first; nil when there is none.
func (g *ThoughtGraph) outcomeOf(ctx context.Context, a *Thought) (*Thought, error) {
	visited := map[string]bool{a.ID: true}
	level := []string{a.ID}
	for len(level) > 0 {
		var next []*Thought
		for _, id := range level {
			ns, err := g.graph.neighbors(ctx, id)
			if err != nil {
				return nil, err
			}
			for _, n := range ns {
				t := g.thoughts[n.id]
				if n.rel != relChild || t == nil || visited[n.id] || t.Task != a.Task {
					continue
				}
				visited[n.id] = true
				next = append(next, t)
			}
		}
		sort.Slice(next, func(i, j int) bool {
			if next[i].seq != next[j].seq {
				return next[i].seq < next[j].seq
			}
			return next[i].ID < next[j].ID
		})
		for _, t := range next {
			if isOutcome(t) {
				return t, nil
			}
		}
		level = level[:0]
		for _, t := range next {
			level = append(level, t.ID)
		}
	}
	return nil, nil
}

// fold moves step a into outcome d: a's text (cut to stepTokens tokens),
// provenance, entities and own folded steps join d; a's parents become parents of d and of a's other
// children; a's session predecessor is linked to its successor; a leaves the
// graph and the vector store, and its id resolves to d from then on.
func (g *ThoughtGraph) fold(ctx context.Context, a, d *Thought, at time.Time) error {
	ns, err := g.graph.neighbors(ctx, a.ID)
	if err != nil {
		return err
	}
	var parents, children, prevs, nexts []string
	for _, n := range ns {
		if g.thoughts[n.id] == nil {
			continue
		}
		switch n.rel {
		case relParent:
			parents = append(parents, n.id)
		case relChild:
			children = append(children, n.id)
		case relPrev:
			prevs = append(prevs, n.id)
		case relNext:
			nexts = append(nexts, n.id)
		}
	}
	var add []quad.Quad
	for _, p := range parents {
		if p != d.ID {
			add = append(add, link(thoughtIRI(p), predParentOf, thoughtIRI(d.ID)))
		}
	}
	for _, c := range children {
		if c == d.ID {
			continue
		}
		up, err := g.reaches(ctx, c, d.ID)
		if err != nil {
			return err
		}
		if !up {
			// c followed from a, whose text now lives in d.
			add = append(add, link(thoughtIRI(d.ID), predParentOf, thoughtIRI(c)))
			continue
		}
		// c lies between a and d: linking d → c would close a cycle, so c
		// follows from a's parents instead.
		for _, p := range parents {
			if p != c {
				add = append(add, link(thoughtIRI(p), predParentOf, thoughtIRI(c)))
			}
		}
	}
	for _, p := range prevs {
		for _, n := range nexts {
			if p != n {
				add = append(add, link(thoughtIRI(p), predNext, thoughtIRI(n)))
			}
		}
	}
	rm, err := g.graph.quadsOf(ctx, a.ID)
	if err != nil {
		return fmt.Errorf("thought-graph: fold %s: %w", a.ID, err)
	}
	if err := g.graph.remove(rm...); err != nil {
		return err
	}
	before := d.size()
	d.Steps = append(d.Steps, a.Steps...)
	content, cut := g.env.Tokenizer.Truncate(a.Content, stepTokens)
	if cut {
		content = strings.TrimSpace(content) + " …"
	}
	d.Steps = append(d.Steps, Step{ID: a.ID, Type: a.Type, Content: content, TurnIDs: a.TurnIDs, seq: a.seq})
	sort.Slice(d.Steps, func(i, j int) bool { return d.Steps[i].seq < d.Steps[j].seq })
	for _, id := range a.TurnIDs {
		if !slices.Contains(d.TurnIDs, id) {
			d.TurnIDs = append(d.TurnIDs, id)
		}
	}
	sort.SliceStable(d.TurnIDs, func(i, j int) bool { return g.turnSeq[d.TurnIDs[i]] < g.turnSeq[d.TurnIDs[j]] })
	g.noteSuperseded(d)
	for _, e := range a.Entities {
		if !slices.Contains(d.Entities, e) {
			d.Entities = append(d.Entities, e)
			add = append(add, link(thoughtIRI(d.ID), predMentions, entityIRI(e)))
			g.mentions.add(d, e)
		}
	}
	sort.Strings(d.Entities)
	if at.After(d.Updated) {
		d.Updated = at
	}
	if err := g.graph.add(add...); err != nil {
		return err
	}
	if err := g.index(ctx, d); err != nil {
		return err
	}
	if err := g.store.Delete(ctx, a.ID); err != nil {
		return err
	}
	delete(g.thoughts, a.ID)
	g.alias[a.ID] = d.ID
	if g.frontier == a.ID {
		g.frontier = d.ID
	}
	g.bytes += d.size() - before - a.size()
	return nil
}

// reaches reports whether to can be reached from from along parent → child
// links.
func (g *ThoughtGraph) reaches(ctx context.Context, from, to string) (bool, error) {
	visited := map[string]bool{from: true}
	level := []string{from}
	for len(level) > 0 {
		var next []string
		for _, id := range level {
			ns, err := g.graph.neighbors(ctx, id)
			if err != nil {
				return false, err
			}
			for _, n := range ns {
				if n.rel != relChild || visited[n.id] {
					continue
				}
				if n.id == to {
					return true, nil
				}
				visited[n.id] = true
				next = append(next, n.id)
			}
		}
		level = next
	}
	return false, nil
}
