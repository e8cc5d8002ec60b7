package gaama

import (
	"context"
	"reflect"
	"testing"

	"github.com/memarena/memarena/scenarios"
	"github.com/memarena/memarena/strategies"
)

func spoken(id string, i int, speaker, text string) strategies.Turn {
	t := turn(id, "s1", 0, i, "user", text)
	t.Speaker = speaker
	return t
}

func edgeKeys(g *Gaama) []string {
	var out []string
	for _, e := range g.Graph().Edges() {
		k := e.Key()
		if e.Superseded {
			k += " (superseded)"
		}
		out = append(out, k)
	}
	return out
}

// TestTwoSpeakersConflictingFacts: Caroline and Melanie each say where
// they live; the two facts sit on two person entities and neither
// supersedes the other, while Caroline's own move supersedes her Boston.
func TestTwoSpeakersConflictingFacts(t *testing.T) {
	g := newTest(t, strategies.ExtractModel, nil)
	ingestAll(t, g, []strategies.Turn{
		spoken("D1:1", 0, "Caroline", "I live in Boston."),
		spoken("D1:2", 1, "Melanie", "I live in Denver."),
	})
	if got, want := edgeKeys(g), []string{"caroline|located_in|boston|", "melanie|located_in|denver|"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("edges = %q, want %q", got, want)
	}
	for _, n := range []string{"caroline", "melanie"} {
		if en := g.Graph().Entity(n); en == nil || en.Type != TypePerson {
			t.Errorf("%s = %+v, want a person", n, en)
		}
	}
	ingestAll(t, g, []strategies.Turn{spoken("D1:3", 2, "Caroline", "I live in Chicago now, not in Boston anymore.")})
	got := edgeKeys(g)
	want := []string{"caroline|located_in|boston| (superseded)", "melanie|located_in|denver|", "caroline|located_in|chicago|"}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("after Caroline's move: edges = %q, want %q", got, want)
	}
}

// TestOracleGoldFactsThroughExtractGraph: in oracle mode a free-text gold
// fact is read by extract-graph and its relations cite the turn.
func TestOracleGoldFactsThroughExtractGraph(t *testing.T) {
	g := newTest(t, strategies.ExtractOracle, nil)
	tu := spoken("D1:1", 0, "Caroline", "Guess what, I finally did it yesterday!")
	tu.Gold = &scenarios.Gold{Facts: []string{"Caroline adopted a dog named Rex."}}
	ingestAll(t, g, []strategies.Turn{tu})
	edges := g.Graph().Edges()
	if len(edges) == 0 {
		t.Fatal("no edge read from the gold fact")
	}
	for _, e := range edges {
		if !reflect.DeepEqual(e.TurnIDs, []string{"D1:1"}) || e.Evidence[len(e.Evidence)-1].Sentence != "Caroline adopted a dog named Rex." {
			t.Errorf("edge %s: turns %v evidence %+v", e.Key(), e.TurnIDs, e.Evidence)
		}
	}
	if s := g.GoldReceived().String(); s != "facts 1" {
		t.Errorf("gold = %q", s)
	}
	r, err := g.Retrieve(context.Background(), strategies.Query{ID: "q", Question: "What pet did Caroline adopt?", Budget: 400, K: 10})
	if err != nil || len(r.Items) == 0 {
		t.Fatalf("retrieve: %v %+v", err, r)
	}
}
