package gaama

import (
	"errors"
	"reflect"
	"testing"
	"time"

	"github.com/memarena/memarena/strategies"
)

func newGraph(t *testing.T) *Graph {
	t.Helper()
	g, err := NewGraph()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { g.Close() })
	return g
}

var t0 = time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)

func fact(s, r, o, turn string, min int) Fact {
	return Fact{Subject: s, Relation: r, Object: o, TurnID: turn, Time: t0.Add(time.Duration(min) * time.Minute), Sentence: "sentence of " + turn}
}

func mustAssert(t *testing.T, g *Graph, f Fact) AssertResult {
	t.Helper()
	res, err := g.Assert(f)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func keys(es []*Edge) []string {
	out := []string{}
	for _, e := range es {
		out = append(out, e.Key())
	}
	return out
}

func TestMergeSemantics(t *testing.T) {
	g := newGraph(t)
	r1 := mustAssert(t, g, fact("orders", "uses", "postgres 16", "s1-t1", 0))
	r2 := mustAssert(t, g, fact("orders", "uses", "postgres 16", "s1-t2", 1)) // restated
	r3 := mustAssert(t, g, fact("orders", "uses", "postgres 16", "s1-t2", 1)) // same turn again
	if !r1.Created || r2.Created || r3.Created || r1.Edge != r2.Edge {
		t.Fatalf("created flags %v %v %v", r1.Created, r2.Created, r3.Created)
	}
	e := r1.Edge
	if !reflect.DeepEqual(e.TurnIDs, []string{"s1-t1", "s1-t2"}) || len(e.Evidence) != 2 || e.First != t0 || e.Last != t0.Add(time.Minute) {
		t.Fatalf("edge = %+v", e)
	}
	// A condition makes a distinct edge over the same quad.
	mustAssert(t, g, Fact{Subject: "orders", Relation: "uses", Object: "postgres 16", Condition: "in staging", TurnID: "s1-t3"})
	if g.NumEntities() != 2 || g.NumEdges() != 2 || g.Quads() != 3 { // 2 type quads + 1 relation quad
		t.Fatalf("entities %d edges %d quads %d", g.NumEntities(), g.NumEdges(), g.Quads())
	}
	if got := len(g.Between("orders", "uses", "postgres 16")); got != 2 {
		t.Fatalf("Between = %d edges", got)
	}
	if en := g.Entity("orders"); en.Degree != 2 {
		t.Fatalf("degree = %d", en.Degree)
	}
}

func TestTypeUpgrade(t *testing.T) {
	g := newGraph(t)
	mustAssert(t, g, Fact{Subject: "dana", Relation: "works_on", Object: "orders", ObjectType: TypeConcept, TurnID: "a"})
	if got := g.Entity("dana").Type; got != TypePerson { // works_on's subject signature
		t.Fatalf("dana type = %s", got)
	}
	if got := g.Entity("orders").Type; got != TypeProject { // works_on's object signature
		t.Fatalf("orders type = %s", got)
	}
	mustAssert(t, g, Fact{Subject: "orders", Relation: "uses", Object: "kyoto", ObjectType: TypeConcept, TurnID: "b"})
	mustAssert(t, g, Fact{Subject: "hotel", Relation: "located_in", Object: "kyoto", TurnID: "c"})
	if got := g.Entity("kyoto").Type; got != TypePlace {
		t.Fatalf("kyoto type = %s, want place (upgraded from concept)", got)
	}
	if g.Quads() != 4+3 { // one type quad per node (the old one removed), three relation quads
		t.Fatalf("quads = %d", g.Quads())
	}
}

func TestBadFacts(t *testing.T) {
	g := newGraph(t)
	for _, f := range []Fact{
		{Subject: "", Relation: "uses", Object: "x"},
		{Subject: "a", Relation: "uses", Object: ""},
		{Subject: "a", Relation: "uses", Object: "a"},
		{Subject: "a", Relation: "likes", Object: "b"},
	} {
		if _, err := g.Assert(f); !errors.Is(err, ErrBadFact) {
			t.Errorf("Assert(%+v) err = %v", f, err)
		}
	}
	if g.NumEdges() != 0 || g.NumEntities() != 0 {
		t.Fatal("a bad fact changed the graph")
	}
}

func TestKnowledgeUpdates(t *testing.T) {
	t.Run("strict relation", func(t *testing.T) {
		g := newGraph(t)
		old := mustAssert(t, g, fact("orders api", "located_in", "fly.io", "s1", 0)).Edge
		mustAssert(t, g, fact("orders api", "located_in", "fly.io fra region", "s2", 1)) // a refinement: no conflict
		if old.Superseded {
			t.Fatal("a refining object superseded the old one")
		}
		res := mustAssert(t, g, fact("orders api", "located_in", "aws ecs fargate", "s3", 2))
		if want := []string{"orders api|located_in|fly.io|", "orders api|located_in|fly.io fra region|"}; !reflect.DeepEqual(keys(res.Superseded), want) {
			t.Fatalf("superseded = %v", keys(res.Superseded))
		}
		if old.Status() != strategies.StatusSuperseded || old.SupersededBy != res.Edge.Key() || res.Edge.Status() != strategies.StatusCurrent {
			t.Fatalf("statuses %q %q", old.Status(), res.Edge.Status())
		}
	})
	t.Run("slot relation", func(t *testing.T) {
		g := newGraph(t)
		pg := mustAssert(t, g, fact("orders", "uses", "postgres 16", "s1", 0)).Edge
		redis := mustAssert(t, g, fact("orders", "uses", "redis", "s1", 1)).Edge
		if pg.Superseded {
			t.Fatal("a second tool without a change cue superseded the first")
		}
		// Same head ("postgres"): a version bump replaces the old version.
		res := mustAssert(t, g, fact("orders", "uses", "postgres 17", "s2", 2))
		if !reflect.DeepEqual(keys(res.Superseded), []string{"orders|uses|postgres 16|"}) || redis.Superseded {
			t.Fatalf("superseded = %v", keys(res.Superseded))
		}
		// A change cue naming the old object replaces it.
		f := fact("orders", "uses", "mysql 8", "s3", 3)
		f.Change, f.Sentence = true, "We dropped Redis and use MySQL 8 now."
		res = mustAssert(t, g, f)
		if !reflect.DeepEqual(keys(res.Superseded), []string{"orders|uses|redis|"}) {
			t.Fatalf("superseded = %v", keys(res.Superseded))
		}
	})
	t.Run("explicit replacement and re-assertion", func(t *testing.T) {
		g := newGraph(t)
		zot := mustAssert(t, g, fact("library", "uses", "zotero", "s1", 0)).Edge
		mustAssert(t, g, fact("library", "uses", "google sheet", "s1", 1))
		f := fact("library", "uses", "paperpile", "s2", 2)
		f.Replaces = "zotero"
		res := mustAssert(t, g, f)
		if !reflect.DeepEqual(keys(res.Superseded), []string{"library|uses|zotero|"}) {
			t.Fatalf("superseded = %v", keys(res.Superseded))
		}
		// Stating the old value again (not as past) makes it current again.
		f = fact("library", "uses", "zotero", "s3", 3)
		f.Replaces = "paperpile"
		mustAssert(t, g, f)
		if zot.Superseded || !g.Edge("library|uses|paperpile|").Superseded {
			t.Fatal("re-assertion did not restore zotero")
		}
	})
	t.Run("opposite relation and cascade", func(t *testing.T) {
		g := newGraph(t)
		like := mustAssert(t, g, fact("user", "prefers", "spicy food", "s1", 0)).Edge
		res := mustAssert(t, g, fact("user", "dislikes", "spicy food", "s2", 1))
		if !like.Superseded || len(res.Superseded) != 1 {
			t.Fatal("dislike did not supersede the preference")
		}
		dec := mustAssert(t, g, fact("user", "decided", "gorm", "s1", 2)).Edge
		mustAssert(t, g, fact("invoices", "uses", "gorm", "s1", 3))
		f := fact("invoices", "uses", "sqlc", "s4", 4)
		f.Replaces = "gorm"
		res = mustAssert(t, g, f)
		if !dec.Superseded || !reflect.DeepEqual(keys(res.Superseded), []string{"invoices|uses|gorm|", "user|decided|gorm|"}) {
			t.Fatalf("cascade: superseded = %v", keys(res.Superseded))
		}
	})
	t.Run("conditions and past statements", func(t *testing.T) {
		g := newGraph(t)
		base := mustAssert(t, g, fact("user", "located_in", "berlin", "s1", 0)).Edge
		cond := Fact{Subject: "user", Relation: "located_in", Object: "kyoto", Condition: "in april", TurnID: "s2"}
		c := mustAssert(t, g, cond).Edge
		if base.Superseded || c.Status() != strategies.StatusConditional {
			t.Fatal("a conditional fact must not supersede an unconditional one")
		}
		p := fact("user", "located_in", "lisbon", "s3", 1)
		p.Past = true
		pe := mustAssert(t, g, p).Edge
		if base.Superseded || !pe.Superseded || pe.SupersededBy != base.Key() {
			t.Fatalf("past statement: base %v past %v", base.Superseded, pe.Superseded)
		}
	})
	t.Run("retract", func(t *testing.T) {
		g := newGraph(t)
		e := mustAssert(t, g, fact("orders", "uses", "redis", "s1", 0)).Edge
		if got := g.Retract("orders", "uses", "redis"); len(got) != 1 || !e.Superseded || e.SupersededBy != "retracted" {
			t.Fatalf("retract = %v", keys(got))
		}
	})
}

func TestTurnStatus(t *testing.T) {
	g := newGraph(t)
	mustAssert(t, g, fact("orders", "uses", "postgres 16", "s1-t1", 0))
	mustAssert(t, g, fact("orders", "caused_by", "team knows it", "s1-t1", 0))
	mustAssert(t, g, fact("orders", "uses", "postgres 16", "s1-t2", 1))
	mustAssert(t, g, fact("orders", "status", "in review", "s1-t2", 1))
	f := fact("orders", "uses", "mysql 8", "s2-t1", 2)
	f.Replaces = "postgres 16"
	mustAssert(t, g, f)
	for id, want := range map[string]string{
		"s1-t1": strategies.StatusSuperseded, // its only changing fact is out of date
		"s1-t2": strategies.StatusCurrent,    // its status fact is still current
		"s2-t1": strategies.StatusCurrent,
		"s9-t9": strategies.StatusCurrent, // no edges
	} {
		if got := g.TurnStatus(id); got != want {
			t.Errorf("TurnStatus(%s) = %q, want %q", id, got, want)
		}
	}
	if got := g.Text(g.Edge("orders|uses|mysql 8|")); got != "orders uses mysql 8" {
		t.Errorf("Text = %q", got)
	}
}
