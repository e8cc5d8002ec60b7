// Package temporal is memarena's shared temporal normalizer: it finds date
// expressions in a turn's text — absolute ("8 May, 2023", "May 8",
// "2023-05-08", "June 2023") and relative ("yesterday", "last Saturday",
// "two weekends ago", "next month", "a few days ago", "next summer") — and
// resolves the relative ones against a reference time, which is always the
// scenario time of the turn's session (or of the memory line that holds
// the sentence), never the wall clock. The package never reads the clock.
//
// The idea follows the temporal-normalization step of TimeML/TIMEX3
// annotators (Pustejovsky et al., 2003; Strötgen & Gertz, HeidelTime,
// 2010), cut down to the expressions conversational memory benchmarks use:
// LoCoMo (Maharana et al., ACL 2024) writes many gold temporal answers
// relative to a session date ("The week before 9 June 2023"), and
// LongMemEval (Wu et al., ICLR 2025) asks temporal-reasoning questions about
// sessions with dates.
//
// Conventions (all calendar arithmetic in UTC, on days):
//   - "last <weekday>" is the latest such day strictly before the reference
//     day; "next <weekday>" the first strictly after; "this/coming
//     <weekday>" the first on or after. A bare weekday ("on Friday") is
//     resolved only when the sentence has a tense marker: past → last,
//     future → next.
//   - Weeks run Monday–Sunday; "this week" is the reference day's week.
//     A weekend is Saturday–Sunday; "this weekend" is the weekend of the
//     reference day's week, "last weekend" the one before the reference
//     day's own weekend or, on a weekday, the latest one that has ended;
//     "next weekend" is "this weekend" plus seven days.
//   - Seasons are meteorological, northern hemisphere: spring March–May,
//     summer June–August, fall/autumn September–November, winter
//     December–February (named by the year of its December).
//   - Vague counts ("a few", "a couple of", "several") resolve to 3, 2 and 3
//     units and are flagged Vague; their Value keeps the vague word.
//   - "May", "March" and "Mar" are months only when capitalized (they are
//     also common words); a day-month date without a year takes the
//     reference's year.
package temporal

import (
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"
)

// Unit is the granularity of a resolved span.
type Unit int

// Units, finest first.
const (
	Day Unit = iota
	Weekend
	Week
	Month
	Season
	Year
)

var unitNames = []string{"day", "weekend", "week", "month", "season", "year"}

// String returns the unit's lowercase name ("day" … "year").
func (u Unit) String() string {
	if u < 0 || int(u) >= len(unitNames) {
		return fmt.Sprintf("unit(%d)", int(u))
	}
	return unitNames[u]
}

// Mention is one date expression found in a text.
type Mention struct {
	// Text is the expression as written ("last Saturday").
	Text string
	// Start and End are the byte offsets of Text in the searched text.
	Start, End int
	// Unit is the granularity of the resolved span.
	Unit Unit
	// From is the first day of the span and To the day after its last day,
	// both at 00:00 UTC (a single day has To = From + 24 h).
	From, To time.Time
	// Relative is true when the expression was resolved against the
	// reference time ("yesterday", "May 8" without a year); false for a
	// fully absolute date ("8 May 2023").
	Relative bool
	// Vague marks approximate counts ("a few days ago"); From and To then
	// use the nominal count (few = 3, couple = 2, several = 3).
	Vague bool
	// Value is the normalized rendering: "7 May 2023" for a day, "May 2023"
	// for a month, "2022" for a year, "summer 2024" for a season, and for
	// weeks, weekends and vague spans a phrase anchored to the reference
	// day: "the week before 9 June 2023", "two weekends before 9 June 2023",
	// "a few days before 22 November 2023".
	Value string
}

// DayLayout is how single days are rendered ("7 May 2023"), the style of
// LoCoMo's gold answers.
const DayLayout = "2 January 2006"

// FormatDay renders t's calendar day as "7 May 2023".
func FormatDay(t time.Time) string { return t.UTC().Format(DayLayout) }

const (
	weekdayFull = `monday|tuesday|wednesday|thursday|friday|saturday|sunday`
	weekdayAny  = weekdayFull + `|mon|tues|tue|wed|thurs|thur|thu|fri|sat`
	monthRe     = `january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec`
	countRe     = `\d{1,3}|an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|a couple of|couple of|a couple|a few|few|several`
	unitRe      = `day|week|weekend|month|year`
	seasonRe    = `summer|winter|spring|fall|autumn`
)

