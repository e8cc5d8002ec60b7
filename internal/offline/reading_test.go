package offline

import (
	"reflect"
	"testing"

	"github.com/memarena/memarena/internal/model"
)

// TestVerbatimThoughts: a Verbatim extract-thoughts reply keeps every
// informative sentence verbatim as a knowledge thought and drops greetings,
// thanks and one-word asides.
func TestVerbatimThoughts(t *testing.T) {
	m := New()
	r := m.Thoughts(model.ThoughtsInput{TurnInput: model.TurnInput{Role: "user", Speaker: "Ann",
		Text: "Morning! I prefer window seats. Thanks so much! My budget is 2000 euros. Maybe."}, Verbatim: true})
	var got []string
	for _, th := range r.Thoughts {
		if th.Type != model.ThoughtKnowledge || th.Confidence != 1 {
			t.Errorf("thought %+v: want type knowledge, confidence 1", th)
		}
		got = append(got, th.Content)
	}
	if want := []string{"I prefer window seats.", "My budget is 2000 euros."}; !reflect.DeepEqual(got, want) {
		t.Fatalf("contents = %q, want %q", got, want)
	}
	for _, s := range []string{"Great, thanks!", "How was your weekend?", "Good morning!", "Thanks, have a lovely day"} {
		if r := m.Thoughts(model.ThoughtsInput{TurnInput: model.TurnInput{Role: "user", Text: s}, Verbatim: true}); len(r.Thoughts) != 0 {
			t.Errorf("%q: got %d thoughts, want none (small talk)", s, len(r.Thoughts))
		}
	}
}

// TestThoughtChange pins the change and condition fields of one-sentence
// thoughts.
func TestThoughtChange(t *testing.T) {
	type change struct {
		Replaces, Attribute, New string
		Change, Conditional      bool
	}
	cases := []struct {
		sentence string
		want     change
	}{
		{"Noted, the orders service now uses MySQL 8 instead of Postgres 16.", change{Replaces: "Postgres 16"}},
		{"We no longer use Redis for sessions.", change{Replaces: "Redis"}},
		{"Let's take the train rather than the rental car because of parking.", change{Replaces: "the rental car"}},
		{"Use keyset pagination in place of offset paging.", change{Replaces: "offset paging"}},
		{"Verified: 0.41 ms instead of 9112 ms at page 400.", change{}},
		{"Decision: revert to sqlc + pgx for invoices and drop GORM.", change{Replaces: "GORM"}},
		{"We can drop the old table later.", change{}},
		{"Second, shorten the TTL to 60 seconds as a safety net.", change{Attribute: "TTL", New: "60 seconds"}},
		{"Set MaxConns to 15 for every machine.", change{Attribute: "MaxConns", New: "15"}},
		{"Shorten the TTL from 5 minutes to 60 seconds.", change{Replaces: "5 minutes", Attribute: "TTL", New: "60 seconds"}},
		{"We cut p95 from 182 ms to 23 ms.", change{Replaces: "182 ms", Attribute: "p95", New: "23 ms"}},
		{"Change of plan, we moved orders to MySQL 8.", change{Attribute: "orders", New: "MySQL 8"}},
		{"Actually, I now prefer aisle seats.", change{Change: true}},
		{"We switched to chi last week.", change{Change: true}},
		{"We decided to use chi.", change{}},
		{"When I travel for work I prefer aisle seats.", change{Conditional: true}},
		{"If it rains we take the museum day.", change{Conditional: true}},
		{"Book the direct flight only if it is cheap.", change{Conditional: true}},
		{"Use chi unless the team objects.", change{Conditional: true}},
		{"Whenever possible, fly direct.", change{Conditional: true}},
		{"We decided when to ship.", change{}},
		{"I met her when I was in Paris.", change{}},
	}
	m := New()
	for _, c := range cases {
		r := m.Thoughts(model.ThoughtsInput{TurnInput: model.TurnInput{Role: "user", Speaker: "Ann", Text: c.sentence}, Verbatim: true})
		if len(r.Thoughts) != 1 {
			t.Errorf("%q: %d thoughts, want 1", c.sentence, len(r.Thoughts))
			continue
		}
		th := r.Thoughts[0]
		if got := (change{th.Replaces, th.Attribute, th.New, th.Change, th.Conditional}); got != c.want {
			t.Errorf("%q: %+v, want %+v", c.sentence, got, c.want)
		}
	}
}

