package reports

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"github.com/olekukonko/tablewriter"
	"github.com/olekukonko/tablewriter/renderer"
	"github.com/olekukonko/tablewriter/tw"

	"github.com/memarena/memarena/internal/results"
	"github.com/memarena/memarena/metrics"
)

// maxScenarioTables is the most scenarios that get a table each in the
// markdown report (LongMemEval imports one scenario per question).
const maxScenarioTables = 12

// TimingBegin and TimingEnd delimit the markdown sections that hold
// wall-clock values; everything outside them is deterministic.
const (
	TimingBegin = "<!-- timing:begin -->"
	TimingEnd   = "<!-- timing:end -->"
)

func table(w io.Writer, header []string, rows [][]string) {
	t := tablewriter.NewTable(w,
		tablewriter.WithRenderer(renderer.NewMarkdown()),
		tablewriter.WithHeaderAutoFormat(tw.Off),
		tablewriter.WithRowAutoWrap(tw.WrapNone),
		tablewriter.WithHeaderAutoWrap(tw.WrapNone),
		tablewriter.WithHeaderAlignment(tw.AlignLeft),
	)
	t.Header(header)
	for _, r := range rows {
		_ = t.Append(r)
	}
	_ = t.Render()
	fmt.Fprintln(w)
}

// metricTable renders one row per strategy for the given columns over the
// rows kept by keep, plus a final "n" row with each column's denominator.
// A cell whose own denominator differs from the column's shows "(n=X)".
// Columns with no available value for any strategy are dropped.
func (d *Data) metricTable(w io.Writer, cols []metricCol, keep func(results.Cell, results.Row) bool, ci map[string]bool) {
	type cellAgg struct{ a metrics.Agg }
	aggs := make([][]metrics.Agg, len(d.Labels))
	for i, l := range d.Labels {
		rows := d.group(l, keep)
		aggs[i] = make([]metrics.Agg, len(cols))
		for j, c := range cols {
			if ci[c.name] {
				aggs[i][j] = metrics.Bootstrap(values(rows, c), d.Meta.Bootstrap, d.bootSeed())
			} else {
				aggs[i][j] = metrics.Mean(values(rows, c))
			}
		}
	}
	var keepCols []int
	for j := range cols {
		for i := range d.Labels {
			if aggs[i][j].Available() {
				keepCols = append(keepCols, j)
				break
			}
		}
	}
	if len(keepCols) == 0 {
		fmt.Fprintln(w, "_No metric is available for these probes._")
		fmt.Fprintln(w)
		return
	}
	header := []string{"strategy"}
	for _, j := range keepCols {
		def, _ := metrics.DefOf(cols[j].name)
		h := def.Title
		if ci[cols[j].name] {
			h += " [95% CI]"
		}
		header = append(header, h)
	}
	var out [][]string
	ns := make([]int, len(cols))
	for _, j := range keepCols {
		for i := range d.Labels {
			if aggs[i][j].N > ns[j] {
				ns[j] = aggs[i][j].N
			}
		}
	}
	for i, l := range d.Labels {
		row := []string{l}
		for _, j := range keepCols {
			s := fmtAgg(aggs[i][j], ci[cols[j].name])
			if aggs[i][j].N != ns[j] {
				s += fmt.Sprintf(" (n=%d)", aggs[i][j].N)
			}
			row = append(row, s)
		}
		out = append(out, row)
	}
	nrow := []string{"n"}
	for _, j := range keepCols {
		nrow = append(nrow, fmt.Sprint(ns[j]))
	}
	out = append(out, nrow)
	table(w, header, out)
}