var (
	reISO       = regexp.MustCompile(`\b(\d{4})-(\d{1,2})-(\d{1,2})\b`)
	reDayMonth  = regexp.MustCompile(`(?i)\b(\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?(` + monthRe + `)\b\.?(?:,?\s*(\d{4})\b)?`)
	reMonthDay  = regexp.MustCompile(`(?i)\b(` + monthRe + `)\.?\s+(\d{1,2})(?:st|nd|rd|th)?\b(?:,?\s+(\d{4})\b)?`)
	reMonthYear = regexp.MustCompile(`(?i)\b(` + monthRe + `)\.?,?\s+(\d{4})\b`)
	reDayWord   = regexp.MustCompile(`(?i)\b(the day before yesterday|the day after tomorrow|day before yesterday|day after tomorrow|yesterday|today|tonight|tomorrow|last night|this morning|this afternoon|this evening|earlier today)\b`)
	reRelWD     = regexp.MustCompile(`(?i)\b(last|next|this coming|this|coming|past)\s+(` + weekdayAny + `)\b`)
	reBareWD    = regexp.MustCompile(`(?i)\b(?:on\s+)?(` + weekdayFull + `)\b`)
	reBeforeLst = regexp.MustCompile(`(?i)\bthe\s+(week|weekend|month|year)\s+before\s+last\b`)
	rePeriod    = regexp.MustCompile(`(?i)\b(?:(earlier|later)\s+)?(last|next|this|past|coming)\s+(week|weekend|month|year|` + seasonRe + `)\b`)
	reAgo       = regexp.MustCompile(`(?i)\b(` + countRe + `)\s+(` + unitRe + `)s?\s+ago\b`)
	reIn        = regexp.MustCompile(`(?i)\bin\s+(` + countRe + `)\s+(` + unitRe + `)s?\b`)
	reOrdDay    = regexp.MustCompile(`(?i)\b(?:on\s+)?the\s+(\d{1,2})(?:st|nd|rd|th)\b(\s+\w+)?`)
	reFromNow   = regexp.MustCompile(`(?i)\b(` + countRe + `)\s+(` + unitRe + `)s?\s+from\s+(?:today|now|tonight)\b`)
	reFuture    = regexp.MustCompile(`(?i)\b(will|shall|going to|gonna|plan|plans|planning|planned to|hope to|hoping to|can't wait|cannot wait|looking forward|next|tomorrow|upcoming)\b|'ll\b`)
	rePast      = regexp.MustCompile(`(?i)\b(was|were|did|went|had|got|took|made|came|saw|met|found|spent|ran|bought|began|left|gave|told|said|felt|ago|last|yesterday|` + irregularPast + `)\b|\b[a-z]{2,}[^e\W]ed\b`)
	// reYear is a year after a preposition ("in 1993", "back in 2010",
	// "since 2019"); a bare four-digit number may be a count or a code.
	reYear = regexp.MustCompile(`(?i)\b(?:in|since|from|of|by|around|until|till|during|before|after)\s+((?:1[89]|20)\d{2})\b`)
)

// irregularPast are common irregular simple-past verb forms that are not
// also present forms (so not "read", "put", "hit"): a sentence holding one
// tells of the past ("I won on Friday" → the Friday before).
const irregularPast = `won|lost|wrote|drove|flew|ate|drank|sang|swam|rode|threw|caught|taught|brought|thought|sold|held|kept|slept|built|sent|heard|wore|broke|chose|fell|forgot|became|sat|stood|understood|paid|fed|grew|knew|drew|woke|shook|spoke|stole|hung|dug|fought|sought|lent|bent|spun|led|meant|fled|struck|swore|tore|froze|hid|bit|blew|dealt|dreamt|learnt|burnt|spelt|spilt`

var monthNum = map[string]time.Month{
	"jan": 1, "january": 1, "feb": 2, "february": 2, "mar": 3, "march": 3, "apr": 4, "april": 4, "may": 5,
	"jun": 6, "june": 6, "jul": 7, "july": 7, "aug": 8, "august": 8, "sep": 9, "sept": 9, "september": 9,
	"oct": 10, "october": 10, "nov": 11, "november": 11, "dec": 12, "december": 12,
}

