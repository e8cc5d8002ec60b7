package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/memarena/memarena/datasets"
	"github.com/memarena/memarena/datasets/synthetic"
	"github.com/memarena/memarena/runner"
	"github.com/memarena/memarena/scale"
	"github.com/memarena/memarena/strategies"
)

// DefaultScaleSizes are the sizes of `memarena scale` (turns).
var DefaultScaleSizes = []int{1000, 4000, 16000, 64000}

func newScaleCmd() *cobra.Command {
	var (
		configPath, out, cellName, cellOut string
		sizesFlag, strats, from            []string
		maxN, cellTurns                    int
		capFlag                            time.Duration
	)
	cmd := &cobra.Command{
		Use:   "scale [--config FILE] [--max N] [--cap 10m]",
		Short: "Measure how each strategy's cost and recall grow with the history (synthetic scenarios of 1k–64k turns)",
		Long: `Scale runs every strategy of the config on synthetic scenarios (dataset kind
"synthetic") of N = 1k, 4k, 16k and 64k turns — --max 100000 adds 100k —
one cell per strategy and size, each in its own process, and reports per
strategy and size: write µs per turn (ingest + end of session), end-of-
session time, retrieve p50/p95, footprint (items, edges, bytes, peak RSS)
and recall@k; per strategy the fitted growth exponents of write time and
retrieve latency (least squares on log-log axes, with R²). A cell that
runs longer than --cap is stopped and the strategy is not run at larger
sizes; the report says so. Writes scale.md, scale.json and scale.svg to
<out>/scale-<time>/, and every cell's run directory under cells/.

The config (default configs/scale.yaml) is an ordinary run config whose
datasets list holds one synthetic entry; its options (people, facts,
update_rate, probes, probe_mix …) apply at every size, turns is set per
size. Timings are wall clock: run on a quiet machine, and read the CPU
seconds printed beside them. --from merges saved scale.json files into one
report without running anything.`,
		Example: `  memarena scale
  memarena scale --max 100000 --cap 20m
  memarena scale --strategies flat-rag,trimem --sizes 1000,4000
  memarena scale --from out/scale-A/scale.json,out/scale-B/scale.json`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if len(from) > 0 {
				return mergeScaleReports(from, out)
			}
			cfg, err := loadScaleConfig(configPath)
			if err != nil {
				return usageErr(err)
			}
			if cellName != "" {
				return runScaleCell(cmd.Context(), cfg, cellName, cellTurns, cellOut)
			}
			sizes, err := scaleSizes(sizesFlag, maxN)
			if err != nil {
				return usageErr(err)
			}
			labels := cfg.Labels()
			if len(strats) > 0 {
				labels = nil
				for _, s := range strats {
					labels = append(labels, strings.TrimSpace(s))
				}
			}
			if out == "" {
				out = cfg.Output
			}
			dir := filepath.Join(out, "scale-"+time.Now().UTC().Format("20060102-150405"))
			for _, l := range labels {
				if _, err := scale.CellConfig(cfg, l, sizes[0], dir); err != nil {
					return usageErr(fmt.Errorf("strategy %s: %w", l, err))
				}
			}
			if err := os.MkdirAll(filepath.Join(dir, "cells"), 0o755); err != nil {
				return err
			}
			self, err := os.Executable()
			if err != nil {
				return err
			}
			plan := scale.Plan{Labels: labels, Sizes: sizes, Cap: capFlag}
			fmt.Fprintf(os.Stderr, "scale: %d strategies × sizes %v, cap %s per cell → %s\n", len(labels), sizes, capFlag, dir)
			launch := cellLauncher(self, configPath, dir)
			cells := scale.Run(cmd.Context(), plan, launch, func(m scale.Measure) {
				if m.Status != scale.StatusOK {
					fmt.Fprintf(os.Stderr, "  N=%-6d %-16s %s: %s\n", m.Turns, m.Label, m.Status, m.Note)
					return
				}
				fmt.Fprintf(os.Stderr, "  N=%-6d %-16s write %7.0f µs/turn (CPU %7.0f)  retrieve p50 %7.1f ms  R@%d %.3f  RSS %5.0f MiB  %6.1f s wall, %6.1f s CPU\n",
					m.Turns, m.Label, m.WriteUSPerTurn(), m.WriteCPUUSPerTurn(), m.RetrieveP50, cfg.K, m.RecallAtK, m.RSSMB, m.WallSeconds, m.CPUSeconds)
			})
			rep := scale.NewReport(plan, cfg.K, describeDataset(cfg), machine(), cells)
			return writeScaleReport(rep, dir, cmd.Context().Err() != nil)
		},
	}
	f := cmd.Flags()
	f.StringVarP(&configPath, "config", "c", "", "run config with one synthetic datasets entry (default configs/scale.yaml if present, else every strategy with the generator's defaults)")
	f.StringSliceVar(&sizesFlag, "sizes", nil, "comma-separated sizes in turns (default 1000,4000,16000,64000)")
	f.IntVar(&maxN, "max", 0, "largest size: sizes above it are dropped and it is added (--max 100000 runs 1k…64k and 100k)")
	f.StringSliceVarP(&strats, "strategies", "s", nil, "strategy labels of the config or registry names (default: the config's)")
	f.DurationVar(&capFlag, "cap", 10*time.Minute, "wall-time cap per cell; a strategy over it is not run at larger sizes (0: none)")
	f.StringVarP(&out, "out", "o", "", "output directory (default the config's, \"out\")")
	f.StringSliceVar(&from, "from", nil, "re-render the report from saved scale.json files (later files replace earlier cells of the same strategy and size, e.g. a 100k run added to a 1k–64k run); runs nothing")
	f.StringVar(&cellName, "cell", "", "internal: run one cell (this strategy) and print its measurement as JSON")
	f.IntVar(&cellTurns, "turns", 0, "internal: the cell's size in turns")
	f.StringVar(&cellOut, "cell-out", "", "internal: the cell's output directory")
	for _, h := range []string{"cell", "turns", "cell-out"} {
		_ = f.MarkHidden(h)
	}
	return cmd
}

