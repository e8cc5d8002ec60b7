package thoughtgraph

import (
	"context"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/memarena/memarena/internal/embed"
	"github.com/memarena/memarena/scenarios"
	"github.com/memarena/memarena/strategies"
)

// debugSession is one finished task: the user reports a problem (knowledge
// K), then A1 (analysis) → H1 (hypothesis) → D (decision) → T (todo), and
// an unrelated analysis A2 that leads nowhere.
func debugSession(t *testing.T, consolidate bool) *ThoughtGraph {
	cfg := defaultConfig()
	cfg.Consolidate = consolidate
	g := mustNew(t, oracleEnv(embed.NewHashing(256)), cfg)
	ingestAll(t, g,
		say("s1-t1", "s1", scenarios.RoleUser, "The orders endpoint is slow since Monday.", day(0)),
		gold("s1-t2", "s1", day(0), th("A1", TypeAnalysis, "The orders query does a sequential scan", "")),
		gold("s1-t3", "s1", day(0), th("H1", TypeHypothesis, "Maybe the created_at index is missing", "A1")),
		gold("s1-t4", "s1", day(0), th("D", TypeDecision, "Add an index on orders created_at", "H1")),
		gold("s1-t5", "s1", day(0), th("T", TypeTodo, "Add a regression test for the orders query", "D")),
		gold("s1-t6", "s1", day(0), th("A2", TypeAnalysis, "The cache hit rate is fine", "")),
	)
	if err := g.EndSession(context.Background(), strategies.SessionInfo{ID: "s1", Task: "task s1", End: day(1)}); err != nil {
		t.Fatal(err)
	}
	return g
}

func TestConsolidationFoldsTrivialSteps(t *testing.T) {
	g := debugSession(t, true)
	if got := g.IDs(); !reflect.DeepEqual(got, []string{"s1-t1#1", "D", "T", "A2"}) {
		t.Fatalf("kept %v", got)
	}
	d, _ := g.Thought("D")
	var steps []string
	for _, s := range d.Steps {
		steps = append(steps, s.ID+":"+s.Content)
	}
	if want := []string{"A1:The orders query does a sequential scan", "H1:Maybe the created_at index is missing"}; !reflect.DeepEqual(steps, want) {
		t.Fatalf("steps %v", steps)
	}
	if want := []string{"s1-t2", "s1-t3", "s1-t4"}; !reflect.DeepEqual(d.TurnIDs, want) {
		t.Fatalf("provenance %v, want %v", d.TurnIDs, want)
	}
	if !d.Updated.Equal(day(1)) {
		t.Fatalf("updated %v", d.Updated)
	}
	// Links are rewired around the folded steps: the user's report (A1's
	// parent) now leads to D, and the session chain skips them.
	if got := parentsOf(t, g, "D"); !reflect.DeepEqual(got, []string{"s1-t1#1"}) {
		t.Fatalf("parents of D %v", got)
	}
	if got := relOf(t, g, "s1-t1#1", relNext); !reflect.DeepEqual(got, []string{"D"}) {
		t.Fatalf("next of K %v", got)
	}
	// The folded ids resolve to D and left the vector store.
	if a, ok := g.Thought("A1"); !ok || a.ID != "D" {
		t.Fatalf("A1 resolves to %v %v", a.ID, ok)
	}
	if n := g.store.Len(); n != 4 {
		t.Fatalf("vector store holds %d", n)
	}
	if st := g.Stats(); st.Folded != 2 {
		t.Fatalf("stats %+v", st)
	}
	if fp := g.Footprint(); fp.Items != 4 {
		t.Fatalf("footprint %+v", fp)
	}
}

func TestConsolidationDisabled(t *testing.T) {
	g := debugSession(t, false)
	if n := len(g.IDs()); n != 6 {
		t.Fatalf("kept %d thoughts, want 6", n)
	}
}

