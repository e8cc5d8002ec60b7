package temporal

import (
	"os"
	"strings"
	"testing"
	"time"
)

// ref is Friday 9 June 2023, 13:00 UTC (a LoCoMo-style session time).
var ref = time.Date(2023, 6, 9, 13, 0, 0, 0, time.UTC)

func TestFindResolvesAgainstTheReferenceDay(t *testing.T) {
	cases := []struct {
		text, match, value string
		unit               Unit
		from, to           string
		relative, vague    bool
	}{
		{"I went to a support group yesterday.", "yesterday", "8 June 2023", Day, "2023-06-08", "2023-06-09", true, false},
		{"Last night was fun", "Last night", "8 June 2023", Day, "2023-06-08", "2023-06-09", true, false},
		{"the day before yesterday", "the day before yesterday", "7 June 2023", Day, "2023-06-07", "2023-06-08", true, false},
		{"see you tomorrow", "tomorrow", "10 June 2023", Day, "2023-06-10", "2023-06-11", true, false},
		{"We hiked last Saturday", "last Saturday", "3 June 2023", Day, "2023-06-03", "2023-06-04", true, false},
		{"last Friday", "last Friday", "2 June 2023", Day, "2023-06-02", "2023-06-03", true, false}, // strictly before a Friday
		{"Last Fri I took the kids", "Last Fri", "2 June 2023", Day, "2023-06-02", "2023-06-03", true, false},
		{"next Monday", "next Monday", "12 June 2023", Day, "2023-06-12", "2023-06-13", true, false},
		{"this Friday", "this Friday", "9 June 2023", Day, "2023-06-09", "2023-06-10", true, false},
		{"I went hiking on Sunday", "on Sunday", "4 June 2023", Day, "2023-06-04", "2023-06-05", true, false},
		{"I will go hiking on Sunday", "on Sunday", "11 June 2023", Day, "2023-06-11", "2023-06-12", true, false},
		{"two weekends ago we camped", "two weekends ago", "two weekends before 9 June 2023", Weekend, "2023-05-27", "2023-05-29", true, false},
		{"last weekend", "last weekend", "the weekend before 9 June 2023", Weekend, "2023-06-03", "2023-06-05", true, false},
		{"This weekend I'm off", "This weekend", "the weekend of 9 June 2023", Weekend, "2023-06-10", "2023-06-12", true, false},
		{"next weekend", "next weekend", "the weekend after 9 June 2023", Weekend, "2023-06-17", "2023-06-19", true, false},
		{"I scored 40 points last week", "last week", "the week before 9 June 2023", Week, "2023-05-29", "2023-06-05", true, false},
		{"the week before last", "the week before last", "two weeks before 9 June 2023", Week, "2023-05-22", "2023-05-29", true, false},
		{"in 2 weeks", "in 2 weeks", "two weeks after 9 June 2023", Week, "2023-06-19", "2023-06-26", true, false},
		{"The recital is two weeks from today", "two weeks from today", "two weeks after 9 June 2023", Week, "2023-06-19", "2023-06-26", true, false},
		{"three days from now", "three days from now", "12 June 2023", Day, "2023-06-12", "2023-06-13", true, false},
		{"Move-in is the 17th.", "the 17th", "17 June 2023", Day, "2023-06-17", "2023-06-18", true, false},
		{"I met the team on the 2nd after my trip", "on the 2nd", "2 June 2023", Day, "2023-06-02", "2023-06-03", true, false},
		{"the party was on the 28th", "on the 28th", "28 May 2023", Day, "2023-05-28", "2023-05-29", true, false},
		{"I start next month", "next month", "July 2023", Month, "2023-07-01", "2023-08-01", true, false},
		{"earlier this month", "earlier this month", "June 2023", Month, "2023-06-01", "2023-07-01", true, false},
		{"three months ago", "three months ago", "March 2023", Month, "2023-03-01", "2023-04-01", true, false},
		{"Bali last year", "last year", "2022", Year, "2022-01-01", "2023-01-01", true, false},
		{"a few days ago", "a few days ago", "a few days before 9 June 2023", Day, "2023-06-06", "2023-06-07", true, true},
		{"2 days ago", "2 days ago", "7 June 2023", Day, "2023-06-07", "2023-06-08", true, false},
		{"next summer", "next summer", "summer 2024", Season, "2024-06-01", "2024-09-01", true, false},
		{"last summer", "last summer", "summer 2022", Season, "2022-06-01", "2022-09-01", true, false},
		{"last winter", "last winter", "winter 2022–2023", Season, "2022-12-01", "2023-03-01", true, false},
		{"We met on 8 May, 2023.", "8 May, 2023", "8 May 2023", Day, "2023-05-08", "2023-05-09", false, false},
		{"on May 9", "May 9", "9 May 2023", Day, "2023-05-09", "2023-05-10", true, false},
		{"due 2023-07-04", "2023-07-04", "4 July 2023", Day, "2023-07-04", "2023-07-05", false, false},
		{"June 2023 was great", "June 2023", "June 2023", Month, "2023-06-01", "2023-07-01", false, false},
		// a year after a preposition; an irregular past verb dates a bare weekday
		{"This photo is from their trip in 1987.", "1987", "1987", Year, "1987-01-01", "1988-01-01", false, false},
		{"We have lived here since 2015, happily", "2015", "2015", Year, "2015-01-01", "2016-01-01", false, false},
		{"She won the chess final on Tuesday!", "on Tuesday", "6 June 2023", Day, "2023-06-06", "2023-06-07", true, false},
	}
	for _, c := range cases {
		ms := Find(c.text, ref)
		if len(ms) != 1 {
			t.Errorf("%q: %d mentions %+v, want 1", c.text, len(ms), ms)
			continue
		}
		m := ms[0]
		if m.Text != c.match || m.Value != c.value || m.Unit != c.unit || m.From.Format("2006-01-02") != c.from ||
			m.To.Format("2006-01-02") != c.to || m.Relative != c.relative || m.Vague != c.vague {
			t.Errorf("%q: got %q → %q %v [%s, %s) rel=%v vague=%v; want %q → %q %v [%s, %s) rel=%v vague=%v", c.text,
				m.Text, m.Value, m.Unit, m.From.Format("2006-01-02"), m.To.Format("2006-01-02"), m.Relative, m.Vague,
				c.match, c.value, c.unit, c.from, c.to, c.relative, c.vague)
		}
		if c.text[m.Start:m.End] != m.Text {
			t.Errorf("%q: offsets [%d, %d) do not frame %q", c.text, m.Start, m.End, m.Text)
		}
	}
}

