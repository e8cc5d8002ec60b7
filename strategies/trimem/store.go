package trimem

import (
	"cmp"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"maps"
	"math"
	"slices"
	"sort"
	"strings"
	"sync/atomic"
	"time"

	_ "github.com/mattn/go-sqlite3" // SQLite driver (cgo)

	"github.com/memarena/memarena/internal/nlp"
	"github.com/memarena/memarena/internal/sqlutil"
	"github.com/memarena/memarena/internal/textutil"
	"github.com/memarena/memarena/strategies"
)

// Triplet kinds.
const (
	// KindFact is an asserted triplet.
	KindFact = "fact"
	// KindRule is a consolidated triplet that generalizes ≥ consolidate_min
	// fact instances and links to them.
	KindRule = "rule"
)

// Stored statuses (the strategies.Status* values, with "current" spelled
// out in the database).
const (
	dbCurrent     = "current"
	dbConditional = "conditional"
	dbSuperseded  = "superseded"
)

// SupersededWeight multiplies the strength of a triplet when a newer one
// supersedes it (in (0, 1)): the old value is kept for history, with a lower
// weight than it had, so it ranks below the value that replaced it and decays
// out sooner.
const SupersededWeight = 0.5

// UserEntity is the entity key every first-person reference and every user
// speaker name resolves to.
const UserEntity = "user"

// AssistantEntity is the entity key of the assistant's own first person.
const AssistantEntity = "assistant"

// minStrength floors stored strengths so that log2 stays finite.
const minStrength = 1e-12

// ErrNoEntity is returned when a subject or object normalizes to nothing
// (empty, punctuation or stopwords only, or an unresolved pronoun).
var ErrNoEntity = errors.New("trimem: mention does not name an entity")

// Config sets the dynamics of a Store.
type Config struct {
	// HalfLife is the strength half-life in scenario time (> 0).
	HalfLife time.Duration
	// Reinforcement α in (0, 1]: an assertion moves strength s to
	// s + α·(1 − s); a new triplet starts at α.
	Reinforcement float64
	// ForgetThreshold θ in [0, 1): a triplet whose decayed strength falls
	// below θ is archived by Sweep and never returned by Candidates.
	ForgetThreshold float64
}

// Assertion is one triplet asserted by one turn.
type Assertion struct {
	Subject, Relation, Object string
	// SubjectName and ObjectName are the canonical entity names of Subject
	// and Object (model.EntityNames), "" for the mention itself; they link
	// mentions of one entity (ResolveEntity).
	SubjectName, ObjectName string
	// Condition limits when the fact holds ("when unwell"), or "".
	Condition string
	// Sentence is the source sentence, verbatim (rendered as the quote).
	Sentence string
	// Context is the text a change-cued assertion looks for the names of
	// replaced values in (the whole turn); "" means Sentence.
	Context string
	// ChangeCue reports that the asserting sentence announces a change of
	// value (the extraction reply's Change flag: "now", "switched",
	// "instead of" …).
	ChangeCue bool
	// Replaces are old objects the text says this one replaces.
	Replaces []string
	TurnID   string
	// Seq orders turns (the ingestion counter).
	Seq int64
	At  time.Time
}

// AssertResult reports what an assertion did.
type AssertResult struct {
	// ID of the asserted triplet.
	ID int64
	// New is true when the triplet did not exist before.
	New bool
	// Reinforced is true when an existing triplet was strengthened.
	Reinforced bool
	// Superseded lists the triplets this assertion superseded, ascending.
	Superseded []int64
	// SubjectID and ObjectID are the resolved entities.
	SubjectID, ObjectID int64
}

// Record is a stored triplet as the audit sees it.
type Record struct {
	ID                        int64
	Kind                      string // KindFact or KindRule
	Subject, Relation, Object string // surfaces as last asserted
	SubjectKey, ObjectKey     string // entity keys
	SubjectID, ObjectID       int64
	Condition                 string
	// Words are the distinct content stems of subject, relation phrase,
	// object and condition, space separated (see rankWords).
	Words string
	// Status is strategies.StatusCurrent (""), StatusConditional or
	// StatusSuperseded.
	Status string
	// Strength in [0, 1] as of UpdatedAt; see Store.Effective for its value
	// at a later time.
	Strength  float64
	UpdatedAt time.Time
	// FirstSeen and LastSeen are the first and latest asserting turn times.
	FirstSeen, LastSeen time.Time
	// ValidTo is when it was superseded or retracted (zero if it was not).
	ValidTo time.Time
	// SupersededBy is the triplet that replaced it (0: none, or retracted).
	SupersededBy int64
	// EndedBy is the turn that superseded or retracted it.
	EndedBy string
	// ArchivedAt is when it was forgotten (zero while live).
	ArchivedAt time.Time
	// TurnIDs are the turns that asserted or reinforced it, in turn order
	// (for a rule: its instances' turns).
	TurnIDs []string
	// Sentences are the source sentences, parallel to TurnIDs.
	Sentences []string
	// Instances are a rule's instance triplets, ascending.
	Instances []int64
}

// Archived reports whether the triplet has been forgotten.
func (r Record) Archived() bool { return !r.ArchivedAt.IsZero() }

// Store is trimem's relational memory: entities, triplets, provenance,
// rule links and raw sentences in one in-memory SQLite database per
// instance (github.com/mattn/go-sqlite3). It holds one connection
// (SetMaxOpenConns(1)), since every pooled connection to ":memory:" is its
// own database. Not safe for concurrent use (the strategy contract is
// single-goroutine).
type Store struct {
	db  *sql.DB
	cfg Config
	// hl is the half-life in seconds.
	hl float64

	// alias caches entity_alias: normalized stem key → entity id; ents
	// caches entity rows. Both are dropped when a transaction rolls back.
	alias map[string]int64
	ents  map[int64]Entity
	// evTop (triplet id → its largest evidence rowid) and copied ((rule,
	// instance) → rule_instance.copied) mirror what consolidation reads
	// for every instance; provAll is set while they are complete (from the
	// empty store until a rollback drops them), and they are read instead
	// of the tables.
	evTop   map[int64]int64
	copied  map[[2]int64]int64
	provAll bool
	// aliasAll is set while alias holds every row of entity_alias (from
	// the empty store until a rollback drops the cache): a key missing
	// from alias is then missing from the table, and is not looked up.
	aliasAll bool
	// userID is the id of the "user" entity.
	userID int64

	// stmts are prepared statements by query text (see conn); pending are
	// queries first seen inside a transaction, prepared after it ends.
	stmts   map[string]*sql.Stmt
	pending map[string]bool
	// txStmts are the cached statements rebound to the running
	// transaction, by query text; emptied when it ends (database/sql
	// closes them at commit or rollback).
	txStmts map[string]*sql.Stmt

	// consolidatedMin is the min of the last Consolidate (0: none yet); a
	// call with another min re-examines every slot.
	consolidatedMin int
}

// maxStmts bounds the prepared-statement cache (queries with IN lists
// vary in their number of placeholders).
const maxStmts = 256

// conn runs statements on the store's single connection through the
// prepared-statement cache, without the caller's cancellation
// (context.WithoutCancel: with a cancellable context the driver watches
// each statement from a new goroutine, which costs more than the statement
// on the in-memory database; inTx refuses a cancelled context before it
// starts): SQLite compiles each distinct query once per
// store instead of on every call. Inside a transaction a cached statement
// is rebound to it (sql.Tx.StmtContext reuses the statement prepared on the
// same connection); a query first seen inside a transaction runs unprepared
// and is prepared once the transaction ends (preparing on the database
// while the transaction holds its only connection would block).
type conn struct {
	s  *Store
	tx *sql.Tx // nil: outside a transaction
}

func (c conn) stmt(ctx context.Context, query string) *sql.Stmt {
	st := c.s.stmts[query]
	if st == nil {
		if c.tx != nil {
			if len(c.s.stmts)+len(c.s.pending) < maxStmts {
				c.s.pending[query] = true
			}
			return nil
		}
		if len(c.s.stmts) >= maxStmts {
			return nil
		}
		var err error
		if st, err = c.s.db.PrepareContext(ctx, query); err != nil {
			return nil // the direct call reports the error
		}
		c.s.stmts[query] = st
	}
	if c.tx != nil {
		ts := c.s.txStmts[query]
		if ts == nil {
			ts = c.tx.StmtContext(ctx, st)
			c.s.txStmts[query] = ts
		}
		return ts
	}
	return st
}

