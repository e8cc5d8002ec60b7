package prism

import (
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
)

// handSet is the hand-computed point set of TestFrontsAndCrowdingByHand:
// duplicates (0, 1), ties in single objectives (2/7 on o1, 3/6 on o1 and o2,
// 8/9 on o3), single-point fronts (3rd and 4th).
var handSet = []Objectives{
	0:  {1, 1, 1},
	1:  {1, 1, 1}, // duplicate of 0
	2:  {0, 2, 0},
	3:  {0.5, 0.5, 0.5},
	4:  {2, 0, 0},
	5:  {0, 0, 0},
	6:  {0.5, 0.5, 0},
	7:  {0, 0, 3},
	8:  {0, 1.5, 0},
	9:  {1.5, 0, 0},
	10: {1, 0.25, 0.25},
}

func TestFrontsAndCrowdingByHand(t *testing.T) {
	// Front 1: 0 and 1 (equal, not dominating each other), 2 (best o2), 4
	// (best o1), 7 (best o3). Front 2: 3, 8, 9, 10 (each dominated by 0, 2
	// or 4, not by each other). Front 3: 6 (dominated by 3). Front 4: 5.
	fronts, err := Fronts(handSet)
	if err != nil {
		t.Fatal(err)
	}
	want := [][]int{{0, 1, 2, 4, 7}, {3, 8, 9, 10}, {6}, {5}}
	if !reflect.DeepEqual(fronts, want) {
		t.Fatalf("fronts = %v, want %v", fronts, want)
	}
	inf := math.Inf(1)
	// Front 1 without the duplicate 1 (crowding 0): 0, 2, 4, 7.
	//  o1 sorted 2:0 7:0 0:1 4:2, range 2: 7 += (1-0)/2, 0 += (2-0)/2; ends 2, 4 = Inf
	//  o2 sorted 4:0 7:0 0:1 2:2, range 2: 7 += 0.5, 0 += 1; ends 4, 2 = Inf
	//  o3 sorted 2:0 4:0 0:1 7:3, range 3: 4 += 1/3, 0 += 3/3; ends 2, 7 = Inf
	// → 0: 3, 1: 0, 2: Inf, 4: Inf, 7: Inf.
	checkCrowding(t, mustCrowding(t, handSet, fronts[0]), []float64{3, 0, inf, inf, inf})
	// Front 2: 3, 8, 9, 10.
	//  o1 8:0 3:.5 10:1 9:1.5, range 1.5: 3 += 1/1.5, 10 += 1/1.5; ends 8, 9 = Inf
	//  o2 9:0 10:.25 3:.5 8:1.5, range 1.5: 10 += .5/1.5, 3 += 1.25/1.5
	//  o3 8:0 9:0 10:.25 3:.5, range .5: 9 += .25/.5, 10 += .5/.5; ends 8, 3 = Inf
	// → 3: Inf, 8: Inf, 9: Inf, 10: 2/3 + 1/3 + 1 = 2.
	checkCrowding(t, mustCrowding(t, handSet, fronts[1]), []float64{inf, inf, inf, 2})
	// Single-point fronts.
	checkCrowding(t, mustCrowding(t, handSet, fronts[2]), []float64{inf})
	checkCrowding(t, mustCrowding(t, handSet, fronts[3]), []float64{inf})

	r, err := ParetoOrder(handSet)
	if err != nil {
		t.Fatal(err)
	}
	// Inside a front: crowding descending, ties (Inf) by index.
	if want := []int{2, 4, 7, 0, 1, 3, 8, 9, 10, 6, 5}; !reflect.DeepEqual(r.Order, want) {
		t.Fatalf("order = %v, want %v", r.Order, want)
	}
	if want := []int{0, 0, 0, 1, 0, 3, 2, 0, 1, 1, 1}; !reflect.DeepEqual(r.Rank, want) {
		t.Fatalf("rank = %v, want %v", r.Rank, want)
	}
}

func mustCrowding(t *testing.T, pts []Objectives, front []int) []float64 {
	t.Helper()
	d, err := Crowding(pts, front)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func checkCrowding(t *testing.T, got, want []float64) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("crowding = %v, want %v", got, want)
	}
	for i := range got {
		if math.IsInf(want[i], 1) != math.IsInf(got[i], 1) || (!math.IsInf(want[i], 1) && math.Abs(got[i]-want[i]) > 1e-12) {
			t.Fatalf("crowding = %v, want %v", got, want)
		}
	}
}

func TestCrowdingEqualObjectiveAndPairs(t *testing.T) {
	// All share o3 = 0.5: it adds nothing. o1: 0:0 1:1 2:2 → 1 += 1;
	// o2: 2:0 1:1 0:2 → 1 += 1. 0 and 2 are ends of o1 and o2.
	pts := []Objectives{{0, 2, 0.5}, {1, 1, 0.5}, {2, 0, 0.5}}
	checkCrowding(t, mustCrowding(t, pts, []int{0, 1, 2}), []float64{math.Inf(1), 2, math.Inf(1)})
	// Two distinct points plus a copy: both distinct ones Inf, the copy 0.
	pts = []Objectives{{0, 1, 0}, {1, 0, 0}, {0, 1, 0}}
	checkCrowding(t, mustCrowding(t, pts, []int{0, 1, 2}), []float64{math.Inf(1), math.Inf(1), 0})
	// Three copies: the first Inf (one distinct point), the others 0.
	pts = []Objectives{{1, 1, 1}, {1, 1, 1}, {1, 1, 1}}
	checkCrowding(t, mustCrowding(t, pts, []int{0, 1, 2}), []float64{math.Inf(1), 0, 0})
}

