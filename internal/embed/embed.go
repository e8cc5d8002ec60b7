// Package embed defines the Embedder interface and the deterministic offline
// embedder used by default. A real embedder (an OpenAI-compatible /embeddings
// endpoint) lives with the model backends and satisfies the same interface.
package embed

import (
	"context"
	"math"
	"slices"

	"github.com/memarena/memarena/internal/textutil"
)

// Embedder turns texts into L2-normalized float32 vectors of a fixed
// dimension. Implementations must be safe for concurrent use and must return
// exactly one vector per input text, in order.
type Embedder interface {
	// Embed returns one unit-length vector of length Dim() per text.
	Embed(ctx context.Context, texts []string) ([][]float32, error)
	// Dim is the vector dimension.
	Dim() int
	// Name identifies the embedder and its parameters for reports, e.g.
	// "hashing-ngram-512".
	Name() string
}

// Hashing is the offline embedder: a signed feature-hashing vectorizer
// (Weinberger et al., 2009, "Feature Hashing for Large Scale Multitask
// Learning") over three feature families, each weighted:
//
//   - stemmed content words (stopwords removed), weight 1.0 — so "graduated"
//     and "graduate" share a feature;
//   - adjacent content-word bigrams, weight 0.5;
//   - character 4-grams inside each padded stem ("#pagi", …), weight 0.25,
//     which tolerates spelling variants and compounds.
//
// Term frequencies are damped with 1+ln(tf) (sublinear TF); stopword removal
// plays the role of IDF for the most frequent words. The vector is
// L2-normalized, so a dot product is the cosine similarity. A text with no
// features embeds to the zero vector. Deterministic: no randomness, no
// corpus statistics, so the same text always gets the same vector.
type Hashing struct {
	dim int
}

// NewHashing returns a Hashing embedder of the given dimension (≥ 64; the
// default configuration uses 512).
func NewHashing(dim int) *Hashing {
	if dim < 64 {
		dim = 64
	}
	return &Hashing{dim: dim}
}

// Dim implements Embedder.
func (h *Hashing) Dim() int { return h.dim }

// Name implements Embedder.
func (h *Hashing) Name() string { return "hashing-ngram-" + itoa(h.dim) }

// Embed implements Embedder.
func (h *Hashing) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	out := make([][]float32, len(texts))
	for i, t := range texts {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		out[i] = h.Vector(t)
	}
	return out, nil
}

// Vector embeds one text.
//
// Each feature adds sign · (1 + ln(1 + tf)) · weight to the bucket its FNV-1a
// hash names, in the byte order of the feature names ("b:…" bigrams, then
// "c:…" 4-grams, then "w:…" words): float addition is not associative, and
// a fixed order keeps every bit of the vector the same from run to run
// (ties in similarity stay ties). The 4-grams, most of the features, are
// keyed by their four bytes as a big-endian integer, whose order is their
// byte order, so they need neither strings nor a string sort.
func (h *Hashing) Vector(text string) []float32 {
	stems := textutil.ContentTokens(text)
	// Every feature occurrence is listed, the lists sorted, and each run of
	// equal names counted: a name's term frequency is its count times the
	// family's step (1 for words, 0.5 for bigrams, 0.25 for 4-grams), the
	// same float as summing the steps.
	words := slices.Clone(stems)
	bigrams := make([]string, 0, len(stems))
	grams := make([]uint32, 0, 8*len(stems))
	for i, s := range stems {
		if i > 0 {
			bigrams = append(bigrams, stems[i-1]+"_"+s)
		}
		if len(s) > 2 {
			p := "#" + s + "#"
			for j := 0; j+4 <= len(p); j++ {
				grams = append(grams, uint32(p[j])<<24|uint32(p[j+1])<<16|uint32(p[j+2])<<8|uint32(p[j+3]))
			}
		}
	}
	v := make([]float64, h.dim)
	add := func(x uint64, tf, weight float64) {
		sign := 1.0
		if (x>>63)&1 == 1 {
			sign = -1.0
		}
		// Sublinear damping relative to the family weight.
		v[int(x%uint64(h.dim))] += sign * (1 + math.Log(1+tf)) * weight
	}
	slices.Sort(bigrams)
	for i := 0; i < len(bigrams); {
		n := run(bigrams, i)
		add(fnvString(fnvString(fnvOffset, "b:"), bigrams[i]), 0.5*float64(n), 0.5)
		i += n
	}
	slices.Sort(grams)
	for i := 0; i < len(grams); {
		n := run(grams, i)
		x := fnvString(fnvOffset, "c:")
		for sh := 24; sh >= 0; sh -= 8 {
			x = (x ^ uint64(byte(grams[i]>>sh))) * fnvPrime
		}
		add(x, 0.25*float64(n), 0.25)
		i += n
	}
	slices.Sort(words)
	for i := 0; i < len(words); {
		n := run(words, i)
		add(fnvString(fnvString(fnvOffset, "w:"), words[i]), float64(n), 1.0)
		i += n
	}
	return unit(v)
}

// run is the number of elements of sorted xs from i on equal to xs[i].
func run[T comparable](xs []T, i int) int {
	n := 1
	for i+n < len(xs) && xs[i+n] == xs[i] {
		n++
	}
	return n
}

// unit returns v / |v| as float32 (all zeros for the zero vector).
func unit(v []float64) []float32 {
	var norm float64
	for _, x := range v {
		norm += x * x
	}
	out := make([]float32, len(v))
	if norm == 0 {
		return out
	}
	norm = math.Sqrt(norm)
	for i, x := range v {
		out[i] = float32(x / norm)
	}
	return out
}

// FNV-1a, 64 bit (hash/fnv's New64a), over strings without allocating.
const (
	fnvOffset uint64 = 14695981039346656037
	fnvPrime  uint64 = 1099511628211
)

func fnvString(h uint64, s string) uint64 {
	for i := 0; i < len(s); i++ {
		h = (h ^ uint64(s[i])) * fnvPrime
	}
	return h
}

// Cosine returns the dot product of two vectors of equal length; for
// unit-length vectors it is their cosine similarity in [-1, 1]. Vectors of
// different length give 0.
func Cosine(a, b []float32) float64 {
	if len(a) != len(b) {
		return 0
	}
	var s float64
	for i := range a {
		s += float64(a[i]) * float64(b[i])
	}
	return s
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b [20]byte
	i := len(b)
	for n > 0 {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
	}
	return string(b[i:])
}
