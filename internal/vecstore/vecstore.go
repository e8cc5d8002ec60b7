// Package vecstore wraps a chromem-go collection with what memarena's
// contracts need on top of it: deterministic result order (chromem returns
// tied scores in random order), safe handling of texts that embed to the zero
// vector, top-n queries that never fail because n exceeds the collection,
// and exact top-n search near the memory bandwidth.
//
// Documents (content, metadata, vector) live in the chromem collection. The
// vectors are also kept, normalized, in a contiguous float32 matrix (blocks
// of rows; chromem's document embeddings point into it, so the vectors are
// stored once). A query without a metadata filter scans the matrix with
// gonum's BLAS Sgemv (one matrix-vector product per block) and keeps the
// best n rows in a bounded heap ordered by score, then id: an exact,
// deterministic top n in one pass over the vectors. chromem's own query
// scans its documents through a channel under a global lock, 7–10× slower
// than the memory bound at 100k vectors; BenchmarkFlatTopK measures the
// scan against one plain pass over the same memory. A query with a
// metadata filter goes through chromem.
package vecstore

import (
	"context"
	"fmt"
	"math"
	"runtime"
	"sort"
	"sync"
	"unsafe"

	chromem "github.com/philippgille/chromem-go"
	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas32"

	"github.com/memarena/memarena/internal/embed"
)

// Hit is one query result. Score is the cosine similarity in [-1, 1].
type Hit struct {
	ID       string
	Score    float64
	Content  string
	Metadata map[string]string
}

// blockRows is the number of vectors per matrix block (a block of 512-d
// vectors is 2 MiB).
const blockRows = 1024

