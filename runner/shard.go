package runner

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// Shard selects one deterministic slice of a run's cells, so that a large
// matrix can be split across machines by an existing engine (a CI matrix, a
// Kubernetes Indexed Job) and merged afterwards (`memarena merge`). Index is
// 1-based: shard 1/4 … 4/4. The zero Shard selects every cell.
type Shard struct {
	Index, Count int
}

// ParseShard reads "i/n" with 1 ≤ i ≤ n.
func ParseShard(s string) (Shard, error) {
	a, b, ok := strings.Cut(strings.TrimSpace(s), "/")
	i, err1 := strconv.Atoi(strings.TrimSpace(a))
	n, err2 := strconv.Atoi(strings.TrimSpace(b))
	if !ok || err1 != nil || err2 != nil {
		return Shard{}, fmt.Errorf("shard %q: want i/n, e.g. 2/4", s)
	}
	if n < 1 || i < 1 || i > n {
		return Shard{}, fmt.Errorf("shard %q: want 1 ≤ i ≤ n", s)
	}
	return Shard{Index: i, Count: n}, nil
}

// All reports whether the shard selects every cell (the zero Shard or 1/1).
func (s Shard) All() bool { return s.Count <= 1 }

func (s Shard) String() string {
	if s.All() {
		return "1/1"
	}
	return fmt.Sprintf("%d/%d", s.Index, s.Count)
}

// CellCost is the expected cost of a cell used to balance shards: the turns
// it ingests plus the probes and task checks it scores. Strategy cost is
// left out on purpose: it is unknown before a run and would make the split
// depend on measurements; with strategies × scenarios × seeds in the
// matrix, every shard gets a mix of strategies anyway.
func CellCost(c CellSpec) int {
	n := len(c.Scenario.Probes)
	for _, s := range c.Scenario.Sessions {
		n += len(s.Turns)
		if s.Task != nil {
			n++
		}
	}
	return n
}

// Select returns the cells of shard s, in plan order. Cells are assigned by
// longest-processing-time-first: in order of decreasing cost (ties by plan
// order), each cell goes to the shard with the least total cost so far
// (ties to the lowest index). The assignment depends only on the plan, so
// every shard of one config computes the same partition, every cell lands
// in exactly one shard, and the most loaded shard carries at most 4/3 of
// the optimal makespan (Graham's bound).
func (s Shard) Select(cells []CellSpec) []CellSpec {
	if s.All() {
		return cells
	}
	order := make([]int, len(cells))
	cost := make([]int, len(cells))
	for i := range cells {
		order[i] = i
		cost[i] = CellCost(cells[i])
	}
	sort.SliceStable(order, func(a, b int) bool { return cost[order[a]] > cost[order[b]] })
	load := make([]int, s.Count)
	mine := make([]bool, len(cells))
	for _, i := range order {
		best := 0
		for k := 1; k < s.Count; k++ {
			if load[k] < load[best] {
				best = k
			}
		}
		load[best] += cost[i]
		mine[i] = best == s.Index-1
	}
	var out []CellSpec
	for i, c := range cells {
		if mine[i] {
			out = append(out, c)
		}
	}
	return out
}
