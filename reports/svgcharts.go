package reports

import (
	"bytes"
	"fmt"
	"image/color"
	"math"
	"path/filepath"
	"sort"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgsvg"

	"github.com/memarena/memarena/internal/results"
	"github.com/memarena/memarena/metrics"
)

// Chart files written by Charts (SVG, drawn with gonum/plot). The latency
// chart holds wall-clock values and is the only one that differs between
// two runs of the same config.
const (
	FileLeaderboardChart = "leaderboard.svg"
	FileCostChart        = "cost.svg"
	FileLatencyChart     = "latency.svg"
	FileAgeChart         = "recall-by-age.svg"
)

// chartMetrics are the quality metrics of the leaderboard chart, each
// drawn as a mean with its 95% bootstrap CI.
var chartMetrics = []string{metrics.AnswerF1, metrics.FactAccuracy, metrics.RecallAtK, metrics.ContextRecall}

// baselineNames are the registry names of the baseline strategies; their
// rows are marked as reference rows in charts and tables.
var baselineNames = map[string]bool{"none": true, "recency": true, "full-context": true, "oracle": true}

// goldSeeing names strategies that see the probe's gold (upper bounds):
// drawn in charts but never part of a Pareto frontier.
var goldSeeing = map[string]bool{"oracle": true}

// palette is the Okabe–Ito colour-blind-safe palette (yellow left out: too
// little contrast on white), then darker tones.
var palette = []color.RGBA{
	{0, 114, 178, 255}, {213, 94, 0, 255}, {0, 158, 115, 255}, {204, 121, 167, 255},
	{86, 180, 233, 255}, {230, 159, 0, 255}, {0, 0, 0, 255}, {120, 94, 240, 255},
	{136, 34, 85, 255}, {17, 119, 51, 255}, {68, 68, 68, 255}, {153, 153, 51, 255},
}

// glyphs of strategies; the ring is kept for strategies that see the gold.
var glyphs = []draw.GlyphDrawer{draw.CircleGlyph{}, draw.SquareGlyph{}, draw.TriangleGlyph{}, draw.PyramidGlyph{},
	draw.BoxGlyph{}, draw.CrossGlyph{}, draw.PlusGlyph{}}

func colorOf(i int) color.RGBA       { return palette[i%len(palette)] }
func glyphOf(i int) draw.GlyphDrawer { return glyphs[(i/len(palette)+i)%len(glyphs)] }
func svgFont(size vg.Length) font.Font {
	return font.Font{Typeface: "Liberation", Variant: "Sans", Size: size}
}

// strategyInfo returns the registry name of a label and whether it is a
// baseline.
func (d *Data) strategyName(label string) string {
	for _, s := range d.Meta.Strategies {
		if s.Label == label {
			return s.Name
		}
	}
	for _, c := range d.Cells {
		if c.Label == label {
			return c.Strategy
		}
	}
	return label
}

// isBaseline reports whether label runs a baseline strategy (a reference
// row).
func (d *Data) isBaseline(label string) bool { return baselineNames[d.strategyName(label)] }

// chartPoint is one strategy in a Pareto chart.
type chartPoint struct {
	Label    string
	X, Y     float64
	Frontier bool
	// Gold marks strategies that see the gold (never on the frontier).
	Gold bool
}

// paretoFrontier marks the points not dominated by another eligible point:
// no other point has lower-or-equal cost (X) and higher-or-equal quality
// (Y) with one of them strict. Points with Gold set are skipped.
func paretoFrontier(pts []chartPoint) {
	for i := range pts {
		pts[i].Frontier = false
		if pts[i].Gold {
			continue
		}
		dominated := false
		for j := range pts {
			if i == j || pts[j].Gold {
				continue
			}
			if pts[j].X <= pts[i].X && pts[j].Y >= pts[i].Y && (pts[j].X < pts[i].X || pts[j].Y > pts[i].Y) {
				dominated = true
				break
			}
		}
		pts[i].Frontier = !dominated
	}
}

// quality is the quality metric of the Pareto charts: answer F1 when any
// strategy has it, else fact accuracy.
func (d *Data) qualityMetric() string {
	for _, l := range d.Labels {
		if d.agg(d.colValues(l, nil, colByName(metrics.AnswerF1)), false).Available() {
			return metrics.AnswerF1
		}
	}
	return metrics.FactAccuracy
}

