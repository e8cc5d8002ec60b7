package gaama

import (
	"reflect"
	"strings"
	"testing"

	"github.com/memarena/memarena/scenarios"
)

// rel renders an extracted relation compactly for table tests:
// "subject|relation|object" plus "|if:<condition>", "|replaces:<x>", "|past".
func rel(r ExtractedRelation) string {
	s := r.Subject + "|" + r.Relation + "|" + r.Object
	if r.Condition != "" {
		s += "|if:" + r.Condition
	}
	if r.Replaces != "" {
		s += "|replaces:" + r.Replaces
	}
	if r.Past {
		s += "|past"
	}
	return s
}

func TestOfflineExtract(t *testing.T) {
	cases := []struct {
		text string
		want []string
	}{
		{"We decided to use Postgres 16 for orders, because the team knows it well.", []string{
			"orders|uses|Postgres 16", "user|decided|Postgres 16", "Postgres 16|caused_by|the team knows it well", "Postgres|status|Postgres 16|past"}},
		{"Change of plan since last Monday, we moved orders to MySQL 8 after the vendor review.", []string{
			"orders|uses|MySQL 8", "orders|occurred_at|last Monday", "MySQL|status|MySQL 8"}},
		{"Noted, the orders service now uses MySQL 8 instead of Postgres 16.", []string{
			"orders service|uses|MySQL 8|replaces:Postgres 16", "MySQL|status|MySQL 8"}},
		{"I love spicy food, but I avoid it when I'm unwell.", []string{
			"user|prefers|spicy food", "user|dislikes|spicy food|if:when i'm unwell"}},
		{"The migration is done.", []string{"migration|status|done"}},
		{"We no longer use Redis.", []string{"user|uses||replaces:Redis"}},
		{"Priya owns the orders-db cluster.", []string{"Priya|owns|orders-db cluster"}},
		{"The cutover is scheduled for next Monday.", []string{"cutover|scheduled_for|next Monday"}},
		{"I switched from Zotero to Paperpile.", []string{"user|uses|Paperpile|replaces:Zotero"}},
		{"I moved to Lisbon.", []string{"user|located_in|Lisbon"}},
		{"Set MaxConns 15 (down from 20).", []string{"MaxConns|status|MaxConns 15|replaces:MaxConns 20"}},
		{"The coverage gate goes from 70% to 80%.", []string{"coverage gate|status|80%|replaces:70%"}},
		{"We used to use Jenkins.", []string{"user|uses|Jenkins|past"}},
		{"The timeout was fixed by a retry loop.", []string{"a retry loop|solution_for|timeout"}},
		{"Do we go with an ORM or plain SQL?", nil},
		{"Their own context type leaks.", nil},
		{"I like Python and Go.", []string{"user|prefers|Python", "user|prefers|Go"}},
	}
	for _, c := range cases {
		var got []string
		for _, r := range OfflineExtract(c.text, day0, nil).Relations {
			got = append(got, rel(r))
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("OfflineExtract(%q)\n got %q\nwant %q", c.text, got, c.want)
		}
	}
}

func TestOfflineExtractCorefAndEntities(t *testing.T) {
	co := &Coref{}
	OfflineExtract("We picked Hotel Granvia for Kyoto.", day0, co)
	if co.Last != "Hotel Granvia" {
		t.Fatalf("coref = %q", co.Last)
	}
	ex := OfflineExtract("It is located in Kyoto.", day0, co)
	if len(ex.Relations) != 1 || rel(ex.Relations[0]) != "Hotel Granvia|located_in|Kyoto" {
		t.Fatalf("relations = %+v", ex.Relations)
	}
	var ents []string
	for _, e := range ex.Entities {
		ents = append(ents, e.Name+":"+e.Type)
	}
	if want := []string{"Hotel Granvia:place", "Kyoto:concept"}; !reflect.DeepEqual(ents, want) {
		t.Fatalf("entities = %q, want %q", ents, want)
	}
	if ex.Relations[0].Evidence != "It is located in Kyoto." {
		t.Fatalf("evidence = %q", ex.Relations[0].Evidence)
	}
}

