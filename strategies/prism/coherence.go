package prism

import (
	"math"
	"time"

	"gonum.org/v1/gonum/graph"
	"gonum.org/v1/gonum/graph/iterator"
	"gonum.org/v1/gonum/graph/path"
	"gonum.org/v1/gonum/graph/simple"
)

// Coherence returns, for each node id in nodes, the PRISM coherence objective
// 1 / (1 + mean shortest-path distance to the active nodes), where distance
// is the number of edges on a shortest path in g (gonum path.DijkstraFrom
// with uniform edge cost; g is the temporal-causal graph, used undirected).
// Values lie in [0, 1]: 1 for the active node itself when it is the only
// active one, 0 for a node that cannot reach some active node (its mean
// distance is infinite) and for every node when no active id is in g.
// Active ids not in g are ignored (a nil g gives all 0); an active id listed
// twice counts twice, so callers pass a de-duplicated list. Cost: one
// Dijkstra run per active node, O(|active| · |E| log |V|).
func Coherence(g graph.Graph, active []int64, nodes []int64) []float64 {
	var trees []path.Shortest
	if g == nil {
		return make([]float64, len(nodes))
	}
	for _, a := range active {
		if n := g.Node(a); n != nil {
			trees = append(trees, path.DijkstraFrom(n, g))
		}
	}
	return coherenceFrom(trees, nodes)
}

// distancer is a shortest-path tree: the distance from its source to a node
// (+Inf when unreachable). path.Shortest and distTree are ones.
type distancer interface{ WeightTo(id int64) float64 }

// coherenceFrom is Coherence given the shortest-path trees of the active
// nodes.
func coherenceFrom[T distancer](trees []T, nodes []int64) []float64 {
	out := make([]float64, len(nodes))
	if len(trees) == 0 {
		return out
	}
	for i, id := range nodes {
		sum := 0.0
		for _, t := range trees {
			sum += t.WeightTo(id) // +Inf when unreachable or unknown
		}
		mean := sum / float64(len(trees))
		if math.IsInf(mean, 1) {
			continue
		}
		out[i] = 1 / (1 + mean)
	}
	return out
}

// Recency is the PRISM recency objective exp(−λ·Δt) with Δt = asked − at in
// days (24 h of scenario time) and λ = lambdaPerDay ≥ 0 per day: 1 for a unit
// stamped at or after the question, e^−1 ≈ 0.368 at Δt = 1/λ days, halving
// every ln 2/λ days (6.93 days at the default λ = 0.1). λ = 0 gives 1 for
// every age.
func Recency(at, asked time.Time, lambdaPerDay float64) float64 {
	dt := asked.Sub(at)
	if dt <= 0 || lambdaPerDay <= 0 {
		return 1
	}
	return math.Exp(-lambdaPerDay * dt.Hours() / 24)
}

// causalGraph is PRISM's temporal-causal graph: undirected, nodes 0..n−1
// (unit indices), adjacency lists in insertion order. It implements gonum's
// graph.Undirected and path.Weighted (every edge costs 1), so gonum's
// path.DijkstraFrom searches it directly; unlike simple.UndirectedGraph it
// keeps adjacency in slices, which makes a search over 10k units several
// times cheaper (BenchmarkCoherence) and its iteration order deterministic.
type causalGraph struct {
	nodes []graph.Node
	adj   [][]graph.Node
	nbr   [][]int32         // adj as node ids, for the breadth-first searches of distTree
	edges map[[2]int64]bool // (min id, max id)
}

func newGraph() *causalGraph { return &causalGraph{edges: map[[2]int64]bool{}} }

// addNode adds the next node (id = previous node count) and returns its id.
func (g *causalGraph) addNode() int64 {
	id := int64(len(g.nodes))
	g.nodes = append(g.nodes, simple.Node(id))
	g.adj = append(g.adj, nil)
	g.nbr = append(g.nbr, nil)
	return id
}

func edgeKey(x, y int64) [2]int64 {
	if x > y {
		x, y = y, x
	}
	return [2]int64{x, y}
}

// setEdge adds the edge x–y between existing, distinct nodes; it reports
// whether the edge is new.
func (g *causalGraph) setEdge(x, y int64) bool {
	if x == y || g.Node(x) == nil || g.Node(y) == nil || g.edges[edgeKey(x, y)] {
		return false
	}
	g.edges[edgeKey(x, y)] = true
	g.adj[x] = append(g.adj[x], g.nodes[y])
	g.adj[y] = append(g.adj[y], g.nodes[x])
	g.nbr[x] = append(g.nbr[x], int32(y))
	g.nbr[y] = append(g.nbr[y], int32(x))
	return true
}

// Node implements graph.Graph.
func (g *causalGraph) Node(id int64) graph.Node {
	if id < 0 || id >= int64(len(g.nodes)) {
		return nil
	}
	return g.nodes[id]
}

// Nodes implements graph.Graph.
func (g *causalGraph) Nodes() graph.Nodes {
	if len(g.nodes) == 0 {
		return graph.Empty
	}
	return iterator.NewOrderedNodes(g.nodes)
}

// From implements graph.Graph.
func (g *causalGraph) From(id int64) graph.Nodes {
	if g.Node(id) == nil || len(g.adj[id]) == 0 {
		return graph.Empty
	}
	return iterator.NewOrderedNodes(g.adj[id])
}

// HasEdgeBetween implements graph.Graph.
func (g *causalGraph) HasEdgeBetween(x, y int64) bool { return g.edges[edgeKey(x, y)] }

