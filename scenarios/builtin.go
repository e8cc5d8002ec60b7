package scenarios

import (
	"embed"
	"fmt"
	"path"
	"sort"
	"strings"
)

//go:embed builtin/*.yaml
var builtinFS embed.FS

// BuiltinNames lists the ids of the scenarios embedded in the binary, sorted.
func BuiltinNames() []string {
	entries, _ := builtinFS.ReadDir("builtin")
	var names []string
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".yaml") {
			names = append(names, strings.TrimSuffix(e.Name(), ".yaml"))
		}
	}
	sort.Strings(names)
	return names
}

// Builtin loads the embedded scenario with the given id. Its Source is
// "builtin:<id>". An unknown id is an error with a did-you-mean.
func Builtin(id string) (*Scenario, error) {
	data, err := builtinFS.ReadFile(path.Join("builtin", id+".yaml"))
	if err != nil {
		return nil, fmt.Errorf("unknown built-in scenario %q%s; built-ins: %s", id, suggest(id, BuiltinNames()), strings.Join(BuiltinNames(), ", "))
	}
	s, probs := Parse("builtin/"+id+".yaml", data)
	if len(probs) > 0 {
		return nil, probs
	}
	if s.ID != id {
		return nil, Problems{{File: "builtin/" + id + ".yaml", Line: 1, Field: "id", Msg: fmt.Sprintf("id %q differs from the file name %q", s.ID, id)}}
	}
	s.Source = "builtin:" + id
	return s, nil
}

// BuiltinBytes returns the raw YAML of a built-in scenario (for `memarena
// list scenarios --show` and for copying as a template).
func BuiltinBytes(id string) ([]byte, error) {
	return builtinFS.ReadFile(path.Join("builtin", id+".yaml"))
}
