// Package yamlx reads the YAML files memarena takes as input — scenario
// files and experiment configs — defensively, and reports what is wrong
// with them in the file's own terms: every problem with its line and the
// YAML path of its field ("sessions[0].turns[2].text", "seeds").
//
// Before anything is parsed, Parse checks the raw bytes against Limits:
// size, valid UTF-8 (a leading UTF-8 byte-order mark is dropped) and
// nesting depth (a cheap scan of indentation, "- " entries and flow
// brackets), because a deeply nested file makes a YAML parser take minutes
// and gigabytes before it fails. After parsing it refuses a file that holds
// more than one YAML document (a second document would be silently
// ignored) and one whose aliases expand past Limits.MaxNodes (the "billion
// laughs" shape).
//
// Doc.Check then compares the document with the Go type it will be decoded
// into, through the types' yaml tags, and reports every unknown field and
// every value of the wrong kind at once — a YAML decoder stops at the
// first. Doc.Decode decodes strictly.
package yamlx

import (
	"bytes"
	"encoding"
	"fmt"
	"reflect"
	"regexp"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/goccy/go-yaml"
	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/parser"
)

// Limits bound a YAML input. A zero field means no limit.
type Limits struct {
	// MaxBytes is the largest file accepted, in bytes.
	MaxBytes int
	// MaxDepth is the deepest nesting accepted: block indentation levels
	// plus "- " entries plus open flow brackets ([, {) on a line. The scan
	// over-counts slightly (a mapping inside a list entry counts twice), so
	// leave headroom; memarena's own files stay under 16.
	MaxDepth int
	// MaxNodes is the largest number of YAML nodes accepted after alias
	// expansion.
	MaxNodes int
}

// Problem is one thing wrong with a YAML input.
type Problem struct {
	// Line is 1-based; 0 when the problem has no line (file size).
	Line int
	// Field is the YAML path of the field ("probes[3].evidence[1]"), or ""
	// for a problem of the file as a whole.
	Field string
	// Msg says what is wrong and what was expected.
	Msg string
	// Unknown marks an unknown field (Doc.Check); the rest of the file can
	// still be decoded around it.
	Unknown bool
}

// Doc is one parsed YAML document.
type Doc struct {
	// Data is the input without a leading byte-order mark.
	Data  []byte
	body  ast.Node
	lines map[string]int
	nodes map[string]ast.Node
}

var bom = []byte("\xef\xbb\xbf")

// Parse checks data against lim, parses it and checks that it holds one
// document. A nil Doc comes with at least one problem; a file with no
// document at all gives a Doc whose Empty is true.
func Parse(data []byte, lim Limits) (*Doc, []Problem) {
	if lim.MaxBytes > 0 && len(data) > lim.MaxBytes {
		return nil, []Problem{{Msg: fmt.Sprintf("file is %s; the limit is %s", size(len(data)), size(lim.MaxBytes))}}
	}
	data = bytes.TrimPrefix(data, bom)
	if p := checkUTF8(data); p != nil {
		return nil, []Problem{*p}
	}
	if lim.MaxDepth > 0 {
		if line, ok := depthOK(data, lim.MaxDepth); !ok {
			return nil, []Problem{{Line: line, Msg: fmt.Sprintf("nested more than %d levels deep; memarena files need far fewer (is this the right file?)", lim.MaxDepth)}}
		}
	}
	f, err := parser.ParseBytes(data, 0)
	if err != nil {
		return nil, []Problem{FromError(err)}
	}
	d := &Doc{Data: data, lines: map[string]int{}, nodes: map[string]ast.Node{}}
	for _, doc := range f.Docs {
		if doc.Body == nil {
			continue
		}
		if d.body != nil {
			line := 0
			if doc.Start != nil && doc.Start.Position != nil {
				line = doc.Start.Position.Line
			} else if tk := doc.Body.GetToken(); tk != nil && tk.Position != nil {
				line = tk.Position.Line
			}
			return nil, []Problem{{Line: line, Msg: "a second YAML document starts here; the file must hold exactly one (remove the '---' and what follows, or split the file)"}}
		}
		d.body = doc.Body
	}
	if d.body == nil {
		return d, nil
	}
	if lim.MaxNodes > 0 {
		c := &counter{max: lim.MaxNodes, anchors: map[string]int{}}
		if c.size(d.body); c.total > lim.MaxNodes {
			return nil, []Problem{{Line: c.line, Msg: fmt.Sprintf("aliases expand to more than %d YAML nodes", lim.MaxNodes)}}
		}
	}
	ast.Walk(visitor(func(n ast.Node) {
		tk := n.GetToken()
		if tk == nil || tk.Position == nil {
			return
		}
		p := strings.TrimPrefix(strings.TrimPrefix(n.GetPath(), "$"), ".")
		if l, ok := d.lines[p]; !ok || tk.Position.Line < l {
			d.lines[p] = tk.Position.Line
		}
		if mv, ok := n.(*ast.MappingValueNode); ok && mv.Value != nil {
			d.nodes[p] = mv.Value // the field's value, not the key: value pair
		} else if _, ok := d.nodes[p]; !ok {
			d.nodes[p] = n
		}
	}), d.body)
	return d, nil
}