func (c conn) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	ctx = context.WithoutCancel(ctx)
	if st := c.stmt(ctx, query); st != nil {
		return st.ExecContext(ctx, args...)
	}
	if c.tx != nil {
		return c.tx.ExecContext(ctx, query, args...)
	}
	return c.s.db.ExecContext(ctx, query, args...)
}

func (c conn) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	ctx = context.WithoutCancel(ctx)
	if st := c.stmt(ctx, query); st != nil {
		return st.QueryContext(ctx, args...)
	}
	if c.tx != nil {
		return c.tx.QueryContext(ctx, query, args...)
	}
	return c.s.db.QueryContext(ctx, query, args...)
}

func (c conn) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	ctx = context.WithoutCancel(ctx)
	if st := c.stmt(ctx, query); st != nil {
		return st.QueryRowContext(ctx, args...)
	}
	if c.tx != nil {
		return c.tx.QueryRowContext(ctx, query, args...)
	}
	return c.s.db.QueryRowContext(ctx, query, args...)
}

// q is the store's connection outside a transaction.
func (s *Store) q() conn { return conn{s: s} }

var storeSeq atomic.Int64

const schema = `
CREATE TABLE entity (
	id INTEGER PRIMARY KEY,
	key TEXT NOT NULL UNIQUE,      -- stems of the normalized name, space separated
	name TEXT NOT NULL,            -- normalized name (nlp.NormalizeEntity) first seen
	ntok INTEGER NOT NULL          -- number of distinct terms
);
CREATE TABLE entity_alias (key TEXT PRIMARY KEY, entity_id INTEGER NOT NULL) WITHOUT ROWID;
CREATE TABLE entity_term (term TEXT NOT NULL, entity_id INTEGER NOT NULL, PRIMARY KEY (term, entity_id)) WITHOUT ROWID;
CREATE TABLE triplet (
	id INTEGER PRIMARY KEY,
	kind TEXT NOT NULL,
	subject_id INTEGER NOT NULL REFERENCES entity(id),
	relation TEXT NOT NULL,
	object_id INTEGER NOT NULL REFERENCES entity(id),
	subject TEXT NOT NULL,
	object TEXT NOT NULL,
	condition TEXT NOT NULL,
	cond_key TEXT NOT NULL,
	words TEXT NOT NULL,           -- rankWords: distinct content stems, for lexical overlap at query time
	status TEXT NOT NULL,
	strength REAL NOT NULL,        -- in [0,1] as of strength_at
	strength_at INTEGER NOT NULL,  -- unix seconds, scenario time
	anchor REAL NOT NULL,          -- log2(strength) + strength_at/half_life: orders by decayed strength
	first_seen INTEGER NOT NULL,
	last_seen INTEGER NOT NULL,
	valid_to INTEGER,
	superseded_by INTEGER,
	ended_by TEXT,
	archived_at INTEGER,
	changed INTEGER NOT NULL DEFAULT 1, -- 1: asserted, reinforced, superseded or archived since the last consolidation
	stale_key TEXT NOT NULL DEFAULT '', -- staleKey(subject, object): a token every text stating this value contains
	UNIQUE (subject_id, relation, object_id, cond_key, kind)
);
-- (…, anchor) indexes let "ORDER BY anchor DESC, id DESC LIMIT n" walk an
-- index range and stop after n rows: the strongest triplets first.
CREATE INDEX triplet_subject_anchor ON triplet(subject_id, anchor);
CREATE INDEX triplet_object_anchor ON triplet(object_id, anchor);
CREATE INDEX triplet_slot_anchor ON triplet(subject_id, relation, anchor);
CREATE INDEX triplet_rel_anchor ON triplet(relation, anchor);
CREATE INDEX triplet_live_anchor ON triplet(anchor) WHERE archived_at IS NULL;
CREATE INDEX triplet_superseded ON triplet(subject_id, relation) WHERE status = 'superseded';
-- The live facts of a slot (subject, relation, condition), and the slots
-- changed since the last consolidation: what Consolidate reads.
CREATE INDEX triplet_slot_live ON triplet(subject_id, relation, cond_key, id) WHERE kind = 'fact' AND status != 'superseded' AND archived_at IS NULL;
CREATE INDEX triplet_changed ON triplet(subject_id, relation, cond_key) WHERE changed = 1 AND kind = 'fact';
-- The superseded values by a token that a text stating them must contain (StaleSlotsFor).
CREATE INDEX triplet_stale ON triplet(stale_key) WHERE status = 'superseded' AND kind = 'fact' AND archived_at IS NULL;
-- evidence is a rowid table: rowids grow with insertion, so a rule copies
-- only the evidence its instances gained since it last copied (rule_instance.copied).
CREATE TABLE evidence (
	triplet_id INTEGER NOT NULL,
	turn_id TEXT NOT NULL,
	seq INTEGER NOT NULL,
	at INTEGER NOT NULL,
	sentence TEXT NOT NULL,
	UNIQUE (triplet_id, turn_id)
);
CREATE INDEX evidence_triplet ON evidence(triplet_id);
CREATE INDEX evidence_turn ON evidence(turn_id);
CREATE TABLE rule_instance (
	rule_id INTEGER NOT NULL,
	instance_id INTEGER NOT NULL,
	copied INTEGER NOT NULL DEFAULT 0, -- largest evidence rowid of the instance copied into the rule
	PRIMARY KEY (rule_id, instance_id)
) WITHOUT ROWID;
CREATE TABLE sentence (id INTEGER PRIMARY KEY, turn_id TEXT NOT NULL, seq INTEGER NOT NULL, at INTEGER NOT NULL, text TEXT NOT NULL);
CREATE TABLE sentence_entity (entity_id INTEGER NOT NULL, sentence_id INTEGER NOT NULL, PRIMARY KEY (entity_id, sentence_id)) WITHOUT ROWID;
CREATE TABLE sentence_term (term TEXT NOT NULL, sentence_id INTEGER NOT NULL, PRIMARY KEY (term, sentence_id)) WITHOUT ROWID;
`

// OpenStore creates an empty in-memory store. Invalid configuration is an
// error.
func OpenStore(cfg Config) (*Store, error) {
	if cfg.HalfLife <= 0 {
		return nil, fmt.Errorf("trimem: half-life %v must be positive", cfg.HalfLife)
	}
	if !(cfg.Reinforcement > 0 && cfg.Reinforcement <= 1) {
		return nil, fmt.Errorf("trimem: reinforcement %v must be in (0, 1]", cfg.Reinforcement)
	}
	if !(cfg.ForgetThreshold >= 0 && cfg.ForgetThreshold < 1) {
		return nil, fmt.Errorf("trimem: forget threshold %v must be in [0, 1)", cfg.ForgetThreshold)
	}
	// A unique name per store keeps shared-cache databases of concurrent
	// cells apart; one connection keeps the database alive and private.
	// database/sql never uses that connection from two goroutines at once,
	// so SQLite's per-connection mutex is off (_mutex=no).
	dsn := fmt.Sprintf("file:trimem-%d?mode=memory&cache=private&_foreign_keys=0&_mutex=no", storeSeq.Add(1))
	db, err := sql.Open("sqlite3", dsn)
	if err != nil {
		return nil, fmt.Errorf("trimem: open sqlite: %w", err)
	}
	db.SetMaxOpenConns(1)
	db.SetMaxIdleConns(1)
	db.SetConnMaxLifetime(0)
	db.SetConnMaxIdleTime(0)
	if _, err := db.Exec(schema); err != nil {
		db.Close()
		return nil, fmt.Errorf("trimem: create schema: %w", err)
	}
	s := &Store{db: db, cfg: cfg, hl: cfg.HalfLife.Seconds(), alias: map[string]int64{}, ents: map[int64]Entity{},
		stmts: map[string]*sql.Stmt{}, pending: map[string]bool{}, txStmts: map[string]*sql.Stmt{}, aliasAll: true,
		evTop: map[int64]int64{}, copied: map[[2]int64]int64{}, provAll: true}
	id, _, err := s.resolveKey(context.Background(), s.q(), UserEntity, nil)
	if err != nil {
		db.Close()
		return nil, err
	}
	s.userID = id
	return s, nil
}

// Close closes the prepared statements and the database.
func (s *Store) Close() error {
	for _, st := range s.stmts {
		st.Close()
	}
	s.stmts = map[string]*sql.Stmt{}
	return s.db.Close()
}

