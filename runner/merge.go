package runner

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/memarena/memarena/internal/results"
	"github.com/memarena/memarena/reports"
)

// shardRun is one shard's run directory as read by Merge.
type shardRun struct {
	dir    string
	db     string
	meta   results.RunMeta
	shard  results.ShardMeta
	status results.RunStatus
	timing results.RunTiming
	stats  map[string]int64
	keys   []string
}

func readShard(dir string) (*shardRun, error) {
	db := dir
	if st, err := os.Stat(dir); err == nil && st.IsDir() {
		db = filepath.Join(dir, "results.db")
	}
	store, err := results.OpenReadOnly(db)
	if err != nil {
		return nil, err
	}
	defer store.Close()
	s := &shardRun{dir: dir, db: db}
	if err := store.GetJSON("run", &s.meta); err != nil {
		return nil, fmt.Errorf("%s: %w", db, err)
	}
	if err := store.GetJSON(results.MetaShard, &s.shard); err != nil {
		return nil, fmt.Errorf("%s: not a shard of a run (run it with --shard i/n): %w", db, err)
	}
	if err := store.GetJSON("status", &s.status); err != nil {
		return nil, fmt.Errorf("%s: %w", db, err)
	}
	_ = store.GetJSON("timing", &s.timing) // timing is optional for merging
	if err := store.GetJSON(reports.MetaBackendStats, &s.stats); err != nil {
		s.stats = nil
	}
	if s.keys, err = store.CellKeys(); err != nil {
		return nil, fmt.Errorf("%s: %w", db, err)
	}
	return s, nil
}

// sameRun names the first field in which two shards' run metadata differ
// ("" when they describe the same run): config, data, backend, prompts and
// source tree must all agree for their cells to belong to one report.
func sameRun(a, b results.RunMeta) string {
	j := func(v any) string { x, _ := json.Marshal(v); return string(x) }
	switch {
	case a.ConfigHash != b.ConfigHash:
		return fmt.Sprintf("config (sha256 %s vs %s)", short(a.ConfigHash), short(b.ConfigHash))
	case j(a.Scenarios) != j(b.Scenarios):
		return "scenarios (ids or sha256)"
	case j(a.Imports) != j(b.Imports):
		return "dataset imports (files, sha256 or selection)"
	case a.Backend != b.Backend || j(a.Models) != j(b.Models):
		return fmt.Sprintf("backend (%s vs %s)", a.Backend, b.Backend)
	case a.Judge != b.Judge:
		return fmt.Sprintf("judge (%q vs %q)", a.Judge, b.Judge)
	case a.Embedder != b.Embedder || a.Tokenizer != b.Tokenizer:
		return "embedder or tokenizer"
	case j(a.PromptVersions) != j(b.PromptVersions):
		return "prompt template versions"
	case a.Git.Commit != b.Git.Commit || a.Git.Dirty != b.Git.Dirty:
		return fmt.Sprintf("source tree (commit %s dirty=%v vs %s dirty=%v)", short(a.Git.Commit), a.Git.Dirty, short(b.Git.Commit), b.Git.Dirty)
	}
	return ""
}

