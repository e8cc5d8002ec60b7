package conformance

import (
	"bufio"
	"bytes"
	"context"
	"net/http/httptest"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/memarena/memarena/strategies/external/adaptertest"
)

func TestMain(m *testing.M) {
	adaptertest.MaybeServe()
	os.Exit(m.Run())
}

func run(t *testing.T, opts Options) *Report {
	t.Helper()
	if opts.Timeout == 0 {
		opts.Timeout = 20 * time.Second
	}
	rep, err := Run(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

func requirePass(t *testing.T, rep *Report) {
	t.Helper()
	if !rep.Passed() {
		var b bytes.Buffer
		rep.Print(&b)
		t.Fatalf("conformance failed:\n%s", b.String())
	}
	if len(rep.Results) != len(Checks) {
		t.Fatalf("%d results for %d checks", len(rep.Results), len(Checks))
	}
}

func TestConformantAdapterPasses(t *testing.T) {
	requirePass(t, run(t, Options{Command: adaptertest.Command(adaptertest.OK)}))
	srv := httptest.NewServer(adaptertest.Handler(adaptertest.OK))
	defer srv.Close()
	rep := run(t, Options{URL: srv.URL})
	requirePass(t, rep)
	if rep.Transport != "http" || rep.Endpoint != srv.URL {
		t.Fatalf("report names %s %s", rep.Transport, rep.Endpoint)
	}
}

// TestBrokenAdaptersFail holds each deliberately broken memory to a failed
// check with a precise message (a regular expression over the detail).
func TestBrokenAdaptersFail(t *testing.T) {
	cases := []struct {
		mode, check, detail string
		timeout             time.Duration
	}{
		{adaptertest.UnknownIDs, IDsProvenance, `^retrieve p1: items\[0\] names turn "t-404", which this instance had not been sent\n`, 0},
		{adaptertest.TextNotInContext, IDsProvenance, `^retrieve p1: items\[0\]\.text "MAYA: I ADOPTED A GREYHOUND NAMED PEPPER FROM THE ELM STREET SHELTER ON SATURDAY\." is not in the context\n`, 0},
		{adaptertest.Overrun, Budget, `^retrieve p1@24: the context is \d+ tokens \(cl100k_base\), over its budget of 24\nretrieve p1@64: the context is \d+ tokens \(cl100k_base\), over its budget of 64\n`, 0},
		{adaptertest.Hang, Replay, `^retrieve \(query p1, request 10\): no reply within the timeout \(1s\)$`, time.Second},
		{adaptertest.Exit, Replay, `^ingest \(turn c1-t03, request 5\): the process exited \(exit status 3\); stderr ends: "adaptertest: simulated crash on the third ingest"$`, 0},
		{adaptertest.NonJSON, Replay, `^ingest \(turn c1-t01, request 3\): reply is not JSON \(invalid character 'i' looking for beginning of value\); line received: "ingested the turn"$`, 0},
		{adaptertest.Version, Handshake, `^hello \(request 1\): reply breaks the protocol: protocol version mismatch: memarena speaks "1", the memory replied "2"; line received: `, 0},
		{adaptertest.Nondeterministic, Determinism, `^retrieve p1: items\[0\] differ: first replay \{turns c1-t01, score [0-9.]+, kind turn, status "", "Maya: I adopted a greyhound named Pepper from the Elm Street…"\}, second \{turns c1-t01, score [0-9.]+, `, 0},
		{adaptertest.GoldReliant, NoProbeGold, `^retrieve p1 \("Which shelter did Pepper come from\?"\): evidence turn c1-t01 not returned \(0 items\); the query carries no gold`, 0},
		{adaptertest.CrashOnBad, BadMessages, `^unknown method: unknown method \(request 3\)|^unknown method: the process exited \(exit status 1\); stderr ends: "adaptertest: unknown method memarena.no_such_method"$`, 0},
	}
	for _, tc := range cases {
		t.Run(tc.mode, func(t *testing.T) {
			rep := run(t, Options{Command: adaptertest.Command(tc.mode), Timeout: tc.timeout})
			if rep.Passed() {
				t.Fatal("passed")
			}
			r := rep.Result(tc.check)
			if r.Status != "FAIL" || !regexp.MustCompile(tc.detail).MatchString(r.Detail) {
				t.Fatalf("%s: %s %q; want FAIL matching %s", tc.check, r.Status, r.Detail, tc.detail)
			}
			var b bytes.Buffer
			rep.Print(&b)
			if !strings.Contains(b.String(), "--- FAIL: "+tc.check+"\n") || !strings.Contains(b.String(), "checks did not pass") {
				t.Fatalf("printed report:\n%s", b.String())
			}
		})
	}
}

// TestReferenceAdapters runs the suite against the example adapters in
// examples/external: the Python one (standard library only), the same
// memory behind its HTTP wrapper, and the Node one.
func TestReferenceAdapters(t *testing.T) {
	const dir = "../../../examples/external/"
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 not installed")
	}
	t.Run("python", func(t *testing.T) {
		requirePass(t, run(t, Options{Command: []string{"python3", dir + "bm25_memory.py"}}))
	})
	t.Run("python-http", func(t *testing.T) {
		cmd := exec.Command("python3", dir+"http_wrapper.py", "--port", "0")
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		defer func() { cmd.Process.Kill(); cmd.Wait() }()
		url, err := bufio.NewReader(out).ReadString('\n')
		if err != nil {
			t.Fatal(err)
		}
		requirePass(t, run(t, Options{URL: strings.TrimSpace(url)}))
	})
	t.Run("node", func(t *testing.T) {
		if _, err := exec.LookPath("node"); err != nil {
			t.Skip("node not installed")
		}
		requirePass(t, run(t, Options{Command: []string{"node", dir + "bm25_memory.mjs"}}))
	})
}
