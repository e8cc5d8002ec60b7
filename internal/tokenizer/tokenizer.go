// Package tokenizer counts tokens with a real BPE vocabulary (OpenAI's
// cl100k_base or o200k_base), loaded from tables compiled into the binary so
// that no network is needed. Every token count in memarena — context budgets,
// write-side prompt cost, reader cost — goes through one Tokenizer so that all
// strategies and backends are measured the same way.
package tokenizer

import (
	"fmt"
	"sync"

	tiktoken "github.com/pkoukk/tiktoken-go"
	tiktoken_loader "github.com/pkoukk/tiktoken-go-loader"
)

// Default is the encoding used when a config names none.
const Default = "cl100k_base"

// Tokenizer counts and truncates text in BPE tokens. It is safe for concurrent
// use. Counts of recently seen strings are cached (bounded), because the
// runner counts the same turns many times.
type Tokenizer struct {
	name string
	enc  *tiktoken.Tiktoken

	mu    sync.Mutex
	cache map[string]int

	chunks chunkCache // counts of word-sized chunks (chunks.go)
}

const cacheLimit = 1 << 17

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
	t := &Tokenizer{name: name, enc: enc, cache: make(map[string]int)}
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
	t.mu.Lock()
	n, ok := t.cache[text]
	t.mu.Unlock()
	if ok {
		return n
	}
	n = t.countChunked(text)
	t.mu.Lock()
	if len(t.cache) >= cacheLimit {
		t.cache = make(map[string]int)
	}
	t.cache[text] = n
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
