package gaama

import (
	"context"
	"testing"
	"time"

	"github.com/memarena/memarena/internal/backends"
	"github.com/memarena/memarena/internal/embed"
	"github.com/memarena/memarena/internal/tokenizer"
	"github.com/memarena/memarena/scenarios"
	"github.com/memarena/memarena/strategies"
)

func testEnv(mode string) strategies.Env {
	tok := tokenizer.MustDefault()
	return strategies.Env{Model: backends.OfflineClient(tok), Embedder: embed.NewHashing(256), Tokenizer: tok, Extraction: mode}
}

func newTest(t testing.TB, mode string, raw map[string]any) *Gaama {
	t.Helper()
	s, err := strategies.Build(Name, raw, testEnv(mode))
	if err != nil {
		t.Fatal(err)
	}
	return s.(*Gaama)
}

// replayAll ingests every session of sc in order, as the runner does.
func replayAll(t testing.TB, sc *scenarios.Scenario, mode string) *Gaama {
	t.Helper()
	g := newTest(t, mode, nil)
	ctx := context.Background()
	for si, ss := range sc.Sessions {
		var ids []string
		for ti, tt := range ss.Turns {
			turn := strategies.Turn{ID: tt.ID, SessionID: ss.ID, SessionIndex: si, Index: ti, Role: tt.Role, Speaker: tt.Speaker,
				Text: tt.Text, Time: tt.Time.Time, SessionStart: ss.Start.Time}
			if mode == strategies.ExtractOracle {
				turn.Gold = tt.Gold
			}
			if err := g.Ingest(ctx, turn); err != nil {
				t.Fatal(err)
			}
			ids = append(ids, tt.ID)
		}
		if err := g.EndSession(ctx, strategies.SessionInfo{ID: ss.ID, Index: si, TurnIDs: ids}); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

var day0 = time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)

// turn builds a user turn in session sess at minute i of day0 + days.
func turn(id, sess string, days, i int, role, text string) strategies.Turn {
	start := day0.AddDate(0, 0, days)
	return strategies.Turn{ID: id, SessionID: sess, Index: i, Role: role, Text: text,
		Time: start.Add(time.Duration(i) * time.Minute), SessionStart: start}
}
