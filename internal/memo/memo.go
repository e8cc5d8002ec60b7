// Package memo holds a bounded, concurrency-safe memo for pure functions
// whose results several cells of a run share: the offline model's analysis
// of a turn and the offline embedder's vector of a text are computed once
// per process and reused by every strategy that asks for the same input.
//
// Eviction is by generations (as in a two-generation or "segmented" cache):
// entries go into the current generation; when it holds Limit entries it
// becomes the old generation (the previous old one is dropped) and a new
// current generation starts; a hit in the old generation moves the entry
// back to the current one. So at most 2·Limit entries are held, and what
// was used since the last turnover survives the next. Because the memoized
// functions are pure, what is evicted changes only the time a lookup
// takes, never its value: results do not depend on the order cells run in.
package memo

import "sync"

// Cache memoizes values of type V under keys of type K. The zero value is
// not usable; make one with New. Safe for concurrent use.
type Cache[K comparable, V any] struct {
	mu       sync.Mutex
	cur, old map[K]V
	limit    int
	hits     uint64
	misses   uint64
}

// New returns a cache holding at most 2·limit entries (limit < 1 is
// taken as 1).
func New[K comparable, V any](limit int) *Cache[K, V] {
	if limit < 1 {
		limit = 1
	}
	return &Cache[K, V]{cur: make(map[K]V), limit: limit}
}

// Get returns the value stored under k and whether there was one.
func (c *Cache[K, V]) Get(k K) (V, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if v, ok := c.cur[k]; ok {
		c.hits++
		return v, true
	}
	if v, ok := c.old[k]; ok {
		c.hits++
		delete(c.old, k)
		c.putLocked(k, v)
		return v, true
	}
	c.misses++
	var zero V
	return zero, false
}

// Put stores v under k.
func (c *Cache[K, V]) Put(k K, v V) {
	c.mu.Lock()
	c.putLocked(k, v)
	c.mu.Unlock()
}

func (c *Cache[K, V]) putLocked(k K, v V) {
	if _, ok := c.cur[k]; !ok && len(c.cur) >= c.limit {
		c.old, c.cur = c.cur, make(map[K]V, c.limit)
	}
	c.cur[k] = v
}

// Len is the number of entries held (both generations).
func (c *Cache[K, V]) Len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.cur) + len(c.old)
}

// Stats returns the number of lookups that found a value and that did not.
func (c *Cache[K, V]) Stats() (hits, misses uint64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.hits, c.misses
}
