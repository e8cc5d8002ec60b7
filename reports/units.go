package reports

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"

	"github.com/memarena/memarena/internal/results"
	"github.com/memarena/memarena/metrics"
	"github.com/memarena/memarena/scenarios"
)

// The probe is the unit of every aggregate: a probe's rows (one per seed,
// or per repeat) are not independent samples, so each metric is averaged
// over a probe's rows first and every mean, interval and test runs over
// probes. Intervals resample whole scenarios (conversations): questions
// about one conversation are not independent either.

// probeVals are one metric's per-probe values of one strategy, in probe
// order (scenario, then the probe's order in the run).
type probeVals struct {
	// keys identify probes across strategies: scenario + "\x00" + probe id.
	keys []string
	// clusters are the probes' scenarios.
	clusters []string
	// vals are the per-probe means over the probe's rows (NA when no row
	// of the probe has the metric).
	vals []metrics.Value
}

// probeKey identifies a probe (or task check) of a scenario.
func probeKey(c *results.Cell, r *results.Row) string {
	id := r.ProbeID
	if id == "" {
		id = fmt.Sprintf("#%d", r.Seq)
	}
	return c.Scenario + "\x00" + id
}

// probeValues averages get over the rows of each probe of label that pass
// keep (nil keeps every row).
func (d *Data) probeValues(label string, keep func(*results.Cell, *results.Row) bool, get func(*results.Cell, *results.Row) metrics.Value) probeVals {
	var pv probeVals
	idx := map[string]int{}
	var sum []float64
	var cnt []int
	for _, ci := range d.cellsOf(label) {
		c := &d.Cells[ci] // by pointer: a Cell is large
		rows := d.rowsOfCell(ci)
		for ri := range rows {
			r := &rows[ri] // by pointer: a Row is large too
			if keep != nil && !keep(c, r) {
				continue
			}
			k := probeKey(c, r)
			i, ok := idx[k]
			if !ok {
				i = len(pv.keys)
				idx[k] = i
				pv.keys = append(pv.keys, k)
				pv.clusters = append(pv.clusters, c.Scenario)
				sum = append(sum, 0)
				cnt = append(cnt, 0)
			}
			if v := get(c, r); v.OK {
				sum[i] += v.V
				cnt[i]++
			}
		}
	}
	pv.vals = make([]metrics.Value, len(pv.keys))
	for i := range pv.keys {
		if cnt[i] > 0 {
			pv.vals[i] = metrics.Of(sum[i] / float64(cnt[i]))
		}
	}
	return pv
}

// colValues is probeValues of a metric column.
func (d *Data) colValues(label string, keep func(*results.Cell, *results.Row) bool, col metricCol) probeVals {
	return d.probeValues(label, keep, func(_ *results.Cell, r *results.Row) metrics.Value { return col.get(*r) })
}

// agg aggregates per-probe values: the mean, with a cluster-bootstrap
// interval when ci is set.
func (d *Data) agg(pv probeVals, ci bool) metrics.Agg {
	if ci {
		return metrics.Bootstrap(pv.vals, pv.clusters, d.Meta.Bootstrap, d.bootSeed())
	}
	return metrics.Mean(pv.vals)
}

// seedAgreement compares the rows of every probe across seeds: how many
// probes (over all strategies) have rows that differ in any metric, the
// answer or the provenance, out of the probes run with more than one seed.
func (d *Data) seedAgreement() (differ, multi int, perLabel map[string]int) {
	perLabel = map[string]int{}
	type first struct {
		row  results.Row
		seen int
		diff bool
	}
	for _, l := range d.Labels {
		probes := map[string]*first{}
		var order []string
		for _, c := range d.Cells {
			if c.Label != l {
				continue
			}
			for _, r := range d.Rows[c.Key] {
				k := probeKey(&c, &r)
				f, ok := probes[k]
				if !ok {
					probes[k] = &first{row: r, seen: 1}
					order = append(order, k)
					continue
				}
				f.seen++
				if !sameOutcome(f.row, r) {
					f.diff = true
				}
			}
		}
		for _, k := range order {
			f := probes[k]
			if f.seen > 1 {
				multi++
				if f.diff {
					differ++
					perLabel[l]++
				}
			}
		}
	}
	return differ, multi, perLabel
}

// sameOutcome reports whether two rows of one probe agree on everything a
// report aggregates (timing and token counts of cached calls aside).
func sameOutcome(a, b results.Row) bool {
	if a.Answer != b.Answer || a.JudgeCorrect != b.JudgeCorrect || a.TaskSuccess != b.TaskSuccess || a.Scores != b.Scores {
		return false
	}
	return reflect.DeepEqual(a.Provenance, b.Provenance)
}

