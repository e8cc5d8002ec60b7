package reader

import (
	"regexp"
	"sort"
	"strings"
	"time"

	"github.com/memarena/memarena/internal/temporal"
)

// orderQuestion is a question about the order of several events: "what is
// the order of the three trips I took", "in what order did I visit the
// museums", "which events happened in the order from first to last: A, B,
// and C", "who finished first, second and third among A, B and C". The
// question either names the events (items) or only their kind (kind: the
// stem of the plural noun that heads the phrase, "trip"), and then the
// things of that kind are read from the memory items. The answer lists
// them by date, earliest first unless latest is set. The reading is the
// temporal ordering task of event-centred QA (TempEval's event–event
// relations; TORQUE, Ning et al. 2020), answered by dating each event
// (eventDate) and sorting.
type orderQuestion struct {
	// items are the events' phrases as the question words them (framing
	// "the day I" removed); nil in kind mode.
	items []string
	// kind is the stem of the kind noun ("museum"), "" when items are
	// named; count is the number the question states of them ("the three
	// trips": 3), 0 when none.
	kind  string
	count int
	// verb is the verb of "who <verb> first, second and third among …",
	// added to each name to find its event ("Ann won"); "" otherwise.
	verb string
	// latest is true for "from latest to earliest": the answer starts
	// with the latest event.
	latest bool
}

var (
	// orderOfRe is "what is the order of X" ("what's the sequence of").
	orderOfRe = regexp.MustCompile(`(?i)^(?:what|which)(?:\s+is|'s|’s|\s+was)\s+the\s+(?:chronological\s+|correct\s+|right\s+)?(?:order|sequence)\s+(?:of|in which)\s+(.+)$`)
	// inWhatOrderRe is "in what order did I X".
	inWhatOrderRe = regexp.MustCompile(`(?i)^in\s+(?:what|which)\s+order\s+(?:did|do|have|had|were|was)\s+(.+)$`)
	// inTheOrderRe is a question that lists events after a colon and
	// asks their order ("which events happened in the order …: A, B and
	// C").
	inTheOrderRe = regexp.MustCompile(`(?i)^(?:which|what|in what|list|order|put|sort|rank)\b[^:]*\b(?:order|sequence|chronologically|first to last|earliest to latest)\b[^:]*:\s*(.+)$`)
	// rankAmongRe is "who <verb> first, second and third among A, B and C".
	rankAmongRe = regexp.MustCompile(`(?i)^who\s+(\w+)\s+first,?\s+second,?\s+(?:and|then)\s+third\s+(?:among|between|of|out of)\s+(.+)$`)
	// latestFirstRe asks the order from the latest event back.
	latestFirstRe = regexp.MustCompile(`(?i)\b(?:from\s+(?:the\s+)?(?:latest|most\s+recent|newest|last)\s+to|starting\s+(?:from|with)\s+(?:the\s+)?(?:latest|most\s+recent|newest|last)|reverse\s+chronological)\b`)
	// orderTail is the direction said after the kind phrase (", from
	// earliest to latest", "starting from the earliest").
	orderTail = regexp.MustCompile(`(?i)[,;]?\s*(?:\b(?:from|starting\s+(?:from|with))\s+(?:the\s+)?(?:earliest|latest|first|last|oldest|newest|most\s+recent)\b.*|\bin\s+(?:chronological|reverse)\b.*|\bchronologically\b.*)$`)
	// quotedItemRe is an event quoted in the question ('I did X').
	quotedItemRe = regexp.MustCompile(`(?:^|[\s,:;(])['‘“"](.+?)['’”"](?:[\s,.;:?)]|$)`)
	// itemSep separates listed events: a comma (with "and"/"or"), a
	// semicolon.
	itemSep = regexp.MustCompile(`\s*(?:,\s*(?:and\s+|or\s+|then\s+)?|;\s*)`)
)

