package hierpath

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"reflect"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/memarena/memarena/internal/backends"
	"github.com/memarena/memarena/internal/embed"
	"github.com/memarena/memarena/internal/model"
	"github.com/memarena/memarena/internal/textutil"
	"github.com/memarena/memarena/internal/tokenizer"
	"github.com/memarena/memarena/scenarios"
	"github.com/memarena/memarena/strategies"
)

func testEnv(mode string) strategies.Env {
	tok := tokenizer.MustDefault()
	return strategies.Env{Model: model.NewMeter(backends.OfflineClient(tok)), Embedder: embed.NewHashing(256), Tokenizer: tok, Extraction: mode}
}

func build(t testing.TB, env strategies.Env, raw map[string]any) *HierPath {
	t.Helper()
	s, err := strategies.Build(Name, raw, env)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s.(*HierPath)
}

var day0 = time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)

type tt struct {
	role, text string
	gold       *scenarios.Gold
}

func path(goal, sub, node, outcome string) *scenarios.Gold {
	return &scenarios.Gold{Path: &scenarios.GoldPath{Goal: goal, Subtask: sub, Node: node, Outcome: outcome}}
}

// feed ingests one session of turns (ids "<sess>-tNN", one minute apart,
// starting dayOffset days after day0) and ends it.
func feed(t testing.TB, h *HierPath, sess string, dayOffset int, task string, turns []tt) time.Time {
	t.Helper()
	ctx := context.Background()
	start := day0.AddDate(0, 0, dayOffset)
	var ids []string
	var last time.Time
	for i, x := range turns {
		id := sess + "-t" + string(rune('0'+i/10)) + string(rune('0'+i%10))
		last = start.Add(time.Duration(i) * time.Minute)
		tr := strategies.Turn{ID: id, SessionID: sess, Index: i, Role: x.role, Speaker: x.role, Text: x.text, Time: last,
			SessionStart: start, Task: task}
		if h.oracle() {
			tr.Gold = x.gold
		}
		if err := h.Ingest(ctx, tr); err != nil {
			t.Fatalf("ingest %s: %v", id, err)
		}
		ids = append(ids, id)
	}
	if err := h.EndSession(ctx, strategies.SessionInfo{ID: sess, Start: start, End: last, Task: task, TurnIDs: ids}); err != nil {
		t.Fatal(err)
	}
	return last
}

func retrieve(t testing.TB, h *HierPath, q string, asked time.Time, budget int) strategies.Recall {
	t.Helper()
	r, err := h.Retrieve(context.Background(), strategies.Query{Question: q, AskedAt: asked, Budget: budget, K: 10})
	if err != nil {
		t.Fatal(err)
	}
	if n := h.env.Tokenizer.Count(r.Context); n > budget {
		t.Fatalf("context of %d tokens over budget %d", n, budget)
	}
	return r
}

func currentShows(r strategies.Recall, fact string) bool {
	for _, it := range r.Items {
		if it.Status == strategies.StatusCurrent && textutil.ContainsAll(it.Text, fact) {
			return true
		}
	}
	return false
}

var dbSession = []tt{
	{"user", "We need a database for the orders service. The team knows Postgres well.", path("orders-db", "choose-db", "observation", "")},
	{"assistant", "We decided to use Postgres 16 for orders, pool default MaxConns 20.", path("orders-db", "choose-db", "decision", "success")},
	{"user", "Let me try the default pool size with a load test.", path("orders-db", "tune-pool", "action", "")},
	{"tool", "Load test failed: pool exhausted after 30 seconds.", path("orders-db", "tune-pool", "observation", "failure")},
	{"user", "Great, thanks! How was your weekend?", nil},
}

