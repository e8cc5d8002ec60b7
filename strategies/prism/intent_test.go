package prism

import (
	"reflect"
	"testing"

	"github.com/memarena/memarena/scenarios"
)

func TestOfflineQueryTable(t *testing.T) {
	const task = "Set up the orders database" // "set up" → goal:build
	recent := []string{"Dana: the export job crashes"}
	cases := []struct {
		question string
		want     IntentQuery
	}{
		// "pick" → goal:decide; the past-tense cue "picked" stems to "pick"
		// → action decide.
		{"Which database did we pick for orders?", IntentQuery{Intents: []string{"goal:decide"}, ActionType: "decide"}},
		// No goal cue in the question: the task goal gives goal:build.
		{"Which database does the orders service use now?", IntentQuery{Intents: []string{"goal:build"}}},
		// "why" → diagnose, "replaced" → correct (one cue each, taxonomy
		// order); "Postgres" is an entity.
		{"Why did we first pick Postgres, and what replaced it?", IntentQuery{
			Intents: []string{"goal:decide", "subtask:diagnose", "subtask:correct"}, Entities: []string{"Postgres"}, ActionType: "decide"}},
		{"On what date did we move orders to MySQL?", IntentQuery{Intents: []string{"goal:build", "subtask:schedule"}, Entities: []string{"MySQL"}}},
		{"How did we choose the orders database last time?", IntentQuery{Intents: []string{"goal:decide"}, ActionType: "decide"}},
		// "fix" → goal:debug and subtask:fix; "run" (execute) and "show"
		// (observe) tie: observe first for questions; lowercase pgxpool is
		// not an nlp entity (the strategy adds known entities itself).
		{"What did the pytest run show after the pgxpool fix?", IntentQuery{Intents: []string{"goal:debug", "subtask:fix"}, ActionType: "observe"}},
		// "flaky" → goal:debug, "test" → verify, "lesson" → reflect.
		{"What lesson did we learn from the flaky test?", IntentQuery{Intents: []string{"goal:debug", "subtask:verify"}, ActionType: "reflect"}},
		{"What is the hotel budget for Kyoto?", IntentQuery{Intents: []string{"goal:book", "subtask:budget"}, Entities: []string{"Kyoto"}}},
		// "so far", "this task" scope the query to the current task.
		{"What have we decided so far in this task?", IntentQuery{Intents: []string{"goal:decide"}, ActionType: "decide", Task: task}},
	}
	for _, c := range cases {
		if got := OfflineQuery(c.question, task, recent); !reflect.DeepEqual(got, c.want) {
			t.Errorf("OfflineQuery(%q) = %+v, want %+v", c.question, got, c.want)
		}
	}
	// Without a task, the recent turns give the goal ("crashes" → debug).
	if got := OfflineQuery("Where is the export job?", "", recent); !reflect.DeepEqual(got.Intents, []string{"goal:debug"}) {
		t.Errorf("recent-context goal = %v", got.Intents)
	}
	// A scope cue without a task sets no scope.
	if got := OfflineQuery("What happened today?", "", nil); got.Task != "" {
		t.Errorf("scope without task = %q", got.Task)
	}
}

func TestOfflineTagsTable(t *testing.T) {
	const pick = "Pick a database for the orders service"
	cases := []struct {
		role, text, task string
		want             Tags
	}{
		// Goal from the task; "need" → requirements and "prefer" →
		// preference tie at one cue each: taxonomy order.
		{"user", "We need a database for the orders service. I prefer Postgres because the team knows it.", pick,
			Tags{Goal: "decide", Subtasks: []string{"requirements", "preference"}, ActionType: "inform", Entities: []string{"Postgres"}}},
		{"assistant", "We decided to use Postgres 16 for orders, because the team knows it well.", pick,
			Tags{Goal: "decide", ActionType: "decide", Entities: []string{"Postgres 16"}}},
		// smalltalk (thanks, weekend: 2) beats ask ("?" and "How": 2) by
		// priority, and a small-talk turn's goal is chat whatever the task;
		// "Great" is a cue word, not an entity.
		{"user", "Great, thanks! How was your weekend?", pick, Tags{Goal: "chat", ActionType: "smalltalk"}},
		// No task: the goal comes from the text ("plan").
		{"user", "Change of plan since last Monday, we moved orders to MySQL 8 after the vendor review.", "",
			Tags{Goal: "plan", Subtasks: []string{"schedule", "correct"}, ActionType: "correct", Entities: []string{"MySQL 8"}}},
		// A tool turn is an observation.
		{"tool", "2 tests failed: TimeoutError in test_orders", "Fix the flaky CI",
			Tags{Goal: "debug", Subtasks: []string{"verify"}, ActionType: "observe", Entities: []string{"TimeoutError", "test_orders"}}},
		{"assistant", "Let's run pytest again with -x to reproduce the timeout.", "Fix the flaky CI",
			Tags{Goal: "debug", Subtasks: []string{"diagnose"}, ActionType: "execute"}},
	}
	for _, c := range cases {
		if got := OfflineTags(c.role, c.text, c.task); !reflect.DeepEqual(got, c.want) {
			t.Errorf("OfflineTags(%q) = %+v, want %+v", c.text, got, c.want)
		}
	}
}

