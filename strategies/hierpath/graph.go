package hierpath

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
	"time"

	_ "github.com/mattn/go-sqlite3" // SQLite driver (cgo)

	"github.com/memarena/memarena/internal/embed"
	"github.com/memarena/memarena/internal/sqlutil"
	"github.com/memarena/memarena/internal/vecstore"
)

// Node kinds. A goal is level 0, a subtask level 1, every step kind level
// 2 or deeper (a result under its step, a reflection under its result).
// Summary is the per-subtask summary written at session end; it is a leaf
// under its subtask.
const (
	NodeGoal        = "goal"
	NodeSubtask     = "subtask"
	NodeAction      = "action"
	NodeObservation = "observation"
	NodeDecision    = "decision"
	NodeReflection  = "reflection"
	NodeSummary     = "summary"
)

// Edge kinds. child_of (child → parent) is the hierarchy the path queries
// walk; precedes links consecutive steps of a subtask; causes links a step to
// its result and a failed step to its reflection; related_to links nodes that
// share entities (weight = Jaccard of their entity sets); revises links a
// replacement (or a merged duplicate) to the node it replaced.
const (
	EdgeChildOf   = "child_of"
	EdgePrecedes  = "precedes"
	EdgeCauses    = "causes"
	EdgeRelatedTo = "related_to"
	EdgeRevises   = "revises"
)

// Node statuses. Only current nodes take part in paths and vector search;
// the others are kept with all their versions for history and rollback.
const (
	StatusCurrent    = "current"
	StatusSuperseded = "superseded" // retired by ReplaceSubtree
	StatusMerged     = "merged"     // folded into another subtask by MergeSubtasks
	StatusDeleted    = "deleted"    // removed by Delete (soft: versions kept)
)

// Outcomes a step may carry.
const (
	OutcomeSuccess = "success"
	OutcomeFailure = "failure"
)

// MaxLevel is the deepest level a node may have: paths are at most
// MaxLevel edges long (goal at level 0). The schema enforces it.
const MaxLevel = 5

// Errors of graph operations. Rewrites wrap them with detail; test with
// errors.Is.
var (
	// ErrNotFound: no node with that id (or no such version / audit entry).
	ErrNotFound = errors.New("hierpath: not found")
	// ErrNotCurrent: the operation needs a current node.
	ErrNotCurrent = errors.New("hierpath: node is not current")
	// ErrWouldOrphan: the dependency check refused a change that would leave
	// current nodes under a non-current parent.
	ErrWouldOrphan = errors.New("hierpath: change would orphan nodes")
	// ErrCycle: re-parenting under one's own descendant.
	ErrCycle = errors.New("hierpath: re-parenting would create a cycle")
	// ErrInvalid: malformed arguments (empty content, wrong kinds, levels).
	ErrInvalid = errors.New("hierpath: invalid argument")
)

const schema = `
PRAGMA foreign_keys = ON;
CREATE TABLE nodes (
	id         INTEGER PRIMARY KEY,
	kind       TEXT    NOT NULL CHECK (kind IN ('goal','subtask','action','observation','decision','reflection','summary')),
	level      INTEGER NOT NULL CHECK (level BETWEEN 0 AND 5),
	label      TEXT    NOT NULL DEFAULT '',
	content    TEXT    NOT NULL CHECK (length(content) > 0),
	outcome    TEXT    NOT NULL DEFAULT '' CHECK (outcome IN ('', 'success', 'failure')),
	turn_ids   TEXT    NOT NULL DEFAULT '[]',
	session_id TEXT    NOT NULL DEFAULT '',
	t          INTEGER NOT NULL,
	seq        INTEGER NOT NULL UNIQUE,
	version    INTEGER NOT NULL DEFAULT 1,
	status     TEXT    NOT NULL DEFAULT 'current' CHECK (status IN ('current','superseded','merged','deleted')),
	meta       TEXT    NOT NULL DEFAULT '{}'
);
CREATE TABLE edges (
	src    INTEGER NOT NULL REFERENCES nodes(id),
	dst    INTEGER NOT NULL REFERENCES nodes(id),
	kind   TEXT    NOT NULL CHECK (kind IN ('child_of','precedes','causes','related_to','revises')),
	weight REAL    NOT NULL DEFAULT 1 CHECK (weight >= 0),
	PRIMARY KEY (kind, src, dst),
	CHECK (src <> dst)
) WITHOUT ROWID;
CREATE UNIQUE INDEX edges_one_parent ON edges (src) WHERE kind = 'child_of';
CREATE INDEX edges_by_dst ON edges (kind, dst, src);
CREATE TABLE node_versions (
	node_id  INTEGER NOT NULL REFERENCES nodes(id),
	version  INTEGER NOT NULL,
	kind     TEXT    NOT NULL,
	level    INTEGER NOT NULL,
	label    TEXT    NOT NULL,
	content  TEXT    NOT NULL,
	outcome  TEXT    NOT NULL,
	turn_ids TEXT    NOT NULL,
	status   TEXT    NOT NULL,
	parent   INTEGER,
	t        INTEGER NOT NULL,
	PRIMARY KEY (node_id, version)
) WITHOUT ROWID;
CREATE TABLE audit (
	seq     INTEGER PRIMARY KEY AUTOINCREMENT,
	op      TEXT    NOT NULL,
	node    INTEGER NOT NULL,
	at      TEXT    NOT NULL,
	before  TEXT    NOT NULL,
	after   TEXT    NOT NULL,
	why     TEXT    NOT NULL,
	turn_id TEXT    NOT NULL DEFAULT ''
);
`