// querier is what both *sql.DB and *sql.Tx offer.
type querier interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// Effective is strength s0 set at time at, decayed to time t:
// s0 · 2^(−(t − at)/half_life) (no decay for t ≤ at). In [0, 1].
func (s *Store) Effective(s0 float64, at, t time.Time) float64 {
	return s0 * strategies.Decay(t.Sub(at), s.cfg.HalfLife)
}

// anchor is log2(strength) + at/half_life: for a fixed query time t,
// log2(Effective) = anchor − t/half_life, so ordering by anchor orders by
// decayed strength and "Effective(t) ≥ θ" is "anchor ≥ log2 θ + t/h".
func (s *Store) anchor(strength float64, at int64) float64 {
	return math.Log2(math.Max(strength, minStrength)) + float64(at)/s.hl
}

// floorAnchor is the smallest anchor of a triplet not yet forgotten at t.
func (s *Store) floorAnchor(t time.Time) float64 {
	if s.cfg.ForgetThreshold <= 0 {
		return -math.MaxFloat64
	}
	return math.Log2(s.cfg.ForgetThreshold) + float64(t.Unix())/s.hl
}

// reinforce applies one assertion to strength e (already decayed to now):
// e + α(1 − e).
func (s *Store) reinforce(e float64) float64 {
	return e + s.cfg.Reinforcement*(1-e)
}

// stems are the Snowball stems of a normalized name's words, articles
// dropped; they make "direct flight" and "direct flights" one entity.
func stems(name string) []string { return textutil.NormalizeTokens(name) }

// terms are the distinct content stems of a name, in order (stopwords
// dropped unless nothing else is left); entity matching counts them.
func terms(name string) []string {
	ts := textutil.ContentTokens(name)
	if len(ts) == 0 {
		ts = textutil.NormalizeTokens(name)
	}
	seen := map[string]bool{}
	out := ts[:0:0]
	for _, t := range ts {
		if !seen[t] {
			seen[t] = true
			out = append(out, t)
		}
	}
	return out
}

// RegisterUserName makes a user speaker's name ("Dana") an alias of the
// user entity, so "Dana prefers X" and "What does Dana prefer?" link to
// the same node as "I prefer X".
func (s *Store) RegisterUserName(ctx context.Context, name string) error {
	k := nlp.NormalizeEntity(name)
	if k == "" || k == UserEntity {
		return nil
	}
	key := strings.Join(stems(k), " ")
	if _, ok := s.alias[key]; ok {
		return nil
	}
	if _, err := s.q().ExecContext(ctx, `INSERT OR IGNORE INTO entity_alias(key, entity_id) VALUES (?, ?)`, key, s.userID); err != nil {
		return fmt.Errorf("trimem: alias %q: %w", name, err)
	}
	for _, t := range terms(k) {
		if _, err := s.q().ExecContext(ctx, `INSERT OR IGNORE INTO entity_term(term, entity_id) VALUES (?, ?)`, t, s.userID); err != nil {
			return fmt.Errorf("trimem: alias %q: %w", name, err)
		}
	}
	s.alias[key] = s.userID
	return nil
}

// Entity is a resolved entity node.
type Entity struct {
	ID   int64
	Key  string // stem key
	Name string // normalized name first seen
}

// ResolveEntity maps a mention to its entity node, creating it when new.
// Linking rules, in order:
//  1. nlp.NormalizeEntity (lowercase, articles and possessives dropped;
//     "I", "me", "my", "the user" → "user"; here also "we", "us", "our" →
//     "user", strategies.IsOwnSide), then the words' stems form the key, so
//     plural and singular mentions are one entity;
//  2. a registered user name resolves to "user";
//  3. an exact key (or a key seen before as an alias) is that entity;
//  4. canonical-name linking (ResolveNamed): the key of the mention's
//     canonical entity name (model.EntityNames, "the Nikon camera" →
//     "Nikon"), when seen before as a key or as another mention's
//     canonical name, is that entity; a new entity registers its canonical
//     name's key as an alias, so "Nikon" and "the Nikon camera" are
//     one entity in either order, while "postgres" and "postgres 16", or
//     "spicy" and "spicy ramen", stay apart;
//  5. otherwise a new entity.
//
// A mention that normalizes to nothing gives ErrNoEntity.
func (s *Store) ResolveEntity(ctx context.Context, mention string) (Entity, error) {
	return s.resolve(ctx, s.q(), mention)
}

// ResolveNamed is ResolveEntity for a mention whose canonical entity name
// is name ("" for the mention itself), see rule 4 of ResolveEntity.
func (s *Store) ResolveNamed(ctx context.Context, mention, name string) (Entity, error) {
	return s.resolveNamed(ctx, s.q(), mention, name)
}

// lookup resolves a mention to an existing entity without creating one.
func (s *Store) lookup(ctx context.Context, q querier, mention string) (int64, bool, error) {
	k := nlp.NormalizeEntity(mention)
	if k == "" {
		return 0, false, nil
	}
	st := stems(k)
	if len(st) == 0 {
		return 0, false, nil
	}
	key := strings.Join(st, " ")
	if id, ok := s.alias[key]; ok {
		return id, true, nil
	}
	if s.aliasAll {
		return 0, false, nil
	}
	var id int64
	switch err := q.QueryRowContext(ctx, `SELECT entity_id FROM entity_alias WHERE key = ?`, key).Scan(&id); {
	case err == nil:
		return id, true, nil
	case errors.Is(err, sql.ErrNoRows):
		return 0, false, nil
	default:
		return 0, false, fmt.Errorf("trimem: lookup %q: %w", mention, err)
	}
}

func (s *Store) resolve(ctx context.Context, q querier, mention string) (Entity, error) {
	return s.resolveNamed(ctx, q, mention, "")
}

func (s *Store) resolveNamed(ctx context.Context, q querier, mention, name string) (Entity, error) {
	e, _, err := s.resolveEntity(ctx, q, mention, name)
	return e, err
}

// resolveEntity is resolveNamed that also reports whether the entity was
// created by this call (so no triplet names it yet).
func (s *Store) resolveEntity(ctx context.Context, q querier, mention, name string) (Entity, bool, error) {
	k := nlp.NormalizeEntity(mention)
	if strategies.IsOwnSide(mention) {
		// In a conversation with one user, "we" is the user's side
		// (nlp.NormalizeEntity drops it as a stopword).
		k = UserEntity
	}
	if k == "" {
		return Entity{}, false, ErrNoEntity
	}
	var canon []string
	if k != UserEntity {
		canon = stems(nlp.NormalizeEntity(name))
	}
	id, created, err := s.resolveKey(ctx, q, k, canon)
	if err != nil {
		return Entity{}, false, err
	}
	if e, ok := s.ents[id]; ok {
		return e, created, nil
	}
	var e Entity
	if err := q.QueryRowContext(ctx, `SELECT id, key, name FROM entity WHERE id = ?`, id).Scan(&e.ID, &e.Key, &e.Name); err != nil {
		return Entity{}, false, fmt.Errorf("trimem: entity %d: %w", id, err)
	}
	s.ents[id] = e
	return e, created, nil
}

// resolveKey returns the entity of a normalized mention name and whether
// it was created by this call, linking it
// by canon, the stems of its canonical entity name (nil or equal to the
// mention's stems: no linking), see ResolveEntity.
func (s *Store) resolveKey(ctx context.Context, q querier, name string, canon []string) (id int64, created bool, err error) {
	st := stems(name)
	if len(st) == 0 {
		return 0, false, ErrNoEntity
	}
	key := strings.Join(st, " ")
	keys := []string{key}
	if ck := strings.Join(canon, " "); ck != "" && ck != key {
		keys = append(keys, ck)
	}
	var linked int64
	for _, k := range keys {
		if id, ok := s.alias[k]; ok {
			linked = id
			break
		}
		if s.aliasAll {
			continue
		}
		var known int64
		switch err := q.QueryRowContext(ctx, `SELECT entity_id FROM entity_alias WHERE key = ?`, k).Scan(&known); {
		case err == nil:
			linked = known
		case !errors.Is(err, sql.ErrNoRows):
			return 0, false, fmt.Errorf("trimem: alias %q: %w", name, err)
		}
		if linked != 0 {
			break
		}
	}
	if linked == 0 {
		ts := terms(name)
		res, err := q.ExecContext(ctx, `INSERT INTO entity(key, name, ntok) VALUES (?, ?, ?)`, key, name, len(ts))
		if err != nil {
			return 0, false, fmt.Errorf("trimem: insert entity %q: %w", name, err)
		}
		linked, _ = res.LastInsertId()
		created = true
		s.ents[linked] = Entity{ID: linked, Key: key, Name: name} // the row just written
		if len(ts) > 0 {
			if _, err := q.ExecContext(ctx, `INSERT OR IGNORE INTO entity_term(term, entity_id) SELECT value, ? FROM json_each(?)`, linked, jsonList(ts)); err != nil {
				return 0, false, fmt.Errorf("trimem: entity term: %w", err)
			}
		}
	}
	for _, k := range keys {
		if _, ok := s.alias[k]; ok {
			continue
		}
		res, err := q.ExecContext(ctx, `INSERT OR IGNORE INTO entity_alias(key, entity_id) VALUES (?, ?)`, k, linked)
		if err != nil {
			return 0, false, fmt.Errorf("trimem: entity alias: %w", err)
		}
		if n, _ := res.RowsAffected(); n == 1 {
			s.alias[k] = linked
		}
	}
	return linked, created, nil
}

