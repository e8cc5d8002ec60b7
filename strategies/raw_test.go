package strategies_test

import (
	"context"
	"math"
	"reflect"
	"testing"
	"time"

	"github.com/memarena/memarena/internal/embed"
	"github.com/memarena/memarena/strategies"
)

func rawTurn(id, sess, speaker, text string, min int) strategies.Turn {
	return strategies.Turn{ID: id, SessionID: sess, Role: "user", Speaker: speaker, Text: text,
		Time: time.Date(2026, 5, 1, 9, min, 0, 0, time.UTC)}
}

// TestRawIndexWindows: each turn is stored with the turn before it in its
// session; a session's first turn stands alone; ids added twice fail.
func TestRawIndexWindows(t *testing.T) {
	ctx := context.Background()
	r := strategies.NewRawIndex(embed.NewHashing(256), strategies.DefaultRawWindow)
	for _, tu := range []strategies.Turn{
		rawTurn("a", "s1", "Ana", "Where did you hike last weekend?", 0),
		rawTurn("b", "s1", "Ben", "We hiked the ridge trail above the lake.", 1),
		rawTurn("c", "s2", "Ana", "The lake was cold.", 2),
	} {
		if err := r.Add(ctx, tu); err != nil {
			t.Fatal(err)
		}
	}
	if err := r.Add(ctx, rawTurn("a", "s1", "Ana", "again", 3)); err == nil {
		t.Fatal("duplicate turn accepted")
	}
	hits, err := r.Search(ctx, "Where did Ben hike?", 3)
	if err != nil {
		t.Fatal(err)
	}
	if len(hits) != 3 || r.Len() != 3 {
		t.Fatalf("%d hits, %d turns", len(hits), r.Len())
	}
	byID := map[string]strategies.Item{}
	for _, h := range hits {
		byID[h.ID] = h
	}
	ab := byID["a..b"]
	want := strategies.Item{ID: "a..b", Text: "Ana: Where did you hike last weekend? / Ben: We hiked the ridge trail above the lake.",
		Score: ab.Score, Kind: strategies.KindChunk, TurnIDs: []string{"a", "b"}, Time: time.Date(2026, 5, 1, 9, 1, 0, 0, time.UTC)}
	if !reflect.DeepEqual(ab, want) {
		t.Fatalf("window = %+v, want %+v", ab, want)
	}
	if c := byID["c"]; c.Kind != strategies.KindTurn || !reflect.DeepEqual(c.TurnIDs, []string{"c"}) || c.Text != "Ana: The lake was cold." {
		t.Fatalf("first turn of s2 = %+v", c)
	}
	if hits[0].ID != "a..b" {
		t.Fatalf("best hit %s, want a..b", hits[0].ID)
	}
	single := strategies.NewRawIndex(embed.NewHashing(256), 0)
	if err := single.Add(ctx, rawTurn("a", "s1", "Ana", "x y", 0)); err != nil {
		t.Fatal(err)
	}
	if err := single.Add(ctx, rawTurn("b", "s1", "Ben", "x z", 1)); err != nil {
		t.Fatal(err)
	}
	if h, _ := single.Search(ctx, "x z", 1); len(h) != 1 || !reflect.DeepEqual(h[0].TurnIDs, []string{"b"}) {
		t.Fatalf("window 0 (read as 1): %+v", h)
	}
}

func it(kind, id string, turns ...string) strategies.Item {
	return strategies.Item{Kind: kind, ID: id, TurnIDs: turns}
}

func ids(items []strategies.Item) []string {
	out := make([]string, len(items))
	for i, x := range items {
		out[i] = x.Kind + ":" + x.ID
	}
	return out
}

// TestFuseLinkedRRF checks the fused scores exactly: direct votes
// w/(k + r), linked votes share·w/(k + r') through shared turns.
func TestFuseLinkedRRF(t *testing.T) {
	structured := []strategies.Item{it("fact", "f1", "t9"), it("fact", "f2", "t2")}
	raw := []strategies.Item{it("chunk", "t1..t2", "t1", "t2"), it("chunk", "t3..t4", "t3", "t4")}
	got, err := strategies.FuseLinkedRRF(60, 0.5, []float64{0.5, 1}, structured, raw)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]float64{
		"fact:f1":      0.5 / 61,
		"fact:f2":      0.5/62 + 0.5*1/61, // linked to t1..t2 at rank 1
		"chunk:t1..t2": 1.0/61 + 0.5*0.5/62,
		"chunk:t3..t4": 1.0 / 62,
	}
	if g := ids(got); !reflect.DeepEqual(g, []string{"chunk:t1..t2", "fact:f2", "chunk:t3..t4", "fact:f1"}) {
		t.Fatalf("order %v", g)
	}
	for _, x := range got {
		if w := want[x.Kind+":"+x.ID]; math.Abs(x.Score-w) > 1e-15 {
			t.Errorf("%s: score %v, want %v", x.ID, x.Score, w)
		}
	}
	// Without links it is plain RRF.
	plain, _ := strategies.FuseRRF(60, nil, structured, raw)
	if plain[0].Score != 1.0/61 || plain[0].ID != "f1" || plain[1].ID != "t1..t2" {
		t.Fatalf("plain RRF: %v %v", ids(plain), plain[0].Score)
	}
	for _, bad := range []struct {
		k, share float64
		w        []float64
	}{{-1, 0, nil}, {60, 1.5, nil}, {60, 0.5, []float64{1}}} {
		if _, err := strategies.FuseLinkedRRF(bad.k, bad.share, bad.w, structured, raw); err == nil {
			t.Errorf("k %v share %v weights %v accepted", bad.k, bad.share, bad.w)
		}
	}
}

