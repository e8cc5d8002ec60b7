// Package scale measures how every strategy's cost and quality grow with
// the length of the history: `memarena scale` (`make bench-scale`) runs each
// strategy on synthetic scenarios (package datasets/synthetic) of N = 1k,
// 4k, 16k and 64k turns (100k on request), one cell per strategy and size,
// and reports per strategy and size the write cost per turn (ingest plus
// end of session), the end-of-session time, retrieve latency p50/p95, the
// memory footprint (items, edges, bytes, peak RSS), recall@k and fact
// accuracy — and per strategy the fitted growth exponents: total write
// time ∝ N^a and retrieve latency ∝ N^b by least squares on log-log axes,
// with the fit's R². A strategy that exceeds the per-cell time cap at one
// size is not run at larger sizes, and the report says so.
//
// Each cell is one ordinary run (runner.Execute on a one-strategy config,
// so it leaves a normal run directory) in its own process, so the peak RSS
// and CPU time of a cell are its own and a cell over the time cap can be
// stopped. Wall-clock numbers depend on the machine and its load; the
// report prints the process CPU time beside them.
package scale

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"sort"
	"time"

	"gonum.org/v1/gonum/stat"
)

// Cell statuses.
const (
	StatusOK      = "ok"
	StatusTimeout = "timeout"
	StatusFailed  = "failed"
	StatusSkipped = "skipped"
)

// Measure is one cell: one strategy at one size. Times are milliseconds
// of wall clock unless named otherwise.
type Measure struct {
	// Label is the strategy entry's label, Strategy its registry name.
	Label    string `json:"label"`
	Strategy string `json:"strategy"`
	// Turns, Sessions and Probes describe the generated scenario.
	Turns    int `json:"turns"`
	Sessions int `json:"sessions"`
	Probes   int `json:"probes"`
	// Status is ok, timeout (over the cap), failed or skipped; Note says
	// why for anything but ok.
	Status string `json:"status"`
	Note   string `json:"note,omitempty"`
	// IngestMS and EndSessionMS are the wall-time totals over the cell;
	// EndSessionMaxMS is the slowest end of session. IngestCPUMS and
	// EndSessionCPUMS are the process CPU time spent in those calls
	// (garbage collection included): on a shared machine they measure the
	// work, where wall time also counts waiting for a core.
	IngestMS        float64 `json:"ingest_ms"`
	EndSessionMS    float64 `json:"end_session_ms"`
	EndSessionMaxMS float64 `json:"end_session_max_ms"`
	IngestCPUMS     float64 `json:"ingest_cpu_ms"`
	EndSessionCPUMS float64 `json:"end_session_cpu_ms"`
	// RetrieveP50 and RetrieveP95 are per-call latency quantiles (probes
	// and task checks).
	RetrieveP50 float64 `json:"retrieve_p50_ms"`
	RetrieveP95 float64 `json:"retrieve_p95_ms"`
	// Footprint at the end of the cell, as the strategy reports it.
	Items int   `json:"items"`
	Edges int   `json:"edges"`
	Bytes int64 `json:"bytes"`
	// RSSMB is the peak resident set of the cell's process (MiB); CPUSeconds
	// its user+system CPU time; WallSeconds its wall time. They include
	// generating the scenario and writing the cell's reports.
	RSSMB       float64 `json:"rss_mb"`
	CPUSeconds  float64 `json:"cpu_s"`
	WallSeconds float64 `json:"wall_s"`
	// RecallAtK and FactAccuracy are means over the probes where they are
	// defined (RecallN and FactN of them); NaN when none.
	RecallAtK    float64 `json:"recall_at_k"`
	RecallN      int     `json:"recall_n"`
	FactAccuracy float64 `json:"fact_accuracy"`
	FactN        int     `json:"fact_n"`
	// RunDir is the cell's run directory.
	RunDir string `json:"run_dir,omitempty"`
}

// MarshalJSON writes a metric no probe defined (NaN) as null.
func (m Measure) MarshalJSON() ([]byte, error) {
	type plain Measure
	return json.Marshal(struct {
		plain
		RecallAtK    *float64 `json:"recall_at_k"`
		FactAccuracy *float64 `json:"fact_accuracy"`
	}{plain(m), finite(m.RecallAtK), finite(m.FactAccuracy)})
}