// unitLine describes the unit of analysis for the report header.
func (d *Data) unitLine() string {
	var b strings.Builder
	b.WriteString("Unit: the probe. A probe's rows (one per seed) are averaged first; means, intervals and tests run over probes, so n counts probes, never probes × seeds. ")
	fmt.Fprintf(&b, "95%% intervals: percentile two-stage cluster bootstrap (%d resamples, seed %d): scenarios (conversations; a LongMemEval question is its own scenario) are resampled, then probes inside each drawn scenario, because probes about one conversation are not independent.", d.Meta.Bootstrap, d.bootSeed())
	if len(d.Meta.Seeds) > 1 {
		differ, multi, per := d.seedAgreement()
		switch {
		case multi == 0:
		case differ == 0:
			fmt.Fprintf(&b, " **Seeds %s gave identical rows for every probe** (%d probe × strategy pairs compared; the backend is deterministic): the extra seeds add no evidence, and n and the intervals are those of one seed.", joinInts(d.Meta.Seeds), multi)
		default:
			var parts []string
			for _, l := range d.Labels {
				if per[l] > 0 {
					parts = append(parts, fmt.Sprintf("%s %d", l, per[l]))
				}
			}
			fmt.Fprintf(&b, " Seeds %s differ on %d of %d probe × strategy pairs (%s); each probe's seeds are averaged, so n stays the probe count.", joinInts(d.Meta.Seeds), differ, multi, strings.Join(parts, ", "))
		}
	}
	return b.String()
}

// isRefRow reports whether label ran at a budget other than the run's: a
// reference row, labelled in every table and never compared or ranked.
func (d *Data) isRefRow(label string) bool {
	for _, s := range d.Meta.Strategies {
		if s.Label == label {
			return s.Budget != 0 && s.Budget != d.Meta.Budget
		}
	}
	return false
}

// display is a label as tables print it: reference rows say so.
func (d *Data) display(label string) string {
	for _, s := range d.Meta.Strategies {
		if s.Label == label && d.isRefRow(label) {
			return fmt.Sprintf("%s (reference row: budget %d)", label, s.Budget)
		}
	}
	return label
}

// reference is the strategy every other one is compared with: the run
// config's `reference:` when set, else flat-rag when the run has it; "" when
// neither.
func (d *Data) reference() string {
	var cfg struct {
		Reference string `json:"reference"`
	}
	if len(d.Meta.Config) > 0 {
		_ = json.Unmarshal(d.Meta.Config, &cfg)
	}
	if cfg.Reference != "" {
		return cfg.Reference
	}
	for _, l := range d.Labels {
		if l == "flat-rag" {
			return l
		}
	}
	return ""
}

// Abstention as a two-sided decision.

func abstained(r results.Row) bool { return metrics.IsAbstention(r.Answer) }

func unanswerable(r results.Row) bool { return !r.IsTask && r.Kind == scenarios.KindAbstention }

func answerable(r results.Row) bool {
	return !r.IsTask && r.Kind != scenarios.KindAbstention && len(r.GoldAnswers) > 0
}

// falseAbstention is 1 when the answer declines on an answerable probe.
func falseAbstention(r results.Row) metrics.Value {
	if !answerable(r) {
		return metrics.NA
	}
	return metrics.Bool(abstained(r))
}

// abstentionUnits are the per-probe abstention outcomes of a group: for
// each probe, whether it is unanswerable and the share of its rows that
// declined.
type abstentionUnits struct {
	keys, clusters []string
	unans          []bool
	declined       []float64
}

func (d *Data) abstentionUnits(label string, keep func(*results.Cell, *results.Row) bool) abstentionUnits {
	pv := d.probeValues(label, func(c *results.Cell, r *results.Row) bool {
		return (keep == nil || keep(c, r)) && (answerable(*r) || unanswerable(*r))
	}, func(_ *results.Cell, r *results.Row) metrics.Value { return metrics.Bool(abstained(*r)) })
	kinds := d.probeValues(label, func(c *results.Cell, r *results.Row) bool {
		return (keep == nil || keep(c, r)) && (answerable(*r) || unanswerable(*r))
	}, func(_ *results.Cell, r *results.Row) metrics.Value { return metrics.Bool(unanswerable(*r)) })
	u := abstentionUnits{keys: pv.keys, clusters: pv.clusters}
	for i := range pv.keys {
		u.unans = append(u.unans, kinds.vals[i].V == 1)
		u.declined = append(u.declined, pv.vals[i].V)
	}
	return u
}

// counts sums the outcomes with unit weights w (nil: every weight 1).
func (u abstentionUnits) counts(w []float64) metrics.AbstentionCounts {
	var c metrics.AbstentionCounts
	for i := range u.keys {
		wi := 1.0
		if w != nil {
			wi = w[i]
		}
		if u.unans[i] {
			c.Unanswerable += wi
			c.TP += wi * u.declined[i]
			c.FN += wi * (1 - u.declined[i])
		} else {
			c.Answerable += wi
			c.FP += wi * u.declined[i]
		}
	}
	return c
}

// abstentionCell renders a group's abstention F1 with its two sides:
// "F1 (recall R · false F)"; when the group lacks one side, F1 is n/a and
// the available side is shown in parentheses.
func abstentionCell(c metrics.AbstentionCounts) string {
	rec, fa := "n/a", "n/a"
	if c.Unanswerable > 0 {
		rec = fmt.Sprintf("%.2f", c.TP/c.Unanswerable)
	}
	if c.Answerable > 0 {
		fa = fmt.Sprintf("%.2f", c.FP/c.Answerable)
	}
	f1, ok := c.F1()
	head := "n/a"
	if ok {
		head = fmt.Sprintf("%.3f", f1)
	}
	return fmt.Sprintf("%s (recall %s · false %s)", head, rec, fa)
}
