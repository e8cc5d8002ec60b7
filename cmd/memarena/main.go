// Command memarena benchmarks the memory of LLM agents: it replays scripted
// multi-session scenarios (and imported public datasets) against
// interchangeable memory strategies and reports task success, fact accuracy,
// retrieval quality, path reuse, token cost and latency.
//
// Exit codes: 0 success; 1 runtime failure; 2 bad usage, config or input
// (validation problems); 3 some cells failed (reports still written);
// 4 thresholds failed (compare, run --baseline); 130 interrupted (finished
// cells kept, reports written).
package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/spf13/cobra"

	_ "github.com/memarena/memarena/datasets/all"
	_ "github.com/memarena/memarena/strategies/all"
)

// Exit codes.
const (
	exitOK          = 0
	exitFailure     = 1
	exitUsage       = 2
	exitCellsFailed = 3
	exitThresholds  = 4
	exitInterrupted = 130
)

// exitError carries an exit code through cobra.
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string { return e.err.Error() }
func (e *exitError) Unwrap() error { return e.err }

func usageErr(err error) error { return &exitError{exitUsage, err} }

// interruptible runs fn and returns its error; when ctx ends first (Ctrl-C
// or SIGTERM) it returns at once an "interrupted while <what>" error with
// exit code 130, leaving fn's goroutine to the process's exit. It is for
// work with no cancellation points of its own: generating a scenario,
// parsing a file.
func interruptible(ctx context.Context, what string, fn func() error) error {
	done := make(chan error, 1)
	go func() { done <- fn() }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
		return &exitError{exitInterrupted, fmt.Errorf("interrupted while %s", what)}
	}
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	root := newRoot()
	err := root.ExecuteContext(ctx)
	stopCPUProfile()
	if err == nil {
		os.Exit(exitOK)
	}
	var ee *exitError
	if errors.As(err, &ee) {
		if ee.err != nil && ee.err.Error() != "" {
			fmt.Fprintln(os.Stderr, "memarena:", ee.err)
		}
		os.Exit(ee.code)
	}
	fmt.Fprintln(os.Stderr, "memarena:", err)
	if strings.HasPrefix(err.Error(), "unknown command") || strings.HasPrefix(err.Error(), "unknown flag") {
		os.Exit(exitUsage)
	}
	os.Exit(exitFailure)
}

func newRoot() *cobra.Command {
	root := &cobra.Command{
		Use:   "memarena",
		Short: "Benchmark the memory of LLM agents",
		Long: `memarena replays scripted multi-session conversations (built-in scenarios or
imported datasets such as LoCoMo) against interchangeable memory strategies
(flat vector RAG, thought graph, hierarchical paths, GAAMA, PRISM, triplet
graph, and baselines), asks each one the same probe questions under the same
token budget, and reports fact accuracy, evidence recall@k, nDCG, path reuse,
stale-fact rate, abstention, task success, token cost and latency.

Start with:
  memarena run                      # default config: every strategy × built-in scenarios
  memarena list strategies          # what can be compared, with parameters
  memarena validate my-scenario.yaml

Exit codes: 0 ok · 1 runtime failure · 2 bad usage/config/input · 3 some cells failed · 4 thresholds failed · 130 interrupted.`,
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	addProfileFlags(root)
	root.AddCommand(newRunCmd(), newListCmd(), newValidateCmd(), newGenerateCmd(), newScaleCmd(), newReportCmd(), newRejudgeCmd(), newMergeCmd(), newCompareCmd(), newConformanceCmd(), newEvalExtractionCmd())
	// Wrong argument counts are usage errors (exit 2), like bad flags.
	for _, c := range root.Commands() {
		if args := c.Args; args != nil {
			c.Args = func(cmd *cobra.Command, a []string) error {
				if err := args(cmd, a); err != nil {
					return usageErr(fmt.Errorf("%w (see %s --help)", err, cmd.CommandPath()))
				}
				return nil
			}
		}
	}
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error {
		return usageErr(fmt.Errorf("%w (see %s --help)", err, c.CommandPath()))
	})
	return root
}
