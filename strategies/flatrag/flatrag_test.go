package flatrag

import (
	"context"
	"reflect"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/memarena/memarena/internal/embed"
	"github.com/memarena/memarena/internal/tokenizer"
	"github.com/memarena/memarena/strategies"
)

func env() strategies.Env {
	return strategies.Env{Embedder: embed.NewHashing(256), Tokenizer: tokenizer.MustDefault()}
}

func build(t *testing.T, raw map[string]any) *FlatRAG {
	t.Helper()
	s, err := strategies.Build("flat-rag", raw, env())
	if err != nil {
		t.Fatal(err)
	}
	return s.(*FlatRAG)
}

func turn(sess string, i int, text string) strategies.Turn {
	return strategies.Turn{ID: sess + "-" + string(rune('a'+i)), SessionID: sess, Index: i, Role: "user", Text: text,
		Time: time.Date(2026, 3, 2, 9, i, 0, 0, time.UTC)}
}

func chunkIDs(f *FlatRAG) []string {
	var ids []string
	for id := range f.chunks {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids
}

func TestChunkWindows(t *testing.T) {
	ctx := context.Background()
	f := build(t, map[string]any{"chunk_turns": 3, "overlap": 1})
	for i := 0; i < 6; i++ {
		if err := f.Ingest(ctx, turn("s1", i, "text number")); err != nil {
			t.Fatal(err)
		}
	}
	if err := f.EndSession(ctx, strategies.SessionInfo{}); err != nil {
		t.Fatal(err)
	}
	// windows start at 0, 2; tail from 4: a..c, c..e, e..f
	want := []string{"s1-a..s1-c", "s1-c..s1-e", "s1-e..s1-f"}
	if got := chunkIDs(f); !reflect.DeepEqual(got, want) {
		t.Fatalf("chunks = %v, want %v", got, want)
	}
	// A short session gets one chunk; chunks never span sessions.
	f.Ingest(ctx, turn("s2", 0, "only one"))
	f.EndSession(ctx, strategies.SessionInfo{})
	if _, ok := f.chunks["s2-a..s2-a"]; !ok {
		t.Fatalf("short session chunk missing: %v", chunkIDs(f))
	}
}

func TestRetrieveTopKWithProvenance(t *testing.T) {
	ctx := context.Background()
	f := build(t, map[string]any{"chunk_turns": 1, "overlap": 0, "top_k": 1})
	f.Ingest(ctx, turn("s1", 0, "We use keyset pagination for orders"))
	f.Ingest(ctx, turn("s1", 1, "The weather is lovely today"))
	f.EndSession(ctx, strategies.SessionInfo{})
	r, err := f.Retrieve(ctx, strategies.Query{Question: "Which pagination do orders use?", Budget: 100})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Items) != 1 || !reflect.DeepEqual(r.Items[0].TurnIDs, []string{"s1-a"}) {
		t.Fatalf("items = %+v", r.Items)
	}
	if n := tokenizer.MustDefault().Count(r.Context); n > 100 {
		t.Fatalf("context %d tokens over budget", n)
	}
}

func TestBadParams(t *testing.T) {
	if _, err := strategies.Build("flat-rag", map[string]any{"chunk_turns": 2, "overlap": 2}, env()); err == nil {
		t.Fatal("overlap ≥ chunk_turns must fail")
	}
	_, err := strategies.Build("flat-rag", map[string]any{"topk": 3}, env())
	if err == nil || !strings.Contains(err.Error(), `did you mean "top_k"`) {
		t.Fatalf("want did-you-mean, got %v", err)
	}
}
