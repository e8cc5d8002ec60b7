package trimem

import (
	"context"
	"reflect"
	"testing"
	"time"

	"github.com/memarena/memarena/scenarios"
	"github.com/memarena/memarena/strategies"
)

// twoSpeakers: two people, both with role user, each state where they
// live in the first person; one turn says nothing a triplet can hold.
func twoSpeakers() []session {
	s1 := time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)
	gold := func(tr ...scenarios.GoldTriplet) *scenarios.Gold { return &scenarios.Gold{Triplets: tr} }
	return []session{{"s1", s1, []scenarios.Turn{
		{ID: "D1:1", Role: "user", Speaker: "Caroline", Text: "I live in Boston.",
			Gold: gold(scenarios.GoldTriplet{Subject: "I", Relation: "located_in", Object: "Boston"})},
		{ID: "D1:2", Role: "user", Speaker: "Melanie", Text: "I live in Denver.",
			Gold: gold(scenarios.GoldTriplet{Subject: "I", Relation: "located_in", Object: "Denver"})},
		{ID: "D1:3", Role: "user", Speaker: "Caroline", Text: "Wow, that sounds lovely!"},
	}}}
}

// TestTwoSpeakersStayApart: Melanie's "I live in Denver" neither
// supersedes nor reinforces Caroline's "I live in Boston"; each is filed
// under its speaker and "Where does Caroline live?" ranks Boston first.
func TestTwoSpeakersStayApart(t *testing.T) {
	m := build(t, strategies.ExtractOracle, map[string]any{"vector_k": 0})
	last := replay(t, m, strategies.ExtractOracle, twoSpeakers())
	recs, err := m.Store().Triplets(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	type fact struct{ Subject, Object, Status string }
	var got []fact
	for _, r := range recs {
		got = append(got, fact{r.SubjectKey, r.ObjectKey, r.Status})
	}
	want := []fact{{"carolin", "boston", ""}, {"melani", "denver", ""}}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("triplets = %+v, want %+v", got, want)
	}
	if st := m.Stats(); st.Superseded != 0 || st.Reinforced != 0 || st.New != 2 {
		t.Errorf("stats = %+v", st)
	}
	r := ask(t, m, "Where does Caroline live?", last.Add(time.Minute), 1024)
	if len(r.Items) == 0 || r.Items[0].Text != "caroline is located in boston — “I live in Boston.”" || !reflect.DeepEqual(r.Items[0].TurnIDs, []string{"D1:1"}) {
		t.Fatalf("items = %+v", view(r))
	}
	if g := m.GoldReceived().String(); g != "triplets 2" {
		t.Errorf("gold = %q", g)
	}
}
