package runner

import (
	"context"
	"encoding/json"
	"fmt"
	offlinemodel "github.com/memarena/memarena/internal/offline"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	"time"

	"github.com/memarena/memarena/internal/backends"
	"github.com/memarena/memarena/internal/judge"
	"github.com/memarena/memarena/internal/model"
	"github.com/memarena/memarena/internal/results"
	"github.com/memarena/memarena/internal/tokenizer"
	"github.com/memarena/memarena/reports"
	"github.com/memarena/memarena/scenarios"
	"github.com/memarena/memarena/strategies"
)

// Options control one execution of a config.
type Options struct {
	// ResumeDir, when set, continues the run in that directory: finished
	// cells are kept, the rest are run. The config must hash the same.
	ResumeDir string
	// Progress receives events (nil: none).
	Progress Progress
	// Now stamps the run id and timing (nil: time.Now).
	Now func() time.Time
	// NoCache turns the backend's response cache off for this execution
	// (backend option cache: off; not part of the config hash). Ignored by
	// the offline backend, which has no cache.
	NoCache bool
	// Observe is called around every write-side call (see Env.Observe);
	// nil: none.
	Observe func(cellKey string, phase Phase) (done func())
	// Shard runs only one deterministic slice of the cells (see Shard);
	// the zero value runs every cell. A shard's run directory is a normal
	// run directory that also records the shard and the keys of every cell
	// of the whole run, so `memarena merge` can check completeness. On
	// resume the stored shard is used and a different one is refused.
	Shard Shard
	// ReaderCases, when set, is a file every probe's reader case
	// (question, retrieved context, gold; see ReaderCase) is written to as
	// JSON lines: the input of the reader's calibration. Not part of the
	// config hash.
	ReaderCases string
}

// Result is what an execution produced.
type Result struct {
	// Dir is the run directory (out/<run-id>).
	Dir string
	// DB is the results database path.
	DB string
	// Files are the report files written.
	Files   []string
	Outcome Outcome
}

