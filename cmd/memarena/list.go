package main

import (
	"fmt"
	"os"
	"sort"
	"strings"

	"github.com/spf13/cobra"

	"github.com/memarena/memarena/datasets"
	"github.com/memarena/memarena/internal/backends"
	"github.com/memarena/memarena/metrics"
	"github.com/memarena/memarena/scenarios"
	"github.com/memarena/memarena/strategies"
)

func newListCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:       "list strategies|scenarios|metrics|datasets|backends",
		Short:     "List what memarena can run and measure",
		Long:      "List prints the registered strategies (with parameters and defaults), the built-in scenarios, the metric definitions, the dataset importers or the model backends.",
		Example:   "  memarena list strategies\n  memarena list metrics",
		ValidArgs: []string{"strategies", "scenarios", "metrics", "datasets", "backends"},
		Args:      cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			w := os.Stdout
			switch args[0] {
			case "strategies":
				for _, n := range strategies.Names() {
					s, _ := strategies.Lookup(n)
					tag := ""
					if s.Baseline {
						tag = " (baseline)"
					}
					fmt.Fprintf(w, "%s%s — %s\n", n, tag, s.Summary)
					if s.Source != "" && s.Source != "baseline" {
						fmt.Fprintf(w, "    design: %s\n", s.Source)
					}
					params := append([]strategies.ParamSpec(nil), s.Params...)
					sort.Slice(params, func(i, j int) bool { return params[i].Name < params[j].Name })
					for _, p := range params {
						extra := ""
						if p.Enum != nil {
							extra = " (one of " + strings.Join(p.Enum, ", ") + ")"
						}
						def := fmt.Sprint(p.Default)
						if p.Default == nil || def == "" {
							def = "none"
						}
						fmt.Fprintf(w, "    %s (%s, default %s): %s%s\n", p.Name, p.Type, def, p.Doc, extra)
					}
				}
			case "scenarios":
				for _, id := range scenarios.BuiltinNames() {
					s, err := scenarios.Builtin(id)
					if err != nil {
						return err
					}
					fmt.Fprintf(w, "builtin:%s — %s\n    %s\n", id, s.Title, s.Stats().Summary())
				}
			case "metrics":
				for _, d := range metrics.Defs {
					fmt.Fprintf(w, "%s (%s) range %s\n    %s\n    denominator: %s\n", d.Name, d.Title, d.Range, d.Definition, d.Denominator)
				}
			case "datasets":
				for _, k := range datasets.Kinds() {
					fmt.Fprintln(w, k)
				}
			case "backends":
				for _, k := range backends.Kinds() {
					fmt.Fprintln(w, k)
				}
			default:
				return usageErr(fmt.Errorf("unknown list %q; want strategies, scenarios, metrics, datasets or backends%s", args[0], scenarios.Suggest(args[0], []string{"strategies", "scenarios", "metrics", "datasets", "backends"})))
			}
			return nil
		},
	}
	return cmd
}
