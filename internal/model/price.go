package model

import (
	"fmt"
	"math"
)

// Price is what a model charges, in US dollars per one million tokens.
type Price struct {
	// Prompt is the price of 1M prompt (input) tokens, ≥ 0.
	Prompt float64 `json:"prompt" yaml:"prompt"`
	// Completion is the price of 1M completion (output) tokens, ≥ 0.
	Completion float64 `json:"completion" yaml:"completion"`
}

// Cost returns the dollars of prompt and completion tokens at p.
func (p Price) Cost(promptTokens, completionTokens int) float64 {
	return (float64(promptTokens)*p.Prompt + float64(completionTokens)*p.Completion) / 1e6
}

// Check reports a negative or non-finite price; field names the entry for
// the message ("prices.gpt-4o-mini").
func (p Price) Check(field string) error {
	for _, v := range []struct {
		name string
		x    float64
	}{{"prompt", p.Prompt}, {"completion", p.Completion}} {
		if v.x < 0 || math.IsNaN(v.x) || math.IsInf(v.x, 0) {
			return fmt.Errorf("%s.%s: %v dollars per 1M tokens; want a finite value ≥ 0", field, v.name, v.x)
		}
	}
	return nil
}

// PriceTable maps a model name (as configured) to its price.
type PriceTable map[string]Price

// Cost returns the dollars of the tokens at model's price and true, or 0
// and false when the table has no price for model.
func (t PriceTable) Cost(model string, promptTokens, completionTokens int) (float64, bool) {
	p, ok := t[model]
	if !ok {
		return 0, false
	}
	return p.Cost(promptTokens, completionTokens), true
}
