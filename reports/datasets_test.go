package reports

import (
	"fmt"
	"strings"
	"testing"

	"github.com/memarena/memarena/internal/results"
	"github.com/memarena/memarena/metrics"
)

// datasetData is a run with one LoCoMo conversation and three LongMemEval
// questions, answered by "sys" and by "quiet", which always says "not
// mentioned".
func datasetData() *Data {
	loc := map[string]string{"importer": "locomo", "label_map": "official", "file": "locomo10.json", "sha256": "abc123"}
	lme := func(typ, abs, sess, turns, userTurns, roles string) map[string]string {
		return map[string]string{"importer": "longmemeval", "dataset": "LongMemEval-S (3/500)", "file": "s.json.gz", "sha256": "def456",
			"question_type": typ, "abstention": abs, "answer_session_ids": sess, "answer_turn_ids": turns,
			"answer_user_turn_ids": userTurns, "turn_roles": roles}
	}
	d := &Data{
		Meta: results.RunMeta{Name: "t", K: 10, Bootstrap: 200, Seeds: []int64{1},
			Strategies: []results.StrategyMeta{{Label: "sys"}, {Label: "quiet"}},
			Scenarios: []results.ScenarioMeta{
				{ID: "locomo-c", Meta: loc},
				// lme-a: every turn of s1 is a user turn; other sessions
				// alternate user, assistant.
				{ID: "lme-a", Meta: lme("multi-session", "false", "s1,s2", "s1#2,s2#1", "s1#2,s2#1", "s1=uuu")},
				{ID: "lme-b", Meta: lme("multi-session", "true", "", "", "", "")},
				{ID: "lme-c", Meta: lme("temporal-reasoning", "false", "s3", "", "", "")},
			}},
		Labels: []string{"sys", "quiet"},
		Rows:   map[string][]results.Row{},
	}
	locomo := func(quiet bool) []results.Row {
		qs := []struct {
			cat, gold, pred string
			recall          metrics.Value
		}{
			{"1", "painting, pottery", "pottery", metrics.Of(1)},
			{"2", "7 May 2023", "7 May 2023", metrics.Of(0.5)},
			{"3", "Likely yes; she cares", "likely yes", metrics.NA}, // no valid evidence
			{"4", "LGBTQ support group", "a support group", metrics.Of(0)},
			{"5", "", "she went to Paris", metrics.NA},
			{"5", "", "not mentioned", metrics.NA},
		}
		var rows []results.Row
		for i, q := range qs {
			r := results.Row{ProbeID: fmt.Sprintf("q%d", i), Seq: i, Kind: "x", Category: q.cat, Answer: q.pred, Scores: metrics.Scores{RecallAtK: q.recall}, EvidenceAge: -1}
			if q.gold != "" {
				r.GoldAnswers = []string{q.gold}
			}
			if quiet {
				r.Answer = "not mentioned"
			}
			rows = append(rows, r)
		}
		return rows
	}
	for _, l := range d.Labels {
		quiet := l == "quiet"
		d.Cells = append(d.Cells, results.Cell{Key: l + "|locomo-c|1", Label: l, Scenario: "locomo-c"})
		d.Rows[l+"|locomo-c|1"] = locomo(quiet)
		for _, s := range []string{"lme-a", "lme-b", "lme-c"} {
			d.Cells = append(d.Cells, results.Cell{Key: l + "|" + s + "|1", Label: l, Scenario: s})
		}
		// lme-a: sys ranks s9#1, then s1#2+s1#3, then s2#1 (10 turns later);
		// quiet returns items without provenance.
		a := results.Row{Category: "multi-session", Items: 3, EvidenceAge: -1,
			Provenance: [][]string{{"s9#1"}, {"s1#2", "s1#3"}, {"s8#1", "s8#2", "s7#1", "s7#2", "s6#1", "s6#2", "s5#1"}, {"s2#1"}},
			Scores:     metrics.Scores{FactAccuracy: metrics.Of(1)}}
		b := results.Row{Category: "multi-session", Items: 1, Provenance: [][]string{{"s1#1"}}, EvidenceAge: -1,
			Scores: metrics.Scores{AbstentionAcc: metrics.Of(0)}}
		c := results.Row{Category: "temporal-reasoning", Items: 1, Provenance: [][]string{{"s3#4"}}, EvidenceAge: -1,
			Scores: metrics.Scores{FactAccuracy: metrics.Of(0)}}
		if quiet {
			a.Provenance = [][]string{{}, {}, {}}
			a.Scores.FactAccuracy = metrics.Of(0)
			b.Scores.AbstentionAcc = metrics.Of(1)
		}
		a.ProbeID, b.ProbeID, c.ProbeID = "a", "b", "c"
		d.Rows[l+"|lme-a|1"] = []results.Row{a}
		d.Rows[l+"|lme-b|1"] = []results.Row{b}
		d.Rows[l+"|lme-c|1"] = []results.Row{c}
	}
	for key, rows := range d.Rows {
		for i := range rows {
			rows[i].CellKey = key
		}
	}
	return d
}

