package yamlx

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// TestDepthScan: the pre-parse depth scan counts indentation levels, "- "
// entries and open flow brackets, and ignores brackets in quoted text,
// comments and block scalars.
func TestDepthScan(t *testing.T) {
	cases := []struct {
		text  string
		depth int // the smallest limit that passes
		line  int // line reported with a limit one below depth
	}{
		{"a: 1\n", 1, 1},
		{"a:\n  b:\n    c: 1\n", 3, 3},
		{"a:\n  - b: 1\n    c: 2\n", 3, 2},
		{"a: [1, [2, [3]]]\n", 4, 1},
		{"a: {b: {c: [d]}}\n", 4, 1},
		{"- - - a\n", 4, 1},
		{"a: \"[[[[[[\"\n", 1, 1},
		{"a: '[[[[ it''s ]]'\n", 1, 1},
		{"a: see [1] and {2}\n", 1, 1},
		{"a: b # [[[[[[\n", 1, 1},
		{"a: |\n  [[[[[[\n  {{{{{\nb: 1\n", 1, 1},
		{"a: >-\n  [[[[[[\n    deeper [[[[\nb:\n  c: 1\n", 2, 5},
		{"a: \"multi\n  line [[[[[\n  text\"\nb: 1\n", 1, 1},
		{"a:\n\n  # comment\n  b: 1\n", 2, 4},
	}
	for _, tc := range cases {
		if _, ok := depthOK([]byte(tc.text), tc.depth); !ok {
			t.Errorf("%q: rejected at limit %d", tc.text, tc.depth)
		}
		if tc.depth > 1 {
			line, ok := depthOK([]byte(tc.text), tc.depth-1)
			if ok || line != tc.line {
				t.Errorf("%q at limit %d: line %d, ok %v; want line %d", tc.text, tc.depth-1, line, ok, tc.line)
			}
		}
	}
}

// TestShippedFilesAreShallow: memarena's own scenarios and configs stay
// well under the limits (16 levels as the scan counts them).
func TestShippedFilesAreShallow(t *testing.T) {
	files, _ := filepath.Glob("../../scenarios/builtin/*.yaml")
	more, _ := filepath.Glob("../../configs/*.yaml")
	files = append(files, more...)
	if len(files) < 4 {
		t.Fatalf("found %d files", len(files))
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if line, ok := depthOK(b, 16); !ok {
			t.Errorf("%s:%d: deeper than 16 levels", f, line)
		}
	}
}

type inner struct {
	N     int      `yaml:"n"`
	Tags  []string `yaml:"tags,omitempty"`
	Skip  string   `yaml:"-"`
	Ratio float64  `yaml:"ratio"`
}

type outer struct {
	Name   string         `yaml:"name"`
	Seeds  []int64        `yaml:"seeds"`
	On     bool           `yaml:"on"`
	Inner  inner          `yaml:"inner"`
	List   []inner        `yaml:"list"`
	Free   map[string]any `yaml:"free"`
	Hidden string         `yaml:"-"`
}

// TestCheckAndBlank: Check reports every unknown field and wrong kind with
// its line and field path; Blank tells a written zero from an absent
// field.
func TestCheckAndBlank(t *testing.T) {
	src := "name: [x]\nseeds: 5\non: yes please\ninner: {n: 1.5, tags: a, skip: 1, ratio: 2}\nlist:\n  - {n: 1, nn: 2}\n  - 7\nfree: {anything: [1, {deep: true}]}\nhidden: x\n"
	d, ps := Parse([]byte(src), Limits{MaxDepth: 10})
	if len(ps) > 0 {
		t.Fatal(ps)
	}
	got := d.Check(&outer{}, CheckOptions{Suggest: func(g string, c []string) string {
		if g == "nn" {
			return ` (did you mean "n"?)`
		}
		return ""
	}})
	want := []Problem{
		{Line: 1, Field: "name", Msg: "want text, got a list"},
		{Line: 2, Field: "seeds", Msg: "want a list of integers, got the number 5"},
		{Line: 3, Field: "on", Msg: `want true or false, got the text "yes please"`},
		{Line: 4, Field: "inner.n", Msg: "want an integer, got the number 1.5"},
		{Line: 4, Field: "inner.tags", Msg: `want a list of texts, got the text "a"`},
		{Line: 4, Field: "inner.skip", Msg: `unknown field "skip"`, Unknown: true},
		{Line: 6, Field: "list[0].nn", Msg: `unknown field "nn" (did you mean "n"?)`, Unknown: true},
		{Line: 7, Field: "list[1]", Msg: "want a mapping (key: value lines), got the number 7"},
		{Line: 9, Field: "hidden", Msg: `unknown field "hidden"`, Unknown: true},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Check:\n got %+v\nwant %+v", got, want)
	}
	d, _ = Parse([]byte("a: 0\nb: \"\"\nc: []\nd:\ne: 0.0\nf: 1\ng: {}\nh: ~\n"), Limits{})
	for _, tc := range []struct {
		path, written string
		blank         bool
	}{
		{"a", "0", true}, {"b", `""`, true}, {"c", "[]", true}, {"d", "no value", true}, {"e", "0.0", true},
		{"f", "1", false}, {"g", "{}", true}, {"h", "no value", true}, {"absent", "", false},
	} {
		w, b := d.Blank(tc.path)
		if w != tc.written || b != tc.blank {
			t.Errorf("Blank(%s) = %q, %v; want %q, %v", tc.path, w, b, tc.written, tc.blank)
		}
	}
}

// TestParseLimits: size, encoding, documents and alias expansion are
// checked before decoding, each with its line.
func TestParseLimits(t *testing.T) {
	cases := []struct {
		text string
		lim  Limits
		want string // "" = accepted
		line int
	}{
		{"a: 1\n", Limits{MaxBytes: 5}, "", 0},
		{"a: 12\n", Limits{MaxBytes: 5}, "file is 6 bytes; the limit is 5 bytes", 0},
		{"\xef\xbb\xbfa: 1\n", Limits{}, "", 0},
		{"a: 1\nb: \xc3\x28\n", Limits{}, "invalid UTF-8: byte 0xc3 at byte offset 8", 2},
		{"a: 1\n---\nb: 2\n", Limits{}, "a second YAML document starts here", 2},
		{"---\na: 1\n...\n", Limits{}, "", 0},
		{"a: &x [1, 2, 3]\nb: [*x, *x, *x]\n", Limits{MaxNodes: 20}, "aliases expand to more than 20 YAML nodes", 2},
		{"a: &x [1, 2, 3]\nb: [*x, *x]\n", Limits{MaxNodes: 20}, "", 0},
	}
	for _, tc := range cases {
		d, ps := Parse([]byte(tc.text), tc.lim)
		if tc.want == "" {
			if len(ps) > 0 || d == nil {
				t.Errorf("%q: %v", tc.text, ps)
			}
			continue
		}
		if len(ps) != 1 || !strings.Contains(ps[0].Msg, tc.want) || ps[0].Line != tc.line {
			t.Errorf("%q: %+v; want %q at line %d", tc.text, ps, tc.want, tc.line)
		}
	}
}
