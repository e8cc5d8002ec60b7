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
// its pieces' counts. The patterns of cl100k_base and o200k_base look ahead
// but never behind, so wherever no piece can span a position i, the pieces
// of text[i:] are the same as in text and Count(text) = Count(text[:i]) +
// Count(text[i:]). In both patterns:
//
//   - a space only ever starts a piece or belongs to a run of whitespace,
//     so no piece spans i when text[i] is ' ' and text[i-1] is a visible
//     ASCII character (0x21–0x7e);
//   - no piece holds a newline followed by a visible character other than
//     '/' (o200k_base lets punctuation pieces end in newlines and slashes),
//     so no piece spans i when text[i-1] is '\n' and text[i] is a visible
//     ASCII character but '/';
//   - a piece that holds a letter or digit ends at the last letter or digit
//     of its run (letter runs, contractions, runs of at most three digits),
//     except that o200k_base lets a letter run take a contraction suffix
//     ("'s"). So no piece spans i when text[i-1] is an ASCII letter or
//     digit and text[i] is ASCII punctuation other than the apostrophe
//     (`word,` `12%` `"key":"value"`). Punctuation followed by a letter is
//     not such a point: `"word` can be one piece.
//
// Counting lines (cut at the newline boundaries) and the word-sized chunks
// of each line, and caching both counts, makes counting many long texts
// that share most of their lines and words (prompts built from templates
// and turns, contexts built from the same memories, JSON replies built from
// the same keys) nearly free after the first time, with exactly the counts
// of encoding the whole text (TestChunkedCountIsExact checks this on real
// and random texts for both encodings).

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
// lineCacheBytes of keys in the line cache, each over two generations.
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

// counts is a two-generation map of text → token count: a lookup hits the
// current or the previous generation (a hit in the previous one is copied
// forward); when the current generation is full it becomes the previous
// one and the older one is dropped, so texts in steady use stay cached.
type counts struct {
	cur, prev map[string]int32
	bytes     int // key bytes in cur
}

// get looks s up; the caller holds c.mu.
func (cs *counts) get(s string, maxEntries, maxBytes int) (int, bool) {
	if n, ok := cs.cur[s]; ok {
		return int(n), true
	}
	if n, ok := cs.prev[s]; ok {
		cs.put(s, int(n), maxEntries, maxBytes)
		return int(n), true
	}
	return 0, false
}

// put stores s's count; the caller holds c.mu. Each generation holds at
// most maxEntries/2 entries and maxBytes/2 bytes of keys.
func (cs *counts) put(s string, n, maxEntries, maxBytes int) {
	if cs.cur == nil || len(cs.cur) >= maxEntries/2 || cs.bytes+len(s) > maxBytes/2 {
		cs.prev, cs.cur, cs.bytes = cs.cur, make(map[string]int32, 1024), 0
	}
	cs.cur[strings.Clone(s)] = int32(n)
	cs.bytes += len(s)
}

// len is the number of entries over both generations.
func (cs *counts) len() int { return len(cs.cur) + len(cs.prev) }

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
	t.chunks.mu.Lock()
	n, ok := t.chunks.lines.get(s, math.MaxInt, lineCacheBytes)
	t.chunks.mu.Unlock()
	if ok {
		return n
	}
	n = t.countWords(s)
	t.chunks.mu.Lock()
	t.chunks.lines.put(s, n, math.MaxInt, lineCacheBytes)
	t.chunks.mu.Unlock()
	return n
}

// chunkEnd reports whether a word chunk may end before s[i] (see above).
func chunkEnd(s string, i int) bool {
	c, p := s[i], s[i-1]
	if c == ' ' {
		return visible(p)
	}
	return asciiAlnum(p) && visible(c) && !asciiAlnum(c) && c != '\''
}

func asciiAlnum(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// countWords counts s as the sum of its word chunks' counts, looking all
// of them up under one lock and encoding the ones not cached.
func (t *Tokenizer) countWords(s string) int {
	var buf [64]string
	chunks := buf[:0]
	start := 0
	for i := 1; i < len(s); i++ {
		if chunkEnd(s, i) {
			chunks = append(chunks, s[start:i])
			start = i
		}
	}
	chunks = append(chunks, s[start:])
	n := 0
	miss := chunks[:0] // reuses chunks' array: miss never passes the read index
	t.chunks.mu.Lock()
	for _, c := range chunks {
		if len(c) > chunkKeyMax {
			miss = append(miss, c)
			continue
		}
		if k, ok := t.chunks.words.get(c, chunkCacheMax, math.MaxInt); ok {
			n += k
		} else {
			miss = append(miss, c)
		}
	}
	t.chunks.mu.Unlock()
	if len(miss) == 0 {
		return n
	}
	counts := make([]int, len(miss))
	for i, c := range miss {
		counts[i] = len(t.enc.EncodeOrdinary(c))
		n += counts[i]
	}
	t.chunks.mu.Lock()
	for i, c := range miss {
		if len(c) <= chunkKeyMax {
			t.chunks.words.put(c, counts[i], chunkCacheMax, math.MaxInt)
		}
	}
	t.chunks.mu.Unlock()
	return n
}
