package reader

import (
	"github.com/memarena/memarena/internal/gazetteer"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/memarena/memarena/internal/nlp"
	"github.com/memarena/memarena/internal/temporal"
)

// cand is a candidate answer span.
type cand struct {
	text string
	// fit in [0, 1]: how well the span fits the expected answer type.
	fit float64
	// near in [0, 1]: nearness to the focus terms in the same clause.
	near  float64
	s     *sentence
	score float64
	// typed is true for a span of an entity's form: a name or code, a
	// quoted title, a name set beside the question's head noun, or a noun
	// phrase headed by it ("cooking show" for "which show").
	typed bool
	// name is true for a name or a quoted title: a list answer may take
	// several from one sentence ("Haydn and Schubert").
	name bool
	// rank is the count an ordinal states ("my fifth issue": 5; see
	// ordinalCounts), 0 for other candidates.
	rank int
	// field is true for a record field's value whose key the question
	// names (fieldSpans): a typed answer, as an entity of the head
	// noun's type is.
	field bool
	// statedTotal is true for a field keyed by a total ("total: 80
	// EUR"): the sum asked for, stated.
	statedTotal bool
	// directive is true for a directive read for a "how should I"
	// question (directiveSpans).
	directive bool
	// series is true for a coordinated series ("salads, sandwiches, and
	// desserts"): a list answer may take its members beside another
	// item of the same sentence.
	series bool
	// start and end are the span's token range in s (end 0 for a
	// candidate that is not a span of s, such as an item's date).
	start, end int
}

// compose reads the answer from the ranked sentences.
func compose(q question, sc *scorer, ranked []scored, opts Options) Answer {
	best := ranked[0]
	pool := poolOf(ranked, best.support*poolShare, 8)
	if q.list {
		// Several things, each told in its own turn: every sentence
		// well enough supported, however many.
		pool = poolOf(ranked, best.support*listPoolShare, len(ranked))
	}
	if q.current && currentRe.MatchString(q.text) && !q.earlier && !q.list {
		// "what … most recently", "how many … now": a later telling
		// updates the earlier (knowledge update), however many
		// sentences of an earlier, longer turn fill the pool
		pool = append(pool, laterTellings(q, ranked, pool, best.support*valuePoolShare)...)
	}
	ans := Answer{Support: best.support, Type: q.typ, Sentence: best.s.text, Date: best.s.u.date}
	if q.ordering.kind != "" || len(q.ordering.items) > 0 {
		if t, s := orderAnswer(q, sc, ranked); t != "" {
			ans.Text, ans.Sentence, ans.Date, ans.Type = t, s.text, s.u.date, TypeChoice
			return ans
		}
	}
	if q.idAsked {
		// "what was the invoice number": a code, read by its shape
		// (ids.go)
		if t, s := identifierAnswer(q, ranked); t != "" {
			// a code is an entity's form: the typed threshold
			ans.Text, ans.Sentence, ans.Date, ans.Type = t, s.text, s.u.date, TypeEntity
			return ans
		}
	}
	switch q.typ {
	case TypeYesNo:
		ans.Text = yesNo(q, best.s)
		return ans
	case TypeChoice:
		if t := chooseByDate(q, sc); t != "" {
			ans.Text = t
			return ans
		}
		if t := choose(q, sc); t != "" {
			ans.Text = t
			return ans
		}
		// Neither option is supported: "yes" or "no" answers only "…
		// or not?"; any other alternative gets no answer (abstains).
		if strings.EqualFold(q.options[len(q.options)-1], "not") {
			ans.Text = yesNo(q, best.s)
		}
		return ans
	}
	if q.interval.events[0] != "" {
		if t, s := elapsed(q, sc); t != "" {
			ans.Text, ans.Sentence, ans.Date = t, s.text, s.u.date
			return ans
		}
	}
	var all []cand
	inPool := map[*sentence]bool{}
	for _, p := range pool {
		inPool[p.s] = true
	}
	// A sentence that goes on about what the one before it said ("I went
	// to a council meeting. It was inspiring - so many people …") is read
	// too, at continuationShare of that sentence's support.
	for _, p := range pool[:len(pool):len(pool)] {
		if n := p.s.nth + 1; n < len(p.s.u.sents) && !inPool[p.s.u.sents[n]] && opensWithAnaphor(p.s.u.sents[n]) {
			inPool[p.s.u.sents[n]] = true
			pool = append(pool, scored{p.s.u.sents[n], p.support * continuationShare})
		}
	}
	// "Which street …": a sentence below the pool that names a thing
	// of the head noun's kind ("the place on Elm Street") is read too,
	// if it supports the question at least valuePoolShare of the best.
	if (q.entity || q.typ == TypePlace || q.typ == TypeOrg) && q.headKey != "" {
		for _, r := range ranked {
			if r.support < best.support*valuePoolShare {
				break
			}
			if !inPool[r.s] && namesHeadKind(q, r.s) {
				inPool[r.s] = true
				pool = append(pool, r)
			}
		}
	}
	// A sentence that announces a list ("Here are two inns that …:")
	// restates the question; the things are the list's items, read at
	// introShare of its support.
	introduces := map[*sentence]bool{}
	for _, p := range pool[:len(pool):len(pool)] {
		items := listAfter(p.s, sc)
		if len(items) > 0 {
			introduces[p.s] = true
		}
		for _, it := range items {
			if !inPool[it] {
				inPool[it] = true
				pool = append(pool, scored{it, max(p.support*introShare, sc.support(it))})
			}
		}
	}
	for _, p := range pool {
		asks := strings.HasSuffix(p.s.text, "?") || introduces[p.s]
		for _, c := range candidates(q, p.s, opts) {
			c.score = p.support * c.fit * (0.5 + 0.5*c.near)
			if q.wantsName && !c.name && !c.typed {
				// "what book am I reading": a name or title, or an
				// entity of the noun's kind, before any other phrase
				c.score *= nameAskedShare
			}
			if asks {
				// a question rarely states its own answer
				c.score *= 0.5
			}
			if q.advice && q.typ == TypeProcedure && !c.directive {
				// "how should I fix the hinge": what is said of the
				// problem is no way to fix it
				c.score *= nonDirectiveShare
			}
			all = append(all, c)
		}
		if q.typ == TypeProcedure && !q.quality {
			// "I keep a planner. It really helps me stay on track."
			for _, c := range antecedentMeans(p.s, opts.MaxWords) {
				c.score = p.support * c.fit * (0.5 + 0.5*c.near)
				all = append(all, c)
			}
		}
	}
	if len(all) == 0 && valueForm(q) && q.counted == "" {
		// A value is asked and the best-supported sentences state
		// none: the values the sentences further down state ("Budget:
		// … Influencer marketing: $2,000" under a plan that holds the
		// question's other words), down to valuePoolShare of the best
		// support, scored as pool candidates are.
		for _, p := range ranked {
			if p.support < best.support*valuePoolShare {
				break
			}
			if inPool[p.s] {
				continue
			}
			for _, c := range candidates(q, p.s, opts) {
				c.score = p.support * c.fit * (0.5 + 0.5*c.near)
				all = append(all, c)
			}
		}
	}
	if q.color || q.typ == TypePerson {
		// "what color did I paint it", "who recommended it": an answer
		// of the asked form or none (Read abstains on an empty text),
		// not the words around the focus terms
		kept := all[:0]
		for _, c := range all {
			if q.color && hasColorTerm(c.text) || q.typ == TypePerson && !weekdayName(c.text) && (c.name || c.typed || personish(c.text) || capitalized(c.s, c.start) ||
				c.end > c.start && strings.Contains(textOf(c.s, c.start, c.end), "@")) {
				kept = append(kept, c)
			}
		}
		if all = kept; len(all) == 0 {
			return ans
		}
	}
	if len(all) == 0 && q.typ == TypeNumber {
		// "How many …" with no number said: the count of the memory
		// items that support the question (one mention per item).
		n := thingCount(q, sc, ranked)
		if n > 0 {
			ans.Text, ans.counted = countAnswer(q, n), n
			return ans
		}
	}
	if len(all) == 0 {
		if valueForm(q) {
			// A date, an amount of time, a number, a time of day or
			// a frequency is asked and none is stated: no answer
			// (Read abstains on an empty text), not the words around
			// the focus terms.
			return ans
		}
		// Nothing typed nor new next to the focus terms: the sentence's
		// words the question does not already say.
		ans.Text = remainder(q, best.s, opts.MaxWords)
		return ans
	}
	sort.SliceStable(all, func(i, j int) bool {
		a, b := all[i], all[j]
		if a.score != b.score {
			return a.score > b.score
		}
		if ca, cb := sc.cover(a.s.set), sc.cover(b.s.set); ca != cb {
			// equally supported (a reply's sentences share the
			// question put to it): the sentence that itself says
			// more of the question first
			return ca > cb
		}
		if !a.s.u.date.Equal(b.s.u.date) {
			return a.s.u.date.After(b.s.u.date)
		}
		return a.s.pos < b.s.pos
	})
	if (q.difference || q.total) && (q.typ == TypeNumber || q.typ == TypeDuration) {
		// "how much more was X than Y", "the total for X plus Y": the
		// amounts the two sides name, computed (arith.go)
		if t, s := pairedAmounts(q, sc); t != "" {
			if !unitWord(q.counted) {
				t = trimQuestionWords(q, t)
			}
			ans.Text, ans.Sentence, ans.Date = t, s.text, s.u.date
			return ans
		}
	}
	top := all[0]
	if q.typ == TypeNumber && top.fit < countFitBelow {
		// "how many plants": no number said counts them ("two weeks
		// ago" measures time); the distinct plants mentioned do
		if n := thingCount(q, sc, ranked); n > 0 {
			ans.Text, ans.counted = countAnswer(q, n), n
			return ans
		}
	}
	if q.difference && !q.total && (q.typ == TypeNumber || q.typ == TypeDuration) {
		// "how many more chapters …" — "18 more to go": a remainder
		// the context states answers as it is
		if t := statedRemainder(all); t != "" {
			ans.Text, ans.Sentence, ans.Date = t, top.s.text, top.s.u.date
			return ans
		}
		// "how much did I save", "how much more …": the difference
		// of the two best amounts of one kind
		if t := difference(all); t != "" {
			ans.Text, ans.Sentence, ans.Date = t, top.s.text, top.s.u.date
			return ans
		}
	}
	if q.total && (q.typ == TypeNumber || q.typ == TypeDuration) && !top.statedTotal {
		// "how many days … in total": the amounts of time told in
		// every supporting turn, in the counted unit (a total a
		// record states, "total: 80 EUR", answers as it is)
		if t, s := timeTotal(q, sc, ranked, top); t != "" {
			ans.Text, ans.Sentence, ans.Date = t, s.text, s.u.date
			return ans
		}
		// "what was the total cost": the sum of the amounts
		if t := total(asCounted(q, all)); t != "" {
			t = withCountedUnit(q, t)
			ans.Text, ans.Sentence, ans.Date = t, top.s.text, top.s.u.date
			return ans
		}
	}
	if q.current || (q.typ == TypeNumber || q.typ == TypeDuration || q.typ == TypeFrequency || q.typ == TypeDate && q.clock) && !q.earlier && len(q.when) == 0 && q.interval.events[0] == "" && !beforeRe.MatchString(q.text) {
		// The current value: among well-supported candidates the newest
		// (for "which <noun>" asked now, a newer name or entity at the
		// value share: "we moved the tests from Jest to Vitest").
		// A value asked in no period (an amount, a number, an amount
		// of time, a frequency, a time of day), in the past tense too
		// ("what was the amount I was pre-approved for", "what was my
		// personal best time"), is the latest one told: a restated
		// value updates the earlier one (knowledge update), unless the
		// question looks back ("before", "first").
		for _, c := range all[1:] {
			if (c.score >= 0.6*top.score || (valueAsked(q) || q.current && q.entity && (c.typed || c.name)) && c.s.u.status != "superseded" && c.score >= newerValueShare*top.score ||
				changedValue(q, sc, c, top)) && c.s.u.date.After(top.s.u.date) {
				top = c
			}
		}
	} else if q.state && !q.earlier && len(q.when) == 0 {
		// "what is my favorite flower": a state asked in the present
		// is the one a later item says has become it ("dahlias have
		// become my favorite"); a later item that tells no such change
		// does not replace it
		for _, c := range all[1:] {
			if changedValue(q, sc, c, top) && becomesAfter(c.s, c.end) && c.s.u.date.After(top.s.u.date) {
				top = c
			}
		}
	}
	if q.earlier {
		// The earlier value: among well-supported candidates the
		// oldest.
		for _, c := range all[1:] {
			if c.score >= 0.6*top.score && c.s.u.date.Before(top.s.u.date) {
				top = c
			}
		}
	}
	if top.rank > 0 {
		// "my fourth tournament" said, and more won since: the count
		// is at least the number of items that tell one
		if n := countItems(q, sc, ranked); n > top.rank {
			top.text = countWord(n)
		}
	}
	ans.Sentence, ans.Date = top.s.text, top.s.u.date
	if (q.entity || top.field) && top.typed && sc.about(top.s) {
		// an entity of the head noun's type, or the value of a field
		// the question names, was read: a typed answer
		ans.Type = TypeEntity
	}
	if !q.list {
		if q.typ == TypePhrase && q.verbKey != "" && !clauseVerbs[q.verbKey] && !newsNouns[q.head] && asksObject(q.text) && top.end > top.start {
			// "what did she make": the thing, not "finished this
			// bookmark"
			if st := objectStart(top.s, top.start, top.end); st > top.start {
				top.text = textOf(top.s, st, top.end)
			}
		}
		ans.Text = top.text
		if (q.typ == TypePhrase || q.typ == TypePlace) && top.end > top.start {
			// "various sources like books, movies, and even dreams":
			// the examples name what the general noun stands for
			if t := examplesAfter(top.s, top.end, opts.MaxWords); t != "" {
				ans.Text = t
			}
		}
		if q.advice {
			// advice is given in several directives ("Do your
			// research and find an agency. Gather documents …"):
			// those of the best candidate's turn, in order
			if t := turnDirectives(top); t != "" {
				ans.Text = t
			}
		}
		if q.typ == TypePerson {
			if n := namedIn(top, pool); n != "" {
				ans.Text = n
			}
		} else if q.typ == TypePlace || q.typ == TypePhrase || q.typ == TypeEntity || q.typ == TypeOrg {
			// "my old area" … "my old area, West County": the name
			// the context gives the phrase
			if n := appositiveName(top, sc.sents); n != "" {
				ans.Text = n
			}
		}
		if q.typ == TypePhrase || q.typ == TypeEntity || q.typ == TypePerson || q.typ == TypeOrg || q.typ == TypePlace {
			// "which variety did I plant" … "The variety is
			// Rudolph.": the name the best item gives the asked noun
			// as the subject of "be", unless a name was read
			// already ("We booked Nopa … The restaurant is
			// Basque-run"); "<owner>'s name is" names it anyway
			if n, owned := copulaName(q, top.s.u); n != "" && (!top.name || owned || weekdayName(top.text)) {
				ans.Text = n
			}
		}
		if q.typ == TypeDate && annualRe.MatchString(q.text) {
			// "when is her birthday": an annual day has no year
			if m := dayMonthYearRe.FindStringSubmatch(ans.Text); m != nil {
				ans.Text = m[1]
			}
		}
		return ans
	}
	// A list: the items (listParts) of each well-supported sentence, at
	// least 0.4 of the best item's score; an item that names a part of
	// another or holds it (all its content words in the other) is one
	// thing with it, the better supported one kept.
	var items []string
	var keys []map[string]bool
	usedSent := map[*sentence]bool{}
	min := -1.0
	for _, c := range all {
		if len(items) >= opts.MaxItems {
			break
		}
		if min >= 0 && c.score < min && !(top.name && c.name && coordinatedNames(top, c)) {
			// names coordinated with the best one share its role
			// ("visited Peru, Chile, and Bolivia"), however far
			// from the focus terms
			continue
		}
		if usedSent[c.s] && !(c.name && top.name) && !c.series {
			continue
		}
		parts := listParts(c)
		if len(parts) == 0 {
			continue
		}
		if min < 0 {
			min = 0.4 * c.score
		}
		added := false
	part:
		for _, p := range parts {
			k := itemKeys(p)
			if len(k) == 0 {
				continue
			}
			for _, o := range keys {
				if partOf(o, k) || partOf(k, o) {
					continue part
				}
			}
			if len(items) < opts.MaxItems {
				items, keys, added = append(items, p), append(keys, k), true
			}
		}
		if added {
			usedSent[c.s] = true
		}
	}
	if len(items) == 0 {
		ans.Text = top.text
		return ans
	}
	ans.Text = strings.Join(items, ", ")
	return ans
}

// coordinatedNames reports whether candidates a and b are names joined
// in one coordination of a statement: between them only commas, "and",
// "&" and further names ("Peru, Chile, and Bolivia"), and no verb right
// after the coordination's last name, which would make its names, or the
// last of them, the subject of a clause of their own ("Boston and
// Chicago, and Denver is where I live"). Alternatives joined by "or" and
// names in a question ("did we visit Peru, Chile, or Bolivia?") are no
// such coordination.
func coordinatedNames(a, b cand) bool {
	if a.s != b.s || a.end <= a.start || b.end <= b.start || a.s.asks() {
		return false
	}
	if b.start < a.start {
		a, b = b, a
	}
	if b.start < a.end {
		return false
	}
	s := a.s
	joined := func(k int) bool {
		t := s.toks[k]
		return t.Text == "," || t.Lower == "and" || t.Text == "&" || capitalized(s, k)
	}
	for k := a.end; k < b.start; k++ {
		if !joined(k) {
			return false
		}
	}
	k := b.end
	for k < len(s.toks) && joined(k) && s.toks[k].Text != "," {
		k++
	}
	if k < len(s.toks) && s.toks[k].Text == "," {
		// ", and Denver is …": the run goes on past a comma
		for k < len(s.toks) && joined(k) {
			k++
		}
	}
	tg := s.tags()
	return k >= len(tg) || !finiteTag(tg[k]) && !nlp.IsAuxiliary(s.toks[k].Lower) && !contraction(s.toks[k].Lower)
}

// continuationShare is the share of a sentence's support that the next
// sentence of its turn gets when it opens with a pronoun referring back
// (opensWithAnaphor). Its candidates win only where the sentence's own
// are poor (a judgement, a delexical word). Read from the calibration
// harness on LoCoMo and LongMemEval: 0.4, 0.6 and 0.8 give the same
// totals; 0.6 changes 8 answers, 7 for the better. Giving such sentences
// the terms of the one before in the support itself (coreference at
// 0.3–0.9) lowered the LoCoMo oracle F1 by up to 0.009.
const continuationShare = 0.6

// introShare is the share of a list's introduction's support its items'
// first sentences get (see listAfter): the items are what the
// introduction announces, less surely than a sentence that says the
// question's words itself (as continuationShare).
const introShare = 0.6

// listAfter are the first sentences of the list items a sentence
// introduces: s ends its unit with a colon ("Here are two inns by the
// pier:") and the units right after it, of the same memory item, are list
// lines (numbered or bulleted); nil otherwise. A colon announcing what
// follows is a cataphoric introduction (Halliday & Hasan 1976, Cohesion
// in English: "the following").
func listAfter(s *sentence, sc *scorer) []*sentence {
	if !strings.HasSuffix(strings.TrimSpace(s.text), ":") || s.nth != len(s.u.sents)-1 {
		return nil
	}
	var out []*sentence
	for j := s.u.index + 1; j < len(sc.byUnit); j++ {
		ss := sc.byUnit[j]
		if len(ss) == 0 || ss[0].u.item != s.u.item || ss[0].u.marker == 0 {
			break
		}
		out = append(out, ss[0])
	}
	return out
}

// opensWithAnaphor reports whether s opens with a pronoun that refers
// back ("They talked about …", "It was all for …").
func opensWithAnaphor(s *sentence) bool {
	subject := false
	for i, t := range s.toks {
		if i > 3 {
			return false
		}
		w := strings.ReplaceAll(t.Lower, "’", "'")
		switch w {
		case "it", "it's", "its", "they", "they're", "their", "this", "these", "she", "he":
			return true
		case "i", "we":
			// "We did it in a forest", "I named him Ned": the object
			// right after the speaker's verb refers back
			if i+2 < len(s.toks) && !s.toks[i+1].Punct && objectAnaphors[s.toks[i+2].Lower] && !subject {
				return true
			}
			subject = true
			continue
		}
		if !t.Punct && !nlp.IsConjunction(t.Lower) && !nlp.IsFiller(t.Lower) {
			return false
		}
	}
	return false
}

// objectAnaphors are the object pronouns that refer back to a thing or a
// person named before.
var objectAnaphors = wordSet(`it them him her this that`)

// poolShare: an answer is read from the (at most 8) sentences whose
// support is at least this share of the best. Read from the calibration
// harness on LoCoMo and LongMemEval: 0.5 → 0.4 changes 16 answers, 12 for
// the better (LongMemEval oracle accuracy +0.008); 0.3 changes 23, 16 for
// the better, with the same totals.
const poolShare = 0.4

// listPoolShare: a list question reads its items from every sentence
// whose support is at least this share of the best (other questions:
// poolShare and at most 8 sentences). The things a list asks for are told one or two
// per turn, across turns that each repeat fewer of the question's words
// than the best one; a fixed number of sentences cuts the list short. The
// value was read from the dev harness on LoCoMo and LongMemEval (0.3 to
// 0.5 within 0.003 of each other on the 1-4 total).
const listPoolShare = 0.4

// valuePoolShare is the least share of the best support a sentence below
// the pool needs to answer a value question (a date, an amount, a number,
// a frequency) that no pool sentence states a value for.
var valuePoolShare = 0.2

// namesHeadKind reports whether s names a thing of the question's head
// noun's kind: a capitalized word before the head noun, itself
// capitalized, as a name ends in its kind ("Elm Street" for "which
// street", "Harbour View Gallery" for "which gallery").
func namesHeadKind(q question, s *sentence) bool {
	for i := 1; i < len(s.toks); i++ {
		if s.keys[i] == q.headKey && initialCap(s.toks[i].Text) && capitalized(s, i-1) {
			return true
		}
	}
	return false
}

// fittingTarget reports whether s names a change target that can be the
// value q asks for (changeTargets, targetFits).
func fittingTarget(q question, s *sentence) bool {
	return slices.ContainsFunc(changeTargets(s, changeTargetWords), func(t span) bool { return targetFits(q, s, t) })
}

// laterTellings are the sentences of ranked, outside pool, with support at
// least min, that hold the question's head noun or counted noun or name
// what something
// changed to in a form that can be the value asked for (fittingTarget),
// told in a memory item dated after every
// pool sentence's item: when the question asks for the current value, the latest telling
// must be read even where an earlier, longer turn fills the pool's eight
// places. Ranked order is kept.
func laterTellings(q question, ranked, pool []scored, min float64) []scored {
	// (a change target counts only where it can be the value asked
	// for: targetFits)
	var last time.Time
	in := map[*sentence]bool{}
	for _, p := range pool {
		in[p.s] = true
		if p.s.u.date.After(last) {
			last = p.s.u.date
		}
	}
	var out []scored
	for _, r := range ranked {
		if r.support < min {
			break
		}
		if !in[r.s] && r.s.u.date.After(last) && (q.headKey != "" && r.s.set[q.headKey] || q.counted != "" && r.s.set[stem(q.counted)] || fittingTarget(q, r.s)) {
			out = append(out, r)
		}
	}
	return out
}

func poolOf(ranked []scored, min float64, max int) []scored {
	var out []scored
	for _, r := range ranked {
		if len(out) >= max || r.support < min {
			break
		}
		out = append(out, r)
	}
	return out
}

