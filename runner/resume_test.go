package runner

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memarena/memarena/datasets"
	"github.com/memarena/memarena/internal/results"
)

// TestResumeRefusesChangedInputs: a resumed run re-reads its scenarios and
// datasets and refuses when any file changed since the run started,
// naming the file — otherwise finished cells would score the old data and
// new cells the new.
func TestResumeRefusesChangedInputs(t *testing.T) {
	copyFile := func(t *testing.T, from, to string) {
		b, err := os.ReadFile(from)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(to, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	edit := func(t *testing.T, path, old, new string) {
		b, _ := os.ReadFile(path)
		if !strings.Contains(string(b), old) {
			t.Fatalf("%s has no %q", path, old)
		}
		os.WriteFile(path, []byte(strings.Replace(string(b), old, new, 1)), 0o644)
	}
	cases := []struct {
		name string
		// setup writes the inputs into dir and returns the config; change
		// edits them after the first run and returns the file named in
		// the error ("" = no change, the resume must succeed).
		setup  func(t *testing.T, dir string) *Config
		change func(t *testing.T, dir string) string
	}{
		{"unchanged scenario file", scenarioSetup(copyFile), func(*testing.T, string) string { return "" }},
		{"scenario file", scenarioSetup(copyFile), func(t *testing.T, dir string) string {
			p := filepath.Join(dir, "minimal.yaml")
			edit(t, p, "I prefer Postgres", "I prefer MySQL")
			return "scenario file " + p + " changed"
		}},
		{"unchanged dataset", datasetSetup(copyFile, false), func(*testing.T, string) string { return "" }},
		{"dataset file", datasetSetup(copyFile, false), func(t *testing.T, dir string) string {
			p := filepath.Join(dir, "conv-a.json")
			edit(t, p, "support group", "book club")
			return "dataset file " + p + " changed"
		}},
		{"one file of a dataset directory", datasetSetup(copyFile, true), func(t *testing.T, dir string) string {
			p := filepath.Join(dir, "data", "conv-a.json")
			edit(t, p, "support group", "book club")
			return "dataset file " + p + " changed"
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			cfg := tc.setup(t, dir)
			res, err := Execute(context.Background(), cfg, Options{})
			if err != nil {
				t.Fatal(err)
			}
			want := tc.change(t, dir)
			stored, err := ConfigOfRun(res.Dir)
			if err != nil {
				t.Fatal(err)
			}
			_, err = Execute(context.Background(), stored, Options{ResumeDir: res.Dir})
			if want == "" {
				if err != nil {
					t.Fatalf("resume of an unchanged run: %v", err)
				}
				return
			}
			var inErr *InputError
			if !errors.As(err, &inErr) || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), "start a new run") {
				t.Fatalf("resume after a change: %v; want an input error naming %q", err, want)
			}
		})
	}
}

func scenarioSetup(copyFile func(*testing.T, string, string)) func(*testing.T, string) *Config {
	return func(t *testing.T, dir string) *Config {
		p := filepath.Join(dir, "minimal.yaml")
		copyFile(t, "testdata/minimal.yaml", p)
		cfg := &Config{Name: "resume", Scenarios: []string{p}, Strategies: []StrategyConfig{{Name: "none"}}, Output: filepath.Join(dir, "out"), Bootstrap: 50}
		cfg.Defaults()
		return cfg
	}
}

func datasetSetup(copyFile func(*testing.T, string, string), asDir bool) func(*testing.T, string) *Config {
	return func(t *testing.T, dir string) *Config {
		path := filepath.Join(dir, "conv-a.json")
		if asDir {
			path = filepath.Join(dir, "data")
			os.Mkdir(path, 0o755)
			copyFile(t, "../datasets/locomo/testdata/conv-a.json", filepath.Join(path, "conv-a.json"))
			b, _ := os.ReadFile("../datasets/locomo/testdata/conv-a.json")
			os.WriteFile(filepath.Join(path, "conv-b.json"), []byte(strings.Replace(string(b), `"sample_id": "conv-a"`, `"sample_id": "conv-b"`, 1)), 0o644)
		} else {
			copyFile(t, "../datasets/locomo/testdata/conv-a.json", path)
		}
		cfg := &Config{Name: "resume", Datasets: []datasets.Spec{{Kind: "locomo", Path: path}}, Strategies: []StrategyConfig{{Name: "none"}}, Output: filepath.Join(dir, "out"), Bootstrap: 50}
		cfg.Defaults()
		return cfg
	}
}

// TestExecuteRefusesLockedRunDir: while a process writes a run, a resume
// of the same directory fails at once, naming that process, and computes
// nothing; once the lock is free the resume proceeds.
func TestExecuteRefusesLockedRunDir(t *testing.T) {
	cfg := testConfig(t, StrategyConfig{Name: "none"})
	res, err := Execute(context.Background(), cfg, Options{})
	if err != nil {
		t.Fatal(err)
	}
	lock, err := results.LockDir(res.Dir)
	if err != nil {
		t.Fatal(err)
	}
	_, err = Execute(context.Background(), cfg, Options{ResumeDir: res.Dir})
	var inErr *InputError
	want := fmt.Sprintf("run directory %s is in use by process %d", res.Dir, os.Getpid())
	if !errors.As(err, &inErr) || !strings.Contains(err.Error(), want) {
		t.Fatalf("resume of a locked run: %v; want %q", err, want)
	}
	lock.Release()
	res2, err := Execute(context.Background(), cfg, Options{ResumeDir: res.Dir})
	if err != nil || res2.Outcome.Skipped != 1 || res2.Outcome.Done != 0 {
		t.Fatalf("resume after release: %+v, %v", res2, err)
	}
}

// TestResumeThroughLatest: resuming <output>/latest goes on in the run it
// links to, and latest still links to that run afterwards.
func TestResumeThroughLatest(t *testing.T) {
	cfg := testConfig(t, StrategyConfig{Name: "none"})
	res, err := Execute(context.Background(), cfg, Options{})
	if err != nil {
		t.Fatal(err)
	}
	latest := filepath.Join(cfg.Output, "latest")
	res2, err := Execute(context.Background(), cfg, Options{ResumeDir: latest})
	if err != nil || res2.Outcome.Skipped != 1 {
		t.Fatalf("resume through latest: %+v, %v", res2, err)
	}
	target, err := os.Readlink(latest)
	if err != nil || target != filepath.Base(res.Dir) {
		t.Fatalf("latest links to %q (%v), want %q", target, err, filepath.Base(res.Dir))
	}
	if _, err := os.Stat(filepath.Join(latest, "results.db")); err != nil {
		t.Fatalf("latest does not resolve to the run: %v", err)
	}
}
