// Package protocol holds the JSON Schemas of memarena's external memory
// protocol (docs/protocol.md), one directory per version, and compiles them
// for validation. The external strategy validates every reply it receives
// against them, and `memarena conformance` reports every violation; tests
// check that what the harness sends validates too.
package protocol

import (
	"bytes"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
)

var printer = message.NewPrinter(language.English)

// Version is the protocol version this build speaks.
const Version = "1"

// BaseURL is the $id prefix of the version-1 schemas.
const BaseURL = "https://github.com/memarena/memarena/docs/protocol/v1/"

//go:embed v1/*.schema.json
var files embed.FS

// Methods are the protocol's messages, in the order a cell sends them.
var Methods = []string{"hello", "init", "ingest", "end_session", "retrieve", "footprint", "close"}

// Schemas are the compiled version-1 schemas, by file name without the
// ".schema.json" suffix: "<method>.request", "<method>.response" and
// "error.response".
type Schemas struct {
	byName map[string]*jsonschema.Schema
}

var (
	once     sync.Once
	compiled *Schemas
	compErr  error
)

// V1 returns the compiled version-1 schemas (compiled once per process;
// formats such as date-time are asserted).
func V1() (*Schemas, error) {
	once.Do(func() { compiled, compErr = compile() })
	return compiled, compErr
}

func compile() (*Schemas, error) {
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	names, err := fs.Glob(files, "v1/*.schema.json")
	if err != nil {
		return nil, err
	}
	sort.Strings(names)
	for _, n := range names {
		b, _ := files.ReadFile(n)
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
		if err != nil {
			return nil, fmt.Errorf("protocol schema %s: %w", n, err)
		}
		if err := c.AddResource(BaseURL+path.Base(n), doc); err != nil {
			return nil, fmt.Errorf("protocol schema %s: %w", n, err)
		}
	}
	s := &Schemas{byName: map[string]*jsonschema.Schema{}}
	for _, n := range names {
		base := path.Base(n)
		if base == "common.schema.json" {
			continue
		}
		sch, err := c.Compile(BaseURL + base)
		if err != nil {
			return nil, fmt.Errorf("protocol schema %s: %w", n, err)
		}
		s.byName[strings.TrimSuffix(base, ".schema.json")] = sch
	}
	return s, nil
}

// Files lists the embedded schema files ("v1/hello.request.schema.json" …).
func Files() []string {
	names, _ := fs.Glob(files, "v1/*.schema.json")
	sort.Strings(names)
	return names
}

// File returns the bytes of an embedded schema file named as in Files.
func File(name string) ([]byte, error) { return files.ReadFile(name) }

// Validate checks one JSON message against the schema called name
// ("retrieve.response", "ingest.request", "error.response"). The error, if
// any, lists each violation as "<JSON path>: <what is wrong>", e.g.
// "result.items[0].turn_ids: minItems: got 0, want 1".
func (s *Schemas) Validate(name string, msg []byte) error {
	inst, err := Parse(msg)
	if err != nil {
		return fmt.Errorf("not JSON: %v", err)
	}
	return s.ValidateValue(name, inst)
}

// Parse decodes one JSON message the way the validator reads it (numbers
// as json.Number); the error is the decoder's syntax error.
func Parse(msg []byte) (any, error) { return jsonschema.UnmarshalJSON(bytes.NewReader(msg)) }

// ValidateValue is Validate for a message already decoded by Parse.
func (s *Schemas) ValidateValue(name string, v any) error {
	sch, ok := s.byName[name]
	if !ok {
		return fmt.Errorf("no protocol schema %q", name)
	}
	return Describe(sch.Validate(v))
}

// Describe turns a jsonschema validation error into one line per leaf
// violation, each prefixed with the JSON path of the offending value; other
// errors are returned unchanged.
func Describe(err error) error {
	var ve *jsonschema.ValidationError
	if err == nil || !errors.As(err, &ve) {
		return err
	}
	var msgs []string
	var walk func(e *jsonschema.ValidationError)
	walk = func(e *jsonschema.ValidationError) {
		if len(e.Causes) == 0 {
			msgs = append(msgs, jsonPath(e.InstanceLocation)+": "+e.ErrorKind.LocalizedString(printer))
			return
		}
		for _, c := range e.Causes {
			walk(c)
		}
	}
	walk(ve)
	return errors.New(strings.Join(msgs, "; "))
}

// jsonPath renders an instance location as result.items[0].text.
func jsonPath(loc []string) string {
	if len(loc) == 0 {
		return "(message)"
	}
	var b strings.Builder
	for _, t := range loc {
		if t != "" && strings.Trim(t, "0123456789") == "" {
			b.WriteString("[" + t + "]")
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('.')
		}
		b.WriteString(t)
	}
	return b.String()
}
