package thoughtgraph

import (
	"context"

	"github.com/memarena/memarena/strategies"
)

// DefaultStructureWeight is the default Config.StructureWeight: the ranked
// thoughts' weight in the fusion with the raw data chunks (weight 1), set
// on LoCoMo (README.md, "Raw channel"), so that a thought outranks a raw
// chunk only when it ranks higher or is backed by the raw evidence of its
// turns.
const DefaultStructureWeight = 0.5

// entry is one item of the fused ranking: a ranked thought (th set, with
// its candidate) or a raw chunk (th nil).
type entry struct {
	scored
	item strategies.Item
}

// fuseRaw turns the ranked thoughts into items and fuses them with the
// raw_k nearest raw data chunks (strategies.FuseRaw, weight
// structure_weight for the thoughts): Thought-Retriever (Feng et al. 2024)
// retrieves thoughts together with the raw data they come from. A chunk
// holding a turn one of whose thoughts is superseded is marked superseded.
// Without a raw channel the thoughts keep their order.
func (g *ThoughtGraph) fuseRaw(ctx context.Context, question string, ranked []scored) ([]entry, error) {
	byID := map[string]scored{}
	items := make([]strategies.Item, len(ranked))
	for i, r := range ranked {
		byID[r.ID] = r
		items[i] = strategies.Item{
			ID: r.ID, Text: r.th.body(), Score: r.importance, Kind: strategies.KindThought,
			TurnIDs: append([]string(nil), r.th.TurnIDs...), Time: r.th.Created, Status: r.th.Status,
		}
	}
	if g.raw != nil {
		var err error
		if items, err = g.raw.Fuse(ctx, question, g.cfg.RawK, items, g.cfg.StructureWeight, strategies.CitesAny(g.supersededTurns())); err != nil {
			return nil, err
		}
	}
	out := make([]entry, len(items))
	for i, it := range items {
		out[i] = entry{item: it}
		if r, ok := byID[it.ID]; ok && it.Kind == strategies.KindThought {
			out[i].scored = r
		}
	}
	return out, nil
}

// supersededTurns returns the turns that gave a thought now superseded.
// The set is kept up to date as thoughts are marked (markSuperseded) and
// folded (fold), not rebuilt per query: a superseded thought stays
// superseded and is never folded away, so the set only grows. Callers must
// not modify it.
func (g *ThoughtGraph) supersededTurns() map[string]bool { return g.supTurns }

// noteSuperseded adds the turns of the superseded thought th to the set of
// supersededTurns.
func (g *ThoughtGraph) noteSuperseded(th *Thought) {
	if th.Status != strategies.StatusSuperseded {
		return
	}
	if g.supTurns == nil {
		g.supTurns = map[string]bool{}
	}
	for _, id := range th.TurnIDs {
		g.supTurns[id] = true
	}
}
