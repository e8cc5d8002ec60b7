package prism

import (
	"context"
	"errors"
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/memarena/memarena/internal/backends"
	"github.com/memarena/memarena/internal/embed"
	"github.com/memarena/memarena/internal/model"
	"github.com/memarena/memarena/internal/tokenizer"
	"github.com/memarena/memarena/internal/vecstore"
	"github.com/memarena/memarena/scenarios"
	"github.com/memarena/memarena/strategies"
)

var day0 = time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)

func testEnv(extraction string) (strategies.Env, *model.Meter) {
	tok := tokenizer.MustDefault()
	m := model.NewMeter(backends.OfflineClient(tok))
	return strategies.Env{Model: m, Embedder: embed.NewHashing(256), Tokenizer: tok, Extraction: extraction}, m
}

func build(t *testing.T, raw map[string]any, env strategies.Env) *Prism {
	t.Helper()
	s, err := strategies.Build("prism", raw, env)
	if err != nil {
		t.Fatal(err)
	}
	return s.(*Prism)
}

// tr makes turn i of session sess on day d (09:0i), speaker by role.
func tr(sess string, i, d int, role, text, task string) strategies.Turn {
	sp := map[string]string{"user": "Dana", "assistant": "Assistant", "tool": "pytest"}[role]
	return strategies.Turn{ID: sess + "-" + string(rune('a'+i)), SessionID: sess, Index: i, Role: role, Speaker: sp, Text: text,
		Time: day0.Add(time.Duration(d)*24*time.Hour + time.Duration(i)*time.Minute), Task: task}
}

func ingestAll(t *testing.T, p *Prism, sessions ...[]strategies.Turn) {
	t.Helper()
	ctx := context.Background()
	for _, s := range sessions {
		for _, turn := range s {
			if err := p.Ingest(ctx, turn); err != nil {
				t.Fatal(err)
			}
		}
		if err := p.EndSession(ctx, strategies.SessionInfo{ID: s[0].SessionID}); err != nil {
			t.Fatal(err)
		}
	}
}

func TestDuplicateMerge(t *testing.T) {
	env, _ := testEnv("")
	s1 := []strategies.Turn{
		tr("s1", 0, 0, "user", "We use keyset pagination for the orders endpoint.", ""),
		// Same words, other speaker: cosine 0.8355 with the first (the
		// speaker name is embedded too).
		tr("s1", 1, 0, "assistant", "We use keyset pagination for the orders endpoint.", ""),
	}
	// Same content words as s1-a (stopwords and punctuation differ): cosine 1.
	s2 := []strategies.Turn{tr("s2", 0, 3, "user", "we use keyset pagination on the orders endpoint now!", "")}

	p := build(t, nil, env) // merge_threshold 0.9
	ingestAll(t, p, s1, s2)
	us := p.Units()
	if len(us) != 2 {
		t.Fatalf("%d units, want 2", len(us))
	}
	if want := []string{"s1-a", "s2-a"}; !reflect.DeepEqual(us[0].TurnIDs, want) {
		t.Fatalf("merged provenance %v, want %v", us[0].TurnIDs, want)
	}
	if !us[0].Time.Equal(s2[0].Time) || us[0].Action != "Dana: we use keyset pagination on the orders endpoint now!" || us[0].TaskID != "session-s2" {
		t.Fatalf("merged unit keeps the newer occurrence: %+v", us[0])
	}
	if !reflect.DeepEqual(us[1].TurnIDs, []string{"s1-b"}) {
		t.Fatalf("unit 1 provenance %v", us[1].TurnIDs)
	}
	if fp := p.Footprint(); fp.Items != 2 || fp.Edges != 1 {
		t.Fatalf("footprint %+v", fp)
	}

	// At 0.8 the other speaker's restatement merges too.
	p = build(t, map[string]any{"merge_threshold": 0.8}, env)
	ingestAll(t, p, s1, s2)
	if us := p.Units(); len(us) != 1 || !reflect.DeepEqual(us[0].TurnIDs, []string{"s1-a", "s1-b", "s2-a"}) {
		t.Fatalf("threshold 0.8: %d units, first %v", len(us), us[0].TurnIDs)
	}
	// At 1 only identical vectors merge: s2-a still does.
	p = build(t, map[string]any{"merge_threshold": 1.0}, env)
	ingestAll(t, p, s1, s2)
	if us := p.Units(); len(us) != 2 || len(us[0].TurnIDs) != 2 {
		t.Fatalf("threshold 1: %d units", len(us))
	}
}

