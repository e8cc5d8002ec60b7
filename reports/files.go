package reports

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"

	"github.com/memarena/memarena/internal/results"
	"github.com/memarena/memarena/metrics"
)

// Files written by Write, relative to the run directory.
const (
	FileMarkdown = "report.md"
	FileProbes   = "probes.csv"
	FileSummary  = "summary.csv"
	FileJSON     = "report.json"
)

// Write renders every report file (markdown, CSVs, JSON, the HTML run
// explorer, SVG charts) into dir and returns their paths, the markdown
// report first.
func (d *Data) Write(dir string) ([]string, error) {
	files := map[string][]byte{
		FileMarkdown: []byte(d.MarkdownString()),
		FileProbes:   d.ProbesCSV(),
		FileSummary:  d.SummaryCSV(),
	}
	js, err := d.JSON()
	if err != nil {
		return nil, err
	}
	files[FileJSON] = js
	if files[FileHTML], err = d.HTML(); err != nil {
		return nil, fmt.Errorf("%s: %w", FileHTML, err)
	}
	var out []string
	for _, name := range []string{FileMarkdown, FileSummary, FileProbes, FileJSON, FileHTML} {
		p := filepath.Join(dir, name)
		if err := writeAtomic(p, files[name]); err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	charts, err := d.Charts(dir)
	if err != nil {
		return nil, err
	}
	return append(out, charts...), nil
}

func writeAtomic(path string, b []byte) error {
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, b, 0o644); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return os.Rename(tmp, path)
}

func csvVal(v metrics.Value) string {
	if !v.OK {
		return ""
	}
	return fmt.Sprintf("%.6g", v.V)
}

func csvFloat(f float64) string {
	if math.IsNaN(f) {
		return ""
	}
	return fmt.Sprintf("%.6g", f)
}

// ProbesCSV is the long format: one row per probe result (task checks
// included, kind "task"). Unavailable metrics are empty cells; columns
// ending in _ms are timing. locomo_f1 is LoCoMo's own per-question score
// (empty outside LoCoMo scenarios).
func (d *Data) ProbesCSV() []byte {
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	header := []string{"strategy", "strategy_name", "extraction", "scenario", "seed", "seq", "probe", "kind", "category", "question", "answer", "gold_answers"}
	for _, c := range probeCols {
		header = append(header, c.name)
	}
	header = append(header, metrics.OfficialLoCoMoF1)
	header = append(header, "items", "provenance", "context_tokens", "overrun_tokens", "read_model_tokens", "answer_prompt_tokens", "answer_completion_tokens", "reader_support", "judge", "judge_correct", "retrieve_ms",
		"judge_by", "judge_prompt_tokens", "judge_completion_tokens", "read_model_completion_tokens")
	_ = w.Write(header)
	for _, c := range d.Cells {
		for _, r := range d.Rows[c.Key] {
			rec := []string{c.Label, c.Strategy, c.Extraction, c.Scenario, fmt.Sprint(c.Seed), fmt.Sprint(r.Seq), r.ProbeID, r.Kind, r.Category, r.Question, r.Answer, strings.Join(r.GoldAnswers, " | ")}
			for _, col := range probeCols {
				rec = append(rec, csvVal(col.get(r)))
			}
			rec = append(rec, csvVal(d.locomoScore(r)))
			prov := make([]string, len(r.Provenance))
			for i, p := range r.Provenance {
				prov[i] = strings.Join(p, ",")
			}
			readModel, readModelC := fmt.Sprint(r.ReadModelTokens), fmt.Sprint(r.ReadModelCompletion)
			if c.UsageNotReported {
				readModel, readModelC = NotReported, NotReported
			}
			rec = append(rec, fmt.Sprint(r.Items), strings.Join(prov, ";"), fmt.Sprint(r.ContextTokens), fmt.Sprint(r.OverrunTokens), readModel,
				fmt.Sprint(r.AnswerPromptTokens), fmt.Sprint(r.AnswerCompletion), csvFloat(r.Support), r.Judge, csvVal(r.JudgeCorrect), fmt.Sprintf("%.3f", r.RetrieveMS),
				r.JudgeBy, fmt.Sprint(r.JudgePromptTokens), fmt.Sprint(r.JudgeCompletion), readModelC)
			_ = w.Write(rec)
		}
	}
	w.Flush()
	return b.Bytes()
}

