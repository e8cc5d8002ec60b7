package prism

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"sort"
)

// Objectives is one candidate's objective vector: relevance, recency and
// coherence, in that order. Every objective is maximized. Values must be
// finite; PRISM's own objectives all lie in [0, 1].
type Objectives [3]float64

// Ranks assigns every point its non-dominated front (0 = the first front),
// all objectives maximized, with Pareto dominance as in NSGA-II (Deb, Pratap,
// Agarwal & Meyarivan 2002, "A fast and elitist multiobjective genetic
// algorithm: NSGA-II"): a dominates b when a ≥ b in every objective and a > b
// in at least one. Identical points do not dominate each other and share a
// front. A NaN or infinite objective is an error.
//
// Algorithm: the rank of a point is 1 + the largest rank among the points that
// dominate it (0 when none does). Points are sorted lexicographically by
// (o1, o2, o3) descending and duplicates collapsed, so every dominator of a
// point comes before it; what remains is a 2-D dominance-maximum problem over
// (o2, o3) with arrival order as the third dimension. It is solved with the
// divide-and-conquer scheme of Jensen (2003, "Reducing the run-time
// complexity of multiobjective EAs: the NSGA-II and other algorithms") as
// generalized to ties by Fortin, Grenier & Parizeau (2013): solve the left
// half, pass the left half's ranks to the right half with a sweep over o2
// (descending) and a Fenwick tree of prefix maxima over the rank of o3, then
// solve the right half. The o2 order of every recursion node comes from a
// merge-sort tree built once. Time O(N log² N) (O(log N) levels, each a
// linear sweep with O(log N) Fenwick operations), memory O(N log N), against
// O(M·N²) for Deb's fast non-dominated sort (see BenchmarkRanks).
func Ranks(pts []Objectives) ([]int, error) {
	n := len(pts)
	for i, p := range pts {
		for m, v := range p {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return nil, fmt.Errorf("prism: objective %d of point %d is %v; objectives must be finite", m, i, v)
			}
		}
	}
	if n == 0 {
		return []int{}, nil
	}
	idx := make([]int, n)
	for i := range idx {
		idx[i] = i
	}
	// Values are finite here, so plain comparisons order them (cmp.Compare's
	// NaN handling is not needed on this hot path).
	slices.SortFunc(idx, func(a, b int) int {
		for m := 0; m < 3; m++ {
			if x, y := pts[a][m], pts[b][m]; x != y {
				if x > y {
					return -1 // descending
				}
				return 1
			}
		}
		return a - b
	})
	// Collapse identical points: uniq holds one representative per distinct
	// point, in sweep order; rep maps every point to its representative.
	uniq := make([]Objectives, 0, n)
	rep := make([]int, n)
	for k, i := range idx {
		if k > 0 && pts[i] == pts[idx[k-1]] {
			rep[i] = len(uniq) - 1
			continue
		}
		uniq = append(uniq, pts[i])
		rep[i] = len(uniq) - 1
	}
	u := len(uniq)
	// Rank of o3 among the distinct o3 values, descending (0 = largest), so
	// "o3 ≥ v" is a prefix of the Fenwick tree.
	zs := make([]float64, u)
	for i, p := range uniq {
		zs[i] = p[2]
	}
	slices.Sort(zs)
	slices.Reverse(zs)
	zs = slices.Compact(zs)
	s := &ndSorter{
		pts:  uniq,
		zr:   make([]int, u),
		rank: make([]int, u),
		bit:  make([]int, len(zs)+1),
	}
	for i, p := range uniq {
		s.zr[i] = sort.Search(len(zs), func(k int) bool { return zs[k] <= p[2] })
	}
	s.build(0, u, 0)
	s.solve(0, u, 0)
	out := make([]int, n)
	for i := range out {
		out[i] = s.rank[rep[i]]
	}
	return out, nil
}

// ndSorter holds the state of one Ranks run over distinct points in sweep
// order.
type ndSorter struct {
	pts  []Objectives
	zr   []int // rank of the third objective, 0 = largest
	rank []int // front of each point, final once its half is solved
	// byO2[d][lo:hi] lists the positions lo..hi-1 of the recursion node at
	// depth d sorted by o2 descending, left half first on ties: a merge
	// sort tree built once, so no cross step sorts (O(N log N) memory).
	byO2 [][]int
	bit  []int // Fenwick tree of prefix maxima of rank+1 (0 = empty)
}

