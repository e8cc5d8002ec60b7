package main

import (
	"context"
	"errors"
	"io"
	"os"
	"strings"
	"testing"
)

// execute runs the CLI in-process and returns stdout and the exit code.
func execute(t *testing.T, args ...string) (string, int) {
	t.Helper()
	r, w, _ := os.Pipe()
	old := os.Stdout
	os.Stdout = w
	root := newRoot()
	root.SetArgs(args)
	root.SetOut(w)
	root.SetErr(io.Discard)
	err := root.ExecuteContext(context.Background())
	w.Close()
	os.Stdout = old
	out, _ := io.ReadAll(r)
	code := exitOK
	var ee *exitError
	switch {
	case errors.As(err, &ee):
		code = ee.code
	case err != nil:
		code = exitFailure
	}
	return string(out), code
}

func TestValidateBroken(t *testing.T) {
	out, code := execute(t, "validate", "../../scenarios/testdata/broken")
	if code != exitUsage {
		t.Fatalf("exit code %d, want %d", code, exitUsage)
	}
	for _, want := range []string{
		"many.yaml:5: sessions[0].start: bad date",
		"future-evidence.yaml:19: probes[0].evidence[0]: turn \"s2-t1\" is in session \"s2\"",
		"unknown-field.yaml:9: sessions[0].turns[0].txt: unknown field \"txt\"",
		"empty.yaml:1: file is empty",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in:\n%s", want, out)
		}
	}
}

func TestValidateValidAndBuiltin(t *testing.T) {
	out, code := execute(t, "validate", "../../scenarios/testdata/minimal.yaml", "builtin")
	if code != exitOK {
		t.Fatalf("exit %d:\n%s", code, out)
	}
	if n := strings.Count(out, ": ok: "); n != 4 {
		t.Fatalf("want 4 ok lines, got %d:\n%s", n, out)
	}
}

func TestUsageErrors(t *testing.T) {
	if _, code := execute(t, "list", "strategy"); code != exitUsage {
		t.Errorf("list strategy: exit %d", code)
	}
	if _, code := execute(t, "run", "--budgte", "3"); code != exitUsage {
		t.Errorf("bad flag: exit %d", code)
	}
	if _, code := execute(t, "run", "--config", "no-such.yaml"); code != exitUsage {
		t.Errorf("missing config: exit %d", code)
	}
	if _, code := execute(t, "report", "no-such-dir"); code != exitUsage {
		t.Errorf("missing db: exit %d", code)
	}
}

func TestExtractionFlagKeepsCustomLabels(t *testing.T) {
	dir := t.TempDir()
	cfg := dir + "/two.yaml"
	os.WriteFile(cfg, []byte("scenarios: [../../scenarios/testdata/minimal.yaml]\noutput: "+dir+"\nstrategies:\n  - name: flat-rag\n  - name: flat-rag\n    label: flat-rag-k2\n    params: {top_k: 2}\n"), 0o644)
	out, code := execute(t, "run", "-q", "--config", cfg, "--extraction", "oracle")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, out)
	}
}

// interruptible returns fn's own error when fn finishes, and exit code 130
// at once when the context ends first.
func TestInterruptible(t *testing.T) {
	want := errors.New("parse failed")
	if err := interruptible(context.Background(), "parsing", func() error { return want }); err != want {
		t.Fatalf("finished work: got %v, want %v", err, want)
	}
	ctx, cancel := context.WithCancel(context.Background())
	block := make(chan struct{})
	defer close(block)
	cancel()
	err := interruptible(ctx, "reading big.yaml", func() error { <-block; return nil })
	var ee *exitError
	if !errors.As(err, &ee) || ee.code != exitInterrupted || err.Error() != "interrupted while reading big.yaml" {
		t.Fatalf("interrupted work: got %v", err)
	}
}

// generate refuses a size it could not hold and writes nothing.
func TestGenerateTooLarge(t *testing.T) {
	out := t.TempDir() + "/huge.yaml"
	if _, code := execute(t, "generate", "synthetic", "--turns", "2000000", "-o", out); code != exitUsage {
		t.Fatalf("exit %d, want %d", code, exitUsage)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Fatalf("output written: %v", err)
	}
}
