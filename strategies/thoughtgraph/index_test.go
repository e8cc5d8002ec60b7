package thoughtgraph

import (
	"context"
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/memarena/memarena/internal/embed"
	"github.com/memarena/memarena/internal/textutil"
	"github.com/memarena/memarena/scenarios"
	"github.com/memarena/memarena/strategies"
)

// TestIndexedSupersedeMatchesScan checks that supersede, which reads its
// candidates from the stem index, marks exactly the thoughts the walk over
// every thought (supersedeScan) marks, update after update, on a seeded
// history of overlapping statements with explicit, attribute and implicit
// updates, conditional statements and folded (deleted) thoughts.
func TestIndexedSupersedeMatchesScan(t *testing.T) {
	env, _ := offlineEnv()
	g := mustNew(t, env, defaultConfig())
	rng := rand.New(rand.NewPCG(7, 11))
	people := []string{"Maria", "Tomas", "Aiko"}
	things := []string{"window seats", "aisle seats", "green tea", "black coffee", "Postgres 16", "MySQL 8", "the night train",
		"the TTL", "morning runs", "jazz records", "the blue notebook", "Lisbon trips"}
	pick := func(s []string) string { return s[rng.IntN(len(s))] }
	// statement returns a sentence with the update and condition fields an
	// extract-thoughts reply gives it (scripted here, so the test pins the
	// index against the walk, not the model's reading).
	statement := func() (string, Update, bool) {
		switch rng.IntN(6) {
		case 0:
			return fmt.Sprintf("I prefer %s on long flights.", pick(things)), Update{}, false
		case 1:
			return fmt.Sprintf("We decided to use %s for %s.", pick(things), pick(things)), Update{}, false
		case 2:
			return fmt.Sprintf("When it rains I prefer %s.", pick(things)), Update{}, true
		case 3:
			return fmt.Sprintf("Actually, I now prefer %s on long flights.", pick(things)), Update{Implicit: true}, false
		case 4:
			a, b := pick(things), pick(things)
			return fmt.Sprintf("Let's take %s instead of %s.", a, b), Update{Old: b}, false
		default:
			n := fmt.Sprintf("%d seconds", 10*(1+rng.IntN(9)))
			return fmt.Sprintf("Shorten the TTL to %s for %s.", n, pick(things)), Update{Attribute: "the TTL", New: n}, false
		}
	}
	types := []string{TypeKnowledge, TypeDecision, TypeAnalysis, TypeLesson}
	byBranch := map[string]int{}
	g.people = map[string]bool{}
	for i := 0; i < 600; i++ {
		content, u, conditional := statement()
		typ := types[rng.IntN(len(types))]
		speaker := pick(people)
		g.people[speaker] = true
		turn := fmt.Sprintf("t%d", i/2) // two thoughts per turn: same-turn thoughts are never replaced
		th := &Thought{ID: fmt.Sprintf("%s#%d", turn, i%2+1), Type: typ, Content: content, Speaker: speaker,
			TurnIDs: []string{turn}, Created: day(i), Updated: day(i), seq: i + 1,
			stems: textutil.TokenSet(textutil.ContentTokens(content))}
		th.update = u
		if conditional && (typ == TypeKnowledge || typ == TypeDecision) {
			th.Status = strategies.StatusConditional
		}
		snap := snapshot(g)
		stats := g.stats
		if canSupersede(typ) && u.Any() {
			g.supersedeScan(th, u)
		}
		want := snapshot(g)
		restore(g, snap)
		g.stats = stats
		g.supersede(th)
		if got := snapshot(g); !maps.Equal(got, want) {
			t.Fatalf("thought %d %q: index marks %v, walk marks %v", i, content, diff(got, snap), diff(want, snap))
		}
		if n := len(diff(want, snap)); n > 0 {
			switch {
			case u.Old != "":
				byBranch["old"] += n
			case u.Attribute != "":
				byBranch["attribute"] += n
			default:
				byBranch["implicit"] += n
			}
		}
		g.thoughts[th.ID] = th
		g.order = append(g.order, th.ID)
		g.stems.add(th)
		if i%50 == 49 { // fold away an analysis thought, as consolidation does
			for _, id := range g.order {
				if x := g.thoughts[id]; x != nil && x.Type == TypeAnalysis {
					delete(g.thoughts, id)
					break
				}
			}
		}
	}
	for _, b := range []string{"old", "attribute", "implicit"} {
		if byBranch[b] == 0 {
			t.Errorf("no %s supersession in the fixture: %v", b, byBranch)
		}
	}
}

// TestStemIndexDropsDeadEntries checks that a posting list loses its
// superseded and folded thoughts when read.
func TestStemIndexDropsDeadEntries(t *testing.T) {
	env, _ := offlineEnv()
	g := mustNew(t, env, defaultConfig())
	mk := func(id, content string) *Thought {
		th := &Thought{ID: id, Type: TypeKnowledge, Content: content, TurnIDs: []string{id}, stems: textutil.TokenSet(textutil.ContentTokens(content))}
		g.thoughts[id] = th
		g.stems.add(th)
		return th
	}
	a, b, c := mk("a", "green tea"), mk("b", "green tea daily"), mk("c", "black tea")
	g.stems.add(&Thought{ID: "x", Type: TypeTodo, Content: "green tea", stems: map[string]bool{"green": true}}) // not replaceable: not indexed
	b.Status = strategies.StatusSuperseded
	delete(g.thoughts, "c")
	if got := ids(g.stems.live(g, []string{"tea", "green"})); fmt.Sprint(got) != "[a]" {
		t.Fatalf("live green = %v", got)
	}
	if got := ids(g.stems.live(g, []string{"tea"})); fmt.Sprint(got) != "[a]" {
		t.Fatalf("live tea = %v", got)
	}
	if n := len(g.stems.post["green"]) + len(g.stems.post["tea"]); n != 2 {
		t.Fatalf("posting entries after reads: %d, want 2", n)
	}
	_ = c
	_ = a
}

