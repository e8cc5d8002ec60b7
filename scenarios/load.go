package scenarios

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"sort"
	"strings"

	"github.com/memarena/memarena/internal/yamlx"
)

var errBadDate = errors.New("bad date")

// Problem is one thing wrong with a scenario file.
type Problem struct {
	// File is the path or name the scenario was read from.
	File string
	// Line is the 1-based line of the offending field, 0 when unknown.
	Line int
	// Field is the YAML path of the field, e.g. "probes[3].evidence[1]".
	Field string
	// Msg says what is wrong and what was expected.
	Msg string
}

func (p Problem) String() string {
	loc := p.File
	if p.Line > 0 {
		loc = fmt.Sprintf("%s:%d", p.File, p.Line)
	}
	if p.Field != "" {
		return fmt.Sprintf("%s: %s: %s", loc, p.Field, p.Msg)
	}
	return fmt.Sprintf("%s: %s", loc, p.Msg)
}

// Problems is a list of problems; as an error it prints one per line.
type Problems []Problem

func (ps Problems) Error() string {
	lines := make([]string, len(ps))
	for i, p := range ps {
		lines[i] = p.String()
	}
	return strings.Join(lines, "\n")
}

// LoadFile reads, parses and validates one scenario file. On any problem the
// error is a Problems value listing all of them.
func LoadFile(path string) (*Scenario, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("scenario %s: %w", path, err)
	}
	s, probs := Parse(path, data)
	if len(probs) > 0 {
		return nil, probs
	}
	return s, nil
}

// Limits bound a scenario file before it is parsed (see package yamlx):
// 16 MiB (about 150,000 turns; parsing takes about 60 MB of memory per
// MiB of YAML), nesting 64 levels deep, 4 million YAML nodes after alias
// expansion. memarena's own scenarios are a few KiB, at most 14 levels
// deep as yamlx counts.
var Limits = yamlx.Limits{MaxBytes: 16 << 20, MaxDepth: 64, MaxNodes: 4_000_000}

// Parse decodes YAML bytes named name, fills defaults (turn times, probe
// asked-at times) and validates the result. It returns the scenario (nil when
// the YAML does not decode) and every problem found, each with its line. It
// never panics on any input.
//
// The file must be UTF-8 (a leading byte-order mark is allowed) holding one
// YAML document within Limits. Structural problems — unknown fields, values
// of the wrong kind — are all reported at once, each naming its field; the
// validator's rules run once the file decodes.
func Parse(name string, data []byte) (s *Scenario, probs Problems) {
	defer func() {
		if r := recover(); r != nil {
			s = nil
			probs = Problems{{File: name, Msg: fmt.Sprintf("cannot read this file as YAML (%v)", r)}}
		}
	}()
	if len(strings.TrimSpace(string(data))) == 0 {
		return nil, Problems{{File: name, Line: 1, Msg: "file is empty; expected a scenario mapping with id, sessions and probes"}}
	}
	doc, yp := yamlx.Parse(data, Limits)
	if len(yp) > 0 {
		return nil, fromYAML(name, yp)
	}
	if doc.Empty() {
		return nil, Problems{{File: name, Line: 1, Msg: "file holds no YAML value; expected a scenario mapping with id, sessions and probes"}}
	}
	structural := doc.Check(&Scenario{}, checkOptions)
	for _, p := range structural {
		if !p.Unknown {
			return nil, fromYAML(name, structural)
		}
	}
	// Only unknown fields (or none): decode the rest and check it too, so
	// that an unknown field does not hide the file's other problems.
	probs = fromYAML(name, structural)
	var sc Scenario
	if yp := doc.Decode(&sc, len(structural) == 0); len(yp) > 0 {
		return nil, append(probs, fromYAML(name, yp)...)
	}
	sum := sha256.Sum256(data)
	sc.Hash = hex.EncodeToString(sum[:])
	if sc.Source == "" {
		sc.Source = name
	}
	sc.FillDefaults()
	found := Validate(&sc)
	if len(found) == 0 {
		for _, g := range CheckGold(&sc) {
			found = append(found, g.Problem)
		}
	}
	if len(found) == 0 {
		return &sc, nil
	}
	for _, p := range found {
		p.File = name
		p.Line = doc.Line(p.Field)
		probs = append(probs, p)
	}
	return &sc, probs
}

