package strategies

import (
	"errors"
	"fmt"
	"math"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/memarena/memarena/scenarios"
)

// Param types accepted in a ParamSpec.
const (
	TypeInt      = "int"
	TypeFloat    = "float"
	TypeString   = "string"
	TypeBool     = "bool"
	TypeDuration = "duration" // a Go duration string: "72h", "30m"
	TypeStrings  = "strings"  // a list of strings: ["python3", "memory.py"]
	TypeMap      = "map"      // a mapping with string keys, passed on as is
)

// ParamSpec documents and types one strategy parameter.
type ParamSpec struct {
	Name    string
	Type    string
	Default any
	// Doc says what the parameter does, with its unit and range.
	Doc string
	// Min and Max bound numeric parameters when Max > Min.
	Min, Max float64
	// Enum lists the allowed values of a string parameter (nil: any).
	Enum []string
}

// Spec describes a registered strategy.
type Spec struct {
	// Name is the registry key used in configs ("flat-rag").
	Name string
	// Summary is one line for `memarena list strategies`.
	Summary string
	// Source names the published design the strategy implements.
	Source string
	// Baseline marks reference strategies (none, full-context, recency, oracle).
	Baseline bool
	// SeesGold lets the strategy receive Query.Gold (only the oracle).
	SeesGold bool
	// Params are the accepted parameters with defaults.
	Params []ParamSpec
	// NeedsParams marks a strategy that cannot run on its defaults (the
	// external strategy needs a command or a URL); configs built from the
	// whole registry leave it out.
	NeedsParams bool
	// New builds a fresh instance; p holds every parameter (defaults filled).
	New func(env Env, p Params) (Strategy, error)
	// Check, when set, validates combinations of parameters that each lie
	// in their own range ("overlap must be smaller than chunk_turns",
	// "exactly one of command and url"). It is called by Resolve, so a
	// config fails when it is loaded rather than when its cells start; a
	// *ParamError names the parameter, any other error is prefixed with the
	// strategy's name.
	Check func(p Params) error
}

// ParamError is a bad strategy parameter: unknown, of the wrong type, out
// of range, or inconsistent with another (Spec.Check).
type ParamError struct {
	// Strategy is the registry name; Param the parameter's name.
	Strategy, Param string
	// Msg says what is wrong and what was expected.
	Msg string
}

func (e *ParamError) Error() string {
	return fmt.Sprintf("strategy %s: parameter %s: %s", e.Strategy, e.Param, e.Msg)
}

var (
	regMu sync.RWMutex
	reg   = map[string]Spec{}
)

// Register adds a strategy; it panics on a duplicate name or a malformed
// spec (a programming error caught at init).
func Register(s Spec) {
	regMu.Lock()
	defer regMu.Unlock()
	if s.Name == "" || s.New == nil {
		panic("strategies: Register needs a Name and New")
	}
	if _, dup := reg[s.Name]; dup {
		panic("strategies: duplicate registration of " + s.Name)
	}
	for _, p := range s.Params {
		if _, err := coerce(p, p.Default); err != nil {
			panic(fmt.Sprintf("strategies: %s: default of %s: %v", s.Name, p.Name, err))
		}
	}
	reg[s.Name] = s
}

// Names lists registered strategies: baselines first, then the rest, each
// group sorted by name.
func Names() []string {
	regMu.RLock()
	defer regMu.RUnlock()
	out := make([]string, 0, len(reg))
	for n := range reg {
		out = append(out, n)
	}
	sort.Slice(out, func(i, j int) bool {
		bi, bj := reg[out[i]].Baseline, reg[out[j]].Baseline
		if bi != bj {
			return bi
		}
		return out[i] < out[j]
	})
	return out
}

// Lookup returns the spec of name, or an error with a did-you-mean.
func Lookup(name string) (Spec, error) {
	regMu.RLock()
	s, ok := reg[name]
	regMu.RUnlock()
	if !ok {
		names := Names()
		return Spec{}, fmt.Errorf("unknown strategy %q%s; known: %s", name, scenarios.Suggest(name, names), strings.Join(names, ", "))
	}
	return s, nil
}

// Resolve checks raw parameters from a config against the spec of name and
// returns them with defaults filled. Unknown names, wrong types and
// out-of-range values are errors naming the strategy and the parameter.
func Resolve(name string, raw map[string]any) (Spec, Params, error) {
	s, err := Lookup(name)
	if err != nil {
		return Spec{}, Params{}, err
	}
	known := map[string]ParamSpec{}
	names := []string{}
	for _, p := range s.Params {
		known[p.Name] = p
		names = append(names, p.Name)
	}
	vals := map[string]any{}
	for _, p := range s.Params {
		v, _ := coerce(p, p.Default)
		vals[p.Name] = v
	}
	keys := make([]string, 0, len(raw))
	for k := range raw {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		p, ok := known[k]
		if !ok {
			if len(names) == 0 {
				return Spec{}, Params{}, &ParamError{name, k, "unknown parameter; the strategy takes no parameters"}
			}
			return Spec{}, Params{}, &ParamError{name, k, fmt.Sprintf("unknown parameter%s; parameters: %s", scenarios.Suggest(k, names), strings.Join(names, ", "))}
		}
		v, err := coerce(p, raw[k])
		if err != nil {
			return Spec{}, Params{}, &ParamError{name, k, err.Error()}
		}
		vals[k] = v
	}
	p := Params{strategy: name, vals: vals}
	if s.Check != nil {
		if err := s.Check(p); err != nil {
			var pe *ParamError
			if errors.As(err, &pe) {
				return Spec{}, Params{}, err
			}
			return Spec{}, Params{}, fmt.Errorf("strategy %s: %v", name, err)
		}
	}
	return s, p, nil
}

