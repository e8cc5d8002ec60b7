// Package datasets turns public benchmark files into memarena scenarios.
// Each importer registers under a kind name ("locomo", "longmemeval", …);
// a run config or a CLI flag names the kind and the file, and the importer
// returns scenarios plus an import report (what was normalized, dropped or
// skipped, with the file's sha256). The data is never shipped with the
// project: users point at their copy.
package datasets

import (
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/memarena/memarena/scenarios"
)

// Spec selects a dataset file and how to import it.
type Spec struct {
	// Kind is the importer name ("locomo", "longmemeval", "synthetic").
	Kind string `yaml:"kind" json:"kind"`
	// Path is the dataset file (plain or .gz where the importer allows).
	Path string `yaml:"path" json:"path"`
	// Limit keeps at most this many units (conversations or questions,
	// importer-defined), stratified; 0 keeps all.
	Limit int `yaml:"limit,omitempty" json:"limit,omitempty"`
	// Sample keeps a seeded stratified random sample of this many units;
	// 0 means no sampling.
	Sample int `yaml:"sample,omitempty" json:"sample,omitempty"`
	// Seed seeds sampling (default: the run's first seed).
	Seed int64 `yaml:"seed,omitempty" json:"seed,omitempty"`
	// Options are importer-specific settings (e.g. label_map, captions).
	Options map[string]any `yaml:"options,omitempty" json:"options,omitempty"`
}

// Report describes what an import did; reports print it.
type Report struct {
	// Dataset is the display name ("LoCoMo", "LongMemEval-S (498/500)").
	Dataset string `json:"dataset"`
	// File and SHA256 identify the input file.
	File   string `json:"file"`
	SHA256 string `json:"sha256"`
	// Counts of what was read and kept ("conversations", "questions" …).
	Counts map[string]int `json:"counts"`
	// Strata gives per-stratum counts of the kept subset.
	Strata map[string]int `json:"strata,omitempty"`
	// Notes are facts the reader of a report needs (label map, denominators).
	Notes []string `json:"notes,omitempty"`
	// Issues are data problems found and how they were handled.
	Issues []Issue `json:"issues,omitempty"`
}

// Issue is one data problem found during import.
type Issue struct {
	// Where is the JSON path of the problem, e.g. "[3].qa[17].evidence[2]".
	Where string `json:"where"`
	// What happened, e.g. "unknown evidence id D30:99 dropped".
	What string `json:"what"`
}

// Importer reads a dataset file into scenarios.
type Importer func(spec Spec) ([]*scenarios.Scenario, *Report, error)

var (
	mu        sync.RWMutex
	importers = map[string]Importer{}
)

// Register adds an importer under kind; a duplicate panics (init-time bug).
func Register(kind string, imp Importer) {
	mu.Lock()
	defer mu.Unlock()
	if _, dup := importers[kind]; dup {
		panic("datasets: duplicate importer " + kind)
	}
	importers[kind] = imp
}

// Kinds lists registered importer kinds, sorted.
func Kinds() []string {
	mu.RLock()
	defer mu.RUnlock()
	out := make([]string, 0, len(importers))
	for k := range importers {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// Load imports spec with its registered importer.
func Load(spec Spec) ([]*scenarios.Scenario, *Report, error) {
	mu.RLock()
	imp, ok := importers[spec.Kind]
	mu.RUnlock()
	if !ok {
		return nil, nil, fmt.Errorf("unknown dataset kind %q%s; known: %s", spec.Kind, scenarios.Suggest(spec.Kind, Kinds()), strings.Join(Kinds(), ", "))
	}
	return imp(spec)
}
