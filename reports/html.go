package reports

import (
	"bytes"
	"compress/gzip"
	"embed"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"html/template"
	"math"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/memarena/memarena/internal/par"
	"github.com/memarena/memarena/internal/results"
	"github.com/memarena/memarena/metrics"
)

// FileHTML is the run explorer: one self-contained HTML file.
const FileHTML = "report.html"

//go:embed assets/report.html.tmpl assets/app.js assets/style.css
var htmlAssets embed.FS

// explorerSrc is where the run explorer reads what the reader saw: the
// results store (traces are read cell by cell while the page is built) and
// the stored scenario documents.
type explorerSrc struct {
	store *results.Store
	docs  []results.ScenarioDoc
	// charts caches rendered SVG charts by file name, so report.html and
	// the chart files are drawn (and bootstrapped) once.
	charts map[string][]byte
}

// loadExplorer remembers the store for HTML rendering and reads the
// scenario documents (none for a database written before they were kept).
func (d *Data) loadExplorer(store *results.Store) error {
	docs, err := store.ScenarioDocs()
	if err != nil {
		return err
	}
	d.explorer = explorerSrc{store: store, docs: docs}
	return nil
}

// Probe outcomes shown and filtered by the explorer.
const (
	// OutcomeCorrect: the LLM judge said CORRECT when the row was judged;
	// otherwise the answer contains every required fact or a gold answer
	// (fact accuracy 1), or declines on an abstention probe; for a task
	// check, task success 1.
	OutcomeCorrect = iota
	// OutcomeWrong is every other scored answer.
	OutcomeWrong
	// OutcomeAbstained: the answer declines ("not mentioned" …) on a
	// probe that has an answer.
	OutcomeAbstained
	// OutcomeStale: the answer states a superseded value (stale-fact
	// rate 1). It takes precedence over the others.
	OutcomeStale
	// OutcomeUnscored: nothing to score against (no gold answer, no
	// required facts, not an abstention probe).
	OutcomeUnscored
)

// outcome classifies one row (see the Outcome constants).
func outcome(r results.Row) int {
	s := r.Scores
	switch {
	case s.StaleFactRate.OK && s.StaleFactRate.V == 1:
		return OutcomeStale
	case r.IsTask:
		if !r.TaskSuccess.OK {
			return OutcomeUnscored
		}
		if r.TaskSuccess.V == 1 {
			return OutcomeCorrect
		}
		return OutcomeWrong
	case r.JudgeCorrect.OK:
		if r.JudgeCorrect.V == 1 {
			return OutcomeCorrect
		}
	case s.AbstentionAcc.OK:
		if s.AbstentionAcc.V == 1 {
			return OutcomeCorrect
		}
		return OutcomeWrong
	case s.FactAccuracy.OK:
		if s.FactAccuracy.V == 1 {
			return OutcomeCorrect
		}
	default:
		return OutcomeUnscored
	}
	if metrics.IsAbstention(r.Answer) {
		return OutcomeAbstained
	}
	return OutcomeWrong
}

// Explorer payload: the index (everything but contexts) and one detail
// document per scenario (turns and traces), each gzip-compressed JSON in
// base64, decoded in the browser with DecompressionStream — a scenario's
// detail only when one of its probes is opened.
type xIndex struct {
	Name       string        `json:"name"`
	Strategies []xStrategy   `json:"strategies"`
	Scenarios  []xScenario   `json:"scenarios"`
	Kinds      []string      `json:"kinds"`
	Metrics    []xMetric     `json:"metrics"`
	Probes     []xProbe      `json:"probes"`
	Results    []xResult     `json:"results"`
	Groups     []xGroupTable `json:"groups"`
	// Traces is false for a database written before contexts were kept.
	Traces bool `json:"traces"`
	// Judged is true when any row has an LLM judge verdict.
	Judged bool `json:"judged"`
}

type xStrategy struct {
	Label    string `json:"label"`
	Name     string `json:"name"`
	Baseline bool   `json:"baseline,omitempty"`
	Gold     bool   `json:"gold,omitempty"`
}

type xScenario struct {
	ID    string `json:"id"`
	Title string `json:"title,omitempty"`
	// Detail is the id of the scenario's detail blob ("" when none).
	Detail string `json:"detail,omitempty"`
}

