package reports

import (
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/memarena/memarena/internal/results"
	"github.com/memarena/memarena/internal/stats"
	"github.com/memarena/memarena/metrics"
	"github.com/memarena/memarena/scenarios"
)

// Paired comparisons: every strategy against the run's reference strategy,
// probe by probe (package internal/stats). Continuous metrics: the mean
// paired difference with a 95% paired cluster-bootstrap interval and a
// bootstrap p-value; binary metrics (0/1 per probe): the exact McNemar
// test. Holm's correction runs across the strategies compared, per metric
// and probe group; a difference is "better" or "worse" when its
// Holm-adjusted p-value is below 0.05, else "tied".

// pairedMetric is one metric of the paired comparison.
type pairedMetric struct {
	name   string
	higher bool
	// get is the per-row value; nil for abstention F1 (a statistic of
	// the group, not a per-probe mean).
	get func(*results.Cell, *results.Row) metrics.Value
	// binary metrics are tested with McNemar when every per-probe value
	// is 0 or 1 (else with the bootstrap).
	binary bool
}

func rowMetric(name string, higher, binary bool) pairedMetric {
	col := colByName(name)
	return pairedMetric{name: name, higher: higher, binary: binary,
		get: func(_ *results.Cell, r *results.Row) metrics.Value { return col.get(*r) }}
}

// pairedResult is the comparison of one candidate with the reference.
type pairedResult struct {
	diff stats.Interval
	// p is the test's p-value (McNemar's or the bootstrap's), adj its Holm
	// adjustment across the candidates; NaN when untested.
	p, adj float64
	mc     *stats.McNemarResult
}

// judgedComparable reports whether judge accuracy can be compared: the
// run was judged by one judge.
func (d *Data) judgedComparable() bool {
	if len(d.MixedJudges) > 0 {
		return false
	}
	for _, rows := range d.Rows {
		for _, r := range rows {
			if r.JudgeCorrect.OK {
				return true
			}
		}
	}
	return false
}

// answerMetric is the answer-quality metric of the paired table: judge
// accuracy on a judged run, else answer F1.
func (d *Data) answerMetric() pairedMetric {
	if d.judgedComparable() {
		return rowMetric(metrics.JudgeAccuracy, true, true)
	}
	return rowMetric(metrics.AnswerF1, true, false)
}

// pairedMetrics are the overall table's metrics.
func (d *Data) pairedMetrics() []pairedMetric {
	ms := []pairedMetric{
		rowMetric(metrics.RecallAtK, true, false),
		rowMetric(metrics.NDCGAtK, true, false),
		d.answerMetric(),
	}
	if d.hasLoCoMo() {
		col := d.locomoCol(true)
		ms = append(ms, pairedMetric{name: metrics.OfficialLoCoMoF1, higher: true,
			get: func(_ *results.Cell, r *results.Row) metrics.Value { return col.get(*r) }})
	}
	ms = append(ms,
		rowMetric(metrics.StaleFactRate, false, true),
		pairedMetric{name: metrics.AbstentionF1, higher: true},
		rowMetric(metrics.ExactMatch, true, true),
		rowMetric(metrics.FactAccuracy, true, true),
		rowMetric(metrics.TaskSuccess, true, true),
	)
	return ms
}

// compare pairs the probes of ref and cand kept by keep.
func (d *Data) compare(ref, cand string, m pairedMetric, keep func(*results.Cell, *results.Row) bool) (pairedResult, bool) {
	return pairRuns(stats.Bootstrap{Resamples: d.Meta.Bootstrap, Seed: d.bootSeed()}, d, ref, d, cand, m, keep)
}

