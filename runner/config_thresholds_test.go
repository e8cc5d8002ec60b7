package runner

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memarena/memarena/gate"
	"github.com/memarena/memarena/metrics"
)

func TestThresholdsFromConfigFile(t *testing.T) {
	dir := t.TempDir()
	write := func(body string) string {
		p := filepath.Join(dir, "c.yaml")
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	good := write(`name: th
scenarios: [builtin:travel-planner]
strategies:
  - name: flat-rag
  - name: none
thresholds:
  flat-rag: {"recall@k": ">= 0.70", "stale_rate": "<= 0.05"}
  "*": {regression: ["recall@k", "f1", "task_success"]}
`)
	cfg, err := LoadConfig(good)
	if err != nil {
		t.Fatal(err)
	}
	g, err := cfg.Gate()
	if err != nil {
		t.Fatal(err)
	}
	want := []gate.Bound{
		{Label: "flat-rag", Metric: metrics.RecallAtK, Op: ">=", Value: 0.70, Expr: ">= 0.70"},
		{Label: "flat-rag", Metric: metrics.StaleFactRate, Op: "<=", Value: 0.05, Expr: "<= 0.05"},
	}
	if len(g.Bounds) != 2 || g.Bounds[0] != want[0] || g.Bounds[1] != want[1] {
		t.Errorf("bounds = %+v; want %+v", g.Bounds, want)
	}
	if got := strings.Join(g.Regression["*"], ","); got != "recall_at_k,answer_f1,task_success" {
		t.Errorf("regression = %s", got)
	}
	// Thresholds do not change results: they stay out of the config hash.
	plain := *cfg
	plain.Thresholds = nil
	if plain.Hash() != cfg.Hash() {
		t.Error("thresholds changed the config hash")
	}

	bad := write(`name: th
scenarios: [builtin:travel-planner]
strategies:
  - name: flat-rag
thresholds:
  flat-rag:
    recal@k: ">= 0.7"
    f1: "about 3"
  flatrag: {f1: "> 0.1"}
`)
	_, err = LoadConfig(bad)
	if err == nil {
		t.Fatal("bad thresholds accepted")
	}
	for _, w := range []string{
		bad + `:7: thresholds.flat-rag.recal@k: unknown metric "recal@k" (did you mean "recall@k"?)`,
		bad + `:8: thresholds.flat-rag.f1: expression "about 3"`,
		bad + `:9: thresholds.flatrag: no strategy of the run has this label (did you mean "flat-rag"?)`,
	} {
		if !strings.Contains(err.Error(), w) {
			t.Errorf("error lacks %q:\n%v", w, err)
		}
	}
}
