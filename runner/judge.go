package runner

import (
	"context"
	"fmt"
	"sync"

	"github.com/memarena/memarena/internal/judge"
	"github.com/memarena/memarena/internal/model"
	"github.com/memarena/memarena/internal/results"
	"github.com/memarena/memarena/metrics"
	"github.com/memarena/memarena/scenarios"
)

// judgeItem is what the LLM judge sees of a stored row; ok is false for rows
// the judge does not grade (task checks, probes with neither gold answers
// nor an abstention gold).
func judgeItem(r results.Row) (judge.Item, bool) {
	abstain := r.Kind == scenarios.KindAbstention
	if r.IsTask || (len(r.GoldAnswers) == 0 && !abstain) {
		return judge.Item{}, false
	}
	return judge.Item{Question: r.Question, Gold: r.GoldAnswers, Abstention: abstain, Answer: r.Answer}, true
}

// judgment turns a judge result into the row's judge fields.
func judgment(j *judge.Judge, res judge.Result) results.Judgment {
	out := results.Judgment{Verdict: res.Verdict, By: j.ID(), PromptTokens: res.Usage.PromptTokens, CompletionTokens: res.Usage.CompletionTokens}
	if v, ok := res.Value(); ok {
		out.Correct = metrics.Of(v)
	}
	return out
}

// judgeRow grades row with the run's LLM judge, when one is configured, and
// fills its judge fields. The judge asks the backend's client directly, not
// the cell's meter, so its tokens never count as strategy cost. A judgment
// that fails is stored as judge_failed — never as a wrong answer; only a
// cancelled context (or a judge request that cannot be built) is an error.
func (c *cellRun) judgeRow(ctx context.Context, row *results.Row) error {
	j := c.env.Judge
	if j == nil {
		return nil
	}
	it, ok := judgeItem(*row)
	if !ok {
		return nil
	}
	res, err := j.Grade(ctx, it)
	if err != nil {
		return fmt.Errorf("judge: %w", err)
	}
	jm := judgment(j, res)
	row.Judge, row.JudgeCorrect, row.JudgeBy = jm.Verdict, jm.Correct, jm.By
	row.JudgePromptTokens, row.JudgeCompletion = jm.PromptTokens, jm.CompletionTokens
	return nil
}

// RejudgeOptions tune Rejudge.
type RejudgeOptions struct {
	// OnlyFailed re-grades only rows whose judgment failed (judge_failed)
	// and rows the same judge graded under an older verdict parser
	// (judge.Config.StaleParser); any other judge is refused.
	OnlyFailed bool
	// Parallelism is the number of rows graded at once (≥ 1; the backend's
	// own concurrency limit still applies).
	Parallelism int
	// Progress, when set, is called after each graded row with the count
	// done and the total.
	Progress func(done, total int)
}

// RejudgeOutcome counts what Rejudge did.
type RejudgeOutcome struct {
	// Judged rows, by verdict.
	Judged, Correct, Incorrect, Failed int
	// Usage of the judge (harness overhead).
	Usage model.Usage
}

// Rejudge re-scores the saved answers of a results store with j: every row
// the judge grades (see judgeItem), or with OnlyFailed the judge_failed
// ones and those read by an older verdict parser. Each cell's judgments are written in one transaction as soon as the
// cell is graded, so an interrupted rejudge keeps finished cells (and a
// report then refuses to pool rows from two judges until the rejudge is
// completed). The run metadata's judge, judge model and its price are
// updated at the end.
func Rejudge(ctx context.Context, store *results.Store, j *judge.Judge, prices model.PriceTable, opts RejudgeOptions) (RejudgeOutcome, error) {
	var out RejudgeOutcome
	var meta results.RunMeta
	if err := store.GetJSON("run", &meta); err != nil {
		return out, err
	}
	cells, err := store.Cells()
	if err != nil {
		return out, err
	}
	type job struct {
		row  results.Row
		item judge.Item
	}
	var jobs [][]job
	total := 0
	for _, c := range cells {
		rows, err := store.Rows(c.Key)
		if err != nil {
			return out, err
		}
		var js []job
		for _, r := range rows {
			it, ok := judgeItem(r)
			if !ok {
				continue
			}
			if opts.OnlyFailed {
				stale := j.Config().StaleParser(r.JudgeBy)
				switch {
				case r.JudgeBy != j.ID() && !stale:
					return out, fmt.Errorf("--only-failed: row %s #%d was judged by %q, not %q; re-judge every row to switch judges", r.CellKey, r.Seq, r.JudgeBy, j.ID())
				case r.Judge == judge.Failed:
					// The first grading used repeats 0…retries; ask afresh.
					it.RepeatBase = j.Config().Retries + 1
				case stale:
					// Read under an older verdict parser: read the same
					// replies again (repeats 0…, from the response cache)
					// with today's rules; an unreadable one is retried.
				default:
					continue
				}
			}
			js = append(js, job{r, it})
		}
		if len(js) > 0 {
			jobs = append(jobs, js)
			total += len(js)
		}
	}
	par := opts.Parallelism
	if par < 1 {
		par = 1
	}
	done := 0
	for _, cellJobs := range jobs {
		res := make([]results.Judgment, len(cellJobs))
		usage := make([]model.Usage, len(cellJobs))
		errs := make([]error, len(cellJobs))
		sem := make(chan struct{}, par)
		var wg sync.WaitGroup
		for i, jb := range cellJobs {
			wg.Add(1)
			sem <- struct{}{}
			go func(i int, jb job) {
				defer wg.Done()
				defer func() { <-sem }()
				r, err := j.Grade(ctx, jb.item)
				if err != nil {
					errs[i] = err
					return
				}
				res[i], usage[i] = judgment(j, r), r.Usage
				res[i].CellKey, res[i].Seq = jb.row.CellKey, jb.row.Seq
			}(i, jb)
		}
		wg.Wait()
		for _, err := range errs {
			if err != nil {
				return out, err
			}
		}
		if err := store.SetJudgments(res); err != nil {
			return out, err
		}
		for i, r := range res {
			out.Judged++
			out.Usage = out.Usage.Add(usage[i])
			switch r.Verdict {
			case judge.Correct:
				out.Correct++
			case judge.Incorrect:
				out.Incorrect++
			default:
				out.Failed++
			}
		}
		done += len(res)
		if opts.Progress != nil {
			opts.Progress(done, total)
		}
	}
	meta.Judge = j.ID()
	if meta.Models == nil {
		meta.Models = map[string]string{}
	}
	meta.Models["judge"] = j.Config().Model
	if p, ok := prices[j.Config().Model]; ok {
		if meta.Prices == nil {
			meta.Prices = model.PriceTable{}
		}
		meta.Prices[j.Config().Model] = p
	}
	if err := store.PutJSON("run", meta); err != nil {
		return out, err
	}
	return out, nil
}
