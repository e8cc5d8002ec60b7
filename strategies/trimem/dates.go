package trimem

import (
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"
)

// DateLayout is how resolved dates are written in triplet objects.
const DateLayout = "2006-01-02"

// Tense of a date mention relative to the reference day.
const (
	TensePast    = -1
	TenseUnknown = 0
	TenseFuture  = 1
)

// DateMention is a date expression found in a sentence and resolved against
// a reference day (the session start: scenario dates said relatively, "last
// Monday", are relative to it).
type DateMention struct {
	// Text is the expression as written ("last Monday").
	Text string
	// Start and End are byte offsets of Text in the sentence.
	Start, End int
	// Date is the resolved calendar day at 00:00 UTC (the first day of a
	// range).
	Date time.Time
	// Until is the last day of a range ("April 27 to May 1", "April
	// 23-27"); zero for a single day.
	Until time.Time
	// Tense is TensePast, TenseFuture or TenseUnknown (the reference day
	// itself, or a bare weekday in a sentence without tense markers).
	Tense int
}

const (
	weekdayRe = `monday|tuesday|wednesday|thursday|friday|saturday|sunday`
	monthRe   = `january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec`
	countRe   = `\d+|an?|one|two|three|four|five|six|seven|eight|nine|ten|a couple of|a few`
)

var (
	reISO       = regexp.MustCompile(`\b(\d{4})-(\d{1,2})-(\d{1,2})\b`)
	reMonthSpan = regexp.MustCompile(`(?i)\b(` + monthRe + `)\.?\s+(\d{1,2})(?:st|nd|rd|th)?\s*[-–]\s*(\d{1,2})(?:st|nd|rd|th)?\b(?:,?\s+(\d{4})\b)?`)
	reRangeSep  = regexp.MustCompile(`(?i)^\s*(?:to|until|till|through|thru|-|–|—)\s*$`)
	// reChangeFrom: "moved the deadline from A to B" is a change, not a range.
	reChangeFrom = regexp.MustCompile(`(?i)\b(?:moved|moving|changed|changing|pushed|pushing|postponed|rescheduled|shifted|bumped|delayed|brought\s+forward|extended|switched)\b(?:\s+\S+){0,5}?\s+from\s*$`)
	reMonthDay   = regexp.MustCompile(`(?i)\b(` + monthRe + `)\.?\s+(\d{1,2})(?:st|nd|rd|th)?\b(?:,?\s+(\d{4})\b)?`)
	reDayMonth   = regexp.MustCompile(`(?i)\b(\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?(` + monthRe + `)\b(?:,?\s+(\d{4})\b)?`)
	reDayWord    = regexp.MustCompile(`(?i)\b(the day before yesterday|the day after tomorrow|yesterday|today|tonight|tomorrow)\b`)
	reRelWD      = regexp.MustCompile(`(?i)\b(last|next|this|coming|past)\s+(` + weekdayRe + `)\b`)
	reBareWD     = regexp.MustCompile(`(?i)\b(?:on\s+)?(` + weekdayRe + `)\b`)
	reRelPeriod  = regexp.MustCompile(`(?i)\b(last|next|this)\s+(week|weekend|month|year)\b`)
	reAgo        = regexp.MustCompile(`(?i)\b(` + countRe + `)\s+(day|week|month|year)s?\s+ago\b`)
	reIn         = regexp.MustCompile(`(?i)\bin\s+(` + countRe + `)\s+(day|week|month)s?\b`)
	rePastVerb   = regexp.MustCompile(`(?i)\b(was|were|did|happened|went|had)\b`)
	// reTargetBefore: "moved to Friday", "pushed it for Friday" name a new,
	// upcoming day even in a past-tense sentence.
	reTargetBefore = regexp.MustCompile(`(?i)\b(?:to|for)\s+$`)
)

var monthNum = map[string]time.Month{
	"jan": 1, "january": 1, "feb": 2, "february": 2, "mar": 3, "march": 3, "apr": 4, "april": 4, "may": 5,
	"jun": 6, "june": 6, "jul": 7, "july": 7, "aug": 8, "august": 8, "sep": 9, "sept": 9, "september": 9,
	"oct": 10, "october": 10, "nov": 11, "november": 11, "dec": 12, "december": 12,
}

var weekdayNum = map[string]time.Weekday{
	"sunday": time.Sunday, "monday": time.Monday, "tuesday": time.Tuesday, "wednesday": time.Wednesday,
	"thursday": time.Thursday, "friday": time.Friday, "saturday": time.Saturday,
}

var countWord = map[string]int{"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
	"seven": 7, "eight": 8, "nine": 9, "ten": 10, "a couple of": 2, "a few": 3}

// Day truncates t to its calendar day at 00:00 UTC.
func Day(t time.Time) time.Time {
	t = t.UTC()
	return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
}

