package runner

import (
	"context"
	"strings"
	"sync"
	"testing"

	"github.com/memarena/memarena/internal/backends"
	"github.com/memarena/memarena/internal/judge"
	"github.com/memarena/memarena/internal/model"
	"github.com/memarena/memarena/internal/results"
	"github.com/memarena/memarena/internal/tokenizer"
	"github.com/memarena/memarena/metrics"
)

// judgeClient answers every request like the offline backend except judge
// requests, which it grades by containment (like a lenient model would),
// and replies unreadably to the temporal question, so that probe ends
// judge_failed. Every judge call costs 50 + 1 tokens.
type judgeClient struct {
	model.Client
	verdict func(in model.JudgeInput) string
}

func (c judgeClient) Complete(ctx context.Context, req model.Request) (model.Response, error) {
	if req.Kind != model.KindJudge {
		return c.Client.Complete(ctx, req)
	}
	if _, err := model.Render(req); err != nil {
		return model.Response{}, err
	}
	return model.Response{Text: c.verdict(req.Input.(model.JudgeInput)), Usage: model.Usage{PromptTokens: 50, CompletionTokens: 1, Requests: 1}}, nil
}

func containmentVerdict(v model.JudgeInput) string {
	q, gold, ans := v.Question, strings.ToLower(v.Gold), strings.ToLower(v.Answer)
	switch {
	case strings.Contains(q, "On what date"):
		return "Hmm, hard to say."
	case strings.HasPrefix(gold, "(unanswerable"):
		if strings.Contains(ans, "not mentioned") {
			return "CORRECT"
		}
		return "INCORRECT"
	case strings.Contains(ans, strings.Split(gold, " | ")[0]):
		return "CORRECT"
	}
	return "NOT CORRECT"
}

func init() {
	backends.Register("test-judge", func(opts map[string]any, tok *tokenizer.Tokenizer, dim int) (*backends.Backend, error) {
		b, err := backends.New("offline", nil, tok, dim)
		if err != nil {
			return nil, err
		}
		b.Client = judgeClient{Client: b.Client, verdict: containmentVerdict}
		b.Offline = false
		b.Description = "test backend with an LLM judge"
		b.Judge = &judge.Config{Model: "judge-a", Variant: judge.Strict, Retries: 2}
		b.Models = map[string]string{"judge": "judge-a"}
		b.Prices = model.PriceTable{"judge-a": {Prompt: 1, Completion: 2}}
		return b, nil
	})
}