// rankWords are the distinct content stems of a triplet's rendered words
// (subject, relation phrase, object, condition), space separated: the
// triplet side of the lexical overlap L in Rank.
func rankWords(subject, relation, object, cond string) string {
	return strings.Join(terms(subject+" "+relationByName[relation].Phrase+" "+object+" "+cond), " ")
}

// ConditionKey is the identity of a condition: its stemmed content words
// with the leading connective (when, if, unless, whenever, only, except)
// dropped; "" for an unconditional fact. "when I'm unwell" and "when
// unwell" share the key "unwel".
func ConditionKey(cond string) string {
	ws := textutil.ContentTokens(cond)
	for len(ws) > 0 && (ws[0] == "unless" || ws[0] == "whenev" || ws[0] == "except" || ws[0] == "onli") {
		ws = ws[1:]
	}
	if len(ws) == 0 && strings.TrimSpace(cond) != "" {
		ws = textutil.NormalizeTokens(cond)
	}
	return strings.Join(ws, " ")
}

// tripletCols is the column list scanRecord reads.
const tripletCols = `t.id, t.kind, t.subject_id, t.relation, t.object_id, t.subject, t.object, t.condition, t.words, t.status,
	t.strength, t.strength_at, t.first_seen, t.last_seen, t.valid_to, t.superseded_by, t.ended_by, t.archived_at,
	se.key, oe.key`

const tripletFrom = ` FROM triplet t JOIN entity se ON se.id = t.subject_id JOIN entity oe ON oe.id = t.object_id`

// tripletColsLite is tripletCols without the entity keys (no joins), for
// candidate scans.
const tripletColsLite = `t.id, t.kind, t.subject_id, t.relation, t.object_id, t.subject, t.object, t.condition, t.words, t.status,
	t.strength, t.strength_at, t.first_seen, t.last_seen, t.valid_to, t.superseded_by, t.ended_by, t.archived_at, '', ''`

func scanRecord(sc interface{ Scan(...any) error }) (Record, error) {
	var r Record
	var status string
	var strengthAt, first, last int64
	var validTo, supBy, archived sql.NullInt64
	var endedBy sql.NullString
	if err := sc.Scan(&r.ID, &r.Kind, &r.SubjectID, &r.Relation, &r.ObjectID, &r.Subject, &r.Object, &r.Condition, &r.Words, &status,
		&r.Strength, &strengthAt, &first, &last, &validTo, &supBy, &endedBy, &archived, &r.SubjectKey, &r.ObjectKey); err != nil {
		return Record{}, err
	}
	switch status {
	case dbSuperseded:
		r.Status = strategies.StatusSuperseded
	case dbConditional:
		r.Status = strategies.StatusConditional
	default:
		r.Status = strategies.StatusCurrent
	}
	r.UpdatedAt = time.Unix(strengthAt, 0).UTC()
	r.FirstSeen = time.Unix(first, 0).UTC()
	r.LastSeen = time.Unix(last, 0).UTC()
	if validTo.Valid {
		r.ValidTo = time.Unix(validTo.Int64, 0).UTC()
	}
	r.SupersededBy = supBy.Int64
	r.EndedBy = endedBy.String
	if archived.Valid {
		r.ArchivedAt = time.Unix(archived.Int64, 0).UTC()
	}
	return r, nil
}

// Assert stores one assertion in its own transaction; see assert.
func (s *Store) Assert(ctx context.Context, a Assertion) (AssertResult, error) {
	var res AssertResult
	err := s.inTx(ctx, func(q querier) error {
		var err error
		res, err = s.assert(ctx, q, a)
		return err
	})
	return res, err
}

// inTx runs f in one transaction: all of it is stored or none. On failure
// the in-memory entity caches are dropped (they may name rolled-back rows).
func (s *Store) inTx(ctx context.Context, f func(q querier) error) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	tx, err := s.db.BeginTx(context.WithoutCancel(ctx), nil)
	if err != nil {
		return fmt.Errorf("trimem: begin: %w", err)
	}
	err = f(conn{s: s, tx: tx})
	if err == nil {
		if err = tx.Commit(); err != nil {
			err = fmt.Errorf("trimem: commit: %w", err)
		}
	} else {
		tx.Rollback()
	}
	clear(s.txStmts)
	if err != nil {
		s.alias, s.ents, s.aliasAll = map[string]int64{}, map[int64]Entity{}, false
		s.evTop, s.copied, s.provAll = map[int64]int64{}, map[[2]int64]int64{}, false
	}
	for query := range s.pending {
		if st, perr := s.db.PrepareContext(ctx, query); perr == nil {
			s.stmts[query] = st
		}
	}
	clear(s.pending)
	return err
}

