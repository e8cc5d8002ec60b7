package results

import (
	"encoding/json"
	"fmt"

	"github.com/memarena/memarena/internal/model"
)

// RunMeta is the run metadata reports print; it is stored as JSON under the
// meta key "run". Everything in it is deterministic for a given config and
// source tree (no wall-clock values: those go in RunTiming).
type RunMeta struct {
	Name       string `json:"name"`
	ConfigFile string `json:"config_file,omitempty"`
	ConfigHash string `json:"config_hash"`
	// Config is the defaulted config as JSON.
	Config     json.RawMessage `json:"config"`
	Seeds      []int64         `json:"seeds"`
	Budget     int             `json:"budget"`
	K          int             `json:"k"`
	Extraction string          `json:"extraction"`
	// Backend describes the model backend; Offline is true for the
	// deterministic offline backend.
	Backend string `json:"backend"`
	Offline bool   `json:"offline"`
	// Models maps role ("extractor", "reader", "judge", "embedder") to
	// the model serving it; empty for the offline backend.
	Models map[string]string `json:"models,omitempty"`
	// Prices maps a model name to dollars per 1M prompt and completion
	// tokens (backend config); reports price tokens with it.
	Prices model.PriceTable `json:"prices,omitempty"`
	// Judge is the ID of the LLM judge configured for the run ("" when
	// none). Rows carry their own judge (Row.JudgeBy), which `memarena
	// rejudge` may change.
	Judge      string            `json:"judge,omitempty"`
	Embedder   string            `json:"embedder"`
	Tokenizer  string            `json:"tokenizer"`
	Strategies []StrategyMeta    `json:"strategies"`
	Scenarios  []ScenarioMeta    `json:"scenarios"`
	Imports    []json.RawMessage `json:"imports,omitempty"`
	// PromptVersions maps request kind → template hash.
	PromptVersions map[string]string `json:"prompt_versions"`
	Git            GitInfo           `json:"git"`
	GoVersion      string            `json:"go_version"`
	// Modules maps dependency module path → version.
	Modules   map[string]string `json:"modules,omitempty"`
	Bootstrap int               `json:"bootstrap"`
}

// StrategyMeta is one strategy entry of a run.
type StrategyMeta struct {
	Label      string `json:"label"`
	Name       string `json:"name"`
	Extraction string `json:"extraction"`
	// Budget is the entry's context budget in tokens.
	Budget  int            `json:"budget"`
	Params  map[string]any `json:"params,omitempty"`
	Summary string         `json:"summary,omitempty"`
}

// ScenarioMeta identifies one scenario of a run.
type ScenarioMeta struct {
	ID       string `json:"id"`
	Title    string `json:"title"`
	Source   string `json:"source"`
	SHA256   string `json:"sha256"`
	Sessions int    `json:"sessions"`
	Turns    int    `json:"turns"`
	Probes   int    `json:"probes"`
	Tasks    int    `json:"tasks"`
	// Meta carries importer facts (dataset, label map …).
	Meta map[string]string `json:"meta,omitempty"`
}

// GitInfo is the source tree state the binary ran from.
type GitInfo struct {
	Commit string `json:"commit"`
	Dirty  bool   `json:"dirty"`
	// FromWorkdir is true when the binary carried no commit of its own
	// and Commit was read from the git checkout the run started in,
	// which names the binary's source only if it was built there.
	FromWorkdir bool `json:"from_workdir,omitempty"`
}

// String is the source line of a report: the commit, "(uncommitted
// changes)" for a dirty tree, and where the commit was read when it came
// from the working directory rather than the binary.
func (g GitInfo) String() string {
	s := g.Commit
	if g.Dirty {
		s += " (uncommitted changes)"
	}
	if g.FromWorkdir {
		s += " (read from the working directory; the binary carries no commit)"
	}
	return s
}

// RunStatus says whether the run is complete. Stored under "status".
type RunStatus struct {
	Cells       int      `json:"cells"`
	Done        int      `json:"done"`
	Failed      []string `json:"failed,omitempty"`
	Interrupted bool     `json:"interrupted,omitempty"`
}

// RunTiming holds the wall-clock facts of a run (not deterministic).
// Stored under "timing".
type RunTiming struct {
	Started     string  `json:"started"`
	Finished    string  `json:"finished"`
	WallSeconds float64 `json:"wall_seconds"`
}

// PutJSON stores v as JSON under key.
func (s *Store) PutJSON(key string, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	return s.SetMeta(key, string(b))
}

// GetJSON decodes the JSON stored under key into v; a missing key is an
// error naming it.
func (s *Store) GetJSON(key string, v any) error {
	raw, err := s.Meta(key)
	if err != nil {
		return err
	}
	if raw == "" {
		return fmt.Errorf("results %s: no %q metadata (not a complete memarena run database?)", s.path, key)
	}
	return json.Unmarshal([]byte(raw), v)
}

// MetaShard is the meta key of a shard's ShardMeta; an unsharded run (and
// a merged one) has none.
const MetaShard = "shard"

// ShardMeta records that a run directory holds one shard of a larger run.
type ShardMeta struct {
	// Index (1-based) and Count: shard Index of Count.
	Index int `json:"index"`
	Count int `json:"count"`
	// AllCells are the keys of every cell of the whole run, in plan order;
	// merging checks that the shards cover them exactly once.
	AllCells []string `json:"all_cells"`
}
