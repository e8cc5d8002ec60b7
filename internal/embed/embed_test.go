package embed

import (
	"context"
	"math"
	"testing"
)

func TestHashingDeterministicUnitLength(t *testing.T) {
	h := NewHashing(512)
	a := h.Vector("We switched the orders endpoint to keyset pagination.")
	b := h.Vector("We switched the orders endpoint to keyset pagination.")
	var n float64
	for i := range a {
		if a[i] != b[i] {
			t.Fatal("not deterministic")
		}
		n += float64(a[i]) * float64(a[i])
	}
	if math.Abs(n-1) > 1e-5 {
		t.Fatalf("norm² = %v, want 1", n)
	}
}

func TestHashingSimilarityOrder(t *testing.T) {
	h := NewHashing(512)
	q := h.Vector("When did Caroline graduate?")
	near := h.Vector("Caroline graduated from college in May.")
	far := h.Vector("The connection pool leaked under load.")
	if !(Cosine(q, near) > Cosine(q, far)) {
		t.Fatalf("cos(q,near)=%v should exceed cos(q,far)=%v", Cosine(q, near), Cosine(q, far))
	}
}

func TestHashingEmptyIsZero(t *testing.T) {
	h := NewHashing(128)
	vs, err := h.Embed(context.Background(), []string{"", "the and of"})
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range vs {
		for _, x := range v {
			if x != 0 {
				t.Fatal("want zero vector")
			}
		}
	}
	if h.Name() != "hashing-ngram-128" {
		t.Fatal(h.Name())
	}
}

// TestHashingBitIdentical embeds texts with many colliding features many
// times: every run must give the same bits (no map-order accumulation).
func TestHashingBitIdentical(t *testing.T) {
	h := NewHashing(64)
	text := "Caroline went to the LGBTQ support group yesterday and said it was powerful; Melanie painted a sunrise by the lake last year"
	first := h.Vector(text)
	for i := 0; i < 200; i++ {
		v := h.Vector(text)
		for j := range v {
			if v[j] != first[j] {
				t.Fatalf("run %d: component %d = %v, first run %v", i, j, v[j], first[j])
			}
		}
	}
}
