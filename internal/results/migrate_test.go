package results

import (
	"database/sql"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"unsafe"
)

// schemaV4 is the cells table of schema version 4 (before read_failures).
const schemaV4 = `
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE cells (
  key TEXT PRIMARY KEY, label TEXT, strategy TEXT, params TEXT, extraction TEXT, scenario TEXT, seed INTEGER,
  turns INTEGER, sessions INTEGER,
  write_prompt INTEGER, write_completion INTEGER, write_requests INTEGER, write_cache_hits INTEGER, extraction_failures INTEGER,
  fp_items INTEGER, fp_edges INTEGER, fp_bytes INTEGER,
  ingest_p50 REAL, ingest_p95 REAL, ingest_p99 REAL, retrieve_p50 REAL, retrieve_p95 REAL, retrieve_p99 REAL, wall_ms REAL
);
INSERT INTO meta VALUES ('schema_version', '4');
INSERT INTO cells VALUES ('a|s|1','a','a','{}','model','s',1, 3,1, 10,2,1,0,4, 1,0,9, 0.1,0.2,0.3,0.4,0.5,0.6,7);`

// TestSchemaVersions: a version 4 store (before read-model failures were
// counted) opens read-only as is and is migrated by Open; its cells read
// their read-model failures as unknown (-1), never as 0. Other versions are
// refused.
func TestSchemaVersions(t *testing.T) {
	for _, tc := range []struct {
		version string
		readErr string
	}{
		{"4", ""},
		{"3", "schema version"},
		{"9", "schema version"},
	} {
		path := filepath.Join(t.TempDir(), "v.db")
		db, err := sql.Open("sqlite3", "file:"+path)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := db.Exec(strings.Replace(schemaV4, "'4'", "'"+tc.version+"'", 1)); err != nil {
			t.Fatal(err)
		}
		db.Close()
		for _, open := range []func(string) (*Store, error){OpenReadOnly, Open} {
			s, err := open(path)
			if tc.readErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.readErr) {
					t.Errorf("version %s: err = %v, want %q", tc.version, err, tc.readErr)
				}
				continue
			}
			if err != nil {
				t.Fatalf("version %s: %v", tc.version, err)
			}
			cells, err := s.Cells()
			if err != nil || len(cells) != 1 || cells[0].ExtractionFailures != 4 || cells[0].ReadModelFailures != -1 {
				t.Fatalf("version %s: cells %+v, %v", tc.version, cells, err)
			}
			s.Close()
		}
		if tc.readErr != "" {
			continue
		}
		// Migrated: new cells store their count, 0 included.
		s, err := Open(path)
		if err != nil {
			t.Fatal(err)
		}
		if v, _ := s.Meta("schema_version"); v != "5" {
			t.Fatalf("schema version after migration = %q", v)
		}
		if err := s.SaveCell(Cell{Key: "b|s|1", Label: "b", ReadModelFailures: 0}, nil); err != nil {
			t.Fatal(err)
		}
		cells, _ := s.Cells()
		if len(cells) != 2 || cells[0].ReadModelFailures != -1 || cells[1].ReadModelFailures != 0 {
			t.Fatalf("cells after migration = %+v", cells)
		}
		s.Close()
	}
}

// TestRowsShareStrings: rows read back equal what was saved; repeated
// strings (questions, turn ids) are one copy, and the provenance lists of
// a row share one backing array without aliasing each other.
func TestRowsShareStrings(t *testing.T) {
	s, err := Open(filepath.Join(t.TempDir(), "r.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	prov := [][]string{{"D1:1", "D1:2"}, {"D2:7"}, {}}
	for _, key := range []string{"a|s|1", "b|s|1"} {
		rows := []Row{{CellKey: key, Seq: 0, ProbeID: "p", Question: "Where did Ann go?", GoldAnswers: []string{"a support group"}, Provenance: prov}}
		if err := s.SaveCell(Cell{Key: key, Label: key[:1]}, rows); err != nil {
			t.Fatal(err)
		}
	}
	a, _ := s.Rows("a|s|1")
	b, _ := s.Rows("b|s|1")
	if len(a) != 1 || len(b) != 1 || !reflect.DeepEqual(a[0].Provenance, [][]string{{"D1:1", "D1:2"}, {"D2:7"}, {}}) || a[0].GoldAnswers[0] != "a support group" {
		t.Fatalf("rows %+v", a)
	}
	if unsafe.StringData(a[0].Question) != unsafe.StringData(b[0].Question) || unsafe.StringData(a[0].Provenance[1][0]) != unsafe.StringData(b[0].Provenance[1][0]) {
		t.Error("repeated strings are not shared")
	}
	p := a[0].Provenance
	p[0] = append(p[0], "X")
	if p[1][0] != "D2:7" {
		t.Fatalf("appending to one provenance list changed the next: %q", p)
	}
}