// Merge builds one run directory at out from the run directories (or
// results.db files) of every shard of one run: it checks that the shards
// ran the same config on the same data, backend, prompts and source tree,
// that they are distinct shards of one split, and that together they hold
// every cell of the run exactly once; then it copies their cells into a new
// results.db and writes the reports. The merged reports equal those of the
// unsharded run, timing aside. out must not exist or be empty.
func Merge(dirs []string, out string) (*Result, error) {
	if len(dirs) == 0 {
		return nil, &InputError{fmt.Errorf("merge: no shard directories given")}
	}
	var shards []*shardRun
	for _, d := range dirs {
		s, err := readShard(d)
		if err != nil {
			return nil, &InputError{fmt.Errorf("merge: %w", err)}
		}
		shards = append(shards, s)
	}
	sort.SliceStable(shards, func(i, j int) bool { return shards[i].shard.Index < shards[j].shard.Index })
	first := shards[0]
	seenIdx := map[int]string{}
	owner := map[string]string{}
	for _, s := range shards {
		if diff := sameRun(first.meta, s.meta); diff != "" {
			return nil, &InputError{fmt.Errorf("merge: %s and %s are not shards of one run: they differ in %s", first.dir, s.dir, diff)}
		}
		if s.shard.Count != first.shard.Count || strings.Join(s.shard.AllCells, "\n") != strings.Join(first.shard.AllCells, "\n") {
			return nil, &InputError{fmt.Errorf("merge: %s (shard %d/%d) and %s (shard %d/%d) come from different splits", first.dir, first.shard.Index, first.shard.Count, s.dir, s.shard.Index, s.shard.Count)}
		}
		if prev, dup := seenIdx[s.shard.Index]; dup {
			return nil, &InputError{fmt.Errorf("merge: shard %d/%d given twice (%s and %s)", s.shard.Index, s.shard.Count, prev, s.dir)}
		}
		seenIdx[s.shard.Index] = s.dir
		for _, k := range s.keys {
			if prev, dup := owner[k]; dup {
				return nil, &InputError{fmt.Errorf("merge: cell %q is in both %s and %s", k, prev, s.dir)}
			}
			owner[k] = s.dir
		}
	}
	var missing []string
	for _, k := range first.shard.AllCells {
		if _, ok := owner[k]; !ok {
			missing = append(missing, k)
		}
	}
	if len(missing) > 0 {
		var absent []string
		for i := 1; i <= first.shard.Count; i++ {
			if _, ok := seenIdx[i]; !ok {
				absent = append(absent, fmt.Sprintf("%d/%d", i, first.shard.Count))
			}
		}
		hint := "finish the shards that failed or were interrupted (memarena run --resume DIR --shard i/n)"
		if len(absent) > 0 {
			hint = "shards not given: " + strings.Join(absent, ", ")
		}
		show := missing
		if len(show) > 5 {
			show = append(show[:5:5], fmt.Sprintf("… %d more", len(missing)-5))
		}
		return nil, &InputError{fmt.Errorf("merge: %d of %d cells are missing (%s): %s", len(missing), len(first.shard.AllCells), hint, strings.Join(show, ", "))}
	}
	if len(owner) != len(first.shard.AllCells) {
		return nil, &InputError{fmt.Errorf("merge: the shards hold %d cells, the run has %d", len(owner), len(first.shard.AllCells))}
	}

	if err := os.MkdirAll(out, 0o755); err != nil {
		return nil, err
	}
	if ents, err := os.ReadDir(out); err != nil {
		return nil, err
	} else if len(ents) > 0 {
		return nil, &InputError{fmt.Errorf("merge: output directory %s is not empty", out)}
	}
	dbPath := filepath.Join(out, "results.db")
	store, err := results.Open(dbPath)
	if err != nil {
		return nil, err
	}
	defer store.Close()
	if err := store.PutJSON("run", first.meta); err != nil {
		return nil, err
	}
	status := results.RunStatus{Cells: len(first.shard.AllCells), Done: len(owner)}
	var started, finished time.Time
	var stats map[string]int64
	for _, s := range shards {
		if _, err := store.ImportCells(s.db); err != nil {
			return nil, err
		}
		status.Failed = append(status.Failed, s.status.Failed...)
		status.Interrupted = status.Interrupted || s.status.Interrupted
		if t, err := time.Parse(time.RFC3339, s.timing.Started); err == nil && (started.IsZero() || t.Before(started)) {
			started = t
		}
		if t, err := time.Parse(time.RFC3339, s.timing.Finished); err == nil && t.After(finished) {
			finished = t
		}
		for k, v := range s.stats {
			if stats == nil {
				stats = map[string]int64{}
			}
			stats[k] += v
		}
	}
	sort.Strings(status.Failed)
	if err := store.PutJSON("status", status); err != nil {
		return nil, err
	}
	timing := results.RunTiming{}
	if !started.IsZero() && !finished.IsZero() {
		timing = results.RunTiming{Started: started.UTC().Format(time.RFC3339), Finished: finished.UTC().Format(time.RFC3339), WallSeconds: finished.Sub(started).Seconds()}
	}
	if err := store.PutJSON("timing", timing); err != nil {
		return nil, err
	}
	if stats != nil {
		if err := store.PutJSON(reports.MetaBackendStats, stats); err != nil {
			return nil, err
		}
	}
	data, err := reports.Load(store)
	if err != nil {
		return nil, err
	}
	files, err := data.Write(out)
	if err != nil {
		return nil, err
	}
	return &Result{Dir: out, DB: dbPath, Files: files, Outcome: Outcome{Done: len(owner)}}, nil
}