// Build resolves raw parameters and constructs a fresh instance.
func Build(name string, raw map[string]any, env Env) (Strategy, error) {
	s, p, err := Resolve(name, raw)
	if err != nil {
		return nil, err
	}
	st, err := s.New(env, p)
	if err != nil {
		return nil, fmt.Errorf("strategy %s: %w", name, err)
	}
	return st, nil
}

func coerce(p ParamSpec, v any) (any, error) {
	switch p.Type {
	case TypeInt, TypeFloat:
		var f float64
		switch x := v.(type) {
		case int:
			f = float64(x)
		case int64:
			f = float64(x)
		case uint64:
			f = float64(x)
		case float64:
			f = x
		case float32:
			f = float64(x)
		default:
			return nil, fmt.Errorf("want a number, got %v (%T)", v, v)
		}
		if p.Type == TypeInt && f != math.Trunc(f) {
			return nil, fmt.Errorf("want an integer, got %v", v)
		}
		if p.Max > p.Min && (f < p.Min || f > p.Max) {
			return nil, fmt.Errorf("%v is outside [%v, %v]", v, p.Min, p.Max)
		}
		if p.Type == TypeInt {
			return int(f), nil
		}
		return f, nil
	case TypeString:
		s, ok := v.(string)
		if !ok {
			return nil, fmt.Errorf("want a string, got %v (%T)", v, v)
		}
		if p.Enum != nil {
			for _, e := range p.Enum {
				if e == s {
					return s, nil
				}
			}
			return nil, fmt.Errorf("%q is not one of %s%s", s, strings.Join(p.Enum, ", "), scenarios.Suggest(s, p.Enum))
		}
		return s, nil
	case TypeBool:
		b, ok := v.(bool)
		if !ok {
			return nil, fmt.Errorf("want true or false, got %v (%T)", v, v)
		}
		return b, nil
	case TypeDuration:
		s, ok := v.(string)
		if !ok {
			return nil, fmt.Errorf("want a duration such as \"72h\", got %v (%T)", v, v)
		}
		d, err := time.ParseDuration(s)
		if err != nil {
			return nil, fmt.Errorf("want a duration such as \"72h\": %v", err)
		}
		return d, nil
	case TypeStrings:
		switch x := v.(type) {
		case nil:
			return []string(nil), nil
		case []string:
			return append([]string(nil), x...), nil
		case []any:
			out := make([]string, len(x))
			for i, e := range x {
				s, ok := e.(string)
				if !ok {
					return nil, fmt.Errorf("want a list of strings, item %d is %v (%T)", i, e, e)
				}
				out[i] = s
			}
			return out, nil
		}
		return nil, fmt.Errorf("want a list of strings such as [\"python3\", \"memory.py\"], got %v (%T)", v, v)
	case TypeMap:
		switch x := v.(type) {
		case nil:
			return map[string]any(nil), nil
		case map[string]any:
			return x, nil
		}
		return nil, fmt.Errorf("want a mapping with string keys, got %v (%T)", v, v)
	}
	return nil, fmt.Errorf("unknown parameter type %q", p.Type)
}

// Params are a strategy's resolved parameters (defaults filled, types
// checked). Getters panic on a name the spec does not declare — a
// programming error, since Resolve guarantees every declared name is set.
type Params struct {
	strategy string
	vals     map[string]any
}

func (p Params) get(name string) any {
	v, ok := p.vals[name]
	if !ok {
		panic(fmt.Sprintf("strategy %s: parameter %q is not declared", p.strategy, name))
	}
	return v
}

// Int returns an int parameter.
func (p Params) Int(name string) int { return p.get(name).(int) }

// Float returns a float parameter.
func (p Params) Float(name string) float64 { return p.get(name).(float64) }

// String returns a string parameter.
func (p Params) String(name string) string { return p.get(name).(string) }

// Bool returns a bool parameter.
func (p Params) Bool(name string) bool { return p.get(name).(bool) }

// Strings returns a list-of-strings parameter (nil when unset).
func (p Params) Strings(name string) []string { return p.get(name).([]string) }

// Mapping returns a map parameter (nil when unset).
func (p Params) Mapping(name string) map[string]any { return p.get(name).(map[string]any) }

// Duration returns a duration parameter.
func (p Params) Duration(name string) time.Duration { return p.get(name).(time.Duration) }

// Map returns all resolved values (for reports), keyed by name.
func (p Params) Map() map[string]any {
	out := make(map[string]any, len(p.vals))
	for k, v := range p.vals {
		if d, ok := v.(time.Duration); ok {
			out[k] = d.String()
			continue
		}
		out[k] = v
	}
	return out
}

// TestParams builds Params directly from values (for strategy unit tests);
// it still applies the spec's defaults and checks.
func TestParams(name string, raw map[string]any) (Params, error) {
	_, p, err := Resolve(name, raw)
	return p, err
}