// Node is one node of the hierarchy as stored (the current version).
type Node struct {
	// ID is the node's row id (> 0), assigned in insertion order.
	ID int64
	// Kind is one of the Node* constants.
	Kind string
	// Level is the depth below the goal: 0 goal, 1 subtask, 2..MaxLevel steps.
	Level int
	// Label is the goal or subtask label turns share ("orders-api",
	// "choose-db"); "" for steps.
	Label string
	// Content is the node's text in the original wording of its turns.
	Content string
	// Outcome is OutcomeSuccess, OutcomeFailure or "".
	Outcome string
	// TurnIDs is the provenance: every turn that shaped the node.
	TurnIDs []string
	// SessionID is the session of the turn that created the node.
	SessionID string
	// Time is the scenario time of the latest turn that shaped the node.
	Time time.Time
	// Seq is the insertion order (stable tie-breaker).
	Seq int64
	// Version counts changes, starting at 1.
	Version int
	// Status is one of the Status* constants.
	Status string
	// Parent is the child_of target, 0 for a goal.
	Parent int64
	// Meta holds free metadata (string keys and values, stored as JSON).
	Meta map[string]string
}

// NewNode describes a node to insert; the fields mean what they mean in
// Node. Content must not be empty; the level follows from the parent.
type NewNode struct {
	// Kind is one of the Node* constants.
	Kind string
	// Label is the goal or subtask label ("" for steps).
	Label string
	// Content is the node's text (non-empty).
	Content string
	// Outcome is OutcomeSuccess, OutcomeFailure or "".
	Outcome string
	// SessionID is the session of the creating turn.
	SessionID string
	// TurnIDs is the provenance.
	TurnIDs []string
	// Time is the scenario time of the newest turn the content comes from.
	Time time.Time
	// Meta is free string metadata (nil: none).
	Meta map[string]string
}

// Edge is one weighted, typed link. In Insert, a zero Src or Dst stands for
// the node being inserted.
type Edge struct {
	// Src and Dst are node ids (child_of: child → parent).
	Src, Dst int64
	// Kind is one of the Edge* constants.
	Kind string
	// Weight is ≥ 0 (1 for structural edges, the entity Jaccard index in
	// [0, 1] for related_to).
	Weight float64
}

// Snapshot is a node version as recorded in the audit log and the
// node_versions table.
type Snapshot struct {
	// ID is the node id.
	ID int64 `json:"id"`
	// Version is the node version this snapshot records (≥ 1).
	Version int      `json:"version"`
	Kind    string   `json:"kind"`              // as in Node
	Level   int      `json:"level"`             // as in Node
	Content string   `json:"content"`           // as in Node
	Outcome string   `json:"outcome,omitempty"` // as in Node
	Status  string   `json:"status"`            // as in Node
	TurnIDs []string `json:"turn_ids"`          // as in Node
	// Parent is the child_of target at that version (0 for a goal).
	Parent int64 `json:"parent"`
	// Time is Node.Time in Unix nanoseconds (scenario time).
	Time int64 `json:"t"`
}

// AuditEntry is one rewrite in the audit log: what (Op, Node), when (At,
// scenario time), before and after (snapshots of every node the rewrite
// touched or created), why, and the turn that triggered it ("" for
// session-end or direct calls).
type AuditEntry struct {
	// Seq is the entry's position in the log (1, 2, …).
	Seq int64
	// Op is one of the Op* constants.
	Op string
	// Node is the rewrite's target node.
	Node int64
	// At is the scenario time of the rewrite (never the wall clock).
	At time.Time
	// Before holds the touched nodes as they were, in touch order.
	Before []Snapshot
	// After holds the touched nodes, then the created ones, as they are.
	After []Snapshot
	// Why is the reason, in words.
	Why string
	// Turn is the id of the triggering turn, or "".
	Turn string
}

// Graph is the hierarchical memory's store: nodes, edges, node versions and
// an audit log in one in-memory SQLite database (one per instance: a single
// pooled connection, so the `:memory:` database is not lost or split), plus
// a mirror of the nodes and two chromem-go vector indexes of the current
// nodes — one of the steps (actions and decisions), one of every other
// kind — kept in sync after every commit. Every rewrite is one transaction; the
// mirror and index are only updated after it commits, so a failed rewrite
// leaves everything unchanged. Not safe for concurrent use.
type Graph struct {
	db    *sql.DB
	emb   embed.Embedder
	index *vecstore.Store // current nodes other than steps
	steps *vecstore.Store // current steps (isStep: actions and decisions)

	nodes map[int64]*Node
	lower map[int64]string    // lowercase content of every node (a cheap prefilter for value search)
	vecs  map[int64][]float32 // vectors of current nodes
	// sums holds, for every goal and subtask with current vectors below
	// it, the sum of those vectors in fixed point (sumScale), kept
	// incrementally: integer sums are exact, so the running sum equals a
	// full recomputation whatever the order of inserts and rewrites.
	sums map[int64][]int64
	// units caches SubtreeVector's normalized sums; addToSums drops the
	// entry of every sum it changes, so a query scoring every goal
	// normalizes only the subtrees that changed since the last one.
	units map[int64][]float32
	terms *termIndex // node ids by the tokens of their content (value search)
	revd  []int64    // ids of nodes with more than one version, ascending
	seq   int64

	// stmts are prepared statements by query text, so SQLite compiles
	// each of the graph's fixed queries once; pending are queries first
	// seen inside a transaction (its only connection is busy then),
	// prepared when the next transaction begins.
	stmts   map[string]*sql.Stmt
	pending map[string]bool
}

// maxStmts bounds the prepared-statement cache.
const maxStmts = 128

// sumScale is the fixed-point scale of the subtree sums: a component x of
// a unit-length vector (|x| ≤ 1) is stored as trunc(x·2^40), so a sum over
// up to 2^22 vectors stays inside int64, and the truncation (≤ 2^-40 per
// component) is far below float32 resolution at that magnitude.
const sumScale = 1 << 40

