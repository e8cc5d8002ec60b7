// Package runner turns an experiment config into results: it expands the
// matrix of cells (strategy × scenario × seed), runs cells in parallel on a
// bounded worker pool (each cell with a fresh strategy, its turns strictly
// in order), scores every probe and stores results in SQLite as each cell
// finishes. Reports are rendered from the store by package reports.
package runner

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"regexp"
	"strings"

	"github.com/goccy/go-yaml"

	"github.com/memarena/memarena/datasets"
	"github.com/memarena/memarena/gate"
	"github.com/memarena/memarena/scenarios"
	"github.com/memarena/memarena/strategies"
)

// Config is an experiment file (configs/*.yaml). Every field has a default
// (see Defaults), so the smallest valid config names only strategies.
type Config struct {
	// Name labels the run (run id prefix). Default: the file name.
	Name string `yaml:"name" json:"name"`
	// Scenarios: "builtin" (all built-ins), "builtin:<id>", or a scenario
	// YAML file or directory.
	Scenarios []string `yaml:"scenarios" json:"scenarios"`
	// Datasets are public datasets imported through package datasets.
	Datasets []datasets.Spec `yaml:"datasets" json:"datasets,omitempty"`
	// Strategies to compare.
	Strategies []StrategyConfig `yaml:"strategies" json:"strategies"`
	// Seeds: one cell per strategy × scenario × seed. Default [1].
	Seeds []int64 `yaml:"seeds" json:"seeds"`
	// Budget is the context budget per probe in tokens. Default 1024.
	Budget int `yaml:"budget" json:"budget"`
	// K is the cut-off of recall@k and nDCG@k. Default 10.
	K int `yaml:"k" json:"k"`
	// Recent is how many recent turns a query carries. Default 6.
	Recent int `yaml:"recent" json:"recent"`
	// Extraction is the default extraction mode: "model" or "oracle".
	Extraction string `yaml:"extraction" json:"extraction"`
	// Backend selects the model backend (see BackendConfig).
	Backend BackendConfig `yaml:"backend" json:"backend"`
	// Tokenizer is the BPE encoding: cl100k_base (default) or o200k_base.
	Tokenizer string `yaml:"tokenizer" json:"tokenizer"`
	// EmbedDim is the offline embedder's dimension. Default 512.
	EmbedDim int `yaml:"embed_dim" json:"embed_dim"`
	// Parallelism is the number of cells run at once; 0 means the number
	// of CPUs.
	Parallelism int `yaml:"parallelism" json:"parallelism"`
	// Output is the directory runs are written under. Default "out".
	Output string `yaml:"output" json:"output"`
	// Bootstrap is the number of bootstrap resamples for CIs. Default 1000.
	Bootstrap int `yaml:"bootstrap" json:"bootstrap"`
	// Reader tunes the offline extractive reader.
	Reader ReaderConfig `yaml:"reader" json:"reader"`
	// Reference is the label of the strategy every other one is compared
	// with in the reports' paired comparisons. Default: flat-rag when the
	// run has an entry labelled flat-rag; "" otherwise (no comparison).
	Reference string `yaml:"reference" json:"reference,omitempty"`
	// Thresholds are the pass/fail checks of the CI gate (see gate.Thresholds);
	// they do not change results and are left out of Hash.
	Thresholds gate.Thresholds `yaml:"thresholds" json:"thresholds,omitempty"`

	// source is the file the config came from ("" when built in code).
	source string
}

// StrategyConfig is one entry of Config.Strategies.
type StrategyConfig struct {
	// Name is the registry name ("flat-rag").
	Name string `yaml:"name" json:"name"`
	// Label is the display name in reports; default Name, plus
	// "[oracle]" when Extraction is oracle and differs from the run's.
	Label string `yaml:"label" json:"label,omitempty"`
	// Params are strategy parameters (see `memarena list strategies`).
	Params map[string]any `yaml:"params" json:"params,omitempty"`
	// Extraction overrides the run's extraction mode for this entry.
	Extraction string `yaml:"extraction" json:"extraction,omitempty"`
	// Budget overrides the run's context budget for this entry (tokens);
	// 0 keeps the run's. Reports show the entry's budget beside its label.
	// Meant for reference rows such as full-context without a budget
	// constraint; compare strategies at the run's one budget.
	Budget int `yaml:"budget" json:"budget,omitempty"`
}

