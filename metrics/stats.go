package metrics

import (
	"math"
	"math/rand/v2"
	"sort"

	"gonum.org/v1/gonum/stat"
)

func log2(x float64) float64 { return math.Log2(x) }

// Agg is an aggregate of a metric over available values.
type Agg struct {
	// Mean of the available values (NaN when N is 0).
	Mean float64
	// N is the denominator: how many values were available.
	N int
	// Lo and Hi bound the 95% percentile-bootstrap confidence interval of
	// the mean (NaN when not computed or N < 2).
	Lo, Hi float64
}

// Available reports whether the aggregate has any value.
func (a Agg) Available() bool { return a.N > 0 }

// Mean aggregates the available values without a confidence interval.
func Mean(vs []Value) Agg {
	xs := avail(vs)
	if len(xs) == 0 {
		return Agg{Mean: math.NaN(), Lo: math.NaN(), Hi: math.NaN()}
	}
	return Agg{Mean: stat.Mean(xs, nil), N: len(xs), Lo: math.NaN(), Hi: math.NaN()}
}

// Bootstrap aggregates the available values with a 95% percentile bootstrap
// CI of the mean (Efron & Tibshirani, 1993) from `resamples` resamples drawn
// with a PCG generator seeded by seed, so the interval is reproducible.
func Bootstrap(vs []Value, resamples int, seed uint64) Agg {
	a := Mean(vs)
	xs := avail(vs)
	if len(xs) < 2 || resamples < 10 {
		return a
	}
	rng := rand.New(rand.NewPCG(seed, 0x6d656d6172656e61))
	means := make([]float64, resamples)
	for r := range means {
		var s float64
		for range xs {
			s += xs[rng.IntN(len(xs))]
		}
		means[r] = s / float64(len(xs))
	}
	sort.Float64s(means)
	a.Lo = stat.Quantile(0.025, stat.Empirical, means, nil)
	a.Hi = stat.Quantile(0.975, stat.Empirical, means, nil)
	return a
}

// Percentile returns the p-quantile (p in [0, 1]) of xs by the empirical
// (lower) definition, or NaN for no values. xs is not modified.
func Percentile(xs []float64, p float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	return stat.Quantile(p, stat.Empirical, s, nil)
}

func avail(vs []Value) []float64 {
	xs := make([]float64, 0, len(vs))
	for _, v := range vs {
		if v.OK {
			xs = append(xs, v.V)
		}
	}
	return xs
}
