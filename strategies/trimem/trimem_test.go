package trimem

import (
	"context"
	"encoding/json"
	"errors"
	"math"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/memarena/memarena/internal/backends"
	"github.com/memarena/memarena/internal/embed"
	"github.com/memarena/memarena/internal/model"
	"github.com/memarena/memarena/internal/tokenizer"
	"github.com/memarena/memarena/scenarios"
	"github.com/memarena/memarena/strategies"
)

func testEnv(mode string, c model.Client) strategies.Env {
	tok := tokenizer.MustDefault()
	if c == nil {
		c = backends.OfflineClient(tok)
	}
	return strategies.Env{Model: c, Embedder: embed.NewHashing(256), Tokenizer: tok, Extraction: mode, Seed: 1}
}

func build(t *testing.T, mode string, raw map[string]any) *TriMem {
	t.Helper()
	s, err := strategies.Build(Name, raw, testEnv(mode, nil))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s.(*TriMem)
}

type session struct {
	id    string
	start time.Time
	turns []scenarios.Turn
}

// minimal is the two-session orders-database history (as in
// scenarios/testdata/minimal.yaml): Postgres 16 is picked, then replaced by
// MySQL 8.
func minimal() []session {
	s1 := time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)
	s2 := time.Date(2026, 3, 9, 9, 0, 0, 0, time.UTC)
	gold := func(tr ...scenarios.GoldTriplet) *scenarios.Gold { return &scenarios.Gold{Triplets: tr} }
	return []session{
		{"s1", s1, []scenarios.Turn{
			{ID: "s1-t1", Role: "user", Speaker: "Dana", Text: "We need a database for the orders service. I prefer Postgres because the team knows it.",
				Gold: gold(scenarios.GoldTriplet{Subject: "user", Relation: "prefers", Object: "postgres"})},
			{ID: "s1-t2", Role: "assistant", Speaker: "Assistant", Text: "We decided to use Postgres 16 for orders, because the team knows it well.",
				Gold: gold(scenarios.GoldTriplet{Subject: "orders service", Relation: "uses", Object: "postgres 16"})},
			{ID: "s1-t3", Role: "user", Speaker: "Dana", Text: "Great, thanks! How was your weekend?"},
		}},
		{"s2", s2, []scenarios.Turn{
			{ID: "s2-t1", Role: "user", Speaker: "Dana", Text: "Change of plan since last Monday, we moved orders to MySQL 8 after the vendor review.",
				Gold: gold(scenarios.GoldTriplet{Subject: "orders service", Relation: "uses", Object: "mysql 8"})},
			{ID: "s2-t2", Role: "assistant", Speaker: "Assistant", Text: "Noted, the orders service now uses MySQL 8 instead of Postgres 16."},
		}},
	}
}

// replay ingests sessions in order (turn i at start + i minutes) and ends
// each one.
func replay(t *testing.T, m strategies.Strategy, mode string, sess []session) time.Time {
	t.Helper()
	ctx := context.Background()
	var last time.Time
	for si, s := range sess {
		for i, tr := range s.turns {
			last = s.start.Add(time.Duration(i) * time.Minute)
			turn := strategies.Turn{ID: tr.ID, SessionID: s.id, SessionIndex: si, Index: i, Role: tr.Role, Speaker: tr.Speaker,
				Text: tr.Text, Time: last, SessionStart: s.start}
			if mode == strategies.ExtractOracle {
				turn.Gold = tr.Gold
			}
			if err := m.Ingest(ctx, turn); err != nil {
				t.Fatal(err)
			}
		}
		if err := m.EndSession(ctx, strategies.SessionInfo{ID: s.id, Index: si, Start: s.start, End: last}); err != nil {
			t.Fatal(err)
		}
	}
	return last
}