// build fills byO2 for the recursion node [lo, hi) at depth d by merging
// its halves.
func (s *ndSorter) build(lo, hi, d int) {
	for len(s.byO2) <= d {
		s.byO2 = append(s.byO2, make([]int, len(s.pts)))
	}
	out := s.byO2[d]
	if hi-lo == 1 {
		out[lo] = lo
		return
	}
	mid := (lo + hi) / 2
	s.build(lo, mid, d+1)
	s.build(mid, hi, d+1)
	in := s.byO2[d+1]
	i, j, k := lo, mid, lo
	for i < mid && j < hi {
		if s.pts[in[j]][1] > s.pts[in[i]][1] {
			out[k] = in[j]
			j++
		} else {
			out[k] = in[i] // left first on equal o2
			i++
		}
		k++
	}
	k += copy(out[k:], in[i:mid])
	copy(out[k:], in[j:hi])
}

// solve finalizes the ranks of points [lo, hi) (recursion depth d), given
// that every point before lo has already passed its rank on.
func (s *ndSorter) solve(lo, hi, d int) {
	if hi-lo < 2 {
		return
	}
	mid := (lo + hi) / 2
	s.solve(lo, mid, d+1)
	s.cross(lo, mid, hi, d)
	s.solve(mid, hi, d+1)
}

// cross passes the final ranks of [lo, mid) to the points of [mid, hi) they
// dominate. Every left point precedes every right point in sweep order, so a
// left point q dominates a right point p exactly when q.o2 ≥ p.o2 and
// q.o3 ≥ p.o3 (points are distinct). The sweep visits the node's points by
// o2 descending, inserting left points into the Fenwick tree and querying
// right points.
func (s *ndSorter) cross(lo, mid, hi, d int) {
	for _, i := range s.byO2[d][lo:hi] {
		if i < mid {
			s.bitSet(s.zr[i], s.rank[i]+1)
		} else if m := s.bitMax(s.zr[i]); m > s.rank[i] {
			s.rank[i] = m
		}
	}
	for i := lo; i < mid; i++ {
		s.bitClear(s.zr[i])
	}
}

func (s *ndSorter) bitSet(i, v int) {
	for i++; i < len(s.bit); i += i & -i {
		if s.bit[i] < v {
			s.bit[i] = v
		}
	}
}

// bitMax is the largest value stored at positions 0..i.
func (s *ndSorter) bitMax(i int) int {
	m := 0
	for i++; i > 0; i -= i & -i {
		if s.bit[i] > m {
			m = s.bit[i]
		}
	}
	return m
}

func (s *ndSorter) bitClear(i int) {
	for i++; i < len(s.bit); i += i & -i {
		s.bit[i] = 0
	}
}

// Fronts groups points by front: Fronts(pts)[f] lists the indices of the
// points of front f+1, ascending. Errors as Ranks.
func Fronts(pts []Objectives) ([][]int, error) {
	r, err := Ranks(pts)
	if err != nil {
		return nil, err
	}
	return frontsOf(r), nil
}

func frontsOf(rank []int) [][]int {
	nf := 0
	for _, r := range rank {
		nf = max(nf, r+1)
	}
	fronts := make([][]int, nf)
	for i, r := range rank {
		fronts[r] = append(fronts[r], i)
	}
	return fronts
}

