package reader

import (
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/memarena/memarena/internal/nlp"
	"github.com/memarena/memarena/internal/temporal"
)

// measureUnits are English units of measure and of money, singular and
// plural, with common abbreviations: a number that measures in one of
// them ("a 20-gallon tank", "two miles") says how big, far or costly
// something is, not how many things there are. A general word class of
// English (SI and US customary units, storage and money units).
var measureUnits = wordSet(`gallon gallons liter liters litre litres ml quart quarts pint pints cup cups ounce
	ounces oz pound pounds lb lbs kg kilo kilos kilogram kilograms gram grams g ton tons tonne tonnes mile miles
	km kilometer kilometers kilometre kilometres meter meters metre metres cm centimeter centimeters mm inch
	inches foot feet ft yard yards acre acres degree degrees percent mph kph mb gb tb kb mbps gbps watt watts
	volt volts calorie calories dollar dollars buck bucks cent cents euro euros usd`)

// partitiveNouns name a count of something named after "of" ("pieces of
// furniture", "items of clothing", "types of fruit"): the thing counted
// is the noun after "of". A general word class of English.
var partitiveNouns = wordSet(`piece pieces item items type types kind kinds sort sorts variety varieties`)

// countedNoun is the noun a "how many" question counts: the head (last
// noun) of the noun phrase after "how many" ("how many different doctors"
// → "doctors", "how many model kits" → "kits"), the noun after "of" for a
// partitive ("how many pieces of furniture" → "furniture"). It returns
// the lower-case word, "" when the question does not say "how many" or no
// noun follows it. The head is found with the part-of-speech tags of the
// question (pos.go).
//
// first is the phrase's first noun ("MCU" in "how many MCU films"), the
// head when the phrase has a single noun.
func countedNoun(text string) (head, first string) {
	toks := words(mainQuestion(text))
	at := -1
	for i := 0; i+1 < len(toks); i++ {
		if toks[i].Lower == "how" && toks[i+1].Lower == "many" {
			at = i + 2
			break
		}
	}
	if at < 0 || at >= len(toks) {
		return "", ""
	}
	tg := tagWords(toks)
	defer func() {
		if first == "" {
			first = head
		}
	}()
	for j := at; j < len(toks); j++ {
		t := toks[j]
		if t.Punct || nlp.IsFunctionWord(t.Lower) && t.Lower != "times" {
			if t.Lower == "of" && partitiveNouns[head] && j+1 < len(toks) {
				head, first = "", ""
				continue
			}
			break
		}
		switch {
		case strings.HasPrefix(tg[j], "NN"):
			head = t.Lower
			if first == "" {
				first = head
			}
		case strings.HasPrefix(tg[j], "JJ") || tg[j] == "VBN" || tg[j] == "VBG":
			if head != "" {
				return head, first
			}
		default:
			if head == "" && j == at {
				// a word the tagger misreads as a verb ("how many
				// plays"): the word after "many" is the noun,
				// or a modifier of the noun after it ("how many
				// online courses")
				head = t.Lower
				if j+1 < len(toks) && strings.HasPrefix(tg[j+1], "NN") {
					continue
				}
			}
			return head, first
		}
	}
	return head, first
}

// unitWord reports whether w is a unit of time or measure (timeUnits,
// measureUnits) or a currency sign.
func unitWord(w string) bool {
	return timeUnits[w] || measureUnits[w] || w != "" && isCurrencyRune([]rune(w)[0])
}

// numberUnit is the word that the number span n of s quantifies: the word
// after a hyphen inside its token ("20-gallon" → "gallon", "3-day" →
// "day"), else the first word of the span after its number tokens; ""
// when there is none.
func numberUnit(s *sentence, n span) string {
	for i := n.start; i < n.end && i < len(s.toks); i++ {
		t := s.toks[i]
		if !isNumberTok(t) {
			if t.Lower == "since" {
				continue
			}
			return t.Lower
		}
		if isCurrencyRune([]rune(t.Text)[0]) {
			return t.Text[:len(string([]rune(t.Text)[0]))] // money: "$250"
		}
		if k := strings.IndexByte(t.Lower, '-'); k > 0 && k+1 < len(t.Lower) {
			rest := t.Lower[k+1:]
			if r, _, ok := strings.Cut(rest, "-"); ok {
				rest = r
			}
			if !isNumberTok(nlp.Token{Text: rest, Lower: rest}) {
				return rest
			}
		}
	}
	return ""
}