func TestOracleHierarchyFromGold(t *testing.T) {
	h := build(t, testEnv(strategies.ExtractOracle), nil)
	feed(t, h, "s1", 0, "Set up the orders database", dbSession)
	g := h.Graph()
	// goal 1, subtask choose-db 2, t00 3, t01 4, subtask tune-pool 5, t02 6,
	// t03 7 (result under t02), reflection 8, notes 9, t04 10, summaries 11, 12.
	type row struct {
		kind, label, outcome string
		level                int
		parent               int64
		turns                []string
	}
	want := map[int64]row{
		1:  {NodeGoal, "orders-db", "", 0, 0, []string{}},
		2:  {NodeSubtask, "choose-db", "", 1, 1, []string{"s1-t00"}},
		3:  {NodeObservation, "", "", 2, 2, []string{"s1-t00"}},
		4:  {NodeDecision, "", OutcomeSuccess, 2, 2, []string{"s1-t01"}},
		5:  {NodeSubtask, "tune-pool", "", 1, 1, []string{"s1-t02"}},
		6:  {NodeAction, "", OutcomeFailure, 2, 5, []string{"s1-t02"}},
		7:  {NodeObservation, "", OutcomeFailure, 3, 6, []string{"s1-t03"}},
		8:  {NodeReflection, "", "", 4, 7, []string{"s1-t02", "s1-t03"}},
		9:  {NodeSubtask, "notes-s1", "", 1, 1, []string{}},
		10: {NodeObservation, "", "", 2, 9, []string{"s1-t04"}},
		11: {NodeSummary, "", "", 2, 2, []string{"s1-t00", "s1-t01"}},
		12: {NodeSummary, "", "", 2, 5, []string{"s1-t02", "s1-t03"}},
	}
	if g.Len() != len(want) {
		t.Fatalf("%d nodes, want %d", g.Len(), len(want))
	}
	for id, w := range want {
		n, _ := g.Node(id)
		got := row{n.Kind, n.Label, n.Outcome, n.Level, n.Parent, n.TurnIDs}
		if !reflect.DeepEqual(got, w) {
			t.Errorf("node %d = %+v, want %+v", id, got, w)
		}
	}
	// The failure was turned into a reflection after the failed action.
	n8, _ := g.Node(8)
	if !strings.HasPrefix(n8.Content, "Lesson: tried Let me try the default pool size with a load test; it failed: Load test failed") {
		t.Errorf("reflection = %q", n8.Content)
	}
	// Only the successful subtask is in the fast lane.
	if len(h.fastPaths) != 1 {
		t.Fatalf("fast lane = %v", h.fastPaths)
	}
	if _, ok := h.fastPaths["f1-2-11"]; !ok {
		t.Fatalf("fast lane keys = %v", h.fastPaths)
	}
	// Small talk stays retrievable.
	r := retrieve(t, h, "How was the weekend?", day0.Add(time.Hour), 400)
	found := false
	for _, it := range r.Items {
		if reflect.DeepEqual(it.TurnIDs, []string{"s1-t04"}) {
			found = true
		}
	}
	if !found {
		t.Errorf("small talk not retrievable: %q", r.Context)
	}
}

