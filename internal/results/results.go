// Package results is the SQLite results store of a run: run metadata, one
// row per finished cell (strategy × scenario × seed) and one row per probe
// result. A cell is written in one transaction when it finishes, so an
// interrupted run keeps every finished cell and can be resumed; reports are
// rendered from the store alone (`memarena report out/<run>/results.db`).
package results

import (
	"database/sql"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"strings"
	"sync"

	_ "github.com/mattn/go-sqlite3" // SQLite driver

	"github.com/memarena/memarena/metrics"
)

// SchemaVersion is bumped on schema changes. Open migrates a version 4
// database (before read_failures) in place; OpenReadOnly reads it as is.
const SchemaVersion = 5

// Cell is one finished cell.
type Cell struct {
	// Key identifies the cell in the run: "<label>|<scenario>|<seed>".
	Key string
	// Label is the strategy's display name in the run (defaults to Strategy).
	Label string
	// Strategy is the registry name.
	Strategy string
	// Params are the resolved parameters, as JSON.
	Params string
	// Extraction is "model" or "oracle".
	Extraction string
	Scenario   string
	Seed       int64
	// Turns ingested; Sessions ended.
	Turns, Sessions int
	// Write-side model usage (ingest + end of session).
	WritePromptTokens, WriteCompletionTokens, WriteRequests, WriteCacheHits int
	// ExtractionFailures counts write-side model calls (ingest, end of
	// session) that failed for good.
	ExtractionFailures int
	// ReadModelFailures counts model calls inside Retrieve (e.g. a query
	// parse) that failed for good, so the strategy went on without them;
	// -1 when unknown (a run stored before memarena counted them).
	ReadModelFailures int
	// Footprint at the end of the cell.
	FootprintItems, FootprintEdges int
	FootprintBytes                 int64
	// Timing (wall clock, not deterministic): per-call latency quantiles in ms.
	IngestP50, IngestP95, IngestP99       float64
	RetrieveP50, RetrieveP95, RetrieveP99 float64
	// WallMS is the cell's total wall time.
	WallMS float64
	// Gold says which gold annotations the strategy received in extraction:
	// oracle mode ("facts 120, triplets 4", or "none"); "" in model mode.
	// Kept in run metadata under "gold:<Key>", not in the cells table.
	Gold string
	// UsageNotReported marks a cell whose memory runs outside memarena
	// (the external strategy) and does not report its own model usage:
	// its write and read-model tokens are unknown — "not reported" in
	// reports, never 0.
	UsageNotReported bool
	// ProvenanceErrors counts turn ids named in returned provenance that
	// had not been ingested in the cell before the query; they are dropped
	// from the provenance the metrics see.
	ProvenanceErrors int
}

// Row is one probe (or task-check) result.
type Row struct {
	CellKey string
	// Seq orders rows within a cell (probe order in the scenario run).
	Seq      int
	ProbeID  string
	Kind     string
	Category string
	Question string
	Answer   string
	// Gold answers as given in the scenario.
	GoldAnswers []string
	// IsTask marks a session task check (Kind "task").
	IsTask bool
	// EvidenceAge is the number of sessions between the earliest gold
	// evidence turn and the session after which the probe is asked
	// (0 = same session); -1 when the probe has no evidence.
	EvidenceAge int
	Scores      metrics.Scores
	// TaskSuccess is set for task rows.
	TaskSuccess metrics.Value
	// Items returned and their provenance (best first).
	Items      int
	Provenance [][]string
	// Token accounting for this probe.
	ContextTokens, OverrunTokens int
	// ReadModelTokens are tokens of model calls a strategy made inside
	// Retrieve (read-side model cost, e.g. query parsing).
	ReadModelTokens                      int
	AnswerPromptTokens, AnswerCompletion int
	// Reader support of the chosen sentence (offline reader), or NaN.
	Support float64
	// Judge verdict fields, empty when no judge ran. Judge is the verdict
	// of the LLM judge: "correct", "incorrect" or "judge_failed" (package
	// judge); JudgeCorrect is 1 or 0, unavailable when the judgment failed.
	Judge        string
	JudgeCorrect metrics.Value
	// RetrieveMS is timing.
	RetrieveMS float64
	// JudgeBy identifies the judge of this row (judge model, judge prompt
	// version and variant, see judge.Config.ID); "" when no judge ran.
	JudgeBy string
	// JudgePromptTokens and JudgeCompletion are the judge's usage for this
	// probe — harness overhead, never part of the strategy's cost.
	JudgePromptTokens, JudgeCompletion int
	// ReadModelCompletion is the completion part of ReadModelTokens, so
	// read-side model calls can be priced.
	ReadModelCompletion int
	// Trace is the context and items the reader saw; stored compressed
	// beside the row (see trace.go). Rows returns it nil: read traces
	// with Store.Traces.
	Trace *Trace
}

