package reports

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/memarena/memarena/datasets"
)

func joinInts(xs []int64) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = fmt.Sprint(x)
	}
	return strings.Join(parts, ", ")
}

func short(h string) string {
	if len(h) > 12 {
		return h[:12]
	}
	return h
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func paramString(p map[string]any) string {
	if len(p) == 0 {
		return ""
	}
	var parts []string
	for _, k := range sortedKeys(p) {
		parts = append(parts, fmt.Sprintf("%s=%v", k, p[k]))
	}
	return strings.Join(parts, " ")
}

func decodeImport(raw json.RawMessage) datasets.Report {
	var r datasets.Report
	_ = json.Unmarshal(raw, &r)
	return r
}
