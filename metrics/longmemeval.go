package metrics

import (
	"math"
	"sort"
)

// LongMemEval evaluation (Wu et al., "LongMemEval: Benchmarking Chat
// Assistants on Long-Term Interactive Memory", ICLR 2025; code
// github.com/xiaowu0162/LongMemEval, src/retrieval/eval_utils.py and
// src/evaluation/print_qa_metrics.py):
//
//   - QA: accuracy per question type, the task-averaged accuracy (mean of
//     the per-type accuracies), the overall accuracy (mean over questions)
//     and the abstention accuracy over the questions whose id ends in
//     "_abs". The paper judges answers with GPT-4o; memarena uses the
//     configured judge when there is one and otherwise a lexical proxy
//     (see reports).
//   - Retrieval, per question and cut-off k: recall_any@k = 1 when any gold
//     id is in the top k, recall_all@k = 1 when every gold id is, and
//     nDCG@k with binary relevance and LongMemEval's DCG (the first rank
//     undiscounted, rank r ≥ 2 divided by log2(r)); the ideal ranking puts
//     every gold id first. Abstention questions are skipped (no evidence).
//     At session level the gold ids are answer_session_ids and the ranking
//     is the sessions of the ranked turns, each kept at its first
//     occurrence (LongMemEval's turn-to-session conversion, which widens
//     the cut until it holds k distinct sessions).

// LMEDCG is LongMemEval's DCG of relevances (best first) cut at k:
// rel[0] + Σ_{i=1}^{k-1} rel[i] / log2(i+1). k ≤ 0 or no relevance gives 0.
func LMEDCG(rel []float64, k int) float64 {
	if k > len(rel) {
		k = len(rel)
	}
	if k <= 0 {
		return 0
	}
	d := rel[0]
	for i := 1; i < k; i++ {
		d += rel[i] / math.Log2(float64(i+1))
	}
	return d
}

// LMERetrieval scores a ranking (ids best first, without duplicates)
// against gold ids at cut-off k ≥ 1: recall_any@k and recall_all@k in
// {0, 1}, nDCG@k in [0, 1]. Duplicate ids in ranked are counted once, at
// their first rank. With no gold ids every value is 0 (callers skip such
// questions and report why).
func LMERetrieval(ranked, gold []string, k int) (recallAny, recallAll, ndcg float64) {
	goldSet := map[string]bool{}
	for _, g := range gold {
		goldSet[g] = true
	}
	if len(goldSet) == 0 || k <= 0 {
		return 0, 0, 0
	}
	seen := map[string]bool{}
	var top []string
	for _, id := range ranked {
		if len(top) == k {
			break
		}
		if !seen[id] {
			seen[id] = true
			top = append(top, id)
		}
	}
	hits := 0
	rel := make([]float64, len(top))
	for i, id := range top {
		if goldSet[id] {
			hits++
			rel[i] = 1
		}
	}
	if hits > 0 {
		recallAny = 1
	}
	if hits == len(goldSet) {
		recallAll = 1
	}
	return recallAny, recallAll, lmeNDCG(rel, len(goldSet), k)
}

// lmeNDCG is LongMemEval's nDCG at cut-off k of binary relevances (best
// first) with nGold relevant documents in the corpus: LMEDCG(rel, k) over
// the DCG of min(nGold, k) relevant documents ranked first; 0 when there
// is none.
func lmeNDCG(rel []float64, nGold, k int) float64 {
	ideal := make([]float64, min(nGold, k))
	for i := range ideal {
		ideal[i] = 1
	}
	if idcg := LMEDCG(ideal, k); idcg > 0 {
		return LMEDCG(rel, k) / idcg
	}
	return 0
}

// RankedTurns flattens item provenance (items best first, each naming its
// turn ids) into a ranking of distinct turn ids: items in order, the ids of
// one item in the order given, each id kept at its first occurrence.
func RankedTurns(prov [][]string) []string {
	seen := map[string]bool{}
	var out []string
	for _, ids := range prov {
		for _, id := range ids {
			if id != "" && !seen[id] {
				seen[id] = true
				out = append(out, id)
			}
		}
	}
	return out
}