var weekdayNum = map[string]time.Weekday{
	"sunday": time.Sunday, "monday": time.Monday, "mon": time.Monday, "tuesday": time.Tuesday, "tue": time.Tuesday,
	"tues": time.Tuesday, "wednesday": time.Wednesday, "wed": time.Wednesday, "thursday": time.Thursday,
	"thu": time.Thursday, "thur": time.Thursday, "thurs": time.Thursday, "friday": time.Friday, "fri": time.Friday,
	"saturday": time.Saturday, "sat": time.Saturday,
}

// countWords maps count words to their nominal value and whether they are
// vague.
var countWords = map[string]struct {
	n     int
	vague bool
}{
	"a": {1, false}, "an": {1, false}, "one": {1, false}, "two": {2, false}, "three": {3, false}, "four": {4, false},
	"five": {5, false}, "six": {6, false}, "seven": {7, false}, "eight": {8, false}, "nine": {9, false},
	"ten": {10, false}, "eleven": {11, false}, "twelve": {12, false},
	"a couple of": {2, true}, "couple of": {2, true}, "a couple": {2, true}, "a few": {3, true}, "few": {3, true},
	"several": {3, true},
}

// DayStart truncates t to its calendar day at 00:00 UTC.
func DayStart(t time.Time) time.Time {
	t = t.UTC()
	return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
}

func addDays(t time.Time, n int) time.Time { return t.AddDate(0, 0, n) }

// monday returns the Monday of d's week (weeks run Monday–Sunday).
func monday(d time.Time) time.Time {
	off := (int(d.Weekday()) + 6) % 7
	return addDays(d, -off)
}

func monthStart(y int, m time.Month) time.Time { return time.Date(y, m, 1, 0, 0, 0, 0, time.UTC) }

// count parses a count expression; ok is false for an unknown word or 0.
func count(s string) (n int, vague, ok bool) {
	s = strings.Join(strings.Fields(strings.ToLower(s)), " ")
	if c, found := countWords[s]; found {
		return c.n, c.vague, true
	}
	v, err := strconv.Atoi(s)
	if err != nil || v <= 0 {
		return 0, false, false
	}
	return v, false, true
}

// candidate is a mention with its priority for overlap resolution (lower
// wins).
type candidate struct {
	Mention
	prio int
}

// Find returns the date expressions of text, resolved against the calendar
// day of ref, in order of appearance. Overlapping matches keep the most
// specific (absolute dates, then day words, weekdays, counted spans,
// periods, bare weekdays). When ref is the zero time only absolute dates
// with a year are returned. Find never fails; text it does not understand
// yields no mention.
func Find(text string, ref time.Time) []Mention {
	return find(text, ref, true)
}

