package runner

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/memarena/memarena/internal/results"
	"github.com/memarena/memarena/reports"
	"github.com/memarena/memarena/strategies"
	_ "github.com/memarena/memarena/strategies/all"
)

// Two test doubles record what the runner shows a strategy; one is
// registered with SeesGold.
var spyMu sync.Mutex
var spyLog []string

func init() {
	for _, sees := range []bool{false, true} {
		name := "test-spy"
		if sees {
			name = "test-spy-gold"
		}
		n := name
		strategies.Register(strategies.Spec{Name: n, Summary: "test double recording what it is shown", SeesGold: sees,
			Params: []strategies.ParamSpec{{Name: "overrun", Type: strategies.TypeBool, Default: false, Doc: "return a context over budget"}},
			New: func(env strategies.Env, p strategies.Params) (strategies.Strategy, error) {
				return &spyStrategy{name: n, env: env, overrun: p.Bool("overrun")}, nil
			}})
	}
}

type spyStrategy struct {
	name    string
	env     strategies.Env
	overrun bool
	turns   []strategies.Turn
}

func (s *spyStrategy) record(f string) {
	spyMu.Lock()
	spyLog = append(spyLog, s.name+" "+s.env.Extraction+": "+f)
	spyMu.Unlock()
}

func (s *spyStrategy) Ingest(_ context.Context, t strategies.Turn) error {
	if t.Gold != nil {
		s.record("turn gold")
	}
	s.turns = append(s.turns, t)
	return nil
}
func (s *spyStrategy) EndSession(_ context.Context, info strategies.SessionInfo) error {
	if info.Summary != "" {
		s.record("session summary")
	}
	return nil
}
func (s *spyStrategy) Retrieve(_ context.Context, q strategies.Query) (strategies.Recall, error) {
	if q.Gold != nil {
		s.record("probe gold")
	}
	if !s.overrun || len(s.turns) == 0 {
		return strategies.Recall{}, nil
	}
	var items []strategies.Item
	var lines []string
	for _, t := range s.turns {
		it := strategies.TurnItem(t, 1)
		items = append(items, it)
		lines = append(lines, strings.Repeat(it.Text+" ", 3))
	}
	return strategies.Recall{Items: items, Context: strings.Join(lines, "\n")}, nil
}
func (s *spyStrategy) Footprint() strategies.Footprint { return strategies.Footprint{} }
func (s *spyStrategy) Close() error                    { return nil }

func testConfig(t *testing.T, strats ...StrategyConfig) *Config {
	t.Helper()
	cfg := &Config{Name: "test", Scenarios: []string{"testdata/minimal.yaml"}, Strategies: strats, Output: t.TempDir(), Bootstrap: 200, Parallelism: 2}
	cfg.Defaults()
	if err := cfg.Check(); err != nil {
		t.Fatal(err)
	}
	return cfg
}

func TestGoldHiddenFromAllButOracle(t *testing.T) {
	spyMu.Lock()
	spyLog = nil
	spyMu.Unlock()
	cfg := testConfig(t, StrategyConfig{Name: "test-spy"}, StrategyConfig{Name: "test-spy-gold"},
		StrategyConfig{Name: "test-spy", Label: "spy-oracle-extraction", Extraction: "oracle"})
	if _, err := Execute(context.Background(), cfg, Options{}); err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, l := range spyLog {
		seen[l] = true
	}
	want := map[string]bool{"test-spy-gold model: probe gold": true, "test-spy oracle: turn gold": true, "test-spy oracle: session summary": true}
	for l := range seen {
		if !want[l] {
			t.Errorf("leak: %s", l)
		}
	}
	for l := range want {
		if !seen[l] {
			t.Errorf("missing: %s", l)
		}
	}
}

// TestOnlyOracleSeesGold guards the registry: no shipped strategy but the
// oracle baseline may ask for probe gold.
func TestOnlyOracleSeesGold(t *testing.T) {
	for _, n := range strategies.Names() {
		s, _ := strategies.Lookup(n)
		if s.SeesGold && n != "oracle" && !strings.HasPrefix(n, "test-") {
			t.Errorf("strategy %s is registered with SeesGold", n)
		}
	}
}

