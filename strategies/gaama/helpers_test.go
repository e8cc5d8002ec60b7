package gaama

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/memarena/memarena/internal/backends"
	"github.com/memarena/memarena/internal/embed"
	"github.com/memarena/memarena/internal/model"
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

// scriptedClient plays a model with fixed extract-graph replies, one per
// turn id (a turn without one gets an empty reply); every other request
// kind (the question's query-intent reading) goes to the offline model.
type scriptedClient struct {
	inner model.Client
	graph map[string]model.GraphExtraction
	calls int
}

func (c *scriptedClient) Name() string { return "scripted" }

func (c *scriptedClient) Complete(ctx context.Context, req model.Request) (model.Response, error) {
	in, ok := req.Input.(model.GraphInput)
	if !ok {
		return c.inner.Complete(ctx, req)
	}
	c.calls++
	if _, err := model.Render(req); err != nil {
		return model.Response{}, err
	}
	ex := c.graph[in.TurnID]
	if ex.Entities == nil {
		ex.Entities = []model.ExtractedEntity{}
	}
	if ex.Relations == nil {
		ex.Relations = []model.ExtractedRelation{}
	}
	b, err := json.Marshal(ex)
	if err != nil {
		return model.Response{}, err
	}
	return model.Response{Text: string(b), Model: "scripted", Usage: model.Usage{Requests: 1}}, nil
}

// newScripted builds a model-mode GAAMA whose extract-graph replies are
// graph (by turn id).
func newScripted(t testing.TB, raw map[string]any, graph map[string]model.GraphExtraction) (*Gaama, *scriptedClient) {
	t.Helper()
	env := testEnv(strategies.ExtractModel)
	c := &scriptedClient{inner: env.Model, graph: graph}
	env.Model = c
	s, err := strategies.Build(Name, raw, env)
	if err != nil {
		t.Fatal(err)
	}
	return s.(*Gaama), c
}

func ent(name, typ string) model.ExtractedEntity { return model.ExtractedEntity{Name: name, Type: typ} }

// dbReplies are the extract-graph replies a model gives for dbHistory.
func dbReplies() map[string]model.GraphExtraction {
	return map[string]model.GraphExtraction{
		"s1-t1": {Entities: []model.ExtractedEntity{ent("orders service", TypeArtifact), ent("Postgres", TypeArtifact)},
			Relations: []model.ExtractedRelation{{Subject: "user", Relation: "prefers", Object: "Postgres",
				Evidence: "I prefer Postgres because the team knows it."}}},
		"s1-t2": {Entities: []model.ExtractedEntity{ent("orders", TypeArtifact), ent("Postgres 16", TypeArtifact)},
			Relations: []model.ExtractedRelation{{Subject: "orders", Relation: "uses", Object: "Postgres 16",
				Evidence: "We decided to use Postgres 16 for orders, because the team knows it well."}}},
		"s2-t1": {Entities: []model.ExtractedEntity{ent("orders", TypeArtifact), ent("MySQL 8", TypeArtifact)},
			Relations: []model.ExtractedRelation{{Subject: "orders", Relation: "uses", Object: "MySQL 8", Change: true,
				Evidence: "Change of plan since last Monday, we moved orders to MySQL 8 after the vendor review."}}},
		"s2-t2": {Entities: []model.ExtractedEntity{ent("orders service", TypeArtifact), ent("MySQL 8", TypeArtifact), ent("Postgres 16", TypeArtifact)},
			Relations: []model.ExtractedRelation{{Subject: "orders service", EntityNames: model.EntityNames{SubjectName: "orders"}, Relation: "uses", Object: "MySQL 8", Replaces: "Postgres 16", ReplacedPhrase: " instead of Postgres 16",
				Change: true, Evidence: "Noted, the orders service now uses MySQL 8 instead of Postgres 16."}}},
	}
}
