package vecstore

import (
	"context"
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
