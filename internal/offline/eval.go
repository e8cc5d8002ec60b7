package offline

import (
	"context"
	"fmt"
	"strings"

	"github.com/memarena/memarena/internal/model"
	"github.com/memarena/memarena/internal/textutil"
	"github.com/memarena/memarena/scenarios"
)

// Quality is the offline model's extraction quality measured against the
// gold a set of scenarios carries (memarena eval-extraction, and a section
// of every offline report).
type Quality struct {
	// Turns is the number of turns with gold that were read.
	Turns int `json:"turns"`
	// Triplets: extract-triplets against gold triplets. A predicted
	// triplet matches a gold one with the same relation whose subject and
	// object match (see phraseMatch; a gold subject "user" or "assistant"
	// matches the turn's speaker or addressee name).
	Triplets PR `json:"triplets"`
	// Thoughts: extract-thoughts against gold thoughts (same type, content
	// match).
	Thoughts PR `json:"thoughts"`
	// Intents: tag-intents tags (goal:, subtask:, action:) against gold
	// intent tags of those facets, micro-averaged.
	Intents PR `json:"intents"`
	// Paths: locate-path step kinds against gold path nodes (precision =
	// recall = accuracy over turns with a gold path).
	Paths PR `json:"paths"`
	// Observations: free-text gold facts (LoCoMo observations) captured by
	// a fact extract-triplets finds in the fact's evidence turn.
	Observations Capture `json:"observations"`
}

// PR counts a precision/recall comparison.
type PR struct {
	// Predicted and Gold are the item counts; MatchedPredicted and
	// MatchedGold those with a counterpart on the other side.
	Predicted, Gold, MatchedPredicted, MatchedGold int
}

// Precision is MatchedPredicted / Predicted (0 without predictions).
func (p PR) Precision() float64 { return ratio(p.MatchedPredicted, p.Predicted) }

// Recall is MatchedGold / Gold (0 without gold).
func (p PR) Recall() float64 { return ratio(p.MatchedGold, p.Gold) }

// Capture counts free-text gold facts captured by extracted facts.
type Capture struct {
	// Facts is the number of gold facts; Captured those with an extracted
	// fact covering at least CaptureMin of their content words.
	Facts, Captured int
	// Coverage is the sum over gold facts of the best extracted fact's
	// share of the gold fact's content words.
	Coverage float64
}

// CaptureMin is the share of a gold fact's content words (stems, no
// stopwords) an extracted fact must hold to capture it.
const CaptureMin = 0.5

// Share is Captured / Facts.
func (c Capture) Share() float64 { return ratio(c.Captured, c.Facts) }

// MeanCoverage is Coverage / Facts.
func (c Capture) MeanCoverage() float64 {
	if c.Facts == 0 {
		return 0
	}
	return c.Coverage / float64(c.Facts)
}

func ratio(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}

// TurnInput builds the turn part of a request input for turn i of session s
// (speaker, addressee, role, dates, task, text), as the runner hands turns
// to strategies.
func TurnInput(s *scenarios.Session, i int) model.TurnInput {
	t := s.Turns[i]
	in := model.TurnInput{TurnID: t.ID, Speaker: t.Speaker, Addressee: s.Addressee(i), Role: t.Role, Text: t.Text}
	if s.Task != nil {
		in.Task = s.Task.Goal
	}
	in.SetDates(t.Time.Time, s.Start.Time)
	return in
}

// Evaluate measures the model on every turn with gold in scs.
func (m *Model) Evaluate(ctx context.Context, scs []*scenarios.Scenario) (Quality, error) {
	var q Quality
	for _, sc := range scs {
		for si := range sc.Sessions {
			ss := &sc.Sessions[si]
			for ti := range ss.Turns {
				if err := ctx.Err(); err != nil {
					return q, err
				}
				g := ss.Turns[ti].Gold
				if g == nil {
					continue
				}
				q.Turns++
				in := TurnInput(ss, ti)
				m.evalTurn(&q, in, g)
			}
		}
	}
	return q, nil
}