// Store is an open results database.
type Store struct {
	db   *sql.DB
	path string
	// readFailures is the SQL expression for cells.read_failures: the
	// column, or NULL in a version 4 database opened read-only.
	readFailures string
	// strs interns the strings Rows returns: questions, gold answers,
	// turn ids and keys repeat across the cells of a run, so a report
	// holding every row keeps one copy of each.
	strsMu sync.Mutex
	strs   map[string]string
}

// intern returns the Store's copy of x.
func (s *Store) intern(x string) string {
	if y, ok := s.strs[x]; ok {
		return y
	}
	if s.strs == nil {
		s.strs = map[string]string{}
	}
	s.strs[x] = x
	return x
}

// provenance decodes a row's provenance JSON into lists that share one
// backing array (capacity-capped, so appending to one never touches the
// next), with interned turn ids.
func (s *Store) provenance(js string) [][]string {
	var raw [][]string
	if json.Unmarshal([]byte(js), &raw) != nil || raw == nil {
		return nil
	}
	n := 0
	for _, p := range raw {
		n += len(p)
	}
	flat := make([]string, 0, n)
	out := make([][]string, len(raw))
	for i, p := range raw {
		start := len(flat)
		for _, id := range p {
			flat = append(flat, s.intern(id))
		}
		out[i] = flat[start:len(flat):len(flat)]
	}
	return out
}