func ask(t *testing.T, m strategies.Strategy, q string, at time.Time, budget int) strategies.Recall {
	t.Helper()
	r, err := m.Retrieve(context.Background(), strategies.Query{ID: "q", Question: q, AskedAt: at, Budget: budget, K: 10})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

type itemView struct {
	Text    string
	TurnIDs []string
	Status  string
	Kind    string
}

func view(r strategies.Recall) []itemView {
	out := []itemView{}
	for _, it := range r.Items {
		out = append(out, itemView{it.Text, it.TurnIDs, it.Status, it.Kind})
	}
	return out
}

// TestKnowledgeUpdateOracle: after the update the current value is the only
// current item; the old one is kept, marked superseded, only when the
// question does not ask for the present.
func TestKnowledgeUpdateOracle(t *testing.T) {
	m := build(t, strategies.ExtractOracle, map[string]any{"vector_k": 0})
	last := replay(t, m, strategies.ExtractOracle, minimal())
	at := last.Add(time.Minute)
	got := view(ask(t, m, "Which database does the orders service use now?", at, 1024))
	want := []itemView{{"orders service uses mysql 8 — “Change of plan since last Monday, we moved orders to MySQL 8 after the vendor review.”",
		[]string{"s2-t1"}, "", strategies.KindFact}}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("now-question:\n got  %+v\n want %+v", got, want)
	}
	got = view(ask(t, m, "Which database does the orders service use?", at, 1024))
	want = append(want, itemView{"orders service uses postgres 16 (until 2026-03-09; replaced by mysql 8) — “We decided to use Postgres 16 for orders, because the team knows it well.”",
		[]string{"s1-t2"}, strategies.StatusSuperseded, strategies.KindFact})
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("plain question:\n got  %+v\n want %+v", got, want)
	}
	r := ask(t, m, "Which database does the orders service use?", at, 1024)
	if !strings.Contains(r.Context, "] (superseded) orders service uses postgres 16") {
		t.Fatalf("context does not mark the old value: %s", r.Context)
	}
	if fp := m.Footprint(); fp.Items != 3 || fp.Edges != 1 || fp.Bytes <= 0 {
		t.Fatalf("footprint = %+v", fp)
	}
}

// scriptedTriplets plays a model with fixed extract-triplets replies, one
// per turn id (a turn without one gets an empty reply); every other request
// kind (the question's query-intent reading) goes to the offline model.
type scriptedTriplets struct {
	inner   model.Client
	replies map[string][]model.Triplet
	calls   int
}

func (c *scriptedTriplets) Name() string { return "scripted" }
func (c *scriptedTriplets) Complete(ctx context.Context, req model.Request) (model.Response, error) {
	in, ok := req.Input.(model.TripletsInput)
	if !ok {
		return c.inner.Complete(ctx, req)
	}
	c.calls++
	if _, err := model.Render(req); err != nil {
		return model.Response{}, err
	}
	trs := c.replies[in.TurnID]
	if trs == nil {
		trs = []model.Triplet{}
	}
	b, err := json.Marshal(model.TripletExtraction{Triplets: trs})
	if err != nil {
		return model.Response{}, err
	}
	return model.Response{Text: string(b), Model: "scripted", Usage: model.Usage{Requests: 1}}, nil
}

