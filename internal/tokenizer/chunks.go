package tokenizer

import (
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
// (rare: long tokens without spaces) are encoded every time.
const chunkKeyMax = 40

// chunkCacheMax bounds the chunk cache (entries; about 64 bytes each with
// the key). When it is full it is dropped and refilled.
const chunkCacheMax = 1 << 18

// lineKeyMax is the longest line whose count is cached, and lineCacheBytes
// bounds the line cache's keys (when full it is dropped and refilled).
// Lines — a template's lines, a turn's text — recur across the prompts and
// contexts of a run; one lookup per line replaces one per word.
const (
	lineKeyMax     = 2048
	lineCacheBytes = 16 << 20
)

type chunkCache struct {
	mu        sync.Mutex
	m         map[string]int32
	lines     map[string]int32
	lineBytes int
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
	c := &t.chunks
	c.mu.Lock()
	n, ok := c.lines[s]
	c.mu.Unlock()
	if ok {
		return int(n)
	}
	k := t.countWords(s)
	c.mu.Lock()
	if c.lines == nil || c.lineBytes+len(s) > lineCacheBytes {
		c.lines, c.lineBytes = make(map[string]int32, 1024), 0
	}
	c.lines[strings.Clone(s)] = int32(k)
	c.lineBytes += len(s)
	c.mu.Unlock()
	return k
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

func (t *Tokenizer) countChunk(s string) int {
	if len(s) > chunkKeyMax {
		return len(t.enc.EncodeOrdinary(s))
	}
	c := &t.chunks
	c.mu.Lock()
	n, ok := c.m[s]
	c.mu.Unlock()
	if ok {
		return int(n)
	}
	k := len(t.enc.EncodeOrdinary(s))
	c.mu.Lock()
	if c.m == nil || len(c.m) >= chunkCacheMax {
		c.m = make(map[string]int32, 1024)
	}
	c.m[strings.Clone(s)] = int32(k)
	c.mu.Unlock()
	return k
}
