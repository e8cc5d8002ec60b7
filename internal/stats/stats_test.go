package stats

import (
	"math"
	"testing"
)

// Expected McNemar p-values were computed independently with Python's
// math.comb: min(1, 2·Σ_{i≤min(b,c)} C(b+c, i) / 2^(b+c)).
func TestMcNemarExactP(t *testing.T) {
	cases := []struct {
		b, c int
		want float64
	}{
		{3, 11, 0.057373046875},
		{0, 5, 0.0625},
		{5, 5, 1},
		{2, 9, 0.0654296875},
		{1, 0, 1},
		{12, 30, 0.007915897334896727},
		{7, 1, 0.0703125},
		{0, 0, 1},
	}
	for _, c := range cases {
		if got := McNemarExactP(c.b, c.c); math.Abs(got-c.want) > 1e-12 {
			t.Errorf("McNemarExactP(%d, %d) = %.15g, want %.15g", c.b, c.c, got, c.want)
		}
	}
}

func TestMcNemarCountsDiscordantPairs(t *testing.T) {
	ref := []float64{1, 1, 1, 0, 0, 0, 1, 0, 1, 1}
	cand := []float64{0, 1, 0, 1, 1, 1, 1, 1, 1, 0}
	// reference 1 → candidate 0: pairs 0, 2, 9 (b = 3); 0 → 1: pairs 3, 4, 5, 7 (c = 4).
	r, err := McNemar(ref, cand)
	if err != nil {
		t.Fatal(err)
	}
	if r.N != 10 || r.B != 3 || r.C != 4 || r.P != 1 {
		t.Fatalf("McNemar = %+v, want N 10, B 3, C 4, P 1", r)
	}
	if _, err := McNemar([]float64{0.5}, []float64{1}); err == nil {
		t.Error("a non-binary value must be an error")
	}
	if _, err := McNemar([]float64{1}, []float64{1, 0}); err == nil {
		t.Error("different lengths must be an error")
	}
}

// Holm by hand: sorted 0.005×4 = 0.02, 0.01×3 = 0.03, 0.03×2 = 0.06,
// 0.04×1 = 0.04 → running max 0.06; NaN is not a test.
func TestHolm(t *testing.T) {
	got := Holm([]float64{0.01, 0.04, 0.03, math.NaN(), 0.005})
	want := []float64{0.03, 0.06, 0.06, math.NaN(), 0.02}
	for i := range want {
		if math.IsNaN(want[i]) != math.IsNaN(got[i]) || (!math.IsNaN(want[i]) && math.Abs(got[i]-want[i]) > 1e-12) {
			t.Fatalf("Holm = %v, want %v", got, want)
		}
	}
	if got := Holm([]float64{0.5, 0.9}); got[0] != 1 || got[1] != 1 {
		t.Fatalf("Holm caps at 1: %v", got)
	}
}

func TestClusters(t *testing.T) {
	idx, n := Clusters([]string{"b", "a", "b", "c", "a"})
	want := []int{0, 1, 0, 2, 1}
	if n != 3 {
		t.Fatalf("n = %d", n)
	}
	for i := range want {
		if idx[i] != want[i] {
			t.Fatalf("Clusters = %v, want %v", idx, want)
		}
	}
}

// Two clusters of two units each, all 0 in A and all 1 in B: drawing units
// inside a cluster does not change its mean, so a resample is {A,A} (mean
// 0, probability ¼), {A,B} (0.5, ½) or {B,B} (1, ¼), and the 2.5% and
// 97.5% quantiles are exactly 0 and 1. An ordinary bootstrap of the units
// gives a narrower interval: the clusters matter.
func TestClusterBootstrapTwoClusters(t *testing.T) {
	xs := []float64{0, 0, 1, 1}
	cl, _ := Clusters([]string{"A", "A", "B", "B"})
	iv := Bootstrap{Resamples: 2000, Seed: 1}.Mean(xs, cl)
	if iv.Est != 0.5 || iv.Lo != 0 || iv.Hi != 1 || iv.N != 4 || iv.Clusters != 2 {
		t.Fatalf("interval = %+v, want 0.5 [0, 1] n 4 clusters 2", iv)
	}
	// Ten units per cluster: the cluster bootstrap still spans [0, 1], the
	// ordinary bootstrap of the 20 units does not.
	var many []float64
	var keys []string
	for i := range 20 {
		many = append(many, float64(i/10))
		keys = append(keys, string(rune('A'+i/10)))
	}
	cl, _ = Clusters(keys)
	if iv := (Bootstrap{Resamples: 2000, Seed: 1}).Mean(many, cl); iv.Lo != 0 || iv.Hi != 1 {
		t.Fatalf("cluster interval %+v, want [0, 1]", iv)
	}
	units := make([]int, 20)
	for i := range units {
		units[i] = i
	}
	flat := Bootstrap{Resamples: 2000, Seed: 1}.Mean(many, units)
	if !(flat.Hi-flat.Lo < 0.6) {
		t.Fatalf("unit bootstrap %+v should be narrower than the cluster one", flat)
	}
}

