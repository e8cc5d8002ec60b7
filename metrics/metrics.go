// Package metrics defines every number memarena reports — in one place, with
// its definition, range and denominator (Defs) — and computes them: per
// probe from the probe's gold, the strategy's recall and the reader's
// answer (facts and stale values matched as phrases, see Mentions and
// StatesAsCurrent), then aggregated with means and seeded cluster-bootstrap
// confidence intervals (package internal/stats), one value per probe.
//
// A metric that cannot be computed for a probe (no gold evidence, no gold
// path, no provenance, not the probe's kind) is unavailable — a Value with
// OK false — never 0, and aggregates report how many probes they average
// over (the denominator).
package metrics

import (
	"strings"

	"github.com/memarena/memarena/internal/reader"
	"github.com/memarena/memarena/internal/textutil"
)

// Value is a metric value that may be unavailable.
type Value struct {
	V  float64
	OK bool
}

// Of returns an available value.
func Of(v float64) Value { return Value{V: v, OK: true} }

// NA is the unavailable value.
var NA = Value{}

// Bool returns 1 or 0 as an available value.
func Bool(b bool) Value {
	if b {
		return Of(1)
	}
	return Of(0)
}

// Def documents one metric.
type Def struct {
	// Name is the column name.
	Name string
	// Title is the short header used in markdown tables.
	Title string
	// Definition says how it is computed.
	Definition string
	// Range of values, e.g. "[0, 1]".
	Range string
	// Denominator says which probes (or cells) it averages over.
	Denominator string
	// HigherIsBetter orders leaderboards.
	HigherIsBetter bool
	// Timing marks wall-clock metrics, which are not deterministic.
	Timing bool
}

// Metric names.
const (
	AnswerF1         = "answer_f1"
	ExactMatch       = "exact_match"
	FactAccuracy     = "fact_accuracy"
	RecallAtK        = "recall_at_k"
	ContextRecall    = "context_recall"
	NDCGAtK          = "ndcg_at_k"
	MRR              = "mrr"
	AnswerInContext  = "answer_in_context"
	OfficialLoCoMoF1 = "locomo_f1"
	PathReuse        = "path_reuse"
	FullPathReuse    = "full_path_reuse"
	StaleFactRate    = "stale_fact_rate"
	StaleInContext   = "stale_in_context"
	// AbstentionRecall is stored per probe in Scores.AbstentionAcc.
	AbstentionRecall = "abstention_recall"
	FalseAbstention  = "false_abstention"
	AbstentionF1     = "abstention_f1"
	JudgeAccuracy    = "judge_accuracy"
	TaskSuccess      = "task_success"
	ContextTokens    = "context_tokens"
	AnswerTokens     = "answer_tokens"
	WriteTokens      = "write_tokens"
	WritePer1kTurns  = "write_tokens_per_1k_turns"
	OverrunTokens    = "overrun_tokens"
	RetrieveMS       = "retrieve_ms"
	IngestMS         = "ingest_ms"
)

