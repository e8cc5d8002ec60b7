package reports

import (
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"

	"github.com/memarena/memarena/datasets/longmemeval"
	"github.com/memarena/memarena/internal/results"
	"github.com/memarena/memarena/metrics"
)

// Dataset-standard sections: the numbers LoCoMo and LongMemEval papers
// report, computed the way each dataset's own evaluation computes them, for
// the scenarios the run imported from those datasets (recognized by
// ScenarioMeta.Meta["importer"]).

// LMECutoffs are the cut-offs k of the LongMemEval retrieval tables.
var LMECutoffs = []int{5, 10}

// datasetSections writes the LoCoMo and LongMemEval sections when the run
// holds scenarios from those importers.
func (d *Data) datasetSections(w io.Writer) {
	d.locomoSection(w)
	d.longMemEvalSection(w)
}

// scenariosOf returns the metadata of the run's scenarios imported by
// importer, by scenario id.
func (d *Data) scenariosOf(importer string) map[string]results.ScenarioMeta {
	out := map[string]results.ScenarioMeta{}
	for _, s := range d.Meta.Scenarios {
		if s.Meta["importer"] == importer {
			out[s.ID] = s
		}
	}
	return out
}

// datasetFiles lists "`file` (sha256 …)" for the distinct files of sm.
func datasetFiles(sm map[string]results.ScenarioMeta) []string {
	seen := map[string]bool{}
	var out []string
	for _, s := range sm {
		f := fmt.Sprintf("`%s` (sha256 %s)", s.Meta["file"], s.Meta["sha256"])
		if !seen[f] {
			seen[f] = true
			out = append(out, f)
		}
	}
	sort.Strings(out)
	return out
}

// aggTable renders one row per label of aggregates plus an "n" row holding
// each column's largest denominator; a cell with a smaller denominator
// shows "(n=X)". Columns in ci print their bootstrap interval.
func (d *Data) aggTable(w io.Writer, header []string, labels []string, aggs [][]metrics.Agg, ci map[int]bool) {
	ncol := len(header) - 1
	ns := make([]int, ncol)
	for _, row := range aggs {
		for j, a := range row {
			if a.N > ns[j] {
				ns[j] = a.N
			}
		}
	}
	var rows [][]string
	for i, l := range labels {
		r := []string{d.display(l)}
		for j, a := range aggs[i] {
			s := fmtAgg(a, ci[j])
			if a.N != ns[j] {
				s += fmt.Sprintf(" (n=%d)", a.N)
			}
			r = append(r, s)
		}
		rows = append(rows, r)
	}
	nrow := []string{"n"}
	for _, n := range ns {
		nrow = append(nrow, fmt.Sprint(n))
	}
	table(w, header, append(rows, nrow))
}

// locomoCells are the keys of the cells that run LoCoMo scenarios.
func (d *Data) locomoCells() map[string]bool {
	if d.locomo == nil {
		d.locomo = map[string]bool{}
		sm := d.scenariosOf("locomo")
		for _, c := range d.Cells {
			if _, ok := sm[c.Scenario]; ok {
				d.locomo[c.Key] = true
			}
		}
	}
	return d.locomo
}

// hasLoCoMo reports whether the run holds LoCoMo scenarios.
func (d *Data) hasLoCoMo() bool { return len(d.locomoCells()) > 0 }

// locomoCategory is a LoCoMo row's numeric category (1–5), or 0.
func (d *Data) locomoCategory(r results.Row) int {
	if r.IsTask || !d.locomoCells()[r.CellKey] {
		return 0
	}
	cat, err := strconv.Atoi(r.Category)
	if err != nil || cat < 1 || cat > 5 {
		return 0
	}
	return cat
}

// locomoScore is a row's LoCoMo score as the dataset's own evaluation
// computes it (NA outside LoCoMo).
func (d *Data) locomoScore(r results.Row) metrics.Value {
	cat := d.locomoCategory(r)
	if cat == 0 {
		return metrics.NA
	}
	gold := ""
	if len(r.GoldAnswers) > 0 {
		gold = r.GoldAnswers[0]
	}
	s, err := metrics.LoCoMoScore(cat, r.Answer, gold)
	if err != nil {
		return metrics.NA
	}
	return metrics.Of(s)
}

// locomoCol is the per-probe LoCoMo score as a metric column; headline
// restricts it to categories 1–4 (the leaderboard's LoCoMo F1).
func (d *Data) locomoCol(headline bool) metricCol {
	return metricCol{metrics.OfficialLoCoMoF1, func(r results.Row) metrics.Value {
		if headline && d.locomoCategory(r) == 5 {
			return metrics.NA
		}
		return d.locomoScore(r)
	}}
}

