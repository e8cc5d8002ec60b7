package hierpath

import (
	"context"
	"fmt"
	"sort"
	"time"
)

// Rewrite operations (the "path rewrite" half of the design). Each one runs
// in a single SQLite transaction: a failing step rolls back every earlier
// step of the same rewrite, so the graph is either fully rewritten or left
// unchanged. Each changed node gets a new version (the old one stays in
// node_versions), and each rewrite appends one audit entry recording what
// (op, target), when (the scenario time at, never the wall clock), the
// before and after snapshots of every node it touched or created, and why.
// Rollback and Undo restore earlier versions the same way.

// Audit operation names.
const (
	OpUpdate   = "update"
	OpOutcome  = "outcome"
	OpReflect  = "reflect"
	OpReparent = "reparent"
	OpMerge    = "merge"
	OpReplace  = "replace"
	OpDelete   = "delete"
	OpRollback = "rollback"
	OpUndo     = "undo"
	OpSummary  = "summarize"
)

func current(n *Node) error {
	if n.Status != StatusCurrent {
		return fmt.Errorf("%w: node %d is %s", ErrNotCurrent, n.ID, n.Status)
	}
	return nil
}

// UpdateContent replaces the content of a current node (re-embedding it),
// sets its provenance to turnIDs (nil keeps it) and its time to at when
// later. The previous version is kept.
func (g *Graph) UpdateContent(ctx context.Context, id int64, content string, turnIDs []string, at time.Time, why, turn string) error {
	return g.run(ctx, OpUpdate, id, at, why, turn, func(o *op) error {
		n, err := o.node(id)
		if err != nil {
			return err
		}
		if err := current(n); err != nil {
			return err
		}
		return o.setContent(id, content, turnIDs, at)
	})
}

// SetOutcome records the outcome (OutcomeSuccess, OutcomeFailure or "") of
// a current step.
func (g *Graph) SetOutcome(ctx context.Context, id int64, outcome string, at time.Time, why, turn string) error {
	if outcome != "" && outcome != OutcomeSuccess && outcome != OutcomeFailure {
		return fmt.Errorf("%w: outcome %q", ErrInvalid, outcome)
	}
	return g.run(ctx, OpOutcome, id, at, why, turn, func(o *op) error {
		n, err := o.node(id)
		if err != nil {
			return err
		}
		if err := current(n); err != nil {
			return err
		}
		return o.setOutcome(id, outcome)
	})
}

// Reflection describes a reflection to insert after a failed step.
type Reflection struct {
	// Step is the decision or action that failed; its outcome becomes
	// failure. 0 when the failure cannot be tied to a step.
	Step int64
	// Under is the node the reflection hangs below (the failure result, or
	// the step itself). When Under is already at MaxLevel, its parent is
	// used.
	Under int64
	// Content is the reflection's text (non-empty).
	Content string
	// TurnIDs is its provenance (the failed step's and the failure's turns).
	TurnIDs []string
	// SessionID is the session of the failure turn.
	SessionID string
}

// InsertReflection inserts a reflection node after a failed step (design:
// "insert a reflection after a decision"): it marks Step as failed, adds the
// reflection below Under and a causes edge Step → reflection. It returns
// the reflection's id.
func (g *Graph) InsertReflection(ctx context.Context, r Reflection, at time.Time, why, turn string) (int64, error) {
	var id int64
	target := r.Step
	if target == 0 {
		target = r.Under
	}
	err := g.run(ctx, OpReflect, target, at, why, turn, func(o *op) error {
		under, err := o.node(r.Under)
		if err != nil {
			return err
		}
		if err := current(under); err != nil {
			return err
		}
		parent := under.ID
		if under.Level >= MaxLevel {
			parent = under.Parent
		}
		if under.Level < 2 && under.Kind != NodeSubtask {
			return fmt.Errorf("%w: a reflection goes below a subtask or a step, not a %s", ErrInvalid, under.Kind)
		}
		if r.Step != 0 {
			st, err := o.node(r.Step)
			if err != nil {
				return err
			}
			if err := current(st); err != nil {
				return err
			}
			if st.Outcome != OutcomeFailure {
				if err := o.setOutcome(st.ID, OutcomeFailure); err != nil {
					return err
				}
			}
		}
		id, err = o.insert(NewNode{Kind: NodeReflection, Content: r.Content, TurnIDs: r.TurnIDs, SessionID: r.SessionID, Time: at}, parent)
		if err != nil {
			return err
		}
		if r.Step != 0 {
			return o.addEdge(Edge{Src: r.Step, Dst: id, Kind: EdgeCauses, Weight: 1})
		}
		return nil
	})
	if err != nil {
		return 0, err
	}
	return id, nil
}

// Reparent moves a current node and its subtree under another current node.
// It refuses cycles and moves that would push a descendant past MaxLevel.
func (g *Graph) Reparent(ctx context.Context, id, parent int64, at time.Time, why, turn string) error {
	return g.run(ctx, OpReparent, id, at, why, turn, func(o *op) error {
		n, err := o.node(id)
		if err != nil {
			return err
		}
		if err := current(n); err != nil {
			return err
		}
		return o.setParent(id, parent)
	})
}