// Empty reports whether the file holds no YAML value (only comments,
// whitespace or an empty document).
func (d *Doc) Empty() bool { return d.body == nil }

// Line returns the line of the field at path, or of its nearest ancestor
// present in the file (a missing field is reported at its parent), or 0.
func (d *Doc) Line(path string) int {
	for p := path; ; {
		if l, ok := d.lines[p]; ok {
			return l
		}
		i := strings.LastIndexAny(p, ".[")
		if i < 0 {
			if l, ok := d.lines[""]; ok {
				return l
			}
			return 0
		}
		p = p[:i]
	}
}

// Has reports whether the field at path is written in the file.
func (d *Doc) Has(path string) bool {
	_, ok := d.nodes[path]
	return ok
}

// Blank reports whether the field at path is written in the file with no
// value — nothing after the colon (null), an empty string, the number zero
// or an empty list or mapping — and how it is written ("0", "[]", "\"\"",
// "null"). Configs use it to tell a zero written out from an absent field.
func (d *Doc) Blank(path string) (written string, blank bool) {
	n, ok := d.nodes[path]
	if !ok {
		return "", false
	}
	switch n := unwrap(n).(type) {
	case *ast.NullNode:
		return "no value", true
	case *ast.IntegerNode:
		return n.GetToken().Value, fmt.Sprint(n.Value) == "0"
	case *ast.FloatNode:
		return n.GetToken().Value, n.Value == 0
	case *ast.StringNode:
		return `""`, n.Value == ""
	case *ast.SequenceNode:
		return "[]", len(n.Values) == 0
	case *ast.MappingNode:
		return "{}", len(n.Values) == 0
	}
	return "", false
}

// Len returns the number of entries of the list at path (0 when it is
// absent or not a list).
func (d *Doc) Len(path string) int {
	if s, ok := unwrap(d.nodes[path]).(*ast.SequenceNode); ok {
		return len(s.Values)
	}
	return 0
}

// Decode decodes the document into v; strict rejects unknown fields
// (otherwise they are ignored: report them with Check). A decode error is
// returned as a Problem with its line and the field found there.
func (d *Doc) Decode(v any, strict bool) []Problem {
	if d.body == nil {
		return nil
	}
	var opts []yaml.DecodeOption
	if strict {
		opts = append(opts, yaml.DisallowUnknownField())
	}
	if err := yaml.NodeToValue(d.body, v, opts...); err != nil {
		p := FromError(err)
		p.Field = d.fieldAt(p.Line)
		return []Problem{p}
	}
	return nil
}

// fieldAt returns the deepest field path whose value starts on line.
func (d *Doc) fieldAt(line int) string {
	best := ""
	for p, l := range d.lines {
		if l == line && (len(p) > len(best) || len(p) == len(best) && p < best) {
			best = p
		}
	}
	return best
}

