package model

import (
	"encoding/json"
	"reflect"
	"strings"
	"time"
)

// JSONSchema is the JSON Schema of a structured (JSON) reply. CallJSON
// derives it from its type parameter; a real backend sends it as the
// json_schema response format where the endpoint supports it.
type JSONSchema struct {
	// Name names the schema for the endpoint ([a-zA-Z0-9_-], ≤ 64 chars).
	Name string
	// Doc is the schema document; its top level is always an object
	// schema ({"type": "object", …}) when Object is true.
	Doc map[string]any
	// Object is true when the reply's top level is a JSON object (only
	// then can an endpoint enforce the schema or a JSON-object mode).
	Object bool
	// Strict is true when Doc stays inside the strict structured-output
	// subset: every object closed (additionalProperties false) with every
	// property required, and no free-form values (maps, interfaces).
	Strict bool
}

var timeType = reflect.TypeOf(time.Time{})

// SchemaOf derives the JSON Schema of T's JSON encoding, following
// encoding/json's field rules (json tags, "-" skipped, unexported fields
// skipped, embedded structs flattened). Structs become closed objects with
// every property required, in field order; slices and arrays become arrays
// ([]byte is a base64 string); maps become objects with
// additionalProperties (not strict); pointers become anyOf [elem, null];
// time.Time is a date-time string; interfaces, channels, functions and
// recursive types are unconstrained ({}), which makes the schema not strict.
func SchemaOf[T any]() *JSONSchema {
	t := reflect.TypeOf((*T)(nil)).Elem()
	g := schemaGen{strict: true, visiting: map[reflect.Type]bool{}}
	doc := g.of(t)
	name := t.Name()
	if name == "" {
		name = "reply"
	}
	return &JSONSchema{Name: sanitizeSchemaName(name), Doc: doc, Object: doc["type"] == "object", Strict: g.strict}
}

func sanitizeSchemaName(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '_', r == '-':
			b.WriteRune(r)
		default:
			b.WriteByte('_')
		}
	}
	out := b.String()
	if len(out) > 64 {
		out = out[:64]
	}
	return out
}

type schemaGen struct {
	strict   bool
	visiting map[reflect.Type]bool
}

func (g *schemaGen) of(t reflect.Type) map[string]any {
	if t == timeType {
		return map[string]any{"type": "string", "format": "date-time"}
	}
	switch t.Kind() {
	case reflect.String:
		return map[string]any{"type": "string"}
	case reflect.Bool:
		return map[string]any{"type": "boolean"}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return map[string]any{"type": "integer"}
	case reflect.Float32, reflect.Float64:
		return map[string]any{"type": "number"}
	case reflect.Slice, reflect.Array:
		if t.Elem().Kind() == reflect.Uint8 {
			return map[string]any{"type": "string"}
		}
		return map[string]any{"type": "array", "items": g.of(t.Elem())}
	case reflect.Map:
		g.strict = false
		if t.Key().Kind() != reflect.String {
			return map[string]any{"type": "object"}
		}
		return map[string]any{"type": "object", "additionalProperties": g.of(t.Elem())}
	case reflect.Pointer:
		return map[string]any{"anyOf": []any{g.of(t.Elem()), map[string]any{"type": "null"}}}
	case reflect.Struct:
		if g.visiting[t] {
			g.strict = false
			return map[string]any{}
		}
		g.visiting[t] = true
		defer delete(g.visiting, t)
		props := map[string]any{}
		var required []any
		g.fields(t, props, &required)
		return map[string]any{"type": "object", "properties": props, "required": required, "additionalProperties": false}
	default:
		g.strict = false
		return map[string]any{}
	}
}

// fields adds t's JSON fields (embedded structs flattened) to props.
func (g *schemaGen) fields(t reflect.Type, props map[string]any, required *[]any) {
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		tag := f.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, _, _ := strings.Cut(tag, ",")
		if f.Anonymous && name == "" {
			ft := f.Type
			if ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			if ft.Kind() == reflect.Struct {
				g.fields(ft, props, required)
				continue
			}
		}
		if !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		if _, dup := props[name]; dup {
			continue
		}
		if strings.Contains(tag, ",string") {
			props[name] = map[string]any{"type": "string"}
		} else {
			props[name] = g.of(f.Type)
		}
		*required = append(*required, name)
	}
}

// Canonical returns the schema's canonical JSON (sorted keys), used in
// cache keys; "" for a nil schema.
func (s *JSONSchema) Canonical() string {
	if s == nil {
		return ""
	}
	b, _ := json.Marshal(map[string]any{"name": s.Name, "doc": s.Doc, "strict": s.Strict})
	return string(b)
}
