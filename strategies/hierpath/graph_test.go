package hierpath

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/memarena/memarena/internal/embed"
)

var t0 = time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)

func at(min int) time.Time { return t0.Add(time.Duration(min) * time.Minute) }

func newGraph(t testing.TB) *Graph {
	t.Helper()
	g, err := OpenGraph(context.Background(), embed.NewHashing(256))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { g.Close() })
	return g
}

func mustInsert(t testing.TB, g *Graph, kind, content string, parent int64, turns ...string) int64 {
	t.Helper()
	id, err := g.Insert(context.Background(), NewNode{Kind: kind, Content: content, TurnIDs: turns, Time: at(int(g.seq))}, parent)
	if err != nil {
		t.Fatalf("insert %s %q: %v", kind, content, err)
	}
	return id
}

// knownTree builds
//
//	1 goal G
//	├─ 2 subtask A
//	│  ├─ 3 action a1
//	│  │  └─ 4 observation r1
//	│  │     └─ 5 reflection f1
//	│  ├─ 6 decision d1
//	│  └─ 7 observation o1
//	└─ 8 subtask B
//	   └─ 9 action b1
//	10 goal H
//	└─ 11 subtask C
//	   └─ 12 observation c1
func knownTree(t testing.TB) *Graph {
	g := newGraph(t)
	G := mustInsert(t, g, NodeGoal, "Set up the orders database", 0)
	A := mustInsert(t, g, NodeSubtask, "choose database", G, "t1")
	a1 := mustInsert(t, g, NodeAction, "Try Postgres 16 with the default pool", A, "t1")
	r1 := mustInsert(t, g, NodeObservation, "The pool ran out of connections", a1, "t2")
	mustInsert(t, g, NodeReflection, "Check pool limits before load tests", r1, "t3")
	mustInsert(t, g, NodeDecision, "We decided to use Postgres 16 for orders", A, "t4")
	mustInsert(t, g, NodeObservation, "The team knows Postgres well", A, "t5")
	B := mustInsert(t, g, NodeSubtask, "deploy database", G, "t6")
	mustInsert(t, g, NodeAction, "Deploy to Fly.io in fra", B, "t6")
	H := mustInsert(t, g, NodeGoal, "Plan the team offsite", 0)
	C := mustInsert(t, g, NodeSubtask, "pick venue", H, "t7")
	mustInsert(t, g, NodeObservation, "The venue in Lisbon is booked", C, "t7")
	return g
}

func TestPathEnumerationOnKnownTree(t *testing.T) {
	ctx := context.Background()
	g := knownTree(t)
	cases := []struct {
		through       []int64
		depth, fanout int
		want          [][]int64
		name          string
	}{
		{name: "leaf-ward from a step", through: []int64{3}, depth: 5, fanout: 8, want: [][]int64{{1, 2, 3, 4, 5}}},
		{name: "from a leaf", through: []int64{5}, depth: 5, fanout: 8, want: [][]int64{{1, 2, 3, 4, 5}}},
		{name: "subtask, all children", through: []int64{2}, depth: 5, fanout: 8, want: [][]int64{{1, 2, 3, 4, 5}, {1, 2, 6}, {1, 2, 7}}},
		{name: "fan-out cap keeps the newest", through: []int64{2}, depth: 5, fanout: 2, want: [][]int64{{1, 2, 6}, {1, 2, 7}}},
		{name: "fan-out cap prefers candidates", through: []int64{2, 3}, depth: 5, fanout: 2, want: [][]int64{{1, 2, 3, 4, 5}, {1, 2, 7}}},
		{name: "depth limit", through: []int64{2}, depth: 1, fanout: 8, want: [][]int64{{1, 2, 3}, {1, 2, 6}, {1, 2, 7}}},
		{name: "two trees, dedup", through: []int64{12, 9, 11}, depth: 5, fanout: 8, want: [][]int64{{1, 8, 9}, {10, 11, 12}}},
		{name: "unknown id", through: []int64{99}, depth: 5, fanout: 8, want: nil},
	}
	for _, c := range cases {
		got, err := g.Paths(ctx, c.through, c.depth, c.fanout)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: Paths(%v, %d, %d) = %v, want %v", c.name, c.through, c.depth, c.fanout, got, c.want)
		}
	}
	if _, err := g.Paths(ctx, []int64{2}, 5, 0); !errors.Is(err, ErrInvalid) {
		t.Errorf("fanout 0: err = %v, want ErrInvalid", err)
	}
	// Retired nodes leave the paths.
	if err := g.Delete(ctx, 7, at(100), "test", ""); err != nil {
		t.Fatal(err)
	}
	got, _ := g.Paths(ctx, []int64{2}, 5, 8)
	if want := [][]int64{{1, 2, 3, 4, 5}, {1, 2, 6}}; !reflect.DeepEqual(got, want) {
		t.Errorf("after delete: %v, want %v", got, want)
	}
	if d, _ := g.Descendants(ctx, 2); !reflect.DeepEqual(d, []int64{3, 4, 5, 6}) {
		t.Errorf("Descendants(2) = %v", d)
	}
}