func TestConsolidatedThoughtRendersItsChain(t *testing.T) {
	g := debugSession(t, true)
	r, err := g.Retrieve(context.Background(), strategies.Query{Question: "Why did we add an index on created_at?", Budget: 500, AskedAt: day(2)})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Items) == 0 || r.Items[0].ID != "D" {
		t.Fatalf("items %+v", r.Items)
	}
	want := "[2026-03-02 s1-t2,s1-t3,s1-t4 D decision ← s1-t1#1; folds A1,H1] The orders query does a sequential scan / Maybe the created_at index is missing / Add an index on orders created_at"
	if !strings.Contains(r.Context, want+"\n") && !strings.HasSuffix(r.Context, want) {
		t.Fatalf("context lacks the folded line:\n%s", r.Context)
	}
	if !reflect.DeepEqual(r.Items[0].TurnIDs, []string{"s1-t2", "s1-t3", "s1-t4"}) {
		t.Fatalf("provenance %v", r.Items[0].TurnIDs)
	}
}

func TestConsolidationAvoidsCycles(t *testing.T) {
	// A1 → G (knowledge gap) → D and A1 → D: G lies between A1 and D, so
	// after folding A1 into D, G hangs from A1's parent K, not from D.
	g := mustNew(t, oracleEnv(embed.NewHashing(256)), defaultConfig())
	ingestAll(t, g,
		say("t1", "s1", scenarios.RoleUser, "Checkout fails for some customers in Berlin.", day(0)),
		gold("t2", "s1", day(0), th("A1", TypeAnalysis, "Only EUR payments fail", "")),
		gold("t3", "s1", day(0), th("G", TypeKnowledgeGap, "Unknown which payment provider handles EUR", "A1")),
		gold("t4", "s1", day(0), th("D", TypeDecision, "Route EUR payments to the backup provider", "G")),
	)
	// Add the direct A1 → D link the gold cannot express (one parent each).
	if err := g.graph.add(link(thoughtIRI("A1"), predParentOf, thoughtIRI("D"))); err != nil {
		t.Fatal(err)
	}
	if err := g.EndSession(context.Background(), strategies.SessionInfo{ID: "s1", Task: "task s1"}); err != nil {
		t.Fatal(err)
	}
	if got := parentsOf(t, g, "G"); !reflect.DeepEqual(got, []string{"t1#1"}) {
		t.Fatalf("parents of G %v", got)
	}
	if got := parentsOf(t, g, "D"); !reflect.DeepEqual(got, []string{"t1#1", "G"}) {
		t.Fatalf("parents of D %v", got)
	}
	if got := relOf(t, g, "D", relChild); len(got) != 0 {
		t.Fatalf("D has children %v (cycle)", got)
	}
}

func TestConsolidationKeepsSupersededAndUnfinishedSteps(t *testing.T) {
	g := mustNew(t, oracleEnv(embed.NewHashing(256)), defaultConfig())
	ingestAll(t, g,
		gold("t1", "s1", day(0), th("A1", TypeAnalysis, "Orders use Postgres 16", "")),
		gold("t2", "s1", day(0), th("A2", TypeAnalysis, "Orders now use MySQL 8 instead of Postgres 16", "A1")),
		gold("t3", "s1", day(0), th("D", TypeDecision, "Migrate the orders schema to MySQL 8", "A2")),
		gold("t4", "s2", day(1), th("H", TypeHypothesis, "Maybe the replica lags", "")),
	)
	for _, s := range []string{"s1", "s2"} {
		if err := g.EndSession(context.Background(), strategies.SessionInfo{ID: s, Task: "task " + s}); err != nil {
			t.Fatal(err)
		}
	}
	// A1 is superseded (kept apart); A2 folds into D; H leads to no outcome.
	if got := g.IDs(); !reflect.DeepEqual(got, []string{"A1", "D", "H"}) {
		t.Fatalf("kept %v", got)
	}
	a1, _ := g.Thought("A1")
	if a1.Status != strategies.StatusSuperseded || a1.SupersededBy != "A2" {
		t.Fatalf("A1 %+v", a1)
	}
	if got := fmt.Sprint(parentsOf(t, g, "D")); got != "[A1]" {
		t.Fatalf("parents of D %s", got)
	}
}