func normKey(s string) string { return strings.Join(strings.Fields(strings.ToLower(s)), " ") }

// candidates are the typed spans of one sentence.
func candidates(q question, s *sentence, opts Options) []cand {
	anchors := anchorsOf(q, s)
	clauses := clauseIDs(s)
	weights := make([]float64, len(anchors))
	for i, a := range anchors {
		weights[i] = anchorWeight(q, s.keys[a])
	}
	nearAt := func(start, end int) float64 { return nearness(anchors, weights, clauses, start, end) }
	var out []cand
	// Spans the sentence rejects ("not X", "instead of X") or replaces
	// ("from X to Y" when the current value is asked) fit less.
	after := -1
	if q.current {
		after = fromToEnd(s)
	}
	// An amount of time ("three weeks") is seldom the thing "which
	// <noun>" asks for ("which platform"); "what timeframe" may ask for
	// one.
	var durations [][2]int
	if q.entity && q.which {
		for _, d := range numberSpans(s, true) {
			if !measuresHead(q, s, d.start, d.end) {
				durations = append(durations, [2]int{d.start, d.end})
			}
		}
	}
	var dates [][2]int
	if q.typ != TypeDate && q.typ != TypeDuration {
		for _, d := range dateSpans(s) {
			dates = append(dates, [2]int{d.start, d.end})
		}
	}
	add := func(text string, fit float64, start, end int) {
		if start > 0 && start < len(s.toks) && minusSign(s, start) && strings.HasPrefix(text, s.toks[start].Text) {
			// "dropped to −12 degrees": the sign is the number's
			text, start = s.toks[start-1].Text+text, start-1
		}
		if start < after && after < end && q.typ != TypeDate && q.typ != TypeReason {
			// "switched from basil to mint": the new value is after "to"
			text, start = textOf(s, after, end), after
		}
		if q.typ == TypePhrase && !q.content && end-start > 1 {
			if start+1 < len(s.toks) && tokenForm(s.toks[start]) != formNone && adjunctStart(s.toks[start+1].Lower) {
				// "CACHE_SIZE before starting the daemon": an
				// identifier is a whole name; an adjunct after it is
				// no part of it (a coordinate or a complement is:
				// "Vue.js and Svelte", "CACHE_SIZE to 512")
				text, end = s.toks[start].Text, start+1
			} else if k := loneIdentifier(s, start, end); k >= 0 {
				// "live in config/uploader.yaml": the identifier is
				// the phrase's only thing
				text, start, end = s.toks[k].Text, k, k+1
			}
		}
		if end+1 < len(s.toks) && end > start && titleAbbrev[s.toks[end-1].Lower] && s.toks[end].Text == "." && capitalized(s, end+1) && (end-1 == 0 || !capitalized(s, end-2)) {
			// "the role of Mrs. Hardcastle": a title's name runs on
			// past its dot (not a street's "Oak St. Mike says …")
			e := end + 1
			for e < len(s.toks) && capitalized(s, e) {
				e++
			}
			text, end = textOf(s, start, e), e
		}
		if q.typ != TypeDate {
			// "margarine or coconut oil instead", "by sleep stage
			// rather than by topic": the alternative set aside is no
			// part of the answer
			text = beforeAlternative(text)
		}
		switch q.typ {
		case TypeDate:
		case TypeReason, TypeFrequency, TypeDuration:
			// "a few months": the article is part of the amount
			text = strings.Trim(strings.TrimSpace(text), " .,;:!?\"'“”‘’()[]{}-–—")
		default:
			text = cleanSpan(text)
		}
		if text == "" || fit <= 0 || repeatsQuestion(q, text) || roleWord(text) {
			return
		}
		if (q.typ == TypePlace || q.typ == TypeOrg || q.typ == TypePerson || q.wantsName) && !strings.ContainsFunc(text, unicode.IsLetter) {
			return // "Tokyo 110-0015": a postcode, a number, names no place, firm or person
		}
		if end == start+1 && shoutedWord(s, start) {
			fit *= shoutedFit // "BOOKING CONFIRMED": a status, not a name
		}
		if q.typ != TypePerson && end-start >= 2 && start < len(s.toks) && personNoun(possessiveBase(s.toks[start].Lower)) && q.order(s.keys[start]) >= 0 && capitalized(s, start+1) {
			// "Coach Dana recommended …" for "what book did my coach
			// recommend": the question's own person, by role and name
			return
		}
		if q.typ == TypePhrase {
			text = dropEchoedPhrase(q, text)
		}
		if q.typ == TypePerson && strings.Contains(text, "@") {
			text = mentionedNames(text)
		}
		for _, d := range dates {
			if start >= d[0] && end <= d[1] {
				return // a date is not the answer to a non-date question
			}
			if (q.typ == TypePlace || q.typ == TypePerson) && end > d[0] && end <= d[1] {
				return // "Maundy Thursday": a name that ends in a date names a day
			}
			if d[1] == end && d[0] > start+1 && (q.typ == TypePhrase || q.typ == TypeEntity || q.typ == TypeOrg) {
				// "bake the cake on 3 June": the closing date and
				// its preposition are no part of the thing
				text, end = closingDateCut(s, start, d[0])
			}
		}
		if end-start > 2 && calendarName(s.toks[end-1].Text) && datePreps[s.toks[end-2].Lower] && (q.typ == TypePhrase || q.typ == TypeEntity || q.typ == TypeOrg) {
			// "learn Clair de Lune by June": a month or weekday
			// named alone closes the phrase as a date does
			text, end = closingDateCut(s, start, end-1)
		}
		if (q.typ == TypePlace || q.typ == TypePerson) && end > start && calendarName(s.toks[end-1].Text) {
			return // a month or a weekday, though not read as a date here
		}
		if !valueForm(q) && end < len(s.toks) && slices.Contains(anchors, end) && s.keys[end] != q.headKey && isPlural(s.toks[end].Lower) && countOnly(s, start, end) {
			// "gained around 200 followers" for "which platform did
			// I gain the most followers on": a number that counts
			// other things the question names than its head noun is
			// no answer but to "how many" (before a singular noun it
			// names one: "the 42 bus", "a size 9 shoe")
			return
		}
		for _, d := range durations {
			if start >= d[0] && end <= d[1] {
				fit *= durationThingFit
			}
		}
		if rejected(s, start) {
			fit *= 0.2
		}
		if q.gapPrep != "" && afterPrep(s, start, q.gapPrep) && nounShare(s, start, end) == 1 {
			// "who did she travel with": the phrase after "with"
			fit = max(fit, gapPrepFit)
		}
		if delexical(text) {
			// "a lot", "no way", "a bit": a quantity or manner word
			// by itself, not the thing asked for
			fit *= delexicalFit
		}
		if start < after {
			fit *= 0.3
		}
		// a lone identifier is a name whatever read it ("use
		// allrecipes.com and …"): a list may take the others beside it
		ident := end-start == 1 && tokenForm(s.toks[start]) != formNone
		out = append(out, cand{text: text, fit: fit, near: nearAt(start, end), s: s, start: start, end: end, name: ident})
	}
	// addNear adds a candidate whose nearness is at least floor.
	addNear := func(text string, fit float64, start, end int, floor float64) {
		k := len(out)
		add(text, fit, start, end)
		if len(out) > k && out[k].near < floor {
			out[k].near = floor
		}
	}
	// addAgents adds the agents of the verb an agent question asks
	// about ("what inspired her": agent.go); the agent's place, not its
	// distance, ties it to the verb.
	addAgents := func() {
		for _, a := range agentSpans(s, q.agentKey, opts.MaxWords) {
			addNear(a.text, a.fit, a.start, a.end, 1)
		}
	}
	// typed marks the candidates added since k as entity-form spans when
	// ok.
	typed := func(k int, ok bool) {
		for ; k < len(out); k++ {
			out[k].typed = ok
		}
	}
	// A record's field whose key the question names ("isbn:
	// 978-0-14-303943-3", "opens: 07:00", "wind_speed=12kmh"): its
	// value, an entity-form span.
	for _, f := range fieldSpans(q, s) {
		k := len(out)
		addNear(f.text, f.fit, f.start, f.end, 1)
		typed(k, true)
		for ; k < len(out); k++ {
			out[k].field, out[k].statedTotal = true, f.statedTotal
		}
	}
	switch q.typ {
	case TypeDate:
		if q.clock {
			for _, c := range clockSpans(s) {
				add(c.text, 1, c.start, c.end)
			}
			// "what time": a time of day or nothing, never a
			// calendar day
			return out
		}
		if q.habitualDay {
			// "what day does the flour come": a weekday told as
			// recurring ("on Wednesdays", "every Wednesday")
			k := len(out)
			if rec := recurringWeekdays(s); len(rec) > 0 && len(rec) == len(weekdaySpans(s)) {
				// (a sentence that also names a one-off day, "on
				// Saturday, since Noah works Fridays", is read as
				// before)
				for _, w := range rec {
					add(w.text, w.fit, w.start, w.end)
				}
			}
			if len(out) > k {
				return out
			}
		}
		if q.weekday {
			// "what day of the week": the weekday a sentence names
			// ("on Fridays"), else the weekday of the day it dates
			for _, w := range weekdaySpans(s) {
				add(w.text, w.fit, w.start, w.end)
			}
			if len(out) == 0 && !s.u.date.IsZero() {
				out = append(out, cand{text: s.u.date.Weekday().String(), fit: 0.5, near: 0.5, s: s})
			}
			return out
		}
		dates := dateSpans(s)
		for _, d := range dates {
			add(d.text, 1, d.start, d.end)
		}
		if len(dates) == 0 {
			// No date in the sentence but the length of a state up to
			// its item's date: the state's start ("we've been together
			// for three years" → the year three years back).
			if sp, ok := startSpan(s); ok {
				// dated by the whole sentence, as the item's date
				// below is: its nearness is at least that one's
				addNear(sp.text, stateStartFit, sp.start, sp.end, itemDateNear)
			}
		}
		if len(dates) == 0 {
			// No date in the sentence: a date another sentence of the
			// same item states ("Something happened last Friday. I
			// went to a convention …").
			for _, o := range s.u.sents {
				if o == s {
					continue
				}
				for _, d := range dateSpans(o) {
					out = append(out, cand{text: d.text, fit: siblingDateFit, near: 0.5, s: s})
				}
			}
		}
		if len(dates) == 0 && !s.u.date.IsZero() {
			// No date in the sentence: the event is dated by its item.
			out = append(out, cand{text: temporal.FormatDay(s.u.date), fit: 0.7, near: itemDateNear, s: s})
		}
		return out
	case TypeDuration:
		// "a few months ago" dates an event: it is no length, unless
		// the question asks how long ago, or how long a state has
		// lasted up to now ("how long has he been surfing": "I
		// started five years ago")
		lq := " " + strings.ToLower(q.text) + " "
		asksAgo := strings.Contains(lq, " ago") || strings.Contains(lq, " has ") || strings.Contains(lq, " have ")
		point := func(n span) bool {
			return !asksAgo && (strings.HasSuffix(strings.ToLower(n.text), " ago") || n.end < len(s.toks) && s.toks[n.end].Lower == "ago")
		}
		for _, n := range numberSpans(s, true) {
			if !point(n) {
				text := n.text
				if !strings.Contains(lq, " ago") {
					// "five years ago" for "how long has he
					// been …": five years
					text = strings.TrimSuffix(strings.TrimSuffix(text, " ago"), " Ago")
				}
				add(text, 1, n.start, n.end)
			}
		}
		for _, n := range articleDurations(s) {
			if !point(n) {
				add(n.text, 0.9, n.start, n.end)
			}
		}
		if q.head == "time" {
			// "my personal best time": a race time is written as a
			// clock reading ("39:55") without am or pm
			for _, c := range clockSpans(s) {
				if stopwatchRe.MatchString(c.text) {
					add(c.text, 1, c.start, c.end)
				}
			}
		}
		return out
	case TypeNumber:
		for _, n := range numberSpans(s, false) {
			text, fit := n.text, numberFit(q, s, n)
			if !unitWord(q.counted) {
				// "80 people" for "how many people": 80; an amount
				// keeps its unit ("3 years" for "how many years"),
				// as a computed total does (withCountedUnit)
				text = trimQuestionWords(q, n.text)
			}
			if m := ordinalRe.FindStringSubmatch(s.toks[n.start].Text); m != nil {
				if q.age {
					// "on my 18th birthday" for "how old was I"
					text = m[1]
				} else {
					// a rank ("my 5th project") is not a count
					fit *= ordinalFit
				}
			}
			add(text, fit, n.start, n.end)
		}
		if q.head == "number" || q.head == "code" {
			// "what's our permit number": an identifier
			// ("BP-26-04417"), which holds letters or dashes
			for i, t := range s.toks {
				if identifierRe.MatchString(t.Text) && kindLabelled(q, s, i) {
					add(t.Text, 1, i, i+1)
				}
			}
		}
		for _, o := range ordinalCounts(q, s) {
			// "I just finished my fifth issue": five issues
			k := len(out)
			add(o.text, 1, o.start, o.end)
			for ; k < len(out); k++ {
				out[k].rank = o.n
			}
		}
		return out
	case TypeFrequency:
		for _, f := range frequencySpans(s) {
			add(f.text, 1, f.start, f.end)
		}
		return out
	case TypeReason:
		for _, r := range reasonSpans(s, opts.MaxWords+4) {
			add(r.text, r.fit, r.start, r.end)
		}
		addAgents()
		return out
	}
	agents := len(out)
	if q.typ == TypePerson && q.agentKey != "" && !q.list {
		// "who recommended the book": the verb's agent ("Dana
		// recommended it"), and the speaker when the agent is "I"
		// ("Joanna: I recommended it"); an agent that names no person
		// is no answer ("I'm inspired by chatting to people")
		for _, a := range append(agentSpans(s, q.agentKey, opts.MaxWords), progressiveAgents(s, q.agentKey, opts.MaxWords)...) {
			if a.start > 0 && (s.toks[a.start-1].Text == "," || s.toks[a.start-1].Lower == "and") {
				continue // "Dana, Leo and Priya went": a coordinated subject is read as a list
			}
			if st, en := personHead(s, a.start, a.end); en > st && agentClause(q, s, clauses, a.start) {
				addNear(textOf(s, st, en), a.fit, st, en, 1)
			}
		}
		if sp := strings.TrimSpace(s.u.speaker); sp != "" && !roleWord(sp) && capitalizedText(sp) && !q.personal {
			// (a question that says "you", "I" or "we" asks about
			// the conversation's own people: "who hired you" is not
			// answered by "Gus: I hired three engineers")
			for _, j := range firstPersonAgents(s, q.agentKey) {
				if !agentClause(q, s, clauses, j) {
					continue
				}
				k := len(out)
				addNear(sp, agentFit, j, j+1, 1)
				for ; k < len(out); k++ {
					out[k].name = true
				}
			}
		}
	}
	// a sentence that names the verb's agent names it as the answer:
	// its other names fit less ("Ben is bringing the dessert, and Kelly
	// Brown is bringing drinks")
	agentFound := len(out) > agents
	// Names, quoted titles and phrases.
	k0 := len(out)
	for _, e := range nameSpans(q, s) {
		fit := 0.6
		switch q.typ {
		case TypePerson:
			fit = 0.9
			if e.locative {
				fit = 0.4
			}
			fit *= personNameFit(s, e.start, e.end)
			if agentFound {
				fit *= otherNameFit
			}
		case TypePlace:
			fit = 0.6
			if e.locative {
				fit = 1
			}
		case TypeOrg:
			fit = 0.9
		default:
			if q.wantsName {
				fit = 0.9
			}
			if e.locative {
				// "a pup from a shelter in Stamford": a name set
				// after "in", "at" or "to" names a place, not the
				// thing asked for
				fit *= locativeNameFit
			}
		}
		if q.wantsName {
			// the name asked for is often said apart from the
			// question's words ("a movie that blew my mind …, I think
			// it was called Inception")
			addNear(e.text, fit, e.start, e.end, nameNear)
			continue
		}
		add(e.text, fit, e.start, e.end)
	}
	if q.saying {
		// "what quote does she live by": the words she quotes, whole
		k := len(out)
		for _, qs := range quotedSpansUpTo(s, maxQuotedSaying, true) {
			addNear(qs.text, 1, qs.start, qs.end, nameNear)
		}
		typed(k, true)
	}
	for _, qs := range quotedSpans(s) {
		if q.saying {
			break
		}
		fit := 0.8
		if q.wantsName {
			fit = 1
		}
		if q.typ == TypePerson || q.typ == TypePlace {
			fit = 0.3
		}
		if q.wantsName {
			// "Avalanche" by Neal Stephenson: a work is cited with
			// its creator
			if by, en := creatorAfter(s, qs.end+1); by != "" {
				addNear(qs.text+" by "+by, fit, qs.start, en, nameNear)
				continue
			}
			addNear(qs.text, fit, qs.start, qs.end, nameNear)
			continue
		}
		add(qs.text, fit, qs.start, qs.end)
	}
	// A name or title is the entity asked for when the question asks for
	// a name, or its memory item is about the question's topic (not only
	// said by the question's person).
	typed(k0, q.wantsName || topical(q, s))
	if q.typ == TypePhrase {
		// A file path, a web address, a handle or a code identifier
		// ("config/uploader.yaml", "CACHE_SIZE"): an entity's form, as
		// a name is; the form the question's head noun asks for ("her
		// Instagram handle", "the link to the recipe") fits best.
		for _, e := range identifierSpans(q, s) {
			k, floor := len(out), 0.0
			if e.fit == formFit {
				floor = 1
			} else if q.wantsName {
				floor = nameNear
			}
			addNear(e.text, e.fit, e.start, e.end, floor)
			typed(k, e.fit == formFit || q.wantsName || topical(q, s))
		}
	}
	for k := k0; k < len(out); k++ {
		out[k].name = true
	}
	// addHeads adds the noun phrases the question's head noun heads.
	addHeads := func() {
		for _, h := range headSpans(q, s) {
			fit := headFit
			if !q.quality && onlyEvaluative(s, h.start, h.end-1) {
				// "great news", "a tasty meal": the head with the
				// speaker's judgement of it, not what it is
				fit *= evaluativeFit
			}
			k := len(out)
			addNear(h.text, fit, h.start, h.end, 1)
			typed(k, h.compound)
		}
	}
	if q.typ == TypePhrase || q.typ == TypePerson {
		// The gap of the question: the object of its verb in the
		// sentence, and the phrase the question's head noun heads.
		isDate := map[int]bool{}
		for _, d := range dates {
			for i := d[0]; i < d[1]; i++ {
				isDate[i] = true
			}
		}
		objs := objectSpans(q, s, anchors, isDate, opts.MaxWords)
		if q.typ == TypePerson {
			objs = toPersons(s, objs)
		}
		for _, o := range objs {
			fit := objectFit * nounShare(s, o.start, o.end)
			if q.typ == TypePerson && !hasPersonNoun(o.text) && !capitalized(s, o.start) {
				fit *= 0.3
			}
			add(o.text, fit, o.start, o.end)
		}
		if !q.role { // the role is not its holder's name
			// the phrase holds the question's head noun: it is where
			// the gap is
			addHeads()
		}
	}
	if q.typ == TypePlace && !namedPlaceNouns[q.head] {
		// "what kind of place": the place noun with its modifiers
		// ("quiet place"), as for a phrase's head noun
		addHeads()
	}
	series := seriesSpans(s)
	if q.typ == TypePhrase && !q.wantsName {
		// A series ("coconut milk, vanilla extract, sugar and salt")
		// answers a question about several things, or one whose gap it
		// fills as a whole.
		fit := seriesFit
		if q.list {
			fit = 1
		}
		for _, sr := range series {
			k := len(out)
			add(sr.text, fit*nounShare(s, sr.start, sr.end), sr.start, sr.end)
			for ; k < len(out); k++ {
				out[k].series = true
			}
		}
	}
	for _, a := range appositiveSpans(q, s) {
		// "my home country, Sweden" for "what country …"
		k := len(out)
		addNear(a.text, appositiveFit, a.start, a.end, 1)
		typed(k, true)
	}
	for _, a := range classifiedSubjects(q, s) {
		// "Skiing, snowboarding, and ice skating are all fun winter
		// activities" for "what activity"
		k := len(out)
		addNear(a.text, appositiveFit, a.start, a.end, 1)
		typed(k, true)
	}
	if q.quality {
		// "how was the trip": the adjectives said of it ("so
		// peaceful", "super cozy and comfy")
		for _, a := range adjectiveSpans(s) {
			add(a.text, a.fit, a.start, a.end)
		}
		// "I was so touched", "felt relieved"
		for _, f := range feelingSpans(s) {
			add(f.text, f.fit, f.start, f.end)
		}
	}
	blocked := map[int]bool{}
	for _, d := range dates {
		for i := d[0]; i < d[1]; i++ {
			blocked[i] = true
		}
	}
	if q.typ == TypePhrase && q.headKey != "" {
		// "a major career milestone - making my first game": the
		// phrase set beside the head noun says what it is
		for _, a := range appositionSpans(q, s, opts.MaxWords) {
			k := len(out)
			addNear(a.text, a.fit, a.start, a.end, 1)
			typed(k, true)
		}
		// "my main goal is to open a bakery"
		for _, a := range copularSpans(q, s, opts.MaxWords) {
			if q.kindOf {
				// "creative writing is a good way to …": the
				// kind is named before the copula
				break
			}
			addNear(a.text, a.fit, a.start, a.end, 1)
		}
	}
	if q.typ == TypePhrase {
		addAgents() // "what helps him stay focused"
	}
	if q.typ == TypePhrase && q.doAsked {
		// "what did she do with her pups": what she did ("took them
		// to the beach")
		for _, a := range actionSpans(s, opts.MaxWords) {
			add(a.text, a.fit, a.start, a.end)
		}
	}
	if q.typ == TypePhrase && q.favorite {
		// "what is her favorite dish": what "my favorite dish is …" or
		// "… is my top pick" ranks first, unless it is only the
		// question's own words ("this trilogy is one of my faves")
		for _, f := range favoriteSpans(s, opts.MaxWords) {
			if onlyQuestionWords(q, s, f.start, f.end) {
				continue
			}
			add(f.text, f.fit, f.start, f.end)
		}
	}
	if decisionVerbs[q.verbKey] && q.head == "" {
		// "what did we decide about the DJ": what was decided, the
		// question's own words kept ("skip the DJ and make a
		// playlist ourselves")
		for _, d := range decisionSpans(s, opts.MaxWords) {
			addNear(d.text, d.fit, d.start, d.end, 1)
		}
	}
	if q.current {
		// "I've switched to packing my own lunch", "converted to
		// trail runners": what the thing changed to is the current
		// value, however few of the question's words stand by it
		for _, c := range changeTargets(s, opts.MaxWords) {
			if targetFits(q, s, c) {
				addNear(c.text, c.fit, c.start, c.end, 1)
			}
		}
	}
	if q.advice {
		// "what advice did she give": her directives ("do your
		// research"); "how should I fix it": the directives are the
		// answer's form, wherever the question's words stand
		for _, d := range directiveSpans(s, maxAdviceWords) {
			if q.typ == TypeProcedure {
				k := len(out)
				addNear(d.text, d.fit, d.start, d.end, 1)
				for ; k < len(out); k++ {
					out[k].directive = true
				}
				continue
			}
			add(d.text, d.fit, d.start, d.end)
		}
	}
	if q.typ == TypePhrase && q.color {
		// "what color": a colour term ("a lighter shade of gray")
		for _, c := range colorSpans(s, blocked) {
			add(c.text, c.fit, c.start, c.end)
		}
	}
	if q.typ == TypePhrase && q.activity {
		// "what hobby": what someone does ("took up photography")
		for _, a := range activitySpans(s, blocked) {
			add(a.text, activityFit, a.start, a.end)
		}
	}
	if q.typ == TypeProcedure && !q.quality {
		// "how does she stay confident": "by reminding herself of …"
		for _, m := range meansClauses(s, opts.MaxWords) {
			add(m.text, m.fit, m.start, m.end)
		}
		// "I petted her and spoke calmly": what the person did, unless its
		// verb is the question's own ("I started volunteering …")
		if st, en := predicateSpan(s, opts.MaxWords); en > st && !slices.Contains(anchors, st) {
			en = beforeAnchor(s, st, en, anchors)
			addNear(textOf(s, st, en), predicateFit, st, en, predicateNear)
		}
	}
	ps := pieces(q, s, series, anchors, clauses, blocked, opts.MaxWords)
	if q.typ == TypePerson {
		ps = toPersons(s, ps)
	}
	if q.typ == TypePlace {
		ps = toPlaces(s, ps)
	}
	for _, p := range ps {
		fit := 0.55
		switch q.typ {
		case TypePerson:
			fit = 0.2
			if hasPersonNoun(p.text) {
				fit = 0.7
			}
		case TypePlace:
			fit = 0.3
			if p.locative {
				fit = 0.6
			}
			if p.fit > 0 {
				fit *= p.fit
			}
		case TypeOrg:
			fit = 0.25
		case TypeProcedure:
			fit = 0.6
			if p.means {
				fit = 0.9
			}
			if q.quality {
				fit = qualityFit(s, p.start, p.end)
			} else if predicative(s, p.start) {
				fit *= predicativeFit
			}
		}
		if q.typ == TypePhrase || q.typ == TypePerson || q.typ == TypePlace || q.typ == TypeOrg {
			fit *= nounShare(s, p.start, p.end)
		}
		if capitalized(s, p.start) && vocative(s, p.start, p.end) {
			continue // "Thanks, John!": the listener, not an answer
		}
		if p.end-p.start == 1 && aloneWord(s, p.start) {
			// A word that is a clause by itself at the sentence's start
			// ("Sure!", "Wow, …", "Look, …") is an interjection or a
			// discourse marker, not the thing asked for.
			fit *= aloneFit
		}
		if exclamation(s) {
			// "Sounds lovely!", "Sweet dreams, Sam!": a reply's
			// formula, not a statement of the thing asked for
			fit *= exclamationFit
		}
		if p.end-p.start == 1 && verbOrAdverb(s.toks[p.start]) {
			// A lone verb or adverb ("took", "got", "really") is a
			// predicate, not the thing asked for.
			fit *= 0.4
		}
		add(p.text, fit, p.start, p.end)
	}
	if k := q.container; k != containerNone {
		for i := range out {
			if out[i].end <= out[i].start {
				continue
			}
			if t := regionOf(k, q.regionOnly, out[i].s, out[i].start, out[i].end); t != "" {
				out[i].text, out[i].typed, out[i].name = t, true, true
				out[i].fit = max(out[i].fit, containerFit)
			} else if regionNamed(k, out[i].text) {
				// "Italy" for "which countries": a region of the
				// kind asked, named; in a question it is asked
				// about, not said ("did we visit Peru or Chile?")
				if out[i].s.asks() {
					continue
				}
				out[i].typed, out[i].name = true, true
				out[i].fit = max(out[i].fit, containerFit)
			} else if !placeName(out[i].text) {
				out[i].fit *= nonRegionShare
			}
		}
	}
	return out
}