func TestBudgetEnforced(t *testing.T) {
	cfg := testConfig(t, StrategyConfig{Name: "test-spy", Params: map[string]any{"overrun": true}})
	cfg.Budget = 40
	res, err := Execute(context.Background(), cfg, Options{})
	if err != nil {
		t.Fatal(err)
	}
	store, err := results.Open(res.DB)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	cells, _ := store.Cells()
	rows, _ := store.Rows(cells[0].Key)
	over := 0
	for _, r := range rows {
		if r.ContextTokens > 40 {
			t.Errorf("%s: %d context tokens over the 40-token budget", r.ProbeID, r.ContextTokens)
		}
		if r.OverrunTokens > 0 {
			over++
		}
	}
	if over == 0 {
		t.Fatal("overrun not recorded")
	}
}

func TestBaselinesOnMinimal(t *testing.T) {
	cfg := testConfig(t, StrategyConfig{Name: "none"}, StrategyConfig{Name: "oracle"}, StrategyConfig{Name: "flat-rag"})
	res, err := Execute(context.Background(), cfg, Options{})
	if err != nil {
		t.Fatal(err)
	}
	store, _ := results.Open(res.DB)
	defer store.Close()
	data, err := reports.Load(store)
	if err != nil {
		t.Fatal(err)
	}
	recall := map[string]float64{}
	for _, s := range data.Summary() {
		if s.Group == "all" && s.Metric == "recall_at_k" {
			recall[s.Strategy] = s.Mean
		}
	}
	if recall["oracle"] != 1 || recall["none"] != 0 || !(recall["flat-rag"] > 0) {
		t.Fatalf("recall = %v; want oracle 1, none 0, flat-rag > 0", recall)
	}
}

// mask removes the wall-clock parts of the report files.
func mask(t *testing.T, name string, b []byte) string {
	t.Helper()
	switch {
	case filepath.Base(name) == reports.FileLatencyChart:
		return "" // wall clock throughout
	case strings.HasSuffix(name, ".md"), strings.HasSuffix(name, ".html"):
		re := regexp.MustCompile(`(?s)` + regexp.QuoteMeta(reports.TimingBegin) + `.*?` + regexp.QuoteMeta(reports.TimingEnd))
		return re.ReplaceAllString(string(b), "")
	case strings.HasSuffix(name, ".csv"):
		recs, err := csv.NewReader(bytes.NewReader(b)).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		var keep []int
		for i, h := range recs[0] {
			if !strings.HasSuffix(h, "_ms") {
				keep = append(keep, i)
			}
		}
		var out strings.Builder
		for _, r := range recs {
			for _, i := range keep {
				out.WriteString(r[i] + "\x1f")
			}
			out.WriteString("\n")
		}
		return out.String()
	case strings.HasSuffix(name, ".json"):
		var m map[string]any
		if err := json.Unmarshal(b, &m); err != nil {
			t.Fatal(err)
		}
		delete(m, "timing")
		out, _ := json.Marshal(m)
		return string(out)
	}
	return string(b)
}

