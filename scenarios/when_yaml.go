package scenarios

import "fmt"

// UnmarshalYAML reads a When from a YAML scalar. It gives the same result
// as UnmarshalText on the scalar's text, and never fails (see When): a
// value that is not a date — a number, a list, a mapping — is kept as Raw
// with Err set, so the validator reports it with its line.
//
// go-yaml decodes a TextUnmarshaler by formatting the node back to YAML
// through a formatter that indexes every token of the document, once per
// value: a file with many dates then loads in quadratic time (minutes for
// 64k turns). Reading the scalar through the decoder keeps loading linear
// (BenchmarkParse).
func (w *When) UnmarshalYAML(unmarshal func(any) error) error {
	var s string
	if err := unmarshal(&s); err == nil {
		return w.UnmarshalText([]byte(s))
	}
	var v any
	if err := unmarshal(&v); err != nil {
		return w.UnmarshalText([]byte(err.Error()))
	}
	return w.UnmarshalText([]byte(fmt.Sprint(v)))
}