func TestPathScoreTermsAndOrdering(t *testing.T) {
	if PathScore(1, 1, 1, 1) != 1 || PathScore(0, 0, 0, 0) != 0 {
		t.Fatal("PathScore range")
	}
	if got := PathScore(0.5, 0.75, 0.5, 0.5); math.Abs(got-(0.4*0.5+0.3*0.75+0.1*0.5+0.2*0.5)) > 1e-12 {
		t.Fatalf("PathScore = %v", got)
	}
	// A complete, successful path beats an incomplete one of equal
	// similarity; similarity beats recency.
	if !(PathScore(0.8, 1, 0.5, 1) > PathScore(0.8, 0.75, 0.5, 1)) || !(PathScore(1, 1, 0, 0.5) > PathScore(0.7, 1, 1, 0.5)) {
		t.Fatal("ordering")
	}
	h := build(t, testEnv(strategies.ExtractOracle), map[string]any{"half_life": "240h"})
	last := feed(t, h, "s1", 0, "Set up the orders database", dbSession)
	asked := last.Add(240 * time.Hour)
	qv, _ := h.embed(context.Background(), "Which database did we decide to use for the orders service?")
	ranked, err := h.Localize(context.Background(), qv, asked)
	if err != nil {
		t.Fatal(err)
	}
	byKey := map[string]ScoredPath{}
	for i, p := range ranked {
		if p.Score != PathScore(p.Sim, p.Complete, p.Recency, p.Success) {
			t.Fatalf("score of %v is not PathScore of its terms", p.IDs)
		}
		if i > 0 && ranked[i-1].Score < p.Score {
			t.Fatalf("not sorted at %d", i)
		}
		byKey[pathKey(p.IDs)] = p
	}
	if ranked[0].Sim != 1 {
		t.Fatalf("best similarity term = %v, want 1", ranked[0].Sim)
	}
	// Exact terms of known paths.
	type terms struct{ complete, recency, success float64 }
	decay := func(latest time.Time) float64 { return strategies.Decay(asked.Sub(latest), 240*time.Hour) }
	at := func(min int) time.Time { return day0.Add(time.Duration(min) * time.Minute) }
	// Recency decays from the newest node on the path (turn s1-tNN was said
	// at minute NN).
	want := map[string]terms{
		"1-2-3":     {0.75, decay(at(0)), 1}, // goal → choose-db → observation
		"1-2-4":     {1, decay(at(1)), 1},    // the successful decision
		"1-2-11":    {1, decay(at(1)), 1},    // summary of a successful stage
		"1-5-6-7-8": {1, decay(at(3)), 0},    // failed attempt and its reflection
		"1-9-10":    {0.75, 0.5, 0.5},        // notes: newest node at `last`, one half-life ago
	}
	checked := 0
	for k, w := range want {
		p, ok := byKey[k]
		if !ok {
			continue // not every path is a candidate for this query
		}
		checked++
		if p.Complete != w.complete || math.Abs(p.Recency-w.recency) > 1e-12 || p.Success != w.success {
			t.Errorf("path %s terms = (%v, %v, %v), want %+v", k, p.Complete, p.Recency, p.Success, w)
		}
	}
	if checked < 4 {
		t.Errorf("only %d of the known paths were candidates: %v", checked, keysOf(byKey))
	}
	for _, k := range []string{"1-2-4", "1-2-11"} {
		if _, ok := byKey[k]; !ok {
			t.Errorf("path %s missing from %v", k, keysOf(byKey))
		}
	}
	// The successful decision path outranks the failed attempt.
	if byKey["1-2-4"].Score <= byKey["1-5-6-7-8"].Score {
		t.Errorf("decision %.3f vs failed attempt %.3f", byKey["1-2-4"].Score, byKey["1-5-6-7-8"].Score)
	}
}

func keysOf(m map[string]ScoredPath) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func TestSelectPathsRedundancy(t *testing.T) {
	h := build(t, testEnv(strategies.ExtractOracle), nil)
	feed(t, h, "s1", 0, "Set up the orders database", dbSession)
	ranked := []ScoredPath{
		{IDs: []int64{1, 2, 4}, Score: 0.90},       // turns s1-t01
		{IDs: []int64{1, 2, 11}, Score: 0.85},      // summary: s1-t00, s1-t01 (half covered → 0.85 − 0.1)
		{IDs: []int64{1, 5, 6, 7, 8}, Score: 0.80}, // new turns
		{IDs: []int64{1, 2, 3}, Score: 0.79},       // s1-t00
	}
	got := h.selectPaths(ranked, 3)
	var keys []string
	for _, p := range got {
		keys = append(keys, pathKey(p.IDs))
	}
	// After 1-2-4: 1-2-11 → 0.75, 1-5-6-7-8 → 0.80, 1-2-3 → 0.79: pick 1-5-….
	// Then: 1-2-11 → 0.75, 1-2-3 → 0.79: pick 1-2-3.
	if want := []string{"1-2-4", "1-5-6-7-8", "1-2-3"}; !reflect.DeepEqual(keys, want) {
		t.Fatalf("selected %v, want %v", keys, want)
	}
}

