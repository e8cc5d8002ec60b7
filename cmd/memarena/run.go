package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/memarena/memarena/reports"
	"github.com/memarena/memarena/runner"
	"github.com/memarena/memarena/strategies"
)

func newRunCmd() *cobra.Command {
	var (
		configPath, resume, out, extraction, readerCases string
		strats, scens, seeds                             []string
		budget, parallel, k                              int
		quiet, noCache                                   bool
		dataPath, shardFlag, baseline                    string
		limit, sample                                    int
	)
	cmd := &cobra.Command{
		Use:   "run [--config FILE]",
		Short: "Run an experiment and write its reports",
		Long: `Run expands the config into cells (strategy × scenario × seed), runs them in
parallel (each cell replays its scenario's turns strictly in order against a
fresh strategy), scores every probe, stores results in SQLite as each cell
finishes, and writes report.md, summary.csv, probes.csv, report.json and
report.html (the run explorer) to
out/<run-id>/ (out/latest points at the newest run).

Without --config, configs/default.yaml is used when present, else every
registered strategy on every built-in scenario. Flags override the config.
Ctrl-C stops cleanly: finished cells are kept and reported; continue with
--resume out/<run-id>.`,
		Example: `  memarena run
  memarena run --config configs/ci.yaml
  memarena run --strategies flat-rag,oracle --scenarios builtin:travel-planner --budget 512
  memarena run --resume out/default-20260301-101500`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			tuneRunGC()
			fl := cmd.Flags()
			var cfg *runner.Config
			var err error
			if resume != "" {
				// A resumed run uses the config it started with, as stored
				// in its results.db; anything that would change results is
				// refused.
				for _, name := range []string{"config", "strategies", "scenarios", "seeds", "budget", "k", "extraction", "out", "data", "limit", "sample"} {
					if fl.Changed(name) {
						return usageErr(fmt.Errorf("--resume continues a run with the config it started with; drop --%s", name))
					}
				}
				if cfg, err = runner.ConfigOfRun(resume); err != nil {
					return usageErr(err)
				}
			} else if cfg, err = loadRunConfig(configPath); err != nil {
				return usageErr(err)
			}
			// An empty list flag would silently keep the config's list.
			for _, f := range []struct {
				name string
				list []string
			}{{"strategies", strats}, {"scenarios", scens}, {"seeds", seeds}} {
				if fl.Changed(f.name) && len(f.list) == 0 {
					return usageErr(fmt.Errorf("--%s: empty; give at least one value, or leave the flag out", f.name))
				}
			}
			if len(strats) > 0 {
				// A name selects the config's entry with that label, else a
				// fresh entry of that strategy with default parameters.
				byLabel := map[string]runner.StrategyConfig{}
				for _, st := range cfg.Strategies {
					byLabel[st.Label] = st
				}
				cfg.Strategies = nil
				for _, s := range strats {
					s = strings.TrimSpace(s)
					if st, ok := byLabel[s]; ok {
						cfg.Strategies = append(cfg.Strategies, st)
						continue
					}
					cfg.Strategies = append(cfg.Strategies, runner.StrategyConfig{Name: s})
				}
			}
			if len(scens) > 0 {
				cfg.Scenarios = scens
				cfg.Datasets = nil
			}
			if err := applyDatasetFlags(cmd, cfg, dataPath, limit, sample); err != nil {
				return usageErr(err)
			}
			if len(seeds) > 0 {
				cfg.Seeds = nil
				for _, s := range seeds {
					n, err := strconv.ParseInt(strings.TrimSpace(s), 10, 64)
					if err != nil {
						return usageErr(fmt.Errorf("--seeds: %q is not an integer", s))
					}
					cfg.Seeds = append(cfg.Seeds, n)
				}
			}
			// Flags given explicitly always apply, so that a bad value is
			// reported by the config check instead of silently ignored.
			if fl.Changed("budget") {
				cfg.Budget = budget
			}
			if fl.Changed("k") {
				cfg.K = k
			}
			if fl.Changed("parallel") {
				cfg.Parallelism = parallel
			}
			if out != "" {
				cfg.Output = out
			}
			if extraction != "" {
				cfg.Extraction = extraction
				for i := range cfg.Strategies {
					st := &cfg.Strategies[i]
					// Re-derive only labels the config did not set itself.
					if st.Label == st.Name || st.Label == st.Name+"["+st.Extraction+"]" {
						st.Label = ""
					}
					st.Extraction = ""
				}
			}
			if fl.Changed("budget") && cfg.Budget <= 0 || fl.Changed("k") && cfg.K <= 0 {
				return usageErr(fmt.Errorf("--budget and --k must be positive"))
			}
			cfg.Defaults()
			if err := cfg.Check(); err != nil {
				return usageErr(err)
			}
			var shard runner.Shard
			if shardFlag != "" {
				if shard, err = runner.ParseShard(shardFlag); err != nil {
					return usageErr(fmt.Errorf("--shard: %w", err))
				}
			}
			prog := newProgress(os.Stderr, quiet)
			res, err := runner.Execute(cmd.Context(), cfg, runner.Options{ResumeDir: resume, Progress: prog, NoCache: noCache, Shard: shard, ReaderCases: readerCases})
			prog.finish()
			var inErr *runner.InputError
			if errors.As(err, &inErr) {
				return usageErr(err)
			}
			if res == nil {
				return err
			}
			fmt.Fprintf(os.Stderr, "\nreport: %s\n", res.Files[0])
			fmt.Fprintf(os.Stderr, "data:   %s (re-render with: memarena report %s)\n", res.DB, res.Dir)
			o := res.Outcome
			switch {
			case err != nil:
				return err
			case o.Interrupted:
				return &exitError{exitInterrupted, fmt.Errorf("interrupted: %d cells finished and reported; continue with: memarena run --resume %s", o.Done+o.Skipped, res.Dir)}
			case len(o.Failed) > 0:
				var lines []string
				for _, f := range o.Failed {
					lines = append(lines, "  "+f.Key+": "+f.Err.Error())
				}
				return &exitError{exitCellsFailed, errors.New(fmt.Sprintf("%d cells failed:\n%s", len(o.Failed), strings.Join(lines, "\n")))}
			}
			return gateRun(cfg, res.Dir, baseline)
		},
	}
	f := cmd.Flags()
	f.StringVarP(&configPath, "config", "c", "", "experiment config YAML (default configs/default.yaml if present)")
	f.StringVar(&resume, "resume", "", "continue an interrupted run in this run directory, with the config it started with")
	f.StringVarP(&out, "out", "o", "", "output directory for runs (default from config, \"out\")")
	f.StringSliceVarP(&strats, "strategies", "s", nil, "comma-separated strategy names or config labels (replaces the config's list)")
	f.StringSliceVar(&scens, "scenarios", nil, "comma-separated scenarios: builtin, builtin:<id> or YAML paths (replaces the config's)")
	f.StringSliceVar(&seeds, "seeds", nil, "comma-separated seeds")
	f.IntVarP(&budget, "budget", "b", 0, "context budget per probe in tokens")
	f.IntVarP(&k, "k", "k", 0, "cut-off k of recall@k and nDCG@k")
	f.IntVarP(&parallel, "parallel", "p", 0, "cells run at once (default: number of CPUs)")
	f.StringVar(&extraction, "extraction", "", "extraction mode for every strategy: model or oracle")
	f.BoolVarP(&quiet, "quiet", "q", false, "no progress output")
	f.BoolVar(&noCache, "no-cache", false, "send every model request to the endpoint: do not read or write the response cache")
	f.StringVar(&dataPath, "data", "", "dataset file (or directory) for the config's single datasets entry, e.g. locomo10.json")
	f.IntVar(&limit, "limit", 0, "keep the first N units (conversations, questions) of each dataset, stratified; 0 = all")
	f.IntVar(&sample, "sample", 0, "keep a seeded stratified random sample of N units of each dataset; 0 = no sampling")
	f.StringVar(&baseline, "baseline", "", "after the run, compare it with this baseline run (directory or results.db) and evaluate the config's thresholds; exit 4 when one fails")
	f.StringVar(&readerCases, "reader-cases", "", "write every probe's question, retrieved context and gold to this file as JSON lines (the reader's calibration input)")
	f.StringVar(&shardFlag, "shard", "", "run only shard i/n of the cells (balanced by expected cost); combine the shards with memarena merge")
	return cmd
}