// checkOptions name the format's types and suggest field names.
var checkOptions = yamlx.CheckOptions{
	TypeNames:   map[reflect.Type]string{reflect.TypeOf(When{}): "a date such as 2026-03-02T09:00:00Z"},
	Suggest:     suggest,
	UnknownHint: " (see scenarios/FORMAT.md)",
}

// fromYAML turns yamlx problems into Problems of file name, rewriting
// go-yaml's messages in the format's terms.
func fromYAML(name string, yp []yamlx.Problem) Problems {
	out := make(Problems, len(yp))
	for i, p := range yp {
		out[i] = Problem{File: name, Line: p.Line, Field: p.Field, Msg: friendlyYAML(p.Msg)}
	}
	return out
}

var (
	unknownFieldRe = regexp.MustCompile(`^unknown field "([^"]+)"$`)
	wrongTypeRe    = regexp.MustCompile(`^cannot unmarshal (.+?) into Go struct field (\S+) of type (\S+)$`)
)

// friendlyYAML rewrites go-yaml's decode messages in the format's terms: a
// did-you-mean for unknown fields, and "want <type>" for type mismatches.
func friendlyYAML(msg string) string {
	if m := unknownFieldRe.FindStringSubmatch(msg); m != nil {
		return fmt.Sprintf("unknown field %q%s (see scenarios/FORMAT.md)", m[1], suggest(m[1], formatFields))
	}
	if m := wrongTypeRe.FindStringSubmatch(msg); m != nil {
		got := map[string]string{"[]interface": "a list", "map[string]interface": "a mapping", "string": "text", "uint64": "a number", "int64": "a number", "float64": "a number", "bool": "true/false"}
		g := m[1]
		for k, v := range got {
			if strings.HasPrefix(m[1], k) {
				g = v
			}
		}
		want := strings.TrimPrefix(m[3], "[]")
		if strings.HasPrefix(m[3], "[]") {
			want = "a list of " + want
		}
		return fmt.Sprintf("wrong type: got %s, want %s", g, want)
	}
	return msg
}

// formatFields are the field names of the scenario format, for
// did-you-mean suggestions.
var formatFields = []string{"id", "title", "description", "sessions", "probes", "meta", "start", "task", "turns", "summary",
	"goal", "required_facts", "stale_facts", "role", "speaker", "text", "time", "gold", "thoughts", "triplets", "intents",
	"path", "facts", "type", "content", "entities", "parent", "confidence", "subject", "relation", "object", "condition",
	"subtask", "node", "outcome", "question", "kind", "answers", "evidence", "gold_path", "after_session", "asked_at",
	"adversarial_answer", "category", "retrieval_skip"}

// LoadFiles loads every path; a directory contributes its *.yaml and *.yml
// files in name order. All problems of all files are returned together.
func LoadFiles(paths []string) ([]*Scenario, error) {
	var files []string
	for _, p := range paths {
		st, err := os.Stat(p)
		if err != nil {
			return nil, fmt.Errorf("scenario %s: %w", p, err)
		}
		if !st.IsDir() {
			files = append(files, p)
			continue
		}
		var inDir []string
		for _, pat := range []string{"*.yaml", "*.yml"} {
			m, _ := filepath.Glob(filepath.Join(p, pat))
			inDir = append(inDir, m...)
		}
		sort.Strings(inDir)
		files = append(files, inDir...)
	}
	var out []*Scenario
	var all Problems
	for _, f := range files {
		s, err := LoadFile(f)
		if err != nil {
			var ps Problems
			if errors.As(err, &ps) {
				all = append(all, ps...)
				continue
			}
			return nil, err
		}
		out = append(out, s)
	}
	if len(all) > 0 {
		return nil, all
	}
	return out, nil
}