// Crowding returns the NSGA-II crowding distance (Deb et al. 2002, §III-B) of
// each member of front, aligned with front: for every objective the distinct
// points are sorted by it (ties by index), the two ends get +Inf and each
// interior point adds (next − previous) / (max − min). Refinements, both
// documented choices:
//   - an objective on which the whole front is equal (max = min) adds
//     nothing, not even infinite ends, since their order would be arbitrary;
//   - duplicates (a point equal in every objective to a member with a
//     smaller index) get 0 and are left out of the computation, as pymoo does
//     (Blank & Deb 2020, filter_out_duplicates): a copy adds no diversity.
//
// A front with one or two distinct points gives +Inf to each of them. Each
// objective adds at most 1, so a finite distance lies in [0, 3]. An index
// outside pts or a non-finite objective of a member is an error.
func Crowding(pts []Objectives, front []int) ([]float64, error) {
	for _, i := range front {
		if i < 0 || i >= len(pts) {
			return nil, fmt.Errorf("prism: front member %d is outside the %d points", i, len(pts))
		}
		for m, v := range pts[i] {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return nil, fmt.Errorf("prism: objective %d of point %d is %v; objectives must be finite", m, i, v)
			}
		}
	}
	d := make([]float64, len(front))
	// pos lists positions (into front) of distinct points, first occurrence
	// by index.
	byPoint := make([]int, len(front))
	for k := range byPoint {
		byPoint[k] = k
	}
	slices.SortFunc(byPoint, func(a, b int) int {
		pa, pb := pts[front[a]], pts[front[b]]
		for m := 0; m < 3; m++ {
			if c := cmp.Compare(pa[m], pb[m]); c != 0 {
				return c
			}
		}
		return cmp.Compare(front[a], front[b])
	})
	pos := make([]int, 0, len(front))
	for k, p := range byPoint {
		if k > 0 && pts[front[p]] == pts[front[byPoint[k-1]]] {
			continue // duplicate: stays 0
		}
		pos = append(pos, p)
	}
	if len(pos) <= 2 {
		for _, p := range pos {
			d[p] = math.Inf(1)
		}
		return d, nil
	}
	for m := 0; m < 3; m++ {
		slices.SortFunc(pos, func(a, b int) int {
			if c := cmp.Compare(pts[front[a]][m], pts[front[b]][m]); c != 0 {
				return c
			}
			return cmp.Compare(front[a], front[b])
		})
		lo, hi := pts[front[pos[0]]][m], pts[front[pos[len(pos)-1]]][m]
		if hi == lo {
			continue
		}
		d[pos[0]] = math.Inf(1)
		d[pos[len(pos)-1]] = math.Inf(1)
		for k := 1; k < len(pos)-1; k++ {
			d[pos[k]] += (pts[front[pos[k+1]]][m] - pts[front[pos[k-1]]][m]) / (hi - lo)
		}
	}
	return d, nil
}

// Ranking is the result of ParetoOrder.
type Ranking struct {
	// Order lists all point indices, best first: by front, then by crowding
	// distance descending, then by index ascending (the caller's stable key).
	Order []int
	// Rank is each point's front, 0-based.
	Rank []int
	// Crowding is each point's crowding distance within its front.
	Crowding []float64
	// Fronts lists each front's members, ascending.
	Fronts [][]int
}

// ParetoOrder ranks points the NSGA-II way (Deb et al. 2002): non-dominated
// fronts first (Ranks), larger crowding distance first inside a front
// (Crowding), ties by index, so that taking a prefix of Order selects front 1,
// then front 2 …, with the most isolated points of a partly taken front
// preferred. Callers put their candidates in stable-key order so that index
// order is that key. Errors as Ranks.
func ParetoOrder(pts []Objectives) (Ranking, error) {
	rank, err := Ranks(pts)
	if err != nil {
		return Ranking{}, err
	}
	fronts := frontsOf(rank)
	crowd := make([]float64, len(pts))
	for _, f := range fronts {
		cd, err := Crowding(pts, f)
		if err != nil {
			return Ranking{}, err
		}
		for k, c := range cd {
			crowd[f[k]] = c
		}
	}
	order := make([]int, 0, len(pts))
	for _, f := range fronts {
		start := len(order)
		order = append(order, f...)
		slices.SortStableFunc(order[start:], func(a, b int) int {
			if c := cmp.Compare(crowd[b], crowd[a]); c != 0 {
				return c
			}
			return cmp.Compare(a, b)
		})
	}
	return Ranking{Order: order, Rank: rank, Crowding: crowd, Fronts: fronts}, nil
}

// WeightedOrder is the scalarized alternative to ParetoOrder: points sorted
// by w·p descending, ties by index. Weights must be finite and not negative;
// an all-zero weight vector or a non-finite objective is an error. It
// returns the order and each point's score.
func WeightedOrder(pts []Objectives, w Objectives) ([]int, []float64, error) {
	sum := 0.0
	for m, v := range w {
		if math.IsNaN(v) || math.IsInf(v, 0) || v < 0 {
			return nil, nil, fmt.Errorf("prism: weight %d is %v; weights must be finite and ≥ 0", m, v)
		}
		sum += v
	}
	if sum == 0 {
		return nil, nil, fmt.Errorf("prism: all weights are 0")
	}
	score := make([]float64, len(pts))
	order := make([]int, len(pts))
	for i, p := range pts {
		for m, v := range p {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return nil, nil, fmt.Errorf("prism: objective %d of point %d is %v; objectives must be finite", m, i, v)
			}
		}
		score[i] = w[0]*p[0] + w[1]*p[1] + w[2]*p[2]
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(score[b], score[a]) })
	return order, score, nil
}
