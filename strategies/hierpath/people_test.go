package hierpath

import (
	"context"
	"reflect"
	"testing"
	"time"

	"github.com/memarena/memarena/scenarios"
	"github.com/memarena/memarena/strategies"
)

// stepOf returns the current step node holding turn id, or nil.
func stepOf(h *HierPath, id string) *Node {
	for nid := int64(1); nid <= int64(h.Graph().Len()); nid++ {
		n, _ := h.Graph().Node(nid)
		if n.Level >= 2 && n.Status == StatusCurrent && len(n.TurnIDs) > 0 && n.TurnIDs[0] == id {
			return &n
		}
	}
	return nil
}

func ingestSaid(t *testing.T, h *HierPath, turns ...strategies.Turn) {
	t.Helper()
	for _, tu := range turns {
		if err := h.Ingest(context.Background(), tu); err != nil {
			t.Fatal(err)
		}
	}
}

func said(id, speaker, text string, min int) strategies.Turn {
	return strategies.Turn{ID: id, SessionID: "s1", Role: scenarios.RoleUser, Speaker: speaker, Text: text,
		Time: day0.Add(time.Duration(min) * time.Minute), SessionStart: day0}
}

// TestTwoSpeakersConflictingUpdates: Melanie's "I moved from Boston to
// Denver" states a change about herself; it never rewrites Caroline's
// "I live in Boston", while Caroline's own move does.
func TestTwoSpeakersConflictingUpdates(t *testing.T) {
	h := build(t, testEnv(strategies.ExtractModel), nil)
	ingestSaid(t, h,
		said("D1:1", "Caroline", "I live in Boston and love the harbor.", 0),
		said("D1:2", "Melanie", "I moved from Boston to Denver last year.", 1),
	)
	c := stepOf(h, "D1:1")
	if c == nil || c.Content != "I live in Boston and love the harbor." || c.Version != 1 || c.Meta[metaPerson] != "Caroline" {
		t.Fatalf("Caroline's step after Melanie's move = %+v", c)
	}
	if len(h.stale) != 0 {
		t.Fatalf("stale turns %v", h.stale)
	}
	ingestSaid(t, h, said("D1:3", "Caroline", "I moved from Boston to Chicago in May.", 2))
	c = stepOf(h, "D1:1")
	if c == nil || c.Content != "I live in Chicago and love the harbor." || c.Version != 2 || !reflect.DeepEqual(c.TurnIDs, []string{"D1:1", "D1:3"}) {
		t.Fatalf("Caroline's step after her own move = %+v", c)
	}
	if m := stepOf(h, "D1:2"); m == nil || m.Content != "I moved from Boston to Denver last year." || m.Version != 1 {
		t.Fatalf("Melanie's step after Caroline's move = %+v", m)
	}
	// The raw leaf of Caroline's first statement now presents a superseded
	// value; the raw channel marks it.
	if !reflect.DeepEqual(h.stale, map[string]bool{"D1:1": true}) {
		t.Fatalf("stale turns %v", h.stale)
	}
	r := retrieve(t, h, "Where does Caroline live and what does she love?", day0.Add(time.Hour), 1024)
	found := false
	for _, it := range r.Items {
		if reflect.DeepEqual(it.TurnIDs, []string{"D1:1"}) && it.Kind == strategies.KindTurn {
			found = true
			if it.Status != strategies.StatusSuperseded {
				t.Errorf("raw leaf D1:1 status %q, want superseded", it.Status)
			}
		}
	}
	if !found {
		t.Fatalf("raw leaf D1:1 not recalled: %+v", r.Items)
	}
}

// TestOracleGoldFactsArePlaced: in oracle mode a turn's free-text gold
// fact is placed by locate-path on its own text and stored as a step with
// the turn as provenance.
func TestOracleGoldFactsArePlaced(t *testing.T) {
	h := build(t, testEnv(strategies.ExtractOracle), nil)
	tu := said("D1:1", "Caroline", "Guess what, I went to the support group yesterday!", 0)
	tu.Gold = &scenarios.Gold{Facts: []string{"Caroline attended an LGBTQ support group."}}
	ingestSaid(t, h, tu)
	var got []string
	for nid := int64(1); nid <= int64(h.Graph().Len()); nid++ {
		n, _ := h.Graph().Node(nid)
		if n.Level >= 2 {
			got = append(got, n.Content+" "+n.TurnIDs[0])
		}
	}
	want := []string{"Guess what, I went to the support group yesterday! D1:1", "Caroline attended an LGBTQ support group. D1:1"}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("steps = %q, want %q", got, want)
	}
	if g := h.GoldReceived().String(); g != "facts 1" {
		t.Errorf("gold = %q", g)
	}
	if !h.oracle() {
		t.Error("oracle mode not restored")
	}
}

// TestTwoSpeakersGoldTriplets: in oracle mode, Caroline's and Melanie's
// gold "I located_in …" triplets are two histories, one per person; the
// second is no update of the first.
func TestTwoSpeakersGoldTriplets(t *testing.T) {
	h := build(t, testEnv(strategies.ExtractOracle), nil)
	gold := func(obj string) *scenarios.Gold {
		return &scenarios.Gold{Triplets: []scenarios.GoldTriplet{{Subject: "I", Relation: "located_in", Object: obj}}}
	}
	a := said("D1:1", "Caroline", "I live in Boston.", 0)
	a.Gold = gold("Boston")
	b := said("D1:2", "Melanie", "I live in Denver.", 1)
	b.Gold = gold("Denver")
	ingestSaid(t, h, a, b)
	if len(h.lastObj) != 2 {
		t.Fatalf("histories %v, want one per person", h.lastObj)
	}
	if c := stepOf(h, "D1:1"); c == nil || c.Content != "I live in Boston." || c.Version != 1 {
		t.Fatalf("Caroline's step = %+v", c)
	}
	if g := h.GoldReceived().String(); g != "triplets 2" {
		t.Errorf("gold = %q", g)
	}
}
