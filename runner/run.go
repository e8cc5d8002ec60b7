package runner

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"runtime"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/memarena/memarena/internal/backends"
	"github.com/memarena/memarena/internal/judge"
	"github.com/memarena/memarena/internal/model"
	"github.com/memarena/memarena/internal/results"
	"github.com/memarena/memarena/internal/tokenizer"
	"github.com/memarena/memarena/metrics"
	"github.com/memarena/memarena/scenarios"
	"github.com/memarena/memarena/strategies"
)

// Progress receives run events. Implementations must be safe for
// concurrent use.
type Progress interface {
	// Start is called once with the number of cells and probes to run.
	Start(cells, probes int)
	// Probe is called after each scored probe or task check.
	Probe()
	// CellDone is called when a cell finishes (err nil) or fails.
	CellDone(c CellSpec, err error)
}

type nopProgress struct{}

func (nopProgress) Start(int, int)           {}
func (nopProgress) Probe()                   {}
func (nopProgress) CellDone(CellSpec, error) {}

// Outcome summarizes a run.
type Outcome struct {
	// Done, Skipped (already in the store when resuming) and Failed cells.
	Done, Skipped int
	Failed        []CellError
	// Interrupted is true when the context was cancelled before all cells
	// finished; finished cells are kept.
	Interrupted bool
}

// CellError is a failed cell.
type CellError struct {
	Key string
	Err error
}

// Env is what cells share: the backend and the tokenizer.
type Env struct {
	Backend   *backends.Backend
	Tokenizer *tokenizer.Tokenizer
	// Judge is the LLM judge that grades every answer (nil: none). It
	// asks the backend's client directly, so its tokens are harness
	// overhead, never strategy cost.
	Judge *judge.Judge
	// LogDir holds the cells' logs (a process's stderr, contract
	// violations); "" keeps none.
	LogDir string
	// cases, when set, receives every probe's reader case (see
	// Options.ReaderCases).
	cases *caseWriter
	// Observe, when set, is called before every write-side call of every
	// cell and the function it returns right after the call, so a caller
	// can time the calls (scale runs sum their wall and CPU time). It must
	// be safe for concurrent use.
	Observe func(cellKey string, phase Phase) (done func())
}

// Phase names a write-side call for Env.Observe.
type Phase string

// Write-side phases.
const (
	PhaseIngest     Phase = "ingest"
	PhaseEndSession Phase = "end-session"
)