func TestSubtreeFirstSearch(t *testing.T) {
	h := build(t, testEnv(strategies.ExtractOracle), nil)
	feed(t, h, "s1", 0, "Plan the Kyoto trip", []tt{
		{"user", "Book the Kyoto ryokan near Gion for April.", path("kyoto", "ryokan", "action", "")},
		{"user", "Kyoto temples: Fushimi Inari early morning.", path("kyoto", "temples", "observation", "")},
		{"user", "Kyoto food: Nishiki Market lunch.", path("kyoto", "food", "observation", "")},
	})
	feed(t, h, "s2", 1, "Fix the orders API", []tt{
		{"user", "The orders API pool leaks connections under load.", path("orders", "pool-leak", "observation", "")},
		{"user", "Keyset pagination for the orders list endpoint.", path("orders", "pagination", "decision", "")},
	})
	feed(t, h, "s3", 2, "Garden", []tt{
		{"user", "Tomatoes need watering twice a week.", path("garden", "tomatoes", "observation", "")},
	})
	qv, _ := h.embed(context.Background(), "Kyoto ryokan temples food market")
	got, err := h.subtreeFirst(context.Background(), qv)
	if err != nil {
		t.Fatal(err)
	}
	// The three Kyoto subtasks win the subtask round; their steps are the
	// picks (each subtask holds one step plus its summary).
	var kinds []string
	for _, id := range got {
		n, _ := h.Graph().Node(id)
		if h.goalOf(id) != h.goals["kyoto"] {
			t.Fatalf("node %d (%s) is outside the Kyoto goal", id, n.Content)
		}
		kinds = append(kinds, n.Kind)
	}
	sort.Strings(kinds)
	if want := []string{"action", "observation", "observation", "summary", "summary", "summary"}; !reflect.DeepEqual(kinds, want) {
		t.Fatalf("picked kinds %v, want %v", kinds, want)
	}
}

func TestFastLaneMatchesWholePath(t *testing.T) {
	h := build(t, testEnv(strategies.ExtractOracle), nil)
	feed(t, h, "s1", 0, "Set up the orders database", dbSession)
	e := h.fastPaths["f1-2-11"]
	if !h.fastValid(e) {
		t.Fatal("fresh entry must be valid")
	}
	qv, _ := h.embed(context.Background(), "orders-db choose db database orders service team knows Postgres decided Postgres 16 MaxConns")
	ranked, _ := h.Localize(context.Background(), qv, day0)
	var fast *ScoredPath
	for i := range ranked {
		if pathKey(ranked[i].IDs) == "1-2-11" {
			fast = &ranked[i]
		}
	}
	if fast == nil || !fast.Fast {
		t.Fatalf("fast-lane path not matched: %+v", ranked)
	}
	// A rewrite of a node on the path invalidates the entry until the next
	// session end re-registers it.
	if err := h.Graph().UpdateContent(context.Background(), 11, "changed summary", nil, day0.Add(time.Hour), "test", ""); err != nil {
		t.Fatal(err)
	}
	if h.fastValid(e) {
		t.Fatal("entry must be invalid after a rewrite")
	}
}