type xMetric struct {
	Name  string `json:"name"`
	Title string `json:"title"`
	Def   string `json:"def"`
	// Higher is true when higher is better.
	Higher bool `json:"higher"`
}

type xProbe struct {
	S        int      `json:"s"`
	ID       string   `json:"id"`
	Kind     string   `json:"kind"`
	Cat      string   `json:"cat,omitempty"`
	Q        string   `json:"q"`
	Gold     []string `json:"gold,omitempty"`
	Evidence []string `json:"ev,omitempty"`
	Stale    []string `json:"stale,omitempty"`
	Task     bool     `json:"task,omitempty"`
}

type xResult struct {
	P    int                `json:"p"`
	L    int                `json:"l"`
	Seed int64              `json:"seed"`
	O    int                `json:"o"`
	A    string             `json:"a,omitempty"`
	M    map[string]float64 `json:"m,omitempty"`
	Tok  int                `json:"tok"`
	Over int                `json:"over,omitempty"`
	N    int                `json:"n"`
	J    string             `json:"j,omitempty"`
	// T indexes the trace in the scenario's detail; -1 when not stored.
	T int `json:"t"`
}

// xGroupTable holds per-strategy means of every metric over one group of
// probes (a kind or a scenario): Values[label][metric] = [mean, n].
type xGroupTable struct {
	By     string                           `json:"by"`
	Name   string                           `json:"name"`
	Values map[string]map[string][2]float64 `json:"values"`
}

type xDetail struct {
	Sessions []xSession `json:"sessions"`
	// Turns are [id, session index, speaker, time, text].
	Turns  [][]any  `json:"turns"`
	Traces []xTrace `json:"traces"`
}

type xSession struct {
	ID    string `json:"id"`
	Start string `json:"start,omitempty"`
}

// xTrace is one context: C are its pieces in order, each a string or the
// index of a turn whose text appears verbatim there (so repeated turn
// texts are sent once); H are highlight ranges [start, end, class] in
// UTF-16 code units of the joined context (class 0: a gold evidence
// turn's text, 1: an item whose provenance names a gold evidence turn);
// I are the items.
type xTrace struct {
	C []any    `json:"c"`
	H [][3]int `json:"h,omitempty"`
	I []xItem  `json:"i,omitempty"`
}

type xItem struct {
	ID     string   `json:"id,omitempty"`
	Kind   string   `json:"kind,omitempty"`
	Score  float64  `json:"score"`
	Status string   `json:"status,omitempty"`
	Turns  []string `json:"turns,omitempty"`
	// At is the item's span [start, end) in UTF-16 units of the context,
	// or X its text when it is not found there.
	At *[2]int `json:"at,omitempty"`
	X  string  `json:"x,omitempty"`
}

// u16 is the length of s in UTF-16 code units (JavaScript string length).
func u16(s string) int {
	n := 0
	for _, r := range s {
		if r >= 0x10000 {
			n += 2
		} else {
			n++
		}
	}
	return n
}

// minTurnMatch is the shortest turn text (bytes) looked up in a context:
// shorter texts ("Yes!") occur inside other turns too often to mark.
const minTurnMatch = 8

