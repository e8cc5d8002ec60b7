package thoughtgraph

import (
	"reflect"
	"strings"
	"testing"
)

func TestClassifyTable(t *testing.T) {
	cases := []struct {
		role, sentence string
		typ            string
		conf           float64
	}{
		{"assistant", "We decided to use chi for the orders API.", TypeDecision, 0.9},
		{"assistant", "Decision: revert to sqlc for the invoices module.", TypeDecision, 0.9},
		{"assistant", "Next time, check the index before changing code.", TypeLesson, 0.85},
		{"assistant", "Next time we'll go with chi from the start.", TypeLesson, 0.85},
		{"assistant", "Maybe the cache is stale.", TypeHypothesis, 0.5},
		{"assistant", "I'm not sure which region hosts the database.", TypeKnowledgeGap, 0.7},
		{"assistant", "We still need to add the migration.", TypeTodo, 0.8},
		{"assistant", "We still need to decide between chi and gin.", TypeTodo, 0.8},
		{"assistant", "The query is slow because the index is missing.", TypeAnalysis, 0.75},
		{"assistant", "What is your budget for the hotel?", TypeKnowledgeGap, 0.6},
		{"assistant", "Postgres 16 handles 400 reads per second.", TypeAnalysis, 0.6},
		// chit-chat and uncued small statements yield nothing
		{"assistant", "Sure, happy to help!", "", 0},
		{"assistant", "Great, thanks!", "", 0},
		{"assistant", "How was your weekend?", "", 0},
		{"assistant", "Congratulations!", "", 0},
		{"assistant", "Feel better soon!", "", 0},
		{"assistant", "That sounds lovely.", "", 0},
		{"assistant", "It is a good idea.", "", 0},
		{"assistant", "Let us keep it simple.", "", 0},
		// tool output is an observation; user turns are never classified
		{"tool", "FAIL TestOrders (0.31s)", TypeAnalysis, 0.95},
		{"tool", "ok", "", 0},
		{"user", "We decided to use Postgres.", "", 0},
	}
	for _, c := range cases {
		typ, conf := Classify(c.role, c.sentence)
		if typ != c.typ || conf != c.conf {
			t.Errorf("Classify(%s, %q) = %q %v, want %q %v", c.role, c.sentence, typ, conf, c.typ, c.conf)
		}
	}
}

func TestIsChitChat(t *testing.T) {
	for s, want := range map[string]bool{
		"Great, thanks!":                    true,
		"How was your weekend?":             true,
		"Good morning!":                     true,
		"Thanks, have a lovely day":         true,
		"I prefer tea.":                     false,
		"The weather in Kyoto is rainy.":    false,
		"Sounds good, let's go with chi.":   false,
		"":                                  true,
		"Glad the coffee machine is fixed.": false,
	} {
		if got := IsChitChat(s); got != want {
			t.Errorf("IsChitChat(%q) = %v, want %v", s, got, want)
		}
	}
}

func TestExtractRulesChitChatYieldsNothing(t *testing.T) {
	for _, text := range []string{
		"Great, thanks! How was your weekend?",
		"Sure, happy to help. Let me know!",
		"Congratulations! That sounds wonderful.",
	} {
		if got := ExtractRules("assistant", text, nil); len(got.Thoughts) != 0 {
			t.Errorf("ExtractRules(%q) = %+v, want no thoughts", text, got.Thoughts)
		}
	}
	if got := ExtractRules("user", "We decided to use chi because it is stdlib compatible.", nil); len(got.Thoughts) != 0 {
		t.Errorf("user turn extracted: %+v", got.Thoughts)
	}
}

func TestExtractRulesTypesAndLinks(t *testing.T) {
	cands := []Candidate{
		{ID: "k1", Type: TypeKnowledge, Content: "The orders index on created_at is missing.", SameSession: true},
		{ID: "a1", Type: TypeAnalysis, Content: "The orders query does a sequential scan.", SameSession: false},
		{ID: "a2", Type: TypeAnalysis, Content: "Latency is fine at night.", SameSession: true},
	}
	text := "Hello again! Maybe the orders query misses an index. We decided to add a composite index on created_at. Next time, run EXPLAIN ANALYZE first."
	got := ExtractRules("assistant", text, cands)
	want := []ExtractedThought{
		// overlap with a1: orders, queri → 2 (k1 is knowledge: never an overlap parent)
		{Type: TypeHypothesis, Content: "Maybe the orders query misses an index.", Entities: []string{}, Confidence: 0.5, Parent: "a1"},
		// no candidate reaches overlapMin: follows the previous thought only
		{Type: TypeDecision, Content: "We decided to add a composite index on created_at.", Entities: []string{"created_at"}, Confidence: 0.9, FollowsPrevious: true},
		{Type: TypeLesson, Content: "Next time, run EXPLAIN ANALYZE first.", Entities: []string{"explain analyze"}, Confidence: 0.85, FollowsPrevious: true},
	}
	for i := range got.Thoughts {
		if got.Thoughts[i].Entities == nil {
			got.Thoughts[i].Entities = []string{}
		}
	}
	if !reflect.DeepEqual(got.Thoughts, want) {
		t.Fatalf("got  %+v\nwant %+v", got.Thoughts, want)
	}
	// Without an overlapping candidate the first thought follows the newest
	// same-session candidate (the session's reasoning frontier).
	got = ExtractRules("assistant", "We decided to use chi.", cands)
	if len(got.Thoughts) != 1 || got.Thoughts[0].Parent != "a2" || got.Thoughts[0].FollowsPrevious {
		t.Fatalf("frontier link: %+v", got.Thoughts)
	}
}

