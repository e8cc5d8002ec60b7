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
	inLoCoMo := func(c *results.Cell, r *results.Row) bool { _, ok := sm[c.Scenario]; return ok && !r.IsTask }
	score := func(_ *results.Cell, r *results.Row) metrics.Value { return d.locomoScore(*r) }
	var aggs [][]metrics.Agg
	for _, l := range d.Labels {
		row := make([]metrics.Agg, 0, 8)
		for c := 1; c <= 4; c++ {
			cat := c
			row = append(row, d.agg(d.probeValues(l, func(cl *results.Cell, r *results.Row) bool {
				return inLoCoMo(cl, r) && d.locomoCategory(*r) == cat
			}, score), false))
		}
		headline := func(cl *results.Cell, r *results.Row) bool {
			cat := d.locomoCategory(*r)
			return inLoCoMo(cl, r) && cat >= 1 && cat <= 4
		}
		row = append(row,
			d.agg(d.probeValues(l, headline, score), true),
			d.agg(d.probeValues(l, inLoCoMo, score), false),
			d.agg(d.probeValues(l, func(cl *results.Cell, r *results.Row) bool { return inLoCoMo(cl, r) && d.locomoCategory(*r) == 5 }, score), false),
			d.agg(d.probeValues(l, headline, func(_ *results.Cell, r *results.Row) metrics.Value { return r.Scores.RecallAtK }), false))
		aggs = append(aggs, row)
	}
	d.aggTable(w, header, d.Labels, aggs, map[int]bool{4: true})
}

// lmeQ is a LongMemEval question's facts, from its scenario's metadata.
type lmeQ struct {
	qtype    string
	abs      bool
	sessions []string // answer_session_ids
	turns    []string // has_answer turns, both roles (memarena view)
	// official is false for runs imported before the official corpus
	// facts were recorded.
	official bool
	corpus   metrics.LMECorpus
}

func splitList(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(s, ",")
}

