package reports

import (
	"strings"
	"testing"

	"github.com/memarena/memarena/internal/results"
	"github.com/memarena/memarena/metrics"
)

func testData() *Data {
	d := &Data{
		Meta:   results.RunMeta{Name: "t", K: 10, Bootstrap: 100, Seeds: []int64{1}, Strategies: []results.StrategyMeta{{Label: "a"}, {Label: "b"}}},
		Labels: []string{"a", "b"},
		Rows:   map[string][]results.Row{},
	}
	d.Cells = []results.Cell{{Key: "a|s|1", Label: "a", Scenario: "s", Turns: 10}, {Key: "b|s|1", Label: "b", Scenario: "s", Turns: 10}}
	d.Rows["a|s|1"] = []results.Row{
		{ProbeID: "p1", Kind: "single-hop", EvidenceAge: -1, Scores: metrics.Scores{AnswerF1: metrics.Of(1), RecallAtK: metrics.Of(1)}},
		{ProbeID: "p2", Kind: "single-hop", EvidenceAge: -1, Scores: metrics.Scores{AnswerF1: metrics.Of(0), RecallAtK: metrics.Of(0.5)}},
	}
	// b lacks provenance on one probe: its recall denominator is 1.
	d.Rows["b|s|1"] = []results.Row{
		{ProbeID: "p1", Kind: "single-hop", EvidenceAge: -1, Scores: metrics.Scores{AnswerF1: metrics.Of(0.5), RecallAtK: metrics.Of(1)}},
		{ProbeID: "p2", Kind: "single-hop", EvidenceAge: -1, Scores: metrics.Scores{AnswerF1: metrics.Of(0.5)}},
	}
	return d
}

func TestMetricTableDenominators(t *testing.T) {
	var b strings.Builder
	d := testData()
	d.metricTable(&b, []metricCol{colByName(metrics.AnswerF1), colByName(metrics.RecallAtK), colByName(metrics.PathReuse)}, nil, nil)
	out := b.String()
	for _, want := range []string{
		"| a        | 0.500 | 0.750       |",
		"| b        | 0.500 | 1.000 (n=1) |",
		"| n        | 2     | 2           |",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in:\n%s", want, out)
		}
	}
	if strings.Contains(out, "path reuse") {
		t.Error("a column with no available value must be dropped")
	}
}

func TestSummaryLeavesOutUnavailable(t *testing.T) {
	for _, s := range testData().Summary() {
		if s.Metric == metrics.PathReuse {
			t.Fatal("unavailable metric in summary")
		}
		if s.Strategy == "b" && s.Metric == metrics.RecallAtK && s.Group == "all" && (s.N != 1 || s.Mean != 1) {
			t.Fatalf("b recall = %+v", s)
		}
	}
}
