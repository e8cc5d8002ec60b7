package trimem

import (
	"fmt"
	"reflect"
	"testing"
	"time"
)

func fmtTriplets(ts []Triplet) []string {
	out := []string{}
	for _, t := range ts {
		s := fmt.Sprintf("%s|%s|%s", t.Subject, t.Relation, t.Object)
		if t.Condition != "" {
			s += " if:" + t.Condition
		}
		if t.Negated {
			s += " NOT"
		}
		if t.Replaces != "" {
			s += " replaces:" + t.Replaces
		}
		out = append(out, s)
	}
	return out
}

// TestExtractPatterns is the pattern table: one sentence (or turn), the
// exact triplets the offline extractor must return, in order.
func TestExtractPatterns(t *testing.T) {
	ref := time.Date(2026, 3, 9, 9, 0, 0, 0, time.UTC) // a Monday
	cases := []struct {
		role, text string
		want       []string
	}{
		// prefers / dislikes, conditions, coordination
		{"user", "I really prefer direct flights.", []string{"user|prefers|direct flights"}},
		{"user", "Actually, I prefer aisle seats now.", []string{"user|prefers|aisle seats"}},
		{"user", "I love sushi and ramen.", []string{"user|prefers|sushi", "user|prefers|ramen"}},
		{"user", "My favorite airline is ANA.", []string{"user|prefers|ANA"}},
		{"user", "I avoid spicy food when I'm unwell.", []string{"user|dislikes|spicy food if:when I'm unwell"}},
		{"user", "When I'm unwell, I avoid spicy food.", []string{"user|dislikes|spicy food if:When I'm unwell"}},
		{"user", "I don't like early flights.", []string{"user|dislikes|early flights"}},
		{"user", "I'd like to book a flight to Kyoto.", []string{}},
		{"user", "It looks like rain.", []string{}},
		{"assistant", "You prefer window seats.", []string{"user|prefers|window seats"}},
		{"user", "Dana likes green tea.", []string{"Dana|prefers|green tea"}},
		// uses, switches, negation
		{"user", "We're using keyset pagination for orders.", []string{"orders|uses|keyset pagination"}},
		{"assistant", "Noted, the orders service now uses MySQL 8 instead of Postgres 16.", []string{"the orders service|uses|MySQL 8 replaces:Postgres 16"}},
		{"user", "We switched from chi to gin.", []string{"user|uses|gin replaces:chi"}},
		{"user", "We moved orders to MySQL 8 after the vendor review.", []string{"orders|uses|MySQL 8"}},
		{"user", "We no longer use Redis.", []string{"user|uses|Redis NOT"}},
		{"user", "I think we should use chi.", []string{"user|believes|we should use chi"}},
		// decided, with the infinitive's subject and "use X for Y"
		{"assistant", "We decided to use Postgres 16 for orders.", []string{"orders|uses|Postgres 16", "user|decided|use Postgres 16 for orders"}},
		{"user", "Let's go with chi for the router.", []string{"user|decided|chi for the router"}},
		// causes and fixes
		{"user", "The timeouts were caused by pool exhaustion.", []string{"The timeouts|caused_by|pool exhaustion"}},
		{"user", "Pool exhaustion caused the timeouts.", []string{"the timeouts|caused_by|Pool exhaustion"}},
		{"user", "Raising max_conns to 50 fixed the timeouts.", []string{"Raising max_conns to 50|solution_for|the timeouts", "max_conns|status|50"}},
		{"user", "The 502s were fixed by a retry budget.", []string{"a retry budget|solution_for|The 502s", "The 502s|status|fixed"}},
		{"user", "The root cause was a missing index.", []string{"the issue|caused_by|a missing index"}},
		{"user", "I prefer Postgres because the team knows it.", []string{"user|prefers|Postgres", "prefer postgres|caused_by|the team knows it"}},
		// places, ownership, work, dependencies, parts
		{"user", "The hotel is located in Gion.", []string{"The hotel|located_in|Gion"}},
		{"user", "I live in Lisbon.", []string{"user|located_in|Lisbon"}},
		{"user", "I bought a new laptop.", []string{"user|owns|a new laptop"}},
		{"user", "Dana is working on the billing service.", []string{"Dana|works_on|the billing service"}},
		{"user", "The checkout service depends on the payments API.", []string{"The checkout service|depends_on|the payments API"}},
		{"user", "The ledger is part of the billing service.", []string{"The ledger|part_of|the billing service"}},
		// status
		{"user", "The migration is blocked.", []string{"The migration|status|blocked"}},
		{"user", "We cancelled the Osaka trip.", []string{"the Osaka trip|status|cancelled"}},
		// attribute values (status, single-valued)
		{"assistant", "I propose a TTL of 5 minutes to start.", []string{"TTL|status|5 minutes"}},
		{"user", "New team policy: the coverage gate goes from 70% to 80%.", []string{"the coverage gate|status|80% replaces:70%"}},
		{"assistant", "Set MaxConns 15 (down from 20), under max_connections 100.", []string{"MaxConns|status|15 replaces:20", "max_connections|status|100"}},
		{"assistant", "Shorten the TTL to 60 seconds as a safety net.", []string{"TTL|status|60 seconds"}},
		{"assistant", "p95 is 26 ms with the 60-second TTL.", []string{"p95|status|26 ms", "TTL|status|60 seconds"}},
		{"user", "And the team agreed on a 70% test coverage target.", []string{"the team|decided|a 70% test coverage target", "test coverage target|status|70%"}},
		{"user", "That brings the included set from 23 to 31 papers.", []string{"included set|status|31 papers replaces:23"}},
		{"user", "I merged the Go 1.26 bump this morning.", []string{"Go|status|1.26"}},
		{"user", "Our budget is $6,500 for the whole trip.", []string{"Our budget|status|$6,500"}},
		{"user", "Page 1 takes under two seconds.", []string{}},
		// reverting and dropping
		{"assistant", "Decision: revert to sqlc + pgx for the invoices module, and drop GORM.", []string{"the invoices module|uses|sqlc + pgx", "*|uses|GORM NOT"}},
		{"user", "We removed Redis from the cart service.", []string{"the cart service|uses|Redis NOT"}},
		// dates: scheduling and events, resolved against the session day
		{"user", "I booked the hotel for next Friday.", []string{"the hotel|scheduled_for|2026-03-13"}},
		{"user", "The flight is on March 20.", []string{"The flight|scheduled_for|2026-03-20"}},
		{"user", "The dentist appointment was moved to Thursday.", []string{"The dentist appointment|scheduled_for|2026-03-12"}},
		{"user", "He moved the submission deadline from April 30 to May 22.", []string{"the submission deadline|scheduled_for|2026-05-22 replaces:2026-04-30"}},
		{"user", "The PR was merged yesterday.", []string{"The PR|status|merged", "the pr was merged|occurred_at|2026-03-08"}},
		{"user", "Change of plan since last Monday, we moved orders to MySQL 8 after the vendor review.",
			[]string{"orders|uses|MySQL 8", "moved orders to mysql 8 after the vendor review|occurred_at|2026-03-02"}},
		{"user", "I went to a support group yesterday.", []string{"went to a support group|occurred_at|2026-03-08"}},
		// questions assert nothing
		{"user", "Which database do we use?", []string{}},
	}
	for _, c := range cases {
		got := fmtTriplets(Extract(c.text, c.role, ref))
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("Extract(%q, %s)\n got  %q\n want %q", c.text, c.role, got, c.want)
		}
	}
}

