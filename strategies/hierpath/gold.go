package hierpath

import "github.com/memarena/memarena/strategies"

// GoldReceived counts the gold annotations received
// (strategies.GoldReporter): hier-path reads gold path placements and gold triplets (value updates).
func (h *HierPath) GoldReceived() strategies.GoldCount {
	if h.gold == nil {
		return strategies.GoldCount{}
	}
	return h.gold
}
