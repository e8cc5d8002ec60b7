package reader

import (
	"math"
	"unicode"

	"github.com/memarena/memarena/internal/nlp"
	"regexp"
	"strconv"
	"strings"
)

// An ordered list a turn states (numbered steps, a checklist, a ranked
// set of suggestions) answers questions about a position in it: "what is
// the first step …", "what was the 7th item in the list", "what is the
// last one", "which step comes after X". The list is read by position,
// not by the words of its items, which rarely repeat the question's.

// listItem is one item of an ordered list found in the context.
type listItem struct {
	// text is the item's head (itemText), full the whole item.
	text, full string
	u          *unit
}

// ordinalWords are the ordinal adjectives a position question uses; "last"
// and "final" are -1.
var ordinalWords = map[string]int{
	"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8,
	"ninth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12, "last": -1, "final": -1,
}

var (
	// positionRe: "the first step", "the 7th job", "the last venue", "the
	// final thing" — an ordinal before a noun.
	positionRe = regexp.MustCompile(`(?i)\bthe\s+(very\s+)?(first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|last|final|\d{1,2}(?:st|nd|rd|th))\s+([a-z][a-z-]*)`)
	// numberedRe: "step 3", "item 2", "point 4".
	numberedRe = regexp.MustCompile(`(?i)\b(?:step|item|point|stage|phase|rule|tip|number|no\.)\s*#?(\d{1,2})\b`)
	// afterRe: "what step follows X", "what comes (right) after X", "the
	// step after X", "after X, what is the next step".
	afterRe     = regexp.MustCompile(`(?i)\b(?:follows|followed|(?:comes|came|come)\s+(?:right\s+|immediately\s+|directly\s+|just\s+)?after|(?:step|item|one|thing)\s+(?:right\s+|immediately\s+|directly\s+|just\s+)?after)\s+(.+?)\s*[?.!]?$`)
	afterLeadRe = regexp.MustCompile(`(?i)^(?:right\s+|immediately\s+|just\s+)?after\s+(.+?),\s*(?:what|which)\b.*\bnext\b`)
	// inlineMarker: "1) …", "(2) …", "3. …", "Step 4: …" inside a unit.
	inlineMarker = regexp.MustCompile(`(?i)(?:^|[\s,;:])(?:\(?(\d{1,2})[.)]|step\s+(\d{1,2})\s*[:.)–—-])\s+`)
)

// notPositionNouns follow an ordinal without naming a list's item: "the
// first time" asks when, "the first day" a date.
var notPositionNouns = wordSet(`time times day days week weeks month months year years night morning evening weekend
	date half quarter place person`)

// parsePosition reads a position question: pos is the 1-based position
// asked for (-1 the last), or after is the phrase of the item whose
// successor is asked for. ok is false for any other question.
func parsePosition(main string) (pos int, after string, ok bool) {
	q := strings.TrimSpace(main)
	if m := afterLeadRe.FindStringSubmatch(q); m != nil {
		return 0, m[1], true
	}
	if m := afterRe.FindStringSubmatch(q); m != nil {
		return 0, m[1], true
	}
	if m := positionRe.FindStringSubmatch(q); m != nil && !notPositionNouns[strings.ToLower(m[3])] {
		w := strings.ToLower(m[2])
		if n, ok := ordinalWords[w]; ok {
			return n, "", true
		}
		n, _ := strconv.Atoi(strings.TrimRight(w, "stndrh"))
		if n > 0 {
			return n, "", true
		}
	}
	if m := numberedRe.FindStringSubmatch(q); m != nil {
		if n, _ := strconv.Atoi(m[1]); n > 0 {
			return n, "", true
		}
	}
	return 0, "", false
}

