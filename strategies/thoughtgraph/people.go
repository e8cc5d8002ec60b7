package thoughtgraph

import (
	"context"
	"strings"

	"github.com/memarena/memarena/internal/nlp"
	"github.com/memarena/memarena/scenarios"
	"github.com/memarena/memarena/strategies"
)

// notePerson records a user-side turn's named speaker (two people talking
// to each other are both user-side).
func (g *ThoughtGraph) notePerson(t strategies.Turn) {
	if t.Role != scenarios.RoleUser || strings.TrimSpace(t.Speaker) == "" {
		return
	}
	if g.people == nil {
		g.people = map[string]bool{}
	}
	g.people[t.Speaker] = true
}

// otherPerson reports whether two thoughts come from two different named
// people on the user side: what one person says about themselves never
// supersedes what another said (the assistant's reasoning about the user
// still may).
func (g *ThoughtGraph) otherPerson(a, b *Thought) bool {
	return a.Speaker != b.Speaker && g.people[a.Speaker] && g.people[b.Speaker]
}

// rawEvidence keeps a turn that yields no thought as one raw knowledge
// node: Thought-Retriever (Feng et al. 2024) retrieves its thoughts
// together with the raw data they were drawn from, so a turn extraction
// found nothing in stays retrievable. A tool result keeps its informative
// lines (toolLines), as before, and feeds the next reasoning thought; any
// other turn keeps its text and is attached to no chain (it is what was
// said, not a premise of what followed). An empty text gives none.
func rawEvidence(t strategies.Turn) []draft {
	s := strings.Join(strings.Fields(t.Text), " ")
	if t.Role == scenarios.RoleTool {
		s = strings.Join(toolLines(t.Text), " / ")
	}
	if s == "" {
		return nil
	}
	return []draft{{typ: TypeKnowledge, content: s, entities: nlp.Keys(nlp.Entities(s)), confidence: 1, raw: t.Role != scenarios.RoleTool}}
}

// goldFacts are the turn's free-text gold facts (LoCoMo observations),
// read the way the strategy reads what a user says — the model's
// verbatim knowledge thoughts of the fact (statedDrafts) — with the turn
// the fact cites as provenance. Counted in GoldReceived with the gold
// thoughts.
func (g *ThoughtGraph) goldFacts(ctx context.Context, t strategies.Turn) ([]draft, error) {
	if g.gold == nil {
		g.gold = strategies.GoldCount{}
	}
	g.gold[strategies.GoldThoughts] += len(t.Gold.Thoughts)
	var out []draft
	for _, f := range t.Gold.Facts {
		g.gold[strategies.GoldFacts]++
		ds, err := g.statedDrafts(ctx, t, f)
		if err != nil {
			return nil, err
		}
		out = append(out, ds...)
	}
	return out, nil
}

// GoldReceived counts the gold annotations received
// (strategies.GoldReporter).
func (g *ThoughtGraph) GoldReceived() strategies.GoldCount { return g.gold }
