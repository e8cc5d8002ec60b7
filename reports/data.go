// Package reports renders a run's results — from the SQLite results store
// alone — as markdown (tablewriter), long-format and summary CSV, and JSON
// with the run metadata. Same results ⇒ same bytes, apart from the
// clearly-marked timing columns and sections (latency, wall time).
package reports

import (
	"fmt"
	"github.com/memarena/memarena/internal/offline"
	"math"
	"sort"
	"strconv"
	"strings"

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
	// Extraction is the offline model's extraction quality (offline runs).
	Extraction *offline.Quality

	// titles override metric column titles (set while rendering).
	titles map[string]string
	// locomo holds the keys of the cells running LoCoMo scenarios.
	locomo map[string]bool
	// explorer is where report.html reads stored contexts (html.go).
	explorer explorerSrc
	// byLabel holds the indexes in Cells of each label's cells, built by
	// indexLabels once the cells are final (Load); nil: cellsOf scans.
	byLabel map[string][]int
	// cellRows[i] is Rows[Cells[i].Key], built with byLabel.
	cellRows [][]results.Row
}

// indexLabels builds byLabel and cellRows from Cells and Rows.
func (d *Data) indexLabels() {
	d.byLabel = map[string][]int{}
	d.cellRows = make([][]results.Row, len(d.Cells))
	for i := range d.Cells {
		d.byLabel[d.Cells[i].Label] = append(d.byLabel[d.Cells[i].Label], i)
		d.cellRows[i] = d.Rows[d.Cells[i].Key]
	}
}

// rowsOfCell is Rows[Cells[i].Key], without the map look-up when Load
// built the index.
func (d *Data) rowsOfCell(i int) []results.Row {
	if d.cellRows != nil {
		return d.cellRows[i]
	}
	return d.Rows[d.Cells[i].Key]
}

// cellsOf returns the indexes in Cells of label's cells, in Cells order:
// from the index when Load built it, else by a scan (a Data built by hand).
func (d *Data) cellsOf(label string) []int {
	if d.byLabel != nil {
		return d.byLabel[label]
	}
	var out []int
	for i := range d.Cells {
		if d.Cells[i].Label == label {
			out = append(out, i)
		}
	}
	return out
}

// Load reads a run from its results store.
func Load(store *results.Store) (*Data, error) {
	d := &Data{Rows: map[string][]results.Row{}}
	if err := store.GetJSON("run", &d.Meta); err != nil {
		return nil, err
	}
	_ = store.GetJSON("status", &d.Status)
	_ = store.GetJSON("timing", &d.Timing)
	d.loadExtraction(store)
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
	for i := range cells {
		if g, err := store.Meta("gold:" + cells[i].Key); err == nil {
			cells[i].Gold = g
		}
	}
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
	d.relabelNoGold()
	d.indexLabels()
	if err := d.loadExplorer(store); err != nil {
		return nil, err
	}
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
	{metrics.AbstentionRecall, func(r results.Row) metrics.Value { return r.Scores.AbstentionAcc }},
	{metrics.FalseAbstention, falseAbstention},
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
	// seeds is the number of distinct seeds among the cells.
	seeds int
	// unreported counts cells whose memory did not report its model usage
	// (write and read-model tokens unknown); provErrors sums the cells'
	// provenance errors.
	unreported, provErrors int
}

// NotReported is what reports print for the model tokens (and dollars) of
// a memory that runs outside memarena and does not report its usage.
const NotReported = "not reported"

// usageKnown is false when any of the strategy's cells did not report its
// model usage: write, read-model and total tokens are then unknown.
func (c costs) usageKnown() bool { return c.unreported == 0 }

func (d *Data) costsOf(label string) costs {
	var c costs
	seeds := map[int64]bool{}
	for _, cell := range d.Cells {
		if cell.Label != label {
			continue
		}
		seeds[cell.Seed] = true
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
		c.provErrors += cell.ProvenanceErrors
		if cell.UsageNotReported {
			c.unreported++
		}
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
	c.seeds = len(seeds)
	return c
}

// GoldOf sums what the cells of one strategy label received in extraction:
// oracle mode (results.Cell.Gold, "facts 12, summaries 3" per cell) into
// one such line; "none" when no cell received any, "" when no cell
// recorded it (model mode, or a run from before it was recorded).
func (d *Data) GoldOf(label string) string {
	sum := map[string]int{}
	var kinds []string
	seen := false
	for _, c := range d.Cells {
		if c.Label != label || c.Gold == "" {
			continue
		}
		seen = true
		if c.Gold == "none" {
			continue
		}
		for _, part := range strings.Split(c.Gold, ", ") {
			i := strings.LastIndexByte(part, ' ')
			if i < 0 {
				continue
			}
			n, err := strconv.Atoi(part[i+1:])
			if err != nil {
				continue
			}
			k := part[:i]
			if _, ok := sum[k]; !ok {
				kinds = append(kinds, k)
			}
			sum[k] += n
		}
	}
	if !seen {
		return ""
	}
	if len(kinds) == 0 {
		return "none"
	}
	parts := make([]string, len(kinds))
	for i, k := range kinds {
		parts[i] = fmt.Sprintf("%s %d", k, sum[k])
	}
	return strings.Join(parts, ", ")
}

// relabelNoGold renames a "<name>[oracle]" label whose cells received no
// gold at all to "<name>[oracle: no gold]", so a row is never read as an
// oracle result when its strategy got nothing from the gold.
func (d *Data) relabelNoGold() {
	rename := map[string]string{}
	for _, l := range d.Labels {
		if strings.HasSuffix(l, "[oracle]") && d.GoldOf(l) == "none" {
			rename[l] = strings.TrimSuffix(l, "[oracle]") + "[oracle: no gold]"
		}
	}
	if len(rename) == 0 {
		return
	}
	for i, l := range d.Labels {
		if n, ok := rename[l]; ok {
			d.Labels[i] = n
		}
	}
	for i := range d.Meta.Strategies {
		if n, ok := rename[d.Meta.Strategies[i].Label]; ok {
			d.Meta.Strategies[i].Label = n
		}
	}
	for i := range d.Cells {
		if n, ok := rename[d.Cells[i].Label]; ok {
			d.Cells[i].Label = n
		}
	}
}