// MergeSubtasks folds the duplicate subtask dup into keep: dup's current
// children are re-parented under keep, keep's provenance becomes the union
// of both, dup is marked merged and linked to keep by a revises edge.
// Both must be current subtasks.
func (g *Graph) MergeSubtasks(ctx context.Context, keep, dup int64, at time.Time, why, turn string) error {
	if keep == dup {
		return fmt.Errorf("%w: merging subtask %d into itself", ErrInvalid, keep)
	}
	return g.run(ctx, OpMerge, keep, at, why, turn, func(o *op) error {
		k, err := o.node(keep)
		if err != nil {
			return err
		}
		d, err := o.node(dup)
		if err != nil {
			return err
		}
		for _, n := range []*Node{k, d} {
			if err := current(n); err != nil {
				return err
			}
			if n.Kind != NodeSubtask {
				return fmt.Errorf("%w: node %d is a %s, not a subtask", ErrInvalid, n.ID, n.Kind)
			}
		}
		kids, err := o.currentChildren(dup)
		if err != nil {
			return err
		}
		for _, c := range kids {
			if err := o.setParent(c, keep); err != nil {
				return err
			}
		}
		if err := o.setContent(keep, k.Content, unionIDs(k.TurnIDs, d.TurnIDs), d.Time); err != nil {
			return err
		}
		if err := o.setStatus(dup, StatusMerged); err != nil {
			return err
		}
		return o.addEdge(Edge{Src: dup, Dst: keep, Kind: EdgeRevises, Weight: 1})
	})
}

// Subtree is a replacement subtree: a node and its children.
type Subtree struct {
	// Node is the subtree's root.
	Node NewNode
	// Children hang below it, in order.
	Children []Subtree
}

// ReplaceSubtree retires root and every current node below it (status
// superseded, versions kept) and inserts repl in its place under root's
// parent, with a revises edge from the new root to the old one. It returns
// the new root's id.
func (g *Graph) ReplaceSubtree(ctx context.Context, root int64, repl Subtree, at time.Time, why, turn string) (int64, error) {
	var newRoot int64
	err := g.run(ctx, OpReplace, root, at, why, turn, func(o *op) error {
		r, err := o.node(root)
		if err != nil {
			return err
		}
		if err := current(r); err != nil {
			return err
		}
		if r.Kind == NodeGoal {
			return fmt.Errorf("%w: cannot replace a goal", ErrInvalid)
		}
		sub, err := o.subtree(root)
		if err != nil {
			return err
		}
		for _, id := range sub {
			n, err := o.node(id)
			if err != nil {
				return err
			}
			if n.Status == StatusCurrent {
				if err := o.setStatus(id, StatusSuperseded); err != nil {
					return err
				}
			}
		}
		var ins func(s Subtree, parent int64) (int64, error)
		ins = func(s Subtree, parent int64) (int64, error) {
			id, err := o.insert(s.Node, parent)
			if err != nil {
				return 0, err
			}
			for _, c := range s.Children {
				if _, err := ins(c, id); err != nil {
					return 0, err
				}
			}
			return id, nil
		}
		if newRoot, err = ins(repl, r.Parent); err != nil {
			return err
		}
		return o.addEdge(Edge{Src: newRoot, Dst: root, Kind: EdgeRevises, Weight: 1})
	})
	if err != nil {
		return 0, err
	}
	return newRoot, nil
}

// Delete retires a current node (status deleted; versions kept). The
// dependency check refuses, with ErrWouldOrphan, to delete a node that still
// has current children.
func (g *Graph) Delete(ctx context.Context, id int64, at time.Time, why, turn string) error {
	return g.run(ctx, OpDelete, id, at, why, turn, func(o *op) error {
		n, err := o.node(id)
		if err != nil {
			return err
		}
		if err := current(n); err != nil {
			return err
		}
		return o.delete(id)
	})
}

func (o *op) delete(id int64) error {
	kids, err := o.currentChildren(id)
	if err != nil {
		return err
	}
	if len(kids) > 0 {
		return fmt.Errorf("%w: node %d has %d current children (%v)", ErrWouldOrphan, id, len(kids), kids)
	}
	return o.setStatus(id, StatusDeleted)
}

// Rollback restores node id to an earlier version (content, outcome,
// provenance, time, status and parent), recorded as a new version. It
// refuses a restore that would orphan nodes: a non-current status while the
// node has current children, or a current status under a non-current parent.
func (g *Graph) Rollback(ctx context.Context, id int64, version int, at time.Time, why, turn string) error {
	return g.run(ctx, OpRollback, id, at, why, turn, func(o *op) error {
		return o.restore(id, version)
	})
}

