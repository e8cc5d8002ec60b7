package trimem

import (
	"context"
	"slices"

	"github.com/memarena/memarena/strategies"
)

// notePerson records the turn's person (strategies.Person) among the
// people first-person questions refer to, for user-side turns.
func (m *TriMem) notePerson(_ context.Context, t strategies.Turn) error {
	if t.Role == "user" || t.Role == "" {
		if p := strategies.Person(t); !slices.Contains(m.people, p) {
			m.people = append(m.people, p)
		}
	}
	return nil
}

// own files a triplet under the person it is about: a first-person subject
// or object ("I", "me", "we", the placeholder "user") said in a turn is
// the turn's person (strategies.Person: the speaker's name when the turn
// has one), so two speakers' facts about themselves land on two entities
// and never supersede, reinforce or consolidate each other.
func (m *TriMem) own(tr Triplet, t strategies.Turn) Triplet {
	if t.Role != "user" && t.Role != "" {
		return tr
	}
	p := strategies.Person(t)
	if selfRef(tr.Subject) {
		tr.Subject, tr.SubjectName = p, ""
	}
	if selfRef(tr.Object) {
		tr.Object, tr.ObjectName = p, ""
	}
	return tr
}

// selfRef reports whether a mention is the speaker's own side: a
// first-person singular (strategies.IsSelfMention) or plural ("we", "us",
// "our") pronoun.
func selfRef(mention string) bool {
	return strategies.IsSelfMention(mention) || strategies.IsOwnSide(mention)
}

// triplets returns the turn's valid triplets. In extraction: oracle mode
// they come from every kind of gold the turn carries: its gold triplets,
// and, for each free-text gold fact (LoCoMo observations), the triplets
// the strategy's own extract-triplets request reads from the fact's text —
// with the turn the fact cites as provenance. Received gold is counted
// (GoldReceived).
func (m *TriMem) triplets(ctx context.Context, t strategies.Turn) ([]Triplet, error) {
	if m.env.Extraction != strategies.ExtractOracle || t.Gold == nil {
		return m.extract(ctx, t)
	}
	out, err := m.extract(ctx, t)
	if err != nil {
		return nil, err
	}
	m.gold[strategies.GoldTriplets] += len(t.Gold.Triplets)
	if len(t.Gold.Facts) == 0 || m.env.Model == nil {
		return out, nil
	}
	m.env.Extraction = strategies.ExtractModel
	defer func() { m.env.Extraction = strategies.ExtractOracle }()
	for _, f := range t.Gold.Facts {
		ft := t
		ft.Text, ft.Gold = f, nil
		trs, err := m.extract(ctx, ft)
		if err != nil {
			return nil, err
		}
		m.gold[strategies.GoldFacts]++
		out = append(out, trs...)
	}
	return out, nil
}

// GoldReceived counts the gold annotations received (strategies.GoldReporter).
func (m *TriMem) GoldReceived() strategies.GoldCount { return m.gold }

// selfMatches returns the entities a first-person question refers to: the
// people seen (named speakers, or "user"), each with coverage 1.
func (m *TriMem) selfMatches(ctx context.Context) ([]EntityMatch, error) {
	var out []EntityMatch
	for _, p := range m.people {
		id, ok, err := m.store.lookup(ctx, m.store.q(), p)
		if err != nil {
			return nil, err
		}
		if ok {
			out = append(out, EntityMatch{ID: id, Coverage: 1})
		}
	}
	return out, nil
}

// mergeMatches puts first (the people a first-person question means, at
// coverage 1) before the other matches, dropping duplicates, at most limit.
func mergeMatches(first, rest []EntityMatch, limit int) []EntityMatch {
	seen := map[int64]bool{}
	var out []EntityMatch
	for _, e := range append(slices.Clone(first), rest...) {
		if !seen[e.ID] {
			seen[e.ID] = true
			out = append(out, e)
		}
	}
	if limit > 0 && len(out) > limit {
		out = out[:limit]
	}
	return out
}
