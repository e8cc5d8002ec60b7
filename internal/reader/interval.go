package reader

import (
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/memarena/memarena/internal/nlp"
	"github.com/memarena/memarena/internal/temporal"
)

// interval is an elapsed-time question between two events ("How many days
// passed between A and B?", "How many weeks before B did I A?", "How many
// days had passed since A when B?", "How many days did it take to A after
// B?"): the answer is the distance between the events' dates in unit.
type interval struct {
	// unit is "day", "week", "month" or "year"; "" for "how long", whose
	// unit is chosen by the length (see elapsed).
	unit string
	// since is true when the first event is a state's start ("how long had
	// I been X when Y": since I started X).
	since bool
	// ago is true for "how many days ago did I X": the second event is
	// the asking day (events[1] is ""), or the event of a "when" clause
	// ("… did I X when I Y": events[1] is Y).
	ago bool
	// events are the two events' phrases as the question words them.
	events [2]string
}

var (
	intervalHead    = `(?i)^how many (day|week|month|year)s?\s+`
	intervalBetween = regexp.MustCompile(intervalHead + `(?:(?:had|have|has)\s+)?(?:passed|elapsed|lapsed|gone by|went by|were there)?\s*between\s+(.+)$`)
	intervalSince   = regexp.MustCompile(intervalHead + `(?:had|have|has)\s+(?:passed|elapsed|gone by)\s+since\s+(.+?)\s+(?:when|before|that|by the time)\s+(.+)$`)
	intervalBefore  = regexp.MustCompile(intervalHead + `(before|after)\s+(.+?)\s+(?:did|do|does)\s+(.+)$`)
	intervalTake    = regexp.MustCompile(intervalHead + `did it take\s+(?:for\s+)?(.+?)\s+(?:after|since|once|from the day)\s+(.+)$`)
	// "how long had I been X when Y", "how long did I X before Y"
	howLongWhen   = regexp.MustCompile(`(?i)^how long (?:had|have) (?:i|you|he|she|we|they|[A-Z]\w+) been\s+(.+?)\s+(?:when|by the time|before)\s+(.+)$`)
	howLongBefore = regexp.MustCompile(`(?i)^how long did (?:i|you|he|she|we|they|[A-Z]\w+(?: and (?:(?:his|her|their|my) \w+|[A-Z]\w+))?)\s+(.+?)\s+before\s+(.+)$`)
	// "how many weeks have I been X when Y": howLongWhen in a unit
	unitBeenWhen = regexp.MustCompile(intervalHead + `(?:had|have|has) (?:i|you|he|she|we|they|[A-Z]\w+) been\s+(.+?)\s+(?:when|by the time|before)\s+(.+)$`)
	// eventFrame are the words that frame an event in the question ("the
	// day I …", "the time we …").
	eventFrame = regexp.MustCompile(`(?i)^(?:the\s+)?(?:day|date|time|moment|week|month)\s+(?:when\s+|that\s+)?`)
)

// parseInterval reads an elapsed-time question between two events from
// the interrogative sentence main; ok is false for any other question
// (also for "how many days ago", whose second event is the asking day:
// parseAgo).
func parseInterval(main string) (iv interval, ok bool) {
	q := strings.TrimSpace(strings.TrimRight(strings.TrimSpace(main), "?.!"))
	var a, b string
	if m := intervalBetween.FindStringSubmatch(q); m != nil {
		iv.unit = strings.ToLower(m[1])
		a, b = completePair(splitPair(m[2]))
	} else if m := intervalSince.FindStringSubmatch(q); m != nil {
		iv.unit, a, b = strings.ToLower(m[1]), m[2], m[3]
	} else if m := intervalBefore.FindStringSubmatch(q); m != nil {
		iv.unit, a, b = strings.ToLower(m[1]), m[3], m[4]
	} else if m := intervalTake.FindStringSubmatch(q); m != nil {
		iv.unit, a, b = strings.ToLower(m[1]), m[2], m[3]
	} else if m := unitBeenWhen.FindStringSubmatch(q); m != nil {
		iv.unit, iv.since, a, b = strings.ToLower(m[1]), true, m[2], m[3]
	} else if m := howLongWhen.FindStringSubmatch(q); m != nil {
		iv.since, a, b = true, m[1], m[2]
	} else if m := howLongBefore.FindStringSubmatch(q); m != nil {
		iv.since, a, b = true, m[1], m[2]
	} else {
		return iv, false
	}
	a, b = unframe(a), unframe(b)
	if a == "" || b == "" {
		return iv, false
	}
	iv.events = [2]string{a, b}
	return iv, true
}

