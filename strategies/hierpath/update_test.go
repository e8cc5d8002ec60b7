package hierpath

import (
	"reflect"
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
