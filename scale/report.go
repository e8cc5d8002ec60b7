package scale

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"sort"
	"strings"
	"time"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"

	"github.com/memarena/memarena/reports"
)

// Report is a finished scale run.
type Report struct {
	// Labels are the strategies in report order; Sizes the sizes asked for.
	Labels []string `json:"labels"`
	Sizes  []int    `json:"sizes"`
	// Cap is the per-cell time cap (0: none); K the recall cut-off.
	Cap time.Duration `json:"cap"`
	K   int           `json:"k"`
	// Dataset describes the generated scenarios (generator, seed, options).
	Dataset string `json:"dataset"`
	// Machine describes where it ran (CPUs, Go version).
	Machine string `json:"machine"`
	// Cells are the measurements; Growth the fits per strategy.
	Cells  []Measure `json:"cells"`
	Growth []Summary `json:"growth"`
}

// NewReport summarizes cells.
func NewReport(p Plan, k int, dataset, machine string, cells []Measure) *Report {
	return &Report{Labels: p.Labels, Sizes: p.Sizes, Cap: p.Cap, K: k, Dataset: dataset, Machine: machine,
		Cells: cells, Growth: Summarize(p.Labels, cells)}
}

func num(f float64, prec int) string {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return "n/a"
	}
	if prec == 0 && f < 10 {
		prec = 1 // small costs keep a decimal
	}
	return fmt.Sprintf("%.*f", prec, f)
}

// Markdown writes the report: the growth table (fitted exponents), the
// per-size table and the cells that did not finish.
func (r *Report) Markdown(w io.Writer) error {
	fmt.Fprintf(w, "# Scale report\n\n")
	fmt.Fprintf(w, "Every strategy on synthetic scenarios of N turns (%s), one process per cell", r.Dataset)
	if r.Cap > 0 {
		fmt.Fprintf(w, ", cap %s per cell (a strategy over the cap is not run at larger N)", r.Cap)
	}
	fmt.Fprintf(w, ". Machine: %s. Times are wall clock and depend on the machine and its load; each cell's process CPU time is given beside its wall time.\n\n", r.Machine)
	fmt.Fprintf(w, "## Growth\n\nWrite = total ingest + end-of-session time, fitted as ∝ N^a by least squares on log-log axes over the sizes the strategy finished (R² of the fit on the log scale; 1 with two sizes): the process CPU time spent in those calls (the work, robust to a shared machine) and the wall time. The tail fit leaves out the smallest size, where fixed costs dominate; local exponents (CPU) are between consecutive sizes. Retrieve = retrieve p50 (wall), fitted the same way. An exponent ≤ 1.15 is N log N or better over this range.\n\n")
	var rows [][]string
	fit := func(f Fit, ok bool, sizes bool) string {
		switch {
		case !ok:
			return "n/a"
		case sizes:
			return fmt.Sprintf("%.2f (R² %.3f, %d sizes)", f.Exponent, f.R2, f.Points)
		}
		return fmt.Sprintf("%.2f (R² %.3f)", f.Exponent, f.R2)
	}
	for _, g := range r.Growth {
		var local []string
		for _, l := range g.Local {
			local = append(local, fmt.Sprintf("%s→%s %.2f", kilo(l.From), kilo(l.To), l.Exponent))
		}
		largest := "none"
		if g.Largest > 0 {
			largest = kilo(g.Largest)
		}
		stopped := g.Stopped
		if stopped == "" {
			stopped = "—"
		}
		tail := fit(g.Tail, g.TailOK, false)
		if g.TailOK {
			tail = fmt.Sprintf("%s: %s", kilo(g.TailFrom)+"+", tail)
		}
		rows = append(rows, []string{g.Label, fit(g.WriteCPU, g.WriteCPUOK, true), tail, fit(g.Write, g.WriteOK, false), strings.Join(local, ", "),
			fit(g.Retrieve, g.RetrieveOK, false), largest, stopped})
	}
	reports.Table(w, []string{"strategy", "write exponent (CPU)", "tail (CPU)", "write exponent (wall)", "local write exponents (CPU)", "retrieve p50 exponent", "largest N", "not run beyond"}, rows)

	fmt.Fprintf(w, "## Per size\n\nwrite µs/turn = (ingest + end of session) / N, wall clock; CPU µs/turn = the process CPU time spent in those calls / N; end of session: total s (slowest one, ms); footprint as the strategy reports it; RSS = peak resident set of the cell's process (scenario, tokenizer and reports included: compare with `none`); R@%d and fact accuracy over the probes where defined.\n\n", r.K)
	rows = nil
	for _, l := range r.Labels {
		for _, m := range r.Cells {
			if m.Label != l {
				continue
			}
			if m.Status != StatusOK {
				rows = append(rows, []string{l, kilo(m.Turns), m.Status, "", "", "", "", "", "", "", "", "", "", "", "", ""})
				continue
			}
			rows = append(rows, []string{l, kilo(m.Turns), num(m.WriteUSPerTurn(), 0), num(m.WriteCPUUSPerTurn(), 0), num(m.IngestMS/1000, 1),
				fmt.Sprintf("%s (%s)", num(m.EndSessionMS/1000, 1), num(m.EndSessionMaxMS, 0)),
				num(m.RetrieveP50, 1), num(m.RetrieveP95, 1), fmt.Sprint(m.Items), fmt.Sprint(m.Edges), mib(m.Bytes),
				num(m.RSSMB, 0), num(m.CPUSeconds, 1), num(m.WallSeconds, 1),
				fmt.Sprintf("%s (n=%d)", num(m.RecallAtK, 3), m.RecallN), fmt.Sprintf("%s (n=%d)", num(m.FactAccuracy, 3), m.FactN)})
		}
	}
	reports.Table(w, []string{"strategy", "N", "write µs/turn", "CPU µs/turn", "ingest s", "end of session s (max ms)", "retrieve p50 ms", "p95 ms",
		"items", "edges", "bytes", "RSS MiB", "CPU s", "wall s", fmt.Sprintf("R@%d", r.K), "fact acc"}, rows)

	var notes []string
	for _, m := range r.Cells {
		if m.Status != StatusOK {
			notes = append(notes, fmt.Sprintf("- %s at %s turns: %s — %s", m.Label, kilo(m.Turns), m.Status, m.Note))
		}
	}
	if len(notes) > 0 {
		fmt.Fprintf(w, "## Cells that did not finish\n\n%s\n\n", strings.Join(notes, "\n"))
	}
	fmt.Fprintf(w, "Chart: write CPU µs/turn, retrieve p50 and R@%d against N (scale.svg, scale.png). Every cell's run directory holds its full report.\n", r.K)
	return nil
}

