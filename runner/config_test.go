package runner

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestConfigZerosAreNotDefaults: a defaulted field written as zero, empty
// or without a value is an error naming the file, line and field — the
// same value given as a flag is rejected too — while leaving the field out
// keeps its default.
func TestConfigZerosAreNotDefaults(t *testing.T) {
	const strat = "strategies:\n  - name: none\n"
	cases := []struct {
		body string
		want string // "" = loads
	}{
		{strat, ""},
		{strat + "budget: 0\n", "z.yaml:3: budget: 0 would silently mean the default (1024); give at least 16 tokens, or leave the field out"},
		{strat + "k: 0\n", "z.yaml:3: k: 0 would silently mean the default (10)"},
		{strat + "seeds: []\n", "z.yaml:3: seeds: [] would silently mean the default ([1])"},
		{strat + "seeds:\n", "z.yaml:3: seeds: no value would silently mean the default ([1])"},
		{strat + "recent: 0\n", "z.yaml:3: recent: 0 would silently mean the default (6)"},
		{strat + "embed_dim: 0\n", "z.yaml:3: embed_dim: 0 would silently mean the default (512)"},
		{strat + "bootstrap: 0\n", "z.yaml:3: bootstrap: 0 would silently mean the default (1000)"},
		{strat + "reader: {threshold: 0.0}\n", "z.yaml:3: reader.threshold: 0.0 would silently mean the default (the per-answer-type thresholds, reader.Threshold)"},
		{strat + "name: \"\"\n", `z.yaml:3: name: "" would silently mean the default (the file name)`},
		{strat + "extraction: \"\"\n", `z.yaml:3: extraction: "" would silently mean the default (model)`},
		{strat + "backend: {kind: \"\"}\n", `z.yaml:3: backend.kind: "" would silently mean the default (offline)`},
		{strat + "scenarios: []\n", "z.yaml:3: scenarios: [] would silently mean the default (builtin)"},
		{"strategies:\n  - {name: none, label: \"\"}\n", `z.yaml:2: strategies[0].label: "" would silently mean the default (the strategy's name)`},
		{strat + "datasets: [{kind: locomo, path: x.json, seed: 0}]\n", "z.yaml:3: datasets[0].seed: 0 would silently mean the default (the run's first seed)"},
		// Zeros that mean something stay allowed.
		{strat + "parallelism: 0\n", ""},
		{"strategies:\n  - {name: none, budget: 0}\n", ""},
		{strat + "datasets: [{kind: locomo, path: x.json, limit: 0, sample: 0}]\n", ""},
		// Several at once, each with its line.
		{strat + "budget: 0\nk: 0\n", "z.yaml:3: budget: 0 would silently mean the default (1024); give at least 16 tokens, or leave the field out\nconfig z.yaml:4: k: 0"},
	}
	for _, tc := range cases {
		_, err := loadConfigText(t, tc.body)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%q: %v", tc.body, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%q: got %v, want %q", tc.body, err, tc.want)
		}
	}
	cfg, err := loadConfigText(t, strat)
	if err != nil || cfg.Budget != 1024 || cfg.K != 10 || len(cfg.Seeds) != 1 || cfg.Seeds[0] != 1 || cfg.Recent != 6 {
		t.Fatalf("defaults: %+v, %v", cfg, err)
	}
}

// TestConfigErrorsNameFileLineField: every problem of a config is shown
// at once, with the file, the line and the field — structural ones
// (unknown fields, values of the wrong kind) and the registry's (unknown
// strategy, bad or inconsistent parameters), which a run would otherwise
// meet only when a cell starts.
func TestConfigErrorsNameFileLineField(t *testing.T) {
	cases := []struct {
		body string
		want []string
	}{
		{"seeds: 5\nstrategies:\n  - name: none\n", []string{"z.yaml:1: seeds: want a list of integers, got the number 5"}},
		{"strategies:\n  - name: none\n  - name: flat-rg\n", []string{`z.yaml:3: strategies[1].name: unknown strategy "flat-rg" (did you mean "flat-rag"?)`}},
		{"strategies:\n  - name: flat-rag\n    params: {overlap: 2, chunk_turns: 2}\n", []string{"z.yaml:3: strategies[0].params.overlap: 2 must be smaller than chunk_turns (2)"}},
		{"strategies:\n  - name: flat-rag\n    params:\n      top_kk: 3\n", []string{`z.yaml:4: strategies[0].params.top_kk: unknown parameter (did you mean "top_k"?)`}},
		{"budgte: 10\nseeds: [1, two]\nstrategies:\n  - {name: none, lable: x}\nreader: {threshold: high}\n", []string{
			`z.yaml:1: budgte: unknown field "budgte" (did you mean "budget"?)`,
			"z.yaml:2: seeds[1]: want an integer, got the text \"two\"",
			`z.yaml:4: strategies[0].lable: unknown field "lable" (did you mean "label"?)`,
			`z.yaml:5: reader.threshold: want a number, got the text "high"`,
		}},
		{"strategies:\n  - name: none\n  - name: none\nbudget: 8\nseeds: [1, 1]\nextraction: orcale\n", []string{
			`z.yaml:3: strategies[1].label: "none" already used by strategies[0]`,
			"z.yaml:4: budget: 8 tokens; want at least 16",
			"z.yaml:5: seeds[1]: seed 1 listed twice",
			`z.yaml:6: extraction: "orcale"; want model or oracle`,
		}},
		{"strategies:\n  - name: none\ndatasets:\n  - {kind: locomoo, path: x.json}\n", []string{`z.yaml:4: datasets[0].kind: unknown dataset kind "locomoo" (did you mean "locomo"?)`}},
		{"\xef\xbb\xbfstrategies:\n  - name: none\n", nil},
		{"strategies:\n  - name: none\n---\nbudget: 5\n", []string{"z.yaml:3: a second YAML document starts here"}},
		{"strategies: [" + strings.Repeat("[", 40) + "\n", []string{"z.yaml:1: nested more than 32 levels deep"}},
		{"name: caf\xe9\nstrategies:\n  - name: none\n", []string{"z.yaml:1: invalid UTF-8"}},
		{"# nothing\n", []string{"z.yaml:1: the file holds no YAML mapping"}},
	}
	for _, tc := range cases {
		_, err := loadConfigText(t, tc.body)
		if len(tc.want) == 0 {
			if err != nil {
				t.Errorf("%q: %v", tc.body, err)
			}
			continue
		}
		var ce *ConfigError
		if !errors.As(err, &ce) {
			t.Errorf("%q: error %v is not a *ConfigError", tc.body, err)
			continue
		}
		for _, w := range tc.want {
			if !strings.Contains(err.Error(), "config "+w) {
				t.Errorf("%q: missing %q in:\n%v", tc.body, w, err)
			}
		}
		if len(ce.Problems) != len(tc.want) {
			t.Errorf("%q: %d problems, want %d:\n%v", tc.body, len(ce.Problems), len(tc.want), err)
		}
	}
}

// loadConfigText loads body as the config file z.yaml in the working
// directory's view (relative name, so errors read "z.yaml:LINE").
func loadConfigText(t *testing.T, body string) (*Config, error) {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "z.yaml"), []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	wd, _ := os.Getwd()
	if err := os.Chdir(dir); err != nil {
		t.Fatal(err)
	}
	defer os.Chdir(wd)
	return LoadConfig("z.yaml")
}
