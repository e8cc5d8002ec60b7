// Package gate is memarena's CI regression gate: thresholds as data in the
// experiment config (absolute bounds on a strategy's metrics, and metrics
// whose significant regression against a baseline run fails), parsed with
// field-naming errors. reports.Compare evaluates them; `memarena compare`
// and `memarena run --baseline` exit with code 4 when one is breached.
package gate

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/memarena/memarena/metrics"
	"github.com/memarena/memarena/scenarios"
)

// Thresholds are a config's pass/fail checks, in the style of k6
// thresholds: for a strategy label (or "*" for every strategy), absolute
// bounds on a metric's overall mean, and the metrics whose significant
// regression against a baseline run fails the gate:
//
//	thresholds:
//	  flat-rag: {"recall@k": ">= 0.70", "stale_rate": "<= 0.05"}
//	  "*": {regression: ["recall@k", "f1", "task_success"]}
//
// They do not change results, so they are left out of the config hash.
type Thresholds map[string]map[string]any

// Bound is one absolute threshold: Label's overall mean of Metric must
// satisfy Op Value.
type Bound struct {
	// Label is a strategy label, or "*" for every strategy of the run.
	Label string
	// Metric is the metric column name (metrics.Defs).
	Metric string
	// Op is one of >=, <=, >, <, ==.
	Op    string
	Value float64
	// Expr is the expression as written ("≥ 0.70" etc.), for messages.
	Expr string
}

// Holds reports whether v satisfies the bound.
func (b Bound) Holds(v float64) bool {
	switch b.Op {
	case ">=":
		return v >= b.Value
	case "<=":
		return v <= b.Value
	case ">":
		return v > b.Value
	case "<":
		return v < b.Value
	default: // "=="
		return v == b.Value
	}
}

// Gate is a parsed Thresholds: absolute bounds and regression checks.
type Gate struct {
	Bounds []Bound
	// Regression maps a label (or "*") to the metrics whose significant
	// change for the worse against the baseline fails the gate.
	Regression map[string][]string
}

// Empty reports whether the gate checks nothing.
func (g Gate) Empty() bool { return len(g.Bounds) == 0 && len(g.Regression) == 0 }

// metricAliases are the names a threshold may use besides the metric
// column names: the field's usual spellings.
var metricAliases = map[string]string{
	"recall@k": metrics.RecallAtK, "r@k": metrics.RecallAtK, "recall": metrics.RecallAtK,
	"ndcg@k": metrics.NDCGAtK, "ndcg": metrics.NDCGAtK,
	"f1": metrics.AnswerF1, "em": metrics.ExactMatch, "exact": metrics.ExactMatch,
	"stale_rate": metrics.StaleFactRate, "stale": metrics.StaleFactRate,
	"abstention": metrics.AbstentionF1, "judge": metrics.JudgeAccuracy, "locomo": metrics.OfficialLoCoMoF1,
	"r@ctx": metrics.ContextRecall, "mrr": metrics.MRR,
}

// MetricName resolves a threshold's metric name (a column name such as
// recall_at_k, or an alias such as recall@k) to the column name, with a
// did-you-mean error for unknown names.
func MetricName(name string) (string, error) {
	n := strings.ToLower(strings.TrimSpace(name))
	if a, ok := metricAliases[n]; ok {
		n = a
	}
	if _, ok := metrics.DefOf(n); ok {
		return n, nil
	}
	var known []string
	for _, d := range metrics.Defs {
		known = append(known, d.Name)
	}
	for a := range metricAliases {
		known = append(known, a)
	}
	sort.Strings(known)
	return "", fmt.Errorf("unknown metric %q%s (see `memarena list metrics`)", name, scenarios.Suggest(n, known))
}

// ParseBound reads an expression "OP NUMBER" (OP one of >=, <=, >, <, ==;
// ≥ and ≤ are accepted too).
func ParseBound(expr string) (op string, v float64, err error) {
	s := strings.TrimSpace(expr)
	s = strings.NewReplacer("≥", ">=", "≤", "<=").Replace(s)
	for _, o := range []string{">=", "<=", "==", ">", "<"} {
		if rest, ok := strings.CutPrefix(s, o); ok {
			v, err := strconv.ParseFloat(strings.TrimSpace(rest), 64)
			if err != nil {
				return "", 0, fmt.Errorf("expression %q: %q is not a number", expr, strings.TrimSpace(rest))
			}
			return o, v, nil
		}
	}
	return "", 0, fmt.Errorf("expression %q: want an operator (>=, <=, >, <, ==) and a number, e.g. \">= 0.70\"", expr)
}

// Parse checks the thresholds against the run's strategy labels and
// returns the gate. Each problem is one error line naming the field
// (thresholds.<label>.<metric>), prefixed by where(path) — "file:line: "
// for a config file, "" when nil.
func (t Thresholds) Parse(labels []string, where func(path ...string) string) (Gate, error) {
	g := Gate{Regression: map[string][]string{}}
	var errs []string
	add := func(path []string, f string, a ...any) {
		loc := ""
		if where != nil {
			loc = where(path...)
		}
		errs = append(errs, loc+strings.Join(path, ".")+": "+fmt.Sprintf(f, a...))
	}
	known := map[string]bool{"*": true}
	for _, l := range labels {
		known[l] = true
	}
	lbls := make([]string, 0, len(t))
	for l := range t {
		lbls = append(lbls, l)
	}
	sort.Strings(lbls)
	for _, label := range lbls {
		if !known[label] {
			add([]string{"thresholds", label}, "no strategy of the run has this label%s", scenarios.Suggest(label, labels))
			continue
		}
		keys := make([]string, 0, len(t[label]))
		for k := range t[label] {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, key := range keys {
			path := []string{"thresholds", label, key}
			val := t[label][key]
			if key == "regression" {
				list, ok := val.([]any)
				if !ok {
					add(path, "want a list of metrics, e.g. [recall@k, f1]")
					continue
				}
				for _, m := range list {
					name, err := MetricName(fmt.Sprint(m))
					if err != nil {
						add(path, "%v", err)
						continue
					}
					g.Regression[label] = append(g.Regression[label], name)
				}
				continue
			}
			name, err := MetricName(key)
			if err != nil {
				add(path, "%v", err)
				continue
			}
			expr, ok := val.(string)
			if !ok {
				add(path, "want an expression string such as \">= 0.70\", got %v", val)
				continue
			}
			op, v, err := ParseBound(expr)
			if err != nil {
				add(path, "%v", err)
				continue
			}
			g.Bounds = append(g.Bounds, Bound{Label: label, Metric: name, Op: op, Value: v, Expr: strings.TrimSpace(expr)})
		}
	}
	if len(errs) > 0 {
		return Gate{}, fmt.Errorf("%s", strings.Join(errs, "\n  "))
	}
	return g, nil
}
