// Package stats holds the statistics memarena's reports (and comparisons of
// two runs) rest on: the cluster bootstrap of a mean or of any weighted
// statistic, the paired cluster bootstrap of a mean difference, the exact
// McNemar test for paired binary outcomes and Holm's step-down correction
// for multiple comparisons.
//
// The unit of every test is the probe: callers average a probe's seeds and
// repeats first (they are not independent samples) and pass one value per
// probe, with the cluster each probe belongs to (its scenario or
// conversation: questions about one conversation are not independent).
//
// Everything is deterministic: resampling draws from a PCG generator seeded
// by the caller, clusters are numbered in order of first appearance, and
// the same inputs give the same numbers on every platform.
//
// Sources: Efron & Tibshirani, "An Introduction to the Bootstrap" (1993)
// for the percentile interval; Davison & Hinkley, "Bootstrap Methods and
// their Application" (1997), §3.8 for resampling clusters and §4.4 for the
// bootstrap p-value; McNemar (1947) and Fagerland, Lydersen & Laake (2013)
// for the exact (conditional binomial) McNemar test; Holm, "A simple
// sequentially rejective multiple test procedure" (1979).
package stats

import (
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"sort"

	"gonum.org/v1/gonum/stat"
)

// Level is the confidence level of every interval: 95%.
const Level = 0.95

// Alpha is the significance level of every test: 1 − Level.
const Alpha = 1 - Level

// rngStream is the PCG stream constant ("memarena" in ASCII), fixed so
// intervals are reproducible across versions.
const rngStream = 0x6d656d6172656e61

// Clusters numbers the distinct keys in order of first appearance and
// returns the cluster index (0 … C−1) of every key, and C.
func Clusters(keys []string) (idx []int, n int) {
	seen := map[string]int{}
	idx = make([]int, len(keys))
	for i, k := range keys {
		c, ok := seen[k]
		if !ok {
			c = len(seen)
			seen[k] = c
		}
		idx[i] = c
	}
	return idx, len(seen)
}

// Bootstrap is a seeded two-stage cluster bootstrap (Davison & Hinkley
// 1997, §3.8): each resample draws as many clusters as there are,
// uniformly with replacement, and then, inside each drawn cluster, as many
// units as it holds, uniformly with replacement; a unit's weight is the
// number of times it was drawn. The first stage carries the dependence
// between probes of one conversation; the second keeps the spread inside
// conversations, so the interval does not collapse when a run has only a
// few conversations (with a single cluster it is the ordinary bootstrap of
// its units). With one unit per cluster it is the ordinary bootstrap.
type Bootstrap struct {
	// Resamples is the number of bootstrap resamples (≥ 10 for an
	// interval; fewer gives no interval).
	Resamples int
	// Seed seeds the generator.
	Seed uint64
}

// Interval is an estimate with its 95% percentile-bootstrap interval.
type Interval struct {
	// Est is the statistic on the original sample.
	Est float64
	// Lo and Hi bound the interval: the 2.5% and 97.5% empirical quantiles
	// of the bootstrap distribution; NaN when no interval was computed
	// (fewer than 2 units, or Resamples < 10).
	Lo, Hi float64
	// N is the number of units and Clusters the number of clusters.
	N, Clusters int
}

// HasCI reports whether the interval was computed.
func (iv Interval) HasCI() bool { return !math.IsNaN(iv.Lo) }

// Distribution returns the statistic on Resamples cluster resamples of n
// units whose clusters are given by cluster (len n, values 0 … C−1 as made
// by Clusters). stat gets one weight per unit (how many times the unit
// enters the resample; 0 when left out) and must not keep the slice. It
// returns nil when n < 2 or Resamples < 10.
func (b Bootstrap) Distribution(cluster []int, stat func(w []float64) float64) []float64 {
	n := len(cluster)
	if n < 2 || b.Resamples < 10 {
		return nil
	}
	var members [][]int
	for i, k := range cluster {
		for len(members) <= k {
			members = append(members, nil)
		}
		members[k] = append(members[k], i)
	}
	var nonEmpty [][]int
	for _, m := range members {
		if len(m) > 0 {
			nonEmpty = append(nonEmpty, m)
		}
	}
	c := len(nonEmpty)
	rng := rand.New(rand.NewPCG(b.Seed, rngStream))
	w := make([]float64, n)
	out := make([]float64, b.Resamples)
	for r := range out {
		clear(w)
		for range c {
			m := nonEmpty[rng.IntN(c)]
			for range m {
				w[m[rng.IntN(len(m))]]++
			}
		}
		out[r] = stat(w)
	}
	return out
}

