package reports

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"sort"
	"strings"

	"github.com/memarena/memarena/gate"
	"github.com/memarena/memarena/internal/results"
	"github.com/memarena/memarena/internal/stats"
	"github.com/memarena/memarena/metrics"
)

// Comparison is a baseline run against a new run (`memarena compare BASE
// NEW`, `memarena run --baseline`): every strategy label of the new run
// paired with the same label of the baseline, probe by probe (matched by
// scenario and probe id), with the paired statistics of the report's
// paired section, and the config's thresholds evaluated on the result.
type Comparison struct {
	// Base and New name the two runs (paths as given).
	Base string `json:"base,omitempty"`
	New  string `json:"new,omitempty"`
	// BaseCommit and NewCommit are the source commits the runs came from.
	BaseCommit string `json:"base_commit,omitempty"`
	NewCommit  string `json:"new_commit,omitempty"`
	// Warnings list what differs between the runs when the comparison
	// was forced with AllowMismatch.
	Warnings []string `json:"warnings,omitempty"`
	// Rows are one per compared label × metric, in label then metric order.
	Rows []CompareRow `json:"rows"`
	// Breaches are the thresholds that failed; none means the gate passes.
	Breaches []Breach `json:"breaches"`
	// Notes say what was not compared and why.
	Notes []string `json:"notes,omitempty"`
	// Resamples is the number of bootstrap resamples used.
	Resamples int `json:"bootstrap_resamples"`
}

// CompareRow is one label × metric of a comparison. Base and New are the
// two runs' means over the paired probes; Delta = New − Base with its
// 95% paired cluster-bootstrap interval; P is McNemar's exact p for
// metrics that are 0/1 on every probe, else the bootstrap p; Adj is P after
// Holm's correction across the labels compared on this metric.
type CompareRow struct {
	Label    string  `json:"label"`
	Metric   string  `json:"metric"`
	Base     float64 `json:"base"`
	New      float64 `json:"new"`
	Delta    float64 `json:"delta"`
	Lo       float64 `json:"ci_lo"`
	Hi       float64 `json:"ci_hi"`
	P        float64 `json:"p"`
	Adj      float64 `json:"p_holm"`
	Test     string  `json:"test"`
	N        int     `json:"probes"`
	Clusters int     `json:"clusters"`
	// Verdict is "improved", "regressed" or "unchanged" (Holm-adjusted p
	// ≥ 0.05 or no difference).
	Verdict string `json:"verdict"`
	higher  bool
	title   string
}

// Breach is one failed threshold.
type Breach struct {
	Label  string `json:"label"`
	Metric string `json:"metric"`
	// Kind is "bound" (an absolute threshold) or "regression".
	Kind   string `json:"kind"`
	Detail string `json:"detail"`
}

// Verdicts of a comparison row.
const (
	Improved  = "improved"
	Regressed = "regressed"
	Unchanged = "unchanged"
)

// MismatchError is returned by Compare when the runs are not comparable:
// they differ in scenarios, dataset files, budget, k, backend or judge.
type MismatchError struct{ Diffs []string }

func (e *MismatchError) Error() string {
	return "the runs are not comparable: " + strings.Join(e.Diffs, "; ") + " (--allow-mismatch compares them anyway)"
}

// Mismatches lists what makes two runs incomparable: scenario ids and
// sha256, dataset file sha256, budget, k, backend and judge. Strategy
// parameters may differ: that is what a comparison is usually about.
func Mismatches(base, new results.RunMeta) []string {
	var out []string
	sc := func(m results.RunMeta) map[string]string {
		o := map[string]string{}
		for _, s := range m.Scenarios {
			o[s.ID] = s.SHA256
		}
		return o
	}
	bs, ns := sc(base), sc(new)
	var onlyB, onlyN, changed []string
	for id, h := range bs {
		if nh, ok := ns[id]; !ok {
			onlyB = append(onlyB, id)
		} else if nh != h {
			changed = append(changed, id)
		}
	}
	for id := range ns {
		if _, ok := bs[id]; !ok {
			onlyN = append(onlyN, id)
		}
	}
	sort.Strings(onlyB)
	sort.Strings(onlyN)
	sort.Strings(changed)
	if len(onlyB) > 0 {
		out = append(out, "scenarios only in the baseline: "+strings.Join(onlyB, ", "))
	}
	if len(onlyN) > 0 {
		out = append(out, "scenarios only in the new run: "+strings.Join(onlyN, ", "))
	}
	if len(changed) > 0 {
		out = append(out, "scenario content differs (sha256): "+strings.Join(changed, ", "))
	}
	ds := func(m results.RunMeta) string {
		var hs []string
		for _, raw := range m.Imports {
			var r struct {
				Dataset string `json:"dataset"`
				SHA256  string `json:"sha256"`
			}
			if json.Unmarshal(raw, &r) == nil {
				hs = append(hs, r.Dataset+" "+short(r.SHA256))
			}
		}
		sort.Strings(hs)
		return strings.Join(hs, ", ")
	}
	if a, b := ds(base), ds(new); a != b {
		out = append(out, fmt.Sprintf("dataset files differ (%s vs %s)", orNone(a), orNone(b)))
	}
	if base.Budget != new.Budget {
		out = append(out, fmt.Sprintf("budget differs (%d vs %d tokens)", base.Budget, new.Budget))
	}
	if base.K != new.K {
		out = append(out, fmt.Sprintf("k differs (%d vs %d)", base.K, new.K))
	}
	if base.Backend != new.Backend {
		out = append(out, fmt.Sprintf("backend differs (%s vs %s)", base.Backend, new.Backend))
	}
	if base.Judge != new.Judge {
		out = append(out, fmt.Sprintf("judge differs (%s vs %s)", orNone(base.Judge), orNone(new.Judge)))
	}
	return out
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}

