package prism

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/memarena/memarena/strategies"
)

func uniformPoints(n int) []Objectives {
	rng := rand.New(rand.NewPCG(7, uint64(n)))
	pts := make([]Objectives, n)
	for i := range pts {
		pts[i] = Objectives{rng.Float64(), rng.Float64(), rng.Float64()}
	}
	return pts
}

// planePoints lie on o1 + o2 + o3 = 1: a single front, the worst case of
// front-by-front and ENS-style sorts.
func planePoints(n int) []Objectives {
	rng := rand.New(rand.NewPCG(9, uint64(n)))
	pts := make([]Objectives, n)
	for i := range pts {
		a, b := rng.Float64(), rng.Float64()
		if a+b > 1 {
			a, b = 1-a, 1-b
		}
		pts[i] = Objectives{a, b, 1 - a - b}
	}
	return pts
}

// BenchmarkRanks measures the O(N log² N) divide-and-conquer sort against
// Deb's O(M·N²) fast non-dominated sort (naive) on 3 objectives.
func BenchmarkRanks(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		for _, set := range []struct {
			name string
			pts  []Objectives
		}{{"uniform", uniformPoints(n)}, {"one-front", planePoints(n)}} {
			b.Run(fmt.Sprintf("dc/%s/n=%d", set.name, n), func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					if _, err := Ranks(set.pts); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
		pts := uniformPoints(n)
		b.Run(fmt.Sprintf("naive/uniform/n=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				naiveRanks(pts)
			}
		})
	}
}

// BenchmarkParetoOrder is the full selection ranking (fronts, crowding,
// order) at 10k candidates.
func BenchmarkParetoOrder(b *testing.B) {
	pts := uniformPoints(10000)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ParetoOrder(pts); err != nil {
			b.Fatal(err)
		}
	}
}

var (
	benchEntities = []string{"Postgres", "MySQL 8", "Redis", "Kyoto", "Osaka", "pgxpool", "pool_max_conns", "Hotel Granvia",
		"Dana", "Sam", "OrdersAPI", "chi", "gRPC", "Kafka", "S3", "Lisbon", "Porto", "pytest", "CI", "Terraform"}
	benchVerbs = []string{"We decided to use", "Let's compare", "I prefer", "The test failed on", "Actually, switch to",
		"Can you check", "Lesson learned: tune", "We deployed", "Book a room near", "The budget for"}
)

// synthTurns makes n deterministic turns in sessions of 20, one day apart.
func synthTurns(n int) []strategies.Turn {
	rng := rand.New(rand.NewPCG(3, 4))
	out := make([]strategies.Turn, n)
	for i := range out {
		s := i / 20
		role := "user"
		if i%2 == 1 {
			role = "assistant"
		}
		if i%7 == 6 {
			role = "tool"
		}
		text := fmt.Sprintf("%s %s and %s for item %d, costing %d euros.", benchVerbs[rng.IntN(len(benchVerbs))],
			benchEntities[rng.IntN(len(benchEntities))], benchEntities[rng.IntN(len(benchEntities))], rng.IntN(5000), rng.IntN(900))
		out[i] = strategies.Turn{ID: fmt.Sprintf("s%d-t%02d", s, i%20), SessionID: fmt.Sprintf("s%d", s), Index: i % 20, Role: role,
			Text: text, Time: day0.Add(time.Duration(s)*24*time.Hour + time.Duration(i%20)*time.Minute), Task: fmt.Sprintf("Task number %d", s%9)}
	}
	return out
}

func loaded(b *testing.B, n int) *Prism {
	env, _ := testEnv("")
	s, err := strategies.Build("prism", nil, env)
	if err != nil {
		b.Fatal(err)
	}
	p := s.(*Prism)
	ctx := context.Background()
	for _, t := range synthTurns(n) {
		if err := p.Ingest(ctx, t); err != nil {
			b.Fatal(err)
		}
	}
	if err := p.EndSession(ctx, strategies.SessionInfo{}); err != nil {
		b.Fatal(err)
	}
	return p
}

// BenchmarkIngest is the write cost per turn (offline tagging, embedding,
// duplicate check, graph links) into a memory that grows to 2k turns.
func BenchmarkIngest(b *testing.B) {
	turns := synthTurns(2000)
	ctx := context.Background()
	b.ReportAllocs()
	var p *Prism
	for i := 0; b.Loop(); i++ {
		if i%len(turns) == 0 {
			b.StopTimer()
			env, _ := testEnv("")
			p, _ = New(env, Config{Selection: SelectPareto, TopK: 10, VectorTopN: 30, RecencyLambda: 0.1, IntentWeight: 0.3,
				MergeThreshold: 0.9, Weights: Objectives{0.8, 0.1, 0.1}})
			b.StartTimer()
		}
		if err := p.Ingest(ctx, turns[i%len(turns)]); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRetrieve is one query (intent parsing, candidates, objectives
// with graph search, selection, packing) on memories of 1k and 10k turns.
func BenchmarkRetrieve(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		p := loaded(b, n)
		recent := synthTurns(n)[n-4:]
		for _, sel := range []string{SelectPareto, SelectWeighted} {
			p.cfg.Selection = sel
			q := strategies.Query{ID: "q", Question: "Which pool_max_conns did we decide for pgxpool on Postgres?",
				AskedAt: day0.Add(time.Duration(n/20+1) * 24 * time.Hour), Recent: recent, Budget: 1500, K: 10}
			// warm: the shortest-path trees of the active units are cached
			// (later probes after a session); cold: every query searches.
			for _, cold := range []bool{false, true} {
				name := "warm"
				if cold {
					name = "cold"
				}
				b.Run(fmt.Sprintf("%s/%s/turns=%d/units=%d", sel, name, n, len(p.units)), func(b *testing.B) {
					b.ReportAllocs()
					for b.Loop() {
						if cold {
							p.dist = treeCache{}
						}
						if _, err := p.Retrieve(context.Background(), q); err != nil {
							b.Fatal(err)
						}
					}
				})
			}
		}
	}
}
