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
	"errors"
	"fmt"
	"os"
	"regexp"
	"slices"
	"strings"

	"github.com/memarena/memarena/datasets"
	_ "github.com/memarena/memarena/datasets/all" // importers, so a config's dataset kinds are checked at load
	"github.com/memarena/memarena/gate"
	"github.com/memarena/memarena/internal/yamlx"
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

// ConfigLimits bound a config file before it is parsed (see package
// yamlx): 1 MiB, nesting 32 levels deep, 100,000 YAML nodes after alias
// expansion.
var ConfigLimits = yamlx.Limits{MaxBytes: 1 << 20, MaxDepth: 32, MaxNodes: 100_000}

// ConfigError lists every problem of a config file, each with the file,
// its line and the field ("strategies[1].params.overlap").
type ConfigError struct {
	File     string
	Problems scenarios.Problems
}

// Error prints one problem per line: "config FILE:LINE: field: message".
func (e *ConfigError) Error() string {
	lines := make([]string, len(e.Problems))
	for i, p := range e.Problems {
		lines[i] = "config " + p.String()
	}
	return strings.Join(lines, "\n")
}

// defaulted are the fields whose zero value means "use the default": a
// file that writes the zero (0, "", [], or nothing after the colon) gets
// an error instead of the silent default, like the same value as a flag.
var defaulted = []struct{ field, want, def string }{
	{"name", "letters, digits, '.', '-' or '_'", "the file name"},
	{"seeds", "at least one seed, e.g. [1, 2, 3]", "[1]"},
	{"budget", "at least 16 tokens", "1024"},
	{"k", "a cut-off of at least 1", "10"},
	{"recent", "at least 1 turn", "6"},
	{"extraction", "model or oracle", "model"},
	{"backend.kind", "offline or openai", "offline"},
	{"tokenizer", "cl100k_base or o200k_base", "cl100k_base"},
	{"embed_dim", "at least 64", "512"},
	{"output", "a directory", "out"},
	{"bootstrap", "at least 1 resample", "1000"},
	{"reader.threshold", "a support threshold in (0, 1] for every answer type", "the per-answer-type thresholds, reader.Threshold"},
}

