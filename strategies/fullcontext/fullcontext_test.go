package fullcontext

import (
	"context"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/memarena/memarena/internal/tokenizer"
	"github.com/memarena/memarena/strategies"
)

// packAll is the definition Retrieve must match: every turn newest first
// through strategies.Pack, rendered oldest first.
func packAll(tok *tokenizer.Tokenizer, ts []strategies.Turn, budget int) strategies.Recall {
	n := len(ts)
	items := make([]strategies.Item, 0, n)
	for i := n - 1; i >= 0; i-- {
		items = append(items, strategies.TurnItem(ts[i], 1/float64(n-i)))
	}
	r := strategies.Pack(tok, items, budget, "", nil)
	lines := make([]string, len(r.Items))
	for i, it := range r.Items {
		lines[len(r.Items)-1-i] = strategies.Line(it)
	}
	r.Context = strings.Join(lines, "\n")
	return r
}

func TestRetrieveMatchesPackOverWholeHistory(t *testing.T) {
	tok := tokenizer.MustDefault()
	f := &FullContext{env: strategies.Env{Tokenizer: tok}}
	rng := rand.New(rand.NewPCG(7, 11))
	t0 := time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)
	words := strings.Fields("the a meeting was moved to Friday because Dana could not travel we booked seats near the window and paid")
	for i := range 300 {
		var b strings.Builder
		// Mostly short turns, some far over a small budget, so that
		// skipping a turn and placing an older one happens.
		w := 1 + rng.IntN(12)
		if rng.IntN(10) == 0 {
			w = 150
		}
		for j := range w {
			if j > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(words[rng.IntN(len(words))])
		}
		turn := strategies.Turn{ID: fmt.Sprintf("s%d-t%02d", i/20, i%20), Speaker: []string{"Ana", "Ben"}[i%2], Text: b.String(), Time: t0.Add(time.Duration(i) * time.Minute)}
		if err := f.Ingest(context.Background(), turn); err != nil {
			t.Fatal(err)
		}
	}
	for _, budget := range []int{-1, 0, 5, 17, 64, 200, 1024, 100000} {
		got, err := f.Retrieve(context.Background(), strategies.Query{Budget: budget})
		if err != nil {
			t.Fatal(err)
		}
		want := packAll(tok, f.log.Turns, budget)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("budget %d: got %d items, want %d (context equal: %v)", budget, len(got.Items), len(want.Items), got.Context == want.Context)
		}
	}
	// The oldest turn is placed only under the largest budget.
	r, _ := f.Retrieve(context.Background(), strategies.Query{Budget: 100000})
	if len(r.Items) != 300 || r.Items[299].ID != "s0-t00" || r.Items[0].Score != 1 {
		t.Errorf("budget 100000: %d items, last %q, first score %v; want 300, s0-t00, 1", len(r.Items), r.Items[len(r.Items)-1].ID, r.Items[0].Score)
	}
}
