package reader

import (
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/memarena/memarena/internal/textutil"
)

// Arithmetic over two named amounts. "How much more was the pre-approval
// amount than the final sale price?", "how much more expensive was the
// taxi compared to the train fare?", "what's the difference in price
// between my boots and the pair at the budget store?", "what's the total
// hire for the Lowry plus the gala venue?" name the two things whose
// amounts they subtract or add. Each amount is often told in its own turn,
// and the turns seldom share words with each other: the question's two
// sides (arithSides) pick them. An amount is read for a side where the
// side's words stand near it (sideScore); the pair of amounts of one kind
// (the same currency sign and unit) that fits both sides best answers,
// computed. A question that names no two sides, or whose sides find no
// amounts, is left to the amounts the ranking finds (difference, total).

// arithSides splits a difference or total question into the content stems
// of the two things it compares or adds, each side without the stems the
// other says too (they name neither side alone) and without the words of
// the comparison itself: the phrase before and after "than", "compared
// to/with", "versus" or "vs"; the two phrases joined by "and" after
// "between"; for a total, the phrases joined by "plus" or by the last
// "and", the first cut to as many words as the second has ("gifts for my
// coworker and brother": "coworker", "brother"). It is nil when the
// question names no two sides, or a total lists more than two things.
func arithSides(main string, diff, total bool) [][]string {
	low := strings.ToLower(main)
	var a, b string
	switch {
	case diff && betweenRe.MatchString(low):
		m := betweenRe.FindStringSubmatch(low)
		a, b = m[1], m[2]
	case diff:
		loc := thanRe.FindStringIndex(low)
		if loc == nil {
			return nil
		}
		a, b = low[:loc[0]], low[loc[1]:]
		if m := trailingPPRe.FindStringIndex(b); m != nil && len(sideStems(b[:m[0]])) > 0 {
			// "than an espresso at Bean There": the place says where
			// both are, not which is the second
			b = b[:m[0]]
		}
	case total:
		if strings.Contains(low, ",") {
			return nil // a list of more than two things
		}
		if i := strings.Index(low, " plus "); i >= 0 {
			a, b = low[:i], low[i+len(" plus "):]
		} else if i := strings.LastIndex(low, " and "); i >= 0 {
			a, b = low[:i], low[i+len(" and "):]
		} else {
			return nil
		}
	default:
		return nil
	}
	sa, sb := sideStems(a), sideStems(b)
	if total && len(sb) < len(sa) {
		// "the total I spent on gifts for my coworker and brother":
		// the conjuncts are "coworker" and "brother"; what comes
		// before the first names what is added up, not a side
		sa = sa[len(sa)-len(sb):]
	}
	inA, inB := map[string]bool{}, map[string]bool{}
	for _, s := range sa {
		inA[s] = true
	}
	for _, s := range sb {
		inB[s] = true
	}
	var oa, ob []string
	for _, s := range sa {
		if !inB[s] {
			oa = append(oa, s)
		}
	}
	for _, s := range sb {
		if !inA[s] {
			ob = append(ob, s)
		}
	}
	if len(oa) == 0 || len(ob) == 0 {
		return nil
	}
	return [][]string{oa, ob}
}

// thanRe is the word that sets a comparison's second side apart.
var thanRe = regexp.MustCompile(`\b(?:than|compared (?:to|with)|versus|vs\.?)\s`)

// numberOfRe is the noun "the number of" counts.
var numberOfRe = regexp.MustCompile(`(?i)\bnumber of (\w+)`)

// trailingPPRe is a prepositional phrase after a comparison's second
// side.
var trailingPPRe = regexp.MustCompile(`\s(?:at|in|on|for|during|from|with)\s`)

// betweenRe is "between X and Y".
var betweenRe = regexp.MustCompile(`\bbetween (.+?) and (.+)$`)

