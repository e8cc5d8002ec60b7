package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/spf13/cobra"

	"github.com/memarena/memarena/strategies/external/conformance"
)

func newConformanceCmd() *cobra.Command {
	var url string
	var timeout time.Duration
	var verbose bool
	cmd := &cobra.Command{
		Use:   "conformance [--timeout D] [-v] (-- COMMAND [ARG...] | --url URL)",
		Short: "Check that an external memory speaks the protocol and keeps its contract",
		Long: `Conformance replays a small fixed scenario against a memory that speaks
memarena's external protocol (docs/protocol.md) — a command run as a child
process (newline-delimited JSON-RPC on stdin/stdout) or a service at --url
(one HTTP POST per message) — and checks, printing PASS or FAIL per check:

  handshake       hello names protocol 1 and the memory; init is accepted
  replay          every message gets a valid reply in time; the process exits after close
  ids-provenance  items name only turns already sent, and sit in the context
  budget          every context fits its budget (cl100k_base), tight budgets included
  determinism     a second replay with the same seed returns the same results
  bad-messages    unknown method, invalid params and non-JSON get JSON-RPC errors
  no-probe-gold   queries carry no gold and the memory still returns each probe's evidence

Exit code 0 when every check passes, 1 when one does not, 2 on bad usage.`,
		Example: "  memarena conformance -- python3 examples/external/bm25_memory.py\n  memarena conformance --url http://127.0.0.1:8080",
		RunE: func(cmd *cobra.Command, args []string) error {
			dash := cmd.ArgsLenAtDash()
			var command []string
			switch {
			case dash >= 0:
				command = args[dash:]
				if dash > 0 {
					return usageErr(fmt.Errorf("unexpected arguments %q before --; put the memory's command after -- (see memarena conformance --help)", args[:dash]))
				}
			case len(args) > 0:
				return usageErr(fmt.Errorf("put the memory's command after --: memarena conformance -- %s", args[0]))
			}
			if (len(command) == 0) == (url == "") {
				return usageErr(errors.New("give the memory's command after -- or its --url, one of the two (see memarena conformance --help)"))
			}
			var log io.Writer
			if verbose {
				log = os.Stderr
			}
			rep, err := conformance.Run(cmd.Context(), conformance.Options{Command: command, URL: url, Timeout: timeout, Log: log})
			if err != nil {
				return usageErr(err)
			}
			rep.Print(os.Stdout)
			if !rep.Passed() {
				return &exitError{exitFailure, nil}
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&url, "url", "", "HTTP endpoint of a memory service (instead of a command)")
	cmd.Flags().DurationVar(&timeout, "timeout", 30*time.Second, "longest wait for one reply")
	cmd.Flags().BoolVarP(&verbose, "verbose", "v", false, "pass the memory's stderr through")
	return cmd
}