// unframe drops the words that frame an event ("the day I …"), unless
// they are the event itself ("date for": the dating).
func unframe(e string) string {
	e = strings.TrimSpace(e)
	if u := strings.TrimSpace(eventFrame.ReplaceAllString(e, "")); len(eventKeys(u)) > 0 {
		return u
	}
	return e
}

// agoQuestion is "how many days (weeks, months, years) ago did I X".
var agoQuestion = regexp.MustCompile(`(?i)^how many (day|week|month|year)s?\s+ago\s+(?:did|was|were|had|have|has|do|does)\s+(.+)$`)

// parseAgo reads a "how many days ago did I X" question from the
// interrogative sentence main: the interval from X to the asking day.
func parseAgo(main string) (iv interval, ok bool) {
	q := strings.TrimSpace(strings.TrimRight(strings.TrimSpace(main), "?.!"))
	m := agoQuestion.FindStringSubmatch(q)
	if m == nil {
		return iv, false
	}
	a := strings.TrimSpace(eventFrame.ReplaceAllString(strings.TrimSpace(m[2]), ""))
	if a == "" {
		return iv, false
	}
	b := ""
	if w := agoWhen.FindStringIndex(a); w != nil {
		// "how many days ago did I launch my website when I signed my
		// first contract": counted back from the later event's day
		a, b = strings.TrimSpace(a[:w[0]]), strings.TrimSpace(a[w[1]:])
		b = strings.TrimSpace(eventFrame.ReplaceAllString(b, ""))
		if a == "" || b == "" {
			return iv, false
		}
	}
	iv.unit, iv.ago, iv.events = strings.ToLower(m[1]), true, [2]string{a, b}
	return iv, true
}

// agoWhen is the "when …" clause of a "how many days ago did I X when I Y"
// question: Y is the day the count runs back from.
var agoWhen = regexp.MustCompile(`(?i)\s+(?:when|by the time)\s+(?:i|we|you|he|she|they|my|[A-Z]\w+)\b`)

// splitPair splits "A and B" of "between A and B": at an "and" that
// starts a framed event ("and the day I …"), else at the first "and".
func splitPair(s string) (string, string) {
	ls := strings.ToLower(s)
	for _, sep := range []string{" and the day ", " and the date ", " and the time ", " and when "} {
		if i := strings.Index(ls, sep); i > 0 {
			return s[:i], s[i+len(" and "):]
		}
	}
	if i := strings.Index(ls, " and "); i > 0 {
		return s[:i], s[i+len(" and "):]
	}
	return s, ""
}