// FindDates finds the date expressions of sentence and resolves them against
// the day of ref, in order of appearance; overlapping expressions keep the
// most specific one (absolute dates, then day words, then weekdays, then
// periods). Conventions: "last <weekday>" is the most recent such day
// strictly before ref; "next <weekday>" the first strictly after;
// "this/coming <weekday>" the first on or after; a bare weekday is the next
// occurrence on or after ref unless the sentence is in the past tense
// (was/were/did/had/went/happened) and the weekday is not a target ("moved
// to Friday"), then the most recent on or before.
// "last/next week|month|year" shift ref by one unit, "N days ago" and "in N
// weeks" by N units; "last/next/this weekend" resolve to a Saturday. A
// month-day without a year takes ref's year. Invalid calendar dates
// ("February 30") are skipped. Two days joined by "to", "until",
// "through" or a dash, and "April 23-27", are one range mention (Until
// set) — except after a change verb ("moved the deadline from April 30 to
// May 22" names an old and a new day).
func FindDates(sentence string, ref time.Time) []DateMention {
	day := Day(ref)
	past := rePastVerb.MatchString(sentence)
	var out []DateMention
	taken := func(s, e int) bool {
		for _, m := range out {
			if s < m.End && e > m.Start {
				return true
			}
		}
		return false
	}
	add := func(s, e int, d time.Time, tense int) {
		if taken(s, e) {
			return
		}
		if tense == TenseUnknown {
			switch {
			case d.Before(day):
				tense = TensePast
			case d.After(day):
				tense = TenseFuture
			}
		}
		out = append(out, DateMention{Text: sentence[s:e], Start: s, End: e, Date: d, Tense: tense})
	}
	for _, m := range reMonthSpan.FindAllStringSubmatchIndex(sentence, -1) {
		mo := monthNum[strings.ToLower(sentence[m[2]:m[3]])]
		d1, _ := strconv.Atoi(sentence[m[4]:m[5]])
		d2, _ := strconv.Atoi(sentence[m[6]:m[7]])
		y := day.Year()
		if m[8] >= 0 {
			y, _ = strconv.Atoi(sentence[m[8]:m[9]])
		}
		t1, ok1 := validDate(y, mo, d1)
		t2, ok2 := validDate(y, mo, d2)
		if ok1 && ok2 && t2.After(t1) {
			add(m[0], m[1], t1, TenseUnknown)
			out[len(out)-1].Until = t2
		}
	}
	for _, m := range reISO.FindAllStringSubmatchIndex(sentence, -1) {
		y, _ := strconv.Atoi(sentence[m[2]:m[3]])
		mo, _ := strconv.Atoi(sentence[m[4]:m[5]])
		d, _ := strconv.Atoi(sentence[m[6]:m[7]])
		if t, ok := validDate(y, time.Month(mo), d); ok {
			add(m[0], m[1], t, TenseUnknown)
		}
	}
	for _, m := range reMonthDay.FindAllStringSubmatchIndex(sentence, -1) {
		mo := monthNum[strings.ToLower(sentence[m[2]:m[3]])]
		d, _ := strconv.Atoi(sentence[m[4]:m[5]])
		y := day.Year()
		if m[6] >= 0 {
			y, _ = strconv.Atoi(sentence[m[6]:m[7]])
		}
		if t, ok := validDate(y, mo, d); ok {
			add(m[0], m[1], t, TenseUnknown)
		}
	}
	for _, m := range reDayMonth.FindAllStringSubmatchIndex(sentence, -1) {
		d, _ := strconv.Atoi(sentence[m[2]:m[3]])
		mo := monthNum[strings.ToLower(sentence[m[4]:m[5]])]
		y := day.Year()
		if m[6] >= 0 {
			y, _ = strconv.Atoi(sentence[m[6]:m[7]])
		}
		if t, ok := validDate(y, mo, d); ok {
			add(m[0], m[1], t, TenseUnknown)
		}
	}
	for _, m := range reDayWord.FindAllStringSubmatchIndex(sentence, -1) {
		switch strings.ToLower(sentence[m[2]:m[3]]) {
		case "the day before yesterday":
			add(m[0], m[1], day.AddDate(0, 0, -2), TensePast)
		case "yesterday":
			add(m[0], m[1], day.AddDate(0, 0, -1), TensePast)
		case "today", "tonight":
			add(m[0], m[1], day, TenseUnknown)
		case "tomorrow":
			add(m[0], m[1], day.AddDate(0, 0, 1), TenseFuture)
		case "the day after tomorrow":
			add(m[0], m[1], day.AddDate(0, 0, 2), TenseFuture)
		}
	}
	for _, m := range reRelWD.FindAllStringSubmatchIndex(sentence, -1) {
		wd := weekdayNum[strings.ToLower(sentence[m[4]:m[5]])]
		switch strings.ToLower(sentence[m[2]:m[3]]) {
		case "last", "past":
			add(m[0], m[1], weekdayBefore(day, wd), TensePast)
		case "next":
			add(m[0], m[1], weekdayAfter(day, wd), TenseFuture)
		default: // this, coming
			add(m[0], m[1], weekdayOnOrAfter(day, wd), TenseUnknown)
		}
	}
	for _, m := range reBareWD.FindAllStringSubmatchIndex(sentence, -1) {
		wd := weekdayNum[strings.ToLower(sentence[m[2]:m[3]])]
		if past && !reTargetBefore.MatchString(sentence[:m[0]]) {
			add(m[0], m[1], weekdayOnOrBefore(day, wd), TenseUnknown)
		} else {
			add(m[0], m[1], weekdayOnOrAfter(day, wd), TenseUnknown)
		}
	}
	for _, m := range reRelPeriod.FindAllStringSubmatchIndex(sentence, -1) {
		dir := strings.ToLower(sentence[m[2]:m[3]])
		unit := strings.ToLower(sentence[m[4]:m[5]])
		sign := map[string]int{"last": -1, "next": 1, "this": 0}[dir]
		tense := sign
		var d time.Time
		switch unit {
		case "week":
			d = day.AddDate(0, 0, 7*sign)
		case "month":
			d = day.AddDate(0, sign, 0)
		case "year":
			d = day.AddDate(sign, 0, 0)
		case "weekend":
			switch sign {
			case -1:
				d = weekdayBefore(day, time.Saturday)
			case 1:
				d = weekdayAfter(day, time.Saturday)
			default:
				d = weekdayOnOrAfter(day, time.Saturday)
			}
		}
		add(m[0], m[1], d, tense)
	}
	for _, m := range reAgo.FindAllStringSubmatchIndex(sentence, -1) {
		n := countOf(sentence[m[2]:m[3]])
		add(m[0], m[1], shift(day, strings.ToLower(sentence[m[4]:m[5]]), -n), TensePast)
	}
	for _, m := range reIn.FindAllStringSubmatchIndex(sentence, -1) {
		n := countOf(sentence[m[2]:m[3]])
		add(m[0], m[1], shift(day, strings.ToLower(sentence[m[4]:m[5]]), n), TenseFuture)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Start < out[j].Start })
	// Ranges: two days joined by "to", "until", "through" or a dash.
	merged := out[:0]
	for _, m := range out {
		if n := len(merged); n > 0 {
			p := &merged[n-1]
			if p.Until.IsZero() && m.Until.IsZero() && m.Date.After(p.Date) && reRangeSep.MatchString(sentence[p.End:m.Start]) &&
				!reChangeFrom.MatchString(sentence[:p.Start]) {
				p.Until, p.End = m.Date, m.End
				p.Text = sentence[p.Start:p.End]
				continue
			}
		}
		merged = append(merged, m)
	}
	return merged
}