func TestBootstrapDeterministicAndDegenerate(t *testing.T) {
	xs := []float64{0.1, 0.4, 0.35, 0.8, 0.9, 0.2}
	cl := []int{0, 0, 1, 1, 2, 3}
	b := Bootstrap{Resamples: 500, Seed: 7}
	a1, a2 := b.Mean(xs, cl), b.Mean(xs, cl)
	if a1 != a2 {
		t.Fatalf("not deterministic: %+v vs %+v", a1, a2)
	}
	if !(a1.Lo <= a1.Est && a1.Est <= a1.Hi) {
		t.Fatalf("estimate outside its interval: %+v", a1)
	}
	if iv := b.Mean([]float64{3}, []int{0}); iv.Est != 3 || iv.HasCI() {
		t.Fatalf("one unit: %+v, want 3 without an interval", iv)
	}
	// One cluster: the second stage alone, the ordinary bootstrap.
	if one, flat := b.Mean(xs, []int{0, 0, 0, 0, 0, 0}), b.Mean(xs, []int{0, 1, 2, 3, 4, 5}); !one.HasCI() || one.Clusters != 1 || one.Lo >= one.Hi || flat.Clusters != 6 {
		t.Fatalf("one cluster: %+v (units: %+v)", one, flat)
	}
	if iv := (Bootstrap{Resamples: 5}).Mean(xs, cl); iv.HasCI() {
		t.Fatal("fewer than 10 resamples must give no interval")
	}
}

// BootstrapP by hand: [-1 0 1 2 3] has 2 values ≤ 0 and 4 ≥ 0 →
// 2·(2+1)/6 = 1; [1 2 3 4] has none ≤ 0 → 2·1/5 = 0.4.
func TestBootstrapP(t *testing.T) {
	if p := BootstrapP([]float64{-1, 0, 1, 2, 3}); p != 1 {
		t.Errorf("p = %v, want 1", p)
	}
	if p := BootstrapP([]float64{1, 2, 3, 4}); math.Abs(p-0.4) > 1e-12 {
		t.Errorf("p = %v, want 0.4", p)
	}
	if !math.IsNaN(BootstrapP(nil)) {
		t.Error("empty distribution: want NaN")
	}
}

// A candidate better on every probe of every cluster: the paired mean
// difference is exact (by hand: (0.2+0.1+0.3+0.2)/4 = 0.2), the interval
// lies above 0 and the p-value is the smallest possible, 2/(B+1).
func TestPairedMean(t *testing.T) {
	ref := []float64{0.5, 0.2, 0.1, 0.6}
	cand := []float64{0.7, 0.3, 0.4, 0.8}
	cl := []int{0, 0, 1, 2}
	p := Bootstrap{Resamples: 999, Seed: 3}.PairedMean(ref, cand, cl)
	if math.Abs(p.Diff.Est-0.2) > 1e-12 || p.Diff.Lo <= 0 || math.Abs(p.P-2.0/1000) > 1e-12 {
		t.Fatalf("paired = %+v", p)
	}
	same := Bootstrap{Resamples: 999, Seed: 3}.PairedMean(ref, ref, cl)
	if same.Diff.Est != 0 || same.Diff.Lo != 0 || same.Diff.Hi != 0 || same.P != 1 {
		t.Fatalf("identical strategies: %+v, want 0 [0, 0] p 1", same)
	}
}