// parseOrder reads an order question from the interrogative sentence
// main; ok is false for any other question, and for one naming fewer
// than two events and no kind.
func parseOrder(main string) (o orderQuestion, ok bool) {
	q := strings.TrimSpace(strings.TrimRight(strings.TrimSpace(main), "?.!"))
	o.latest = latestFirstRe.MatchString(q)
	var rest string
	switch {
	case rankAmongRe.MatchString(q):
		m := rankAmongRe.FindStringSubmatch(q)
		o.verb = m[1]
		o.items = splitItems(m[2])
		return o, len(o.items) >= 2
	case orderOfRe.MatchString(q):
		rest = orderOfRe.FindStringSubmatch(q)[1]
	case inWhatOrderRe.MatchString(q):
		rest = inWhatOrderRe.FindStringSubmatch(q)[1]
	case inTheOrderRe.MatchString(q):
		o.items = splitItems(inTheOrderRe.FindStringSubmatch(q)[1])
		return o, len(o.items) >= 2
	default:
		return o, false
	}
	if i := strings.Index(rest, ":"); i >= 0 {
		o.items = splitItems(rest[i+1:])
		return o, len(o.items) >= 2
	}
	if qs := quotedItems(rest); len(qs) >= 2 {
		o.items = qs
		return o, true
	}
	rest = strings.TrimSpace(orderTail.ReplaceAllString(rest, ""))
	o.kind, o.count = kindNoun(rest)
	return o, o.kind != ""
}

// kindNoun is the stem of the plural noun that heads a kind phrase ("the
// three trips I took" → "trip", "airlines I flew with" → "airlin", "the
// sports events" → "event") and the count the phrase states ("three" →
// 3; 0 when none): the last word before the phrase's first pronoun,
// preposition, verb-introducing word or conjunction, when it is plural
// ("-s"). "" when there is none.
func kindNoun(phrase string) (string, int) {
	toks := words(phrase)
	head, count := "", 0
	for i, t := range toks {
		if t.Punct {
			break
		}
		if n, ok := countOf(t.Lower); ok && t.Lower != "a" && t.Lower != "an" && i < 3 {
			count = n
			continue
		}
		if t.Lower == "the" || t.Lower == "my" || t.Lower == "our" || t.Lower == "all" || t.Lower == "different" || t.Lower == "various" {
			continue
		}
		if t.Lower == "and" || t.Lower == "or" {
			break // "the concerts and musical events": the first kind
		}
		if isPronoun(t.Lower) || kindStop[t.Lower] {
			break
		}
		head = t.Lower
	}
	if len(head) < 4 || !strings.HasSuffix(head, "s") || strings.HasSuffix(head, "ss") {
		return "", 0
	}
	return stem(head), count
}

// kindStop are words that end a kind phrase's noun phrase: prepositions,
// relative words and auxiliaries.
var kindStop = map[string]bool{
	"that": true, "which": true, "who": true, "in": true, "on": true, "at": true, "during": true, "from": true,
	"over": true, "since": true, "before": true, "after": true, "with": true, "to": true, "for": true, "of": true,
	"by": true, "were": true, "was": true, "have": true, "had": true, "did": true, "when": true, "this": true, "last": true,
}

// isPronoun reports whether w is a subject or object personal pronoun.
func isPronoun(w string) bool {
	switch w {
	case "i", "we", "you", "he", "she", "they", "me", "us", "him", "her", "them":
		return true
	}
	return false
}

// quotedItems are the phrases a question quotes ('I did X', "Y").
func quotedItems(s string) []string {
	var out []string
	for _, m := range quotedItemRe.FindAllStringSubmatch(s, -1) {
		if t := strings.TrimSpace(m[1]); t != "" {
			out = append(out, t)
		}
	}
	return out
}

// splitItems splits a listed series of events ("the day I A, the day I B,
// and the day I C"; "Ann, Bo and Cy"; quoted phrases) into the events'
// phrases, each without its framing words ("the day I" → "I"). The last
// part is split at "and" only when the parts before it are short (names:
// "Ann, Bo and Cy"), as an event's own phrase may say "and".
func splitItems(s string) []string {
	s = strings.TrimSpace(strings.TrimRight(strings.TrimSpace(s), "?.!"))
	if qs := quotedItems(s); len(qs) >= 2 {
		return qs
	}
	parts := itemSep.Split(s, -1)
	last := parts[len(parts)-1]
	short := true
	for _, p := range parts[:len(parts)-1] {
		short = short && len(strings.Fields(p)) <= 3
	}
	if i := strings.LastIndex(strings.ToLower(last), " and "); i > 0 && short {
		parts = append(parts[:len(parts)-1], last[:i], last[i+len(" and "):])
	}
	var out []string
	for _, p := range parts {
		p = strings.TrimSpace(p)
		lp := strings.ToLower(p)
		if strings.HasPrefix(lp, "and ") {
			p = strings.TrimSpace(p[4:])
		}
		p = strings.TrimSpace(eventFrame.ReplaceAllString(p, ""))
		p = strings.Trim(p, `'"‘’“” `)
		if p != "" {
			out = append(out, p)
		}
	}
	return out
}