func (d *Data) locomoSection(w io.Writer) {
	sm := d.scenariosOf("locomo")
	if len(sm) == 0 {
		return
	}
	maps := map[string]bool{}
	for _, s := range sm {
		maps[s.Meta["label_map"]] = true
	}
	labelMap := ""
	if len(maps) == 1 {
		for m := range maps {
			labelMap = m
		}
	}
	name := func(c int) string {
		if labelMap == "" {
			return fmt.Sprintf("category %d", c)
		}
		n, err := metrics.LoCoMoCategoryName(labelMap, c)
		if err != nil {
			return fmt.Sprintf("category %d", c)
		}
		return fmt.Sprintf("%d %s", c, n)
	}
	fmt.Fprintln(w, "## LoCoMo (the dataset's own evaluation)")
	fmt.Fprintln(w)
	fmt.Fprintf(w, "- Data: %s; %d conversations.\n", strings.Join(datasetFiles(sm), ", "), len(sm))
	if labelMap != "" {
		var parts []string
		for c := 1; c <= 5; c++ {
			parts = append(parts, name(c))
		}
		fmt.Fprintf(w, "- Label map: **%s** (%s). Tables built with another map (e.g. mem0-paper: 1 single-hop, 3 multi-hop, 4 open-domain) are not comparable per category.\n", labelMap, strings.Join(parts, ", "))
	} else {
		fmt.Fprintln(w, "- Label map: mixed across scenarios; categories are shown by number.")
	}
	fmt.Fprintln(w, "- Score: LoCoMo's evaluation code (task_eval/evaluation.py), by category number whatever the label map: token F1 over NLTK-Porter stems after its normalization; category 1 answers split on commas, best match per gold part, averaged; category 3 gold cut at its first ';'; category 5 scores 1 when the answer contains \"not mentioned\" or \"no information available\".")
	fmt.Fprintln(w, "- **Overall 1–4 = question-weighted mean over categories 1–4** (the headline; the convention of later LoCoMo papers, e.g. Mem0); **all 5 pooled** = the question-weighted mean over every category, as LoCoMo's own analyze_aggr_acc (task_eval/evaluation_stats.py) computes it.")
	fmt.Fprintln(w, "- Why 1–4 leads: category 5 scores 1 for any answer containing \"not mentioned\", so the five-category pooling rewards a memory that declines everything (the `none` row shows what a constant \"not mentioned\" scores); category 5 is shown apart instead.")
	fmt.Fprintf(w, "- Evidence R@%d: memarena's capped recall@k of the gold evidence dia_ids from item provenance — covered gold turns over min(|gold|, k) — over category 1–4 questions with valid evidence ids (the import report counts those without); with this denominator the oracle's ceiling is 1 even for questions with more than k evidence turns.\n", d.Meta.K)
	fmt.Fprintln(w, "- Each value is a mean over questions (a question's seeds averaged first); the interval is a cluster bootstrap over conversations.")
	fmt.Fprintln(w)
	header := []string{"strategy"}
	for c := 1; c <= 4; c++ {
		header = append(header, name(c))
	}
	header = append(header, "overall 1–4 [95% CI]", "all 5 pooled", name(5), fmt.Sprintf("evidence R@%d (1–4)", d.Meta.K))
	inLoCoMo := func(c results.Cell, r results.Row) bool { _, ok := sm[c.Scenario]; return ok && !r.IsTask }
	score := func(_ results.Cell, r results.Row) metrics.Value { return d.locomoScore(r) }
	var aggs [][]metrics.Agg
	for _, l := range d.Labels {
		row := make([]metrics.Agg, 0, 8)
		for c := 1; c <= 4; c++ {
			cat := c
			row = append(row, d.agg(d.probeValues(l, func(cl results.Cell, r results.Row) bool {
				return inLoCoMo(cl, r) && d.locomoCategory(r) == cat
			}, score), false))
		}
		headline := func(cl results.Cell, r results.Row) bool {
			cat := d.locomoCategory(r)
			return inLoCoMo(cl, r) && cat >= 1 && cat <= 4
		}
		row = append(row,
			d.agg(d.probeValues(l, headline, score), true),
			d.agg(d.probeValues(l, inLoCoMo, score), false),
			d.agg(d.probeValues(l, func(cl results.Cell, r results.Row) bool { return inLoCoMo(cl, r) && d.locomoCategory(r) == 5 }, score), false),
			d.agg(d.probeValues(l, headline, func(_ results.Cell, r results.Row) metrics.Value { return r.Scores.RecallAtK }), false))
		aggs = append(aggs, row)
	}
	d.aggTable(w, header, d.Labels, aggs, map[int]bool{4: true})
}