// Execute runs cfg end to end: it loads scenarios and datasets, creates (or
// reopens) the run directory and takes its write lock (results.LockDir: a
// second process writing the same run fails, naming the holder's PID),
// opens its results database, runs every cell,
// records metadata, status and timing, writes the reports, and points
// <output>/latest at the run. Reports are written even when the run was
// interrupted or some cells failed; the returned Outcome says so.
func Execute(ctx context.Context, cfg *Config, opts Options) (*Result, error) {
	now := opts.Now
	if now == nil {
		now = time.Now
	}
	started := now()
	tok, err := tokenizer.New(cfg.Tokenizer)
	if err != nil {
		return nil, &InputError{err}
	}
	if cfg.Tokenizer == "" {
		cfg.Tokenizer = tok.Name()
	}
	be, err := backends.New(cfg.Backend.Kind, BackendOptions(cfg, opts.NoCache), tok, cfg.EmbedDim)
	if err != nil {
		return nil, &InputError{fmt.Errorf("backend: %w", err)}
	}
	if be.Close != nil {
		defer be.Close()
	}
	plan, err := Expand(cfg)
	if err != nil {
		return nil, &InputError{err}
	}
	var shard *results.ShardMeta
	if !opts.Shard.All() {
		shard = &results.ShardMeta{Index: opts.Shard.Index, Count: opts.Shard.Count}
		for _, c := range plan.Cells {
			shard.AllCells = append(shard.AllCells, c.Key)
		}
		plan.Cells = opts.Shard.Select(plan.Cells)
	}
	dir := opts.ResumeDir
	if dir == "" {
		dir, err = newRunDir(cfg.Output, cfg.Name, started)
		if err != nil {
			return nil, err
		}
	} else if _, err := os.Stat(filepath.Join(dir, "results.db")); err != nil {
		return nil, &InputError{fmt.Errorf("resume %s: no results.db there (%v)", dir, err)}
	} else if real, err := filepath.EvalSymlinks(dir); err == nil {
		// "out/latest" names the run it links to: the run goes on
		// there, and latest keeps pointing at it (not at itself)
		dir = real
	}
	lock, err := results.LockDir(dir)
	if err != nil {
		return nil, &InputError{err}
	}
	defer lock.Release()
	dbPath := filepath.Join(dir, "results.db")
	store, err := results.Open(dbPath)
	if err != nil {
		return nil, err
	}
	defer store.Close()
	if opts.ResumeDir != "" {
		var old results.RunMeta
		if err := store.GetJSON("run", &old); err != nil {
			return nil, err
		}
		if old.ConfigHash != cfg.Hash() {
			return nil, &InputError{fmt.Errorf("resume %s: the config differs from the one the run started with (sha256 %s vs %s); start a new run instead", dir, short(old.ConfigHash), short(cfg.Hash()))}
		}
		if changed := changedInputs(old, plan); len(changed) > 0 {
			return nil, &InputError{fmt.Errorf("resume %s: the input changed since the run started, so finished and new cells would score different data; start a new run instead:\n  %s", dir, strings.Join(changed, "\n  "))}
		}
		var oldShard results.ShardMeta
		hadShard := store.GetJSON(results.MetaShard, &oldShard) == nil
		switch {
		case hadShard && (shard == nil || shard.Index != oldShard.Index || shard.Count != oldShard.Count):
			return nil, &InputError{fmt.Errorf("resume %s: the run is shard %d/%d; resume it with --shard %d/%d", dir, oldShard.Index, oldShard.Count, oldShard.Index, oldShard.Count)}
		case !hadShard && shard != nil:
			return nil, &InputError{fmt.Errorf("resume %s: the run is not sharded; drop --shard", dir)}
		}
	}
	if shard != nil {
		if err := store.PutJSON(results.MetaShard, shard); err != nil {
			return nil, err
		}
	}
	meta := buildMeta(cfg, plan, be)
	if err := store.PutJSON("run", meta); err != nil {
		return nil, err
	}
	if err := store.PutScenarioDocs(scenarioDocs(plan.Scenarios)); err != nil {
		return nil, err
	}
	if be.Offline {
		q, err := offlinemodel.New().Evaluate(ctx, plan.Scenarios)
		if err != nil {
			return nil, err
		}
		if err := store.PutJSON(reports.MetaExtractionQuality, q); err != nil {
			return nil, err
		}
	}
	env := Env{Backend: be, Tokenizer: tok, LogDir: filepath.Join(dir, "logs"), Observe: opts.Observe}
	if opts.ReaderCases != "" {
		f, err := os.Create(opts.ReaderCases)
		if err != nil {
			return nil, &InputError{fmt.Errorf("reader cases: %w", err)}
		}
		defer f.Close()
		env.cases = newCaseWriter(f)
	}
	if be.Judge != nil {
		if env.Judge, err = judge.New(be.Client, *be.Judge); err != nil {
			return nil, fmt.Errorf("backend: %w", err)
		}
	}
	out, runErr := Run(ctx, cfg, plan, env, store, opts.Progress)
	if be.Stats != nil {
		if err := store.PutJSON(reports.MetaBackendStats, be.Stats()); err != nil {
			return nil, err
		}
	}
	done, err := store.Done()
	if err != nil {
		return nil, err
	}
	status := results.RunStatus{Cells: len(plan.Cells), Done: len(done), Interrupted: out.Interrupted}
	for _, f := range out.Failed {
		status.Failed = append(status.Failed, f.Key+": "+f.Err.Error())
	}
	finished := now()
	timing := results.RunTiming{Started: started.UTC().Format(time.RFC3339), Finished: finished.UTC().Format(time.RFC3339), WallSeconds: finished.Sub(started).Seconds()}
	if err := store.PutJSON("status", status); err != nil {
		return nil, err
	}
	if err := store.PutJSON("timing", timing); err != nil {
		return nil, err
	}
	data, err := reports.Load(store)
	if err != nil {
		return nil, err
	}
	files, err := data.Write(dir)
	if err != nil {
		return nil, err
	}
	if err := pointLatest(cfg.Output, dir); err != nil {
		return nil, err
	}
	res := &Result{Dir: dir, DB: dbPath, Files: files, Outcome: out}
	if runErr != nil {
		return res, runErr
	}
	return res, nil
}