var posRe = regexp.MustCompile(`^\[(\d+):(\d+)\]\s*`)

// FromError turns a go-yaml error ("[3:5] unknown field …\n source …")
// into a Problem with its line and first message line.
func FromError(err error) Problem {
	first := strings.SplitN(err.Error(), "\n", 2)[0]
	var p Problem
	if m := posRe.FindStringSubmatch(first); m != nil {
		fmt.Sscan(m[1], &p.Line)
		first = first[len(m[0]):]
	}
	p.Msg = strings.TrimSpace(first)
	return p
}

// CheckOptions tune Doc.Check.
type CheckOptions struct {
	// TypeNames names types in "want …" messages (e.g. a date type); by
	// default a type is named by its kind ("text", "an integer", "a list
	// of …").
	TypeNames map[reflect.Type]string
	// Suggest returns a did-you-mean suffix (` (did you mean "x"?)`) for an
	// unknown field, or "".
	Suggest func(got string, candidates []string) string
	// UnknownHint is appended to unknown-field messages (e.g. " (see
	// scenarios/FORMAT.md)").
	UnknownHint string
}

// Check compares the document with the type of v (a pointer to the value
// it will be decoded into) and returns every unknown field (Unknown set)
// and every value of the wrong kind, each with its line and field path.
// With only unknown fields, the document still decodes (Decode, not
// strict), so the caller can check the rest of it too.
func (d *Doc) Check(v any, o CheckOptions) []Problem {
	if d.body == nil {
		return nil
	}
	c := &checker{o: o}
	c.check(d.body, reflect.TypeOf(v), "")
	return c.probs
}

type checker struct {
	o     CheckOptions
	probs []Problem
}

var (
	textUnmarshaler  = reflect.TypeOf((*encoding.TextUnmarshaler)(nil)).Elem()
	bytesUnmarshaler = reflect.TypeOf((*yaml.BytesUnmarshaler)(nil)).Elem()
	ifaceUnmarshaler = reflect.TypeOf((*yaml.InterfaceUnmarshaler)(nil)).Elem()
)

func (c *checker) add(n ast.Node, field, format string, args ...any) {
	c.probs = append(c.probs, Problem{Line: line(n), Field: field, Msg: fmt.Sprintf(format, args...)})
}

func (c *checker) wrong(n ast.Node, t reflect.Type, field string) {
	c.add(n, field, "want %s, got %s", c.name(t), describe(n))
}

