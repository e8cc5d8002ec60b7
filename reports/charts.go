package reports

import (
	"fmt"
	"image/color"
	"math"
	"path/filepath"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"

	"github.com/memarena/memarena/metrics"
)

// Chart files written by Charts.
const (
	FileLeaderboardChart = "leaderboard.png"
	FileCostChart        = "cost.png"
)

// chartMetrics are the bars of the leaderboard chart.
var chartMetrics = []string{metrics.AnswerF1, metrics.FactAccuracy, metrics.RecallAtK, metrics.ContextRecall, metrics.TaskSuccess}

// Charts renders two PNG charts into dir with gonum/plot: the leaderboard
// (grouped bars of the main quality metrics per strategy; an unavailable
// metric is drawn as 0 and named in the legend with "n/a") and cost versus
// quality (total tokens per probe against answer F1, one labelled point per
// strategy). It returns the paths written.
func (d *Data) Charts(dir string) ([]string, error) {
	overall := map[string]map[string]metrics.Agg{}
	for _, l := range d.Labels {
		overall[l] = map[string]metrics.Agg{}
		for _, m := range chartMetrics {
			overall[l][m] = d.agg(d.colValues(l, nil, colByName(m)), false)
		}
	}
	var out []string
	p := plot.New()
	p.Title.Text = "memarena leaderboard: " + d.Meta.Name
	p.Y.Label.Text = "score (0–1)"
	p.Y.Min, p.Y.Max = 0, 1.4 // headroom for the legend
	w := vg.Points(float64(90) / float64(len(chartMetrics)))
	for i, m := range chartMetrics {
		vals := make(plotter.Values, len(d.Labels))
		avail := false
		for j, l := range d.Labels {
			a := overall[l][m]
			if a.Available() && !math.IsNaN(a.Mean) {
				vals[j] = a.Mean
				avail = true
			}
		}
		bars, err := plotter.NewBarChart(vals, w)
		if err != nil {
			return nil, err
		}
		bars.LineStyle.Width = 0
		bars.Color = plotutil.Color(i)
		bars.Offset = w * vg.Length(float64(i)-float64(len(chartMetrics)-1)/2)
		def, _ := metrics.DefOf(m)
		name := def.Title
		if !avail {
			name += " (n/a)"
		}
		p.Legend.Add(name, bars)
		p.Add(bars)
	}
	p.Legend.Top = true
	p.Legend.Left = true
	p.NominalX(d.chartLabels()...)
	width := vg.Length(math.Max(6, 1.4*float64(len(d.Labels)))) * vg.Inch
	path := filepath.Join(dir, FileLeaderboardChart)
	if err := p.Save(width, 4*vg.Inch, path); err != nil {
		return nil, fmt.Errorf("chart %s: %w", path, err)
	}
	out = append(out, path)

	c := plot.New()
	c.Title.Text = "cost vs answer F1"
	c.X.Label.Text = "total tokens per probe (write + read-model + answer)"
	c.Y.Label.Text = "answer F1"
	var pts plotter.XYs
	var labels []string
	for _, l := range d.Labels {
		cs := d.costsOf(l)
		f1 := overall[l][metrics.AnswerF1]
		if cs.probes == 0 || !f1.Available() || !cs.usageKnown() {
			continue // no point without a known total
		}
		pts = append(pts, plotter.XY{X: float64(cs.write+cs.readModel+cs.answer) / float64(cs.probes), Y: f1.Mean})
		labels = append(labels, d.chartLabel(l))
	}
	if len(pts) > 0 {
		sc, err := plotter.NewScatter(pts)
		if err != nil {
			return nil, err
		}
		sc.GlyphStyle.Color = color.RGBA{R: 31, G: 119, B: 180, A: 255}
		sc.GlyphStyle.Radius = vg.Points(4)
		lb, err := plotter.NewLabels(plotter.XYLabels{XYs: pts, Labels: labels})
		if err != nil {
			return nil, err
		}
		c.Add(sc, lb)
	}
	path = filepath.Join(dir, FileCostChart)
	if err := c.Save(7*vg.Inch, 4.5*vg.Inch, path); err != nil {
		return nil, fmt.Errorf("chart %s: %w", path, err)
	}
	return append(out, path), nil
}

// chartLabel is a strategy's name on a chart: reference rows (another
// budget) are marked "(ref)".
func (d *Data) chartLabel(l string) string {
	if d.isRefRow(l) {
		return l + " (ref)"
	}
	return l
}

func (d *Data) chartLabels() []string {
	out := make([]string, len(d.Labels))
	for i, l := range d.Labels {
		out[i] = d.chartLabel(l)
	}
	return out
}
