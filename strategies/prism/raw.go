package prism

import (
	"context"

	"github.com/memarena/memarena/strategies"
)

// DefaultStructureWeight is the default Config.StructureWeight: the
// selected units' weight in the fusion with the raw observations (weight
// 1), set on LoCoMo (README.md, "Raw channel"), so that a unit outranks a
// raw observation only when it ranks higher or is backed by the raw
// evidence of its turns.
const DefaultStructureWeight = 0.5

// keepRaw adds the turn to the raw channel (strategies.RawIndex). A PRISM
// unit keeps the raw observation of its step; the raw channel keeps every
// turn searchable in the context of the turn before it, whatever the
// selection objectives make of its unit.
func (p *Prism) keepRaw(ctx context.Context, t strategies.Turn) error {
	if p.raw == nil {
		return nil
	}
	return p.raw.Add(ctx, t)
}

// fuseRaw fuses the selected units with the raw_k nearest raw observations
// (strategies.FuseRaw, weight structure_weight for the units); without a
// raw channel the units are returned as they are.
func (p *Prism) fuseRaw(ctx context.Context, question string, units []strategies.Item) ([]strategies.Item, error) {
	if p.raw == nil {
		return units, nil
	}
	return p.raw.Fuse(ctx, question, p.cfg.RawK, units, p.cfg.StructureWeight, nil)
}