// lists finds the ordered lists of a context: runs of at least two
// consecutive units of one memory item that carry list markers (numbered
// 1, 2, 3 … in order, or bullets); numbered runs inside one unit ("1)
// check the forecast, 2) pack the tent, 3) …", "Step 1: … Step 2: …");
// and steps told one per unit ("Step 1: …", later "Step 2: …").
func lists(units []unit) [][]listItem {
	var out [][]listItem
	for i := 0; i < len(units); {
		u := &units[i]
		if u.marker == 0 {
			i++
			continue
		}
		run := []listItem{{itemText(u.text), u.text, u}}
		j := i + 1
		for j < len(units) && units[j].item == u.item && units[j].marker != 0 &&
			(u.marker < 0) == (units[j].marker < 0) && (u.marker < 0 || units[j].marker == units[j-1].marker+1) {
			run = append(run, listItem{itemText(units[j].text), units[j].text, &units[j]})
			j++
		}
		if len(run) >= 2 {
			out = append(out, run)
		}
		i = j
	}
	for i := range units {
		u := &units[i]
		locs := inlineMarker.FindAllStringSubmatchIndex(u.text, -1)
		// runs numbered 1, 2, 3 … in order; a 1 starts a new run
		var run []listItem
		flush := func() {
			if len(run) >= 2 {
				out = append(out, run)
			}
			run = nil
		}
		for k, l := range locs {
			n := markerNumber(u.text, l)
			if n == 1 {
				flush()
			} else if n != len(run)+1 {
				flush()
				continue
			}
			end := len(u.text)
			if k+1 < len(locs) {
				end = locs[k+1][0]
			}
			run = append(run, listItem{itemText(u.text[l[1]:end]), u.text[l[1]:end], u})
		}
		flush()
	}
	// A series announced after a colon by a noun that names a
	// procedure ("So the sequence was: check the breakers, press the
	// reset, then call Dale"), in a unit that numbers nothing.
	for i := range units {
		u := &units[i]
		if inlineMarker.MatchString(u.text) {
			continue
		}
		if run := announcedSeries(u); len(run) >= 3 {
			out = append(out, run)
		}
	}
	// Steps told one per turn ("Step 1: …" in one turn, "Step 2: …" in a
	// later one): the first unit (in context order) that starts with each
	// number, while the numbers run 1, 2, 3 ….
	first := map[int]*unit{}
	for i := range units {
		u := &units[i]
		if l := stepLead.FindStringSubmatchIndex(u.text); l != nil {
			if n, _ := strconv.Atoi(u.text[l[2]:l[3]]); n > 0 && first[n] == nil {
				first[n] = u
			}
		}
	}
	var run []listItem
	for n := 1; first[n] != nil; n++ {
		u := first[n]
		rest := u.text[stepLead.FindStringIndex(u.text)[1]:]
		if l := inlineMarker.FindStringIndex(rest); l != nil {
			rest = rest[:l[0]] // the next step told in the same turn
		}
		run = append(run, listItem{itemText(rest), rest, u})
	}
	if len(run) >= 2 {
		out = append(out, run)
	}
	return out
}

// seriesNouns name an ordered series of actions that a colon may announce.
var seriesNouns = wordSet(`sequence steps process procedure checklist routine playbook`)

// seriesSplitRe splits an announced series into its items: commas, and a
// last "and" or "then" after one.
var seriesSplitRe = regexp.MustCompile(`\s*(?:,\s*(?:and\s+|then\s+|and\s+then\s+)?|;\s*|\s+then\s+)`)

// announcedSeries is the series of actions a sentence of u announces
// after a colon with a noun that names a procedure before it (seriesNouns,
// at most four words before the colon: "the sequence was:", "Your
// checklist:"), up to the sentence's end; nil when no sentence does. An
// item that runs into a relative clause ("call Dale, who found …") ends
// there.
func announcedSeries(u *unit) []listItem {
	for _, st := range splitSentences(u.text) {
		head, rest, ok := strings.Cut(st, ":")
		if !ok {
			continue
		}
		hw := strings.Fields(strings.ToLower(head))
		named := false
		for k := len(hw) - 1; k >= 0 && k >= len(hw)-4; k-- {
			if seriesNouns[strings.Trim(hw[k], ".,;!?")] {
				named = true
			}
		}
		if !named {
			continue
		}
		var run []listItem
		for _, it := range seriesSplitRe.Split(strings.TrimRight(strings.TrimSpace(rest), ".!?"), -1) {
			it = strings.TrimSpace(it)
			if w := strings.Fields(it); len(w) > 0 && (strings.EqualFold(w[0], "who") || strings.EqualFold(w[0], "which")) {
				break // "…, who found a failed thermocouple"
			}
			if it != "" {
				run = append(run, listItem{itemText(it), it, u})
			}
		}
		return run
	}
	return nil
}

// stepLead is a unit that starts with a step number ("Step 2: …").
var stepLead = regexp.MustCompile(`(?i)^step\s+(\d{1,2})\s*[:.)–—-]\s+`)

