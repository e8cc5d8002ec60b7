package thoughtgraph

import (
	"reflect"
	"testing"
)

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