// find is Find; with gated false every pattern runs whatever the text
// holds (the reference the gates are tested against).
func find(text string, ref time.Time, gated bool) []Mention {
	g := allGates
	if gated {
		g = gatesOf(text)
	}
	var cands []candidate
	add := func(m Mention, prio int) { cands = append(cands, candidate{m, prio}) }
	hasRef := !ref.IsZero()
	day := DayStart(ref)
	anchor := FormatDay(day)

	for _, loc := range matches(reISO, text, g.digit) {
		y, _ := strconv.Atoi(text[loc[2]:loc[3]])
		mo, _ := strconv.Atoi(text[loc[4]:loc[5]])
		d, _ := strconv.Atoi(text[loc[6]:loc[7]])
		if t, ok := date(y, mo, d); ok {
			add(dayMention(text, loc[0], loc[1], t, false), 0)
		}
	}
	for _, loc := range matches(reDayMonth, text, g.digit) {
		if !monthWord(text[loc[4]:loc[5]]) {
			continue
		}
		d, _ := strconv.Atoi(text[loc[2]:loc[3]])
		mo := int(monthNum[strings.ToLower(text[loc[4]:loc[5]])])
		if m, ok := dayWithYear(text, loc, d, mo, loc[6], loc[7], hasRef, day); ok {
			add(m, 0)
		}
	}
	for _, loc := range matches(reMonthDay, text, g.digit) {
		if !monthWord(text[loc[2]:loc[3]]) {
			continue
		}
		mo := int(monthNum[strings.ToLower(text[loc[2]:loc[3]])])
		d, _ := strconv.Atoi(text[loc[4]:loc[5]])
		if m, ok := dayWithYear(text, loc, d, mo, loc[6], loc[7], hasRef, day); ok {
			add(m, 0)
		}
	}
	for _, loc := range matches(reMonthYear, text, g.digit) {
		if !monthWord(text[loc[2]:loc[3]]) {
			continue
		}
		mo := monthNum[strings.ToLower(text[loc[2]:loc[3]])]
		y, _ := strconv.Atoi(text[loc[4]:loc[5]])
		from := monthStart(y, mo)
		add(Mention{Text: text[loc[0]:loc[1]], Start: loc[0], End: loc[1], Unit: Month, From: from, To: from.AddDate(0, 1, 0),
			Value: from.Format("January 2006")}, 1)
	}
	for _, loc := range matches(reYear, text, g.digit) {
		// a plural ("in the 1990s") or a range part ("2019-2020") is
		// not one year
		if rest := text[loc[1]:]; rest != "" && (strings.ContainsRune("sS-'", rune(rest[0])) || strings.HasPrefix(rest, "–") || strings.HasPrefix(rest, "’")) {
			continue
		}
		y, _ := strconv.Atoi(text[loc[2]:loc[3]])
		from := time.Date(y, 1, 1, 0, 0, 0, 0, time.UTC)
		add(Mention{Text: text[loc[2]:loc[3]], Start: loc[2], End: loc[3], Unit: Year, From: from, To: from.AddDate(1, 0, 0),
			Value: strconv.Itoa(y)}, 6)
	}
	if !hasRef {
		return resolveOverlaps(cands)
	}

	for _, loc := range matches(reDayWord, text, g.dayWord) {
		w := strings.Join(strings.Fields(strings.ToLower(text[loc[0]:loc[1]])), " ")
		off := 0
		switch w {
		case "yesterday", "last night":
			off = -1
		case "the day before yesterday", "day before yesterday":
			off = -2
		case "tomorrow":
			off = 1
		case "the day after tomorrow", "day after tomorrow":
			off = 2
		}
		add(dayMention(text, loc[0], loc[1], addDays(day, off), true), 1)
	}
	for _, loc := range matches(reRelWD, text, g.weekday) {
		mod := strings.Join(strings.Fields(strings.ToLower(text[loc[2]:loc[3]])), " ")
		wd := weekdayNum[strings.ToLower(text[loc[4]:loc[5]])]
		var t time.Time
		switch mod {
		case "last", "past":
			t = prevWeekday(day, wd)
		case "next":
			t = nextWeekday(day, wd, false)
		default: // this, coming, this coming
			t = nextWeekday(day, wd, true)
		}
		add(dayMention(text, loc[0], loc[1], t, true), 2)
	}
	for _, loc := range matches(reAgo, text, g.ago) {
		n, vague, ok := count(text[loc[2]:loc[3]])
		if !ok {
			continue
		}
		unit := strings.ToLower(text[loc[4]:loc[5]])
		if m, ok := counted(text, loc, -n, vague, unit, strings.ToLower(text[loc[2]:loc[3]]), day, anchor); ok {
			add(m, 3)
		}
	}
	// "in three weeks"; "three weeks from today" as it, and before the
	// "today" inside it
	for _, ahead := range []struct {
		re   *regexp.Regexp
		prio int
	}{{reIn, 3}, {reFromNow, 1}} {
		for _, loc := range matches(ahead.re, text, g.unit) {
			n, vague, ok := count(text[loc[2]:loc[3]])
			if !ok {
				continue
			}
			unit := strings.ToLower(text[loc[4]:loc[5]])
			if m, ok := counted(text, loc, n, vague, unit, strings.ToLower(text[loc[2]:loc[3]]), day, anchor); ok {
				add(m, ahead.prio)
			}
		}
	}
	for _, loc := range matches(reOrdDay, text, g.digit && hasRef) {
		// "move-in is the 17th", "on the 15th after my trip": a day of
		// the month, the occurrence nearest the reference day; not
		// "the 5th floor", "the 3rd time" (a word other than a
		// preposition or conjunction after it)
		on := strings.HasPrefix(strings.ToLower(text[loc[0]:loc[1]]), "on")
		if !on && loc[0] >= 3 && strings.EqualFold(strings.TrimSpace(text[max(0, loc[0]-3):loc[0]]), "in") {
			continue // "finished in the 3rd": a place in a ranking
		}
		if loc[4] >= 0 {
			next := strings.ToLower(strings.TrimSpace(text[loc[4]:loc[5]]))
			if !ordDayFollowers[next] && !(on && (ordDayConjunctions[next] || ordDayPreps[next])) {
				continue
			}
		}
		d, _ := strconv.Atoi(text[loc[2]:loc[3]])
		if t, ok := nearestMonthDay(day, d); ok {
			end := loc[1]
			if loc[4] >= 0 {
				end = loc[4]
			}
			add(dayMention(text, loc[0], end, t, true), 1)
		}
	}
	for _, loc := range matches(reBeforeLst, text, g.before) {
		unit := strings.ToLower(text[loc[2]:loc[3]])
		if m, ok := counted(text, loc, -2, false, unit, "two", day, anchor); ok {
			add(m, 3)
		}
	}
	for _, loc := range matches(rePeriod, text, g.period) {
		mod := strings.ToLower(text[loc[4]:loc[5]])
		unit := strings.ToLower(text[loc[6]:loc[7]])
		if m, ok := period(text, loc[0], loc[1], mod, unit, day, anchor); ok {
			add(m, 4)
		}
	}
	tense := 0
	if g.fullWeekday {
		tense = sentenceTense(text)
	}
	if tense != 0 {
		for _, loc := range reBareWD.FindAllStringSubmatchIndex(text, -1) {
			// plural weekdays ("on Sundays") are habits, not dates
			if loc[1] < len(text) && (text[loc[1]] == 's' || text[loc[1]] == 'S') {
				continue
			}
			wd := weekdayNum[strings.ToLower(text[loc[2]:loc[3]])]
			t := prevWeekday(day, wd)
			if tense > 0 {
				t = nextWeekday(day, wd, false)
			}
			add(dayMention(text, loc[0], loc[1], t, true), 5)
		}
	}
	return resolveOverlaps(cands)
}