// encodeTrace builds the explorer form of a trace; turnIdx maps turn ids
// to indexes into texts, evidence are the probe's gold evidence turn ids.
func encodeTrace(tr *results.Trace, turnIdx map[string]int, texts []string, evidence []string) xTrace {
	ctx := tr.Context
	ev := map[string]bool{}
	for _, e := range evidence {
		ev[e] = true
	}
	cand := map[int]bool{}
	for _, e := range evidence {
		if i, ok := turnIdx[e]; ok {
			cand[i] = true
		}
	}
	for _, it := range tr.Items {
		for _, id := range it.TurnIDs {
			if i, ok := turnIdx[id]; ok {
				cand[i] = true
			}
		}
	}
	type occ struct{ start, end, turn int }
	var occs []occ
	for ti := range cand {
		t := texts[ti]
		if len(t) < minTurnMatch {
			continue
		}
		for from := 0; ; {
			j := strings.Index(ctx[from:], t)
			if j < 0 {
				break
			}
			occs = append(occs, occ{from + j, from + j + len(t), ti})
			from += j + len(t)
		}
	}
	sort.Slice(occs, func(a, b int) bool {
		if occs[a].start != occs[b].start {
			return occs[a].start < occs[b].start
		}
		if occs[a].end != occs[b].end {
			return occs[a].end > occs[b].end
		}
		return occs[a].turn < occs[b].turn
	})
	evTurn := map[int]bool{}
	for e := range ev {
		if i, ok := turnIdx[e]; ok {
			evTurn[i] = true
		}
	}
	var x xTrace
	pos, upos := 0, 0
	for _, o := range occs {
		if o.start < pos {
			continue // overlaps the previous piece
		}
		if o.start > pos {
			lit := ctx[pos:o.start]
			x.C = append(x.C, lit)
			upos += u16(lit)
		}
		x.C = append(x.C, o.turn)
		n := u16(texts[o.turn])
		if evTurn[o.turn] {
			x.H = append(x.H, [3]int{upos, upos + n, 0})
		}
		upos += n
		pos = o.end
	}
	if pos < len(ctx) || len(x.C) == 0 {
		x.C = append(x.C, ctx[pos:])
	}
	for _, it := range tr.Items {
		xi := xItem{ID: it.ID, Kind: it.Kind, Score: it.Score, Status: it.Status, Turns: it.TurnIDs}
		if j := strings.Index(ctx, it.Text); j >= 0 && it.Text != "" {
			a := u16(ctx[:j])
			xi.At = &[2]int{a, a + u16(it.Text)}
			for _, id := range it.TurnIDs {
				if ev[id] {
					x.H = append(x.H, [3]int{xi.At[0], xi.At[1], 1})
					break
				}
			}
		} else {
			xi.X = it.Text
		}
		x.I = append(x.I, xi)
	}
	sort.Slice(x.H, func(a, b int) bool {
		if x.H[a][0] != x.H[b][0] {
			return x.H[a][0] < x.H[b][0]
		}
		return x.H[a][2] > x.H[b][2]
	})
	return x
}

// gzipB64 is v as JSON, gzip-compressed (deterministic: no name, no
// time), in base64. Level BestSpeed: on LongMemEval-S runs the stored
// transcripts make the documents large, and the best level took about
// three times as long (most of the report's time) for a file about a
// fifth smaller.
func gzipB64(v any) (string, int, error) {
	raw, err := json.Marshal(v)
	if err != nil {
		return "", 0, err
	}
	var b bytes.Buffer
	zw, err := gzip.NewWriterLevel(&b, gzip.BestSpeed)
	if err != nil {
		return "", 0, err
	}
	if _, err := zw.Write(raw); err != nil {
		return "", 0, err
	}
	if err := zw.Close(); err != nil {
		return "", 0, err
	}
	return base64.StdEncoding.EncodeToString(b.Bytes()), len(raw), nil
}

// htmlBlob is one embedded compressed JSON document. Data is base64
// (A–Z a–z 0–9 + / =), which needs no escaping in a script element.
type htmlBlob struct {
	ID   string
	Data template.HTML
}