// OpenGraph creates an empty graph in a fresh in-memory SQLite database,
// embedding node contents with emb.
func OpenGraph(ctx context.Context, emb embed.Embedder) (*Graph, error) {
	if emb == nil {
		return nil, fmt.Errorf("%w: nil embedder", ErrInvalid)
	}
	db, err := sql.Open("sqlite3", ":memory:?_mutex=no")
	if err != nil {
		return nil, fmt.Errorf("hierpath: open sqlite: %w", err)
	}
	// One connection for the life of the graph: every pooled connection to
	// :memory: would be its own empty database. database/sql never uses it
	// from two goroutines at once, so SQLite's per-connection mutex is off
	// (_mutex=no).
	db.SetMaxOpenConns(1)
	db.SetMaxIdleConns(1)
	db.SetConnMaxLifetime(0)
	db.SetConnMaxIdleTime(0)
	if _, err := db.ExecContext(ctx, schema); err != nil {
		db.Close()
		return nil, fmt.Errorf("hierpath: schema: %w", err)
	}
	return &Graph{db: db, emb: emb, index: vecstore.New(emb), steps: vecstore.New(emb), nodes: map[int64]*Node{}, lower: map[int64]string{},
		vecs: map[int64][]float32{}, sums: map[int64][]int64{}, units: map[int64][]float32{}, terms: newTermIndex(),
		stmts: map[string]*sql.Stmt{}, pending: map[string]bool{}}, nil
}

// Close closes the prepared statements and the database.
func (g *Graph) Close() error {
	for _, st := range g.stmts {
		st.Close()
	}
	clear(g.stmts)
	return g.db.Close()
}

// Node returns a copy of the current version of node id.
func (g *Graph) Node(id int64) (Node, bool) {
	n, ok := g.nodes[id]
	if !ok {
		return Node{}, false
	}
	c := *n
	c.TurnIDs = append([]string{}, n.TurnIDs...)
	return c, true
}

// Lower returns the lowercased content of node id.
func (g *Graph) Lower(id int64) string { return g.lower[id] }

// Vector returns the embedding of a current node (nil for others).
func (g *Graph) Vector(id int64) []float32 { return g.vecs[id] }

// Len is the number of nodes of any status.
func (g *Graph) Len() int { return len(g.nodes) }

// querier is what *sql.DB and *sql.Tx share.
type querier interface {
	ExecContext(ctx context.Context, q string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, q string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, q string, args ...any) *sql.Row
}

const nodeCols = `n.id, n.kind, n.level, n.label, n.content, n.outcome, n.turn_ids, n.session_id, n.t, n.seq, n.version, n.status, n.meta,
	COALESCE((SELECT e.dst FROM edges e WHERE e.kind = 'child_of' AND e.src = n.id), 0)`

func scanNode(sc interface{ Scan(...any) error }) (*Node, error) {
	var n Node
	var turns, meta string
	var t int64
	if err := sc.Scan(&n.ID, &n.Kind, &n.Level, &n.Label, &n.Content, &n.Outcome, &turns, &n.SessionID, &t, &n.Seq,
		&n.Version, &n.Status, &meta, &n.Parent); err != nil {
		return nil, err
	}
	if err := json.Unmarshal([]byte(turns), &n.TurnIDs); err != nil {
		return nil, fmt.Errorf("hierpath: node %d turn_ids: %w", n.ID, err)
	}
	if err := json.Unmarshal([]byte(meta), &n.Meta); err != nil {
		return nil, fmt.Errorf("hierpath: node %d meta: %w", n.ID, err)
	}
	n.Time = time.Unix(0, t).UTC()
	return &n, nil
}