// RankedSessions maps a turn ranking to a ranking of distinct sessions
// (each at its first occurrence) with sessionOf; turns whose session is ""
// are skipped.
func RankedSessions(turns []string, sessionOf func(turnID string) string) []string {
	seen := map[string]bool{}
	var out []string
	for _, t := range turns {
		s := sessionOf(t)
		if s != "" && !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}

// LMEQuestion is one LongMemEval question's QA outcome.
type LMEQuestion struct {
	// Type is the question_type ("multi-session" …).
	Type string
	// Abstention is true for "_abs" questions.
	Abstention bool
	// Correct is 1 or 0 (or unavailable: the question is left out).
	Correct Value
}

// LMEQASummary aggregates LongMemEval QA outcomes.
type LMEQASummary struct {
	// Types lists the question types present, sorted.
	Types []string
	// PerType maps question type → accuracy over its questions (abstention
	// questions included, as in LongMemEval's print_qa_metrics).
	PerType map[string]Agg
	// TaskAveraged is the unweighted mean of the per-type accuracies; its N
	// is the number of types.
	TaskAveraged Agg
	// Overall is the mean over all questions.
	Overall Agg
	// Abstention is the accuracy over abstention questions.
	Abstention Agg
}

// SummarizeLMEQA computes per-type, task-averaged, overall and abstention
// accuracy from per-question outcomes; unavailable outcomes are left out of
// every denominator.
func SummarizeLMEQA(qs []LMEQuestion) LMEQASummary {
	by := map[string][]Value{}
	var all, abs []Value
	for _, q := range qs {
		if !q.Correct.OK {
			continue
		}
		by[q.Type] = append(by[q.Type], q.Correct)
		all = append(all, q.Correct)
		if q.Abstention {
			abs = append(abs, q.Correct)
		}
	}
	s := LMEQASummary{PerType: map[string]Agg{}, Overall: Mean(all), Abstention: Mean(abs)}
	for t := range by {
		s.Types = append(s.Types, t)
	}
	sort.Strings(s.Types)
	var means []Value
	for _, t := range s.Types {
		a := Mean(by[t])
		s.PerType[t] = a
		means = append(means, Of(a.Mean))
	}
	s.TaskAveraged = Mean(means)
	return s
}

// LMECorpus describes one LongMemEval question's retrieval corpus as the
// official code builds it (src/retrieval/run_retrieval.py,
// process_item_flat_index with granularity "turn"): the corpus holds the
// user turns only; the gold documents are the user turns with has_answer
// in answer sessions; the other user turns of an answer session are
// renamed ("answer" → "noans") and so count as a different session when
// turns are converted to sessions.
type LMECorpus struct {
	// IsUser reports whether a turn id is a user turn (a corpus document);
	// assistant turns are not in the official corpus and are dropped from
	// a ranking before it is scored.
	IsUser func(turnID string) bool
	// Gold are the has_answer user turn ids (the official correct_docs).
	Gold []string
	// SessionOf maps a turn id to its session id.
	SessionOf func(turnID string) string
	// AnswerSessions are the question's answer sessions
	// (answer_session_ids): their non-gold turns are credited to a
	// separate "noans" session, as the official ids are.
	AnswerSessions map[string]bool
}

// LMEOfficialTurn scores a turn ranking (distinct turn ids, best first, as
// RankedTurns makes it; turns not returned are unranked) with the official
// evaluate_retrieval at cut-off k: assistant turns are dropped (not in the
// corpus), then recall_any@k, recall_all@k over the gold turns and nDCG@k
// (LMEDCG, ideal = min(|gold|, k) relevant documents first). c.Gold must be
// non-empty (callers skip other questions and say why).
func LMEOfficialTurn(ranked []string, c LMECorpus, k int) (recallAny, recallAll, ndcg float64) {
	corpus := lmeCorpusRanking(ranked, c)
	return LMERetrieval(corpus, c.Gold, k)
}

// LMEOfficialSession scores a turn ranking at session level exactly as the
// official evaluate_retrieval_turn2session does: assistant turns dropped;
// each ranked turn mapped to its session, gold turns to their session and
// the other turns of an answer session to a distinct "noans" session (so a
// session is credited only through its has_answer user turns); the cut-off
// widened from k until the top holds k distinct sessions (or the ranking
// ends, when the ideal DCG counts every gold turn); recall_any and
// recall_all over the sessions holding gold turns; nDCG over turn
// relevances (a ranked turn is relevant when it is a gold turn) with
// LMEDCG at the widened cut-off.
func LMEOfficialSession(ranked []string, c LMECorpus, k int) (recallAny, recallAll, ndcg float64) {
	corpus := lmeCorpusRanking(ranked, c)
	gold := map[string]bool{}
	for _, g := range c.Gold {
		gold[g] = true
	}
	if len(gold) == 0 || k <= 0 {
		return 0, 0, 0
	}
	key := func(t string) string {
		s := c.SessionOf(t)
		if gold[t] || !c.AnswerSessions[s] {
			return s
		}
		return "noans\x00" + s
	}
	// Widen the cut-off until k distinct sessions are in it.
	e := len(corpus)
	ended := true
	seen := map[string]bool{}
	for i, t := range corpus {
		seen[key(t)] = true
		if i+1 >= k && len(seen) >= k {
			e, ended = i+1, false
			break
		}
	}
	correct := map[string]bool{}
	for g := range gold {
		correct[c.SessionOf(g)] = true
	}
	recalled := map[string]bool{}
	rel := make([]float64, e)
	for i, t := range corpus[:e] {
		recalled[key(t)] = true
		if gold[t] {
			rel[i] = 1
		}
	}
	hits := 0
	for s := range correct {
		if recalled[s] {
			hits++
		}
	}
	if hits > 0 {
		recallAny = 1
	}
	if hits == len(correct) {
		recallAll = 1
	}
	cut := e
	if ended {
		cut = max(e, len(gold)) // the official cut-off runs past the corpus
	}
	return recallAny, recallAll, lmeNDCG(rel, len(gold), cut)
}

// lmeCorpusRanking keeps the distinct user turns of a ranking, in order.
func lmeCorpusRanking(ranked []string, c LMECorpus) []string {
	seen := map[string]bool{}
	var out []string
	for _, t := range ranked {
		if !seen[t] && c.IsUser(t) {
			seen[t] = true
			out = append(out, t)
		}
	}
	return out
}
