package tokenizer

import (
	"math"
	"strings"
	"sync"
)

// Counting by chunks.
//
// A BPE encoder first splits text into pieces with its pre-tokenizer regex,
// then encodes each piece on its own, so a text's token count is the sum of
// its pieces' counts. In the patterns of cl100k_base and o200k_base no
// piece holds a visible character followed by a space (a space only ever
// starts a piece or belongs to a run of whitespace), and no piece holds a
// newline followed by a visible character other than '/' (o200k_base lets
// punctuation pieces end in newlines and slashes); the patterns look ahead
// but never behind. So at a position i where
//
//	text[i] is ' ' and text[i-1] is a visible ASCII character (0x21–0x7e), or
//	text[i-1] is '\n' and text[i] is a visible ASCII character but '/',
//
// every piece ends before i or starts at or after it, and the pieces of
// text[i:] are the same as in text: Count(text) = Count(text[:i]) +
// Count(text[i:]). Counting lines (cut at the newline boundaries) and the
// word-sized chunks of each line, and caching both counts, makes counting
// many long texts that share most of their lines and words (prompts built
// from templates and turns, contexts built from the same memories) nearly
// free after the first time, with exactly the counts of encoding the whole
// text (TestChunkedCountIsExact checks this on real and random texts for
// both encodings).

// chunkKeyMax is the longest chunk whose count is cached; longer chunks
// (rare: long runs without spaces — URLs, compact JSON, markup) are
// encoded every time.
const chunkKeyMax = 128

// lineKeyMax is the longest line whose count is cached. Lines — a
// template's lines, a turn's text — recur across the prompts and contexts
// of a run; one lookup per line replaces one per word.
// Long chat turns (an assistant's multi-paragraph answer) have lines of
// several kilobytes that recur in every strategy's prompts.
const lineKeyMax = 8192

// Cache bounds (variables so that tests can lower them): chunkCacheMax
// entries in the chunk cache (about 64 bytes each with the key) and
// lineCacheBytes of keys in the line cache. A full cache is dropped and
// refilled.
var (
	chunkCacheMax  = 1 << 18
	lineCacheBytes = 16 << 20
)

// chunkCache holds the counts of recent lines and word chunks.
type chunkCache struct {
	mu    sync.Mutex
	words counts // word chunks, at most chunkCacheMax entries
	lines counts // lines, at most lineCacheBytes of keys
}

// counts is a map of text → token count dropped and refilled when full.
type counts struct {
	m     map[string]int32
	bytes int
}

func (c *chunkCache) get(cs *counts, s string) (int, bool) {
	c.mu.Lock()
	n, ok := cs.m[s]
	c.mu.Unlock()
	return int(n), ok
}

// put stores s's count; when cs would exceed maxEntries entries or
// maxBytes of keys it starts over empty.
func (c *chunkCache) put(cs *counts, s string, n, maxEntries, maxBytes int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if cs.m == nil || len(cs.m) >= maxEntries || cs.bytes+len(s) > maxBytes {
		cs.m, cs.bytes = make(map[string]int32, 1024), 0
	}
	cs.m[strings.Clone(s)] = int32(n)
	cs.bytes += len(s)
}

func visible(c byte) bool { return c >= 0x21 && c <= 0x7e }

// countChunked returns len(EncodeOrdinary(text)) computed as the sum of
// the counts of text's lines, each the sum of its word chunks' counts (see
// above).
func (t *Tokenizer) countChunked(text string) int {
	n, start := 0, 0
	for i := 1; i < len(text); i++ {
		if text[i-1] == '\n' && visible(text[i]) && text[i] != '/' {
			n += t.countLine(text[start:i])
			start = i
		}
	}
	return n + t.countLine(text[start:])
}

// countLine counts a line (a piece of text cut at a newline boundary),
// through the line cache.
func (t *Tokenizer) countLine(s string) int {
	if len(s) > lineKeyMax {
		return t.countWords(s)
	}
	if n, ok := t.chunks.get(&t.chunks.lines, s); ok {
		return n
	}
	n := t.countWords(s)
	t.chunks.put(&t.chunks.lines, s, n, math.MaxInt, lineCacheBytes)
	return n
}

// countWords counts s as the sum of its word chunks' counts.
func (t *Tokenizer) countWords(s string) int {
	n, start := 0, 0
	for i := 1; i < len(s); i++ {
		if s[i] == ' ' && visible(s[i-1]) {
			n += t.countChunk(s[start:i])
			start = i
		}
	}
	return n + t.countChunk(s[start:])
}

// countChunk counts a word chunk, through the chunk cache.
func (t *Tokenizer) countChunk(s string) int {
	if len(s) > chunkKeyMax {
		return len(t.enc.EncodeOrdinary(s))
	}
	if n, ok := t.chunks.get(&t.chunks.words, s); ok {
		return n
	}
	n := len(t.enc.EncodeOrdinary(s))
	t.chunks.put(&t.chunks.words, s, n, chunkCacheMax, math.MaxInt)
	return n
}
