package all_test

import (
	"testing"

	"github.com/memarena/memarena/internal/backends"
	"github.com/memarena/memarena/internal/embed"
	"github.com/memarena/memarena/internal/tokenizer"
	"github.com/memarena/memarena/strategies"
)

// TestEveryStrategyReportsGold: every registered strategy says which gold
// it received (strategies.GoldReporter), so an oracle-mode row of a
// strategy that reads no gold is labelled as such; a fresh instance has
// received none.
func TestEveryStrategyReportsGold(t *testing.T) {
	tok := tokenizer.MustDefault()
	env := strategies.Env{Model: backends.OfflineClient(tok), Embedder: embed.NewHashing(64), Tokenizer: tok, Extraction: strategies.ExtractOracle, Seed: 1}
	for _, name := range strategies.Names() {
		if spec, _ := strategies.Lookup(name); spec.NeedsParams {
			continue // external: its memory runs outside memarena and reports no gold
		}
		st, err := strategies.Build(name, nil, env)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		gr, ok := st.(strategies.GoldReporter)
		if !ok {
			t.Errorf("%s does not implement strategies.GoldReporter", name)
		} else if g := gr.GoldReceived().String(); g != "none" {
			t.Errorf("%s: fresh instance received %q", name, g)
		}
		st.Close()
	}
}