// resolveOverlaps keeps, among overlapping candidates, the one with the
// lowest priority, then the longest, then the leftmost; the result is in
// text order.
func resolveOverlaps(cands []candidate) []Mention {
	sort.SliceStable(cands, func(i, j int) bool {
		a, b := cands[i], cands[j]
		if a.prio != b.prio {
			return a.prio < b.prio
		}
		if la, lb := a.End-a.Start, b.End-b.Start; la != lb {
			return la > lb
		}
		return a.Start < b.Start
	})
	var kept []Mention
	for _, c := range cands {
		overlap := false
		for _, k := range kept {
			if c.Start < k.End && k.Start < c.End {
				overlap = true
				break
			}
		}
		if !overlap {
			kept = append(kept, c.Mention)
		}
	}
	sort.Slice(kept, func(i, j int) bool { return kept[i].Start < kept[j].Start })
	return kept
}

// monthWord reports whether a matched month name is a month: "may",
// "march" and "mar" are also common words, so they count only capitalized.
func monthWord(w string) bool {
	switch strings.ToLower(w) {
	case "may", "march", "mar":
		return w[0] >= 'A' && w[0] <= 'Z'
	}
	return true
}

func date(y, m, d int) (time.Time, bool) {
	if m < 1 || m > 12 || d < 1 || d > 31 || y < 1 {
		return time.Time{}, false
	}
	t := time.Date(y, time.Month(m), d, 0, 0, 0, 0, time.UTC)
	if t.Day() != d { // 31 June and the like
		return time.Time{}, false
	}
	return t, true
}

func dayMention(text string, start, end int, t time.Time, relative bool) Mention {
	return Mention{Text: text[start:end], Start: start, End: end, Unit: Day, From: t, To: addDays(t, 1),
		Relative: relative, Value: FormatDay(t)}
}

// dayWithYear builds a day mention from a day-month match whose year group
// spans [ys, ye) (ys < 0 when absent). Without a year, the reference day's
// year is used (Relative), and nothing is returned without a reference.
func dayWithYear(text string, loc []int, d, mo, ys, ye int, hasRef bool, ref time.Time) (Mention, bool) {
	var y int
	relative := false
	if ys >= 0 {
		y, _ = strconv.Atoi(text[ys:ye])
	} else {
		if !hasRef {
			return Mention{}, false
		}
		y, relative = ref.Year(), true
	}
	t, ok := date(y, mo, d)
	if !ok {
		return Mention{}, false
	}
	return dayMention(text, loc[0], loc[1], t, relative), true
}

