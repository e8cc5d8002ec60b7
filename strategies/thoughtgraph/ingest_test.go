package thoughtgraph

import (
	"context"
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/memarena/memarena/internal/embed"
	"github.com/memarena/memarena/internal/model"
	"github.com/memarena/memarena/internal/tokenizer"
	"github.com/memarena/memarena/scenarios"
	"github.com/memarena/memarena/strategies"
)

type brief struct {
	ID, Type, Content string
	Parents           []string
}

func briefs(t *testing.T, g *ThoughtGraph) []brief {
	var out []brief
	for _, id := range g.IDs() {
		th, _ := g.Thought(id)
		out = append(out, brief{id, th.Type, th.Content, parentsOf(t, g, id)})
	}
	return out
}

func TestIngestModelMode(t *testing.T) {
	env, meter := offlineEnv()
	g := mustNew(t, env, defaultConfig())
	ingestAll(t, g,
		say("t1", "s1", scenarios.RoleUser, "We need a database for the orders service. I prefer Postgres because the team knows it.", day(0)),
		say("t2", "s1", scenarios.RoleAssistant, "We decided to use Postgres 16 for orders, because the team knows it well.", day(0)),
		say("t3", "s1", scenarios.RoleUser, "Great, thanks! How was your weekend?", day(0)),
		say("t4", "s1", scenarios.RoleAssistant, "Glad to help! It was lovely.", day(0)),
		say("t5", "s1", scenarios.RoleTool, "$ psql -c 'select version()'\nPostgreSQL 16.2", day(0)),
	)
	want := []brief{
		{"t1#1", TypeKnowledge, "We need a database for the orders service.", nil},
		{"t1#2", TypeKnowledge, "I prefer Postgres because the team knows it.", nil},
		// the user's knowledge is attached to the next reasoning thought
		{"t2#1", TypeDecision, "We decided to use Postgres 16 for orders, because the team knows it well.", []string{"t1#1", "t1#2"}},
		// chit-chat turns yield no thought and are kept as raw evidence
		// nodes, outside the reasoning chain; the tool result follows the
		// frontier
		{"t3#1", TypeKnowledge, "Great, thanks! How was your weekend?", nil},
		{"t4#1", TypeKnowledge, "Glad to help! It was lovely.", nil},
		{"t5#1", TypeAnalysis, "$ psql -c 'select version()' / PostgreSQL 16.2", []string{"t2#1"}},
	}
	if got := briefs(t, g); !reflect.DeepEqual(got, want) {
		t.Fatalf("thoughts\n got %+v\nwant %+v", got, want)
	}
	// Every turn costs one extract-thoughts request: user turns ask for
	// what they state (Verbatim), the others for their reasoning; the model
	// answers small talk with no thought.
	if u := meter.Total(); u.Requests != 5 || u.PromptTokens == 0 {
		t.Fatalf("usage %+v", u)
	}
	d, _ := g.Thought("t2#1")
	if !reflect.DeepEqual(d.Entities, []string{"postgres 16"}) || d.Confidence != 0.9 || d.Task != "task s1" || d.SessionID != "s1" {
		t.Fatalf("decision %+v", d)
	}
}

func TestIngestFailureIsCountedNotFatal(t *testing.T) {
	env, _ := offlineEnv()
	c := &cannedClient{err: &model.FailedError{Kind: model.KindExtractThoughts, Cause: errBoom}}
	env.Model = c
	g := mustNew(t, env, defaultConfig())
	ingestAll(t, g, say("t1", "s1", scenarios.RoleAssistant, "We decided to use chi.", day(0)))
	// The failed turn stays, as a raw evidence node.
	if st := g.Stats(); st.Failures != 1 || !reflect.DeepEqual(g.IDs(), []string{"t1#1"}) || c.calls != 1 {
		t.Fatalf("stats %+v ids %v calls %d", st, g.IDs(), c.calls)
	}
	// Any other error (not model.ErrFailed) stops the ingest.
	c.err = errBoom
	if err := g.Ingest(context.Background(), say("t2", "s1", scenarios.RoleAssistant, "We decided to use gin.", day(0))); !errors.Is(err, errBoom) {
		t.Fatalf("err = %v", err)
	}
}

