package results

import (
	"database/sql"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestTracesRoundTrip(t *testing.T) {
	path := filepath.Join(t.TempDir(), "r.db")
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	ctx := "[s1:t1] Ana: I moved to Lisbon.\n[s1:t2] Ben: Nice!"
	tr := &Trace{Context: ctx, Items: []TraceItem{
		{ID: "c1", Text: "[s1:t2] Ben: Nice!", Score: 0.75, Kind: "chunk", TurnIDs: []string{"s1:t2"}},
		{ID: "f9", Text: "Ana lives in Porto", Score: 0.5, Kind: "fact", TurnIDs: []string{"s0:t4"}, Status: "superseded"},
	}}
	c := Cell{Key: "a|x|1", Label: "a", Strategy: "a", Scenario: "x", Seed: 1}
	rows := []Row{{CellKey: c.Key, Seq: 0, ProbeID: "p1", Trace: tr}, {CellKey: c.Key, Seq: 1, ProbeID: "p2"}}
	for i := 0; i < 2; i++ { // saving a cell again replaces its traces
		if err := s.SaveCell(c, rows); err != nil {
			t.Fatal(err)
		}
	}
	docs := []ScenarioDoc{{ID: "x", Title: "X", Sessions: []SessionDoc{{ID: "s1", Start: "2026-01-02T00:00:00Z",
		Turns: []TurnDoc{{ID: "s1:t1", Role: "user", Speaker: "Ana", Text: "I moved to Lisbon."}}}},
		Probes: []ProbeDoc{{ID: "p1", Evidence: []string{"s1:t1"}, StaleFacts: []string{"Porto"}}}}}
	if err := s.PutScenarioDocs(docs); err != nil {
		t.Fatal(err)
	}
	s.Close()

	s, err = OpenReadOnly(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	got, err := s.Traces(c.Key)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || !reflect.DeepEqual(got[0], tr) {
		t.Fatalf("traces = %#v, want only seq 0 = %#v", got, tr)
	}
	gd, err := s.ScenarioDocs()
	if err != nil || !reflect.DeepEqual(gd, docs) {
		t.Fatalf("docs = %#v, %v; want %#v", gd, err, docs)
	}
	tb, db, err := s.TraceBytes()
	if err != nil || tb <= 0 || db <= 0 {
		t.Fatalf("TraceBytes = %d, %d, %v", tb, db, err)
	}
	rs, err := s.Rows(c.Key)
	if err != nil || len(rs) != 2 || rs[0].Trace != nil {
		t.Fatalf("Rows = %v, %v: want 2 rows without traces", rs, err)
	}
}

// The item text found in the context is stored as a span, not twice.
func TestTraceItemTextStoredAsSpan(t *testing.T) {
	long := strings.Repeat("the reader saw this sentence once. ", 200)
	b, ok, err := encodeTraces([]Row{{Trace: &Trace{Context: long, Items: []TraceItem{{Text: long}}}}})
	if err != nil || !ok {
		t.Fatal(err)
	}
	var st []storedTrace
	if err := decompressJSON(traceFormat, b, &st); err != nil {
		t.Fatal(err)
	}
	if it := st[0].Items[0]; it.Text != "" || it.At == nil || *it.At != [2]int{0, len(long)} {
		t.Fatalf("stored item = %+v, want span [0, %d]", it, len(long))
	}
}

// A database written before traces were stored opens, and reports no
// traces and no scenario documents instead of failing.
func TestOldDatabaseHasNoTraces(t *testing.T) {
	path := filepath.Join(t.TempDir(), "old.db")
	db, err := sql.Open("sqlite3", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(schema); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`INSERT INTO meta VALUES('schema_version', ?)`, SchemaVersion); err != nil {
		t.Fatal(err)
	}
	db.Close()
	s, err := OpenReadOnly(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if ok, err := s.HasTraces(); ok || err != nil {
		t.Fatalf("HasTraces = %v, %v; want false", ok, err)
	}
	tr, err := s.Traces("a|x|1")
	if err != nil || len(tr) != 0 {
		t.Fatalf("Traces = %v, %v; want empty", tr, err)
	}
	if d, err := s.ScenarioDocs(); err != nil || d != nil {
		t.Fatalf("ScenarioDocs = %v, %v; want none", d, err)
	}
}

func TestUnknownTraceFormatIsAnError(t *testing.T) {
	path := filepath.Join(t.TempDir(), "r.db")
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	c := Cell{Key: "a|x|1", Label: "a"}
	if err := s.SaveCell(c, []Row{{CellKey: c.Key, Trace: &Trace{Context: "x"}}}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.db.Exec(`UPDATE traces SET format = 9`); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Traces(c.Key); err == nil || !strings.Contains(err.Error(), "a|x|1") || !strings.Contains(err.Error(), "format 9") {
		t.Fatalf("err = %v; want one naming the cell and the format", err)
	}
}
