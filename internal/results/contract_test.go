package results

import (
	"path/filepath"
	"testing"
)

// TestContractColumns: a cell's usage flag and provenance errors survive
// the store (also when a cell is saved again), and a store written before
// the cell_contract table existed reads as "usage reported, no errors".
func TestContractColumns(t *testing.T) {
	path := filepath.Join(t.TempDir(), "r.db")
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	ext := Cell{Key: "ext|x|1", Label: "ext", Strategy: "external", Scenario: "x", Seed: 1, UsageNotReported: true, ProvenanceErrors: 3}
	if err := s.SaveCell(ext, nil); err != nil {
		t.Fatal(err)
	}
	ext.ProvenanceErrors = 4
	if err := s.SaveCell(ext, nil); err != nil {
		t.Fatal(err)
	}
	if err := s.SaveCell(Cell{Key: "none|x|1", Label: "none", Strategy: "none", Scenario: "x", Seed: 1}, nil); err != nil {
		t.Fatal(err)
	}
	cells, err := s.Cells()
	if err != nil || len(cells) != 2 {
		t.Fatalf("cells = %+v, %v", cells, err)
	}
	if c := cells[0]; c.Label != "ext" || !c.UsageNotReported || c.ProvenanceErrors != 4 {
		t.Fatalf("ext cell = %+v", c)
	}
	if c := cells[1]; c.UsageNotReported || c.ProvenanceErrors != 0 {
		t.Fatalf("none cell = %+v", c)
	}
	if _, err := s.db.Exec(`DROP TABLE cell_contract`); err != nil {
		t.Fatal(err)
	}
	s.Close()
	ro, err := OpenReadOnly(path)
	if err != nil {
		t.Fatal(err)
	}
	defer ro.Close()
	cells, err = ro.Cells()
	if err != nil || len(cells) != 2 || cells[0].UsageNotReported || cells[0].ProvenanceErrors != 0 {
		t.Fatalf("old store: cells = %+v, %v", cells, err)
	}
}