// loadScaleConfig loads path, or configs/scale.yaml, or builds the default:
// every registered strategy on the synthetic dataset with its defaults.
func loadScaleConfig(path string) (*runner.Config, error) {
	if path == "" {
		if _, err := os.Stat("configs/scale.yaml"); err == nil {
			path = "configs/scale.yaml"
		}
	}
	if path != "" {
		return runner.LoadConfig(path)
	}
	cfg := &runner.Config{Name: "scale", Datasets: []datasets.Spec{{Kind: synthetic.Kind}}}
	for _, n := range strategies.Names() {
		cfg.Strategies = append(cfg.Strategies, runner.StrategyConfig{Name: n})
	}
	cfg.Defaults()
	return cfg, cfg.Check()
}

// scaleSizes parses --sizes and applies --max.
func scaleSizes(flag []string, maxN int) ([]int, error) {
	sizes := append([]int(nil), DefaultScaleSizes...)
	if len(flag) > 0 {
		sizes = nil
		for _, s := range flag {
			n, err := strconv.Atoi(strings.TrimSpace(s))
			if err != nil || n < 100 {
				return nil, fmt.Errorf("--sizes: %q; want whole numbers of turns ≥ 100", s)
			}
			sizes = append(sizes, n)
		}
	}
	if maxN < 0 || (maxN > 0 && maxN < 100) {
		return nil, fmt.Errorf("--max %d; want a number of turns ≥ 100", maxN)
	}
	if maxN > 0 {
		var kept []int
		for _, n := range sizes {
			if n < maxN {
				kept = append(kept, n)
			}
		}
		sizes = append(kept, maxN)
	}
	sort.Ints(sizes)
	var uniq []int
	for i, n := range sizes {
		if i == 0 || n != sizes[i-1] {
			uniq = append(uniq, n)
		}
	}
	return uniq, nil
}

