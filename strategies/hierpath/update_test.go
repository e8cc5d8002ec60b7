package hierpath

import (
	"context"
	"reflect"
	"strings"
	"testing"
)

func TestFindValueBoundaries(t *testing.T) {
	s := "MaxConns 20 (was 120), 20.5 ms, 2,000 rows, $20, 20% and 20."
	got := findValue(s, "20")
	want := [][2]int{{9, 11}, {57, 59}}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("findValue(20) = %v, want %v (%q)", got, want, spans(s, got))
	}
	if got := findValue("Deploy to Fly.io, three machines.", "fly.io"); !reflect.DeepEqual(got, [][2]int{{10, 16}}) {
		t.Fatalf("case-insensitive name: %v", got)
	}
	if got := findValue("a 94.1% hit ratio", "94%"); got != nil {
		t.Fatalf("94%% inside 94.1%%: %v", got)
	}
}

func spans(s string, locs [][2]int) []string {
	var out []string
	for _, l := range locs {
		out = append(out, s[l[0]:l[1]])
	}
	return out
}

func TestRewriteExplicit(t *testing.T) {
	u := Update{Attribute: "coverage gate", Old: "70%", New: "80%"}
	guard := guardStems(u, "New team policy, the coverage gate goes from 70% to 80%.")
	content := "We deploy to Fly.io. The team agreed on a 70% test coverage target. The cache hit ratio is 70%."
	got, ok := rewriteExplicit(content, u, guard)
	want := "We deploy to Fly.io. The team agreed on a 80% test coverage target. The cache hit ratio is 70%."
	if !ok || got != want {
		t.Fatalf("guarded number:\n got %q\nwant %q", got, want)
	}
	// A name is replaced wherever it occurs, guard or not.
	u = Update{Attribute: "orders api", Old: "fly.io", New: "AWS ECS Fargate"}
	got, ok = rewriteExplicit(content, u, guardStems(u, "We are moving the orders API from Fly.io to AWS ECS Fargate."))
	if want := "We deploy to AWS ECS Fargate. The team agreed on a 70% test coverage target. The cache hit ratio is 70%."; !ok || got != want {
		t.Fatalf("name:\n got %q\nwant %q", got, want)
	}
	if _, ok := rewriteExplicit("nothing here", u, nil); ok {
		t.Fatal("no occurrence must not change anything")
	}
}

func TestRewriteImplicit(t *testing.T) {
	cases := []struct {
		content string
		u       Update
		want    string
	}{
		{"I propose a TTL of 5 minutes to start, which bounds staleness.", Update{Attribute: "ttl", New: "60 seconds"},
			"I propose a TTL of 60 seconds to start, which bounds staleness."},
		{"Key product:{sku}, TTL 5 minutes; p95 182 ms to 23 ms.", Update{Attribute: "ttl", New: "60 seconds"},
			"Key product:{sku}, TTL 60 seconds; p95 182 ms to 23 ms."},
		{"Travelling with Anika, total budget $5,500 for your share.", Update{Attribute: "total budget", New: "$6,500"},
			"Travelling with Anika, total budget $6,500 for your share."},
		// A number of another shape is left alone ("Table 2" is not an accuracy).
		{"Drift camera-ready, Table 2 (main setting): accuracy 67.9.", Update{Attribute: "drift", New: "67.9"},
			"Drift camera-ready, Table 2 (main setting): accuracy 67.9."},
		// Too far from the attribute.
		{"The TTL we chose after a long and careful discussion is 5 minutes.", Update{Attribute: "ttl", New: "60 seconds"},
			"The TTL we chose after a long and careful discussion is 5 minutes."},
		// Versioned names.
		{"Stack is Go 1.25 and Postgres 16; CI runs Go 1.25 too.", Update{Attribute: "Go", New: "Go 1.26"},
			"Stack is Go 1.26 and Postgres 16; CI runs Go 1.26 too."},
	}
	for _, c := range cases {
		got, ok := rewriteImplicit(c.content, c.u)
		if got != c.want || ok != (c.want != c.content) {
			t.Errorf("rewriteImplicit(%q, %+v) = %q, %v; want %q", c.content, c.u, got, ok, c.want)
		}
	}
}

func TestSentenceSpansMatchTextutil(t *testing.T) {
	s := "Stack is Go 1.25. It works!\nNext line? Yes"
	var got []string
	for _, sp := range sentenceSpans(s) {
		got = append(got, s[sp[0]:sp[1]])
	}
	want := []string{"Stack is Go 1.25.", " It works!", "\n", "Next line?", " Yes"}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("spans = %q, want %q", got, want)
	}
}

// bruteTargets is what applyUpdates found before the term index: every
// node of stepIDsNewestFirst that passes the lowercase prefilter and that
// the rewrite changes.
func bruteTargets(h *HierPath, u Update, key string, cands []int64) []int64 {
	var out []int64
	for _, id := range cands {
		if !strings.Contains(h.g.Lower(id), key) {
			continue
		}
		if _, ok := rewriteValue(h.g.nodes[id].Content, u, nil); ok {
			out = append(out, id)
		}
	}
	return out
}

