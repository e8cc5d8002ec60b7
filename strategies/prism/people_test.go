package prism

import (
	"reflect"
	"testing"

	"github.com/memarena/memarena/internal/model"
	"github.com/memarena/memarena/scenarios"
	"github.com/memarena/memarena/strategies"
)

// said makes turn i of session sess said by a named user-side speaker.
func said(sess string, i int, speaker, text string) strategies.Turn {
	t := tr(sess, i, 0, "user", text, "")
	t.Speaker = speaker
	return t
}

type unitView struct {
	Person  string
	TurnIDs []string
	Action  string
}

func unitViews(p *Prism) []unitView {
	var out []unitView
	for _, u := range p.Units() {
		out = append(out, unitView{u.Person, u.TurnIDs, u.Action})
	}
	return out
}

// TestTwoSpeakersConflictingFactsStayApart: Caroline and Melanie state
// conflicting facts about themselves in near-identical words. At a merge
// threshold every pair of these units reaches, the two people's units
// still never merge, while Caroline's restatement merges into her own.
func TestTwoSpeakersConflictingFactsStayApart(t *testing.T) {
	env, _ := testEnv("")
	p := build(t, map[string]any{"merge_threshold": 0.5, "raw_k": 0}, env)
	// Caroline's and Melanie's units embed at cosine 0.725 (≥ 0.5).
	ingestAll(t, p, []strategies.Turn{
		said("s1", 0, "Caroline", "I live in Boston with my two dogs, and I work downtown at the hospital."),
		said("s1", 1, "Melanie", "I live in Denver with my two dogs, and I work downtown at the hospital."),
		said("s1", 2, "Caroline", "I live in Boston with my two dogs, and I work downtown at the hospital!"),
	})
	want := []unitView{
		{"Caroline", []string{"s1-a", "s1-c"}, "Caroline: I live in Boston with my two dogs, and I work downtown at the hospital!"},
		{"Melanie", []string{"s1-b"}, "Melanie: I live in Denver with my two dogs, and I work downtown at the hospital."},
	}
	if got := unitViews(p); !reflect.DeepEqual(got, want) {
		t.Fatalf("units = %+v\nwant %+v", got, want)
	}
	// Without names both are "user" and merge, as one person's update would.
	p = build(t, map[string]any{"merge_threshold": 0.5, "raw_k": 0}, env)
	a := said("s1", 0, "", "I live in Boston with my two dogs, and I work downtown at the hospital.")
	b := said("s1", 1, "", "I live in Denver with my two dogs, and I work downtown at the hospital.")
	ingestAll(t, p, []strategies.Turn{a, b})
	if got := unitViews(p); len(got) != 1 || !reflect.DeepEqual(got[0].TurnIDs, []string{"s1-a", "s1-b"}) || got[0].Person != "user" {
		t.Fatalf("unnamed: %+v", got)
	}
}

// TestOracleGoldFacts: in oracle mode a free-text gold fact is tagged by
// the tag-intents request on its own text and stored as a unit of the
// turn's person with the turn as provenance.
func TestOracleGoldFacts(t *testing.T) {
	env, meter := testEnv(strategies.ExtractOracle)
	p := build(t, map[string]any{"raw_k": 0}, env)
	a := said("s1", 0, "Caroline", "Guess what, I went to the support group yesterday!")
	a.Gold = &scenarios.Gold{Facts: []string{"Caroline attended an LGBTQ support group."}}
	ingestAll(t, p, []strategies.Turn{a})
	want := []unitView{
		{"Caroline", []string{"s1-a"}, "Caroline: Guess what, I went to the support group yesterday!"},
		{"Caroline", []string{"s1-a"}, "Caroline: Caroline attended an LGBTQ support group."},
	}
	if got := unitViews(p); !reflect.DeepEqual(got, want) {
		t.Fatalf("units = %+v\nwant %+v", got, want)
	}
	if g := p.GoldReceived().String(); g != "facts 1" {
		t.Errorf("gold = %q", g)
	}
	if n := meter.ByKind()[model.KindTagIntents].Requests; n != 1 {
		t.Errorf("%d model requests, want 1 (the fact's tag-intents)", n)
	}
	if !p.oracle {
		t.Error("oracle mode not restored")
	}
}
