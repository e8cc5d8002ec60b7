package thoughtgraph

import (
	"reflect"
	"testing"

	"github.com/memarena/memarena/scenarios"
	"github.com/memarena/memarena/strategies"
)

type statusView struct {
	ID, Speaker, Status string
}

func statuses(g *ThoughtGraph) []statusView {
	var out []statusView
	for _, id := range g.IDs() {
		th, _ := g.Thought(id)
		out = append(out, statusView{id, th.Speaker, th.Status})
	}
	return out
}

// TestTwoSpeakersConflictingKnowledge: Melanie's "instead of tea" is
// about her own drink; it never supersedes Caroline's "I drink tea every
// morning", while Caroline's own change does.
func TestTwoSpeakersConflictingKnowledge(t *testing.T) {
	env, _ := offlineEnv()
	g := mustNew(t, env, defaultConfig())
	person := func(id, speaker, text string, d int) strategies.Turn {
		tu := say(id, "s1", scenarios.RoleUser, text, day(d))
		tu.Speaker = speaker
		return tu
	}
	ingestAll(t, g,
		person("D1:1", "Caroline", "I drink tea every morning.", 0),
		person("D1:2", "Melanie", "I drink coffee every morning instead of tea.", 1),
	)
	want := []statusView{{"D1:1#1", "Caroline", ""}, {"D1:2#1", "Melanie", ""}}
	if got := statuses(g); !reflect.DeepEqual(got, want) {
		t.Fatalf("after Melanie: %+v, want %+v", got, want)
	}
	ingestAll(t, g, person("D1:3", "Caroline", "I drink coffee every morning instead of tea now.", 2))
	want = []statusView{{"D1:1#1", "Caroline", strategies.StatusSuperseded}, {"D1:2#1", "Melanie", ""}, {"D1:3#1", "Caroline", ""}}
	if got := statuses(g); !reflect.DeepEqual(got, want) {
		t.Fatalf("after Caroline: %+v, want %+v", got, want)
	}
}

// TestRawChunksFusedAndMarked: with the raw channel on, the raw chunks of
// the turns are fused with the thoughts; a chunk holding a turn whose
// thought was superseded is marked superseded, the chunk of the newer
// statement is not.
func TestRawChunksFusedAndMarked(t *testing.T) {
	env, _ := offlineEnv()
	cfg := defaultConfig()
	cfg.RawK, cfg.StructureWeight = 10, DefaultStructureWeight
	g := mustNew(t, env, cfg)
	a := say("D1:1", "s1", scenarios.RoleUser, "I drink tea every morning.", day(0))
	b := say("D2:1", "s2", scenarios.RoleUser, "I drink coffee every morning instead of tea now.", day(2))
	ingestAll(t, g, a, b)
	r, err := g.Retrieve(t.Context(), strategies.Query{ID: "q", Question: "What do I drink every morning?", AskedAt: day(3), Budget: 500})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, it := range r.Items {
		got[it.Kind+" "+it.ID] = it.Status
	}
	want := map[string]string{
		"thought D1:1#1": strategies.StatusSuperseded, "thought D2:1#1": "",
		"turn D1:1": strategies.StatusSuperseded, "turn D2:1": "",
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("items %v, want %v\n%s", got, want, r.Context)
	}
}