// ReaderConfig tunes the offline reader.
type ReaderConfig struct {
	// Threshold is the minimum support to answer, in [0, 1], for every
	// answer type. Default 0: the reader's threshold calibrated per
	// expected answer type on LoCoMo and LongMemEval (reader.Threshold).
	Threshold float64 `yaml:"threshold" json:"threshold"`
}

// BackendConfig selects the model backend.
type BackendConfig struct {
	// Kind is "offline" (default) or "openai".
	Kind string `yaml:"kind" json:"kind"`
	// Options are backend-specific settings (base URL, models …).
	Options map[string]any `yaml:"options" json:"options,omitempty"`
}

// Defaults fills unset fields.
func (c *Config) Defaults() {
	if len(c.Scenarios) == 0 && len(c.Datasets) == 0 {
		c.Scenarios = []string{"builtin"}
	}
	if len(c.Seeds) == 0 {
		c.Seeds = []int64{1}
	}
	if c.Budget == 0 {
		c.Budget = 1024
	}
	if c.K == 0 {
		c.K = 10
	}
	if c.Recent == 0 {
		c.Recent = 6
	}
	if c.Extraction == "" {
		c.Extraction = strategies.ExtractModel
	}
	if c.Backend.Kind == "" {
		c.Backend.Kind = "offline"
	}
	if c.EmbedDim == 0 {
		c.EmbedDim = 512
	}
	if c.Output == "" {
		c.Output = "out"
	}
	if c.Bootstrap == 0 {
		c.Bootstrap = 1000
	}
	for i := range c.Strategies {
		s := &c.Strategies[i]
		if s.Extraction == "" {
			s.Extraction = c.Extraction
		}
		if s.Label == "" {
			s.Label = s.Name
			if s.Extraction != c.Extraction {
				s.Label += "[" + s.Extraction + "]"
			}
		}
	}
}

// LoadConfig reads, defaults and checks a config file. Errors name the file,
// the line where go-yaml reports one, and the field.
func LoadConfig(path string) (*Config, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("config %s: %w", path, err)
	}
	var c Config
	if err := yaml.UnmarshalWithOptions(data, &c, yaml.DisallowUnknownField()); err != nil {
		first := strings.SplitN(err.Error(), "\n", 2)[0]
		var line, col int
		if n, _ := fmt.Sscanf(first, "[%d:%d]", &line, &col); n == 2 {
			if i := strings.Index(first, "]"); i >= 0 {
				first = strings.TrimSpace(first[i+1:])
			}
			if m := unknownField.FindStringSubmatch(first); m != nil {
				first += scenarios.Suggest(m[1], configFields)
			}
			return nil, fmt.Errorf("config %s:%d: %s", path, line, first)
		}
		return nil, fmt.Errorf("config %s: %s", path, first)
	}
	if c.Name == "" {
		base := path[strings.LastIndex(path, "/")+1:]
		c.Name = strings.TrimSuffix(strings.TrimSuffix(base, ".yaml"), ".yml")
	}
	c.source = path
	c.Defaults()
	if err := c.Check(); err != nil {
		return nil, fmt.Errorf("config %s: %w", path, err)
	}
	if _, err := c.Thresholds.Parse(c.Labels(), yamlWhere(path, data)); err != nil {
		return nil, fmt.Errorf("config %w", err)
	}
	return &c, nil
}

var unknownField = regexp.MustCompile(`unknown field "([^"]+)"`)

// configFields are the config's field names, for did-you-mean suggestions.
var configFields = []string{"name", "scenarios", "datasets", "strategies", "seeds", "budget", "k", "recent", "extraction",
	"backend", "tokenizer", "embed_dim", "parallelism", "output", "bootstrap", "reader", "label", "params", "kind",
	"path", "limit", "sample", "seed", "options", "threshold", "reference", "thresholds"}