// compareMetrics are the metrics a comparison tests: the paired section's
// metrics plus any metric a regression threshold names.
func (d *Data) compareMetrics(g gate.Gate) []pairedMetric {
	ms := d.pairedMetrics()
	have := map[string]bool{}
	for _, m := range ms {
		have[m.name] = true
	}
	var extra []string
	for _, list := range g.Regression {
		for _, name := range list {
			if !have[name] {
				have[name] = true
				extra = append(extra, name)
			}
		}
	}
	sort.Strings(extra)
	for _, name := range extra {
		def, _ := metrics.DefOf(name)
		ms = append(ms, rowMetric(name, def.HigherIsBetter, def.Range == "{0, 1}"))
	}
	return ms
}

// Compare pairs every label of nw with the same label of base and
// evaluates g: absolute bounds on nw's overall means, and regression
// checks on the paired verdicts. base may be nil: then only the bounds are
// evaluated. Runs that differ in scenarios, data, budget, k, backend or
// judge are refused with a *MismatchError unless allowMismatch is set, in
// which case the differences become warnings.
func Compare(base, nw *Data, g gate.Gate, allowMismatch bool) (*Comparison, error) {
	cmp := &Comparison{Resamples: nw.Meta.Bootstrap, NewCommit: nw.Meta.Git.Commit, Breaches: []Breach{}, Rows: []CompareRow{}}
	if base != nil {
		cmp.BaseCommit = base.Meta.Git.Commit
		if diffs := Mismatches(base.Meta, nw.Meta); len(diffs) > 0 {
			if !allowMismatch {
				return nil, &MismatchError{Diffs: diffs}
			}
			cmp.Warnings = diffs
		}
		cmp.pair(base, nw, g)
	} else if len(g.Regression) > 0 {
		cmp.Notes = append(cmp.Notes, "no baseline run: regression thresholds were not evaluated")
	}
	cmp.bounds(nw, g)
	return cmp, nil
}

