package embed

import (
	"context"

	"github.com/memarena/memarena/internal/memo"
)

// Cached is an Embedder that memoizes a deterministic embedder's vectors
// by text, so the strategies of a run that embed the same text (every
// turn with the turn before it, a probe's question) compute its vector
// once. The cache is bounded (internal/memo: at most 2·limit vectors) and
// every call returns fresh copies, so a caller may modify what it gets.
// Name and Dim are the inner embedder's: the vectors are the same.
type Cached struct {
	inner Embedder
	cache *memo.Cache[string, []float32]
}

// NewCached wraps inner, which must return the same vector for the same
// text every time (as Hashing does), holding at most 2·limit vectors.
func NewCached(inner Embedder, limit int) *Cached {
	return &Cached{inner: inner, cache: memo.New[string, []float32](limit)}
}

// Dim implements Embedder.
func (c *Cached) Dim() int { return c.inner.Dim() }

// Name implements Embedder: the inner embedder's name.
func (c *Cached) Name() string { return c.inner.Name() }

// Embed implements Embedder: cached vectors are copied, the others are
// embedded by the inner embedder in one call and stored.
func (c *Cached) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	out := make([][]float32, len(texts))
	var missIdx []int
	var miss []string
	for i, t := range texts {
		if v, ok := c.cache.Get(t); ok {
			out[i] = append([]float32(nil), v...)
			continue
		}
		missIdx = append(missIdx, i)
		miss = append(miss, t)
	}
	if len(miss) == 0 {
		return out, nil
	}
	vecs, err := c.inner.Embed(ctx, miss)
	if err != nil {
		return nil, err
	}
	for j, i := range missIdx {
		c.cache.Put(miss[j], append([]float32(nil), vecs[j]...))
		out[i] = vecs[j]
	}
	return out, nil
}