func TestKnowledgeUpdateRewrite(t *testing.T) {
	for _, mode := range []string{strategies.ExtractModel, strategies.ExtractOracle} {
		t.Run(mode, func(t *testing.T) {
			h := build(t, testEnv(mode), nil)
			feed(t, h, "s1", 0, "Set up the orders database", dbSession)
			upd := &scenarios.Gold{Path: &scenarios.GoldPath{Goal: "orders-db", Subtask: "tune-pool", Node: "decision"},
				Triplets: []scenarios.GoldTriplet{{Subject: "pgxpool", Relation: "status", Object: "maxconns 15"}}}
			// Oracle needs the earlier triplet too.
			h.lastObj["pgxpool|status"] = []string{"maxconns 20"}
			last := feed(t, h, "s2", 7, "Fix the pool", []tt{
				{"assistant", "Fix: set MaxConns 15 (down from 20) and close rows after every query.", upd},
			})
			g := h.Graph()
			n4, _ := g.Node(4)
			if n4.Content != "We decided to use Postgres 16 for orders, pool default MaxConns 15." {
				t.Fatalf("decision not rewritten: %q", n4.Content)
			}
			if n4.Version != 2 || !reflect.DeepEqual(n4.TurnIDs, []string{"s1-t01", "s2-t00"}) {
				t.Fatalf("rewritten node: v%d %v", n4.Version, n4.TurnIDs)
			}
			vs, _ := g.Versions(context.Background(), 4)
			if vs[0].Content != "We decided to use Postgres 16 for orders, pool default MaxConns 20." {
				t.Fatalf("old version lost: %+v", vs[0])
			}
			log, _ := g.Audit(context.Background())
			var entry *AuditEntry
			for i, e := range log {
				if e.Op == OpUpdate && e.Node == 4 {
					entry = &log[i]
				}
			}
			if entry == nil || entry.Turn != "s2-t00" || !entry.At.Equal(last) || entry.Before[0].Version != 1 || entry.After[0].Version != 2 ||
				!strings.Contains(entry.Why, `15"`) {
				t.Fatalf("audit = %+v", log)
			}
			// The summary of the stage says the new value too.
			sum, _ := g.Node(h.summaries[h.subtaskOf(4)])
			if !strings.Contains(sum.Content, "MaxConns 15") || strings.Contains(sum.Content, "MaxConns 20") {
				t.Fatalf("summary = %q", sum.Content)
			}
			// Current items show the new value only; a history question
			// also gets the old one, marked superseded.
			r := retrieve(t, h, "Which database and pool MaxConns did we decide for orders?", last.Add(time.Hour), 600)
			if !currentShows(r, "MaxConns 15") {
				t.Fatalf("new value not shown:\n%s", r.Context)
			}
			for _, it := range r.Items {
				if it.Status == strategies.StatusCurrent && strings.Contains(it.Text, "MaxConns 20") && !strings.Contains(it.Text, "down from 20") {
					t.Fatalf("stale value shown as current: %q", it.Text)
				}
			}
			// A question about the current state gives paths with the
			// rewritten node a bonus (and only those).
			qv, _ := h.embed(context.Background(), "What pool MaxConns do we use now?")
			ranked, _ := h.Localize(context.Background(), qv, last.Add(time.Hour))
			h.preferRevised(ranked)
			bonus := 0
			for i, p := range ranked {
				base := PathScore(p.Sim, p.Complete, p.Recency, p.Success)
				switch {
				case h.hasRevised(p) && math.Abs(p.Score-base-currentBonus) < 1e-12:
					bonus++
				case !h.hasRevised(p) && p.Score != base:
					t.Fatalf("path %v got a bonus", p.IDs)
				}
				if i > 0 && ranked[i-1].Score < p.Score {
					t.Fatal("not re-sorted")
				}
			}
			if bonus == 0 {
				t.Fatal("no revised path among the candidates")
			}
			r = retrieve(t, h, "What MaxConns did we pick at first for the orders database?", last.Add(time.Hour), 900)
			sup := false
			for _, it := range r.Items {
				if it.Status == strategies.StatusSuperseded && strings.Contains(it.Text, "MaxConns 20") {
					sup = true
					if !strings.Contains(r.Context, "(superseded) earlier") {
						t.Fatal("superseded line not marked")
					}
				}
			}
			if !sup {
				t.Fatalf("history question without the superseded version:\n%s", r.Context)
			}
		})
	}
}

func TestRevertRollsBackByVersion(t *testing.T) {
	h := build(t, testEnv(strategies.ExtractModel), nil)
	feed(t, h, "s1", 0, "Set up the orders database", []tt{
		{"assistant", "We decided to use Postgres 16 for the orders service.", nil},
	})
	feed(t, h, "s2", 1, "Set up the orders database", []tt{
		{"user", "Noted, the orders service now uses MySQL 8 instead of Postgres 16.", nil},
	})
	id := h.steps[h.subOrder[h.goals[h.defaultGoal(strategies.Turn{Task: "Set up the orders database"})]][0]][0]
	if n, _ := h.Graph().Node(id); !strings.Contains(n.Content, "MySQL 8") || n.Version != 2 {
		t.Fatalf("after the update: %+v", n)
	}
	feed(t, h, "s3", 2, "Set up the orders database", []tt{
		{"user", "Actually, let's go back to Postgres 16.", nil},
	})
	n, _ := h.Graph().Node(id)
	if n.Content != "We decided to use Postgres 16 for the orders service." || n.Version != 3 {
		t.Fatalf("after the revert: v%d %q", n.Version, n.Content)
	}
	log, _ := h.Graph().Audit(context.Background())
	found := false
	for _, e := range log {
		if e.Op == OpRollback && e.Node == id && e.After[0].Version == 3 {
			found = true
		}
	}
	if !found {
		t.Fatalf("no rollback in the audit log: %+v", log)
	}
}