func (c *checker) check(n ast.Node, t reflect.Type, field string) {
	n = unwrap(n)
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if n == nil {
		return
	}
	if _, alias := n.(*ast.AliasNode); alias {
		return // its anchor was checked where it was written
	}
	if _, null := n.(*ast.NullNode); null {
		return // the zero value; the caller's rules judge it
	}
	pt := reflect.PointerTo(t)
	if pt.Implements(bytesUnmarshaler) || pt.Implements(ifaceUnmarshaler) {
		return
	}
	if pt.Implements(textUnmarshaler) {
		if !scalar(n) {
			c.wrong(n, t, field)
		}
		return
	}
	switch t.Kind() {
	case reflect.Interface:
	case reflect.Struct:
		m, ok := mapping(n)
		if !ok {
			c.wrong(n, t, field)
			return
		}
		fields := structFields(t)
		var names []string
		for k := range fields {
			names = append(names, k)
		}
		sort.Strings(names)
		for _, mv := range m {
			if mv.Key == nil || mv.Key.IsMergeKey() {
				continue
			}
			key := keyOf(mv.Key)
			ft, known := fields[key]
			if !known {
				hint := ""
				if c.o.Suggest != nil {
					hint = c.o.Suggest(key, names)
				}
				c.add(mv.Key, join(field, key), "unknown field %q%s%s", key, hint, c.o.UnknownHint)
				c.probs[len(c.probs)-1].Unknown = true
				continue
			}
			c.check(mv.Value, ft, join(field, key))
		}
	case reflect.Map:
		m, ok := mapping(n)
		if !ok {
			c.wrong(n, t, field)
			return
		}
		for _, mv := range m {
			if mv.Key == nil || mv.Key.IsMergeKey() {
				continue
			}
			c.check(mv.Value, t.Elem(), join(field, keyOf(mv.Key)))
		}
	case reflect.Slice, reflect.Array:
		s, ok := n.(*ast.SequenceNode)
		if !ok {
			c.wrong(n, t, field)
			return
		}
		for i, e := range s.Values {
			c.check(e, t.Elem(), fmt.Sprintf("%s[%d]", field, i))
		}
	case reflect.String:
		if !scalar(n) {
			c.wrong(n, t, field)
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		if _, ok := n.(*ast.IntegerNode); !ok {
			c.wrong(n, t, field)
		}
	case reflect.Float32, reflect.Float64:
		switch n.(type) {
		case *ast.IntegerNode, *ast.FloatNode, *ast.InfinityNode, *ast.NanNode:
		default:
			c.wrong(n, t, field)
		}
	case reflect.Bool:
		if _, ok := n.(*ast.BoolNode); !ok {
			c.wrong(n, t, field)
		}
	}
}

// name describes a Go type in the format's terms.
func (c *checker) name(t reflect.Type) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if s, ok := c.o.TypeNames[t]; ok {
		return s
	}
	switch t.Kind() {
	case reflect.Struct, reflect.Map:
		return "a mapping (key: value lines)"
	case reflect.Slice, reflect.Array:
		return "a list of " + strings.TrimPrefix(strings.TrimPrefix(strings.TrimPrefix(c.name(t.Elem()), "a "), "an "), "a ") + "s"
	case reflect.String:
		return "text"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "an integer"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.Bool:
		return "true or false"
	}
	return "a single value"
}

// describe names what a node holds, with a short excerpt of a scalar.
func describe(n ast.Node) string {
	switch n := n.(type) {
	case *ast.MappingNode, *ast.MappingValueNode:
		return "a mapping"
	case *ast.SequenceNode:
		return "a list"
	case *ast.IntegerNode, *ast.FloatNode, *ast.InfinityNode, *ast.NanNode:
		return "the number " + excerpt(n)
	case *ast.BoolNode:
		return excerpt(n)
	case *ast.StringNode, *ast.LiteralNode:
		return "the text " + fmt.Sprintf("%q", excerpt(n))
	}
	return "a " + strings.ToLower(n.Type().String())
}

func excerpt(n ast.Node) string {
	s := n.GetToken().Value
	if len(s) > 40 {
		s = s[:37] + "…"
	}
	return s
}

func scalar(n ast.Node) bool {
	switch n.(type) {
	case *ast.StringNode, *ast.LiteralNode, *ast.IntegerNode, *ast.FloatNode, *ast.BoolNode, *ast.InfinityNode, *ast.NanNode:
		return true
	}
	return false
}

func mapping(n ast.Node) ([]*ast.MappingValueNode, bool) {
	switch m := n.(type) {
	case *ast.MappingNode:
		return m.Values, true
	case *ast.MappingValueNode:
		return []*ast.MappingValueNode{m}, true
	}
	return nil, false
}

// unwrap removes anchors and tags around a value.
func unwrap(n ast.Node) ast.Node {
	for {
		switch x := n.(type) {
		case *ast.AnchorNode:
			n = x.Value
		case *ast.TagNode:
			n = x.Value
		case *ast.DocumentNode:
			n = x.Body
		default:
			return n
		}
	}
}

func keyOf(k ast.MapKeyNode) string {
	if tk := k.GetToken(); tk != nil {
		return tk.Value
	}
	return k.String()
}

func line(n ast.Node) int {
	if n == nil {
		return 0
	}
	if tk := n.GetToken(); tk != nil && tk.Position != nil {
		return tk.Position.Line
	}
	return 0
}