var nameRe = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]*$`)

// Check validates a defaulted config: known strategies and parameters
// (with did-you-mean), unique labels, modes, ranges.
func (c *Config) Check() error {
	var errs []string
	add := func(f string, a ...any) { errs = append(errs, fmt.Sprintf(f, a...)) }
	if len(c.Strategies) == 0 {
		add("strategies: none listed; want at least one (see `memarena list strategies`)")
	}
	if !nameRe.MatchString(c.Name) {
		add("name: %q; want letters, digits, '.', '-' or '_' (it names the run directory)", c.Name)
	}
	labels := map[string]int{}
	for i, s := range c.Strategies {
		if _, _, err := strategies.Resolve(s.Name, s.Params); err != nil {
			add("strategies[%d]: %v", i, err)
		}
		if s.Extraction != strategies.ExtractModel && s.Extraction != strategies.ExtractOracle {
			add("strategies[%d].extraction: %q; want model or oracle", i, s.Extraction)
		}
		if s.Budget != 0 && s.Budget < 16 {
			add("strategies[%d].budget: %d tokens; want at least 16 (or 0 for the run's budget)", i, s.Budget)
		}
		if j, dup := labels[s.Label]; dup {
			add("strategies[%d].label: %q already used by strategies[%d]; give each entry a distinct label", i, s.Label, j)
		}
		labels[s.Label] = i
	}
	if c.Extraction != strategies.ExtractModel && c.Extraction != strategies.ExtractOracle {
		add("extraction: %q; want model or oracle", c.Extraction)
	}
	if c.Reference != "" {
		if _, ok := labels[c.Reference]; !ok {
			var ls []string
			for _, s := range c.Strategies {
				ls = append(ls, s.Label)
			}
			add("reference: %q is not the label of a strategy entry; want one of %s", c.Reference, strings.Join(ls, ", "))
		}
	}
	if c.Budget < 16 {
		add("budget: %d tokens; want at least 16", c.Budget)
	}
	if c.K < 1 {
		add("k: %d; want at least 1", c.K)
	}
	if c.Recent < 0 {
		add("recent: %d; want ≥ 0", c.Recent)
	}
	if c.Parallelism < 0 {
		add("parallelism: %d; want ≥ 0 (0 = number of CPUs)", c.Parallelism)
	}
	if c.EmbedDim < 64 {
		add("embed_dim: %d; want ≥ 64", c.EmbedDim)
	}
	if c.Reader.Threshold < 0 || c.Reader.Threshold > 1 {
		add("reader.threshold: %v; want a value in [0, 1]", c.Reader.Threshold)
	}
	for i, sc := range c.Scenarios {
		if id, ok := strings.CutPrefix(sc, "builtin:"); ok {
			if _, err := scenarios.Builtin(id); err != nil {
				add("scenarios[%d]: %v", i, err)
			}
		} else if sc != "builtin" {
			if _, err := os.Stat(sc); err != nil {
				add("scenarios[%d]: %q is neither \"builtin\", \"builtin:<id>\" nor a readable file or directory (%v)", i, sc, err)
			}
		}
	}
	seen := map[int64]bool{}
	for i, s := range c.Seeds {
		if seen[s] {
			add("seeds[%d]: seed %d listed twice", i, s)
		}
		seen[s] = true
	}
	if len(errs) > 0 {
		return fmt.Errorf("%s", strings.Join(errs, "\n  "))
	}
	return nil
}

// Hash is the sha256 (hex) of the config's canonical JSON (defaults
// applied), identifying what was run. Output and parallelism are left out:
// they do not change results.
func (c *Config) Hash() string {
	cc := *c
	cc.Output, cc.Parallelism, cc.Thresholds = "", 0, nil
	b, _ := json.Marshal(cc)
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// Labels are the labels of the config's strategy entries, in order.
func (c *Config) Labels() []string {
	out := make([]string, len(c.Strategies))
	for i, s := range c.Strategies {
		out[i] = s.Label
	}
	return out
}

// Gate parses the config's thresholds (see gate.Thresholds.Parse).
func (c *Config) Gate() (gate.Gate, error) { return c.Thresholds.Parse(c.Labels(), nil) }

// Source is the file the config was loaded from, or "".
func (c *Config) Source() string { return c.source }