// explorerData builds the index and the per-scenario detail blobs.
func (d *Data) explorerData() (xIndex, []htmlBlob, error) {
	idx := xIndex{Name: d.Meta.Name, Kinds: d.kinds()}
	labelIdx := map[string]int{}
	for i, l := range d.Labels {
		labelIdx[l] = i
		idx.Strategies = append(idx.Strategies, xStrategy{Label: l, Name: d.strategyName(l), Baseline: d.isBaseline(l), Gold: goldSeeing[d.strategyName(l)]})
	}
	for _, c := range probeCols {
		def, _ := metrics.DefOf(c.name)
		idx.Metrics = append(idx.Metrics, xMetric{Name: c.name, Title: def.Title, Def: def.Definition, Higher: def.HigherIsBetter})
	}
	docs := map[string]*results.ScenarioDoc{}
	for i := range d.explorer.docs {
		docs[d.explorer.docs[i].ID] = &d.explorer.docs[i]
	}
	scIdx := map[string]int{}
	addScenario := func(id, title string) {
		if _, ok := scIdx[id]; !ok {
			scIdx[id] = len(idx.Scenarios)
			idx.Scenarios = append(idx.Scenarios, xScenario{ID: id, Title: title})
		}
	}
	for _, s := range d.Meta.Scenarios {
		addScenario(s.ID, s.Title)
	}
	for _, c := range d.Cells {
		addScenario(c.Scenario, "")
	}
	// Per-scenario detail state.
	type scState struct {
		det     xDetail
		turnIdx map[string]int
		texts   []string
		gold    map[string]results.ProbeDoc
		has     bool
	}
	states := make([]*scState, len(idx.Scenarios))
	for i, s := range idx.Scenarios {
		st := &scState{turnIdx: map[string]int{}, gold: map[string]results.ProbeDoc{}}
		if doc := docs[s.ID]; doc != nil {
			st.has = true
			for si, ss := range doc.Sessions {
				st.det.Sessions = append(st.det.Sessions, xSession{ID: ss.ID, Start: ss.Start})
				for _, t := range ss.Turns {
					st.turnIdx[t.ID] = len(st.texts)
					st.texts = append(st.texts, t.Text)
					st.det.Turns = append(st.det.Turns, []any{t.ID, si, t.Speaker, t.Time, t.Text})
				}
			}
			for _, p := range doc.Probes {
				st.gold[p.ID] = p
			}
		}
		states[i] = st
	}
	probeIdx := map[[2]string]int{}
	tracesStored := false
	if d.explorer.store != nil {
		ok, err := d.explorer.store.HasTraces()
		if err != nil {
			return idx, nil, err
		}
		tracesStored = ok
	}
	for _, c := range d.Cells {
		si := scIdx[c.Scenario]
		st := states[si]
		var traces map[int]*results.Trace
		if tracesStored {
			var err error
			if traces, err = d.explorer.store.Traces(c.Key); err != nil {
				return idx, nil, err
			}
		}
		for _, r := range d.Rows[c.Key] {
			key := [2]string{c.Scenario, r.ProbeID}
			pi, ok := probeIdx[key]
			if !ok {
				pi = len(idx.Probes)
				probeIdx[key] = pi
				g := st.gold[r.ProbeID]
				idx.Probes = append(idx.Probes, xProbe{S: si, ID: r.ProbeID, Kind: r.Kind, Cat: r.Category, Q: r.Question,
					Gold: r.GoldAnswers, Evidence: g.Evidence, Stale: g.StaleFacts, Task: r.IsTask})
			}
			xr := xResult{P: pi, L: labelIdx[c.Label], Seed: c.Seed, O: outcome(r), A: r.Answer, M: map[string]float64{},
				Tok: r.ContextTokens, Over: r.OverrunTokens, N: r.Items, J: r.Judge, T: -1}
			for _, col := range probeCols {
				if v := col.get(r); v.OK && !math.IsNaN(v.V) {
					xr.M[col.name] = v.V
				}
			}
			if r.JudgeBy != "" {
				idx.Judged = true
			}
			if tr := traces[r.Seq]; tr != nil {
				xr.T = len(st.det.Traces)
				st.det.Traces = append(st.det.Traces, encodeTrace(tr, st.turnIdx, st.texts, idx.Probes[pi].Evidence))
				st.has = true
				idx.Traces = true
			}
			idx.Results = append(idx.Results, xr)
		}
	}
	idx.Groups = d.groupTables()
	// Each scenario's detail is compressed on its own; the work is spread
	// over the CPUs and the blobs kept in scenario order.
	enc := make([]string, len(states))
	errs := make([]error, len(states))
	par.Each(len(states), func(i int) {
		if states[i].has {
			enc[i], _, errs[i] = gzipB64(states[i].det)
		}
	})
	var blobs []htmlBlob
	for i, st := range states {
		if !st.has {
			continue
		}
		if errs[i] != nil {
			return idx, nil, errs[i]
		}
		id := fmt.Sprintf("detail-%d", i)
		idx.Scenarios[i].Detail = id
		blobs = append(blobs, htmlBlob{ID: id, Data: template.HTML(enc[i])})
	}
	return idx, blobs, nil
}

