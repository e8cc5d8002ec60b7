package hierpath

import (
	"context"
	"strings"

	"github.com/memarena/memarena/scenarios"
	"github.com/memarena/memarena/strategies"
)

// DefaultStructureWeight is the default Config.StructureWeight: the
// selected paths' weight in the fusion with the raw leaves (weight 1), the
// value every structured strategy uses, set on LoCoMo (README.md, "Raw
// channel"): there, weight 1 (plain reciprocal rank fusion) recalls more
// evidence, but the long path lines then lower the answer F1 to the
// acceptance bound; at 0.5 a path leads where the raw evidence backs it.
const DefaultStructureWeight = 0.5

// metaPerson is the node metadata key of the person a step is about.
const metaPerson = "person"

// keepRaw adds the turn to the raw channel (strategies.RawIndex) and notes
// a user-side speaker among the people. Every turn is a leaf of the
// hierarchy; the raw channel keeps each searchable in the context of the
// turn before it, whatever path localization makes of its path.
func (h *HierPath) keepRaw(ctx context.Context, t strategies.Turn) error {
	if t.Role == scenarios.RoleUser && strings.TrimSpace(t.Speaker) != "" {
		h.people[t.Speaker] = true
	}
	if h.raw == nil {
		return nil
	}
	return h.raw.Add(ctx, t)
}

// goldFacts files a turn's free-text gold facts (LoCoMo observations) in
// extraction: oracle mode: each fact is placed by the strategy's own
// locate-path request, run on the fact's text instead of the turn's, and
// stored as a step whose provenance is the turn the fact cites. Facts are
// counted in GoldReceived. Outside oracle mode, or without facts, it does
// nothing.
func (h *HierPath) goldFacts(ctx context.Context, t strategies.Turn) error {
	if !h.oracle() || t.Gold == nil || len(t.Gold.Facts) == 0 {
		return nil
	}
	h.env.Extraction = strategies.ExtractModel // the fact is read as a turn would be
	defer func() { h.env.Extraction = strategies.ExtractOracle }()
	for _, f := range t.Gold.Facts {
		ft := t
		ft.Text, ft.Gold = strings.TrimSpace(f), nil
		if ft.Text == "" {
			continue
		}
		if err := h.file(ctx, ft); err != nil {
			return err
		}
		h.gold[strategies.GoldFacts]++
	}
	return nil
}

// otherPerson reports whether node n holds what another named user-side
// person said than turn t's speaker: one person's update or revert never
// rewrites another's statement (what the assistant noted about the user
// still may be rewritten).
func (h *HierPath) otherPerson(n *Node, t strategies.Turn) bool {
	p := n.Meta[metaPerson]
	return p != "" && p != strategies.Person(t) && h.people[p] && h.people[strategies.Person(t)]
}

// noteStale records the turns that stated a value a rewrite by turn by
// superseded (every turn of the rewritten node but by).
func (h *HierPath) noteStale(turns []string, by string) {
	for _, id := range turns {
		if id != by {
			h.stale[id] = true
		}
	}
}

// fuseRaw fuses the structured items (paths, then history versions) with
// raw, the raw_k nearest raw leaves (RawIndex.Search), by
// strategies.FuseRaw with weight structure_weight for the structured items,
// as RawIndex.Fuse does. A raw leaf holding a turn whose value a rewrite
// superseded is marked superseded. Without a raw channel the items are
// returned as they are.
func (h *HierPath) fuseRaw(items []variants, raw []strategies.Item) ([]variants, error) {
	if h.raw == nil {
		return items, nil
	}
	byKey := map[string]variants{}
	structured := make([]strategies.Item, len(items))
	for i, v := range items {
		structured[i] = v.item
		byKey[v.item.Kind+"\x00"+v.item.ID] = v
	}
	stale := strategies.CitesAny(h.stale)
	for i := range raw {
		old, err := stale(raw[i])
		if err != nil {
			return nil, err
		}
		if old {
			raw[i].Status = strategies.StatusSuperseded
		}
	}
	fused, err := strategies.FuseRaw(structured, raw, h.cfg.StructureWeight)
	if err != nil {
		return nil, err
	}
	out := make([]variants, len(fused))
	for i, it := range fused {
		v, ok := byKey[it.Kind+"\x00"+it.ID]
		if !ok { // a raw leaf: one line, as paths are
			it.Text = flatten(it.Text)
			l := strategies.Line(it)
			v = variants{item: it, full: l, compact: l, compactText: it.Text}
		}
		v.item.Score = it.Score
		out[i] = v
	}
	return out, nil
}