func readNode(ctx context.Context, q querier, id int64) (*Node, error) {
	n, err := scanNode(q.QueryRowContext(ctx, `SELECT `+nodeCols+` FROM nodes n WHERE n.id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("%w: node %d", ErrNotFound, id)
	}
	return n, err
}

func snapshotOf(n *Node) Snapshot {
	return Snapshot{ID: n.ID, Version: n.Version, Kind: n.Kind, Level: n.Level, Content: n.Content, Outcome: n.Outcome,
		Status: n.Status, Parent: n.Parent, TurnIDs: append([]string{}, n.TurnIDs...), Time: n.Time.UnixNano()}
}

func jsonString(v any) string {
	b, err := json.Marshal(v)
	if err != nil { // only plain strings and slices are marshaled here
		panic(err)
	}
	return string(b)
}

func indexID(id int64) string { return fmt.Sprintf("n%09d", id) }

func parseIndexID(s string) int64 {
	id, _ := strconv.ParseInt(s[1:], 10, 64)
	return id
}

func validKind(k string) bool {
	switch k {
	case NodeGoal, NodeSubtask, NodeAction, NodeObservation, NodeDecision, NodeReflection, NodeSummary:
		return true
	}
	return false
}

// op is one transaction on the graph. It records the before-snapshot of
// every node it touches and the ids it creates, bumps the version of every
// changed node once at the end, and (for rewrites) writes one audit entry.
type op struct {
	g       *Graph
	ctx     context.Context
	tx      *sql.Tx
	q       *txQuerier // tx through the graph's prepared statements
	before  []Snapshot
	seen    map[int64]bool
	dirty   []int64
	isDirty map[int64]bool
	created []int64
	moved   []int64             // roots of re-parented subtrees (their descendants' subtree sums move too)
	vecs    map[int64][]float32 // embeddings of the contents this transaction wrote
}

// begin starts an op. The transaction and its statements run without ctx's cancellation
// (context.WithoutCancel): each statement on the in-memory database is
// short, and with a cancellable context database/sql and the driver watch
// it from a new goroutine per transaction and per statement, which cost
// more than the statements. A cancelled ctx is refused here, before the
// transaction starts.
func (g *Graph) begin(ctx context.Context) (*op, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	ctx = context.WithoutCancel(ctx)
	for query := range g.pending {
		if st, err := g.db.PrepareContext(ctx, query); err == nil {
			g.stmts[query] = st
		}
	}
	clear(g.pending)
	tx, err := g.db.BeginTx(ctx, nil)
	if err != nil {
		return nil, fmt.Errorf("hierpath: begin: %w", err)
	}
	return &op{g: g, ctx: ctx, tx: tx, q: &txQuerier{g: g, tx: tx, stmts: map[string]*sql.Stmt{}}, seen: map[int64]bool{}, isDirty: map[int64]bool{}, vecs: map[int64][]float32{}}, nil
}

// txQuerier runs statements in one transaction through the graph's
// prepared statements (rebound to the transaction once per query); a query
// not prepared yet runs directly and is queued for preparing.
type txQuerier struct {
	g     *Graph
	tx    *sql.Tx
	stmts map[string]*sql.Stmt
}

func (q *txQuerier) stmt(ctx context.Context, query string) *sql.Stmt {
	if ts := q.stmts[query]; ts != nil {
		return ts
	}
	st := q.g.stmts[query]
	if st == nil {
		if len(q.g.stmts)+len(q.g.pending) < maxStmts {
			q.g.pending[query] = true
		}
		return nil
	}
	ts := q.tx.StmtContext(ctx, st)
	q.stmts[query] = ts
	return ts
}

func (q *txQuerier) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	if st := q.stmt(ctx, query); st != nil {
		return st.ExecContext(ctx, args...)
	}
	return q.tx.ExecContext(ctx, query, args...)
}

func (q *txQuerier) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	if st := q.stmt(ctx, query); st != nil {
		return st.QueryContext(ctx, args...)
	}
	return q.tx.QueryContext(ctx, query, args...)
}

func (q *txQuerier) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	if st := q.stmt(ctx, query); st != nil {
		return st.QueryRowContext(ctx, args...)
	}
	return q.tx.QueryRowContext(ctx, query, args...)
}

// node reads the node as the transaction sees it.
func (o *op) node(id int64) (*Node, error) {
	return readNode(o.ctx, o.q, id)
}

// touch records the node's before-snapshot (once) and marks it changed.
func (o *op) touch(id int64) (*Node, error) {
	n, err := o.node(id)
	if err != nil {
		return nil, err
	}
	if !o.seen[id] {
		o.seen[id] = true
		o.before = append(o.before, snapshotOf(n))
	}
	if !o.isDirty[id] {
		o.isDirty[id] = true
		o.dirty = append(o.dirty, id)
	}
	return n, nil
}

func (o *op) exec(q string, args ...any) error {
	_, err := o.q.ExecContext(o.ctx, q, args...)
	return err
}

// embed embeds the new content of node id; the vector reaches the mirror
// and the vector index when the transaction commits.
func (o *op) embed(id int64, text string) error {
	vs, err := o.g.emb.Embed(o.ctx, []string{text})
	if err != nil {
		return fmt.Errorf("hierpath: embed: %w", err)
	}
	o.vecs[id] = vs[0]
	return nil
}

const versionInsert = `INSERT INTO node_versions (node_id, version, kind, level, label, content, outcome, turn_ids, status, parent, t)
	SELECT id, version, kind, level, label, content, outcome, turn_ids, status,
	       (SELECT dst FROM edges WHERE kind = 'child_of' AND src = nodes.id), t
	FROM nodes WHERE id = ?`

// insert adds a node under parent (0: a root, which must be a goal) and
// records its first version.
func (o *op) insert(n NewNode, parent int64) (int64, error) {
	if !validKind(n.Kind) {
		// Let the schema's CHECK reject it too; the early error is clearer.
		return 0, fmt.Errorf("%w: node kind %q", ErrInvalid, n.Kind)
	}
	if n.Content == "" {
		return 0, fmt.Errorf("%w: empty content", ErrInvalid)
	}
	level := 0
	if parent != 0 {
		p, err := o.node(parent)
		if err != nil {
			return 0, err
		}
		if p.Status != StatusCurrent {
			return 0, fmt.Errorf("%w: parent %d is %s", ErrNotCurrent, parent, p.Status)
		}
		level = p.Level + 1
	} else if n.Kind != NodeGoal {
		return 0, fmt.Errorf("%w: a %s needs a parent", ErrInvalid, n.Kind)
	}
	meta := n.Meta
	if meta == nil {
		meta = map[string]string{}
	}
	turns := n.TurnIDs
	if turns == nil {
		turns = []string{}
	}
	seq := o.g.seq + int64(len(o.created)) + 1
	res, err := o.q.ExecContext(o.ctx, `INSERT INTO nodes (kind, level, label, content, outcome, turn_ids, session_id, t, seq, meta)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		n.Kind, level, n.Label, n.Content, n.Outcome, jsonString(turns), n.SessionID, n.Time.UnixNano(), seq, jsonString(meta))
	if err != nil {
		return 0, fmt.Errorf("hierpath: insert %s: %w", n.Kind, err)
	}
	id, err := res.LastInsertId()
	if err != nil {
		return 0, err
	}
	if err := o.embed(id, n.Content); err != nil {
		return 0, err
	}
	if parent != 0 {
		if err := o.exec(`INSERT INTO edges (src, dst, kind, weight) VALUES (?, ?, 'child_of', 1)`, id, parent); err != nil {
			return 0, fmt.Errorf("hierpath: link %d under %d: %w", id, parent, err)
		}
	}
	if err := o.exec(versionInsert, id); err != nil {
		return 0, err
	}
	o.created = append(o.created, id)
	return id, nil
}

func (o *op) addEdge(e Edge) error {
	if e.Kind == EdgeChildOf {
		return fmt.Errorf("%w: child_of edges are set by insert and re-parent", ErrInvalid)
	}
	err := o.exec(`INSERT INTO edges (src, dst, kind, weight) VALUES (?, ?, ?, ?)
		ON CONFLICT (kind, src, dst) DO UPDATE SET weight = excluded.weight`, e.Src, e.Dst, e.Kind, e.Weight)
	if err != nil {
		return fmt.Errorf("hierpath: edge %s %d→%d: %w", e.Kind, e.Src, e.Dst, err)
	}
	return nil
}

func (o *op) currentChildren(id int64) ([]int64, error) {
	rows, err := o.q.QueryContext(o.ctx, `SELECT e.src FROM edges e CROSS JOIN nodes k ON k.id = e.src
		WHERE e.kind = 'child_of' AND e.dst = ? AND k.status = 'current' ORDER BY k.seq`, id)
	if err != nil {
		return nil, err
	}
	return sqlutil.Int64s(rows)
}

// subtree returns id and all its descendants (any status), parents first.
func (o *op) subtree(id int64) ([]int64, error) { return subtreeIDs(o.ctx, o.q, id) }

// subtreeIDs returns id and all its descendants (any status), parents first.
func subtreeIDs(ctx context.Context, q querier, id int64) ([]int64, error) {
	rows, err := q.QueryContext(ctx, `WITH RECURSIVE sub(id, d) AS (
			SELECT ?, 0
			UNION ALL
			SELECT e.src, sub.d + 1 FROM sub CROSS JOIN edges e ON e.kind = 'child_of' AND e.dst = sub.id WHERE sub.d < ?
		) SELECT sub.id FROM sub CROSS JOIN nodes n ON n.id = sub.id ORDER BY sub.d, n.seq`, id, MaxLevel+1)
	if err != nil {
		return nil, err
	}
	return sqlutil.Int64s(rows)
}

func (o *op) setContent(id int64, content string, turnIDs []string, t time.Time) error {
	if content == "" {
		return fmt.Errorf("%w: empty content", ErrInvalid)
	}
	n, err := o.touch(id)
	if err != nil {
		return err
	}
	if turnIDs == nil {
		turnIDs = n.TurnIDs
	}
	if t.Before(n.Time) {
		t = n.Time
	}
	if err := o.embed(id, content); err != nil {
		return err
	}
	return o.exec(`UPDATE nodes SET content = ?, turn_ids = ?, t = ? WHERE id = ?`,
		content, jsonString(turnIDs), t.UnixNano(), id)
}

func (o *op) setOutcome(id int64, outcome string) error {
	if _, err := o.touch(id); err != nil {
		return err
	}
	return o.exec(`UPDATE nodes SET outcome = ? WHERE id = ?`, outcome, id)
}

func (o *op) setStatus(id int64, status string) error {
	if _, err := o.touch(id); err != nil {
		return err
	}
	return o.exec(`UPDATE nodes SET status = ? WHERE id = ?`, status, id)
}

// setParent moves id (with its subtree) under parent, shifting the levels
// of the subtree; the schema's level CHECK rejects moves past MaxLevel.
func (o *op) setParent(id, parent int64) error {
	n, err := o.touch(id)
	if err != nil {
		return err
	}
	if n.Kind == NodeGoal {
		return fmt.Errorf("%w: a goal has no parent", ErrInvalid)
	}
	p, err := o.node(parent)
	if err != nil {
		return err
	}
	if p.Status != StatusCurrent {
		return fmt.Errorf("%w: new parent %d is %s", ErrNotCurrent, parent, p.Status)
	}
	sub, err := o.subtree(id)
	if err != nil {
		return err
	}
	for _, s := range sub {
		if s == parent {
			return fmt.Errorf("%w: %d is inside the subtree of %d", ErrCycle, parent, id)
		}
	}
	if err := o.exec(`UPDATE edges SET dst = ? WHERE kind = 'child_of' AND src = ?`, parent, id); err != nil {
		return err
	}
	o.moved = append(o.moved, id)
	delta := p.Level + 1 - n.Level
	if delta == 0 {
		return nil
	}
	for _, s := range sub {
		if _, err := o.touch(s); err != nil {
			return err
		}
		if err := o.exec(`UPDATE nodes SET level = level + ? WHERE id = ?`, delta, s); err != nil {
			return fmt.Errorf("hierpath: re-parent %d under %d: level of %d: %w", id, parent, s, err)
		}
	}
	return nil
}

// finish bumps the version of every changed node and, for a rewrite (what
// != ""), writes the audit entry; then commits and syncs the mirror.
func (o *op) finish(what string, target int64, at time.Time, why, turn string) error {
	for _, id := range o.dirty {
		if err := o.exec(`UPDATE nodes SET version = version + 1 WHERE id = ?`, id); err != nil {
			o.tx.Rollback()
			return err
		}
		if err := o.exec(versionInsert, id); err != nil {
			o.tx.Rollback()
			return err
		}
	}
	ids := append(append([]int64{}, o.dirty...), o.created...)
	if what != "" {
		after := make([]Snapshot, 0, len(ids))
		for _, id := range ids {
			n, err := o.node(id)
			if err != nil {
				o.tx.Rollback()
				return err
			}
			after = append(after, snapshotOf(n))
		}
		before := o.before
		if before == nil {
			before = []Snapshot{}
		}
		if err := o.exec(`INSERT INTO audit (op, node, at, before, after, why, turn_id) VALUES (?, ?, ?, ?, ?, ?, ?)`,
			what, target, at.UTC().Format(time.RFC3339Nano), jsonString(before), jsonString(after), why, turn); err != nil {
			o.tx.Rollback()
			return err
		}
	}
	if err := o.tx.Commit(); err != nil {
		return fmt.Errorf("hierpath: commit: %w", err)
	}
	o.g.seq += int64(len(o.created))
	return o.g.sync(o.ctx, ids, o.moved, o.vecs)
}

// run executes fn in one transaction; on any error nothing is kept.
func (g *Graph) run(ctx context.Context, what string, target int64, at time.Time, why, turn string, fn func(o *op) error) error {
	o, err := g.begin(ctx)
	if err != nil {
		return err
	}
	if err := fn(o); err != nil {
		o.tx.Rollback()
		return err
	}
	return o.finish(what, target, at, why, turn)
}

// sync reloads changed nodes into the mirror, the vector index, the term
// index and the subtree sums. The sums are updated incrementally: every
// node whose contribution may have changed — the changed nodes and every
// node below a re-parented one — has its old contribution (old vector,
// status and ancestor chain, from the mirror) subtracted and its new one
// added.
func (g *Graph) sync(ctx context.Context, ids, moved []int64, vecs map[int64][]float32) error {
	affected := ids
	if len(moved) > 0 {
		seen := make(map[int64]bool, len(ids))
		for _, id := range ids {
			seen[id] = true
		}
		affected = append([]int64{}, ids...)
		for _, root := range moved {
			sub, err := subtreeIDs(ctx, g.db, root)
			if err != nil {
				return err
			}
			for _, id := range sub {
				if !seen[id] {
					seen[id] = true
					affected = append(affected, id)
				}
			}
		}
	}
	for _, id := range affected {
		if v := g.vecs[id]; v != nil {
			g.addToSums(g.nodes[id], v, -1)
		}
	}
	for _, id := range ids {
		n, err := readNode(ctx, g.db, id)
		if err != nil {
			return err
		}
		old := g.nodes[id]
		g.nodes[id] = n
		if old == nil || old.Content != n.Content {
			g.lower[id] = strings.ToLower(n.Content)
			g.terms.add(id, g.lower[id])
		}
		if n.Version > 1 && (old == nil || old.Version <= 1) {
			g.revd = insertSorted(g.revd, id)
		}
		vec, fresh := vecs[id]
		if !fresh {
			vec = g.vecs[id] // content unchanged: the vector too
		}
		switch {
		case n.Status == StatusCurrent && vec == nil:
			// Only a restore makes a node current again, and it re-embeds;
			// embed here all the same rather than leave a node unsearchable.
			vs, err := g.emb.Embed(ctx, []string{n.Content})
			if err != nil {
				return fmt.Errorf("hierpath: embed: %w", err)
			}
			vec, fresh = vs[0], true
			fallthrough
		case n.Status == StatusCurrent:
			if fresh || g.vecs[id] == nil {
				g.vecs[id] = vec
				if err := g.storeOf(n).AddVector(ctx, indexID(id), vec, "", nil); err != nil {
					return err
				}
			}
		case g.vecs[id] != nil:
			delete(g.vecs, id)
			if err := g.storeOf(n).Delete(ctx, indexID(id)); err != nil {
				return err
			}
		}
	}
	for _, id := range affected {
		if v := g.vecs[id]; v != nil {
			g.addToSums(g.nodes[id], v, 1)
		}
	}
	return nil
}

// addToSums adds sign·vec (in fixed point) to the sum of every goal or
// subtask on n's ancestor chain, n included, as the mirror has it.
func (g *Graph) addToSums(n *Node, vec []float32, sign int64) {
	for a := n; a != nil; {
		if a.Level <= 1 {
			s := g.sums[a.ID]
			if s == nil {
				s = make([]int64, len(vec))
				g.sums[a.ID] = s
			}
			for i, x := range vec {
				s[i] += sign * int64(float64(x)*sumScale)
			}
			delete(g.units, a.ID)
		}
		if a.Parent == 0 {
			break
		}
		a = g.nodes[a.Parent]
	}
}

// SubtreeVector returns the normalized sum of the vectors of a current goal
// or subtask and all its current descendants (the subtree's centroid
// direction, used by the subtree-first search), or nil when there is none
// (or the sum is zero). The slice is shared with later calls until the
// subtree changes: callers must not modify it.
func (g *Graph) SubtreeVector(id int64) []float32 {
	if u, ok := g.units[id]; ok {
		return u
	}
	s := g.sums[id]
	if s == nil {
		return nil
	}
	var norm float64
	for _, x := range s {
		f := float64(x)
		norm += f * f
	}
	if norm == 0 {
		return nil
	}
	norm = math.Sqrt(norm)
	out := make([]float32, len(s))
	for i, x := range s {
		out[i] = float32(float64(x) / norm)
	}
	g.units[id] = out
	return out
}

// insertSorted inserts id into the ascending slice ids unless present.
func insertSorted(ids []int64, id int64) []int64 {
	i := sort.Search(len(ids), func(i int) bool { return ids[i] >= id })
	if i < len(ids) && ids[i] == id {
		return ids
	}
	ids = append(ids, 0)
	copy(ids[i+1:], ids[i:])
	ids[i] = id
	return ids
}

// Insert adds a node under parent (0 for a goal) together with extra edges
// (a zero Src or Dst in an edge stands for the new node), in one
// transaction. Plain inserts are the write path of ingestion and are not
// rewrites, so they are versioned (version 1) but not audited.
func (g *Graph) Insert(ctx context.Context, n NewNode, parent int64, edges ...Edge) (int64, error) {
	var id int64
	err := g.run(ctx, "", 0, time.Time{}, "", "", func(o *op) error {
		var err error
		if id, err = o.insert(n, parent); err != nil {
			return err
		}
		for _, e := range edges {
			if e.Src == 0 {
				e.Src = id
			}
			if e.Dst == 0 {
				e.Dst = id
			}
			if err := o.addEdge(e); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return 0, err
	}
	return id, nil
}

// AddEdges adds or re-weights edges (not child_of) in one transaction.
func (g *Graph) AddEdges(ctx context.Context, edges ...Edge) error {
	return g.run(ctx, "", 0, time.Time{}, "", "", func(o *op) error {
		for _, e := range edges {
			if err := o.addEdge(e); err != nil {
				return err
			}
		}
		return nil
	})
}

// Children returns the current children of id, in insertion order.
func (g *Graph) Children(ctx context.Context, id int64) ([]int64, error) {
	rows, err := g.db.QueryContext(ctx, `SELECT e.src FROM edges e CROSS JOIN nodes k ON k.id = e.src
		WHERE e.kind = 'child_of' AND e.dst = ? AND k.status = 'current' ORDER BY k.seq`, id)
	if err != nil {
		return nil, err
	}
	return sqlutil.Int64s(rows)
}

// Descendants returns the current nodes strictly below id (any depth), in
// insertion order, found with a recursive query over child_of edges.
func (g *Graph) Descendants(ctx context.Context, id int64) ([]int64, error) {
	rows, err := g.db.QueryContext(ctx, `WITH RECURSIVE sub(id, d) AS (
			SELECT ?, 0
			UNION ALL
			SELECT e.src, sub.d + 1 FROM sub CROSS JOIN edges e ON e.kind = 'child_of' AND e.dst = sub.id WHERE sub.d < ?
		) SELECT n.id FROM sub CROSS JOIN nodes n ON n.id = sub.id WHERE sub.d > 0 AND n.status = 'current' ORDER BY n.seq`, id, MaxLevel+1)
	if err != nil {
		return nil, err
	}
	return sqlutil.Int64s(rows)
}

// Related returns the edges of one kind leaving id (src = id), heaviest
// first, ties by destination id.
func (g *Graph) Related(ctx context.Context, id int64, kind string) ([]Edge, error) {
	rows, err := g.db.QueryContext(ctx, `SELECT src, dst, kind, weight FROM edges WHERE kind = ? AND src = ? ORDER BY weight DESC, dst`, kind, id)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Edge
	for rows.Next() {
		var e Edge
		if err := rows.Scan(&e.Src, &e.Dst, &e.Kind, &e.Weight); err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	return out, rows.Err()
}

// Incoming returns the edges of one kind arriving at id (dst = id), by
// source id.
func (g *Graph) Incoming(ctx context.Context, id int64, kind string) ([]Edge, error) {
	rows, err := g.db.QueryContext(ctx, `SELECT src, dst, kind, weight FROM edges INDEXED BY edges_by_dst WHERE kind = ? AND dst = ? ORDER BY src`, kind, id)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Edge
	for rows.Next() {
		var e Edge
		if err := rows.Scan(&e.Src, &e.Dst, &e.Kind, &e.Weight); err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	return out, rows.Err()
}

// Paths enumerates the root-to-leaf paths that pass through any of the
// current nodes in through, with two recursive queries: one walks child_of
// edges up from each node to its goal, the other walks down to the leaves,
// at most maxDepth edges from the start and at most fanout children per
// node (children that are themselves in through first, then the newest).
// Each path is the node ids from the goal to a leaf. Paths come back
// de-duplicated and sorted by their id sequence.
func (g *Graph) Paths(ctx context.Context, through []int64, maxDepth, fanout int) ([][]int64, error) {
	if len(through) == 0 {
		return nil, nil
	}
	if maxDepth < 0 || fanout < 1 {
		return nil, fmt.Errorf("%w: maxDepth %d, fanout %d", ErrInvalid, maxDepth, fanout)
	}
	cand := jsonString(through)
	// Up: the ancestors of each start, goal first.
	rows, err := g.db.QueryContext(ctx, `WITH RECURSIVE up(start, id, d) AS (
			SELECT value, value, 0 FROM json_each(?1)
			UNION ALL
			SELECT up.start, e.dst, up.d + 1 FROM up CROSS JOIN edges e ON e.kind = 'child_of' AND e.src = up.id WHERE up.d < ?2
		) SELECT up.start, up.id FROM up CROSS JOIN nodes n ON n.id = up.id AND n.status = 'current' ORDER BY up.start, up.d DESC`, cand, MaxLevel)
	if err != nil {
		return nil, fmt.Errorf("hierpath: ancestor query: %w", err)
	}
	prefix := map[int64][]int64{}
	for rows.Next() {
		var s, id int64
		if err := rows.Scan(&s, &id); err != nil {
			rows.Close()
			return nil, err
		}
		prefix[s] = append(prefix[s], id)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	// Down: every capped path from each start to a leaf (or to the depth
	// limit), as a comma-joined id list.
	rows, err = g.db.QueryContext(ctx, `WITH RECURSIVE
		cand(id) AS (SELECT value FROM json_each(?1)),
		down(start, id, path, d) AS (
			SELECT n.id, n.id, CAST(n.id AS TEXT), 0 FROM nodes n WHERE n.id IN (SELECT id FROM cand) AND n.status = 'current'
			UNION ALL
			SELECT down.start, e.src, down.path || ',' || e.src, down.d + 1
			FROM down CROSS JOIN edges e ON e.kind = 'child_of' AND e.dst = down.id
			WHERE down.d < ?2 AND e.src IN (
				SELECT e2.src FROM edges e2 CROSS JOIN nodes k2 ON k2.id = e2.src
				WHERE e2.kind = 'child_of' AND e2.dst = down.id AND k2.status = 'current'
				ORDER BY (k2.id IN (SELECT id FROM cand)) DESC, k2.seq DESC LIMIT ?3)
		)
		SELECT start, path FROM down
		WHERE d = ?2 OR NOT EXISTS (SELECT 1 FROM edges e CROSS JOIN nodes k ON k.id = e.src
			WHERE e.kind = 'child_of' AND e.dst = down.id AND k.status = 'current')
		ORDER BY start, path`, cand, maxDepth, fanout)
	if err != nil {
		return nil, fmt.Errorf("hierpath: path query: %w", err)
	}
	defer rows.Close()
	seen := map[string]bool{}
	var out [][]int64
	for rows.Next() {
		var s int64
		var p string
		if err := rows.Scan(&s, &p); err != nil {
			return nil, err
		}
		up := prefix[s]
		if len(up) == 0 || up[len(up)-1] != s {
			continue // start not current or chain broken
		}
		if root := g.nodes[up[0]]; root == nil || root.Level != 0 {
			continue
		}
		path := append([]int64{}, up[:len(up)-1]...)
		for _, f := range splitIDs(p) {
			path = append(path, f)
		}
		if len(path)-1 > MaxLevel {
			continue
		}
		k := pathKey(path)
		if seen[k] {
			continue
		}
		seen[k] = true
		out = append(out, path)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	sort.Slice(out, func(i, j int) bool { return lessIDs(out[i], out[j]) })
	return out, nil
}

func splitIDs(s string) []int64 {
	var out []int64
	start := 0
	for i := 0; i <= len(s); i++ {
		if i == len(s) || s[i] == ',' {
			id, _ := strconv.ParseInt(s[start:i], 10, 64)
			out = append(out, id)
			start = i + 1
		}
	}
	return out
}

func pathKey(p []int64) string {
	b := make([]byte, 0, 8*len(p))
	for i, id := range p {
		if i > 0 {
			b = append(b, '-')
		}
		b = strconv.AppendInt(b, id, 10)
	}
	return string(b)
}

func lessIDs(a, b []int64) bool {
	for i := 0; i < len(a) && i < len(b); i++ {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return len(a) < len(b)
}

// storeOf is the vector index that holds n (a node's kind never changes).
func (g *Graph) storeOf(n *Node) *vecstore.Store {
	if isStep(n.Kind) {
		return g.steps
	}
	return g.index
}

// Search returns up to n current nodes most similar to vec (cosine), best
// first, ties by id: the top n of both indexes merged, the same list one
// index of every node would give (each score is the same dot product
// either way, and both order ties by id).
func (g *Graph) Search(ctx context.Context, vec []float32, n int) ([]Scored, error) {
	var b []Scored
	var errB error
	done := make(chan struct{})
	go func() { // the two scans run side by side
		defer close(done)
		b, errB = searchStore(ctx, g.steps, vec, n)
	}()
	a, err := searchStore(ctx, g.index, vec, n)
	<-done
	if err != nil {
		return nil, err
	}
	if errB != nil {
		return nil, errB
	}
	out := append(a, b...)
	sortScored(out)
	if len(out) > n {
		out = out[:n]
	}
	return out, nil
}

// SearchSteps returns up to n current steps (actions and decisions) most
// similar to vec (cosine), best first, ties by id, scanning the step
// index only.
func (g *Graph) SearchSteps(ctx context.Context, vec []float32, n int) ([]Scored, error) {
	return searchStore(ctx, g.steps, vec, n)
}

func searchStore(ctx context.Context, s *vecstore.Store, vec []float32, n int) ([]Scored, error) {
	hits, err := s.QueryVector(ctx, vec, n, nil)
	if err != nil {
		return nil, err
	}
	out := make([]Scored, len(hits))
	for i, h := range hits {
		out[i] = Scored{ID: parseIndexID(h.ID), Score: h.Score}
	}
	return out, nil
}

// Scored is a node id with a score.
type Scored struct {
	// ID is the node id.
	ID int64
	// Score is the cosine similarity in [-1, 1] (or another ranking score).
	Score float64
}

// Versions returns every recorded version of node id, oldest first.
func (g *Graph) Versions(ctx context.Context, id int64) ([]Snapshot, error) {
	rows, err := g.db.QueryContext(ctx, `SELECT node_id, version, kind, level, content, outcome, status, COALESCE(parent, 0), turn_ids, t
		FROM node_versions WHERE node_id = ? ORDER BY version`, id)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Snapshot
	for rows.Next() {
		var s Snapshot
		var turns string
		if err := rows.Scan(&s.ID, &s.Version, &s.Kind, &s.Level, &s.Content, &s.Outcome, &s.Status, &s.Parent, &turns, &s.Time); err != nil {
			return nil, err
		}
		if err := json.Unmarshal([]byte(turns), &s.TurnIDs); err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%w: node %d", ErrNotFound, id)
	}
	return out, nil
}

// Audit returns the audit log, oldest first.
func (g *Graph) Audit(ctx context.Context) ([]AuditEntry, error) {
	return g.audit(ctx, g.db, 0)
}

func (g *Graph) audit(ctx context.Context, q querier, seq int64) ([]AuditEntry, error) {
	query := `SELECT seq, op, node, at, before, after, why, turn_id FROM audit ORDER BY seq`
	args := []any{}
	if seq > 0 {
		query = `SELECT seq, op, node, at, before, after, why, turn_id FROM audit WHERE seq = ?`
		args = append(args, seq)
	}
	rows, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []AuditEntry
	for rows.Next() {
		var e AuditEntry
		var at, before, after string
		if err := rows.Scan(&e.Seq, &e.Op, &e.Node, &at, &before, &after, &e.Why, &e.Turn); err != nil {
			return nil, err
		}
		if e.At, err = time.Parse(time.RFC3339Nano, at); err != nil {
			return nil, err
		}
		if err := json.Unmarshal([]byte(before), &e.Before); err != nil {
			return nil, err
		}
		if err := json.Unmarshal([]byte(after), &e.After); err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	return out, rows.Err()
}

// Size reports the number of current nodes, all edges, and the stored
// payload in bytes (contents, the embeddings of current nodes — the only
// ones kept —, versions, audit log).
func (g *Graph) Size(ctx context.Context) (nodes, edges int, bytes int64, err error) {
	err = g.db.QueryRowContext(ctx, `SELECT
		(SELECT COUNT(*) FROM nodes WHERE status = 'current'),
		(SELECT COUNT(*) FROM edges),
		(SELECT COALESCE(SUM(length(content) + length(turn_ids) + length(meta)), 0) FROM nodes)
		+ (SELECT COALESCE(SUM(length(content) + length(turn_ids)), 0) FROM node_versions)
		+ (SELECT COALESCE(SUM(length(before) + length(after) + length(why)), 0) FROM audit)
		+ (SELECT COUNT(*) * 24 FROM edges)`).Scan(&nodes, &edges, &bytes)
	for _, v := range g.vecs {
		bytes += int64(4 * len(v))
	}
	return nodes, edges, bytes, err
}