// SummaryRow is one aggregate: a metric for a strategy over a group of
// probes ("all", "scenario:<id>", "kind:<kind>", "category:<c>").
type SummaryRow struct {
	Strategy string  `json:"strategy"`
	Group    string  `json:"group"`
	Metric   string  `json:"metric"`
	Mean     float64 `json:"mean"`
	N        int     `json:"n"`
	CILo     float64 `json:"ci_lo"`
	CIHi     float64 `json:"ci_hi"`
}

// Summary computes every aggregate over probes (a probe's seeds averaged
// first): per strategy over all probes (with cluster-bootstrap CIs), per
// scenario and per kind (means); abstention F1 per group where it is
// defined; the LoCoMo score on LoCoMo runs. Unavailable aggregates (n = 0)
// are left out.
func (d *Data) Summary() []SummaryRow {
	type grp struct {
		name string
		keep func(*results.Cell, *results.Row) bool
		ci   bool
	}
	groups := []grp{{"all", nil, true}}
	for _, s := range d.scenarios() {
		sid := s
		groups = append(groups, grp{"scenario:" + s, func(c *results.Cell, _ *results.Row) bool { return c.Scenario == sid }, false})
	}
	for _, k := range d.kinds() {
		kind := k
		groups = append(groups, grp{"kind:" + k, func(_ *results.Cell, r *results.Row) bool { return !r.IsTask && r.Kind == kind }, false})
	}
	cols := probeCols
	if d.hasLoCoMo() {
		cols = append([]metricCol{d.locomoCol(false)}, probeCols...)
	}
	var out []SummaryRow
	for _, l := range d.Labels {
		for _, g := range groups {
			for _, col := range cols {
				a := d.agg(d.colValues(l, g.keep, col), g.ci)
				if !a.Available() {
					continue
				}
				out = append(out, SummaryRow{Strategy: l, Group: g.name, Metric: col.name, Mean: a.Mean, N: a.N, CILo: a.Lo, CIHi: a.Hi})
			}
			u := d.abstentionUnits(l, g.keep)
			if f1, ok := u.counts(nil).F1(); ok {
				out = append(out, SummaryRow{Strategy: l, Group: g.name, Metric: metrics.AbstentionF1, Mean: f1, N: len(u.keys), CILo: math.NaN(), CIHi: math.NaN()})
			}
		}
	}
	return out
}

// SummaryCSV renders Summary as CSV (ci columns empty when not computed).
func (d *Data) SummaryCSV() []byte {
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	_ = w.Write([]string{"strategy", "group", "metric", "mean", "n", "ci_lo", "ci_hi"})
	for _, r := range d.Summary() {
		_ = w.Write([]string{r.Strategy, r.Group, r.Metric, csvFloat(r.Mean), fmt.Sprint(r.N), csvFloat(r.CILo), csvFloat(r.CIHi)})
	}
	w.Flush()
	return b.Bytes()
}

// jsonReport is the shape of report.json.
type jsonReport struct {
	Meta    results.RunMeta   `json:"meta"`
	Status  results.RunStatus `json:"status"`
	Metrics []metrics.Def     `json:"metric_definitions"`
	Summary []jsonSummary     `json:"summary"`
	Cells   []jsonCell        `json:"cells"`
	// Timing holds every wall-clock value; the rest is deterministic.
	Timing jsonTiming `json:"timing"`
}

type jsonSummary struct {
	Strategy string      `json:"strategy"`
	Group    string      `json:"group"`
	Metric   string      `json:"metric"`
	Mean     float64     `json:"mean"`
	N        int         `json:"n"`
	CI       *[2]float64 `json:"ci95,omitempty"`
}