func TestCleanAndGoldTags(t *testing.T) {
	// Values outside the taxonomy are dropped; a bad action becomes inform.
	intents, action, ents := cleanTags(Tags{Goal: "Debug", Subtasks: []string{"fix", "dance"}, ActionType: "shout",
		Entities: []string{"Postgres 16", "I", "the user", "", "postgres 16"}})
	if want := []string{"action:inform", "goal:debug", "subtask:fix"}; !reflect.DeepEqual(intents, want) || action != "inform" {
		t.Fatalf("intents %v action %q", intents, action)
	}
	if want := []string{"postgres-16"}; !reflect.DeepEqual(ents, want) {
		t.Fatalf("entities %v", ents)
	}
	g := &scenarios.Gold{
		Intents:  []string{"goal:decide", "subtask:compare", "action:propose", "entity:chi", "bogus", "goal:fly"},
		Thoughts: []scenarios.GoldThought{{ID: "th1", Entities: []string{"orders api"}}},
		Triplets: []scenarios.GoldTriplet{{Subject: "user", Relation: "prefers", Object: "Direct flights"}},
	}
	intents, action, ents = goldTags(g)
	if want := []string{"action:propose", "goal:decide", "subtask:compare"}; !reflect.DeepEqual(intents, want) || action != "propose" {
		t.Fatalf("gold intents %v action %q", intents, action)
	}
	if want := []string{"chi", "direct-flights", "orders-api"}; !reflect.DeepEqual(ents, want) {
		t.Fatalf("gold entities %v", ents)
	}
	if intents, action, ents = goldTags(nil); !reflect.DeepEqual(intents, []string{"action:inform"}) || action != "inform" || ents != nil {
		t.Fatalf("nil gold: %v %q %v", intents, action, ents)
	}
}

func TestSlugAndEntityForms(t *testing.T) {
	for in, want := range map[string]string{"Postgres 16": "postgres-16", "the Orders API": "orders-api", "I": "user",
		"Go 1.22": "go-1.22", "Kyōto": "kyto", "the": "", "/orders": "orders", "net/http": "net-http", "Fly.io": "fly.io"} {
		if got := Slug(in); got != want {
			t.Errorf("Slug(%q) = %q, want %q", in, got, want)
		}
	}
	if got := entityForms("postgres-16"); !reflect.DeepEqual(got, []string{"postgres-16", "postgres"}) {
		t.Errorf("forms = %v", got)
	}
	if got := entityForms("go-v1.22"); !reflect.DeepEqual(got, []string{"go-v1.22", "go"}) {
		t.Errorf("forms = %v", got)
	}
	if got := entityForms("orders-api"); !reflect.DeepEqual(got, []string{"orders-api"}) {
		t.Errorf("forms = %v", got)
	}
}

func TestEntityMentionsNoise(t *testing.T) {
	cases := map[string][]string{
		// Sentence-initial "First" and the contraction "I'm" are dropped.
		"First, dinner. I'm ordering from Kyoto Ramen tonight.": {"Kyoto Ramen"},
		// Capitalized inside a sentence somewhere: kept.
		"Kyoto is lovely. We land in Kyoto on Monday.": {"Kyoto"},
		// Only sentence-initial: dropped; technical words are kept anywhere.
		"Osaka is next. Pgx4 failed.": {"Pgx4"},
		"Great, thanks!":              nil,
	}
	for text, want := range cases {
		if got := entityMentions(text); !reflect.DeepEqual(got, want) {
			t.Errorf("entityMentions(%q) = %q, want %q", text, got, want)
		}
	}
}