// Statistic computes stat on the sample (every weight 1) and its 95%
// percentile cluster-bootstrap interval. Resamples whose statistic is NaN
// (e.g. a ratio with a zero denominator) are left out of the quantiles.
func (b Bootstrap) Statistic(cluster []int, stat func(w []float64) float64) Interval {
	ones := make([]float64, len(cluster))
	for i := range ones {
		ones[i] = 1
	}
	iv := Interval{Est: stat(ones), Lo: math.NaN(), Hi: math.NaN(), N: len(cluster), Clusters: distinct(cluster)}
	dist := finite(b.Distribution(cluster, stat))
	if len(dist) == 0 {
		return iv
	}
	iv.Lo, iv.Hi = percentile(dist)
	return iv
}

// Mean is the mean of xs with its cluster-bootstrap interval; cluster
// gives each value's cluster. It panics when the lengths differ (a
// programming error).
func (b Bootstrap) Mean(xs []float64, cluster []int) Interval {
	mustLen(len(xs), len(cluster))
	return b.Statistic(cluster, func(w []float64) float64 { return WeightedMean(xs, w) })
}

// Paired is a paired comparison of a metric between a reference (x) and a
// candidate (y) over the same units.
type Paired struct {
	// Diff is the mean paired difference y − x with its 95% paired
	// cluster-bootstrap interval.
	Diff Interval
	// P is the two-sided bootstrap p-value of "mean difference = 0":
	// 2·min(#{Δ* ≤ 0}+1, #{Δ* ≥ 0}+1)/(B+1), capped at 1 (Davison &
	// Hinkley 1997, §4.4; the +1 keeps it above 0). NaN without an interval.
	P float64
}

// PairedMean compares y with x unit by unit (xs[i] and ys[i] are the same
// probe): the mean of y − x with its cluster-bootstrap interval and
// bootstrap p-value. Resampling whole clusters keeps the pairing and the
// dependence inside a conversation.
func (b Bootstrap) PairedMean(xs, ys []float64, cluster []int) Paired {
	mustLen(len(xs), len(ys))
	mustLen(len(xs), len(cluster))
	d := make([]float64, len(xs))
	for i := range xs {
		d[i] = ys[i] - xs[i]
	}
	return b.PairedStatistic(cluster, func(w []float64) float64 { return WeightedMean(d, w) })
}

// PairedStatistic is PairedMean for any statistic of the paired sample:
// diff(w) must return candidate − reference on the units weighted by w
// (e.g. a difference of two F1 scores). The p-value is as in Paired.
func (b Bootstrap) PairedStatistic(cluster []int, diff func(w []float64) float64) Paired {
	ones := make([]float64, len(cluster))
	for i := range ones {
		ones[i] = 1
	}
	p := Paired{Diff: Interval{Est: diff(ones), Lo: math.NaN(), Hi: math.NaN(), N: len(cluster), Clusters: distinct(cluster)}, P: math.NaN()}
	dist := finite(b.Distribution(cluster, diff))
	if len(dist) == 0 {
		return p
	}
	p.Diff.Lo, p.Diff.Hi = percentile(dist)
	p.P = BootstrapP(dist)
	return p
}

// BootstrapP is the two-sided bootstrap p-value of "the statistic is 0"
// from its bootstrap distribution: 2·min(#{d ≤ 0}+1, #{d ≥ 0}+1)/(B+1),
// capped at 1. NaN for an empty distribution.
func BootstrapP(dist []float64) float64 {
	if len(dist) == 0 {
		return math.NaN()
	}
	le, ge := 0, 0
	for _, d := range dist {
		if d <= 0 {
			le++
		}
		if d >= 0 {
			ge++
		}
	}
	p := 2 * float64(min(le, ge)+1) / float64(len(dist)+1)
	return math.Min(1, p)
}

// WeightedMean is Σ wᵢxᵢ / Σ wᵢ, NaN when Σ wᵢ = 0.
func WeightedMean(xs, w []float64) float64 {
	var s, n float64
	for i, x := range xs {
		s += w[i] * x
		n += w[i]
	}
	if n == 0 {
		return math.NaN()
	}
	return s / n
}