// assert upserts the fact triplet of a and resolves conflicts:
//
//   - Reinforcement: an existing (subject, relation, object, condition)
//     triplet gets strength e + α(1 − e), where e is its strength decayed to
//     a.At; a new one starts at α. A turn reinforces a triplet at most once.
//     Re-asserting a superseded or archived triplet makes it live and current
//     again (the newer assertion wins).
//   - Polarity: (s, prefers, o) and (s, dislikes, o) under the same
//     condition cannot both be current: the older is superseded.
//   - Single-valued relations (located_in, scheduled_for, status): every
//     other current object of the same subject, relation and condition is
//     superseded.
//   - Multi-valued relations: an object named in a.Replaces is superseded;
//     with a change cue, so is the replaced value chosen by pickReplaced.
//   - A condition never conflicts with another condition or with the
//     unconditional slot: conditional facts stay conditional.
//   - Alias slots (see aliasSlots) and dependent facts (see dependents)
//     fall with the value they hold or name.
//
// Superseding sets status superseded, valid_to = a.At, superseded_by, and
// multiplies the decayed strength by SupersededWeight.
func (s *Store) assert(ctx context.Context, tx querier, a Assertion) (AssertResult, error) {
	var res AssertResult
	spec, ok := relationByName[a.Relation]
	if !ok {
		return res, fmt.Errorf("trimem: unknown relation %q", a.Relation)
	}
	if a.TurnID == "" {
		return res, errors.New("trimem: assertion without a turn id")
	}
	subj, subjNew, err := s.resolveEntity(ctx, tx, a.Subject, a.SubjectName)
	if err != nil {
		return res, fmt.Errorf("subject %q: %w", a.Subject, err)
	}
	obj, objNew, err := s.resolveEntity(ctx, tx, a.Object, a.ObjectName)
	if err != nil {
		return res, fmt.Errorf("object %q: %w", a.Object, err)
	}
	if subj.ID == obj.ID {
		return res, fmt.Errorf("trimem: subject and object are one entity %q: %w", subj.Name, ErrNoEntity)
	}
	cond := strings.TrimSpace(a.Condition)
	condKey := ConditionKey(cond)
	status := dbCurrent
	if condKey != "" {
		status = dbConditional
	}
	at := a.At.Unix()
	subjText, objText := surface(a.Subject, subj.Name), surface(a.Object, obj.Name)

	var id int64
	var s0 float64
	var s0At int64
	var oldStatus string
	var oldBy sql.NullInt64
	if subjNew || objNew {
		err = sql.ErrNoRows // no triplet names an entity created just now
	} else {
		err = tx.QueryRowContext(ctx, `SELECT id, strength, strength_at, status, superseded_by FROM triplet
		WHERE subject_id = ? AND relation = ? AND object_id = ? AND cond_key = ? AND kind = ?`,
			subj.ID, a.Relation, obj.ID, condKey, KindFact).Scan(&id, &s0, &s0At, &oldStatus, &oldBy)
	}
	switch {
	case errors.Is(err, sql.ErrNoRows):
		st := s.cfg.Reinforcement
		r, err := tx.ExecContext(ctx, `INSERT INTO triplet(kind, subject_id, relation, object_id, subject, object, condition, cond_key, words,
			status, strength, strength_at, anchor, first_seen, last_seen, stale_key) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)`,
			KindFact, subj.ID, a.Relation, obj.ID, subjText, objText, cond, condKey, rankWords(subjText, a.Relation, objText, cond),
			status, st, at, s.anchor(st, at), at, at, staleKey(subjText, objText))
		if err != nil {
			return res, fmt.Errorf("trimem: insert triplet: %w", err)
		}
		id, _ = r.LastInsertId()
		res.New = true
	case err != nil:
		return res, fmt.Errorf("trimem: find triplet: %w", err)
	default:
		var seen int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM evidence WHERE triplet_id = ? AND turn_id = ?`, id, a.TurnID).Scan(&seen); err != nil {
			return res, err
		}
		st := s0
		if seen == 0 {
			st = s.reinforce(s.Effective(s0, time.Unix(s0At, 0), a.At))
			res.Reinforced = true
		} else {
			at = s0At
		}
		if _, err := tx.ExecContext(ctx, `UPDATE triplet SET subject = ?, object = ?, condition = ?, words = ?, status = ?, strength = ?, strength_at = ?,
			anchor = ?, last_seen = MAX(last_seen, ?), valid_to = NULL, superseded_by = NULL, ended_by = NULL, archived_at = NULL, changed = 1,
			stale_key = ? WHERE id = ?`,
			subjText, objText, cond, rankWords(subjText, a.Relation, objText, cond), status, st, at, s.anchor(st, at), a.At.Unix(),
			staleKey(subjText, objText), id); err != nil {
			return res, fmt.Errorf("trimem: reinforce triplet: %w", err)
		}
	}
	res.ID, res.SubjectID, res.ObjectID = id, subj.ID, obj.ID
	ev, err := tx.ExecContext(ctx, `INSERT OR IGNORE INTO evidence(triplet_id, turn_id, seq, at, sentence) VALUES (?,?,?,?,?)`,
		id, a.TurnID, a.Seq, a.At.Unix(), a.Sentence)
	if err != nil {
		return res, fmt.Errorf("trimem: evidence: %w", err)
	}
	s.noteEvidence(id, ev)

	// Conflict resolution.
	targets := map[int64]bool{}
	if oldStatus == dbSuperseded && oldBy.Valid {
		// A reverted value: the triplet that had replaced it is replaced
		// in turn, if it is still the slot's value.
		ids, err := s.liveIDs(ctx, tx, `id = ?`, oldBy.Int64)
		if err != nil {
			return res, err
		}
		for _, o := range ids {
			targets[o] = true
		}
	}
	if spec.Opposite != "" {
		ids, err := s.liveIDs(ctx, tx, `subject_id = ? AND relation = ? AND object_id = ? AND cond_key = ?`, subj.ID, spec.Opposite, obj.ID, condKey)
		if err != nil {
			return res, err
		}
		for _, o := range ids {
			targets[o] = true
		}
	}
	// The slot's other values matter only when a rule can supersede them.
	var others []slotValue
	if spec.SingleValued || a.ChangeCue || len(a.Replaces) > 0 {
		others, err = s.slotValues(ctx, tx, subj.ID, a.Relation, condKey, id)
		if err != nil {
			return res, err
		}
	}
	if spec.SingleValued {
		for _, o := range others {
			targets[o.id] = true
		}
	} else if len(others) > 0 {
		for _, o := range others {
			for _, r := range a.Replaces {
				if strings.TrimSpace(r) == "" {
					continue
				}
				if textutil.ContainsAll(r, o.object) {
					targets[o.id] = true
				}
			}
		}
		if a.ChangeCue {
			ctxText := a.Context
			if ctxText == "" {
				ctxText = a.Sentence
			}
			for _, o := range pickReplaced(a.Object, ctxText, others) {
				targets[o] = true
			}
		}
	}
	direct := make([]int64, 0, len(targets))
	for o := range targets {
		direct = append(direct, o)
	}
	sort.Slice(direct, func(i, j int) bool { return direct[i] < direct[j] })
	// Alias slots of every replaced value (single-valued relations): the
	// superseded values, and the values the text says were replaced.
	if spec.SingleValued {
		type val struct {
			objID    int64
			explicit bool
		}
		var vals []val
		words := textutil.TokenSet(terms(subjText))
		for _, o := range direct {
			var objID int64
			var osubj string
			if err := tx.QueryRowContext(ctx, `SELECT object_id, subject FROM triplet WHERE id = ?`, o).Scan(&objID, &osubj); err != nil {
				return res, fmt.Errorf("trimem: replaced %d: %w", o, err)
			}
			vals = append(vals, val{objID, false})
			for _, t := range terms(osubj) {
				words[t] = true
			}
		}
		for _, r := range a.Replaces {
			if e, ok, err := s.lookup(ctx, tx, r); err != nil {
				return res, err
			} else if ok && e != obj.ID {
				vals = append(vals, val{e, true})
			}
		}
		skip := map[int64]bool{id: true}
		for o := range targets {
			skip[o] = true
		}
		for _, v := range vals {
			aliases, err := s.aliasSlots(ctx, tx, a.Relation, v.objID, words, skip, v.explicit)
			if err != nil {
				return res, err
			}
			for _, d := range aliases {
				targets[d], skip[d] = true, true
				direct = append(direct, d)
			}
		}
	}
	for _, o := range append([]int64(nil), direct...) {
		deps, err := s.dependents(ctx, tx, o, id, objText)
		if err != nil {
			return res, err
		}
		for _, d := range deps {
			targets[d] = true
		}
	}
	for o := range targets {
		res.Superseded = append(res.Superseded, o)
	}
	sort.Slice(res.Superseded, func(i, j int) bool { return res.Superseded[i] < res.Superseded[j] })
	for _, o := range res.Superseded {
		if err := s.end(ctx, tx, o, id, a.TurnID, a.At); err != nil {
			return res, err
		}
	}
	return res, nil
}

// aliasSlots are the facts that hold a replaced value under another name
// of the same slot: live, not superseded facts with relation rel and
// object objID whose subject shares a content word with the known names
// of the slot (words), other than the ids in skip. The search runs to a
// fixed point, each found subject adding its words ("test coverage target
// is 70%" falls with "coverage gate is 70%" when the gate goes to 80%,
// then "target is 70%" with it). With explicit set and nothing sharing a
// word, a single candidate is taken: the text named the old value and only
// one fact holds it. Ascending ids.
func (s *Store) aliasSlots(ctx context.Context, q querier, rel string, objID int64, words map[string]bool, skip map[int64]bool, explicit bool) ([]int64, error) {
	// Without statistics the planner would walk every triplet of the
	// relation; the object's are few.
	rows, err := q.QueryContext(ctx, `SELECT id, subject FROM triplet INDEXED BY triplet_object_anchor WHERE object_id = ? AND relation = ?
		AND kind = 'fact' AND status != 'superseded' AND archived_at IS NULL`, objID, rel)
	if err != nil {
		return nil, fmt.Errorf("trimem: alias slots: %w", err)
	}
	type cand struct {
		id    int64
		terms []string
	}
	var cands []cand
	for rows.Next() {
		var c cand
		var subj string
		if err := rows.Scan(&c.id, &subj); err != nil {
			rows.Close()
			return nil, err
		}
		if !skip[c.id] {
			c.terms = terms(subj)
			cands = append(cands, c)
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	slices.SortFunc(cands, func(a, b cand) int { return cmp.Compare(a.id, b.id) })
	words = maps.Clone(words)
	taken := map[int64]bool{}
	var out []int64
	for grew := true; grew; {
		grew = false
		for _, c := range cands {
			if taken[c.id] {
				continue
			}
			for _, t := range c.terms {
				if words[t] {
					taken[c.id], grew = true, true
					out = append(out, c.id)
					for _, u := range c.terms {
						words[u] = true
					}
					break
				}
			}
		}
	}
	if len(out) == 0 && explicit && len(cands) == 1 {
		out = []int64{cands[0].id}
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out, nil
}

// dependents are the facts that fall with a superseded triplet old: live,
// not superseded facts asserted by the same source sentence whose subject
// or object names old's object and not the new object ("we decided to use
// Nikon D750 for orders" gave both "orders uses postgres 16" and "user
// decided use postgres 16 for orders"; when Canon R6 replaces Nikon D750,
// the decision is stale too). One level, ascending ids; the new triplet is
// never its own dependent.
func (s *Store) dependents(ctx context.Context, q querier, old, newID int64, newObject string) ([]int64, error) {
	var oldObj string
	if err := q.QueryRowContext(ctx, `SELECT object FROM triplet WHERE id = ?`, old).Scan(&oldObj); err != nil {
		return nil, fmt.Errorf("trimem: dependents of %d: %w", old, err)
	}
	rows, err := q.QueryContext(ctx, `SELECT DISTINCT t.id, t.subject, t.object FROM evidence e1
		JOIN evidence e2 ON e2.turn_id = e1.turn_id AND e2.sentence = e1.sentence
		JOIN triplet t ON t.id = e2.triplet_id
		WHERE e1.triplet_id = ? AND t.id != ? AND t.id != ? AND t.kind = 'fact' AND t.status != 'superseded' AND t.archived_at IS NULL
		ORDER BY t.id`, old, old, newID)
	if err != nil {
		return nil, fmt.Errorf("trimem: dependents of %d: %w", old, err)
	}
	defer rows.Close()
	var out []int64
	for rows.Next() {
		var id int64
		var subj, obj string
		if err := rows.Scan(&id, &subj, &obj); err != nil {
			return nil, err
		}
		text := subj + " " + obj
		if textutil.ContainsAll(text, oldObj) && !textutil.ContainsAll(text, newObject) {
			out = append(out, id)
		}
	}
	return out, rows.Err()
}

// surface is the mention as written, trimmed and lowercased, or the entity
// name when the mention was only a pronoun.
func surface(mention, name string) string {
	m := strings.ToLower(strings.Join(strings.Fields(mention), " "))
	m = strings.Trim(m, " .,;:!?\"'“”")
	for _, a := range []string{"the ", "a ", "an "} {
		m = strings.TrimPrefix(m, a)
	}
	if nlp.NormalizeEntity(m) == UserEntity || m == "" {
		return name
	}
	return m
}

type slotValue struct {
	id, objectID int64
	object       string
}

// slotValues are the live, not superseded fact triplets of a slot (subject,
// relation, condition) other than except, by id.
func (s *Store) slotValues(ctx context.Context, q querier, subj int64, rel, condKey string, except int64) ([]slotValue, error) {
	rows, err := q.QueryContext(ctx, `SELECT id, object_id, object FROM triplet WHERE subject_id = ? AND relation = ? AND cond_key = ?
		AND kind = 'fact' AND status != 'superseded' AND archived_at IS NULL AND id != ?`, subj, rel, condKey, except)
	if err != nil {
		return nil, fmt.Errorf("trimem: slot: %w", err)
	}
	defer rows.Close()
	var out []slotValue
	for rows.Next() {
		var v slotValue
		if err := rows.Scan(&v.id, &v.objectID, &v.object); err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	slices.SortFunc(out, func(a, b slotValue) int { return cmp.Compare(a.id, b.id) })
	return out, rows.Err()
}

func (s *Store) liveIDs(ctx context.Context, q querier, where string, args ...any) ([]int64, error) {
	return s.idsWhere(ctx, q, `kind = 'fact' AND status != 'superseded' AND archived_at IS NULL AND `+where, args...)
}

// pickReplaced chooses which current values of a multi-valued slot a
// change-cued assertion of newObject replaces: the values the sentence
// names ("…Canon R6 instead of Nikon D750"); else the values sharing the
// most content words with the new object ("aisle seat" replaces "window
// seat"); else the only value of the slot; else none (ambiguous: both stay
// current). Returns ids ascending.
func pickReplaced(newObject, sentence string, others []slotValue) []int64 {
	var out []int64
	for _, o := range others {
		if textutil.ContainsAll(sentence, o.object) && !textutil.ContainsAll(newObject, o.object) {
			out = append(out, o.id)
		}
	}
	if len(out) > 0 {
		return out
	}
	nw := textutil.TokenSet(textutil.ContentTokens(newObject))
	best := 0
	for _, o := range others {
		n := 0
		for t := range textutil.TokenSet(textutil.ContentTokens(o.object)) {
			if nw[t] {
				n++
			}
		}
		switch {
		case n > best:
			best, out = n, []int64{o.id}
		case n == best && n > 0:
			out = append(out, o.id)
		}
	}
	if len(out) > 0 {
		return out
	}
	if len(others) == 1 {
		return []int64{others[0].id}
	}
	return nil
}

// end supersedes (by > 0) or retracts (by = 0) triplet id at time at.
func (s *Store) end(ctx context.Context, q querier, id, by int64, turn string, at time.Time) error {
	var s0 float64
	var s0At int64
	if err := q.QueryRowContext(ctx, `SELECT strength, strength_at FROM triplet WHERE id = ?`, id).Scan(&s0, &s0At); err != nil {
		return fmt.Errorf("trimem: supersede %d: %w", id, err)
	}
	st := s.Effective(s0, time.Unix(s0At, 0), at) * SupersededWeight
	t := at.Unix()
	var byArg any
	if by > 0 {
		byArg = by
	}
	if _, err := q.ExecContext(ctx, `UPDATE triplet SET status = ?, strength = ?, strength_at = ?, anchor = ?, valid_to = ?, superseded_by = ?, ended_by = ?,
		changed = 1 WHERE id = ?`, dbSuperseded, st, t, s.anchor(st, t), t, byArg, turn, id); err != nil {
		return fmt.Errorf("trimem: supersede %d: %w", id, err)
	}
	return nil
}

// AnySubject as the subject of a retraction matches every subject ("drop
// Spotify": whatever used it no longer does).
const AnySubject = "*"

// Retract marks the live triplet (subject, relation, object, condition) as
// no longer holding ("we no longer use X"): it is superseded with no
// successor. Subject AnySubject retracts the fact for every subject. It
// returns the retracted ids (none when no such triplet is live).
func (s *Store) Retract(ctx context.Context, a Assertion) ([]int64, error) {
	var out []int64
	err := s.inTx(ctx, func(q querier) error {
		var err error
		out, err = s.retract(ctx, q, a)
		return err
	})
	return out, err
}

func (s *Store) retract(ctx context.Context, tx querier, a Assertion) ([]int64, error) {
	if _, ok := relationByName[a.Relation]; !ok {
		return nil, fmt.Errorf("trimem: unknown relation %q", a.Relation)
	}
	obj, err := s.resolveNamed(ctx, tx, a.Object, a.ObjectName)
	if err != nil {
		return nil, fmt.Errorf("object %q: %w", a.Object, err)
	}
	var ids []int64
	if strings.TrimSpace(a.Subject) == AnySubject {
		ids, err = s.liveIDs(ctx, tx, `relation = ? AND object_id = ? AND cond_key = ?`, a.Relation, obj.ID, ConditionKey(a.Condition))
	} else {
		subj, serr := s.resolveNamed(ctx, tx, a.Subject, a.SubjectName)
		if serr != nil {
			return nil, fmt.Errorf("subject %q: %w", a.Subject, serr)
		}
		ids, err = s.liveIDs(ctx, tx, `subject_id = ? AND relation = ? AND object_id = ? AND cond_key = ?`, subj.ID, a.Relation, obj.ID, ConditionKey(a.Condition))
	}
	if err != nil {
		return nil, err
	}
	for _, id := range ids {
		if err := s.end(ctx, tx, id, 0, a.TurnID, a.At); err != nil {
			return nil, err
		}
	}
	return ids, nil
}

// Sweep forgets: every live triplet whose strength decayed to t is below the
// forget threshold is archived (archived_at = t). Archived triplets stay in
// the database for the audit (Triplets) but are never returned by
// Candidates; asserting one again revives it. Returns the archived ids,
// ascending.
func (s *Store) Sweep(ctx context.Context, t time.Time) ([]int64, error) {
	ids, err := s.idsWhere(ctx, s.q(), `archived_at IS NULL AND anchor < ?`, s.floorAnchor(t))
	if err != nil || len(ids) == 0 {
		return ids, err
	}
	_, err = s.q().ExecContext(ctx, `UPDATE triplet SET archived_at = ?, changed = 1 WHERE archived_at IS NULL AND anchor < ?`, t.Unix(), s.floorAnchor(t))
	if err != nil {
		return nil, fmt.Errorf("trimem: sweep: %w", err)
	}
	return ids, nil
}

func (s *Store) idsWhere(ctx context.Context, q querier, where string, args ...any) ([]int64, error) {
	rows, err := q.QueryContext(ctx, `SELECT id FROM triplet WHERE `+where, args...)
	if err != nil {
		return nil, fmt.Errorf("trimem: query: %w", err)
	}
	ids, err := sqlutil.Int64s(rows)
	slices.Sort(ids)
	return ids, err
}

// Consolidate turns repeated instances into rules (episodic → semantic
// consolidation, as in complementary-learning-systems accounts and the
// reflection step of Park et al. 2023, "Generative Agents"): among live,
// not superseded facts with the same subject, relation and condition (a
// slot), every set of ≥ min instances whose objects share content words
// (digits aside) yields a rule triplet (subject, relation, shared words) —
// "user dislikes spicy ramen / spicy curry / spicy wings" → rule "user
// dislikes spicy". The rule's object is the shared words in the order of
// its first instance; it is linked to each instance (rule_instance), its
// provenance is the union of theirs, and its strength is the larger of its
// own decayed strength and the noisy-OR 1 − Π(1 − s_i) of the instances'
// strengths at t. Re-consolidation adds new instances to an existing rule.
//
// Consolidation is incremental: a call examines only the slots in which a
// fact was asserted, reinforced, superseded, retracted or archived since
// the previous call (every slot on the first call, and whenever min differs
// from the previous call's), and a rule copies only the evidence its
// instances gained since it last copied. The rules of an unchanged slot are
// what a full pass would derive again; they keep their strength and decay
// like any triplet until their slot changes (a full pass would also raise
// them to the instances' noisy-OR at t). The work per call is thus bounded
// by what changed, not by the size of the memory. Returns the ids of the
// rules created or updated, ascending.
func (s *Store) Consolidate(ctx context.Context, t time.Time, min int) ([]int64, error) {
	if min < 2 {
		return nil, fmt.Errorf("trimem: consolidation needs at least 2 instances, got %d", min)
	}
	slotsQuery := `SELECT DISTINCT subject_id, relation, cond_key FROM triplet WHERE changed = 1 AND kind = 'fact'
		ORDER BY subject_id, relation, cond_key`
	if min != s.consolidatedMin {
		slotsQuery = `SELECT DISTINCT subject_id, relation, cond_key FROM triplet
			WHERE kind = 'fact' AND status != 'superseded' AND archived_at IS NULL ORDER BY subject_id, relation, cond_key`
	}
	var ruleIDs []int64
	err := s.inTx(ctx, func(tx querier) error {
		rows, err := tx.QueryContext(ctx, slotsQuery)
		if err != nil {
			return fmt.Errorf("trimem: consolidate: %w", err)
		}
		type slot struct {
			subj      int64
			rel, cond string
		}
		var slots []slot
		for rows.Next() {
			var sl slot
			if err := rows.Scan(&sl.subj, &sl.rel, &sl.cond); err != nil {
				rows.Close()
				return err
			}
			slots = append(slots, sl)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		for _, sl := range slots {
			ids, err := s.consolidateSlot(ctx, tx, sl.subj, sl.rel, sl.cond, t, min)
			if err != nil {
				return err
			}
			ruleIDs = append(ruleIDs, ids...)
		}
		if _, err := tx.ExecContext(ctx, `UPDATE triplet SET changed = 0 WHERE changed = 1 AND kind = 'fact'`); err != nil {
			return fmt.Errorf("trimem: consolidate: %w", err)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	s.consolidatedMin = min
	sort.Slice(ruleIDs, func(i, j int) bool { return ruleIDs[i] < ruleIDs[j] })
	return ruleIDs, nil
}

// consolidateSlot derives the rules of one slot (see Consolidate) and
// returns their ids in the order derived.
func (s *Store) consolidateSlot(ctx context.Context, tx querier, subjID int64, rel, condKey string, t time.Time, min int) ([]int64, error) {
	type inst struct {
		id           int64
		cond         string
		subject, obj string
		s0           float64
		at, last     int64
	}
	rows, err := tx.QueryContext(ctx, `SELECT id, condition, subject, object, strength, strength_at, last_seen FROM triplet
		WHERE subject_id = ? AND relation = ? AND cond_key = ? AND kind = 'fact' AND status != 'superseded' AND archived_at IS NULL`, subjID, rel, condKey)
	if err != nil {
		return nil, fmt.Errorf("trimem: consolidate: %w", err)
	}
	var group []inst
	for rows.Next() {
		var x inst
		if err := rows.Scan(&x.id, &x.cond, &x.subject, &x.obj, &x.s0, &x.at, &x.last); err != nil {
			rows.Close()
			return nil, err
		}
		group = append(group, x)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if len(group) < min {
		return nil, nil
	}
	slices.SortFunc(group, func(a, b inst) int { return cmp.Compare(a.id, b.id) })
	// stem → instance indexes (ascending) holding it.
	byStem := map[string][]int{}
	var stemOrder []string
	for gi, x := range group {
		for _, st := range terms(x.obj) {
			if strings.ContainsAny(st, "0123456789") {
				continue
			}
			if byStem[st] == nil {
				stemOrder = append(stemOrder, st)
			}
			byStem[st] = append(byStem[st], gi)
		}
	}
	// Patterns: instance sets shared by ≥ min instances; stems with the same
	// set form one pattern.
	patterns := map[string][]string{} // set signature → stems
	var sigs []string
	for _, st := range stemOrder {
		set := byStem[st]
		if len(set) < min {
			continue
		}
		sig := fmt.Sprint(set)
		if patterns[sig] == nil {
			sigs = append(sigs, sig)
		}
		patterns[sig] = append(patterns[sig], st)
	}
	sort.Strings(sigs)
	var ruleIDs []int64
	for _, sig := range sigs {
		pat := textutil.TokenSet(patterns[sig])
		members := byStem[patterns[sig][0]]
		first := group[members[0]]
		var words []string
		for _, w := range strings.Fields(first.obj) {
			ws := textutil.ContentTokens(w)
			if len(ws) == 1 && pat[ws[0]] {
				words = append(words, w)
			}
		}
		if len(words) == 0 {
			continue
		}
		ruleObj := strings.Join(words, " ")
		var ids []int64
		prod := 1.0
		var last int64
		for _, m := range members {
			x := group[m]
			ids = append(ids, x.id)
			prod *= 1 - s.Effective(x.s0, time.Unix(x.at, 0), t)
			if x.last > last {
				last = x.last
			}
		}
		id, err := s.upsertRule(ctx, tx, first.subject, rel, ruleObj, first.cond, condKey, ids, 1-prod, last, t)
		if err != nil {
			return nil, err
		}
		ruleIDs = append(ruleIDs, id)
	}
	return ruleIDs, nil
}

// upsertRule creates or refreshes the rule (subject, rel, object, cond),
// links it to instances and copies into its provenance the evidence rows
// each instance gained since the rule last copied from it. A rule whose
// subject or generalized object names no entity (it normalizes to nothing,
// e.g. only stopwords), or whose subject and object are one entity, is not
// stored: it returns id 0 and no error, and consolidation goes on.
func (s *Store) upsertRule(ctx context.Context, tx querier, subject, rel, object, cond, condKey string, instances []int64, noisyOR float64, last int64, t time.Time) (int64, error) {
	subj, err := s.resolve(ctx, tx, subject)
	if errors.Is(err, ErrNoEntity) {
		return 0, nil
	}
	if err != nil {
		return 0, err
	}
	obj, err := s.resolve(ctx, tx, object)
	if errors.Is(err, ErrNoEntity) {
		return 0, nil
	}
	if err != nil {
		return 0, err
	}
	if subj.ID == obj.ID {
		return 0, nil
	}
	status := dbCurrent
	if condKey != "" {
		status = dbConditional
	}
	at := t.Unix()
	var id int64
	var s0 float64
	var s0At int64
	err = tx.QueryRowContext(ctx, `SELECT id, strength, strength_at FROM triplet WHERE subject_id = ? AND relation = ? AND object_id = ? AND cond_key = ? AND kind = ?`,
		subj.ID, rel, obj.ID, condKey, KindRule).Scan(&id, &s0, &s0At)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		r, err := tx.ExecContext(ctx, `INSERT INTO triplet(kind, subject_id, relation, object_id, subject, object, condition, cond_key, words,
			status, strength, strength_at, anchor, first_seen, last_seen) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)`,
			KindRule, subj.ID, rel, obj.ID, subject, object, cond, condKey, rankWords(subject, rel, object, cond),
			status, noisyOR, at, s.anchor(noisyOR, at), at, last)
		if err != nil {
			return 0, fmt.Errorf("trimem: insert rule: %w", err)
		}
		id, _ = r.LastInsertId()
	case err != nil:
		return 0, fmt.Errorf("trimem: find rule: %w", err)
	default:
		st := math.Max(s.Effective(s0, time.Unix(s0At, 0), t), noisyOR)
		if _, err := tx.ExecContext(ctx, `UPDATE triplet SET strength = ?, strength_at = ?, anchor = ?, last_seen = MAX(last_seen, ?), archived_at = NULL WHERE id = ?`,
			st, at, s.anchor(st, at), last, id); err != nil {
			return 0, fmt.Errorf("trimem: update rule: %w", err)
		}
	}
	for _, in := range instances {
		var copied, top int64
		if s.provAll {
			var ok bool
			if copied, ok = s.copied[[2]int64{id, in}]; !ok {
				copied = -1
			}
			top = s.evTop[in]
		} else {
			switch err := tx.QueryRowContext(ctx, `SELECT copied FROM rule_instance WHERE rule_id = ? AND instance_id = ?`, id, in).Scan(&copied); {
			case errors.Is(err, sql.ErrNoRows):
				copied = -1
			case err != nil:
				return 0, fmt.Errorf("trimem: link rule: %w", err)
			}
			if err := tx.QueryRowContext(ctx, `SELECT COALESCE(MAX(rowid), 0) FROM evidence WHERE triplet_id = ?`, in).Scan(&top); err != nil {
				return 0, fmt.Errorf("trimem: rule evidence: %w", err)
			}
		}
		if top <= copied {
			continue
		}
		ev, err := tx.ExecContext(ctx, `INSERT OR IGNORE INTO evidence(triplet_id, turn_id, seq, at, sentence)
			SELECT ?, turn_id, seq, at, sentence FROM evidence WHERE triplet_id = ? AND rowid > ? AND rowid <= ?`, id, in, max(copied, 0), top)
		if err != nil {
			return 0, fmt.Errorf("trimem: rule evidence: %w", err)
		}
		s.noteEvidence(id, ev)
		if _, err := tx.ExecContext(ctx, `INSERT INTO rule_instance(rule_id, instance_id, copied) VALUES (?, ?, ?)
			ON CONFLICT (rule_id, instance_id) DO UPDATE SET copied = excluded.copied`, id, in, top); err != nil {
			return 0, fmt.Errorf("trimem: link rule: %w", err)
		}
		s.copied[[2]int64{id, in}] = top
	}
	return id, nil
}

// noteEvidence records in evTop the evidence rows an insert into
// evidence for triplet id wrote: rowids grow, so the last one inserted is
// the largest.
func (s *Store) noteEvidence(id int64, r sql.Result) {
	if n, _ := r.RowsAffected(); n > 0 {
		if top, err := r.LastInsertId(); err == nil && top > s.evTop[id] {
			s.evTop[id] = top
		}
	}
}

// Triplets returns every stored triplet — live, superseded and archived —
// with provenance and rule links, ordered by id: the audit view.
func (s *Store) Triplets(ctx context.Context) ([]Record, error) {
	rows, err := s.q().QueryContext(ctx, `SELECT `+tripletCols+tripletFrom+` ORDER BY t.id`)
	if err != nil {
		return nil, fmt.Errorf("trimem: audit: %w", err)
	}
	var out []Record
	for rows.Next() {
		r, err := scanRecord(rows)
		if err != nil {
			rows.Close()
			return nil, err
		}
		out = append(out, r)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	for i := range out {
		if err := s.fill(ctx, &out[i]); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// Triplet returns one stored triplet by id.
func (s *Store) Triplet(ctx context.Context, id int64) (Record, error) {
	r, err := scanRecord(s.q().QueryRowContext(ctx, `SELECT `+tripletCols+tripletFrom+` WHERE t.id = ?`, id))
	if err != nil {
		return Record{}, fmt.Errorf("trimem: triplet %d: %w", id, err)
	}
	return r, s.fill(ctx, &r)
}

// fill loads provenance and rule links.
func (s *Store) fill(ctx context.Context, r *Record) error {
	rows, err := s.q().QueryContext(ctx, `SELECT turn_id, sentence FROM evidence WHERE triplet_id = ? ORDER BY seq, turn_id`, r.ID)
	if err != nil {
		return fmt.Errorf("trimem: evidence: %w", err)
	}
	r.TurnIDs, r.Sentences = nil, nil
	for rows.Next() {
		var tid, sent string
		if err := rows.Scan(&tid, &sent); err != nil {
			rows.Close()
			return err
		}
		r.TurnIDs = append(r.TurnIDs, tid)
		r.Sentences = append(r.Sentences, sent)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	if r.Kind != KindRule {
		return nil
	}
	rows, err = s.q().QueryContext(ctx, `SELECT instance_id FROM rule_instance WHERE rule_id = ? ORDER BY instance_id`, r.ID)
	if err != nil {
		return fmt.Errorf("trimem: rule links: %w", err)
	}
	r.Instances, err = sqlutil.Int64s(rows)
	return err
}

// Counts are the store's sizes for Footprint.
type Counts struct {
	Entities, Triplets, Live, Archived, Superseded, Rules, RuleLinks, Supersessions, Evidence, Sentences int
	// Bytes is the database size (page_count × page_size).
	Bytes int64
}

// Counts measures the store.
func (s *Store) Counts(ctx context.Context) (Counts, error) {
	var c Counts
	err := s.q().QueryRowContext(ctx, `SELECT
		(SELECT COUNT(*) FROM entity),
		(SELECT COUNT(*) FROM triplet),
		(SELECT COUNT(*) FROM triplet WHERE archived_at IS NULL),
		(SELECT COUNT(*) FROM triplet WHERE archived_at IS NOT NULL),
		(SELECT COUNT(*) FROM triplet WHERE status = 'superseded'),
		(SELECT COUNT(*) FROM triplet WHERE kind = 'rule'),
		(SELECT COUNT(*) FROM rule_instance),
		(SELECT COUNT(*) FROM triplet WHERE superseded_by IS NOT NULL),
		(SELECT COUNT(*) FROM evidence),
		(SELECT COUNT(*) FROM sentence)`).Scan(&c.Entities, &c.Triplets, &c.Live, &c.Archived, &c.Superseded, &c.Rules,
		&c.RuleLinks, &c.Supersessions, &c.Evidence, &c.Sentences)
	if err != nil {
		return Counts{}, fmt.Errorf("trimem: counts: %w", err)
	}
	var pages, size int64
	if err := s.db.QueryRowContext(ctx, `PRAGMA page_count`).Scan(&pages); err != nil {
		return Counts{}, err
	}
	if err := s.db.QueryRowContext(ctx, `PRAGMA page_size`).Scan(&size); err != nil {
		return Counts{}, err
	}
	c.Bytes = pages * size
	return c, nil
}

// SupersededObjects returns the objects of the superseded fact triplets of a
// subject and relation (any condition), in id order: the stale values a
// current triplet's quote must not repeat.
func (s *Store) SupersededObjects(ctx context.Context, subjectID int64, relation string) ([]string, error) {
	rows, err := s.q().QueryContext(ctx, `SELECT object FROM triplet WHERE subject_id = ? AND relation = ? AND status = 'superseded' AND kind = 'fact' ORDER BY id`, subjectID, relation)
	if err != nil {
		return nil, fmt.Errorf("trimem: stale values: %w", err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var o string
		if err := rows.Scan(&o); err != nil {
			return nil, err
		}
		out = append(out, o)
	}
	return out, rows.Err()
}

// StaleValues returns the objects of the superseded facts a source sentence
// asserted (by turn and verbatim text), in id order: the values the
// sentence states that are no longer current.
func (s *Store) StaleValues(ctx context.Context, turnID, sentence string) ([]string, error) {
	rows, err := s.q().QueryContext(ctx, `SELECT t.object FROM evidence e JOIN triplet t ON t.id = e.triplet_id
		WHERE e.turn_id = ? AND e.sentence = ? AND t.status = 'superseded' AND t.kind = 'fact' ORDER BY t.id`, turnID, sentence)
	if err != nil {
		return nil, fmt.Errorf("trimem: stale values: %w", err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var o string
		if err := rows.Scan(&o); err != nil {
			return nil, err
		}
		out = append(out, o)
	}
	return out, rows.Err()
}