func ciSessions() [][]strategies.Turn {
	const task = "Fix the flaky CI"
	return [][]strategies.Turn{{
		tr("s1", 0, 0, "user", "The CI job for Orders API is flaky again.", task),
		tr("s1", 1, 0, "assistant", "Let's run pytest again with -x to reproduce the timeout.", task),
		tr("s1", 2, 0, "tool", "2 tests failed: TimeoutError in test_orders", task),
		tr("s1", 3, 0, "assistant", "The pgxpool pool is exhausted; raise pool_max_conns to 20.", task),
	}, {
		tr("s2", 0, 7, "user", "Is pool_max_conns still 20 in Orders API?", ""),
	}}
}

func TestUnitsObservationsAndGraph(t *testing.T) {
	env, meter := testEnv("")
	p := build(t, nil, env)
	ingestAll(t, p, ciSessions()...)
	us := p.Units()
	if len(us) != 4 {
		t.Fatalf("%d units, want 4", len(us))
	}
	u := us[1]
	want := Unit{ID: "u000001", TaskID: "fix-flaky-ci", Step: 2, Time: day0.Add(2 * time.Minute),
		Action: "Assistant: Let's run pytest again with -x to reproduce the timeout.", ActionType: "execute",
		Observation: "pytest: 2 tests failed: TimeoutError in test_orders",
		Intents:     []string{"action:execute", "goal:debug", "subtask:diagnose", "subtask:verify"},
		Entities:    []string{"test_orders", "timeouterror"}, Person: "assistant", Parent: "u000000", TurnIDs: []string{"s1-b", "s1-c"}}
	got := *u
	got.vec, got.tags, got.ref = nil, nil, vecstore.Ref{}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("unit 1 =\n%+v\nwant\n%+v", got, want)
	}
	if r := Render(u); r != "[fix-flaky-ci, step 2] Assistant: Let's run pytest again with -x to reproduce the timeout. → "+
		"pytest: 2 tests failed: TimeoutError in test_orders (goal:debug subtask:diagnose subtask:verify action:execute)" {
		t.Fatalf("render = %q", r)
	}
	// s2's unit: a temporal link to s1's last unit and entity links to the
	// latest units naming orders-api (u0) and pool_max_conns (u2).
	if u3 := us[3]; u3.Parent != "" || !reflect.DeepEqual(u3.Causes, []string{"u000000", "u000002"}) || u3.TaskID != "session-s2" || u3.Step != 1 {
		t.Fatalf("unit 3 = %+v", u3)
	}
	// Edges: 0–1, 1–2 (parents), 2–3 (session and entity), 0–3 (entity).
	if fp := p.Footprint(); fp.Items != 4 || fp.Edges != 4 || fp.Bytes <= 0 {
		t.Fatalf("footprint %+v", fp)
	}
	// One tagging request per turn (the tool turn too).
	if n := meter.ByKind()[model.KindTagIntents].Requests; n != 5 {
		t.Fatalf("%d tag-intents requests, want 5", n)
	}
}