// failingClient fails every request for good.
type failingClient struct{}

func (failingClient) Complete(_ context.Context, req model.Request) (model.Response, error) {
	return model.Response{}, &model.FailedError{Kind: req.Kind, Cause: errors.New("backend down")}
}
func (failingClient) Name() string { return "failing" }

func TestModelFailuresAreCountedNotFatal(t *testing.T) {
	env := testEnv(strategies.ExtractModel)
	env.Model = failingClient{}
	h := build(t, env, nil)
	feed(t, h, "s1", 0, "Set up the orders database", dbSession)
	// Every placement, the reflection and the summaries failed; all turns
	// are still stored (as notes) and retrievable.
	if h.ExtractionFailures() != 5 {
		t.Fatalf("failures = %d, want 5", h.ExtractionFailures())
	}
	r := retrieve(t, h, "Which Postgres version did we decide on?", day0.Add(time.Hour), 500)
	if !strings.Contains(r.Context, "Postgres 16") {
		t.Fatalf("turn lost after failures:\n%s", r.Context)
	}
}

func TestBadInputAndBudget(t *testing.T) {
	h := build(t, testEnv(strategies.ExtractModel), nil)
	ctx := context.Background()
	for _, tr := range []strategies.Turn{
		{SessionID: "s1", Text: "x", Time: day0},
		{ID: "a", SessionID: "s1", Text: "  ", Time: day0},
		{ID: "a", SessionID: "s1", Text: "x"},
	} {
		if err := h.Ingest(ctx, tr); err == nil {
			t.Errorf("Ingest(%+v) must fail", tr)
		}
	}
	if r := retrieve(t, h, "anything", day0, 100); len(r.Items) != 0 {
		t.Fatal("empty memory must return nothing")
	}
	feed(t, h, "s1", 0, "Set up the orders database", dbSession)
	if r := retrieve(t, h, "", day0, 100); len(r.Items) != 0 {
		t.Fatal("empty question")
	}
	if r, _ := h.Retrieve(ctx, strategies.Query{Question: "database", Budget: 0}); len(r.Items) != 0 {
		t.Fatal("zero budget")
	}
	// A tight budget falls back to compact lines and never overruns.
	for _, b := range []int{20, 60, 120, 400} {
		r := retrieve(t, h, "Which database did we pick?", day0.Add(time.Hour), b)
		for _, it := range r.Items {
			if !strings.Contains(r.Context, strings.Join(it.TurnIDs, ",")) {
				t.Fatalf("item %s not in the context", it.ID)
			}
		}
	}
	if _, err := strategies.Build(Name, map[string]any{"paths": 4}, testEnv(strategies.ExtractModel)); err == nil {
		t.Fatal("paths > 3 must be refused")
	}
	if _, err := New(strategies.Env{}, Config{Paths: 1, Candidates: 1, Fanout: 1, SummaryWords: 10}); err == nil {
		t.Fatal("missing env must be refused")
	}
}