// prevWeekday is the latest day with weekday wd strictly before d.
func prevWeekday(d time.Time, wd time.Weekday) time.Time {
	off := (int(d.Weekday()) - int(wd) + 7) % 7
	if off == 0 {
		off = 7
	}
	return addDays(d, -off)
}

// nextWeekday is the first day with weekday wd after d (on or after when
// inclusive).
func nextWeekday(d time.Time, wd time.Weekday, inclusive bool) time.Time {
	off := (int(wd) - int(d.Weekday()) + 7) % 7
	if off == 0 && !inclusive {
		off = 7
	}
	return addDays(d, off)
}

// thisWeekend is the Saturday of d's Monday–Sunday week.
func thisWeekend(d time.Time) time.Time { return addDays(monday(d), 5) }

// lastWeekend is the Saturday of the latest weekend before d's own week's
// weekend (on a weekend day, the one before it).
func lastWeekend(d time.Time) time.Time { return addDays(thisWeekend(d), -7) }

var numberWords = []string{"zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"}

// ordDayFollowers are the words that may follow a day of the month said
// alone ("the 17th at noon", "on the 15th after my trip"): prepositions
// and conjunctions of time and the parts of a day; any other word makes
// the ordinal a rank ("the 5th floor", "the 1st to leave", "the 3rd and
// 5th grade", "the 2nd in line").
var ordDayFollowers = map[string]bool{
	"at": true, "after": true, "before": true, "when": true, "because": true, "then": true, "until": true, "till": true,
	"since": true, "morning": true, "afternoon": true, "evening": true, "night": true,
}

// ordDayConjunctions may follow a day of the month said after "on" ("on
// the 17th and it was great", "on the 17th and 18th"); without "on" they
// follow ranks as often ("the 3rd and 5th grade").
var ordDayConjunctions = map[string]bool{"and": true, "but": true, "so": true, "or": true}

// ordDayPreps may follow a day of the month said after "on" ("on the
// 22nd in the school gym", "on the 15th for members").
var ordDayPreps = map[string]bool{"in": true, "with": true, "for": true, "on": true, "to": true, "from": true, "by": true}

// nearestMonthDay is day-of-month d in the month of ref, the month before
// or the month after, whichever is nearest ref (ties: the earlier).
func nearestMonthDay(ref time.Time, d int) (time.Time, bool) {
	var best time.Time
	found := false
	for _, off := range []int{-1, 0, 1} {
		m := time.Date(ref.Year(), ref.Month(), 1, 0, 0, 0, 0, time.UTC).AddDate(0, off, 0)
		t, ok := date(m.Year(), int(m.Month()), d)
		if !ok {
			continue
		}
		if !found || absDays(t.Sub(ref)) < absDays(best.Sub(ref)) {
			best, found = t, true
		}
	}
	return best, found
}

// absDays is the absolute length of d in whole days.
func absDays(d time.Duration) int {
	if d < 0 {
		d = -d
	}
	return int(d / (24 * time.Hour))
}