// TestKnowledgeUpdateOffline runs the minimal history in model mode with
// scripted extract-triplets replies: the reply that names the replaced
// value supersedes the older triplet, the newest source is quoted with its
// stale part scrubbed, no current line of a now-question mentions the
// stale value, and a dated triplet answers a date question.
func TestKnowledgeUpdateOffline(t *testing.T) {
	c := &scriptedTriplets{inner: backends.OfflineClient(tokenizer.MustDefault()), replies: map[string][]model.Triplet{
		"s1-t1": {{Subject: "Dana", Relation: "prefers", Object: "Postgres", Evidence: "I prefer Postgres because the team knows it."}},
		"s1-t2": {{Subject: "orders service", Relation: "uses", Object: "Postgres 16",
			Evidence: "We decided to use Postgres 16 for orders, because the team knows it well."}},
		"s2-t1": {{Subject: "orders service", Relation: "uses", Object: "MySQL 8", Change: true,
			Evidence: "Change of plan since last Monday, we moved orders to MySQL 8 after the vendor review."},
			{Subject: "orders move to MySQL 8", Relation: "occurred_at", Object: "2026-03-02",
				Evidence: "Change of plan since last Monday, we moved orders to MySQL 8 after the vendor review."}},
		"s2-t2": {{Subject: "orders service", Relation: "uses", Object: "MySQL 8", Replaces: "Postgres 16", ReplacedPhrase: " instead of Postgres 16", Change: true,
			Evidence: "Noted, the orders service now uses MySQL 8 instead of Postgres 16."}},
	}}
	s, err := strategies.Build(Name, map[string]any{"vector_k": 0}, testEnv(strategies.ExtractModel, c))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	m := s.(*TriMem)
	last := replay(t, m, strategies.ExtractModel, minimal())
	if c.calls != 5 {
		t.Fatalf("extract-triplets requests = %d, want 5", c.calls)
	}
	r := ask(t, m, "Which database does the orders service use now?", last.Add(time.Minute), 1024)
	// The newest source is quoted with its stale part scrubbed; the
	// superseded value is left out of a now-question.
	want := []itemView{{"orders service uses mysql 8 — “Noted, the orders service now uses MySQL 8.”", []string{"s2-t1", "s2-t2"}, "", strategies.KindFact}}
	if got := view(r); !reflect.DeepEqual(got, want) {
		t.Fatalf("now-question:\n got  %+v\n want %+v", got, want)
	}
	// s2-t1 (a change) supersedes Postgres 16; s2-t2 restates MySQL 8.
	st := m.Stats()
	if st.Turns != 5 || st.Extracted != 5 || st.New != 4 || st.Superseded != 1 || st.Reinforced != 1 || st.Failures != 0 || st.Invalid != 0 {
		t.Fatalf("stats = %+v", st)
	}
	r = ask(t, m, "On what date did we move orders to MySQL?", last.Add(time.Minute), 1024)
	wantCtx := "[2026-03-09 s2-t1,s2-t2] orders service uses mysql 8 — “Noted, the orders service now uses MySQL 8.”\n" +
		"[2026-03-09 s2-t1] orders move to mysql 8 happened on 2026-03-02 — “Change of plan since last Monday, we moved orders to MySQL 8 after the vendor review.”\n" +
		"[2026-03-02 s1-t1] dana prefers postgres — “I prefer Postgres because the team knows it.”\n" +
		"[2026-03-02 s1-t2] (superseded) orders service uses postgres 16 (until 2026-03-09; replaced by mysql 8) — “We decided to use Postgres 16 for orders, because the team knows it well.”"
	if r.Context != wantCtx {
		t.Fatalf("date question context:\n%s\nwant\n%s", r.Context, wantCtx)
	}
}

func TestModelModeChargesExtractionPrompts(t *testing.T) {
	tok := tokenizer.MustDefault()
	meter := model.NewMeter(backends.OfflineClient(tok))
	s, err := strategies.Build(Name, nil, testEnv(strategies.ExtractModel, meter))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	replay(t, s, strategies.ExtractModel, minimal())
	u := meter.ByKind()[model.KindExtractTriplets]
	if u.Requests != 5 || u.PromptTokens <= 5*200 || u.CompletionTokens <= 0 || u.Failures != 0 {
		t.Fatalf("usage = %+v", u)
	}
}

// failing is a model client whose every request fails for good.
type failing struct{}

func (failing) Name() string { return "failing" }
func (failing) Complete(context.Context, model.Request) (model.Response, error) {
	return model.Response{}, &model.FailedError{Kind: model.KindExtractTriplets, Cause: errors.New("bad gateway")}
}

