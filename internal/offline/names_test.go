package offline

import (
	"testing"

	"github.com/memarena/memarena/internal/model"
)

func TestCanonicalName(t *testing.T) {
	for _, c := range []struct{ mention, evidence, want string }{
		{"the Postgres database", "We moved the Postgres database yesterday.", "Postgres"},
		{"The Postgres database", "The Postgres database is slow.", "Postgres"},
		{"a Python script", "I wrote a Python script.", "Python"},
		{"the HelixQA repo", "Clone the HelixQA repo.", "HelixQA"},
		{"pgxpool.v5 driver", "Use the pgxpool.v5 driver.", "pgxpool.v5"},
		{"Postgres 16", "We run Postgres 16.", "Postgres 16"},
		{"New York", "I live in New York.", "New York"},
		{"Caroline's sister", "Caroline's sister is here.", "Caroline's sister"},
		{"spicy ramen", "I love spicy ramen.", "spicy ramen"},
		{"orders service", "The orders service is slow.", "orders service"},
		{"LGBTQ support group", "I joined an LGBTQ support group.", "LGBTQ support group"},
		// A sentence-initial capital is no evidence of a name.
		{"Orders service", "Orders service is slow.", "Orders service"},
		{"Caroline", "Caroline went home.", "Caroline"},
		{"", "", ""},
	} {
		if got := canonicalName(c.mention, c.evidence); got != c.want {
			t.Errorf("canonicalName(%q, %q) = %q, want %q", c.mention, c.evidence, got, c.want)
		}
	}
}

func TestTripletsCarryEntityNames(t *testing.T) {
	m := New()
	got := m.Triplets(model.TripletsInput{TurnInput: model.TurnInput{Speaker: "Dana", Role: "user", Text: "We use the Postgres database."}})
	want := model.EntityNames{ObjectName: "Postgres"}
	if len(got.Triplets) != 1 || got.Triplets[0].Object != "the Postgres database" || got.Triplets[0].EntityNames != want {
		t.Fatalf("triplets = %+v, want one with object %q and names %+v", got.Triplets, "the Postgres database", want)
	}
	g := m.Graph(model.GraphInput{TurnInput: model.TurnInput{Speaker: "Dana", Role: "user", Text: "We use the Postgres database."}})
	if len(g.Relations) != 1 || g.Relations[0].EntityNames != want {
		t.Fatalf("relations = %+v, want names %+v", g.Relations, want)
	}
}