// counted resolves "<n> <unit>s ago" (n < 0) and "in <n> <unit>s" or "<n>
// <unit>s from today" (n > 0).
func counted(text string, loc []int, n int, vague bool, unit, countText string, day time.Time, anchor string) (Mention, bool) {
	m := Mention{Text: text[loc[0]:loc[1]], Start: loc[0], End: loc[1], Relative: true, Vague: vague}
	dir := "before"
	if n > 0 {
		dir = "after"
	}
	abs := n
	if abs < 0 {
		abs = -abs
	}
	countText = strings.Join(strings.Fields(countText), " ")
	if !vague && countText != "a" && countText != "an" && abs < len(numberWords) {
		countText = numberWords[abs]
	}
	plural := func(u string) string {
		if abs == 1 && !vague {
			return u
		}
		return u + "s"
	}
	switch unit {
	case "day":
		m.Unit, m.From = Day, addDays(day, n)
		m.To = addDays(m.From, 1)
		m.Value = FormatDay(m.From)
		if vague {
			m.Value = fmt.Sprintf("%s %s %s %s", countText, plural("day"), dir, anchor)
		}
	case "week":
		m.Unit, m.From = Week, addDays(monday(day), 7*n)
		m.To = addDays(m.From, 7)
		m.Value = fmt.Sprintf("%s %s %s %s", countText, plural("week"), dir, anchor)
	case "weekend":
		m.Unit = Weekend
		if n < 0 {
			m.From = addDays(lastWeekend(day), 7*(n+1))
		} else {
			m.From = addDays(thisWeekend(day), 7*n)
		}
		m.To = addDays(m.From, 2)
		m.Value = fmt.Sprintf("%s %s %s %s", countText, plural("weekend"), dir, anchor)
	case "month":
		m.Unit, m.From = Month, monthStart(day.Year(), day.Month()).AddDate(0, n, 0)
		m.To = m.From.AddDate(0, 1, 0)
		m.Value = m.From.Format("January 2006")
		if vague {
			m.Value = fmt.Sprintf("%s %s %s %s", countText, plural("month"), dir, anchor)
		}
	case "year":
		m.Unit, m.From = Year, time.Date(day.Year()+n, 1, 1, 0, 0, 0, 0, time.UTC)
		m.To = m.From.AddDate(1, 0, 0)
		m.Value = strconv.Itoa(m.From.Year())
		if vague {
			m.Value = fmt.Sprintf("%s %s %s %s", countText, plural("year"), dir, anchor)
		}
	default:
		return Mention{}, false
	}
	return m, true
}

// period resolves "<last|next|this|past|coming> <unit>".
func period(text string, start, end int, mod, unit string, day time.Time, anchor string) (Mention, bool) {
	m := Mention{Text: text[start:end], Start: start, End: end, Relative: true}
	off := 0
	switch mod {
	case "last", "past":
		off = -1
	case "next", "coming":
		off = 1
	}
	rel := map[int]string{-1: "the %s before " + anchor, 0: "the %s of " + anchor, 1: "the %s after " + anchor}
	switch unit {
	case "week":
		m.Unit, m.From = Week, addDays(monday(day), 7*off)
		m.To = addDays(m.From, 7)
		m.Value = fmt.Sprintf(rel[off], "week")
	case "weekend":
		m.Unit = Weekend
		switch off {
		case -1:
			m.From = lastWeekend(day)
		case 0:
			m.From = thisWeekend(day)
		default:
			m.From = addDays(thisWeekend(day), 7)
		}
		m.To = addDays(m.From, 2)
		m.Value = fmt.Sprintf(rel[off], "weekend")
	case "month":
		m.Unit, m.From = Month, monthStart(day.Year(), day.Month()).AddDate(0, off, 0)
		m.To = m.From.AddDate(0, 1, 0)
		m.Value = m.From.Format("January 2006")
	case "year":
		m.Unit, m.From = Year, time.Date(day.Year()+off, 1, 1, 0, 0, 0, 0, time.UTC)
		m.To = m.From.AddDate(1, 0, 0)
		m.Value = strconv.Itoa(m.From.Year())
	default: // seasons
		from := season(unit, day, mod)
		m.Unit, m.From, m.To = Season, from, from.AddDate(0, 3, 0)
		name := unit
		if name == "autumn" {
			name = "fall"
		}
		year := from.Year()
		if name == "winter" {
			m.Value = fmt.Sprintf("winter %d–%d", year, year+1)
		} else {
			m.Value = fmt.Sprintf("%s %d", name, year)
		}
	}
	return m, true
}

// season returns the first day of the named season relative to day: "last"
// is the latest that ended on or before day, "next"/"coming" the first that
// starts after day, "this" the one of day's year (winter: the one starting
// in December of day's year, or the running one in January and February).
func season(name string, day time.Time, mod string) time.Time {
	startMonth := map[string]time.Month{"spring": 3, "summer": 6, "fall": 9, "autumn": 9, "winter": 12}[name]
	startOf := func(y int) time.Time { return monthStart(y, startMonth) }
	y := day.Year()
	switch mod {
	case "last", "past":
		for s := startOf(y); ; s = startOf(y) {
			if !s.AddDate(0, 3, 0).After(day) {
				return s
			}
			y--
		}
	case "next", "coming":
		for s := startOf(y); ; s = startOf(y) {
			if s.After(day) {
				return s
			}
			y++
		}
	default:
		if name == "winter" && day.Month() <= 2 {
			return startOf(y - 1)
		}
		return startOf(y)
	}
}