// completePair restores the words a coordination leaves out of one of
// two events ("adopting Toby and Buddy": adopting Buddy; "my first and
// second appointment": my first appointment). The second event, when it
// is a bare name or noun of one or two words ("Buddy"; not an event of its
// own such as "my graduation"), takes the first one's words up to its last
// verb; the
// first, when it is one or two words ending in a modifier and the second
// is longer and starts with one, takes the second's words after its first
// word.
func completePair(a, b string) (string, string) {
	ta, tb := words(a), words(b)
	if len(ta) == 0 || len(tb) == 0 {
		return a, b
	}
	ga, gb := tagWords(ta), tagWords(tb)
	lastVerb := func(tg []string) int {
		at := -1
		for i, t := range tg {
			if strings.HasPrefix(t, "VB") {
				at = i
			}
		}
		return at
	}
	if va := lastVerb(ga); va >= 0 && va+1 < len(ta) && lastVerb(gb) < 0 && len(tb) <= 2 && !nlp.IsDeterminer(tb[0].Lower) && !possessives[tb[0].Lower] {
		return a, strings.TrimSpace(a[:ta[va].End]) + " " + b
	}
	modifier := func(toks []nlp.Token, tg []string, i int) bool {
		return i >= 0 && i < len(tg) && (strings.HasPrefix(tg[i], "JJ") || tg[i] == "CD" || ordinalWords[toks[i].Lower] != 0)
	}
	if len(ta) <= 2 && len(tb) > len(ta) && lastVerb(ga) < 0 && modifier(ta, ga, len(ga)-1) && modifier(tb, gb, 0) {
		// "my first and second appointment": two modifiers of one noun
		return a + b[tb[0].End:], b
	}
	return a, b
}

// eventKeys are the match keys of an event phrase's content words.
func eventKeys(phrase string) []string {
	var keys []string
	seen := map[string]bool{}
	for _, t := range words(phrase) {
		if t.Punct || nlp.IsFunctionWord(t.Lower) || possessives[t.Lower] || metaWords[t.Lower] || !hasLetterOrDigit(t.Lower) {
			continue
		}
		k := stem(t.Lower)
		if k != "" && !seen[k] {
			seen[k] = true
			keys = append(keys, k)
		}
	}
	return keys
}

// eventDate finds the day of an event phrase in the context. The
// sentence is the one holding the most of the phrase's content terms
// (IDF-weighted as the scorer weighs them, 1 for a term that is not a
// focus term); among equal ones a dated one, then the better supported,
// then the earlier. A sentence is dated by the single-day date expression
// it states (one with a digit first: "on January 2nd" before "Sunday"),
// resolved against its item's date with internal/temporal; else by the
// start of the state it tells the length of ("I've been taking classes
// for the past three months": three months before its item's day,
// startDay); else by one a sibling sentence of the same item states when that sentence holds a
// term of the phrase ("I'm getting ready for the team meeting. It is on
// March 3rd."); else by its item's date. ok is false when no sentence
// holds half of the phrase's weighted terms or the sentence is undated;
// frac is the share of the terms the sentence holds. A name counts as
// held where its person speaks; avoid (when not nil) is never chosen.
func eventDate(sc *scorer, phrase string, avoid *sentence) (day time.Time, s *sentence, frac float64, ok bool) {
	keys := eventKeys(phrase)
	if len(keys) == 0 {
		return time.Time{}, nil, 0, false
	}
	// Terms no sentence holds ("my visit to the museum") do not count
	// towards the half a sentence must hold.
	var total float64
	w := make([]float64, len(keys))
	for i, k := range keys {
		w[i] = 1
		if v, ok := sc.idf[k]; ok && v > 0 {
			w[i] = v
		}
		for _, c := range sc.sents {
			if c.set[k] || stem(speakerKey(c.u.speaker)) == k {
				total += w[i]
				break
			}
		}
	}
	// A name holds where it is said, and where its person speaks.
	hits := func(c *sentence) float64 {
		h := 0.0
		sp := stem(speakerKey(c.u.speaker))
		for i, k := range keys {
			if c.set[k] || k == sp {
				h += w[i]
			}
		}
		return h
	}
	// dateOf is the day a sentence states, the start of a state it
	// tells the length of, or the day a sibling that shares a term with
	// the phrase states.
	dateOf := func(c *sentence) (time.Time, bool) {
		if d, ok := statedDay(c); ok {
			return d, true
		}
		// "I've been taking Spanish classes for the past three
		// months": the state began then
		if d, ok := startDay(c); ok {
			return d, true
		}
		for _, o := range c.u.sents {
			if o != c && hits(o) > 0 {
				if d, ok := statedDay(o); ok {
					return d, true
				}
			}
		}
		return time.Time{}, false
	}
	bestHit, bestSup, bestDated := 0.0, -1.0, false
	var bestDay time.Time
	for _, c := range sc.sents {
		hit := hits(c)
		if hit == 0 || c == avoid {
			continue
		}
		d, dated := dateOf(c)
		sup := sc.support(c)
		better := hit > bestHit+1e-9
		if math.Abs(hit-bestHit) <= 1e-9 {
			better = dated && !bestDated || dated == bestDated && sup > bestSup+1e-9
		}
		if better {
			bestHit, bestSup, bestDated, bestDay, s = hit, sup, dated, d, c
		}
	}
	// At least half of the phrase's (weighted) terms: a sentence that
	// shares one common word with the phrase is not where it happened.
	if s == nil || bestHit < 0.5*total {
		return time.Time{}, nil, 0, false
	}
	frac = bestHit / total
	if bestDated {
		return bestDay, s, frac, true
	}
	if s.u.date.IsZero() {
		return time.Time{}, nil, 0, false
	}
	return temporal.DayStart(s.u.date), s, frac, true
}