// Store is an in-memory vector collection backed by chromem-go. It is safe
// for concurrent use.
type Store struct {
	emb embed.Embedder
	col *chromem.Collection

	mu   sync.RWMutex
	zero map[string]bool // ids whose text embedded to the zero vector (never retrievable)
	dim  int             // vector dimension, fixed by the first vector
	// The matrix: row r is blocks[r/blockRows][(r%blockRows)*dim:][:dim].
	blocks [][]float32
	ids    []string       // row → id; "" marks a free row
	rows   map[string]int // id → row
	free   []int          // free rows, reused before the matrix grows
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
	return &Store{emb: emb, col: col, zero: map[string]bool{}, rows: map[string]int{}}
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
// returned by a query (its similarity to anything is 0 and it cannot be
// normalized). Every vector of a store must have the same dimension.
func (s *Store) AddVector(ctx context.Context, id string, vec []float32, text string, meta map[string]string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if isZero(vec) {
		s.zero[id] = true
		s.release(id)
		_ = s.col.Delete(ctx, nil, nil, id)
		return nil
	}
	if s.dim == 0 {
		s.dim = len(vec)
	}
	if len(vec) != s.dim {
		return fmt.Errorf("vecstore: vector of %q has dimension %d, the store holds %d", id, len(vec), s.dim)
	}
	delete(s.zero, id)
	r, ok := s.rows[id]
	if !ok {
		r = s.alloc(id)
	}
	row := s.row(r)
	normalizeInto(row, vec)
	// chromem keeps a normalized embedding as given, so the document's
	// embedding is the matrix row itself.
	return s.col.AddDocument(ctx, chromem.Document{ID: id, Embedding: row, Content: text, Metadata: meta})
}

// row returns row r of the matrix.
func (s *Store) row(r int) []float32 {
	b := s.blocks[r/blockRows]
	o := (r % blockRows) * s.dim
	return b[o : o+s.dim : o+s.dim]
}

// alloc gives id a row: a free one, or a new one at the end.
func (s *Store) alloc(id string) int {
	var r int
	if n := len(s.free); n > 0 {
		r, s.free = s.free[n-1], s.free[:n-1]
		s.ids[r] = id
	} else {
		r = len(s.ids)
		if r%blockRows == 0 {
			s.blocks = append(s.blocks, make([]float32, blockRows*s.dim))
		}
		s.ids = append(s.ids, id)
	}
	s.rows[id] = r
	return r
}

// release frees id's row, if it has one.
func (s *Store) release(id string) {
	if r, ok := s.rows[id]; ok {
		delete(s.rows, id)
		s.ids[r] = ""
		s.free = append(s.free, r)
	}
}

// normalizeInto writes v / |v| into dst, computed as chromem-go normalizes
// (float32 sum of squares, float64 square root).
func normalizeInto(dst, v []float32) {
	var norm float32
	for _, x := range v {
		norm += x * x
	}
	n := float32(math.Sqrt(float64(norm)))
	for i, x := range v {
		dst[i] = x / n
	}
}

// Delete removes ids; unknown ids are ignored.
func (s *Store) Delete(ctx context.Context, ids ...string) error {
	if len(ids) == 0 {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, id := range ids {
		delete(s.zero, id)
		s.release(id)
	}
	return s.col.Delete(ctx, nil, nil, ids...)
}

// Len is the number of stored documents, zero-vector ones included.
func (s *Store) Len() int {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return len(s.rows) + len(s.zero)
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
	if n <= 0 || isZero(vec) {
		return nil, nil
	}
	if len(where) > 0 {
		return s.queryFiltered(ctx, vec, n, where)
	}
	s.mu.RLock()
	defer s.mu.RUnlock()
	if ok, err := s.scorable(vec); !ok {
		return nil, err
	}
	top := s.scan(vec, n)
	hits := make([]Hit, len(top))
	for i, c := range top {
		id := s.ids[c.row]
		doc, err := s.col.GetByID(ctx, id)
		if err != nil {
			return nil, fmt.Errorf("vecstore: document %q: %w", id, err)
		}
		hits[i] = Hit{ID: id, Score: float64(c.score), Content: doc.Content, Metadata: doc.Metadata}
	}
	return hits, nil
}

// scorable reports whether the matrix can score vec (the caller holds
// s.mu): false for an empty store, false and an error for a vector of
// another dimension.
func (s *Store) scorable(vec []float32) (bool, error) {
	if len(s.rows) == 0 {
		return false, nil
	}
	if len(vec) != s.dim {
		return false, fmt.Errorf("vecstore: query of dimension %d, the store holds %d", len(vec), s.dim)
	}
	return true, nil
}

// QueryAmong is QueryVector restricted to the stored ids among ids: up to n
// hits, score descending then id ascending, each score computed exactly as
// the full scan computes it (the same kernel over the same row and the same
// aligned query copy), so a caller that pre-selects candidates with an index
// gets the full scan's scores and order on them. Ids not stored, or stored
// as the zero vector, are skipped; a zero query vector gives no hits. Hits
// carry ID and Score only (the caller named the documents). Cost: one dot
// product per id, independent of the collection size.
func (s *Store) QueryAmong(ctx context.Context, vec []float32, n int, ids []string) ([]Hit, error) {
	refs := make([]Ref, len(ids))
	for i, id := range ids {
		refs[i] = Ref{ID: id, row: -1} // no row: found by id
	}
	return s.QueryAmongRefs(ctx, vec, n, refs)
}

// Ref names a stored vector by id and by the matrix row that held it when
// the Ref was taken (Store.Ref), so QueryAmongRefs reaches the row without
// a look-up by id. A Ref stays valid across re-adds of its id; after the id
// is deleted (its row may then hold another id) QueryAmongRefs finds the
// id by name instead, so a stale Ref is never wrong, only slower.
type Ref struct {
	ID  string
	row int
}

// Ref returns the Ref of a stored id; false for an unknown id or one with
// a zero vector (it has no row).
func (s *Store) Ref(id string) (Ref, bool) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	r, ok := s.rows[id]
	return Ref{ID: id, row: r}, ok
}

// QueryAmongRefs is QueryAmong over the rows of refs: the same scores,
// order and hits as QueryAmong with the refs' ids.
func (s *Store) QueryAmongRefs(_ context.Context, vec []float32, n int, refs []Ref) ([]Hit, error) {
	if n <= 0 || isZero(vec) || len(refs) == 0 {
		return nil, nil
	}
	s.mu.RLock()
	defer s.mu.RUnlock()
	if ok, err := s.scorable(vec); !ok {
		return nil, err
	}
	q := aligned(s.dim)
	normalizeInto(q, vec)
	x := blas32.Vector{N: s.dim, Inc: 1, Data: q}
	h := topHeap{ids: s.ids, n: n}
	for _, ref := range refs {
		r := ref.row
		if r < 0 || r >= len(s.ids) || s.ids[r] != ref.ID {
			var ok bool
			if r, ok = s.rows[ref.ID]; !ok {
				continue
			}
		}
		h.offer(cand{blas32.Dot(blas32.Vector{N: s.dim, Inc: 1, Data: s.row(r)}, x), r})
	}
	top := h.sorted()
	hits := make([]Hit, len(top))
	for i, c := range top {
		hits[i] = Hit{ID: s.ids[c.row], Score: float64(c.score)}
	}
	return hits, nil
}

// cand is a scored row.
type cand struct {
	score float32
	row   int
}

// scan returns the n best live rows for vec, best first: score descending,
// then id ascending. Scores are dot products of the normalized query with
// the normalized rows (cosine similarity), computed block by block with
// Sgemv into a 16-byte-aligned query copy, so that the SIMD kernel sums in
// the same order for every row and every call (ties stay ties).
func (s *Store) scan(vec []float32, n int) []cand {
	q := aligned(s.dim)
	normalizeInto(q, vec)
	workers := min(ScanWorkers, len(s.blocks)/parallelBlocks)
	if workers <= 1 {
		h := topHeap{ids: s.ids, n: n}
		s.scanBlocks(q, 0, len(s.blocks), &h)
		return h.sorted()
	}
	// Each worker scans a contiguous range of blocks into its own heap; the
	// heaps are then merged. The order (score, then id) is total and each
	// row's score is computed by the same kernel on the same operands as in
	// the serial scan, so the result equals the serial scan's exactly.
	heaps := make([]topHeap, workers)
	var wg sync.WaitGroup
	per := (len(s.blocks) + workers - 1) / workers
	for w := range heaps {
		heaps[w] = topHeap{ids: s.ids, n: n}
		lo, hi := w*per, min((w+1)*per, len(s.blocks))
		wg.Add(1)
		go func(h *topHeap) {
			defer wg.Done()
			s.scanBlocks(q, lo, hi, h)
		}(&heaps[w])
	}
	wg.Wait()
	h := topHeap{ids: s.ids, n: n}
	for _, hw := range heaps {
		for _, c := range hw.c {
			h.offer(c)
		}
	}
	return h.sorted()
}

// ScanWorkers is the number of goroutines an exact top-n scan uses over a
// large matrix (at least parallelBlocks blocks per goroutine); 1 scans on
// the calling goroutine only. Results do not depend on it. It defaults to
// GOMAXPROCS at start-up, at most 4.
var ScanWorkers = min(runtime.GOMAXPROCS(0), 4)

// parallelBlocks is the least number of blocks (of blockRows vectors) a
// scan goroutine gets: below 2 × 8192 vectors a scan stays on one
// goroutine, where starting goroutines would cost more than it saves.
const parallelBlocks = 8

// scanBlocks scores the live rows of blocks [lo, hi) against the
// normalized, aligned query q into h.
func (s *Store) scanBlocks(q []float32, lo, hi int, h *topHeap) {
	x := blas32.Vector{N: s.dim, Inc: 1, Data: q}
	scores := make([]float32, blockRows)
	for b := lo; b < hi; b++ {
		block := s.blocks[b]
		rows := min(blockRows, len(s.ids)-b*blockRows)
		a := blas32.General{Rows: rows, Cols: s.dim, Stride: s.dim, Data: block[:rows*s.dim]}
		y := blas32.Vector{N: rows, Inc: 1, Data: scores[:rows]}
		blas32.Gemv(blas.NoTrans, 1, a, x, 0, y)
		base := b * blockRows
		for i, sc := range scores[:rows] {
			if s.ids[base+i] != "" {
				h.offer(cand{sc, base + i})
			}
		}
	}
}

// aligned returns a zeroed []float32 of length n whose first element is
// 16-byte aligned (the alignment gonum's SSE dot product keys its
// summation order on).
func aligned(n int) []float32 {
	buf := make([]float32, n+4)
	off := int(uintptr(unsafe.Pointer(&buf[0]))%16) / 4
	if off != 0 {
		off = 4 - off
	}
	return buf[off : off+n : off+n]
}

// topHeap keeps the n best candidates seen, worst at the root.
type topHeap struct {
	ids []string
	n   int
	c   []cand
}

// worse reports whether a ranks below b: lower score, or equal score and
// larger id.
func (h *topHeap) worse(a, b cand) bool {
	if a.score != b.score {
		return a.score < b.score
	}
	return h.ids[a.row] > h.ids[b.row]
}

func (h *topHeap) offer(c cand) {
	if len(h.c) < h.n {
		h.c = append(h.c, c)
		for i := len(h.c) - 1; i > 0; {
			p := (i - 1) / 2
			if !h.worse(h.c[i], h.c[p]) {
				break
			}
			h.c[i], h.c[p] = h.c[p], h.c[i]
			i = p
		}
		return
	}
	if !h.worse(h.c[0], c) {
		return
	}
	h.c[0] = c
	for i := 0; ; {
		l, r, m := 2*i+1, 2*i+2, i
		if l < len(h.c) && h.worse(h.c[l], h.c[m]) {
			m = l
		}
		if r < len(h.c) && h.worse(h.c[r], h.c[m]) {
			m = r
		}
		if m == i {
			return
		}
		h.c[i], h.c[m] = h.c[m], h.c[i]
		i = m
	}
}

func (h *topHeap) sorted() []cand {
	sort.Slice(h.c, func(i, j int) bool { return h.worse(h.c[j], h.c[i]) })
	return h.c
}

// queryFiltered answers a query with a metadata filter through chromem,
// which applies the filter while it scans.
func (s *Store) queryFiltered(ctx context.Context, vec []float32, n int, where map[string]string) ([]Hit, error) {
	count := s.col.Count()
	if count == 0 {
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
