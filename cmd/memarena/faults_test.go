package main

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memarena/memarena/internal/results"
)

// runErr runs the CLI in-process and returns its error and exit code.
func runErr(t *testing.T, args ...string) (error, int) {
	t.Helper()
	root := newRoot()
	root.SetArgs(args)
	root.SetOut(io.Discard)
	root.SetErr(io.Discard)
	err := root.ExecuteContext(context.Background())
	var ee *exitError
	switch {
	case errors.As(err, &ee):
		return err, ee.code
	case err != nil:
		return err, exitFailure
	}
	return nil, exitOK
}

// TestBadRunInputs: zeros and empty values given as flags or in a config
// file, config errors with their line, and a locked run directory are
// usage errors (exit 2) with a message naming what is wrong.
func TestBadRunInputs(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		os.WriteFile(p, []byte(body), 0o644)
		return p
	}
	zero := write("zero.yaml", "strategies: [{name: none}]\nscenarios: [builtin:travel-planner]\nseeds: []\n")
	overlap := write("overlap.yaml", "strategies:\n  - name: flat-rag\n    params: {overlap: 2, chunk_turns: 2}\n")
	locked := filepath.Join(dir, "run")
	os.Mkdir(locked, 0o755)
	(func() { s, _ := results.Open(filepath.Join(locked, "results.db")); s.Close() })()
	lock, err := results.LockDir(locked)
	if err != nil {
		t.Fatal(err)
	}
	defer lock.Release()
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"run", "--config", zero}, "zero.yaml:3: seeds: [] would silently mean the default ([1])"},
		{[]string{"run", "--config", overlap}, "overlap.yaml:3: strategies[0].params.overlap: 2 must be smaller than chunk_turns (2)"},
		{[]string{"run", "--seeds", "", "--scenarios", "builtin:travel-planner"}, "--seeds: empty"},
		{[]string{"run", "--strategies", ""}, "--strategies: empty"},
		{[]string{"run", "--budget", "0"}, "--budget and --k must be positive"},
		{[]string{"run", "--k", "0"}, "--budget and --k must be positive"},
		{[]string{"rejudge", locked}, "is in use by process"},
	}
	for _, tc := range cases {
		err, code := runErr(t, tc.args...)
		if code != exitUsage || err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: exit %d, %v; want exit %d with %q", tc.args, code, err, exitUsage, tc.want)
		}
	}
}
