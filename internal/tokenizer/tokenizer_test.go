package tokenizer

import (
	"runtime"
	"strings"
	"testing"
)

func TestCountKnownValues(t *testing.T) {
	tk := MustDefault()
	// Known cl100k_base counts.
	cases := map[string]int{"": 0, "hello world": 2, "tiktoken is great!": 6}
	for s, want := range cases {
		if got := tk.Count(s); got != want {
			t.Errorf("Count(%q) = %d, want %d", s, got, want)
		}
	}
}

func TestTruncate(t *testing.T) {
	tk := MustDefault()
	out, cut := tk.Truncate("one two three four five", 2)
	if !cut || tk.Count(out) != 2 {
		t.Fatalf("Truncate = %q (cut=%v), want 2 tokens", out, cut)
	}
	out, cut = tk.Truncate("short", 10)
	if cut || out != "short" {
		t.Fatalf("Truncate short = %q, %v", out, cut)
	}
}

func TestUnknownEncoding(t *testing.T) {
	if _, err := New("gpt2-ish"); err == nil {
		t.Fatal("want error for unknown encoding")
	}
}

func BenchmarkCount(b *testing.B) {
	tk := MustDefault()
	s := "We decided to move the orders endpoint from OFFSET paging to keyset pagination because page 400 took 9 seconds."
	for i := 0; i < b.N; i++ {
		tk.enc.EncodeOrdinary(s)
	}
}

// TestCountCacheGenerations: the count cache keeps two generations of
// genCap entries; a hit in the older one moves the entry forward, and a
// full current generation retires the older one.
func TestCountCacheGenerations(t *testing.T) {
	c := countCache{genCap: 2}
	k := func(s string) textKey { return keyOf(s) }
	type step struct {
		op, text string
		n        int  // count to put, or expected on get
		hit      bool // get: expected hit
		size     int  // entries after the step
	}
	steps := []step{
		{"put", "a", 1, false, 1},
		{"put", "b", 2, false, 2},
		{"put", "c", 3, false, 3}, // a, b retire to prev; cur = {c}
		{"get", "a", 1, true, 4},  // copied forward: cur = {c, a}
		{"put", "d", 4, false, 3}, // cur full: prev = {c, a}, cur = {d}; b dropped
		{"get", "b", 0, false, 3},
		{"get", "c", 3, true, 4},
		{"put", "e", 5, false, 3}, // prev = {d, c}, cur = {e}; a dropped
		{"get", "a", 0, false, 3},
	}
	for i, s := range steps {
		switch s.op {
		case "put":
			c.put(k(s.text), s.n)
		case "get":
			n, ok := c.get(k(s.text))
			if ok != s.hit || (ok && n != s.n) {
				t.Fatalf("step %d: get(%s) = %d, %v; want %d, %v", i, s.text, n, ok, s.n, s.hit)
			}
		}
		if got := c.len(); got != s.size {
			t.Fatalf("step %d (%s %s): %d entries, want %d", i, s.op, s.text, got, s.size)
		}
	}
}

// TestCountCachedEqualsEncoder: cached counts are the encoder's counts,
// for short and long texts, on first and repeated calls.
func TestCountCachedEqualsEncoder(t *testing.T) {
	tk := MustDefault()
	long := strings.Repeat("We moved the orders endpoint to keyset pagination. ", 300)
	texts := []string{"a", "hello world", "hello world ", long, long[:len(long)-1], "ü ñ 日本語", strings.Repeat("x", 300)}
	for round := 0; round < 3; round++ {
		for _, s := range texts {
			if got, want := tk.Count(s), len(tk.enc.EncodeOrdinary(s)); got != want {
				t.Fatalf("round %d: Count(%.20q…) = %d, want %d", round, s, got, want)
			}
		}
	}
}

// TestCountCacheMemoryBounded: however many texts are counted, the cache
// holds at most two generations, and their heap stays under CacheBytes.
func TestCountCacheMemoryBounded(t *testing.T) {
	c := countCache{genCap: CacheBytes / 2 / entryBytes}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	for i := 0; i < 5*c.genCap; i++ {
		c.put(textKey{uint64(i), uint64(i) * 7}, i%1000)
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	if n := c.len(); n > 2*c.genCap {
		t.Fatalf("%d entries for generations of %d", n, c.genCap)
	}
	if grown := int64(after.HeapAlloc) - int64(before.HeapAlloc); grown > CacheBytes {
		t.Fatalf("a full cache takes %d bytes of heap; CacheBytes is %d", grown, CacheBytes)
	}
	runtime.KeepAlive(&c)
}

// BenchmarkCountCached measures a cache hit on a 2 KB text (hashing it
// twice) against BenchmarkCount's encoding.
func BenchmarkCountCached(b *testing.B) {
	tk := MustDefault()
	s := strings.Repeat("We decided to move the orders endpoint to keyset pagination. ", 32)
	tk.Count(s)
	b.SetBytes(int64(len(s)))
	for i := 0; i < b.N; i++ {
		tk.Count(s)
	}
}