// otherUnitFit is the fit of a number that measures in a unit of time or
// measure ("two weeks ago", "a 20-gallon tank") as the answer to a "how
// many" question that counts things of another kind ("how many plants"):
// such a number rarely counts them.
const otherUnitFit = 0.3

// headOnlyFit is the fit of a number whose unit is the head of the
// counted phrase but not its first noun ("12 films" for "how many MCU
// films"; "5 MCU films" fits 1): that of a number of another unit.
const headOnlyFit = 0.8

// distinctThings answers a "how many <noun>" question by counting the
// distinct things of that noun the well-supported sentences mention (a
// support at least distinctMinShare of the best one's): each singular noun phrase headed
// by the counted noun ("a succulent plant", "my sister's wedding"), told
// apart by the words before the head; each conjunct coordinated before
// such a phrase, a thing of the same kind ("the fern and a cactus
// plant" names two plants); and, for a memory item that names the noun
// only bare ("the plant"), one thing per item (as countItems). A plural
// without a number ("my plants") is a set of unknown size and a noun
// that modifies another ("plant pot") is not the thing: neither counts.
// It returns 0 when the question counts no noun, counts units of time or
// measure or "times", or nothing names the noun. For a question about the
// user ("how many … did I"), the assistant's turns do not count: they
// suggest and explain things that are not the user's. The idea is the
// discourse-entity count of coreference-free QA readers: distinct
// mentions, told apart by their modifiers.
//
// byName is true when every thing counted is a person named after a title
// ("Dr. Patel", "Dr. Lee"): the names tell the things apart, however many
// memory items repeat one of them.
func distinctThings(q question, ranked []scored) (n int, byName bool) {
	if q.counted == "" || unitWord(q.counted) || q.counted == "times" || len(ranked) == 0 {
		return 0, false
	}
	head := stem(q.counted)
	min := ranked[0].support * distinctMinShare
	things := map[string]bool{}
	bare := map[*unit]bool{}
	named := map[*unit]bool{}
	for _, r := range ranked {
		if r.support < min {
			break
		}
		s := r.s
		if q.firstPerson && assistantRole(s.u.speaker) {
			continue // the assistant's examples are not the user's things
		}
		if !s.set[head] {
			continue
		}
		tg := s.tags()
		for i := range s.toks {
			if s.keys[i] != head || !strings.HasPrefix(tg[i], "NN") {
				continue
			}
			if name := titledName(s, i); name != "" {
				// "Dr. Patel": the person the title names
				things[name+"\x00name"] = true
				named[s.u] = true
				continue
			}
			if i+1 < len(s.toks) && strings.HasPrefix(tg[i+1], "NN") && !s.toks[i+1].Punct {
				continue // a modifier: "plant pot"
			}
			if tg[i] == "NNS" || tg[i] == "NNPS" {
				continue // a set: "my plants"
			}
			st, mods := phraseBefore(s, i)
			if st > 0 && (s.toks[st-1].Lower == "a" || s.toks[st-1].Lower == "an") && strings.HasSuffix(s.text, "?") {
				continue // "how do I clean a glass vase?" names no vase of mine
			}
			if len(mods) == 0 {
				bare[s.u] = true
			} else {
				things[strings.Join(append(mods, head), " ")] = true
				named[s.u] = true
			}
			// conjuncts before the phrase: "the fern and a cactus plant"
			for j := skipDeterminer(s, st-1); j > 0; {
				w := s.toks[j].Lower
				if w != "and" && w != "or" && w != "," {
					break
				}
				k := j - 1
				if k >= 0 && s.toks[k].Lower == "," {
					k--
				}
				if k < 0 || !conjunctHead(s, k) {
					break
				}
				cst, cmods := phraseBefore(s, k)
				things[strings.Join(append(cmods, s.keys[k]), " ")+"\x00conj"] = true
				named[s.u] = true
				j = skipDeterminer(s, cst-1)
			}
		}
	}
	// a phrase whose modifiers are all among another's names the same
	// thing again ("the community tank" after "my new community tank")
	for k := range things {
		for o := range things {
			if o != k && subsetWords(k, o) {
				delete(things, k)
				break
			}
		}
	}
	n = len(things)
	byName = n > 0
	for k := range things {
		if !strings.HasSuffix(k, "\x00name") {
			byName = false
		}
	}
	for u := range bare {
		if !named[u] {
			n++
			byName = false
		}
	}
	return n, byName
}