// BackendOptions returns the backend options to build cfg's backend with: a
// copy of cfg.Backend.Options, with cache "off" when noCache is set and the
// backend is not the offline one (which has no cache and takes no options).
func BackendOptions(cfg *Config, noCache bool) map[string]any {
	if !noCache || cfg.Backend.Kind == "offline" {
		return cfg.Backend.Options
	}
	opts := make(map[string]any, len(cfg.Backend.Options)+1)
	for k, v := range cfg.Backend.Options {
		opts[k] = v
	}
	opts["cache"] = "off"
	return opts
}

// InputError marks a failure caused by the user's input (config, scenario
// or dataset files, resume directory) rather than by the run itself; the
// CLI exits with the usage code for it.
type InputError struct{ Err error }

func (e *InputError) Error() string { return e.Err.Error() }
func (e *InputError) Unwrap() error { return e.Err }

// ConfigOfRun returns the config a run directory was started with (from its
// results.db), with Output set to the directory's parent, so that
// `memarena run --resume DIR` needs nothing else.
func ConfigOfRun(dir string) (*Config, error) {
	db := filepath.Join(dir, "results.db")
	if _, err := os.Stat(db); err != nil {
		return nil, &InputError{fmt.Errorf("resume %s: no results.db there (%v)", dir, err)}
	}
	store, err := results.OpenReadOnly(db)
	if err != nil {
		return nil, &InputError{err}
	}
	defer store.Close()
	var meta results.RunMeta
	if err := store.GetJSON("run", &meta); err != nil {
		return nil, &InputError{err}
	}
	var cfg Config
	if err := json.Unmarshal(meta.Config, &cfg); err != nil {
		return nil, &InputError{fmt.Errorf("resume %s: stored config unreadable: %w", dir, err)}
	}
	cfg.Output = filepath.Dir(filepath.Clean(dir))
	cfg.source = meta.ConfigFile
	cfg.Defaults()
	if err := cfg.Check(); err != nil {
		return nil, &InputError{fmt.Errorf("resume %s: %w", dir, err)}
	}
	return &cfg, nil
}