func countOf(s string) int {
	s = strings.ToLower(s)
	if n, err := strconv.Atoi(s); err == nil {
		return n
	}
	return countWord[s]
}

func shift(day time.Time, unit string, n int) time.Time {
	switch unit {
	case "day":
		return day.AddDate(0, 0, n)
	case "week":
		return day.AddDate(0, 0, 7*n)
	case "month":
		return day.AddDate(0, n, 0)
	default:
		return day.AddDate(n, 0, 0)
	}
}

func validDate(y int, m time.Month, d int) (time.Time, bool) {
	if m < 1 || m > 12 || d < 1 || d > 31 || y < 1 || y > 9999 {
		return time.Time{}, false
	}
	t := time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
	if t.Day() != d { // normalized overflow: February 30
		return time.Time{}, false
	}
	return t, true
}

func weekdayBefore(day time.Time, wd time.Weekday) time.Time {
	diff := (int(day.Weekday()) - int(wd) + 7) % 7
	if diff == 0 {
		diff = 7
	}
	return day.AddDate(0, 0, -diff)
}

func weekdayOnOrBefore(day time.Time, wd time.Weekday) time.Time {
	return day.AddDate(0, 0, -((int(day.Weekday()) - int(wd) + 7) % 7))
}

func weekdayAfter(day time.Time, wd time.Weekday) time.Time {
	diff := (int(wd) - int(day.Weekday()) + 7) % 7
	if diff == 0 {
		diff = 7
	}
	return day.AddDate(0, 0, diff)
}

func weekdayOnOrAfter(day time.Time, wd time.Weekday) time.Time {
	return day.AddDate(0, 0, (int(wd)-int(day.Weekday())+7)%7)
}

// Value is the mention as a triplet object: "2026-04-27", or "2026-04-27
// to 2026-05-01" for a range.
func (m DateMention) Value() string {
	if m.Until.IsZero() {
		return m.Date.Format(DateLayout)
	}
	return m.Date.Format(DateLayout) + " to " + m.Until.Format(DateLayout)
}
