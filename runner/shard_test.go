package runner

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memarena/memarena/scenarios"
)

func TestParseShard(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want Shard
		err  string
	}{
		{"1/4", Shard{1, 4}, ""},
		{" 4/4 ", Shard{4, 4}, ""},
		{"0/4", Shard{}, "1 ≤ i ≤ n"},
		{"5/4", Shard{}, "1 ≤ i ≤ n"},
		{"2", Shard{}, "want i/n"},
		{"a/b", Shard{}, "want i/n"},
	} {
		got, err := ParseShard(tc.in)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("ParseShard(%q) error = %v; want %q", tc.in, err, tc.err)
			}
			continue
		}
		if err != nil || got != tc.want {
			t.Errorf("ParseShard(%q) = %v, %v; want %v", tc.in, got, err, tc.want)
		}
	}
}

// cellOfCost builds a cell whose scenario has cost turns (no probes).
func cellOfCost(key string, cost int) CellSpec {
	s := &scenarios.Scenario{Sessions: []scenarios.Session{{Turns: make([]scenarios.Turn, cost)}}}
	return CellSpec{Key: key, Scenario: s}
}

func TestShardSelectIsLPTPartition(t *testing.T) {
	// Costs in plan order a2 b7 c4 d3 e5 f2; longest first (stable) to the
	// least loaded shard, ties to the lower index: b→1 (7), e→2 (5),
	// c→2 (9), d→1 (10), a→2 (11), f→1 (12).
	cells := []CellSpec{cellOfCost("a", 2), cellOfCost("b", 7), cellOfCost("c", 4), cellOfCost("d", 3), cellOfCost("e", 5), cellOfCost("f", 2)}
	keys := func(cs []CellSpec) string {
		var k []string
		for _, c := range cs {
			k = append(k, c.Key)
		}
		return strings.Join(k, ",")
	}
	if got := keys(Shard{1, 2}.Select(cells)); got != "b,d,f" {
		t.Errorf("shard 1/2 = %s; want b,d,f", got)
	}
	if got := keys(Shard{2, 2}.Select(cells)); got != "a,c,e" {
		t.Errorf("shard 2/2 = %s; want a,c,e", got)
	}
	if got := keys(Shard{}.Select(cells)); got != "a,b,c,d,e,f" {
		t.Errorf("zero shard = %s; want every cell", got)
	}
}

// TestShardsMergeToTheUnshardedReports runs one config unsharded and as 4
// shards, merges the shards, and compares every report file, timing aside.
func TestShardsMergeToTheUnshardedReports(t *testing.T) {
	var strats []StrategyConfig
	for _, n := range []string{"none", "recency", "oracle", "flat-rag"} {
		strats = append(strats, StrategyConfig{Name: n})
	}
	// An oracle-extraction entry: its cells carry per-cell metadata (the
	// gold it received) that merging must copy too.
	strats = append(strats, StrategyConfig{Name: "flat-rag", Label: "flat-rag-oracle", Extraction: "oracle"})
	cfg := testConfig(t, strats...)
	cfg.Scenarios = []string{"builtin:travel-planner", "testdata/minimal.yaml"}
	full, err := Execute(context.Background(), cfg, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var dirs []string
	total := 0
	for i := 1; i <= 4; i++ {
		res, err := Execute(context.Background(), cfg, Options{Shard: Shard{i, 4}})
		if err != nil {
			t.Fatal(err)
		}
		total += res.Outcome.Done
		dirs = append(dirs, res.Dir)
	}
	if total != len(strats)*2 {
		t.Fatalf("shards ran %d cells; want %d", total, len(strats)*2)
	}
	// A missing shard is refused, naming it.
	if _, err := Merge(dirs[:3], filepath.Join(t.TempDir(), "m")); err == nil || !strings.Contains(err.Error(), "4/4") {
		t.Fatalf("merge of 3 of 4 shards: err = %v; want the missing shard named", err)
	}
	// A shard given twice is refused.
	if _, err := Merge(append(dirs[:1:1], dirs[0]), filepath.Join(t.TempDir(), "m")); err == nil || !strings.Contains(err.Error(), "given twice") {
		t.Fatalf("merge with a duplicate shard: err = %v", err)
	}
	merged, err := Merge([]string{dirs[3], dirs[1], dirs[0], dirs[2]}, filepath.Join(t.TempDir(), "merged"))
	if err != nil {
		t.Fatal(err)
	}
	if len(merged.Files) != len(full.Files) {
		t.Fatalf("merged wrote %d files, unsharded %d", len(merged.Files), len(full.Files))
	}
	for i := range full.Files {
		fa, _ := os.ReadFile(full.Files[i])
		fb, err := os.ReadFile(merged.Files[i])
		if err != nil {
			t.Fatal(err)
		}
		if mask(t, full.Files[i], fa) != mask(t, merged.Files[i], fb) {
			t.Errorf("%s of the merged shards differs from the unsharded run", filepath.Base(full.Files[i]))
		}
	}
}

func TestShardsOfDifferentConfigsDoNotMerge(t *testing.T) {
	a := testConfig(t, StrategyConfig{Name: "none"}, StrategyConfig{Name: "recency"})
	b := testConfig(t, StrategyConfig{Name: "none"}, StrategyConfig{Name: "recency"})
	b.Budget = 512
	ra, err := Execute(context.Background(), a, Options{Shard: Shard{1, 2}})
	if err != nil {
		t.Fatal(err)
	}
	rb, err := Execute(context.Background(), b, Options{Shard: Shard{2, 2}})
	if err != nil {
		t.Fatal(err)
	}
	_, err = Merge([]string{ra.Dir, rb.Dir}, filepath.Join(t.TempDir(), "m"))
	if err == nil || !strings.Contains(err.Error(), "differ in config") {
		t.Fatalf("err = %v; want a config mismatch", err)
	}
	// Resuming a shard with another shard index is refused.
	if _, err := Execute(context.Background(), a, Options{ResumeDir: ra.Dir, Shard: Shard{2, 2}}); err == nil || !strings.Contains(err.Error(), "--shard 1/2") {
		t.Fatalf("resume with another shard: err = %v", err)
	}
}
