package main

import (
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/memarena/memarena/scenarios"
)

func newValidateCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "validate FILE|DIR|builtin|builtin:<id>...",
		Short: "Check scenario files and report every problem with file:line",
		Long: `Validate parses each scenario YAML file (a directory contributes its *.yaml
files; "builtin" checks the embedded scenarios) and reports every problem it
finds as file:line: field: message — unknown evidence ids, duplicate ids,
probes asked before their evidence exists, bad dates, empty text, unknown
kinds, relations or intent tags, and more (see scenarios/FORMAT.md). A valid
file prints a one-line summary. Exit code 2 when any file has a problem.`,
		Example: "  memarena validate scenarios/builtin\n  memarena validate my-scenario.yaml other.yaml",
		Args:    cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			bad := 0
			ids := map[string]string{} // scenario id → where first seen
			check := func(name string, s *scenarios.Scenario, err error) {
				var ps scenarios.Problems
				switch {
				case errors.As(err, &ps):
					bad++
					for _, p := range ps {
						fmt.Println(p)
					}
				case err != nil:
					bad++
					fmt.Println(err)
				case ids[s.ID] != "":
					bad++
					fmt.Printf("%s: id: scenario id %q is already used by %s; ids must be unique among scenarios run together\n", name, s.ID, ids[s.ID])
				default:
					ids[s.ID] = name
					fmt.Printf("%s: ok: %s — %s\n", name, s.ID, s.Stats().Summary())
				}
			}
			for _, a := range args {
				if a == "builtin" {
					for _, id := range scenarios.BuiltinNames() {
						s, err := scenarios.Builtin(id)
						check("builtin:"+id, s, err)
					}
					continue
				}
				if id, ok := strings.CutPrefix(a, "builtin:"); ok {
					s, err := scenarios.Builtin(id)
					check(a, s, err)
					continue
				}
				st, err := os.Stat(a)
				if err != nil {
					check(a, nil, err)
					continue
				}
				files := []string{a}
				if st.IsDir() {
					files, err = yamlFiles(a)
					if err != nil {
						check(a, nil, err)
						continue
					}
				}
				for _, f := range files {
					if err := interruptible(cmd.Context(), "reading "+f, func() error {
						s, err := scenarios.LoadFile(f)
						check(f, s, err)
						return nil
					}); err != nil {
						return err
					}
				}
			}
			if bad > 0 {
				return usageErr(fmt.Errorf("%d of the checked files have problems", bad))
			}
			return nil
		},
	}
}

func yamlFiles(dir string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, e := range entries {
		n := e.Name()
		if !e.IsDir() && (hasSuffix(n, ".yaml") || hasSuffix(n, ".yml")) {
			out = append(out, dir+string(os.PathSeparator)+n)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no .yaml files", dir)
	}
	return out, nil
}

func hasSuffix(s, suf string) bool { return len(s) >= len(suf) && s[len(s)-len(suf):] == suf }