// naiveRanks is Deb et al.'s fast non-dominated sort, O(M·N²), the reference
// the divide-and-conquer Ranks is checked against.
func naiveRanks(pts []Objectives) []int {
	n := len(pts)
	dominates := func(a, b Objectives) bool {
		better := false
		for m := range a {
			if a[m] < b[m] {
				return false
			}
			if a[m] > b[m] {
				better = true
			}
		}
		return better
	}
	count := make([]int, n)
	dominated := make([][]int, n)
	for i := range n {
		for j := range n {
			if dominates(pts[i], pts[j]) {
				dominated[i] = append(dominated[i], j)
			} else if dominates(pts[j], pts[i]) {
				count[i]++
			}
		}
	}
	rank := make([]int, n)
	var cur []int
	for i := range n {
		if count[i] == 0 {
			cur = append(cur, i)
		}
	}
	for f := 0; len(cur) > 0; f++ {
		var next []int
		for _, i := range cur {
			rank[i] = f
			for _, j := range dominated[i] {
				if count[j]--; count[j] == 0 {
					next = append(next, j)
				}
			}
		}
		cur = next
	}
	return rank
}

func TestRanksMatchesNaiveOnRandomSetsWithTies(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := 0; trial < 300; trial++ {
		n := 1 + rng.IntN(120)
		levels := 1 + rng.IntN(6) // few levels: many ties and duplicates
		pts := make([]Objectives, n)
		for i := range pts {
			for m := range 3 {
				pts[i][m] = float64(rng.IntN(levels)) / float64(levels)
			}
		}
		got, err := Ranks(pts)
		if err != nil {
			t.Fatal(err)
		}
		if want := naiveRanks(pts); !slices.Equal(got, want) {
			t.Fatalf("trial %d: ranks %v, want %v for %v", trial, got, want, pts)
		}
	}
}

func TestRanksAntichainAndChain(t *testing.T) {
	// Points on the plane o1+o2+o3 = 1: one front.
	var plane []Objectives
	for i := 0; i <= 10; i++ {
		for j := 0; i+j <= 10; j++ {
			plane = append(plane, Objectives{float64(i) / 10, float64(j) / 10, float64(10-i-j) / 10})
		}
	}
	r, _ := Ranks(plane)
	for i, x := range r {
		if x != 0 {
			t.Fatalf("antichain point %d in front %d", i, x)
		}
	}
	// A chain: each point dominated by the previous one.
	chain := []Objectives{{3, 3, 3}, {2, 3, 3}, {2, 2, 3}, {2, 2, 2}, {1, 2, 2}}
	r, _ = Ranks(chain)
	if want := []int{0, 1, 2, 3, 4}; !slices.Equal(r, want) {
		t.Fatalf("chain ranks = %v, want %v", r, want)
	}
}

func TestRanksBadInputAndEmpty(t *testing.T) {
	if _, err := Ranks([]Objectives{{0, math.NaN(), 0}}); err == nil {
		t.Fatal("NaN must be an error")
	}
	if _, err := Ranks([]Objectives{{math.Inf(-1), 0, 0}}); err == nil {
		t.Fatal("-Inf must be an error")
	}
	if _, err := Crowding([]Objectives{{1, 1, 1}}, []int{0, 1}); err == nil {
		t.Fatal("front index outside the points must be an error")
	}
	if _, err := Crowding([]Objectives{{1, math.NaN(), 1}}, []int{0}); err == nil {
		t.Fatal("NaN in Crowding must be an error")
	}
	if r, err := Ranks(nil); err != nil || len(r) != 0 {
		t.Fatalf("empty: %v %v", r, err)
	}
	if _, _, err := WeightedOrder([]Objectives{{1, 1, 1}}, Objectives{0, 0, 0}); err == nil {
		t.Fatal("zero weights must be an error")
	}
	if _, _, err := WeightedOrder([]Objectives{{1, 1, 1}}, Objectives{-1, 1, 0}); err == nil {
		t.Fatal("negative weight must be an error")
	}
}

func TestWeightedOrder(t *testing.T) {
	pts := []Objectives{{0.5, 0, 0}, {0, 1, 0}, {0.25, 0.5, 0.5}, {0.5, 0, 0}}
	order, score, err := WeightedOrder(pts, Objectives{0.6, 0.2, 0.2})
	if err != nil {
		t.Fatal(err)
	}
	// scores: 0.3, 0.2, 0.15+0.1+0.1 = 0.35, 0.3 → 2, 0, 3 (tie by index), 1
	if want := []int{2, 0, 3, 1}; !slices.Equal(order, want) {
		t.Fatalf("order = %v (scores %v), want %v", order, score, want)
	}
	if math.Abs(score[2]-0.35) > 1e-12 {
		t.Fatalf("score[2] = %v", score[2])
	}
}

func TestParetoVersusWeighted(t *testing.T) {
	// A is the most relevant, C the most recent, B balanced; D is dominated
	// by B. Front 1 {A, B, C}, each an end of some objective (o3 is equal for
	// A and C, so B and A are its ends): all Inf, so index order; D last.
	// Weighted 0.6/0.2/0.2: A .58, B .50, D .45, C .28 — D beats C.
	pts := []Objectives{{0.9, 0.1, 0.1}, {0.5, 0.5, 0.5}, {0.1, 1, 0.1}, {0.45, 0.45, 0.45}}
	r, err := ParetoOrder(pts)
	if err != nil {
		t.Fatal(err)
	}
	if want := []int{0, 1, 2, 3}; !slices.Equal(r.Order, want) {
		t.Fatalf("pareto order %v, want %v", r.Order, want)
	}
	order, _, _ := WeightedOrder(pts, Objectives{0.6, 0.2, 0.2})
	if want := []int{0, 1, 3, 2}; !slices.Equal(order, want) {
		t.Fatalf("weighted order %v, want %v", order, want)
	}
}