const aloneFit = 0.3

// newerValueShare: for a current-value question that asks for a value
// (valueAsked), a newer candidate replaces the best one when it scores at
// least this share of it (0.6 for other answers). A later statement of a
// value that has changed ("I've completed 30 videos so far") often repeats
// fewer of the question's words than the first one did. A statement a
// strategy marks as superseded is old whatever its date.
const newerValueShare = 0.3

// nonDirectiveShare is the share of its score a candidate that is no
// directive keeps for a question that asks what to do ("how should I
// water the tomatoes"): advice is told in directives.
const nonDirectiveShare = 0.5

// valueForm reports whether q asks for an answer of a fixed form that a
// sentence states or does not: a date, an amount of time, a number, a
// frequency.
func valueForm(q question) bool {
	switch q.typ {
	case TypeDate, TypeDuration, TypeNumber, TypeFrequency:
		return true
	}
	return false
}

// valueAsked reports whether q asks for a value of a fixed form that can
// change over time: a number, an amount of time, a time of day, a
// frequency, a name. Not a free phrase, a procedure, a reason, nor the
// date of an event (a newer event is not the one asked about).
func valueAsked(q question) bool {
	switch q.typ {
	case TypePhrase, TypeProcedure, TypeReason, TypeYesNo, TypeChoice:
		return false
	case TypeDate:
		return q.clock
	}
	return true
}

// exclamationFit scales a phrase read from an exclamation (exclamation).
const exclamationFit = 0.3

// exclamation reports whether s is a short exclamation: at most three
// words, not counting a name that addresses the listener, ending in "!"
// ("Sounds lovely!", "Sweet dreams, Sam!", "Trust me!").
func exclamation(s *sentence) bool {
	n := len(s.toks)
	for n > 0 && s.toks[n-1].Punct && s.toks[n-1].Text != "!" {
		n--
	}
	if n == 0 || s.toks[n-1].Text != "!" {
		return false
	}
	words := 0
	for i := 0; i < n; i++ {
		t := s.toks[i]
		if t.Punct {
			continue
		}
		if i > 0 && s.toks[i-1].Punct && s.toks[i-1].Text == "," && capitalized(s, i) {
			continue // the listener's name ("…, Sam!")
		}
		words++
	}
	return words <= 3
}

// delexicalFit scales a span that is only a delexical noun (delexical).
const delexicalFit = 0.2

// delexicalNouns are nouns that carry almost no content of their own: they
// measure ("a lot", "a bit", "a bunch"), stand for any thing ("stuff",
// "things"), or make idioms ("no way", "can't wait", "kind of").
var delexicalNouns = map[string]bool{
	"lot": true, "lots": true, "bit": true, "bunch": true, "ton": true, "tons": true,
	"way": true, "ways": true, "thing": true, "things": true, "stuff": true,
	"kind": true, "sort": true, "wait": true, "deal": true,
}

// lightNouns are nouns that, with only a judgement before them, say that
// something was good rather than what it was ("a great time", "such a
// nice experience", "a good idea", "a great start").
var lightNouns = wordSet(`time times experience experiences idea ideas start opportunity chance moment moments`)

// delexical reports whether a span is a delexical noun ("lots", "way",
// "stuff") or a light one ("time", "experience") with at most
// determiners and judging or time-placing modifiers before it ("a nice
// way", "great time").
func delexical(text string) bool {
	f := strings.Fields(strings.ToLower(text))
	if len(f) == 0 {
		return false
	}
	last := strings.Trim(f[len(f)-1], ".,;:!?\"'“”‘’")
	if len(f) == 1 {
		return delexicalNouns[last]
	}
	if !delexicalNouns[last] && !lightNouns[last] {
		return false
	}
	for _, w := range f[:len(f)-1] {
		w = strings.Trim(w, ".,;:!?\"'“”‘’")
		if !evaluative[w] && !timeOrder[w] && !nlp.IsFunctionWord(w) {
			return false
		}
	}
	return true
}

// notName reports whether a word tagged tg (Penn tag) is read as a
// verb, adjective, adverb or interjection, not a name.
func notName(tg string) bool {
	return strings.HasPrefix(tg, "VB") || strings.HasPrefix(tg, "JJ") || strings.HasPrefix(tg, "RB") || tg == "UH"
}

// topical reports whether the unit of s holds one of the question's focus
// terms other than its names and dates: what it says is about the
// question's topic, not only by the person the question names.
func topical(q question, s *sentence) bool {
	for _, ss := range s.u.sents {
		for _, f := range q.focus {
			if ss.set[f] && f != dateTerm && !q.names[f] {
				return true
			}
		}
	}
	return false
}

// siblingDateFit is the fit of a date stated by another sentence of the
// item when the sentence itself states none; the item's own date fits
// 0.7.
var siblingDateFit = 0.8

// stateStartFit is the fit of the start of a state whose length the
// sentence tells ("for three years now"): the sentence's own time, so it
// fits better than a sibling sentence's date (siblingDateFit) or the
// item's date (0.7).
const stateStartFit = 0.9

// itemDateNear is the nearness given to a date read from a whole sentence
// or its item rather than from a span of it (the item's date, the start of
// a state the sentence tells the length of).
const itemDateNear = 0.5

// aloneWord reports whether token i of s stands alone at the sentence's
// start: first (or after only punctuation) and followed by punctuation or
// the end.
func aloneWord(s *sentence, i int) bool {
	for j := 0; j < i; j++ {
		if !s.toks[j].Punct {
			return false
		}
	}
	return i+1 >= len(s.toks) || s.toks[i+1].Punct
}

// verbOrAdverb reports whether a lowercase word is an inflected verb form
// (an irregular past or participle, or a regular "-ed" form) or an "-ly"
// adverb, by its form alone.
func verbOrAdverb(t nlp.Token) bool {
	w := t.Text
	if w == "" || unicode.IsUpper([]rune(w)[0]) {
		return false
	}
	return nlp.IsIrregularVerbForm(t.Lower) || len(t.Lower) > 4 && (strings.HasSuffix(t.Lower, "ed") || strings.HasSuffix(t.Lower, "ly"))
}

// roleWord reports whether a span is a bare role name ("user",
// "assistant"): memories write the speaker's role in statements ("user
// prefers tea"), but a role is not an answer.
func roleWord(text string) bool {
	switch strings.ToLower(text) {
	case "user", "assistant", "the user", "the assistant":
		return true
	}
	return false
}

// beforeAlternative ends text before "instead" or "rather than" when
// words precede it: what follows is the alternative set aside ("8443
// instead of 8080" → "8443"; a trailing "instead" goes too).
func beforeAlternative(text string) string {
	low := strings.ToLower(text)
	for _, cue := range []string{" instead", " rather than "} {
		if i := strings.Index(low, cue); i > 0 {
			if j := i + len(cue); j == len(low) || cue[len(cue)-1] == ' ' || !unicode.IsLetter(rune(low[j])) {
				text, low = text[:i], low[:i]
			}
		}
	}
	return text
}

// rejected reports whether the span starting at token start is one the
// sentence rejects or replaces: after "not", "never", "instead of",
// "rather than", "no longer", "than".
func rejected(s *sentence, start int) bool {
	prev := func(k int) string {
		if start-k < 0 || start-k >= len(s.toks) {
			return ""
		}
		return s.toks[start-k].Lower
	}
	// skip a determiner or possessive between the cue and the span
	off := 0
	if nlp.IsDeterminer(prev(1)) || possessives[prev(1)] {
		off = 1
	}
	switch prev(1 + off) {
	case "not", "never", "n't":
		return true
	case "of":
		return prev(2+off) == "instead"
	case "than":
		return prev(2+off) == "rather"
	case "longer":
		return prev(2+off) == "no"
	}
	return false
}

// fromToEnd is the token index after the "to" of a "from X to Y" change
// in s (Y is the new value), or -1.
func fromToEnd(s *sentence) int {
	from := -1
	for i, t := range s.toks {
		switch t.Lower {
		case "from":
			from = i
		case "to":
			if from >= 0 && i-from > 1 && i-from <= 12 {
				return i + 1
			}
		case ".", ";", "!", "?":
			from = -1
		}
	}
	return -1
}

// anchorsOf are the token indices of s that hold a focus term.
func anchorsOf(q question, s *sentence) []int {
	var out []int
	for i, k := range s.keys {
		if k != "" && q.order(k) >= 0 && !nlp.IsFunctionWord(s.toks[i].Lower) {
			out = append(out, i)
		}
	}
	return out
}

// order is the position of focus term k in the question, -1 when k is not
// a focus term.
func (q question) order(k string) int {
	for i, f := range q.focus {
		if f == k {
			return i
		}
	}
	return -1
}

// anchorWeight weighs an anchor by where its term stands in the question:
// the words next to the question's gap (its last content words: "what did
// the race raise awareness for") lead to the answer more than its first
// ones (the topic), 0.6 … 1.
func anchorWeight(q question, k string) float64 {
	o := q.order(k)
	if o < 0 || len(q.focus) < 2 {
		return 1
	}
	return 0.6 + 0.4*float64(o)/float64(len(q.focus)-1)
}

// clauseIDs numbers the clauses of a sentence: a clause ends at , ; : ! ?
// ( ) quotes or a dash, and before a subordinating conjunction or a
// coordinating one that starts a new clause ("and I", "but we").
func clauseIDs(s *sentence) []int {
	ids := make([]int, len(s.toks))
	c := 0
	for i, t := range s.toks {
		if isBoundary(s, i) {
			c++
			ids[i] = c
			continue
		}
		ids[i] = c
		_ = t
	}
	return ids
}

func isBoundary(s *sentence, i int) bool {
	t := s.toks[i]
	if t.Punct {
		return strings.ContainsAny(t.Text, ",;:!?()\"“”—–-…")
	}
	switch t.Lower {
	case "because", "but", "although", "though", "whereas", "unless", "cause", "'cause", "cuz":
		return true
	case "and", "or", "so", "while", "since", "if", "when":
		if i+1 < len(s.toks) {
			n := s.toks[i+1].Lower
			if nlp.IsPronoun(n) || nlp.IsAuxiliary(n) || nlp.IsDeterminer(n) && n != "a" && n != "an" && n != "the" && n != "my" && n != "her" && n != "his" && n != "their" && n != "our" && n != "your" {
				return true
			}
			// "and our first match is on Sunday": a clause of its own
			return nlp.IsDeterminer(n) && opensClause(s, i+1)
		}
	}
	return false
}

// nearness in [0, 1] of the token span [start, end) to the anchors of its
// clause: 1 right after an anchor, decaying with the tokens in between;
// spans before an anchor count 0.8 as much; 0.15 when the clause has no
// anchor but the sentence does, 0.1 when the sentence has none.
func nearness(anchors []int, weights []float64, clauses []int, start, end int) float64 {
	if len(anchors) == 0 {
		return 0.1
	}
	if start >= len(clauses) || start < 0 {
		return 0.15
	}
	best := 0.15
	cl := clauses[start]
	for i, a := range anchors {
		var v float64
		switch {
		case a < start:
			v = 1 / (1 + 0.35*float64(start-a-1))
		case a >= end:
			v = 0.8 / (1 + 0.35*float64(a-end))
		default:
			v = 0.5
		}
		if d := clauses[a] - cl; d != 0 {
			// a neighbouring clause counts less, a farther one little
			if d == 1 || d == -1 {
				v *= 0.5
			} else {
				v *= 0.2
			}
		}
		v *= weights[i]
		if v > best {
			best = v
		}
	}
	return best
}

// span is a token range of a sentence with its text.
type span struct {
	text       string
	start, end int
	fit        float64
	locative   bool // preceded by a locative preposition (in, at, to …)
	means      bool // introduced by "by"/"with"/"through" (a means)
	// compound is true for a head-noun phrase with a noun or -ing
	// modifier the question does not say ("mountain bike", "cooking
	// show"): a kind of the head, rather than the head with a quality
	// ("great news") or with the question's own words.
	compound bool
	// statedTotal is true for the value of a record field keyed by a
	// total ("total: 80 EUR"; fieldSpans).
	statedTotal bool
	// n is the number an ordinal span states (ordinalCounts).
	n int
}

func textOf(s *sentence, start, end int) string {
	if start >= end {
		return ""
	}
	return s.text[s.toks[start].Start:s.toks[end-1].End]
}

// weekdaySpans answer a question that asks for a day of the week: each
// weekday the sentence names ("on Fridays", "every Tuesday"), fit 1, and
// the weekday of each single day it dates ("on 3 May", "yesterday"),
// fit 0.8, written as the weekday's name ("Friday").
func weekdaySpans(s *sentence) []span {
	var out []span
	named := map[int]bool{}
	for i, t := range s.toks {
		w := strings.TrimSuffix(t.Lower, "s")
		if wd, ok := weekdays[w]; ok {
			out = append(out, span{text: wd.String(), start: i, end: i + 1, fit: 1})
			named[i] = true
		}
	}
	for _, m := range temporal.Find(s.text, s.u.date) {
		if m.Unit != temporal.Day || m.Vague {
			continue
		}
		st, en := tokRange(s, m.Start, m.End)
		if named[st] || en-1 >= 0 && named[en-1] {
			continue
		}
		out = append(out, span{text: m.From.Weekday().String(), start: st, end: en, fit: 0.8})
	}
	return out
}

// weekdays maps lowercase weekday names and their common abbreviations to
// the weekday.
// partsOfDayPlural are the plural parts of the day that make a weekday
// before them recurring ("Thursday mornings").
var partsOfDayPlural = wordSet(`mornings afternoons evenings nights`)

// recurringWeekdays are the weekdays s tells as recurring: a plural
// ("on Mondays"), one after "every" or "each" ("every Monday"), or one
// before a plural part of the day ("Thursday mornings").
func recurringWeekdays(s *sentence) []span {
	var out []span
	for i, t := range s.toks {
		w := strings.TrimSuffix(t.Lower, "s")
		wd, ok := weekdays[w]
		if !ok {
			continue
		}
		plural := strings.HasSuffix(t.Lower, "s") && t.Lower != w+"'s"
		every := i > 0 && (s.toks[i-1].Lower == "every" || s.toks[i-1].Lower == "each")
		// "Thursday mornings": a weekday before a plural part of the day
		parts := i+1 < len(s.toks) && partsOfDayPlural[s.toks[i+1].Lower]
		if plural || every || parts {
			out = append(out, span{text: wd.String(), start: i, end: i + 1, fit: 1})
		}
	}
	return out
}

// weekdayName reports whether text is the name of a day of the week,
// singular or plural ("Sunday", "Sundays"): a capitalized word that names
// no one.
func weekdayName(text string) bool {
	_, ok := weekdays[strings.TrimSuffix(strings.ToLower(strings.TrimSpace(text)), "s")]
	return ok
}

var weekdays = map[string]time.Weekday{
	"sunday": time.Sunday, "monday": time.Monday, "tuesday": time.Tuesday, "wednesday": time.Wednesday,
	"thursday": time.Thursday, "friday": time.Friday, "saturday": time.Saturday,
}

// dateSpans are the date expressions of a sentence resolved against its
// unit's date and written as an absolute date wherever the expression
// fixes one, as the answer request asks of every model ("give the
// absolute date when the context lets you compute it",
// internal/model/prompts/answer.tmpl): a day, however said ("yesterday",
// "last Friday", "on Saturday"), and a whole count of days or weeks back
// or ahead ("two weeks ago" in an item of 19 March 2023, "two weeks from
// today", "in three weeks" in a sentence not in the past tense) are the day
// itself ("5 March 2023"); a week, a weekend, a month, a season, a year or a vague
// count is its temporal.Mention Value ("the week before 9 June 2023",
// "June 2023", "2022", "a few days before 22 November 2023").
func dateSpans(s *sentence) []span {
	var out []span
	for _, m := range temporal.Find(s.text, s.u.date) {
		st, en := tokRange(s, m.Start, m.End)
		text := m.Value
		switch {
		case m.Unit == temporal.Day && !m.Vague:
			text = temporal.FormatDay(m.From)
		case !m.Vague && !s.u.date.IsZero():
			sign, a := -1, agoRe.FindStringSubmatch(m.Text)
			if a == nil {
				sign, a = 1, aheadRe.FindStringSubmatch(m.Text)
			}
			if a == nil && !pastTense(s) {
				// "the recital is in three weeks": a day ahead; "I
				// finished the course in three weeks" says how long
				sign, a = 1, inAheadRe.FindStringSubmatch(m.Text)
			}
			if a != nil && (strings.EqualFold(a[2], "day") || strings.EqualFold(a[2], "week")) {
				if n, ok := countOf(a[1]); ok {
					days := 1
					if strings.EqualFold(a[2], "week") {
						days = 7
					}
					text = temporal.FormatDay(temporal.DayStart(s.u.date).AddDate(0, 0, sign*n*days))
				}
			}
		}
		out = append(out, span{text: text, start: st, end: en})
	}
	return out
}

// tokRange maps a byte range to the token range it covers.
func tokRange(s *sentence, b0, b1 int) (int, int) {
	st, en := -1, -1
	for i, t := range s.toks {
		if st < 0 && t.End > b0 {
			st = i
		}
		if t.Start < b1 {
			en = i + 1
		}
	}
	if st < 0 {
		st = len(s.toks)
	}
	if en < st {
		en = st
	}
	return st, en
}

var numberWords = wordSet(`one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen
	sixteen seventeen eighteen nineteen twenty thirty forty fifty sixty seventy eighty ninety hundred thousand
	million billion dozen half once twice`)

var timeUnits = wordSet(`second seconds sec secs minute minutes min mins hour hours hr hrs day days night nights
	week weeks weekend weekends month months year years decade decades century centuries`)

// articleDurations are the amounts of time s states without a numeral: an
// article or a vague quantifier before a time unit ("a month", "about an
// hour", "a few months", "a couple of weeks", "several years"), with a
// leading approximation word kept ("about", "nearly").
func articleDurations(s *sentence) []span {
	var out []span
	n := len(s.toks)
	for i := 0; i < n; i++ {
		j := i
		switch s.toks[i].Lower {
		case "a", "an":
			j = i + 1
			if j < n && (s.toks[j].Lower == "few" || s.toks[j].Lower == "couple") {
				j++
				if j < n && s.toks[j].Lower == "of" {
					j++
				}
			}
		case "several", "few":
			j = i + 1
		default:
			continue
		}
		if j >= n || !timeUnits[s.toks[j].Lower] {
			continue
		}
		st := i
		if st > 0 && approximations[s.toks[st-1].Lower] {
			st--
		}
		out = append(out, span{text: textOf(s, st, j+1), start: st, end: j + 1})
		i = j
	}
	return out
}

// approximations are words that qualify an amount as approximate.
var approximations = wordSet(`about around almost nearly roughly approximately over under only just`)

func isNumberTok(t nlp.Token) bool {
	if t.Punct {
		return false
	}
	r := []rune(t.Text)
	if unicode.IsDigit(r[0]) || (len(r) > 1 && isCurrencyRune(r[0]) && unicode.IsDigit(r[1])) {
		return true
	}
	return numberWords[t.Lower]
}

// titleCase reports whether w looks like a name: an upper-case letter then
// at least four lower-case letters ("Kyoto", not "GB" or "Mbps").
func titleCase(w string) bool {
	return utf8.RuneCountInString(w) >= 5 && initialCap(w)
}

var clockRe = regexp.MustCompile(`(?i)\b(\d{1,2}(?::\d{2})?\s*(?:a\.?m\.?|p\.?m\.?|o'clock)|\d{1,2}:\d{2}|noon|midnight)`)

// clockSpans are times of day ("7 pm", "6:30", "noon").
func clockSpans(s *sentence) []span {
	var out []span
	for _, m := range clockRe.FindAllStringIndex(s.text, -1) {
		st, en := tokRange(s, m[0], m[1])
		text := strings.TrimSpace(s.text[m[0]:m[1]])
		if l := strings.ToLower(text); strings.HasSuffix(l, "m.") && !strings.Contains(l, ".m") {
			text = strings.TrimSuffix(text, ".") // "6:15 am." ends the sentence
		}
		out = append(out, span{text: text, start: st, end: en})
	}
	return out
}

func isCurrencyRune(r rune) bool { return r == '$' || r == '€' || r == '£' || r == '¥' }