func TestExtractionFailureIsCountedNotFatal(t *testing.T) {
	s, err := strategies.Build(Name, map[string]any{"vector_k": 0}, testEnv(strategies.ExtractModel, failing{}))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	last := replay(t, s, strategies.ExtractModel, minimal())
	m := s.(*TriMem)
	if st := m.Stats(); st.Failures != 5 || st.Extracted != 0 {
		t.Fatalf("stats = %+v", st)
	}
	// Nothing was extracted: the fallback serves the raw sentences.
	r := ask(t, s, "Which database does the orders service use?", last, 1024)
	if len(r.Items) == 0 || r.Items[0].Kind != KindSentence || m.Stats().Fallbacks != 1 {
		t.Fatalf("fallback = %+v stats %+v", r.Items, m.Stats())
	}
}

func TestFallbackAndItsSwitch(t *testing.T) {
	turns := []session{{"s1", t0, []scenarios.Turn{
		{ID: "a", Role: "user", Text: "Hotel Granvia, right above Kyoto Station."},
		{ID: "b", Role: "user", Text: "I prefer window seats."},
	}}}
	m := build(t, strategies.ExtractModel, map[string]any{"vector_k": 0})
	last := replay(t, m, strategies.ExtractModel, turns)
	r := ask(t, m, "Where is Hotel Granvia?", last, 1024)
	want := []itemView{{"Hotel Granvia, right above Kyoto Station.", []string{"a"}, "", KindSentence}}
	if !reflect.DeepEqual(view(r), want) || m.Stats().Fallbacks != 1 {
		t.Fatalf("fallback: %+v stats %+v", view(r), m.Stats())
	}
	// A question with a matching triplet does not fall back.
	r = ask(t, m, "Which seats do I prefer?", last, 1024)
	if len(r.Items) != 1 || r.Items[0].Kind != strategies.KindFact || m.Stats().Fallbacks != 1 {
		t.Fatalf("triplet answer: %+v", view(r))
	}
	// fill: sentences follow the triplets (an already quoted one is skipped).
	fill := build(t, strategies.ExtractModel, map[string]any{"fallback": "fill", "vector_k": 0})
	replay(t, fill, strategies.ExtractModel, append(turns[:0:0], session{"s1", t0, append(append([]scenarios.Turn{}, turns[0].turns...),
		scenarios.Turn{ID: "c", Role: "user", Text: "Window seats, cold in winter."})}))
	r = ask(t, fill, "Which seats do I prefer?", last.Add(time.Minute), 1024)
	want = []itemView{{"user prefers window seats — “I prefer window seats.”", []string{"b"}, "", strategies.KindFact},
		{"Window seats, cold in winter.", []string{"c"}, "", KindSentence}}
	if !reflect.DeepEqual(view(r), want) || fill.Stats().Fallbacks != 1 {
		t.Fatalf("fill: %+v stats %+v", view(r), fill.Stats())
	}
	off := build(t, strategies.ExtractModel, map[string]any{"fallback": "off", "vector_k": 0})
	replay(t, off, strategies.ExtractModel, turns)
	if r := ask(t, off, "Where is Hotel Granvia?", last, 1024); len(r.Items) != 0 || r.Context != "" {
		t.Fatalf("fallback off: %+v", r)
	}
}

func TestConditionalFactsStayConditional(t *testing.T) {
	turns := []session{{"s1", t0, []scenarios.Turn{
		{ID: "a", Role: "user", Text: "I love spicy food."},
		{ID: "b", Role: "user", Text: "I avoid spicy food when I'm unwell."},
	}}}
	m := build(t, strategies.ExtractModel, map[string]any{"vector_k": 0})
	last := replay(t, m, strategies.ExtractModel, turns)
	r := ask(t, m, "Do I like spicy food?", last, 1024)
	got := view(r)
	want := []itemView{
		{"user prefers spicy food — “I love spicy food.”", []string{"a"}, "", strategies.KindFact},
		{"user dislikes spicy food (when I'm unwell) — “I avoid spicy food when I'm unwell.”", []string{"b"}, strategies.StatusConditional, strategies.KindFact},
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got  %+v\nwant %+v", got, want)
	}
	if !strings.Contains(r.Context, "(conditional) user dislikes spicy food (when I'm unwell)") {
		t.Fatalf("context: %s", r.Context)
	}
}