// applyDatasetFlags applies --data, --limit and --sample to the config's
// datasets entries.
func applyDatasetFlags(cmd *cobra.Command, cfg *runner.Config, dataPath string, limit, sample int) error {
	fl := cmd.Flags()
	if dataPath == "" && !fl.Changed("limit") && !fl.Changed("sample") {
		return nil
	}
	if len(cfg.Datasets) == 0 {
		return fmt.Errorf("--data, --limit and --sample need a config with a datasets entry (e.g. --config configs/locomo.yaml)")
	}
	if limit < 0 || sample < 0 {
		return fmt.Errorf("--limit and --sample must be ≥ 0")
	}
	if dataPath != "" {
		if len(cfg.Datasets) > 1 {
			return fmt.Errorf("--data: the config has %d datasets entries; edit their paths in the config instead", len(cfg.Datasets))
		}
		cfg.Datasets[0].Path = dataPath
	}
	if fl.Changed("limit") && fl.Changed("sample") && limit > 0 && sample > 0 {
		return fmt.Errorf("--limit and --sample choose a subset in two different ways; give one")
	}
	for i := range cfg.Datasets {
		// Each flag replaces the config's subset choice entirely, so that
		// --limit N really keeps the first N units even when the config
		// samples.
		if fl.Changed("limit") {
			cfg.Datasets[i].Limit, cfg.Datasets[i].Sample = limit, 0
		}
		if fl.Changed("sample") {
			cfg.Datasets[i].Sample, cfg.Datasets[i].Limit = sample, 0
		}
	}
	return nil
}