// markerNumber is the number of an inlineMarker match l in text.
func markerNumber(text string, l []int) int {
	g := 2
	if l[2] < 0 {
		g = 4 // "Step 4:"
	}
	n, _ := strconv.Atoi(text[l[g]:l[g+1]])
	return n
}

// parenRe is a parenthetical remark.
var parenRe = regexp.MustCompile(`\s*\([^()]*\)`)

// itemText is an item's head: markdown emphasis and parenthetical
// remarks removed, cut at a
// description after a colon or a dash ("**Transcriptionist**: many
// companies …" → "Transcriptionist") and at the end of its first
// sentence or clause.
func itemText(t string) string {
	t = strings.NewReplacer("**", "", "__", "", "`", "").Replace(t)
	t = parenRe.ReplaceAllString(t, "")
	for _, sep := range []string{" / ", ": ", " - ", " – ", " — ", "; ", ". "} {
		if i := strings.Index(t, sep); i > 0 {
			t = t[:i]
		}
	}
	return strings.TrimSpace(strings.Trim(strings.TrimSpace(t), ".,;:"))
}

// readPosition answers a position question from the context's ordered
// lists: the list whose item and its introduction (the units of the same
// memory item before it, and the unit right before it) hold the largest
// share of the question's focus terms; for "after X" only lists with an
// item holding X's terms, the item after the one holding most of them.
// Lists are ranked by the IDF-weighted share (scorer.cover); the answer
// needs the plain share (as scorer.confidence counts it) to be at least
// minShare, unless it is the context's only list (for a position, not for
// "after X", which needs an item holding X's terms). It returns "" when no
// list qualifies, the position is beyond the list, or X is its last item;
// else the item's text, the item, and the list's plain share.
func readPosition(q question, sc *scorer, units []unit, minShare float64) (string, *listItem, float64) {
	ls := lists(units)
	bestI, bestAt, bestShare := bestList(q, sc, units, ls, minShare)
	if bestI < 0 {
		return "", nil, 0
	}
	l := ls[bestI]
	k := -1
	switch {
	case q.after != "":
		k = bestAt + 1
	case q.position == -1:
		k = len(l) - 1
	default:
		k = q.position - 1
	}
	if k < 0 || k >= len(l) || l[k].text == "" {
		return "", nil, 0
	}
	return l[k].text, &l[k], bestShare
}

// bestList is the index in ls of the list the question asks about, as
// readPosition chooses it, the index of the item holding most of "after
// X"'s terms (-1 without q.after), and the list's plain share; index -1
// when no list qualifies.
func bestList(q question, sc *scorer, units []unit, ls [][]listItem, minShare float64) (int, int, float64) {
	bestV, bestI, bestAt, bestShare := 0.0, -1, -1, 0.0
	for i, l := range ls {
		set := map[string]bool{}
		add := func(text string) {
			for _, t := range words(text) {
				if !t.Punct {
					set[stem(t.Lower)] = true
				}
			}
		}
		for _, it := range l {
			add(it.u.text)
		}
		first := l[0].u.index
		for k := first - 1; k >= 0 && (units[k].item == l[0].u.item || k == first-1 && (!q.steps || units[k].date.Equal(l[0].u.date))); k-- {
			// (for steps, the unit before the list introduces it only
			// when told the same day: a request in another session
			// is about something else)
			add(units[k].text)
		}
		if first < len(sc.unitSet) {
			for k := range sc.unitSet[first] {
				set[k] = true
			}
		}
		at := -1
		if q.after != "" {
			keys := eventKeys(q.after)
			bestHit := 0
			for k, it := range l {
				hit := 0
				itSet := map[string]bool{}
				for _, t := range words(it.full) {
					itSet[stem(t.Lower)] = true
				}
				for _, key := range keys {
					if itSet[key] {
						hit++
					}
				}
				if hit > bestHit {
					bestHit, at = hit, k
				}
			}
			if at < 0 || 2*bestHit < len(keys) {
				continue
			}
		}
		sh, v := share(q, set), sc.cover(set)
		if sh > bestShare+1e-9 || sh > bestShare-1e-9 && v > bestV+1e-9 {
			bestV, bestI, bestAt, bestShare = v, i, at, sh
		}
	}
	if len(ls) == 1 && q.after == "" && (!q.steps || bestShare > 0) {
		// The context's only list: its items, not the question's
		// words, say what it lists ("the 7th job in the list you
		// gave me" over a list of job titles). For steps, only when
		// the list or its introduction holds a term of the question:
		// the only list may be about something else.
		bestI, bestShare = 0, math.Max(bestShare, minShare)
	}
	if bestI < 0 || bestShare < minShare {
		return -1, -1, 0
	}
	return bestI, bestAt, bestShare
}