func TestRuleIsRetrievedWithItsInstances(t *testing.T) {
	turns := []session{{"s1", t0, []scenarios.Turn{
		{ID: "a", Role: "user", Text: "I hate spicy ramen."},
		{ID: "b", Role: "user", Text: "I hate spicy curry."},
		{ID: "c", Role: "user", Text: "I hate spicy wings."},
	}}}
	m := build(t, strategies.ExtractModel, map[string]any{"vector_k": 0})
	last := replay(t, m, strategies.ExtractModel, turns)
	r := ask(t, m, "What spicy dishes do I dislike?", last, 1024)
	if len(r.Items) != 4 || r.Items[0].Kind != KindRuleItem ||
		r.Items[0].Text != "user dislikes spicy (rule from 3 instances: spicy ramen; spicy curry; spicy wings)" ||
		!reflect.DeepEqual(r.Items[0].TurnIDs, []string{"a", "b", "c"}) {
		t.Fatalf("items = %+v", view(r))
	}
	if m.Stats().Rules != 1 {
		t.Fatalf("stats = %+v", m.Stats())
	}
}

func TestRank(t *testing.T) {
	m := build(t, strategies.ExtractOracle, map[string]any{"half_life": "24h"})
	now := t0.Add(24 * time.Hour)
	cur := Record{ID: 2, SubjectID: 10, ObjectID: 20, Subject: "orders service", Relation: "uses", Object: "mysql 8",
		Strength: 0.5, UpdatedAt: now}
	old := Record{ID: 1, SubjectID: 10, ObjectID: 21, Subject: "orders service", Relation: "uses", Object: "postgres 16",
		Strength: 0.9, UpdatedAt: now, Status: strategies.StatusSuperseded}
	other := Record{ID: 3, SubjectID: 11, ObjectID: 22, Subject: "user", Relation: "prefers", Object: "tea",
		Strength: 1, UpdatedAt: t0} // one half-life old: 0.5
	ents := []EntityMatch{{ID: 10, Coverage: 1}, {ID: 11, Coverage: 1}}
	q := readQ(t, "Which database does the orders service use?")
	if q.Mode != modeDefault || !reflect.DeepEqual(q.Relations, []string{"uses"}) || q.Self {
		t.Fatalf("question = %+v", q)
	}
	// terms: databas, order, servic, use → cur: E=1, R=1, L=3/4 → 2.75×0.5.
	// old: same relevance × 0.9 = 2.475, capped to 0.99 × 1.375.
	// other: E=1 × 0.5 = 0.5.
	got := m.Rank(q, ents, []Record{old, cur, other}, now)
	want := []struct {
		id    int64
		score float64
	}{{2, 1.375}, {1, 0.99 * 1.375}, {3, 0.5}}
	if len(got) != 3 {
		t.Fatalf("ranked %d", len(got))
	}
	for i, w := range want {
		if got[i].Record.ID != w.id || math.Abs(got[i].Score-w.score) > 1e-12 {
			t.Errorf("rank %d = #%d %.6f, want #%d %.6f", i, got[i].Record.ID, got[i].Score, w.id, w.score)
		}
	}
	// A now-question drops the superseded value; a history question lets it
	// rank by its own score.
	if got := m.Rank(readQ(t, "Which database does the orders service use now?"), ents, []Record{old, cur}, now); len(got) != 1 || got[0].Record.ID != 2 {
		t.Fatalf("now: %+v", got)
	}
	got = m.Rank(readQ(t, "Which database did the orders service use before?"), ents, []Record{old, cur}, now)
	if got[0].Record.ID != 1 || math.Abs(got[0].Score-2.475) > 1e-12 {
		t.Fatalf("before: %+v", got)
	}
	// Answer type: "when" weighs date relations double.
	qa := readQ(t, "When is the flight?")
	if !reflect.DeepEqual(qa.AnswerRelations, []string{"occurred_at", "scheduled_for"}) {
		t.Fatalf("answer relations = %v", qa.AnswerRelations)
	}
	if q := readQ(t, "What do I prefer?"); !q.Self || !reflect.DeepEqual(q.Relations, []string{"prefers"}) {
		t.Fatalf("self question = %+v", q)
	}
}

