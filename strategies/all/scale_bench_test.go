package all_test

import (
	"context"
	"fmt"
	"sync"
	"testing"

	"github.com/memarena/memarena/datasets/synthetic"
	"github.com/memarena/memarena/internal/backends"
	"github.com/memarena/memarena/internal/model"
	"github.com/memarena/memarena/internal/tokenizer"
	"github.com/memarena/memarena/scenarios"
	"github.com/memarena/memarena/strategies"
)

// The scale benchmarks run every registered strategy through the Strategy
// contract on synthetic histories of 1k, 10k and 100k turns (the items a
// memory ingests), with the offline backend as a run uses it:
//
//	BenchmarkWrite/<strategy>/<N>     ingest N turns and end every session (one op = the whole history)
//	BenchmarkRetrieve/<strategy>/<N>  one Retrieve over a memory of N turns (the history is ingested first, untimed)
//
// Run one size with -benchtime 1x and -benchmem, e.g.
//
//	go test ./strategies/all -run '^$' -bench 'Write/trimem/10k' -benchtime 1x -benchmem
//
// and compare runs with benchstat. 100k turns takes minutes to hours for
// strategies whose write cost grows faster than linearly (see
// `memarena scale`).

var benchSizes = []int{1_000, 10_000, 100_000}

var (
	histMu sync.Mutex
	hists  = map[int]*scenarios.Scenario{}
)

// history returns the synthetic scenario of n turns (seed 1), generated
// once per process.
func history(b *testing.B, n int) *scenarios.Scenario {
	histMu.Lock()
	defer histMu.Unlock()
	if s, ok := hists[n]; ok {
		return s
	}
	s, _, err := synthetic.Generate(synthetic.Params{Turns: n, Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	hists[n] = s
	return s
}

// newStrategy builds name with default parameters on the offline backend.
func newStrategy(b *testing.B, name string) strategies.Strategy {
	tok := tokenizer.MustDefault()
	be, err := backends.New("offline", nil, tok, 512)
	if err != nil {
		b.Fatal(err)
	}
	spec, params, err := strategies.Resolve(name, nil)
	if err != nil {
		b.Fatal(err)
	}
	st, err := spec.New(strategies.Env{Model: model.NewMeter(be.Client), Embedder: be.Embedder, Tokenizer: tok, Extraction: strategies.ExtractModel, Seed: 1}, params)
	if err != nil {
		b.Fatal(err)
	}
	return st
}

// replay ingests every turn of s in order and ends every session, as the
// runner does; it returns the last turns (the query's recent window).
func replay(b *testing.B, st strategies.Strategy, s *scenarios.Scenario) []strategies.Turn {
	ctx := context.Background()
	var recent []strategies.Turn
	for si, ss := range s.Sessions {
		ids := make([]string, len(ss.Turns))
		for ti, t := range ss.Turns {
			ids[ti] = t.ID
			turn := strategies.Turn{ID: t.ID, SessionID: ss.ID, SessionIndex: si, Index: ti, Role: t.Role, Speaker: t.Speaker,
				Text: t.Text, Time: t.Time.Time, SessionStart: ss.Start.Time}
			if err := st.Ingest(ctx, turn); err != nil {
				b.Fatal(err)
			}
			recent = append(recent, turn)
			if len(recent) > 6 {
				recent = recent[1:]
			}
		}
		info := strategies.SessionInfo{ID: ss.ID, Index: si, Start: ss.Start.Time, End: ss.Turns[len(ss.Turns)-1].Time.Time, TurnIDs: ids}
		if err := st.EndSession(ctx, info); err != nil {
			b.Fatal(err)
		}
	}
	return recent
}

func sizeName(n int) string { return fmt.Sprintf("%dk", n/1000) }

// eachCell runs fn as the sub-benchmark <strategy>/<size> for every
// registered strategy and size.
func eachCell(b *testing.B, fn func(b *testing.B, name string, s *scenarios.Scenario)) {
	for _, name := range strategies.Names() {
		b.Run(name, func(b *testing.B) {
			for _, n := range benchSizes {
				b.Run(sizeName(n), func(b *testing.B) { fn(b, name, history(b, n)) })
			}
		})
	}
}

func BenchmarkWrite(b *testing.B) {
	eachCell(b, func(b *testing.B, name string, s *scenarios.Scenario) {
		b.ReportAllocs()
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			b.StopTimer()
			st := newStrategy(b, name)
			b.StartTimer()
			replay(b, st, s)
			b.StopTimer()
			fp := st.Footprint()
			b.ReportMetric(float64(fp.Items), "items")
			b.ReportMetric(float64(fp.Edges), "edges")
			st.Close()
			b.StartTimer()
		}
		b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N)/float64(s.Stats().Turns), "µs/turn")
	})
}

func BenchmarkRetrieve(b *testing.B) {
	eachCell(b, func(b *testing.B, name string, s *scenarios.Scenario) {
		st := newStrategy(b, name)
		defer st.Close()
		recent := replay(b, st, s)
		ctx := context.Background()
		b.ReportAllocs()
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			p := s.Probes[i%len(s.Probes)]
			q := strategies.Query{ID: p.ID, Question: p.Question, AskedAt: p.AskedAt.Time, Recent: recent, Budget: 1024, K: 10}
			if _, err := st.Retrieve(ctx, q); err != nil {
				b.Fatal(err)
			}
		}
	})
}
