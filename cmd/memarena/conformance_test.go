package main

import (
	"os"
	"strings"
	"testing"

	"github.com/memarena/memarena/strategies/external/adaptertest"
)

func TestMain(m *testing.M) {
	adaptertest.MaybeServe()
	os.Exit(m.Run())
}

func TestConformanceCommand(t *testing.T) {
	out, code := execute(t, append([]string{"conformance", "--"}, adaptertest.Command(adaptertest.OK)...)...)
	if code != exitOK || !strings.Contains(out, "--- PASS: no-probe-gold\n") || !strings.Contains(out, "PASS: 7 of 7 checks") {
		t.Fatalf("conformant memory: exit %d\n%s", code, out)
	}
	out, code = execute(t, append([]string{"conformance", "--"}, adaptertest.Command(adaptertest.UnknownIDs)...)...)
	if code != exitFailure || !strings.Contains(out, "--- FAIL: ids-provenance\n    retrieve p1: items[0] names turn \"t-404\"") || !strings.Contains(out, "FAIL: 1 of 7 checks did not pass") {
		t.Fatalf("broken memory: exit %d\n%s", code, out)
	}
	for _, args := range [][]string{{"conformance"}, {"conformance", "python3", "x.py"}, {"conformance", "--url", "http://127.0.0.1:1", "--", "x"}, {"conformance", "--url", "ftp://x"}} {
		if _, code := execute(t, args...); code != exitUsage {
			t.Errorf("%v: exit %d, want %d", args, code, exitUsage)
		}
	}
}