func TestIngestValidatesModelReply(t *testing.T) {
	env, _ := offlineEnv()
	env.Model = &cannedClient{reply: "```json\n" + `{"thoughts": [
		{"type": "Decision", "content": "Use chi", "entities": ["Chi", "the Router"], "confidence": 0.9, "parent": "nope", "follows_previous": false},
		{"type": "musing", "content": "x", "entities": [], "confidence": 0.5, "parent": "", "follows_previous": false},
		{"type": "analysis", "content": "  ", "entities": [], "confidence": 0.5, "parent": "", "follows_previous": false},
		{"type": "analysis", "content": "odd", "entities": [], "confidence": 1.5, "parent": "", "follows_previous": false},
		{"type": "hypothesis", "content": "maybe gin", "entities": [], "confidence": 0.1, "parent": "", "follows_previous": true},
		{"type": "lesson", "content": "Prefer stdlib routers", "entities": [], "confidence": 0, "parent": "", "follows_previous": true}
	]}` + "\n```"}
	g := mustNew(t, env, defaultConfig())
	ingestAll(t, g, say("t1", "s1", scenarios.RoleAssistant, "We decided to use chi.", day(0)))
	want := []brief{{"t1#1", TypeDecision, "Use chi", nil}, {"t1#2", TypeLesson, "Prefer stdlib routers", []string{"t1#1"}}}
	if got := briefs(t, g); !reflect.DeepEqual(got, want) {
		t.Fatalf("thoughts %+v", got)
	}
	if st := g.Stats(); st.Malformed != 3 || st.Dropped != 1 || st.BadLinks != 1 {
		t.Fatalf("stats %+v", st)
	}
	d, _ := g.Thought("t1#1")
	l, _ := g.Thought("t1#2")
	if !reflect.DeepEqual(d.Entities, []string{"chi", "router"}) || l.Confidence != DefaultConfidence {
		t.Fatalf("entities %v confidence %v", d.Entities, l.Confidence)
	}
}

func TestIngestBadInput(t *testing.T) {
	ctx := context.Background()
	env, _ := offlineEnv()
	g := mustNew(t, env, defaultConfig())
	if err := g.Ingest(ctx, say("", "s1", "user", "hi there Dana", day(0))); err == nil {
		t.Error("empty id accepted")
	}
	if err := g.Ingest(ctx, say("t1", "s1", "system", "be nice", day(0))); err == nil {
		t.Error("unknown role accepted")
	}
	ingestAll(t, g, say("t2", "s1", "user", "I live in Lisbon.", day(0)))
	if err := g.Ingest(ctx, say("t2", "s1", "user", "I live in Porto.", day(0))); err == nil {
		t.Error("repeated turn id accepted")
	}

	bad := []scenarios.GoldThought{
		{ID: "x", Type: "musing", Content: "c"},
		{ID: "", Type: TypeAnalysis, Content: "c"},
		{ID: "x", Type: TypeAnalysis, Content: " "},
		{ID: "x", Type: TypeAnalysis, Content: "c", Confidence: 1.2},
		{ID: "x", Type: TypeAnalysis, Content: "c", Parent: "ghost"},
	}
	for i, b := range bad {
		o := mustNew(t, oracleEnv(embed.NewHashing(128)), defaultConfig())
		if err := o.Ingest(ctx, gold("t1", "s1", day(0), b)); err == nil {
			t.Errorf("bad gold %d accepted: %+v", i, b)
		}
	}
	o := mustNew(t, oracleEnv(embed.NewHashing(128)), defaultConfig())
	ingestAll(t, o, gold("t1", "s1", day(0), th("x", TypeAnalysis, "c", "")))
	if err := o.Ingest(ctx, gold("t2", "s1", day(0), th("x", TypeAnalysis, "d", ""))); err == nil {
		t.Error("duplicate gold id accepted")
	}
	// A parent earlier in the same turn is fine.
	ingestAll(t, o, gold("t3", "s1", day(0), th("y", TypeAnalysis, "e", ""), th("z", TypeDecision, "f", "y")))
	if got := parentsOf(t, o, "z"); !reflect.DeepEqual(got, []string{"y"}) {
		t.Errorf("parents of z %v", got)
	}
}

