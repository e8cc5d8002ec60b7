package reports

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/memarena/memarena/gate"
	"github.com/memarena/memarena/internal/results"
	"github.com/memarena/memarena/metrics"
)

// compareRun is a one-strategy run ("x") over 10 probes in two scenarios
// whose EM is 1 on the first right probes, at the given budget.
func compareRun(right, budget int) *Data {
	d := &Data{
		Meta: results.RunMeta{Name: "c", K: 10, Bootstrap: 500, Seeds: []int64{1}, Budget: budget, Backend: "offline",
			Strategies: []results.StrategyMeta{{Label: "x", Budget: budget}},
			Scenarios:  []results.ScenarioMeta{{ID: "s1", SHA256: "aa"}, {ID: "s2", SHA256: "bb"}}},
		Labels: []string{"x"},
		Rows:   map[string][]results.Row{},
	}
	for s, sc := range []string{"s1", "s2"} {
		key := "x|" + sc + "|1"
		d.Cells = append(d.Cells, results.Cell{Key: key, Label: "x", Scenario: sc, Seed: 1})
		for j := range 5 {
			i := 5*s + j
			v := metrics.Bool(i < right)
			d.Rows[key] = append(d.Rows[key], results.Row{CellKey: key, Seq: j, ProbeID: fmt.Sprintf("p%d", j), Kind: "single-hop",
				EvidenceAge: -1, GoldAnswers: []string{"a"}, Answer: "a",
				Scores: metrics.Scores{ExactMatch: v, AnswerF1: v}})
		}
	}
	return d
}

func rowOf(t *testing.T, c *Comparison, metric string) CompareRow {
	t.Helper()
	for _, r := range c.Rows {
		if r.Label == "x" && r.Metric == metric {
			return r
		}
	}
	t.Fatalf("no row for x %s in %+v", metric, c.Rows)
	return CompareRow{}
}

func TestCompareMcNemarAndGate(t *testing.T) {
	g, err := gate.Thresholds{
		"x": {"em": ">= 0.5"},
		"*": {"regression": []any{"em"}},
	}.Parse([]string{"x"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	// Baseline right on 2 probes, new on all 10: 8 discordant pairs, all in
	// the new run's favour. Exact McNemar: p = 2 · 0.5^8 = 0.0078125.
	c, err := Compare(compareRun(2, 1024), compareRun(10, 1024), g, false)
	if err != nil {
		t.Fatal(err)
	}
	r := rowOf(t, c, metrics.ExactMatch)
	if r.Base != 0.2 || r.New != 1 || math.Abs(r.Delta-0.8) > 1e-12 || r.P != 0.0078125 || r.Adj != 0.0078125 || r.Verdict != Improved || r.Test != "exact McNemar (b=0, c=8)" || r.N != 10 || r.Clusters != 2 {
		t.Errorf("EM row = %+v", r)
	}
	if !c.Passed() {
		t.Errorf("an improvement breached: %+v", c.Breaches)
	}

	// The other way round: a significant regression and a failed bound.
	c, err = Compare(compareRun(10, 1024), compareRun(2, 1024), g, false)
	if err != nil {
		t.Fatal(err)
	}
	if r := rowOf(t, c, metrics.ExactMatch); r.Verdict != Regressed || r.Test != "exact McNemar (b=8, c=0)" {
		t.Errorf("EM row = %+v", r)
	}
	var got []string
	for _, b := range c.Breaches {
		got = append(got, b.Kind+": "+b.Detail)
	}
	want := []string{
		"regression: EM regressed: 1.000 → 0.200 (Δ -0.800 [-1.000, -0.400], p (Holm) 0.008, exact McNemar (b=8, c=0))",
		"bound: EM >= 0.5 failed: 0.200",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("breaches:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	md := c.MarkdownString()
	for _, w := range []string{"### memarena: ❌ thresholds failed (2)", "| x | EM | 1.000 | 0.200 |", "▼ regressed", "<details>"} {
		if !strings.Contains(squash(md), w) {
			t.Errorf("markdown lacks %q:\n%s", w, md)
		}
	}
	b, err := c.JSON()
	if err != nil {
		t.Fatal(err)
	}
	var js struct {
		Passed   bool
		Breaches []Breach
	}
	if err := json.Unmarshal(b, &js); err != nil || js.Passed || len(js.Breaches) != 2 {
		t.Errorf("json: %v %+v", err, js)
	}

	// An unchanged rerun: every difference 0, nothing breached.
	c, err = Compare(compareRun(6, 1024), compareRun(6, 1024), g, false)
	if err != nil {
		t.Fatal(err)
	}
	if r := rowOf(t, c, metrics.ExactMatch); r.Verdict != Unchanged || r.Delta != 0 || r.P != 1 {
		t.Errorf("rerun row = %+v", r)
	}
	if !c.Passed() || !strings.Contains(c.MarkdownString(), "no significant change") {
		t.Errorf("rerun: %+v\n%s", c.Breaches, c.MarkdownString())
	}
}

func TestCompareRefusesMismatchedRuns(t *testing.T) {
	base, nw := compareRun(2, 1024), compareRun(2, 512)
	nw.Meta.Scenarios[1].SHA256 = "cc"
	_, err := Compare(base, nw, gate.Gate{}, false)
	var mm *MismatchError
	if !errors.As(err, &mm) {
		t.Fatalf("err = %v; want a MismatchError", err)
	}
	want := "scenario content differs (sha256): s2; budget differs (1024 vs 512 tokens)"
	if strings.Join(mm.Diffs, "; ") != want {
		t.Errorf("diffs = %q; want %q", strings.Join(mm.Diffs, "; "), want)
	}
	c, err := Compare(base, nw, gate.Gate{}, true)
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Warnings) != 2 || !strings.Contains(c.MarkdownString(), "⚠️ compared despite a mismatch (--allow-mismatch): budget differs") {
		t.Errorf("warnings = %v", c.Warnings)
	}
}