// lmeRow is one LongMemEval probe row with its question facts.
type lmeRow struct {
	row      results.Row
	qtype    string
	abs      bool
	sessions []string
	turns    []string
}

func splitList(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(s, ",")
}

func (d *Data) lmeRows(label string, sm map[string]results.ScenarioMeta) []lmeRow {
	var out []lmeRow
	for _, c := range d.Cells {
		s, ok := sm[c.Scenario]
		if c.Label != label || !ok {
			continue
		}
		for _, r := range d.Rows[c.Key] {
			if r.IsTask {
				continue
			}
			qt := s.Meta["question_type"]
			if qt == "" {
				qt = r.Category
			}
			out = append(out, lmeRow{row: r, qtype: qt, abs: s.Meta["abstention"] == "true",
				sessions: splitList(s.Meta["answer_session_ids"]), turns: splitList(s.Meta["answer_turn_ids"])})
		}
	}
	return out
}

// lmeJudged reports whether the run's answers were judged by an LLM judge.
func (d *Data) lmeJudged(sm map[string]results.ScenarioMeta) bool {
	if d.Meta.Judge != "" {
		return true
	}
	for _, c := range d.Cells {
		if _, ok := sm[c.Scenario]; !ok {
			continue
		}
		for _, r := range d.Rows[c.Key] {
			if r.JudgeBy != "" {
				return true
			}
		}
	}
	return false
}

// lmeCorrect is a row's QA outcome: the judge's verdict when the run was
// judged, else the lexical proxy (abstention: the answer declines; other
// questions: fact accuracy, i.e. the gold answer's content stems are all in
// the answer).
func lmeCorrect(r lmeRow, judged bool) metrics.Value {
	if judged {
		return r.row.JudgeCorrect
	}
	if r.abs {
		return r.row.Scores.AbstentionAcc
	}
	return r.row.Scores.FactAccuracy
}

// lmeSkip says why a LongMemEval row has no retrieval metrics at
// a level ("session" or "turn"), or "" when it has them.
func lmeSkip(r lmeRow, level string) string {
	switch {
	case r.abs:
		return "abstention question"
	case level == "turn" && len(r.turns) == 0:
		return "no has_answer turn"
	case level == "session" && len(r.sessions) == 0:
		return "no answer session in the haystack"
	}
	if r.row.Items > 0 && len(metrics.RankedTurns(r.row.Provenance)) == 0 {
		return "items without provenance"
	}
	return ""
}