// TestDeterministicReports runs the same config twice and compares every
// report file, timing columns and sections aside.
func TestDeterministicReports(t *testing.T) {
	var strats []StrategyConfig
	for _, n := range strategies.Names() {
		if s, _ := strategies.Lookup(n); !strings.HasPrefix(n, "test-") && !s.NeedsParams {
			strats = append(strats, StrategyConfig{Name: n})
		}
	}
	run := func() *Result {
		cfg := testConfig(t, strats...)
		cfg.Scenarios = []string{"builtin:travel-planner"}
		res, err := Execute(context.Background(), cfg, Options{})
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	a, b := run(), run()
	for i := range a.Files {
		fa, _ := os.ReadFile(a.Files[i])
		fb, _ := os.ReadFile(b.Files[i])
		if len(fa) == 0 {
			t.Fatalf("%s is empty", a.Files[i])
		}
		if mask(t, a.Files[i], fa) != mask(t, b.Files[i], fb) {
			t.Errorf("%s differs between two runs of the same config", filepath.Base(a.Files[i]))
		}
	}
	if _, err := os.Readlink(filepath.Join(filepath.Dir(a.Dir), "latest")); err != nil {
		t.Errorf("latest link: %v", err)
	}
}

func TestInterruptKeepsFinishedCellsAndResumes(t *testing.T) {
	// Five cells on one worker, cancelled when the first is saved. The
	// worker may run ahead of the saving by a cell or two (the result
	// channel is buffered), so on a loaded machine more than one cell can
	// finish; not all five.
	const cells = 5
	cfg := testConfig(t, StrategyConfig{Name: "none"}, StrategyConfig{Name: "oracle"}, StrategyConfig{Name: "flat-rag"},
		StrategyConfig{Name: "recency"}, StrategyConfig{Name: "full-context"})
	cfg.Parallelism = 1
	ctx, cancel := context.WithCancel(context.Background())
	prog := &cancelAfter{n: 1, cancel: cancel}
	res, err := Execute(ctx, cfg, Options{Progress: prog})
	if err != nil {
		t.Fatal(err)
	}
	if !res.Outcome.Interrupted || res.Outcome.Done < 1 || res.Outcome.Done >= cells {
		t.Fatalf("outcome = %+v; want interrupted with 1–%d cells done", res.Outcome, cells-1)
	}
	md, _ := os.ReadFile(filepath.Join(res.Dir, reports.FileMarkdown))
	if !strings.Contains(string(md), "PARTIAL") {
		t.Fatal("partial report not marked")
	}
	stored, err := ConfigOfRun(res.Dir)
	if err != nil {
		t.Fatal(err)
	}
	if stored.Hash() != cfg.Hash() {
		t.Fatal("the stored config does not hash like the one the run started with")
	}
	res2, err := Execute(context.Background(), stored, Options{ResumeDir: res.Dir})
	if err != nil {
		t.Fatal(err)
	}
	if res2.Outcome.Skipped != res.Outcome.Done || res2.Outcome.Done+res2.Outcome.Skipped != cells {
		t.Fatalf("resume outcome = %+v", res2.Outcome)
	}
	other := testConfig(t, StrategyConfig{Name: "none"})
	var inErr *InputError
	if _, err := Execute(context.Background(), other, Options{ResumeDir: res.Dir}); !errors.As(err, &inErr) || !strings.Contains(err.Error(), "config differs") {
		t.Fatalf("resume with another config: %v", err)
	}
}

type cancelAfter struct {
	mu     sync.Mutex
	n      int
	cancel func()
}

func (c *cancelAfter) Start(int, int) {}
func (c *cancelAfter) Probe()         {}
func (c *cancelAfter) CellDone(CellSpec, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.n--
	if c.n == 0 {
		c.cancel()
	}
}

func TestConfigErrors(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		os.WriteFile(p, []byte(body), 0o644)
		return p
	}
	cases := map[string]string{
		write("unknown-field.yaml", "strategies:\n  - name: none\nbudgte: 10\n"):                 `unknown-field.yaml:3: budgte: unknown field "budgte" (did you mean "budget"?)`,
		write("unknown-strategy.yaml", "strategies:\n  - name: flat-rg\n"):                       `unknown strategy "flat-rg" (did you mean "flat-rag"?)`,
		write("bad-param.yaml", "strategies:\n  - name: flat-rag\n    params: {top_k: two}\n"):   `bad-param.yaml:3: strategies[0].params.top_k: want a number`,
		write("dup-label.yaml", "strategies:\n  - name: none\n  - name: none\n"):                 `already used by strategies[0]`,
		write("bad-scenario.yaml", "scenarios: [builtin:travel]\nstrategies:\n  - name: none\n"): `did you mean "travel-planner"?`,
		write("bad-reference.yaml", "reference: flat\nstrategies:\n  - name: none\n"):            `reference: "flat" is not the label of a strategy entry; want one of none`,
	}
	for path, want := range cases {
		_, err := LoadConfig(path)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: got %v, want %q", filepath.Base(path), err, want)
		}
	}
}

// TestShippedConfigsLoad checks every config in configs/ against the
// registry, so a renamed strategy or parameter cannot break `make bench`.
func TestShippedConfigsLoad(t *testing.T) {
	files, _ := filepath.Glob("../configs/*.yaml")
	if len(files) == 0 {
		t.Fatal("no configs found")
	}
	for _, f := range files {
		if _, err := LoadConfig(f); err != nil {
			t.Errorf("%v", err)
		}
	}
}
