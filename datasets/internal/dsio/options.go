package dsio

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/memarena/memarena/scenarios"
)

// Options reads importer options (datasets.Spec.Options) with type checks.
// Errors name the option as "options.<name>".
type Options struct {
	m     map[string]any
	known []string
}

// NewOptions checks that every key of m is one of known (with a
// did-you-mean) and returns a reader.
func NewOptions(m map[string]any, known ...string) (*Options, error) {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		found := false
		for _, kn := range known {
			if k == kn {
				found = true
			}
		}
		if !found {
			return nil, fmt.Errorf("options.%s: unknown option%s; known: %s", k, scenarios.Suggest(k, known), strings.Join(known, ", "))
		}
	}
	return &Options{m: m, known: known}, nil
}

// String returns option name, def when absent; allowed (when non-empty)
// lists the accepted values.
func (o *Options) String(name, def string, allowed ...string) (string, error) {
	v, ok := o.m[name]
	if !ok || v == nil {
		return def, nil
	}
	s, isStr := v.(string)
	if !isStr {
		return "", fmt.Errorf("options.%s: want a string, got %T", name, v)
	}
	if len(allowed) > 0 {
		for _, a := range allowed {
			if s == a {
				return s, nil
			}
		}
		return "", fmt.Errorf("options.%s: %q%s; want one of %s", name, s, scenarios.Suggest(s, allowed), strings.Join(allowed, ", "))
	}
	return s, nil
}

// Bool returns option name, def when absent.
func (o *Options) Bool(name string, def bool) (bool, error) {
	v, ok := o.m[name]
	if !ok || v == nil {
		return def, nil
	}
	b, isBool := v.(bool)
	if !isBool {
		return false, fmt.Errorf("options.%s: want true or false, got %v", name, v)
	}
	return b, nil
}

// Int returns option name (a whole number ≥ 0), def when absent. YAML and
// JSON numbers of any Go numeric type are accepted.
func (o *Options) Int(name string, def int) (int, error) {
	v, ok := o.m[name]
	if !ok || v == nil {
		return def, nil
	}
	var f float64
	switch x := v.(type) {
	case int:
		f = float64(x)
	case int64:
		f = float64(x)
	case uint64:
		f = float64(x)
	case int32:
		f = float64(x)
	case uint32:
		f = float64(x)
	case float64:
		f = x
	default:
		return 0, fmt.Errorf("options.%s: want a whole number, got %v", name, v)
	}
	if f < 0 || f != math.Trunc(f) || f > math.MaxInt32 {
		return 0, fmt.Errorf("options.%s: want a whole number ≥ 0, got %v", name, v)
	}
	return int(f), nil
}
