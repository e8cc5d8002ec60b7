package reports

import (
	"fmt"
	"strings"
	"testing"

	"github.com/memarena/memarena/internal/results"
	"github.com/memarena/memarena/metrics"
)

// squash collapses runs of spaces so table rows can be matched whatever the
// column widths.
func squash(s string) string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		out = append(out, strings.Join(strings.Fields(l), " "))
	}
	return strings.Join(out, "\n")
}

// pairedData: strategies ref, cand and same over 10 probes in two
// scenarios, each run with seeds 1 and 2. EM per probe: ref is right on 2
// probes, cand on all 10, same exactly as ref. seedF1 makes seed 2's F1
// differ from seed 1's when set.
func pairedData(seedF1 bool) *Data {
	d := &Data{
		Meta: results.RunMeta{Name: "t", K: 10, Bootstrap: 500, Seeds: []int64{1, 2}, Budget: 1024,
			Strategies: []results.StrategyMeta{{Label: "ref", Budget: 1024}, {Label: "cand", Budget: 1024}, {Label: "same", Budget: 1024}, {Label: "big", Budget: 16384}},
			Config:     []byte(`{"reference":"ref"}`)},
		Labels: []string{"ref", "cand", "same", "big"},
		Rows:   map[string][]results.Row{},
	}
	em := map[string]func(i int) float64{
		"ref":  func(i int) float64 { return map[bool]float64{true: 1}[i < 2] },
		"cand": func(int) float64 { return 1 },
		"same": func(i int) float64 { return map[bool]float64{true: 1}[i < 2] },
		"big":  func(int) float64 { return 1 },
	}
	for _, l := range d.Labels {
		for _, seed := range []int64{1, 2} {
			for s, sc := range []string{"s1", "s2"} {
				key := fmt.Sprintf("%s|%s|%d", l, sc, seed)
				d.Cells = append(d.Cells, results.Cell{Key: key, Label: l, Scenario: sc, Seed: seed})
				for j := range 5 {
					i := 5*s + j
					f1 := em[l](i)
					if seedF1 && seed == 2 && i == 0 {
						f1 = 0
					}
					d.Rows[key] = append(d.Rows[key], results.Row{CellKey: key, Seq: j, ProbeID: fmt.Sprintf("p%d", j), Kind: "single-hop", EvidenceAge: -1,
						Scores: metrics.Scores{ExactMatch: metrics.Of(em[l](i)), AnswerF1: metrics.Of(f1)}})
				}
			}
		}
	}
	return d
}

func TestSeedsAreNotSamples(t *testing.T) {
	d := pairedData(false)
	if line := d.unitLine(); !strings.Contains(line, "**Seeds 1, 2 gave identical rows for every probe** (40 probe × strategy pairs compared") {
		t.Errorf("unit line: %s", line)
	}
	var b strings.Builder
	d.metricTable(&b, []metricCol{colByName(metrics.ExactMatch)}, nil, nil)
	// 10 probes, not 20 rows; ref's EM 2/10.
	for _, want := range []string{"| ref | 0.200 |", "| n | 10 |", "| big (reference row: budget 16384) | 1.000 |"} {
		if !strings.Contains(squash(b.String()), want) {
			t.Errorf("missing %q in:\n%s", want, b.String())
		}
	}
	// Seeds that differ are averaged per probe: ref's probe 0 has F1 1 and
	// 0 → 0.5, so ref's F1 is (0.5 + 1) / 10 = 0.15 over n = 10.
	d = pairedData(true)
	if line := d.unitLine(); !strings.Contains(line, "Seeds 1, 2 differ on 4 of 40 probe × strategy pairs (ref 1, cand 1, same 1, big 1)") {
		t.Errorf("unit line: %s", line)
	}
	b.Reset()
	d.metricTable(&b, []metricCol{colByName(metrics.AnswerF1)}, nil, nil)
	if out := squash(b.String()); !strings.Contains(out, "| ref | 0.150 |") || !strings.Contains(out, "| n | 10 |") {
		t.Errorf("per-probe seed means:\n%s", b.String())
	}
}

// McNemar by hand: cand is right on the 8 probes ref misses and ref is
// never right alone → b = 0, c = 8, p = 2·(1/2)^8 = 0.0078125; same has no
// discordant pair → p = 1. Holm over the two: 0.0078125·2 = 0.015625 < 0.05
// → cand better; same tied. The reference row big is not compared.
func TestPairedSection(t *testing.T) {
	var b strings.Builder
	pairedData(false).pairedSection(&b)
	out := squash(b.String())
	for _, want := range []string{
		"Every strategy against **ref**",
		"Reference rows are not compared: big (reference row: budget 16384).",
		"| cand | EM | 10 | 0 | 8 | 0.008 | 0.016 | +0.800 | **better** |",
		"| same | EM | 10 | 0 | 0 | 1.000 | 1.000 | +0.000 | tied |",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in:\n%s", want, b.String())
		}
	}
	if strings.Contains(out, "| big |") {
		t.Errorf("the reference row was compared:\n%s", b.String())
	}
}