// arithWords are the words of the comparison or the sum itself, which
// name neither side.
var arithWords = wordSet(`how much many more less fewer total combined altogether sum difference between
	compared than versus vs plus expensive cheaper older younger longer shorter earlier later bigger smaller
	higher lower faster slower heavier lighter farther further amount number price cost`)

// sideStems are the distinct content stems of a side's words.
func sideStems(text string) []string {
	var out []string
	seen := map[string]bool{}
	for _, t := range words(text) {
		if t.Punct || textutil.IsStopword(t.Lower) || arithWords[t.Lower] {
			continue
		}
		if st := stem(t.Lower); st != "" && !seen[st] {
			seen[st] = true
			out = append(out, st)
		}
	}
	return out
}

// toldAmount is an amount told in a sentence: its value, its match of
// amountRe and its place.
type toldAmount struct {
	v          float64
	m          []string
	s          *sentence
	start, end int
}

// arithNear is the distance in tokens at which a side's word names an
// amount half as well as one right beside it: "the armchair $450 and
// the rug $300" gives the rug's $300 to "rug", not the armchair's $450.
const arithNear = 4

// sideScore is the share of side's stems said near the amount a, each
// weighed by its distance d in tokens in the sentence (1/(1+d/arithNear),
// at least a quarter), or a quarter when it is said elsewhere in the
// amount's turn; in [0, 1].
func sideScore(side []string, a toldAmount) float64 {
	var got float64
	for _, st := range side {
		best := 0.0
		for i, k := range a.s.keys {
			if k != st {
				continue
			}
			d := a.start - i
			if i >= a.end {
				d = i - a.end + 1
			}
			best = max(best, 1/(1+float64(d-1)/arithNear), 0.25)
		}
		if best == 0 {
			for _, o := range a.s.u.sents {
				if o != a.s && o.set[st] {
					best = 0.25
					break
				}
			}
		}
		got += best
	}
	return got / float64(len(side))
}

// sameKind reports whether two amounts can be added or subtracted: the
// same currency sign, and the same unit word or one of them bare.
func sameKind(a, b []string) bool {
	if a[1] != b[1] {
		return false
	}
	ua, ub := unitStem(a[4]), unitStem(b[4])
	if ua == ub || ua == "" || ub == "" {
		return true
	}
	// two counts of things may be compared ("60 chairs", "8 tables");
	// two measures only in one unit
	return !measureUnit(a[4]) && !measureUnit(b[4])
}

// measureUnit reports whether an amount's unit word is a unit of measure
// (of time, length, weight, volume, temperature, share) rather than a
// counted thing.
func measureUnit(rest string) bool {
	f := strings.Fields(strings.ToLower(rest))
	if len(f) == 0 {
		return false
	}
	return singularUnit(f[0]) != "" || measureWords[strings.TrimSuffix(f[0], "s")]
}

// measureWords are units of length, weight, volume, temperature and share.
var measureWords = wordSet(`km kilometer kilometre mile meter metre m cm mm ft foot feet inch yard kg kilo kilogram g gram
	lb pound oz ounce ton tonne l liter litre ml gallon pint cup degree percent % point mph kph`)

// unitStem is the stem of an amount's unit word ("minutes" → "minut"),
// "" for none.
func unitStem(rest string) string {
	f := strings.Fields(strings.ToLower(rest))
	if len(f) == 0 {
		return ""
	}
	return stem(f[0])
}

// statedDifference reports whether amount a is said as a difference
// from the second side: "more", "less" or "fewer" and "than" follow it,
// and a word of the side comes within three tokens after "than" ("5 more
// than Sam").
func statedDifference(a toldAmount, side []string) bool {
	s, k := a.s, a.end
	if k+1 >= len(s.toks) || !(s.toks[k].Lower == "more" || s.toks[k].Lower == "less" || s.toks[k].Lower == "fewer") || s.toks[k+1].Lower != "than" {
		return false
	}
	for i := k + 2; i < len(s.toks) && i <= k+4; i++ {
		if slices.Contains(side, s.keys[i]) {
			return true
		}
	}
	return false
}