func TestRenderedNarrative(t *testing.T) {
	h := build(t, testEnv(strategies.ExtractOracle), nil)
	feed(t, h, "s1", 0, "Set up the orders database", dbSession)
	v := h.pathItem(ScoredPath{IDs: []int64{1, 5, 6, 7, 8}})
	n8, _ := h.Graph().Node(8)
	wantText := "Goal: orders-db: Set up the orders database → stage: tune pool → failed action: Let me try the default pool size with a load test. → failed result: Load test failed: pool exhausted after 30 seconds. → reflection: " + n8.Content
	if v.item.Text != wantText {
		t.Fatalf("text:\n got %q\nwant %q", v.item.Text, wantText)
	}
	wantLine := "[2026-03-02 s1-t02,s1-t03 · Goal: orders-db: Set up the orders database → stage: tune pool] failed action: Let me try the default pool size with a load test. → failed result: Load test failed: pool exhausted after 30 seconds. → reflection: " + n8.Content
	if v.full != wantLine {
		t.Fatalf("line:\n got %q\nwant %q", v.full, wantLine)
	}
	if !reflect.DeepEqual(v.item.TurnIDs, []string{"s1-t02", "s1-t03"}) || v.item.Kind != strategies.KindPath {
		t.Fatalf("item = %+v", v.item)
	}
}

func TestDeterministic(t *testing.T) {
	run := func() string {
		h := build(t, testEnv(strategies.ExtractModel), nil)
		feed(t, h, "s1", 0, "Set up the orders database", dbSession)
		feed(t, h, "s2", 3, "Fix the pool", []tt{{"assistant", "Set MaxConns 15 (down from 20).", nil}})
		r := retrieve(t, h, "Which database and pool size?", day0.AddDate(0, 0, 4), 800)
		log, _ := h.Graph().Audit(context.Background())
		return r.Context + "\n" + strings.Repeat("x", len(log))
	}
	if a, b := run(), run(); a != b {
		t.Fatalf("two runs differ:\n%s\n---\n%s", a, b)
	}
}

func TestUpdateReplacesSubtreeWithStaleResults(t *testing.T) {
	h := build(t, testEnv(strategies.ExtractModel), nil)
	feed(t, h, "s1", 0, "Migrate the orders table", []tt{
		{"user", "Let me migrate the orders table to Postgres 16 tonight.", nil},
		{"tool", "PASS ok migration to Postgres 16 finished in 42 s", nil},
	})
	g := h.Graph()
	action, result := int64(3), int64(4)
	if n, _ := g.Node(result); n.Parent != action || n.Outcome != OutcomeSuccess {
		t.Fatalf("result not under the action: %+v", n)
	}
	last := feed(t, h, "s2", 1, "Migrate the orders table", []tt{
		{"user", "Noted, orders now use MySQL 8 instead of Postgres 16.", nil},
	})
	for _, id := range []int64{action, result} {
		if n, _ := g.Node(id); n.Status != StatusSuperseded {
			t.Fatalf("node %d is %s, want superseded", id, n.Status)
		}
	}
	// The replacement: the action's words with the new value, no results
	// (the old outcome was evidence about Postgres 16, not MySQL 8).
	rev, _ := g.Incoming(context.Background(), action, EdgeRevises)
	if len(rev) != 1 {
		t.Fatalf("revises edges into the old action: %v", rev)
	}
	n, _ := g.Node(rev[0].Src)
	if n.Content != "Let me migrate the orders table to MySQL 8 tonight." || n.Outcome != "" || n.Parent != 2 ||
		!reflect.DeepEqual(n.TurnIDs, []string{"s1-t00", "s2-t00"}) {
		t.Fatalf("replacement = %+v", n)
	}
	if kids, _ := g.Children(context.Background(), n.ID); len(kids) != 0 {
		t.Fatalf("replacement has children %v", kids)
	}
	log, _ := g.Audit(context.Background())
	var e *AuditEntry
	for i := range log {
		if log[i].Op == OpReplace {
			e = &log[i]
		}
	}
	if e == nil || e.Node != action || len(e.Before) != 2 || len(e.After) != 3 || !e.At.Equal(last) {
		t.Fatalf("replace audit = %+v", e)
	}
	// History questions see the old subtree as superseded.
	r := retrieve(t, h, "Which database did we migrate the orders table to before?", last.Add(time.Hour), 800)
	sup := 0
	for _, it := range r.Items {
		if it.Status == strategies.StatusSuperseded && strings.Contains(it.Text, "Postgres 16") {
			sup++
		}
	}
	if sup == 0 {
		t.Fatalf("no superseded history:\n%s", r.Context)
	}
}

