package runner

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memarena/memarena/metrics"
)

func TestParseBound(t *testing.T) {
	for _, tc := range []struct {
		in   string
		op   string
		v    float64
		hold []float64
		fail []float64
		err  string
	}{
		{">= 0.70", ">=", 0.70, []float64{0.70, 0.9}, []float64{0.69}, ""},
		{"<=0.05", "<=", 0.05, []float64{0.05, 0}, []float64{0.051}, ""},
		{"≥ 1", ">=", 1, []float64{1}, []float64{0.99}, ""},
		{"> 0.5", ">", 0.5, []float64{0.51}, []float64{0.5}, ""},
		{"< 2", "<", 2, []float64{1}, []float64{2}, ""},
		{"== 0", "==", 0, []float64{0}, []float64{0.1}, ""},
		{"about 3", "", 0, nil, nil, "want an operator"},
		{">= x", "", 0, nil, nil, `"x" is not a number`},
	} {
		op, v, err := ParseBound(tc.in)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("ParseBound(%q) err = %v; want %q", tc.in, err, tc.err)
			}
			continue
		}
		if err != nil || op != tc.op || v != tc.v {
			t.Errorf("ParseBound(%q) = %q %v %v; want %q %v", tc.in, op, v, err, tc.op, tc.v)
			continue
		}
		b := Bound{Op: op, Value: v}
		for _, x := range tc.hold {
			if !b.Holds(x) {
				t.Errorf("%q should hold for %v", tc.in, x)
			}
		}
		for _, x := range tc.fail {
			if b.Holds(x) {
				t.Errorf("%q should fail for %v", tc.in, x)
			}
		}
	}
}

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
	want := []Bound{{"flat-rag", metrics.RecallAtK, ">=", 0.70, ">= 0.70"}, {"flat-rag", metrics.StaleFactRate, "<=", 0.05, "<= 0.05"}}
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