// pairedAmounts answers a difference or total question that names two
// sides (arithSides): the amounts of one kind that fit the two sides best
// (each side's score above zero, the pair's sum the greatest; ties go to
// the better-supported sentences), subtracted (the absolute difference)
// or added. It returns "" when no such pair is told, or when the two are
// the same value in a difference.
func pairedAmounts(q question, sc *scorer) (string, *sentence) {
	if len(q.sides) != 2 {
		return "", nil
	}
	counted := strings.ToLower(q.counted)
	if m := numberOfRe.FindStringSubmatch(q.text); counted == "" && m != nil {
		counted = strings.ToLower(m[1]) // "the total number of episodes"
	}
	asked := map[string]bool{}
	for _, t := range words(q.text) {
		asked[strings.TrimLeft(t.Text, "$€£¥")] = true
	}
	var as []toldAmount
	for _, s := range sc.sents {
		if s.asks() {
			continue
		}
		for _, n := range numberSpans(s, false) {
			m := amountRe.FindStringSubmatch(n.text)
			if m == nil || looksLikeYear(m[2]) || ordinalRe.MatchString(s.toks[n.start].Text) {
				continue
			}
			if u := unitStem(m[4]); counted != "" && u != "" && u != stem(counted) && measureUnit(m[4]) {
				continue // "45 minutes" counts no episodes
			}
			if f := strings.Fields(m[4]); q.typ == TypeDuration && (len(f) == 0 || singularUnit(strings.ToLower(f[0])) == "") {
				continue // a length of time has a unit of time ("2 ripe bananas" has none)
			}
			v, err := strconv.ParseFloat(strings.ReplaceAll(m[2], ",", "")+m[3], 64)
			if err != nil {
				continue
			}
			if m[1] != "" {
				m[4] = "" // "$3.99 unlock": the currency is the unit
			}
			if asked[m[2]+m[3]] {
				continue // "at 500 hours, how much lower …": the question's own condition
			}
			as = append(as, toldAmount{v: v, m: m, s: s, start: n.start, end: n.end})
		}
	}
	if q.difference {
		// "Lily read 14 books, 5 more than Sam": the difference stated
		for _, a := range as {
			if statedDifference(a, q.sides[1]) {
				t := a.s.text[a.s.toks[a.start].Start:a.s.toks[a.end-1].End]
				return t, a.s
			}
		}
	}
	bestScore := 0.0
	var bi, bj int
	for i, a := range as {
		sa := sideScore(q.sides[0], a)
		if sa == 0 {
			continue
		}
		for j, b := range as {
			if i == j || a.s == b.s && a.start == b.start || !sameKind(a.m, b.m) || q.difference && a.v == b.v {
				continue
			}
			sb := sideScore(q.sides[1], b)
			if sb == 0 {
				continue
			}
			// a tie goes to the pair whose sentences support the
			// question more
			score := sa + sb + 0.01*(sc.support(a.s)+sc.support(b.s))
			if score > bestScore {
				bestScore, bi, bj = score, i, j
			}
		}
	}
	if bestScore == 0 {
		return "", nil
	}
	a, b := as[bi], as[bj]
	v := a.v + b.v
	if q.difference {
		v = math.Abs(a.v - b.v)
	}
	tm := a.m
	if tm[4] == "" {
		tm = b.m
	}
	if strings.Contains(b.m[2], ",") && !strings.Contains(tm[2], ",") {
		tm = append([]string(nil), tm...)
		tm[2] = b.m[2] // write thousands as either amount writes them
	}
	// cents only when the result has them: $3.99 − $2.99 is "$1"
	v = math.Round(v*100) / 100
	if v != math.Trunc(v) && tm[1] == "" {
		// "0.35", "2.5 years": as many decimals as it needs
		t := strconv.FormatFloat(v, 'f', -1, 64)
		if tm[4] != "" {
			t += " " + tm[4]
		}
		return t, a.s
	}
	return writeAmount(v, v != math.Trunc(v), tm), a.s
}