func (o *op) restore(id int64, version int) error {
	n, err := o.node(id)
	if err != nil {
		return err
	}
	if version < 1 || version >= n.Version {
		return fmt.Errorf("%w: node %d has versions 1..%d; cannot roll back to %d", ErrInvalid, id, n.Version, version)
	}
	var v Snapshot
	var turns string
	err = o.q.QueryRowContext(o.ctx, `SELECT content, outcome, status, COALESCE(parent, 0), turn_ids, t FROM node_versions WHERE node_id = ? AND version = ?`,
		id, version).Scan(&v.Content, &v.Outcome, &v.Status, &v.Parent, &turns, &v.Time)
	if err != nil {
		return fmt.Errorf("%w: node %d version %d: %v", ErrNotFound, id, version, err)
	}
	if v.Parent != n.Parent && v.Parent != 0 {
		if err := o.setParent(id, v.Parent); err != nil {
			return err
		}
	}
	if v.Status == StatusCurrent && v.Parent != 0 {
		p, err := o.node(v.Parent)
		if err != nil {
			return err
		}
		if p.Status != StatusCurrent {
			return fmt.Errorf("%w: restoring node %d under %s parent %d", ErrWouldOrphan, id, p.Status, p.ID)
		}
	}
	if v.Status != StatusCurrent {
		kids, err := o.currentChildren(id)
		if err != nil {
			return err
		}
		if len(kids) > 0 {
			return fmt.Errorf("%w: node %d would become %s with %d current children", ErrWouldOrphan, id, v.Status, len(kids))
		}
	}
	if _, err := o.touch(id); err != nil {
		return err
	}
	if err := o.embed(id, v.Content); err != nil {
		return err
	}
	return o.exec(`UPDATE nodes SET content = ?, outcome = ?, status = ?, turn_ids = ?, t = ? WHERE id = ?`,
		v.Content, v.Outcome, v.Status, turns, v.Time, id)
}

// Undo reverts one audit entry in a single transaction: every node the
// entry changed goes back to its version from before the entry (later
// changes to those nodes are reverted too), and every node it created is
// deleted (deepest first; the dependency check still applies).
func (g *Graph) Undo(ctx context.Context, seq int64, at time.Time, why, turn string) error {
	o, err := g.begin(ctx)
	if err != nil {
		return err
	}
	entries, err := g.audit(ctx, o.q, seq)
	if err != nil || len(entries) == 0 {
		o.tx.Rollback()
		if err == nil {
			err = fmt.Errorf("%w: audit entry %d", ErrNotFound, seq)
		}
		return err
	}
	e := entries[0]
	fail := func(err error) error { o.tx.Rollback(); return err }
	had := map[int64]bool{}
	for _, b := range e.Before {
		had[b.ID] = true
	}
	// Restore parents before children (the before list is in touch order;
	// sort by level so a restored child finds its parent current).
	before := append([]Snapshot(nil), e.Before...)
	sort.SliceStable(before, func(i, j int) bool { return before[i].Level < before[j].Level })
	var created []Snapshot
	for _, a := range e.After {
		if !had[a.ID] {
			created = append(created, a)
		}
	}
	sort.SliceStable(created, func(i, j int) bool { return created[i].Level > created[j].Level })
	for _, c := range created {
		n, err := o.node(c.ID)
		if err != nil {
			return fail(err)
		}
		if n.Status == StatusCurrent {
			if err := o.delete(c.ID); err != nil {
				return fail(err)
			}
		}
	}
	for _, b := range before {
		n, err := o.node(b.ID)
		if err != nil {
			return fail(err)
		}
		if n.Version > b.Version {
			if err := o.restore(b.ID, b.Version); err != nil {
				return fail(err)
			}
		}
	}
	// Edges a merge, reflection or replacement added are history links; the
	// restored statuses already take the affected nodes out of (or back
	// into) the paths, so edges stay.
	return o.finish(OpUndo, e.Node, at, why, turn)
}

// Summarize writes the summary leaf of a subtask: it inserts the summary
// node on the first call and updates its content (a new version) later.
// contentTime is the time of the newest step summarized (the node's time),
// at the scenario time of the rewrite (the audit entry's). It returns the
// summary node's id.
func (g *Graph) Summarize(ctx context.Context, subtask, existing int64, content string, turnIDs []string, sessionID string, contentTime, at time.Time, why string) (int64, error) {
	id := existing
	err := g.run(ctx, OpSummary, subtask, at, why, "", func(o *op) error {
		s, err := o.node(subtask)
		if err != nil {
			return err
		}
		if err := current(s); err != nil {
			return err
		}
		if s.Kind != NodeSubtask {
			return fmt.Errorf("%w: node %d is a %s, not a subtask", ErrInvalid, subtask, s.Kind)
		}
		if existing != 0 {
			n, err := o.node(existing)
			if err != nil {
				return err
			}
			if n.Status == StatusCurrent && n.Parent == subtask {
				return o.setContent(existing, content, turnIDs, contentTime)
			}
		}
		id, err = o.insert(NewNode{Kind: NodeSummary, Content: content, TurnIDs: turnIDs, SessionID: sessionID, Time: contentTime}, subtask)
		return err
	})
	if err != nil {
		return 0, err
	}
	return id, nil
}

// unionIDs appends the ids of b missing from a, keeping a's order.
func unionIDs(a, b []string) []string {
	out := append([]string{}, a...)
	seen := map[string]bool{}
	for _, x := range a {
		seen[x] = true
	}
	for _, x := range b {
		if !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	return out
}