// thingCount answers a "how many <noun>" question no stated number
// answers: the distinct things named (distinctThings) when titles name
// them all, else the larger of that count and the count of memory items
// that hold the noun (countItems, one thing per item).
func thingCount(q question, sc *scorer, ranked []scored) int {
	n, byName := distinctThings(q, ranked)
	if byName {
		return n
	}
	return max(n, countItems(q, sc, ranked))
}

// titledName is the name an abbreviated title at i of s is followed by,
// after its dot ("Dr. Patel" → "patel"); "" when no dot or no
// capitalized word follows ("Dr Pepper").
func titledName(s *sentence, i int) string {
	if !initialCap(s.toks[i].Text) {
		return ""
	}
	j := i + 1
	if j >= len(s.toks) || s.toks[j].Text != "." {
		return "" // "Dr Pepper": a title abbreviates with its dot
	}
	j++
	var name []string
	for ; j < len(s.toks) && !s.toks[j].Punct && initialCap(s.toks[j].Text); j++ {
		name = append(name, s.toks[j].Lower)
	}
	return strings.Join(name, " ")
}

// initialCap reports whether w is a capital letter followed by lower-case
// letters only ("Lee", "Dr"; not "I", "ENT" or "iPad").
func initialCap(w string) bool {
	r := []rune(w)
	if len(r) < 2 || !unicode.IsUpper(r[0]) {
		return false
	}
	for _, c := range r[1:] {
		if !unicode.IsLower(c) {
			return false
		}
	}
	return true
}

// phraseBefore walks back from the head noun at i of s over the words
// that modify it (nouns, adjectives, participles, possessives) and returns
// where the phrase starts (after its determiner) and the modifiers' keys
// in order ("my sister's old car" → "sister", "old").
func phraseBefore(s *sentence, i int) (int, []string) {
	tg := s.tags()
	st := i
	for j := i - 1; j >= 0; j-- {
		t := s.toks[j]
		if t.Punct && t.Text != "-" {
			break
		}
		g := tg[j]
		if !(strings.HasPrefix(g, "NN") || strings.HasPrefix(g, "JJ") || g == "POS" || g == "VBN" || g == "VBG") || nlp.IsFunctionWord(t.Lower) || isNumberTok(t) && !strings.Contains(t.Text, "-") {
			break
		}
		st = j
	}
	var mods []string
	for j := st; j < i; j++ {
		if tg[j] != "POS" && s.keys[j] != "" {
			mods = append(mods, s.keys[j])
		}
	}
	return st, mods
}

// countFitBelow: a "how many" question whose best number candidate fits
// less than this (a number of another unit, a rank) is answered with the
// count of distinct things (distinctThings) when there is one.
const countFitBelow = 0.5

// subsetWords reports whether every word of a (space-separated, a "\x00"
// suffix ignored) is a word of b.
func subsetWords(a, b string) bool {
	bw := map[string]bool{}
	for _, w := range strings.Fields(strings.TrimSuffix(b, "\x00conj")) {
		bw[w] = true
	}
	for _, w := range strings.Fields(strings.TrimSuffix(a, "\x00conj")) {
		if !bw[w] {
			return false
		}
	}
	return true
}

// conjunctHead reports whether token k of s ends a singular noun phrase
// that can be a conjunct: a singular noun, or a content word that a
// determiner or possessive pronoun opens a phrase for ("the peace lily",
// where the tagger may misread the last word) and that is no verb.
func conjunctHead(s *sentence, k int) bool {
	tg := s.tags()
	t := s.toks[k]
	if t.Punct || nlp.IsFunctionWord(t.Lower) || isNumberTok(t) || tg[k] == "NNS" || tg[k] == "NNPS" {
		return false
	}
	if tg[k] == "NN" || tg[k] == "NNP" {
		return true
	}
	if strings.HasPrefix(tg[k], "VB") || strings.HasPrefix(tg[k], "JJ") || strings.HasPrefix(tg[k], "PRP") {
		return false
	}
	for j := k - 1; j >= 0 && j >= k-3; j-- {
		w := s.toks[j].Lower
		if nlp.IsDeterminer(w) || tg[j] == "PRP$" {
			return true
		}
		if s.toks[j].Punct || nlp.IsFunctionWord(w) {
			return false
		}
	}
	return false
}