// UnmarshalJSON reads null metrics back as NaN.
func (m *Measure) UnmarshalJSON(b []byte) error {
	type plain Measure
	var v struct {
		plain
		RecallAtK    *float64 `json:"recall_at_k"`
		FactAccuracy *float64 `json:"fact_accuracy"`
	}
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	*m = Measure(v.plain)
	m.RecallAtK, m.FactAccuracy = orNaN(v.RecallAtK), orNaN(v.FactAccuracy)
	return nil
}

func finite(f float64) *float64 {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return nil
	}
	return &f
}

func orNaN(p *float64) float64 {
	if p == nil {
		return math.NaN()
	}
	return *p
}

// WriteUSPerTurn is the write cost per turn in microseconds: ingest plus
// end of session, over the turns.
func (m Measure) WriteUSPerTurn() float64 {
	if m.Turns == 0 {
		return math.NaN()
	}
	return (m.IngestMS + m.EndSessionMS) * 1000 / float64(m.Turns)
}

// WriteMS is the total write time in milliseconds.
func (m Measure) WriteMS() float64 { return m.IngestMS + m.EndSessionMS }

// WriteCPUMS is the total CPU time of the write side in milliseconds.
func (m Measure) WriteCPUMS() float64 { return m.IngestCPUMS + m.EndSessionCPUMS }

// WriteCPUUSPerTurn is the write side's CPU time per turn in microseconds.
func (m Measure) WriteCPUUSPerTurn() float64 {
	if m.Turns == 0 {
		return math.NaN()
	}
	return m.WriteCPUMS() * 1000 / float64(m.Turns)
}

// Fit is a least-squares fit of log y = log c + Exponent · log N over
// Points sizes: y grows as N^Exponent. R2 is the coefficient of
// determination of the fit on the log scale (1 with two points).
type Fit struct {
	Exponent float64 `json:"exponent"`
	R2       float64 `json:"r2"`
	Points   int     `json:"points"`
}

// FitPower fits y ∝ x^a by least squares on log-log axes (gonum
// stat.LinearRegression); points with x ≤ 0 or y ≤ 0 or NaN are left out.
// ok is false with fewer than two usable points.
func FitPower(xs, ys []float64) (Fit, bool) {
	var lx, ly []float64
	for i := range xs {
		if xs[i] > 0 && ys[i] > 0 && !math.IsNaN(ys[i]) && !math.IsInf(ys[i], 0) {
			lx = append(lx, math.Log(xs[i]))
			ly = append(ly, math.Log(ys[i]))
		}
	}
	if len(lx) < 2 {
		return Fit{Points: len(lx)}, false
	}
	_, beta := stat.LinearRegression(lx, ly, nil, false)
	alpha := stat.Mean(ly, nil) - beta*stat.Mean(lx, nil)
	r2 := stat.RSquared(lx, ly, nil, alpha, beta)
	if len(lx) == 2 || math.IsNaN(r2) {
		r2 = 1
	}
	return Fit{Exponent: beta, R2: r2, Points: len(lx)}, true
}

// CellRunner runs one cell — strategy label at turns — and measures it.
// ctx carries the cell's time cap; a runner returns an error wrapping
// context.DeadlineExceeded when the cap stopped the cell.
type CellRunner func(ctx context.Context, label string, turns int) (Measure, error)

// Plan is what Run measures.
type Plan struct {
	// Labels are the strategy entries, in report order.
	Labels []string
	// Sizes are the numbers of turns, run in ascending order.
	Sizes []int
	// Cap bounds one cell's wall time; 0 means no cap.
	Cap time.Duration
}

// Run measures every label at every size, smallest size first. A label
// whose cell exceeds the cap or fails is not run at larger sizes; those
// cells are recorded as skipped with the reason. progress (may be nil) is
// called after each cell. Run stops early, keeping what it has, when ctx
// is cancelled.
func Run(ctx context.Context, p Plan, run CellRunner, progress func(Measure)) []Measure {
	sizes := append([]int(nil), p.Sizes...)
	sort.Ints(sizes)
	stopped := map[string]string{}
	var out []Measure
	for _, n := range sizes {
		for _, l := range p.Labels {
			if ctx.Err() != nil {
				return out
			}
			var m Measure
			if why, ok := stopped[l]; ok {
				m = Measure{Label: l, Turns: n, Status: StatusSkipped, Note: why}
			} else {
				cctx, cancel := ctx, context.CancelFunc(func() {})
				if p.Cap > 0 {
					cctx, cancel = context.WithTimeout(ctx, p.Cap)
				}
				var err error
				m, err = run(cctx, l, n)
				timedOut := errors.Is(err, context.DeadlineExceeded) || (err != nil && errors.Is(cctx.Err(), context.DeadlineExceeded))
				cancel()
				m.Label, m.Turns = l, n
				switch {
				case err == nil:
					m.Status = StatusOK
				case ctx.Err() != nil:
					return out // interrupted: the cell is not a result
				case timedOut:
					m.Status, m.Note = StatusTimeout, fmt.Sprintf("stopped after the %s cap", p.Cap)
					stopped[l] = fmt.Sprintf("over the %s cap at %s turns", p.Cap, kilo(n))
				default:
					m.Status, m.Note = StatusFailed, err.Error()
					stopped[l] = fmt.Sprintf("failed at %s turns", kilo(n))
				}
			}
			if m.Status != StatusOK {
				m.RecallAtK, m.FactAccuracy = math.NaN(), math.NaN()
			}
			out = append(out, m)
			if progress != nil {
				progress(m)
			}
		}
	}
	return out
}

