package prism

import (
	"context"
	"strings"

	"github.com/memarena/memarena/scenarios"

	"github.com/memarena/memarena/strategies"
)

// mergeCandidates is how many nearest units are looked at for a merge
// target of the right person.
const mergeCandidates = 8

// notePerson records a user-side turn's named speaker: two people talking
// to each other are both on the user side.
func (p *Prism) notePerson(t strategies.Turn) {
	if t.Role == scenarios.RoleUser && strings.TrimSpace(t.Speaker) != "" {
		p.people[t.Speaker] = true
	}
}

// samePerson reports whether units of persons a and b may merge: the same
// person, or one of them not a named user-side person (the assistant's
// restatement of what the user said is the same fact).
func (p *Prism) samePerson(a, b string) bool { return a == b || !p.people[a] || !p.people[b] }

// mergeTarget returns the id of the most similar stored unit a new unit of
// person with vector vec merges into — cosine at least merge_threshold and
// samePerson — or "" when there is none.
func (p *Prism) mergeTarget(ctx context.Context, vec []float32, person string) (string, error) {
	hits, err := p.store.QueryVector(ctx, vec, mergeCandidates, nil)
	if err != nil {
		return "", err
	}
	for _, h := range hits {
		if h.Score < p.cfg.MergeThreshold-1e-6 {
			break
		}
		if p.samePerson(person, p.units[p.byID[h.ID]].Person) {
			return h.ID, nil
		}
	}
	return "", nil
}

// Ingest adds a turn to memory (see ingest) and, in extraction: oracle
// mode, the turn's free-text gold facts (LoCoMo observations): each fact is
// tagged by the strategy's own tag-intents request, run on the fact's text
// instead of the turn's, and stored as a unit of its own whose provenance
// is the turn the fact cites and whose person is the turn's. Facts are
// counted in GoldReceived.
func (p *Prism) Ingest(ctx context.Context, t strategies.Turn) error {
	if err := p.ingest(ctx, t); err != nil {
		return err
	}
	if !p.oracle || t.Gold == nil || len(t.Gold.Facts) == 0 {
		return nil
	}
	for _, f := range t.Gold.Facts {
		if err := p.finalize(ctx); err != nil {
			return err
		}
		ft := t
		ft.Text, ft.Gold = f, nil
		p.oracle = false // the fact is read by the model, as a turn would be
		intents, action, entities, err := p.tag(ctx, ft)
		p.oracle = true
		if err != nil {
			return err
		}
		d := &draft{turns: []strategies.Turn{ft}, intents: map[string]bool{}, action: action, entities: map[string]bool{}}
		for _, tag := range intents {
			d.intents[tag] = true
		}
		for _, e := range entities {
			d.entities[e] = true
		}
		p.pending = d
		p.gold[strategies.GoldFacts]++
	}
	return nil
}