func TestQuoteAndRender(t *testing.T) {
	r := Record{Kind: KindFact, Subject: "orders service", Relation: "uses", Object: "mysql 8",
		Sentences: []string{"We moved orders to MySQL 8.", "Noted, orders now use MySQL 8 instead of Postgres 16."}}
	both := [][]string{{"postgres 16"}, {"postgres 16"}}
	// the phrases an extraction reply marked (Triplet.ReplacedPhrase)
	marked := map[string][]string{"Noted, orders now use MySQL 8 instead of Postgres 16.": {" instead of Postgres 16"}}
	phrases := func(s string) []string { return marked[s] }
	if q := Quote(r, both, phrases); q != "Noted, orders now use MySQL 8." {
		t.Fatalf("quote = %q", q)
	}
	if q := Quote(r, [][]string{nil, nil}, phrases); q != "Noted, orders now use MySQL 8 instead of Postgres 16." {
		t.Fatalf("quote = %q", q)
	}
	// A sentence that states the stale value (not as the replaced one) is
	// not quoted; the older clean one is.
	r2 := r
	r2.Sentences = []string{r.Sentences[0], "Summary: orders use MySQL 8, reports use Postgres 16."}
	if q := Quote(r2, both, phrases); q != "We moved orders to MySQL 8." {
		t.Fatalf("quote = %q", q)
	}
	r.Sentences = []string{"Summary: orders use MySQL 8, reports use Postgres 16."}
	if q := Quote(r, both[1:], phrases); q != "" {
		t.Fatalf("quote = %q", q)
	}
	ref := time.Date(2026, 3, 9, 0, 0, 0, 0, time.UTC)
	for _, c := range []struct{ in, stale, phrase, want string }{
		{"He moved the submission deadline from April 30 to May 22.", "2026-04-30", "from April 30 ", "He moved the submission deadline to May 22."},
		{"Set MaxConns 15 (down from 20), so it fits.", "20", " (down from 20)", "Set MaxConns 15, so it fits."},
		{"Orders now use MySQL 8 instead of Postgres 16.", "postgres 16", " instead of Postgres 16", "Orders now use MySQL 8."},
	} {
		if got, ok := Scrub(c.in, []string{c.stale}, []string{c.phrase}, ref); !ok || got != c.want {
			t.Errorf("Scrub(%q) = %q, %v; want %q", c.in, got, ok, c.want)
		}
		// A phrase naming no stale value is kept; the sentence then still
		// names the stale value and is refused.
		if _, ok := Scrub(c.in, []string{c.stale}, []string{"unrelated words"}, ref); ok {
			t.Errorf("Scrub(%q) without its phrase passed", c.in)
		}
	}
	if _, ok := Scrub("The deadline is April 30.", []string{"2026-04-30"}, nil, ref); ok {
		t.Error("a sentence stating the stale date passed")
	}
	old := Record{Kind: KindFact, Subject: "hotel", Relation: "scheduled_for", Object: "2026-03-03", Condition: "if it rains",
		Status: strategies.StatusSuperseded, ValidTo: t0}
	if got := Render(old, "Hotel booked for March 3.", "2026-03-05", nil); got != "hotel is scheduled for 2026-03-03 (if it rains) (until 2026-03-02; replaced by 2026-03-05) — “Hotel booked for March 3.”" {
		t.Fatalf("render = %q", got)
	}
	if got := Render(old, "", "", nil); got != "hotel is scheduled for 2026-03-03 (if it rains) (until 2026-03-02; no longer true)" {
		t.Fatalf("render = %q", got)
	}
}