// Defs lists every reported metric with its documentation, in report order.
var Defs = []Def{
	{AnswerF1, "F1", "token F1 between the answer and the best-matching gold answer after LoCoMo normalization (lowercase, punctuation and a/an/the/and removed, Snowball-stemmed)", "[0, 1]", "probes with gold answers (not abstention)", true, false},
	{ExactMatch, "EM", "1 when the normalized answer equals a normalized gold answer", "{0, 1}", "probes with gold answers (not abstention)", true, false},
	{FactAccuracy, "fact acc", "share of required facts contained in the answer as a phrase (the fact's content stems contiguous in the answer; numbers are whole tokens, so \"5 mg\" is not in \"7.5 mg\"); without required facts, 1 when a gold answer is contained", "[0, 1]", "probes with required facts or gold answers (not abstention)", true, false},
	{RecallAtK, "R@k", "gold evidence turns covered by the provenance (turn ids) of the top-k returned items, divided by min(|gold|, k) (capped recall: a probe with more than k gold turns can still score 1, so the oracle's ceiling is 1)", "[0, 1]", "probes with gold evidence whose recall has provenance (items without turn ids make it unavailable)", true, false},
	{ContextRecall, "R@ctx", "share of gold evidence turns covered by the provenance of all items delivered in the context, whatever their rank (denominator |gold|)", "[0, 1]", "as R@k", true, false},
	{NDCGAtK, "nDCG@k", "binary-gain nDCG over the top-k items: an item gains 1 when its provenance covers a gold evidence turn not covered by an earlier item; ideal DCG places min(|gold|, k) gains first", "[0, 1]", "as R@k", true, false},
	{MRR, "MRR", "1 / rank of the first item whose provenance covers a gold evidence turn; 0 when none does", "[0, 1]", "as R@k", true, false},
	{OfficialLoCoMoF1, "LoCoMo F1", "LoCoMo's own per-question score (snap-research/LoCoMo task_eval/evaluation.py, see LoCoMoScore): token F1 over NLTK-Porter stems of its normalization (category 1 split on commas, best match per gold part; category 3 gold cut at its first ';'); category 5 scores 1 when the answer contains \"not mentioned\" or \"no information available\"", "[0, 1]", "LoCoMo probes (the leaderboard column averages categories 1–4)", true, false},
	{AnswerInContext, "ans∈ctx", "1 when some gold answer is contained in the rendered context as a phrase (as fact acc)", "{0, 1}", "probes with gold answers", true, false},
	{PathReuse, "path reuse", "share of the gold reusable path's turn ids covered by the provenance of all returned items", "[0, 1]", "probes with a gold path (path-reuse probes)", true, false},
	{FullPathReuse, "full reuse", "1 when path reuse is 1 (the whole gold path was recalled)", "{0, 1}", "as path reuse", true, false},
	{StaleFactRate, "stale rate", "1 when the answer states a superseded value (a stale fact, matched as a phrase) as current: an occurrence marked as replaced or negated (\"from X to Y\", \"Y, not X\", \"no longer X\", \"X was replaced\") does not count, whether or not the gold answer is also named", "{0, 1}", "probes with stale facts (knowledge-update probes)", false, false},
	{StaleInContext, "stale in ctx", "1 when some returned item the strategy presents as current (not marked superseded or conditional) states a stale fact as current (the stale-rate rule): the memory itself, not the reader, offers the old value as current", "{0, 1}", "probes with stale facts", false, false},
	{AbstentionRecall, "abstain recall", "1 when the answer declines (\"not mentioned\", \"no information\" …) on an unanswerable probe; one-sided (a memory that always declines scores 1): read it with false abstention and abstention F1", "{0, 1}", "abstention (unanswerable) probes", true, false},
	{FalseAbstention, "false abstain", "1 when the answer declines on an answerable probe", "{0, 1}", "answerable probes (gold answers, not abstention)", false, false},
	{AbstentionF1, "abstain F1", "two-sided abstention: the harmonic mean of abstention recall (declined / unanswerable probes) and the answer rate on answerable probes (1 − false-abstention rate), 2RA / (R + A); a memory that always declines, or never does, scores 0. Needs answerable and unanswerable probes in the group (else n/a)", "[0, 1]", "groups with both answerable and unanswerable probes (one value per strategy and group, not a per-probe mean)", true, false},
	{JudgeAccuracy, "judge acc", "1 when the LLM judge's verdict is CORRECT, 0 when INCORRECT (strict verdict parser; see the judge section for the judge model and prompt version); judge_failed probes are left out and counted apart, never as wrong", "{0, 1}", "probes graded by the LLM judge with a readable verdict; never pooled across different judges", true, false},
	{TaskSuccess, "task success", "at the start of a session, the task goal is the query: 1 when every required fact is contained in the context and no stale fact is contained in an item presented as current", "{0, 1}", "session tasks with required or stale facts", true, false},
	{ContextTokens, "ctx tok", "tokens of the context handed to the reader (after any cut to the budget)", "[0, budget]", "probes", false, false},
	{AnswerTokens, "answer tok", "prompt + completion tokens of the reader call", "≥ 0", "probes", false, false},
	{WriteTokens, "write tok", "prompt + completion tokens of every model call on the write side (ingest, end of session) of a cell", "≥ 0", "cells", false, false},
	{WritePer1kTurns, "write tok/1k turns", "write tokens × 1000 / turns ingested", "≥ 0", "cells", false, false},
	{OverrunTokens, "overrun", "tokens by which a strategy's context exceeded the budget before the runner cut it", "≥ 0", "probes", false, false},
	{RetrieveMS, "retrieve ms", "wall-clock milliseconds of one Retrieve (timing: not deterministic)", "≥ 0", "probes", false, true},
	{IngestMS, "ingest ms", "wall-clock milliseconds of one Ingest (timing: not deterministic)", "≥ 0", "turns", false, true},
}

// DefOf returns the definition of a metric by name.
func DefOf(name string) (Def, bool) {
	for _, d := range Defs {
		if d.Name == name {
			return d, true
		}
	}
	return Def{}, false
}