// dump serializes every table and the mirror deterministically.
func dump(t testing.TB, g *Graph) string {
	t.Helper()
	ctx := context.Background()
	var b strings.Builder
	for _, q := range []string{
		`SELECT id, kind, level, label, content, outcome, turn_ids, t, seq, version, status FROM nodes ORDER BY id`,
		`SELECT src, dst, kind, weight FROM edges ORDER BY kind, src, dst`,
		`SELECT node_id, version, kind, level, content, outcome, turn_ids, status, COALESCE(parent, 0), t FROM node_versions ORDER BY node_id, version`,
		`SELECT seq, op, node, at, before, after, why, turn_id FROM audit ORDER BY seq`,
	} {
		rows, err := g.db.QueryContext(ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		cols, _ := rows.Columns()
		for rows.Next() {
			vals := make([]any, len(cols))
			ptrs := make([]any, len(cols))
			for i := range vals {
				ptrs[i] = &vals[i]
			}
			if err := rows.Scan(ptrs...); err != nil {
				t.Fatal(err)
			}
			fmt.Fprintln(&b, vals...)
		}
		rows.Close()
	}
	for id := int64(1); id <= int64(len(g.nodes)); id++ {
		n := g.nodes[id]
		fmt.Fprintf(&b, "mirror %d %s v%d p%d %q %v\n", n.ID, n.Status, n.Version, n.Parent, n.Content, g.vecs[id])
	}
	hits, err := g.Search(ctx, g.vecs[1], 50)
	if err != nil {
		t.Fatal(err)
	}
	fmt.Fprintln(&b, "index", len(hits), g.index.Len(), g.steps.Len())
	return b.String()
}

func TestRewriteAtomicity(t *testing.T) {
	ctx := context.Background()
	g := knownTree(t)
	before := dump(t, g)
	// ReplaceSubtree first retires nodes 3, 4, 5 and inserts the new root,
	// then the schema's CHECK rejects the child's outcome: everything must
	// roll back.
	_, err := g.ReplaceSubtree(ctx, 3, Subtree{
		Node:     NewNode{Kind: NodeAction, Content: "Use pgbouncer in front of Postgres"},
		Children: []Subtree{{Node: NewNode{Kind: NodeObservation, Content: "fine", Outcome: "maybe"}}},
	}, at(200), "test", "t9")
	if err == nil || !strings.Contains(err.Error(), "CHECK constraint failed") {
		t.Fatalf("want a CHECK failure, got %v", err)
	}
	if after := dump(t, g); after != before {
		t.Fatalf("graph changed after a failed rewrite:\nbefore:\n%s\nafter:\n%s", before, after)
	}
	// A move past MaxLevel fails at the third step (the grandchild's level)
	// and is rolled back too.
	err = g.Reparent(ctx, 8, 5, at(201), "test", "")
	if err == nil || !strings.Contains(err.Error(), "CHECK constraint failed") {
		t.Fatalf("want a level CHECK failure, got %v", err)
	}
	if after := dump(t, g); after != before {
		t.Fatal("graph changed after a failed re-parent")
	}
	// The same replacement with a valid child succeeds and is one audit entry.
	root, err := g.ReplaceSubtree(ctx, 3, Subtree{
		Node:     NewNode{Kind: NodeAction, Content: "Use pgbouncer in front of Postgres", TurnIDs: []string{"t9"}},
		Children: []Subtree{{Node: NewNode{Kind: NodeObservation, Content: "Load test passes", Outcome: OutcomeSuccess, TurnIDs: []string{"t10"}}}},
	}, at(202), "pool fix replaced the approach", "t9")
	if err != nil {
		t.Fatal(err)
	}
	if root != 13 {
		t.Fatalf("new root = %d, want 13", root)
	}
	for _, id := range []int64{3, 4, 5} {
		if n, _ := g.Node(id); n.Status != StatusSuperseded || n.Version != 2 {
			t.Errorf("node %d: status %s v%d, want superseded v2", id, n.Status, n.Version)
		}
	}
	paths, _ := g.Paths(ctx, []int64{2}, 5, 8)
	if want := [][]int64{{1, 2, 6}, {1, 2, 7}, {1, 2, 13, 14}}; !reflect.DeepEqual(paths, want) {
		t.Errorf("paths after replace = %v, want %v", paths, want)
	}
	rev, _ := g.Related(ctx, 13, EdgeRevises)
	if !reflect.DeepEqual(rev, []Edge{{Src: 13, Dst: 3, Kind: EdgeRevises, Weight: 1}}) {
		t.Errorf("revises edges = %v", rev)
	}
	log, _ := g.Audit(ctx)
	if len(log) != 1 || log[0].Op != OpReplace || log[0].Node != 3 || len(log[0].Before) != 3 || len(log[0].After) != 5 {
		t.Fatalf("audit = %+v", log)
	}
}

func TestVersioningRollbackAndAudit(t *testing.T) {
	ctx := context.Background()
	g := knownTree(t)
	const d1 = 6
	if err := g.UpdateContent(ctx, d1, "We decided to use MySQL 8 for orders", []string{"t4", "t20"}, at(300), "update: Postgres 16 → MySQL 8", "t20"); err != nil {
		t.Fatal(err)
	}
	if err := g.UpdateContent(ctx, d1, "We decided to use MariaDB 11 for orders", []string{"t4", "t20", "t21"}, at(310), "update: MySQL 8 → MariaDB 11", "t21"); err != nil {
		t.Fatal(err)
	}
	vs, err := g.Versions(ctx, d1)
	if err != nil {
		t.Fatal(err)
	}
	var contents []string
	for _, v := range vs {
		contents = append(contents, fmt.Sprintf("v%d %s %v", v.Version, v.Content, v.TurnIDs))
	}
	want := []string{
		"v1 We decided to use Postgres 16 for orders [t4]",
		"v2 We decided to use MySQL 8 for orders [t4 t20]",
		"v3 We decided to use MariaDB 11 for orders [t4 t20 t21]",
	}
	if !reflect.DeepEqual(contents, want) {
		t.Fatalf("versions = %q, want %q", contents, want)
	}
	// Roll back to version 1: a new version 4 with version 1's content,
	// provenance and time.
	if err := g.Rollback(ctx, d1, 1, at(320), "user went back to Postgres", "t22"); err != nil {
		t.Fatal(err)
	}
	n, _ := g.Node(d1)
	if n.Version != 4 || n.Content != "We decided to use Postgres 16 for orders" || !reflect.DeepEqual(n.TurnIDs, []string{"t4"}) || !n.Time.Equal(at(5)) {
		t.Fatalf("after rollback: %+v", n)
	}
	// The vector index follows the content.
	hits, _ := g.Search(ctx, g.vecs[d1], 1)
	if len(hits) != 1 || hits[0].ID != d1 {
		t.Fatalf("search after rollback = %v", hits)
	}
	if err := g.Rollback(ctx, d1, 4, at(321), "", ""); !errors.Is(err, ErrInvalid) {
		t.Errorf("rollback to the current version: %v, want ErrInvalid", err)
	}
	// Audit log: three entries with what, when, before, after, why.
	log, err := g.Audit(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(log) != 3 {
		t.Fatalf("audit has %d entries, want 3", len(log))
	}
	e := log[0]
	wantE := AuditEntry{Seq: 1, Op: OpUpdate, Node: d1, At: at(300), Why: "update: Postgres 16 → MySQL 8", Turn: "t20",
		Before: []Snapshot{{ID: d1, Version: 1, Kind: NodeDecision, Level: 2, Content: "We decided to use Postgres 16 for orders", Status: StatusCurrent, Parent: 2, TurnIDs: []string{"t4"}, Time: at(5).UnixNano()}},
		After:  []Snapshot{{ID: d1, Version: 2, Kind: NodeDecision, Level: 2, Content: "We decided to use MySQL 8 for orders", Status: StatusCurrent, Parent: 2, TurnIDs: []string{"t4", "t20"}, Time: at(300).UnixNano()}},
	}
	if !reflect.DeepEqual(e, wantE) {
		t.Fatalf("audit[0] = %+v\nwant       %+v", e, wantE)
	}
	if log[2].Op != OpRollback || log[2].Before[0].Version != 3 || log[2].After[0].Version != 4 || log[2].Why != "user went back to Postgres" {
		t.Fatalf("audit[2] = %+v", log[2])
	}
}

func TestDependencyCheckBlocksUnsafeDelete(t *testing.T) {
	ctx := context.Background()
	g := knownTree(t)
	before := dump(t, g)
	for _, id := range []int64{1, 2, 3, 4} {
		err := g.Delete(ctx, id, at(400), "cleanup", "")
		if !errors.Is(err, ErrWouldOrphan) {
			t.Fatalf("Delete(%d) = %v, want ErrWouldOrphan", id, err)
		}
	}
	if dump(t, g) != before {
		t.Fatal("a refused delete changed the graph")
	}
	// Leaves can go, then their parents.
	for _, id := range []int64{5, 4, 3} {
		if err := g.Delete(ctx, id, at(401), "cleanup", ""); err != nil {
			t.Fatalf("Delete(%d): %v", id, err)
		}
	}
	if err := g.Delete(ctx, 3, at(402), "again", ""); !errors.Is(err, ErrNotCurrent) {
		t.Fatalf("double delete: %v", err)
	}
	// Rolling a deleted parent back is allowed; rolling its child back
	// first is refused because the parent is not current.
	if err := g.Rollback(ctx, 4, 1, at(403), "restore", ""); !errors.Is(err, ErrWouldOrphan) {
		t.Fatalf("restore under a deleted parent: %v, want ErrWouldOrphan", err)
	}
	if err := g.Rollback(ctx, 3, 1, at(404), "restore", ""); err != nil {
		t.Fatal(err)
	}
	if err := g.Rollback(ctx, 4, 1, at(405), "restore", ""); err != nil {
		t.Fatal(err)
	}
	paths, _ := g.Paths(ctx, []int64{3}, 5, 8)
	if want := [][]int64{{1, 2, 3, 4}}; !reflect.DeepEqual(paths, want) {
		t.Fatalf("paths after restore = %v, want %v", paths, want)
	}
}

func TestReparentMergeReflectAndUndo(t *testing.T) {
	ctx := context.Background()
	g := knownTree(t)
	// Re-parent the decision under subtask B: level unchanged, parent moved.
	if err := g.Reparent(ctx, 6, 8, at(500), "misplaced", ""); err != nil {
		t.Fatal(err)
	}
	if n, _ := g.Node(6); n.Parent != 8 || n.Level != 2 || n.Version != 2 {
		t.Fatalf("re-parented node = %+v", n)
	}
	// Moving the action subtree one level down shifts every level.
	if err := g.Reparent(ctx, 3, 6, at(501), "belongs under the decision", ""); err != nil {
		t.Fatal(err)
	}
	for id, lvl := range map[int64]int{3: 3, 4: 4, 5: 5} {
		if n, _ := g.Node(id); n.Level != lvl {
			t.Errorf("node %d level %d, want %d", id, n.Level, lvl)
		}
	}
	// Subtask A (with child 7) under node 4 (level 4) would put 7 at level 6.
	if err := g.Reparent(ctx, 2, 4, at(502), "", ""); err == nil || !strings.Contains(err.Error(), "CHECK constraint failed") {
		t.Fatalf("too deep: %v, want a level CHECK failure", err)
	}
	if err := g.Reparent(ctx, 8, 4, at(503), "", ""); !errors.Is(err, ErrCycle) {
		t.Fatalf("cycle: %v, want ErrCycle", err)
	}
	// Merge B into A: B's children (6) move to A, B is merged.
	if err := g.MergeSubtasks(ctx, 2, 8, at(510), "duplicate subtask", ""); err != nil {
		t.Fatal(err)
	}
	if n, _ := g.Node(8); n.Status != StatusMerged {
		t.Fatalf("dup status %s", n.Status)
	}
	if kids, _ := g.Children(ctx, 2); !reflect.DeepEqual(kids, []int64{6, 7, 9}) {
		t.Fatalf("children of the kept subtask = %v, want [6 7 9]", kids)
	}
	if n, _ := g.Node(2); !reflect.DeepEqual(n.TurnIDs, []string{"t1", "t6"}) {
		t.Fatalf("kept provenance = %v", n.TurnIDs)
	}
	// Reflection after the decision.
	rid, err := g.InsertReflection(ctx, Reflection{Step: 6, Under: 6, Content: "Postgres 16 failed under load; size the pool first", TurnIDs: []string{"t30"}}, at(520), "failure", "t30")
	if err != nil {
		t.Fatal(err)
	}
	if n, _ := g.Node(6); n.Outcome != OutcomeFailure {
		t.Fatalf("decision outcome %q", n.Outcome)
	}
	if n, _ := g.Node(rid); n.Kind != NodeReflection || n.Parent != 6 || n.Level != 3 {
		t.Fatalf("reflection = %+v", n)
	}
	if e, _ := g.Related(ctx, 6, EdgeCauses); !reflect.DeepEqual(e, []Edge{{Src: 6, Dst: rid, Kind: EdgeCauses, Weight: 1}}) {
		t.Fatalf("causes = %v", e)
	}
	// Undo the merge: B is current again with its children back.
	log, _ := g.Audit(ctx)
	var mergeSeq int64
	for _, e := range log {
		if e.Op == OpMerge {
			mergeSeq = e.Seq
		}
	}
	if err := g.Undo(ctx, mergeSeq, at(530), "merge was wrong", ""); err != nil {
		t.Fatal(err)
	}
	if n, _ := g.Node(8); n.Status != StatusCurrent {
		t.Fatalf("B after undo: %s", n.Status)
	}
	if kids, _ := g.Children(ctx, 8); !reflect.DeepEqual(kids, []int64{6, 9}) {
		t.Fatalf("children of B after undo = %v, want [6 9]", kids)
	}
	if n, _ := g.Node(2); !reflect.DeepEqual(n.TurnIDs, []string{"t1"}) {
		t.Fatalf("A provenance after undo = %v", n.TurnIDs)
	}
	// Undoing the reflection deletes the node it created.
	log, _ = g.Audit(ctx)
	var reflSeq int64
	for _, e := range log {
		if e.Op == OpReflect {
			reflSeq = e.Seq
		}
	}
	if err := g.Undo(ctx, reflSeq, at(540), "", ""); err != nil {
		t.Fatal(err)
	}
	if n, _ := g.Node(rid); n.Status != StatusDeleted {
		t.Fatalf("reflection after undo: %s", n.Status)
	}
	if n, _ := g.Node(6); n.Outcome != "" {
		t.Fatalf("decision outcome after undo: %q", n.Outcome)
	}
	if err := g.Undo(ctx, 999, at(550), "", ""); !errors.Is(err, ErrNotFound) {
		t.Fatalf("undo of a missing entry: %v", err)
	}
}

func TestSubtreeVectorFollowsRewrites(t *testing.T) {
	ctx := context.Background()
	g := knownTree(t)
	v1 := g.SubtreeVector(2)
	if v1 == nil || g.SubtreeVector(3) != nil {
		t.Fatal("subtree vectors exist for goals and subtasks only")
	}
	if err := g.UpdateContent(ctx, 6, "Completely different words about the Kyoto ryokan", nil, at(600), "", ""); err != nil {
		t.Fatal(err)
	}
	v2 := g.SubtreeVector(2)
	if reflect.DeepEqual(v2, v1) {
		t.Fatal("subtree vector did not follow the rewrite")
	}
	// the cached vector is the one a fresh normalization gives
	clear(g.units)
	if v := g.SubtreeVector(2); !reflect.DeepEqual(v, v2) {
		t.Fatal("cached subtree vector differs from a fresh one")
	}
}

// fullSums recomputes the subtree sums from the database alone: every
// current node adds the embedding of its content its fixed-point vector to each goal
// or subtask on its child_of chain, itself included.
func fullSums(t *testing.T, g *Graph) map[int64][]int64 {
	t.Helper()
	ctx := context.Background()
	nodes := map[int64]*Node{}
	vecs := map[int64][]float32{}
	for id := int64(1); id <= int64(g.Len()); id++ {
		n, err := readNode(ctx, g.db, id)
		if err != nil {
			t.Fatal(err)
		}
		nodes[id] = n
		if n.Status == StatusCurrent {
			// The vector of the current content, embedded afresh.
			vs, err := g.emb.Embed(ctx, []string{n.Content})
			if err != nil {
				t.Fatal(err)
			}
			vecs[id] = vs[0]
		}
	}
	out := map[int64][]int64{}
	for id, n := range nodes {
		if n.Status != StatusCurrent || vecs[id] == nil {
			continue
		}
		for a := n; a != nil; a = nodes[a.Parent] {
			if a.Level <= 1 {
				if out[a.ID] == nil {
					out[a.ID] = make([]int64, len(vecs[id]))
				}
				for i, x := range vecs[id] {
					out[a.ID][i] += int64(float64(x) * sumScale)
				}
			}
		}
	}
	return out
}

// sameSums compares the incremental sums with a full recomputation; an
// all-zero incremental sum (every contribution removed) counts as absent.
func sameSums(t *testing.T, g *Graph, step string) {
	t.Helper()
	want := fullSums(t, g)
	for id, s := range g.sums {
		if want[id] == nil {
			for _, x := range s {
				if x != 0 {
					t.Fatalf("after %s: node %d has a subtree sum but no current vector below it", step, id)
				}
			}
			continue
		}
		if !reflect.DeepEqual(s, want[id]) {
			t.Fatalf("after %s: subtree sum of node %d differs from a full recomputation", step, id)
		}
	}
	for id := range want {
		if g.sums[id] == nil {
			t.Fatalf("after %s: subtree sum of node %d missing", step, id)
		}
	}
}

// TestIncrementalSubtreeSumsEqualFullRecompute runs every kind of rewrite —
// content update, outcome, reflection, re-parenting across subtasks and
// goals (with and without a level change), merge, subtree replacement,
// delete, rollback and undo — and checks after each one that the
// incrementally kept subtree sums equal, integer for integer, a
// recomputation from the database.
func TestIncrementalSubtreeSumsEqualFullRecompute(t *testing.T) {
	ctx := context.Background()
	g := knownTree(t)
	sameSums(t, g, "inserts")
	steps := []struct {
		name string
		do   func() error
	}{
		{"update", func() error { return g.UpdateContent(ctx, 6, "We decided on MySQL 8 for orders", nil, at(600), "", "") }},
		{"outcome", func() error { return g.SetOutcome(ctx, 3, OutcomeFailure, at(601), "", "") }},
		{"reflection", func() error {
			_, err := g.InsertReflection(ctx, Reflection{Step: 9, Under: 9, Content: "Measure before tuning"}, at(602), "", "")
			return err
		}},
		{"reparent within a goal, same level", func() error { return g.Reparent(ctx, 3, 8, at(603), "", "") }},
		{"reparent across goals, same level", func() error { return g.Reparent(ctx, 9, 11, at(604), "", "") }},
		{"reparent one level down", func() error { return g.Reparent(ctx, 7, 6, at(605), "", "") }},
		{"merge", func() error { return g.MergeSubtasks(ctx, 2, 8, at(606), "", "") }},
		{"replace", func() error {
			_, err := g.ReplaceSubtree(ctx, 6, Subtree{Node: NewNode{Kind: NodeDecision, Content: "We decided on SQLite for orders"},
				Children: []Subtree{{Node: NewNode{Kind: NodeObservation, Content: "SQLite passed the load test"}}}}, at(607), "", "")
			return err
		}},
		{"delete", func() error { return g.Delete(ctx, 12, at(608), "", "") }},
		{"rollback", func() error { return g.Rollback(ctx, 12, 1, at(609), "", "") }},
		{"undo merge", func() error {
			log, err := g.Audit(ctx)
			if err != nil {
				return err
			}
			for _, e := range log {
				if e.Op == OpMerge {
					return g.Undo(ctx, e.Seq, at(610), "", "")
				}
			}
			return errors.New("no merge in the audit log")
		}},
	}
	for _, s := range steps {
		if err := s.do(); err != nil {
			t.Fatalf("%s: %v", s.name, err)
		}
		sameSums(t, g, s.name)
	}
	// The sums follow the moves: node 9 (and its reflection) now count
	// under goal 10, not under goal 1.
	if n, _ := g.Node(9); n.Parent != 11 {
		t.Fatalf("node 9 parent %d, want 11", n.Parent)
	}
}

func TestInsertErrors(t *testing.T) {
	ctx := context.Background()
	g := newGraph(t)
	if _, err := g.Insert(ctx, NewNode{Kind: NodeAction, Content: "x"}, 0); !errors.Is(err, ErrInvalid) {
		t.Errorf("step without parent: %v", err)
	}
	if _, err := g.Insert(ctx, NewNode{Kind: "bogus", Content: "x"}, 0); !errors.Is(err, ErrInvalid) {
		t.Errorf("bad kind: %v", err)
	}
	if _, err := g.Insert(ctx, NewNode{Kind: NodeGoal, Content: ""}, 0); !errors.Is(err, ErrInvalid) {
		t.Errorf("empty content: %v", err)
	}
	if _, err := g.Insert(ctx, NewNode{Kind: NodeSubtask, Content: "x"}, 42); !errors.Is(err, ErrNotFound) {
		t.Errorf("missing parent: %v", err)
	}
	if g.Len() != 0 {
		t.Fatalf("failed inserts left %d nodes", g.Len())
	}
}

// TestSplitIndexSearchIsExact checks the two vector indexes against one
// brute-force ranking of every current node: Search (the merged top n of
// both) equals the top n of all current nodes by the stored vectors'
// cosine with the query (ties by id), and SearchSteps equals that ranking
// restricted to actions and decisions — after rewrites that retire,
// replace and re-embed steps.
func TestSplitIndexSearchIsExact(t *testing.T) {
	ctx := context.Background()
	g := knownTree(t)
	if err := g.UpdateContent(ctx, 6, "We decided on MySQL 8 for the orders database", nil, at(600), "", ""); err != nil {
		t.Fatal(err)
	}
	if _, err := g.ReplaceSubtree(ctx, 3, Subtree{Node: NewNode{Kind: NodeAction, Content: "Try MySQL 8 with a pool of 40"}}, at(601), "", ""); err != nil {
		t.Fatal(err)
	}
	if g.steps.Len() == 0 || g.index.Len() == 0 {
		t.Fatalf("index sizes %d (steps), %d (others)", g.steps.Len(), g.index.Len())
	}
	for _, q := range []string{"which database did we decide on", "pool of connections", "Kyoto ryokan", "load tests"} {
		vs, err := g.emb.Embed(ctx, []string{q})
		if err != nil {
			t.Fatal(err)
		}
		qv := vs[0]
		var all []Scored
		for id, v := range g.vecs {
			all = append(all, Scored{ID: id, Score: cosine(qv, v)})
		}
		sortScored(all)
		var wantIDs, wantSteps []int64
		for _, s := range all {
			wantIDs = append(wantIDs, s.ID)
			if isStep(g.nodes[s.ID].Kind) {
				wantSteps = append(wantSteps, s.ID)
			}
		}
		for _, n := range []int{1, 3, len(all), len(all) + 5} {
			got, err := g.Search(ctx, qv, n)
			if err != nil {
				t.Fatal(err)
			}
			if ids := scoredIDs(got); !reflect.DeepEqual(ids, wantIDs[:min(n, len(wantIDs))]) {
				t.Errorf("Search(%q, %d) = %v, want %v", q, n, ids, wantIDs[:min(n, len(wantIDs))])
			}
			st, err := g.SearchSteps(ctx, qv, n)
			if err != nil {
				t.Fatal(err)
			}
			if ids := scoredIDs(st); !reflect.DeepEqual(ids, wantSteps[:min(n, len(wantSteps))]) {
				t.Errorf("SearchSteps(%q, %d) = %v, want %v", q, n, ids, wantSteps[:min(n, len(wantSteps))])
			}
		}
	}
}

func scoredIDs(s []Scored) []int64 {
	out := make([]int64, len(s))
	for i, x := range s {
		out[i] = x.ID
	}
	return out
}