// numberSpans are numbers with their unit ("500 Mbps", "$800", "30-60
// seconds", "three trips"); with durationOnly, only numbers followed by a
// time unit, "since <year>" and "<n> <unit>s ago".
func numberSpans(s *sentence, durationOnly bool) []span {
	var out []span
	hyphens := map[int]bool{}
	for i := 0; i < len(s.toks); i++ {
		t := s.toks[i]
		if !isNumberTok(t) {
			if d, ok := hyphenDuration(t); ok && durationOnly {
				// "a six-month probation": the amount of time
				out = append(out, span{text: d, start: i, end: i + 1})
				hyphens[i] = true
			}
			continue
		}
		// a leading "a"/"an" count ("a week") is not a number token;
		// years are dates, not quantities, unless after "since"
		j := i + 1
		for j < len(s.toks) && isNumberTok(s.toks[j]) {
			j++
		}
		// "3:1", "6:45": a ratio or a time written with a colon is one
		// number
		for j+1 < len(s.toks) && s.toks[j].Text == ":" && isNumberTok(s.toks[j+1]) &&
			s.toks[j].Start == s.toks[j-1].End && s.toks[j+1].Start == s.toks[j].End {
			j += 2
		}
		// "to"/"-" ranges
		if j+1 < len(s.toks) && (s.toks[j].Lower == "to" || s.toks[j].Lower == "-") && isNumberTok(s.toks[j+1]) {
			j += 2
		}
		// "two and a half weeks"
		if j+3 < len(s.toks) && s.toks[j].Lower == "and" && (s.toks[j+1].Lower == "a" || s.toks[j+1].Lower == "one") && s.toks[j+2].Lower == "half" && timeUnits[s.toks[j+3].Lower] {
			j += 3
		}
		if j == i+1 && propOne(s, i) {
			continue // "this one was online": a thing, not a count
		}
		unitEnd := j
		if j < len(s.toks) && !s.toks[j].Punct {
			w := s.toks[j].Lower
			if (!nlp.IsFunctionWord(w) || timeUnits[w]) && !verbAfterNumber(s, j) && !deicticTimeWords[w] {
				unitEnd = j + 1
				// two-word units ("square feet", "hours ago")
				if unitEnd < len(s.toks) && s.toks[unitEnd].Lower == "ago" {
					unitEnd++
				}
			}
		}
		isTime := unitEnd > j && timeUnits[s.toks[j].Lower]
		if d, ok := hyphenDuration(t); ok && j == i+1 {
			// "a 14-month lease": the amount of time is "14 months"
			out = append(out, span{text: d, start: i, end: j})
			hyphens[i] = true
			continue
		}
		compound := false
		if isTime && unitEnd+2 < len(s.toks) && s.toks[unitEnd].Lower == "and" {
			switch a, b := s.toks[unitEnd+1], s.toks[unitEnd+2]; {
			case (a.Lower == "a" || a.Lower == "one") && b.Lower == "half":
				// "an hour and a half"
				unitEnd, compound = unitEnd+3, true
			case isNumberTok(a) && timeUnits[b.Lower]:
				// "4 years and 3 months": one amount of time
				unitEnd, compound = unitEnd+3, true
			}
		}
		start := i
		if i > 0 && s.toks[i-1].Lower == "since" {
			start = i - 1
			isTime = true
		}
		if durationOnly && !isTime {
			i = j - 1
			continue
		}
		end := unitEnd
		if !durationOnly && unitEnd > j && !timeUnits[s.toks[j].Lower] && titleCase(s.toks[j].Text) {
			end = j // "2 Kyoto" is not a unit; "500 Mbps", "8 GB" are
		}
		out = append(out, span{text: textOf(s, start, end), start: start, end: end})
		i = j - 1
		if compound {
			i = end - 1
		}
	}
	if len(hyphens) > 0 && slices.ContainsFunc(out, func(sp span) bool { return !hyphens[sp.start] && sp.start > 0 && s.toks[sp.start-1].Lower == "for" }) {
		// "a 6-month internship …, then worked there for three
		// years": the length "for" gives measures the event; one set
		// before a noun names a kind of thing
		out = slices.DeleteFunc(out, func(sp span) bool { return hyphens[sp.start] })
	}
	return out
}

// deicticTimeWords open a time phrase after an amount ("$1,300 last year",
// "40 next month"); they are no unit.
var deicticTimeWords = wordSet(`last next this`)

// hyphenDuration reads a number joined by a hyphen to a unit of time
// ("14-month", "3-day", "two-week") as the amount of time it states,
// written as a count of the unit ("14 months", "3 days", "two weeks").
func hyphenDuration(t nlp.Token) (string, bool) {
	num, unit, ok := strings.Cut(t.Lower, "-")
	if !ok || strings.Contains(unit, "-") || !timeUnits[unit] || strings.HasSuffix(unit, "s") {
		return "", false
	}
	if !isNumberTok(nlp.Token{Text: num, Lower: num}) {
		return "", false
	}
	n := t.Text[:len(num)]
	if num != "1" && num != "one" && num != "a" {
		unit += "s"
	}
	return n + " " + unit, true
}

// closingDateCut is the span of s from start up to a closing date at e,
// the preposition before the date dropped, and its text.
func closingDateCut(s *sentence, start, e int) (string, int) {
	if e > start+1 && datePreps[s.toks[e-1].Lower] {
		e--
	}
	return cleanSpan(textOf(s, start, e)), e
}

// datePreps are the prepositions that set a date after a phrase ("by
// June", "in May", "until Friday").
var datePreps = wordSet(`by in on until till before after since from during`)

// verbAfterNumber reports whether the word at j, right after a number, is
// a verb form or an adverb ("$1,780 starting September", "85 now"):
// no unit of the number. A unit a tagger may read as a verb ("20
// minutes", "3 servings") is a unit whatever its tag.
func verbAfterNumber(s *sentence, j int) bool {
	tg := s.tags()
	if j >= len(tg) || unitWord(s.toks[j].Lower) {
		return false
	}
	return tg[j] == "VBG" || tg[j] == "VBD" || tg[j] == "VBN" || tg[j] == "VBZ" || tg[j] == "VBP" || tg[j] == "RB"
}

// idNouns name an identifier: "order number", "case no.", "code".
var idNouns = wordSet(`number no no. code id # reference confirmation`)

// afterIDNoun reports whether token i of s follows an identifier's noun
// with at most "is", "was" or a mark between ("order number is
// BP-26-04417", "code: 4QX92T", "#A4471"): the identifier asked for, not any letter-and-digit token
// of the sentence ("the MP3 player", "COVID-19", "I-95").
func afterIDNoun(s *sentence, i int) bool {
	if strings.HasPrefix(s.toks[i].Text, "#") {
		return true
	}
	for k := i - 1; k >= 0 && k >= i-3; k-- {
		if idNouns[s.toks[k].Lower] {
			return true
		}
		if w := s.toks[k].Lower; !(w == "is" || w == "was" || w == ":" || w == "=" || w == "-" || w == "#") {
			return false // "the number for COVID-19 testing": another noun's
		}
	}
	return false
}

// identifierRe is an identifier said in text: an order, permit,
// confirmation or tracking number that mixes letters and digits or joins
// digit groups with dashes ("BP-26-04417", "NW-88213", "1Z999AA1",
// "#A4471"); not a plain number, a year range or an amount.
var identifierRe = regexp.MustCompile(`^#?(?:[A-Za-z]+-?\d[\dA-Za-z]*(?:-[\dA-Za-z]+)*|\d+[A-Za-z]+\d[\dA-Za-z]*|\d{2,}(?:-\d{2,}){2,})$`)

// propOne reports whether the "one" at i of s is the pronoun that stands
// for a noun ("this one", "another one", "the first one", "my old one",
// "no one") rather than the numeral: a determiner, demonstrative,
// possessive, quantifier, ordinal or adjective stands just before it.
// The English prop-word "one" (Quirk et al., A Comprehensive Grammar of
// the English Language, 1985, §6.52).
func propOne(s *sentence, i int) bool {
	if s.toks[i].Lower != "one" || i == 0 || s.toks[i-1].Punct {
		return false
	}
	w := s.toks[i-1].Lower
	if _, ord := ordinalWords[w]; propOneDeterminers[w] || ord {
		return true
	}
	tg := s.tags()
	if i == 1 && i < len(tg) && tg[0] == "VBG" && (i+1 >= len(s.toks) || s.toks[i+1].Punct) {
		// "Embarrassing one: I forgot …": an -ing participle read as
		// an adjective before the pronoun, opening the sentence ("Finished
		// one: …" is a verb and its count)
		return true
	}
	return i-1 < len(tg) && (tg[i-1] == "JJ" || tg[i-1] == "PRP$") && !intensifiers[w]
}

// propOneDeterminers stand before the pronoun "one" ("which one", "that
// one"): a closed class of English.
var propOneDeterminers = wordSet(`the a an this that these those another which each every any no my your his her its our their whichever`)

// minusSign reports whether token i of s, a number, has a minus sign
// right before it: "-" or "−" joined to the digits and set off from the
// token before it, on an amount that can be negative (signedAmount: "low:
// -5C", "dropped to −12 degrees"); not the range dash of "3-5", the
// hyphen of "COVID-19", a bullet ("-2 lbs") or a dash before a count
// ("update: -12 people signed up").
func minusSign(s *sentence, i int) bool {
	if i == 0 || !isNumberTok(s.toks[i]) || numberWords[s.toks[i].Lower] {
		return false
	}
	m := s.toks[i-1]
	if m.Text != "-" && m.Text != "−" || m.End != s.toks[i].Start || i < 2 || s.toks[i-2].End == m.Start || isNumberTok(s.toks[i-2]) {
		return false // a bullet at the start, a hyphen, or a range dash ("$450k -$475k")
	}
	return signedAmount(s, i)
}

// signedAmount reports whether the number at token i of s is of a kind
// that can be below zero: a temperature, a percentage or an amount of
// money, by its own suffix or prefix ("5C", "18°C", "8%", "$42.10") or
// the word after it ("12 degrees", "3 percent", "40 dollars", "2
// points"). A count or a length cannot ("-12 people", "-5 min walk":
// there the dash is punctuation).
func signedAmount(s *sentence, i int) bool {
	w := s.toks[i].Text
	r := []rune(w)
	if isCurrencyRune(r[0]) || strings.HasSuffix(w, "%") || strings.ContainsRune(w, '°') {
		return true
	}
	if l := r[len(r)-1]; (l == 'C' || l == 'F') && unicode.IsDigit(r[len(r)-2]) {
		return true
	}
	if i+1 < len(s.toks) {
		switch s.toks[i+1].Lower {
		case "degrees", "degree", "°", "°c", "°f", "%", "percent", "dollars", "euros", "usd", "eur", "gbp", "points", "pts":
			return true
		}
	}
	return false
}

// mentionedNames drops the at-sign of each mention in text that is a name
// ("@Lena did you get …", "tagged @Tomas and @Omar" → "Tomas and Omar"):
// a capitalized word of letters only. Other handles keep it
// ("@vera_lind", "@DrLenaRuiz" is one word but not one name).
func mentionedNames(text string) string {
	ws := strings.Fields(text)
	for i, w := range ws {
		rest, ok := strings.CutPrefix(w, "@")
		if !ok {
			continue
		}
		core := strings.TrimRight(rest, ".,;:!?")
		letters := core != ""
		for k, r := range core {
			if !unicode.IsLetter(r) || k > 0 && unicode.IsUpper(r) || k == 0 && !unicode.IsUpper(r) {
				letters = false
				break
			}
		}
		if letters {
			ws[i] = rest
		}
	}
	return strings.Join(ws, " ")
}

// dropEchoedPhrase drops a closing prepositional phrase (not one of "to"
// or "of") whose words the question already says, possessives and
// articles aside ("threw a small party at my Japanese house" for "what
// did he do at his Japanese house" → "threw a small party"): it places
// the answer where the question does, and says nothing new. At least
// two words stay.
func dropEchoedPhrase(q question, text string) string {
	ws := strings.Fields(text)
	for i := len(ws) - 1; i >= 2; i-- {
		w := strings.ToLower(ws[i])
		if !nlp.IsPreposition(w) || w == "to" || w == "of" {
			// "to" may mark an infinitive ("to learn how to
			// better"), "of" a noun's complement ("take good
			// care of your dogs"): neither places the answer
			continue
		}
		content := 0
		for _, t := range ws[i+1:] {
			t = strings.ToLower(strings.Trim(t, ".,;:!?\"'“”‘’()"))
			if t == "" || articles[t] || possessives[t] {
				continue
			}
			if q.order(stem(t)) < 0 {
				return text
			}
			content++
		}
		if content == 0 {
			return text
		}
		return strings.Join(ws[:i], " ")
	}
	return text
}

// trimQuestionWords drops trailing words the question already says ("80
// liters" for "how many liters …" gives "80").
func trimQuestionWords(q question, text string) string {
	ws := strings.Fields(text)
	for len(ws) > 1 {
		last := strings.ToLower(strings.Trim(ws[len(ws)-1], ".,;:!?"))
		if q.order(stem(last)) < 0 {
			break
		}
		ws = ws[:len(ws)-1]
	}
	return strings.Join(ws, " ")
}

// ordinalRe matches an ordinal written with digits ("18th", "2nd").
var ordinalRe = regexp.MustCompile(`^(\d+)(?:st|nd|rd|th)$`)

// ordinalCounts are the counts s states as the rank of the latest of the
// counted things ("I just finished my fifth issue", "my 3rd marathon" for
// "how many issues / marathons"): an ordinal (a word or digits) followed,
// within two words or a noun phrase of at most four ("my fourth video
// game tournament"), by the question's counted noun. Each is written as
// countWord writes a count ("five").
func ordinalCounts(q question, s *sentence) []span {
	if q.counted == "" {
		return nil
	}
	counted := stem(q.counted)
	var out []span
	for i, t := range s.toks {
		n, ok := ordinalWords[t.Lower]
		ok = ok && n > 0 // not "last"
		if !ok {
			if m := ordinalRe.FindStringSubmatch(t.Text); m != nil {
				n, _ = strconv.Atoi(m[1])
				ok = n > 0
			}
		}
		if !ok {
			continue
		}
		tg := s.tags()
		for j := i + 1; j < len(s.toks) && j <= i+4; j++ {
			if s.toks[j].Punct || j > i+2 && (j-1 >= len(tg) || !strings.HasPrefix(tg[j-1], "NN") && !strings.HasPrefix(tg[j-1], "JJ")) {
				break // past two words, only a noun phrase runs on ("fourth video game tournament")
			}
			if s.keys[j] == counted {
				out = append(out, span{text: countWord(n), start: i, end: j + 1, n: n})
				break
			}
		}
	}
	return out
}

// ordinalFit scales the fit of an ordinal ("my 5th project") as the answer
// to a question for an amount: it ranks, it does not count.
const ordinalFit = 0.3

// numberFit prefers a number whose unit is the noun the question counts
// ("how many trips" → "five trips").
func numberFit(q question, s *sentence, n span) float64 {
	toks := words(q.text)
	var counted string
	for i, t := range toks {
		if (t.Lower == "many" || t.Lower == "much") && i+1 < len(toks) && !toks[i+1].Punct {
			counted = stem(toks[i+1].Lower)
		}
	}
	if q.counted != "" {
		// the first noun of the counted phrase ("how many different
		// doctors" counts doctors; "how many MCU films" MCU films)
		counted = stem(q.countedFirst)
		head := stem(q.counted)
		if head != counted {
			for i := n.start; i < n.end && i < len(s.keys); i++ {
				if s.keys[i] == head && !strings.Contains(" "+strings.Join(s.keys[n.start:n.end], " ")+" ", " "+counted+" ") {
					return headOnlyFit
				}
			}
		}
	}
	fit := 0.8
	if counted != "" {
		for i := n.start; i < n.end && i < len(s.keys); i++ {
			if s.keys[i] == counted {
				return 1
			}
		}
	}
	if unitWord(q.counted) && stem(numberUnit(s, n)) == stem(q.counted) {
		return 1 // "a 4-day trip" for "how many days"
	}
	if q.counted != "" && !unitWord(q.counted) && q.counted != "times" {
		if u := numberUnit(s, n); unitWord(u) && stem(u) != stem(q.counted) {
			// "two weeks ago" does not count plants
			return otherUnitFit
		} else if otherNoun(s, n, u, counted, stem(q.counted)) {
			return otherNounFit
		}
	}
	if looksLikeYear(textOf(s, n.start, n.end)) {
		fit = 0.3
	}
	return fit
}

func looksLikeYear(t string) bool {
	t = strings.TrimSpace(t)
	if len(t) != 4 {
		return false
	}
	return (strings.HasPrefix(t, "19") || strings.HasPrefix(t, "20")) && strings.IndexFunc(t, func(r rune) bool { return !unicode.IsDigit(r) }) < 0
}

// freqQuantifiers are the words that count "times" without a number
// ("several times a week").
var freqQuantifiers = wordSet(`few several multiple many couple numerous`)

// frequencySpans are "every <n> <unit>", "<n> times a <unit>", "once a
// week", "daily"-style phrases.
func frequencySpans(s *sentence) []span {
	var out []span
	for i, t := range s.toks {
		switch {
		case t.Lower == "every" || t.Lower == "each":
			j := i + 1
			for j < len(s.toks) && j < i+4 && !s.toks[j].Punct && (isNumberTok(s.toks[j]) || s.toks[j].Lower == "other" || s.toks[j].Lower == "few") {
				j++
			}
			if j < len(s.toks) && !s.toks[j].Punct {
				out = append(out, span{text: textOf(s, i, j+1), start: i, end: j + 1})
			}
		case t.Lower == "once" || t.Lower == "twice" || t.Lower == "times":
			start := i
			if t.Lower == "times" && i > 0 && (isNumberTok(s.toks[i-1]) || freqQuantifiers[s.toks[i-1].Lower]) {
				start = i - 1
				if start > 0 && s.toks[start].Lower == "few" && s.toks[start-1].Lower == "a" {
					start-- // "a few times a week"
				}
			}
			if t.Lower != "times" && i >= 2 && s.toks[i-1].Lower == "or" && (s.toks[i-2].Lower == "once" || s.toks[i-2].Lower == "twice") {
				start = i - 2 // "once or twice a year"
			}
			if start >= 2 && s.toks[start-2].Lower == "at" && (s.toks[start-1].Lower == "least" || s.toks[start-1].Lower == "most") {
				start -= 2 // "at least once a week"
			}
			j := i + 1
			if j+1 < len(s.toks) && (s.toks[j].Lower == "a" || s.toks[j].Lower == "per" || s.toks[j].Lower == "an" || s.toks[j].Lower == "every") {
				out = append(out, span{text: textOf(s, start, j+2), start: start, end: j + 2})
			}
		case t.Lower == "daily" || t.Lower == "weekly" || t.Lower == "monthly" || t.Lower == "yearly" || t.Lower == "annually" || t.Lower == "nightly" || t.Lower == "hourly":
			out = append(out, span{text: t.Text, start: i, end: i + 1})
		}
	}
	return out
}

// reasonSpans are the clauses a connective marks as a reason or purpose:
// "because …", "since …", "so that …", "due to …", "to <verb> …".
func reasonSpans(s *sentence, maxWords int) []span {
	var out []span
	n := len(s.toks)
	for i, t := range s.toks {
		fit := 0.0
		start := i + 1
		switch t.Lower {
		case "because", "cause", "'cause", "cuz":
			fit = 1
			if i+1 < n && s.toks[i+1].Lower == "of" {
				start = i + 2
			}
		case "since", "as":
			if i+1 < n && (nlp.IsPronoun(s.toks[i+1].Lower) || nlp.IsDeterminer(s.toks[i+1].Lower)) {
				fit = 0.7
			}
		case "so":
			if i+1 < n && s.toks[i+1].Lower == "that" {
				fit, start = 0.9, i+2
			}
		case "due", "thanks":
			if i+1 < n && s.toks[i+1].Lower == "to" {
				fit, start = 0.9, i+2
			}
		case "to":
			if i+1 < n && !s.toks[i+1].Punct && !nlp.IsFunctionWord(s.toks[i+1].Lower) && i > 0 && !nlp.IsFunctionWord(s.toks[i-1].Lower) {
				fit = 0.45 // purpose: "… to help others"
			}
		}
		if fit == 0 {
			continue
		}
		end := start
		for end < n && end-start < maxWords && !(s.toks[end].Punct && strings.ContainsAny(s.toks[end].Text, ".;!?()")) {
			end++
		}
		if end > start {
			out = append(out, span{text: textOf(s, start, end), start: start, end: end, fit: fit})
		}
	}
	return out
}

// nameSpans are runs of capitalized words that are not sentence-initial
// function words and not names the question already says.
func nameSpans(q question, s *sentence) []span {
	var out []span
	n := len(s.toks)
	fromTo := -2 // fromToEnd(s), read on first need
	for i := 0; i < n; i++ {
		j := i
		for initialAt(s, j) {
			j += 2 // "J.K. Rowling": the initials start the name
		}
		work := workTitles[q.head]
		if work && j == i && j > 0 && !s.toks[j-1].Punct && j+1 < n && initialCap(s.toks[j].Text) && nlp.IsFunctionWord(s.toks[j].Lower) && capitalized(s, j+1) {
			// "putting on She Stoops to Conquer": a title may open
			// with a capitalized function word mid-sentence
			j++
		}
		if j == n || !capitalized(s, j) && !(j > i && s.toks[j].Text != "" && unicode.IsUpper([]rune(s.toks[j].Text)[0]) && !s.toks[j].Punct) {
			continue
		}
		for j < n && (j > i && s.toks[j-1].Text == "." || capitalized(s, j) || (j > i && j+1 < n && capitalized(s, j+1) && (s.toks[j].Lower == "of" || s.toks[j].Lower == "de" || s.toks[j].Lower == "the") && !s.toks[j].Punct) ||
			j == i+1 && s.toks[j].Text == "." && titleAbbrev[s.toks[j-1].Lower] && j+1 < n && capitalized(s, j+1)) {
			// (a title's dot stays inside the name it opens: "St.
			// Anne's Church"; not "on Oak St. Mike says …")
			j++
		}
		for work && j > i && j+1 < n && titleLinks[s.toks[j].Lower] && !(q.list && (s.toks[j].Lower == "and" || s.toks[j].Lower == "or")) {
			// "Lessons in Chemistry", "Klara and the Sun": a work's
			// title runs on over one or two small words before a
			// capitalized one ("and" and "or" join titles in a list
			// question: "Fetch and Frisbee")
			k := j + 1
			if k+1 < n && titleLinks[s.toks[k].Lower] {
				k++
			}
			if !capitalized(s, k) && !initialCap(s.toks[k].Text) {
				break
			}
			j = k
			for j < n && (capitalized(s, j) || initialCap(s.toks[j].Text)) {
				j++
			}
		}
		if j < n && j > i && isNumberTok(s.toks[j]) && !s.toks[j].Punct {
			j++ // "Nikon D750"
		}
		// drop names the question says
		k := i
		for k < j && q.names[possessiveBase(s.toks[k].Lower)] {
			k++
		}
		if k < j && vocative(s, k, j) {
			k = j
		}
		if k < j {
			loc := false
			if k > 0 {
				p := k - 1
				if tg := s.tags(); p > 0 && s.toks[p].Lower == "the" && !(j < n && !s.toks[j].Punct && (tg[j] == "NN" || tg[j] == "NNS")) {
					p-- // "at the Riverside Boathouse"; not "in the Marketing department"
				}
				switch s.toks[p].Lower {
				case "in", "at", "to", "from", "near", "around", "visit", "visited", "visiting", "toward", "towards", "into":
					loc = true
				}
				if q.typ != TypePlace && (s.toks[k-1].Lower == "to" || s.toks[k-1].Lower == "from") {
					if fromTo < -1 {
						fromTo = fromToEnd(s)
					}
				}
				if q.typ != TypePlace && (s.toks[k-1].Lower == "to" && fromTo == k || s.toks[k-1].Lower == "from" && fromTo > k) {
					// "moved from Jest to Vitest": the old and the
					// new value of a change, not places
					loc = false
				}
			}
			out = append(out, span{text: textOf(s, k, j), start: k, end: j, locative: loc})
		}
		i = j
	}
	return out
}