// F1 is the LoCoMo/SQuAD token F1 between a prediction and one gold answer
// over NormalizeTokens (multiset overlap). Both empty gives 1; one empty 0.
func F1(pred, gold string) float64 {
	p := textutil.NormalizeTokens(pred)
	g := textutil.NormalizeTokens(gold)
	if len(p) == 0 || len(g) == 0 {
		if len(p) == len(g) {
			return 1
		}
		return 0
	}
	counts := map[string]int{}
	for _, t := range g {
		counts[t]++
	}
	common := 0
	for _, t := range p {
		if counts[t] > 0 {
			counts[t]--
			common++
		}
	}
	if common == 0 {
		return 0
	}
	prec := float64(common) / float64(len(p))
	rec := float64(common) / float64(len(g))
	return 2 * prec * rec / (prec + rec)
}

// BestF1 is the maximum F1 over the gold answers (0 when there are none).
func BestF1(pred string, golds []string) float64 {
	best := 0.0
	for _, g := range golds {
		if f := F1(pred, g); f > best {
			best = f
		}
	}
	return best
}

// EM reports whether the normalized prediction equals a normalized gold.
func EM(pred string, golds []string) bool {
	p := textutil.Normalize(pred)
	for _, g := range golds {
		if p == textutil.Normalize(g) {
			return true
		}
	}
	return false
}

// ProbeGold is what a probe's scoring needs of the scenario.
type ProbeGold struct {
	Kind          string
	Answers       []string
	RequiredFacts []string
	StaleFacts    []string
	Evidence      []string
	GoldPath      []string
	// RetrievalSkip, when set, makes retrieval metrics unavailable.
	RetrievalSkip string
	// Abstention marks probes whose right answer is to decline.
	Abstention bool
}

// RecallView is what scoring needs of a strategy's recall: the provenance of
// each returned item (best first) and the rendered context.
type RecallView struct {
	Provenance [][]string
	Context    string
	// CurrentTexts are the texts of the returned items presented as
	// current (status neither superseded nor conditional).
	CurrentTexts []string
}

// Scores are one probe's metric values. AbstentionAcc holds the abstention
// recall of an unanswerable probe (the abstention_recall metric).
type Scores struct {
	AnswerF1, ExactMatch, FactAccuracy     Value
	RecallAtK, ContextRecall, NDCGAtK, MRR Value
	AnswerInContext                        Value
	PathReuse, FullPathReuse               Value
	StaleFactRate, StaleInContext          Value
	AbstentionAcc                          Value
}

// Score computes the per-probe metrics at cut-off k.
func Score(g ProbeGold, r RecallView, answer string, k int) Scores {
	var s Scores
	abstained := reader.IsAbstention(answer)
	if g.Abstention {
		s.AbstentionAcc = Bool(abstained)
	} else if len(g.Answers) > 0 {
		s.AnswerF1 = Of(BestF1(answer, g.Answers))
		s.ExactMatch = Bool(EM(answer, g.Answers))
		s.AnswerInContext = Bool(anyContained(r.Context, g.Answers))
	}
	if !g.Abstention {
		switch {
		case len(g.RequiredFacts) > 0:
			n := 0
			for _, f := range g.RequiredFacts {
				if Mentions(answer, f) {
					n++
				}
			}
			s.FactAccuracy = Of(float64(n) / float64(len(g.RequiredFacts)))
		case len(g.Answers) > 0:
			s.FactAccuracy = Bool(anyContained(answer, g.Answers))
		}
	}
	if len(g.StaleFacts) > 0 {
		s.StaleFactRate = Bool(PresentsStale([]string{answer}, g.StaleFacts))
		s.StaleInContext = Bool(PresentsStale(r.CurrentTexts, g.StaleFacts))
	}
	hasProv := len(r.Provenance) == 0
	for _, p := range r.Provenance {
		if len(p) > 0 {
			hasProv = true
		}
	}
	if len(g.Evidence) > 0 && g.RetrievalSkip == "" && hasProv {
		rec, ndcg, mrr := Retrieval(g.Evidence, r.Provenance, k)
		s.RecallAtK, s.NDCGAtK, s.MRR = Of(rec), Of(ndcg), Of(mrr)
		s.ContextRecall = Of(Coverage(g.Evidence, r.Provenance))
	}
	if len(g.GoldPath) > 0 && hasProv {
		covered := map[string]bool{}
		for _, p := range r.Provenance {
			for _, id := range p {
				covered[id] = true
			}
		}
		n := 0
		for _, id := range g.GoldPath {
			if covered[id] {
				n++
			}
		}
		pr := float64(n) / float64(len(g.GoldPath))
		s.PathReuse = Of(pr)
		s.FullPathReuse = Bool(n == len(g.GoldPath))
	}
	return s
}

