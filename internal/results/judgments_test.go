package results

import (
	"math"
	"path/filepath"
	"testing"

	"github.com/memarena/memarena/metrics"
)

func TestJudgeFieldsRoundTripAndSetJudgments(t *testing.T) {
	s, err := Open(filepath.Join(t.TempDir(), "r.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	c := Cell{Key: "k", Label: "l", Strategy: "none", Scenario: "x", Seed: 1}
	rows := []Row{
		{CellKey: "k", Seq: 0, ProbeID: "p0", Support: math.NaN(), Judge: "correct", JudgeCorrect: metrics.Of(1), JudgeBy: "m judge@abc strict",
			JudgePromptTokens: 120, JudgeCompletion: 2, ReadModelTokens: 30, ReadModelCompletion: 10},
		{CellKey: "k", Seq: 1, ProbeID: "p1", Support: math.NaN(), Judge: "judge_failed", JudgeBy: "m judge@abc strict", JudgePromptTokens: 240, JudgeCompletion: 9},
	}
	if err := s.SaveCell(c, rows); err != nil {
		t.Fatal(err)
	}
	got, err := s.Rows("k")
	if err != nil {
		t.Fatal(err)
	}
	r0, r1 := got[0], got[1]
	if r0.Judge != "correct" || r0.JudgeCorrect != metrics.Of(1) || r0.JudgeBy != "m judge@abc strict" || r0.JudgePromptTokens != 120 ||
		r0.JudgeCompletion != 2 || r0.ReadModelCompletion != 10 {
		t.Fatalf("row 0 = %+v", r0)
	}
	if r1.Judge != "judge_failed" || r1.JudgeCorrect.OK {
		t.Fatalf("row 1 = %+v", r1)
	}
	err = s.SetJudgments([]Judgment{{CellKey: "k", Seq: 1, Verdict: "incorrect", Correct: metrics.Of(0), By: "n judge@abc lenient", PromptTokens: 7, CompletionTokens: 1}})
	if err != nil {
		t.Fatal(err)
	}
	got, _ = s.Rows("k")
	if r := got[1]; r.Judge != "incorrect" || r.JudgeCorrect != metrics.Of(0) || r.JudgeBy != "n judge@abc lenient" || r.JudgePromptTokens != 7 || r.JudgeCompletion != 1 {
		t.Fatalf("rejudged row = %+v", r)
	}
	if got[0].JudgeBy != "m judge@abc strict" {
		t.Fatal("other row changed")
	}
	// A missing row aborts the whole update.
	err = s.SetJudgments([]Judgment{{CellKey: "k", Seq: 0, Verdict: "incorrect", Correct: metrics.Of(0), By: "z"}, {CellKey: "k", Seq: 9, Verdict: "correct"}})
	if err == nil {
		t.Fatal("want error for a missing row")
	}
	got, _ = s.Rows("k")
	if got[0].Judge != "correct" {
		t.Fatal("partial update written")
	}
}