// statedDay is the single day a sentence's date expressions name,
// resolved against its item's date: the first one written with a digit
// ("January 2nd" before "Sunday"); else a count of units back ("three
// weeks ago": the item's day minus three weeks; "a month ago" 30 days, "a
// year ago" 365; vague counts at their nominal value, "a few" = 3); else
// the first single-day expression ("yesterday", "last Friday"); else
// "last week" (month, year) as one unit back; else a month/day written
// with a slash after a preposition ("on 1/20"). Vague
// single days ("a few days ago") count as counts of units back.
func statedDay(s *sentence) (time.Time, bool) {
	var first time.Time
	found := false
	for _, m := range temporal.Find(s.text, s.u.date) {
		if m.Unit != temporal.Day || m.Vague {
			continue
		}
		if strings.IndexAny(m.Text, "0123456789") >= 0 {
			return m.From, true
		}
		if !found {
			first, found = m.From, true
		}
	}
	if !s.u.date.IsZero() {
		if m := agoRe.FindStringSubmatch(s.text); m != nil {
			if n, ok := countOf(m[1]); ok {
				return temporal.DayStart(s.u.date).AddDate(0, 0, -n*unitDays[strings.ToLower(m[2])]), true
			}
		}
		if !found {
			if m := lastUnitRe.FindStringSubmatch(s.text); m != nil {
				return temporal.DayStart(s.u.date).AddDate(0, 0, -unitDays[strings.ToLower(m[1])]), true
			}
		}
	}
	if !found && !s.u.date.IsZero() {
		if m := slashDay.FindStringSubmatch(s.text); m != nil {
			return monthSlashDay(m[1], m[2], s.u.date)
		}
	}
	return first, found
}

// unitDays are the nominal lengths of the units in days.
var unitDays = map[string]int{"day": 1, "week": 7, "month": 30, "year": 365}

// lastUnitRe is "last week" (month, year): one unit back from the item's
// day.
var lastUnitRe = regexp.MustCompile(`(?i)\blast\s+(week|month|year)\b`)

// wholeCount is a count that is not vague: digits, a number word to
// twelve, "a", "an" or "a couple (of)" (a regexp group).
const wholeCount = `(\d{1,3}|an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|a couple of|a couple)`

// aheadRe is a count of days or weeks ahead of the item's date said from
// now ("three days from today"); "in" and a count is inAheadRe's.
var aheadRe = regexp.MustCompile(`(?i)^` + wholeCount + `\s+(day|week)s?\s+from\s+(?:today|now|tonight)$`)

// inAheadRe is "in" and a count of days or weeks ("in three weeks"): a
// day ahead of the item's date in a sentence not in the past tense, a
// length in one that is ("finished the course in three weeks").
var inAheadRe = regexp.MustCompile(`(?i)^in\s+` + wholeCount + `\s+(day|week)s?$`)

