// Package reports renders a run's results — from the SQLite results store
// alone — as markdown (tablewriter), long-format and summary CSV, and JSON
// with the run metadata. Same results ⇒ same bytes, apart from the
// clearly-marked timing columns and sections (latency, wall time).
package reports

import (
	"fmt"
	"math"
	"sort"

	"github.com/memarena/memarena/internal/results"
	"github.com/memarena/memarena/metrics"
)

// Data is everything a report shows, loaded from a results store.
type Data struct {
	Meta   results.RunMeta
	Status results.RunStatus
	Timing results.RunTiming
	// Cells in label order (run config order), then scenario, then seed.
	Cells []results.Cell
	// Rows by cell key, in probe order.
	Rows map[string][]results.Row
	// Labels of the strategies in run order.
	Labels []string
	// MixedJudges lists the judge IDs when rows were graded by more than
	// one LLM judge; judge accuracy is then never aggregated.
	MixedJudges []string
	// BackendStats are the backend's request counts of the last
	// invocation (HTTP requests, cache hits …; not deterministic).
	BackendStats map[string]int64
}

// Load reads a run from its results store.
func Load(store *results.Store) (*Data, error) {
	d := &Data{Rows: map[string][]results.Row{}}
	if err := store.GetJSON("run", &d.Meta); err != nil {
		return nil, err
	}
	_ = store.GetJSON("status", &d.Status)
	_ = store.GetJSON("timing", &d.Timing)
	cells, err := store.Cells()
	if err != nil {
		return nil, err
	}
	order := map[string]int{}
	for i, s := range d.Meta.Strategies {
		order[s.Label] = i
		d.Labels = append(d.Labels, s.Label)
	}
	sort.SliceStable(cells, func(i, j int) bool {
		oi, iok := order[cells[i].Label]
		oj, jok := order[cells[j].Label]
		if iok != jok {
			return iok
		}
		if oi != oj {
			return oi < oj
		}
		if cells[i].Label != cells[j].Label {
			return cells[i].Label < cells[j].Label
		}
		if cells[i].Scenario != cells[j].Scenario {
			return cells[i].Scenario < cells[j].Scenario
		}
		return cells[i].Seed < cells[j].Seed
	})
	d.Cells = cells
	for _, c := range cells {
		if _, ok := order[c.Label]; !ok {
			order[c.Label] = len(order)
			d.Labels = append(d.Labels, c.Label)
		}
		rows, err := store.Rows(c.Key)
		if err != nil {
			return nil, err
		}
		d.Rows[c.Key] = rows
	}
	d.loadLLM(store)
	return d, nil
}

// metricCol is a per-row metric column of the report tables.
type metricCol struct {
	name string
	get  func(results.Row) metrics.Value
}

var probeCols = []metricCol{
	{metrics.AnswerF1, func(r results.Row) metrics.Value { return r.Scores.AnswerF1 }},
	{metrics.ExactMatch, func(r results.Row) metrics.Value { return r.Scores.ExactMatch }},
	{metrics.FactAccuracy, func(r results.Row) metrics.Value { return r.Scores.FactAccuracy }},
	{metrics.RecallAtK, func(r results.Row) metrics.Value { return r.Scores.RecallAtK }},
	{metrics.ContextRecall, func(r results.Row) metrics.Value { return r.Scores.ContextRecall }},
	{metrics.NDCGAtK, func(r results.Row) metrics.Value { return r.Scores.NDCGAtK }},
	{metrics.MRR, func(r results.Row) metrics.Value { return r.Scores.MRR }},
	{metrics.AnswerInContext, func(r results.Row) metrics.Value { return r.Scores.AnswerInContext }},
	{metrics.PathReuse, func(r results.Row) metrics.Value { return r.Scores.PathReuse }},
	{metrics.FullPathReuse, func(r results.Row) metrics.Value { return r.Scores.FullPathReuse }},
	{metrics.StaleFactRate, func(r results.Row) metrics.Value { return r.Scores.StaleFactRate }},
	{metrics.StaleInContext, func(r results.Row) metrics.Value { return r.Scores.StaleInContext }},
	{metrics.AbstentionAcc, func(r results.Row) metrics.Value { return r.Scores.AbstentionAcc }},
	{metrics.JudgeAccuracy, func(r results.Row) metrics.Value { return r.JudgeCorrect }},
	{metrics.TaskSuccess, func(r results.Row) metrics.Value { return r.TaskSuccess }},
}