func TestExtractRulesTool(t *testing.T) {
	text := "$ go test ./...\nok\nFAIL orders 0.31s\nthanks"
	got := ExtractRules("tool", text, []Candidate{{ID: "x", Type: TypeTodo, Content: "run the tests", SameSession: true}})
	want := ExtractedThought{Type: TypeAnalysis, Content: "$ go test ./... / FAIL orders 0.31s", Entities: []string{"0.31s", "fail"}, Confidence: 0.95, Parent: "x"}
	if len(got.Thoughts) != 1 || !reflect.DeepEqual(got.Thoughts[0], want) {
		t.Fatalf("got %+v, want %+v", got.Thoughts, want)
	}
	if got := ExtractRules("tool", "ok\nthanks", nil); len(got.Thoughts) != 0 {
		t.Fatalf("empty tool output: %+v", got.Thoughts)
	}
}

func TestExtractRulesCap(t *testing.T) {
	text := strings.Repeat("We decided to use chi. ", maxPerTurn+3)
	if n := len(ExtractRules("assistant", text, nil).Thoughts); n != maxPerTurn {
		t.Fatalf("%d thoughts, want %d", n, maxPerTurn)
	}
}

func TestKnowledgeSentences(t *testing.T) {
	got := KnowledgeSentences("Morning! I prefer window seats. Thanks so much! My budget is 2000 euros. Maybe.")
	want := []string{"I prefer window seats.", "My budget is 2000 euros."}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got %q, want %q", got, want)
	}
}

func TestUpdateCue(t *testing.T) {
	cases := []struct {
		sentence string
		want     Update
	}{
		{"Noted, the orders service now uses MySQL 8 instead of Postgres 16.", Update{Old: "Postgres 16", Implicit: true}},
		{"We no longer use Redis for sessions.", Update{Old: "Redis"}},
		{"Let's take the train rather than the rental car because of parking.", Update{Old: "rental car"}},
		{"Use keyset pagination in place of offset paging.", Update{Old: "offset paging"}},
		{"Verified: 0.41 ms instead of 9112 ms at page 400.", Update{}},
		{"Decision: revert to sqlc + pgx for invoices and drop GORM.", Update{Old: "GORM", Implicit: true}},
		{"We can drop the old table later.", Update{}},
		{"Second, shorten the TTL to 60 seconds as a safety net.", Update{Attribute: "TTL", New: "60 seconds"}},
		{"Set MaxConns to 15 for every machine.", Update{Attribute: "MaxConns", New: "15"}},
		{"Shorten the TTL from 5 minutes to 60 seconds.", Update{Old: "5 minutes", Attribute: "TTL", New: "60 seconds"}},
		{"We cut p95 from 182 ms to 23 ms.", Update{Old: "182 ms", Attribute: "p95", New: "23 ms"}},
		{"Change of plan, we moved orders to MySQL 8.", Update{Attribute: "orders", New: "MySQL 8", Implicit: true}},
		{"Actually, I now prefer aisle seats.", Update{Implicit: true}},
		{"We switched to chi last week.", Update{Implicit: true}},
		{"We decided to use chi.", Update{}},
	}
	for _, c := range cases {
		if got := UpdateCue(c.sentence); got != c.want {
			t.Errorf("UpdateCue(%q) = %+v, want %+v", c.sentence, got, c.want)
		}
	}
}

func TestIsConditional(t *testing.T) {
	for s, want := range map[string]bool{
		"When I travel for work I prefer aisle seats.": true,
		"If it rains we take the museum day.":          true,
		"Book the direct flight only if it is cheap.":  true,
		"Use chi unless the team objects.":             true,
		"I prefer aisle seats.":                        false,
		"Whenever possible, fly direct.":               true,
		"We decided when to ship.":                     false,
	} {
		if got := IsConditional(s); got != want {
			t.Errorf("IsConditional(%q) = %v, want %v", s, got, want)
		}
	}
}

func TestCueForm(t *testing.T) {
	if got := cueForm("Next time, we’ll go-with CHI!"); got != " next time we'll go with chi " {
		t.Fatalf("cueForm = %q", got)
	}
	if hasCue(cueForm("the decisive moment"), "decision") {
		t.Fatal("cue matched inside a word")
	}
}