// Markdown writes the full markdown report.
func (d *Data) Markdown(w io.Writer) {
	m := d.Meta
	fmt.Fprintf(w, "# memarena report: %s\n\n", m.Name)
	if m.Offline {
		fmt.Fprintf(w, "- Backend: **%s** — no model was called; answers come from the offline extractive reader and are scored lexically.\n", m.Backend)
	} else {
		fmt.Fprintf(w, "- Backend: **%s**\n", m.Backend)
	}
	d.modelHeader(w)
	fmt.Fprintf(w, "- Extraction: %s · budget %d tokens (%s) · k = %d · seeds %s · bootstrap %d resamples (95%% percentile CI)\n",
		m.Extraction, m.Budget, m.Tokenizer, m.K, joinInts(m.Seeds), m.Bootstrap)
	cfg := m.ConfigFile
	if cfg == "" {
		cfg = "(built in code)"
	}
	fmt.Fprintf(w, "- Config: %s (sha256 %s)\n", cfg, short(m.ConfigHash))
	dirty := ""
	if m.Git.Dirty {
		dirty = " (uncommitted changes)"
	}
	fmt.Fprintf(w, "- Source: %s%s · %s\n", m.Git.Commit, dirty, m.GoVersion)
	st := d.Status
	switch {
	case st.Interrupted:
		fmt.Fprintf(w, "- Status: **PARTIAL** — interrupted; %d of %d cells finished. Resume with `memarena run --resume <run dir>`.\n", st.Done, st.Cells)
	case len(st.Failed) > 0:
		fmt.Fprintf(w, "- Status: **%d of %d cells failed** (%s); tables cover the %d finished cells.\n", len(st.Failed), st.Cells, strings.Join(st.Failed, "; "), st.Done)
	default:
		fmt.Fprintf(w, "- Status: complete — %d of %d cells.\n", st.Done, st.Cells)
	}
	fmt.Fprintln(w)

	fmt.Fprintln(w, "## Scenarios")
	fmt.Fprintln(w)
	var srows [][]string
	for _, s := range m.Scenarios {
		srows = append(srows, []string{s.ID, s.Source, short(s.SHA256), fmt.Sprint(s.Sessions), fmt.Sprint(s.Turns), fmt.Sprint(s.Tasks), fmt.Sprint(s.Probes)})
	}
	table(w, []string{"scenario", "source", "sha256", "sessions", "turns", "tasks", "probes"}, srows)
	d.importsSection(w)

	fmt.Fprintln(w, "## Strategies")
	fmt.Fprintln(w)
	var strows [][]string
	for _, s := range m.Strategies {
		budget := fmt.Sprint(s.Budget)
		if s.Budget != m.Budget {
			budget += " (override)"
		}
		strows = append(strows, []string{s.Label, s.Name, s.Extraction, budget, paramString(s.Params)})
	}
	table(w, []string{"label", "strategy", "extraction", "budget", "params"}, strows)

	fmt.Fprintln(w, "## Leaderboard")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "All scenarios pooled; each metric is the mean over the probes where it is defined (row n). Task success is over session tasks.")
	fmt.Fprintln(w)
	ci := map[string]bool{metrics.AnswerF1: true, metrics.RecallAtK: true}
	d.metricTable(w, probeCols, nil, ci)
	fmt.Fprintf(w, "![leaderboard](%s) ![cost vs F1](%s)\n\n", FileLeaderboardChart, FileCostChart)

	fmt.Fprintln(w, "## By scenario")
	fmt.Fprintln(w)
	if n := len(d.scenarios()); n > maxScenarioTables {
		fmt.Fprintf(w, "%d scenarios (one per dataset question or conversation): per-scenario tables are left out here; summary.csv has every scenario's aggregates.\n\n", n)
	} else {
		for _, s := range d.scenarios() {
			fmt.Fprintf(w, "### %s\n\n", s)
			sid := s
			d.metricTable(w, probeCols, func(c results.Cell, _ results.Row) bool { return c.Scenario == sid }, nil)
		}
	}

	fmt.Fprintln(w, "## By probe kind")
	fmt.Fprintln(w)
	for _, k := range d.kinds() {
		fmt.Fprintf(w, "### %s\n\n", k)
		kind := k
		d.metricTable(w, probeCols[:len(probeCols)-1], func(_ results.Cell, r results.Row) bool { return !r.IsTask && r.Kind == kind }, nil)
	}
	d.ageSection(w)
	d.categorySection(w)
	d.datasetSections(w)
	d.costSection(w)
	d.llmSections(w)
	d.timingSection(w)
	d.definitions(w)
}

func (d *Data) importsSection(w io.Writer) {
	if len(d.Meta.Imports) == 0 {
		return
	}
	fmt.Fprintln(w, "## Datasets")
	fmt.Fprintln(w)
	for _, raw := range d.Meta.Imports {
		rep := decodeImport(raw)
		fmt.Fprintf(w, "- **%s** — `%s` (sha256 %s)\n", rep.Dataset, rep.File, rep.SHA256)
		for _, k := range sortedKeys(rep.Counts) {
			fmt.Fprintf(w, "  - %s: %d\n", k, rep.Counts[k])
		}
		if len(rep.Strata) > 0 {
			var parts []string
			for _, k := range sortedKeys(rep.Strata) {
				parts = append(parts, fmt.Sprintf("%s %d", k, rep.Strata[k]))
			}
			fmt.Fprintf(w, "  - kept per stratum: %s\n", strings.Join(parts, ", "))
		}
		for _, n := range rep.Notes {
			fmt.Fprintf(w, "  - %s\n", n)
		}
		if len(rep.Issues) > 0 {
			fmt.Fprintf(w, "  - import issues: %d (listed in report.json)\n", len(rep.Issues))
		}
	}
	fmt.Fprintln(w)
}