func TestLoCoMoSection(t *testing.T) {
	var b strings.Builder
	datasetData().locomoSection(&b)
	out := b.String()
	for _, want := range []string{
		"`locomo10.json` (sha256 abc123); 1 conversations.",
		"Label map: **official** (1 multi-hop, 2 temporal, 3 open-domain, 4 single-hop, 5 adversarial)",
		"**Overall 1–4 = question-weighted mean over categories 1–4**",
		"Why 1–4 leads",
		"| strategy | 1 multi-hop | 2 temporal | 3 open-domain | 4 single-hop | overall 1–4 [95% CI] | all 5 pooled | 5 adversarial | evidence R@10 (1–4) |",
		// multi-hop 0.5 (pottery found, painting not); temporal 1; open-domain
		// 1 (gold cut at ';'); single-hop F1("a support group", "LGBTQ support
		// group") = 0.8; overall (0.5 + 1 + 1 + 0.8) / 4 = 0.825 (one
		// conversation: the interval resamples its questions); all five
		// (0.5 + 1 + 1 + 0.8 + 0 + 1) / 6 = 0.717.
		"| sys      | 0.500       | 1.000      | 1.000         | 0.800        | 0.825 [0.57, 1.00]   | 0.717        | 0.500         | 0.500               |",
		// The constant abstainer: 0 overall, perfect on category 5, 2/6 pooled.
		"| quiet    | 0.000       | 0.000      | 0.000         | 0.000        | 0.000 [0.00, 0.00]   | 0.333        | 1.000         | 0.500               |",
		"| n        | 1           | 1          | 1             | 1            | 4                    | 6            | 2             | 3                   |",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in:\n%s", want, out)
		}
	}
}

func TestLongMemEvalSection(t *testing.T) {
	var b strings.Builder
	datasetData().longMemEvalSection(&b)
	out := b.String()
	for _, want := range []string{
		"## LongMemEval-S (3/500) (the dataset's own evaluation)",
		"`s.json.gz` (sha256 def456); 3 questions",
		"**lexical proxy**",
		// sys: multi-session 1 of 2 (the abstention question fails), temporal 0;
		// task-averaged (0.5 + 0) / 2; overall 1/3; abstention 0.
		"| sys      | 0.500         | 0.000              | 0.250                     | 0.333   | 0.000      |",
		"| quiet    | 0.500         | 0.000              | 0.250                     | 0.333   | 1.000      |",
		"| n        | 2             | 1                  | 2                         | 3       | 1          |",
		// Session level, sys on lme-a: sessions ranked s9, s1, s8, s7, s6, s5, s2:
		// @5 holds s1 only (any 1, all 0, nDCG (1/log2 2)/(1 + 1/log2 2) = 0.5);
		// @10 holds both (s2 at rank 7: nDCG (1 + 1/log2 7) / 2 = 0.678).
		// lme-c: s3 at rank 1 scores 1 everywhere.
		"| sys      | 1.000        | 0.500        | 0.750       | 1.000         | 1.000         | 0.839       |",
		"| quiet    | 1.000 (n=1)  | 1.000 (n=1)  | 1.000 (n=1) | 1.000 (n=1)   | 1.000 (n=1)   | 1.000 (n=1) |",
		"Questions skipped (per strategy): abstention question: 1; items without provenance: quiet 1.",
		// Turn level: only lme-a has has_answer turns: s1#2 at rank 2, s2#1 at rank 11.
		"| sys      | 1.000        | 0.000        | 0.500     | 1.000         | 0.000         | 0.500     |",
		"| quiet    | n/a (n=0)    | n/a (n=0)    | n/a (n=0) | n/a (n=0)     | n/a (n=0)     | n/a (n=0) |",
		"Questions skipped (per strategy): abstention question: 1; items without provenance: quiet 1; no has_answer turn: 1.",
		"### Retrieval, session level — official protocol",
		"### Retrieval, session level — memarena view (not the official protocol)",
		"Questions skipped (per strategy): abstention question: 1; items without provenance: quiet 1; no has_answer user turn: 1.",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in:\n%s", want, out)
		}
	}
	// Official protocol, sys on lme-a. Corpus ranking (assistant turns
	// s8#2, s7#2, s6#2 dropped): s9#1, s1#2, s1#3, s8#1, s7#1, s6#1, s5#1,
	// s2#1; gold s1#2, s2#1. Turn @5: s1#2 at rank 2 → any 1, all 0, nDCG
	// 1/(1+1) = 0.5; @10: s2#1 at rank 8 → nDCG (1 + 1/log2 8)/2 = 0.667.
	// Session @5: sessions s9, s1, noans-s1, s8, s7 (s1#3 is not a gold
	// turn) → the same values; @10: the 8 turns hold 8 < 10 sessions, the
	// cut-off runs past the ranking → 1, 1, 0.667. The official
	// eval_utils.py (evaluate_retrieval, evaluate_retrieval_turn2session)
	// gives (1, 0, 0.5) and (1, 1, 0.6667) for this ranking at both levels.
	row := "| sys      | 1.000        | 0.000        | 0.500     | 1.000         | 1.000         | 0.667     |"
	if n := strings.Count(out, row); n != 2 {
		t.Errorf("official session and turn rows %q found %d times, want 2:\n%s", row, n, out)
	}
}

func TestDatasetSectionsAbsentWithoutImports(t *testing.T) {
	var b strings.Builder
	testData().datasetSections(&b)
	if b.Len() != 0 {
		t.Errorf("sections for a run without datasets:\n%s", b.String())
	}
}