// locativeNameFit scales the fit of a name set after a locative
// preposition when the question asks for no place.
const locativeNameFit = 0.5

// initialAt reports whether token i of s is an initial: one capital letter
// with its dot right after it ("J" and "." of "J.K. Rowling").
func initialAt(s *sentence, i int) bool {
	if i+1 >= len(s.toks) || s.toks[i+1].Text != "." || s.toks[i+1].Start != s.toks[i].End {
		return false
	}
	r := []rune(s.toks[i].Text)
	return len(r) == 1 && unicode.IsUpper(r[0])
}

// capitalized reports whether token i starts with an upper-case letter and
// is not a function word at the start of the sentence, nor "I".
func capitalized(s *sentence, i int) bool {
	t := s.toks[i]
	if t.Punct {
		return false
	}
	r := []rune(t.Text)
	if nlp.IsTechnical(t.Text) {
		return true
	}
	if !unicode.IsUpper(r[0]) || t.Lower == "i" || strings.HasPrefix(t.Lower, "i'") {
		return false
	}
	first := i == 0 || (s.toks[i-1].Punct && strings.ContainsAny(s.toks[i-1].Text, ".!?\"“-–—:")) &&
		!(s.toks[i-1].Text == "." && i >= 2 && titleAbbrev[s.toks[i-2].Lower]) // "St. Anne's": a title's dot starts nothing
	if first && (nlp.IsFunctionWord(t.Lower) || nlp.IsIrregularVerbForm(t.Lower) || len(r) < 2 || commonSuffix(t.Lower) || s.u.lowerWords[t.Lower] || attentionVerbs[t.Lower]) {
		return false
	}
	if contraction(t.Lower) {
		return false // "It'll", "That's"
	}
	if first && i+1 < len(s.toks) && !capitalizedWord(s.toks[i+1]) {
		// a sentence's first word tagged as a verb, adjective, adverb
		// or interjection ("Look at this!", "Crazy thing happened") is
		// not a name
		// (tagged as written and, since the tagger reads a capital as a
		// sign of a name, lowercased too: "Dyed my hair", "Hang tight")
		// (the lowercased tagging only when the first one does not decide)
		if notName(s.tags()[i]) || notName(s.lowerTag(i)) {
			return false
		}
		// A name that starts a sentence is mostly its subject: a
		// particle, "to", pronoun or wh-word right after it ("Way to go",
		// "Trust me", "Guess what") shows a capitalized common word. A
		// preposition or determiner does not: names take them as often
		// ("Ilona from the bakery", "Tomas the plumber"), and on LoCoMo
		// rejecting those names changed no answer.
		switch s.tags()[i+1] {
		case "RP", "TO", "PRP", "PRP$", "WP", "WDT", "WRB":
			return false
		}
	}
	if nlp.IsFunctionWord(t.Lower) && t.Lower != "may" {
		return false
	}
	return true
}

// attentionVerbs open a sentence as imperatives that draw the listener's
// attention ("Look at this cake!", "Guess what", "Check it out"); capitalized
// there, they are no names.
var attentionVerbs = wordSet(`look looking check guess imagine listen wait see watch picture behold`)

// commonSuffix reports whether a word ends like an inflected common word
// (-ing, -ed, -ly, -'s): capitalized at a sentence start, such a word is
// not a name.
func commonSuffix(w string) bool {
	for _, suf := range []string{"ing", "ed", "ly", "'s", "ness", "ful"} {
		if len(w) > len(suf)+2 && strings.HasSuffix(w, suf) {
			return true
		}
	}
	return false
}

// greetings are words a vocative name follows ("Thanks, Mel", "Hey
// Caroline").
var greetings = wordSet(`hey hi hello thanks thank congrats congratulations wow yo oh dear bye goodbye welcome sorry
	cheers ah aw aww yay great cool`)

// responseParticles open a reply ("Yes Dave, …", "Sure, Jon, …"); a name
// right after one at the start of a sentence and set off by punctuation
// addresses the listener. Inside a sentence "no" is a determiner ("no
// Starbucks near me").
var responseParticles = wordSet(`yes yeah yep yup no nope nah okay ok sure haha lol aha`)

// vocative reports whether the name at tokens [i, j) addresses the
// listener: set off by commas or sentence punctuation on both sides, or
// right after a greeting ("Thanks, Mel!", "Hey Caroline,", ", Jon.").
func vocative(s *sentence, i, j int) bool {
	before, after := "", "."
	if i > 0 {
		before = s.toks[i-1].Lower
	}
	if j < len(s.toks) {
		after = s.toks[j].Lower
	}
	if greetings[before] || (i >= 2 && before == "," && greetings[s.toks[i-2].Lower]) {
		return true
	}
	if (i == 1 && responseParticles[before] || i == 2 && before == "," && responseParticles[s.toks[0].Lower]) && (after == "," || after == "!" || after == "." || after == "?") {
		// "Yes Dave, I remember", "No, Jon, …": a sentence that opens
		// with a response particle addresses its listener by the name
		// set off next ("Yeah, Paris was amazing" names the subject)
		return true
	}
	if before == "," && after == "," && i >= 2 && strings.HasPrefix(s.tags()[i-2], "NN") {
		// "I met a kind woman, Jean, who …": a name set off in the
		// middle of the sentence right after a noun is in apposition
		// to it, not the listener
		return false
	}
	edgeBefore := before == "" || before == "," || before == "!" || before == "."
	edgeAfter := after == "," || after == "!" || after == "." || after == "?"
	return edgeBefore && edgeAfter && (before == "," || after == "," || before == "")
}

// maxQuotedTitle is the longest quoted span, in tokens, read as a title or
// a name; a quotation asked for by a saying noun (sayingNouns) may run to
// maxQuotedSaying.
const (
	maxQuotedTitle  = 10
	maxQuotedSaying = 40
)

// quotedSpans are spans in double quotes: titles and names ("Becoming
// Nicole"). Single quotes mark titles less often than they mark terms and
// literal strings ('utf-8'), and are left out.
func quotedSpans(s *sentence) []span { return quotedSpansUpTo(s, maxQuotedTitle, false) }

// quotedSpansUpTo are the quoted spans of s of at most maxToks tokens, in
// double quotes and, when single is true, in single quotes too.
func quotedSpansUpTo(s *sentence, maxToks int, single bool) []span {
	var out []span
	open, sopen := -1, -1
	for i, t := range s.toks {
		if !t.Punct {
			continue
		}
		switch t.Text {
		case "\"", "“", "”":
			if open < 0 && t.Text != "”" {
				open = i
			} else if open >= 0 {
				if i-open-1 >= 1 && i-open-1 <= maxToks {
					out = append(out, span{text: textOf(s, open+1, i), start: open + 1, end: i})
				}
				open = -1
			}
		case "'", "‘", "’":
			if !single {
				continue
			}
			// single quotes: an opening mark stands before a word
			// after a space, a closing one right after a word
			// (the "'" of "the kids' room" opens nothing)
			if sopen < 0 && i+1 < len(s.toks) && !s.toks[i+1].Punct && s.toks[i+1].Start == t.End && (i == 0 || s.toks[i-1].End < t.Start) && t.Text != "’" {
				sopen = i
			} else if sopen >= 0 && i > sopen+1 && !s.toks[i-1].Punct && s.toks[i-1].End == t.Start && (i+1 == len(s.toks) || s.toks[i+1].Start > t.End || s.toks[i+1].Punct) {
				if i-sopen-1 <= maxToks {
					out = append(out, span{text: textOf(s, sopen+1, i), start: sopen + 1, end: i})
				}
				sopen = -1
			}
		}
	}
	return out
}

// exampleCues introduce examples of the noun phrase before them.
var exampleCues = [][]string{{"like"}, {"such", "as"}, {"including"}}

// examplesAfter are the examples that follow token end of s after an
// exemplification cue ("like", "such as", "including"): the words to the
// clause's end, at most maxWords, fillers ("even", "also") dropped; ""
// when no cue follows.
func examplesAfter(s *sentence, end, maxWords int) string {
	k := seqAt(s, end, exampleCues)
	if k == 0 {
		return ""
	}
	i := end + k
	st := i
	for i < len(s.toks) && i-st < maxWords+2 {
		t := s.toks[i]
		if t.Punct && t.Text != "," && t.Text != "'" && t.Text != "-" {
			break
		}
		if t.Punct && t.Text == "," && i+1 < len(s.toks) && breaksPhrase(s.toks[i+1].Lower) {
			break
		}
		if i > st && breaksPhrase(t.Lower) {
			break
		}
		i++
	}
	for i > st && trimmable(s.toks[i-1]) {
		i--
	}
	if i <= st || !hasContent(s, st, i) {
		return ""
	}
	var ws []string
	for _, w := range strings.Fields(textOf(s, st, i)) {
		if lw := strings.ToLower(w); lw == "even" || lw == "also" {
			continue
		}
		ws = append(ws, w)
	}
	return strings.Join(ws, " ")
}

// maxSubjectWords caps a classified subject, in tokens.
const maxSubjectWords = 10

// classifiedSubjects are the subjects a plural copular sentence classifies
// by the question's head noun: "<subject> are|were (all|both|the)
// <modifiers> <head>" ("Skiing, snowboarding, and ice skating are all fun
// winter activities" → the three sports for "what activity"), the subject
// being the sentence's start, a noun phrase or a series of them (no verb,
// no pronoun, at most maxSubjectWords tokens). A singular "X is a great
// game" is left to appositiveSpans, which reads it only after a
// possessive: the whole subject ("Zelda for Switch") is seldom the name.
func classifiedSubjects(q question, s *sentence) []span {
	if q.headKey == "" {
		return nil
	}
	tg := s.tags()
	var out []span
	for i, k := range s.keys {
		if k != q.headKey || i >= len(tg) {
			continue
		}
		j := i
		for j > 0 && !s.toks[j-1].Punct && !nlp.IsFunctionWord(s.toks[j-1].Lower) && (strings.HasPrefix(tg[j-1], "JJ") || strings.HasPrefix(tg[j-1], "NN") || tg[j-1] == "VBG") {
			j--
		}
		for j > 0 && (s.toks[j-1].Lower == "all" || s.toks[j-1].Lower == "both" || articles[s.toks[j-1].Lower]) {
			j--
		}
		if j < 2 {
			continue
		}
		switch s.toks[j-1].Lower {
		case "are", "were":
		default:
			continue
		}
		en := j - 1
		st := 0
		for st < en && trimmable(s.toks[st]) {
			st++
		}
		if en-st < 1 || en-st > maxSubjectWords || !hasContent(s, st, en) || hasSubject(s, st, en) {
			continue
		}
		verb := false
		for x := st; x < en && x < len(tg); x++ {
			if finiteTag(tg[x]) || tg[x] == "PRP" {
				verb = true
			}
		}
		if !verb {
			out = append(out, span{text: textOf(s, st, en), start: st, end: en})
		}
	}
	return out
}

// creatorAfter is the name after "by" at token i of s (a comma before
// it skipped): the creator a title is cited with ("“Brave” by Sara
// Bareilles"), at most four capitalized words, and the token after it;
// "" when none follows.
func creatorAfter(s *sentence, i int) (string, int) {
	if i < len(s.toks) && s.toks[i].Text == "," {
		i++
	}
	if i+1 >= len(s.toks) || s.toks[i].Lower != "by" {
		return "", 0
	}
	st, en := i+1, i+1
	for en < len(s.toks) && en-st < 4 && capitalizedWord(s.toks[en]) && !s.toks[en].Punct {
		en++
	}
	if en == st {
		return "", 0
	}
	return textOf(s, st, en), en
}

var possessives = wordSet(`my your his her its our their`)

// articles open a noun phrase that classifies a name set before it ("Ivo
// Marsh, a carpenter"; "Nova is the bakery …"; "Nova - this small
// bakery …").
var articles = wordSet(`a an the this`)

// labelDashes end the label of a list line whose description follows
// ("Nova - a small bakery", "Nova: this small bakery"), the layout of a
// glossary or of an assistant's list of suggestions.
var labelDashes = wordSet(`- – — :`)

// maxLabelWords is the longest label (in tokens) a list line's
// description can name: a name or a title, not a clause.
const maxLabelWords = 8

// hasPunct reports whether tokens [st, en) of s hold punctuation.
func hasPunct(s *sentence, st, en int) bool {
	for i := st; i < en; i++ {
		if s.toks[i].Punct {
			return true
		}
	}
	return false
}

// pieces are the phrases of a sentence next to the focus terms: each
// clause is cut at its focus terms (and at blocked tokens: dates when a
// date is not asked for), and every stretch of words between
// them (trimmed of function words at both ends) that holds a content word
// is a candidate.
func pieces(q question, s *sentence, series []span, anchors, clauses []int, blocked map[int]bool, maxWords int) []span {
	isAnchor := map[int]bool{}
	for _, a := range anchors {
		isAnchor[a] = true
	}
	for i := range blocked {
		isAnchor[i] = true
	}
	var out []span
	n := len(s.toks)
	i := 0
	for i < n {
		if isAnchor[i] || isBoundary(s, i) || s.toks[i].Punct {
			i++
			continue
		}
		j := i
		for j < n && !isAnchor[j] && !isBoundary(s, j) && clauses[j] == clauses[i] && !(s.toks[j].Punct && s.toks[j].Text != "'" && s.toks[j].Text != "&") && !(j > i && breaksPhrase(s.toks[j].Lower)) {
			j++
		}
		st, en := i, j
		prev := ""
		if st > 0 {
			prev = s.toks[st-1].Lower
		}
		locative, means := false, false
		for st < en && trimmable(s.toks[st]) {
			switch w := s.toks[st].Lower; {
			case locativePreps[w]:
				locative = true
			case w == "by" || w == "through" || w == "using" || w == "via":
				means = true
			}
			st++
		}
		switch {
		case locativePreps[prev]:
			locative = true
		case prev == "by" || prev == "through" || prev == "using" || prev == "via":
			means = true
		}
		if se := seriesThrough(s, series, st, en, isAnchor); se > en {
			// a series that starts inside the phrase runs on to its
			// last item ("a great story about sisterhood, love, and
			// reaching for your dreams")
			en = se
		} else if en-st > maxWords {
			en = st + maxWords
		}
		for en > st && trimmable(s.toks[en-1]) {
			en--
		}
		if en > st && hasContent(s, st, en) {
			out = append(out, span{text: textOf(s, st, en), start: st, end: en, locative: locative, means: means})
		}
		i = j
	}
	return out
}

// seriesStops open an example, a purpose or an addition, not a coordinate
// item ("renewable energy, like solar, to help communities").
var seriesStops = wordSet(`to like including such plus especially`)

// itemOpens reports whether token i of s can open an item of a series
// after the first: not a subject pronoun, an auxiliary, a relative word,
// a clause boundary, a word in seriesStops, nor a time phrase that opens
// a clause ("and last May we …").
func itemOpens(s *sentence, i int) bool {
	w := s.toks[i].Lower
	if clauseWord(s, i) || isBoundary(s, i) || seriesStops[w] {
		return false
	}
	return !timeClause(s, i)
}

// clauseWord reports whether token i of s opens a clause, as
// breaksPhrase says; a capitalized modal inside the sentence is a name
// ("May Day", "Will").
func clauseWord(s *sentence, i int) bool {
	w := s.toks[i].Lower
	return breaksPhrase(w) && !(nlp.IsAuxiliary(w) && i > 0 && capitalized(s, i))
}

// timeClause reports whether a date expression (temporal.Find) opens a
// clause at token i of s: a subject pronoun, the sentence's end or a
// punctuation mark follows it ("last May we climbed a peak", "next year
// she starts"), not a noun it modifies ("May Day traditions", "Sunday
// brunch").
func timeClause(s *sentence, i int) bool {
	end := min(i+4, len(s.toks))
	ms := temporal.Find(textOf(s, i, end), itemRef)
	if len(ms) == 0 || ms[0].Start != 0 {
		return false
	}
	at := s.toks[i].Start + ms[0].End
	for j := i; j < len(s.toks); j++ {
		if s.toks[j].Start >= at {
			return s.toks[j].Punct || breaksPhrase(s.toks[j].Lower)
		}
	}
	return true
}

// itemRef is the reference day timeClause resolves against: any day, since
// only where an expression starts is read.
var itemRef = time.Date(2000, time.January, 1, 0, 0, 0, 0, time.UTC)

// clauseItem reports whether the series item that starts at token i of s
// (and runs to the next comma, "and" or "or", or to end) is a clause: a
// noun or name followed by a finite verb ("Ana lent it to me", "Mom
// cried", "the kids loved it"). A verb after the series' end is not
// read: it may be the whole series' ("hiking, biking, and swimming are
// my favorites").
func clauseItem(s *sentence, i, end int) bool {
	tg := s.tags()
	noun := false
	for k := i; k < end && k < len(tg); k++ {
		w := s.toks[k].Lower
		if k > i && (w == "," || w == "and" || w == "or") {
			return false
		}
		if noun && (finiteTag(tg[k]) || contraction(w)) {
			return true
		}
		noun = noun || strings.HasPrefix(tg[k], "NN")
	}
	return false
}

// seriesThrough is the end of the first series (seriesSpans) that starts
// inside tokens [st, en) of s and ends after en, when every item after en
// is free of focus terms and opens as an item does (itemOpens) without a
// clause of its own (clauseItem): the series' end, or, when only its last
// conjunct after ", and" or ", or" fails, the end of the item before it
// ("rivers, forests, farmers, and last week I watched it" → "rivers,
// forests, farmers"); en when there is none.
func seriesThrough(s *sentence, series []span, st, en int, isAnchor map[int]bool) int {
	for _, sr := range series {
		if sr.start < st || sr.start >= en || sr.end <= en {
			continue
		}
		ok, cut := true, sr.end
		for i := en; i < sr.end && ok; i++ {
			ok = !isAnchor[i]
			if w := s.toks[i].Lower; ok && (w == "," || w == "and" || w == "or") && i+1 < sr.end && s.toks[i+1].Lower != "and" && s.toks[i+1].Lower != "or" {
				if !itemOpens(s, i+1) || clauseItem(s, i+1, sr.end) {
					// the items before a last conjunct that is
					// none (", and the hosts are …") are the
					// series; elsewhere there is no series
					cut, ok = i-1, w != "," && i > 0 && s.toks[i-1].Text == ","
					break
				}
			}
		}
		if ok && cut > en {
			return cut
		}
	}
	return en
}

// breaksPhrase: a phrase does not run across an auxiliary, a subject
// pronoun or a relative word ("mental health | is super rewarding",
// "a book | I read").
func breaksPhrase(w string) bool {
	if nlp.IsAuxiliary(w) {
		return true
	}
	switch w {
	case "i", "you", "he", "she", "we", "they", "it", "that", "which", "who", "whom", "where", "when":
		return true
	}
	return nlp.IsPronoun(w) && strings.Contains(w, "'")
}

// purposeTo reports whether token i of s opens an infinitive of purpose
// after a noun-phrase object that starts at token st ("started playing
// chess to get better at strategy"): "to" before a base-form verb. The
// object ends before it. A verb-phrase object keeps its purpose ("want
// to use my platform to make a difference").
func purposeTo(s *sentence, st, i int) bool {
	tg := s.tags()
	if i+1 >= len(s.toks) || i+1 >= len(tg) || strings.HasPrefix(tg[st], "VB") {
		return false
	}
	return s.toks[i].Lower == "to" && tg[i+1] == "VB"
}

// coordinatedVerb reports whether token i of s is "and" or "or" before a
// past, present or base-form verb or a modal after a noun-phrase object
// that starts at token st ("finished my first screenplay | and printed
// it"): the conjunction joins a second predicate, and the object ends
// before it. A verb-phrase object keeps its coordinated verbs ("started
// to sketch and paint").
func coordinatedVerb(s *sentence, st, i int) bool {
	tg := s.tags()
	if i+1 >= len(s.toks) || i+1 >= len(tg) || strings.HasPrefix(tg[st], "VB") {
		return false
	}
	if w := s.toks[i].Lower; w != "and" && w != "or" {
		return false
	}
	// not VBZ, nor a last word: a plural noun the tagger misreads
	// ("melodies and rhythms.") is tagged so more often than a verb
	// follows there, and a second predicate goes on past its verb
	if i+2 >= len(s.toks) || s.toks[i+2].Punct {
		return false
	}
	switch s.toks[i+2].Lower {
	case "it", "them", "him", "her", "me", "us":
		// a verb and its object, however the verb is tagged ("and
		// hung it")
		return true
	}
	switch w := s.toks[i+1].Lower; tg[i+1] {
	case "VBP", "VB":
		// a base or present form has no plural's -s ("guess" and
		// "focus" do not read as one); "rhythms" tagged so is a
		// plural noun
		return !isPlural(w)
	case "VBD", "MD":
		return true
	}
	return false
}

// trimmable tokens do not start or end an answer: function words,
// fillers, pronouns, possessives, auxiliaries.
func trimmable(t nlp.Token) bool {
	if t.Punct {
		return true
	}
	return nlp.IsFunctionWord(t.Lower) || possessives[t.Lower] || contraction(t.Lower)
}

func hasContent(s *sentence, st, en int) bool {
	for i := st; i < en; i++ {
		if !s.toks[i].Punct && !nlp.IsFunctionWord(s.toks[i].Lower) && !contraction(s.toks[i].Lower) {
			return true
		}
	}
	return false
}

// personish reports whether text names a person or a body of people: a
// person, organisation or group noun (personNouns, orgNouns, groupNouns),
// possessive or not ("my daughter's", "a local organization", "the
// choir"), the answer forms of a "who" question besides names and
// handles.
func personish(text string) bool {
	for _, t := range words(text) {
		w := possessiveBase(t.Lower)
		sg := strings.TrimSuffix(w, "s")
		if personNouns[w] || orgNouns[w] || groupNouns[w] || roleNouns[w] || personNouns[sg] || groupNouns[sg] || roleNouns[sg] {
			return true
		}
	}
	return false
}

// roleNouns name people by trade or tie ("my landlord", "the barber",
// "the in-laws"), beside personNouns: a general word class of English.
var roleNouns = wordSet(`landlord landlady barber hairdresser stylist accountant lawyer attorney plumber electrician
	contractor mechanic dentist nurse surgeon therapist counselor counsellor tutor trainer instructor coach pastor
	priest rabbi babysitter nanny caregiver driver pilot chef waiter waitress cashier clerk officer agent realtor
	vet veterinarian pharmacist professor principal student classmate twin twins in-laws in-law grandparent
	grandchild grandkids stepmom stepdad stepmother stepfather godmother godfather host guest guests`)

// groupNouns name bodies of people that "who" may ask for ("sang with a
// local choir"): a general word class of English.
var groupNouns = wordSet(`choir choirs group groups crew staff class troupe orchestra ensemble committee community
	congregation association league squad`)

func hasPersonNoun(text string) bool {
	for _, t := range words(text) {
		if personNoun(t.Lower) {
			return true
		}
	}
	return false
}

// toPersons replaces each span of sp that holds a person noun phrase
// (personPhrases) by those phrases; other spans stay as they are.
func toPersons(s *sentence, sp []span) []span {
	var out []span
	for _, p := range sp {
		if pp := personPhrases(s, p.start, p.end); len(pp) > 0 {
			out = append(out, pp...)
			continue
		}
		out = append(out, p)
	}
	return out
}

// locativePreps are the English prepositions that head a phrase of place
// ("in the garden", "near a lake", "under my bed").
var locativePreps = wordSet(`in at on to from near around into inside outside under behind`)