// stepNouns name a procedure told as steps. Nouns that as often name one
// thing are left out: one technique ("approach", "method"), a medical
// operation ("procedure"), a programme ("routine"), one step ("step").
var stepNouns = wordSet(`steps process checklist playbook`)

// stepsDoRe is a question that asks what was done about a problem or
// situation ("what did we do about the blackfly", "what did I do this
// year when the forms didn't match", "what did we do last time the
// basement flooded"): a procedure. "What did I do with / for / to X" and
// "what fixed it" ask for one thing as often ("put it under the
// flowerpot", "replacing the washer") and are not matched.
var stepsDoRe = regexp.MustCompile(`(?i)\bwhat\s+(?:did|do|should|would)\s+(?:we|i)\s+do\b(?:\s+[\w']+){0,3}?\s+(?:about|when|whenever|if|(?:last|the\s+other)\s+time)\b`)

// stepsQuestion reports whether a question (main clause main) with head
// noun head asks for the steps of a procedure: its head noun names a
// procedure ("what steps did we follow", "what's the process for change
// orders"), or it asks what was done about something (stepsDoRe). A bare
// "how did we …" is not one: it asks for a manner or means, which one
// action may be ("by pinning the version").
func stepsQuestion(main, head string) bool {
	if strings.HasPrefix(strings.ToLower(strings.TrimSpace(main)), "which") {
		return false // "which steps did I skip": some of them
	}
	return stepNouns[strings.ToLower(head)] || stepsDoRe.MatchString(main)
}

// maxSteps caps the steps a steps answer joins; maxStepWords caps one
// step's head, in words.
const (
	maxSteps     = 8
	maxStepWords = 10
)

// readSteps answers a question that asks for the steps of a procedure
// (question.steps) from the ordered list the context states for it: the
// list chosen as for a position (bestList), its items' heads in order
// (stepHead), at most maxSteps, joined with commas. A procedure told as
// numbered steps is answered by those steps, not by the one sentence
// that shares most words with the question. It returns "" when no list
// qualifies; else the answer, the list's first item and its plain share.
func readSteps(q question, sc *scorer, units []unit, minShare float64) (string, *listItem, float64) {
	ls := lists(units)
	i, _, sh := bestList(q, sc, units, ls, minShare)
	if i < 0 {
		return "", nil, 0
	}
	if q.head != "checklist" && !actionList(ls[i]) {
		// (a checklist may list things: the documents to gather)
		return "", nil, 0
	}
	var parts []string
	for _, it := range ls[i] {
		if h := stepHead(it.full); h != "" && len(parts) < maxSteps {
			parts = append(parts, h)
		}
	}
	if len(parts) < 2 {
		return "", nil, 0
	}
	return strings.Join(parts, ", "), &ls[i][0], sh
}

// actionList reports whether fewer than half of list l's items are
// things rather than actions (thingItem): steps are actions ("check the
// breaker", "pulled the ledger"); a list of things ("oat milk, eggs"),
// qualities ("slow, expensive") or people's shares ("Mia brings chips")
// is no procedure. The tagger reads an imperative in isolation poorly
// ("Photograph the damage"), so the test is on what a thing looks like.
func actionList(l []listItem) bool {
	things := 0
	for _, it := range l {
		if thingItem(itemText(it.full), it.u) {
			things++
		}
	}
	return 2*things < len(l)
}

