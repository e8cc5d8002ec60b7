package metrics

import (
	"fmt"
	"math"
	"sort"

	"gonum.org/v1/gonum/stat"

	"github.com/memarena/memarena/internal/stats"
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
	// Clusters is the number of clusters the interval resampled (0 when
	// no interval was asked for).
	Clusters int
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

// Bootstrap aggregates the available values with a 95% percentile
// cluster-bootstrap CI of the mean (package internal/stats): clusters[i]
// names the cluster of vs[i] (its scenario or conversation; nil makes every
// value its own cluster, the ordinary bootstrap), `resamples` resamples of
// whole clusters are drawn with a PCG generator seeded by seed, so the
// interval is reproducible. Values should be one per probe (seeds and
// repeats averaged first). Unavailable values are left out with their
// cluster entries.
func Bootstrap(vs []Value, clusters []string, resamples int, seed uint64) Agg {
	a := Mean(vs)
	var xs []float64
	var keys []string
	for i, v := range vs {
		if !v.OK {
			continue
		}
		xs = append(xs, v.V)
		if clusters != nil {
			keys = append(keys, clusters[i])
		} else {
			keys = append(keys, fmt.Sprint(i))
		}
	}
	cl, nc := stats.Clusters(keys)
	a.Clusters = nc
	iv := stats.Bootstrap{Resamples: resamples, Seed: seed}.Mean(xs, cl)
	if iv.HasCI() {
		a.Lo, a.Hi = iv.Lo, iv.Hi
	}
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