// pastTense reports whether s has a verb in the past tense (Penn VBD).
func pastTense(s *sentence) bool {
	return slices.Contains(s.tags(), "VBD")
}

// agoRe is a count of units back from the item's day ("three weeks ago",
// "a couple of months ago").
var agoRe = regexp.MustCompile(`(?i)\b(\d{1,3}|an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|a couple of|a couple|a few|few|several)\s+(day|week|month|year)s?\s+ago\b`)

// countOf reads a count word or number ("three" → 3, "a couple" → 2).
func countOf(w string) (int, bool) {
	w = strings.ToLower(strings.Join(strings.Fields(w), " "))
	if n, err := strconv.Atoi(w); err == nil {
		return n, true
	}
	n, ok := map[string]int{"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
		"eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "a couple of": 2, "a couple": 2, "a few": 3,
		"few": 3, "several": 3}[w]
	return n, ok
}

// slashDay is a day written month/day after a preposition ("on 1/20",
// "since 3/8"), the common US form in conversation; a bare "1/20" may be a
// fraction or a score and is not read.
var slashDay = regexp.MustCompile(`(?i)\b(?:on|since|from|until|till|by)\s+(?:the\s+)?(\d{1,2})/(\d{1,2})\b`)

// monthSlashDay resolves month m, day d to the latest such day on or
// before ref (a conversation tells past days by month/day); ok is false
// for an impossible date.
func monthSlashDay(m, d string, ref time.Time) (time.Time, bool) {
	mo, _ := strconv.Atoi(m)
	dd, _ := strconv.Atoi(d)
	if mo < 1 || mo > 12 || dd < 1 || dd > 31 {
		return time.Time{}, false
	}
	ref = temporal.DayStart(ref)
	t := time.Date(ref.Year(), time.Month(mo), dd, 0, 0, 0, 0, time.UTC)
	if t.Day() != dd {
		return time.Time{}, false
	}
	if t.After(ref) {
		t = t.AddDate(-1, 0, 0)
	}
	return t, true
}

// forRe is a state's length up to the sentence's day ("I've been
// sketching for three months").
var forRe = regexp.MustCompile(`(?i)\bfor\s+(?:the\s+(?:past|last)\s+)?(?:about\s+|around\s+|roughly\s+|almost\s+|nearly\s+|over\s+|more than\s+)?(\d{1,3}|an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|a couple of|a few|few|several)\s+(day|week|month|year)s?\b`)

// startDay is the day a state a sentence tells began: its item's day
// minus the length "for N units" states when the sentence says "been" or
// "'ve" ("I've been sketching for three months"; a month is 30 days, a
// year 365).
func startDay(s *sentence) (time.Time, bool) {
	m := stateLength(s)
	if m == nil {
		return time.Time{}, false
	}
	n, ok := countOf(m[1])
	if !ok {
		return time.Time{}, false
	}
	return temporal.DayStart(s.u.date).AddDate(0, 0, -n*unitDays[strings.ToLower(m[2])]), true
}

// stateLength is the forRe match (count, unit) of a sentence that tells
// how long a state has lasted up to its item's day: the sentence is in the
// perfect ("been", "'ve", "have", "has") and dated. Nil otherwise.
func stateLength(s *sentence) []string {
	if s.u.date.IsZero() {
		return nil
	}
	perfect := false
	for _, t := range s.toks {
		switch t.Lower {
		case "been", "have", "has", "i've", "we've", "you've", "they've", "i’ve", "we’ve", "you’ve", "they’ve":
			perfect = true
		}
	}
	if !perfect {
		l := strings.ToLower(s.text)
		perfect = strings.Contains(l, "'ve ") || strings.Contains(l, "’ve ")
	}
	if !perfect {
		return nil
	}
	return forRe.FindStringSubmatch(s.text)
}

