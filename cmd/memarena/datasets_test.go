package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRunDatasets runs the CLI on the importers' test fixtures through a
// config with datasets entries, overriding the path and the subset with
// --data and --limit, and checks the dataset sections of the report.
func TestRunDatasets(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		name, config, data string
		extra              []string
		want               []string
	}{
		{"locomo", "datasets:\n  - kind: locomo\n    path: nowhere.json\nstrategies: [{name: none}, {name: oracle}]\n",
			"../../datasets/locomo/testdata/samples.json", []string{"--limit", "1"},
			[]string{"## LoCoMo (the dataset's own evaluation)", "samples.json` (sha256 ", "Label map: **official**",
				"subset: first 1 of 2 conversations", "| n        | 1           | 1          | 1             | 2            | 5                    | 6            | 1             | 4                   |"}},
		{"longmemeval", "datasets:\n  - kind: longmemeval\n    path: nowhere.json\nstrategies: [{name: none}, {name: oracle}]\n",
			"../../datasets/longmemeval/testdata/questions.json", []string{"--sample", "4"},
			[]string{"## LongMemEval-S (5/500) (the dataset's own evaluation)", "### Retrieval, session level — official protocol", "### Retrieval, turn level — official protocol",
				"### Retrieval, session level — memarena view (not the official protocol)",
				"kept per stratum:", "Questions skipped (per strategy): abstention question: 1"}},
	} {
		cfg := filepath.Join(dir, c.name+".yaml")
		if err := os.WriteFile(cfg, []byte(c.config), 0o644); err != nil {
			t.Fatal(err)
		}
		out := filepath.Join(dir, c.name)
		args := append([]string{"run", "-q", "--config", cfg, "--out", out, "--data", c.data}, c.extra...)
		if _, code := execute(t, args...); code != exitOK {
			t.Fatalf("%s: exit code %d", c.name, code)
		}
		rep, err := os.ReadFile(filepath.Join(out, "latest", "report.md"))
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range c.want {
			if !strings.Contains(string(rep), w) {
				t.Errorf("%s report lacks %q", c.name, w)
			}
		}
	}
	// --data needs a datasets entry.
	cfg := filepath.Join(dir, "plain.yaml")
	os.WriteFile(cfg, []byte("strategies: [{name: none}]\n"), 0o644)
	if _, code := execute(t, "run", "-q", "--config", cfg, "--out", dir, "--data", "x.json"); code != exitUsage {
		t.Errorf("--data without datasets: exit %d, want %d", code, exitUsage)
	}
}