// orderedEvent is one event of an order answer: its text, day and the
// sentence it was dated by (whose position breaks ties).
type orderedEvent struct {
	text string
	day  time.Time
	pos  int
	sup  float64
}

// orderAnswer answers an order question: the events sorted by day (ties
// by where the context tells them), joined by joinOrder. Named events are
// dated by eventDate; for a kind, kindEvents reads the things. It returns
// "" when an event is not found or dated, or fewer than two are.
func orderAnswer(q question, sc *scorer, ranked []scored) (string, *sentence) {
	var evs []orderedEvent
	var first *sentence
	if q.ordering.kind == "" {
		for _, it := range q.ordering.items {
			phrase := it
			if q.ordering.verb != "" {
				phrase += " " + q.ordering.verb
			}
			d, s, _, ok := eventDate(sc, phrase, nil)
			if !ok {
				return "", nil
			}
			if first == nil {
				first = s
			}
			evs = append(evs, orderedEvent{text: it, day: d, pos: s.pos})
		}
	} else {
		evs, first = kindEvents(q, ranked)
	}
	if len(evs) < 2 {
		return "", nil
	}
	sort.SliceStable(evs, func(i, j int) bool {
		if !evs[i].day.Equal(evs[j].day) {
			return evs[i].day.Before(evs[j].day) != q.ordering.latest
		}
		return evs[i].pos < evs[j].pos != q.ordering.latest
	})
	texts := make([]string, len(evs))
	for i, e := range evs {
		texts[i] = e.text
	}
	return joinOrder(texts), first
}

// joinOrder writes events in order: "A, then B, then C"; events told as
// clauses (opening with a subject pronoun: "I met Ann") as a narrative,
// "first I A, then I B, and finally I C".
func joinOrder(texts []string) string {
	clauses := true
	for _, t := range texts {
		f := strings.Fields(t)
		clauses = clauses && len(f) > 1 && isPronoun(strings.ToLower(f[0]))
	}
	if !clauses {
		return strings.Join(texts, ", then ")
	}
	n := len(texts)
	return "First, " + strings.Join(texts[:n-1], ", then ") + ", and finally " + texts[n-1]
}

// kindShare is the share of the best support a sentence needs for the
// things of the question's kind it names to be read (listPoolShare's
// value: a list's items are each told in their own turn).
const kindShare = 0.25