func TestFindEdgeCases(t *testing.T) {
	// Plural weekdays are habits; a bare weekday without tense is unresolved;
	// "may" as a modal verb is not a month; impossible dates are ignored; an
	// ordinal before a noun is a rank, not a day of the month.
	for _, s := range []string{"I do yoga on Sundays", "Sunday", "you may 2 times", "on 31 June", "we march 5 miles", "",
		"we live on the 5th floor", "it was the 3rd time I tried"} {
		if ms := Find(s, ref); len(ms) != 0 {
			t.Errorf("%q: got %+v, want no mention", s, ms)
		}
	}
	if ms := Find("on 31 June 2023", ref); len(ms) != 1 || ms[0].Unit != Month {
		t.Errorf("impossible day keeps only its month: %+v", ms)
	}
	// Overlaps keep the most specific expression.
	ms := Find("On 8 May, 2023 and yesterday", ref)
	if len(ms) != 2 || ms[0].Value != "8 May 2023" || ms[1].Value != "8 June 2023" {
		t.Errorf("got %+v", ms)
	}
	// Without a reference only absolute dates with a year are found.
	ms = Find("yesterday, May 9 and 8 May 2023", time.Time{})
	if len(ms) != 1 || ms[0].Value != "8 May 2023" {
		t.Errorf("zero ref: got %+v", ms)
	}
	// The reference is truncated to its day: a late-night session time
	// resolves like any other time of that day.
	late := time.Date(2023, 9, 13, 0, 9, 0, 0, time.UTC) // "12:09 am on 13 September, 2023"
	if got := Resolve("yesterday", late); got != "12 September 2023" {
		t.Errorf("12 am reference: got %q", got)
	}
	// On a Sunday, "last weekend" is the previous one, "this weekend" the current.
	sun := time.Date(2023, 6, 11, 10, 0, 0, 0, time.UTC)
	if got := Resolve("last weekend", sun); got != "the weekend before 11 June 2023" {
		t.Errorf("got %q", got)
	}
	if ms := Find("last weekend", sun); ms[0].From.Format("2006-01-02") != "2023-06-03" {
		t.Errorf("last weekend from a Sunday: %v", ms[0].From)
	}
	if ms := Find("next winter", time.Date(2023, 1, 15, 0, 0, 0, 0, time.UTC)); ms[0].Value != "winter 2023–2024" {
		t.Errorf("next winter in January: %q", ms[0].Value)
	}
}

