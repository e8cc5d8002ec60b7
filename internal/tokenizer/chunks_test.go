package tokenizer

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// pieces random texts are made of: words, contractions, numbers, every
// kind of whitespace, punctuation, slashes, non-ASCII letters, combining
// marks, CJK and emoji, so chunk boundaries meet every pre-tokenizer rule.
var pieces = []string{
	"the", "The", "THE", "cat", "it", "'s", "'S", "'ll", "don't", "I'm", "a", "x", "Hello", "world", "naïve", "café", "e\u0301",
	"Ünïcödé", "日本語", "中文", "😀", "👍🏽", "123", "4567", "3.14", "1,200", " ", "  ", "\t", "\n", "\n\n", "\r\n", " \n", "\n ",
	".", ",", "!", "?", "...", "—", "-", "/", "//", "http://x.y/z", "(", ")", "\"", "'", "`", "$5", "#", "@", "a/b", "\u00a0", "\u2003",
	"\r", "\v", "\f", "\u0085", "/\n", "\n/", ",\n", "'\n", "A\u0301", "ǅ", "ʰ", "O'Neil", "'re", "'VE", "--", "::", "\t\n",
	// JSON, markup and identifiers: letters and digits against punctuation
	`{"key":"value"}`, `"},{"`, `":"`, `\"`, `[1,2]`, "**bold**:", "12%", "v1.2", "x_y", "a-b", "id#3", "é,", "ß.", "word's", "x'", "_",
}

func randomText(r *rand.Rand) string {
	var b strings.Builder
	for n := r.IntN(40); n >= 0; n-- {
		b.WriteString(pieces[r.IntN(len(pieces))])
		if r.IntN(3) > 0 {
			b.WriteByte(' ')
		}
	}
	return b.String()
}

// randomTexts is how many random texts the exactness test counts.
var randomTexts = 1000

func TestChunkedCountIsExact(t *testing.T) {
	var texts []string
	// Real conversation text: the built-in scenario files, line by line
	// and whole (read as files: this package sits below scenarios).
	for _, lines := range builtinLines(t) {
		texts = append(texts, lines...)
		texts = append(texts, strings.Join(lines, "\n"), strings.Join(lines, "\n\n"))
	}
	r := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < randomTexts; i++ {
		texts = append(texts, randomText(r))
	}
	for _, name := range []string{"cl100k_base", "o200k_base"} {
		tk, err := New(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range texts {
			// Twice: the second count comes from the chunk cache.
			for round := 0; round < 2; round++ {
				if got, want := tk.countChunked(s), len(tk.enc.EncodeOrdinary(s)); got != want {
					t.Fatalf("%s: chunked count %d, whole-text count %d for %q", name, got, want, s)
				}
			}
		}
	}
}

func TestChunkCacheBounded(t *testing.T) {
	defer func(c, l int) { chunkCacheMax, lineCacheBytes = c, l }(chunkCacheMax, lineCacheBytes)
	chunkCacheMax, lineCacheBytes = 5000, 1<<20
	tk := MustDefault()
	tk.chunks.mu.Lock()
	tk.chunks.words, tk.chunks.lines = counts{}, counts{}
	tk.chunks.mu.Unlock()
	var b strings.Builder
	for i := 0; i < chunkCacheMax+10; i++ {
		b.Reset()
		for j, x := 0, i; j < 5; j, x = j+1, x/26 {
			b.WriteByte(byte('a' + x%26))
		}
		tk.countWords(b.String())
	}
	if n := tk.chunks.words.len(); n > chunkCacheMax || n == 0 {
		t.Fatalf("chunk cache holds %d entries; want 1..%d", n, chunkCacheMax)
	}
	line := strings.Repeat("word ", 400) // 2000 bytes
	for i := 0; i < 2*lineCacheBytes/len(line); i++ {
		tk.countLine(fmt.Sprint(i) + line)
	}
	if tk.chunks.lines.bytes > lineCacheBytes/2 || len(tk.chunks.lines.cur) == 0 || len(tk.chunks.lines.prev) == 0 {
		t.Fatalf("line cache holds %d bytes in %d+%d lines; want at most %d per generation", tk.chunks.lines.bytes, len(tk.chunks.lines.cur), len(tk.chunks.lines.prev), lineCacheBytes/2)
	}
}

// TestChunkCacheKeepsHotEntries checks the two generations: a chunk looked
// up while the cache turns over survives, a chunk not used is dropped.
func TestChunkCacheKeepsHotEntries(t *testing.T) {
	var cs counts
	const maxEntries = 10 // 5 per generation
	cs.put("hot", 1, maxEntries, 1<<20)
	cs.put("cold", 2, maxEntries, 1<<20)
	for i := 0; i < 20; i++ {
		if n, ok := cs.get("hot", maxEntries, 1<<20); !ok || n != 1 {
			t.Fatalf("round %d: hot = %d, %v; want 1, true", i, n, ok)
		}
		cs.put(fmt.Sprint("x", i), i, maxEntries, 1<<20)
	}
	if _, ok := cs.get("cold", maxEntries, 1<<20); ok {
		t.Fatal("cold entry survived 20 insertions into generations of 5")
	}
	if cs.len() > maxEntries {
		t.Fatalf("%d entries, want at most %d", cs.len(), maxEntries)
	}
}

// BenchmarkCountPrompt counts prompt-sized texts that share their words
// (as rendered prompts and packed contexts do), each text new to the
// whole-text cache.
func BenchmarkCountPrompt(b *testing.B) {
	tk := MustDefault()
	turns := builtinLines(b)[0]
	texts := make([]string, 512)
	for i := range texts {
		texts[i] = "You extract facts from one conversation turn.\n\nTurn:\n" + turns[i%len(turns)] + "\n\nPrevious:\n" + turns[(i+7)%len(turns)] + strings.Repeat(" ", i%3)
	}
	b.Run("whole-text", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			tk.enc.EncodeOrdinary(texts[i%len(texts)])
		}
	})
	b.Run("chunked", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			tk.countChunked(texts[i%len(texts)])
		}
	})
}

// builtinLines are the non-empty lines of each built-in scenario file.
func builtinLines(tb testing.TB) [][]string {
	tb.Helper()
	files, err := filepath.Glob("../../scenarios/builtin/*.yaml")
	if err != nil || len(files) == 0 {
		tb.Fatalf("built-in scenario files: %v (%d found)", err, len(files))
	}
	var out [][]string
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			tb.Fatal(err)
		}
		var lines []string
		for _, l := range strings.Split(string(b), "\n") {
			if strings.TrimSpace(l) != "" {
				lines = append(lines, l)
			}
		}
		out = append(out, lines)
	}
	return out
}