// skipDeterminer returns j, or the index before it when token j of s is a
// determiner or a possessive pronoun ("a", "the", "my").
func skipDeterminer(s *sentence, j int) int {
	if j >= 0 && (nlp.IsDeterminer(s.toks[j].Lower) || s.tags()[j] == "PRP$") {
		return j - 1
	}
	return j
}

// wordAfterMany is the lower-case word after "how many" in toks, "" when
// there is none.
func wordAfterMany(toks []nlp.Token) string {
	for i := 0; i+2 < len(toks); i++ {
		if toks[i].Lower == "how" && toks[i+1].Lower == "many" {
			return toks[i+2].Lower
		}
	}
	return ""
}

// objectNoun is the match key of the last noun of a "how many times"
// question ("beach" in "how many times did Ana go to the beach in
// May"), "" when it has none after "times": what a light verb ("go",
// "have", "be") does is often said by the noun alone.
func objectNoun(q question) string {
	main := mainQuestion(q.text)
	toks := words(main)
	tg := tagWords(toks)
	dated := temporal.Find(main, time.Time{})
	inDate := func(t nlp.Token) bool {
		for _, m := range dated {
			if t.Start >= m.Start && t.Start < m.End {
				return true
			}
		}
		return false
	}
	out := ""
	after := false
	for i, t := range toks {
		if t.Lower == "times" {
			after = true
			continue
		}
		if !after || t.Punct || nlp.IsFunctionWord(t.Lower) || q.names[possessiveBase(t.Lower)] || !strings.HasPrefix(tg[i], "NN") || inDate(t) {
			continue
		}
		out = stem(t.Lower)
	}
	return out
}

// countAnswer writes a count the reader computed for q: countWord's
// number, or for "how many times" the English multiplicative adverb
// ("once", "twice") and from three on the number with "times" ("three
// times"), as English says how often something happened.
func countAnswer(q question, n int) string {
	if q.counted != "times" {
		return countWord(n)
	}
	switch n {
	case 1:
		return "once"
	case 2:
		return "twice"
	}
	return countWord(n) + " times"
}

// otherNounFit is the fit of a number that counts a plural noun other
// than the counted one ("13 batteries" for "how many devices"): below
// countFitBelow, so the distinct things of the counted noun, when any
// are named, answer instead; else the number still does ("3 dogs" for
// "how many pets").
const otherNounFit = 0.45

// otherNoun reports whether the unit word u of the number span n of s is
// a plural common noun that is neither of the counted phrase's nouns
// (keys first and head).
func otherNoun(s *sentence, n span, u, first, head string) bool {
	if u == "" || n.end <= n.start {
		return false
	}
	k := stem(u)
	if k == first || k == head {
		return false
	}
	i := n.end - 1
	if i >= len(s.toks) || s.toks[i].Lower != u {
		return false
	}
	return s.tags()[i] == "NNS"
}

// hyphenAmountRe is a number joined by a hyphen to its unit ("10-day",
// "3-hour").
var hyphenAmountRe = regexp.MustCompile(`^(\d+(?:\.\d+)?)-([a-z]+)\b`)

// asCounted rewrites the candidates of a question that asks for a total
// or counts a unit, so that total adds them with the others:
//   - for "how many <unit>" (a unit of time or measure), a number joined by
//     a hyphen to that unit ("a 10-day break" → "10" for "how many days";
//     the noun it modifies dropped), as trimQuestionWords writes "10 days";
//   - a number word in digits ("five" → "5"; "I've completed three courses
//     on one site and two on another" totals 5). Of things that are not
//     units, "one" is left as it is: it is as often a pronoun or a rate
//     ("at least one a week") as a count.
//
// Other questions' candidates are returned as they are.
func asCounted(q question, all []cand) []cand {
	unit := unitWord(q.counted)
	if !unit && !q.total {
		return all
	}
	out := make([]cand, len(all))
	for i, c := range all {
		low := strings.ToLower(c.text)
		if f := strings.Fields(low); unit && len(f) == 2 && stem(f[1]) == stem(q.counted) {
			// "three days" for "how many days": three
			low = f[0]
			c.text = c.text[:strings.LastIndexAny(c.text, " ")]
		}
		if m := hyphenAmountRe.FindStringSubmatch(low); m != nil && stem(m[2]) == stem(q.counted) {
			c.text = m[1]
		} else if n, ok := countOf(low); ok && numberWords[low] && (unit || n != 1) {
			c.text = strconv.Itoa(n) // "five" (hours): 5
		}
		out[i] = c
	}
	return out
}

