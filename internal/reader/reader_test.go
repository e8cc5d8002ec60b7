package reader

import (
	"testing"
	"time"
)

const ctx = `[2026-03-02 s1-t2] Assistant: We decided to use Postgres 16 for orders, because the team knows it well.
[2026-03-09 s2-t1] Dana: Change of plan, we moved orders to MySQL 8 after the vendor review.
[2026-03-09 s2-t3] Dana: The k6 run showed 42 requests per second.
[2026-03-03 s1-t9] Dana: How was your weekend?`

func TestReadPicksSupportedSentence(t *testing.T) {
	a := Read("Why did we pick Postgres for orders?", ctx, Options{}, nil)
	if a.Sentence != "We decided to use Postgres 16 for orders, because the team knows it well." {
		t.Fatalf("sentence = %q", a.Sentence)
	}
	if a.Text != "because the team knows it well" {
		t.Fatalf("span = %q", a.Text)
	}
}

func TestReadNewestWinsTie(t *testing.T) {
	c := "[2026-03-02 a] Orders use Postgres 16.\n[2026-03-09 b] Orders use MySQL 8."
	a := Read("What do orders use?", c, Options{}, nil)
	if a.Text != "MySQL 8" {
		t.Fatalf("got %q, want the newer line", a.Text)
	}
	c = "[2026-03-09 b] (superseded) Orders use MySQL 8.\n[2026-03-02 a] Orders use Postgres 16."
	if a := Read("What do orders use?", c, Options{}, nil); a.Text != "Postgres 16" {
		t.Fatalf("got %q, want the non-superseded line", a.Text)
	}
}

func TestReadNumbersDatesAbstain(t *testing.T) {
	if a := Read("How many requests per second did the k6 run show?", ctx, Options{}, nil); a.Text != "42" {
		t.Fatalf("number = %q", a.Text)
	}
	res := func(s string, ref time.Time) (time.Time, bool) { return ref.AddDate(0, 0, -7), true }
	if a := Read("When did we move orders to MySQL?", ctx, Options{}, res); a.Text != "2 March 2026" {
		t.Fatalf("date = %q", a.Text)
	}
	if a := Read("Which message broker did we choose?", ctx, Options{}, nil); a.Text != Abstain {
		t.Fatalf("want abstention, got %q (support %.2f)", a.Text, a.Support)
	}
	if a := Read("anything", "", Options{}, nil); a.Text != Abstain {
		t.Fatal("empty context must abstain")
	}
}

func TestIsAbstention(t *testing.T) {
	for s, want := range map[string]bool{"not mentioned": true, "Not mentioned in the conversation.": true, "I don't know": true, "": true, "MySQL 8": false, "unknowningly": false} {
		if IsAbstention(s) != want {
			t.Errorf("IsAbstention(%q) = %v", s, !want)
		}
	}
}

func TestReadFromToNow(t *testing.T) {
	c := "[2026-03-20 s5-t3] Assistant: We shortened the cache TTL from 5 minutes to 60 seconds."
	if a := Read("What TTL does the cache use now?", c, Options{}, nil); a.Text != "60 seconds" {
		t.Fatalf("got %q, want the value after \"to\"", a.Text)
	}
}

func TestReadSkipsNegatedValue(t *testing.T) {
	c := "[2026-03-20 s5-t3] Assistant: The camera-ready version of Drift reports 67.9 accuracy, not 71.2."
	if a := Read("What accuracy does Drift report?", c, Options{}, nil); a.Text != "67.9" {
		t.Fatalf("got %q", a.Text)
	}
	c = "[2026-03-20 s5-t3] Assistant: The erratum says not 71.2 but 67.9 for Drift accuracy."
	if a := Read("What accuracy does Drift report?", c, Options{}, nil); a.Text != "67.9" {
		t.Fatalf("got %q", a.Text)
	}
}