func (d *Data) longMemEvalSection(w io.Writer) {
	sm := d.scenariosOf("longmemeval")
	if len(sm) == 0 {
		return
	}
	names := map[string]bool{}
	for _, s := range sm {
		names[s.Meta["dataset"]] = true
	}
	var ds []string
	for n := range names {
		ds = append(ds, n)
	}
	sort.Strings(ds)
	judged := d.lmeJudged(sm)
	fmt.Fprintf(w, "## %s (the dataset's own evaluation)\n\n", strings.Join(ds, ", "))
	fmt.Fprintf(w, "- Data: %s; %d questions (one scenario each).\n", strings.Join(datasetFiles(sm), ", "), len(sm))
	if judged {
		fmt.Fprintln(w, "- Accuracy: the LLM judge's verdict (LongMemEval's paper uses GPT-4o with type-specific prompts); rows the judge could not grade are left out of the denominators.")
	} else {
		fmt.Fprintln(w, "- Accuracy: **lexical proxy** (no judge configured; LongMemEval's paper uses a GPT-4o judge): a question counts as correct when every content stem of the gold answer occurs in the answer; an abstention question (`_abs`) when the answer declines. Long or paraphrased gold answers (preferences) rarely pass, so compare strategies with each other, not with published numbers.")
	}
	fmt.Fprintln(w, "- Per type: accuracy over that question_type (abstention questions included, as LongMemEval's print_qa_metrics does); task-averaged = unweighted mean of the per-type accuracies; overall = mean over questions; abstention = over `_abs` questions.")
	fmt.Fprintln(w)

	// QA accuracy.
	types := map[string]bool{}
	perLabel := map[string][]lmeRow{}
	for _, l := range d.Labels {
		perLabel[l] = d.lmeRows(l, sm)
		for _, r := range perLabel[l] {
			types[r.qtype] = true
		}
	}
	var typeList []string
	for t := range types {
		typeList = append(typeList, t)
	}
	sort.Strings(typeList)
	fmt.Fprintln(w, "### QA accuracy by question type")
	fmt.Fprintln(w)
	header := append(append([]string{"strategy"}, typeList...), "task-averaged (n = types)", "overall", "abstention")
	var aggs [][]metrics.Agg
	for _, l := range d.Labels {
		var qs []metrics.LMEQuestion
		for _, r := range perLabel[l] {
			qs = append(qs, metrics.LMEQuestion{Type: r.qtype, Abstention: r.abs, Correct: lmeCorrect(r, judged)})
		}
		sum := metrics.SummarizeLMEQA(qs)
		row := make([]metrics.Agg, 0, len(typeList)+3)
		for _, t := range typeList {
			a, ok := sum.PerType[t]
			if !ok {
				a = metrics.Mean(nil)
			}
			row = append(row, a)
		}
		row = append(row, sum.TaskAveraged, sum.Overall, sum.Abstention)
		aggs = append(aggs, row)
	}
	d.aggTable(w, header, d.Labels, aggs, nil)

	// Retrieval.
	for _, level := range []string{"session", "turn"} {
		if level == "session" {
			fmt.Fprintln(w, "### Retrieval, session level (gold: answer_session_ids)")
			fmt.Fprintln(w)
			fmt.Fprintln(w, "The ranking is the sessions of the ranked turns (item provenance, items best first), each session at its first occurrence; the top k distinct sessions are scored (LongMemEval's turn-to-session conversion). recall_any@k = 1 when a gold session is among them, recall_all@k = 1 when all are; nDCG@k uses LongMemEval's DCG (rank 1 undiscounted, rank r ≥ 2 divided by log2 r) over distinct sessions (the official script credits every turn of a gold session instead).")
		} else {
			fmt.Fprintln(w, "### Retrieval, turn level (gold: turns with has_answer)")
			fmt.Fprintln(w)
			fmt.Fprintln(w, "The ranking is the distinct turn ids of the items' provenance, items best first; the top k turns are scored. (LongMemEval's turn corpus holds user turns only; memarena's strategies store both roles, and assistant turns with has_answer count as gold.)")
		}
		fmt.Fprintln(w)
		header := []string{"strategy"}
		for _, k := range LMECutoffs {
			header = append(header, fmt.Sprintf("recall_any@%d", k), fmt.Sprintf("recall_all@%d", k), fmt.Sprintf("nDCG@%d", k))
		}
		var aggs [][]metrics.Agg
		skips := map[string]map[string]int{} // reason → label → count
		for _, l := range d.Labels {
			vals := make([][]metrics.Value, 3*len(LMECutoffs))
			for _, r := range perLabel[l] {
				if why := lmeSkip(r, level); why != "" {
					if skips[why] == nil {
						skips[why] = map[string]int{}
					}
					skips[why][l]++
					continue
				}
				ranked := metrics.RankedTurns(r.row.Provenance)
				gold := r.turns
				if level == "session" {
					ranked = metrics.RankedSessions(ranked, longmemeval.SessionOfTurn)
					gold = r.sessions
				}
				for i, k := range LMECutoffs {
					ra, all, ndcg := metrics.LMERetrieval(ranked, gold, k)
					vals[3*i] = append(vals[3*i], metrics.Of(ra))
					vals[3*i+1] = append(vals[3*i+1], metrics.Of(all))
					vals[3*i+2] = append(vals[3*i+2], metrics.Of(ndcg))
				}
			}
			row := make([]metrics.Agg, len(vals))
			for j, v := range vals {
				row[j] = metrics.Mean(v)
			}
			aggs = append(aggs, row)
		}
		d.aggTable(w, header, d.Labels, aggs, nil)
		if len(skips) > 0 {
			var reasons []string
			for why := range skips {
				reasons = append(reasons, why)
			}
			sort.Strings(reasons)
			var parts []string
			for _, why := range reasons {
				counts := skips[why]
				same := true
				first := -1
				for _, l := range d.Labels {
					if first < 0 {
						first = counts[l]
					} else if counts[l] != first {
						same = false
					}
				}
				if same {
					parts = append(parts, fmt.Sprintf("%s: %d", why, first))
					continue
				}
				var per []string
				for _, l := range d.Labels {
					if counts[l] > 0 {
						per = append(per, fmt.Sprintf("%s %d", l, counts[l]))
					}
				}
				parts = append(parts, fmt.Sprintf("%s: %s", why, strings.Join(per, ", ")))
			}
			fmt.Fprintf(w, "Questions skipped (per strategy): %s.\n\n", strings.Join(parts, "; "))
		}
	}
}
