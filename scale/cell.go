package scale

import (
	"context"
	"fmt"
	"math"
	"regexp"
	"strings"
	"sync"
	"time"

	"github.com/memarena/memarena/datasets"
	"github.com/memarena/memarena/datasets/synthetic"
	"github.com/memarena/memarena/internal/results"
	"github.com/memarena/memarena/runner"
)

// Select returns the strategy entry of cfg a scale run names: the entry
// with that label, else a fresh entry of the registry strategy with that
// name (default parameters).
func Select(cfg *runner.Config, name string) runner.StrategyConfig {
	for _, s := range cfg.Strategies {
		if s.Label == name {
			return s
		}
	}
	return runner.StrategyConfig{Name: name}
}

var unsafeName = regexp.MustCompile(`[^A-Za-z0-9._-]+`)

// CellConfig returns the config of one cell: cfg with the one strategy
// entry name (see Select), the synthetic dataset at turns (the options of
// cfg's synthetic entry, or the generator's defaults), one worker and
// output under dir. It is an error for cfg to hold other scenarios or
// datasets (the built-in scenarios a config gets by default are dropped):
// a scale run measures the synthetic workload only.
func CellConfig(cfg *runner.Config, name string, turns int, dir string) (*runner.Config, error) {
	c := *cfg
	st := Select(cfg, name)
	st.Label = ""
	if st.Name != name {
		st.Label = name
	}
	c.Strategies = []runner.StrategyConfig{st}
	var syn datasets.Spec
	found := false
	for _, d := range cfg.Datasets {
		if d.Kind != synthetic.Kind {
			return nil, fmt.Errorf("datasets: a scale run generates its scenarios; remove the %s entry", d.Kind)
		}
		if found {
			return nil, fmt.Errorf("datasets: more than one synthetic entry; a scale run takes one")
		}
		syn, found = d, true
	}
	defaulted := len(cfg.Datasets) == 0 && len(cfg.Scenarios) == 1 && cfg.Scenarios[0] == "builtin" // Config.Defaults' fill
	if len(cfg.Scenarios) > 0 && !defaulted {
		return nil, fmt.Errorf("scenarios: a scale run generates its scenarios; remove %q", cfg.Scenarios[0])
	}
	syn.Kind = synthetic.Kind
	opts := map[string]any{}
	for k, v := range syn.Options {
		opts[k] = v
	}
	opts["turns"] = turns
	syn.Options = opts
	c.Datasets, c.Scenarios = []datasets.Spec{syn}, nil
	c.Parallelism, c.Output = 1, dir
	c.Name = strings.Trim(unsafeName.ReplaceAllString(fmt.Sprintf("%s-n%d", name, turns), "-"), "-")
	c.Thresholds = nil
	c.Reference = ""
	c.Defaults()
	if err := c.Check(); err != nil {
		return nil, err
	}
	return &c, nil
}

// MeasureCell runs one cell — strategy name at turns, see CellConfig —
// with runner.Execute and measures it: write-side totals (wall and process
// CPU time around every call) from the runner's observer, latency quantiles and footprint from the cell record, recall@k
// and fact accuracy from its rows. The process figures (RSS, CPU, wall)
// are left for the caller, who sees the whole process.
func MeasureCell(ctx context.Context, cfg *runner.Config, name string, turns int, dir string) (Measure, error) {
	m := Measure{Label: name, Turns: turns, RecallAtK: math.NaN(), FactAccuracy: math.NaN()}
	c, err := CellConfig(cfg, name, turns, dir)
	if err != nil {
		return m, err
	}
	m.Strategy = c.Strategies[0].Name
	var mu sync.Mutex
	observe := func(_ string, ph runner.Phase) func() {
		t0, c0 := time.Now(), processCPU()
		return func() {
			wall := float64(time.Since(t0).Nanoseconds()) / 1e6
			cpu := float64((processCPU() - c0).Nanoseconds()) / 1e6
			mu.Lock()
			defer mu.Unlock()
			switch ph {
			case runner.PhaseIngest:
				m.IngestMS += wall
				m.IngestCPUMS += cpu
			case runner.PhaseEndSession:
				m.EndSessionMS += wall
				m.EndSessionCPUMS += cpu
				m.EndSessionMaxMS = max(m.EndSessionMaxMS, wall)
			}
		}
	}
	res, err := runner.Execute(ctx, c, runner.Options{Observe: observe})
	if err != nil {
		return m, err
	}
	m.RunDir = res.Dir
	switch o := res.Outcome; {
	case o.Interrupted:
		return m, ctx.Err()
	case len(o.Failed) > 0:
		return m, o.Failed[0].Err
	}
	store, err := results.OpenReadOnly(res.DB)
	if err != nil {
		return m, err
	}
	defer store.Close()
	cells, err := store.Cells()
	if err != nil {
		return m, err
	}
	if len(cells) != 1 {
		return m, fmt.Errorf("scale cell %s: %d cells in %s, want 1", name, len(cells), res.DB)
	}
	cell := cells[0]
	rows, err := store.Rows(cell.Key)
	if err != nil {
		return m, err
	}
	m.Sessions = cell.Sessions
	m.RetrieveP50, m.RetrieveP95 = cell.RetrieveP50, cell.RetrieveP95
	m.Items, m.Edges, m.Bytes = cell.FootprintItems, cell.FootprintEdges, cell.FootprintBytes
	var rec, fact float64
	for _, r := range rows {
		if r.IsTask {
			continue
		}
		m.Probes++
		if v := r.Scores.RecallAtK; v.OK {
			rec += v.V
			m.RecallN++
		}
		if v := r.Scores.FactAccuracy; v.OK {
			fact += v.V
			m.FactN++
		}
	}
	if m.RecallN > 0 {
		m.RecallAtK = rec / float64(m.RecallN)
	}
	if m.FactN > 0 {
		m.FactAccuracy = fact / float64(m.FactN)
	}
	return m, nil
}
