package main

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/memarena/memarena/internal/results"
	"github.com/memarena/memarena/reports"
)

func newReportCmd() *cobra.Command {
	var out string
	cmd := &cobra.Command{
		Use:   "report RUN_DIR|RESULTS_DB",
		Short: "Re-render the reports of a run from its results database",
		Long: `Report reads a run's results.db (give the run directory or the file) and
writes report.md, summary.csv, probes.csv, report.json, report.html (the run
explorer) and the SVG charts again — into the run directory, or into --out.
Nothing is re-run. A database written before contexts were stored still
renders; its explorer then shows answers and scores without contexts.`,
		Example: "  memarena report out/latest\n  memarena report out/default-20260301-101500/results.db --out /tmp/r",
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			db := args[0]
			if st, err := os.Stat(db); err == nil && st.IsDir() {
				db = filepath.Join(db, "results.db")
			}
			if _, err := os.Stat(db); err != nil {
				return usageErr(fmt.Errorf("%s: %w", db, err))
			}
			store, err := results.OpenReadOnly(db)
			if err != nil {
				return usageErr(err)
			}
			defer store.Close()
			data, err := reports.Load(store)
			if err != nil {
				return usageErr(err)
			}
			dir := out
			if dir == "" {
				dir = filepath.Dir(db)
			} else if err := os.MkdirAll(dir, 0o755); err != nil {
				return err
			}
			files, err := data.Write(dir)
			if err != nil {
				return err
			}
			for _, f := range files {
				fmt.Println(f)
			}
			return nil
		},
	}
	cmd.Flags().StringVarP(&out, "out", "o", "", "directory to write the reports to (default: the run directory)")
	return cmd
}