// loadRunConfig loads path, or configs/default.yaml, or the built-in
// default (every registered strategy on the built-in scenarios).
func loadRunConfig(path string) (*runner.Config, error) {
	if path == "" {
		if _, err := os.Stat("configs/default.yaml"); err == nil {
			path = "configs/default.yaml"
		}
	}
	if path != "" {
		return runner.LoadConfig(path)
	}
	cfg := &runner.Config{Name: "default"}
	for _, n := range strategies.Names() {
		if s, _ := strategies.Lookup(n); !s.NeedsParams {
			cfg.Strategies = append(cfg.Strategies, runner.StrategyConfig{Name: n})
		}
	}
	cfg.Defaults()
	return cfg, cfg.Check()
}

// gateRun evaluates the config's thresholds on the finished run in dir —
// absolute bounds always, regression checks against baseline when given —
// and writes compare.md and compare.json beside the reports. Nothing is
// written when the config has no thresholds and no baseline is given.
func gateRun(cfg *runner.Config, dir, baseline string) error {
	g, err := cfg.Gate()
	if err != nil {
		return usageErr(err)
	}
	if g.Empty() && baseline == "" {
		return nil
	}
	nw, err := loadRun(dir)
	if err != nil {
		return err
	}
	var base *reports.Data
	if baseline != "" {
		if base, err = loadRun(baseline); err != nil {
			return usageErr(fmt.Errorf("--baseline: %w", err))
		}
	}
	cmp, err := reports.Compare(base, nw, g, false)
	if err != nil {
		return usageErr(fmt.Errorf("--baseline: %w", err))
	}
	cmp.Base, cmp.New = baseline, dir
	md, js := filepath.Join(dir, "compare.md"), filepath.Join(dir, "compare.json")
	err = writeComparison(cmp, md, js)
	verdict := "passed"
	if !cmp.Passed() {
		verdict = fmt.Sprintf("FAILED (%d)", len(cmp.Breaches))
	}
	fmt.Fprintf(os.Stderr, "gate:   thresholds %s; %s\n", verdict, md)
	return err
}
