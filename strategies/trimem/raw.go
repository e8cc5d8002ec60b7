package trimem

import (
	"context"
	"fmt"
	"strings"
	"unicode"

	"github.com/memarena/memarena/internal/textutil"

	"github.com/memarena/memarena/strategies"
)

// DefaultStructureWeight is the default weight of the triplet ranking in
// its fusion with the raw supplement (weight 1): set on LoCoMo (see
// README.md, "Raw channel") so that a triplet outranks a raw observation
// only when it ranks higher or is backed by the raw evidence of its turn.
const DefaultStructureWeight = 0.5

// keepRaw adds every turn to the vector supplement (strategies.RawIndex):
// Mem0 keeps every message in its vector store beside the graph, so a turn
// stays retrievable whatever extraction read from it.
func (m *TriMem) keepRaw(ctx context.Context, t strategies.Turn) error {
	if m.raw == nil {
		return nil
	}
	return m.raw.Add(ctx, t)
}

// supplement fuses the ranked items with the vector supplement's nearest
// raw observations (strategies.FuseRaw, structure weight
// Options.StructureWeight): the vector store Mem0 keeps beside its graph
// (Chhikara et al. 2025). A raw observation is marked superseded when one
// of its turns asserted a fact now superseded (Store.TurnStatus) or when
// its text states a superseded value without a current value of the same
// slot (Store.StaleSlots, StaleSlot.In), so an old value never comes back
// as current through the supplement.
func (m *TriMem) supplement(ctx context.Context, question string, items []strategies.Item) ([]strategies.Item, error) {
	if m.raw == nil {
		return items, nil
	}
	slots, err := m.store.StaleSlots(ctx)
	if err != nil {
		return nil, err
	}
	return m.raw.Fuse(ctx, question, m.opt.VectorK, items, m.opt.StructureWeight, func(it strategies.Item) (bool, error) {
		return m.rawStale(ctx, it, slots)
	})
}

// rawStale reports whether a raw observation presents a superseded value
// (see supplement).
func (m *TriMem) rawStale(ctx context.Context, it strategies.Item, slots []StaleSlot) (bool, error) {
	for _, id := range it.TurnIDs {
		st, err := m.store.TurnStatus(ctx, id)
		if err != nil || st == strategies.StatusSuperseded {
			return err == nil, err
		}
	}
	for _, sl := range slots {
		if sl.In(it.Text) {
			return true, nil
		}
	}
	return false, nil
}

// StaleSlot is a superseded value of a slot (subject, relation) with the
// slot's values that are current.
type StaleSlot struct {
	// Subject is the slot's subject as stored.
	Subject string
	// Old is the superseded object.
	Old string
	// Current are the slot's current or conditional objects and the object
	// of the triplet that superseded Old (maybe none).
	Current []string
}

// In reports whether text states the superseded value as if current: the
// content words of Old — with Subject's when Old has no letters (a bare
// number or date names nothing without its attribute) — all occur in text
// (textutil.ContainsAll), and no current value of the slot does.
func (sl StaleSlot) In(text string) bool {
	needle := sl.Old
	if !strings.ContainsFunc(sl.Old, unicode.IsLetter) {
		needle = sl.Subject + " " + sl.Old
	}
	if !textutil.ContainsAll(text, needle) {
		return false
	}
	for _, c := range sl.Current {
		if textutil.ContainsAll(text, c) {
			return false
		}
	}
	return true
}

// StaleSlots returns every superseded, unarchived fact triplet as a
// StaleSlot, in triplet id order. A text naming the replacement too ("MySQL
// 8 instead of Postgres 16") does not present the old value as current.
func (s *Store) StaleSlots(ctx context.Context) ([]StaleSlot, error) {
	rows, err := s.q().QueryContext(ctx, `SELECT t.subject, t.object,
		COALESCE((SELECT group_concat(c.object, char(31)) FROM triplet c WHERE (c.subject_id = t.subject_id AND c.relation = t.relation
			AND c.status != 'superseded' AND c.kind = 'fact' AND c.archived_at IS NULL) OR c.id = t.superseded_by), '')
		FROM triplet t WHERE t.status = 'superseded' AND t.kind = 'fact' AND t.archived_at IS NULL ORDER BY t.id`)
	if err != nil {
		return nil, fmt.Errorf("trimem: stale slots: %w", err)
	}
	defer rows.Close()
	var out []StaleSlot
	for rows.Next() {
		var sl StaleSlot
		var cur string
		if err := rows.Scan(&sl.Subject, &sl.Old, &cur); err != nil {
			return nil, err
		}
		if cur != "" {
			sl.Current = strings.Split(cur, "\x1f")
		}
		out = append(out, sl)
	}
	return out, rows.Err()
}

// TurnStatus is the status of what a turn asserted: superseded when one of
// the fact triplets it is evidence for is now superseded, else current. A
// turn that asserted nothing is current.
func (s *Store) TurnStatus(ctx context.Context, turnID string) (string, error) {
	var n int
	err := s.q().QueryRowContext(ctx, `SELECT COUNT(*) FROM evidence e JOIN triplet t ON t.id = e.triplet_id
		WHERE e.turn_id = ? AND t.status = 'superseded' AND t.kind = 'fact'`, turnID).Scan(&n)
	if err != nil {
		return "", fmt.Errorf("trimem: turn status: %w", err)
	}
	if n > 0 {
		return strategies.StatusSuperseded, nil
	}
	return strategies.StatusCurrent, nil
}