func TestJudgeGradesEveryAnswerAsOverhead(t *testing.T) {
	plain := testConfig(t, StrategyConfig{Name: "none"}, StrategyConfig{Name: "oracle"})
	judged := testConfig(t, StrategyConfig{Name: "none"}, StrategyConfig{Name: "oracle"})
	judged.Backend.Kind = "test-judge"
	resPlain, err := Execute(context.Background(), plain, Options{})
	if err != nil {
		t.Fatal(err)
	}
	res, err := Execute(context.Background(), judged, Options{})
	if err != nil {
		t.Fatal(err)
	}
	a, _ := results.Open(resPlain.DB)
	defer a.Close()
	b, _ := results.Open(res.DB)
	defer b.Close()
	var meta results.RunMeta
	if err := b.GetJSON("run", &meta); err != nil {
		t.Fatal(err)
	}
	id := "judge-a judge@" + model.PromptVersions()[model.KindJudge] + " strict verdict-parser@2"
	if meta.Judge != id || meta.Offline || meta.Models["judge"] != "judge-a" || meta.Prices["judge-a"].Completion != 2 {
		t.Fatalf("meta: judge %q offline %v models %v prices %v", meta.Judge, meta.Offline, meta.Models, meta.Prices)
	}
	cellsA, _ := a.Cells()
	cellsB, _ := b.Cells()
	for i := range cellsB {
		ca, cb := cellsA[i], cellsB[i]
		if ca.WritePromptTokens != cb.WritePromptTokens || ca.WriteCompletionTokens != cb.WriteCompletionTokens || ca.WriteRequests != cb.WriteRequests {
			t.Fatalf("judge changed write cost: %+v vs %+v", ca, cb)
		}
		rowsA, _ := a.Rows(ca.Key)
		rowsB, _ := b.Rows(cb.Key)
		verdicts := map[string]string{}
		for j, rb := range rowsB {
			ra := rowsA[j]
			if ra.AnswerPromptTokens != rb.AnswerPromptTokens || ra.ReadModelTokens != rb.ReadModelTokens || ra.Answer != rb.Answer {
				t.Fatalf("judge changed strategy cost or answer of %s", rb.ProbeID)
			}
			if ra.Judge != "" || ra.JudgeBy != "" {
				t.Fatalf("offline run has a judge: %+v", ra)
			}
			if rb.IsTask {
				if rb.Judge != "" {
					t.Fatalf("task row judged: %+v", rb)
				}
				continue
			}
			verdicts[rb.ProbeID] = rb.Judge
			if rb.JudgeBy != id {
				t.Fatalf("%s judged by %q", rb.ProbeID, rb.JudgeBy)
			}
			switch rb.Judge {
			case judge.Correct:
				if rb.JudgeCorrect != metrics.Of(1) || rb.JudgePromptTokens != 50 || rb.JudgeCompletion != 1 {
					t.Fatalf("%s: %+v", rb.ProbeID, rb)
				}
			case judge.Incorrect:
				if rb.JudgeCorrect != metrics.Of(0) {
					t.Fatalf("%s: %+v", rb.ProbeID, rb)
				}
			case judge.Failed:
				// Three attempts (retries 2), none counted as wrong.
				if rb.JudgeCorrect.OK || rb.JudgePromptTokens != 150 || rb.JudgeCompletion != 3 {
					t.Fatalf("%s: %+v", rb.ProbeID, rb)
				}
			default:
				t.Fatalf("%s: verdict %q", rb.ProbeID, rb.Judge)
			}
		}
		if verdicts["p4"] != judge.Failed || len(verdicts) != 6 {
			t.Fatalf("%s verdicts = %v", cb.Label, verdicts)
		}
		// The offline reader answers p6 "not mentioned" and p1 from its
		// evidence turn when the context holds it (the oracle: "We decided
		// to use Postgres 16 for orders", a support of 1 / 2.5, the
		// free-phrase threshold); with no memory it abstains.
		p1 := judge.Incorrect
		if cb.Label == "oracle" {
			p1 = judge.Correct
		}
		if verdicts["p1"] != p1 || verdicts["p6"] != judge.Correct {
			t.Fatalf("%s verdicts = %v", cb.Label, verdicts)
		}
	}
}

// executeStore runs cfg and opens its results store (closed with the
// test).
func executeStore(t *testing.T, cfg *Config) (*Result, *results.Store) {
	t.Helper()
	res, err := Execute(context.Background(), cfg, Options{})
	if err != nil {
		t.Fatal(err)
	}
	store, err := results.Open(res.DB)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	return res, store
}

func TestRejudge(t *testing.T) {
	cfg := testConfig(t, StrategyConfig{Name: "oracle"})
	cfg.Backend.Kind = "test-judge"
	_, store := executeStore(t, cfg)
	tok := tokenizer.MustDefault()
	off := backends.OfflineClient(tok)

	// --only-failed with another judge is refused.
	jb, _ := judge.New(judgeClient{Client: off, verdict: func(model.JudgeInput) string { return "INCORRECT" }}, judge.Config{Model: "judge-b", Variant: judge.Lenient})
	if _, err := Rejudge(context.Background(), store, jb, nil, RejudgeOptions{OnlyFailed: true}); err == nil || !strings.Contains(err.Error(), "re-judge every row to switch judges") {
		t.Fatalf("err = %v", err)
	}
	// --only-failed with the same judge retries just the failed row.
	ja, _ := judge.New(judgeClient{Client: off, verdict: func(model.JudgeInput) string { return "CORRECT" }}, judge.Config{Model: "judge-a", Variant: judge.Strict, Retries: 2})
	out, err := Rejudge(context.Background(), store, ja, nil, RejudgeOptions{OnlyFailed: true, Parallelism: 2})
	if err != nil || out.Judged != 1 || out.Correct != 1 || out.Usage.PromptTokens != 50 {
		t.Fatalf("only-failed: %+v, %v", out, err)
	}
	// A full rejudge with another judge re-scores every judged row.
	var calls int
	jb, _ = judge.New(judgeClient{Client: off, verdict: func(model.JudgeInput) string { calls++; return "INCORRECT" }}, judge.Config{Model: "judge-b", Variant: judge.Lenient})
	out, err = Rejudge(context.Background(), store, jb, model.PriceTable{"judge-b": {Prompt: 3}}, RejudgeOptions{})
	if err != nil || out.Judged != 6 || out.Incorrect != 6 || calls != 6 {
		t.Fatalf("rejudge: %+v, %v, calls %d", out, err, calls)
	}
	cells, _ := store.Cells()
	rows, _ := store.Rows(cells[0].Key)
	for _, r := range rows {
		if r.IsTask {
			continue
		}
		if r.JudgeBy != jb.ID() || r.Judge != judge.Incorrect || r.JudgeCorrect != metrics.Of(0) {
			t.Fatalf("row %s = %+v", r.ProbeID, r)
		}
	}
	var meta results.RunMeta
	_ = store.GetJSON("run", &meta)
	if meta.Judge != jb.ID() || meta.Models["judge"] != "judge-b" || meta.Prices["judge-b"].Prompt != 3 || meta.Prices["judge-a"].Prompt != 1 {
		t.Fatalf("meta judge %q models %v prices %v", meta.Judge, meta.Models, meta.Prices)
	}
}