func ids(ts []*Thought) []string {
	out := make([]string, len(ts))
	for i, t := range ts {
		out[i] = t.ID
	}
	return out
}

// mark is what supersession changes on a thought.
type mark struct {
	status, by string
	updated    time.Time
}

// snapshot records every thought's mark.
func snapshot(g *ThoughtGraph) map[string]mark {
	out := map[string]mark{}
	for id, th := range g.thoughts {
		out[id] = mark{th.Status, th.SupersededBy, th.Updated}
	}
	return out
}

// restore puts back the marks of snap.
func restore(g *ThoughtGraph, snap map[string]mark) {
	for id, m := range snap {
		th := g.thoughts[id]
		th.Status, th.SupersededBy, th.Updated = m.status, m.by, m.updated
	}
}

// diff lists the thoughts whose record differs from snap.
func diff(now, snap map[string]mark) []string {
	var out []string
	for id, v := range now {
		if snap[id] != v {
			out = append(out, id)
		}
	}
	sortStrings(out)
	return out
}

// TestMentionIndexMatchesGraph checks that the mention index holds, for
// every entity, exactly the stored thoughts the graph links to it, after
// folds moved entities, and that newest returns the latest ones first.
func TestMentionIndexMatchesGraph(t *testing.T) {
	ctx := context.Background()
	g := mustNew(t, oracleEnv(embed.NewHashing(256)), defaultConfig())
	ent := func(id, typ, content, parent string, ents ...string) scenarios.GoldThought {
		x := th(id, typ, content, parent)
		x.Entities = ents
		return x
	}
	for s := 0; s < 4; s++ {
		sid := fmt.Sprintf("s%d", s)
		p := fmt.Sprintf("%s-", sid)
		ingestAll(t, g,
			say(p+"t1", sid, scenarios.RoleUser, "Maria says the Lisbon office is slow since Monday.", day(s)),
			gold(p+"t2", sid, day(s), ent(p+"A", TypeAnalysis, "The Lisbon query scans Postgres", "", "Lisbon", "Postgres")),
			gold(p+"t3", sid, day(s), ent(p+"D", TypeDecision, "Add an index for Maria", p+"A", "Maria")),
		)
		if err := g.EndSession(ctx, strategies.SessionInfo{ID: sid, Task: "task " + sid, End: day(s)}); err != nil {
			t.Fatal(err)
		}
	}
	if len(g.mentions.post) == 0 {
		t.Fatal("empty mention index")
	}
	for e := range g.mentions.post {
		want, err := g.graph.thoughtsOf(ctx, entityIRI(e), predMentions)
		if err != nil {
			t.Fatal(err)
		}
		sortStrings(want)
		got := ids(g.mentions.newest(g, e, 1<<30))
		sortStrings(got)
		if !slices.Equal(got, want) {
			t.Errorf("entity %s: index %v, graph %v", e, got, want)
		}
	}
	// The folded analysis moved "postgres" to each session's decision.
	if got := ids(g.mentions.newest(g, "postgres", 2)); !slices.Equal(got, []string{"s3-D", "s2-D"}) {
		t.Fatalf("newest postgres mentions %v", got)
	}
}

// TestSupersededTurnsMatchesScan checks the incrementally kept set of
// turns of superseded thoughts against a walk over every thought, after a
// superseded decision took in folded steps.
func TestSupersededTurnsMatchesScan(t *testing.T) {
	ctx := context.Background()
	g := mustNew(t, oracleEnv(embed.NewHashing(256)), defaultConfig())
	ingestAll(t, g,
		say("s1-t1", "s1", scenarios.RoleUser, "The orders endpoint is slow since Monday.", day(0)),
		gold("s1-t2", "s1", day(0), th("A1", TypeAnalysis, "The orders query does a sequential scan", "")),
		gold("s1-t3", "s1", day(0), th("D", TypeDecision, "We decided to use Postgres 16 for orders", "A1")),
		gold("s1-t4", "s1", day(0), th("D2", TypeDecision, "Orders use MySQL 8 instead of Postgres 16", "")),
		say("s1-t5", "s1", scenarios.RoleUser, "I prefer window seats on long flights.", day(0)),
		say("s1-t6", "s1", scenarios.RoleUser, "Actually, I now prefer aisle seats on long flights.", day(0)),
	)
	if err := g.EndSession(ctx, strategies.SessionInfo{ID: "s1", Task: "task s1", End: day(1)}); err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{}
	for _, th := range g.thoughts {
		if th.Status == strategies.StatusSuperseded {
			for _, id := range th.TurnIDs {
				want[id] = true
			}
		}
	}
	if !maps.Equal(g.supersededTurns(), want) {
		t.Fatalf("kept %v, scan %v", g.supersededTurns(), want)
	}
	// D absorbed A1 (turn s1-t2) after it was superseded; s1-t5 was replaced by s1-t6.
	if fmt.Sprint(want) != "map[s1-t2:true s1-t3:true s1-t5:true]" {
		t.Fatalf("fixture: superseded turns %v", want)
	}
}
