package embed

import (
	"hash/fnv"
	"math"
	"math/rand/v2"
	"sort"
	"strings"
	"testing"

	"github.com/memarena/memarena/datasets/synthetic"
	"github.com/memarena/memarena/internal/textutil"
	"github.com/memarena/memarena/scenarios"
)

// referenceVector is the embedder written plainly: every feature named by
// a string, the names sorted, each hashed with hash/fnv. Vector must give
// exactly its bits.
func referenceVector(dim int, text string) []float32 {
	feats := map[string]float64{}
	stems := textutil.ContentTokens(text)
	for i, s := range stems {
		feats["w:"+s] += 1.0
		if i > 0 {
			feats["b:"+stems[i-1]+"_"+s] += 0.5
		}
		p := "#" + s + "#"
		if len(p) > 4 {
			for j := 0; j+4 <= len(p); j++ {
				feats["c:"+p[j:j+4]] += 0.25
			}
		}
	}
	names := make([]string, 0, len(feats))
	for f := range feats {
		names = append(names, f)
	}
	sort.Strings(names)
	v := make([]float64, dim)
	for _, f := range names {
		hv := fnv.New64a()
		hv.Write([]byte(f))
		x := hv.Sum64()
		sign := 1.0
		if (x>>63)&1 == 1 {
			sign = -1.0
		}
		w := map[byte]float64{'w': 1, 'b': 0.5, 'c': 0.25}[f[0]]
		v[int(x%uint64(dim))] += sign * (1 + math.Log(1+feats[f])) * w
	}
	return unit(v)
}

func TestVectorMatchesReferenceBits(t *testing.T) {
	// Generated conversation (names, numbers, punctuation, long and short
	// turns), whole and joined, then random mixes of awkward words.
	s, _, err := synthetic.Generate(synthetic.Params{Turns: 600, Seed: 2})
	if err != nil {
		t.Fatal(err)
	}
	texts := append(s.Texts(), strings.Join(s.Texts(), " "))
	words := []string{"naïve", "café", "日本語", "Über", "straße", "x", "ab", "abc", "a_b", "don't", "1,200", "3.14", "ǅemal", "ʰa", "😀", "Rock'n'roll", "the", "running", "runner", "ran"}
	r := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 500; i++ {
		var b strings.Builder
		for n := r.IntN(30); n >= 0; n-- {
			b.WriteString(words[r.IntN(len(words))])
			b.WriteByte(" .,;"[r.IntN(4)])
		}
		texts = append(texts, b.String())
	}
	for _, dim := range []int{64, 512} {
		h := NewHashing(dim)
		for _, tx := range texts {
			got, want := h.Vector(tx), referenceVector(dim, tx)
			for i := range want {
				if math.Float32bits(got[i]) != math.Float32bits(want[i]) {
					t.Fatalf("dim %d, %q: component %d = %v, reference %v", dim, tx, i, got[i], want[i])
				}
			}
		}
	}
}

func BenchmarkVector(b *testing.B) {
	s, err := scenarios.Builtin("research-assistant")
	if err != nil {
		b.Fatal(err)
	}
	texts := s.Texts()
	h := NewHashing(512)
	b.ReportAllocs()
	b.Run("reference", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			referenceVector(512, texts[i%len(texts)])
		}
	})
	b.Run("vector", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			h.Vector(texts[i%len(texts)])
		}
	})
}