func TestKnowledgeAnswersGapAndToolFallback(t *testing.T) {
	g := mustNew(t, oracleEnv(embed.NewHashing(256)), defaultConfig())
	tool := say("t3", "s1", scenarios.RoleTool, "HOLD created: UA837 fare $1,240\nok", day(0))
	ingestAll(t, g,
		gold("t1", "s1", day(0), th("gap", TypeKnowledgeGap, "Budget for the hotel is unknown", "")),
		say("t2", "s1", scenarios.RoleUser, "Around 2000 euros for the whole stay.", day(0)),
		tool,
		gold("t4", "s1", day(0), th("dec", TypeDecision, "Book the hotel under 2000 euros", "")),
	)
	want := []brief{
		{"gap", TypeKnowledgeGap, "Budget for the hotel is unknown", nil},
		{"t2#1", TypeKnowledge, "Around 2000 euros for the whole stay.", []string{"gap"}},
		// an unannotated tool result is kept raw, as knowledge
		{"t3#1", TypeKnowledge, "HOLD created: UA837 fare $1,240 / ok", nil},
		{"dec", TypeDecision, "Book the hotel under 2000 euros", []string{"t2#1", "t3#1"}},
	}
	if got := briefs(t, g); !reflect.DeepEqual(got, want) {
		t.Fatalf("thoughts\n got %+v\nwant %+v", got, want)
	}
}

func TestSupersession(t *testing.T) {
	env, _ := offlineEnv()
	g := mustNew(t, env, defaultConfig())
	ingestAll(t, g,
		say("t1", "s1", scenarios.RoleAssistant, "We decided to use Postgres 16 for orders.", day(0)),
		say("t2", "s1", scenarios.RoleUser, "I prefer window seats on long flights.", day(0)),
		say("t3", "s1", scenarios.RoleUser, "When I fly for work I prefer aisle seats.", day(0)),
		say("t4", "s2", scenarios.RoleAssistant, "Noted, the orders service now uses MySQL 8 instead of Postgres 16.", day(7)),
		say("t5", "s2", scenarios.RoleUser, "Actually, I now prefer aisle seats on long flights.", day(7)),
		say("t6", "s2", scenarios.RoleAssistant, "I propose a TTL of 5 minutes for the product cache.", day(7)),
		say("t7", "s3", scenarios.RoleAssistant, "Second, shorten the TTL to 60 seconds as a safety net.", day(9)),
	)
	status := map[string]string{}
	for _, id := range g.IDs() {
		th, _ := g.Thought(id)
		status[id] = th.Status + ">" + th.SupersededBy
	}
	want := map[string]string{
		"t1#1": "superseded>t4#1", // explicit: "instead of Postgres 16"
		"t2#1": "superseded>t5#1", // implicit: "now prefer", shares prefer/seat/long/flight
		"t3#1": "conditional>",    // a condition: kept apart from the update
		"t4#1": ">", "t5#1": ">",
		"t6#1": "superseded>t7#1", // attribute: "shorten the TTL to 60 seconds"
		"t7#1": ">",
	}
	if !reflect.DeepEqual(status, want) {
		t.Fatalf("status %v", status)
	}
	if g.Stats().Superseded != 3 {
		t.Fatalf("stats %+v", g.Stats())
	}
	r, err := g.Retrieve(context.Background(), strategies.Query{Question: "Which database do orders use?", Budget: 400, AskedAt: day(8)})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(r.Context, "t1#1 decision] (superseded) We decided to use Postgres 16 for orders.") {
		t.Fatalf("context:\n%s", r.Context)
	}
	for _, it := range r.Items {
		if it.ID == "t1#1" && it.Status != strategies.StatusSuperseded {
			t.Fatalf("item status %q", it.Status)
		}
	}
}

