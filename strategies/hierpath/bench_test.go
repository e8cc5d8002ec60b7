package hierpath

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/memarena/memarena/strategies"
)

// synthetic produces a deterministic stream of turns in sessions of 24:
// each session has a task over one of many topics, stage cues every eight
// turns, tool results with outcomes, occasional value updates and small
// talk, so ingestion exercises placement, results, reflections, updates and
// session-end summaries.
type synthetic struct {
	rng  *rand.Rand
	n    int
	sess int
}

var (
	synthTopics = []string{"orders", "invoices", "payments", "search", "billing", "catalog", "shipping", "returns", "reports",
		"auth", "profiles", "carts", "coupons", "reviews", "inventory", "pricing", "emails", "webhooks", "exports", "imports"}
	synthTools = []string{"Postgres", "Redis", "Kafka", "Nginx", "Envoy", "ClickHouse", "Elastic", "Memcached", "RabbitMQ", "MySQL"}
)

func newSynthetic() *synthetic { return &synthetic{rng: rand.New(rand.NewPCG(7, 11))} }

func (s *synthetic) next() (strategies.Turn, bool) {
	i := s.n % 24
	if i == 0 && s.n > 0 {
		s.sess++
	}
	s.n++
	topic := synthTopics[(s.sess*7+i/8)%len(synthTopics)]
	tool := synthTools[s.rng.IntN(len(synthTools))]
	num := 10 + s.rng.IntN(90)
	var role, text string
	switch {
	case i%8 == 0:
		role, text = "user", fmt.Sprintf("Next: the %s service %d is slow under load, p95 around %d ms with %s.", topic, s.sess, num*10, tool)
	case i%8 == 1:
		role, text = "assistant", fmt.Sprintf("Let me run a load test on the %s endpoint and check %s stats.", topic, tool)
	case i%8 == 2:
		role, text = "tool", fmt.Sprintf("load test %s: p95=%dms errors=%d", topic, num*9, s.rng.IntN(5))
	case i%8 == 3:
		role, text = "assistant", fmt.Sprintf("We decided to put %s in front of %s with a TTL of %d seconds.", tool, topic, num)
	case i%8 == 4:
		if s.rng.IntN(3) == 0 {
			role, text = "user", fmt.Sprintf("That fix did not work, %s still times out for %s.", tool, topic)
		} else {
			role, text = "tool", fmt.Sprintf("PASS ok %s/%s %d.%03ds", topic, tool, s.rng.IntN(3), num)
		}
	case i%8 == 5:
		role, text = "user", fmt.Sprintf("New policy: the %s pool goes from %d%% to %d%% of capacity.", topic, num, num+5)
	case i%8 == 6:
		role, text = "assistant", fmt.Sprintf("Lesson: for %s, measure %s before changing the TTL.", topic, tool)
	default:
		role, text = "user", "Great, thanks! Have a nice weekend."
	}
	start := time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC).Add(time.Duration(s.sess) * 24 * time.Hour)
	return strategies.Turn{ID: fmt.Sprintf("s%d-t%02d", s.sess, i), SessionID: fmt.Sprintf("s%d", s.sess), Index: i, Role: role,
		Speaker: role, Text: text, Time: start.Add(time.Duration(i) * time.Minute), SessionStart: start,
		Task: fmt.Sprintf("Speed up the %s service", synthTopics[(s.sess*7)%len(synthTopics)])}, i == 23
}

func (s *synthetic) ingest(ctx context.Context, h *HierPath) error {
	t, last := s.next()
	if err := h.Ingest(ctx, t); err != nil {
		return err
	}
	if last {
		return h.EndSession(ctx, strategies.SessionInfo{ID: t.SessionID, Start: t.SessionStart, End: t.Time, Task: t.Task})
	}
	return nil
}

var (
	benchOnce sync.Once
	benchMem  *HierPath
	benchGen  *synthetic
	benchErr  error
)

// benchMemory is one memory of at least 10,000 nodes (model extraction
// with the offline backend), shared by the benchmarks. HP_BENCH_NODES
// overrides the size (for profiling at other scales).
func benchMemory(b *testing.B) (*HierPath, *synthetic) {
	benchOnce.Do(func() {
		h, err := New(testEnv(strategies.ExtractModel), Config{Paths: 3, Candidates: 12, Fanout: 4, HalfLife: 2160 * time.Hour, SummaryWords: 80})
		if err != nil {
			benchErr = err
			return
		}
		gen := newSynthetic()
		ctx := context.Background()
		target := 10000
		if v := os.Getenv("HP_BENCH_NODES"); v != "" {
			fmt.Sscan(v, &target)
		}
		for h.Graph().Len() < target {
			if err := gen.ingest(ctx, h); err != nil {
				benchErr = err
				return
			}
		}
		benchMem, benchGen = h, gen
	})
	if benchErr != nil {
		b.Fatal(benchErr)
	}
	return benchMem, benchGen
}

// BenchmarkIngest10k measures one turn's ingestion (placement through the
// offline model client, rewrites, SQLite transaction, vector index, and the
// session-end consolidation every 24th turn) into a memory that already
// holds 10,000 nodes.
func BenchmarkIngest10k(b *testing.B) {
	h, gen := benchMemory(b)
	ctx := context.Background()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if err := gen.ingest(ctx, h); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(h.Graph().Len()), "nodes")
}

// BenchmarkRetrieve10k measures one query over a 10,000-node memory:
// global and subtree-first candidate search, recursive path queries, fast
// lane, scoring, rendering and packing into a 1,024-token budget.
func BenchmarkRetrieve10k(b *testing.B) {
	h, _ := benchMemory(b)
	ctx := context.Background()
	qs := []string{"Why is the orders service slow under load?", "What TTL did we put in front of payments?",
		"Which fix did not work for invoices?", "What did we learn about Redis?", "How did we speed up the search service last time?",
		"What share of capacity does the billing pool use now?"}
	asked := time.Date(2027, 1, 1, 0, 0, 0, 0, time.UTC)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		r, err := h.Retrieve(ctx, strategies.Query{Question: qs[i%len(qs)], AskedAt: asked, Budget: 1024, K: 10})
		if err != nil {
			b.Fatal(err)
		}
		if len(r.Items) == 0 {
			b.Fatal("no items")
		}
	}
}
