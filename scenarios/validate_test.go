package scenarios

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestMinimalIsValid(t *testing.T) {
	s, err := LoadFile("testdata/minimal.yaml")
	if err != nil {
		t.Fatalf("minimal.yaml: %v", err)
	}
	st := s.Stats()
	if st.Sessions != 2 || st.Turns != 5 || st.Probes != 6 || st.Tasks != 2 {
		t.Fatalf("stats = %+v", st)
	}
	// Default times: s1-t3 is start + 2 min; p1 asked 1 min after s1-t3.
	if got := s.Sessions[0].Turns[2].Time.Format("15:04"); got != "09:02" {
		t.Errorf("default turn time = %s, want 09:02", got)
	}
	if got := s.Probes[0].AskedAt.Format("15:04"); got != "09:03" {
		t.Errorf("default asked_at = %s, want 09:03", got)
	}
}

func problemsOf(t *testing.T, path string) Problems {
	t.Helper()
	_, err := LoadFile(path)
	var ps Problems
	if !errors.As(err, &ps) {
		t.Fatalf("%s: want Problems, got %v", path, err)
	}
	return ps
}

func TestBrokenManyProblems(t *testing.T) {
	ps := problemsOf(t, "testdata/broken/many.yaml")
	want := []string{
		"testdata/broken/many.yaml:1: id: \"Broken Scenario\" is not a lowercase slug",
		"testdata/broken/many.yaml:5: sessions[0].start: bad date \"2026-13-40\"",
		"testdata/broken/many.yaml:10: sessions[0].turns[1].id: duplicate turn id \"a\"",
		"testdata/broken/many.yaml:11: sessions[0].turns[1].role: role \"robot\"",
		"testdata/broken/many.yaml:12: sessions[0].turns[1].text: empty text",
		"testdata/broken/many.yaml:13: sessions[1].id: duplicate session id \"s1\"",
		"sessions[1].turns[0].gold.thoughts[0].type: unknown thought type \"idea\"",
		"sessions[1].turns[0].gold.thoughts[0].content: empty thought content",
		"sessions[1].turns[0].gold.thoughts[0].parent: parent \"x0\" is not an earlier thought id",
		"sessions[1].turns[0].gold.triplets[0].relation: unknown relation \"prefer\" (did you mean \"prefers\"?)",
		"sessions[1].turns[0].gold.intents[0]: intent \"goal:dance\": unknown goal \"dance\"",
		"sessions[1].turns[0].gold.intents[1]: intent \"action\": want <facet>:<value>",
		"probes[0].kind: unknown kind \"single-hopp\" (did you mean \"single-hop\"?)",
		"probes[0].evidence[0]: unknown turn id \"zz\"",
		"probes[1].id: duplicate probe id \"p1\"",
		"probes[1].question: empty question",
		"probes[1].after_session: unknown session \"nope\"",
		"probes[1].stale_facts: knowledge-update probe needs",
	}
	all := ps.Error()
	for _, w := range want {
		if !strings.Contains(all, w) {
			t.Errorf("missing problem %q in:\n%s", w, all)
		}
	}
	for _, p := range ps {
		if p.Line == 0 {
			t.Errorf("problem without line: %s", p)
		}
	}
}

func TestBrokenFutureEvidence(t *testing.T) {
	all := problemsOf(t, "testdata/broken/future-evidence.yaml").Error()
	for _, w := range []string{
		"future-evidence.yaml:15: probes[0].asked_at: asked at 2026-03-09 09:00, after the next session \"s2\" started",
		"future-evidence.yaml:19: probes[0].evidence[0]: turn \"s2-t1\" is in session \"s2\", after the probe is asked (after session \"s1\"): the probe is asked before its evidence exists",
	} {
		if !strings.Contains(all, w) {
			t.Errorf("missing %q in:\n%s", w, all)
		}
	}
}

func TestBrokenDecodeErrors(t *testing.T) {
	cases := map[string]string{
		"unknown-field.yaml": "unknown-field.yaml:9: sessions[0].turns[0].txt: unknown field \"txt\" (did you mean \"text\"?)",
		"empty.yaml":         "empty.yaml:1: file is empty",
		"not-yaml.yaml":      "not-yaml.yaml",
	}
	for f, w := range cases {
		all := problemsOf(t, filepath.Join("testdata/broken", f)).Error()
		if !strings.Contains(all, w) {
			t.Errorf("%s: want %q, got:\n%s", f, w, all)
		}
	}
}

func TestBuiltinsValid(t *testing.T) {
	names := BuiltinNames()
	if len(names) == 0 {
		t.Fatal("no built-in scenarios")
	}
	for _, n := range names {
		if _, err := Builtin(n); err != nil {
			t.Errorf("builtin %s: %v", n, err)
		}
	}
	if _, err := Builtin("coding-asistant"); err == nil {
		t.Error("unknown builtin must fail")
	}
}

func FuzzParse(f *testing.F) {
	for _, p := range []string{"testdata/minimal.yaml", "testdata/broken/many.yaml", "testdata/broken/future-evidence.yaml"} {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		Parse("fuzz.yaml", data) // must not panic
	})
}

func TestControlCharacterInText(t *testing.T) {
	data := []byte("id: ctl\ntitle: t\nsessions:\n  - id: s1\n    start: 2026-03-01\n    turns:\n      - {id: a, role: user, text: \"bad\\0text\"}\nprobes: []\n")
	_, ps := Parse("ctl.yaml", data)
	if len(ps) != 1 || !strings.Contains(ps[0].String(), "ctl.yaml:7: sessions[0].turns[0].text: control character U+0000 at byte 3") {
		t.Fatalf("problems = %v", ps)
	}
}

func TestFriendlyDecodeErrors(t *testing.T) {
	_, ps := Parse("wt.yaml", []byte("id: x\nsessions:\n  - id: s1\n    start: 2026-03-01\n    turns:\n      - {id: a, role: user, text: [1, 2]}\n"))
	if len(ps) != 1 || !strings.Contains(ps[0].String(), "wt.yaml:6: sessions[0].turns[0].text: want text, got a list") {
		t.Fatalf("problems = %v", ps)
	}
	_, ps = Parse("nan.yaml", []byte("id: x\nsessions:\n  - id: s1\n    start: 2026-03-01\n    turns:\n      - id: a\n        role: assistant\n        text: hi\n        gold:\n          thoughts: [{id: t, type: lesson, content: c, confidence: .nan}]\nprobes: []\n"))
	if !strings.Contains(ps.Error(), "confidence: NaN is outside [0, 1]") {
		t.Fatalf("problems = %v", ps)
	}
}
