// Package vecstore wraps a chromem-go collection with what memarena's
// contracts need on top of it: deterministic result order (chromem returns
// tied scores in random order), safe handling of texts that embed to the zero
// vector, and top-n queries that never fail because n exceeds the collection.
package vecstore

import (
	"context"
	"fmt"
	"sort"
	"sync"

	chromem "github.com/philippgille/chromem-go"

	"github.com/memarena/memarena/internal/embed"
)

// Hit is one query result. Score is the cosine similarity in [-1, 1].
type Hit struct {
	ID       string
	Score    float64
	Content  string
	Metadata map[string]string
}

// Store is an in-memory vector collection backed by chromem-go. It is safe
// for concurrent use.
type Store struct {
	emb embed.Embedder
	col *chromem.Collection

	mu   sync.Mutex
	zero map[string]bool // ids whose text embedded to the zero vector (never retrievable)
}

// New creates an empty store that embeds with emb.
func New(emb embed.Embedder) *Store {
	db := chromem.NewDB()
	noEmbed := func(context.Context, string) ([]float32, error) {
		return nil, fmt.Errorf("vecstore: embeddings are computed by memarena, not by chromem")
	}
	col, err := db.CreateCollection("memory", nil, noEmbed)
	if err != nil { // cannot happen for a fresh in-memory DB
		panic(err)
	}
	return &Store{emb: emb, col: col, zero: map[string]bool{}}
}

// Embedder returns the embedder the store uses.
func (s *Store) Embedder() embed.Embedder { return s.emb }

// Add embeds texts[i] and stores it under ids[i] with metas[i] (metas may be
// nil). Re-adding an id replaces it.
func (s *Store) Add(ctx context.Context, ids, texts []string, metas []map[string]string) error {
	if len(ids) != len(texts) || (metas != nil && len(metas) != len(ids)) {
		return fmt.Errorf("vecstore: %d ids, %d texts, %d metadatas", len(ids), len(texts), len(metas))
	}
	if len(ids) == 0 {
		return nil
	}
	vecs, err := s.emb.Embed(ctx, texts)
	if err != nil {
		return fmt.Errorf("vecstore: embedding %d texts: %w", len(texts), err)
	}
	for i := range ids {
		var m map[string]string
		if metas != nil {
			m = metas[i]
		}
		if err := s.AddVector(ctx, ids[i], vecs[i], texts[i], m); err != nil {
			return err
		}
	}
	return nil
}

// AddVector stores a precomputed vector. A zero vector is recorded but never
// returned by a query (its similarity to anything is 0 and chromem cannot
// normalize it).
func (s *Store) AddVector(ctx context.Context, id string, vec []float32, text string, meta map[string]string) error {
	if isZero(vec) {
		s.mu.Lock()
		s.zero[id] = true
		s.mu.Unlock()
		_ = s.col.Delete(ctx, nil, nil, id)
		return nil
	}
	s.mu.Lock()
	delete(s.zero, id)
	s.mu.Unlock()
	return s.col.AddDocument(ctx, chromem.Document{ID: id, Embedding: vec, Content: text, Metadata: meta})
}

// Delete removes ids; unknown ids are ignored.
func (s *Store) Delete(ctx context.Context, ids ...string) error {
	if len(ids) == 0 {
		return nil
	}
	s.mu.Lock()
	for _, id := range ids {
		delete(s.zero, id)
	}
	s.mu.Unlock()
	return s.col.Delete(ctx, nil, nil, ids...)
}

// Len is the number of stored documents, zero-vector ones included.
func (s *Store) Len() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.col.Count() + len(s.zero)
}

// Query embeds text and returns up to n hits, best first.
func (s *Store) Query(ctx context.Context, text string, n int, where map[string]string) ([]Hit, error) {
	vecs, err := s.emb.Embed(ctx, []string{text})
	if err != nil {
		return nil, fmt.Errorf("vecstore: embedding query: %w", err)
	}
	return s.QueryVector(ctx, vecs[0], n, where)
}

// QueryVector returns up to n hits for a precomputed query vector, ordered by
// score descending and then by id ascending, so equal scores always come back
// in the same order. where filters on exact metadata values (nil: none).
// A zero query vector or an empty store gives no hits.
func (s *Store) QueryVector(ctx context.Context, vec []float32, n int, where map[string]string) ([]Hit, error) {
	count := s.col.Count()
	if n <= 0 || count == 0 || isZero(vec) {
		return nil, nil
	}
	// Over-fetch so that ties at the cut are resolved by id, not by chance:
	// chromem returns an arbitrary subset of equally scored documents, so
	// the fetch grows until the score at the cut is strictly above the last
	// fetched score (or everything was fetched).
	fetch := n*2 + 8
	var hits []Hit
	for {
		if fetch > count {
			fetch = count
		}
		res, err := s.col.QueryEmbedding(ctx, vec, fetch, where, nil)
		if err != nil {
			return nil, fmt.Errorf("vecstore: query: %w", err)
		}
		hits = make([]Hit, len(res))
		for i, r := range res {
			hits[i] = Hit{ID: r.ID, Score: float64(r.Similarity), Content: r.Content, Metadata: r.Metadata}
		}
		sort.SliceStable(hits, func(i, j int) bool {
			if hits[i].Score != hits[j].Score {
				return hits[i].Score > hits[j].Score
			}
			return hits[i].ID < hits[j].ID
		})
		if fetch >= count || len(hits) < fetch || len(hits) <= n || hits[n-1].Score > hits[len(hits)-1].Score {
			break
		}
		fetch *= 2
	}
	if len(hits) > n {
		hits = hits[:n]
	}
	return hits, nil
}

func isZero(v []float32) bool {
	for _, x := range v {
		if x != 0 {
			return false
		}
	}
	return true
}