func TestBudgetAndDeterminism(t *testing.T) {
	var ctxs []string
	for i := 0; i < 2; i++ {
		m := build(t, strategies.ExtractModel, nil)
		last := replay(t, m, strategies.ExtractModel, minimal())
		r := ask(t, m, "Why did we first pick Postgres, and what replaced it?", last, 60)
		if n := tokenizer.MustDefault().Count(r.Context); n > 60 || len(r.Items) == 0 {
			t.Fatalf("context %d tokens, %d items", n, len(r.Items))
		}
		lines := strings.Split(r.Context, "\n")
		if len(lines) != len(r.Items) {
			t.Fatalf("%d lines for %d items", len(lines), len(r.Items))
		}
		ctxs = append(ctxs, r.Context)
		if r := ask(t, m, "anything", last, 0); len(r.Items) != 0 {
			t.Fatal("zero budget returned items")
		}
	}
	if ctxs[0] != ctxs[1] {
		t.Fatalf("not deterministic:\n%s\n---\n%s", ctxs[0], ctxs[1])
	}
}

func TestBadConfigAndInput(t *testing.T) {
	env := testEnv(strategies.ExtractModel, nil)
	for _, raw := range []map[string]any{
		{"half_life": "0s"}, {"half_life": "-2h"}, {"half_life": "soon"},
		{"forget_threshold": 1.5}, {"reinforcement": 0.0}, {"consolidate_min": 1}, {"top_k": 0}, {"fallback": "always"},
	} {
		if s, err := strategies.Build(Name, raw, env); err == nil {
			s.Close()
			t.Errorf("Build(%v) accepted", raw)
		}
	}
	if _, err := strategies.Build(Name, map[string]any{"halflife": "1h"}, env); err == nil || !strings.Contains(err.Error(), `did you mean "half_life"`) {
		t.Errorf("did-you-mean: %v", err)
	}
	noModel := env
	noModel.Model = nil
	if _, err := strategies.Build(Name, nil, noModel); err == nil {
		t.Error("model mode without a model accepted")
	}
	bad := env
	bad.Extraction = "gold"
	if _, err := strategies.Build(Name, nil, bad); err == nil {
		t.Error("unknown extraction mode accepted")
	}
	m := build(t, strategies.ExtractModel, nil)
	if err := m.Ingest(context.Background(), strategies.Turn{Text: "no id"}); err == nil {
		t.Error("turn without id accepted")
	}
	// Odd inputs never panic.
	for _, txt := range []string{"", "???", "I prefer", "we use", ", , when if unless", strings.Repeat("I love x and ", 200)} {
		if err := m.Ingest(context.Background(), strategies.Turn{ID: "x" + txt, Role: "user", Text: txt, Time: t0}); err != nil {
			t.Errorf("Ingest(%q): %v", txt, err)
		}
	}
	if _, err := m.Retrieve(context.Background(), strategies.Query{Question: "", Budget: 100}); err != nil {
		t.Error(err)
	}
}

// readQ analyzes a question with the offline model's reading of it.
func readQ(t *testing.T, q string) Question {
	t.Helper()
	tok := tokenizer.MustDefault()
	iq, failed, err := strategies.ReadQuestion(context.Background(), backends.OfflineClient(tok), strategies.Query{ID: "q", Question: q})
	if err != nil || failed {
		t.Fatalf("reading %q: failed=%v err=%v", q, failed, err)
	}
	return AnalyzeQuestion(q, iq)
}