func TestFromGold(t *testing.T) {
	g := &scenarios.Gold{Triplets: []scenarios.GoldTriplet{
		{Subject: "user", Relation: "prefers", Object: "postgres"},
		{Subject: "orders service", Relation: "uses", Object: "postgres 16", Condition: ""},
		{Subject: "user", Relation: "dislikes", Object: "spicy food", Condition: "when unwell"},
	}}
	text := "We need a database. I prefer Postgres because the team knows it. Orders will run on Postgres 16. I avoid spicy food when unwell."
	ex := FromGold(g, text)
	var got []string
	for _, r := range ex.Relations {
		got = append(got, rel(r)+" @ "+r.Evidence)
	}
	want := []string{
		"user|prefers|postgres @ I prefer Postgres because the team knows it.",
		"orders service|uses|postgres 16 @ Orders will run on Postgres 16.",
		"user|dislikes|spicy food|if:when unwell @ I avoid spicy food when unwell.",
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("FromGold\n got %q\nwant %q", got, want)
	}
	if len(ex.Entities) != 5 || ex.Entities[1].Name != "postgres" {
		t.Fatalf("entities = %+v", ex.Entities)
	}
	if len(FromGold(nil, text).Relations) != 0 {
		t.Fatal("nil gold must give nothing")
	}
}

func TestChangeCues(t *testing.T) {
	yes := []string{"We switched to chi.", "It now uses MySQL 8.", "Set MaxConns 15 (down from 20).", "We no longer use Redis.", "Revert to sqlc and drop GORM."}
	no := []string{"We use chi for the orders API.", "The team knows it well.", "Two changes to the config."}
	for _, s := range yes {
		if !HasChangeCue(s) {
			t.Errorf("HasChangeCue(%q) = false", s)
		}
	}
	for _, s := range no {
		if HasChangeCue(s) {
			t.Errorf("HasChangeCue(%q) = true", s)
		}
	}
}

func TestTokenize(t *testing.T) {
	var got []string
	for _, tk := range tokenize(`GET /products/{sku} uses Redis, (really) "fast".`) {
		w := tk.w
		if tk.end {
			w += "|"
		}
		got = append(got, w)
	}
	if want := "GET /products/{sku} uses Redis| really| fast|"; strings.Join(got, " ") != want {
		t.Fatalf("tokenize = %q", strings.Join(got, " "))
	}
}

func TestCueTable(t *testing.T) {
	if len(cues) != 219 {
		t.Errorf("cue table has %d phrases; update the OfflineExtract doc", len(cues))
	}
	for _, c := range cues {
		if !IsRelation(c.rel) {
			t.Errorf("cue %q has unknown relation %q", c.words, c.rel)
		}
	}
	// Every relation of the vocabulary is reachable from some cue.
	seen := map[string]bool{"status": true} // status comes from "<X> is <status word>"
	for _, c := range cues {
		seen[c.rel] = true
	}
	for _, r := range Relations {
		if !seen[r] {
			t.Errorf("relation %s has no cue", r)
		}
	}
}

func TestVocabulary(t *testing.T) {
	if len(Relations) != 15 || len(relTable) != 15 {
		t.Fatalf("relations %d, table %d", len(Relations), len(relTable))
	}
	for _, r := range Relations {
		if _, ok := relTable[r]; !ok {
			t.Errorf("relation %s missing from relTable", r)
		}
	}
	strict := []string{}
	for _, r := range Relations {
		if FunctionalityOf(r) == Strict {
			strict = append(strict, r)
		}
	}
	if want := []string{"located_in", "scheduled_for", "status"}; !reflect.DeepEqual(strict, want) {
		t.Fatalf("strict = %v", strict)
	}
	if FunctionalityOf("uses") != Slot || FunctionalityOf("prefers") != Slot || FunctionalityOf("decided") != Multi {
		t.Fatal("slot relations")
	}
	if Verb("located_in") != "is located in" || Verb("nope") != "nope" {
		t.Fatal("Verb")
	}
}
