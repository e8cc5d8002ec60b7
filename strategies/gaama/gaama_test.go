package gaama

import (
	"context"
	"errors"
	"fmt"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/memarena/memarena/internal/model"
	"github.com/memarena/memarena/internal/tokenizer"
	"github.com/memarena/memarena/scenarios"
	"github.com/memarena/memarena/strategies"
)

// dbHistory is a two-session history with one knowledge update.
func dbHistory() []strategies.Turn {
	return []strategies.Turn{
		turn("s1-t1", "s1", 0, 0, "user", "We need a database for the orders service. I prefer Postgres because the team knows it."),
		turn("s1-t2", "s1", 0, 1, "assistant", "We decided to use Postgres 16 for orders, because the team knows it well."),
		turn("s1-t3", "s1", 0, 2, "user", "Great, thanks! How was your weekend?"),
		turn("s2-t1", "s2", 7, 0, "user", "Change of plan since last Monday, we moved orders to MySQL 8 after the vendor review."),
		turn("s2-t2", "s2", 7, 1, "assistant", "Noted, the orders service now uses MySQL 8 instead of Postgres 16."),
	}
}

func ingestAll(t testing.TB, g *Gaama, turns []strategies.Turn) {
	t.Helper()
	ctx := context.Background()
	for i, tt := range turns {
		if err := g.Ingest(ctx, tt); err != nil {
			t.Fatal(err)
		}
		if i == len(turns)-1 || turns[i+1].SessionID != tt.SessionID {
			if err := g.EndSession(ctx, strategies.SessionInfo{ID: tt.SessionID}); err != nil {
				t.Fatal(err)
			}
		}
	}
}

