package lsh

import (
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
)

func TestParams(t *testing.T) {
	for _, c := range []struct {
		t, delta float64
		tables   int
		ok       bool
	}{
		{0.9, 1e-3, 57, true},
		{0.95, 1e-3, 28, true},
		{1, 1e-3, 1, true},
		{0.88, 1e-3, 73, true},
		{0.87, 1e-3, 82, false},
		{0.5, 1e-3, 2014, false},
		{0, 1e-3, 0, false},
		{0.9, 0, 0, false},
	} {
		l, ok := Params(c.t, c.delta)
		if l != c.tables || ok != c.ok {
			t.Errorf("Params(%v, %v) = %d, %v; want %d, %v", c.t, c.delta, l, ok, c.tables, c.ok)
		}
	}
}

func unitVec(r *rand.Rand, dim int) []float32 {
	v := make([]float32, dim)
	var n float64
	for i := range v {
		x := r.NormFloat64()
		v[i] = float32(x)
		n += x * x
	}
	for i := range v {
		v[i] /= float32(math.Sqrt(n))
	}
	return v
}

// near returns a unit vector at cosine c from the unit vector v.
func near(r *rand.Rand, v []float32, c float64) []float32 {
	w := unitVec(r, len(v))
	var d float64
	for i := range v {
		d += float64(v[i]) * float64(w[i])
	}
	var n float64
	o := make([]float64, len(v))
	for i := range v {
		o[i] = float64(w[i]) - d*float64(v[i])
		n += o[i] * o[i]
	}
	out := make([]float32, len(v))
	s := math.Sqrt(1 - c*c)
	for i := range v {
		out[i] = float32(c*float64(v[i]) + s*o[i]/math.Sqrt(n))
	}
	return out
}

func cos(a, b []float32) float64 {
	var s float64
	for i := range a {
		s += float64(a[i]) * float64(b[i])
	}
	return s
}

// TestCandidatesRecallAboveThreshold stores 2,000 random vectors and 200
// near copies at cosine 0.92–0.99 of 100 of them; every stored vector at
// cosine ≥ 0.9 of a query must be among its candidates, and unrelated
// vectors mostly must not.
func TestCandidatesRecallAboveThreshold(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 3))
	const dim = 128
	tables, ok := Params(0.9, 1e-3)
	if !ok {
		t.Fatal("params")
	}
	x := New(dim, tables, 11)
	var vecs [][]float32
	for i := 0; i < 2000; i++ {
		vecs = append(vecs, unitVec(r, dim))
	}
	for i := 0; i < 200; i++ {
		vecs = append(vecs, near(r, vecs[i%100], 0.92+0.07*r.Float64()))
	}
	for i, v := range vecs {
		x.Add(i, x.Hash(v))
	}
	cands := 0
	for q := 0; q < 100; q++ {
		got := x.Candidates(x.Hash(vecs[q]))
		cands += len(got)
		if !slices.IsSorted(got) {
			t.Fatalf("candidates of %d not ascending: %v", q, got)
		}
		for i, v := range vecs {
			if cos(vecs[q], v) >= 0.9 {
				if _, found := slices.BinarySearch(got, i); !found {
					t.Errorf("query %d: vector %d at cosine %.3f missed", q, i, cos(vecs[q], v))
				}
			}
		}
	}
	// 3 similar vectors per query, and 2,200·57/16384 ≈ 7.7 random collisions.
	if cands > 100*20 {
		t.Errorf("%d candidates for 100 queries: the index does not prune", cands)
	}
}

func TestAddReplaceRemoveAndZero(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 5))
	x := New(64, 8, 1)
	a, b := unitVec(r, 64), unitVec(r, 64)
	x.Add(0, x.Hash(a))
	x.Add(1, x.Hash(b))
	if got := x.Candidates(x.Hash(a)); !slices.Contains(got, 0) {
		t.Fatalf("identical vector not found: %v", got)
	}
	x.Add(0, x.Hash(b)) // replace: 0 now holds b
	if got := x.Candidates(x.Hash(b)); !reflect.DeepEqual(got, []int{0, 1}) {
		t.Fatalf("after replace: %v, want [0 1]", got)
	}
	x.Remove(1)
	x.Remove(7) // absent: no-op
	if got := x.Candidates(x.Hash(b)); !reflect.DeepEqual(got, []int{0}) {
		t.Fatalf("after remove: %v, want [0]", got)
	}
	if x.Hash(make([]float32, 64)) != nil || x.Hash(make([]float32, 32)) != nil {
		t.Fatal("zero or short vector must have no code")
	}
	x.Add(0, nil) // nil code removes
	if got := x.Candidates(x.Hash(b)); len(got) != 0 {
		t.Fatalf("after nil add: %v", got)
	}
	// Same seed, same codes.
	y := New(64, 8, 1)
	if !reflect.DeepEqual(x.Hash(a), y.Hash(a)) {
		t.Fatal("same seed gave different codes")
	}
}

// TestBucketListsUnlink keeps three identical vectors in the same bucket of
// every table and removes and re-adds them in the head, middle and tail of
// the lists.
func TestBucketListsUnlink(t *testing.T) {
	r := rand.New(rand.NewPCG(8, 8))
	x := New(32, 5, 2)
	v := x.Hash(unitVec(r, 32))
	for id := 0; id < 3; id++ {
		x.Add(id, v)
	}
	steps := []struct {
		op   string
		id   int
		want []int
	}{
		{"remove", 1, []int{0, 2}}, // middle
		{"remove", 2, []int{0}},    // head (added last)
		{"add", 1, []int{0, 1}},
		{"remove", 0, []int{1}}, // tail
		{"add", 2, []int{1, 2}},
		{"add", 0, []int{0, 1, 2}},
		{"remove", 0, []int{1, 2}}, // head again
	}
	for i, s := range steps {
		if s.op == "add" {
			x.Add(s.id, v)
		} else {
			x.Remove(s.id)
		}
		if got := x.Candidates(v); !reflect.DeepEqual(got, s.want) {
			t.Fatalf("step %d (%s %d): %v, want %v", i, s.op, s.id, got, s.want)
		}
	}
}
