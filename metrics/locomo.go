package metrics

import (
	"fmt"
	"sort"
	"strings"
	"unicode"

	"github.com/memarena/memarena/internal/porter"
)

// LoCoMo evaluation, as the dataset's own code computes it
// (snap-research/LoCoMo, task_eval/evaluation.py; Maharana et al.,
// "Evaluating Very Long-Term Conversational Memory of LLM Agents", ACL 2024):
//
//   - normalize: drop commas, lowercase, delete ASCII punctuation
//     (Python's string.punctuation), replace the words a, an, the, and by a
//     space, split on whitespace; stem each token with NLTK's Porter stemmer;
//   - token F1 over the multiset of stems (0 when nothing overlaps, also
//     when both sides are empty);
//   - category 1 (multi-hop): prediction and gold are split on commas and
//     the score is the mean over gold parts of the best F1 against any
//     prediction part;
//   - category 3 (open-domain): the gold is cut at its first ';';
//   - categories 2, 3, 4: plain token F1;
//   - category 5 (adversarial): 1 when the lowercased prediction contains
//     "no information available" or "not mentioned", else 0.
//
// The rules follow the category number, not its name, so they hold under
// any label map (the names above are LoCoMoOfficial's).
//
// metrics.F1 (the answer_f1 column of every report) is a close cousin for
// any scenario: it splits words at hyphens and apostrophes differently,
// stems with Snowball (Porter2) and scores two empty strings 1. The
// LoCoMo-specific tables use LoCoMoScore so their numbers are comparable
// with published LoCoMo results.

// LoCoMo label maps: how the dataset's numeric categories are named.
const (
	// LoCoMoOfficial is the mapping of the dataset's own evaluation code:
	// 1 multi-hop, 2 temporal, 3 open-domain, 4 single-hop, 5 adversarial.
	LoCoMoOfficial = "official"
	// LoCoMoMem0Paper is the mapping several later papers and harnesses use
	// (Mem0, Chhikara et al., 2025): 1 single-hop, 2 temporal, 3 multi-hop,
	// 4 open-domain, 5 adversarial. Their per-category tables are not
	// comparable with official ones.
	LoCoMoMem0Paper = "mem0-paper"
)

// LoCoMoLabelMaps lists the accepted label-map names, default first.
var LoCoMoLabelMaps = []string{LoCoMoOfficial, LoCoMoMem0Paper}

var locomoLabels = map[string][6]string{
	LoCoMoOfficial:  {"", "multi-hop", "temporal", "open-domain", "single-hop", "adversarial"},
	LoCoMoMem0Paper: {"", "single-hop", "temporal", "multi-hop", "open-domain", "adversarial"},
}

// LoCoMoCategoryName names category cat (1–5) under labelMap ("official"
// or "mem0-paper"; "" means official). It errors on an unknown map or a
// category outside 1–5.
func LoCoMoCategoryName(labelMap string, cat int) (string, error) {
	if labelMap == "" {
		labelMap = LoCoMoOfficial
	}
	names, ok := locomoLabels[labelMap]
	if !ok {
		return "", fmt.Errorf("unknown LoCoMo label map %q; want %s", labelMap, strings.Join(LoCoMoLabelMaps, " or "))
	}
	if cat < 1 || cat > 5 {
		return "", fmt.Errorf("LoCoMo category %d; want 1–5", cat)
	}
	return names[cat], nil
}

// LoCoMoOverallCategories are the categories the default LoCoMo overall
// score averages over (question-weighted): 1–4. Category 5 (adversarial)
// is reported apart, because a constant "not mentioned" answer scores 1 on
// it and would otherwise raise the overall score.
var LoCoMoOverallCategories = []int{1, 2, 3, 4}

// asciiPunct is Python's string.punctuation.
const asciiPunct = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"

// isPyWord is Python 3's \w for str patterns: alphanumerics and '_'.
func isPyWord(r rune) bool { return r == '_' || unicode.IsLetter(r) || unicode.IsNumber(r) }

// LoCoMoNormalize is the LoCoMo normalize_answer: commas dropped,
// lowercased, ASCII punctuation deleted, the words a/an/the/and removed,
// whitespace collapsed to single spaces.
func LoCoMoNormalize(s string) string {
	s = strings.ReplaceAll(s, ",", "")
	s = strings.ToLower(s)
	s = strings.Map(func(r rune) rune {
		if r < 128 && strings.ContainsRune(asciiPunct, r) {
			return -1
		}
		return r
	}, s)
	// re.sub(r'\b(a|an|the|and)\b', ' ', s): a maximal run of word
	// characters equal to one of the four words becomes a space.
	var b strings.Builder
	rs := []rune(s)
	for i := 0; i < len(rs); {
		if !isPyWord(rs[i]) {
			b.WriteRune(rs[i])
			i++
			continue
		}
		j := i
		for j < len(rs) && isPyWord(rs[j]) {
			j++
		}
		switch w := string(rs[i:j]); w {
		case "a", "an", "the", "and":
			b.WriteByte(' ')
		default:
			b.WriteString(w)
		}
		i = j
	}
	return strings.Join(strings.Fields(b.String()), " ")
}