// changedInputs compares the scenarios and dataset files a resumed run
// loads now with those it started with (sha256 of each scenario and of
// each dataset file, as stored in the run metadata) and describes every
// difference, naming the file.
func changedInputs(old results.RunMeta, plan *Plan) []string {
	var out []string
	type imp struct {
		File   string `json:"file"`
		SHA256 string `json:"sha256"`
	}
	fileChanged := map[string]bool{}
	for i, raw := range old.Imports {
		var was imp
		if err := json.Unmarshal(raw, &was); err != nil {
			out = append(out, fmt.Sprintf("datasets[%d]: the stored import report is unreadable (%v)", i, err))
			continue
		}
		if i >= len(plan.Imports) {
			out = append(out, fmt.Sprintf("dataset %s: no longer imported", was.File))
			continue
		}
		now := plan.Imports[i]
		if now.File != was.File || now.SHA256 != was.SHA256 {
			out = append(out, fmt.Sprintf("dataset file %s changed: sha256 %s when the run started, %s now", now.File, short(was.SHA256), short(now.SHA256)))
			fileChanged[now.File] = true
		}
	}
	for i := len(old.Imports); i < len(plan.Imports); i++ {
		out = append(out, fmt.Sprintf("dataset %s: not imported when the run started", plan.Imports[i].File))
	}
	now := map[string]*scenarios.Scenario{}
	for _, s := range plan.Scenarios {
		now[s.ID] = s
	}
	was := map[string]bool{}
	for _, sm := range old.Scenarios {
		was[sm.ID] = true
		s, ok := now[sm.ID]
		file := sm.Meta["file"]
		switch {
		case !ok:
			out = append(out, fmt.Sprintf("scenario %s (%s): no longer loaded", sm.ID, sm.Source))
		case s.Hash == sm.SHA256:
		case file != "" && s.Meta["sha256"] != sm.Meta["sha256"]:
			// An imported scenario whose own file (one of a directory's)
			// changed: name the file once.
			if !fileChanged[file] {
				fileChanged[file] = true
				out = append(out, fmt.Sprintf("dataset file %s changed: sha256 %s when the run started, %s now", file, short(sm.Meta["sha256"]), short(s.Meta["sha256"])))
			}
		case file != "":
			if !fileChanged[file] {
				out = append(out, fmt.Sprintf("scenario %s from %s changed although the file did not (another importer version or import options)", sm.ID, file))
			}
		case strings.HasPrefix(sm.Source, "builtin:"):
			out = append(out, fmt.Sprintf("built-in scenario %s changed (another memarena version)", sm.ID))
		default:
			out = append(out, fmt.Sprintf("scenario file %s changed: sha256 %s when the run started, %s now", sm.Source, short(sm.SHA256), short(s.Hash)))
		}
	}
	for _, s := range plan.Scenarios {
		if !was[s.ID] {
			out = append(out, fmt.Sprintf("scenario %s (%s): not loaded when the run started", s.ID, s.Source))
		}
	}
	return out
}

func short(h string) string {
	if len(h) > 12 {
		return h[:12]
	}
	return h
}

// newRunDir creates <output>/<name>-<yyyymmdd-hhmmss>[-N].
func newRunDir(output, name string, t time.Time) (string, error) {
	base := filepath.Join(output, fmt.Sprintf("%s-%s", name, t.UTC().Format("20060102-150405")))
	dir := base
	for i := 2; ; i++ {
		err := os.MkdirAll(filepath.Dir(dir), 0o755)
		if err != nil {
			return "", fmt.Errorf("output directory %s: %w", output, err)
		}
		if err := os.Mkdir(dir, 0o755); err == nil {
			return dir, nil
		} else if !os.IsExist(err) {
			return "", fmt.Errorf("run directory %s: %w", dir, err)
		}
		dir = fmt.Sprintf("%s-%d", base, i)
	}
}

// pointLatest makes <output>/latest a symlink to dir (relative).
func pointLatest(output, dir string) error {
	link := filepath.Join(output, "latest")
	rel, err := filepath.Rel(output, dir)
	if err != nil {
		return nil // dir outside output: leave latest alone
	}
	tmp := link + ".tmp"
	_ = os.Remove(tmp)
	if err := os.Symlink(rel, tmp); err != nil {
		return fmt.Errorf("linking %s: %w", link, err)
	}
	return os.Rename(tmp, link)
}