// paretoPoints are (cost, quality) per strategy; cost is total tokens per
// probe (tokens true) or the median retrieve latency in ms.
func (d *Data) paretoPoints(tokens bool) []chartPoint {
	q := colByName(d.qualityMetric())
	var pts []chartPoint
	for _, l := range d.Labels {
		a := d.agg(d.colValues(l, nil, q), false)
		cs := d.costsOf(l)
		if !a.Available() || cs.probes == 0 || (tokens && !cs.usageKnown()) {
			continue // no point without a known total
		}
		x := float64(cs.write+cs.readModel+cs.answer) / float64(cs.probes)
		if !tokens {
			x = d.latencyOf(l).r50
		}
		if math.IsNaN(x) {
			continue
		}
		pts = append(pts, chartPoint{Label: l, X: x, Y: a.Mean, Gold: goldSeeing[d.strategyName(l)]})
	}
	paretoFrontier(pts)
	return pts
}

// svgOf renders p at w×h with a legend in a column to its right (outside
// the data area) and returns the SVG document.
func svgOf(p *plot.Plot, leg *plot.Legend, texts []string, w, h vg.Length) ([]byte, error) {
	c := vgsvg.New(w, h)
	dc := draw.New(c)
	if leg != nil {
		lw := vg.Length(0)
		for _, s := range texts {
			if x := leg.TextStyle.Width(s); x > lw {
				lw = x
			}
		}
		lw += leg.ThumbnailWidth + vg.Points(24)
		p.Draw(draw.Crop(dc, 0, -lw, 0, 0))
		lc := draw.Crop(dc, w-lw+vg.Points(8), 0, 0, -vg.Points(28))
		leg.Draw(lc)
	} else {
		p.Draw(dc)
	}
	var b bytes.Buffer
	if _, err := c.WriteTo(&b); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// legend is a plot legend that remembers its entry texts, so svgOf can
// size the column it is drawn in.
type legend struct {
	plot.Legend
	texts []string
}

func newLegend() *legend {
	l := &legend{Legend: plot.NewLegend()}
	l.TextStyle.Font = svgFont(9)
	l.Top, l.Left = true, true
	return l
}

func (l *legend) add(name string, th ...plot.Thumbnailer) {
	l.Add(name, th...)
	l.texts = append(l.texts, name)
}

func (l *legend) svg(p *plot.Plot, w, h vg.Length) ([]byte, error) {
	return svgOf(p, &l.Legend, l.texts, w, h)
}

func newPlot(title string) *plot.Plot {
	p := plot.New()
	p.Title.Text = title
	p.Title.TextStyle.Font = svgFont(11)
	for _, a := range []*plot.Axis{&p.X, &p.Y} {
		a.Label.TextStyle.Font = svgFont(10)
		a.Tick.Label.Font = svgFont(9)
	}
	return p
}

// rowLabel is a strategy's name on a chart: reference rows (run at
// another budget, never ranked) are marked "(ref)", baselines
// "(baseline)".
func (d *Data) rowLabel(l string) string {
	switch {
	case d.isRefRow(l):
		return l + " (ref)"
	case d.isBaseline(l):
		return l + " (baseline)"
	}
	return l
}

// LeaderboardSVG draws every strategy's mean of each chart metric with its
// 95% bootstrap CI, one row per strategy (baselines marked), x in [0, 1].
// Unavailable metrics are left out of a row (never drawn as 0).
func (d *Data) LeaderboardSVG() ([]byte, error) {
	p := newPlot("Quality with 95% CIs — " + d.Meta.Name)
	p.X.Label.Text = "score (0 = worst, 1 = best)"
	p.X.Min, p.X.Max = 0, 1
	n := len(d.Labels)
	names := make([]string, n)
	for i, l := range d.Labels {
		names[n-1-i] = d.rowLabel(l)
	}
	p.NominalY(names...)
	p.Y.Min, p.Y.Max = -0.6, float64(n)-0.4
	p.Add(plotter.NewGrid())
	leg := newLegend()
	step := 0.7 / float64(len(chartMetrics))
	for mi, m := range chartMetrics {
		col := colByName(m)
		var pts plotter.XYs
		var errs plotter.XErrors
		for i, l := range d.Labels {
			a := d.agg(d.colValues(l, nil, col), true)
			if !a.Available() {
				continue
			}
			y := float64(n-1-i) + 0.35 - step/2 - step*float64(mi)
			pts = append(pts, plotter.XY{X: a.Mean, Y: y})
			lo, hi := a.Lo, a.Hi
			if math.IsNaN(lo) {
				lo, hi = a.Mean, a.Mean
			}
			errs = append(errs, struct{ Low, High float64 }{a.Mean - lo, hi - a.Mean})
		}
		def, _ := metrics.DefOf(m)
		if len(pts) == 0 {
			continue
		}
		sc, err := plotter.NewScatter(pts)
		if err != nil {
			return nil, err
		}
		sc.GlyphStyle = draw.GlyphStyle{Color: colorOf(mi), Radius: vg.Points(2.5), Shape: glyphOf(mi)}
		eb, err := plotter.NewXErrorBars(struct {
			plotter.XYs
			plotter.XErrors
		}{pts, errs})
		if err != nil {
			return nil, err
		}
		eb.LineStyle.Color = colorOf(mi)
		eb.LineStyle.Width = vg.Points(1)
		eb.CapWidth = vg.Points(4)
		p.Add(eb, sc)
		leg.add(def.Title, sc)
	}
	h := vg.Length(math.Max(3, 0.32*float64(n)+1.1)) * vg.Inch
	return leg.svg(p, 7.5*vg.Inch, h)
}

// ParetoSVG draws quality against cost, one point per strategy, labels
// placed without overlap, the non-dominated strategies joined as the
// frontier. tokens selects total tokens per probe; otherwise the median
// retrieve latency (wall clock, not deterministic).
func (d *Data) ParetoSVG(tokens bool) ([]byte, error) {
	qm := d.qualityMetric()
	def, _ := metrics.DefOf(qm)
	title, xl := "Quality vs tokens per probe", "total tokens per probe (write + read-model + answer), log scale"
	if !tokens {
		title, xl = "Quality vs retrieve latency (wall clock)", "median retrieve latency (ms), log scale"
	}
	p := newPlot(title)
	p.X.Label.Text = xl
	p.Y.Label.Text = def.Title + " (mean)"
	p.Y.Min, p.Y.Max = 0, 1
	p.Add(plotter.NewGrid())
	pts := d.paretoPoints(tokens)
	if len(pts) > 0 {
		minX, maxX := math.Inf(1), math.Inf(-1)
		for _, pt := range pts {
			minX, maxX = math.Min(minX, pt.X), math.Max(maxX, pt.X)
		}
		lo := math.Max(minX/2, 1e-3)
		p.X.Min, p.X.Max = lo, math.Max(maxX*2, lo*10)
		p.X.Scale = plot.LogScale{}
		p.X.Tick.Marker = plot.LogTicks{Prec: -1}
		var front plotter.XYs
		for _, pt := range pts {
			if pt.Frontier {
				front = append(front, plotter.XY{X: math.Max(pt.X, lo), Y: pt.Y})
			}
		}
		sort.Slice(front, func(i, j int) bool { return front[i].X < front[j].X })
		if len(front) > 1 {
			ln, err := plotter.NewLine(front)
			if err != nil {
				return nil, err
			}
			ln.LineStyle.Color = color.RGBA{90, 90, 90, 255}
			ln.LineStyle.Width = vg.Points(1.2)
			ln.LineStyle.Dashes = []vg.Length{vg.Points(4), vg.Points(3)}
			p.Add(ln)
		}
		var all plotter.XYs
		var labels []string
		for i, pt := range pts {
			xy := plotter.XY{X: math.Max(pt.X, lo), Y: pt.Y}
			sc, err := plotter.NewScatter(plotter.XYs{xy})
			if err != nil {
				return nil, err
			}
			sc.GlyphStyle = draw.GlyphStyle{Color: colorOf(i), Radius: vg.Points(3.5), Shape: glyphOf(i)}
			if pt.Gold {
				sc.GlyphStyle.Shape = draw.RingGlyph{}
			}
			p.Add(sc)
			all = append(all, xy)
			lab := d.rowLabel(pt.Label)
			if pt.Gold {
				lab += " (sees gold)"
			}
			labels = append(labels, lab)
		}
		p.Add(&pointLabels{XYs: all, Labels: labels, Style: textStyle(8)})
	}
	p.Title.Text += " (dashed: Pareto frontier)"
	return svgOf(p, nil, nil, 7.5*vg.Inch, 5.2*vg.Inch)
}

// ageBuckets group evidence ages (sessions between the earliest evidence
// turn and the question).
var ageBuckets = []struct {
	Name   string
	Lo, Hi int
}{{"same session", 0, 0}, {"1 session ago", 1, 1}, {"2–3 sessions ago", 2, 3}, {"4+ sessions ago", 4, 1 << 30}}

// maxEvidenceAge is the largest evidence age of any row (-1: none).
func (d *Data) maxEvidenceAge() int {
	m := -1
	for _, rows := range d.Rows {
		for _, r := range rows {
			m = max(m, r.EvidenceAge)
		}
	}
	return m
}

// ageRecall is R@ctx of label's probes in each age bucket.
func (d *Data) ageRecall(label string) []metrics.Agg {
	col := colByName(metrics.ContextRecall)
	out := make([]metrics.Agg, len(ageBuckets))
	for bi, b := range ageBuckets {
		lo, hi := b.Lo, b.Hi
		out[bi] = d.agg(d.colValues(label, func(_ *results.Cell, r *results.Row) bool {
			return !r.IsTask && r.EvidenceAge >= lo && r.EvidenceAge <= hi
		}, col), false)
	}
	return out
}

// AgeSVG draws evidence recall (R@ctx) by evidence age, one line per
// strategy; nil when no probe has evidence older than its own session.
func (d *Data) AgeSVG() ([]byte, error) {
	if d.maxEvidenceAge() < 1 {
		return nil, nil
	}
	p := newPlot("Evidence recall by evidence age")
	p.Y.Label.Text = "R@ctx (share of gold evidence delivered)"
	p.Y.Min, p.Y.Max = 0, 1
	names := make([]string, len(ageBuckets))
	for i, b := range ageBuckets {
		names[i] = b.Name
	}
	p.NominalX(names...)
	p.X.Min, p.X.Max = -0.3, float64(len(ageBuckets))-0.7
	p.Add(plotter.NewGrid())
	leg := newLegend()
	for i, l := range d.Labels {
		var pts plotter.XYs
		for bi, a := range d.ageRecall(l) {
			if a.Available() {
				pts = append(pts, plotter.XY{X: float64(bi), Y: a.Mean})
			}
		}
		if len(pts) == 0 {
			continue
		}
		ln, sc, err := plotter.NewLinePoints(pts)
		if err != nil {
			return nil, err
		}
		ln.LineStyle.Color = colorOf(i)
		ln.LineStyle.Width = vg.Points(1.2)
		if d.isBaseline(l) {
			ln.LineStyle.Dashes = []vg.Length{vg.Points(3), vg.Points(2)}
		}
		sc.GlyphStyle = draw.GlyphStyle{Color: colorOf(i), Radius: vg.Points(2.5), Shape: glyphOf(i)}
		p.Add(ln, sc)
		leg.add(d.rowLabel(l), ln, sc)
	}
	return leg.svg(p, 7.5*vg.Inch, 4.2*vg.Inch)
}

func textStyle(size vg.Length) draw.TextStyle {
	return draw.TextStyle{Color: color.Black, Font: svgFont(size), Handler: plot.DefaultTextHandler}
}

// pointLabels is a plotter that names points without overlap: each label
// takes the first of several positions around its point whose box stays
// inside the data area and overlaps no placed label and no point; when
// none is free it moves further out and is tied to its point by a thin
// leader line.
type pointLabels struct {
	XYs    plotter.XYs
	Labels []string
	Style  draw.TextStyle
}

type box struct{ x0, y0, x1, y1 vg.Length }

func (a box) overlaps(b box) bool { return a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1 }

// Plot implements plot.Plotter.
func (pl *pointLabels) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	r := vg.Points(5)
	var taken []box
	pts := make([]vg.Point, len(pl.XYs))
	for i, xy := range pl.XYs {
		pts[i] = vg.Point{X: trX(xy.X), Y: trY(xy.Y)}
		taken = append(taken, box{pts[i].X - r, pts[i].Y - r, pts[i].X + r, pts[i].Y + r})
	}
	order := make([]int, len(pts))
	for i := range order {
		order[i] = i
	}
	// Place labels left to right so neighbours resolve predictably.
	sort.SliceStable(order, func(a, b int) bool { return pts[order[a]].X < pts[order[b]].X })
	h := pl.Style.Height("Xg")
	for _, i := range order {
		w := pl.Style.Width(pl.Labels[i])
		pt := pts[i]
		var chosen *box
		leader := false
		for ring := 1; ring <= 8 && chosen == nil; ring++ {
			d := vg.Length(ring) * vg.Points(6)
			cands := []vg.Point{
				{X: pt.X + d, Y: pt.Y - h/2}, {X: pt.X - d - w, Y: pt.Y - h/2},
				{X: pt.X - w/2, Y: pt.Y + d}, {X: pt.X - w/2, Y: pt.Y - d - h},
				{X: pt.X + d, Y: pt.Y + d/2}, {X: pt.X + d, Y: pt.Y - d/2 - h},
				{X: pt.X - d - w, Y: pt.Y + d/2}, {X: pt.X - d - w, Y: pt.Y - d/2 - h},
			}
			for _, cd := range cands {
				b := box{cd.X, cd.Y, cd.X + w, cd.Y + h}
				if b.x0 < c.Min.X || b.x1 > c.Max.X || b.y0 < c.Min.Y || b.y1 > c.Max.Y {
					continue
				}
				free := true
				for _, t := range taken {
					if b.overlaps(t) {
						free = false
						break
					}
				}
				if free {
					chosen = &b
					leader = ring > 2
					break
				}
			}
		}
		if chosen == nil { // crowded: put it right of the point anyway
			chosen = &box{pt.X + r, pt.Y - h/2, pt.X + r + w, pt.Y + h/2}
		}
		taken = append(taken, *chosen)
		if leader {
			c.SetColor(color.RGBA{120, 120, 120, 255})
			c.SetLineWidth(vg.Points(0.5))
			cx := math.Max(float64(chosen.x0), math.Min(float64(pt.X), float64(chosen.x1)))
			cy := math.Max(float64(chosen.y0), math.Min(float64(pt.Y), float64(chosen.y1)))
			var path vg.Path
			path.Move(pt)
			path.Line(vg.Point{X: vg.Length(cx), Y: vg.Length(cy)})
			c.Stroke(path)
		}
		c.FillText(pl.Style, vg.Point{X: chosen.x0, Y: chosen.y0}, pl.Labels[i])
	}
}

