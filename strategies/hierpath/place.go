package hierpath

import (
	"github.com/memarena/memarena/internal/model"
	"regexp"
	"strings"
	"time"
	"unicode"

	"github.com/memarena/memarena/internal/temporal"
	"github.com/memarena/memarena/internal/textutil"
	"github.com/memarena/memarena/scenarios"
)

// Placement is the reply of a locate-path request (model.Placement).
type Placement = model.Placement

// Update is one stated change of a value (model.Update).
type Update = model.Update

// subtaskLabel names a new subtask after its opening turn when the
// placement reply gave no label: up to four non-stopword words, lowercased
// and joined by '-' ("migrate-user-sessions"), from the first sentence of
// at least five words with at least three content words (else the first
// with two), leaving out date expressions (internal/temporal).
func subtaskLabel(text string) string {
	text = withoutDates(text)
	sents := textutil.Sentences(text)
	words := func(s string) []string {
		var out []string
		for _, w := range textutil.Words(s) {
			if textutil.IsStopword(w) || len(w) < 2 {
				continue
			}
			out = append(out, w)
		}
		return out
	}
	pick := func(ws []string) string {
		if len(ws) > 4 {
			ws = ws[:4]
		}
		return strings.Join(ws, "-")
	}
	for _, s := range sents {
		if len(strings.Fields(s)) >= 5 && len(textutil.ContentTokens(s)) >= 3 {
			if ws := words(s); len(ws) >= 2 {
				return pick(ws)
			}
		}
	}
	for _, s := range sents {
		if ws := words(s); len(ws) >= 3 {
			return pick(ws)
		}
	}
	if ws := words(text); len(ws) > 0 {
		return pick(ws)
	}
	return "subtask"
}

// labelRef is any reference day: withoutDates only needs where the date
// expressions are, not what they resolve to.
var labelRef = time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)

// withoutDates removes the date expressions temporal.Find recognizes.
func withoutDates(text string) string {
	ms := temporal.Find(text, labelRef)
	for i := len(ms) - 1; i >= 0; i-- {
		text = text[:ms[i].Start] + text[ms[i].End:]
	}
	return text
}

// slug makes a label key: lowercase words joined by '-'.
func slug(s string) string { return strings.Join(textutil.Words(s), "-") }

// profile is a subtask's topic: the content stems of its turns.
type profile map[string]int

func (p profile) add(text string) {
	for _, t := range textutil.ContentTokens(text) {
		p[t]++
	}
}

// Thresholds of the subtask rule (share of a turn's content stems).

// ---- updates ----

var numberRe = regexp.MustCompile(`^[$€£]?\d[\d,]*(?:\.\d+)?(?:%|k|ms|s|x)?$`)

func trimTok(w string) string {
	return strings.TrimFunc(w, func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '$' && r != '%' && r != '€' && r != '£' && r != '+'
	})
}

func isNumberTok(w string) bool { return numberRe.MatchString(trimTok(w)) }

func isUnit(w string) bool {
	w = trimTok(w)
	if w == "" || len(w) > 12 || isNumberTok(w) {
		return false
	}
	for _, r := range w {
		if !unicode.IsLetter(r) && r != '-' {
			return false
		}
	}
	return !textutil.IsStopword(strings.ToLower(w))
}

// numberOf returns the number token of a value, or "".
func numberOf(v string) string {
	for _, w := range strings.Fields(v) {
		if isNumberTok(w) {
			return trimTok(w)
		}
	}
	return ""
}

// placementFromGold builds the placement of a turn in oracle mode from its
// gold path (nil: no path structure, kept as a note of the session).
func placementFromGold(g *scenarios.Gold) Placement {
	if g == nil || g.Path == nil {
		return Placement{ChitChat: true, Node: NodeObservation}
	}
	node := g.Path.Node
	switch node {
	case NodeAction, NodeObservation, NodeDecision, NodeReflection:
	default:
		node = NodeObservation
	}
	out := g.Path.Outcome
	if out != OutcomeSuccess && out != OutcomeFailure {
		out = ""
	}
	return Placement{Goal: g.Path.Goal, Subtask: g.Path.Subtask, Node: node, Outcome: out}
}

// sanitize makes a placement from any source usable: known step kind,
// known outcome, non-empty labels.
func sanitize(p Placement, defGoal, defSubtask string) Placement {
	switch p.Node {
	case NodeAction, NodeObservation, NodeDecision, NodeReflection:
	default:
		p.Node = NodeObservation
	}
	if p.Outcome != OutcomeSuccess && p.Outcome != OutcomeFailure {
		p.Outcome = ""
	}
	if slug(p.Goal) == "" {
		p.Goal = defGoal
	}
	if slug(p.Subtask) == "" {
		p.Subtask = defSubtask
	}
	var ups []Update
	for _, u := range p.Updates {
		if strings.TrimSpace(u.New) != "" && (strings.TrimSpace(u.Old) != "" || strings.TrimSpace(u.Attribute) != "") {
			ups = append(ups, u)
		}
	}
	p.Updates = ups
	return p
}
