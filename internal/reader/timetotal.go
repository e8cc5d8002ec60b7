package reader

import (
	"regexp"
	"strconv"
	"strings"
)

// Totals of time. "How many days did I take social media breaks in
// total?" adds the amounts of time the memory tells, each in its own turn
// and often in its own unit or form: "a 10-day break", "a week-long break",
// "for five days", "it took me 25 hours". The amounts are read from every
// sentence well enough supported (timeTotalShare of the best, a wider net
// than the answer pool: the turns that tell them seldom repeat the
// question's words; a question's relative clause tells them too: "games
// like Celeste, which took me 10 hours?"), converted to the counted unit where the conversion is
// exact (a week is seven days, an hour sixty minutes, a year twelve
// months), and summed, each amount of a sentence once.

// timeTotalShare is the least share of the best support a sentence needs
// for its amounts of time to count in a total.
const timeTotalShare = 0.3

// unitBase maps a time unit to its base unit and how many base units it
// holds: the exact conversions only (a month is no fixed number of days).
var unitBase = map[string]struct {
	base string
	n    float64
}{
	"minute": {"minute", 1}, "hour": {"minute", 60},
	"day": {"day", 1}, "week": {"day", 7}, "fortnight": {"day", 14},
	"month": {"month", 1}, "year": {"month", 12}, "decade": {"month", 120},
}

// singularUnit is the singular of a time unit word ("days" → "day",
// "hrs" → "hour"); "" when w is none.
func singularUnit(w string) string {
	switch w {
	case "min", "mins":
		return "minute"
	case "hr", "hrs":
		return "hour"
	}
	w = strings.TrimSuffix(w, "s")
	if _, ok := unitBase[w]; ok {
		return w
	}
	return ""
}

// timeAmountRe is an amount of time in a sentence: a number (digits, a
// decimal, or a number word) or an article, then the unit, joined by a
// space or a hyphen ("10-day", "five days", "2.5 hours", "a week"), or a
// unit with "-long" ("week-long", "a month-long trip").
var timeAmountRe = regexp.MustCompile(`(?i)\b(?:(\d+(?:\.\d+)?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|a|an)( and a half)?[ -](minutes?|mins?|hours?|hrs?|days?|weeks?|fortnights?|months?|years?|decades?)\b|(minute|hour|day|week|fortnight|month|year)-long\b)`)

// rateWords before "a week" or "a day" make it a rate ("three times a
// week", "once a day", "per hour"), not an amount of time.
var rateWords = wordSet(`times once twice per every each`)

// timeAmounts are the amounts of time s states, in units of base. A rate
// ("twice a week") and an age ("a 5-year-old") are no amounts.
func timeAmounts(s *sentence, base string) []float64 {
	var out []float64
	for _, ix := range timeAmountRe.FindAllStringSubmatchIndex(s.text, -1) {
		sub := func(k int) string {
			if ix[2*k] < 0 {
				return ""
			}
			return s.text[ix[2*k]:ix[2*k+1]]
		}
		num, unit := sub(1), sub(3)
		if sub(4) != "" {
			num, unit = "1", sub(4)
		}
		if strings.HasPrefix(strings.ToLower(s.text[ix[1]:]), "-old") {
			continue
		}
		if f := strings.Fields(strings.ToLower(s.text[:ix[0]])); len(f) > 0 && rateWords[f[len(f)-1]] {
			continue
		}
		u := singularUnit(strings.ToLower(unit))
		b, ok := unitBase[u]
		if !ok || b.base != base {
			continue
		}
		v, err := strconv.ParseFloat(num, 64)
		if err != nil {
			n, ok := countOf(num)
			if !ok {
				continue
			}
			v = float64(n)
		}
		if sub(2) != "" {
			v += 0.5 // "two and a half weeks"
		}
		out = append(out, v*b.n)
	}
	return out
}

// timeTotal is the total a "how many <time unit> … in total" or "how long
// … combined" question asks for (the latter in the unit of the best
// candidate, top): the amounts of time in the counted unit's dimension that the
// sentences about the question's person state, from every sentence with at
// least timeTotalShare of the best support, each sentence's distinct
// amounts once, written in the counted unit ("17 days"). It is "" when the
// counted noun is no time unit or fewer than two amounts add up.
func timeTotal(q question, sc *scorer, ranked []scored, top cand) (string, *sentence) {
	u := singularUnit(strings.ToLower(q.counted))
	if _, ok := unitBase[u]; !ok && q.typ == TypeDuration {
		// "how long … combined": in the unit of the best amount
		for _, w := range strings.Fields(strings.ToLower(top.text)) {
			if u = singularUnit(w); u != "" {
				break
			}
		}
	}
	b, ok := unitBase[u]
	if !ok || len(ranked) == 0 {
		return "", nil
	}
	best := ranked[0].support
	var sum float64
	n := 0
	var first *sentence
	for _, r := range ranked {
		if r.support < best*timeTotalShare {
			break
		}
		if !sc.about(r.s) {
			continue
		}
		seen := map[float64]bool{}
		for _, v := range timeAmounts(r.s, b.base) {
			if seen[v] {
				continue
			}
			seen[v] = true
			sum += v
			n++
			if first == nil {
				first = r.s
			}
		}
	}
	if n < 2 {
		return "", nil
	}
	v := sum / b.n
	num := strconv.FormatFloat(v, 'f', -1, 64)
	if v != float64(int64(v)) {
		num = strconv.FormatFloat(v, 'f', 1, 64)
	}
	unit := u + "s"
	if v == 1 {
		unit = u
	}
	return num + " " + unit, first
}
