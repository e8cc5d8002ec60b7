package embed

import (
	"context"
	"slices"
	"testing"
)

// countingEmbedder counts the texts it embeds.
type countingEmbedder struct {
	*Hashing
	n int
}

func (c *countingEmbedder) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	c.n += len(texts)
	return c.Hashing.Embed(ctx, texts)
}

func TestCachedSameVectorsOnce(t *testing.T) {
	inner := &countingEmbedder{Hashing: NewHashing(64)}
	c := NewCached(inner, 16)
	ctx := context.Background()
	texts := []string{"I adopted a dog named Max", "we moved to Lisbon", "I adopted a dog named Max"}
	first, err := c.Embed(ctx, texts)
	if err != nil {
		t.Fatal(err)
	}
	// The repeated text in one call is embedded twice (not yet cached);
	// a second call embeds nothing.
	if inner.n != 3 {
		t.Fatalf("inner embedded %d texts, want 3", inner.n)
	}
	second, err := c.Embed(ctx, texts)
	if err != nil {
		t.Fatal(err)
	}
	if inner.n != 3 {
		t.Fatalf("inner embedded %d texts after a cached call, want 3", inner.n)
	}
	want := NewHashing(64)
	for i, text := range texts {
		if !slices.Equal(first[i], want.Vector(text)) || !slices.Equal(second[i], want.Vector(text)) {
			t.Fatalf("vector %d differs from the inner embedder's", i)
		}
	}
	// Callers own what they get: changing it leaves the cache intact.
	second[1][0] = 42
	third, _ := c.Embed(ctx, texts[1:2])
	if !slices.Equal(third[0], want.Vector(texts[1])) {
		t.Fatal("a caller's change reached the cache")
	}
	if c.Name() != want.Name() || c.Dim() != 64 {
		t.Fatalf("Name, Dim = %s, %d; want the inner embedder's", c.Name(), c.Dim())
	}
}