func TestRetrieveBudgetAndEdges(t *testing.T) {
	ctx := context.Background()
	env, _ := offlineEnv()
	g := mustNew(t, env, defaultConfig())
	if r, err := g.Retrieve(ctx, strategies.Query{Question: "anything", Budget: 100}); err != nil || len(r.Items) != 0 {
		t.Fatalf("empty memory: %+v %v", r, err)
	}
	ingestAll(t, g,
		say("t1", "s1", scenarios.RoleUser, "Our orders API is slow on deep pages of /orders.", day(0)),
		say("t2", "s1", scenarios.RoleAssistant, "The query is slow because OFFSET scans every skipped row. Maybe a composite index helps. We decided to use keyset pagination on (created_at, id). Next time, run EXPLAIN ANALYZE before changing code.", day(0)),
		say("t3", "s1", scenarios.RoleUser, "Ship it on Friday with the Redis cache change.", day(0)),
	)
	tok := tokenizer.MustDefault()
	prev := -1
	for _, budget := range []int{10, 30, 60, 120, 400} {
		r, err := g.Retrieve(ctx, strategies.Query{Question: "How did we fix deep pagination on /orders?", Budget: budget, AskedAt: day(1)})
		if err != nil {
			t.Fatal(err)
		}
		if n := tok.Count(r.Context); n > budget {
			t.Fatalf("budget %d: context has %d tokens", budget, n)
		}
		for i, it := range r.Items {
			if !strings.Contains(r.Context, it.Text) || len(it.TurnIDs) == 0 {
				t.Fatalf("budget %d: item %s missing from context or provenance", budget, it.ID)
			}
			if i > 0 && it.Score > r.Items[i-1].Score {
				t.Fatalf("budget %d: items not best first", budget)
			}
		}
		if len(r.Items) < prev {
			t.Fatalf("budget %d placed fewer items (%d) than a smaller budget (%d)", budget, len(r.Items), prev)
		}
		prev = len(r.Items)
	}
	if prev < 4 {
		t.Fatalf("400 tokens placed only %d items", prev)
	}
	if r, err := g.Retrieve(ctx, strategies.Query{Question: "x", Budget: 0}); err != nil || len(r.Items) != 0 {
		t.Fatalf("zero budget: %+v %v", r, err)
	}
	if _, err := g.Retrieve(ctx, strategies.Query{Question: "x", Budget: -1}); err == nil {
		t.Fatal("negative budget accepted")
	}
	if r, err := g.Retrieve(ctx, strategies.Query{Budget: 100}); err != nil || len(r.Items) != 0 {
		t.Fatalf("empty query: %+v %v", r, err)
	}
}

func TestNarrativeGroupsChainsInScenarioOrder(t *testing.T) {
	g := chainGraph(t, 3, 3)
	r, err := g.Retrieve(context.Background(), strategies.Query{Question: "w0", Budget: 1000, AskedAt: day(5)})
	if err != nil {
		t.Fatal(err)
	}
	var order []string
	for _, l := range strings.Split(r.Context, "\n") {
		f := strings.Fields(l[strings.Index(l, " ")+1:])
		order = append(order, f[1])
	}
	// S (four links) outranks the seed C3, so S's chain comes first, in
	// creation order; the chain rooted at C3 holds only C3.
	if got := strings.Join(order, " "); got != "R S C1 C2 G1 C3" {
		t.Fatalf("narrative order %s\n%s", got, r.Context)
	}
	if !strings.Contains(r.Context, "[2026-03-03 b1 S decision ← R] w0 w1") {
		t.Fatalf("citation missing:\n%s", r.Context)
	}
}

func TestDeterministic(t *testing.T) {
	run := func() string {
		env, _ := offlineEnv()
		g := mustNew(t, env, defaultConfig())
		for i, text := range []string{
			"We need a router for the orders API.",
			"We decided to use chi because it is stdlib compatible. Maybe gin is faster.",
			"Next time, benchmark before choosing a router.",
			"The cache uses Redis with a 5 minute TTL.",
			"We decided to add keyset pagination because OFFSET is slow.",
		} {
			role := scenarios.RoleAssistant
			if i%2 == 0 {
				role = scenarios.RoleUser
			}
			ingestAll(t, g, say("t"+string(rune('a'+i)), "s1", role, text, day(0).Add(time.Duration(i)*time.Minute)))
		}
		if err := g.EndSession(context.Background(), strategies.SessionInfo{ID: "s1", Task: "task s1"}); err != nil {
			t.Fatal(err)
		}
		r, err := g.Retrieve(context.Background(), strategies.Query{Question: "Why did we choose chi?", Budget: 300, AskedAt: day(1)})
		if err != nil {
			t.Fatal(err)
		}
		return r.Context
	}
	a := run()
	for i := 0; i < 5; i++ {
		if b := run(); b != a {
			t.Fatalf("run %d differs:\n%s\n---\n%s", i, a, b)
		}
	}
}

