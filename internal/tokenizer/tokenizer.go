// Package tokenizer counts tokens with a real BPE vocabulary (OpenAI's
// cl100k_base or o200k_base), loaded from tables compiled into the binary so
// that no network is needed. Every token count in memarena — context budgets,
// write-side prompt cost, reader cost — goes through one Tokenizer so that all
// strategies and backends are measured the same way.
package tokenizer

import (
	"fmt"
	"hash/maphash"
	"sync"

	tiktoken "github.com/pkoukk/tiktoken-go"
	tiktoken_loader "github.com/pkoukk/tiktoken-go-loader"
)

// Default is the encoding used when a config names none.
const Default = "cl100k_base"

// Tokenizer counts and truncates text in BPE tokens. It is safe for concurrent
// use. Counts of recently seen texts are cached, because the runner counts
// the same turns and contexts many times; see CacheBytes.
type Tokenizer struct {
	name string
	enc  *tiktoken.Tiktoken

	mu     sync.Mutex
	cache  countCache
	chunks chunkCache // counts of word-sized chunks (chunks.go)
}

// CacheBytes bounds the memory of a Tokenizer's count cache. Entries are
// keyed by a 128-bit hash of the text, never by the text itself, so the
// cache holds no text alive however long the texts are; an entry costs
// about entryBytes (key, count and map overhead).
const CacheBytes = 8 << 20

const entryBytes = 48

// countCache is a two-generation cache of token counts: lookups hit the
// current or the previous generation (a hit in the previous one is copied
// forward); when the current generation is full it becomes the previous
// one and the oldest is dropped. Memory stays under CacheBytes whatever the
// number and length of the texts counted.
type countCache struct {
	cur, prev map[textKey]int32
	genCap    int
}

// textKey is a 128-bit hash of a text (two independently seeded maphash
// sums): the chance that two of a run's texts share a key is far below
// 2^-64, so a count is never taken from another text.
type textKey [2]uint64

var keySeeds = [2]maphash.Seed{maphash.MakeSeed(), maphash.MakeSeed()}

func keyOf(text string) textKey {
	return textKey{maphash.String(keySeeds[0], text), maphash.String(keySeeds[1], text)}
}

func (c *countCache) get(k textKey) (int, bool) {
	if n, ok := c.cur[k]; ok {
		return int(n), true
	}
	if n, ok := c.prev[k]; ok {
		c.put(k, int(n))
		return int(n), true
	}
	return 0, false
}

func (c *countCache) put(k textKey, n int) {
	if c.cur == nil || len(c.cur) >= c.genCap {
		c.prev, c.cur = c.cur, make(map[textKey]int32, c.genCap)
	}
	c.cur[k] = int32(n)
}

// len is the number of cached counts.
func (c *countCache) len() int { return len(c.cur) + len(c.prev) }

var (
	loaderOnce sync.Once
	encMu      sync.Mutex
	encs       = map[string]*Tokenizer{}
)

// New returns the process-wide Tokenizer for the named encoding
// ("cl100k_base" or "o200k_base"; "" means Default). The BPE table is loaded
// once per process (≈90 ms for cl100k, ≈270 ms for o200k). An unknown name is
// an error that lists the known ones.
func New(name string) (*Tokenizer, error) {
	if name == "" {
		name = Default
	}
	if name != "cl100k_base" && name != "o200k_base" {
		return nil, fmt.Errorf("tokenizer %q: unknown encoding (want cl100k_base or o200k_base)", name)
	}
	loaderOnce.Do(func() { tiktoken.SetBpeLoader(tiktoken_loader.NewOfflineLoader()) })
	encMu.Lock()
	defer encMu.Unlock()
	if t, ok := encs[name]; ok {
		return t, nil
	}
	enc, err := tiktoken.GetEncoding(name)
	if err != nil {
		return nil, fmt.Errorf("tokenizer %q: %w", name, err)
	}
	t := &Tokenizer{name: name, enc: enc, cache: countCache{genCap: CacheBytes / 2 / entryBytes}}
	encs[name] = t
	return t, nil
}

// MustDefault returns the Default tokenizer and panics if the compiled-in
// table cannot load (a build defect, not an input error). For tests and
// package-level defaults.
func MustDefault() *Tokenizer {
	t, err := New(Default)
	if err != nil {
		panic(err)
	}
	return t
}

// Name is the encoding name, e.g. "cl100k_base".
func (t *Tokenizer) Name() string { return t.name }

// Count returns the number of BPE tokens in text (special tokens are encoded
// as ordinary text). Count("") is 0.
func (t *Tokenizer) Count(text string) int {
	if text == "" {
		return 0
	}
	k := keyOf(text)
	t.mu.Lock()
	n, ok := t.cache.get(k)
	t.mu.Unlock()
	if ok {
		return n
	}
	n = t.countChunked(text)
	t.mu.Lock()
	t.cache.put(k, n)
	t.mu.Unlock()
	return n
}

// Truncate returns the longest prefix of text, cut at a token boundary, that
// has at most max tokens, and whether anything was cut. max ≤ 0 gives "".
func (t *Tokenizer) Truncate(text string, max int) (string, bool) {
	if max <= 0 {
		return "", text != ""
	}
	ids := t.enc.EncodeOrdinary(text)
	if len(ids) <= max {
		return text, false
	}
	return t.enc.Decode(ids[:max]), true
}
