package reports

import (
	"strings"
	"testing"

	"github.com/memarena/memarena/internal/model"
	"github.com/memarena/memarena/internal/results"
	"github.com/memarena/memarena/metrics"
)

// llmData is a two-strategy run on a real backend: strategy a's rows are
// judged (one judge_failed), b's too.
func llmData(judgeB string) *Data {
	d := testData()
	d.Meta.Models = map[string]string{"extractor": "ext", "reader": "rdr", "judge": "jdg"}
	d.Meta.Prices = model.PriceTable{"ext": {Prompt: 1, Completion: 2}, "rdr": {Prompt: 10, Completion: 20}, "jdg": {Prompt: 100, Completion: 100}}
	d.Meta.Judge = "jdg judge@abc strict"
	d.Cells[0].WritePromptTokens, d.Cells[0].WriteCompletionTokens = 1_000_000, 500_000
	a := d.Rows["a|s|1"]
	a[0].Judge, a[0].JudgeCorrect, a[0].JudgeBy, a[0].JudgePromptTokens, a[0].JudgeCompletion = "correct", metrics.Of(1), "jdg judge@abc strict", 10_000, 0
	a[1].Judge, a[1].JudgeBy, a[1].JudgePromptTokens = "judge_failed", "jdg judge@abc strict", 30_000
	a[0].AnswerPromptTokens, a[0].AnswerCompletion = 100_000, 1_000
	a[1].ReadModelTokens, a[1].ReadModelCompletion = 300_000, 100_000
	b := d.Rows["b|s|1"]
	b[0].Judge, b[0].JudgeCorrect, b[0].JudgeBy = "incorrect", metrics.Of(0), judgeB
	b[1].Judge, b[1].JudgeCorrect, b[1].JudgeBy = "correct", metrics.Of(1), judgeB
	d.applyJudgePolicy()
	return d
}

func TestDollarAndJudgeSections(t *testing.T) {
	d := llmData("jdg judge@abc strict")
	out := d.MarkdownString()
	for _, want := range []string{
		"- Models: extractor `ext` · reader `rdr` · judge `jdg`",
		"- Prices (USD per 1M prompt / completion tokens): `ext` $1 / $2 · `jdg` $100 / $100 · `rdr` $10 / $20",
		"- Judge: `jdg judge@abc strict` (model, judge prompt version, variant, verdict parser version); judge tokens are harness overhead",
		// a: write 1M×$1 + 0.5M×$2 = $2; read-model 0.2M×$1 + 0.1M×$2 = $0.4; answer 0.1M×$10 + 1k×$20 = $1.02.
		"| a        | 1000000          | 500000               | 300000         | 100000            | 1000                  | $2.0000 | $0.4000      | $1.0200  | $3.4200    | $1.7100 |",
		"| b        | 0                | 0                    | 0              | 0                 | 0                     | $0.0000 | $0.0000      | $0.0000  | $0.0000    | $0.0000 |",
		// a: 2 judged, 1 correct, 1 judge_failed (not wrong): accuracy 1/1; 40k judge prompt tokens × $100/1M = $4.
		"| a        | 2      | 1       | 0         | 1            | 1.000     | 40000            | 0                    | $4.0000 |",
		"| b        | 2      | 1       | 1         | 0            | 0.500     | 0                | 0                    | $0.0000 |",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in:\n%s", want, out)
		}
	}
	// Judge accuracy is a leaderboard column, judge_failed left out of its denominator.
	found := false
	for _, s := range d.Summary() {
		if s.Strategy == "a" && s.Group == "all" && s.Metric == metrics.JudgeAccuracy {
			found = s.N == 1 && s.Mean == 1
		}
	}
	if !found {
		t.Fatal("judge accuracy of a not aggregated over its one readable verdict")
	}
}

func TestMixedJudgesAreNotAggregated(t *testing.T) {
	d := llmData("other judge@abc lenient")
	if len(d.MixedJudges) != 2 {
		t.Fatalf("mixed = %v", d.MixedJudges)
	}
	out := d.MarkdownString()
	if !strings.Contains(out, "- Judge: **mixed — rows were judged by 2 different judges** (`jdg judge@abc strict`, `other judge@abc lenient`); judge accuracy is not aggregated.") {
		t.Fatalf("no refusal in header:\n%s", out)
	}
	if !strings.Contains(out, "| a        | 2      | 1       | 0         | 1            | not pooled (mixed judges) |") {
		t.Fatalf("judge table pools mixed judges:\n%s", out)
	}
	for _, s := range d.Summary() {
		if s.Metric == metrics.JudgeAccuracy {
			t.Fatalf("judge accuracy aggregated across judges: %+v", s)
		}
	}
	if strings.Contains(out, "judge acc |") && strings.Contains(strings.Split(out, "## By scenario")[0], "| judge acc") {
		t.Fatal("leaderboard shows judge accuracy across judges")
	}
	// Row verdicts stay in probes.csv.
	csv := string(d.ProbesCSV())
	if !strings.Contains(csv, ",other judge@abc lenient,") || !strings.Contains(csv, "incorrect") {
		t.Fatalf("probes.csv lost the verdicts:\n%s", csv)
	}
}

func TestNoModelsNoLLMSections(t *testing.T) {
	out := testData().MarkdownString()
	for _, s := range []string{"## Model tokens and dollar cost", "## LLM judge", "- Judge:", "- Models:"} {
		if strings.Contains(out, s) {
			t.Errorf("offline report has %q", s)
		}
	}
}

func TestMissingPriceIsNA(t *testing.T) {
	d := llmData("jdg judge@abc strict")
	delete(d.Meta.Prices, "rdr")
	out := d.MarkdownString()
	if !strings.Contains(out, "| $2.0000 | $0.4000      | n/a      | n/a        | n/a     |") || !strings.Contains(out, "No price configured for `rdr` (backend.options.prices)") {
		t.Fatalf("missing n/a for unpriced reader:\n%s", out)
	}
	d.Meta.Prices = model.PriceTable{"ext": {Prompt: 1}, "rdr": {Prompt: 1}}
	out = d.MarkdownString()
	if !strings.Contains(out, "| 40000            | 0                    | n/a     |") || !strings.Contains(out, "No price configured for judge `jdg` (backend.options.prices)") {
		t.Fatalf("missing n/a for unpriced judge:\n%s", out)
	}
	_ = results.Row{}
}