// pairRuns pairs the probes of strategy ref in run rd with those of
// strategy cand in run cd (the same run for the paired section, a baseline
// and a new run for `memarena compare`), matching probes by scenario and
// probe id, and tests the difference cand − ref.
func pairRuns(b stats.Bootstrap, rd *Data, ref string, cd *Data, cand string, m pairedMetric, keep func(*results.Cell, *results.Row) bool) (pairedResult, bool) {
	res := pairedResult{p: math.NaN(), adj: math.NaN()}
	if m.get == nil {
		ru, cu := rd.abstentionUnits(ref, keep), cd.abstentionUnits(cand, keep)
		at := map[string]int{}
		for i, k := range cu.keys {
			at[k] = i
		}
		var pr, pc abstentionUnits
		for i, k := range ru.keys {
			j, ok := at[k]
			if !ok {
				continue
			}
			pr.keys, pr.clusters, pr.unans, pr.declined = append(pr.keys, k), append(pr.clusters, ru.clusters[i]), append(pr.unans, ru.unans[i]), append(pr.declined, ru.declined[i])
			pc.keys, pc.unans, pc.declined = append(pc.keys, k), append(pc.unans, cu.unans[j]), append(pc.declined, cu.declined[j])
		}
		if _, ok := pr.counts(nil).F1(); !ok {
			return res, false
		}
		cl, _ := stats.Clusters(pr.clusters)
		p := b.PairedStatistic(cl, func(w []float64) float64 {
			fr, ok1 := pr.counts(w).F1()
			fc, ok2 := pc.counts(w).F1()
			if !ok1 || !ok2 {
				return math.NaN()
			}
			return fc - fr
		})
		res.diff, res.p = p.Diff, p.P
		return res, true
	}
	rv, cv := rd.probeValues(ref, keep, m.get), cd.probeValues(cand, keep, m.get)
	at := map[string]int{}
	for i, k := range cv.keys {
		at[k] = i
	}
	var xs, ys []float64
	var keys []string
	for i, k := range rv.keys {
		j, ok := at[k]
		if !ok || !rv.vals[i].OK || !cv.vals[j].OK {
			continue
		}
		xs, ys, keys = append(xs, rv.vals[i].V), append(ys, cv.vals[j].V), append(keys, rv.clusters[i])
	}
	if len(xs) == 0 {
		return res, false
	}
	cl, _ := stats.Clusters(keys)
	p := b.PairedMean(xs, ys, cl)
	res.diff, res.p = p.Diff, p.P
	if m.binary && stats.AllBinary(xs) && stats.AllBinary(ys) {
		mc, err := stats.McNemar(xs, ys)
		if err == nil {
			res.mc, res.p = &mc, mc.P
		}
	}
	return res, true
}

// compareAll compares every candidate with ref on m and Holm-adjusts the
// p-values across the candidates.
func (d *Data) compareAll(ref string, cands []string, m pairedMetric, keep func(*results.Cell, *results.Row) bool) ([]pairedResult, []bool) {
	out := make([]pairedResult, len(cands))
	ok := make([]bool, len(cands))
	ps := make([]float64, len(cands))
	for i, c := range cands {
		out[i], ok[i] = d.compare(ref, c, m, keep)
		ps[i] = out[i].p
	}
	for i, a := range stats.Holm(ps) {
		out[i].adj = a
	}
	return out, ok
}

// verdict is "better", "worse" or "tied" from the Holm-adjusted p-value
// and the sign of the difference; "n/a" when untested.
func verdict(r pairedResult, higher bool) string {
	if math.IsNaN(r.adj) {
		return "n/a"
	}
	if r.adj >= stats.Alpha || r.diff.Est == 0 {
		return "tied"
	}
	if (r.diff.Est > 0) == higher {
		return "**better**"
	}
	return "worse"
}

func fmtDiff(r pairedResult, higher bool) string {
	s := fmt.Sprintf("%+.3f", r.diff.Est)
	if r.diff.HasCI() {
		s += fmt.Sprintf(" [%+.2f, %+.2f]", r.diff.Lo, r.diff.Hi)
	}
	return s + " " + verdict(r, higher)
}

// candidates are the strategies compared with ref: all but ref and the
// reference rows.
func (d *Data) candidates(ref string) []string {
	var out []string
	for _, l := range d.Labels {
		if l != ref && !d.isRefRow(l) {
			out = append(out, l)
		}
	}
	return out
}