// LoCoMoTokens returns the Porter stems of LoCoMoNormalize(s).
func LoCoMoTokens(s string) []string {
	f := strings.Fields(LoCoMoNormalize(s))
	for i, w := range f {
		f[i] = porter.Stem(w)
	}
	return f
}

// LoCoMoF1 is LoCoMo's f1_score: token F1 in [0, 1] between the stems of
// pred and gold; 0 when they share no token (including when either or both
// are empty).
func LoCoMoF1(pred, gold string) float64 {
	p, g := LoCoMoTokens(pred), LoCoMoTokens(gold)
	counts := map[string]int{}
	for _, t := range g {
		counts[t]++
	}
	same := 0
	for _, t := range p {
		if counts[t] > 0 {
			counts[t]--
			same++
		}
	}
	if same == 0 {
		return 0
	}
	prec := float64(same) / float64(len(p))
	rec := float64(same) / float64(len(g))
	return 2 * prec * rec / (prec + rec)
}

// LoCoMoMultiHopF1 is LoCoMo's f1 for multi-hop answers: pred and gold are
// split on commas (parts trimmed) and the result is the mean, over gold
// parts, of the best LoCoMoF1 against any prediction part; in [0, 1].
func LoCoMoMultiHopF1(pred, gold string) float64 {
	preds := strings.Split(pred, ",")
	golds := strings.Split(gold, ",")
	var sum float64
	for _, g := range golds {
		best := 0.0
		for _, p := range preds {
			if f := LoCoMoF1(strings.TrimSpace(p), strings.TrimSpace(g)); f > best {
				best = f
			}
		}
		sum += best
	}
	return sum / float64(len(golds))
}

// LoCoMoAbstained is LoCoMo's category-5 check: the lowercased prediction
// contains "no information available" or "not mentioned".
func LoCoMoAbstained(pred string) bool {
	p := strings.ToLower(pred)
	return strings.Contains(p, "no information available") || strings.Contains(p, "not mentioned")
}

// LoCoMoScore scores one prediction as LoCoMo's eval_question_answering
// does for a question of numeric category cat (1–5) with gold answer gold
// (numbers already written as strings; ignored for category 5). The result
// is in [0, 1]; an unknown category scores 0 and returns an error.
func LoCoMoScore(cat int, pred, gold string) (float64, error) {
	switch cat {
	case 1:
		return LoCoMoMultiHopF1(pred, gold), nil
	case 2, 4:
		return LoCoMoF1(pred, gold), nil
	case 3:
		g, _, _ := strings.Cut(gold, ";")
		return LoCoMoF1(pred, strings.TrimSpace(g)), nil
	case 5:
		if LoCoMoAbstained(pred) {
			return 1, nil
		}
		return 0, nil
	}
	return 0, fmt.Errorf("LoCoMo category %d; want 1–5", cat)
}

// LoCoMoResult is one scored LoCoMo question.
type LoCoMoResult struct {
	// Category is the dataset's numeric category (1–5).
	Category int
	// Score is LoCoMoScore in [0, 1].
	Score float64
}

// LoCoMoSummary aggregates LoCoMo scores.
type LoCoMoSummary struct {
	// PerCategory maps category (1–5) → mean score and count.
	PerCategory map[int]Agg
	// Overall is the question-weighted mean over LoCoMoOverallCategories
	// (categories 1–4); its N is the denominator.
	Overall Agg
	// Adversarial is the category-5 mean (abstention accuracy), apart.
	Adversarial Agg
}

// SummarizeLoCoMo aggregates per-question results: per-category means,
// the overall mean over categories 1–4 weighted by question (the default
// denominator), and category 5 apart. Categories with no question are
// absent from PerCategory; empty aggregates have N = 0.
func SummarizeLoCoMo(rs []LoCoMoResult) LoCoMoSummary {
	by := map[int][]Value{}
	var overall []Value
	for _, r := range rs {
		by[r.Category] = append(by[r.Category], Of(r.Score))
		for _, c := range LoCoMoOverallCategories {
			if r.Category == c {
				overall = append(overall, Of(r.Score))
			}
		}
	}
	s := LoCoMoSummary{PerCategory: map[int]Agg{}, Overall: Mean(overall), Adversarial: Mean(by[5])}
	cats := make([]int, 0, len(by))
	for c := range by {
		cats = append(cats, c)
	}
	sort.Ints(cats)
	for _, c := range cats {
		s.PerCategory[c] = Mean(by[c])
	}
	return s
}