// LoadConfig reads, defaults and checks a config file. Every problem is
// reported at once, each naming the file, the line and the field; the
// error is a *ConfigError.
func LoadConfig(path string) (*Config, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("config %s: %w", path, err)
	}
	fail := func(ps []yamlx.Problem) error {
		e := &ConfigError{File: path}
		for _, p := range ps {
			e.Problems = append(e.Problems, scenarios.Problem{File: path, Line: p.Line, Field: p.Field, Msg: p.Msg})
		}
		return e
	}
	doc, yp := yamlx.Parse(data, ConfigLimits)
	if len(yp) > 0 {
		return nil, fail(yp)
	}
	if doc.Empty() {
		return nil, fail([]yamlx.Problem{{Line: 1, Msg: "the file holds no YAML mapping; want at least strategies (see configs/default.yaml)"}})
	}
	if yp := doc.Check(&Config{}, yamlx.CheckOptions{Suggest: scenarios.Suggest}); len(yp) > 0 {
		return nil, fail(yp)
	}
	yp = blanks(doc)
	var c Config
	if len(yp) == 0 {
		yp = doc.Decode(&c, true)
	}
	if len(yp) > 0 {
		return nil, fail(yp)
	}
	if c.Name == "" {
		base := path[strings.LastIndex(path, "/")+1:]
		c.Name = strings.TrimSuffix(strings.TrimSuffix(base, ".yaml"), ".yml")
	}
	c.source = path
	c.Defaults()
	for _, p := range c.problems() {
		p.File, p.Line = path, doc.Line(p.Field)
		yp = append(yp, yamlx.Problem{Line: p.Line, Field: p.Field, Msg: p.Msg})
	}
	if len(yp) > 0 {
		return nil, fail(yp)
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

// blanks reports the defaulted fields a file writes as a zero value, and
// an empty scenarios list without datasets.
func blanks(doc *yamlx.Doc) []yamlx.Problem {
	var out []yamlx.Problem
	add := func(field, written, want, def string) {
		out = append(out, yamlx.Problem{Line: doc.Line(field), Field: field,
			Msg: fmt.Sprintf("%s would silently mean the default (%s); give %s, or leave the field out", written, def, want)})
	}
	for _, d := range defaulted {
		if w, ok := doc.Blank(d.field); ok {
			add(d.field, w, d.want, d.def)
		}
	}
	for i := 0; i < doc.Len("strategies"); i++ {
		for _, f := range []struct{ name, want, def string }{
			{"label", "a distinct label", "the strategy's name"},
			{"extraction", "model or oracle", "the run's extraction"},
		} {
			field := fmt.Sprintf("strategies[%d].%s", i, f.name)
			if w, ok := doc.Blank(field); ok {
				add(field, w, f.want, f.def)
			}
		}
	}
	for i := 0; i < doc.Len("datasets"); i++ {
		field := fmt.Sprintf("datasets[%d].seed", i)
		if w, ok := doc.Blank(field); ok {
			add(field, w, "a nonzero seed", "the run's first seed")
		}
	}
	if w, ok := doc.Blank("scenarios"); ok && doc.Len("datasets") == 0 {
		add("scenarios", w, "scenario files, builtin or builtin:<id>", "builtin")
	}
	return out
}

var nameRe = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]*$`)

// Check validates a defaulted config: known strategies and parameters
// (with did-you-mean), unique labels, modes, ranges. The error lists every
// problem, one per line, as "field: message".
func (c *Config) Check() error {
	ps := c.problems()
	if len(ps) == 0 {
		return nil
	}
	lines := make([]string, len(ps))
	for i, p := range ps {
		lines[i] = p.Field + ": " + p.Msg
	}
	return fmt.Errorf("%s", strings.Join(lines, "\n  "))
}

// problems lists what Check reports, each with its field.
func (c *Config) problems() scenarios.Problems {
	var ps scenarios.Problems
	add := func(field, f string, a ...any) {
		ps = append(ps, scenarios.Problem{Field: field, Msg: fmt.Sprintf(f, a...)})
	}
	if len(c.Strategies) == 0 {
		add("strategies", "none listed; want at least one (see `memarena list strategies`)")
	}
	if !nameRe.MatchString(c.Name) {
		add("name", "%q; want letters, digits, '.', '-' or '_' (it names the run directory)", c.Name)
	}
	labels := map[string]int{}
	for i, s := range c.Strategies {
		f := fmt.Sprintf("strategies[%d]", i)
		if _, _, err := strategies.Resolve(s.Name, s.Params); err != nil {
			var pe *strategies.ParamError
			if errors.As(err, &pe) {
				add(f+".params."+pe.Param, "%s", strings.TrimPrefix(err.Error(), "strategy "+pe.Strategy+": parameter "+pe.Param+": "))
			} else {
				add(f+".name", "%v", err)
			}
		}
		if s.Extraction != strategies.ExtractModel && s.Extraction != strategies.ExtractOracle && s.Extraction != c.Extraction {
			add(f+".extraction", "%q; want model or oracle", s.Extraction)
		}
		if s.Budget != 0 && s.Budget < 16 {
			add(f+".budget", "%d tokens; want at least 16 (or 0 for the run's budget)", s.Budget)
		}
		if j, dup := labels[s.Label]; dup {
			add(f+".label", "%q already used by strategies[%d]; give each entry a distinct label", s.Label, j)
		}
		labels[s.Label] = i
	}
	if c.Extraction != strategies.ExtractModel && c.Extraction != strategies.ExtractOracle {
		add("extraction", "%q; want model or oracle", c.Extraction)
	}
	if c.Reference != "" {
		if _, ok := labels[c.Reference]; !ok {
			var ls []string
			for _, s := range c.Strategies {
				ls = append(ls, s.Label)
			}
			add("reference", "%q is not the label of a strategy entry; want one of %s", c.Reference, strings.Join(ls, ", "))
		}
	}
	if c.Budget < 16 {
		add("budget", "%d tokens; want at least 16", c.Budget)
	}
	if c.K < 1 {
		add("k", "%d; want at least 1", c.K)
	}
	if c.Recent < 0 {
		add("recent", "%d; want ≥ 0", c.Recent)
	}
	if c.Parallelism < 0 {
		add("parallelism", "%d; want ≥ 0 (0 = number of CPUs)", c.Parallelism)
	}
	if c.EmbedDim < 64 {
		add("embed_dim", "%d; want ≥ 64", c.EmbedDim)
	}
	if c.Bootstrap < 1 {
		add("bootstrap", "%d; want at least 1 resample", c.Bootstrap)
	}
	if c.Reader.Threshold < 0 || c.Reader.Threshold > 1 {
		add("reader.threshold", "%v; want a value in [0, 1]", c.Reader.Threshold)
	}
	if len(c.Seeds) == 0 {
		add("seeds", "no seed; want at least one")
	}
	for i, sc := range c.Scenarios {
		f := fmt.Sprintf("scenarios[%d]", i)
		if id, ok := strings.CutPrefix(sc, "builtin:"); ok {
			if _, err := scenarios.Builtin(id); err != nil {
				add(f, "%v", err)
			}
		} else if sc != "builtin" {
			if _, err := os.Stat(sc); err != nil {
				add(f, "%q is neither \"builtin\", \"builtin:<id>\" nor a readable file or directory (%v)", sc, err)
			}
		}
	}
	kinds := datasets.Kinds()
	for i, d := range c.Datasets {
		f := fmt.Sprintf("datasets[%d]", i)
		if !slices.Contains(kinds, d.Kind) {
			add(f+".kind", "unknown dataset kind %q%s; known: %s", d.Kind, scenarios.Suggest(d.Kind, kinds), strings.Join(kinds, ", "))
		}
		if d.Limit < 0 {
			add(f+".limit", "%d; want ≥ 0 (0 = all)", d.Limit)
		}
		if d.Sample < 0 {
			add(f+".sample", "%d; want ≥ 0 (0 = no sampling)", d.Sample)
		}
	}
	seen := map[int64]bool{}
	for i, s := range c.Seeds {
		if seen[s] {
			add(fmt.Sprintf("seeds[%d]", i), "seed %d listed twice", s)
		}
		seen[s] = true
	}
	return ps
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
