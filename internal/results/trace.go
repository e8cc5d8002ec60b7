package results

import (
	"database/sql"
	"encoding/json"
	"fmt"
	"runtime"
	"sort"
	"strings"
	"sync"

	"github.com/klauspost/compress/zstd"

	"github.com/memarena/memarena/internal/par"
)

// Trace is what the reader saw for one probe result: the rendered context
// handed to it (after the runner's cut to the budget) and the retrieved
// items that made it into that context, best first.
type Trace struct {
	// Context is the rendered context, exactly as given to the reader.
	Context string `json:"context"`
	// Items are the delivered items, best first.
	Items []TraceItem `json:"items,omitempty"`
}

// TraceItem is one retrieved memory item as the strategy returned it.
type TraceItem struct {
	// ID is the strategy's own item id.
	ID string `json:"id,omitempty"`
	// Text is what the item says, as placed in the context.
	Text string `json:"text"`
	// Score is the strategy's ranking score (its own scale).
	Score float64 `json:"score"`
	// Kind is the item kind ("turn", "chunk", "fact" …).
	Kind string `json:"kind,omitempty"`
	// TurnIDs is the provenance: the scenario turns the item came from.
	TurnIDs []string `json:"turns,omitempty"`
	// Status is "" (current), "superseded" or "conditional".
	Status string `json:"status,omitempty"`
}

// ScenarioDoc is the part of a scenario the run explorer shows: every
// session with its turns, and per probe the gold evidence turn ids and
// stale facts. It is stored once per scenario, so reports can show a turn
// in its session from the results store alone.
type ScenarioDoc struct {
	ID       string       `json:"id"`
	Title    string       `json:"title,omitempty"`
	Sessions []SessionDoc `json:"sessions"`
	Probes   []ProbeDoc   `json:"probes,omitempty"`
}

// SessionDoc is one session of a ScenarioDoc.
type SessionDoc struct {
	ID string `json:"id"`
	// Start is the session start (RFC 3339, scenario time), or "".
	Start string    `json:"start,omitempty"`
	Turns []TurnDoc `json:"turns"`
}

// TurnDoc is one turn of a SessionDoc.
type TurnDoc struct {
	ID      string `json:"id"`
	Role    string `json:"role,omitempty"`
	Speaker string `json:"speaker,omitempty"`
	// Time is when the turn was said (RFC 3339, scenario time), or "".
	Time string `json:"time,omitempty"`
	Text string `json:"text"`
}

// ProbeDoc is the gold of one probe (or task check, id "task:<id>") that
// the scores were computed against.
type ProbeDoc struct {
	ID string `json:"id"`
	// Evidence are the gold evidence turn ids.
	Evidence []string `json:"evidence,omitempty"`
	// GoldPath are the turn ids of the gold reusable path.
	GoldPath []string `json:"gold_path,omitempty"`
	// RequiredFacts and StaleFacts are the probe's fact golds.
	RequiredFacts []string `json:"required_facts,omitempty"`
	StaleFacts    []string `json:"stale_facts,omitempty"`
}

// traceSchema holds the tables added for the run explorer. Databases
// written before them have neither table; readers then report traces and
// scenario documents as absent (see HasTraces) instead of failing.
const traceSchema = `
CREATE TABLE IF NOT EXISTS traces (cell TEXT PRIMARY KEY REFERENCES cells(key), format INTEGER NOT NULL, data BLOB NOT NULL);
CREATE TABLE IF NOT EXISTS scenario_docs (id TEXT PRIMARY KEY, format INTEGER NOT NULL, data BLOB NOT NULL);`

// traceFormat identifies the encoding of traces.data and
// scenario_docs.data: zstd-compressed JSON (storedTrace per row for traces).
const traceFormat = 1

// storedTrace is the stored shape of one row's trace. Item texts found in
// the context are kept as [byte offset, byte length] into it, so the text
// the reader saw is stored once.
type storedTrace struct {
	Seq     int          `json:"seq"`
	Context string       `json:"context"`
	Items   []storedItem `json:"items,omitempty"`
}

type storedItem struct {
	ID     string   `json:"id,omitempty"`
	At     *[2]int  `json:"at,omitempty"`
	Text   string   `json:"text,omitempty"`
	Score  float64  `json:"score"`
	Kind   string   `json:"kind,omitempty"`
	Turns  []string `json:"turns,omitempty"`
	Status string   `json:"status,omitempty"`
}

var (
	zOnce sync.Once
	zEnc  *zstd.Encoder
	zDec  *zstd.Decoder
	zErr  error
)

func coders() (*zstd.Encoder, *zstd.Decoder, error) {
	zOnce.Do(func() {
		zEnc, zErr = zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedDefault), zstd.WithEncoderConcurrency(runtime.GOMAXPROCS(0)))
		if zErr == nil {
			zDec, zErr = zstd.NewReader(nil, zstd.WithDecoderConcurrency(1), zstd.WithDecoderMaxMemory(1<<30))
		}
	})
	return zEnc, zDec, zErr
}

func compressJSON(v any) ([]byte, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	enc, _, err := coders()
	if err != nil {
		return nil, err
	}
	return enc.EncodeAll(b, make([]byte, 0, len(b)/4)), nil
}

func decompressJSON(format int, data []byte, v any) error {
	if format != traceFormat {
		return fmt.Errorf("stored format %d, this memarena reads format %d", format, traceFormat)
	}
	_, dec, err := coders()
	if err != nil {
		return err
	}
	b, err := dec.DecodeAll(data, nil)
	if err != nil {
		return err
	}
	return json.Unmarshal(b, v)
}