// McNemarResult is an exact McNemar test on paired binary outcomes.
type McNemarResult struct {
	// N is the number of pairs.
	N int
	// B counts pairs where the reference is 1 and the candidate 0 (the
	// candidate lost), C pairs where the reference is 0 and the candidate 1.
	B, C int
	// P is the exact two-sided p-value: min(1, 2·P[X ≤ min(B, C)]) with
	// X ~ Binomial(B + C, ½); 1 when there is no discordant pair.
	P float64
}

// McNemar runs the exact McNemar test on paired binary outcomes: xs (the
// reference) and ys (the candidate) hold 0 or 1 per pair. It errors when a
// value is neither 0 nor 1 or the lengths differ.
func McNemar(xs, ys []float64) (McNemarResult, error) {
	if len(xs) != len(ys) {
		return McNemarResult{}, fmt.Errorf("stats: McNemar: %d reference values, %d candidate values", len(xs), len(ys))
	}
	r := McNemarResult{N: len(xs)}
	for i := range xs {
		if !IsBinary(xs[i]) || !IsBinary(ys[i]) {
			return McNemarResult{}, fmt.Errorf("stats: McNemar: pair %d is (%v, %v); want 0 or 1", i, xs[i], ys[i])
		}
		switch {
		case xs[i] == 1 && ys[i] == 0:
			r.B++
		case xs[i] == 0 && ys[i] == 1:
			r.C++
		}
	}
	r.P = McNemarExactP(r.B, r.C)
	return r, nil
}

// McNemarExactP is the exact two-sided McNemar p-value for b and c
// discordant pairs: min(1, 2·P[X ≤ min(b, c)]), X ~ Binomial(b + c, ½);
// 1 for b = c = 0.
func McNemarExactP(b, c int) float64 {
	n := b + c
	if n == 0 {
		return 1
	}
	// Σ_{i ≤ min(b,c)} C(n, i) in exact integer arithmetic, then one
	// rounding: the tail of Binomial(n, ½) is exact to float64 precision
	// (an incomplete-beta CDF is off by ~1e-15, enough to miss p = 1).
	sum, term := new(big.Int), big.NewInt(1)
	for i := 0; i <= min(b, c); i++ {
		if i > 0 {
			term.Mul(term, big.NewInt(int64(n-i+1)))
			term.Quo(term, big.NewInt(int64(i)))
		}
		sum.Add(sum, term)
	}
	tail := new(big.Rat).SetFrac(sum.Lsh(sum, 1), new(big.Int).Lsh(big.NewInt(1), uint(n)))
	p, _ := tail.Float64()
	return math.Min(1, p)
}

// IsBinary reports whether x is exactly 0 or 1.
func IsBinary(x float64) bool { return x == 0 || x == 1 }

// AllBinary reports whether every value is 0 or 1.
func AllBinary(xs []float64) bool {
	for _, x := range xs {
		if !IsBinary(x) {
			return false
		}
	}
	return true
}

// Holm returns Holm's step-down adjusted p-values for a family of tests
// (same order as ps): sort ascending, p₍ᵢ₎ × (m − i + 1) for the i-th
// smallest (1-based), made monotone by a running maximum and capped at 1.
// Rejecting where the adjusted p < α controls the family-wise error rate
// at α. NaN entries are not tests: they stay NaN and do not count in m.
func Holm(ps []float64) []float64 {
	out := make([]float64, len(ps))
	var idx []int
	for i, p := range ps {
		out[i] = math.NaN()
		if !math.IsNaN(p) {
			idx = append(idx, i)
		}
	}
	sort.SliceStable(idx, func(a, b int) bool { return ps[idx[a]] < ps[idx[b]] })
	m := len(idx)
	run := 0.0
	for rank, i := range idx {
		adj := math.Min(1, ps[i]*float64(m-rank))
		run = math.Max(run, adj)
		out[i] = run
	}
	return out
}

func percentile(dist []float64) (lo, hi float64) {
	sort.Float64s(dist)
	return stat.Quantile((1-Level)/2, stat.Empirical, dist, nil), stat.Quantile(1-(1-Level)/2, stat.Empirical, dist, nil)
}

func finite(xs []float64) []float64 {
	out := xs[:0]
	for _, x := range xs {
		if !math.IsNaN(x) && !math.IsInf(x, 0) {
			out = append(out, x)
		}
	}
	return out
}

func distinct(cluster []int) int {
	seen := map[int]bool{}
	for _, c := range cluster {
		seen[c] = true
	}
	return len(seen)
}

func mustLen(a, b int) {
	if a != b {
		panic(fmt.Sprintf("stats: %d values and %d cluster indices or pairs", a, b))
	}
}
