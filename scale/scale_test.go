package scale

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/memarena/memarena/datasets"
	_ "github.com/memarena/memarena/datasets/all"
	"github.com/memarena/memarena/runner"
	_ "github.com/memarena/memarena/strategies/all"
)

func TestFitPower(t *testing.T) {
	ns := []float64{1000, 4000, 16000, 64000}
	ys := make([]float64, len(ns))
	for i, n := range ns {
		ys[i] = 3 * math.Pow(n, 1.5)
	}
	f, ok := FitPower(ns, ys)
	if !ok || math.Abs(f.Exponent-1.5) > 1e-12 || math.Abs(f.R2-1) > 1e-12 || f.Points != 4 {
		t.Fatalf("exact power law: %+v %v", f, ok)
	}
	// In log2 units x = 0, 2, 4, 6 and y = 1, 1, 5, 5: Sxy = 16, Sxx = 20,
	// slope 0.8; residuals ±0.4, ∓1.2 give SSres = 3.2 of SStot = 16,
	// R² = 0.8 (the log base cancels in both).
	x := []float64{1, 4, 16, 64}
	y := []float64{math.Pow(2, 1), math.Pow(2, 1), math.Pow(2, 5), math.Pow(2, 5)}
	f, ok = FitPower(x, y)
	if !ok || math.Abs(f.Exponent-0.8) > 1e-12 || math.Abs(f.R2-0.8) > 1e-12 {
		t.Fatalf("noisy: %+v", f)
	}
	if _, ok := FitPower([]float64{1000}, []float64{5}); ok {
		t.Fatal("one point must not fit")
	}
	if f, ok := FitPower([]float64{1000, 2000, 4000}, []float64{0, math.NaN(), 8}); ok || f.Points != 1 {
		t.Fatalf("zero and NaN values must be left out: %+v %v", f, ok)
	}
}

// fakeRunner measures write time as c·N^a per label; "slow" times out at
// 4k, "broken" fails at 1k.
func fakeRunner(ctx context.Context, label string, turns int) (Measure, error) {
	switch {
	case label == "slow" && turns >= 4000:
		<-ctx.Done()
		return Measure{}, fmt.Errorf("cell: %w", ctx.Err())
	case label == "broken":
		return Measure{}, errors.New("strategy exploded")
	}
	a := map[string]float64{"linear": 1, "quad": 2, "slow": 1.2}[label]
	n := float64(turns)
	return Measure{IngestMS: 0.01 * math.Pow(n, a), IngestCPUMS: 0.005 * math.Pow(n, a), RetrieveP50: math.Sqrt(n), RecallAtK: 1000 / n}, nil
}

