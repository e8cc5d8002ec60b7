package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestGateCommands runs the CI-gate path end to end through the CLI: two
// shards merged, a weakened strategy compared against the default with
// exit 4 and a readable comment, an unchanged rerun passing, and runs with
// different budgets refused.
func TestGateCommands(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	scen, _ := filepath.Abs("../../runner/testdata/minimal.yaml")
	cfg := func(topK int, budget int) string {
		return "name: g\nscenarios: [" + scen + "]\nbudget: " + strconv.Itoa(budget) + "\nstrategies:\n  - name: oracle\n  - name: flat-rag\n    params: {top_k: " + strconv.Itoa(topK) + ", chunk_turns: 1, overlap: 0}\n" +
			"thresholds:\n  \"*\": {regression: [recall@k]}\n"
	}
	good := write("good.yaml", cfg(8, 1024))
	weak := write("weak.yaml", cfg(1, 1024))
	other := write("other.yaml", cfg(8, 512))
	out := filepath.Join(dir, "out")
	run := func(config string, extra ...string) (string, int) {
		return execute(t, append([]string{"run", "-q", "--config", config, "--out", out}, extra...)...)
	}
	latest := func() string {
		p, err := filepath.EvalSymlinks(filepath.Join(out, "latest"))
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	if _, code := run(good); code != exitOK {
		t.Fatalf("baseline run: exit %d", code)
	}
	base := latest()
	if _, code := run(good, "--baseline", base); code != exitOK {
		t.Fatalf("unchanged rerun against the baseline: exit %d", code)
	}
	md, err := os.ReadFile(filepath.Join(latest(), "compare.md"))
	if err != nil || !strings.Contains(string(md), "no significant change") {
		t.Fatalf("rerun compare.md: %v\n%s", err, md)
	}
	if _, code := run(weak); code != exitOK {
		t.Fatalf("weak run: exit %d", code)
	}
	weakDir := latest()
	stdout, code := execute(t, "compare", base, weakDir, "--json", filepath.Join(dir, "c.json"))
	if code != exitThresholds {
		t.Fatalf("compare with a weakened flat-rag: exit %d, want %d\n%s", code, exitThresholds, stdout)
	}
	if !strings.Contains(stdout, "❌ thresholds failed") || !strings.Contains(stdout, "`flat-rag` — R@k regressed") {
		t.Errorf("comment:\n%s", stdout)
	}
	if _, err := os.Stat(filepath.Join(dir, "c.json")); err != nil {
		t.Error(err)
	}
	if _, code := run(other); code != exitOK {
		t.Fatalf("other-budget run: exit %d", code)
	}
	if _, code := execute(t, "compare", base, latest()); code != exitUsage {
		t.Errorf("runs at different budgets compared: exit %d, want %d", code, exitUsage)
	}
	if _, code := execute(t, "compare", "--allow-mismatch", "-q", base, latest()); code != exitOK {
		t.Errorf("--allow-mismatch: exit %d, want 0", code)
	}

	// Two shards merged through the CLI.
	shards := filepath.Join(dir, "shards")
	for _, s := range []string{"1/2", "2/2"} {
		if _, code := execute(t, "run", "-q", "--config", good, "--out", shards, "--shard", s); code != exitOK {
			t.Fatalf("shard %s: exit %d", s, code)
		}
	}
	ents, _ := filepath.Glob(filepath.Join(shards, "g-*"))
	if _, code := execute(t, "merge", "--out", filepath.Join(dir, "merged"), ents[0], ents[1]); code != exitOK {
		t.Fatalf("merge: exit %d", code)
	}
	if _, code := execute(t, "run", "-q", "--config", good, "--shard", "3/2"); code != exitUsage {
		t.Errorf("--shard 3/2: exit %d, want %d", code, exitUsage)
	}
}