// Retrieval computes evidence recall@k (capped: covered gold turns over
// min(|gold|, k), at most 1), binary-gain nDCG@k and MRR of ranked items
// (each given by its provenance turn ids) against gold evidence ids. See
// Defs for the definitions. gold must be non-empty.
func Retrieval(gold []string, items [][]string, k int) (recall, ndcg, mrr float64) {
	goldSet := map[string]bool{}
	for _, g := range gold {
		goldSet[g] = true
	}
	covered := map[string]bool{}
	var dcg float64
	for i, prov := range items {
		newHit, anyHit := false, false
		for _, id := range prov {
			if goldSet[id] {
				anyHit = true
				if !covered[id] {
					newHit = true
					if i < k {
						covered[id] = true
					}
				}
			}
		}
		if anyHit && mrr == 0 {
			mrr = 1 / float64(i+1)
		}
		if i < k && newHit {
			dcg += 1 / log2(float64(i+2))
		}
	}
	recall = min(1, float64(len(covered))/float64(min(len(goldSet), k)))
	var idcg float64
	for i := 0; i < min(len(goldSet), k); i++ {
		idcg += 1 / log2(float64(i+2))
	}
	if idcg > 0 {
		ndcg = dcg / idcg
	}
	return recall, ndcg, mrr
}

// Coverage is the share of gold evidence ids covered by the provenance of
// all items, in [0, 1] (denominator |gold|; 0 for no gold).
func Coverage(gold []string, items [][]string) float64 {
	goldSet := map[string]bool{}
	for _, g := range gold {
		goldSet[g] = true
	}
	if len(goldSet) == 0 {
		return 0
	}
	covered := map[string]bool{}
	for _, prov := range items {
		for _, id := range prov {
			if goldSet[id] {
				covered[id] = true
			}
		}
	}
	return float64(len(covered)) / float64(len(goldSet))
}

// TaskCheck scores a session task from a recall: success when every required
// fact is contained in the context (Mentions) and no item presented as
// current states a stale fact as current (PresentsStale — the rule the
// probes' stale metrics use). currentTexts are the texts of the recall's
// items whose status is current.
func TaskCheck(required, stale []string, context string, currentTexts []string) Value {
	if len(required) == 0 && len(stale) == 0 {
		return NA
	}
	for _, f := range required {
		if !Mentions(context, f) {
			return Of(0)
		}
	}
	if PresentsStale(currentTexts, stale) {
		return Of(0)
	}
	return Of(1)
}

// PresentsStale reports whether some text states some stale fact as
// current (StatesAsCurrent). It is the one stale rule of probes (answer,
// items) and session tasks (items).
func PresentsStale(texts, stale []string) bool {
	for _, t := range texts {
		for _, f := range stale {
			if StatesAsCurrent(t, f) {
				return true
			}
		}
	}
	return false
}

func anyContained(text string, facts []string) bool {
	for _, f := range facts {
		if Mentions(text, f) {
			return true
		}
	}
	return false
}

// AbstentionCounts are the outcomes of declining as a decision.
type AbstentionCounts struct {
	// TP: declined on an unanswerable probe; FP: declined on an answerable
	// one; FN: answered an unanswerable one. Counts are sums of weights and
	// may be fractional (seed-averaged probes, bootstrap weights).
	TP, FP, FN float64
	// Answerable and Unanswerable are the probe counts (weights).
	Answerable, Unanswerable float64
}

// F1 is the abstention F1: the harmonic mean of abstention recall R =
// TP / unanswerable and the answer rate on answerable probes A = 1 − FP /
// answerable (one minus the false-abstention rate), 2RA / (R + A). It is
// defined (ok) only when there are both answerable and unanswerable
// probes; 0 when R or A is 0, so a memory that always declines (A = 0) or
// never declines (R = 0) scores 0. Unlike precision-based F1 it does not
// depend on the share of unanswerable probes.
func (c AbstentionCounts) F1() (f1 float64, ok bool) {
	if c.Answerable == 0 || c.Unanswerable == 0 {
		return 0, false
	}
	r, a := c.TP/c.Unanswerable, 1-c.FP/c.Answerable
	if r+a == 0 {
		return 0, true
	}
	return 2 * r * a / (r + a), true
}

// IsAbstention reports whether an answer declines to answer.
func IsAbstention(answer string) bool { return reader.IsAbstention(answer) }

// Slug makes a lowercase metric-safe key of s.
func Slug(s string) string {
	return strings.ToLower(strings.ReplaceAll(strings.TrimSpace(s), " ", "-"))
}
