package scenarios

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/goccy/go-yaml"
	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/parser"
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

// Parse decodes YAML bytes named name, fills defaults (turn times, probe
// asked-at times) and validates the result. It returns the scenario (nil when
// the YAML does not decode) and every problem found, each with its line. It
// never panics on any input.
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
	var sc Scenario
	if err := yaml.UnmarshalWithOptions(data, &sc, yaml.DisallowUnknownField()); err != nil {
		return nil, Problems{yamlProblem(name, err)}
	}
	sum := sha256.Sum256(data)
	sc.Hash = hex.EncodeToString(sum[:])
	if sc.Source == "" {
		sc.Source = name
	}
	sc.FillDefaults()
	found := Validate(&sc)
	if len(found) == 0 {
		return &sc, nil
	}
	lines := lineIndex(data) // parsed again only when there is a problem to place
	for _, p := range found {
		p.File = name
		p.Line = lines.lookup(p.Field)
		probs = append(probs, p)
	}
	return &sc, probs
}

// yamlProblem turns a go-yaml error ("[3:5] unknown field \"xx\"\n source…")
// into a Problem with its line.
func yamlProblem(name string, err error) Problem {
	msg := err.Error()
	first := strings.SplitN(msg, "\n", 2)[0]
	line := 0
	var col int
	if n, _ := fmt.Sscanf(first, "[%d:%d]", &line, &col); n == 2 {
		if i := strings.Index(first, "]"); i >= 0 {
			first = strings.TrimSpace(first[i+1:])
		}
	}
	return Problem{File: name, Line: line, Msg: friendlyYAML(first)}
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

type lineMap map[string]int

// lineIndex maps every YAML path in data ("sessions[0].turns[2].text") to
// the line where its value starts.
func lineIndex(data []byte) lineMap {
	m := lineMap{}
	f, err := parser.ParseBytes(data, 0)
	if err != nil {
		return m
	}
	for _, doc := range f.Docs {
		if doc.Body == nil {
			continue
		}
		ast.Walk(visitor(func(n ast.Node) {
			tk := n.GetToken()
			if tk == nil || tk.Position == nil {
				return
			}
			p := strings.TrimPrefix(strings.TrimPrefix(n.GetPath(), "$"), ".")
			if l, ok := m[p]; !ok || tk.Position.Line < l {
				m[p] = tk.Position.Line
			}
		}), doc.Body)
	}
	return m
}

type visitor func(ast.Node)

func (v visitor) Visit(n ast.Node) ast.Visitor { v(n); return v }

// lookup returns the line of field, or of its nearest ancestor present in
// the file (a missing field is reported at its parent), or 0.
func (m lineMap) lookup(field string) int {
	for p := field; ; {
		if l, ok := m[p]; ok {
			return l
		}
		i := strings.LastIndexAny(p, ".[")
		if i < 0 {
			if l, ok := m[""]; ok {
				return l
			}
			return 0
		}
		p = p[:i]
	}
}

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