// ageSection prints evidence recall@k by the age of the evidence: how many
// sessions lie between the earliest evidence turn and the question.
func (d *Data) ageSection(w io.Writer) {
	maxAge := -1
	for _, rows := range d.Rows {
		for _, r := range rows {
			if r.EvidenceAge > maxAge {
				maxAge = r.EvidenceAge
			}
		}
	}
	if maxAge < 1 {
		return
	}
	buckets := []struct {
		name   string
		lo, hi int
	}{{"same session", 0, 0}, {"1 session ago", 1, 1}, {"2–3 sessions ago", 2, 3}, {"4+ sessions ago", 4, 1 << 30}}
	fmt.Fprintln(w, "## Evidence recall by age")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "R@ctx (evidence delivered in the context, any rank) grouped by how many sessions lie between a probe's earliest evidence turn and the question: a memory that loses early sessions loses recall on the right.")
	fmt.Fprintln(w)
	header := []string{"strategy"}
	for _, b := range buckets {
		header = append(header, b.name)
	}
	col := colByName(metrics.ContextRecall)
	var rows [][]string
	ns := make([]int, len(buckets))
	for _, l := range d.Labels {
		row := []string{l}
		for bi, b := range buckets {
			lo, hi := b.lo, b.hi
			a := metrics.Mean(values(d.group(l, func(_ results.Cell, r results.Row) bool {
				return !r.IsTask && r.EvidenceAge >= lo && r.EvidenceAge <= hi
			}), col))
			if a.N > ns[bi] {
				ns[bi] = a.N
			}
			row = append(row, fmtAgg(a, false))
		}
		rows = append(rows, row)
	}
	nrow := []string{"n"}
	for _, n := range ns {
		nrow = append(nrow, fmt.Sprint(n))
	}
	table(w, header, append(rows, nrow))
}

// categorySection prints per-category tables when probes carry dataset
// categories.
func (d *Data) categorySection(w io.Writer) {
	cats := map[string]bool{}
	for _, rows := range d.Rows {
		for _, r := range rows {
			if r.Category != "" {
				cats[r.Category] = true
			}
		}
	}
	if len(cats) == 0 {
		return
	}
	fmt.Fprintln(w, "## By dataset category")
	fmt.Fprintln(w)
	for _, c := range sortedKeys(cats) {
		fmt.Fprintf(w, "### category %s\n\n", c)
		cat := c
		d.metricTable(w, probeCols[:len(probeCols)-1], func(_ results.Cell, r results.Row) bool { return r.Category == cat }, nil)
	}
}

