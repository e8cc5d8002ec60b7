package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/memarena/memarena/gate"
	"github.com/memarena/memarena/internal/results"
	"github.com/memarena/memarena/reports"
	"github.com/memarena/memarena/runner"
)

// loadRun reads a run's report data from a run directory or a results.db.
func loadRun(path string) (*reports.Data, error) {
	db := path
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		db = filepath.Join(path, "results.db")
	}
	store, err := results.OpenReadOnly(db)
	if err != nil {
		return nil, err
	}
	defer store.Close()
	return reports.Load(store)
}

// runGate returns the thresholds to evaluate on run nw: those of the config
// file when one is given, else those stored with the run.
func runGate(configPath string, nw *reports.Data) (gate.Gate, error) {
	var labels []string
	labels = append(labels, nw.Labels...)
	if configPath != "" {
		cfg, err := runner.LoadConfig(configPath)
		if err != nil {
			return gate.Gate{}, err
		}
		return cfg.Thresholds.Parse(labels, nil)
	}
	var stored struct {
		Thresholds gate.Thresholds `json:"thresholds"`
	}
	if len(nw.Meta.Config) > 0 {
		if err := json.Unmarshal(nw.Meta.Config, &stored); err != nil {
			return gate.Gate{}, fmt.Errorf("stored config: %w", err)
		}
	}
	return stored.Thresholds.Parse(labels, nil)
}

// writeComparison writes the comparison's markdown and JSON to the given
// files ("" skips one) and reports breaches on stderr; it returns the exit
// error for a failed gate.
func writeComparison(cmp *reports.Comparison, mdPath, jsonPath string) error {
	md := cmp.MarkdownString()
	if mdPath != "" {
		if err := os.WriteFile(mdPath, []byte(md), 0o644); err != nil {
			return err
		}
	}
	if jsonPath != "" {
		b, err := cmp.JSON()
		if err != nil {
			return err
		}
		if err := os.WriteFile(jsonPath, append(b, '\n'), 0o644); err != nil {
			return err
		}
	}
	if cmp.Passed() {
		return nil
	}
	var lines []string
	for _, b := range cmp.Breaches {
		lines = append(lines, fmt.Sprintf("  %s %s (%s): %s", b.Label, b.Metric, b.Kind, b.Detail))
	}
	return &exitError{exitThresholds, fmt.Errorf("%d threshold(s) failed:\n%s", len(cmp.Breaches), strings.Join(lines, "\n"))}
}

func newCompareCmd() *cobra.Command {
	var (
		configPath, mdPath, jsonPath string
		allowMismatch, quiet         bool
	)
	cmd := &cobra.Command{
		Use:   "compare BASE NEW",
		Short: "Compare a run with a baseline run, probe by probe, and evaluate the thresholds",
		Long: `Compare pairs every strategy of the NEW run with the same label in the BASE run
(run directories or results.db files), probe by probe (matched by scenario and
probe id): the mean paired difference with a 95% paired cluster-bootstrap
interval, exact McNemar for 0/1 metrics, Holm's correction across the
strategies. It then evaluates the thresholds — those of --config, else the ones
stored with NEW — and prints a markdown summary for a pull-request comment.

Runs that differ in scenarios, dataset files, budget, k, backend or judge are
refused (exit 2) unless --allow-mismatch is given; then the differences are
printed as warnings. Exit code 4 when a threshold is breached.`,
		Example: "  memarena compare out/main-baseline out/latest\n" +
			"  memarena compare base/results.db new/results.db --config configs/ci.yaml --markdown comment.md --json compare.json",
		Args: cobra.ExactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			base, err := loadRun(args[0])
			if err != nil {
				return usageErr(fmt.Errorf("baseline: %w", err))
			}
			nw, err := loadRun(args[1])
			if err != nil {
				return usageErr(fmt.Errorf("new run: %w", err))
			}
			g, err := runGate(configPath, nw)
			if err != nil {
				return usageErr(err)
			}
			cmp, err := reports.Compare(base, nw, g, allowMismatch)
			var mm *reports.MismatchError
			if errors.As(err, &mm) {
				return usageErr(err)
			}
			if err != nil {
				return err
			}
			cmp.Base, cmp.New = args[0], args[1]
			if !quiet {
				fmt.Print(cmp.MarkdownString())
			}
			return writeComparison(cmp, mdPath, jsonPath)
		},
	}
	f := cmd.Flags()
	f.StringVarP(&configPath, "config", "c", "", "take the thresholds from this config (default: those stored with NEW)")
	f.StringVar(&mdPath, "markdown", "", "also write the markdown summary to this file")
	f.StringVar(&jsonPath, "json", "", "write the comparison as JSON to this file")
	f.BoolVar(&allowMismatch, "allow-mismatch", false, "compare runs with different scenarios, data, budget, k, backend or judge (printed as warnings)")
	f.BoolVarP(&quiet, "quiet", "q", false, "do not print the markdown to stdout")
	return cmd
}
