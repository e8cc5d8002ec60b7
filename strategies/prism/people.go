package prism

import (
	"context"
	"strings"

	"github.com/memarena/memarena/internal/lsh"
	"github.com/memarena/memarena/internal/vecstore"
	"github.com/memarena/memarena/scenarios"

	"github.com/memarena/memarena/strategies"
)

// mergeCandidates is how many nearest units are looked at for a merge
// target of the right person.
const mergeCandidates = 8

// mergeMiss is the probability that the merge index (internal/lsh) misses a
// stored unit whose cosine with the new unit is exactly merge_threshold; a
// unit above the threshold is missed less often (at the default 0.9, ~10⁻⁶
// at cosine 0.95, never for an identical vector).
const mergeMiss = 1e-3

// mergeSeed seeds the merge index's hyperplanes (fixed: the same memory
// gives the same merges whatever the run's seed).
const mergeSeed = 0x707269736d

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
// samePerson — or "" when there is none. The nearest units are looked up in
// the merge index (a random-hyperplane LSH, internal/lsh, that recalls the
// units at or above the threshold) and scored exactly by the vector store
// (vecstore.QueryAmongRefs, the full scan's scores and order); when the
// threshold is too low for the index (lsh.Params), by a full scan.
//
// It also returns vec's code in the merge index (nil without the index), for
// finalize to store.
func (p *Prism) mergeTarget(ctx context.Context, vec []float32, person string) (string, lsh.Code, error) {
	var hits []vecstore.Hit
	var err error
	var code lsh.Code
	if p.mergeIndexed(vec) {
		code = p.merge.Hash(vec)
		cands := p.merge.Candidates(code)
		refs := make([]vecstore.Ref, len(cands))
		for i, c := range cands {
			refs[i] = p.units[c].ref
		}
		hits, err = p.store.QueryAmongRefs(ctx, vec, mergeCandidates, refs)
	} else {
		hits, err = p.store.QueryVector(ctx, vec, mergeCandidates, nil)
	}
	if err != nil {
		return "", nil, err
	}
	for _, h := range hits {
		if h.Score < p.cfg.MergeThreshold-1e-6 {
			break
		}
		if p.samePerson(person, p.units[p.byID[h.ID]].Person) {
			return h.ID, code, nil
		}
	}
	return "", code, nil
}

// mergeIndexed reports whether merge checks go through the merge index,
// creating it for vec's dimension on first use: false when merge_threshold
// is below what the index serves (lsh.Params).
func (p *Prism) mergeIndexed(vec []float32) bool {
	if p.merge == nil && !p.noMergeIndex {
		tables, ok := lsh.Params(p.cfg.MergeThreshold, mergeMiss)
		if !ok {
			p.noMergeIndex = true
			return false
		}
		p.merge = lsh.New(len(vec), tables, mergeSeed)
	}
	return p.merge != nil && p.merge.Dim() == len(vec)
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
