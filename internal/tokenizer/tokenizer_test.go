package tokenizer

import "testing"

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
