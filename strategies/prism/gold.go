package prism

import "github.com/memarena/memarena/strategies"

// GoldReceived counts the gold annotations received
// (strategies.GoldReporter): prism reads gold intent tags and the gold thoughts' parent links (causal links).
func (p *Prism) GoldReceived() strategies.GoldCount {
	if p.gold == nil {
		return strategies.GoldCount{}
	}
	return p.gold
}