// thingItem reports whether a list item's head h names a thing or a
// quality, or is a clause with its own subject, rather than an action: a
// single word; a head that opens with a determiner, a number, a
// possessive or a pronoun other than a first-person subject with its
// verb ("the science museum", "two pizzas", "she brings the cake"; "we
// shut off the valve" is a step told as done); an adjective with no verb after it ("expensive"); a
// two-word noun compound ("oat milk"); a subject and its verb ("Mia
// brings chips").
func thingItem(h string, u *unit) bool {
	s := newSentence(h, u)
	n := len(s.toks)
	if n <= 1 {
		return true
	}
	tg := s.tags()
	first := s.lowerTag(0)
	if w := s.toks[0].Lower; (w == "i" || w == "we") && strings.HasPrefix(tg[1], "VB") {
		return false // "We shut off the main valve": a step told as done
	}
	switch first {
	case "DT", "CD", "PRP$", "PDT", "PRP", "EX", "WDT":
		return true
	}
	verb := false
	for _, t := range tg[1:] {
		if strings.HasPrefix(t, "VB") {
			verb = true
		}
	}
	switch {
	case strings.HasPrefix(first, "JJ") && !verb:
		return true
	case n == 2 && strings.HasPrefix(tg[0], "NN") && strings.HasPrefix(tg[1], "NN"):
		return true
	case tg[1] == "VBZ":
		return true
	}
	return false
}

// stepClauseWords open the part of a step that gives its purpose or
// reason rather than the action ("send the same scope so they price the
// same job"); "which" may open what the action asks ("ask the clerk which
// form you need").
var stepClauseWords = wordSet(`so because unless`)

// capitalizedText reports whether w starts with an upper-case letter (a
// name's word: "Find My" keeps its "My").
func capitalizedText(w string) bool {
	r := []rune(w)
	return len(r) > 0 && unicode.IsUpper(r[0])
}

// danglingWord reports whether w cannot end a phrase: a conjunction, a
// determiner or a preposition that takes an object ("… a sheltered spot
// and", "… two case"; not a particle: "write each one up").
func danglingWord(w string) bool {
	return nlp.IsConjunction(w) || nlp.IsDeterminer(w) || w == "and" || w == "or" || w == "but" || nlp.IsPreposition(w) && !particles[w]
}

// commaClauseOpener reports whether w, after a comma inside a step, opens
// another clause ("then", "so", "but", a pronoun) rather than the next
// item of a series ("the eggs, milk and sugar").
func commaClauseOpener(w string) bool {
	w = strings.ToLower(strings.Trim(w, ",;:"))
	return w == "then" || w == "so" || w == "but" || w == "or" || w == "and" || w == "which" || w == "who" || nlp.IsPronoun(w) ||
		strings.HasSuffix(w, "ing") // "…, wearing gloves"
}

// stepHead is the action of a list item: its head (itemText), cut before
// a comma that opens another clause (commaClauseOpener) or a purpose or
// reason clause (stepClauseWords) once it has two words, at most maxStepWords words (a head cut short by the cap ends
// before its last "and", "or" or "then"), without a dangling last word.
func stepHead(full string) string {
	ws := strings.Fields(itemText(full))
	var out []string
	for k, w := range ws {
		if len(out) >= 2 && stepClauseWords[strings.ToLower(w)] {
			break
		}
		out = append(out, w)
		if len(out) >= maxStepWords {
			if k+1 < len(ws) {
				// cut short: a second action coordinated inside the
				// cap is dropped whole ("put them outside and bring
				// them")
				for j := len(out) - 1; j >= 3; j-- {
					if l := strings.ToLower(out[j]); l == "and" || l == "or" || l == "then" {
						out = out[:j]
						break
					}
				}
			}
			break
		}
		if len(out) >= 2 && strings.HasSuffix(w, ",") && (k+1 >= len(ws) || commaClauseOpener(ws[k+1])) {
			break // "write each one up, then sign it"; not "the eggs, milk and sugar"
		}
	}
	for len(out) > 1 && !capitalizedText(out[len(out)-1]) && danglingWord(strings.ToLower(strings.TrimRight(out[len(out)-1], ",;:"))) {
		out = out[:len(out)-1] // "… in a sheltered spot and"
	}
	return strings.TrimRight(strings.Join(out, " "), ",;:")
}

// share is the share of the question's focus terms in set, each counted
// once without IDF (the category noun half), as scorer.confidence counts.
// A steps question's head noun ("what steps", "the process") names the
// list itself, whose items rarely say it, and is not counted.
func share(q question, set map[string]bool) float64 {
	var hit, total float64
	for _, t := range q.focus {
		if q.steps && t == q.headKey {
			continue
		}
		w := q.weight(t)
		total += w
		if set[t] {
			hit += w
		}
	}
	if total == 0 {
		return 0
	}
	return hit / total
}