// TestRejudgeOnlyFailedRevisitsOldParserRows: rows graded by the same judge
// under an older verdict parser are re-read with today's rules by
// --only-failed, beside the judge_failed rows; a reply the old parser read
// as INCORRECT ("not incorrect") is now unreadable and ends judge_failed.
func TestRejudgeOnlyFailedRevisitsOldParserRows(t *testing.T) {
	cfg := testConfig(t, StrategyConfig{Name: "oracle"})
	cfg.Backend.Kind = "test-judge"
	_, store := executeStore(t, cfg)
	cells, _ := store.Cells()
	rows, _ := store.Rows(cells[0].Key)
	old := "judge-a judge@" + model.PromptVersions()[model.KindJudge] + " strict" // parser 1: no parser part
	byProbe := map[string]results.Row{}
	for _, r := range rows {
		byProbe[r.ProbeID] = r
	}
	var js []results.Judgment
	for _, p := range []string{"p1", "p2"} {
		r := byProbe[p]
		js = append(js, results.Judgment{CellKey: r.CellKey, Seq: r.Seq, Verdict: judge.Incorrect, Correct: metrics.Of(0), By: old})
	}
	if err := store.SetJudgments(js); err != nil {
		t.Fatal(err)
	}
	tok := tokenizer.MustDefault()
	off := backends.OfflineClient(tok)
	asked := map[string]int{}
	var mu sync.Mutex
	ja, _ := judge.New(judgeClient{Client: off, verdict: func(v model.JudgeInput) string {
		mu.Lock()
		asked[v.Question]++
		mu.Unlock()
		return "The candidate is not incorrect."
	}}, judge.Config{Model: "judge-a", Variant: judge.Strict, Retries: 2})
	out, err := Rejudge(context.Background(), store, ja, nil, RejudgeOptions{OnlyFailed: true})
	if err != nil {
		t.Fatal(err)
	}
	// p1, p2 (old parser) and p4 (judge_failed): three attempts each.
	if out.Judged != 3 || out.Failed != 3 || out.Correct+out.Incorrect != 0 || out.Usage.PromptTokens != 9*50 || len(asked) != 3 {
		t.Fatalf("outcome %+v, asked %v", out, asked)
	}
	rows, _ = store.Rows(cells[0].Key)
	for _, r := range rows {
		switch r.ProbeID {
		case "p1", "p2", "p4":
			if r.Judge != judge.Failed || r.JudgeCorrect.OK || r.JudgeBy != ja.ID() {
				t.Fatalf("row %s = %s %v by %q", r.ProbeID, r.Judge, r.JudgeCorrect, r.JudgeBy)
			}
		default:
			if !r.IsTask && (r.JudgeBy != ja.ID() || r.Judge == judge.Failed) {
				t.Fatalf("row %s touched: %s by %q", r.ProbeID, r.Judge, r.JudgeBy)
			}
		}
	}
}
