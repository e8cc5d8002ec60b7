package thoughtgraph

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/memarena/memarena/scenarios"
	"github.com/memarena/memarena/strategies"
)

var (
	benchTopics  = []string{"orders", "invoices", "payments", "search", "checkout", "billing", "reports", "catalog", "shipping", "auth", "profiles", "coupons", "returns", "inventory", "pricing", "reviews", "emails", "webhooks", "exports", "audit"}
	benchVendors = []string{"Postgres", "Redis", "Kafka", "NATS", "ClickHouse", "MySQL", "Elasticsearch", "SQLite", "DynamoDB", "Memcached", "RabbitMQ", "Cassandra", "MongoDB"}
)

// benchTurns returns the i-th synthetic exchange: a user request (one
// knowledge thought) and an assistant decision with a reason (one decision
// thought).
func benchTurns(i int) (strategies.Turn, strategies.Turn) {
	session := fmt.Sprintf("s%d", i/20)
	at := time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC).Add(time.Duration(i) * 10 * time.Minute)
	topic, vendor := benchTopics[i%len(benchTopics)], benchVendors[(i/3)%len(benchVendors)]
	u := strategies.Turn{ID: fmt.Sprintf("u%d", i), SessionID: session, Role: scenarios.RoleUser, Speaker: "Dana", Time: at,
		Task: "task " + session, Text: fmt.Sprintf("The %s service of project P%d needs a datastore that handles %d writes per second.", topic, i, 100+i%900)}
	a := strategies.Turn{ID: fmt.Sprintf("a%d", i), SessionID: session, Role: scenarios.RoleAssistant, Speaker: "Assistant", Time: at.Add(time.Minute),
		Task: "task " + session, Text: fmt.Sprintf("We decided to use %s %d for %s in P%d because its p95 stays under %d ms.", vendor, 1+i%9, topic, i, 5+i%50)}
	return u, a
}

// buildBench ingests exchanges through the offline model until the graph
// holds n thoughts, ending a session every 20 exchanges; it returns the
// graph and the next exchange index.
func buildBench(tb testing.TB, n int) (*ThoughtGraph, int) {
	env, _ := offlineEnv()
	g := mustNew(tb, env, defaultConfig())
	ctx := context.Background()
	i := 0
	for ; len(g.thoughts) < n; i++ {
		u, a := benchTurns(i)
		ingestAll(tb, g, u, a)
		if i%20 == 19 {
			if err := g.EndSession(ctx, strategies.SessionInfo{ID: u.SessionID, Task: u.Task}); err != nil {
				tb.Fatal(err)
			}
		}
	}
	return g, i
}

var (
	benchOnce  sync.Once
	benchGraph *ThoughtGraph
)

// BenchmarkRetrieve10k measures one Retrieve (query embedding, vector recall
// of 5 seeds plus entity recall, chain expansion depth 3 / fanout 3,
// ranking, packing into 1024 tokens) on a graph of 10,000 thoughts.
func BenchmarkRetrieve10k(b *testing.B) {
	benchOnce.Do(func() { benchGraph, _ = buildBench(b, 10000) })
	ctx := context.Background()
	qs := []string{
		"Which datastore did we pick for payments in P4242?",
		"Why did we choose Redis for the search service?",
		"What handles the writes for checkout?",
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		r, err := benchGraph.Retrieve(ctx, strategies.Query{Question: qs[i%len(qs)], Budget: 1024, AskedAt: time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)})
		if err != nil || len(r.Items) == 0 {
			b.Fatalf("retrieve: %v (%d items)", err, len(r.Items))
		}
	}
}

// BenchmarkIngest10k measures ingesting one exchange (a user turn and an
// assistant turn: one extract-thoughts request through the offline model,
// two embeddings, graph links) into a graph that already holds 10,000
// thoughts; one op is one exchange (two turns, two thoughts).
func BenchmarkIngest10k(b *testing.B) {
	g, next := buildBench(b, 10000)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		u, a := benchTurns(next + i)
		ingestAll(b, g, u, a)
	}
}
