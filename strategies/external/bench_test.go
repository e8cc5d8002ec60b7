package external

import (
	"context"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/memarena/memarena/strategies"
	"github.com/memarena/memarena/strategies/external/adaptertest"
)

// BenchmarkTransport measures the harness-side cost of one message round
// trip to a no-op memory (it replies with an empty result at once): JSON
// encoding, the transport, schema validation of the reply and decoding.
// stdio is a child process on pipes; http is a server on loopback.
//
//	go test -run '^$' -bench Transport -benchtime 2s ./strategies/external/
func BenchmarkTransport(b *testing.B) {
	srv := httptest.NewServer(adaptertest.Handler(adaptertest.Noop))
	defer srv.Close()
	for _, tc := range []struct {
		name string
		cfg  Config
	}{
		{"stdio", Config{Command: adaptertest.Command(adaptertest.Noop), Timeout: 30 * time.Second}},
		{"http", Config{URL: srv.URL, Timeout: 30 * time.Second}},
	} {
		e, err := Open(context.Background(), testEnv("model"), tc.cfg, nil)
		if err != nil {
			b.Fatal(err)
		}
		ctx := context.Background()
		tt := turns[1]
		q := strategies.Query{ID: "q1", Question: "Which city is Lena visiting?", AskedAt: t0, Recent: turns, Budget: 1024, K: 10}
		b.Run(tc.name+"/ingest", func(b *testing.B) {
			for b.Loop() {
				if err := e.Ingest(ctx, tt); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(tc.name+"/retrieve", func(b *testing.B) {
			for b.Loop() {
				if _, err := e.Retrieve(ctx, q); err != nil {
					b.Fatal(err)
				}
			}
		})
		if err := e.Close(); err != nil {
			b.Fatal(err)
		}
	}
}