// placePhrases are the noun phrases of s within [start, end) that a
// locative preposition (locativePreps) introduces: after the preposition
// and any determiner or possessive, the run of adjectives, nouns, -ing
// forms and numbers up to its last noun ("took the dog to a quiet park
// nearby" → "quiet park"), with a coordinated head ("a park or woods"),
// a name run on past end ("the Smoky | Mountains") and one spatial
// post-modifier ("a spot by the window"). "to" before a verb is the
// infinitive marker: no noun follows, no phrase. Each phrase's fit is 1
// when a head is a place noun (placeNouns) or a name, else
// genericPlaceFit. A where-question asks for the place, not for the
// clause around it; the idea is the prepositional-phrase chunk of a
// shallow parser (Abney 1991).
func placePhrases(s *sentence, start, end int) []span {
	tg := s.tags()
	var out []span
	for i := start; i < end-1 && i < len(tg)-1; i++ {
		if !locativePreps[s.toks[i].Lower] || s.toks[i].Punct {
			continue
		}
		j := i + 1
		for j < end && (nlp.IsDeterminer(s.toks[j].Lower) || possessives[s.toks[j].Lower]) {
			j++
		}
		st, last := j, -1
		modifier := func(j int) bool {
			return j < end && !s.toks[j].Punct && !nlp.IsFunctionWord(s.toks[j].Lower) &&
				(strings.HasPrefix(tg[j], "JJ") || strings.HasPrefix(tg[j], "NN") || tg[j] == "VBG" || tg[j] == "CD")
		}
		for modifier(j) || last >= 0 && j+1 < end && (s.toks[j].Lower == "and" || s.toks[j].Lower == "or") && modifier(j+1) {
			// "near a park or woods": a coordinated head is one place
			if strings.HasPrefix(tg[j], "NN") {
				last = j
			}
			j++
		}
		if last >= st {
			for last+1 < len(s.toks) && capitalized(s, last) && capitalized(s, last+1) {
				last++ // a name runs on past the span ("the Smoky Mountains")
			}
			if k := last + 1; k+1 < end && spatialPreps[s.toks[k].Lower] {
				// "a spot by the window", "the shop on Main Street": a
				// place placed by another is one answer
				m := k + 1
				for m < end && (nlp.IsDeterminer(s.toks[m].Lower) || possessives[s.toks[m].Lower]) {
					m++
				}
				l := -1
				for m < end && modifier(m) {
					if strings.HasPrefix(tg[m], "NN") {
						l = m
					}
					m++
				}
				if l > 0 {
					last, j = l, m
				}
			}
			fit := genericPlaceFit
			for k := st; k <= last; k++ {
				if (k == last || s.toks[k+1].Lower == "and" || s.toks[k+1].Lower == "or") &&
					(placeNouns[s.toks[k].Lower] || capitalized(s, k)) {
					fit = 1 // a head is a place noun or a name
				}
			}
			out = append(out, span{text: textOf(s, st, last+1), start: st, end: last + 1, locative: true, fit: fit})
		}
		i = j - 1
	}
	return out
}

// spatialPreps are the prepositions of a phrase that places a place by
// another ("the shop on Main Street", "a bench by the lake").
var spatialPreps = wordSet(`in at on by near behind under beside`)

// genericPlaceFit is the fit factor of a locative phrase (placePhrases)
// whose head is neither a place noun (placeNouns) nor a name: "into the
// world of …", "at work" are places less often than "at the park".
const genericPlaceFit = 0.75

// toPlaces replaces each span of sp that holds a locative phrase
// (placePhrases) by those phrases; other spans stay as they are.
func toPlaces(s *sentence, sp []span) []span {
	var out []span
	for _, p := range sp {
		st := p.start
		for p.locative && st > 0 && !locativePreps[s.toks[st].Lower] && trimmable(s.toks[st-1]) && !s.toks[st-1].Punct {
			st-- // back to the preposition before the span
		}
		if pp := placePhrases(s, st, p.end); len(pp) > 0 {
			out = append(out, pp...)
			continue
		}
		out = append(out, p)
	}
	return out
}

// calendarName reports whether w is the English name of a month or a
// weekday, capitalized ("August", "Friday"; "may" in lower case is a
// verb).
func calendarName(w string) bool {
	if w == "" || !unicode.IsUpper([]rune(w)[0]) {
		return false
	}
	for m := time.January; m <= time.December; m++ {
		if strings.EqualFold(w, m.String()) {
			return true
		}
	}
	for d := time.Sunday; d <= time.Saturday; d++ {
		if strings.EqualFold(w, d.String()) {
			return true
		}
	}
	return false
}

// namedPlaceNouns are the English nouns for the places a proper name
// names (the political and geographic units of a gazetteer): "which
// city" asks for a name ("Lisbon"), not for a phrase the noun heads ("a
// must-visit city").
var namedPlaceNouns = wordSet(`city cities country countries state states town towns village villages island
	islands continent continents province provinces county counties`)

// gapPrepFit is the least fit of a noun phrase that follows the
// question's stranded preposition (question.gapPrep).
const gapPrepFit = 0.9

// afterPrep reports whether the span of s starting at token start follows
// the preposition prep, across a determiner, possessive or adjective
// ("with my sister", "from a local breeder").
func afterPrep(s *sentence, start int, prep string) bool {
	i := start - 1
	for i >= 0 && (nlp.IsDeterminer(s.toks[i].Lower) || possessives[s.toks[i].Lower] || strings.HasPrefix(s.tags()[i], "JJ")) {
		i--
	}
	return i >= 0 && s.toks[i].Lower == prep
}

// appositiveName is the name an apposition anywhere in sents gives c's
// noun phrase: its head noun and the content words before it (at most
// three), then a comma and a run of capitalized words that ends the
// sentence or its clause, not a list's next item ("my old area, West County, …" for "my old
// area"; "my home country, Sweden." for "home country"). It is "" when c
// is a name, ends in no common noun, or no sentence names it so. A thing
// introduced by description is named in an apposition elsewhere
// (definite reference resolved by apposition, as namedIn resolves a
// person's role noun).
func appositiveName(c cand, sents []*sentence) string {
	if c.s == nil || c.end <= c.start || c.name || capitalized(c.s, c.end-1) {
		return ""
	}
	tg := c.s.tags()
	if c.end-1 >= len(tg) || tg[c.end-1] != "NN" {
		return ""
	}
	var keys []string
	for i := c.end - 1; i >= c.start && len(keys) < 3; i-- {
		if c.s.toks[i].Punct || nlp.IsFunctionWord(c.s.toks[i].Lower) {
			break
		}
		keys = append([]string{c.s.keys[i]}, keys...)
	}
	for _, o := range sents {
		for i := 0; i+len(keys)+1 < len(o.toks); i++ {
			if !slices.Equal(o.keys[i:i+len(keys)], keys) {
				continue
			}
			if i > 0 && !o.toks[i-1].Punct && !nlp.IsFunctionWord(o.toks[i-1].Lower) {
				continue // part of a longer phrase ("soccer field" in "indoor soccer field")
			}
			j := i + len(keys)
			if o.toks[j].Text != "," {
				continue
			}
			k := j + 1
			for k < len(o.toks) && capitalized(o, k) {
				k++
			}
			if k == j+1 || k < len(o.toks) && !o.toks[k].Punct || vocative(o, j+1, k) || k+2 < len(o.toks) && o.toks[k].Text == "," && o.toks[k+1].Lower == "and" && !nlp.IsPronoun(o.toks[k+2].Lower) {
				continue // no name, a clause ("my team, Jon said …"), a list ("the museum, Central Park and the zoo") or the listener ("Thanks, Maria!")
			}
			return textOf(o, j+1, k)
		}
	}
	return ""
}

// namedIn is the name another sentence of c's memory item, or of the
// pool the answer is read from, gives the person c's person noun phrase
// speaks of ("a colleague" … "my colleague Rob" → "Rob"), "" when none
// does or c is a name. A person is introduced by role and named later,
// or the other way round (definite reference to an entity already
// introduced; the bridging of Clark 1975).
func namedIn(c cand, pool []scored) string {
	if c.end <= c.start || c.name || capitalized(c.s, c.end-1) {
		return ""
	}
	head := c.s.toks[c.end-1].Lower
	if !personNoun(head) {
		return ""
	}
	sents := append([]*sentence(nil), c.s.u.sents...)
	for _, p := range pool {
		sents = append(sents, p.s)
	}
	for _, o := range sents {
		for _, p := range personPhrases(o, 0, len(o.toks)) {
			for i := p.start; i+1 < p.end; i++ {
				if o.toks[i].Lower == head && capitalized(o, i+1) {
					return textOf(o, i+1, p.end)
				}
			}
		}
	}
	return ""
}

// agentClause reports whether the clause of a "who" question's agent at
// token i holds at least half of the question's focus terms besides the
// verb: the verb's own clause must tell what the question asks ("Sam
// painted the shed" for "who painted the shed", not "I painted the
// fence, and Sam painted the shed"), or its object must refer back to
// it ("Martin signed it").
func agentClause(q question, s *sentence, clauses []int, i int) bool {
	if len(q.focus) == 0 {
		return false
	}
	in := map[string]bool{}
	for k, c := range clauses {
		if c == clauses[i] {
			in[s.keys[k]] = true
		}
	}
	n, of := 0, 0
	for _, f := range q.focus {
		if f == q.agentKey {
			continue // the verb itself is in the clause by definition
		}
		of++
		if in[f] {
			n++
		}
	}
	if of == 0 || n > 0 && 2*n >= of {
		return true
	}
	// "Martin signed it this morning": the verb's object refers back
	// to the thing asked about, when no noun of its own sentence comes
	// before it ("the dishwasher broke, but I fixed it" is about the
	// dishwasher)
	tg := s.tags()
	for k := range s.toks[:len(s.toks)-1] {
		if clauses[k] == clauses[i] && s.keys[k] == q.agentKey && anaphoricObjects[s.toks[k+1].Lower] {
			for m := 0; m < k && m < len(tg); m++ {
				if tg[m] == "NN" || tg[m] == "NNS" {
					return false
				}
			}
			return true
		}
	}
	return false
}

// anaphoricObjects are the pronouns that, as a verb's object, refer back
// to a thing said before.
var anaphoricObjects = wordSet(`it them this that these those`)

// personNameFit weighs a name as the answer to a "who" question by its
// form: a full personal name (a given name and a surname, two or three
// capitalized words, none of them written in lower case elsewhere in the
// context: "Hanna Svensson", "Dr Priya Raman", not "Inconsistency
// Detection") fits best (fullNameFit); a name with an organisation's noun in it ("Harbor
// Clinic", "Graduate School", "Acme Ltd") or that names a populated
// place ("Malmö", the gazetteer) names no person (notPersonFit); any other
// name keeps its fit (1).
func personNameFit(s *sentence, start, end int) float64 {
	var ws []string
	for i := start; i < end; i++ {
		t := s.toks[i]
		if t.Punct {
			continue
		}
		w := strings.TrimSuffix(strings.TrimSuffix(t.Lower, "'s"), "’s")
		if orgNameWords[w] || orgNouns[w] {
			return notPersonFit
		}
		ws = append(ws, t.Text)
	}
	if len(ws) == 1 {
		if _, ok := gazetteer.Lookup(ws[0]); ok {
			return notPersonFit
		}
	}
	if len(ws) >= 2 && len(ws) <= 3 {
		for _, w := range ws {
			if !initialCap(w) || s.u.lowerWords[strings.ToLower(w)] || strings.IndexFunc(w, func(r rune) bool { return !unicode.IsLetter(r) && r != '\'' && r != '’' && r != '-' && r != '.' }) >= 0 {
				return 1
			}
		}
		return fullNameFit
	}
	return 1
}

// otherNameFit weighs a name beside the agent a "who" question's verb
// has in the same sentence.
const otherNameFit = 0.8

// fullNameFit and notPersonFit weigh a name's form for a "who" question
// (personNameFit).
const (
	fullNameFit  = 1.1
	notPersonFit = 0.35
)

// orgNameWords are the nouns that end or make up an organisation's or a
// place's name ("Acme Ltd", "Polar Systems", "Weir Building", "Oak
// Street"), beside the organisation nouns a question asks with
// (orgNouns).
var orgNameWords = wordSet(`inc ltd llc plc gmbh corp corporation co group holdings partners associates
	services solutions systems technologies labs laboratories media studios press publishing bank insurance
	capital ventures consulting institute department faculty centre center hospital clinic library museum
	foundation trust council committee society association union ministry academy building hall street road
	avenue park station airport church`)

// shoutedWord reports whether token i of s is an English participle
// written in capitals ("CONFIRMED", "DECLINED", "PENDING"): a record's
// status or a heading's emphasis, not a name as an acronym ("NASA",
// "FIFA", "LGBTQ") is. The word must end in "-ED" or "-ING" and be read
// as a participle or past tense in lower case by the tagger.
func shoutedWord(s *sentence, i int) bool {
	t := s.toks[i].Text
	if len([]rune(t)) < 5 || strings.ToUpper(t) != t || strings.ContainsFunc(t, func(r rune) bool { return !unicode.IsLetter(r) }) ||
		!(strings.HasSuffix(t, "ED") || strings.HasSuffix(t, "ING")) {
		return false
	}
	switch s.lowerTag(i) {
	case "VBN", "VBD", "VBG":
		return true
	}
	return false
}

// shoutedFit weighs a shouted word (shoutedWord) as a candidate.
const shoutedFit = 0.2

// personHead is the person an agent span [start, end) names: its run of
// capitalized words when it opens with a name ("Hassan last sprint" →
// "Hassan", "Maria at Clay Studio Ltd" → "Maria"), else the person phrase
// that opens it ("my coworker" → "coworker"). The range is empty when the
// span opens with neither.
func personHead(s *sentence, start, end int) (int, int) {
	if capitalized(s, start) {
		en := start + 1
		for en < end && (capitalized(s, en) || s.toks[en].Text == "." && en+1 < end && capitalized(s, en+1)) {
			en++
		}
		return start, en
	}
	for _, p := range personPhrases(s, start, end) {
		if p.start == start || p.start == start+1 && (nlp.IsDeterminer(s.toks[start].Lower) || possessives[s.toks[start].Lower]) {
			return p.start, p.end
		}
	}
	return start, start
}

// personNoun reports whether w is an English noun for a person by kinship
// or role (personNouns: "aunt", "colleague").
func personNoun(w string) bool { return personNouns[w] }

// personPhrases are the noun phrases of s within [start, end) headed by a
// person noun (personNoun, tagged as a noun): the noun with the
// adjectives, nouns and -ing forms right before it ("old school buddy",
// "close friend") and a name right after it in apposition ("colleague
// Rob"). A who-question asks for the person, not for the clause around
// the word ("class with a colleague" → "colleague"). The idea is the
// noun-phrase chunk of a shallow parser (Abney 1991), restricted to
// person heads.
func personPhrases(s *sentence, start, end int) []span {
	tg := s.tags()
	var out []span
	for i := start; i < end && i < len(tg); i++ {
		if !personNoun(s.toks[i].Lower) || !strings.HasPrefix(tg[i], "NN") {
			continue
		}
		st := i
		for st > start && !s.toks[st-1].Punct && !nlp.IsFunctionWord(s.toks[st-1].Lower) && !possessives[s.toks[st-1].Lower] &&
			(strings.HasPrefix(tg[st-1], "JJ") || strings.HasPrefix(tg[st-1], "NN") || tg[st-1] == "VBG") {
			st--
		}
		en := i + 1
		for en < len(s.toks) && capitalized(s, en) && !vocative(s, en, en+1) {
			en++
		}
		out = append(out, span{text: textOf(s, st, en), start: st, end: en})
		i = en - 1
	}
	return out
}

// spanEdge are the marks cleanSpan trims from a span's edges.
const spanEdge = " .,;:!?\"'“”‘’()[]{}-–—"

// cleanSpan trims quotes, brackets and punctuation around a span (not a
// closing parenthesis the span itself opens) and a leading determiner or
// possessive.
func cleanSpan(t string) string {
	t = strings.TrimSpace(strings.ReplaceAll(t, `\_`, "_")) // a markdown escape
	for t != "" {
		r, n := utf8.DecodeRuneInString(t)
		if !strings.ContainsRune(spanEdge, r) || r == '-' && len(t) > n && (unicode.IsDigit(rune(t[n])) || isCurrencyRune(firstRune(t[n:]))) {
			break // a minus sign stays ("-5C")
		}
		t = t[n:]
	}
	for t != "" {
		r, n := utf8.DecodeLastRuneInString(t)
		if !strings.ContainsRune(spanEdge, r) || r == ')' && strings.Count(t, "(") >= strings.Count(t, ")") {
			// a closing parenthesis the span opens stays
			// ("…/wiki/Pie_(dish)")
			break
		}
		t = t[:len(t)-n]
	}
	f := strings.Fields(t)
	for len(f) > 1 && (nlp.IsDeterminer(strings.ToLower(f[0])) || possessives[strings.ToLower(f[0])]) {
		f = f[1:]
	}
	return strings.Join(f, " ")
}

// repeatsQuestion reports whether every content word of text is already
// in the question, or is an acronym of its words ("CS" for "Computer
// Science"): such a span adds nothing.
func repeatsQuestion(q question, text string) bool {
	focus := map[string]bool{}
	for _, f := range q.focus {
		focus[f] = true
	}
	content := 0
	for _, t := range words(text) {
		if t.Punct || nlp.IsFunctionWord(t.Lower) {
			continue
		}
		content++
		if !focus[stem(t.Lower)] && !q.names[possessiveBase(t.Lower)] && !q.acronyms[t.Text] {
			return false
		}
	}
	return content > 0
}

// remainder is the fallback answer: the longest run of s's words between
// the question's words (the one with the most content words; of equal
// runs the later, where new information usually follows the echoed
// words), function words trimmed from both ends, at most maxWords words.
// A run keeps its words in their order: "for that drunken night" for "why
// did he apologize to his partner", never the sentence with the
// question's words cut out of it.
func remainder(q question, s *sentence, maxWords int) string {
	focus := map[string]bool{}
	for _, f := range q.focus {
		focus[f] = true
	}
	bestSt, bestEn, bestContent := 0, 0, 0
	for i := 0; i < len(s.toks); {
		if focus[s.keys[i]] {
			i++
			continue
		}
		j := i
		for j < len(s.toks) && !focus[s.keys[j]] {
			j++
		}
		st, en := i, j
		for st < en && (s.toks[st].Punct || nlp.IsFunctionWord(s.toks[st].Lower)) {
			st++
		}
		for en > st && (s.toks[en-1].Punct || nlp.IsFunctionWord(s.toks[en-1].Lower)) {
			en--
		}
		content, words := 0, 0
		for k := st; k < en; k++ {
			if s.toks[k].Punct {
				continue
			}
			if words++; words > maxWords {
				en = k
				break
			}
			if !nlp.IsFunctionWord(s.toks[k].Lower) {
				content++
			}
		}
		for en > st && (s.toks[en-1].Punct || nlp.IsFunctionWord(s.toks[en-1].Lower)) {
			en--
		}
		if content > 0 && content >= bestContent {
			bestSt, bestEn, bestContent = st, en, content
		}
		i = j
	}
	if bestEn <= bestSt {
		return ""
	}
	return cleanSpan(textOf(s, bestSt, bestEn))
}

var negations = wordSet(`not never no n't didn't don't doesn't isn't wasn't weren't aren't won't wouldn't can't cannot couldn't haven't hasn't hadn't nobody nothing neither nor`)

// yesNo answers a yes/no question from its best sentence: "No" when the
// clause holding the focus terms is negated (and the question is not),
// else "Yes"; followed by the supporting phrase.
func yesNo(q question, s *sentence) string {
	anchors := anchorsOf(q, s)
	clauses := clauseIDs(s)
	inClause := map[int]bool{}
	for _, a := range anchors {
		inClause[clauses[a]] = true
	}
	neg := false
	for i, t := range s.toks {
		if inClause[clauses[i]] && negations[t.Lower] {
			neg = true
		}
	}
	if !neg {
		// "we decided to skip the DJ", "we cancelled the cruise":
		// a verb of not doing governs a focus term of its clause
		neg = reversedFocus(q, s, anchors)
	}
	if !neg && len(s.toks) > 1 && noParticles[s.toks[0].Lower] && s.toks[1].Punct {
		// "No, this is not necessary.": the reply's answer particle
		// answers the question put to it
		neg = true
	}
	if !neg && !q.negated && !slices.ContainsFunc(words(q.text), func(t nlp.Token) bool { return negations[t.Lower] }) {
		// "Mom had a fall … Nothing broken, but she's shaken.": a
		// sentence of the same item that holds a focus term the best
		// one lacks, negated, answers for it
		have := map[string]bool{}
		for _, a := range anchors {
			have[s.keys[a]] = true
		}
		for _, o := range s.u.sents {
			if o == s {
				continue
			}
			oa := anchorsOf(q, o)
			if !slices.ContainsFunc(oa, func(i int) bool { return !have[o.keys[i]] }) {
				continue
			}
			oc := clauseIDs(o)
			for _, a := range oa {
				// the negation right before the term ("Nothing
				// broken", "no DJ"), not one elsewhere in the
				// sentence ("no complaints about the service")
				if a > 0 && negations[o.toks[a-1].Lower] || a > 1 && negations[o.toks[a-2].Lower] && !o.toks[a-1].Punct {
					neg, s, anchors, clauses = true, o, oa, oc
					break
				}
			}
			if neg {
				break
			}
		}
	}
	yes := neg == q.negated
	word := "Yes"
	if !yes {
		word = "No"
	}
	phrase := supportPhrase(s, anchors, clauses, 8)
	if phrase == "" {
		return word
	}
	return word + ", " + phrase
}

// noParticles are the words that answer a yes/no question in the
// negative when they open a reply ("No, …", "Nope!").
var noParticles = wordSet(`no nope nah`)

// reversalStems are the stems of English verbs that say a thing is not
// done or not kept (negative implicatives and verbs of cancelling:
// "skip the DJ", "cancelled the cruise", "gave up coffee", "decided
// against it", "instead of"). A general word class of English.
var reversalStems = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`skip avoid cancel decline refuse forgo quit abandon scrap ditch postpone against
		instead`) {
		m[stem(w)] = true
	}
	return m
}()

// reversedFocus reports whether a reversal verb (reversalStems, a phrasal
// one — reversalParticles — or a negated modal, modalNegations) governs a
// focus anchor of s as its object: it stands right before the anchor,
// only determiners, possessives and modifiers between ("decided to skip
// the DJ", "turned down the Northbeam offer", "shouldn't drive"). A
// reversal word the question itself says ("did I cancel the gym") is its
// topic, not an answer.
func reversedFocus(q question, s *sentence, anchors []int) bool {
	tg := s.tags()
	for _, a := range anchors {
		i := a - 1
		for i >= 0 && i < len(tg) && i > a-4 && (tg[i] == "DT" || tg[i] == "PRP$" || tg[i] == "POS" || strings.HasPrefix(tg[i], "JJ") || tg[i] == "CD" || strings.HasSuffix(s.toks[i].Lower, "'s") || strings.HasPrefix(tg[i], "NN") && q.order(s.keys[i]) >= 0) {
			i--
		}
		if i < 0 || s.toks[i].Punct || q.order(s.keys[i]) >= 0 {
			continue
		}
		if reversalStems[s.keys[i]] || i > 0 && reversalParticles[s.toks[i].Lower] == stem(s.toks[i-1].Lower) && q.order(s.keys[i-1]) < 0 {
			return true
		}
		if modalNegations[s.toks[i].Lower] && nextContentAsked(q, s, a) {
			// "Mom shouldn't drive while on the new medication", not
			// "you shouldn't take a taxi; the bus is faster"
			return true
		}
	}
	return false
}