// groupTables are the per-kind and per-scenario means of every metric.
func (d *Data) groupTables() []xGroupTable {
	var out []xGroupTable
	add := func(by, name string, keep func(*results.Cell, *results.Row) bool) {
		g := xGroupTable{By: by, Name: name, Values: map[string]map[string][2]float64{}}
		for _, l := range d.Labels {
			m := map[string][2]float64{}
			for _, col := range probeCols {
				if a := d.agg(d.colValues(l, keep, col), false); a.Available() && !math.IsNaN(a.Mean) {
					m[col.name] = [2]float64{a.Mean, float64(a.N)}
				}
			}
			if len(m) > 0 {
				g.Values[l] = m
			}
		}
		out = append(out, g)
	}
	for _, k := range d.kinds() {
		kind := k
		add("kind", k, func(_ *results.Cell, r *results.Row) bool { return !r.IsTask && r.Kind == kind })
	}
	for _, s := range d.scenarios() {
		sid := s
		add("scenario", s, func(c *results.Cell, _ *results.Row) bool { return c.Scenario == sid })
	}
	return out
}

// htmlCell is one leaderboard cell: display text and sort key.
type htmlCell struct {
	Text string
	Sort string
	// NA marks an unavailable value.
	NA bool
}

type htmlRow struct {
	Label    string
	Baseline bool
	// Ref marks a reference row: run at another budget, never ranked or
	// compared.
	Ref   bool
	Gold  bool
	Cells []htmlCell
}

type htmlTable struct {
	Header []htmlHeader
	Rows   []htmlRow
}

type htmlHeader struct {
	Title, Def string
	// Numeric columns sort descending first when higher is better.
	Higher bool
}

type htmlChart struct {
	ID, Title, Caption string
	SVG                template.HTML
	Timing             bool
}

type htmlKV struct{ K, V string }

type htmlPage struct {
	Title      string
	Header     []htmlKV
	Datasets   []htmlKV
	Scenarios  []results.ScenarioMeta
	ManyScen   bool
	ConfigJSON string
	Status     string
	Board      htmlTable
	Paired     htmlPaired
	Charts     []htmlChart
	// Timing holds the wall-clock parts, between TimingBegin and TimingEnd
	// comments: everything outside them is deterministic.
	TimingBegin, TimingEnd template.HTML
	TimingCharts           []htmlChart
	TimingTable            htmlTable
	Started                string
	Index                  template.HTML
	Blobs                  []htmlBlob
	Outcomes               []htmlKV
	Traces                 bool
	CSS                    template.CSS
	JS                     template.JS
}

// num is a numeric table cell; NaN and ±Inf are n/a.
func num(x float64, prec int) htmlCell {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return htmlCell{Text: "n/a", NA: true}
	}
	return htmlCell{Text: fmtFloat(x, prec), Sort: fmt.Sprintf("%.6f", x)}
}

// timingTable is the latency table: wall-clock values, not deterministic.
func (d *Data) timingTable() htmlTable {
	t := htmlTable{Header: []htmlHeader{{Title: "strategy"}, {Title: "ingest p50 ms"}, {Title: "ingest p95 ms"},
		{Title: "retrieve p50 ms"}, {Title: "retrieve p95 ms"}, {Title: "retrieve p99 ms"}, {Title: "cell wall s"}}}
	for _, l := range d.Labels {
		lt := d.latencyOf(l)
		t.Rows = append(t.Rows, htmlRow{Label: l, Baseline: d.isBaseline(l), Gold: goldSeeing[d.strategyName(l)],
			Cells: []htmlCell{num(lt.i50, 3), num(lt.i95, 3), num(lt.r50, 3), num(lt.r95, 3), num(lt.r99, 3), num(lt.wall/1000, 2)}})
	}
	return t
}