// kilo writes a size as 1k, 64k, 100k (or the number when not a multiple
// of 1000).
func kilo(n int) string {
	if n%1000 == 0 {
		return fmt.Sprintf("%dk", n/1000)
	}
	return fmt.Sprint(n)
}

// Summary is one strategy's growth over the sizes it finished.
type Summary struct {
	Label string `json:"label"`
	// Write fits total write wall time (ingest + end of session) against
	// N, WriteCPU the write side's CPU time; Retrieve fits retrieve p50
	// against N. Ok flags say whether a fit exists (two finished sizes or
	// more).
	Write      Fit  `json:"write"`
	WriteOK    bool `json:"write_ok"`
	WriteCPU   Fit  `json:"write_cpu"`
	WriteCPUOK bool `json:"write_cpu_ok"`
	Retrieve   Fit  `json:"retrieve"`
	RetrieveOK bool `json:"retrieve_ok"`
	// Tail fits the write side's CPU time over the finished sizes from the
	// second smallest size on (4k–64k with the default sizes), where the
	// fixed costs of a small history no longer dominate; TailFrom is that
	// size.
	Tail     Fit  `json:"tail"`
	TailOK   bool `json:"tail_ok"`
	TailFrom int  `json:"tail_from,omitempty"`
	// Local are the write exponents (CPU time) between consecutive
	// finished sizes ("4k→16k": 1.12).
	Local []LocalExponent `json:"local,omitempty"`
	// Largest is the largest size finished; Stopped says why larger ones
	// did not run ("" when every size ran).
	Largest int    `json:"largest"`
	Stopped string `json:"stopped,omitempty"`
}

// LocalExponent is the write exponent between two sizes.
type LocalExponent struct {
	From, To int
	Exponent float64
}

// Summarize fits each label's finished cells (in any order).
func Summarize(labels []string, cells []Measure) []Summary {
	cells = append([]Measure(nil), cells...)
	sort.SliceStable(cells, func(i, j int) bool { return cells[i].Turns < cells[j].Turns })
	var out []Summary
	for _, l := range labels {
		s := Summary{Label: l}
		var ns, w, wc, r []float64
		for _, m := range cells {
			if m.Label != l {
				continue
			}
			if m.Status != StatusOK {
				if s.Stopped == "" {
					s.Stopped = fmt.Sprintf("%s at %s turns", m.Status, kilo(m.Turns))
					if m.Status == StatusSkipped {
						s.Stopped = m.Note
					}
				}
				continue
			}
			ns = append(ns, float64(m.Turns))
			w = append(w, m.WriteMS())
			wc = append(wc, m.WriteCPUMS())
			r = append(r, m.RetrieveP50)
			s.Largest = max(s.Largest, m.Turns)
		}
		s.Write, s.WriteOK = FitPower(ns, w)
		s.WriteCPU, s.WriteCPUOK = FitPower(ns, wc)
		s.Retrieve, s.RetrieveOK = FitPower(ns, r)
		if len(ns) >= 3 {
			s.Tail, s.TailOK = FitPower(ns[1:], wc[1:])
			s.TailFrom = int(ns[1])
		}
		for i := 1; i < len(ns); i++ {
			if f, ok := FitPower(ns[i-1:i+1], wc[i-1:i+1]); ok {
				s.Local = append(s.Local, LocalExponent{From: int(ns[i-1]), To: int(ns[i]), Exponent: f.Exponent})
			}
		}
		out = append(out, s)
	}
	return out
}