// nextContentAsked reports whether the first content word after token a
// of s, in its clause, is a question term, or the clause ends first: what
// the verb at a is said of is what the question asks about.
func nextContentAsked(q question, s *sentence, a int) bool {
	for j := a + 1; j < len(s.toks); j++ {
		t := s.toks[j]
		if t.Punct || isBoundary(s, j) {
			return true
		}
		if nlp.IsFunctionWord(t.Lower) {
			continue
		}
		return q.order(s.keys[j]) >= 0
	}
	return true
}

// modalNegations are negated modals that deny what follows them ("Mom
// shouldn't drive"); read only right before the thing asked about.
var modalNegations = wordSet(`shouldn't mustn't needn't shouldn’t mustn’t needn’t`)

// reversalParticles are the particles of phrasal verbs of not doing or
// not keeping, with the stem of their verb ("gave up", "turned down",
// "called off").
var reversalParticles = map[string]string{"up": stem("give"), "down": stem("turn"), "off": stem("call")}

// supportPhrase is the clause of s with the most focus terms, trimmed, at
// most maxWords words.
func supportPhrase(s *sentence, anchors, clauses []int, maxWords int) string {
	count := map[int]int{}
	for _, a := range anchors {
		count[clauses[a]]++
	}
	bestC, bestN := -1, 0
	for c, n := range count {
		if n > bestN || (n == bestN && c < bestC) {
			bestC, bestN = c, n
		}
	}
	if bestC < 0 {
		return ""
	}
	st, en := -1, -1
	for i := range s.toks {
		if clauses[i] == bestC && !isBoundary(s, i) {
			if st < 0 {
				st = i
			}
			en = i + 1
		}
	}
	for st < en && trimmable(s.toks[st]) && !nlp.IsPronoun(s.toks[st].Lower) {
		st++
	}
	if en-st > maxWords {
		en = st + maxWords
	}
	for en > st && s.toks[en-1].Punct {
		en--
	}
	return cleanSpan(textOf(s, st, en))
}

// chooseByDate answers "which came first (last), A or B?" with the
// option whose event is dated earlier (later): the options' days are the
// ones twoEvents reads for them (the day each one's sentence or a sibling
// states, else its item's date; two different sentences); when that
// fails, each option's eventDate, or when its terms are too thinly held
// for that, the date of the item holding most of them (ties: the better
// supported). It returns "" when the question asks no order, an
// option has no dated item, or both fall on the same day.
func chooseByDate(q question, sc *scorer) string {
	if q.sequence == 0 {
		return ""
	}
	var dates []time.Time
	if len(q.options) == 2 {
		// The options' events and their stated days (twoEvents).
		if d0, _, d1, ok := twoEvents(sc, q.options[0], q.options[1]); ok {
			dates = []time.Time{d0, d1}
		}
	}
	for _, opt := range q.options {
		if len(dates) == 2 {
			break
		}
		// else the date of the item holding most of the option's terms
		// (eventDate when that finds it)
		if d, _, _, ok := eventDate(sc, opt, nil); ok {
			dates = append(dates, d)
			continue
		}
		var keys []string
		for _, t := range words(opt) {
			if !t.Punct && !nlp.IsFunctionWord(t.Lower) && !possessives[t.Lower] {
				keys = append(keys, stem(t.Lower))
			}
		}
		bestHit, bestSup := 0, -1.0
		var d time.Time
		for _, s := range sc.sents {
			hit := 0
			for _, k := range keys {
				if s.set[k] {
					hit++
				}
			}
			if sup := sc.support(s); hit > bestHit || hit == bestHit && hit > 0 && sup > bestSup {
				bestHit, bestSup, d = hit, sup, s.u.date
			}
		}
		if bestHit == 0 || d.IsZero() {
			return ""
		}
		dates = append(dates, temporal.DayStart(d))
	}
	if len(dates) != 2 || dates[0].Equal(dates[1]) {
		return ""
	}
	if dates[0].Before(dates[1]) == (q.sequence < 0) {
		return q.options[0]
	}
	return q.options[1]
}

// choose answers "… A or B?" with the option the context supports more:
// each option's content terms found in a sentence count that sentence's
// support.
func choose(q question, sc *scorer) string {
	bestI, bestV := -1, 0.0
	for i, opt := range q.options {
		var keys []string
		for _, t := range words(opt) {
			if !t.Punct && !nlp.IsFunctionWord(t.Lower) {
				keys = append(keys, stem(t.Lower))
			}
		}
		if len(keys) == 0 {
			continue
		}
		v := 0.0
		for _, s := range sc.sents {
			hit := 0
			for _, k := range keys {
				if s.set[k] {
					hit++
				}
			}
			if hit > 0 {
				v += (0.2 + sc.support(s)) * float64(hit) / float64(len(keys))
			}
		}
		if v > bestV+1e-12 {
			bestI, bestV = i, v
		}
	}
	if bestI < 0 {
		return ""
	}
	return q.options[bestI]
}

var abstainRe = regexp.MustCompile(`(?i)\b(not mentioned|no information|not (been )?(stated|discussed|specified|provided|available)|unknown|cannot (be )?(answer|determine)|can't (answer|determine|tell)|don't know|do not know|no (mention|record)|not in the (context|conversation|memory))\b`)

// IsAbstention reports whether an answer declines to answer ("not
// mentioned", "no information", "I don't know" …) or is empty.
func IsAbstention(answer string) bool {
	a := strings.TrimSpace(answer)
	return a == "" || abstainRe.MatchString(a)
}

// evaluative are English adjectives (and their intensifiers) of judgement
// or size that say what the speaker thinks of a thing, not what kind of
// thing it is ("great news", "a huge step", "a really tasty meal").
var evaluative = wordSet(`good great nice cool awesome amazing fantastic wonderful incredible terrific
	fabulous excellent awful terrible horrible bad fun funny interesting exciting exhausting big huge
	major small little tiny tough hard difficult easy tasty delicious yummy lovely beautiful pretty
	special different various whole real total crazy wild sweet perfect super best better worst
	enjoyable inspiring meaningful memorable important unforgettable unique busy hectic stressful
	challenging rewarding awesome fantastic epic lucky sad happy scary weird strange proud
	favorite favourite really very so super quite truly pretty`)

// timeOrder are English adjectives that place a thing in time or in a
// sequence ("my latest certification", "the new album", "my previous
// job"), not say what kind of thing it is.
var timeOrder = wordSet(`new newest latest recent previous prior former current old older last next upcoming`)

// onlyEvaluative reports whether the tokens [start, end) are all
// evaluative or time-order words (and there is at least one).
func onlyEvaluative(s *sentence, start, end int) bool {
	if start >= end {
		return false
	}
	for i := start; i < end; i++ {
		if !evaluative[s.toks[i].Lower] && !timeOrder[s.toks[i].Lower] {
			return false
		}
	}
	return true
}

// evaluativeFit scales the fit of a head-noun phrase whose modifiers only
// judge the head ("great news").
const evaluativeFit = 0.3

// objectFit and headFit are the fits of a question's gap filled from a
// sentence: the object of the question's verb, and a noun phrase headed by
// the question's head noun with its modifiers.
const (
	objectFit = 0.8
	headFit   = 0.75
)

// nameAskedShare scales the score of a candidate that is neither a name,
// a quoted title nor an entity-form span when the question asks for a
// name or a title ("what book", "the name of …"). Read from the
// calibration harness on LoCoMo and LongMemEval: 0.1 to 0.75 give the
// same totals; 0.5 changes 18 answers, 15 for the better.
const nameAskedShare = 0.5

// nameNear is the least nearness of a name or quoted title when the
// question asks for a name ("what movie", "what is the name of").
var nameNear = 0.5

// objectPronouns are objects that stand for the question's subject or
// thing ("makes me happy", "gave it to"): the answer follows them.
var objectPronouns = wordSet(`me him her them us it you myself himself herself themselves ourselves yourself`)

// objectSpans are the objects of the question's verb in s: after each
// token whose key is the verb's key (and the question's preposition after
// it, an object pronoun or an adverb), the words up to a clause boundary
// or a word that starts a new phrase, at most maxWords, trimmed of
// function words ("I got to volunteer at a career fair at a local school"
// → "career fair at a local school" for "what did he volunteer at").
func objectSpans(q question, s *sentence, anchors []int, isDate map[int]bool, maxWords int) []span {
	if q.verbKey == "" {
		return nil
	}
	isAnchor := map[int]bool{}
	for _, a := range anchors {
		isAnchor[a] = true
	}
	var out []span
	n := len(s.toks)
	tg := s.tags()
	for i, k := range s.keys {
		if k != q.verbKey {
			continue
		}
		if i < len(tg) && strings.HasPrefix(tg[i], "NN") {
			continue // "a learning curve": the word is a noun here
		}
		if particles[q.verbPrep] && !particleAfter(s, i, q.verbPrep) {
			continue // "take up" asked, "taking pics" said: another verb
		}
		if a, b := relativeAntecedent(s, i); b > a && !isAnchor[b-1] {
			// "a ramen bowl that I tried": the verb's object is the
			// noun its relative clause is about
			out = append(out, span{text: textOf(s, a, b), start: a, end: b})
		}
		j := i + 1
		for j < n && !s.toks[j].Punct && (objectPronouns[s.toks[j].Lower] || nlp.IsFiller(s.toks[j].Lower) ||
			(q.verbPrep != "" && s.toks[j].Lower == q.verbPrep) || s.toks[j].Lower == "up" || s.toks[j].Lower == "out") {
			j++
		}
		// words the question already says ("joined the community
		// garden on Birch Lane" for "where is the community garden she
		// joined") are not the gap
		for j < n && (isAnchor[j] || trimmable(s.toks[j]) && !s.toks[j].Punct) {
			j++
		}
		st := j
		for j < n && j-st < maxWords && !isBoundary(s, j) && !s.toks[j].Punct && !isDate[j] && !isAnchor[j] && !(j > st && breaksPhrase(s.toks[j].Lower)) && !(j > st && purposeTo(s, st, j)) && !(j > st && coordinatedVerb(s, st, j)) {
			j++
		}
		en := j
		for st < en && trimmable(s.toks[st]) {
			st++
		}
		for en > st && (trimmable(s.toks[en-1]) || contraction(s.toks[en-1].Lower)) {
			en--
		}
		if en > st && hasContent(s, st, en) && !contraction(s.toks[st].Lower) {
			out = append(out, span{text: textOf(s, st, en), start: st, end: en})
		}
	}
	return out
}

// relativeAntecedent is the noun phrase [start, end) of s that the verb
// at token v has as its object through a relative clause: "the ramen bowl
// that I tried", "a scarf which she knitted", "the book we read". The
// clause is a relative word ("that", "which") or none, a pronoun subject,
// then auxiliaries or adverbs; without a relative word the noun has a
// determiner or possessive before it. The phrase is the nouns and
// adjectives before the clause, without its determiner. (0, 0) when there
// is none, when the noun is delexical ("the only thing I ate"), when the
// verb has an object of its own ("the store I got my shoes from"), or
// when a copula with a noun phrase follows the clause: that phrase names
// the thing ("the instrument I play is the cello").
func relativeAntecedent(s *sentence, v int) (int, int) {
	tg := s.tags()
	k := v - 1
	for k >= 0 && k < len(tg) && (nlp.IsAuxiliary(s.toks[k].Lower) || tg[k] == "RB") {
		k--
	}
	if k < 1 || !subjectPronouns[s.toks[k].Lower] {
		return 0, 0
	}
	k--
	rel := false
	if w := s.toks[k].Lower; w == "that" || w == "which" {
		rel = true
		k--
	}
	end := k + 1
	for k >= 0 && k < len(tg) && !s.toks[k].Punct && (strings.HasPrefix(tg[k], "NN") || tg[k] == "JJ") && !timeWords[s.toks[k].Lower] && !nlp.IsFunctionWord(s.toks[k].Lower) {
		k--
	}
	start := k + 1
	if start >= end || !strings.HasPrefix(tg[end-1], "NN") {
		return 0, 0
	}
	if !rel && (k < 0 || !nlp.IsDeterminer(s.toks[k].Lower) && !possessives[s.toks[k].Lower]) {
		return 0, 0
	}
	if delexical(textOf(s, start, end)) {
		return 0, 0 // "the only thing I ate"
	}
	// the verb has an object of its own ("the store I got my shoes
	// from"), or the noun is the subject of a copula whose complement
	// names the thing ("the instrument I play is the cello")
	j := v + 1
	for j < len(s.toks) && j < len(tg) && (tg[j] == "RB" || tg[j] == "RP") {
		j++
	}
	if j < len(s.toks) && j < len(tg) && (objectPronouns[s.toks[j].Lower] || nlp.IsDeterminer(s.toks[j].Lower) || possessives[s.toks[j].Lower] || strings.HasPrefix(tg[j], "NN")) {
		return 0, 0
	}
	for ; j < len(s.toks) && !s.toks[j].Punct; j++ {
		if copulas[s.toks[j].Lower] {
			// a noun phrase after the copula names the thing; an
			// adjective or a passive leaves it to the noun ("the
			// novel I finished was long", "the film I worked on was
			// shown")
			c := j + 1
			for c < len(tg) && tg[c] == "RB" {
				c++
			}
			if c < len(tg) && (nlp.IsDeterminer(s.toks[c].Lower) || possessives[s.toks[c].Lower] || strings.HasPrefix(tg[c], "NN") || tg[c] == "CD") {
				return 0, 0
			}
			break
		}
	}
	return start, end
}

// subjectPronouns are the pronouns that open a relative clause as its
// subject ("the bowl that I tried").
var subjectPronouns = wordSet(`i you he she we they`)

// loneIdentifier is the index of the one identifier token of s in
// [start, end) when every other token there is a verb, a preposition, a
// determiner, an adverb or a particle ("live in config/uploader.yaml"),
// else -1.
func loneIdentifier(s *sentence, start, end int) int {
	tg := s.tags()
	k := -1
	for i := start; i < end && i < len(tg); i++ {
		if tokenForm(s.toks[i]) != formNone {
			if k >= 0 {
				return -1
			}
			k = i
			continue
		}
		switch t := tg[i]; {
		case strings.HasPrefix(t, "VB"), t == "IN", t == "TO", t == "DT", t == "RB", t == "RP", t == "PRP$":
		default:
			return -1
		}
	}
	return k
}

// adjunctStart reports whether w opens an adjunct: a preposition other
// than "of", "to" and "from" (which take a complement: "MAX_SIZE from 10MB
// to 50MB"), or a subordinating conjunction.
func adjunctStart(w string) bool {
	switch w {
	case "of", "to", "from":
		return false
	case "when", "while", "because", "if", "unless", "until", "since", "although", "though", "whenever":
		return true
	}
	return nlp.IsPreposition(w)
}

// durationThingFit scales the fit of a span that is an amount of time
// ("over the past three weeks") when a "which <noun>" question asks for a
// thing ("which platform did I gain the most followers on"): a length of
// time is the thing asked for only when nothing else is said. Read from
// the calibration harness on LoCoMo and LongMemEval: 0, 0.2 and 0.5 give
// the same totals (one LongMemEval answer changes, for the better).
const durationThingFit = 0.5

// measuresHead reports whether the question's head noun is next to the
// amount of time at tokens [start, end) of s, with no punctuation
// between: at most two words after it ("a 30 day return window", "a 100
// day streak") or four before it ("my notice period at work is three
// months", "a grace period of three days"). Such an amount is what the
// question asks for.
func measuresHead(q question, s *sentence, start, end int) bool {
	for j := end; j < len(s.toks) && j <= end+2; j++ {
		if s.toks[j].Punct {
			break
		}
		if s.keys[j] == q.headKey {
			return true
		}
	}
	for j := start - 1; j >= 0 && j >= start-4; j-- {
		if s.toks[j].Punct {
			break
		}
		if s.keys[j] == q.headKey {
			return true // "my notice period is three months"
		}
	}
	return false
}

// countOnly reports whether tokens [st, en) of s are numbers only (a
// count of the noun after them), and there is at least one; not a year,
// a decade, a time of day, an ordinal, nor an amount of time.
func countOnly(s *sentence, st, en int) bool {
	if en <= st {
		return false
	}
	for i := st; i < en; i++ {
		w := s.toks[i].Lower
		if !isNumberTok(s.toks[i]) || ordinalRe.MatchString(w) || looksLikeYear(w) || decadeRe.MatchString(w) || strings.ContainsRune(w, ':') || strings.HasSuffix(w, "am") || strings.HasSuffix(w, "pm") {
			// an ordinal, a year, a decade or a time of day counts
			// nothing ("5th and 6th grades", "the 2022 photos", "the
			// 1920s apartments", "the 7pm tickets")
			return false
		}
	}
	return en >= len(s.toks) || !timeUnits[s.toks[en].Lower] // "24 hours" is an amount
}

// decadeRe matches a decade ("1920s", "80s", "'90s").
var decadeRe = regexp.MustCompile(`^'?\d{2}(?:\d{2})?s$`)

// particles are the adverbial particles of English phrasal verbs ("take
// up", "figure out"): the verb with its particle is another verb than
// the verb alone.
var particles = wordSet(`up out off down away back over`)

// particleAfter reports whether particle p follows the verb at token i of
// s, at most two words on ("took it up", "took up").
func particleAfter(s *sentence, i int, p string) bool {
	for j := i + 1; j < len(s.toks) && j <= i+3; j++ {
		if s.toks[j].Lower == p {
			return true
		}
		if s.toks[j].Punct {
			return false
		}
	}
	return false
}

// headSpans are noun phrases of s headed by the question's head noun with
// at least one modifier before it ("my own cooking show" → "cooking
// show" for "what type of show") or an identifier after it ("cabin 7B"
// for "which cabin"): the modifiers are the adjectives, nouns
// and -ing forms right before the head, the identifier a word with a
// digit right after it.
func headSpans(q question, s *sentence) []span {
	if q.headKey == "" {
		return nil
	}
	tg := s.tags()
	var out []span
	for i, k := range s.keys {
		// the question says the head is a noun: a tagger's verb tag on
		// it after a modifier ("zoom lens/VBZ") is a misreading
		if k != q.headKey || i >= len(tg) || !strings.HasPrefix(tg[i], "NN") && !(tg[i] == "VBZ" || tg[i] == "VBP") {
			continue
		}
		st := i
		for st > 0 && modifierAt(s, tg, st-1) {
			st--
		}
		if c := st - 1; st < i && c > 0 && (s.toks[c].Lower == "and" || s.toks[c].Lower == "or") && modifierAt(s, tg, c-1) && strings.HasPrefix(tg[c-1], "JJ") {
			// adjectives coordinated before the head ("red and
			// purple lighting", "electronic and rock music"); after a
			// noun the coordination joins two noun phrases ("pasta
			// and red wine"), and an adjective after a copula is a
			// predicate ("the hike was long and mountain views …"),
			// as is one after "it" or an indefinite pronoun ("keep it
			// simple and …", "something comfortable and …"); after a
			// verb, a noun phrase with its own verb after it opens a
			// clause of its own ("arrived late and Korean food was
			// all that was open"), unlike one that opens the
			// sentence or follows a determiner ("Soft and crusty
			// bread is my specialty")
			b := c - 1
			for b > 0 && modifierAt(s, tg, b-1) {
				b--
			}
			ok := b == 0 || !copulas[s.toks[b-1].Lower] && !nlp.IsAuxiliary(s.toks[b-1].Lower) && tg[b-1] != "RB" && !smallClauseObjects[s.toks[b-1].Lower]
			if ok && b > 0 && i+1 < len(tg) && (finiteTag(tg[i+1]) || contraction(s.toks[i+1].Lower)) {
				ok = tg[b-1] == "DT" || tg[b-1] == "PRP$" || tg[b-1] == "IN" || possessives[s.toks[b-1].Lower] || s.toks[b-1].Punct
			}
			if ok {
				st = b
			}
		}
		en := i + 1
		if en < len(s.toks) && !s.toks[en].Punct && strings.ContainsAny(s.toks[en].Text, "0123456789") {
			// "cabin 7B", "locker 12": an identifier after
			// the head names which one
			en++
		}
		if st < i || en > i+1 {
			sp := span{text: textOf(s, st, en), start: st, end: en, compound: en > i+1}
			for j := st; j < i; j++ {
				sp.compound = sp.compound || (strings.HasPrefix(tg[j], "NN") || tg[j] == "VBG") && q.order(s.keys[j]) < 0
			}
			out = append(out, sp)
		}
	}
	return out
}

// smallClauseObjects are the pronouns an adjective after which is its
// predicate, not a modifier of a noun after it: "it" in "keep it simple",
// "like it hot", and the indefinite pronouns, whose adjectives follow them
// ("something comfortable").
var smallClauseObjects = wordSet(`it something anything nothing everything someone anyone everyone somebody anybody everybody nobody`)

// modifierAt reports whether token k of s can modify a head noun after
// it: an adjective, a noun or an -ing form that is not a function word, a
// possessive or "own".
func modifierAt(s *sentence, tg []string, k int) bool {
	t := s.toks[k]
	return k < len(tg) && !t.Punct && !nlp.IsFunctionWord(t.Lower) && !possessives[t.Lower] && t.Lower != "own" &&
		(strings.HasPrefix(tg[k], "JJ") || strings.HasPrefix(tg[k], "NN") || tg[k] == "VBG")
}

// contraction reports whether w is a pronoun or wh-word contracted with a
// verb ("it'll", "what're", "that'd"): never an answer's edge.
func contraction(w string) bool {
	a := strings.IndexAny(w, "'’")
	if a <= 0 {
		return false
	}
	b := w[:a]
	return nlp.IsPronoun(b) || nlp.IsWhWord(b) || b == "that" || b == "there" || b == "here"
}

// countItems answers a "how many <noun>" question whose context states
// no number: the number of distinct memory items that support the
// question at least half as well as the best one and hold the counted noun
// (the phrase's first noun past adjectives, "doctors" in "how many
// different doctors"; a partitive itself, "pieces" in "how many pieces of
// …") or, for "how many times", the question's verb or its last noun
// (objectNoun), whichever counts more items. It returns 0 when the question
// is not a "how many" question or nothing holds the counted term.
func countItems(q question, sc *scorer, ranked []scored) int {
	toks := words(q.text)
	counted := ""
	for i, t := range toks {
		if t.Lower == "many" && i > 0 && toks[i-1].Lower == "how" && i+1 < len(toks) && !toks[i+1].Punct {
			counted = stem(toks[i+1].Lower)
		}
	}
	if q.counted != "" && q.counted != "times" && !partitiveNouns[wordAfterMany(toks)] {
		// past an adjective: "how many different doctors" counts
		// doctors (a partitive's own noun, "pieces", stays)
		counted = stem(q.countedFirst)
	}
	if counted == "" {
		return 0
	}
	if counted == stem("times") {
		counted = q.verbKey // "how many times did she visit"
	}
	if len(ranked) == 0 {
		return 0
	}
	keys := []string{counted}
	if q.counted == "times" {
		if o := objectNoun(q); o != "" {
			keys = append(keys, o)
		}
	}
	best := 0
	for _, k := range keys {
		if k == "" {
			continue
		}
		min := ranked[0].support * 0.5
		units := map[*unit]bool{}
		for _, r := range ranked {
			if r.support < min {
				break
			}
			if r.s.set[k] {
				units[r.s.u] = true
			}
		}
		best = max(best, len(units))
	}
	return best
}

// countWord writes a count the reader computed (not one it read) as
// English prose does: in words from one to nine, in digits from 10 ("two
// weeks", "three", "27 days"). The style guides of English prose (AP,
// Chicago for everyday numbers) spell out small whole numbers, and so
// do the answers of conversational QA data (LoCoMo's "how many" answers:
// "two", "three months"). Fact matching reads a number word as its
// number, so either form matches a fact.
func countWord(n int) string {
	if n >= 1 && n <= 9 {
		return smallNumbers[n]
	}
	return strconv.Itoa(n)
}