const schema = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS cells (
  key TEXT PRIMARY KEY, label TEXT, strategy TEXT, params TEXT, extraction TEXT, scenario TEXT, seed INTEGER,
  turns INTEGER, sessions INTEGER,
  write_prompt INTEGER, write_completion INTEGER, write_requests INTEGER, write_cache_hits INTEGER, extraction_failures INTEGER,
  fp_items INTEGER, fp_edges INTEGER, fp_bytes INTEGER,
  ingest_p50 REAL, ingest_p95 REAL, ingest_p99 REAL, retrieve_p50 REAL, retrieve_p95 REAL, retrieve_p99 REAL, wall_ms REAL,
  read_failures INTEGER
);
CREATE TABLE IF NOT EXISTS rows (
  cell TEXT NOT NULL REFERENCES cells(key), seq INTEGER NOT NULL, probe TEXT NOT NULL, kind TEXT, category TEXT,
  question TEXT, answer TEXT, gold TEXT, is_task INTEGER, evidence_age INTEGER,
  answer_f1 REAL, exact_match REAL, fact_accuracy REAL, recall_at_k REAL, context_recall REAL, ndcg_at_k REAL, mrr REAL, answer_in_context REAL,
  path_reuse REAL, full_path_reuse REAL, stale_fact_rate REAL, stale_in_context REAL, abstention_accuracy REAL, task_success REAL,
  items INTEGER, provenance TEXT, context_tokens INTEGER, overrun_tokens INTEGER, read_model_tokens INTEGER, answer_prompt INTEGER, answer_completion INTEGER,
  support REAL, judge TEXT, judge_correct REAL, retrieve_ms REAL,
  judge_by TEXT, judge_prompt INTEGER, judge_completion INTEGER, read_model_completion INTEGER,
  PRIMARY KEY (cell, seq)
);
CREATE TABLE IF NOT EXISTS cell_contract (
  key TEXT PRIMARY KEY, usage_not_reported INTEGER NOT NULL, provenance_errors INTEGER NOT NULL
);`

// Open opens (creating if needed) the store at path.
func Open(path string) (*Store, error) {
	// WAL with synchronous=NORMAL: a commit is durable across a crash of
	// the process (Ctrl-C, kill) and the database stays consistent across
	// a power loss, without one fsync per saved cell.
	db, err := sql.Open("sqlite3", "file:"+path+"?_journal_mode=WAL&_synchronous=NORMAL&_busy_timeout=10000&_foreign_keys=on")
	if err != nil {
		return nil, fmt.Errorf("results %s: %w", path, err)
	}
	db.SetMaxOpenConns(1)
	if _, err := db.Exec(schema + traceSchema); err != nil {
		db.Close()
		return nil, fmt.Errorf("results %s: not a memarena results database or not writable: %w", path, err)
	}
	s := &Store{db: db, path: path, readFailures: "read_failures"}
	v, err := s.Meta("schema_version")
	if err != nil {
		db.Close()
		return nil, err
	}
	if v == "4" {
		// Version 4 lacks cells.read_failures: add it, NULL (unknown) for
		// the cells already stored.
		if _, err := db.Exec(`ALTER TABLE cells ADD COLUMN read_failures INTEGER`); err != nil {
			db.Close()
			return nil, fmt.Errorf("results %s: migrating schema version 4 to %d: %w", path, SchemaVersion, err)
		}
		v = ""
	}
	if v == "" {
		if err := s.SetMeta("schema_version", fmt.Sprint(SchemaVersion)); err != nil {
			db.Close()
			return nil, err
		}
	} else if v != fmt.Sprint(SchemaVersion) {
		db.Close()
		return nil, fmt.Errorf("results %s: schema version %s, this memarena reads version %d", path, v, SchemaVersion)
	}
	return s, nil
}

// OpenReadOnly opens an existing store for reading only (e.g. on a
// read-only file system); writes fail.
func OpenReadOnly(path string) (*Store, error) {
	if _, err := os.Stat(path); err != nil {
		return nil, fmt.Errorf("results %s: %w", path, err)
	}
	db, err := sql.Open("sqlite3", "file:"+path+"?mode=ro&_busy_timeout=10000")
	if err != nil {
		return nil, fmt.Errorf("results %s: %w", path, err)
	}
	db.SetMaxOpenConns(1)
	s := &Store{db: db, path: path, readFailures: "read_failures"}
	v, err := s.Meta("schema_version")
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("results %s: not a memarena results database: %w", path, err)
	}
	if v == "4" {
		s.readFailures = "NULL"
		v = fmt.Sprint(SchemaVersion)
	}
	if v != fmt.Sprint(SchemaVersion) {
		db.Close()
		return nil, fmt.Errorf("results %s: schema version %q, this memarena reads version %d", path, v, SchemaVersion)
	}
	return s, nil
}

// Path is the database file.
func (s *Store) Path() string { return s.path }

// Close closes the database.
func (s *Store) Close() error { return s.db.Close() }

// SetMeta stores a run metadata value.
func (s *Store) SetMeta(key, value string) error {
	_, err := s.db.Exec(`INSERT INTO meta(key, value) VALUES(?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value`, key, value)
	return err
}

// Meta returns a metadata value, "" when absent.
func (s *Store) Meta(key string) (string, error) {
	var v string
	err := s.db.QueryRow(`SELECT value FROM meta WHERE key = ?`, key).Scan(&v)
	if err == sql.ErrNoRows {
		return "", nil
	}
	return v, err
}

// Done returns the keys of finished cells.
func (s *Store) Done() (map[string]bool, error) {
	rows, err := s.db.Query(`SELECT key FROM cells`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string]bool{}
	for rows.Next() {
		var k string
		if err := rows.Scan(&k); err != nil {
			return nil, err
		}
		out[k] = true
	}
	return out, rows.Err()
}

func nullable(v metrics.Value) any {
	if !v.OK {
		return nil
	}
	return v.V
}

func nanNull(f float64) any {
	if math.IsNaN(f) {
		return nil
	}
	return f
}

// SaveCell writes a cell and its rows in one transaction; a cell already
// present is replaced.
func (s *Store) SaveCell(c Cell, rs []Row) error {
	tx, err := s.db.Begin()
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.Exec(`DELETE FROM traces WHERE cell = ?`, c.Key); err != nil {
		return err
	}
	if _, err := tx.Exec(`DELETE FROM rows WHERE cell = ?`, c.Key); err != nil {
		return err
	}
	if _, err := tx.Exec(`DELETE FROM cells WHERE key = ?`, c.Key); err != nil {
		return err
	}
	if _, err := tx.Exec(`INSERT INTO cell_contract VALUES (?,?,?) ON CONFLICT(key) DO UPDATE SET usage_not_reported = excluded.usage_not_reported, provenance_errors = excluded.provenance_errors`,
		c.Key, c.UsageNotReported, c.ProvenanceErrors); err != nil {
		return fmt.Errorf("saving cell %s: %w", c.Key, err)
	}
	var readFailures any
	if c.ReadModelFailures >= 0 {
		readFailures = c.ReadModelFailures
	}
	_, err = tx.Exec(`INSERT INTO cells VALUES (?,?,?,?,?,?,?, ?,?, ?,?,?,?,?, ?,?,?, ?,?,?,?,?,?,?, ?)`,
		c.Key, c.Label, c.Strategy, c.Params, c.Extraction, c.Scenario, c.Seed, c.Turns, c.Sessions,
		c.WritePromptTokens, c.WriteCompletionTokens, c.WriteRequests, c.WriteCacheHits, c.ExtractionFailures,
		c.FootprintItems, c.FootprintEdges, c.FootprintBytes,
		nanNull(c.IngestP50), nanNull(c.IngestP95), nanNull(c.IngestP99), nanNull(c.RetrieveP50), nanNull(c.RetrieveP95), nanNull(c.RetrieveP99), c.WallMS,
		readFailures)
	if err != nil {
		return fmt.Errorf("saving cell %s: %w", c.Key, err)
	}
	st, err := tx.Prepare(`INSERT INTO rows VALUES (?,?,?,?,?,?,?,?,?,?, ?,?,?,?,?,?,?,?, ?,?,?,?,?,?, ?,?,?,?,?,?,?, ?,?,?,?, ?,?,?,?)`)
	if err != nil {
		return err
	}
	defer st.Close()
	for _, r := range rs {
		gold, _ := json.Marshal(r.GoldAnswers)
		prov, _ := json.Marshal(r.Provenance)
		sc := r.Scores
		_, err := st.Exec(r.CellKey, r.Seq, r.ProbeID, r.Kind, r.Category, r.Question, r.Answer, string(gold), r.IsTask, r.EvidenceAge,
			nullable(sc.AnswerF1), nullable(sc.ExactMatch), nullable(sc.FactAccuracy), nullable(sc.RecallAtK), nullable(sc.ContextRecall), nullable(sc.NDCGAtK), nullable(sc.MRR), nullable(sc.AnswerInContext),
			nullable(sc.PathReuse), nullable(sc.FullPathReuse), nullable(sc.StaleFactRate), nullable(sc.StaleInContext), nullable(sc.AbstentionAcc), nullable(r.TaskSuccess),
			r.Items, string(prov), r.ContextTokens, r.OverrunTokens, r.ReadModelTokens, r.AnswerPromptTokens, r.AnswerCompletion,
			nanNull(r.Support), r.Judge, nullable(r.JudgeCorrect), r.RetrieveMS,
			r.JudgeBy, r.JudgePromptTokens, r.JudgeCompletion, r.ReadModelCompletion)
		if err != nil {
			return fmt.Errorf("saving %s/%s: %w", c.Key, r.ProbeID, err)
		}
	}
	if err := saveTraces(tx, c.Key, rs); err != nil {
		return fmt.Errorf("saving traces of cell %s: %w", c.Key, err)
	}
	return tx.Commit()
}

func val(n sql.NullFloat64) metrics.Value {
	if !n.Valid {
		return metrics.NA
	}
	return metrics.Of(n.Float64)
}

func nf(n sql.NullFloat64) float64 {
	if !n.Valid {
		return math.NaN()
	}
	return n.Float64
}

// Cells returns every finished cell ordered by label, scenario, seed.
func (s *Store) Cells() ([]Cell, error) {
	rows, err := s.db.Query(`SELECT key, label, strategy, params, extraction, scenario, seed, turns, sessions,
  write_prompt, write_completion, write_requests, write_cache_hits, extraction_failures, fp_items, fp_edges, fp_bytes,
  ingest_p50, ingest_p95, ingest_p99, retrieve_p50, retrieve_p95, retrieve_p99, wall_ms, ` + s.readFailures + `
FROM cells ORDER BY label, scenario, seed`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Cell
	for rows.Next() {
		var c Cell
		var i50, i95, i99, r50, r95, r99 sql.NullFloat64
		var readFailures sql.NullInt64
		if err := rows.Scan(&c.Key, &c.Label, &c.Strategy, &c.Params, &c.Extraction, &c.Scenario, &c.Seed, &c.Turns, &c.Sessions,
			&c.WritePromptTokens, &c.WriteCompletionTokens, &c.WriteRequests, &c.WriteCacheHits, &c.ExtractionFailures,
			&c.FootprintItems, &c.FootprintEdges, &c.FootprintBytes, &i50, &i95, &i99, &r50, &r95, &r99, &c.WallMS, &readFailures); err != nil {
			return nil, err
		}
		c.ReadModelFailures = -1
		if readFailures.Valid {
			c.ReadModelFailures = int(readFailures.Int64)
		}
		c.IngestP50, c.IngestP95, c.IngestP99 = nf(i50), nf(i95), nf(i99)
		c.RetrieveP50, c.RetrieveP95, c.RetrieveP99 = nf(r50), nf(r95), nf(r99)
		out = append(out, c)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	return out, s.fillContract(out)
}

// fillContract reads the contract columns of cells (stores written before
// the table existed have none: usage reported, no provenance errors).
func (s *Store) fillContract(cells []Cell) error {
	rows, err := s.db.Query(`SELECT key, usage_not_reported, provenance_errors FROM cell_contract`)
	if err != nil {
		if strings.Contains(err.Error(), "no such table") {
			return nil // a read-only store from before the table
		}
		return err
	}
	defer rows.Close()
	type contract struct {
		unreported bool
		prov       int
	}
	byKey := map[string]contract{}
	for rows.Next() {
		var k string
		var c contract
		if err := rows.Scan(&k, &c.unreported, &c.prov); err != nil {
			return err
		}
		byKey[k] = c
	}
	for i := range cells {
		c := byKey[cells[i].Key]
		cells[i].UsageNotReported, cells[i].ProvenanceErrors = c.unreported, c.prov
	}
	return rows.Err()
}

// Rows returns every row of a cell in order.
func (s *Store) Rows(cellKey string) ([]Row, error) {
	var n int
	if err := s.db.QueryRow(`SELECT COUNT(*) FROM rows WHERE cell = ?`, cellKey).Scan(&n); err != nil {
		return nil, err
	}
	rows, err := s.db.Query(`SELECT * FROM rows WHERE cell = ? ORDER BY seq`, cellKey)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := make([]Row, 0, n) // exact: a report holds every row of a run
	for rows.Next() {
		var r Row
		var gold, prov string
		var f1, em, fa, rk, cr, nd, mrr, aic, pr, fpr, st, sic, ab, ts, sup, jc sql.NullFloat64
		if err := rows.Scan(&r.CellKey, &r.Seq, &r.ProbeID, &r.Kind, &r.Category, &r.Question, &r.Answer, &gold, &r.IsTask, &r.EvidenceAge,
			&f1, &em, &fa, &rk, &cr, &nd, &mrr, &aic, &pr, &fpr, &st, &sic, &ab, &ts,
			&r.Items, &prov, &r.ContextTokens, &r.OverrunTokens, &r.ReadModelTokens, &r.AnswerPromptTokens, &r.AnswerCompletion,
			&sup, &r.Judge, &jc, &r.RetrieveMS,
			&r.JudgeBy, &r.JudgePromptTokens, &r.JudgeCompletion, &r.ReadModelCompletion); err != nil {
			return nil, err
		}
		s.strsMu.Lock()
		_ = json.Unmarshal([]byte(gold), &r.GoldAnswers)
		for i, g := range r.GoldAnswers {
			r.GoldAnswers[i] = s.intern(g)
		}
		r.Provenance = s.provenance(prov)
		for _, f := range []*string{&r.CellKey, &r.ProbeID, &r.Kind, &r.Category, &r.Question, &r.Answer, &r.Judge, &r.JudgeBy} {
			*f = s.intern(*f)
		}
		s.strsMu.Unlock()
		r.Scores = metrics.Scores{AnswerF1: val(f1), ExactMatch: val(em), FactAccuracy: val(fa), RecallAtK: val(rk), ContextRecall: val(cr), NDCGAtK: val(nd), MRR: val(mrr),
			AnswerInContext: val(aic), PathReuse: val(pr), FullPathReuse: val(fpr), StaleFactRate: val(st), StaleInContext: val(sic), AbstentionAcc: val(ab)}
		r.TaskSuccess = val(ts)
		r.Support = nf(sup)
		r.JudgeCorrect = val(jc)
		out = append(out, r)
	}
	return out, rows.Err()
}

// Judgment is an LLM judge's verdict on one stored row.
type Judgment struct {
	// CellKey and Seq identify the row.
	CellKey string
	Seq     int
	// Verdict is "correct", "incorrect" or "judge_failed".
	Verdict string
	// Correct is 1 or 0; unavailable for judge_failed.
	Correct metrics.Value
	// By identifies the judge (see Row.JudgeBy).
	By string
	// PromptTokens and CompletionTokens are the judge's usage.
	PromptTokens, CompletionTokens int
}

// SetJudgments replaces the judge fields of the given rows in one
// transaction (used by `memarena rejudge`). A judgment naming a row that
// does not exist is an error and nothing is written.
func (s *Store) SetJudgments(js []Judgment) error {
	tx, err := s.db.Begin()
	if err != nil {
		return err
	}
	defer tx.Rollback()
	st, err := tx.Prepare(`UPDATE rows SET judge = ?, judge_correct = ?, judge_by = ?, judge_prompt = ?, judge_completion = ? WHERE cell = ? AND seq = ?`)
	if err != nil {
		return err
	}
	defer st.Close()
	for _, j := range js {
		res, err := st.Exec(j.Verdict, nullable(j.Correct), j.By, j.PromptTokens, j.CompletionTokens, j.CellKey, j.Seq)
		if err != nil {
			return fmt.Errorf("results %s: judging %s #%d: %w", s.path, j.CellKey, j.Seq, err)
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return fmt.Errorf("results %s: no row %s #%d", s.path, j.CellKey, j.Seq)
		}
	}
	return tx.Commit()
}
