package runner

import (
	"fmt"
	"strings"

	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/parser"
)

// yamlWhere returns a function giving "file:line: " for a key path of the
// YAML mapping document data read from file: the line of the deepest key of
// path found ("file: " when not even the first is there).
func yamlWhere(file string, data []byte) func(path ...string) string {
	f, err := parser.ParseBytes(data, 0)
	if err != nil || len(f.Docs) == 0 {
		return nil
	}
	root := f.Docs[0].Body
	lineOf := func(path ...string) int {
		node, line := root, 0
		for _, key := range path {
			m, ok := node.(*ast.MappingNode)
			if !ok {
				return line
			}
			found := false
			for _, kv := range m.Values {
				if kv.Key.String() == key || strings.Trim(kv.Key.String(), `"'`) == key {
					line = kv.Key.GetToken().Position.Line
					node = kv.Value
					found = true
					break
				}
			}
			if !found {
				return line
			}
		}
		return line
	}
	return func(path ...string) string {
		if l := lineOf(path...); l > 0 {
			return fmt.Sprintf("%s:%d: ", file, l)
		}
		return file + ": "
	}
}