func join(field, key string) string {
	if field == "" {
		return key
	}
	return field + "." + key
}

// structFields maps the YAML names of t's fields to their types, following
// go-yaml's rules: the yaml tag's name, else the lowercased field name;
// "-" skips; ",inline" merges an embedded struct's fields.
func structFields(t reflect.Type) map[string]reflect.Type {
	out := map[string]reflect.Type{}
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if !f.IsExported() && !f.Anonymous {
			continue
		}
		tag := f.Tag.Get("yaml")
		name, opts, _ := strings.Cut(tag, ",")
		if name == "-" {
			continue
		}
		if strings.Contains(","+opts+",", ",inline,") || (f.Anonymous && tag == "") {
			ft := f.Type
			for ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			if ft.Kind() == reflect.Struct {
				for k, v := range structFields(ft) {
					out[k] = v
				}
				continue
			}
		}
		if name == "" {
			name = strings.ToLower(f.Name)
		}
		out[name] = f.Type
	}
	return out
}

type visitor func(ast.Node)

func (v visitor) Visit(n ast.Node) ast.Visitor { v(n); return v }

// counter sizes a document with its aliases expanded, saturating at max+1,
// and keeps the line where the running count in document order first
// exceeds max (usually an alias).
type counter struct {
	max, total int
	anchors    map[string]int
	line       int
}

// size returns the expanded size of n, adding every node it visits to the
// running total.
func (c *counter) size(n ast.Node) int {
	if n == nil {
		return 0
	}
	switch x := n.(type) {
	case *ast.AnchorNode:
		s := c.size(x.Value)
		if x.Name != nil && x.Name.GetToken() != nil {
			c.anchors[x.Name.GetToken().Value] = s
		}
		return s
	case *ast.TagNode:
		return c.size(x.Value)
	case *ast.AliasNode:
		s := 1
		if x.Value != nil {
			if v, ok := c.anchors[x.Value.GetToken().Value]; ok {
				s = v
			}
		}
		c.count(s, n)
		return s
	}
	c.count(1, n)
	s := 1
	switch x := n.(type) {
	case *ast.MappingNode:
		for _, mv := range x.Values {
			s = c.add(s, c.size(mv))
		}
	case *ast.MappingValueNode:
		s = c.add(s, c.size(x.Key))
		s = c.add(s, c.size(x.Value))
	case *ast.SequenceNode:
		for _, v := range x.Values {
			s = c.add(s, c.size(v))
		}
	}
	return s
}

// count adds k nodes met at n to the running total.
func (c *counter) count(k int, n ast.Node) {
	c.total = c.add(c.total, k)
	if c.total > c.max && c.line == 0 {
		c.line = line(n)
	}
}

func (c *counter) add(a, b int) int {
	if a+b > c.max {
		return c.max + 1
	}
	return a + b
}

// checkUTF8 returns a Problem at the first invalid UTF-8 byte, or nil.
func checkUTF8(data []byte) *Problem {
	if utf8.Valid(data) {
		return nil
	}
	off, bad := 0, 0
	for i := 0; i < len(data); {
		r, n := utf8.DecodeRune(data[i:])
		if r == utf8.RuneError && n == 1 {
			if bad == 0 {
				off = i
			}
			bad++
		}
		i += n
	}
	msg := fmt.Sprintf("invalid UTF-8: byte 0x%02x at byte offset %d is not part of a UTF-8 character (%d invalid bytes in the file); save the file as UTF-8", data[off], off, bad)
	if bytes.HasPrefix(data, []byte{0xff, 0xfe}) || bytes.HasPrefix(data, []byte{0xfe, 0xff}) {
		msg = "the file is UTF-16 (it starts with a UTF-16 byte-order mark); save it as UTF-8"
	}
	return &Problem{Line: 1 + bytes.Count(data[:off], []byte("\n")), Msg: msg}
}

func size(n int) string {
	switch {
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d bytes", n)
}