func (d *Data) costSection(w io.Writer) {
	fmt.Fprintln(w, "## Token cost and footprint")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Tokens are counted the same way for every strategy: with the run's BPE tokenizer on the offline backend, from the API's usage fields on a real one. Write = every model call during ingest and end of session; ctx = the context handed to the reader (it is part of the reader's prompt); read-model = model calls inside retrieval (a read-model failure is such a call that failed for good, after which the strategy retrieved without it; extraction failures are the write-side ones); answer = the reader call, prompt (context included) and completion. Total per probe = (write + read-model + answer) / probes, so the context is counted once. Footprint is summed over the strategy's cells at the end of each cell.")
	fmt.Fprintln(w)
	header := []string{"strategy", "write tok", "write tok/1k turns", "write calls", "cache hits", "extraction failures", "read-model failures", "ctx tok/probe", "read-model tok/probe", "answer tok/probe", "total tok/probe", "over budget", "items", "edges", "bytes"}
	var rows [][]string
	for _, l := range d.Labels {
		c := d.costsOf(l)
		if c.cells == 0 {
			row := []string{l}
			for range header[1:] {
				row = append(row, "n/a")
			}
			rows = append(rows, row)
			continue
		}
		per := func(x int) string {
			if c.probes+c.tasks == 0 {
				return "n/a"
			}
			return fmt.Sprintf("%.1f", float64(x)/float64(c.probes+c.tasks))
		}
		perProbe := func(x int) string {
			if c.probes == 0 {
				return "n/a"
			}
			return fmt.Sprintf("%.1f", float64(x)/float64(c.probes))
		}
		w1k := "n/a"
		if c.turns > 0 {
			w1k = fmt.Sprintf("%.0f", float64(c.write)*1000/float64(c.turns))
		}
		total := "n/a"
		if c.probes > 0 {
			total = fmt.Sprintf("%.1f", float64(c.write+c.readModel+c.answer)/float64(c.probes))
		}
		over := fmt.Sprintf("%d", c.overruns)
		if c.overruns > 0 {
			over += fmt.Sprintf(" (+%d tok)", c.overrunTok)
		}
		readFailures := "n/a"
		if c.readFailures >= 0 {
			readFailures = fmt.Sprint(c.readFailures)
		}
		rows = append(rows, []string{l, fmt.Sprint(c.write), w1k, fmt.Sprint(c.writeReq), fmt.Sprint(c.cacheHits), fmt.Sprint(c.failures), readFailures,
			per(c.ctx), per(c.readModel), perProbe(c.answer), total, over, fmt.Sprint(c.fpItems), fmt.Sprint(c.fpEdges), fmt.Sprint(c.fpBytes)})
	}
	table(w, header, rows)
}

func (d *Data) timingSection(w io.Writer) {
	fmt.Fprintln(w, TimingBegin)
	fmt.Fprintln(w, "## Latency (wall clock; not part of the deterministic report)")
	fmt.Fprintln(w)
	header := []string{"strategy", "ingest p50 ms", "ingest p95 ms", "ingest p99 ms", "retrieve p50 ms", "retrieve p95 ms", "retrieve p99 ms", "cell wall s"}
	var rows [][]string
	for _, l := range d.Labels {
		lt := d.latencyOf(l)
		rows = append(rows, []string{l, fmtFloat(lt.i50, 3), fmtFloat(lt.i95, 3), fmtFloat(lt.i99, 3), fmtFloat(lt.r50, 3), fmtFloat(lt.r95, 3), fmtFloat(lt.r99, 3), fmtFloat(lt.wall/1000, 2)})
	}
	table(w, header, rows)
	if d.Timing.Started != "" {
		fmt.Fprintf(w, "Run started %s, finished %s (%.1f s).\n\n", d.Timing.Started, d.Timing.Finished, d.Timing.WallSeconds)
	}
	fmt.Fprintln(w, "Ingest quantiles are the mean over cells of each cell's quantile; retrieve quantiles pool every probe.")
	fmt.Fprintln(w)
	d.backendStatsLines(w)
	fmt.Fprintln(w, TimingEnd)
	fmt.Fprintln(w)
}

type latency struct{ i50, i95, i99, r50, r95, r99, wall float64 }

func (d *Data) latencyOf(label string) latency {
	var lt latency
	var rs []float64
	n := 0
	for _, c := range d.Cells {
		if c.Label != label {
			continue
		}
		n++
		lt.i50 += c.IngestP50
		lt.i95 += c.IngestP95
		lt.i99 += c.IngestP99
		lt.wall += c.WallMS
		for _, r := range d.Rows[c.Key] {
			rs = append(rs, r.RetrieveMS)
		}
	}
	if n > 0 {
		lt.i50 /= float64(n)
		lt.i95 /= float64(n)
		lt.i99 /= float64(n)
	}
	lt.r50, lt.r95, lt.r99 = metrics.Percentile(rs, 0.5), metrics.Percentile(rs, 0.95), metrics.Percentile(rs, 0.99)
	return lt
}

func (d *Data) definitions(w io.Writer) {
	fmt.Fprintln(w, "## Metric definitions")
	fmt.Fprintln(w)
	var rows [][]string
	for _, def := range metrics.Defs {
		rows = append(rows, []string{def.Title, def.Name, def.Definition, def.Range, def.Denominator})
	}
	table(w, []string{"metric", "column", "definition", "range", "denominator"}, rows)
	fmt.Fprintf(w, "k = %d. \"n/a\" means the metric is not defined for those probes (never counted as 0).\n", d.Meta.K)
}

// MarkdownString renders the markdown report to a string.
func (d *Data) MarkdownString() string {
	var b bytes.Buffer
	d.Markdown(&b)
	return b.String()
}