// scriptedClient plays a model that labels subtasks its own way: it answers
// locate-path requests with the next scripted placement and every other
// request with the offline reply.
type scriptedClient struct {
	inner model.Client
	place []Placement
}

func (c *scriptedClient) Complete(ctx context.Context, req model.Request) (model.Response, error) {
	if req.Kind == model.KindLocatePath && len(c.place) > 0 {
		p := c.place[0]
		c.place = c.place[1:]
		b, err := json.Marshal(p)
		if err != nil {
			return model.Response{}, err
		}
		return model.Response{Text: string(b), Model: "scripted", Usage: model.Usage{Requests: 1}}, nil
	}
	return c.inner.Complete(ctx, req)
}
func (c *scriptedClient) Name() string { return "scripted" }

func TestSessionEndMergesDuplicateSubtasks(t *testing.T) {
	env := testEnv(strategies.ExtractModel)
	env.Model = &scriptedClient{inner: env.Model, place: []Placement{
		{Goal: "cache", Subtask: "cache-ttl", Node: NodeObservation},
		{Goal: "cache", Subtask: "cache-ttl", Node: NodeDecision},
		{Goal: "cache", Subtask: "redis-ttl", Node: NodeObservation},
		{Goal: "cache", Subtask: "redis-ttl", Node: NodeDecision},
	}}
	h := build(t, env, nil)
	last := feed(t, h, "s1", 0, "Tune the product cache", []tt{
		{"user", "The Redis product cache TTL is 5 minutes for product lookups.", nil},
		{"assistant", "We decided the Redis product cache TTL stays 5 minutes for product lookups.", nil},
		{"user", "The Redis product cache TTL of 5 minutes for product lookups, again.", nil},
		{"assistant", "We decided: Redis product cache TTL 5 minutes for product lookups.", nil},
	})
	g := h.Graph()
	keep, dup := h.subtasks[fmt.Sprint(1, "/cache-ttl")], int64(5)
	if n, _ := g.Node(dup); n.Label != "redis-ttl" || n.Status != StatusMerged {
		t.Fatalf("duplicate subtask = %+v", n)
	}
	kids, _ := g.Children(context.Background(), keep)
	var steps []int64
	for _, k := range kids {
		if n, _ := g.Node(k); n.Kind != NodeSummary {
			steps = append(steps, k)
		}
	}
	if !reflect.DeepEqual(steps, []int64{3, 4, 6, 7}) {
		t.Fatalf("steps of the kept subtask = %v (children %v)", steps, kids)
	}
	log, _ := g.Audit(context.Background())
	var merges []AuditEntry
	for _, e := range log {
		if e.Op == OpMerge {
			merges = append(merges, e)
		}
	}
	if len(merges) != 1 || merges[0].Node != keep || !merges[0].At.Equal(last) || !strings.Contains(merges[0].Why, `duplicate subtask "redis-ttl" of "cache-ttl"`) {
		t.Fatalf("merge audit = %+v", merges)
	}
	// One summary for the merged stage, covering all four turns.
	sum, _ := g.Node(h.summaries[keep])
	if !reflect.DeepEqual(sum.TurnIDs, []string{"s1-t00", "s1-t01", "s1-t02", "s1-t03"}) || sum.Parent != keep {
		t.Fatalf("summary = %+v", sum)
	}
}

// TestControlCharactersInText checks that a NUL byte in a turn (which
// SQLite's length() would cut short) does not fail ingestion.
func TestControlCharactersInText(t *testing.T) {
	for _, mode := range []string{strategies.ExtractModel, strategies.ExtractOracle} {
		h := build(t, testEnv(mode), nil)
		feed(t, h, "s1", 0, "pick a database", []tt{{"user", "we use\x00 Postgres 16\x07 for orders", nil}})
		r := retrieve(t, h, "Which database do orders use?", day0.Add(time.Hour), 512)
		if !strings.Contains(r.Context, "Postgres 16") {
			t.Fatalf("%s: context %q", mode, r.Context)
		}
	}
}
