package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/goccy/go-yaml"
	"github.com/spf13/cobra"

	"github.com/memarena/memarena/datasets/synthetic"
	"github.com/memarena/memarena/scenarios"
)

func newGenerateCmd() *cobra.Command {
	var (
		p              synthetic.Params
		rate           float64
		mix, out, form string
		noGold         bool
	)
	cmd := &cobra.Command{
		Use:   "generate synthetic [--turns N] [-o FILE]",
		Short: "Write a generated scenario (synthetic workload with known gold) as YAML or JSON",
		Long: `Generate writes one scenario of the seeded synthetic generator (dataset kind
"synthetic", package datasets/synthetic): several people talk with an
assistant over many sessions; facts about each person are planted, some
updated later, ties between people, dated events said with relative dates
and multi-step procedures are stated, and the rest is distractor chatter.
Its probes (single-hop, multi-hop, temporal, knowledge-update, path-reuse,
abstention) have gold answers, evidence, stale values and gold paths known
by construction. The same flags give the same bytes.

The file is YAML (default) or JSON (--format json, or an output name
ending in .json); both load with memarena validate and as a scenario of a
run config. Unset sizes scale with --turns (see go doc ./datasets/synthetic).`,
		Example: `  memarena generate synthetic --turns 4000 -o big.yaml
  memarena generate synthetic --turns 64000 --seed 7 -o huge.json
  memarena generate synthetic --turns 2000 --probe-mix knowledge-update=1,abstention=1`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if args[0] != synthetic.Kind {
				return usageErr(fmt.Errorf("unknown generator %q%s; known: %s", args[0], scenarios.Suggest(args[0], []string{synthetic.Kind}), synthetic.Kind))
			}
			fl := cmd.Flags()
			if fl.Changed("update-rate") {
				p.UpdateRate, p.NoUpdates = rate, rate == 0
			}
			if mix != "" {
				m, err := synthetic.ParseMix(mix)
				if err != nil {
					return usageErr(fmt.Errorf("--probe-mix: %w", err))
				}
				p.Mix = m
			}
			p.NoGold = noGold
			if form == "" {
				form = "yaml"
				if strings.EqualFold(filepath.Ext(out), ".json") {
					form = "json"
				}
			}
			if form != "yaml" && form != "json" {
				return usageErr(fmt.Errorf("--format %q; want yaml or json", form))
			}
			var s *scenarios.Scenario
			if err := interruptible(cmd.Context(), "generating the scenario", func() (err error) {
				s, _, err = synthetic.Generate(p)
				return err
			}); err != nil {
				var ee *exitError
				if errors.As(err, &ee) {
					return err
				}
				return usageErr(err)
			}
			var w io.Writer = os.Stdout
			var f *os.File
			if out != "" && out != "-" {
				// Written beside the output and renamed when complete, so
				// an interrupted or failed write leaves no partial file.
				var err error
				if f, err = os.CreateTemp(filepath.Dir(out), "."+filepath.Base(out)+".*.partial"); err != nil {
					return err
				}
				defer os.Remove(f.Name())
				defer f.Close()
				w = f
			}
			if err := interruptible(cmd.Context(), "writing the scenario", func() error {
				bw := bufio.NewWriterSize(w, 1<<20)
				if err := writeScenario(bw, s, form); err != nil {
					return err
				}
				return bw.Flush()
			}); err != nil {
				return err
			}
			if f != nil {
				if err := f.Chmod(0o644); err != nil { // as os.Create would leave it
					return err
				}
				if err := f.Close(); err != nil {
					return err
				}
				if err := os.Rename(f.Name(), out); err != nil {
					return err
				}
				fmt.Fprintf(os.Stderr, "%s: %s — %s\n", out, s.ID, s.Stats().Summary())
			}
			return nil
		},
	}
	f := cmd.Flags()
	f.IntVar(&p.Turns, "turns", 1000, "total turns (at least 100)")
	f.IntVar(&p.Sessions, "sessions", 0, "sessions (0: turns/40)")
	f.IntVar(&p.People, "people", 0, "people talking with the assistant (0: turns/500 in [4, 100])")
	f.IntVar(&p.Facts, "facts", 0, "planted facts (0: turns/20, at least 40, at most ¾ of people × attributes)")
	f.Float64Var(&rate, "update-rate", 0.3, "share of updatable facts changed later, in [0, 1]")
	f.IntVar(&p.Probes, "probes", 0, "probes (0: turns/50 in [40, 200])")
	f.StringVar(&mix, "probe-mix", "", "probe kind weights, e.g. single-hop=3,knowledge-update=2,multi-hop=2,temporal=1,path-reuse=1,abstention=1 (the default)")
	f.Int64Var(&p.Seed, "seed", 1, "seed of every random choice")
	f.BoolVar(&noGold, "no-gold", false, "leave out the per-turn gold annotations used by extraction: oracle")
	f.StringVarP(&out, "out", "o", "", "output file (default: standard output)")
	f.StringVar(&form, "format", "", "yaml or json (default: from the output name, else yaml)")
	return cmd
}

// writeScenario writes s in the scenario file format (scenarios/FORMAT.md)
// as YAML or JSON. Loader-set fields (source, hash) are left out: a file
// carries only what its author writes.
func writeScenario(w io.Writer, s *scenarios.Scenario, form string) error {
	c := *s
	c.Source, c.Hash = "", ""
	if form == "json" {
		enc := json.NewEncoder(w)
		enc.SetIndent("", " ")
		return enc.Encode(&c)
	}
	b, err := yaml.Marshal(&c)
	if err != nil {
		return err
	}
	_, err = w.Write(b)
	return err
}