func (d *Data) pairedSection(w io.Writer) {
	ref := d.reference()
	fmt.Fprintln(w, "## Paired comparison")
	fmt.Fprintln(w)
	found := false
	for _, l := range d.Labels {
		found = found || l == ref
	}
	switch {
	case ref == "":
		fmt.Fprintln(w, "No reference strategy: the run has no flat-rag entry and its config sets no `reference:` label.")
		fmt.Fprintln(w)
		return
	case !found:
		fmt.Fprintf(w, "The reference strategy %q has no finished cell in this run.\n\n", ref)
		return
	}
	cands := d.candidates(ref)
	if len(cands) == 0 {
		fmt.Fprintln(w, "No other strategy to compare.")
		fmt.Fprintln(w)
		return
	}
	fmt.Fprintf(w, "Every strategy against **%s**, probe by probe (a probe's seeds averaged first; only probes where both have the metric). Δ = strategy − %s with a 95%% paired two-stage cluster-bootstrap interval (%d resamples: scenarios, then probes inside them; each resampled probe keeps both strategies' values). p-values: exact McNemar (two-sided binomial on the discordant probes) for metrics that are 0/1 on every probe — EM, fact accuracy, task success, judge accuracy, stale rate, abstention recall and false abstention — and the bootstrap p-value (2·min(#Δ*≤0+1, #Δ*≥0+1)/(B+1)) for the others; abstention F1 is recomputed on each resample. Holm's correction runs across the %d strategies compared, per metric and probe group: **better** / worse when the Holm-adjusted p < 0.05 (direction by the metric: a lower stale rate or false-abstention rate is better), else tied. The intervals are not adjusted, so one that excludes 0 can still be tied after Holm. McNemar treats probes as independent; the interval beside it resamples conversations.\n\n",
		ref, ref, d.Meta.Bootstrap, len(cands))
	if refRows := d.refRowLabels(); len(refRows) > 0 {
		fmt.Fprintf(w, "Reference rows are not compared: %s.\n\n", strings.Join(refRows, ", "))
	}

	fmt.Fprintf(w, "### All probes\n\n")
	header, rows, nrow, mcRows := d.pairedOverall(ref, cands)
	table(w, header, append(rows, nrow))
	if len(mcRows) > 0 {
		fmt.Fprintf(w, "### Exact McNemar tests (binary metrics, all probes)\n\n")
		fmt.Fprintf(w, "b = probes right for %s only, c = probes right for the strategy only (for stale rate: stale for %s only / for the strategy only); p = min(1, 2·P[X ≤ min(b, c)]), X ~ Binomial(b + c, ½); Holm across the strategies compared.\n\n", ref, ref)
		table(w, []string{"strategy", "metric", "pairs", "b", "c", "p", "p (Holm)", "Δ", "verdict"}, mcRows)
	}

	fmt.Fprintf(w, "### By probe kind\n\n")
	fmt.Fprintln(w, "Abstention is one-sided inside a kind: abstention recall on the abstention kind, the false-abstention rate (lower is better) on the others.")
	fmt.Fprintln(w)
	for _, k := range d.kinds() {
		kind := k
		keep := func(_ *results.Cell, r *results.Row) bool { return !r.IsTask && r.Kind == kind }
		kms := []pairedMetric{rowMetric(metrics.RecallAtK, true, false), rowMetric(metrics.NDCGAtK, true, false), d.answerMetric(), rowMetric(metrics.StaleFactRate, false, true)}
		if kind == scenarios.KindAbstention {
			kms = append(kms, rowMetric(metrics.AbstentionRecall, true, true))
		} else {
			kms = append(kms, rowMetric(metrics.FalseAbstention, false, true))
		}
		header := []string{"strategy"}
		res := make([][]pairedResult, len(kms))
		ok := make([][]bool, len(kms))
		var cols []int
		n := 0
		for j, m := range kms {
			res[j], ok[j] = d.compareAll(ref, cands, m, keep)
			any := false
			for i := range cands {
				if ok[j][i] {
					any = true
					n = max(n, res[j][i].diff.N)
				}
			}
			if any {
				cols = append(cols, j)
				header = append(header, "Δ "+d.pairedTitle(m.name))
			}
		}
		fmt.Fprintf(w, "#### %s\n\n", k)
		if len(cols) == 0 {
			fmt.Fprintln(w, "_No paired metric for these probes._")
			fmt.Fprintln(w)
			continue
		}
		var rows [][]string
		for i, c := range cands {
			rows = append(rows, diffRow(c, i, cols, kms, res, ok))
		}
		table(w, header, rows)
	}
}

