package gaama

import (
	"context"
	"reflect"
	"strings"
	"testing"

	"github.com/memarena/memarena/strategies"
)

func candsOf(specs ...string) []*cand {
	var out []*cand
	for _, sp := range specs {
		// "id:t1,t2" or "id:t1,t2:superseded"
		f := strings.Split(sp, ":")
		c := &cand{id: f[0], item: strategies.Item{ID: f[0], TurnIDs: strings.Split(f[1], ",")}}
		if len(f) > 2 {
			c.item.Status = f[2]
		}
		out = append(out, c)
	}
	return out
}

func candIDs(cs []*cand) []string {
	var out []string
	for _, c := range cs {
		out = append(out, c.id)
	}
	return out
}

func TestNovelFirstAndCurrentFirst(t *testing.T) {
	cs := candsOf("f1:a", "t1:a,b", "f2:b", "t2:c", "f3:a,c", "t3:d:superseded", "f4:e")
	// f2 (b) and f3 (a, c) bring no new turn once f1, t1 and t2 are placed.
	if got, want := candIDs(novelFirst(cs)), []string{"f1", "t1", "t2", "t3", "f4", "f2", "f3"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("novelFirst = %v, want %v", got, want)
	}
	if got, want := candIDs(currentFirst(cs)), []string{"f1", "t1", "f2", "t2", "f3", "f4", "t3"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("currentFirst = %v, want %v", got, want)
	}
}

func TestEpisodesAndMerge(t *testing.T) {
	g := newTest(t, strategies.ExtractModel, nil)
	ingestAll(t, g, []strategies.Turn{
		turn("a", "s1", 0, 0, "user", "Which hotel did you find in Kyoto?"),
		turn("b", "s1", 0, 1, "assistant", "Hotel Granvia Kyoto is next to the station."),
		turn("c", "s1", 0, 2, "user", "My sister likes ramen."),
		turn("d", "s2", 1, 0, "user", "The Kyoto hotel has a great breakfast."),
	})
	ctx := context.Background()
	// Every turn is an episode with the turn before it in its session; a
	// session's first turn stands alone.
	hits, err := g.raw.Search(ctx, "Which hotel in Kyoto?", 10)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string][]string{}
	for _, h := range hits {
		got[h.ID] = h.TurnIDs
	}
	want := map[string][]string{"a": {"a"}, "a..b": {"a", "b"}, "b..c": {"b", "c"}, "d": {"d"}}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("episodes = %v, want %v", got, want)
	}
	// Adjacent background turns of one session merge into one window item;
	// turns of another session stay apart.
	mk := func(id string) *cand {
		tt, _ := g.log.Get(id)
		c := &cand{id: "t:" + id, turns: []strategies.Turn{tt}}
		g.render(c, "")
		return c
	}
	merged := g.merge([]*cand{mk("b"), mk("d"), mk("c")})
	if len(merged) != 2 || !reflect.DeepEqual(merged[0].item.TurnIDs, []string{"b", "c"}) || merged[0].item.Kind != strategies.KindChunk {
		t.Fatalf("merged = %+v", merged)
	}
	if want := "assistant: Hotel Granvia Kyoto is next to the station. / user: My sister likes ramen."; merged[0].item.Text != want {
		t.Fatalf("window text = %q", merged[0].item.Text)
	}
}