func TestScoreObjectives(t *testing.T) {
	env, _ := testEnv("")
	p := build(t, map[string]any{"recency_lambda": 0.2, "intent_weight": 0.5}, env)
	ingestAll(t, p, ciSessions()...)
	asked := day0.Add(10 * 24 * time.Hour)
	q := "What did we set pool_max_conns to?"
	qvec := embed.NewHashing(256).Vector(q)
	targets := []string{"entity:pool_max_conns", "goal:debug"}
	// Active: u1 (s1-c). Graph 0–1, 1–2, 2–3, 0–3: distances from u1 are
	// u0 1, u1 0, u2 1, u3 2.
	got := p.score([]int{0, 1, 2, 3}, qvec, targets, asked, p.active([]strategies.Turn{{ID: "s1-c"}}))
	wantCoh := map[int]float64{0: 0.5, 1: 1, 2: 0.5, 3: 1.0 / 3}
	// IDF over N = 4 units: entity:pool_max_conns on u2, u3 → ln(1+4/2) =
	// ln 3; goal:debug on u0, u1, u2 → ln(1+4/3) = ln 7/3; total ln 7.
	// Coverage: u0, u1 carry goal:debug → ln(7/3)/ln 7; u2 both → 1; u3
	// the entity only → ln 3/ln 7 (s2 has no task and its text no goal cue).
	cover := map[int]float64{0: math.Log(7.0/3) / math.Log(7), 1: math.Log(7.0/3) / math.Log(7), 2: 1, 3: math.Log(3) / math.Log(7)}
	if len(got) != 4 {
		t.Fatalf("%d candidates", len(got))
	}
	for k, c := range got {
		u := p.units[c.idx]
		rel := 0.5*math.Max(0, embed.Cosine(qvec, u.vec)) + 0.5*cover[c.idx]
		rec := math.Exp(-0.2 * asked.Sub(u.Time).Hours() / 24)
		if math.Abs(c.obj[0]-rel) > 1e-12 || math.Abs(c.obj[1]-rec) > 1e-12 || math.Abs(c.obj[2]-wantCoh[c.idx]) > 1e-12 {
			t.Errorf("unit %d: objectives %v, want [%v %v %v]", c.idx, c.obj, rel, rec, wantCoh[c.idx])
		}
		if k > 0 && got[k-1].obj[0] < c.obj[0] {
			t.Errorf("candidates not in relevance order: %v", got)
		}
	}
	// Spot-check one exact value: u0 is 10 days old at λ = 0.2 → e^−2.
	for _, c := range got {
		if c.idx == 0 && math.Abs(c.obj[1]-math.Exp(-2)) > 1e-12 {
			t.Errorf("u0 recency %v, want e^-2", c.obj[1])
		}
	}
}