// TestValueCandidatesMatchFullScan checks that the term index finds
// exactly the update targets a scan of every node finds, newest first —
// across case variants, Unicode case folding (Kelvin sign, long s),
// punctuation-bound values, rewritten wording and implicit updates — and
// that it looks at fewer nodes than the scan.
func TestValueCandidatesMatchFullScan(t *testing.T) {
	ctx := context.Background()
	g := newGraph(t)
	h := &HierPath{g: g}
	G := mustInsert(t, g, NodeGoal, "Plan the trip and the orders service", 0)
	A := mustInsert(t, g, NodeSubtask, "choose database", G)
	texts := []string{
		"We picked Postgres 16 for orders.",
		"POSTGRES 16 is slow under load; MaxConns 20 (was 120).",
		"The coverage gate stays at 70% for now.",
		"The cache hit ratio is 70%, fine.",
		"Deploy to Fly.io, three machines, budget $20 a month.",
		"Book the ryokan in Kyoto for 5 nights.",
		"The \u212Aelvin sign spells \u212Ayoto oddly.",
		"A long \u017F: Po\u017Ftgres 16 in old print.",
		"Café Noir opens at 9; café noir is the plan.",
		"Shorten the TTL to 60 seconds, the timeout to 30 minutes.",
		"The timeout was 45 minutes last week.",
		"Nothing about values here at all.",
	}
	for _, s := range texts {
		mustInsert(t, g, NodeObservation, s, A)
	}
	// A rewrite changes wording: the index must find the new words.
	if err := g.UpdateContent(ctx, 3+int64(len(texts))-1, "Now the deadline is Friday and MaxConns 40.", nil, at(700), "", ""); err != nil {
		t.Fatal(err)
	}
	ups := []Update{
		{Attribute: "database", Old: "Postgres 16", New: "MySQL 8"},
		{Attribute: "database", Old: "postgres", New: "MySQL"},
		{Attribute: "coverage gate", Old: "70%", New: "80%"},
		{Attribute: "budget", Old: "$20", New: "$30"},
		{Attribute: "host", Old: "fly.io", New: "Render"},
		{Attribute: "city", Old: "kyoto", New: "Osaka"},
		{Attribute: "city", Old: "KYOTO", New: "Osaka"},
		{Attribute: "cafe", Old: "café noir", New: "Le Bistro"},
		{Attribute: "max conns", Old: "40", New: "50"},
		{Attribute: "max conns", Old: "20", New: "25"},
		{Attribute: "nights", Old: "5 nights", New: "6 nights"},
		{Attribute: "deadline", Old: "Friday", New: "Monday"},
		{Attribute: "symbols", Old: "%", New: "percent"},
		{Attribute: "timeout", New: "20 minutes"},
		{Attribute: "TTL", New: "90 seconds"},
		{Attribute: "deploy budget,", New: "$40"},
	}
	all := h.stepIDsNewestFirst()
	found := 0
	for _, u := range ups {
		key := updateKey(u)
		cands := h.valueCandidates(u, key)
		want := bruteTargets(h, u, key, all)
		got := bruteTargets(h, u, key, cands)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("update %+v: index targets %v, full scan %v", u, got, want)
		}
		found += len(want)
		if u.Old != "" && u.Old != "%" && len(cands) >= len(all) {
			t.Errorf("update %+v: the index gave %d candidates of %d nodes", u, len(cands), len(all))
		}
	}
	if found < 12 {
		t.Fatalf("only %d targets in all: the fixture does not exercise the rewrites", found)
	}
}

func TestFoldKeyAndTokens(t *testing.T) {
	if got := wordTokens("po\u017Ftgres 16, postgres-16 and 16"); !reflect.DeepEqual(got, []string{"po\u017Ftgres", "16", "postgres", "and"}) {
		t.Fatalf("wordTokens = %q", got)
	}
	for _, pair := range [][2]string{{"kyoto", "\u212Ayoto"}, {"postgres", "PO\u017FTGRES"}, {"café", "CAFÉ"}} {
		if foldKey(pair[0]) != foldKey(pair[1]) {
			t.Errorf("foldKey(%q) = %q, foldKey(%q) = %q", pair[0], foldKey(pair[0]), pair[1], foldKey(pair[1]))
		}
	}
	if foldKey("kyoto") == foldKey("kyota") {
		t.Error("different words share a fold key")
	}
	if !foldStable("Postgres 16 $20") || foldStable("x\u0345") {
		t.Error("foldStable: U+0345 folds with the letter iota and must make a value unstable")
	}
	if firstWord("$20.5 a month") != "20" || firstWord("--") != "" {
		t.Error("firstWord")
	}
}