// kindEvents reads the things of the order question's kind from the
// well-supported memory items, one per item: in the item's best-supported
// sentence that names one, a name holding the kind noun ("the Science
// Museum"), else the noun phrase the kind noun heads with its modifiers
// ("a solo camping trip") and a name it goes to ("trip to Yosemite"). A
// thing is dated by the day its sentence states (statedDay), else by its
// item's date; a thing named again keeps its first day. When the question
// states a count and more things are read, the best-supported ones are
// kept. The assistant's turns do not count for a question about the user.
func kindEvents(q question, ranked []scored) ([]orderedEvent, *sentence) {
	if len(ranked) == 0 {
		return nil, nil
	}
	min := ranked[0].support * kindShare
	// one thing per memory item: from its best-supported sentence that
	// names one, or from one that states its day ("today"), which tells
	// the item's own event rather than one it recalls
	type found struct {
		s     *sentence
		text  string
		day   time.Time
		dated bool
		sup   float64
	}
	byUnit := map[*unit]int{}
	var things []found
	for _, r := range ranked {
		if r.support < min {
			break
		}
		s := r.s
		if q.firstPerson && assistantRole(s.u.speaker) || !s.set[q.ordering.kind] {
			continue
		}
		i, seenUnit := byUnit[s.u]
		if seenUnit && things[i].dated {
			continue
		}
		text, ok := kindPhrase(q, s)
		if !ok {
			continue
		}
		d, dated := statedDay(s)
		if !dated {
			if seenUnit || s.u.date.IsZero() {
				continue
			}
			d = temporal.DayStart(s.u.date)
		}
		f := found{s, text, d, dated, r.support}
		if seenUnit {
			things[i] = f
			continue
		}
		byUnit[s.u] = len(things)
		things = append(things, f)
	}
	seen := map[string]int{}
	var evs []orderedEvent
	var first *sentence
	for _, f := range things {
		k := normKey(f.text)
		for o := range seen {
			// "the trip to Lyon" after "the trip to Lyon Old Town":
			// the same thing told again
			if subsetWords(k, o) || subsetWords(o, k) {
				k = o
				break
			}
		}
		if i, ok := seen[k]; ok {
			if f.day.Before(evs[i].day) {
				evs[i].day, evs[i].pos = f.day, f.s.pos
			}
			continue
		}
		if first == nil {
			first = f.s
		}
		seen[k] = len(evs)
		evs = append(evs, orderedEvent{text: f.text, day: f.day, pos: f.s.pos, sup: f.sup})
	}
	if n := q.ordering.count; n >= 2 && len(evs) > n {
		// ranked order is support order: the first n are the best
		evs = evs[:n]
	}
	return evs, first
}

// kindPhrase is the thing of the question's kind a sentence names: a
// name holding the kind noun (possessive "'s" dropped), else the kind
// noun (singular) with the words before it that modify it and a name after
// "to", "at" or "in". ok is false when the sentence names none.
func kindPhrase(q question, s *sentence) (string, bool) {
	for _, sp := range nameSpans(q, s) {
		for i := sp.start; i < sp.end; i++ {
			if s.keys[i] == q.ordering.kind {
				return trimPossessive(sp.text), true
			}
		}
	}
	tg := s.tags()
	for i := range s.toks {
		if s.keys[i] != q.ordering.kind || !strings.HasPrefix(tg[i], "NN") {
			continue
		}
		if i+1 < len(s.toks) && strings.HasPrefix(tg[i+1], "NN") && !s.toks[i+1].Punct && !dayWords[s.toks[i+1].Lower] && !calendarName(s.toks[i+1].Text) {
			continue // a modifier: "concert hall" (not "concert today")
		}
		if tg[i] == "NNS" || tg[i] == "NNPS" {
			continue // a set: "great trips"
		}
		st, _ := phraseBefore(s, i)
		if st < i && planned[s.toks[st].Lower] {
			continue // "my upcoming trip" has not happened
		}
		for st < i && onlyEvaluative(s, st, st+1) {
			st++ // "an amazing trip": the judgement is no part of the thing
		}
		if st == i {
			continue // a bare noun ("the trip") tells no thing apart
		}
		end := i + 1
		if end+1 < len(s.toks) && (s.toks[end].Lower == "to" || s.toks[end].Lower == "at" || s.toks[end].Lower == "in") && capitalized(s, end+1) {
			end++
			for end < len(s.toks) && capitalized(s, end) {
				end++
			}
		}
		return trimPossessive(textOf(s, st, end)), true
	}
	return "", false
}

// dayWords are the deictic day words a tagger may read as nouns after a
// noun ("the concert today").
var dayWords = wordSet(`today yesterday tonight tomorrow`)

// planned are modifiers of a thing still to come ("my upcoming trip").
var planned = wordSet(`upcoming next future planned coming`)

// trimPossessive drops a final possessive "'s" ("the Art Museum's" →
// "the Art Museum") and an opening article.
func trimPossessive(t string) string {
	t = strings.TrimSpace(t)
	for _, suf := range []string{"'s", "’s"} {
		t = strings.TrimSuffix(t, suf)
	}
	for _, art := range []string{"the ", "The ", "a ", "A ", "an ", "An "} {
		t = strings.TrimPrefix(t, art)
	}
	return strings.TrimSpace(t)
}