func (cmp *Comparison) pair(base, nw *Data, g gate.Gate) {
	inBase := map[string]bool{}
	for _, l := range base.Labels {
		inBase[l] = true
	}
	var labels []string
	for _, l := range nw.Labels {
		switch {
		case nw.isRefRow(l):
			cmp.Notes = append(cmp.Notes, fmt.Sprintf("%s: a reference row (another budget), not compared", l))
		case !inBase[l]:
			cmp.Notes = append(cmp.Notes, fmt.Sprintf("%s: not in the baseline, not compared", l))
		default:
			labels = append(labels, l)
		}
	}
	for _, l := range base.Labels {
		if !contains(nw.Labels, l) {
			cmp.Notes = append(cmp.Notes, fmt.Sprintf("%s: only in the baseline, not compared", l))
		}
	}
	b := stats.Bootstrap{Resamples: nw.Meta.Bootstrap, Seed: nw.bootSeed()}
	ms := nw.compareMetrics(g)
	rows := make([][]CompareRow, len(labels))
	for _, m := range ms {
		res := make([]pairedResult, len(labels))
		ok := make([]bool, len(labels))
		ps := make([]float64, len(labels))
		for i, l := range labels {
			res[i], ok[i] = pairRuns(b, base, l, nw, l, m, nil)
			ps[i] = res[i].p
		}
		for i, a := range stats.Holm(ps) {
			res[i].adj = a
		}
		for i, l := range labels {
			if !ok[i] {
				continue
			}
			r := res[i]
			bm, nm := base.overall(l, m), nw.overall(l, m)
			row := CompareRow{Label: l, Metric: m.name, Base: bm, New: nm, Delta: r.diff.Est, Lo: r.diff.Lo, Hi: r.diff.Hi,
				P: r.p, Adj: r.adj, Test: "paired cluster bootstrap", N: r.diff.N, Clusters: r.diff.Clusters, higher: m.higher, title: nw.pairedTitle(m.name)}
			if r.mc != nil {
				row.Test = fmt.Sprintf("exact McNemar (b=%d, c=%d)", r.mc.B, r.mc.C)
			}
			switch v := verdict(r, m.higher); v {
			case "**better**":
				row.Verdict = Improved
			case "worse":
				row.Verdict = Regressed
			default:
				row.Verdict = Unchanged
			}
			rows[i] = append(rows[i], row)
		}
	}
	for i := range labels {
		cmp.Rows = append(cmp.Rows, rows[i]...)
	}
	for _, l := range labels {
		for _, name := range regressionMetrics(g, l) {
			found := false
			for _, r := range cmp.Rows {
				if r.Label != l || r.Metric != name {
					continue
				}
				found = true
				if r.Verdict == Regressed {
					cmp.Breaches = append(cmp.Breaches, Breach{Label: l, Metric: name, Kind: "regression",
						Detail: fmt.Sprintf("%s regressed: %.3f → %.3f (Δ %s, p (Holm) %s, %s)", r.title, r.Base, r.New, fmtCI(r), fmtP(r.Adj), r.Test)})
				}
			}
			if !found {
				cmp.Notes = append(cmp.Notes, fmt.Sprintf("%s: %s has no paired probes in the two runs; its regression check was not evaluated", l, name))
			}
		}
	}
}

// regressionMetrics are the metrics whose regression fails label: its own
// list and the "*" list.
func regressionMetrics(g gate.Gate, label string) []string {
	var out []string
	for _, k := range []string{label, "*"} {
		for _, m := range g.Regression[k] {
			if !contains(out, m) {
				out = append(out, m)
			}
		}
	}
	return out
}

func (cmp *Comparison) bounds(nw *Data, g gate.Gate) {
	for _, bd := range g.Bounds {
		labels := []string{bd.Label}
		if bd.Label == "*" {
			labels = nil
			for _, l := range nw.Labels {
				if !nw.isRefRow(l) {
					labels = append(labels, l)
				}
			}
		}
		def, _ := metrics.DefOf(bd.Metric)
		m := rowMetric(bd.Metric, def.HigherIsBetter, false)
		if bd.Metric == metrics.AbstentionF1 {
			m = pairedMetric{name: metrics.AbstentionF1, higher: true}
		}
		for _, l := range labels {
			if !contains(nw.Labels, l) {
				cmp.Breaches = append(cmp.Breaches, Breach{Label: l, Metric: bd.Metric, Kind: "bound",
					Detail: fmt.Sprintf("%s %s: the run has no finished cell of %s", nw.title(bd.Metric), bd.Expr, l)})
				continue
			}
			v := nw.overall(l, m)
			switch {
			case math.IsNaN(v):
				cmp.Breaches = append(cmp.Breaches, Breach{Label: l, Metric: bd.Metric, Kind: "bound",
					Detail: fmt.Sprintf("%s %s: the metric is not available for %s (no probe has it)", nw.title(bd.Metric), bd.Expr, l)})
			case !bd.Holds(v):
				cmp.Breaches = append(cmp.Breaches, Breach{Label: l, Metric: bd.Metric, Kind: "bound",
					Detail: fmt.Sprintf("%s %s failed: %.3f", nw.title(bd.Metric), bd.Expr, v)})
			}
		}
	}
}