func buildMeta(cfg *Config, plan *Plan, be *backends.Backend) results.RunMeta {
	cc := *cfg
	cc.Output, cc.Parallelism = "", 0 // where and how fast do not change results
	cfgJSON, _ := json.Marshal(cc)
	m := results.RunMeta{
		Name: cfg.Name, ConfigFile: cfg.Source(), ConfigHash: cfg.Hash(), Config: cfgJSON,
		Seeds: cfg.Seeds, Budget: cfg.Budget, K: cfg.K, Extraction: cfg.Extraction,
		Backend: be.Description, Offline: be.Offline, Embedder: be.Embedder.Name(), Tokenizer: cfg.Tokenizer,
		Models: be.Models, Prices: be.Prices,
		PromptVersions: map[string]string{}, GoVersion: runtime.Version(), Bootstrap: cfg.Bootstrap,
		Git: gitInfo(),
	}
	if m.Tokenizer == "" {
		m.Tokenizer = tokenizer.Default
	}
	if be.Judge != nil {
		m.Judge = be.Judge.ID()
	}
	for k, v := range model.PromptVersions() {
		m.PromptVersions[string(k)] = v
	}
	for _, s := range cfg.Strategies {
		spec, p, err := strategies.Resolve(s.Name, s.Params)
		if err != nil {
			continue
		}
		budget := cfg.Budget
		if s.Budget > 0 {
			budget = s.Budget
		}
		m.Strategies = append(m.Strategies, results.StrategyMeta{Label: s.Label, Name: s.Name, Extraction: s.Extraction, Budget: budget, Params: p.Map(), Summary: spec.Summary})
	}
	for _, s := range plan.Scenarios {
		st := s.Stats()
		m.Scenarios = append(m.Scenarios, results.ScenarioMeta{ID: s.ID, Title: s.Title, Source: s.Source, SHA256: s.Hash,
			Sessions: st.Sessions, Turns: st.Turns, Probes: st.Probes, Tasks: st.Tasks, Meta: s.Meta})
	}
	for _, rep := range plan.Imports {
		b, _ := json.Marshal(rep)
		m.Imports = append(m.Imports, b)
	}
	if bi, ok := debug.ReadBuildInfo(); ok {
		m.Modules = map[string]string{}
		for _, d := range bi.Deps {
			m.Modules[d.Path] = d.Version
		}
	}
	return m
}

// BuildCommit and BuildDirty name the source tree the binary was built
// from; `make build` sets them at link time (-ldflags "-X
// github.com/memarena/memarena/runner.BuildCommit=<commit> -X
// github.com/memarena/memarena/runner.BuildDirty=true" when tracked files
// had changes). Both are empty in a binary built without them.
var (
	BuildCommit string
	BuildDirty  string
)

// gitInfo is the source commit of the running binary (see sourceInfo).
func gitInfo() results.GitInfo {
	var settings []debug.BuildSetting
	if bi, ok := debug.ReadBuildInfo(); ok {
		settings = bi.Settings
	}
	return sourceInfo(BuildCommit, BuildDirty, settings, workdirGit)
}

// sourceInfo picks the commit a run records, most trustworthy first: the
// commit linked into the binary (BuildCommit, BuildDirty "true" for a
// tree with changes), then the version-control stamp the go command
// writes into a binary built in a checkout with VCS stamping on
// (vcs.revision, vcs.modified), then the working directory's checkout
// (workdir), which names the binary's source only when the binary was
// built from that checkout.
func sourceInfo(commit, dirty string, settings []debug.BuildSetting, workdir func() results.GitInfo) results.GitInfo {
	if commit != "" {
		return results.GitInfo{Commit: commit, Dirty: dirty == "true"}
	}
	var g results.GitInfo
	for _, s := range settings {
		switch s.Key {
		case "vcs.revision":
			g.Commit = s.Value
		case "vcs.modified":
			g.Dirty = s.Value == "true"
		}
	}
	if g.Commit != "" {
		return g
	}
	return workdir()
}

// workdirGit reads the commit and dirty flag of the working directory's
// git checkout, marked FromWorkdir; "unknown" outside one.
func workdirGit() results.GitInfo {
	out, err := exec.Command("git", "rev-parse", "HEAD").Output()
	if err != nil {
		return results.GitInfo{Commit: "unknown"}
	}
	g := results.GitInfo{Commit: strings.TrimSpace(string(out)), FromWorkdir: true}
	st, err := exec.Command("git", "status", "--porcelain", "--untracked-files=no").Output()
	g.Dirty = err == nil && len(strings.TrimSpace(string(st))) > 0
	return g
}