// leaderboard is the leaderboard table: metrics with CIs where the
// markdown report has them, token cost and retrieve latency.
func (d *Data) leaderboard() htmlTable {
	type col struct {
		name string
		ci   bool
	}
	cols := []col{{metrics.AnswerF1, true}, {metrics.ExactMatch, false}, {metrics.FactAccuracy, true}, {metrics.RecallAtK, true},
		{metrics.ContextRecall, false}, {metrics.NDCGAtK, false}, {metrics.AbstentionRecall, false}, {metrics.FalseAbstention, false}, {metrics.StaleFactRate, false},
		{metrics.JudgeAccuracy, true}, {metrics.TaskSuccess, false}}
	aggs := make([][]metrics.Agg, len(d.Labels))
	for i, l := range d.Labels {
		for _, c := range cols {
			aggs[i] = append(aggs[i], d.agg(d.colValues(l, nil, colByName(c.name)), c.ci))
		}
	}
	t := htmlTable{Header: []htmlHeader{{Title: "strategy"}}}
	var keep []int
	for j, c := range cols {
		for i := range d.Labels {
			if aggs[i][j].Available() {
				keep = append(keep, j)
				def, _ := metrics.DefOf(c.name)
				title := def.Title
				if c.ci {
					title += " [95% CI]"
				}
				t.Header = append(t.Header, htmlHeader{Title: title, Def: def.Definition, Higher: def.HigherIsBetter})
				break
			}
		}
	}
	t.Header = append(t.Header, htmlHeader{Title: "ctx tok/probe", Def: "tokens of the context handed to the reader, per probe"},
		htmlHeader{Title: "total tok/probe", Def: "(write + read-model + answer tokens) / probes"})
	for i, l := range d.Labels {
		r := htmlRow{Label: l, Baseline: d.isBaseline(l), Ref: d.isRefRow(l), Gold: goldSeeing[d.strategyName(l)]}
		for _, j := range keep {
			a := aggs[i][j]
			if !a.Available() {
				r.Cells = append(r.Cells, htmlCell{Text: "n/a", Sort: "", NA: true})
				continue
			}
			r.Cells = append(r.Cells, htmlCell{Text: fmtAgg(a, cols[j].ci) + fmt.Sprintf(" (n=%d)", a.N), Sort: fmt.Sprintf("%.6f", a.Mean)})
		}
		cs := d.costsOf(l)
		ctx, total := math.NaN(), math.NaN()
		if cs.probes+cs.tasks > 0 {
			ctx = float64(cs.ctx) / float64(cs.probes+cs.tasks)
		}
		if cs.probes > 0 {
			total = float64(cs.write+cs.readModel+cs.answer) / float64(cs.probes)
		}
		tot := num(total, 1)
		if !cs.usageKnown() { // a memory outside memarena that reports no model usage
			tot = htmlCell{Text: NotReported, NA: true}
		}
		r.Cells = append(r.Cells, num(ctx, 1), tot)
		t.Rows = append(t.Rows, r)
	}
	return t
}