// Run executes every cell of plan not yet in store, at most
// cfg.Parallelism at a time, saving each finished cell. It returns when all
// cells have finished or ctx is cancelled (then Interrupted is set and the
// cells finished so far are saved). Cell failures do not stop the run; they
// are listed in the outcome.
func Run(ctx context.Context, cfg *Config, plan *Plan, env Env, store *results.Store, prog Progress) (Outcome, error) {
	if prog == nil {
		prog = nopProgress{}
	}
	done, err := store.Done()
	if err != nil {
		return Outcome{}, err
	}
	var todo []CellSpec
	var out Outcome
	probes := 0
	for _, c := range plan.Cells {
		if done[c.Key] {
			out.Skipped++
			continue
		}
		todo = append(todo, c)
		probes += len(c.Scenario.Probes)
		for _, s := range c.Scenario.Sessions {
			if s.Task != nil {
				probes++
			}
		}
	}
	scheduleByScenario(todo)
	prog.Start(len(todo), probes)
	workers := cfg.Parallelism
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	if workers > len(todo) {
		workers = len(todo)
	}
	type result struct {
		spec CellSpec
		cell results.Cell
		rows []results.Row
		err  error
	}
	jobs := make(chan CellSpec)
	// Buffered: a worker hands over its finished cell and starts the next
	// while the store saves.
	res := make(chan result, workers)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for spec := range jobs {
				cell, rows, err := runCell(ctx, cfg, spec, env, prog)
				res <- result{spec, cell, rows, err}
			}
		}()
	}
	go func() {
		defer close(jobs)
		for _, c := range todo {
			select {
			case jobs <- c:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() { wg.Wait(); close(res) }()
	var saveErr error
	for r := range res {
		if r.err != nil {
			if ctx.Err() != nil && errors.Is(r.err, ctx.Err()) {
				continue // interrupted mid-cell: dropped, rerun on resume
			}
			out.Failed = append(out.Failed, CellError{r.spec.Key, r.err})
			prog.CellDone(r.spec, r.err)
			continue
		}
		if err := store.SaveCell(r.cell, r.rows); err != nil && saveErr == nil {
			saveErr = err
		}
		if r.cell.Gold != "" {
			if err := store.SetMeta("gold:"+r.cell.Key, r.cell.Gold); err != nil && saveErr == nil {
				saveErr = err
			}
		}
		out.Done++
		prog.CellDone(r.spec, nil)
	}
	out.Interrupted = ctx.Err() != nil
	sort.Slice(out.Failed, func(i, j int) bool { return out.Failed[i].Key < out.Failed[j].Key })
	return out, saveErr
}

// scheduleByScenario orders cells scenario by scenario (scenarios in plan
// order; within one, the plan's strategy and seed order), so the cells
// that replay the same turns run close together in time and the
// process-wide memos of pure functions (the offline model's turn analyses,
// the offline embedder's vectors; internal/memo) serve the later ones.
// Results do not depend on the order: every cell is independent and the
// store and reports sort by cell.
func scheduleByScenario(cells []CellSpec) {
	first := map[*scenarios.Scenario]int{}
	for _, c := range cells {
		if _, ok := first[c.Scenario]; !ok {
			first[c.Scenario] = len(first)
		}
	}
	sort.SliceStable(cells, func(i, j int) bool { return first[cells[i].Scenario] < first[cells[j].Scenario] })
}

// sessionProbes groups probe indexes by the session they follow, each group
// ordered by asked-at time then file order.
func sessionProbes(s *scenarios.Scenario) map[int][]int {
	out := map[int][]int{}
	for i, p := range s.Probes {
		si := s.SessionIndex(p.AfterSession)
		out[si] = append(out[si], i)
	}
	for _, idx := range out {
		sort.SliceStable(idx, func(a, b int) bool {
			return s.Probes[idx[a]].AskedAt.Before(s.Probes[idx[b]].AskedAt.Time)
		})
	}
	return out
}

// runCell replays one scenario against a fresh strategy instance. A failed
// cell's error names its log when one was written.
func runCell(ctx context.Context, cfg *Config, spec CellSpec, env Env, prog Progress) (_ results.Cell, _ []results.Row, err error) {
	start := time.Now()
	sc := spec.Scenario
	meter := model.NewMeter(env.Backend.Client)
	specReg, params, err := strategies.Resolve(spec.Strategy, spec.Params)
	if err != nil {
		return results.Cell{}, nil, err
	}
	budget := spec.Budget
	if budget == 0 {
		budget = cfg.Budget
	}
	log := newCellLog(env.LogDir, spec.Key)
	defer func() { log.Close(); err = withLog(err, log) }()
	senv := strategies.Env{Model: meter, Embedder: env.Backend.Embedder, Tokenizer: env.Tokenizer, Extraction: spec.Extraction, Seed: spec.Seed,
		Budget: budget, K: cfg.K, Log: log.writer()}
	st, err := specReg.New(senv, params)
	if err != nil {
		return results.Cell{}, nil, fmt.Errorf("strategy %s: %w", spec.Strategy, err)
	}
	defer st.Close()
	paramsJSON, _ := json.Marshal(params.Map())
	cell := results.Cell{Key: spec.Key, Label: spec.Label, Strategy: spec.Strategy, Params: string(paramsJSON),
		Extraction: spec.Extraction, Scenario: sc.ID, Seed: spec.Seed, Sessions: len(sc.Sessions)}
	var rows []results.Row
	var ingestMS, retrieveMS []float64
	var write model.Usage
	oracle := spec.Extraction == strategies.ExtractOracle
	byProbe := sessionProbes(sc)
	var recent []strategies.Turn
	task := ""
	c := &cellRun{label: spec.Label, cfg: cfg, env: env, st: st, meter: meter, seesGold: specReg.SeesGold, budget: budget, sc: sc, seen: map[string]bool{}, log: log}
	c.remote, _ = st.(strategies.Remote)

	for si := range sc.Sessions {
		ss := &sc.Sessions[si]
		if ss.Task != nil {
			task = ss.Task.Goal
			if err := ctx.Err(); err != nil {
				return cell, nil, err
			}
			row, ms, err := c.taskCheck(ctx, ss, recent, len(rows))
			if err != nil {
				return cell, nil, fmt.Errorf("session %s task check: %w", ss.ID, err)
			}
			row.CellKey = spec.Key
			rows = append(rows, row)
			retrieveMS = append(retrieveMS, ms)
			prog.Probe()
		} else {
			task = ""
		}
		ids := make([]string, len(ss.Turns))
		for ti := range ss.Turns {
			if err := ctx.Err(); err != nil {
				return cell, nil, err
			}
			t := ss.Turns[ti]
			ids[ti] = t.ID
			turn := strategies.Turn{ID: t.ID, SessionID: ss.ID, SessionIndex: si, Index: ti, Role: t.Role, Speaker: t.Speaker,
				Addressee: ss.Addressee(ti), Text: t.Text, Time: t.Time.Time, SessionStart: ss.Start.Time, Task: task}
			if oracle {
				turn.Gold = t.Gold
			}
			before := c.usage()
			done := observe(env, spec.Key, PhaseIngest)
			t0 := time.Now()
			if err := st.Ingest(ctx, turn); err != nil {
				return cell, nil, fmt.Errorf("ingest %s: %w", t.ID, err)
			}
			ingestMS = append(ingestMS, ms(time.Since(t0)))
			done()
			write = write.Add(c.usage().Sub(before))
			c.seen[t.ID] = true
			cell.Turns++
			recent = append(recent, turn)
			if len(recent) > cfg.Recent {
				recent = recent[len(recent)-cfg.Recent:]
			}
		}
		info := strategies.SessionInfo{ID: ss.ID, Index: si, Start: ss.Start.Time, Task: task, TurnIDs: ids}
		if n := len(ss.Turns); n > 0 {
			info.End = ss.Turns[n-1].Time.Time
		}
		if oracle {
			info.Summary = ss.Summary
		}
		before := c.usage()
		done := observe(env, spec.Key, PhaseEndSession)
		if err := st.EndSession(ctx, info); err != nil {
			return cell, nil, fmt.Errorf("end of session %s: %w", ss.ID, err)
		}
		done()
		write = write.Add(c.usage().Sub(before))
		for _, pi := range byProbe[si] {
			if err := ctx.Err(); err != nil {
				return cell, nil, err
			}
			row, ms, err := c.probe(ctx, &sc.Probes[pi], recent, task, len(rows))
			if err != nil {
				return cell, nil, fmt.Errorf("probe %s: %w", sc.Probes[pi].ID, err)
			}
			row.CellKey = spec.Key
			rows = append(rows, row)
			retrieveMS = append(retrieveMS, ms)
			prog.Probe()
		}
	}
	if gr, ok := st.(strategies.GoldReporter); ok && oracle {
		cell.Gold = gr.GoldReceived().String()
	}
	fp := st.Footprint()
	if c.remote != nil {
		if err := c.remote.Err(); err != nil {
			return cell, nil, err
		}
		_, reported := c.remote.ReportedUsage()
		cell.UsageNotReported = !reported
	}
	cell.ProvenanceErrors = c.provErrors
	cell.FootprintItems, cell.FootprintEdges, cell.FootprintBytes = fp.Items, fp.Edges, fp.Bytes
	cell.WritePromptTokens, cell.WriteCompletionTokens = write.PromptTokens, write.CompletionTokens
	cell.WriteRequests, cell.WriteCacheHits = write.Requests, write.CacheHits
	cell.ExtractionFailures = write.Failures
	cell.ReadModelFailures = c.readFailures
	cell.IngestP50, cell.IngestP95, cell.IngestP99 = metrics.Percentile(ingestMS, 0.5), metrics.Percentile(ingestMS, 0.95), metrics.Percentile(ingestMS, 0.99)
	cell.RetrieveP50, cell.RetrieveP95, cell.RetrieveP99 = metrics.Percentile(retrieveMS, 0.5), metrics.Percentile(retrieveMS, 0.95), metrics.Percentile(retrieveMS, 0.99)
	cell.WallMS = ms(time.Since(start))
	return cell, rows, nil
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// observe starts Env.Observe for one call; the returned func ends it.
func observe(env Env, key string, ph Phase) func() {
	if env.Observe == nil {
		return func() {}
	}
	return env.Observe(key, ph)
}

type cellRun struct {
	label    string
	cfg      *Config
	budget   int
	sc       *scenarios.Scenario
	turnIdx  map[string]scenarios.TurnRef
	env      Env
	st       strategies.Strategy
	meter    *model.Meter
	seesGold bool
	// seen holds the turn ids ingested so far; provenance may name only
	// these (provErrors counts the others).
	seen       map[string]bool
	provErrors int
	log        *cellLog
	// remote is set for a strategy whose memory runs outside memarena.
	remote strategies.Remote
	// readFailures counts model calls inside Retrieve that failed for good.
	readFailures int
}

// usage is the strategy's model usage so far: metered calls plus what a
// remote memory reported itself.
func (c *cellRun) usage() model.Usage {
	u := c.meter.Total()
	if c.remote != nil {
		r, _ := c.remote.ReportedUsage()
		u = u.Add(r)
	}
	return u
}

// retrieve runs one Retrieve, enforces the budget and returns the recall as
// delivered (cut when over budget), the overrun and the latency.
func (c *cellRun) retrieve(ctx context.Context, q strategies.Query) (strategies.Recall, int, float64, model.Usage, error) {
	before := c.usage()
	t0 := time.Now()
	r, err := c.st.Retrieve(ctx, q)
	lat := ms(time.Since(t0))
	readModel := c.usage().Sub(before)
	c.readFailures += readModel.Failures
	if err != nil {
		return r, 0, lat, readModel, err
	}
	c.provErrors += checkProvenance(&r, c.seen, q.ID, c.log)
	overrun := 0
	if n := c.env.Tokenizer.Count(r.Context); n > q.Budget {
		overrun = n - q.Budget
		r.Context, _ = c.env.Tokenizer.Truncate(r.Context, q.Budget)
		// Only items whose text survived the cut count as delivered.
		var kept []strategies.Item
		for _, it := range r.Items {
			if strings.Contains(r.Context, it.Text) {
				kept = append(kept, it)
			}
		}
		r.Items = kept
	}
	return r, overrun, lat, readModel, nil
}

func (c *cellRun) query(id, question string, asked time.Time, recent []strategies.Turn, task string) strategies.Query {
	return strategies.Query{ID: id, Question: question, AskedAt: asked, Recent: append([]strategies.Turn(nil), recent...),
		Task: task, Budget: c.budget, K: c.cfg.K}
}

// currentTexts are the texts of the items a strategy presents as current.
func currentTexts(items []strategies.Item) []string {
	var out []string
	for _, it := range items {
		if it.Status == strategies.StatusCurrent {
			out = append(out, it.Text)
		}
	}
	return out
}

func provenance(items []strategies.Item) [][]string {
	out := make([][]string, len(items))
	for i, it := range items {
		out[i] = append([]string(nil), it.TurnIDs...)
	}
	return out
}

func (c *cellRun) taskCheck(ctx context.Context, ss *scenarios.Session, recent []strategies.Turn, seq int) (results.Row, float64, error) {
	q := c.query("task:"+ss.Task.ID, ss.Task.Goal, ss.Start.Time, recent, ss.Task.Goal)
	if c.seesGold {
		q.Gold = &strategies.ProbeGold{Answers: append([]string(nil), ss.Task.RequiredFacts...)}
	}
	r, overrun, lat, readModel, err := c.retrieve(ctx, q)
	if err != nil {
		return results.Row{}, lat, err
	}
	current := currentTexts(r.Items)
	return results.Row{
		EvidenceAge: -1,
		Seq:         seq, ProbeID: "task:" + ss.Task.ID, Kind: "task", Question: ss.Task.Goal, IsTask: true,
		GoldAnswers: ss.Task.RequiredFacts,
		TaskSuccess: metrics.TaskCheck(ss.Task.RequiredFacts, ss.Task.StaleFacts, r.Context, current),
		Items:       len(r.Items), Provenance: provenance(r.Items),
		ContextTokens: c.env.Tokenizer.Count(r.Context), OverrunTokens: overrun, ReadModelTokens: readModel.Total(),
		Support: math.NaN(), RetrieveMS: lat, Trace: traceOf(r),
	}, lat, nil
}

func (c *cellRun) probe(ctx context.Context, p *scenarios.Probe, recent []strategies.Turn, task string, seq int) (results.Row, float64, error) {
	q := c.query(p.ID, p.Question, p.AskedAt.Time, recent, task)
	if c.seesGold {
		q.Gold = &strategies.ProbeGold{Answers: append([]string(nil), p.Answers...), Evidence: append([]string(nil), p.Evidence...), GoldPath: append([]string(nil), p.GoldPath...)}
	}
	r, overrun, lat, readModel, err := c.retrieve(ctx, q)
	if err != nil {
		return results.Row{}, lat, err
	}
	support := math.NaN()
	before := c.meter.Total()
	resp, err := c.meter.Complete(ctx, model.Request{Kind: model.KindAnswer, Role: model.RoleReader, Input: model.AnswerInput{
		Context: r.Context, Question: p.Question, AskedAt: p.AskedAt.UTC().Format("2006-01-02 15:04"), Threshold: c.cfg.Reader.Threshold,
	}})
	if err != nil {
		return results.Row{}, lat, fmt.Errorf("reader: %w", err)
	}
	if resp.Model == "offline" {
		support = resp.Score
	}
	answerUsage := c.meter.Total().Sub(before)
	answer := strings.TrimSpace(resp.Text)
	if err := c.env.cases.write(ReaderCase{Strategy: c.label, Scenario: c.sc.ID, Probe: p.ID, Kind: p.Kind, Category: p.Category,
		Question: p.Question, AskedAt: p.AskedAt.UTC().Format("2006-01-02 15:04"), Context: r.Context, Gold: p.Answers}); err != nil {
		return results.Row{}, lat, err
	}
	g := metrics.ProbeGold{Kind: p.Kind, Answers: p.Answers, RequiredFacts: p.RequiredFacts, StaleFacts: p.StaleFacts,
		Evidence: p.Evidence, GoldPath: p.GoldPath, RetrievalSkip: p.RetrievalSkip, Abstention: p.Kind == scenarios.KindAbstention}
	prov := provenance(r.Items)
	age := -1
	if len(p.Evidence) > 0 {
		if c.turnIdx == nil {
			c.turnIdx = c.sc.TurnIndex()
		}
		idx := c.turnIdx
		first := len(c.sc.Sessions)
		for _, id := range p.Evidence {
			if ref, ok := idx[id]; ok && ref.Session < first {
				first = ref.Session
			}
		}
		if first < len(c.sc.Sessions) {
			age = c.sc.SessionIndex(p.AfterSession) - first
		}
	}
	row := results.Row{
		EvidenceAge: age,
		Seq:         seq, ProbeID: p.ID, Kind: p.Kind, Category: p.Category, Question: p.Question, Answer: answer, GoldAnswers: p.Answers,
		Scores: metrics.Score(g, metrics.RecallView{Provenance: prov, Context: r.Context, CurrentTexts: currentTexts(r.Items)}, answer, c.cfg.K),
		Items:  len(r.Items), Provenance: prov,
		ContextTokens: c.env.Tokenizer.Count(r.Context), OverrunTokens: overrun, ReadModelTokens: readModel.Total(),
		AnswerPromptTokens: answerUsage.PromptTokens, AnswerCompletion: answerUsage.CompletionTokens,
		Support: support, RetrieveMS: lat, ReadModelCompletion: readModel.CompletionTokens, Trace: traceOf(r),
	}
	if err := c.judgeRow(ctx, &row); err != nil {
		return results.Row{}, lat, err
	}
	return row, lat, nil
}
