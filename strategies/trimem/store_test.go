package trimem

import (
	"context"
	"errors"
	"fmt"
	"math"
	"reflect"
	"testing"
	"time"

	"github.com/memarena/memarena/strategies"
)

var t0 = time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)

func newStore(t *testing.T, cfg Config) *Store {
	t.Helper()
	if cfg.HalfLife == 0 {
		cfg.HalfLife = 24 * time.Hour
	}
	if cfg.Reinforcement == 0 {
		cfg.Reinforcement = 0.5
	}
	s, err := OpenStore(cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// as asserts (s, r, o) from turn at time at, failing the test on error.
func as(t *testing.T, st *Store, turn string, at time.Time, s, r, o string, opts ...func(*Assertion)) AssertResult {
	t.Helper()
	a := Assertion{Subject: s, Relation: r, Object: o, Sentence: s + " " + r + " " + o, TurnID: turn, At: at}
	for _, f := range opts {
		f(&a)
	}
	res, err := st.Assert(context.Background(), a)
	if err != nil {
		t.Fatalf("assert %s %s %s: %v", s, r, o, err)
	}
	return res
}

func withCue(a *Assertion)                   { a.ChangeCue = true }
func withCond(c string) func(*Assertion)     { return func(a *Assertion) { a.Condition = c } }
func withSentence(s string) func(*Assertion) { return func(a *Assertion) { a.Sentence = s } }

// withSubjectName gives the assertion's subject the canonical entity name
// a model reply gives it (model.EntityNames).
func withSubjectName(n string) func(*Assertion) { return func(a *Assertion) { a.SubjectName = n } }

func get(t *testing.T, st *Store, id int64) Record {
	t.Helper()
	r, err := st.Triplet(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-12 }

func TestReinforcement(t *testing.T) {
	st := newStore(t, Config{})
	r1 := as(t, st, "s1-t1", t0, "I", "prefers", "direct flights")
	if !r1.New || get(t, st, r1.ID).Strength != 0.5 {
		t.Fatalf("new triplet: %+v strength %v", r1, get(t, st, r1.ID).Strength)
	}
	// The same turn asserting it again does not reinforce.
	r1b := as(t, st, "s1-t1", t0, "I", "prefers", "direct flights")
	if r1b.ID != r1.ID || r1b.Reinforced || get(t, st, r1.ID).Strength != 0.5 {
		t.Fatalf("same-turn repeat reinforced: %+v", r1b)
	}
	// Another turn at the same time: 0.5 + 0.5·0.5 = 0.75; "me" and the
	// singular are the same entities.
	r2 := as(t, st, "s1-t2", t0, "me", "prefers", "direct flight")
	if r2.ID != r1.ID || !r2.Reinforced || get(t, st, r1.ID).Strength != 0.75 {
		t.Fatalf("reinforce: %+v strength %v", r2, get(t, st, r1.ID).Strength)
	}
	// One half-life later: decayed 0.375, reinforced to 0.375 + 0.5·0.625.
	as(t, st, "s2-t1", t0.Add(24*time.Hour), "the user", "prefers", "direct flights")
	rec := get(t, st, r1.ID)
	if rec.Strength != 0.6875 || !rec.UpdatedAt.Equal(t0.Add(24*time.Hour)) || !rec.LastSeen.Equal(t0.Add(24*time.Hour)) || !rec.FirstSeen.Equal(t0) {
		t.Fatalf("after decay+reinforce: %+v", rec)
	}
	if !reflect.DeepEqual(rec.TurnIDs, []string{"s1-t1", "s1-t2", "s2-t1"}) {
		t.Fatalf("provenance = %v", rec.TurnIDs)
	}
	if got := st.Effective(rec.Strength, rec.UpdatedAt, t0.Add(72*time.Hour)); got != 0.171875 {
		t.Fatalf("effective two half-lives later = %v", got)
	}
}

func TestSupersessionSingleValued(t *testing.T) {
	st := newStore(t, Config{})
	a := as(t, st, "t1", t0, "hotel", "located_in", "Kyoto")
	b := as(t, st, "t2", t0.Add(time.Hour), "the hotel", "located_in", "Osaka")
	if !reflect.DeepEqual(b.Superseded, []int64{a.ID}) {
		t.Fatalf("superseded = %v, want [%d]", b.Superseded, a.ID)
	}
	old := get(t, st, a.ID)
	want := 0.5 * math.Exp2(-1.0/24) * SupersededWeight
	if old.Status != strategies.StatusSuperseded || !near(old.Strength, want) || old.SupersededBy != b.ID ||
		!old.ValidTo.Equal(t0.Add(time.Hour)) || old.EndedBy != "t2" {
		t.Fatalf("old = %+v, want strength %v", old, want)
	}
	if get(t, st, b.ID).Status != strategies.StatusCurrent {
		t.Fatal("new value not current")
	}
	// Reverting: the old value asserted again is current, the one that
	// replaced it is superseded — never two current values.
	c := as(t, st, "t3", t0.Add(2*time.Hour), "hotel", "located_in", "Kyoto")
	if c.ID != a.ID || !reflect.DeepEqual(c.Superseded, []int64{b.ID}) {
		t.Fatalf("revert: %+v", c)
	}
	reverted := get(t, st, a.ID)
	e := want * math.Exp2(-1.0/24)
	if reverted.Status != strategies.StatusCurrent || !near(reverted.Strength, e+0.5*(1-e)) || reverted.SupersededBy != 0 || !reverted.ValidTo.IsZero() {
		t.Fatalf("reverted = %+v", reverted)
	}
	if get(t, st, b.ID).Status != strategies.StatusSuperseded {
		t.Fatal("replacement not superseded by the revert")
	}
}

func TestSupersessionMultiValued(t *testing.T) {
	st := newStore(t, Config{})
	w := as(t, st, "t1", t0, "user", "prefers", "window seats")
	d := as(t, st, "t2", t0, "user", "prefers", "direct flights")
	if len(d.Superseded) != 0 {
		t.Fatalf("a second preference without a change cue superseded %v", d.Superseded)
	}
	// A change cue: the value sharing words with the new one is replaced.
	a := as(t, st, "t3", t0.Add(time.Hour), "user", "prefers", "aisle seats", withCue)
	if !reflect.DeepEqual(a.Superseded, []int64{w.ID}) {
		t.Fatalf("cue superseded %v, want window seats %d", a.Superseded, w.ID)
	}
	if get(t, st, d.ID).Status != strategies.StatusCurrent {
		t.Fatal("direct flights lost")
	}
	// A change cue with several unrelated values and none named: ambiguous,
	// nothing is superseded.
	m := as(t, st, "t4", t0.Add(2*time.Hour), "user", "prefers", "morning trains", withCue)
	if len(m.Superseded) != 0 {
		t.Fatalf("ambiguous cue superseded %v", m.Superseded)
	}
	// The sentence names the old value.
	st2 := newStore(t, Config{})
	p := as(t, st2, "t1", t0, "orders service", "uses", "postgres 16", withSubjectName("orders"))
	r := as(t, st2, "t1", t0, "orders service", "uses", "redis", withSubjectName("orders"))
	my := as(t, st2, "t2", t0.Add(time.Hour), "orders", "uses", "mysql 8", withCue,
		withSentence("the orders service now uses MySQL 8 instead of Postgres 16"))
	if !reflect.DeepEqual(my.Superseded, []int64{p.ID}) || get(t, st2, r.ID).Status != strategies.StatusCurrent {
		t.Fatalf("named: superseded %v", my.Superseded)
	}
	// Replaces works without a cue.
	g := as(t, st2, "t3", t0.Add(2*time.Hour), "orders", "uses", "valkey", func(a *Assertion) { a.Replaces = []string{"Redis"} })
	if !reflect.DeepEqual(g.Superseded, []int64{r.ID}) {
		t.Fatalf("replaces: superseded %v", g.Superseded)
	}
	// A change cue with a single value replaces it.
	st3 := newStore(t, Config{})
	x := as(t, st3, "t1", t0, "team", "works_on", "billing")
	y := as(t, st3, "t2", t0.Add(time.Hour), "team", "works_on", "search", withCue)
	if !reflect.DeepEqual(y.Superseded, []int64{x.ID}) {
		t.Fatalf("single value: superseded %v", y.Superseded)
	}
}

func TestPolarityAndConditions(t *testing.T) {
	st := newStore(t, Config{})
	love := as(t, st, "t1", t0, "user", "prefers", "spicy food")
	cond := as(t, st, "t2", t0, "user", "dislikes", "spicy food", withCond("when I'm unwell"))
	if len(cond.Superseded) != 0 {
		t.Fatalf("a conditional fact superseded %v", cond.Superseded)
	}
	rc := get(t, st, cond.ID)
	if rc.Status != strategies.StatusConditional || rc.Condition != "when I'm unwell" || get(t, st, love.ID).Status != strategies.StatusCurrent {
		t.Fatalf("conditional = %+v", rc)
	}
	// The same condition said differently reinforces the conditional fact.
	again := as(t, st, "t3", t0, "I", "dislikes", "spicy food", withCond("when unwell"))
	if again.ID != cond.ID || get(t, st, cond.ID).Strength != 0.75 {
		t.Fatalf("condition key: %+v", again)
	}
	// Opposite polarity, same (empty) condition: the newer wins.
	hate := as(t, st, "t4", t0.Add(time.Hour), "user", "dislikes", "spicy food")
	if !reflect.DeepEqual(hate.Superseded, []int64{love.ID}) || get(t, st, cond.ID).Status != strategies.StatusConditional {
		t.Fatalf("polarity: %+v", hate)
	}
	if ConditionKey("When I'm unwell") != "unwel" || ConditionKey("only if it rains") != "rain" || ConditionKey("") != "" {
		t.Fatalf("ConditionKey: %q %q", ConditionKey("When I'm unwell"), ConditionKey("only if it rains"))
	}
}

func TestDependentFactsFallWithTheirValue(t *testing.T) {
	st := newStore(t, Config{})
	s1 := withSentence("We decided to use Postgres 16 for orders.")
	p := as(t, st, "s1-t2", t0, "orders", "uses", "Postgres 16", s1)
	d := as(t, st, "s1-t2", t0, "user", "decided", "use Postgres 16 for orders", s1)
	other := as(t, st, "s1-t2", t0, "user", "prefers", "green tea", s1)
	m := as(t, st, "s2-t1", t0.Add(time.Hour), "orders service", "uses", "MySQL 8", withCue, withSubjectName("orders"))
	if !reflect.DeepEqual(m.Superseded, []int64{p.ID, d.ID}) {
		t.Fatalf("superseded %v, want [%d %d]", m.Superseded, p.ID, d.ID)
	}
	if r := get(t, st, d.ID); r.SupersededBy != m.ID || get(t, st, other.ID).Status != strategies.StatusCurrent {
		t.Fatalf("dependent = %+v", r)
	}
}

func TestRetract(t *testing.T) {
	st := newStore(t, Config{})
	r := as(t, st, "t1", t0, "we", "uses", "Redis")
	ids, err := st.Retract(context.Background(), Assertion{Subject: "user", Relation: "uses", Object: "redis", TurnID: "t2", At: t0.Add(24 * time.Hour)})
	if err != nil || !reflect.DeepEqual(ids, []int64{r.ID}) {
		t.Fatalf("retract = %v, %v", ids, err)
	}
	rec := get(t, st, r.ID)
	if rec.Status != strategies.StatusSuperseded || rec.SupersededBy != 0 || rec.Strength != 0.125 || rec.EndedBy != "t2" {
		t.Fatalf("retracted = %+v", rec)
	}
	if ids, _ := st.Retract(context.Background(), Assertion{Subject: "user", Relation: "uses", Object: "kafka", TurnID: "t3", At: t0}); len(ids) != 0 {
		t.Fatalf("retracting an unknown fact: %v", ids)
	}
}

// TestDecayAndForgettingTimeline scripts a timeline with half-life 24h,
// α = 0.5 and threshold 0.1: A said once (0.5), B three times (0.875).
// A: 0.25 @24h, 0.125 @48h, 0.0625 @72h → archived at 72h.
// B: 0.4375, 0.21875, 0.109375 @72h (kept), 0.0546875 @96h → archived.
func TestDecayAndForgettingTimeline(t *testing.T) {
	ctx := context.Background()
	st := newStore(t, Config{ForgetThreshold: 0.1})
	a := as(t, st, "t1", t0, "user", "owns", "bicycle")
	b := as(t, st, "t1", t0, "user", "works_on", "billing")
	as(t, st, "t2", t0, "user", "works_on", "billing")
	as(t, st, "t3", t0, "user", "works_on", "billing")
	if got := get(t, st, b.ID).Strength; got != 0.875 {
		t.Fatalf("B = %v", got)
	}
	steps := []struct {
		h    int
		want []int64
	}{{24, nil}, {48, nil}, {72, []int64{a.ID}}, {96, []int64{b.ID}}}
	for _, s := range steps {
		at := t0.Add(time.Duration(s.h) * time.Hour)
		got, err := st.Sweep(ctx, at)
		if err != nil || !reflect.DeepEqual(got, s.want) {
			t.Fatalf("sweep @%dh = %v, %v; want %v", s.h, got, err, s.want)
		}
		if s.h == 72 {
			ra, rb := get(t, st, a.ID), get(t, st, b.ID)
			if !ra.ArchivedAt.Equal(at) || rb.Archived() || st.Effective(rb.Strength, rb.UpdatedAt, at) != 0.109375 {
				t.Fatalf("@72h A=%+v B=%+v", ra, rb)
			}
			// Archived triplets are not candidates; live ones are.
			c, err := st.Candidates(ctx, []int64{ra.SubjectID}, nil, at, 10, 0)
			if err != nil || len(c) != 1 || c[0].ID != b.ID {
				t.Fatalf("candidates @72h = %+v, %v", c, err)
			}
		}
	}
	// Still auditable.
	all, err := st.Triplets(ctx)
	if err != nil || len(all) != 2 || !all[0].Archived() || !all[1].Archived() {
		t.Fatalf("audit = %+v, %v", all, err)
	}
	// Asserting a forgotten fact revives it from its decayed strength.
	at := t0.Add(120 * time.Hour)
	as(t, st, "t9", at, "user", "owns", "bicycle")
	ra := get(t, st, a.ID)
	e := 0.5 * math.Exp2(-5)
	if ra.Archived() || !near(ra.Strength, e+0.5*(1-e)) {
		t.Fatalf("revived = %+v", ra)
	}
	// A fact below the threshold at query time is not returned even before
	// a sweep archives it.
	c := as(t, st, "t10", at, "user", "owns", "kayak")
	cands, _ := st.Candidates(ctx, []int64{ra.SubjectID}, nil, at.Add(100*time.Hour), 10, 0)
	for _, r := range cands {
		if r.ID == c.ID {
			t.Fatal("a fact below the threshold at query time is a candidate")
		}
	}
}

func TestConsolidation(t *testing.T) {
	ctx := context.Background()
	st := newStore(t, Config{})
	ids := []int64{
		as(t, st, "t1", t0, "user", "dislikes", "spicy ramen").ID,
		as(t, st, "t2", t0, "user", "dislikes", "spicy curry").ID,
		as(t, st, "t3", t0, "user", "dislikes", "Spicy wings").ID,
	}
	as(t, st, "t4", t0, "user", "dislikes", "mushrooms")
	as(t, st, "t4", t0, "user", "prefers", "spicy tofu") // other relation: not an instance
	if rules, err := st.Consolidate(ctx, t0, 4); err != nil || len(rules) != 0 {
		t.Fatalf("min 4: rules %v, %v", rules, err)
	}
	rules, err := st.Consolidate(ctx, t0, 3)
	if err != nil || len(rules) != 1 {
		t.Fatalf("rules = %v, %v", rules, err)
	}
	r := get(t, st, rules[0])
	if r.Kind != KindRule || r.Subject != "user" || r.Relation != "dislikes" || r.Object != "spicy" || r.Strength != 0.875 ||
		!reflect.DeepEqual(r.Instances, ids) || !reflect.DeepEqual(r.TurnIDs, []string{"t1", "t2", "t3"}) || r.Status != strategies.StatusCurrent {
		t.Fatalf("rule = %+v", r)
	}
	// A fourth instance a half-life later: noisy-OR of (0.25, 0.25, 0.25,
	// 0.5) = 1 − 0.75³·0.5 beats the rule's own decayed 0.4375.
	t1 := t0.Add(24 * time.Hour)
	four := as(t, st, "t5", t1, "user", "dislikes", "spicy tacos")
	rules2, err := st.Consolidate(ctx, t1, 3)
	if err != nil || !reflect.DeepEqual(rules2, rules) {
		t.Fatalf("re-consolidate = %v, %v", rules2, err)
	}
	r = get(t, st, rules[0])
	if r.Strength != 0.7890625 || !reflect.DeepEqual(r.Instances, append(append([]int64{}, ids...), four.ID)) {
		t.Fatalf("rule after 4th = %+v", r)
	}
	if _, err := st.Consolidate(ctx, t1, 1); err == nil {
		t.Fatal("min 1 accepted")
	}
}

// TestConsolidationIncremental pins incremental consolidation: only slots
// changed since the previous call are re-examined, a rule of an unchanged
// slot keeps its stored strength, a changed instance's new evidence is
// copied into its rule once, and a call with another min is a full pass.
// TestConsolidationIncremental runs with the store's in-memory mirrors of
// aliases and consolidation provenance (evTop, copied) and again with them
// switched off, so every value is also read from the tables: both must
// give the same rules.
func TestConsolidationIncremental(t *testing.T) {
	for _, mirrors := range []bool{true, false} {
		t.Run(fmt.Sprint("mirrors=", mirrors), func(t *testing.T) { consolidationIncremental(t, mirrors) })
	}
}

func consolidationIncremental(t *testing.T, mirrors bool) {
	ctx := context.Background()
	st := newStore(t, Config{})
	if !mirrors {
		st.aliasAll, st.provAll = false, false
	}
	spicy := []int64{
		as(t, st, "t1", t0, "user", "dislikes", "spicy ramen").ID,
		as(t, st, "t2", t0, "user", "dislikes", "spicy curry").ID,
		as(t, st, "t3", t0, "user", "dislikes", "spicy wings").ID,
	}
	flights := []int64{
		as(t, st, "t4", t0, "user", "prefers", "direct flights").ID,
		as(t, st, "t5", t0, "user", "prefers", "morning flights").ID,
		as(t, st, "t6", t0, "user", "prefers", "cheap flights").ID,
	}
	rules, err := st.Consolidate(ctx, t0, 3)
	if err != nil || len(rules) != 2 {
		t.Fatalf("first pass: rules %v, %v", rules, err)
	}
	spicyRule, flightRule := get(t, st, rules[0]), get(t, st, rules[1])
	if spicyRule.Object != "spicy" || flightRule.Object != "flights" || spicyRule.Strength != 0.875 || flightRule.Strength != 0.875 {
		t.Fatalf("first pass: %+v / %+v", spicyRule, flightRule)
	}
	// Nothing changed: nothing is examined.
	if again, err := st.Consolidate(ctx, t0, 3); err != nil || len(again) != 0 {
		t.Fatalf("unchanged: rules %v, %v", again, err)
	}
	// A half-life later a fourth flight preference changes only the
	// flights slot: its rule becomes the noisy-OR of (0.25, 0.25, 0.25,
	// 0.5) = 0.7890625; the spicy rule keeps its stored 0.875 as of t0 (a
	// full pass would have raised it to 1 − 0.75³ = 0.578125 at t1).
	t1 := t0.Add(24 * time.Hour)
	four := as(t, st, "t7", t1, "user", "prefers", "late flights").ID
	got, err := st.Consolidate(ctx, t1, 3)
	if err != nil || !reflect.DeepEqual(got, []int64{flightRule.ID}) {
		t.Fatalf("after a 4th flight: rules %v, %v", got, err)
	}
	flightRule = get(t, st, flightRule.ID)
	if flightRule.Strength != 0.7890625 || !reflect.DeepEqual(flightRule.Instances, append(append([]int64{}, flights...), four)) ||
		!reflect.DeepEqual(flightRule.TurnIDs, []string{"t4", "t5", "t6", "t7"}) {
		t.Fatalf("flight rule = %+v", flightRule)
	}
	if r := get(t, st, spicyRule.ID); r.Strength != 0.875 || !r.UpdatedAt.Equal(t0) {
		t.Fatalf("unchanged spicy rule = %+v", r)
	}
	// Reinforcing "spicy curry" at t1 (0.25 → 0.625) changes the spicy
	// slot: noisy-OR 1 − 0.75·0.375·0.75 = 0.7890625 beats the rule's own
	// decayed 0.4375, and the reinforcing turn joins its provenance once.
	as(t, st, "t8", t1, "user", "dislikes", "spicy curry")
	got, err = st.Consolidate(ctx, t1, 3)
	if err != nil || !reflect.DeepEqual(got, []int64{spicyRule.ID}) {
		t.Fatalf("after reinforcing: rules %v, %v", got, err)
	}
	spicyRule = get(t, st, spicyRule.ID)
	if spicyRule.Strength != 0.7890625 || !reflect.DeepEqual(spicyRule.Instances, spicy) ||
		!reflect.DeepEqual(spicyRule.TurnIDs, []string{"t1", "t2", "t3", "t8"}) {
		t.Fatalf("spicy rule = %+v", spicyRule)
	}
	// Another min re-examines every slot: min 2 derives both rules again.
	got, err = st.Consolidate(ctx, t1, 2)
	if err != nil || !reflect.DeepEqual(got, []int64{spicyRule.ID, flightRule.ID}) {
		t.Fatalf("full pass at min 2: rules %v, %v", got, err)
	}
	// Links are kept once: 3 spicy and 4 flight instances.
	c, err := st.Counts(ctx)
	if err != nil || c.RuleLinks != 7 || c.Rules != 2 || c.Evidence != 16 {
		t.Fatalf("counts = %+v, %v", c, err)
	}
}

func TestEntityNormalizationAndLinking(t *testing.T) {
	ctx := context.Background()
	st := newStore(t, Config{})
	id := func(m string) int64 {
		t.Helper()
		e, err := st.ResolveEntity(ctx, m)
		if err != nil {
			t.Fatalf("%q: %v", m, err)
		}
		return e.ID
	}
	user := id("user")
	for _, m := range []string{"I", "me", "my", "the user", "User", "myself"} {
		if id(m) != user {
			t.Errorf("%q is not the user", m)
		}
	}
	if err := st.RegisterUserName(ctx, "Dana"); err != nil {
		t.Fatal(err)
	}
	if id("Dana") != user || id("dana's") != user {
		t.Error("user name not linked to the user")
	}
	if id("direct flights") != id("Direct flight") {
		t.Error("plural and singular differ")
	}
	named := func(m, name string) int64 {
		t.Helper()
		e, err := st.ResolveNamed(ctx, m, name)
		if err != nil {
			t.Fatalf("%q (%q): %v", m, name, err)
		}
		return e.ID
	}
	orders := id("orders")
	if named("the Orders service", "Orders") != orders || named("Orders API", "Orders") != orders || id("orders") != orders {
		t.Error("canonical-name linking failed")
	}
	if id("orders app") == orders {
		t.Error("a mention without a canonical name linked by its words")
	}
	// Either order: the canonical name registered by a longer mention
	// first is found by the bare name later.
	helix := named("the HelixQA repo", "HelixQA")
	if id("HelixQA") != helix || id("helixqa repo") != helix {
		t.Error("bare name not linked to the earlier named mention")
	}
	pg := id("postgres")
	if id("postgres 16") == pg || id("postgres 17") == id("postgres 16") {
		t.Error("versions linked")
	}
	if id("spicy") == id("spicy ramen") {
		t.Error("modifier linked to its noun phrase")
	}
	for _, bad := range []string{"", "the", "  ...  "} {
		if _, err := st.ResolveEntity(ctx, bad); !errors.Is(err, ErrNoEntity) {
			t.Errorf("%q: err = %v", bad, err)
		}
	}
	if _, err := st.Assert(ctx, Assertion{Subject: "I", Relation: "prefers", Object: "me", TurnID: "t", At: t0}); !errors.Is(err, ErrNoEntity) {
		t.Errorf("self-loop: %v", err)
	}
	if _, err := st.Assert(ctx, Assertion{Subject: "I", Relation: "likes", Object: "tea", TurnID: "t", At: t0}); err == nil {
		t.Error("unknown relation accepted")
	}
}

func TestOpenStoreRejectsBadConfig(t *testing.T) {
	for _, c := range []Config{
		{HalfLife: 0, Reinforcement: 0.5},
		{HalfLife: time.Hour, Reinforcement: 0},
		{HalfLife: time.Hour, Reinforcement: 1.5},
		{HalfLife: time.Hour, Reinforcement: 0.5, ForgetThreshold: 1},
		{HalfLife: time.Hour, Reinforcement: 0.5, ForgetThreshold: -0.1},
	} {
		if s, err := OpenStore(c); err == nil {
			s.Close()
			t.Errorf("OpenStore(%+v) accepted", c)
		}
	}
}

func TestStoresAreIsolated(t *testing.T) {
	a, b := newStore(t, Config{}), newStore(t, Config{})
	as(t, a, "t1", t0, "user", "prefers", "tea")
	ca, _ := a.Counts(context.Background())
	cb, _ := b.Counts(context.Background())
	if ca.Triplets != 1 || cb.Triplets != 0 || ca.Bytes <= 0 {
		t.Fatalf("counts a=%+v b=%+v", ca, cb)
	}
}

func TestAliasSlotsFallWithTheirValue(t *testing.T) {
	st := newStore(t, Config{})
	target := as(t, st, "s1-t11", t0, "test coverage target", "status", "70%")
	short := as(t, st, "s1-t12", t0, "target", "status", "70%")
	gate := as(t, st, "s1-t12", t0, "coverage gate", "status", "70%")
	other := as(t, st, "s1-t13", t0, "hit ratio", "status", "70%") // same value, unrelated name
	// The gate moves to 80%: its old value falls, and with it every other
	// name of the slot holding 70% — "test coverage target" shares
	// "coverage", "target" shares "target" with it (fixed point).
	up := as(t, st, "s6-t05", t0.Add(time.Hour), "coverage gate", "status", "80%")
	want := []int64{target.ID, short.ID, gate.ID}
	if !reflect.DeepEqual(up.Superseded, want) || get(t, st, other.ID).Status != strategies.StatusCurrent {
		t.Fatalf("superseded %v, want %v (hit ratio must stay)", up.Superseded, want)
	}
	for _, id := range want {
		if r := get(t, st, id); r.SupersededBy != up.ID {
			t.Errorf("#%d superseded by %d", id, r.SupersededBy)
		}
	}
}

func TestExplicitReplacedValue(t *testing.T) {
	st := newStore(t, Config{})
	// The old date is held by a differently named event; the text names it
	// ("from April 30 to May 22") and only one fact holds it.
	old := as(t, st, "s1-t03", t0, "survey for tmlr", "scheduled_for", "2026-04-30")
	nw := as(t, st, "s4-t01", t0.Add(time.Hour), "submission deadline", "scheduled_for", "2026-05-22",
		func(a *Assertion) { a.Replaces = []string{"2026-04-30"} })
	if !reflect.DeepEqual(nw.Superseded, []int64{old.ID}) {
		t.Fatalf("superseded %v", nw.Superseded)
	}
	// Two unrelated holders of the replaced value: ambiguous, none falls.
	st2 := newStore(t, Config{})
	a := as(t, st2, "t1", t0, "dentist", "scheduled_for", "2026-04-30")
	b := as(t, st2, "t2", t0, "team offsite", "scheduled_for", "2026-04-30")
	n2 := as(t, st2, "t3", t0.Add(time.Hour), "submission deadline", "scheduled_for", "2026-05-22",
		func(x *Assertion) { x.Replaces = []string{"2026-04-30"} })
	if len(n2.Superseded) != 0 || get(t, st2, a.ID).Status != strategies.StatusCurrent || get(t, st2, b.ID).Status != strategies.StatusCurrent {
		t.Fatalf("ambiguous replaced value superseded %v", n2.Superseded)
	}
}

func TestRetractAnySubject(t *testing.T) {
	st := newStore(t, Config{})
	inv := as(t, st, "t1", t0, "invoices", "uses", "GORM")
	rep := as(t, st, "t2", t0, "reports", "uses", "gorm")
	keep := as(t, st, "t3", t0, "orders", "uses", "sqlc")
	ids, err := st.Retract(context.Background(), Assertion{Subject: AnySubject, Relation: "uses", Object: "GORM", TurnID: "t4", At: t0})
	if err != nil || !reflect.DeepEqual(ids, []int64{inv.ID, rep.ID}) || get(t, st, keep.ID).Status != strategies.StatusCurrent {
		t.Fatalf("retract * = %v, %v", ids, err)
	}
}

func TestStaleSentences(t *testing.T) {
	ctx := context.Background()
	st := newStore(t, Config{})
	sum := "Summary: the cart uses Redis, TTL 5 minutes."
	as(t, st, "s2-t14", t0, "cart", "uses", "redis", withSentence(sum))
	ttl := as(t, st, "s2-t14", t0, "ttl", "status", "5 minutes", withSentence(sum))
	as(t, st, "s5-t04", t0.Add(time.Hour), "ttl", "status", "60 seconds", withSentence("Shorten the TTL to 60 seconds."))
	if get(t, st, ttl.ID).Status != strategies.StatusSuperseded {
		t.Fatal("old TTL current")
	}
	if v, err := st.StaleValues(ctx, "s2-t14", sum); err != nil || !reflect.DeepEqual(v, []string{"5 minutes"}) {
		t.Fatalf("stale values = %v, %v", v, err)
	}
	// The summary states a stale value: the fallback marks it superseded.
	if err := st.inTx(ctx, func(q querier) error {
		if err := st.addSentence(ctx, q, "s2-t14", 1, t0, sum, nil); err != nil {
			return err
		}
		return st.addSentence(ctx, q, "s5-t04", 2, t0.Add(time.Hour), "Shorten the TTL to 60 seconds.", nil)
	}); err != nil {
		t.Fatal(err)
	}
	got, err := st.SentencesFor(ctx, nil, []string{"ttl"}, t0.Add(time.Hour), 10)
	if err != nil || len(got) != 2 {
		t.Fatalf("fallback = %+v, %v", got, err)
	}
	// Same overlap; the newer (less decayed) first.
	if got[0].TurnID != "s5-t04" || got[0].Status != strategies.StatusCurrent || got[1].Status != strategies.StatusSuperseded {
		t.Fatalf("fallback = %+v", got)
	}
	// Score = (E + L) × recency with L = 1 (the one question term).
	if want := math.Exp2(-1.0 / 24); !near(got[1].Score, want) || got[0].Score != 1 {
		t.Fatalf("scores %v %v", got[0].Score, got[1].Score)
	}
}

// TestUpsertRuleSkipsNoEntity checks that a consolidated rule whose
// subject or object names no entity (only stopwords) is skipped, not an
// error that would fail the session's end, and that a normal rule is
// still stored.
func TestUpsertRuleSkipsNoEntity(t *testing.T) {
	s := newStore(t, Config{})
	ctx := context.Background()
	for _, c := range []struct{ subj, obj string }{{"Maria", "the"}, {"of the", "green tea"}} {
		id, err := s.upsertRule(ctx, s.q(), c.subj, "prefers", c.obj, "", "", nil, 0.5, t0.Unix(), t0)
		if err != nil || id != 0 {
			t.Errorf("upsertRule(%q, %q) = %d, %v; want 0, nil", c.subj, c.obj, id, err)
		}
	}
	id, err := s.upsertRule(ctx, s.q(), "Maria", "prefers", "green tea", "", "", nil, 0.5, t0.Unix(), t0)
	if err != nil || id == 0 {
		t.Fatalf("upsertRule(Maria, green tea) = %d, %v; want a stored rule", id, err)
	}
}

// TestAliasCacheAfterRollback: while the alias cache holds every alias a
// missing key is not looked up; after a rolled-back transaction drops the
// cache, entities committed before are found in the table again, and the
// rolled-back one is gone.
func TestAliasCacheAfterRollback(t *testing.T) {
	s := newStore(t, Config{})
	ctx := context.Background()
	if !s.aliasAll {
		t.Fatal("a new store's alias cache is not marked complete")
	}
	var kept Entity
	if err := s.inTx(ctx, func(q querier) (err error) {
		kept, err = s.resolve(ctx, q, "the harbour ferry")
		return err
	}); err != nil {
		t.Fatal(err)
	}
	boom := errors.New("boom")
	if err := s.inTx(ctx, func(q querier) error {
		if _, err := s.resolve(ctx, q, "a paper kite"); err != nil {
			return err
		}
		return boom
	}); !errors.Is(err, boom) {
		t.Fatalf("inTx = %v, want boom", err)
	}
	if s.aliasAll || len(s.alias) != 0 {
		t.Fatalf("after a rollback: aliasAll %v, %d cached aliases; want false, 0", s.aliasAll, len(s.alias))
	}
	id, ok, err := s.lookup(ctx, s.q(), "harbour ferry")
	if err != nil || !ok || id != kept.ID {
		t.Fatalf("lookup(harbour ferry) = %d, %v, %v; want %d, true, nil", id, ok, err, kept.ID)
	}
	if _, ok, err := s.lookup(ctx, s.q(), "paper kite"); err != nil || ok {
		t.Fatalf("lookup(paper kite) = %v, %v; want not found (rolled back)", ok, err)
	}
}