// startSpan is the start of the state a sentence tells the length of
// ("I've had them for three years now" in an item of 23 January 2022 →
// "2019"), written as temporal writes "<length> ago" against the item's
// date: a year for years, a month for months ("for four months" → "August
// 2023"), the week or day before the item's date for weeks and days. ok is
// false when the sentence tells no such length.
func startSpan(s *sentence) (span, bool) {
	m := stateLength(s)
	if m == nil {
		return span{}, false
	}
	ago := m[1] + " " + strings.ToLower(m[2]) + "s ago"
	for _, mm := range temporal.Find(ago, s.u.date) {
		loc := forRe.FindStringIndex(s.text)
		st, en := tokRange(s, loc[0], loc[1])
		return span{text: mm.Value, start: st, end: en}, true
	}
	return span{}, false
}

// twoEvents dates two event phrases (eventDate) in two different
// sentences: when both find the same sentence, the better of giving it to
// the first event or to the second (the larger sum of the shares of terms
// held). ok is false when either is not found in a sentence of its own.
func twoEvents(sc *scorer, a, b string) (da time.Time, sa *sentence, db time.Time, ok bool) {
	da, sa, fa, okA := eventDate(sc, a, nil)
	db, sb, fb, okB := eventDate(sc, b, nil)
	if !okA || !okB {
		return da, sa, db, false
	}
	if sa != sb {
		return da, sa, db, true
	}
	// the sentence to a, b elsewhere; or to b, a elsewhere
	db1, _, fb1, ok1 := eventDate(sc, b, sa)
	da2, sa2, fa2, ok2 := eventDate(sc, a, sb)
	switch {
	case ok1 && (!ok2 || fa+fb1 >= fa2+fb):
		return da, sa, db1, true
	case ok2:
		return da2, sa2, db, true
	}
	return da, sa, db, false
}

// elapsed answers an interval question: the distance between the two
// events' days in the question's unit, the count written as countWord
// writes it ("27 days", "three weeks", "one month"); weeks, months and years rounded to the nearest
// whole unit (a month is 30.44 days, a year 365.25). A "how long"
// question names no unit: days below a week, weeks below eight weeks,
// months below two years, else years. For "how long had I been X when Y"
// the first day is X's start: startDay, else the day X's sentence states.
// For "how many days ago did I X" the second day is the asking day
// (question.now) and the answer reads "N days ago". It returns "" when
// an event is not found or dated in a sentence of its own (twoEvents), or
// both fall on the same day.
func elapsed(q question, sc *scorer) (string, *sentence) {
	var d1, d2 time.Time
	var s1 *sentence
	ok := false
	if q.interval.ago && q.interval.events[1] == "" {
		// from the event to the asking day
		d1, s1, _, ok = eventDate(sc, q.interval.events[0], nil)
		d2 = temporal.DayStart(q.now)
	} else {
		d1, s1, d2, ok = twoEvents(sc, q.interval.events[0], q.interval.events[1])
	}
	if !ok {
		return "", nil
	}
	if q.interval.since {
		// "I've been taking lessons for two weeks": the state began
		// that long before the sentence's day
		if d, ok := startDay(s1); ok {
			d1 = d
		}
	}
	days := math.Abs(d2.Sub(d1).Hours() / 24)
	days = math.Round(days)
	if days == 0 {
		return "", nil
	}
	unit := q.interval.unit
	if unit == "" {
		// "how long": days below a week, weeks below eight, months
		// below two years, else years
		switch {
		case days < 7:
			unit = "day"
		case days < 56:
			unit = "week"
		case days < 730:
			unit = "month"
		default:
			unit = "year"
		}
	}
	var n float64
	switch unit {
	case "week":
		n = math.Round(days / 7)
	case "month":
		n = math.Round(days / 30.44)
	case "year":
		n = math.Round(days / 365.25)
	default:
		n = days
	}
	if n < 1 {
		n = 1
	}
	if n != 1 {
		unit += "s"
	}
	if q.interval.ago {
		unit += " ago"
	}
	return countWord(int(n)) + " " + unit, s1
}
