package runner

import (
	"fmt"
	"os"
	"sort"
	"strings"

	"github.com/memarena/memarena/datasets"
	"github.com/memarena/memarena/scenarios"
)

// CellSpec is one cell of the matrix.
type CellSpec struct {
	// Key is "<label>|<scenario id>|<seed>", unique in a run.
	Key        string
	Label      string
	Strategy   string
	Params     map[string]any
	Extraction string
	// Budget is the context budget of this cell in tokens.
	Budget   int
	Scenario *scenarios.Scenario
	Seed     int64
}

// Plan is an expanded config: the scenarios it loaded and the cells to run,
// in a fixed order (strategy entry, scenario, seed).
type Plan struct {
	Scenarios []*scenarios.Scenario
	// Imports are the dataset import reports, one per dataset entry.
	Imports []*datasets.Report
	Cells   []CellSpec
}

// Probes is the number of probes (task checks included) the plan scores.
func (p *Plan) Probes() int {
	n := 0
	for _, c := range p.Cells {
		n += len(c.Scenario.Probes)
		for _, s := range c.Scenario.Sessions {
			if s.Task != nil {
				n++
			}
		}
	}
	return n
}

// Expand loads every scenario and dataset of cfg and builds the matrix.
// Scenario ids must be unique across sources.
func Expand(cfg *Config) (*Plan, error) {
	p := &Plan{}
	seen := map[string]string{}
	add := func(s *scenarios.Scenario) error {
		if prev, dup := seen[s.ID]; dup {
			return fmt.Errorf("scenario id %q comes from both %s and %s; ids must be unique in a run", s.ID, prev, s.Source)
		}
		seen[s.ID] = s.Source
		p.Scenarios = append(p.Scenarios, s)
		return nil
	}
	for _, ref := range cfg.Scenarios {
		var loaded []*scenarios.Scenario
		switch {
		case ref == "builtin":
			for _, id := range scenarios.BuiltinNames() {
				s, err := scenarios.Builtin(id)
				if err != nil {
					return nil, err
				}
				loaded = append(loaded, s)
			}
		case strings.HasPrefix(ref, "builtin:"):
			s, err := scenarios.Builtin(strings.TrimPrefix(ref, "builtin:"))
			if err != nil {
				return nil, err
			}
			loaded = append(loaded, s)
		default:
			if _, err := os.Stat(ref); err != nil {
				return nil, fmt.Errorf("scenario %s: %w", ref, err)
			}
			ss, err := scenarios.LoadFiles([]string{ref})
			if err != nil {
				return nil, err
			}
			loaded = ss
		}
		for _, s := range loaded {
			if err := add(s); err != nil {
				return nil, err
			}
		}
	}
	for i, d := range cfg.Datasets {
		if d.Seed == 0 && len(cfg.Seeds) > 0 {
			d.Seed = cfg.Seeds[0]
		}
		ss, rep, err := datasets.Load(d)
		if err != nil {
			return nil, fmt.Errorf("datasets[%d] (%s %s): %w", i, d.Kind, d.Path, err)
		}
		p.Imports = append(p.Imports, rep)
		for _, s := range ss {
			if err := add(s); err != nil {
				return nil, err
			}
		}
	}
	if len(p.Scenarios) == 0 {
		return nil, fmt.Errorf("no scenarios to run")
	}
	for _, st := range cfg.Strategies {
		budget := cfg.Budget
		if st.Budget > 0 {
			budget = st.Budget
		}
		for _, s := range p.Scenarios {
			for _, seed := range cfg.Seeds {
				p.Cells = append(p.Cells, CellSpec{
					Key:   fmt.Sprintf("%s|%s|%d", st.Label, s.ID, seed),
					Label: st.Label, Strategy: st.Name, Params: st.Params, Extraction: st.Extraction, Budget: budget, Scenario: s, Seed: seed,
				})
			}
		}
	}
	return p, nil
}

// ScenarioHashes maps scenario id → sha256 of its source, sorted by id.
func (p *Plan) ScenarioHashes() []([2]string) {
	out := make([][2]string, 0, len(p.Scenarios))
	for _, s := range p.Scenarios {
		out = append(out, [2]string{s.ID, s.Hash})
	}
	sort.Slice(out, func(i, j int) bool { return out[i][0] < out[j][0] })
	return out
}