func (m *Model) evalTurn(q *Quality, in model.TurnInput, g *scenarios.Gold) {
	var trip []model.Triplet
	if len(g.Triplets) > 0 || len(g.Facts) > 0 {
		trip = m.Triplets(model.TripletsInput{TurnInput: in}).Triplets
	}
	if len(g.Triplets) > 0 {
		q.Triplets.Predicted += len(trip)
		q.Triplets.Gold += len(g.Triplets)
		for _, p := range trip {
			for _, gt := range g.Triplets {
				if tripletMatch(p, gt, in) {
					q.Triplets.MatchedPredicted++
					break
				}
			}
		}
		for _, gt := range g.Triplets {
			for _, p := range trip {
				if tripletMatch(p, gt, in) {
					q.Triplets.MatchedGold++
					break
				}
			}
		}
	}
	if len(g.Thoughts) > 0 {
		th := m.Thoughts(model.ThoughtsInput{TurnInput: in, MaxThoughts: 8}).Thoughts
		q.Thoughts.Predicted += len(th)
		q.Thoughts.Gold += len(g.Thoughts)
		for _, p := range th {
			for _, gt := range g.Thoughts {
				if p.Type == gt.Type && phraseMatch(p.Content, gt.Content) {
					q.Thoughts.MatchedPredicted++
					break
				}
			}
		}
		for _, gt := range g.Thoughts {
			for _, p := range th {
				if p.Type == gt.Type && phraseMatch(p.Content, gt.Content) {
					q.Thoughts.MatchedGold++
					break
				}
			}
		}
	}
	if gold := facetTags(g.Intents); len(gold) > 0 {
		t := m.Tags(model.TagInput{TurnInput: in})
		pred := map[string]bool{"action:" + t.ActionType: t.ActionType != ""}
		if t.Goal != "" {
			pred["goal:"+t.Goal] = true
		}
		for _, s := range t.Subtasks {
			pred["subtask:"+s] = true
		}
		for tag, ok := range pred {
			if !ok {
				continue
			}
			q.Intents.Predicted++
			if gold[tag] {
				q.Intents.MatchedPredicted++
			}
		}
		for tag := range gold {
			q.Intents.Gold++
			if pred[tag] {
				q.Intents.MatchedGold++
			}
		}
	}
	if g.Path != nil {
		p := m.Locate(model.LocateInput{TurnInput: in, Goal: g.Path.Goal})
		q.Paths.Predicted++
		q.Paths.Gold++
		if p.Node == g.Path.Node {
			q.Paths.MatchedPredicted++
			q.Paths.MatchedGold++
		}
	}
	for _, f := range g.Facts {
		gs := textutil.ContentTokens(f)
		if len(gs) == 0 {
			continue
		}
		q.Observations.Facts++
		best := 0.0
		for _, p := range trip {
			have := stems(p.Subject + " " + p.Relation + " " + p.Object + " " + p.Condition)
			n := 0
			for _, w := range gs {
				if have[w] {
					n++
				}
			}
			if c := float64(n) / float64(len(gs)); c > best {
				best = c
			}
		}
		q.Observations.Coverage += best
		if best >= CaptureMin {
			q.Observations.Captured++
		}
	}
}

// facetTags are the gold intent tags of the goal, subtask and action facets.
func facetTags(tags []string) map[string]bool {
	out := map[string]bool{}
	for _, t := range tags {
		if strings.HasPrefix(t, "goal:") || strings.HasPrefix(t, "subtask:") || strings.HasPrefix(t, "action:") {
			out[t] = true
		}
	}
	return out
}

// tripletMatch compares a predicted triplet with a gold one.
func tripletMatch(p model.Triplet, g scenarios.GoldTriplet, in model.TurnInput) bool {
	if p.Relation != g.Relation || p.Negated {
		return false
	}
	gs := g.Subject
	switch strings.ToLower(gs) {
	case RoleUser:
		if in.Role == RoleUser && in.Speaker != "" {
			gs = in.Speaker
		} else if in.Addressee != "" {
			gs = in.Addressee
		}
	case RoleAssistant:
		if in.Role == RoleAssistant && in.Speaker != "" {
			gs = in.Speaker
		} else if in.Addressee != "" {
			gs = in.Addressee
		}
	}
	return phraseMatch(p.Subject, gs) && phraseMatch(p.Object, g.Object)
}

// phraseMatch reports whether a predicted phrase matches a gold phrase: at
// least half of the gold phrase's content stems occur in the prediction
// (numbers and names included), or both are empty.
func phraseMatch(pred, gold string) bool {
	gs := textutil.ContentTokens(gold)
	if len(gs) == 0 {
		return strings.EqualFold(strings.TrimSpace(pred), strings.TrimSpace(gold))
	}
	have := stems(pred)
	n := 0
	for _, w := range gs {
		if have[w] {
			n++
		}
	}
	return 2*n >= len(gs)
}

// Headline is the one-line summary of q for report headers: the figures
// that have gold, e.g. "triplets P 0.31 R 0.28 · observations captured
// 0.42".
func (q Quality) Headline() string {
	var parts []string
	pr := func(name string, p PR) {
		if p.Gold > 0 {
			parts = append(parts, fmt.Sprintf("%s P %.2f R %.2f", name, p.Precision(), p.Recall()))
		}
	}
	pr("triplets", q.Triplets)
	pr("thoughts", q.Thoughts)
	pr("intents", q.Intents)
	if q.Paths.Gold > 0 {
		parts = append(parts, fmt.Sprintf("path steps acc %.2f", q.Paths.Recall()))
	}
	if q.Observations.Facts > 0 {
		parts = append(parts, fmt.Sprintf("observations captured %.2f (mean coverage %.2f)", q.Observations.Share(), q.Observations.MeanCoverage()))
	}
	if len(parts) == 0 {
		return "no gold to measure against"
	}
	return strings.Join(parts, " · ")
}

// Rows renders q as table rows: measure, gold n, predicted n, precision,
// recall (share captured for observations).
func (q Quality) Rows() [][]string {
	var out [][]string
	pr := func(name string, p PR) {
		if p.Gold == 0 {
			return
		}
		out = append(out, []string{name, fmt.Sprint(p.Gold), fmt.Sprint(p.Predicted), fmt.Sprintf("%.3f", p.Precision()), fmt.Sprintf("%.3f", p.Recall())})
	}
	pr("triplets (extract-triplets)", q.Triplets)
	pr("thoughts (extract-thoughts)", q.Thoughts)
	pr("intent tags (tag-intents)", q.Intents)
	pr("path step kinds (locate-path)", q.Paths)
	if c := q.Observations; c.Facts > 0 {
		out = append(out, []string{"observations captured (extract-triplets)", fmt.Sprint(c.Facts), "—", "—",
			fmt.Sprintf("%.3f (mean coverage %.3f)", c.Share(), c.MeanCoverage())})
	}
	return out
}

// RowHeader is the header of Rows.
var RowHeader = []string{"measure", "gold", "predicted", "precision", "recall / captured"}