// pairedOverall is the all-probes paired table of every candidate against
// ref: the header, one row per candidate (Δ with its interval and
// verdict per metric), the n row (probes · clusters), and the rows of the
// exact McNemar tests behind the binary metrics.
func (d *Data) pairedOverall(ref string, cands []string) (header []string, rows [][]string, nrow []string, mcRows [][]string) {
	ms := d.pairedMetrics()
	header = []string{"strategy"}
	res0 := make([][]pairedResult, len(ms))
	oks := make([][]bool, len(ms))
	var shown []int
	ns := make([]int, len(ms))
	for j, m := range ms {
		res0[j], oks[j] = d.compareAll(ref, cands, m, nil)
		for i := range cands {
			if oks[j][i] {
				ns[j] = max(ns[j], res0[j][i].diff.N)
			}
		}
		if ns[j] > 0 {
			shown = append(shown, j)
			header = append(header, "Δ "+d.pairedTitle(m.name)+" [95% CI]")
		}
	}
	for i, c := range cands {
		rows = append(rows, diffRow(c, i, shown, ms, res0, oks))
		for _, j := range shown {
			if r := res0[j][i]; oks[j][i] && r.mc != nil {
				mcRows = append(mcRows, []string{c, d.pairedTitle(ms[j].name), fmt.Sprint(r.mc.N), fmt.Sprint(r.mc.B), fmt.Sprint(r.mc.C),
					fmtP(r.mc.P), fmtP(r.adj), fmt.Sprintf("%+.3f", r.diff.Est), verdict(r, ms[j].higher)})
			}
		}
	}
	nrow = []string{"n (probes · clusters)"}
	for _, j := range shown {
		cl := 0
		for i := range cands {
			if oks[j][i] && res0[j][i].diff.N == ns[j] {
				cl = res0[j][i].diff.Clusters
				break
			}
		}
		nrow = append(nrow, fmt.Sprintf("%d · %d", ns[j], cl))
	}
	return header, rows, nrow, mcRows
}

// diffRow is candidate i's row of a paired table: its label, then the
// difference with its interval and verdict for each shown metric j.
func diffRow(label string, i int, shown []int, ms []pairedMetric, res [][]pairedResult, ok [][]bool) []string {
	row := []string{label}
	for _, j := range shown {
		if !ok[j][i] {
			row = append(row, "n/a")
			continue
		}
		row = append(row, fmtDiff(res[j][i], ms[j].higher))
	}
	return row
}

func (d *Data) refRowLabels() []string {
	var out []string
	for _, l := range d.Labels {
		if d.isRefRow(l) {
			out = append(out, d.display(l))
		}
	}
	return out
}

func (d *Data) pairedTitle(name string) string {
	if name == metrics.OfficialLoCoMoF1 {
		return "LoCoMo F1 (1–4)"
	}
	if name == metrics.AnswerF1 && d.hasLoCoMo() {
		return "F1 (memarena)"
	}
	return d.title(name)
}

func fmtP(p float64) string {
	if math.IsNaN(p) {
		return "n/a"
	}
	if p < 0.001 {
		return fmt.Sprintf("%.1e", p)
	}
	return fmt.Sprintf("%.3f", p)
}
