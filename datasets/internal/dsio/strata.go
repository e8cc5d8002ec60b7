package dsio

import (
	"math/rand/v2"
	"sort"
)

// Allocate splits n units over strata of the given sizes in proportion to
// their sizes (Hamilton's largest-remainder method; equal remainders go to
// the stratum whose name sorts first). When n is at least the number of
// non-empty strata, every non-empty stratum gets at least one unit (taken
// from the stratum with the largest allocation, first by name on ties). No
// stratum gets more than its size. n ≤ 0 or n ≥ the total keeps everything.
// The result holds every stratum of sizes.
func Allocate(sizes map[string]int, n int) map[string]int {
	names := make([]string, 0, len(sizes))
	total := 0
	for k, s := range sizes {
		names = append(names, k)
		total += s
	}
	sort.Strings(names)
	out := make(map[string]int, len(sizes))
	if n <= 0 || n >= total {
		for _, k := range names {
			out[k] = sizes[k]
		}
		return out
	}
	type rem struct {
		name string
		num  int // remainder numerator: n*size mod total
	}
	var rems []rem
	given := 0
	for _, k := range names {
		q := n * sizes[k]
		out[k] = q / total
		given += out[k]
		if q%total > 0 {
			rems = append(rems, rem{k, q % total})
		}
	}
	sort.SliceStable(rems, func(i, j int) bool { return rems[i].num > rems[j].num })
	for i := 0; given < n && i < len(rems); i++ {
		out[rems[i].name]++
		given++
	}
	nonEmpty := 0
	for _, k := range names {
		if sizes[k] > 0 {
			nonEmpty++
		}
	}
	if n >= nonEmpty {
		for _, k := range names {
			if sizes[k] == 0 || out[k] > 0 {
				continue
			}
			donor := ""
			for _, d := range names {
				if out[d] > 1 && (donor == "" || out[d] > out[donor]) {
					donor = d
				}
			}
			if donor == "" {
				break
			}
			out[donor]--
			out[k]++
		}
	}
	return out
}

// Select picks n of the units whose strata are given (strata[i] is unit
// i's stratum), allocated with Allocate. Within a stratum it keeps the
// first units in input order, or — when random is true — a uniform random
// subset drawn with a PCG generator seeded by seed (strata visited in name
// order, so the choice is reproducible). It returns the kept indexes in
// input order and the per-stratum counts kept. n ≤ 0 or n ≥ len(strata)
// keeps every unit.
func Select(strata []string, n int, random bool, seed int64) ([]int, map[string]int) {
	byStratum := map[string][]int{}
	sizes := map[string]int{}
	for i, s := range strata {
		byStratum[s] = append(byStratum[s], i)
		sizes[s]++
	}
	alloc := Allocate(sizes, n)
	names := make([]string, 0, len(byStratum))
	for k := range byStratum {
		names = append(names, k)
	}
	sort.Strings(names)
	rng := rand.New(rand.NewPCG(uint64(seed), 0x64617461736574))
	var keep []int
	for _, k := range names {
		idx := append([]int(nil), byStratum[k]...)
		if random {
			rng.Shuffle(len(idx), func(i, j int) { idx[i], idx[j] = idx[j], idx[i] })
		}
		keep = append(keep, idx[:alloc[k]]...)
	}
	sort.Ints(keep)
	return keep, alloc
}