func TestRetrieveParetoAndWeighted(t *testing.T) {
	ctx := context.Background()
	q := strategies.Query{ID: "p1", Question: "What did we set pool_max_conns to?", AskedAt: day0.Add(10 * 24 * time.Hour),
		Recent: []strategies.Turn{{ID: "s2-a"}}, Budget: 400, K: 5}
	for _, sel := range []string{SelectPareto, SelectWeighted} {
		env, _ := testEnv("")
		p := build(t, map[string]any{"selection": sel, "raw_k": 0}, env)
		ingestAll(t, p, ciSessions()...)
		r, err := p.Retrieve(ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		// Recompute the expected order from the objectives.
		iq, err := p.queryIntent(ctx, strategies.Query{Question: q.Question, Task: q.Task})
		if err != nil {
			t.Fatal(err)
		}
		targets := p.targets(iq, q.Question)
		qvec := embed.NewHashing(256).Vector(q.Question)
		cands, _ := p.candidates(ctx, qvec, targets)
		scored := p.score(cands, qvec, targets, q.AskedAt, p.active(q.Recent))
		pts := make([]Objectives, len(scored))
		for i, c := range scored {
			pts[i] = c.obj
		}
		var order []int
		if sel == SelectPareto {
			// Select the first top_k of the NSGA-II order, list them by
			// front, then relevance (candidate index).
			rk, _ := ParetoOrder(pts)
			order = rk.Order[:min(10, len(rk.Order))]
			slices.SortFunc(order, func(a, b int) int {
				if rk.Rank[a] != rk.Rank[b] {
					return rk.Rank[a] - rk.Rank[b]
				}
				return a - b
			})
		} else {
			order, _, _ = WeightedOrder(pts, Objectives{0.8, 0.1, 0.1})
		}
		var want []string
		for _, i := range order {
			want = append(want, p.units[scored[i].idx].ID)
		}
		var gotIDs []string
		for _, it := range r.Items {
			gotIDs = append(gotIDs, it.ID)
			if !strings.Contains(r.Context, strategies.Line(it)) {
				t.Errorf("%s: item %s not in context", sel, it.ID)
			}
		}
		if !slices.Equal(gotIDs, want) {
			t.Fatalf("%s: items %v, want %v", sel, gotIDs, want)
		}
		t.Logf("%s: %v objectives %v", sel, gotIDs, pts)
		if !slices.Contains(targets, "entity:pool_max_conns") {
			t.Fatalf("known entity not targeted: %v", targets)
		}
		// The unit stating the value is recalled, with its provenance.
		if k := slices.Index(gotIDs, "u000002"); k < 0 || !reflect.DeepEqual(r.Items[k].TurnIDs, []string{"s1-d"}) {
			t.Fatalf("%s: items %+v", sel, r.Items)
		}
		// Context lines: most recent first.
		lines := strings.Split(r.Context, "\n")
		if len(lines) != len(r.Items) || !strings.HasPrefix(lines[0], "[2026-03-09 s2-a] [session-s2, step 1] Dana: Is pool_max_conns") {
			t.Fatalf("%s: context\n%s", sel, r.Context)
		}
	}
}

func TestRetrieveBudgetAndDeterminism(t *testing.T) {
	ctx := context.Background()
	tok := tokenizer.MustDefault()
	q := strategies.Query{ID: "p", Question: "Why is the CI flaky for Orders API?", AskedAt: day0.Add(8 * 24 * time.Hour), Budget: 60}
	var first strategies.Recall
	for run := 0; run < 3; run++ {
		env, _ := testEnv("")
		p := build(t, nil, env)
		ingestAll(t, p, ciSessions()...)
		r, err := p.Retrieve(ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		if n := tok.Count(r.Context); n > q.Budget || len(r.Items) == 0 {
			t.Fatalf("context %d tokens (budget %d), %d items", n, q.Budget, len(r.Items))
		}
		if run == 0 {
			first = r
		} else if !reflect.DeepEqual(r, first) {
			t.Fatalf("run %d differs:\n%+v\n%+v", run, r, first)
		}
	}
	// A larger budget holds more items; zero budget none.
	env, _ := testEnv("")
	p := build(t, map[string]any{"top_k": 2, "raw_k": 0}, env)
	ingestAll(t, p, ciSessions()...)
	q.Budget = 1000
	if r, _ := p.Retrieve(ctx, q); len(r.Items) != 2 {
		t.Fatalf("top_k 2: %d items", len(r.Items))
	}
	q.Budget = 0
	if r, err := p.Retrieve(ctx, q); err != nil || len(r.Items) != 0 || r.Context != "" {
		t.Fatalf("budget 0: %+v %v", r, err)
	}
}

func TestOracleModeUsesGold(t *testing.T) {
	env, meter := testEnv(strategies.ExtractOracle)
	p := build(t, nil, env)
	a := tr("s1", 0, 0, "user", "We need a framework for the orders API.", "Choose a framework")
	a.Gold = &scenarios.Gold{Intents: []string{"goal:decide", "subtask:requirements", "action:inform", "entity:orders-api"},
		Thoughts: []scenarios.GoldThought{{ID: "th1", Type: "analysis", Content: "need a framework"}}}
	b := tr("s1", 1, 0, "assistant", "Use chi because it is stdlib-compatible.", "Choose a framework")
	b.Gold = &scenarios.Gold{Intents: []string{"goal:decide", "subtask:compare", "action:decide", "entity:chi"},
		Thoughts: []scenarios.GoldThought{{ID: "th2", Type: "decision", Content: "use chi", Parent: "th1"}}}
	c := tr("s2", 0, 5, "user", "Unrelated: book a table for Friday.", "")
	d := tr("s2", 1, 5, "assistant", "Chi it is, then, for the new service too.", "")
	d.Gold = &scenarios.Gold{Intents: []string{"action:confirm", "entity:chi"},
		Thoughts: []scenarios.GoldThought{{ID: "th3", Type: "decision", Content: "reuse chi", Parent: "th1"}}}
	ingestAll(t, p, []strategies.Turn{a, b}, []strategies.Turn{c, d})
	us := p.Units()
	if want := []string{"action:decide", "goal:decide", "subtask:compare"}; !reflect.DeepEqual(us[1].Intents, want) || us[1].ActionType != "decide" {
		t.Fatalf("gold intents not used: %+v", us[1])
	}
	if !reflect.DeepEqual(us[2].Intents, []string{"action:inform"}) || us[2].Entities != nil {
		t.Fatalf("turn without gold: %+v", us[2])
	}
	// u3: parent u2; gold thought parent th1 → u0; entity chi → u1.
	if us[3].Parent != "u000002" || !reflect.DeepEqual(us[3].Causes, []string{"u000000", "u000001"}) {
		t.Fatalf("oracle links: %+v", us[3])
	}
	if n := meter.ByKind()[model.KindTagIntents].Requests; n != 0 {
		t.Fatalf("oracle mode made %d tagging requests", n)
	}
	if _, err := p.Retrieve(context.Background(), strategies.Query{Question: "Which framework?", Budget: 200}); err != nil {
		t.Fatal(err)
	}
	if n := meter.ByKind()[model.KindQueryIntent].Requests; n != 1 {
		t.Fatalf("%d query-intent requests, want 1", n)
	}
}

// failing is a model client whose every request fails for good.
type failing struct{}

func (failing) Name() string { return "failing" }
func (failing) Complete(_ context.Context, req model.Request) (model.Response, error) {
	return model.Response{}, &model.FailedError{Kind: req.Kind, Cause: errors.New("endpoint down")}
}

func TestModelFailuresAreCountedNotFatal(t *testing.T) {
	env, _ := testEnv("")
	env.Model = failing{}
	p := build(t, nil, env)
	ingestAll(t, p, ciSessions()...)
	if p.Failures() != 5 {
		t.Fatalf("failures = %d, want 5", p.Failures())
	}
	if us := p.Units(); len(us) != 4 || !reflect.DeepEqual(us[0].Intents, []string{"action:inform"}) {
		t.Fatalf("units after failures: %d %+v", len(us), us[0])
	}
	r, err := p.Retrieve(context.Background(), strategies.Query{Question: "What did we set pool_max_conns to?", Budget: 300})
	if err != nil || len(r.Items) == 0 || p.Failures() != 6 {
		t.Fatalf("retrieve after failure: %d items, err %v, failures %d", len(r.Items), err, p.Failures())
	}
}

func TestTaskScope(t *testing.T) {
	env, _ := testEnv("")
	p := build(t, nil, env)
	ingestAll(t, p, ciSessions()...)
	iq, err := p.queryIntent(context.Background(), strategies.Query{Question: "What have we tried so far?", Task: "Fix the flaky CI"})
	if err != nil {
		t.Fatal(err)
	}
	if tg := p.targets(iq, "What have we tried so far?"); !slices.Contains(tg, "task:fix-flaky-ci") {
		t.Fatalf("targets %v lack the task scope", tg)
	}
	// Invalid tags are dropped; entity tags count as entities.
	tg := p.targets(IntentQuery{Intents: []string{"goal:fly", "subtask:fix", "Entity:Orders API", "action:decide"}, ActionType: "shout"}, "")
	if want := []string{"entity:orders-api", "subtask:fix"}; !reflect.DeepEqual(tg, want) {
		t.Fatalf("targets %v, want %v", tg, want)
	}
	// An unknown task goal gives no scope.
	iq.Task = "Plan the offsite"
	if tg := p.targets(iq, "x"); slices.ContainsFunc(tg, func(s string) bool { return strings.HasPrefix(s, "task:") }) {
		t.Fatalf("unknown task scoped: %v", tg)
	}
}

func TestBadInput(t *testing.T) {
	ctx := context.Background()
	env, _ := testEnv("")
	p := build(t, nil, env)
	if err := p.Ingest(ctx, strategies.Turn{Text: "no id"}); err == nil {
		t.Fatal("turn without id must fail")
	}
	turn := tr("s1", 0, 0, "user", "hello", "")
	if err := p.Ingest(ctx, turn); err != nil {
		t.Fatal(err)
	}
	if err := p.Ingest(ctx, turn); err == nil {
		t.Fatal("duplicate turn id must fail")
	}
	if r, err := build(t, nil, env).Retrieve(ctx, strategies.Query{Question: "anything", Budget: 100}); err != nil || len(r.Items) != 0 {
		t.Fatalf("empty memory: %+v %v", r, err)
	}
	for _, raw := range []map[string]any{
		{"selection": "lexicographic"},
		{"selection": "weighted-sum", "w_relevance": 0.0, "w_recency": 0.0, "w_coherence": 0.0},
		{"merge_threshold": 0.2},
		{"top_k": 0},
	} {
		if _, err := strategies.Build("prism", raw, env); err == nil {
			t.Errorf("params %v must fail", raw)
		}
	}
	noModel := env
	noModel.Model = nil
	if _, err := strategies.Build("prism", nil, noModel); err == nil {
		t.Error("missing model must fail")
	}
	badMode := env
	badMode.Extraction = "gold"
	if _, err := strategies.Build("prism", nil, badMode); err == nil {
		t.Error("unknown extraction mode must fail")
	}
}

func TestPromptsRender(t *testing.T) {
	for _, k := range []model.Kind{model.KindTagIntents, model.KindQueryIntent} {
		v := model.PromptVersions()[k]
		if v == "" {
			t.Fatalf("no template for %s", k)
		}
	}
	p, err := model.Render(model.Request{Kind: model.KindQueryIntent, Input: model.QueryInput{Question: "Q?"}})
	if err != nil || !strings.Contains(p.System, `"action_type": string`) || !strings.Contains(p.User, "Question: Q?") {
		t.Fatalf("render: %v\n%+v", err, p)
	}
}

func TestTreeCacheFollowsGraphChanges(t *testing.T) {
	env, _ := testEnv("")
	p := build(t, nil, env)
	sess := ciSessions()
	ingestAll(t, p, sess[0]) // u0 – u1 – u2
	active, nodes := []int64{0}, []int64{0, 1, 2, 3}
	got := coherenceFrom(p.trees(active), nodes)
	checkFloats(t, "before", got, []float64{1, 0.5, 1.0 / 3, 0})
	// s2 adds u3, linked to u2 (session) and u0 (entity "orders-api"): a
	// stale cached tree would leave u3 unreachable.
	ingestAll(t, p, sess[1])
	got = coherenceFrom(p.trees(active), nodes)
	checkFloats(t, "after", got, []float64{1, 0.5, 1.0 / 3, 0.5})
	checkFloats(t, "fresh", Coherence(p.g, active, nodes), got)
}

func TestGazetteerFindsKnownEntitiesInLowercase(t *testing.T) {
	env, _ := testEnv("")
	p := build(t, nil, env)
	ingestAll(t, p, []strategies.Turn{
		tr("s1", 0, 0, "assistant", "We picked Chi for routing in the Orders API.", ""),
		tr("s1", 1, 0, "user", "so chi also handles the orders api middleware?", ""),
	})
	us := p.Units()
	if want := []string{"chi", "orders-api"}; !reflect.DeepEqual(us[0].Entities, want) || !reflect.DeepEqual(us[1].Entities, want) {
		t.Fatalf("entities %v / %v, want %v", us[0].Entities, us[1].Entities, want)
	}
	// The question names chi in lowercase too.
	if tg := p.targets(IntentQuery{}, "which router is chi replacing?"); !slices.Contains(tg, "entity:chi") {
		t.Fatalf("targets %v", tg)
	}
}