// sentenceTense is +1 for a future marker, -1 for a past marker, 0 for
// neither (future markers win).
func sentenceTense(s string) int {
	if reFuture.MatchString(s) {
		return 1
	}
	if rePast.MatchString(s) {
		return -1
	}
	return 0
}

// Resolve returns the Value of the first relative mention in sentence
// resolved against ref, or "" when there is none or ref is zero: a day
// ("3 June 2023"), a month, a year, a season or an anchored phrase ("the
// week before 9 June 2023"). ResolveDay is the day-only variant the offline
// reader takes.
func Resolve(sentence string, ref time.Time) string {
	if ref.IsZero() {
		return ""
	}
	for _, m := range Find(sentence, ref) {
		if m.Relative {
			return m.Value
		}
	}
	return ""
}

// ResolveDay returns the day of the first relative mention in sentence
// that names a single day ("yesterday", "last Saturday", "2 days ago"),
// resolved against ref, at 00:00 UTC; ok is false when there is none, when
// ref is zero, or when the first relative mention names a longer or vague
// span ("last week", "a few days ago"), which a single day would misstate.
func ResolveDay(sentence string, ref time.Time) (day time.Time, ok bool) {
	if ref.IsZero() {
		return time.Time{}, false
	}
	for _, m := range Find(sentence, ref) {
		if !m.Relative {
			continue
		}
		if m.Unit != Day || m.Vague {
			return time.Time{}, false
		}
		return m.From, true
	}
	return time.Time{}, false
}

// Annotate returns text with every relative mention followed by its
// resolved value in brackets: "I went yesterday [7 May 2023]." Strategies
// may store the annotated text so that memories carry absolute dates.
// Text without relative mentions (or a zero ref) is returned unchanged.
func Annotate(text string, ref time.Time) string {
	if ref.IsZero() {
		return text
	}
	var b strings.Builder
	last := 0
	for _, m := range Find(text, ref) {
		if !m.Relative {
			continue
		}
		b.WriteString(text[last:m.End])
		b.WriteString(" [")
		b.WriteString(m.Value)
		b.WriteString("]")
		last = m.End
	}
	if last == 0 {
		return text
	}
	b.WriteString(text[last:])
	return b.String()
}

// gates says which of Find's patterns can match a text at all: each field
// is a necessary condition of one pattern (a digit, or a word every
// alternative of the pattern contains), checked on the text folded as the
// patterns' (?i) folds it, so a closed gate never hides a match and the
// patterns (the costly part of Find) run only where they might match.
type gates struct {
	digit, dayWord, weekday, fullWeekday, ago, unit, before, period bool
}

// allGates opens every pattern.
var allGates = gates{true, true, true, true, true, true, true, true}

// gatesOf returns the gates of text.
func gatesOf(text string) gates {
	// (?i) folds with Unicode simple folding: besides ASCII case, only the
	// Kelvin sign (→ k, which ToLower maps) and the long s (kept by
	// ToLower) fold onto the ASCII letters of the patterns.
	f := strings.ReplaceAll(strings.ToLower(text), "ſ", "s")
	has := func(words ...string) bool {
		for _, w := range words {
			if strings.Contains(f, w) {
				return true
			}
		}
		return false
	}
	return gates{
		digit:       strings.ContainsAny(text, "0123456789"),
		dayWord:     has("yesterday", "today", "tonight", "tomorrow", "night", "morning", "afternoon", "evening"),
		weekday:     has("mon", "tue", "wed", "thu", "fri", "sat", "sun"),
		fullWeekday: has("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"),
		ago:         has("ago"),
		unit:        has("day", "week", "month", "year"),
		before:      has("before"),
		period:      has("week", "month", "year", "summer", "winter", "spring", "fall", "autumn"),
	}
}

// matches is re's submatch indexes in text, or none when its gate is
// closed.
func matches(re *regexp.Regexp, text string, open bool) [][]int {
	if !open {
		return nil
	}
	return re.FindAllStringSubmatchIndex(text, -1)
}