func TestRunCapSkipAndSummary(t *testing.T) {
	p := Plan{Labels: []string{"linear", "quad", "slow", "broken"}, Sizes: []int{16000, 1000, 4000}, Cap: 50 * time.Millisecond}
	var seen []string
	cells := Run(context.Background(), p, fakeRunner, func(m Measure) { seen = append(seen, fmt.Sprintf("%s@%d:%s", m.Label, m.Turns, m.Status)) })
	want := "linear@1000:ok quad@1000:ok slow@1000:ok broken@1000:failed linear@4000:ok quad@4000:ok slow@4000:timeout broken@4000:skipped " +
		"linear@16000:ok quad@16000:ok slow@16000:skipped broken@16000:skipped"
	if got := strings.Join(seen, " "); got != want {
		t.Fatalf("cells:\n%s\nwant\n%s", got, want)
	}
	sum := Summarize(p.Labels, cells)
	lin, quad, slow, broken := sum[0], sum[1], sum[2], sum[3]
	if math.Abs(lin.Write.Exponent-1) > 1e-9 || math.Abs(quad.Write.Exponent-2) > 1e-9 || math.Abs(lin.Retrieve.Exponent-0.5) > 1e-9 {
		t.Fatalf("fits: linear %+v quad %+v", lin, quad)
	}
	if len(quad.Local) != 2 || quad.Local[1].From != 4000 || quad.Local[1].To != 16000 || math.Abs(quad.Local[1].Exponent-2) > 1e-9 {
		t.Fatalf("local exponents: %+v", quad.Local)
	}
	if slow.Largest != 1000 || slow.WriteOK || slow.Stopped != "timeout at 4k turns" {
		t.Fatalf("slow: %+v", slow)
	}
	if broken.Largest != 0 || broken.Stopped != "failed at 1k turns" {
		t.Fatalf("broken: %+v", broken)
	}
	if cells[7].Note != "failed at 1k turns" || cells[10].Note != "over the 50ms cap at 4k turns" {
		t.Fatalf("skip notes: %q, %q", cells[7].Note, cells[10].Note)
	}

	rep := NewReport(p, 10, "test data", "test machine", cells)
	var md bytes.Buffer
	if err := rep.Markdown(&md); err != nil {
		t.Fatal(err)
	}
	flat := strings.Join(strings.Fields(md.String()), " ") // table padding folded
	for _, s := range []string{
		"| quad | 2.00 (R² 1.000, 3 sizes) | 4k+: 2.00 (R² 1.000) | 2.00 (R² 1.000) | 1k→4k 2.00, 4k→16k 2.00 | 0.50 (R² 1.000) | 16k | — |",
		"| slow | n/a | n/a | n/a | | n/a | 1k | timeout at 4k turns |",
		"| linear | 16k | 10 | 5.0 | 0.2 | 0.0 (0.0) |", // 0.01·N ms over N turns = 10 µs/turn wall, half of it CPU
		"- broken at 1k turns: failed — strategy exploded",
		"- slow at 16k turns: skipped — over the 50ms cap at 4k turns",
	} {
		if !strings.Contains(flat, s) {
			t.Errorf("markdown lacks %q:\n%s", s, md.String())
		}
	}
	js, err := rep.JSON()
	if err != nil {
		t.Fatal(err)
	}
	var back Report
	if err := json.Unmarshal(js, &back); err != nil {
		t.Fatal(err)
	}
	if len(back.Cells) != len(cells) || !math.IsNaN(back.Cells[3].RecallAtK) || back.Cells[0].RecallAtK != 1 {
		t.Fatalf("JSON round trip: %+v", back.Cells[:4])
	}
	dir := t.TempDir()
	saved := filepath.Join(dir, "scale.json")
	if err := os.WriteFile(saved, js, 0o644); err != nil {
		t.Fatal(err)
	}
	first, err := ReadReport(saved)
	if err != nil {
		t.Fatal(err)
	}
	// A later run at 64k for two strategies, one of them new, merged in.
	later := NewReport(Plan{Labels: []string{"quad", "extra"}, Sizes: []int{64000}}, 10, "test data", "other machine",
		Run(context.Background(), Plan{Labels: []string{"quad", "extra"}, Sizes: []int{64000}}, func(ctx context.Context, l string, n int) (Measure, error) {
			return fakeRunner(ctx, map[string]string{"extra": "linear"}[l]+map[string]string{"quad": "quad"}[l], n)
		}, nil))
	merged := Merge(first, later)
	if strings.Join(merged.Labels, ",") != "linear,quad,slow,broken,extra" || fmt.Sprint(merged.Sizes) != "[1000 4000 16000 64000]" ||
		len(merged.Cells) != 14 || !strings.Contains(merged.Machine, "and other machine") {
		t.Fatalf("merged: %v %v %d cells, machine %q", merged.Labels, merged.Sizes, len(merged.Cells), merged.Machine)
	}
	if q := merged.Growth[1]; q.Largest != 64000 || q.WriteCPU.Points != 4 || math.Abs(q.WriteCPU.Exponent-2) > 1e-9 || len(q.Local) != 3 {
		t.Fatalf("merged quad: %+v", q)
	}
	if _, err := ReadReport(filepath.Join(dir, "missing.json")); err == nil {
		t.Fatal("missing report read")
	}
	for _, f := range []func(string) error{rep.SVG, rep.PNG} {
		path := filepath.Join(dir, fmt.Sprint(len(dir)))
		if err := f(path); err != nil {
			t.Fatal(err)
		}
		if st, err := os.Stat(path); err != nil || st.Size() < 1000 {
			t.Fatalf("chart %s: %v", path, err)
		}
		os.Remove(path)
	}
}

func TestRunStopsWhenCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	n := 0
	cells := Run(ctx, Plan{Labels: []string{"linear", "quad"}, Sizes: []int{1000, 2000}}, func(c context.Context, l string, turns int) (Measure, error) {
		n++
		if n == 2 {
			cancel()
			return Measure{}, c.Err()
		}
		return fakeRunner(c, l, turns)
	}, nil)
	if len(cells) != 1 || cells[0].Label != "linear" {
		t.Fatalf("after cancel: %+v", cells)
	}
}

func TestCellConfig(t *testing.T) {
	cfg := &runner.Config{Name: "s", Datasets: []datasets.Spec{{Kind: "synthetic", Options: map[string]any{"people": 6}}},
		Strategies: []runner.StrategyConfig{{Name: "prism", Label: "prism-weighted", Params: map[string]any{"selection": "weighted-sum"}}, {Name: "flat-rag"}}}
	cfg.Defaults()
	c, err := CellConfig(cfg, "prism-weighted", 4000, "/tmp/x")
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Strategies) != 1 || c.Strategies[0].Label != "prism-weighted" || c.Strategies[0].Params["selection"] != "weighted-sum" ||
		c.Datasets[0].Options["turns"] != 4000 || c.Datasets[0].Options["people"] != 6 || c.Parallelism != 1 || c.Name != "prism-weighted-n4000" {
		t.Fatalf("cell config: %+v %+v", c.Strategies, c.Datasets)
	}
	if cfg.Datasets[0].Options["turns"] != nil {
		t.Fatal("CellConfig changed the caller's options")
	}
	if c, err := CellConfig(cfg, "trimem", 1000, "/tmp/x"); err != nil || c.Strategies[0].Name != "trimem" {
		t.Fatalf("registry name: %v", err)
	}
	if _, err := CellConfig(cfg, "no-such", 1000, "/tmp/x"); err == nil {
		t.Fatal("unknown strategy accepted")
	}
	other := *cfg
	other.Datasets = append(other.Datasets, datasets.Spec{Kind: "locomo", Path: "x.json"})
	if _, err := CellConfig(&other, "flat-rag", 1000, "/tmp/x"); err == nil || !strings.Contains(err.Error(), "remove the locomo entry") {
		t.Fatalf("other dataset: %v", err)
	}
	other = *cfg
	other.Scenarios = []string{"builtin:travel-planner"}
	if _, err := CellConfig(&other, "flat-rag", 1000, "/tmp/x"); err == nil {
		t.Fatal("scenarios accepted")
	}
}

// TestMeasureCell runs a real cell: the write totals, latency, footprint
// and recall come from an ordinary run directory.
func TestMeasureCell(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a cell")
	}
	cfg := &runner.Config{Name: "s", Datasets: []datasets.Spec{{Kind: "synthetic"}}, Strategies: []runner.StrategyConfig{{Name: "flat-rag"}}, Bootstrap: 50}
	cfg.Defaults()
	dir := t.TempDir()
	m, err := MeasureCell(context.Background(), cfg, "flat-rag", 300, dir)
	if err != nil {
		t.Fatal(err)
	}
	if m.Turns != 300 || m.Strategy != "flat-rag" || m.IngestMS <= 0 || m.IngestCPUMS <= 0 || m.Items == 0 || m.Probes != 30 || m.RecallN == 0 ||
		m.RecallAtK < 0 || m.RecallAtK > 1 || m.Sessions != 7 || !strings.HasPrefix(m.RunDir, dir) {
		t.Fatalf("measure: %+v", m)
	}
	if _, err := os.Stat(filepath.Join(m.RunDir, "report.md")); err != nil {
		t.Fatalf("no run report: %v", err)
	}
}