type jsonCell struct {
	Key      string `json:"key"`
	Strategy string `json:"strategy"`
	Scenario string `json:"scenario"`
	Seed     int64  `json:"seed"`
	Turns    int    `json:"turns"`
	// WriteTokens and WriteRequests are null when Usage is "not reported".
	WriteTokens   *int `json:"write_tokens"`
	WriteRequests *int `json:"write_requests"`
	// Usage is "reported", or "not reported" for a memory outside
	// memarena whose replies carry no model usage.
	Usage string `json:"usage"`
	// ProvenanceErrors counts turn ids in returned provenance that had not
	// been ingested in the cell before the query.
	ProvenanceErrors   int   `json:"provenance_errors"`
	WriteCacheHits     int   `json:"write_cache_hits"`
	ExtractionFailures int   `json:"extraction_failures"`
	FootprintItems     int   `json:"footprint_items"`
	FootprintEdges     int   `json:"footprint_edges"`
	FootprintBytes     int64 `json:"footprint_bytes"`
	// ReadModelFailures is null when unknown (a run stored before
	// memarena counted them).
	ReadModelFailures *int `json:"read_model_failures"`
}

type jsonTiming struct {
	Run   results.RunTiming `json:"run"`
	Cells []jsonCellTiming  `json:"cells"`
}

type jsonCellTiming struct {
	Key        string      `json:"key"`
	WallMS     float64     `json:"wall_ms"`
	IngestMS   [3]*float64 `json:"ingest_ms_p50_p95_p99"`
	RetrieveMS [3]*float64 `json:"retrieve_ms_p50_p95_p99"`
}

func ptr(f float64) *float64 {
	if math.IsNaN(f) {
		return nil
	}
	return &f
}

// JSON renders report.json: metadata, status, metric definitions, the
// summary aggregates and per-cell totals; wall-clock values only under
// "timing".
func (d *Data) JSON() ([]byte, error) {
	r := jsonReport{Meta: d.Meta, Status: d.Status, Metrics: metrics.Defs, Timing: jsonTiming{Run: d.Timing}}
	for _, s := range d.Summary() {
		js := jsonSummary{Strategy: s.Strategy, Group: s.Group, Metric: s.Metric, Mean: s.Mean, N: s.N}
		if !math.IsNaN(s.CILo) {
			js.CI = &[2]float64{s.CILo, s.CIHi}
		}
		r.Summary = append(r.Summary, js)
	}
	for _, c := range d.Cells {
		jc := jsonCell{Key: c.Key, Strategy: c.Label, Scenario: c.Scenario, Seed: c.Seed, Turns: c.Turns, Usage: "reported", ProvenanceErrors: c.ProvenanceErrors,
			WriteCacheHits: c.WriteCacheHits, ExtractionFailures: c.ExtractionFailures, FootprintItems: c.FootprintItems, FootprintEdges: c.FootprintEdges, FootprintBytes: c.FootprintBytes}
		if c.UsageNotReported {
			jc.Usage = NotReported
		} else {
			wt, wr := c.WritePromptTokens+c.WriteCompletionTokens, c.WriteRequests
			jc.WriteTokens, jc.WriteRequests = &wt, &wr
		}
		if c.ReadModelFailures >= 0 {
			n := c.ReadModelFailures
			jc.ReadModelFailures = &n
		}
		r.Cells = append(r.Cells, jc)
		r.Timing.Cells = append(r.Timing.Cells, jsonCellTiming{Key: c.Key, WallMS: c.WallMS,
			IngestMS:   [3]*float64{ptr(c.IngestP50), ptr(c.IngestP95), ptr(c.IngestP99)},
			RetrieveMS: [3]*float64{ptr(c.RetrieveP50), ptr(c.RetrieveP95), ptr(c.RetrieveP99)}})
	}
	b, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}