// withCountedUnit adds to a computed amount t that has no unit word the
// unit a "how many <unit>" question counts ("17" → "17 days"), as an
// answer says what it counts; other amounts are returned as they are.
func withCountedUnit(q question, t string) string {
	if !unitWord(q.counted) || !amountRe.MatchString(t) || strings.ContainsAny(t, " $€£¥") {
		return t
	}
	if t == "1" {
		return t + " " + strings.TrimSuffix(q.counted, "s")
	}
	return t + " " + q.counted
}

// distinctMinShare is the share of the best support a sentence needs to
// take part in distinctThings: lower than the half that countItems asks,
// as a phrase that names a distinct thing of the counted noun is evidence
// of its own (a mention the question's other words miss, "the 5-gallon
// tank"). Measured on the calibration harness (LongMemEval oracle
// multi-session 0.256 → 0.263, flat-rag and LoCoMo unchanged; 0.3 the
// same, 0.5 lower).
const distinctMinShare = 0.4

// assistantRole reports whether a speaker prefix names the assistant side
// of a chat ("Assistant", "AI", "Bot", "System"), whose turns suggest and
// explain rather than tell of the user's own things.
func assistantRole(speaker string) bool {
	switch strings.ToLower(strings.TrimSpace(speaker)) {
	case "assistant", "ai", "bot", "system":
		return true
	}
	return false
}

// listQuestionRe is a "how many" question's opening, which a list
// question replaces with "what".
var listQuestionRe = regexp.MustCompile(`(?i)^\s*how many\s+`)

// listedCount counts the things the list question of a "how many"
// question reads from the same sentences: "how many bridesmaids will I
// have" is read as "what bridesmaids will I have", and each item of the
// list answer counts one thing, or the number it opens with ("my sister,
// my college roommate, and two cousins" → 4). The items must all stand in
// the answer's one sentence (a series names them), fewer than the list cap
// (Options.MaxItems); else, or when the list question asks for no list or
// is not answered, it is 0.
func listedCount(question string, q question, sents []*sentence, byUnit [][]*sentence, opts Options) int {
	if q.counted == "" || q.counted == "times" || unitWord(q.counted) || !listQuestionRe.MatchString(question) {
		return 0
	}
	lq := analyzeAt(listQuestionRe.ReplaceAllString(question, "What "), opts.Now)
	if !lq.list || len(lq.focus) == 0 {
		return 0
	}
	sc := newScorer(lq, sents, byUnit)
	ranked := sc.rank()
	if sc.confidence(ranked[0].s) < Threshold(TypeEntity) {
		return 0
	}
	a := compose(lq, sc, ranked, opts)
	if a.Text == "" || IsAbstention(a.Text) {
		return 0
	}
	items := listItems(a.Text)
	if len(items) >= opts.MaxItems {
		return 0 // cut at the cap: a list of everything near the words
	}
	n := 0
	for _, item := range items {
		if !strings.Contains(a.Sentence, item) {
			return 0 // one series names them all, or the count is not read
		}
		k := 1
		if ws := strings.Fields(item); len(ws) > 1 {
			if v, ok := countOf(strings.ToLower(ws[0])); ok && v > 1 {
				k = v
			}
		}
		n += k
	}
	return n
}

// listItems splits a list answer into its items: at commas, and at the
// "and" that joins the last item ("a, b, and c", "a, b and c", "a and
// b"); an "and" inside an earlier item stays ("mac and cheese, …").
func listItems(text string) []string {
	var out []string
	parts := strings.Split(text, ",")
	for k, p := range parts {
		p = strings.TrimSpace(p)
		if k == len(parts)-1 {
			if q, ok := strings.CutPrefix(p, "and "); ok {
				p = q // "…, and two cousins"
			} else if a, b, ok := strings.Cut(p, " and "); ok && k > 0 {
				out = append(out, strings.TrimSpace(a)) // "…, Chipotle and Nando's"
				p = b
			} else if ok && k == 0 {
				out = append(out, strings.TrimSpace(a)) // "a and b"
				p = b
			}
		}
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}