func TestExtractEvidenceIsVerbatimSentence(t *testing.T) {
	text := "We need a database. I really prefer Postgres, honestly!"
	got := Extract(text, "user", time.Date(2026, 3, 2, 0, 0, 0, 0, time.UTC))
	if len(got) != 1 || got[0].Evidence != "I really prefer Postgres, honestly!" {
		t.Fatalf("got %+v", got)
	}
}

func TestChangeCue(t *testing.T) {
	cases := map[string]bool{
		"Actually, I prefer aisle seats.":          true,
		"We switched to gin.":                      true,
		"MySQL 8 instead of Postgres 16.":          true,
		"We no longer use Redis.":                  true,
		"The flight was rescheduled.":              true,
		"I prefer aisle seats now.":                true,
		"I prefer aisle seats.":                    false,
		"The team knows Postgres well.":            false,
		"Knowledge is power, nowhere else to go.":  false,
		"Change of plan: the trip starts Tuesday.": true,
	}
	for in, want := range cases {
		if got := ChangeCue(in); got != want {
			t.Errorf("ChangeCue(%q) = %v, want %v", in, got, want)
		}
	}
}

func TestResolveSubjectPerspective(t *testing.T) {
	cases := []struct {
		np, role, want string
		person, ok     bool
	}{
		{"I", "user", "user", true, true},
		{"I", "assistant", "assistant", true, true},
		{"I", "tool", "", false, false},
		{"we", "assistant", "user", true, true},
		{"We're", "user", "user", true, true},
		{"you", "assistant", "user", true, true},
		{"you", "user", "assistant", true, true},
		{"the user", "assistant", "user", true, true},
		{"it", "user", "", false, false},
		{"Dana", "user", "Dana", true, true},
		{"The PR", "user", "The PR", false, true},
		{"the orders service", "user", "the orders service", false, true},
	}
	for _, c := range cases {
		got := resolveSubject(c.np, c.role)
		if got.text != c.want || got.person != c.person || got.ok != c.ok {
			t.Errorf("resolveSubject(%q, %s) = %+v, want %q person=%v ok=%v", c.np, c.role, got, c.want, c.person, c.ok)
		}
	}
}

func TestValidTriplet(t *testing.T) {
	text := "We need a hotel. The hotel is in Gion."
	v, ok := validTriplet(Triplet{Subject: " hotel ", Relation: "Located In", Object: "Gion"}, text)
	if !ok || v.Relation != "located_in" || v.Subject != "hotel" || v.Evidence != "The hotel is in Gion." {
		t.Fatalf("got %+v ok=%v", v, ok)
	}
	for _, bad := range []Triplet{
		{Subject: "a", Relation: "likes", Object: "b"},
		{Subject: "", Relation: "prefers", Object: "b"},
		{Subject: "a", Relation: "prefers", Object: "  "},
	} {
		if _, ok := validTriplet(bad, text); ok {
			t.Errorf("validTriplet(%+v) accepted", bad)
		}
	}
}