func colByName(name string) metricCol {
	for _, c := range probeCols {
		if c.name == name {
			return c
		}
	}
	panic("reports: no column " + name)
}

// group collects the rows of every cell of label that pass keep.
func (d *Data) group(label string, keep func(results.Cell, results.Row) bool) []results.Row {
	var out []results.Row
	for _, c := range d.Cells {
		if c.Label != label {
			continue
		}
		for _, r := range d.Rows[c.Key] {
			if keep == nil || keep(c, r) {
				out = append(out, r)
			}
		}
	}
	return out
}

func values(rows []results.Row, col metricCol) []metrics.Value {
	vs := make([]metrics.Value, len(rows))
	for i, r := range rows {
		vs[i] = col.get(r)
	}
	return vs
}

// seed for bootstrap CIs: the run's first seed, so CIs are reproducible.
func (d *Data) bootSeed() uint64 {
	if len(d.Meta.Seeds) > 0 {
		return uint64(d.Meta.Seeds[0])
	}
	return 1
}

func fmtAgg(a metrics.Agg, withCI bool) string {
	if !a.Available() {
		return "n/a"
	}
	s := fmt.Sprintf("%.3f", a.Mean)
	if withCI && !math.IsNaN(a.Lo) {
		s += fmt.Sprintf(" [%.2f, %.2f]", a.Lo, a.Hi)
	}
	return s
}

func fmtFloat(f float64, prec int) string {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return "n/a"
	}
	return fmt.Sprintf("%.*f", prec, f)
}

// kinds lists probe kinds present in the run, task checks excluded, in the
// canonical order then alphabetical.
func (d *Data) kinds() []string {
	canon := []string{"single-hop", "multi-hop", "temporal", "knowledge-update", "path-reuse", "abstention", "open-domain", "preference"}
	present := map[string]bool{}
	for _, rows := range d.Rows {
		for _, r := range rows {
			if !r.IsTask {
				present[r.Kind] = true
			}
		}
	}
	var out []string
	for _, k := range canon {
		if present[k] {
			out = append(out, k)
			delete(present, k)
		}
	}
	var rest []string
	for k := range present {
		rest = append(rest, k)
	}
	sort.Strings(rest)
	return append(out, rest...)
}

func (d *Data) scenarios() []string {
	var out []string
	for _, s := range d.Meta.Scenarios {
		out = append(out, s.ID)
	}
	return out
}

// costs are per-strategy token and footprint totals.
type costs struct {
	turns, probes, tasks                         int
	write, writeReq, cacheHits, failures         int
	readFailures                                 int // -1: unknown for some cell
	ctx, readModel, answer, overruns, overrunTok int
	fpItems, fpEdges                             int
	fpBytes                                      int64
	cells                                        int
}

func (d *Data) costsOf(label string) costs {
	var c costs
	for _, cell := range d.Cells {
		if cell.Label != label {
			continue
		}
		c.cells++
		c.turns += cell.Turns
		c.write += cell.WritePromptTokens + cell.WriteCompletionTokens
		c.writeReq += cell.WriteRequests
		c.cacheHits += cell.WriteCacheHits
		c.failures += cell.ExtractionFailures
		if cell.ReadModelFailures < 0 || c.readFailures < 0 {
			c.readFailures = -1
		} else {
			c.readFailures += cell.ReadModelFailures
		}
		c.fpItems += cell.FootprintItems
		c.fpEdges += cell.FootprintEdges
		c.fpBytes += cell.FootprintBytes
		for _, r := range d.Rows[cell.Key] {
			if r.IsTask {
				c.tasks++
			} else {
				c.probes++
				c.answer += r.AnswerPromptTokens + r.AnswerCompletion
			}
			c.ctx += r.ContextTokens
			c.readModel += r.ReadModelTokens
			if r.OverrunTokens > 0 {
				c.overruns++
				c.overrunTok += r.OverrunTokens
			}
		}
	}
	return c
}
