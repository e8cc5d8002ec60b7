package trimem

import (
	"fmt"
	"testing"
	"time"

	"github.com/memarena/memarena/strategies"
)

// TestVectorSupplementKeepsEveryTurn: every turn is in the supplement,
// with the turn before it, whether or not a triplet came from it; the
// turn no triplet came from is retrievable.
func TestVectorSupplementKeepsEveryTurn(t *testing.T) {
	m := build(t, strategies.ExtractOracle, map[string]any{"fallback": "off", "vector_k": 5})
	last := replay(t, m, strategies.ExtractOracle, twoSpeakers())
	if m.raw.Len() != 3 {
		t.Fatalf("raw turns = %d, want 3", m.raw.Len())
	}
	r := ask(t, m, "What sounds lovely?", last.Add(time.Minute), 1024)
	if len(r.Items) == 0 {
		t.Fatal("no items")
	}
	got := r.Items[0]
	if got.Kind != strategies.KindChunk || got.Text != "Melanie: I live in Denver. / Caroline: Wow, that sounds lovely!" ||
		fmt.Sprint(got.TurnIDs) != "[D1:2 D1:3]" || got.Status != strategies.StatusCurrent {
		t.Fatalf("top item = %+v", got)
	}
}

// TestSupplementMarksSuperseded: after the update, the raw observation
// holding the turn that asserted Postgres 16 is superseded; the one naming
// the replacement ("MySQL 8 instead of Postgres 16") stays current; no
// current item of the recall presents Postgres 16 without MySQL 8.
func TestSupplementMarksSuperseded(t *testing.T) {
	// Gold triplets (oracle extraction) fix the update, so the test pins the
	// supplement's marking, not what an extractor makes of the text.
	m := build(t, strategies.ExtractOracle, nil)
	last := replay(t, m, strategies.ExtractOracle, minimal())
	r := ask(t, m, "Which database does the orders service use?", last.Add(time.Minute), 1024)
	status := map[string]string{}
	for _, it := range r.Items {
		status[it.ID] = it.Status
	}
	want := map[string]string{
		"s1-t1..s1-t2": strategies.StatusSuperseded, // s1-t2 asserted "orders uses postgres 16"
		"s1-t2..s1-t3": strategies.StatusSuperseded,
		"s2-t1..s2-t2": strategies.StatusCurrent, // names the replacement
	}
	for id, st := range want {
		if got, ok := status[id]; !ok || got != st {
			t.Errorf("%s: status %q (present %v), want %q", id, got, ok, st)
		}
	}
}

func TestStaleSlotIn(t *testing.T) {
	for _, c := range []struct {
		sl   StaleSlot
		text string
		want bool
	}{
		{StaleSlot{Subject: "orders", Old: "postgres 16", Current: []string{"mysql 8"}}, "We run Postgres 16 in production.", true},
		{StaleSlot{Subject: "orders", Old: "postgres 16", Current: []string{"mysql 8"}}, "MySQL 8 instead of Postgres 16.", false},
		{StaleSlot{Subject: "orders", Old: "postgres 16"}, "Postgres is fine.", false},
		// A bare number names nothing without its attribute.
		{StaleSlot{Subject: "max conns", Old: "20"}, "We invited 20 people.", false},
		{StaleSlot{Subject: "max conns", Old: "20"}, "Max conns is 20.", true},
	} {
		if got := c.sl.In(c.text); got != c.want {
			t.Errorf("%+v In(%q) = %v, want %v", c.sl, c.text, got, c.want)
		}
	}
}

// TestSupplementScope: an observation that asserted a superseded fact stays
// current when the question does not ask about that fact (it names the
// orders service but asks who knows it, not what it uses).
func TestSupplementScope(t *testing.T) {
	m := build(t, strategies.ExtractOracle, nil)
	last := replay(t, m, strategies.ExtractOracle, minimal())
	r := ask(t, m, "Who knows the orders service well?", last.Add(time.Minute), 1024)
	found := false
	for _, it := range r.Items {
		if it.ID == "s1-t1..s1-t2" {
			found = true
			if it.Status != strategies.StatusCurrent {
				t.Errorf("%s: status %q, want current", it.ID, it.Status)
			}
		}
	}
	if !found {
		t.Fatal("observation s1-t1..s1-t2 not recalled")
	}
}

func TestScopeCovers(t *testing.T) {
	qa := readQ(t, "Which database does the orders service use now?")
	sc := NewScope(qa, []EntityMatch{{ID: 7, Coverage: 1}})
	for _, c := range []struct {
		subj           int64
		rel, obj, cond string
		want           bool
	}{
		{7, "uses", "postgres 16", "", true},              // asked relation ("use", "database")
		{7, "status", "slow", "", false},                  // named subject, other fact
		{7, "status", "database migration", "", true},     // object shares "database"
		{8, "uses", "postgres 16", "", false},             // subject not named
		{7, "owns", "payments", "when orders fail", true}, // condition shares "orders"
	} {
		if got := sc.Covers(c.subj, c.rel, c.obj, c.cond); got != c.want {
			t.Errorf("Covers(%d, %s, %q, %q) = %v, want %v", c.subj, c.rel, c.obj, c.cond, got, c.want)
		}
	}
}
