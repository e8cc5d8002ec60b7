package main

import (
	"errors"
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"github.com/memarena/memarena/runner"
)

func newMergeCmd() *cobra.Command {
	var out string
	cmd := &cobra.Command{
		Use:   "merge SHARD_DIR... --out DIR",
		Short: "Combine the run directories of a sharded run into one run and its reports",
		Long: `Merge takes the run directories written by 'memarena run --shard i/n' (one per
shard, in any order), checks that they ran the same config on the same data,
backend, prompts and source tree, and that together they hold every cell of
the run exactly once, then writes one results.db and the reports into --out.
The merged reports equal those of the same run made unsharded, timing aside.`,
		Example: "  memarena run --config configs/ci.yaml --shard 1/2 --out shards\n" +
			"  memarena run --config configs/ci.yaml --shard 2/2 --out shards\n" +
			"  memarena merge shards/ci-* --out out/ci-merged",
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if out == "" {
				return usageErr(errors.New("--out is required: the directory to write the merged run to"))
			}
			res, err := runner.Merge(args, out)
			var inErr *runner.InputError
			if errors.As(err, &inErr) {
				return usageErr(err)
			}
			if err != nil {
				return err
			}
			fmt.Fprintf(os.Stderr, "merged %d cells from %d shards\nreport: %s\n", res.Outcome.Done, len(args), res.Files[0])
			return nil
		},
	}
	cmd.Flags().StringVarP(&out, "out", "o", "", "directory for the merged run (must not exist or be empty)")
	return cmd
}