func TestNovelFirst(t *testing.T) {
	in := []strategies.Item{it("chunk", "c1", "a", "b"), it("fact", "f1", "b"), it("chunk", "c2", "c"), it("fact", "f2"), it("fact", "f3", "a", "c")}
	if got := ids(strategies.NovelFirst(in)); !reflect.DeepEqual(got, []string{"chunk:c1", "chunk:c2", "fact:f2", "fact:f1", "fact:f3"}) {
		t.Fatalf("NovelFirst = %v", got)
	}
}

// TestFuseRawWeakStructureCannotPushRawOut: a structured list of items
// the raw channel does not back, at weight 0.5, leaves the raw top ranks
// in front; at weight 1 (plain RRF) it interleaves with them.
func TestFuseRawWeakStructureCannotPushRawOut(t *testing.T) {
	var structured, raw []strategies.Item
	for i := 0; i < 10; i++ {
		structured = append(structured, it("fact", string(rune('A'+i)), "x"+string(rune('0'+i))))
		raw = append(raw, it("chunk", string(rune('a'+i)), "t"+string(rune('0'+i))))
	}
	got, err := strategies.FuseRaw(structured, raw, 0.5)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 10; i++ {
		if got[i].Kind != "chunk" {
			t.Fatalf("weight 0.5: position %d is %v", i, ids(got[:10]))
		}
	}
	got, _ = strategies.FuseRaw(structured, raw, 1)
	if g := ids(got[:4]); !reflect.DeepEqual(g, []string{"fact:A", "chunk:a", "fact:B", "chunk:b"}) {
		t.Fatalf("weight 1: %v", g)
	}
	// A structured item backed by the raw channel's best hit follows it
	// (0.5/61 + 0.5·1/61 > 1/62) — but it brings no turn the hit does not,
	// so the novelty order moves it behind every item that does.
	structured[0].TurnIDs = []string{"t0"}
	fused, _ := strategies.FuseLinkedRRF(strategies.RRFK, strategies.LinkShare, []float64{0.5, 1}, structured, raw)
	if g := ids(fused[:3]); !reflect.DeepEqual(g, []string{"chunk:a", "fact:A", "chunk:b"}) {
		t.Fatalf("backed: %v", g)
	}
	got, _ = strategies.FuseRaw(structured, raw, 0.5)
	if g := ids(got); g[1] != "chunk:b" || g[len(g)-1] != "fact:A" {
		t.Fatalf("backed, novelty order: %v", g)
	}
	if _, err := strategies.FuseRaw(structured, raw, -1); err == nil {
		t.Fatal("negative weight accepted")
	}
}

// TestRawIndexFuseMarksStale: Fuse marks the observations holding a stale
// turn superseded and leaves the others current.
func TestRawIndexFuseMarksStale(t *testing.T) {
	ctx := context.Background()
	r := strategies.NewRawIndex(embed.NewHashing(256), strategies.DefaultRawWindow)
	for _, tu := range []strategies.Turn{
		rawTurn("a", "s1", "Ana", "My rent is 900 a month.", 0),
		rawTurn("b", "s1", "Ben", "Nice flat.", 1),
		rawTurn("c", "s2", "Ana", "My rent went up to 1200 a month.", 2),
	} {
		if err := r.Add(ctx, tu); err != nil {
			t.Fatal(err)
		}
	}
	got, err := r.Fuse(ctx, "What is Ana's rent?", 10, nil, 0.5, strategies.CitesAny(map[string]bool{"a": true}))
	if err != nil {
		t.Fatal(err)
	}
	status := map[string]string{}
	for _, x := range got {
		status[x.ID] = x.Status
	}
	want := map[string]string{"a": strategies.StatusSuperseded, "a..b": strategies.StatusSuperseded, "c": strategies.StatusCurrent}
	if !reflect.DeepEqual(status, want) {
		t.Fatalf("statuses %v, want %v", status, want)
	}
}