func TestRegistryAndConfig(t *testing.T) {
	env, _ := offlineEnv()
	s, err := strategies.Build(Name, nil, env)
	if err != nil {
		t.Fatal(err)
	}
	g := s.(*ThoughtGraph)
	if g.cfg != (Config{Seeds: 5, Depth: 3, Fanout: 3, HalfLife: 2160 * time.Hour, Consolidate: true, RawK: 50, StructureWeight: 0.5}) {
		t.Fatalf("defaults %+v", g.cfg)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	for _, raw := range []map[string]any{{"fanout": 0}, {"depth": 11}, {"seeds": 0}, {"half_life": "0s"}, {"fan_out": 2}, {"raw_k": -1}, {"structure_weight": -0.5}} {
		if _, err := strategies.Build(Name, raw, env); err == nil {
			t.Errorf("params %v accepted", raw)
		}
	}
	noModel := env
	noModel.Model = nil
	if _, err := New(noModel, defaultConfig()); err == nil {
		t.Error("model mode without a model accepted")
	}
	noModel.Extraction = strategies.ExtractOracle
	if _, err := New(noModel, defaultConfig()); err != nil {
		t.Errorf("oracle mode needs no model: %v", err)
	}
}

func TestPromptTemplate(t *testing.T) {
	req := model.Request{Kind: model.KindExtractThoughts, Role: model.RoleExtractor, Input: model.ThoughtsInput{
		TurnInput:  model.TurnInput{Role: "assistant", Speaker: "Assistant", Date: "2026-03-02", Task: "Pick a router", Text: "We decided to use chi."},
		Candidates: []model.Candidate{{ID: "th1", Type: "analysis", Content: "chi is stdlib compatible"}}, MaxThoughts: 8,
	}}
	p, err := model.Render(req)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"follows_previous"`, "knowledge-gap", "At most 8 thoughts"} {
		if !strings.Contains(p.System, want) {
			t.Errorf("system prompt lacks %q", want)
		}
	}
	for _, want := range []string{"- th1 (analysis): chi is stdlib compatible", "Task: Pick a router", "We decided to use chi."} {
		if !strings.Contains(p.User, want) {
			t.Errorf("user prompt lacks %q:\n%s", want, p.User)
		}
	}
}

func TestOddTextNeverPanics(t *testing.T) {
	env, _ := offlineEnv()
	g := mustNew(t, env, defaultConfig())
	texts := []string{"", " ", "—", "É", "?!", "— Ünïcödé ok", "instead of", "drop", "moved to", "from to", "Ä 1.2.3 /x/y HelixQA",
		strings.Repeat("We decided to use chi because it is fast. ", 50), "\n\n\t", "[s1] (superseded) x"}
	for i, text := range texts {
		for _, role := range []string{scenarios.RoleUser, scenarios.RoleAssistant, scenarios.RoleTool} {
			id := role + string(rune('a'+i))
			if err := g.Ingest(context.Background(), say(id, "s1", role, text, day(0))); err != nil {
				t.Fatalf("%q as %s: %v", text, role, err)
			}
		}
	}
	if err := g.EndSession(context.Background(), strategies.SessionInfo{ID: "s1", Task: "task s1"}); err != nil {
		t.Fatal(err)
	}
	for _, q := range texts {
		if _, err := g.Retrieve(context.Background(), strategies.Query{Question: q, Budget: 50, Recent: []strategies.Turn{say("r", "s1", "user", q, day(0))}}); err != nil {
			t.Fatalf("retrieve %q: %v", q, err)
		}
	}
}