func lmeQuestion(s results.ScenarioMeta, r results.Row) lmeQ {
	q := lmeQ{qtype: s.Meta["question_type"], abs: s.Meta["abstention"] == "true",
		sessions: splitList(s.Meta["answer_session_ids"]), turns: splitList(s.Meta["answer_turn_ids"])}
	if q.qtype == "" {
		q.qtype = r.Category
	}
	gold, ok := s.Meta["answer_user_turn_ids"]
	q.official = ok
	roles := s.Meta["turn_roles"]
	ans := map[string]bool{}
	for _, a := range q.sessions {
		ans[a] = true
	}
	q.corpus = metrics.LMECorpus{
		IsUser:         func(id string) bool { return longmemeval.TurnIsUser(id, roles) },
		Gold:           splitList(gold),
		SessionOf:      longmemeval.SessionOfTurn,
		AnswerSessions: ans,
	}
	return q
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
// questions: fact accuracy, i.e. the gold answer is contained in the
// answer as a phrase).
func lmeCorrect(q lmeQ, r results.Row, judged bool) metrics.Value {
	if judged {
		return r.JudgeCorrect
	}
	if q.abs {
		return r.Scores.AbstentionAcc
	}
	return r.Scores.FactAccuracy
}

// LongMemEval retrieval protocols.
const (
	lmeOfficial = "official"
	lmeMemarena = "memarena"
)

// lmeSkip says why a LongMemEval row has no retrieval metrics at a level
// ("session" or "turn") under a protocol, or "" when it has them.
func lmeSkip(q lmeQ, r results.Row, protocol, level string) string {
	switch {
	case q.abs:
		return "abstention question"
	case protocol == lmeOfficial && len(q.corpus.Gold) == 0:
		return "no has_answer user turn"
	case protocol == lmeMemarena && level == "turn" && len(q.turns) == 0:
		return "no has_answer turn"
	case protocol == lmeMemarena && level == "session" && len(q.sessions) == 0:
		return "no answer session in the haystack"
	}
	if r.Items > 0 && len(metrics.RankedTurns(r.Provenance)) == 0 {
		return "items without provenance"
	}
	return ""
}

// lmeRetrieval scores one row: recall_any, recall_all and nDCG at k.
func lmeRetrieval(q lmeQ, r results.Row, protocol, level string, k int) (float64, float64, float64) {
	ranked := metrics.RankedTurns(r.Provenance)
	switch {
	case protocol == lmeOfficial && level == "turn":
		return metrics.LMEOfficialTurn(ranked, q.corpus, k)
	case protocol == lmeOfficial:
		return metrics.LMEOfficialSession(ranked, q.corpus, k)
	case level == "turn":
		return metrics.LMERetrieval(ranked, q.turns, k)
	}
	return metrics.LMERetrieval(metrics.RankedSessions(ranked, longmemeval.SessionOfTurn), q.sessions, k)
}

func (d *Data) longMemEvalSection(w io.Writer) {
	sm := d.scenariosOf("longmemeval")
	if len(sm) == 0 {
		return
	}
	names := map[string]bool{}
	official := true
	for _, s := range sm {
		names[s.Meta["dataset"]] = true
		if _, ok := s.Meta["answer_user_turn_ids"]; !ok {
			official = false
		}
	}
	ds := sortedKeys(names)
	judged := d.lmeJudged(sm)
	inLME := func(c *results.Cell, r *results.Row) bool { _, ok := sm[c.Scenario]; return ok && !r.IsTask }
	question := func(c *results.Cell, r *results.Row) lmeQ { return lmeQuestion(sm[c.Scenario], *r) }
	fmt.Fprintf(w, "## %s (the dataset's own evaluation)\n\n", strings.Join(ds, ", "))
	fmt.Fprintf(w, "- Data: %s; %d questions (one scenario each).\n", strings.Join(datasetFiles(sm), ", "), len(sm))
	if judged {
		fmt.Fprintln(w, "- Accuracy: the LLM judge's verdict (LongMemEval's paper uses GPT-4o with type-specific prompts); rows the judge could not grade are left out of the denominators.")
	} else {
		fmt.Fprintln(w, "- Accuracy: **lexical proxy** (no judge configured; LongMemEval's paper uses a GPT-4o judge): a question counts as correct when the gold answer is contained in the answer as a phrase; an abstention question (`_abs`) when the answer declines. Long or paraphrased gold answers (preferences) rarely pass, so compare strategies with each other, not with published numbers.")
	}
	fmt.Fprintln(w, "- Per type: accuracy over that question_type (abstention questions included, as LongMemEval's print_qa_metrics does); task-averaged = unweighted mean of the per-type accuracies; overall = mean over questions; abstention = over `_abs` questions. A question's seeds are averaged first.")
	fmt.Fprintln(w)

	// QA accuracy.
	types := map[string]bool{}
	for _, c := range d.Cells {
		if _, ok := sm[c.Scenario]; !ok {
			continue
		}
		for _, r := range d.Rows[c.Key] {
			if !r.IsTask {
				types[question(&c, &r).qtype] = true
			}
		}
	}
	typeList := sortedKeys(types)
	fmt.Fprintln(w, "### QA accuracy by question type")
	fmt.Fprintln(w)
	header := append(append([]string{"strategy"}, typeList...), "task-averaged (n = types)", "overall", "abstention")
	var aggs [][]metrics.Agg
	for _, l := range d.Labels {
		correct := d.probeValues(l, inLME, func(c *results.Cell, r *results.Row) metrics.Value { return lmeCorrect(question(c, r), *r, judged) })
		var qs []metrics.LMEQuestion
		for i := range correct.keys {
			s := sm[correct.clusters[i]]
			qs = append(qs, metrics.LMEQuestion{Type: lmeQuestion(s, results.Row{}).qtype, Abstention: s.Meta["abstention"] == "true", Correct: correct.vals[i]})
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

	// Retrieval: the official protocol first, then memarena's own views.
	type view struct{ protocol, level, title, text string }
	views := []view{
		{lmeOfficial, "session", "### Retrieval, session level — official protocol",
			"As LongMemEval's run_retrieval.py and eval_utils.py (evaluate_retrieval_turn2session) score a turn retriever: the corpus is the user turns (assistant turns in a strategy's ranking are dropped, as they are not in the official corpus; turns a strategy did not return are unranked); a ranked turn counts for its session only when it is a has_answer user turn — the other turns of an answer session count as a different (\"noans\") session; the cut-off is widened from k until it holds k distinct sessions; recall_any@k = 1 when a session holding a has_answer user turn is in it, recall_all@k = 1 when all are; nDCG@k scores the has_answer user turns in the widened cut-off with LongMemEval's DCG (rank 1 undiscounted, rank r ≥ 2 divided by log2 r). Questions are skipped as the official script skips them: abstention questions and questions with no has_answer user turn."},
		{lmeOfficial, "turn", "### Retrieval, turn level — official protocol",
			"As LongMemEval's evaluate_retrieval at turn granularity: the top k user turns of the ranking (assistant turns dropped); gold = the has_answer user turns; recall_any@k, recall_all@k, nDCG@k as above. Same skips."},
		{lmeMemarena, "session", "### Retrieval, session level — memarena view (not the official protocol)",
			"memarena's own view, for comparison only: every returned turn, user or assistant, credits its session; the ranking is the sessions of the ranked turns, each at its first occurrence, cut at k distinct sessions; gold = answer_session_ids."},
		{lmeMemarena, "turn", "### Retrieval, turn level — memarena view (not the official protocol)",
			"memarena's own view, for comparison only: the top k distinct turns of either role; gold = every has_answer turn, assistant turns included."},
	}
	if !official {
		fmt.Fprintln(w, "This run's LongMemEval import predates the official-corpus facts (answer_user_turn_ids, turn_roles): re-run the import for the official retrieval protocol; only memarena's views follow.")
		fmt.Fprintln(w)
		views = views[2:]
	}
	for _, v := range views {
		fmt.Fprintln(w, v.title)
		fmt.Fprintln(w)
		fmt.Fprintln(w, v.text)
		fmt.Fprintln(w)
		header := []string{"strategy"}
		for _, k := range LMECutoffs {
			header = append(header, fmt.Sprintf("recall_any@%d", k), fmt.Sprintf("recall_all@%d", k), fmt.Sprintf("nDCG@%d", k))
		}
		var aggs [][]metrics.Agg
		skips := map[string]map[string]map[string]bool{} // reason → label → probes
		for _, l := range d.Labels {
			for _, c := range d.Cells {
				for _, r := range d.Rows[c.Key] {
					if c.Label != l || !inLME(&c, &r) {
						continue
					}
					if s := lmeSkip(question(&c, &r), r, v.protocol, v.level); s != "" {
						if skips[s] == nil {
							skips[s] = map[string]map[string]bool{}
						}
						if skips[s][l] == nil {
							skips[s][l] = map[string]bool{}
						}
						skips[s][l][probeKey(&c, &r)] = true
					}
				}
			}
			row := make([]metrics.Agg, 0, 3*len(LMECutoffs))
			for _, k := range LMECutoffs {
				for part := range 3 {
					cut, p := k, part
					row = append(row, d.agg(d.probeValues(l, inLME, func(c *results.Cell, r *results.Row) metrics.Value {
						q := question(c, r)
						if lmeSkip(q, *r, v.protocol, v.level) != "" {
							return metrics.NA
						}
						a, b, n := lmeRetrieval(q, *r, v.protocol, v.level, cut)
						return metrics.Of([3]float64{a, b, n}[p])
					}), false))
				}
			}
			aggs = append(aggs, row)
		}
		d.aggTable(w, header, d.Labels, aggs, nil)
		if len(skips) > 0 {
			var parts []string
			for _, why := range sortedKeys(skips) {
				counts := skips[why]
				same := true
				for _, l := range d.Labels {
					if len(counts[l]) != len(counts[d.Labels[0]]) {
						same = false
					}
				}
				if same {
					parts = append(parts, fmt.Sprintf("%s: %d", why, len(counts[d.Labels[0]])))
					continue
				}
				var per []string
				for _, l := range d.Labels {
					if len(counts[l]) > 0 {
						per = append(per, fmt.Sprintf("%s %d", l, len(counts[l])))
					}
				}
				parts = append(parts, fmt.Sprintf("%s: %s", why, strings.Join(per, ", ")))
			}
			fmt.Fprintf(w, "Questions skipped (per strategy): %s.\n\n", strings.Join(parts, "; "))
		}
	}
}