// HTML renders report.html: the run header, leaderboard, paired
// comparison, sortable per-kind and per-scenario tables, inline SVG charts
// and the probe browser, with every asset and all data embedded (no
// network). It returns the page and the number of bytes of JSON embedded
// before compression.
func (d *Data) HTML() ([]byte, error) {
	idx, blobs, err := d.explorerData()
	if err != nil {
		return nil, err
	}
	ib, _, err := gzipB64(idx)
	if err != nil {
		return nil, err
	}
	m := d.Meta
	pg := htmlPage{Title: "memarena run explorer: " + m.Name, Index: template.HTML(ib), Blobs: blobs, Traces: idx.Traces, Board: d.leaderboard(),
		Paired: d.htmlPairedTable()}
	backend := m.Backend
	if m.Offline {
		backend += " (offline: no model was called; answers come from the offline extractive reader)"
	}
	cfg := m.ConfigFile
	if cfg == "" {
		cfg = "(built in code)"
	}
	pg.Header = []htmlKV{{"backend", backend}, {"extraction", m.Extraction},
		{"budget", fmt.Sprintf("%d tokens (%s) · k = %d", m.Budget, m.Tokenizer, m.K)},
		{"seeds", joinInts(m.Seeds)}, {"bootstrap", fmt.Sprintf("%d resamples (95%% percentile CI)", m.Bootstrap)},
		{"config", fmt.Sprintf("%s (sha256 %s)", cfg, m.ConfigHash)}, {"source", m.Git.String() + " · " + m.GoVersion},
		{"embedder", m.Embedder}}
	if m.Judge != "" {
		pg.Header = append(pg.Header, htmlKV{"judge", m.Judge})
	}
	for _, role := range sortedKeys(m.Models) {
		pg.Header = append(pg.Header, htmlKV{"model · " + role, m.Models[role]})
	}
	for _, raw := range m.Imports {
		rep := decodeImport(raw)
		pg.Datasets = append(pg.Datasets, htmlKV{rep.Dataset + " — " + rep.File, rep.SHA256})
	}
	pg.Scenarios = m.Scenarios
	pg.ManyScen = len(m.Scenarios) > 20
	if len(m.Config) > 0 {
		var v any
		if json.Unmarshal(m.Config, &v) == nil {
			b, _ := json.MarshalIndent(v, "", "  ")
			pg.ConfigJSON = string(b)
		}
	}
	st := d.Status
	switch {
	case st.Interrupted:
		pg.Status = fmt.Sprintf("PARTIAL — interrupted; %d of %d cells finished", st.Done, st.Cells)
	case len(st.Failed) > 0:
		pg.Status = fmt.Sprintf("%d of %d cells failed: %s", len(st.Failed), st.Cells, strings.Join(st.Failed, "; "))
	default:
		pg.Status = fmt.Sprintf("complete — %d of %d cells", st.Done, st.Cells)
	}
	qm, _ := metrics.DefOf(d.qualityMetric())
	charts := []struct {
		id, file, title, caption string
		timing                   bool
		make                     func() ([]byte, error)
	}{
		{"chart-quality", FileLeaderboardChart, "Quality with 95% CIs", "Mean over the probes where each metric is defined (a probe's seeds averaged first), with 95% cluster-bootstrap confidence intervals. Baseline strategies are marked “(baseline)”, reference rows (run at another budget) “(ref)”. Unavailable metrics are left out, never drawn as 0.", false, d.LeaderboardSVG},
		{"chart-tokens", FileCostChart, "Quality vs tokens per probe", qm.Title + " against total tokens per probe (log scale). The dashed line joins the non-dominated strategies (Pareto frontier: no other strategy is both cheaper and better); strategies that see the gold are drawn as rings and never on the frontier.", false, func() ([]byte, error) { return d.ParetoSVG(true) }},
		{"chart-latency", FileLatencyChart, "Quality vs retrieve latency", qm.Title + " against median retrieve latency (wall clock, log scale; not deterministic), with its Pareto frontier.", true, func() ([]byte, error) { return d.ParetoSVG(false) }},
		{"chart-age", FileAgeChart, "Evidence recall by evidence age", "R@ctx (share of gold evidence delivered in the context) by how many sessions lie between a probe's earliest evidence turn and the question.", false, d.AgeSVG},
	}
	for _, c := range charts {
		b, err := d.chart(c.file, c.make)
		if err != nil {
			return nil, fmt.Errorf("chart %s: %w", c.id, err)
		}
		if b == nil {
			continue
		}
		ch := htmlChart{ID: c.id, Title: c.title, Caption: c.caption, SVG: template.HTML(inlineSVG(b)), Timing: c.timing}
		if c.timing {
			pg.TimingCharts = append(pg.TimingCharts, ch)
		} else {
			pg.Charts = append(pg.Charts, ch)
		}
	}
	pg.TimingBegin, pg.TimingEnd = template.HTML(TimingBegin), template.HTML(TimingEnd)
	pg.TimingTable = d.timingTable()
	if d.Timing.Started != "" {
		pg.Started = fmt.Sprintf("Run started %s, finished %s (%.1f s).", d.Timing.Started, d.Timing.Finished, d.Timing.WallSeconds)
	}
	pg.Outcomes = []htmlKV{{"correct", "the judge said correct (judged runs), or the answer holds every required fact / a gold answer, or it declines on an abstention probe"},
		{"wrong", "any other scored answer"}, {"abstained", "the answer declines although the probe has an answer"},
		{"stale", "the answer states a superseded value (stale-fact rate 1)"}}
	css, err := htmlAssets.ReadFile("assets/style.css")
	if err != nil {
		return nil, err
	}
	js, err := htmlAssets.ReadFile("assets/app.js")
	if err != nil {
		return nil, err
	}
	pg.CSS, pg.JS = template.CSS(css), template.JS(js)
	tmpl, err := template.ParseFS(htmlAssets, "assets/report.html.tmpl")
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	if err := tmpl.Execute(&b, pg); err != nil {
		return nil, err
	}
	if !utf8.Valid(b.Bytes()) {
		return nil, fmt.Errorf("report.html: invalid UTF-8")
	}
	return b.Bytes(), nil
}
