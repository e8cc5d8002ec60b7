// Package lsh is a multi-table random-hyperplane locality-sensitive hash
// index for cosine similarity (Charikar 2002, "Similarity estimation
// techniques from rounding algorithms"; the banding of Indyk & Motwani
// 1998). It finds the stored vectors that may reach a cosine threshold t
// with a query without scanning the collection: callers score the
// candidates exactly and keep those at or above t.
//
// Each of L tables hashes a vector to the K sign bits of its projections on
// K random Gaussian hyperplanes. Two vectors at angle θ agree on one bit with
// probability p = 1 − θ/π, so a pair with cosine ≥ t shares a bucket in at
// least one table with probability ≥ 1 − (1 − p_t^K)^L. Params picks L for a
// chosen miss probability δ at exactly the threshold (pairs above it are
// missed far less often: at δ = 10⁻³ and t = 0.9, a pair at cosine 0.95 is
// missed with probability below 10⁻⁶ and an identical pair never). Unrelated
// vectors (cosine ≈ 0) collide in a table with probability 2^−K, so a query
// touches about N·L·2^−K of N stored vectors.
//
// The hyperplanes come from a seeded generator: the same seed, dimension
// and vectors give the same candidates on every run.
package lsh

import (
	"math"
	"math/rand/v2"
	"slices"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas32"
)

// Bits is K, the number of sign bits per table (2^−14 ≈ 1/16384 chance that
// two unrelated vectors share a bucket). Of 12, 14 and 16 bits at the
// threshold 0.9, 14 cost least per merge check on a synthetic history of 10k
// turns: 12 bits crowd the buckets with near-similar sentences (2× the
// candidates), 16 bits need 79 tables instead of 57, and hashing the 1,264
// projections costs more than the candidates it saves.
const Bits = 14

// MaxTables bounds L. Below the threshold where L would exceed it (cosine
// ≈ 0.875 at δ = 10⁻³), hashing costs approach a scan of a mid-sized
// collection, and Params reports false.
const MaxTables = 80

// Params returns the number of tables L for threshold t in (0, 1] and miss
// probability delta in (0, 1) at K = Bits: the least L with
// (1 − p^K)^L ≤ delta, p = 1 − arccos(t)/π. ok is false when L would exceed
// MaxTables or the arguments are out of range.
func Params(t, delta float64) (tables int, ok bool) {
	if !(t > 0 && t <= 1) || !(delta > 0 && delta < 1) {
		return 0, false
	}
	p := 1 - math.Acos(t)/math.Pi
	hit := math.Pow(p, Bits)
	if hit >= 1 {
		return 1, true
	}
	l := int(math.Ceil(math.Log(delta) / math.Log(1-hit)))
	if l < 1 {
		l = 1
	}
	return l, l <= MaxTables
}

// Index holds vectors under dense non-negative integer ids. It is not safe
// for concurrent use. Buckets are singly linked lists threaded through
// flat arrays (a head per table and code, a next link per id and table):
// a look-up costs one array read per table, and the index takes
// 4·L·2^K bytes of heads (3.7 MB at L = 57) plus 4·L bytes per id.
type Index struct {
	dim, tables int
	planes      []float32  // (tables·Bits) × dim, row-major
	head        []int32    // table·2^Bits + code → first id in the bucket, −1: empty
	next        []int32    // id·tables + table → next id in the bucket, −1: end
	codes       [][]uint16 // id → its code in each table (nil: not stored)
	proj        []float32  // scratch: projections
	stamp       []uint32   // id → last query that collected it
	query       uint32
}

// New returns an empty index of tables tables (≥ 1) for vectors of dimension
// dim (≥ 1) whose hyperplanes are drawn from seed.
func New(dim, tables int, seed uint64) *Index {
	r := rand.New(rand.NewPCG(seed, 0x6c7368))
	planes := make([]float32, tables*Bits*dim)
	for i := range planes {
		planes[i] = float32(r.NormFloat64())
	}
	head := make([]int32, tables<<Bits)
	for i := range head {
		head[i] = -1
	}
	return &Index{dim: dim, tables: tables, planes: planes, head: head, proj: make([]float32, tables*Bits)}
}

// Dim is the vector dimension the index takes.
func (x *Index) Dim() int { return x.dim }

// Code is a vector's bucket in every table of an Index (nil: the vector is
// never indexed and never matched).
type Code []uint16

// Hash returns vec's code: nil for the zero vector or a vector of another
// dimension. Cost: one (tables·Bits) × dim matrix-vector product.
func (x *Index) Hash(vec []float32) Code {
	out := make(Code, x.tables)
	if !x.hash(vec, out) {
		return nil
	}
	return out
}

func (x *Index) hash(vec []float32, out []uint16) bool {
	if len(vec) != x.dim {
		return false
	}
	zero := true
	for _, v := range vec {
		if v != 0 {
			zero = false
			break
		}
	}
	if zero {
		return false
	}
	a := blas32.General{Rows: x.tables * Bits, Cols: x.dim, Stride: x.dim, Data: x.planes}
	blas32.Gemv(blas.NoTrans, 1, a, blas32.Vector{N: x.dim, Inc: 1, Data: vec}, 0, blas32.Vector{N: len(x.proj), Inc: 1, Data: x.proj})
	for t := 0; t < x.tables; t++ {
		var c uint16
		for b, v := range x.proj[t*Bits : (t+1)*Bits] {
			if v >= 0 {
				c |= 1 << b
			}
		}
		out[t] = c
	}
	return true
}

// Add stores the vector of code (from Hash) under id (≥ 0), replacing the
// vector id held before. A nil code only removes id.
func (x *Index) Add(id int, code Code) {
	x.Remove(id)
	if len(code) != x.tables {
		return
	}
	codes := slices.Clone(code)
	for id >= len(x.codes) {
		x.codes = append(x.codes, nil)
		x.stamp = append(x.stamp, 0)
		for t := 0; t < x.tables; t++ {
			x.next = append(x.next, -1)
		}
	}
	x.codes[id] = codes
	for t, c := range codes {
		h := t<<Bits | int(c)
		x.next[id*x.tables+t] = x.head[h]
		x.head[h] = int32(id)
	}
}

// Remove deletes id (no-op when absent).
func (x *Index) Remove(id int) {
	if id < 0 || id >= len(x.codes) || x.codes[id] == nil {
		return
	}
	for t, c := range x.codes[id] {
		link := &x.head[t<<Bits|int(c)]
		for *link != int32(id) { // id is in the list: Add put it there
			link = &x.next[int(*link)*x.tables+t]
		}
		*link = x.next[id*x.tables+t]
	}
	x.codes[id] = nil
}

// Candidates returns the ids sharing a bucket with the vector of code (from
// Hash) in some table, ascending: a superset, with the probability set by
// Params, of the stored vectors whose cosine with it reaches the threshold.
// A nil code has none.
func (x *Index) Candidates(code Code) []int {
	codes := code
	if len(codes) != x.tables {
		return nil
	}
	x.query++
	if x.query == 0 { // wrapped: clear the stamps
		clear(x.stamp)
		x.query = 1
	}
	var out []int
	for t, c := range codes {
		for id := x.head[t<<Bits|int(c)]; id >= 0; id = x.next[int(id)*x.tables+t] {
			if x.stamp[id] != x.query {
				x.stamp[id] = x.query
				out = append(out, int(id))
			}
		}
	}
	slices.Sort(out)
	return out
}