// cellLauncher runs each cell as `memarena scale --cell …` in a child
// process (so its peak RSS and CPU time are its own, and the cap can stop
// it) and reads the measurement it prints.
func cellLauncher(self, configPath, dir string) scale.CellRunner {
	return func(ctx context.Context, label string, turns int) (scale.Measure, error) {
		cdir := filepath.Join(dir, "cells", fmt.Sprintf("n%d", turns))
		if err := os.MkdirAll(cdir, 0o755); err != nil {
			return scale.Measure{}, err
		}
		args := []string{"scale", "--cell", label, "--turns", strconv.Itoa(turns), "--cell-out", cdir}
		if configPath != "" {
			args = append(args, "--config", configPath)
		}
		logPath := filepath.Join(cdir, strings.NewReplacer("/", "_", "[", "_", "]", "_").Replace(label)+".log")
		logf, err := os.Create(logPath)
		if err != nil {
			return scale.Measure{}, err
		}
		defer logf.Close()
		c := exec.CommandContext(ctx, self, args...)
		var stdout bytes.Buffer
		c.Stdout, c.Stderr = &stdout, logf
		start := time.Now()
		runErr := c.Run()
		wall := time.Since(start).Seconds()
		var m scale.Measure
		if ctx.Err() != nil {
			return m, fmt.Errorf("cell %s at %d turns: %w", label, turns, ctx.Err())
		}
		if runErr != nil {
			return m, fmt.Errorf("cell %s at %d turns: %v (log: %s)", label, turns, runErr, logPath)
		}
		if err := json.Unmarshal(stdout.Bytes(), &m); err != nil {
			return m, fmt.Errorf("cell %s at %d turns: unreadable measurement: %v (log: %s)", label, turns, err, logPath)
		}
		m.WallSeconds = wall
		if c.ProcessState != nil {
			m.RSSMB, m.CPUSeconds = childUsage(c.ProcessState)
		}
		return m, nil
	}
}

// runScaleCell is the child side: one cell, its measurement as one JSON
// line on standard output.
func runScaleCell(ctx context.Context, cfg *runner.Config, name string, turns int, dir string) error {
	if turns <= 0 || dir == "" {
		return usageErr(errors.New("--cell needs --turns and --cell-out"))
	}
	m, err := scale.MeasureCell(ctx, cfg, name, turns, dir)
	if err != nil {
		return err
	}
	b, err := json.Marshal(m)
	if err != nil {
		return err
	}
	_, err = fmt.Println(string(b))
	return err
}

func describeDataset(cfg *runner.Config) string {
	var opts []string
	for _, d := range cfg.Datasets {
		for k, v := range d.Options {
			if k != "turns" {
				opts = append(opts, fmt.Sprintf("%s: %v", k, v))
			}
		}
	}
	sort.Strings(opts)
	s := fmt.Sprintf("generator %s, seed %d, offline backend %q, budget %d, k %d", synthetic.Version, cfg.Seeds[0], cfg.Backend.Kind, cfg.Budget, cfg.K)
	if len(opts) > 0 {
		s += ", options {" + strings.Join(opts, ", ") + "}"
	}
	return s
}

func machine() string {
	m := fmt.Sprintf("%d CPUs, %s/%s, %s", runtime.NumCPU(), runtime.GOOS, runtime.GOARCH, runtime.Version())
	if b, err := os.ReadFile("/proc/loadavg"); err == nil {
		if f := strings.Fields(string(b)); len(f) >= 3 {
			m += fmt.Sprintf(", load average %s/%s/%s at the end", f[0], f[1], f[2])
		}
	}
	return m
}

// mergeScaleReports renders one report from saved scale.json files into a
// new directory under out.
func mergeScaleReports(paths []string, out string) error {
	var reps []*scale.Report
	for _, p := range paths {
		r, err := scale.ReadReport(p)
		if err != nil {
			return usageErr(err)
		}
		reps = append(reps, r)
	}
	if out == "" {
		out = "out"
	}
	dir := filepath.Join(out, "scale-"+time.Now().UTC().Format("20060102-150405"))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	return writeScaleReport(scale.Merge(reps...), dir, false)
}

func writeScaleReport(rep *scale.Report, dir string, interrupted bool) error {
	var md bytes.Buffer
	if err := rep.Markdown(&md); err != nil {
		return err
	}
	js, err := rep.JSON()
	if err != nil {
		return err
	}
	mdPath, jsPath, svgPath, pngPath := filepath.Join(dir, "scale.md"), filepath.Join(dir, "scale.json"), filepath.Join(dir, "scale.svg"), filepath.Join(dir, "scale.png")
	if err := os.WriteFile(mdPath, md.Bytes(), 0o644); err != nil {
		return err
	}
	if err := os.WriteFile(jsPath, js, 0o644); err != nil {
		return err
	}
	if err := rep.SVG(svgPath); err != nil {
		return err
	}
	if err := rep.PNG(pngPath); err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "\nreport: %s\nchart:  %s\ndata:   %s\n", mdPath, svgPath, jsPath)
	if interrupted {
		return &exitError{exitInterrupted, errors.New("interrupted: the report holds the cells finished so far")}
	}
	return nil
}