// Edge implements graph.Graph.
func (g *causalGraph) Edge(u, v int64) graph.Edge {
	if !g.edges[edgeKey(u, v)] {
		return nil
	}
	return simple.Edge{F: g.nodes[u], T: g.nodes[v]}
}

// EdgeBetween implements graph.Undirected.
func (g *causalGraph) EdgeBetween(x, y int64) graph.Edge { return g.Edge(x, y) }

// Weight implements path.Weighted: 0 from a node to itself, 1 along an
// edge, +Inf and false otherwise.
func (g *causalGraph) Weight(x, y int64) (float64, bool) {
	switch {
	case x == y:
		return 0, true
	case g.edges[edgeKey(x, y)]:
		return 1, true
	}
	return math.Inf(1), false
}

var (
	_ graph.Undirected = (*causalGraph)(nil)
	_ path.Weighted    = (*causalGraph)(nil)
)

// distTree holds the shortest-path distances (edge counts) from one source
// node of a causalGraph and keeps them exact while the graph grows. The
// graph only gains nodes and edges, so distances only shrink: a new node is
// unreachable until an edge reaches it, and a new edge a–b with
// d(a) + 1 < d(b) lowers d(b) and, breadth first, every node whose shortest
// path now runs through it (the insertion case of dynamic single-source
// shortest paths, Ramalingam & Reps 1996; with unit weights a FIFO queue
// settles each node at its first update). An update costs the number of
// nodes whose distance changes, against O(|V| + |E|) for a new search. The
// distances equal gonum's path.DijkstraFrom over the same graph (every edge
// costs 1; TestDistTreeMatchesDijkstra).
type distTree struct {
	src  int64
	dist []int32 // node → distance; −1 or beyond the end: unreachable
	used uint64  // last use (treeCache clock), for eviction
}

// newDistTree searches g breadth first from src.
func newDistTree(g *causalGraph, src int64) *distTree {
	t := &distTree{src: src, dist: make([]int32, len(g.nbr))}
	for i := range t.dist {
		t.dist[i] = -1
	}
	t.dist[src] = 0
	queue := make([]int32, 1, len(g.nbr)) // a search queues each node at most once
	queue[0] = int32(src)
	t.spread(g, queue)
	return t
}

// at is the distance to node x, −1 when unreachable.
func (t *distTree) at(x int32) int32 {
	if int(x) >= len(t.dist) {
		return -1
	}
	return t.dist[x]
}

// set records distance d for node x, growing the array for new nodes.
func (t *distTree) set(x, d int32) {
	for int(x) >= len(t.dist) {
		t.dist = append(t.dist, -1)
	}
	t.dist[x] = d
}

// spread relaxes the neighbours of the queued nodes breadth first until no
// distance drops.
func (t *distTree) spread(g *causalGraph, queue []int32) {
	// The queue is read through a head index, not re-sliced from the front,
	// so appends reuse its array instead of copying it.
	for h := 0; h < len(queue); h++ {
		x := queue[h]
		d := t.at(x) + 1
		for _, y := range g.nbr[x] {
			if dy := t.at(y); dy < 0 || d < dy {
				t.set(y, d)
				queue = append(queue, y)
			}
		}
	}
}

// addEdge updates the distances for the new edge a–b of g (already added).
func (t *distTree) addEdge(g *causalGraph, a, b int32) {
	da, db := t.at(a), t.at(b)
	switch {
	case da >= 0 && (db < 0 || da+1 < db):
		t.set(b, da+1)
		t.spread(g, []int32{b})
	case db >= 0 && (da < 0 || db+1 < da):
		t.set(a, db+1)
		t.spread(g, []int32{a})
	}
}

// WeightTo is the distance to node id as a path weight: +Inf when
// unreachable (path.Shortest's convention).
func (t *distTree) WeightTo(id int64) float64 {
	if id < 0 || id > math.MaxInt32 {
		return math.Inf(1)
	}
	d := t.at(int32(id))
	if d < 0 {
		return math.Inf(1)
	}
	return float64(d)
}

// treeCap bounds the distance trees kept up to date (the most recently used
// sources): a query's active units are the units of its few recent turns,
// so consecutive probes share most of them. Each kept tree costs 4 bytes per
// node and is updated on every new edge.
const treeCap = 32

// treeCache keeps the distance trees of recently active units current as
// the graph grows (see distTree).
type treeCache struct {
	trees map[int64]*distTree
	clock uint64
}

// get returns the tree of src, searching the graph when src has none, and
// evicts the least recently used tree beyond treeCap. src must be a node of
// g.
func (c *treeCache) get(g *causalGraph, src int64) *distTree {
	if c.trees == nil {
		c.trees = map[int64]*distTree{}
	}
	c.clock++
	t, ok := c.trees[src]
	if !ok {
		t = newDistTree(g, src)
		t.used = c.clock
		c.trees[src] = t
		if len(c.trees) > treeCap {
			var old *distTree
			for _, u := range c.trees { // order-free: the least used is unique
				if old == nil || u.used < old.used {
					old = u
				}
			}
			delete(c.trees, old.src)
		}
	}
	t.used = c.clock
	return t
}

// addEdge updates every kept tree for the new edge a–b of g.
func (c *treeCache) addEdge(g *causalGraph, a, b int64) {
	for _, t := range c.trees { // order-free: trees are independent
		t.addEdge(g, int32(a), int32(b))
	}
}
