package main

import (
	"fmt"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/memarena/memarena/datasets"
	"github.com/memarena/memarena/internal/offline"
	"github.com/memarena/memarena/reports"
	"github.com/memarena/memarena/scenarios"
)

func newEvalExtractionCmd() *cobra.Command {
	var kind, data string
	var limit int
	cmd := &cobra.Command{
		Use:   "eval-extraction [builtin|builtin:<id>|FILE.yaml|DIR ...]",
		Short: "Measure the offline model's extraction against gold triplets, thoughts, intents, paths and observations",
		Long: `eval-extraction runs the offline model (the model every strategy shares with
the offline backend) on every turn that carries gold and compares its replies
with the gold: precision and recall of extract-triplets against gold
triplets, extract-thoughts against gold thoughts, tag-intents against gold
goal/subtask/action tags, the accuracy of locate-path step kinds against
gold paths, and — for datasets with free-text facts such as LoCoMo
observations — the share of those facts captured by a triplet extracted
from their evidence turn. With no arguments and no --data it measures the
built-in scenarios. Offline reports carry the same figures.`,
		Example: "  memarena eval-extraction\n  memarena eval-extraction --dataset locomo --data ../shared/datasets/locomo/locomo10.json --limit 2",
		RunE: func(cmd *cobra.Command, args []string) error {
			var scs []*scenarios.Scenario
			if len(args) == 0 && data == "" {
				args = []string{"builtin"}
			}
			for _, a := range args {
				switch {
				case a == "builtin":
					for _, id := range scenarios.BuiltinNames() {
						s, err := scenarios.Builtin(id)
						if err != nil {
							return err
						}
						scs = append(scs, s)
					}
				case strings.HasPrefix(a, "builtin:"):
					s, err := scenarios.Builtin(strings.TrimPrefix(a, "builtin:"))
					if err != nil {
						return usageErr(err)
					}
					scs = append(scs, s)
				default:
					files := []string{a}
					if st, err := os.Stat(a); err != nil {
						return usageErr(err)
					} else if st.IsDir() {
						if files, err = yamlFiles(a); err != nil {
							return err
						}
					}
					for _, f := range files {
						s, err := scenarios.LoadFile(f)
						if err != nil {
							return usageErr(err)
						}
						scs = append(scs, s)
					}
				}
			}
			if data != "" {
				ds, _, err := datasets.Load(datasets.Spec{Kind: kind, Path: data, Limit: limit})
				if err != nil {
					return usageErr(err)
				}
				scs = append(scs, ds...)
			}
			q, err := offline.New().Evaluate(cmd.Context(), scs)
			if err != nil {
				return err
			}
			w := cmd.OutOrStdout()
			fmt.Fprintf(w, "Offline model extraction quality over %d scenarios, %d turns with gold: %s\n\n", len(scs), q.Turns, q.Headline())
			reports.ExtractionTable(w, q)
			return nil
		},
	}
	cmd.Flags().StringVar(&kind, "dataset", "locomo", "importer of --data (locomo, longmemeval)")
	cmd.Flags().StringVar(&data, "data", "", "a dataset file to measure on (see --dataset)")
	cmd.Flags().IntVar(&limit, "limit", 0, "keep at most this many dataset units (conversations, questions); 0: all")
	return cmd
}
