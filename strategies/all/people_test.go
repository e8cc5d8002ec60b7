package all_test

import (
	"context"
	"os"
	"testing"

	"github.com/memarena/memarena/datasets"
	"github.com/memarena/memarena/datasets/locomo"
	"github.com/memarena/memarena/internal/backends"
	"github.com/memarena/memarena/internal/embed"
	"github.com/memarena/memarena/internal/tokenizer"
	"github.com/memarena/memarena/scenarios"
	"github.com/memarena/memarena/strategies"
	_ "github.com/memarena/memarena/strategies/all"
	"github.com/memarena/memarena/strategies/gaama"
	"github.com/memarena/memarena/strategies/hierpath"
	"github.com/memarena/memarena/strategies/prism"
	"github.com/memarena/memarena/strategies/thoughtgraph"
	"github.com/memarena/memarena/strategies/trimem"
)

const locomoFile = "../../../shared/datasets/locomo/locomo10.json"

// TestLoCoMoSpeakersStayDistinct replays the first LoCoMo conversation
// (both speakers have role user) and checks that each structured memory
// keeps its two speakers as two people: two trimem entities each with
// triplets, two gaama person entities, thought-graph thoughts, prism units
// and hier-path steps of both.
func TestLoCoMoSpeakersStayDistinct(t *testing.T) {
	if _, err := os.Stat(locomoFile); err != nil {
		t.Skipf("LoCoMo not available at %s: %v", locomoFile, err)
	}
	scs, _, err := locomo.Import(datasets.Spec{Kind: "locomo", Path: locomoFile, Limit: 1})
	if err != nil {
		t.Fatal(err)
	}
	sc := scs[0]
	var names []string
	for _, s := range sc.Sessions {
		for _, tu := range s.Turns {
			if len(names) < 2 && (len(names) == 0 || names[0] != tu.Speaker) {
				names = append(names, tu.Speaker)
			}
		}
	}
	if len(names) != 2 {
		t.Fatalf("speakers %v", names)
	}
	tok := tokenizer.MustDefault()
	env := strategies.Env{Model: backends.OfflineClient(tok), Embedder: embed.NewHashing(256), Tokenizer: tok, Extraction: strategies.ExtractModel, Seed: 1}
	ctx := context.Background()
	for _, name := range []string{trimem.Name, gaama.Name, thoughtgraph.Name, "prism", hierpath.Name} {
		st, err := strategies.Build(name, nil, env)
		if err != nil {
			t.Fatal(err)
		}
		replayScenario(t, st, sc)
		switch m := st.(type) {
		case *trimem.TriMem:
			ids := map[int64]bool{}
			for _, n := range names {
				e, err := m.Store().ResolveEntity(ctx, n)
				if err != nil {
					t.Fatal(err)
				}
				ids[e.ID] = true
			}
			recs, err := m.Store().Triplets(ctx)
			if err != nil {
				t.Fatal(err)
			}
			subj := map[int64]int{}
			for _, r := range recs {
				subj[r.SubjectID]++
			}
			if len(ids) != 2 {
				t.Errorf("trimem: %v resolve to %d entities", names, len(ids))
			}
			for id := range ids {
				if subj[id] == 0 {
					t.Errorf("trimem: entity %d of %v holds no triplet", id, names)
				}
			}
		case *gaama.Gaama:
			for _, n := range names {
				en := m.Graph().Entity(gaama.Normalize(n))
				if en == nil || en.Type != gaama.TypePerson || en.Degree == 0 {
					t.Errorf("gaama: %s is %+v, want a person entity with edges", n, en)
				}
			}
		case *prism.Prism:
			by := map[string]int{}
			for _, u := range m.Units() {
				by[u.Person]++
			}
			if by[names[0]] == 0 || by[names[1]] == 0 {
				t.Errorf("prism: units by person %v", by)
			}
		case *hierpath.HierPath:
			by := map[string]int{}
			g := m.Graph()
			for id := int64(1); id <= int64(g.Len()); id++ {
				if n, ok := g.Node(id); ok && n.Level >= 2 {
					by[n.Meta["person"]]++
				}
			}
			if by[names[0]] == 0 || by[names[1]] == 0 {
				t.Errorf("hier-path: steps by person %v", by)
			}
		case *thoughtgraph.ThoughtGraph:
			by := map[string]int{}
			for _, id := range m.IDs() {
				th, _ := m.Thought(id)
				by[th.Speaker]++
			}
			if by[names[0]] == 0 || by[names[1]] == 0 {
				t.Errorf("thought-graph: thoughts by speaker %v", by)
			}
		}
		st.Close()
	}
}

func replayScenario(t *testing.T, st strategies.Strategy, sc *scenarios.Scenario) {
	t.Helper()
	ctx := context.Background()
	for si, s := range sc.Sessions {
		var ids []string
		for ti, tu := range s.Turns {
			ids = append(ids, tu.ID)
			turn := strategies.Turn{ID: tu.ID, SessionID: s.ID, SessionIndex: si, Index: ti, Role: tu.Role, Speaker: tu.Speaker,
				Text: tu.Text, Time: tu.Time.Time, SessionStart: s.Start.Time}
			if err := st.Ingest(ctx, turn); err != nil {
				t.Fatal(err)
			}
		}
		if err := st.EndSession(ctx, strategies.SessionInfo{ID: s.ID, Index: si, Start: s.Start.Time, TurnIDs: ids}); err != nil {
			t.Fatal(err)
		}
	}
}
