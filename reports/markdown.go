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
// probes kept by keep (each probe's rows averaged first), plus a final "n"
// row with each column's denominator (probes). A cell whose own
// denominator differs from the column's shows "(n=X)". Columns with no
// available value for any strategy are dropped. The one-sided abstention
// columns (abstention recall, false abstention) are never shown alone:
// when the probes include answerable or unanswerable ones, a last column
// gives abstention F1 with its two sides. Reference rows are labelled.
func (d *Data) metricTable(w io.Writer, cols []metricCol, keep func(*results.Cell, *results.Row) bool, ci map[string]bool) {
	var shown []metricCol
	for _, c := range cols {
		if c.name != metrics.AbstentionRecall && c.name != metrics.FalseAbstention {
			shown = append(shown, c)
		}
	}
	cols = shown
	aggs := make([][]metrics.Agg, len(d.Labels))
	abst := make([]metrics.AbstentionCounts, len(d.Labels))
	anyAbst := false
	var nAns, nUnans float64
	for i, l := range d.Labels {
		aggs[i] = make([]metrics.Agg, len(cols))
		for j, c := range cols {
			aggs[i][j] = d.agg(d.colValues(l, keep, c), ci[c.name])
		}
		abst[i] = d.abstentionUnits(l, keep).counts(nil)
		if abst[i].Answerable+abst[i].Unanswerable > 0 {
			anyAbst = true
			nAns, nUnans = max(nAns, abst[i].Answerable), max(nUnans, abst[i].Unanswerable)
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
	if len(keepCols) == 0 && !anyAbst {
		fmt.Fprintln(w, "_No metric is available for these probes._")
		fmt.Fprintln(w)
		return
	}
	header := []string{"strategy"}
	for _, j := range keepCols {
		h := d.title(cols[j].name)
		if ci[cols[j].name] {
			h += " [95% CI]"
		}
		header = append(header, h)
	}
	if anyAbst {
		header = append(header, "abstain F1 (recall · false)")
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
		row := []string{d.display(l)}
		for _, j := range keepCols {
			s := fmtAgg(aggs[i][j], ci[cols[j].name])
			if aggs[i][j].N != ns[j] {
				s += fmt.Sprintf(" (n=%d)", aggs[i][j].N)
			}
			row = append(row, s)
		}
		if anyAbst {
			row = append(row, abstentionCell(abst[i]))
		}
		out = append(out, row)
	}
	nrow := []string{"n"}
	for _, j := range keepCols {
		nrow = append(nrow, fmt.Sprint(ns[j]))
	}
	if anyAbst {
		nrow = append(nrow, fmt.Sprintf("%.0f unanswerable · %.0f answerable", nUnans, nAns))
	}
	out = append(out, nrow)
	table(w, header, out)
}

// title is a metric's column title (overridden for some runs, e.g. the F1
// of a LoCoMo run, which is not LoCoMo's F1).
func (d *Data) title(name string) string {
	if t, ok := d.titles[name]; ok {
		return t
	}
	def, _ := metrics.DefOf(name)
	return def.Title
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
	d.extractionHeader(w)
	fmt.Fprintf(w, "- Extraction: %s · budget %d tokens (%s) · k = %d · seeds %s\n",
		m.Extraction, m.Budget, m.Tokenizer, m.K, joinInts(m.Seeds))
	fmt.Fprintf(w, "- %s\n", d.unitLine())
	if ref := d.reference(); ref != "" {
		fmt.Fprintf(w, "- Paired comparisons against **%s** (see \"Paired comparison\").\n", ref)
	}
	if refRows := d.refRowLabels(); len(refRows) > 0 {
		fmt.Fprintf(w, "- Reference rows (run at another budget, shown for context, never compared or ranked): %s.\n", strings.Join(refRows, ", "))
	}
	cfg := m.ConfigFile
	if cfg == "" {
		cfg = "(built in code)"
	}
	fmt.Fprintf(w, "- Config: %s (sha256 %s)\n", cfg, short(m.ConfigHash))
	fmt.Fprintf(w, "- Source: %s · %s\n", m.Git, m.GoVersion)
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
	d.extractionSection(w)

	fmt.Fprintln(w, "## Strategies")
	fmt.Fprintln(w)
	var strows [][]string
	for _, s := range m.Strategies {
		budget := fmt.Sprint(s.Budget)
		if s.Budget != m.Budget {
			budget += " (reference row)"
		}
		ext := s.Extraction
		switch g := d.GoldOf(s.Label); {
		case g == "none":
			ext = "model (no gold received)"
		case g != "":
			ext += " (gold: " + g + ")"
		}
		strows = append(strows, []string{s.Label, s.Name, ext, budget, paramString(s.Params)})
	}
	table(w, []string{"label", "strategy", "extraction", "budget", "params"}, strows)

	fmt.Fprintln(w, "## Leaderboard")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "All scenarios pooled; each metric is the mean over the probes where it is defined (row n), a probe's seeds averaged first. Task success is over session tasks. Abstention is scored two-sided: F1 of declining over unanswerable and answerable probes, with its recall on unanswerable probes and its false-abstention rate on answerable ones.")
	fmt.Fprintln(w)
	ci := map[string]bool{metrics.AnswerF1: true, metrics.RecallAtK: true, metrics.OfficialLoCoMoF1: true}
	cols := probeCols
	if d.hasLoCoMo() {
		cols = append([]metricCol{d.locomoCol(true)}, probeCols...)
		d.titles = map[string]string{metrics.AnswerF1: "F1 (memarena normalization, not LoCoMo's)", metrics.OfficialLoCoMoF1: "LoCoMo F1 (official, cat. 1–4)"}
		fmt.Fprintln(w, "LoCoMo run: **LoCoMo F1** is the dataset's own per-question score (task_eval/evaluation.py) averaged over categories 1–4; the F1 column is memarena's answer F1 (Snowball stems, other tokenization) and is not comparable with published LoCoMo numbers.")
		fmt.Fprintln(w)
	}
	d.metricTable(w, cols, nil, ci)
	d.titles = nil
	fmt.Fprintf(w, "![leaderboard](%s) ![cost vs F1](%s)\n\n", FileLeaderboardChart, FileCostChart)

	fmt.Fprintln(w, "## By scenario")
	fmt.Fprintln(w)
	if n := len(d.scenarios()); n > maxScenarioTables {
		fmt.Fprintf(w, "%d scenarios (one per dataset question or conversation): per-scenario tables are left out here; summary.csv has every scenario's aggregates.\n\n", n)
	} else {
		for _, s := range d.scenarios() {
			fmt.Fprintf(w, "### %s\n\n", s)
			sid := s
			d.metricTable(w, probeCols, func(c *results.Cell, _ *results.Row) bool { return c.Scenario == sid }, nil)
		}
	}

	fmt.Fprintln(w, "## By probe kind")
	fmt.Fprintln(w)
	for _, k := range d.kinds() {
		fmt.Fprintf(w, "### %s\n\n", k)
		kind := k
		d.metricTable(w, probeCols[:len(probeCols)-1], func(_ *results.Cell, r *results.Row) bool { return !r.IsTask && r.Kind == kind }, nil)
	}
	d.pairedSection(w)
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
	if d.maxEvidenceAge() < 1 {
		return
	}
	fmt.Fprintln(w, "## Evidence recall by age")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "R@ctx (evidence delivered in the context, any rank) grouped by how many sessions lie between a probe's earliest evidence turn and the question: a memory that loses early sessions loses recall on the right.")
	fmt.Fprintln(w)
	header := []string{"strategy"}
	for _, b := range ageBuckets {
		header = append(header, b.Name)
	}
	var rows [][]string
	ns := make([]int, len(ageBuckets))
	for _, l := range d.Labels {
		row := []string{d.display(l)}
		for bi, a := range d.ageRecall(l) {
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
		d.metricTable(w, probeCols[:len(probeCols)-1], func(_ *results.Cell, r *results.Row) bool { return r.Category == cat }, nil)
	}
}

func (d *Data) costSection(w io.Writer) {
	fmt.Fprintln(w, "## Token cost and footprint")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Tokens are counted the same way for every strategy: with the run's BPE tokenizer on the offline backend, from the API's usage fields on a real one. Write = every model call during ingest and end of session; ctx = the context handed to the reader (it is part of the reader's prompt); read-model = model calls inside retrieval (a read-model failure is such a call that failed for good, after which the strategy retrieved without it; extraction failures are the write-side ones); answer = the reader call, prompt (context included) and completion. Total per probe = (write + read-model + answer) / probes, so the context is counted once. Footprint is summed over the strategy's cells at the end of each cell. With several seeds, totals (write tokens and calls, cache hits, failures, over budget, footprint) are means over seeds, so extra seeds do not inflate them; per-probe columns are unchanged by seeds.")
	fmt.Fprintln(w)
	header := []string{"strategy", "write tok", "write tok/1k turns", "write calls", "cache hits", "extraction failures", "read-model failures", "ctx tok/probe", "read-model tok/probe", "answer tok/probe", "total tok/probe", "over budget", "items", "edges", "bytes"}
	var rows [][]string
	for _, l := range d.Labels {
		c := d.costsOf(l)
		if c.cells == 0 {
			row := []string{d.display(l)}
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
		// perSeed is a total as a mean over seeds (identical seeds: exact).
		perSeed := func(x int64) string {
			if c.seeds <= 1 {
				return fmt.Sprint(x)
			}
			if x%int64(c.seeds) == 0 {
				return fmt.Sprint(x / int64(c.seeds))
			}
			return fmt.Sprintf("%.1f", float64(x)/float64(c.seeds))
		}
		over := perSeed(int64(c.overruns))
		if c.overruns > 0 {
			over += fmt.Sprintf(" (+%s tok)", perSeed(int64(c.overrunTok)))
		}
		readFailures := "n/a"
		if c.readFailures >= 0 {
			readFailures = perSeed(int64(c.readFailures))
		}
		write, writeReq, readModel := perSeed(int64(c.write)), perSeed(int64(c.writeReq)), per(c.readModel)
		if !c.usageKnown() {
			write, w1k, writeReq, readModel, total = NotReported, NotReported, NotReported, NotReported, NotReported
		}
		rows = append(rows, []string{d.display(l), write, w1k, writeReq, perSeed(int64(c.cacheHits)), perSeed(int64(c.failures)), readFailures,
			per(c.ctx), readModel, perProbe(c.answer), total, over, perSeed(int64(c.fpItems)), perSeed(int64(c.fpEdges)), perSeed(c.fpBytes)})
	}
	table(w, header, rows)
	d.contractNotes(w)
}

// contractNotes explains "not reported" costs and lists provenance errors,
// when a run has any (external memories).
func (d *Data) contractNotes(w io.Writer) {
	var unreported, prov []string
	for _, l := range d.Labels {
		c := d.costsOf(l)
		if !c.usageKnown() {
			unreported = append(unreported, l)
		}
		if c.provErrors > 0 {
			prov = append(prov, fmt.Sprintf("%s %d", l, c.provErrors))
		}
	}
	if len(unreported) > 0 {
		fmt.Fprintf(w, "Write, read-model and total tokens of %s are **%s**: the memory runs outside memarena and its replies carry no model usage (protocol capability `usage`). Context and answer tokens are counted as for every strategy.\n\n", strings.Join(unreported, ", "), NotReported)
	}
	if len(prov) > 0 {
		fmt.Fprintf(w, "**Provenance errors** (turn ids named in returned items that had not been ingested in the cell before the query; dropped before scoring, listed in the cells' logs): %s.\n\n", strings.Join(prov, ", "))
	}
}

func (d *Data) timingSection(w io.Writer) {
	fmt.Fprintln(w, TimingBegin)
	fmt.Fprintln(w, "## Latency (wall clock; not part of the deterministic report)")
	fmt.Fprintln(w)
	header := []string{"strategy", "ingest p50 ms", "ingest p95 ms", "ingest p99 ms", "retrieve p50 ms", "retrieve p95 ms", "retrieve p99 ms", "cell wall s"}
	var rows [][]string
	for _, l := range d.Labels {
		lt := d.latencyOf(l)
		rows = append(rows, []string{d.display(l), fmtFloat(lt.i50, 3), fmtFloat(lt.i95, 3), fmtFloat(lt.i99, 3), fmtFloat(lt.r50, 3), fmtFloat(lt.r95, 3), fmtFloat(lt.r99, 3), fmtFloat(lt.wall/1000, 2)})
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