func mib(b int64) string {
	switch {
	case b <= 0:
		return "0"
	case b < 1<<20:
		return fmt.Sprintf("%.0f KiB", float64(b)/1024)
	}
	return fmt.Sprintf("%.1f MiB", float64(b)/(1<<20))
}

// JSON is the report as indented JSON.
func (r *Report) JSON() ([]byte, error) { return json.MarshalIndent(r, "", "  ") }

// Chart size.
const chartW, chartH = 22 * vg.Inch, 6 * vg.Inch

// SVG writes the chart (see draw) as SVG.
func (r *Report) SVG(path string) error {
	c := vgsvg.New(chartW, chartH)
	if err := r.draw(draw.New(c)); err != nil {
		return err
	}
	return save(path, c)
}

// PNG writes the chart (see draw) as PNG.
func (r *Report) PNG(path string) error {
	c := vgimg.PngCanvas{Canvas: vgimg.New(chartW, chartH)}
	if err := r.draw(draw.New(c)); err != nil {
		return err
	}
	return save(path, c)
}

func save(path string, c io.WriterTo) error {
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("chart %s: %w", path, err)
	}
	if _, err := c.WriteTo(f); err != nil {
		f.Close()
		return fmt.Errorf("chart %s: %w", path, err)
	}
	return f.Close()
}

