package vecstore

import (
	"context"
	"fmt"
	"testing"

	"github.com/memarena/memarena/internal/embed"
)

func TestQueryDeterministicTies(t *testing.T) {
	ctx := context.Background()
	s := New(embed.NewHashing(256))
	ids := []string{"d3", "d1", "d2", "d4"}
	texts := []string{"keyset pagination", "keyset pagination", "keyset pagination", "connection pool leak"}
	if err := s.Add(ctx, ids, texts, nil); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 20; i++ {
		hits, err := s.Query(ctx, "keyset pagination", 2, nil)
		if err != nil {
			t.Fatal(err)
		}
		if len(hits) != 2 || hits[0].ID != "d1" || hits[1].ID != "d2" {
			t.Fatalf("hits = %+v, want d1, d2", hits)
		}
	}
}

func TestQueryMoreThanStoredAndZero(t *testing.T) {
	ctx := context.Background()
	s := New(embed.NewHashing(256))
	if err := s.Add(ctx, []string{"a", "z"}, []string{"hotel budget", "the of and"}, nil); err != nil {
		t.Fatal(err)
	}
	if s.Len() != 2 {
		t.Fatalf("Len = %d", s.Len())
	}
	hits, err := s.Query(ctx, "hotel", 50, nil)
	if err != nil || len(hits) != 1 || hits[0].ID != "a" {
		t.Fatalf("hits=%+v err=%v", hits, err)
	}
	hits, err = s.Query(ctx, "", 5, nil)
	if err != nil || len(hits) != 0 {
		t.Fatalf("zero query: hits=%+v err=%v", hits, err)
	}
	if err := s.Delete(ctx, "a", "z"); err != nil || s.Len() != 0 {
		t.Fatalf("delete: %v len=%d", err, s.Len())
	}
}

// TestManyTiesAtTheCut stores more identical documents than the over-fetch
// window: the top n must still be the n smallest ids, every time.
func TestManyTiesAtTheCut(t *testing.T) {
	ctx := context.Background()
	s := New(embed.NewHashing(64))
	var ids, texts []string
	for i := 0; i < 200; i++ {
		ids = append(ids, fmt.Sprintf("d%03d", 199-i))
		texts = append(texts, "same words here")
	}
	if err := s.Add(ctx, ids, texts, nil); err != nil {
		t.Fatal(err)
	}
	for run := 0; run < 10; run++ {
		hits, err := s.Query(ctx, "same words", 3, nil)
		if err != nil {
			t.Fatal(err)
		}
		if len(hits) != 3 || hits[0].ID != "d000" || hits[1].ID != "d001" || hits[2].ID != "d002" {
			t.Fatalf("run %d: hits = %v %v %v", run, hits[0].ID, hits[1].ID, hits[2].ID)
		}
	}
}