// Charts renders the SVG charts into dir and returns the paths written:
// the leaderboard with CIs, quality against tokens and against retrieve
// latency with their Pareto frontiers, and evidence recall by age (when
// probes have evidence from earlier sessions).
func (d *Data) Charts(dir string) ([]string, error) {
	type chart struct {
		name string
		make func() ([]byte, error)
	}
	charts := []chart{
		{FileLeaderboardChart, d.LeaderboardSVG},
		{FileCostChart, func() ([]byte, error) { return d.ParetoSVG(true) }},
		{FileLatencyChart, func() ([]byte, error) { return d.ParetoSVG(false) }},
		{FileAgeChart, d.AgeSVG},
	}
	var out []string
	for _, ch := range charts {
		b, err := d.chart(ch.name, ch.make)
		if err != nil {
			return nil, fmt.Errorf("chart %s: %w", ch.name, err)
		}
		if b == nil {
			continue
		}
		path := filepath.Join(dir, ch.name)
		if err := writeAtomic(path, b); err != nil {
			return nil, err
		}
		out = append(out, path)
	}
	return out, nil
}

// chart returns the chart called name, drawing it with make the first
// time.
func (d *Data) chart(name string, make func() ([]byte, error)) ([]byte, error) {
	if b, ok := d.explorer.charts[name]; ok {
		return b, nil
	}
	b, err := make()
	if err != nil {
		return nil, err
	}
	if d.explorer.charts == nil {
		d.explorer.charts = map[string][]byte{}
	}
	d.explorer.charts[name] = b
	return b, nil
}

// inlineSVG strips the XML prolog so an SVG document can sit inside HTML.
func inlineSVG(b []byte) string {
	s := string(b)
	if i := strings.Index(s, "<svg"); i > 0 {
		s = s[i:]
	}
	return s
}