// encodeTraces is the stored blob of a cell's traces (rows without a trace
// are left out).
func encodeTraces(rs []Row) ([]byte, bool, error) {
	var st []storedTrace
	for _, r := range rs {
		if r.Trace == nil {
			continue
		}
		t := storedTrace{Seq: r.Seq, Context: r.Trace.Context}
		for _, it := range r.Trace.Items {
			si := storedItem{ID: it.ID, Score: it.Score, Kind: it.Kind, Turns: it.TurnIDs, Status: it.Status}
			if i := strings.Index(t.Context, it.Text); i >= 0 && it.Text != "" {
				si.At = &[2]int{i, len(it.Text)}
			} else {
				si.Text = it.Text
			}
			t.Items = append(t.Items, si)
		}
		st = append(st, t)
	}
	if len(st) == 0 {
		return nil, false, nil
	}
	b, err := compressJSON(st)
	return b, true, err
}

// saveTraces writes the traces of a cell's rows inside tx (after the
// cell's row, which the traces reference).
func saveTraces(tx *sql.Tx, cell string, rs []Row) error {
	b, ok, err := encodeTraces(rs)
	if err != nil || !ok {
		return err
	}
	_, err = tx.Exec(`INSERT INTO traces(cell, format, data) VALUES(?, ?, ?)`, cell, traceFormat, b)
	return err
}

// hasTable reports whether the database has the named table.
func (s *Store) hasTable(name string) (bool, error) {
	var n int
	err := s.db.QueryRow(`SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ?`, name).Scan(&n)
	return n > 0, err
}

// HasTraces reports whether the store can hold traces: false for databases
// written before traces were stored (their reports show no contexts).
func (s *Store) HasTraces() (bool, error) { return s.hasTable("traces") }

// Traces returns the stored traces of a cell by row Seq. A cell without
// traces (or a database written before traces were stored) gives an empty
// map; an unreadable blob is an error naming the cell.
func (s *Store) Traces(cellKey string) (map[int]*Trace, error) {
	out := map[int]*Trace{}
	if ok, err := s.HasTraces(); err != nil || !ok {
		return out, err
	}
	var format int
	var data []byte
	err := s.db.QueryRow(`SELECT format, data FROM traces WHERE cell = ?`, cellKey).Scan(&format, &data)
	if err == sql.ErrNoRows {
		return out, nil
	}
	if err != nil {
		return nil, err
	}
	var st []storedTrace
	if err := decompressJSON(format, data, &st); err != nil {
		return nil, fmt.Errorf("results %s: traces of cell %s: %w", s.path, cellKey, err)
	}
	for _, t := range st {
		tr := &Trace{Context: t.Context}
		for i, it := range t.Items {
			ti := TraceItem{ID: it.ID, Text: it.Text, Score: it.Score, Kind: it.Kind, TurnIDs: it.Turns, Status: it.Status}
			if it.At != nil {
				a, n := it.At[0], it.At[1]
				if a < 0 || n < 0 || a+n > len(t.Context) {
					return nil, fmt.Errorf("results %s: traces of cell %s, row %d, item %d: text span [%d, %d) outside the context (%d bytes)", s.path, cellKey, t.Seq, i, a, a+n, len(t.Context))
				}
				ti.Text = t.Context[a : a+n]
			}
			tr.Items = append(tr.Items, ti)
		}
		out[t.Seq] = tr
	}
	return out, nil
}

// TraceBytes returns the compressed size of every cell's stored traces
// and of the scenario documents, in bytes (0 for an old database).
func (s *Store) TraceBytes() (traces, docs int64, err error) {
	if ok, err := s.HasTraces(); err != nil || !ok {
		return 0, 0, err
	}
	if err := s.db.QueryRow(`SELECT coalesce(sum(length(data)), 0) FROM traces`).Scan(&traces); err != nil {
		return 0, 0, err
	}
	err = s.db.QueryRow(`SELECT coalesce(sum(length(data)), 0) FROM scenario_docs`).Scan(&docs)
	return traces, docs, err
}

// PutScenarioDocs stores (replacing) the documents of a run's scenarios.
func (s *Store) PutScenarioDocs(docs []ScenarioDoc) error {
	tx, err := s.db.Begin()
	if err != nil {
		return err
	}
	defer tx.Rollback()
	// Compressing is most of the work (hundreds of megabytes of turns for
	// a full LongMemEval-S run): spread over the CPUs, stored in order.
	data := make([][]byte, len(docs))
	errs := make([]error, len(docs))
	par.Each(len(docs), func(i int) { data[i], errs[i] = compressJSON(docs[i]) })
	for i, d := range docs {
		b, err := data[i], errs[i]
		if err != nil {
			return err
		}
		if _, err := tx.Exec(`INSERT INTO scenario_docs(id, format, data) VALUES(?, ?, ?) ON CONFLICT(id) DO UPDATE SET format = excluded.format, data = excluded.data`, d.ID, traceFormat, b); err != nil {
			return fmt.Errorf("results %s: saving scenario %s: %w", s.path, d.ID, err)
		}
	}
	return tx.Commit()
}

// ScenarioDocs returns the stored scenario documents ordered by id; none
// for a database written before they were stored.
func (s *Store) ScenarioDocs() ([]ScenarioDoc, error) {
	if ok, err := s.hasTable("scenario_docs"); err != nil || !ok {
		return nil, err
	}
	rows, err := s.db.Query(`SELECT id, format, data FROM scenario_docs ORDER BY id`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []ScenarioDoc
	for rows.Next() {
		var id string
		var format int
		var data []byte
		if err := rows.Scan(&id, &format, &data); err != nil {
			return nil, err
		}
		var d ScenarioDoc
		if err := decompressJSON(format, data, &d); err != nil {
			return nil, fmt.Errorf("results %s: scenario %s: %w", s.path, id, err)
		}
		out = append(out, d)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out, rows.Err()
}