// draw draws three log-N charts side by side with gonum/plot — write µs
// per turn and retrieve p50 (log scale), and R@k, one line per strategy
// over the sizes it finished — and the legend.
func (r *Report) draw(dc draw.Canvas) error {
	type panel struct {
		title, y string
		val      func(Measure) float64
		logY     bool
	}
	panels := []panel{
		{"Write cost per turn (CPU)", "µs / turn", Measure.WriteCPUUSPerTurn, true},
		{"Retrieve latency p50", "ms", func(m Measure) float64 { return m.RetrieveP50 }, true},
		{fmt.Sprintf("Evidence recall R@%d", r.K), fmt.Sprintf("R@%d", r.K), func(m Measure) float64 { return m.RecallAtK }, false},
	}
	var ticks []plot.Tick
	for _, n := range r.Sizes {
		ticks = append(ticks, plot.Tick{Value: float64(n), Label: kilo(n)})
	}
	legend := plot.New()
	legend.HideAxes()
	legend.Legend.Top, legend.Legend.Left = true, true
	legend.Legend.TextStyle.Font.Size = vg.Points(11)
	legend.Title.Text = "strategies"
	plots := make([][]*plot.Plot, 1)
	for pi, pn := range panels {
		p := plot.New()
		p.Title.Text = pn.title
		p.X.Label.Text = "turns (N)"
		p.Y.Label.Text = pn.y
		p.X.Scale = plot.LogScale{}
		p.X.Tick.Marker = plot.ConstantTicks(ticks)
		if pn.logY {
			p.Y.Scale = plot.LogScale{}
			p.Y.Tick.Marker = plot.LogTicks{Prec: -1}
		}
		drawn := 0
		for i, l := range r.Labels {
			var pts plotter.XYs
			for _, m := range r.Cells {
				v := pn.val(m)
				if m.Label == l && m.Status == StatusOK && !math.IsNaN(v) && (!pn.logY || v > 0) {
					pts = append(pts, plotter.XY{X: float64(m.Turns), Y: v})
				}
			}
			if len(pts) == 0 {
				continue
			}
			line, points, err := plotter.NewLinePoints(pts)
			if err != nil {
				return err
			}
			line.Color = plotutil.Color(i)
			line.Dashes = plotutil.Dashes(i / 7)
			points.Color = plotutil.Color(i)
			points.Shape = plotutil.Shape(i)
			p.Add(line, points)
			if pi == len(panels)-1 {
				legend.Legend.Add(l, line, points)
			}
			drawn++
		}
		if drawn == 0 { // a log axis needs a range: draw an empty frame
			p.X.Scale, p.Y.Scale = plot.LinearScale{}, plot.LinearScale{}
			p.Y.Tick.Marker = plot.DefaultTicks{}
		}
		plots[0] = append(plots[0], p)
	}
	plots[0] = append(plots[0], legend)
	tiles := draw.Tiles{Rows: 1, Cols: len(plots[0]), PadX: vg.Millimeter * 4, PadY: vg.Millimeter * 4,
		PadTop: vg.Millimeter * 2, PadBottom: vg.Millimeter * 2, PadLeft: vg.Millimeter * 2, PadRight: vg.Millimeter * 2}
	canvases := plot.Align(plots, tiles, dc)
	for j, p := range plots[0] {
		p.Draw(canvases[0][j])
	}
	return nil
}

// ReadReport reads a report written by Report.JSON.
func ReadReport(path string) (*Report, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var r Report
	if err := json.Unmarshal(b, &r); err != nil {
		return nil, fmt.Errorf("%s: not a scale report: %w", path, err)
	}
	return &r, nil
}

// Merge combines reports of the same workload (e.g. a 1k–64k run and a
// later 100k run): the cells of later reports replace those of earlier
// ones for the same strategy and size, strategies keep the order they
// first appear in, and the fits are recomputed. The settings (cap, k,
// dataset, machine) are the first report's, with the others' noted when
// they differ.
func Merge(reps ...*Report) *Report {
	if len(reps) == 0 {
		return &Report{}
	}
	out := &Report{Cap: reps[0].Cap, K: reps[0].K, Dataset: reps[0].Dataset, Machine: reps[0].Machine}
	type key struct {
		label string
		n     int
	}
	at := map[key]int{}
	seenLabel, seenSize := map[string]bool{}, map[int]bool{}
	for i, r := range reps {
		if i > 0 {
			if r.Dataset != out.Dataset {
				out.Dataset += "; merged with " + r.Dataset
			}
			if r.Machine != out.Machine {
				out.Machine += "; and " + r.Machine
			}
		}
		for _, l := range r.Labels {
			if !seenLabel[l] {
				seenLabel[l] = true
				out.Labels = append(out.Labels, l)
			}
		}
		for _, n := range r.Sizes {
			if !seenSize[n] {
				seenSize[n] = true
				out.Sizes = append(out.Sizes, n)
			}
		}
		for _, m := range r.Cells {
			k := key{m.Label, m.Turns}
			if j, ok := at[k]; ok {
				out.Cells[j] = m
				continue
			}
			at[k] = len(out.Cells)
			out.Cells = append(out.Cells, m)
		}
	}
	sort.Ints(out.Sizes)
	sort.SliceStable(out.Cells, func(i, j int) bool { return out.Cells[i].Turns < out.Cells[j].Turns })
	out.Growth = Summarize(out.Labels, out.Cells)
	return out
}
