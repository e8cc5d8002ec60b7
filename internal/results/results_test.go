package results

import (
	"math"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/memarena/memarena/metrics"
)

func TestRoundTrip(t *testing.T) {
	path := filepath.Join(t.TempDir(), "r.db")
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	c := Cell{Key: "flat-rag|x|1", Label: "flat-rag", Strategy: "flat-rag", Params: "{}", Extraction: "model", Scenario: "x", Seed: 1, Turns: 5,
		IngestP50: 0.1, IngestP95: math.NaN(), IngestP99: 1, RetrieveP50: 1, RetrieveP95: 2, RetrieveP99: 3}
	rows := []Row{{CellKey: c.Key, Seq: 0, ProbeID: "p1", Kind: "single-hop", Answer: "chi", GoldAnswers: []string{"chi"},
		Scores: metrics.Scores{AnswerF1: metrics.Of(1), RecallAtK: metrics.Of(0.5)}, Provenance: [][]string{{"a", "b"}}, Support: math.NaN()}}
	if err := s.SaveCell(c, rows); err != nil {
		t.Fatal(err)
	}
	if err := s.SaveCell(c, rows); err != nil { // replace is allowed
		t.Fatal(err)
	}
	s.Close()
	s, err = Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	cells, err := s.Cells()
	if err != nil || len(cells) != 1 || cells[0].Turns != 5 || !math.IsNaN(cells[0].IngestP95) {
		t.Fatalf("cells = %+v, %v", cells, err)
	}
	got, err := s.Rows(c.Key)
	if err != nil || len(got) != 1 {
		t.Fatal(err)
	}
	if got[0].Scores.AnswerF1 != metrics.Of(1) || got[0].Scores.PathReuse.OK || !reflect.DeepEqual(got[0].Provenance, [][]string{{"a", "b"}}) {
		t.Fatalf("row = %+v", got[0])
	}
	done, _ := s.Done()
	if !done[c.Key] {
		t.Fatal("cell not done")
	}
}