// overall is label's mean of m over all its probes (a probe's seeds
// averaged first); abstention F1 from the pooled outcomes; NaN when
// unavailable.
func (d *Data) overall(label string, m pairedMetric) float64 {
	if m.get == nil {
		f, ok := d.abstentionUnits(label, nil).counts(nil).F1()
		if !ok {
			return math.NaN()
		}
		return f
	}
	a := metrics.Mean(d.probeValues(label, nil, m.get).vals)
	if !a.Available() {
		return math.NaN()
	}
	return a.Mean
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func fmtCI(r CompareRow) string {
	s := fmt.Sprintf("%+.3f", r.Delta)
	if !math.IsNaN(r.Lo) {
		s += fmt.Sprintf(" [%+.3f, %+.3f]", r.Lo, r.Hi)
	}
	return s
}

// Passed reports whether no threshold was breached.
func (cmp *Comparison) Passed() bool { return len(cmp.Breaches) == 0 }

// Markdown writes the comparison as a pull-request comment: a one-line
// verdict, the breaches, the metrics that changed, and every compared
// metric in a collapsible block.
func (cmp *Comparison) Markdown(w io.Writer) {
	var changed []CompareRow
	for _, r := range cmp.Rows {
		if r.Verdict != Unchanged {
			changed = append(changed, r)
		}
	}
	switch {
	case !cmp.Passed():
		fmt.Fprintf(w, "### memarena: ❌ thresholds failed (%d)\n\n", len(cmp.Breaches))
	case len(changed) > 0:
		fmt.Fprintf(w, "### memarena: ✅ thresholds passed · %d significant change(s)\n\n", len(changed))
	default:
		fmt.Fprintf(w, "### memarena: ✅ thresholds passed · no significant change\n\n")
	}
	if cmp.Base != "" || cmp.New != "" {
		fmt.Fprintf(w, "Baseline `%s` (%s) → new `%s` (%s).", cmp.Base, shortCommit(cmp.BaseCommit), cmp.New, shortCommit(cmp.NewCommit))
	}
	fmt.Fprintf(w, " Probes paired by scenario and probe id; Δ = new − baseline with a 95%% paired cluster-bootstrap interval (%d resamples); exact McNemar for 0/1 metrics; Holm across strategies; a change counts when p (Holm) < 0.05.\n\n", cmp.Resamples)
	for _, wng := range cmp.Warnings {
		fmt.Fprintf(w, "> ⚠️ compared despite a mismatch (--allow-mismatch): %s\n", wng)
	}
	if len(cmp.Warnings) > 0 {
		fmt.Fprintln(w)
	}
	if len(cmp.Breaches) > 0 {
		fmt.Fprintln(w, "**Breaches**")
		fmt.Fprintln(w)
		for _, b := range cmp.Breaches {
			fmt.Fprintf(w, "- `%s` — %s\n", b.Label, b.Detail)
		}
		fmt.Fprintln(w)
	}
	row := func(r CompareRow) []string {
		mark := map[string]string{Improved: "▲ improved", Regressed: "▼ regressed", Unchanged: "unchanged"}[r.Verdict]
		return []string{r.Label, r.title, fmt.Sprintf("%.3f", r.Base), fmt.Sprintf("%.3f", r.New), fmtCI(r), fmtP(r.Adj), mark}
	}
	header := []string{"strategy", "metric", "baseline", "new", "Δ [95% CI]", "p (Holm)", ""}
	if len(changed) > 0 {
		var rows [][]string
		for _, r := range changed {
			rows = append(rows, row(r))
		}
		table(w, header, rows)
	} else if len(cmp.Rows) > 0 {
		fmt.Fprintf(w, "No significant change in any of the %d strategy × metric pairs compared.\n\n", len(cmp.Rows))
	}
	if len(cmp.Rows) > 0 {
		fmt.Fprintf(w, "<details><summary>All %d compared strategy × metric pairs</summary>\n\n", len(cmp.Rows))
		var rows [][]string
		for _, r := range cmp.Rows {
			rows = append(rows, append(row(r), fmt.Sprintf("%d · %d", r.N, r.Clusters), r.Test))
		}
		table(w, append(header, "n (probes · clusters)", "test"), rows)
		fmt.Fprintln(w, "</details>")
		fmt.Fprintln(w)
	}
	for _, n := range cmp.Notes {
		fmt.Fprintf(w, "- %s\n", n)
	}
	if len(cmp.Notes) > 0 {
		fmt.Fprintln(w)
	}
}

// MarkdownString is Markdown as a string.
func (cmp *Comparison) MarkdownString() string {
	var b strings.Builder
	cmp.Markdown(&b)
	return b.String()
}

// JSON is the comparison as indented JSON (NaN values as null).
func (cmp *Comparison) JSON() ([]byte, error) {
	out := struct {
		*Comparison
		Rows   []map[string]any `json:"rows"`
		Passed bool             `json:"passed"`
	}{Comparison: cmp, Passed: cmp.Passed()}
	for _, r := range cmp.Rows {
		out.Rows = append(out.Rows, map[string]any{
			"label": r.Label, "metric": r.Metric, "base": ptr(r.Base), "new": ptr(r.New), "delta": ptr(r.Delta),
			"ci_lo": ptr(r.Lo), "ci_hi": ptr(r.Hi), "p": ptr(r.P), "p_holm": ptr(r.Adj), "test": r.Test,
			"probes": r.N, "clusters": r.Clusters, "verdict": r.Verdict,
		})
	}
	if out.Rows == nil {
		out.Rows = []map[string]any{}
	}
	return json.MarshalIndent(out, "", "  ")
}

func shortCommit(c string) string {
	if c == "" {
		return "commit unknown"
	}
	return "commit " + short(c)
}