func TestResolveAndAnnotate(t *testing.T) {
	if got := Resolve("We met on 8 May, 2023 and again last Saturday.", ref); got != "3 June 2023" {
		t.Errorf("Resolve skips absolute dates: got %q", got)
	}
	if got := Resolve("nothing here", ref); got != "" {
		t.Errorf("got %q", got)
	}
	if got := Resolve("yesterday", time.Time{}); got != "" {
		t.Errorf("zero ref: got %q", got)
	}
	got := Annotate("I went there yesterday and last Saturday, not on 8 May, 2023.", ref)
	want := "I went there yesterday [8 June 2023] and last Saturday [3 June 2023], not on 8 May, 2023."
	if got != want {
		t.Errorf("Annotate:\n got %q\nwant %q", got, want)
	}
	if got := Annotate("no dates", ref); got != "no dates" {
		t.Errorf("got %q", got)
	}
}

func TestResolveDay(t *testing.T) {
	for s, want := range map[string]string{
		"I went there yesterday":               "2023-06-08",
		"We hiked last Saturday":               "2023-06-03",
		"on 8 May, 2023 and 2 days ago":        "2023-06-07",
		"last week":                            "",
		"a few days ago":                       "",
		"nothing":                              "",
		"last year and then yesterday":         "",
		"12:09 am? no: the day after tomorrow": "2023-06-11",
	} {
		d, ok := ResolveDay(s, ref)
		got := ""
		if ok {
			got = d.Format("2006-01-02")
		}
		if got != want {
			t.Errorf("ResolveDay(%q) = %q, want %q", s, got, want)
		}
	}
	if _, ok := ResolveDay("yesterday", time.Time{}); ok {
		t.Error("zero ref resolved")
	}
}

func TestUnitString(t *testing.T) {
	if Day.String() != "day" || Year.String() != "year" || Unit(9).String() != "unit(9)" {
		t.Error("unit names")
	}
}

// The normalizer must never read the wall clock: every date is relative to
// the reference the caller passes (the session time).
func TestNoWallClock(t *testing.T) {
	src, err := os.ReadFile("temporal.go")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(src), "time.Now") {
		t.Error("temporal.go reads the wall clock")
	}
}

// A four-digit number is a year only after a preposition, and neither a
// decade nor a part of a range is one year.
func TestFindYearNeedsAPreposition(t *testing.T) {
	ref := time.Date(2023, 6, 9, 0, 0, 0, 0, time.UTC)
	for _, text := range []string{"I scored 2010 points", "music of the 1990s", "in 1990s fashion", "from 2019-2020 we lived abroad"} {
		for _, m := range Find(text, ref) {
			if m.Unit == Year {
				t.Errorf("%q: year mention %+v", text, m)
			}
		}
	}
}

// An ordinal that ranks ("the 1st to leave", "the 3rd and 5th grade", "the
// 2nd in line") is no day of the month; after "on" a conjunction may
// follow the day ("on the 17th and it was great").
func TestOrdinalRankIsNoDay(t *testing.T) {
	for _, s := range []string{"he was the 1st to leave", "my twins are in the 3rd and 5th grade", "I was the 2nd in line", "in the 5th and final round", "I finished in the 3rd"} {
		if ms := Find(s, ref); len(ms) != 0 {
			t.Errorf("%q: got %+v, want no mention", s, ms)
		}
	}
	if ms := Find("I bought it on the 17th and it's great", ref); len(ms) != 1 || ms[0].Value != "17 June 2023" {
		t.Errorf("on the 17th: %+v", ms)
	}
	if ms := Find("The bake sale is on the 22nd in the school gym", ref); len(ms) != 1 || ms[0].Value != "22 June 2023" {
		t.Errorf("on the 22nd in: %+v", ms)
	}
}
