package trimem

import (
	"testing"
	"time"
)

func TestFindDates(t *testing.T) {
	// Monday 2026-03-09.
	ref := time.Date(2026, 3, 9, 9, 30, 0, 0, time.UTC)
	cases := []struct {
		in    string
		text  string
		date  string
		tense int
	}{
		{"Change of plan since last Monday, we moved.", "last Monday", "2026-03-02", TensePast},
		{"We went there last Saturday.", "last Saturday", "2026-03-07", TensePast},
		{"The demo is next Monday.", "next Monday", "2026-03-16", TenseFuture},
		{"The demo is this Friday.", "this Friday", "2026-03-13", TenseFuture},
		{"The demo is on Friday.", "on Friday", "2026-03-13", TenseFuture},
		{"The demo was on Friday.", "on Friday", "2026-03-06", TensePast},
		{"The demo was moved to Friday.", "Friday", "2026-03-13", TenseFuture},
		{"I fixed it yesterday.", "yesterday", "2026-03-08", TensePast},
		{"I fly tomorrow.", "tomorrow", "2026-03-10", TenseFuture},
		{"We talked about it today.", "today", "2026-03-09", TenseUnknown},
		{"It broke three days ago.", "three days ago", "2026-03-06", TensePast},
		{"It shipped 2 weeks ago.", "2 weeks ago", "2026-02-23", TensePast},
		{"Let's revisit in two weeks.", "in two weeks", "2026-03-23", TenseFuture},
		{"We met last week.", "last week", "2026-03-02", TensePast},
		{"Trip starts next month.", "next month", "2026-04-09", TenseFuture},
		{"We hiked last weekend.", "last weekend", "2026-03-07", TensePast},
		{"The flight is on March 3.", "March 3", "2026-03-03", TensePast},
		{"The flight is on April 3rd, 2027.", "April 3rd, 2027", "2027-04-03", TenseFuture},
		{"Deadline 14 April.", "14 April", "2026-04-14", TenseFuture},
		{"Released 2026-01-15 to prod.", "2026-01-15", "2026-01-15", TensePast},
	}
	for _, c := range cases {
		got := FindDates(c.in, ref)
		if len(got) != 1 {
			t.Errorf("FindDates(%q) = %+v, want one mention", c.in, got)
			continue
		}
		g := got[0]
		if g.Text != c.text || g.Date.Format(DateLayout) != c.date || g.Tense != c.tense || c.in[g.Start:g.End] != c.text {
			t.Errorf("FindDates(%q) = %q %s tense %d [%d:%d], want %q %s tense %d", c.in, g.Text, g.Date.Format(DateLayout), g.Tense, g.Start, g.End, c.text, c.date, c.tense)
		}
	}
}

func TestFindDatesSkipsInvalidAndOverlaps(t *testing.T) {
	ref := time.Date(2026, 3, 9, 0, 0, 0, 0, time.UTC)
	if got := FindDates("Book February 30 please.", ref); len(got) != 0 {
		t.Errorf("invalid calendar date found: %+v", got)
	}
	// "last Monday" wins over the bare weekday inside it; two dates in order.
	got := FindDates("Since last Monday, and again on March 20.", ref)
	if len(got) != 2 || got[0].Text != "last Monday" || got[1].Text != "March 20" {
		t.Errorf("got %+v", got)
	}
	// A change is not a range.
	if got := FindDates("He moved the deadline from April 30 to May 22.", ref); len(got) != 2 || got[0].Value() != "2026-04-30" || got[1].Value() != "2026-05-22" {
		t.Errorf("change: %+v", got)
	}
	// Ranges.
	for in, want := range map[string][2]string{
		"Osaka is April 27 to May 1 at the Lumen.": {"April 27 to May 1", "2026-04-27 to 2026-05-01"},
		"Kyoto, Gion Hanami Ryokan, April 23-27.":  {"April 23-27", "2026-04-23 to 2026-04-27"},
		"From last Monday until March 20.":         {"last Monday until March 20", "2026-03-02 to 2026-03-20"},
		"The trip is on April 17.":                 {"April 17", "2026-04-17"},
	} {
		got := FindDates(in, ref)
		if len(got) != 1 || got[0].Text != want[0] || got[0].Value() != want[1] || in[got[0].Start:got[0].End] != want[0] {
			t.Errorf("FindDates(%q) = %+v, want %q %s", in, got, want[0], want[1])
		}
	}
	if got := FindDates("", ref); got != nil {
		t.Errorf("empty text: %+v", got)
	}
}
