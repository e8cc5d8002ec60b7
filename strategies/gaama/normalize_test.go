package gaama

import (
	"testing"
	"time"
)

func TestNormalize(t *testing.T) {
	cases := map[string]string{
		"I": "user", "we": "user", "Our team": "user", "us": "user",
		"The Orders API": "orders api", "this migration": "migration", "  Kyoto's ": "kyoto",
		"Postgres 16": "postgres 16", "the": "", "": "",
	}
	for in, want := range cases {
		if got := Normalize(in); got != want {
			t.Errorf("Normalize(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestCore(t *testing.T) {
	cases := map[string]string{
		"orders service": "order servic", "orders": "order", "order": "order",
		"postgres 16": "postgr 16", "user": "user", "service": "servic",
	}
	for in, want := range cases {
		if got := Core(in); got != want {
			t.Errorf("Core(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestResolverMergesEntities(t *testing.T) {
	r := NewResolver()
	steps := []struct{ mention, name, want string }{
		{"Orders", "", "orders"},                     // first mention fixes the key
		{"order", "", "orders"},                      // same core "order"
		{"the orders service", "", "orders service"}, // no canonical name: its own entity
		{"Orders API", "Orders", "orders"},           // linked by its canonical name
		{"the Postgres database", "Postgres", "postgres database"},
		{"Postgres", "", "postgres database"}, // the canonical name seen before
		{"Postgres 16", "Postgres 16", "postgres 16"},
		{"postgres 17", "", "postgres 17"}, // a different core: a separate entity
		{"I", "", "user"},
		{"We", "", "user"},
		{"it", "", ""},
	}
	for _, s := range steps {
		if got := r.Key(s.mention, s.name); got != s.want {
			t.Errorf("Key(%q, %q) = %q, want %q", s.mention, s.name, got, s.want)
		}
	}
	r.AddAlias("Dana", "user")
	if got := r.Key("Dana", ""); got != "user" {
		t.Errorf("alias: Key(Dana) = %q", got)
	}
	if got := r.Lookup("orders"); got != "orders" {
		t.Errorf("Lookup(orders) = %q, want orders", got)
	}
	if got := r.Lookup("postgres databases"); got != "postgres database" {
		t.Errorf("Lookup(postgres databases) = %q, want postgres database", got)
	}
	if got := r.Lookup("orders app"); got != "" {
		t.Errorf("Lookup(orders app) = %q, want \"\" (no canonical name links it)", got)
	}
	if got := r.Lookup("redis"); got != "" {
		t.Errorf("Lookup of an unseen entity = %q, want \"\"", got)
	}
	if got := r.Key("redis", ""); got != "redis" {
		t.Errorf("Key(redis) = %q", got)
	}
}

func TestTypeOf(t *testing.T) {
	persons := map[string]bool{"priya": true}
	cases := []struct{ display, want string }{
		{"user", TypePerson}, {"Priya", TypePerson}, {"last Monday", TypeTime}, {"2026-03-02", TypeTime},
		// other types come from the model's reply, not from words
		{"Hotel Granvia", TypeConcept}, {"platform team", TypeConcept}, {"HelixQA", TypeConcept},
		{"direct flights", TypeConcept}, {"2 nights", TypeConcept},
	}
	for _, c := range cases {
		if got := TypeOf(c.display, Normalize(c.display), persons); got != c.want {
			t.Errorf("TypeOf(%q) = %q, want %q", c.display, got, c.want)
		}
	}
}

func TestResolveTime(t *testing.T) {
	ref := time.Date(2026, 3, 9, 9, 0, 0, 0, time.UTC) // a Monday
	day := func(m time.Month, d int) string {
		return time.Date(2026, m, d, 0, 0, 0, 0, time.UTC).Format("2006-01-02")
	}
	cases := []struct {
		phrase string
		future bool
		want   string
	}{
		{"last Monday", false, day(3, 2)}, {"since last Monday", false, day(3, 2)}, {"next Monday", false, day(3, 16)},
		{"Friday", false, day(3, 6)}, {"Friday", true, day(3, 13)}, {"this Friday", false, day(3, 13)},
		{"yesterday", false, day(3, 8)}, {"tomorrow", false, day(3, 10)}, {"today", false, day(3, 9)},
		{"two weeks ago", false, day(2, 23)}, {"3 days ago", false, day(3, 6)}, {"in 2 days", false, day(3, 11)},
		{"last week", false, day(3, 2)}, {"March 23", false, day(3, 23)}, {"23rd March", false, day(3, 23)},
		{"2026-04-06", false, day(4, 6)},
	}
	for _, c := range cases {
		got, ok := ResolveTime(c.phrase, ref, c.future)
		if !ok || got.Format("2006-01-02") != c.want {
			t.Errorf("ResolveTime(%q, future=%v) = %v, %v; want %s", c.phrase, c.future, got.Format("2006-01-02"), ok, c.want)
		}
	}
	// Vague spans and spans longer than a week name no single date.
	for _, p := range []string{"soon", "the week after", "", "a few days ago", "next summer", "June 2026", "the week before 3 August 2026"} {
		if _, ok := ResolveTime(p, ref, false); ok {
			t.Errorf("ResolveTime(%q) resolved", p)
		}
	}
	if _, ok := ResolveTime("Friday", time.Time{}, false); ok {
		t.Error("zero reference must not resolve")
	}
	if k, d := timeKey("last Monday", ref, false); k != "2026-03-02" || d != "last Monday (2026-03-02)" {
		t.Errorf("timeKey = %q, %q", k, d)
	}
	if k, d := timeKey("2026-04-06", ref, false); k != "2026-04-06" || d != "2026-04-06" {
		t.Errorf("timeKey(iso) = %q, %q", k, d)
	}
}

func TestIsTimeExpr(t *testing.T) {
	yes := []string{"last Monday", "tomorrow", "March 3", "3 March", "2026-03-02", "two weeks ago", "next week", "in 3 days", "Friday", "next summer"}
	// A phrase that only contains a date is no time expression.
	no := []string{"Postgres 16", "MaxConns 15", "the orders API", "may", "", "the week before 3 August 2023", "dinner on Friday with Sam"}
	for _, s := range yes {
		if !IsTimeExpr(s) {
			t.Errorf("IsTimeExpr(%q) = false", s)
		}
	}
	for _, s := range no {
		if IsTimeExpr(s) {
			t.Errorf("IsTimeExpr(%q) = true", s)
		}
	}
}
