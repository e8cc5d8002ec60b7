package external

import (
	"context"
	"fmt"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/memarena/memarena/docs/protocol"
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

// loopTransport answers every request with one fixed reply, without I/O.
type loopTransport struct{ reply []byte }

func (l *loopTransport) roundTrip(context.Context, []byte) ([]byte, error) { return l.reply, nil }
func (l *loopTransport) shutdown(time.Duration) error                      { return nil }
func (l *loopTransport) stderrTail() string                                { return "" }

// BenchmarkCodec is the harness's own share of a message: encoding the
// request, schema-validating and decoding the reply (no transport). The
// retrieve reply holds ten items.
func BenchmarkCodec(b *testing.B) {
	schemas, err := protocol.V1()
	if err != nil {
		b.Fatal(err)
	}
	items := make([]string, 10)
	for i := range items {
		items[i] = fmt.Sprintf(`{"id":"m%d","text":"Maya: My sister Lena is flying in from Lisbon next weekend %d.","score":%d.5,"kind":"turn","turn_ids":["c1-t0%d"],"time":"2024-03-04T18:03:00Z"}`, i, i, 10-i, i)
	}
	for _, tc := range []struct{ name, reply string }{
		{"ingest", `{"jsonrpc":"2.0","id":1,"result":{}}`},
		{"retrieve", `{"jsonrpc":"2.0","id":1,"result":{"items":[` + strings.Join(items, ",") + `],"context":"…"}}`},
	} {
		lt := &loopTransport{}
		c := &Client{tr: lt, timeout: time.Second, schemas: schemas, hello: &HelloResult{Protocol: "1"}, instance: "mem-0"}
		q := QueryOf(strategies.Query{ID: "q1", Question: "Which city is Lena visiting?", AskedAt: t0, Recent: turns, Budget: 1024, K: 10})
		tt := TurnOf(turns[1], false)
		b.Run(tc.name, func(b *testing.B) {
			for b.Loop() {
				c.nextID = 0
				lt.reply = []byte(tc.reply)
				var err error
				if tc.name == "ingest" {
					_, err = c.Ingest(context.Background(), tt)
				} else {
					_, _, err = c.Retrieve(context.Background(), q)
				}
				if err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