func retrieve(t testing.TB, g *Gaama, q string, budget int) strategies.Recall {
	t.Helper()
	r, err := g.Retrieve(context.Background(), strategies.Query{ID: "q", Question: q, Budget: budget, K: 10})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func summary(items []strategies.Item) []string {
	var out []string
	for _, it := range items {
		s := it.Kind + " " + strings.Join(it.TurnIDs, ",")
		if it.Status != "" {
			s += " " + it.Status
		}
		out = append(out, s)
	}
	return out
}

func TestRegistryAndParams(t *testing.T) {
	g := newTest(t, strategies.ExtractModel, nil)
	if g.cfg != DefaultConfig {
		t.Fatalf("defaults = %+v", g.cfg)
	}
	for _, raw := range []map[string]any{{"rrf_k": -1.0}, {"max_hops": 4}, {"max_items": 0}, {"vector_k": 0}} {
		if _, err := strategies.Build(Name, raw, testEnv(strategies.ExtractModel)); err == nil {
			t.Errorf("Build(%v) accepted", raw)
		}
	}
	_, err := strategies.Build(Name, map[string]any{"rrfk": 10.0}, testEnv(strategies.ExtractModel))
	if err == nil || !strings.Contains(err.Error(), `did you mean "rrf_k"`) {
		t.Fatalf("want did-you-mean, got %v", err)
	}
	env := testEnv(strategies.ExtractModel)
	env.Model = nil
	if _, err := New(env, DefaultConfig); err == nil {
		t.Fatal("model extraction without a model client must fail")
	}
	env.Extraction = strategies.ExtractOracle
	if _, err := New(env, DefaultConfig); err != nil {
		t.Fatalf("oracle extraction needs no model: %v", err)
	}
	env.Embedder = nil
	if _, err := New(env, DefaultConfig); err == nil {
		t.Fatal("missing embedder must fail")
	}
}

// graphEqual gives the graph list the weight it has against the episodes
// in plain reciprocal rank fusion, before the route's factor: the tests of
// routing, traversal and knowledge updates look at the graph's own ranking.
var graphEqual = map[string]any{"graph_weight": 1.0}

// TestKnowledgeUpdateEndToEnd replays a knowledge update with scripted
// extract-graph replies (dbReplies): the reply naming the replaced value
// supersedes the older edge, the current fact comes first and never
// presents the replaced value, and a history question (the offline model
// reads its focus) lifts the staleness factor.
func TestKnowledgeUpdateEndToEnd(t *testing.T) {
	g, c := newScripted(t, graphEqual, dbReplies())
	ingestAll(t, g, dbHistory())
	if c.calls != len(dbHistory()) {
		t.Fatalf("extract-graph requests = %d, want one per turn (%d)", c.calls, len(dbHistory()))
	}
	var keys []string
	for _, e := range g.Graph().Edges() {
		k := e.Key()
		if e.Superseded {
			k += " (superseded)"
		}
		keys = append(keys, k)
	}
	if want := []string{"user|prefers|postgres|", "orders|uses|postgres 16| (superseded)", "orders|uses|mysql 8|"}; !reflect.DeepEqual(keys, want) {
		t.Fatalf("edges = %q, want %q", keys, want)
	}
	r := retrieve(t, g, "Which database does the orders service use now?", 400)
	want := []string{"fact s2-t1,s2-t2", "fact s1-t2 superseded", "chunk s1-t1,s1-t2 superseded"}
	if got := summary(r.Items); !reflect.DeepEqual(got, want) {
		t.Fatalf("items = %q, want %q\n%s", got, want, r.Context)
	}
	// The current fact's evidence is redacted of the replaced value.
	if r.Items[0].Text != "orders uses MySQL 8. Noted, the orders service now uses MySQL 8." {
		t.Fatalf("first fact = %q", r.Items[0].Text)
	}
	if r.Items[1].Text != "orders uses Postgres 16." {
		t.Fatalf("superseded fact = %q", r.Items[1].Text)
	}
	for _, line := range strings.Split(r.Context, "\n") {
		if strings.Contains(line, "Postgres 16") && !strings.Contains(line, "(superseded)") {
			t.Errorf("current line names the stale value: %q", line)
		}
	}
	if !strings.HasPrefix(r.Context, FactsHeader+"\n") || !strings.Contains(r.Context, "\n"+BackgroundHeader+"\n") {
		t.Fatalf("sections missing:\n%s", r.Context)
	}
	if n := tokenizer.MustDefault().Count(r.Context); n > 400 {
		t.Fatalf("context %d tokens > budget", n)
	}
	// A history question keeps the superseded items' full score: exactly
	// 1/staleFactor times their score for a current-state question; the
	// current fact's score is unchanged.
	h := retrieve(t, g, "Which database did the orders service use before?", 400)
	if got := summary(h.Items); !reflect.DeepEqual(got, want) {
		t.Fatalf("history items = %q, want %q", got, want)
	}
	if h.Items[0].Score != r.Items[0].Score {
		t.Errorf("current fact score %v → %v", r.Items[0].Score, h.Items[0].Score)
	}
	for i := 1; i < 3; i++ {
		if math.Abs(h.Items[i].Score*staleFactor-r.Items[i].Score) > 1e-15 {
			t.Errorf("item %d: history score %v, current-state score %v; want ratio 1/%v", i, h.Items[i].Score, r.Items[i].Score, staleFactor)
		}
	}
}

func TestDeterministic(t *testing.T) {
	var ctxs []string
	for i := 0; i < 3; i++ {
		g := newTest(t, strategies.ExtractModel, nil)
		ingestAll(t, g, dbHistory())
		r := retrieve(t, g, "Why did we pick Postgres, and what replaced it?", 600)
		ctxs = append(ctxs, fmt.Sprintf("%v\n%s", summary(r.Items), r.Context))
	}
	if ctxs[0] != ctxs[1] || ctxs[1] != ctxs[2] {
		t.Fatalf("non-deterministic:\n%s\n---\n%s", ctxs[0], ctxs[1])
	}
}

func TestMultiHopThroughGraph(t *testing.T) {
	g := newTest(t, strategies.ExtractModel, graphEqual)
	ingestAll(t, g, []strategies.Turn{
		turn("a1", "s1", 0, 0, "user", "Priya owns the orders-db cluster."),
		turn("a2", "s1", 0, 1, "user", "Lunch was great today, the pasta place reopened."),
		turn("b1", "s2", 3, 0, "user", "The billing service depends on the orders-db cluster."),
		turn("b2", "s2", 3, 1, "assistant", "The weather in Lisbon is lovely this week."),
		turn("c1", "s3", 6, 0, "user", "Marco works on the billing service."),
	})
	r := retrieve(t, g, "Who owns the cluster that Marco's service depends on?", 500)
	// The three edges of the walk marco → billing service → orders-db
	// cluster ← priya lead (the graph's question), and every item cites a
	// turn of the walk: the distractor turns come only inside the episodes
	// of walk turns, never alone.
	got := summary(r.Items)
	if want := []string{"fact c1", "fact b1", "chunk b1,b2", "fact a1", "chunk a1,a2"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("items = %q, want %q\n%s", got, want, r.Context)
	}
}

func TestOracleModeUsesGold(t *testing.T) {
	g := newTest(t, strategies.ExtractOracle, nil)
	tt := turn("s1-t1", "s1", 0, 0, "user", "Morning! Stack is Go 1.25 and Postgres 16.")
	tt.Gold = &scenarios.Gold{Triplets: []scenarios.GoldTriplet{{Subject: "orders api go version", Relation: "status", Object: "go 1.25"}}}
	t2 := turn("s2-t1", "s2", 7, 0, "user", "I merged the Go 1.26 bump this morning.")
	t2.Gold = &scenarios.Gold{Triplets: []scenarios.GoldTriplet{{Subject: "orders api go version", Relation: "status", Object: "go 1.26"}}}
	ingestAll(t, g, []strategies.Turn{tt, t2})
	var edges []string
	for _, e := range g.Graph().Edges() {
		edges = append(edges, fmt.Sprintf("%s %v %v", g.Graph().Text(e), e.TurnIDs, e.Superseded))
	}
	// Only the gold triplets, displayed as written in the turns.
	want := []string{"orders api go version has status Go 1.25 [s1-t1] true", "orders api go version has status Go 1.26 [s2-t1] false"}
	if !reflect.DeepEqual(edges, want) {
		t.Fatalf("edges = %q", edges)
	}
	r := retrieve(t, g, "Which Go version is the orders API on now?", 300)
	if got := summary(r.Items); got[0] != "fact s2-t1" {
		t.Fatalf("items = %q\n%s", got, r.Context)
	}
	// The raw turn stating the old version is presented as superseded.
	for _, it := range r.Items {
		if it.Kind == strategies.KindTurn && it.TurnIDs[0] == "s1-t1" && it.Status != strategies.StatusSuperseded {
			t.Fatalf("stale turn presented as current: %+v", it)
		}
	}
}

// failingClient fails every request with err.
type failingClient struct{ err error }

func (f failingClient) Complete(context.Context, model.Request) (model.Response, error) {
	return model.Response{}, f.err
}
func (f failingClient) Name() string { return "failing" }

func TestExtractionFailureIsCounted(t *testing.T) {
	env := testEnv(strategies.ExtractModel)
	env.Model = failingClient{&model.FailedError{Kind: model.KindExtractGraph, Cause: errors.New("bad json")}}
	g, err := New(env, DefaultConfig)
	if err != nil {
		t.Fatal(err)
	}
	ingestAll(t, g, dbHistory()[:2])
	if g.ExtractionFailures() != 2 || g.Graph().NumEdges() != 0 {
		t.Fatalf("failures %d edges %d", g.ExtractionFailures(), g.Graph().NumEdges())
	}
	if r := retrieve(t, g, "Which database did we pick?", 300); len(r.Items) == 0 {
		t.Fatal("turns must stay retrievable from the vector store")
	}
	env.Model = failingClient{errors.New("template broken")}
	g, _ = New(env, DefaultConfig)
	if err := g.Ingest(context.Background(), dbHistory()[0]); err == nil {
		t.Fatal("a non-extraction error must be returned")
	}
}

func TestIngestAndRetrieveEdgeCases(t *testing.T) {
	g := newTest(t, strategies.ExtractModel, nil)
	ctx := context.Background()
	if err := g.Ingest(ctx, strategies.Turn{Text: "no id"}); err == nil {
		t.Fatal("a turn without id must fail")
	}
	ingestAll(t, g, dbHistory())
	if err := g.Ingest(ctx, dbHistory()[0]); err == nil {
		t.Fatal("a duplicate turn id must fail")
	}
	if r := retrieve(t, g, "Which database?", 0); len(r.Items) != 0 || r.Context != "" {
		t.Fatal("zero budget must give an empty recall")
	}
	if r := retrieve(t, g, "   ", 100); len(r.Items) != 0 {
		t.Fatal("an empty question must give an empty recall")
	}
	small := retrieve(t, g, "Which database does the orders service use now?", 60)
	if n := tokenizer.MustDefault().Count(small.Context); n > 60 || len(small.Items) == 0 {
		t.Fatalf("small budget: %d tokens, %d items", n, len(small.Items))
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if err := g.Ingest(cancelled, turn("x", "s3", 9, 0, "user", "late")); err == nil {
		t.Fatal("a cancelled context must fail")
	}
}

func TestLinkAndFootprint(t *testing.T) {
	g, _ := newScripted(t, nil, dbReplies())
	ingestAll(t, g, dbHistory())
	got := fmt.Sprint(g.Link("Which database does the orders service use now?", false))
	// "database" is no entity of the scripted replies; "orders" is.
	if want := "[{orders 1}]"; got != want {
		t.Fatalf("Link = %s, want %s", got, want)
	}
	if got := fmt.Sprint(g.Link("Why did I prefer Postgres?", true)); got != "[{postgres 1} {postgres 16 0.5} {user 0.5}]" {
		t.Fatalf("Link = %s", got)
	}
	fp := g.Footprint()
	if fp.Items != len(dbHistory())+g.Graph().NumEntities() || fp.Edges != g.Graph().NumEdges() || fp.Bytes <= 0 {
		t.Fatalf("footprint = %+v", fp)
	}
	if err := g.Close(); err != nil {
		t.Fatal(err)
	}
}

func TestSurface(t *testing.T) {
	text := "Quick status: I merged the Go 1.26 bump. Goal: gopher."
	for in, want := range map[string]string{"go 1.26": "Go 1.26", "go": "Go", "1.2": "1.2", "status": "status", "gopher": "gopher", "Zotero": "Zotero", "bump": "bump", "merged the": "merged the", "quick status": "Quick status"} {
		if got := surface(in, text); got != want {
			t.Errorf("surface(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestBuiltinScenariosInvariants replays every built-in scenario in both
// extraction modes and checks the retrieval contract on every probe: the
// context fits the budget, every item is in it, provenance names real turns
// and statuses are known.
func TestBuiltinScenariosInvariants(t *testing.T) {
	if testing.Short() {
		t.Skip("replays the built-in scenarios")
	}
	tok := tokenizer.MustDefault()
	for _, id := range scenarios.BuiltinNames() {
		sc, err := scenarios.Builtin(id)
		if err != nil {
			t.Fatal(err)
		}
		sc.FillDefaults()
		turns := sc.TurnIndex()
		for _, mode := range []string{strategies.ExtractModel, strategies.ExtractOracle} {
			g := replayAll(t, sc, mode)
			if g.Graph().NumEdges() == 0 || g.ExtractionFailures() != 0 {
				t.Fatalf("%s/%s: %d edges, %d failures", id, mode, g.Graph().NumEdges(), g.ExtractionFailures())
			}
			for _, p := range sc.Probes {
				r, err := g.Retrieve(context.Background(), strategies.Query{ID: p.ID, Question: p.Question, AskedAt: p.AskedAt.Time, Budget: 1024, K: 10})
				if err != nil {
					t.Fatal(err)
				}
				if n := tok.Count(r.Context); n > 1024 {
					t.Errorf("%s/%s/%s: %d tokens", id, mode, p.ID, n)
				}
				if len(r.Items) == 0 || len(r.Items) > DefaultConfig.MaxItems {
					t.Errorf("%s/%s/%s: %d items", id, mode, p.ID, len(r.Items))
				}
				for i, it := range r.Items {
					if !strings.Contains(r.Context, it.Text) || len(it.TurnIDs) == 0 {
						t.Errorf("%s/%s/%s: item %s not in context or without provenance", id, mode, p.ID, it.ID)
					}
					for _, tid := range it.TurnIDs {
						if _, ok := turns[tid]; !ok {
							t.Errorf("%s/%s/%s: unknown turn %s", id, mode, p.ID, tid)
						}
					}
					switch it.Status {
					case strategies.StatusCurrent, strategies.StatusSuperseded, strategies.StatusConditional:
					default:
						t.Errorf("status %q", it.Status)
					}
					if i > 0 && it.Score > r.Items[i-1].Score {
						t.Errorf("%s/%s/%s: scores rise at item %d", id, mode, p.ID, i)
					}
				}
			}
		}
	}
}