// TestReadQuestion pins the question reading of query-intent replies.
func TestReadQuestion(t *testing.T) {
	type reading struct {
		Form, Focus, AnswerType string
		Relations, Asks         []string
		Self                    bool
	}
	cases := []struct {
		q    string
		want reading
	}{
		{"Which framework did we pick?", reading{model.FormFact, "", "", []string{"decided"}, []string{model.AskDecision}, true}},
		{"Why did we choose chi?", reading{model.FormOpen, "", "", []string{"caused_by", "decided"}, []string{model.AskDecision, model.AskReason}, true}},
		{"What should we do differently next time?", reading{model.FormFact, "", "", []string{"occurred_at"}, []string{model.AskLesson}, true}},
		{"Where is the hotel?", reading{model.FormFact, "", model.TypePlace, []string{"located_in"}, []string{}, false}},
		{"Which database do we use now?", reading{model.FormFact, model.FocusCurrent, "", []string{"uses"}, []string{}, true}},
		{"What did we first pick?", reading{model.FormFact, model.FocusHistory, "", []string{"decided"}, []string{model.AskDecision}, true}},
		{"What was the old TTL?", reading{model.FormFact, model.FocusHistory, "", []string{}, []string{}, false}},
		{"Is she still living there now, or did she live elsewhere before?", reading{model.FormFact, "", "", []string{"located_in"}, []string{}, false}},
		{"When did Caroline go to the support group?", reading{model.FormFact, "", model.TypeTime, []string{"occurred_at", "scheduled_for"}, []string{}, false}},
		{"What do Melanie and Caroline have in common?", reading{model.FormMultiHop, "", "", []string{}, []string{}, false}},
		{"How did the migration go?", reading{model.FormOpen, "", "", []string{"uses"}, []string{}, false}},
		{"How many kids does Melanie have?", reading{model.FormFact, "", "", []string{}, []string{}, false}},
		{"Set up the orders database", reading{model.FormTask, "", "", []string{"status"}, []string{}, false}},
		{"Who recommended the hotel?", reading{model.FormFact, "", model.TypePerson, []string{}, []string{}, false}},
		{"In which city does Caroline live?", reading{model.FormFact, "", "", []string{"located_in"}, []string{}, false}},
	}
	for _, c := range cases {
		q := Query(model.QueryInput{Question: c.q})
		if got := (reading{q.Form, q.Focus, q.AnswerType, q.Relations, q.Asks, q.Self}); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%q: %+v, want %+v", c.q, got, c.want)
		}
	}
}

// TestReplacedPhrase pins the replaced_phrase of triplet and graph replies.
func TestReplacedPhrase(t *testing.T) {
	cases := []struct{ sentence, old, want string }{
		{"Noted, the orders service now uses MySQL 8 instead of Postgres 16.", "Postgres 16", " instead of Postgres 16"},
		{"Let's take the train, rather than the rental car.", "rental car", ", rather than the rental car"},
		{"New team policy: the coverage gate goes from 70% to 80%.", "70%", "from 70% "},
		{"Pool MaxConns is 15 (down from 20).", "20", " (down from 20)"},
		{"MaxConns goes down from 20 to 15.", "MaxConns 20", " down from 20"},
		{"We moved from Boston last year.", "Boston", ""},
		{"I prefer tea.", "coffee", ""},
		{"I prefer tea.", "", ""},
	}
	for _, c := range cases {
		if got := replacedPhrase(c.sentence, c.old); got != c.want {
			t.Errorf("replacedPhrase(%q, %q) = %q, want %q", c.sentence, c.old, got, c.want)
		}
	}
	m := New()
	r := m.Graph(model.GraphInput{TurnInput: model.TurnInput{Role: "user", Speaker: "Ann", Text: "Noted, the orders service now uses MySQL 8 instead of Postgres 16."}})
	found := false
	for _, rel := range r.Relations {
		if rel.Replaces != "" {
			found = true
			if rel.ReplacedPhrase != " instead of Postgres 16" {
				t.Errorf("graph reply %+v: replaced_phrase %q", rel, rel.ReplacedPhrase)
			}
		}
	}
	if !found {
		t.Fatalf("no replacing relation in %+v", r.Relations)
	}
}