var smallNumbers = strings.Fields("zero one two three four five six seven eight nine")

// seriesFit is the fit of a series of three or more coordinated items to
// a free-phrase question that does not ask for a list (1 when it does).
const seriesFit = 0.5

// seriesSpans are the coordinated series of s: three or more items of at
// most maxItemWords words, separated by commas, the last joined by "and"
// or "or" ("salads, sandwiches, and homemade desserts"). The first item
// starts after the preposition, pronoun or clause start before it ("I
// made it with coconut milk, …" → "coconut milk, …").
func seriesSpans(s *sentence) []span {
	const maxItemWords = 5
	var out []span
	n := len(s.toks)
	item := func(t nlp.Token) bool {
		return !t.Punct || t.Text == "-" || t.Text == "'" || t.Text == "&"
	}
	for k, t := range s.toks {
		if t.Lower != "and" && t.Lower != "or" {
			continue
		}
		// the last item; after ", and" a subject pronoun, an auxiliary
		// or a relative word opens a clause instead ("I like jazz,
		// blues, and it helps me relax"): the series is the items
		// before it ("jazz, blues")
		end, items, least := k+1, 1, 3
		if k+1 < n && k > 0 && s.toks[k-1].Text == "," && clauseWord(s, k+1) {
			end, items, least = k-1, 0, 2
		} else {
			for end < n && end-k-1 < maxItemWords && item(s.toks[end]) && !isBoundary(s, end) && !(end > k+1 && breaksPhrase(s.toks[end].Lower)) {
				end++
			}
			if end == k+1 {
				continue
			}
		}
		// the items before, separated by commas
		j := k - 1
		if j >= 0 && s.toks[j].Text == "," {
			j-- // the serial comma
		}
		start := -1
		for j >= 0 {
			st := j
			for st >= 0 && item(s.toks[st]) && j-st < maxItemWords {
				st--
			}
			if st == j {
				break
			}
			// an item with a subject of its own starts the series
			// after it ("Besides writing, I also enjoy reading, …")
			first := st < 0 || s.toks[st].Text != "," || hasSubject(s, st+1, j+1)
			if first {
				// the first item: after its lead-in word
				b := st + 1
				for i := j; i > st; i-- {
					w := s.toks[i].Lower
					if nlp.IsPreposition(w) || nlp.IsPronoun(w) || nlp.IsAuxiliary(w) || nlp.IsConjunction(w) || contraction(w) {
						b = i + 1
						break
					}
				}
				if b <= j {
					start = b
					items++
				}
				break
			}
			start = st + 1
			items++
			j = st - 1
		}
		if items < least || start < 0 {
			continue
		}
		for start < end && trimmable(s.toks[start]) {
			start++
		}
		for end > start && trimmable(s.toks[end-1]) {
			end--
		}
		if end > start {
			out = append(out, span{text: textOf(s, start, end), start: start, end: end})
		}
	}
	return out
}

// hasSubject reports whether tokens [start, end) of s hold a subject
// pronoun ("I", "she", "they") or a pronoun's contraction ("they're"): a
// clause of its own, whose subject no item of a coordinated series holds
// ("I love fantasy and sci-fi movies, they're a great escape and …" is
// no series of three).
func hasSubject(s *sentence, start, end int) bool {
	for i := start; i < end; i++ {
		switch w := s.toks[i].Lower; w {
		case "i", "he", "she", "we", "they":
			return true
		default:
			if contraction(w) {
				return true
			}
		}
	}
	return false
}

// firstFiniteVerb is the index of the first finite verb, modal or
// contracted verb of s in [start, end) ("This necklace is special to me":
// a clause, not a label), -1 when there is none.
func firstFiniteVerb(s *sentence, start, end int) int {
	tg := s.tags()
	for i := start; i < end && i < len(tg); i++ {
		if finiteTag(tg[i]) || contraction(s.toks[i].Lower) {
			return i
		}
	}
	return -1
}

// personPhrase reports whether the noun phrase of s in [start, end) names
// a person: a name (a capitalized word after its first, or a first word
// tagged a proper noun) or a person noun ("my sister", "our mom").
func personPhrase(s *sentence, start, end int) bool {
	tg := s.tags()
	for i := start; i < end; i++ {
		name := capitalizedWord(s.toks[i]) && (i > start || i < len(tg) && strings.HasPrefix(tg[i], "NNP"))
		if personNouns[s.toks[i].Lower] || name {
			return true
		}
	}
	return false
}

// nounPhrase reports whether the tokens of s in [start, end) are a noun
// phrase without a pronoun: determiners, adjectives, numbers and nouns,
// ending in a noun ("This old necklace", "My grandma's ring").
func nounPhrase(s *sentence, start, end int) bool {
	tg := s.tags()
	if end > len(tg) || end <= start || !strings.HasPrefix(tg[end-1], "NN") {
		return false
	}
	for i := start; i < end; i++ {
		switch t := tg[i]; {
		case strings.HasPrefix(t, "NN"), strings.HasPrefix(t, "JJ"), t == "DT", t == "PRP$", t == "CD", t == "POS":
		default:
			return false
		}
	}
	return true
}

// capitalizedWord reports whether a token starts with an upper-case letter.
func capitalizedWord(t nlp.Token) bool {
	r := []rune(t.Text)
	return len(r) > 0 && unicode.IsUpper(r[0])
}

// appositiveFit is the fit of a name set beside the question's head noun
// ("my old area, West County").
const appositiveFit = 0.95

// appositiveSpans are the names that rename the question's head noun in
// s: the head noun, then a comma, "called", "named", "is" or "was", then a
// run of capitalized words, a title abbreviation ("Dr.", "Prof.") kept,
// or after a comma, dash or colon a quoted title ("my home country,
// Sweden"; "a dog named Max"; "my landlord is Ivo Marsh"; "his film,
// “Small Hours”"); or a run of capitalized words, then a comma, "is" or "was",
// then a possessive and the head noun with its modifiers ("Ivo Marsh, my
// landlord"; "Ivo is my new landlord"), or a comma, an article and the
// head noun ("Bellini's, a small family trattoria": the appositive that
// classifies a name); or a list line's label, then a dash or a colon and
// the description that classifies it ("Harbor Lights - a cozy inn …").
func appositiveSpans(q question, s *sentence) []span {
	if q.headKey == "" {
		return nil
	}
	var out []span
	n := len(s.toks)
	name := func(st int) int {
		en := st
		for en < n && !s.toks[en].Punct && capitalizedWord(s.toks[en]) && !nlp.IsFunctionWord(s.toks[en].Lower) {
			if titleAbbrev[s.toks[en].Lower] && en+1 < n && s.toks[en+1].Text == "." {
				en++
			}
			en++
		}
		return en
	}
	quoted := quotedSpans(s)
	for i, k := range s.keys {
		if k != q.headKey {
			continue
		}
		if i+2 < n {
			switch s.toks[i+1].Lower {
			case ",", "called", "named", "-", "–", "—", ":", "is", "was":
				st := i + 2
				for _, qs := range quoted {
					if sep := s.toks[i+1].Text; qs.start == st+1 && (sep == "," || labelDashes[sep]) {
						// "the cartoon, “Hop Along”": a quoted
						// title renames the noun
						out = append(out, qs)
					}
				}
				if en := name(st); en > st {
					out = append(out, span{text: textOf(s, st, en), start: st, end: en})
				}
			}
		}
		// backwards: <Name> , | is | was <possessive> <modifiers> <head>
		j := i - 1
		for j >= 0 && !s.toks[j].Punct && !possessives[s.toks[j].Lower] && !nlp.IsFunctionWord(s.toks[j].Lower) && i-j <= 3 {
			j--
		}
		if j < 1 || !possessives[s.toks[j].Lower] && !articles[s.toks[j].Lower] {
			continue
		}
		if en := j - 1; labelDashes[s.toks[en].Text] && en >= 1 && en <= maxLabelWords && capitalizedWord(s.toks[0]) && !hasPunct(s, 0, en) {
			if v := firstFiniteVerb(s, 0, en); v < 0 {
				// "Harbor Lights - a cozy inn by the pier": a list
				// line's label, named by the description after it,
				// lowercase words and all
				out = append(out, span{text: textOf(s, 0, en), start: 0, end: en})
			} else if v > 0 && nounPhrase(s, 0, v) && !personPhrase(s, 0, v) {
				// "This necklace is special to me - a gift from my
				// grandma": the phrase after the dash classifies the
				// clause's subject, when that is a thing (a person is
				// not given: "my sister loved the scarf - a gift
				// from …")
				out = append(out, span{text: textOf(s, 0, v), start: 0, end: v})
			}
			continue
		}
		if j < 2 {
			continue
		}
		if sep := s.toks[j-1].Lower; sep != "," && (sep != "is" && sep != "was" || articles[s.toks[j].Lower]) {
			// after "is" only a possessive: "Zelda for Switch is
			// a great game" classifies the whole subject, whose
			// name the capitalized run before "is" may cut
			continue
		}
		en := j - 1
		st := en
		for st > 0 && !s.toks[st-1].Punct && capitalizedWord(s.toks[st-1]) && !nlp.IsFunctionWord(s.toks[st-1].Lower) {
			st--
		}
		if st > 0 && s.toks[st-1].Text == "." && st > 1 && titleAbbrev[s.toks[st-2].Lower] {
			st -= 2
		}
		if st < en && !(st == 0 && en-st == 1 && nlp.IsFunctionWord(s.toks[0].Lower)) {
			out = append(out, span{text: textOf(s, st, en), start: st, end: en})
		}
	}
	return out
}

// workTitles are the head nouns of questions about a titled work, whose
// title may hold small lowercase words ("Lessons in Chemistry"); a
// subset of titleNouns.
var workTitles = wordSet(`book books movie movies film films song songs album albums show shows series novel
	novels podcast podcasts play plays painting paintings title titles game games`)

// titleLinks are the small words English title case leaves in lower case
// inside a title; "at", "on", "for" and "from", which as often set a
// place or a time after one ("Dune at the IMAX", "Hamilton on
// Broadway"), are left out.
var titleLinks = wordSet(`a an the and or of to in with nor but as`)

// titleAbbrev are the abbreviated titles a name may start with.
var titleAbbrev = wordSet(`dr prof mr mrs ms mx st`)

// copulaLike are the verbs that predicate a quality of their subject ("it
// was peaceful", "they seem happy", "I felt great").
var copulaLike = wordSet(`is was are were be been being am 's ’s seems seemed seem looks looked look feels felt feel
	sounds sounded sound became become got get`)

// copula reports whether w predicates a quality: a copulaLike verb or a
// contracted "is", "are" or "am" ("it's", "they're", "I'm").
func copula(w string) bool {
	if copulaLike[w] {
		return true
	}
	for _, suf := range []string{"'s", "’s", "'re", "’re", "'m", "’m"} {
		if strings.HasSuffix(w, suf) && len(w) > len(suf) {
			return true
		}
	}
	return false
}

// notQuality reports whether the word at i, though tagged an adjective,
// names no quality: a degree adverb before another word ("super cozy": the
// run is the words after it), a predeterminer ("such a great feeling"),
// or a response particle said alone at the start of a sentence ("Sure!",
// "Okay, …").
func notQuality(s *sentence, i int) bool {
	w := s.toks[i].Lower
	switch {
	case w == "such":
		return true
	case quantifiers[w] && i+1 < len(s.toks) && !s.toks[i+1].Punct:
		// a quantity of what follows ("so much peace", "more time")
		return true
	case intensifiers[w] && i+1 < len(s.toks) && !s.toks[i+1].Punct && !nlp.IsFunctionWord(s.toks[i+1].Lower):
		// it qualifies the word after it, whatever the tagger makes of
		// that word ("super quiet", "Super/JJ cozy/NN", "super
		// long/RB"); before "and" or the end it is the quality itself
		// ("the cake was super and …")
		return true
	case i == 0 && responseParticles[w] && (len(s.toks) == 1 || s.toks[1].Punct):
		return true
	}
	return false
}

// quantifiers tell how much or how many of what follows them; the tagger
// reads them as adjectives (Penn JJ, JJR, JJS). A closed class of
// English.
var quantifiers = wordSet(`much many more most few fewer less least enough several`)

// intensifiers are degree adverbs before an adjective ("so peaceful").
var intensifiers = wordSet(`so very really super truly pretty quite too extremely incredibly totally absolutely`)

// adjectiveSpans are the runs of adjectives of a sentence, coordinated or
// not, with leading degree adverbs dropped ("so peaceful", "super cozy and
// comfy" → "cozy and comfy"): the answer to a question asking for a
// quality. A run said of its subject after a copula (or a sentence of
// adjectives alone) fits 1, one of two or more coordinated adjectives
// before a noun 1 too, a lone adjective before a noun 0.5.
func adjectiveSpans(s *sentence) []span {
	tg := s.tags()
	// an adjective is a plain word (the tagger may read "it's" as one)
	isAdj := func(i int) bool {
		return i < len(tg) && strings.HasPrefix(tg[i], "JJ") && !s.toks[i].Punct && !strings.ContainsAny(s.toks[i].Text, "'’")
	}
	var out []span
	n := len(s.toks)
	for i := 0; i < n && i < len(tg); i++ {
		if !isAdj(i) || notQuality(s, i) {
			continue
		}
		j, adj := i+1, 1
		for j < n && j < len(tg) {
			w := s.toks[j].Lower
			if isAdj(j) {
				adj++
				j++
				continue
			}
			// "cozy and comfy", "gripping, moving"
			if (w == "and" || w == "," || intensifiers[w]) && isAdj(j+1) {
				j++
				continue
			}
			break
		}
		// the run's left context, degree adverbs skipped
		b := i - 1
		for b >= 0 && intensifiers[s.toks[b].Lower] {
			b--
		}
		fit := 0.5
		switch {
		case b < 0 || copula(s.toks[b].Lower) || s.toks[b].Punct:
			fit = 1
		case adj >= 2:
			fit = 1
		}
		if fit < 1 && (j >= n || !strings.HasPrefix(tg[j], "NN")) {
			fit = 0.5 // neither predicated nor before a noun
		}
		out = append(out, span{text: textOf(s, i, j), start: i, end: j, fit: fit})
		i = j
	}
	return out
}

// amountRe is an amount a total adds: an optional currency sign, digits
// with thousands separators and decimals, and the rest of the span (its
// unit).
var amountRe = regexp.MustCompile(`^([$€£¥]?)(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?(?:\s+(.*))?$`)

// total answers a question that asks for a total ("what was the total
// cost", "how many hours … combined"): the sum of the amounts the
// well-supported candidates state (fit at least 0.8, score at least a
// third of the best), those of the best candidate's kind only — the same
// currency sign and unit word — each sentence's amount once. It is ""
// when fewer than two amounts add up, and the best candidate answers.
func total(all []cand) string {
	vals, decimals, tm := amounts(all)
	if len(vals) < 2 {
		return ""
	}
	var sum float64
	for _, v := range vals {
		sum += v
	}
	return writeAmount(sum, decimals, tm)
}

// amounts are the amounts of the candidates of all that total and
// difference add: fit at least 0.8, score at least a third of the best,
// of the best candidate's kind (the same currency sign and unit word),
// each sentence's amount once, in score order; decimals reports whether
// one is written with decimals. The best candidate's match is tm (nil when
// it is not an amount).
func amounts(all []cand) (vals []float64, decimals bool, tm []string) {
	top := all[0]
	tm = amountRe.FindStringSubmatch(top.text)
	if tm == nil {
		return nil, false, nil
	}
	kind := func(m []string) string { return m[1] + "|" + strings.ToLower(m[4]) }
	seen := map[*sentence]map[string]bool{}
	for _, c := range all {
		if c.fit < 0.8 || c.score < top.score/3 {
			continue
		}
		m := amountRe.FindStringSubmatch(c.text)
		if m == nil || kind(m) != kind(tm) || looksLikeYear(m[2]) {
			continue
		}
		if seen[c.s] == nil {
			seen[c.s] = map[string]bool{}
		}
		if seen[c.s][m[2]+m[3]] {
			continue
		}
		seen[c.s][m[2]+m[3]] = true
		v, err := strconv.ParseFloat(strings.ReplaceAll(m[2], ",", "")+m[3], 64)
		if err != nil {
			continue
		}
		decimals = decimals || m[3] != ""
		vals = append(vals, v)
	}
	return vals, decimals, tm
}

// writeAmount writes v in the form of the amount match tm: its currency
// sign, thousands separators when it has them or a sign, two decimals
// when asked, its unit word.
func writeAmount(v float64, decimals bool, tm []string) string {
	num := strconv.FormatFloat(v, 'f', 0, 64)
	if decimals {
		num = strconv.FormatFloat(v, 'f', 2, 64)
	}
	if strings.Contains(tm[2], ",") || tm[1] != "" {
		num = thousands(num)
	}
	out := tm[1] + num
	if tm[4] != "" {
		out += " " + tm[4]
	}
	return out
}

// difference answers a question that asks how much one amount exceeds
// another ("how much did I save on the heels", "how many minutes did I
// exceed my target by"): the difference of the two best amounts of one
// kind (amounts); "" when there are not two different ones.
func difference(all []cand) string {
	vals, decimals, tm := amounts(all)
	for _, v := range vals[min(1, len(vals)):] {
		if v != vals[0] {
			d := vals[0] - v
			if d < 0 {
				d = -d
			}
			return writeAmount(d, decimals, tm)
		}
	}
	return ""
}

// statedRemainder is the best well-fitting amount that a remainder word
// follows ("I need 15 more", "18 more to go", "3 left", "two
// remaining"), "" when none.
func statedRemainder(all []cand) string {
	for _, c := range all {
		if c.fit < 0.8 || c.end <= c.start || c.end >= len(c.s.toks) || !amountRe.MatchString(c.text) {
			continue
		}
		if remainderWords[c.s.toks[c.end].Lower] {
			return c.text
		}
	}
	return ""
}

// remainderWords follow an amount that is what remains.
var remainderWords = wordSet(`more left remaining outstanding`)

// thousands writes the integer part of a decimal number with comma
// separators ("5850" → "5,850").
func thousands(num string) string {
	intPart, frac, _ := strings.Cut(num, ".")
	var b strings.Builder
	for i, r := range intPart {
		if i > 0 && (len(intPart)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	if frac != "" {
		b.WriteString("." + frac)
	}
	return b.String()
}

// newsNouns are head nouns whose content is an event told as a clause
// ("what news did she share" — "I adopted a kitten"): the answer keeps
// its verb.
var newsNouns = wordSet(`news update updates announcement`)

// clauseVerbs are the match keys of verbs whose "what" question asks for
// a clause or a verb phrase, not a thing ("what did she do / say / think
// / want"): their answers keep their verb.
var clauseVerbs = keySet(`do say tell think feel want like love hope plan mean wish decide learn realize
	suggest recommend believe know expect try need happen`)

// objectStart is where the object noun phrase of a span that opens with a
// finite verb starts ("came across this cool rainbow sidewalk" → "rainbow
// sidewalk", "got her a yellow dress" → "yellow dress", "put together a
// tournament" → "tournament"): past the verb, its particles and
// prepositions, an indirect-object pronoun, determiners and judging
// adjectives. It returns start when the span does not open with such a
// verb or no noun follows.
func objectStart(s *sentence, start, end int) int {
	tg := s.tags()
	if start >= len(tg) || end > len(tg) {
		return start
	}
	switch tg[start] {
	case "VBD", "VBP", "VBZ", "VB":
	default:
		return start
	}
	i := start + 1
	for i < end && (tg[i] == "RP" || tg[i] == "IN" || tg[i] == "TO" || s.toks[i].Lower == "together" || objectPronouns[s.toks[i].Lower]) {
		i++
	}
	for i < end && (tg[i] == "DT" || tg[i] == "PRP$" || evaluative[s.toks[i].Lower] || intensifiers[s.toks[i].Lower]) {
		i++
	}
	for j := i; j < end; j++ {
		if strings.HasPrefix(tg[j], "NN") {
			return i
		}
		if !strings.HasPrefix(tg[j], "JJ") && tg[j] != "VBG" {
			break
		}
	}
	return start
}

// asksObject reports whether a what-question asks for the object of its
// verb through a do- or have-auxiliary ("what did she make", "what gift
// has he bought"), not for a subject ("what sparked …"), a state ("what is
// …"), a purpose ("… for?"), an action ("what did he do to …") or what
// is said or thought ("what did she say about …"; clauseVerbs).
func asksObject(text string) bool {
	toks := words(mainQuestion(text))
	if len(toks) < 3 || toks[0].Lower != "what" {
		return false
	}
	if last := toks[len(toks)-1]; last.Punct && len(toks) > 1 && toks[len(toks)-2].Lower == "for" || toks[len(toks)-1].Lower == "for" {
		return false
	}
	aux := -1
	for i := 1; i < len(toks) && i <= 3; i++ {
		switch toks[i].Lower {
		case "did", "does", "do", "has", "have", "had":
			aux = i
		}
		if aux > 0 {
			break
		}
	}
	if aux < 0 {
		return false
	}
	for _, t := range toks[aux+1:] {
		if t.Lower == "do" || t.Lower == "doing" || clauseVerbs[stem(t.Lower)] && !t.Punct {
			return false
		}
	}
	return true
}

// beforeRe finds a question that looks back to an earlier state ("before
// the 7/22 trip", "my first …"): its amount is not the latest one.
var beforeRe = regexp.MustCompile(`(?i)\b(before|earlier|first|initially|originally)\b`)

// opensClause reports whether the tokens from i are a short noun phrase
// (at most four words, no punctuation nor pronoun) followed by a verb in
// the third person or the past, or by a copula or an auxiliary: "and the
// report is slow" joins a clause, "and the report settings" a noun, and
// "and the care people put into it" a noun with a relative clause.
func opensClause(s *sentence, i int) bool {
	tg := s.tags()
	for j := i + 1; j < len(s.toks) && j < len(tg) && j <= i+4; j++ {
		t := s.toks[j]
		if t.Punct || nlp.IsPronoun(t.Lower) || strings.ContainsAny(t.Text, "'’") && !strings.HasSuffix(t.Lower, "'s") && !strings.HasSuffix(t.Lower, "’s") {
			// "the friendships I've made", "the care people put
			// into it": a relative clause's subject, not the noun
			// phrase's own verb
			return false
		}
		if tg[j] == "VBZ" || tg[j] == "VBD" || copulas[t.Lower] || nlp.IsAuxiliary(t.Lower) {
			return j > i+1 && strings.HasPrefix(tg[j-1], "NN")
		}
		if strings.HasPrefix(tg[j], "VB") {
			return false
		}
	}
	return false
}

// annualRe matches a question about the day of a yearly event in the
// present tense ("when is her birthday", "when is their anniversary").
var annualRe = regexp.MustCompile(`(?i)^\s*when\s+(is|are)\b.*\b(birthdays?|anniversary|anniversaries|name ?days?)\b`)

// dayMonthYearRe is a resolved day in the answer form ("13 August 2023"),
// its day and month in group 1.
var dayMonthYearRe = regexp.MustCompile(`^(\d{1,2} [A-Z][a-z]+) \d{4}$`)

// stopwatchRe is a time written as a clock reading with no am or pm
// ("39:55", "1:02:10"): as the answer to "what was my best time", an
// amount of time.
var stopwatchRe = regexp.MustCompile(`^\d{1,2}:\d{2}(:\d{2})?$`)

// firstRune is the first rune of s (utf8.RuneError when empty).
func firstRune(s string) rune {
	r, _ := utf8.DecodeRuneInString(s)
	return r
}
