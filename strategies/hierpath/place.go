package hierpath

import (
	"github.com/memarena/memarena/internal/model"
	"regexp"
	"strings"
	"unicode"

	"github.com/memarena/memarena/internal/nlp"
	"github.com/memarena/memarena/internal/textutil"
	"github.com/memarena/memarena/scenarios"
)

// Placement is the reply of a locate-path request (model.Placement).
type Placement = model.Placement

// Update is one stated change of a value (model.Update).
type Update = model.Update

// Cue phrases, matched on whole lowercase words with apostrophes dropped
// ("didn't" → "didnt"). They implement the design's offline placement rules:
// role and cues → step kind, outcome cues → success/failure, stage cues and
// topic shift → subtask.
var (
	reflectionCues = []string{"lesson", "lessons", "learned", "learnt", "in hindsight", "next time", "should have", "root cause",
		"takeaway", "the problem was", "the issue was", "going forward", "note to self", "remember to", "from now on", "in future",
		"in the future", "what we learned"}
	decisionCues = []string{"decided", "decide to", "we decide", "decision", "lets go with", "go with", "well go with", "we will use",
		"well use", "settled on", "settle on", "chose", "we choose", "picked", "we pick", "opt for", "opted", "agreed", "final choice",
		"the plan is", "lets use", "lets book", "ill take", "well take", "going with", "go ahead with", "we use", "i propose",
		"i would use", "i recommend", "we should use", "the fix is", "we go with", "stays on", "stay on", "same fix",
		"same recipe", "i would say no", "i would say yes"}
	failureCues = []string{"did not work", "didnt work", "does not work", "doesnt work", "not working", "no longer works", "failed",
		"fails", "failing", "still broken", "broken", "is closed", "was closed", "are closed", "sold out", "fully booked", "unavailable",
		"not available", "no availability", "cancelled", "canceled", "rejected", "timed out", "times out", "no luck", "crashed",
		"crashes", "did not help", "didnt help", "doesnt help", "does not help", "made it worse", "still see", "still seeing",
		"still getting", "not fixed", "still slow"}
	successCues = []string{"works", "worked", "working now", "fixed", "passes", "passed", "pass now", "all green", "is green",
		"everything is green", "resolved", "succeeded", "confirmed", "is booked", "that did it", "solved",
		"verified", "went well", "done"}
	actionCues = []string{"let me", "ill", "i will", "we will", "running", "ran", "run", "rerun", "rerunning", "try", "trying",
		"tried", "install", "installed", "add", "added", "apply", "applied", "deploy", "deployed", "restart", "restarted",
		"search", "searched", "check", "checked", "checking", "call", "called", "set up", "configure", "configured", "update",
		"updated", "change", "changed", "wrote", "write", "implement", "implemented", "create", "created", "reserve", "reserved",
		"book", "increase", "increased", "bump", "bumped", "merged", "migrate", "migrated", "suggest", "you could",
		"you can", "could try", "lets", "do it", "go ahead", "start with"}
	smalltalkCues = []string{"thanks", "thank you", "how was your", "weekend", "good morning", "hello", "hi", "hey", "bye",
		"see you", "talk next week", "have a nice", "enjoy", "congratulations", "congrats", "coffee", "sorry about", "glad",
		"good luck", "cheers", "haha", "ha", "lol", "great start", "weather", "rain", "sunshine", "chocolate", "cat", "dentist",
		"beer", "lunch", "vacation", "holiday", "happy", "ugh", "guess"}
	digressionCues = []string{"side note", "unrelated", "totally unrelated", "personal news", "by the way", "off topic",
		"lab gossip", "fun fact", "confession", "on a personal note", "random thought"}
	stageCues = []string{"different topic", "new topic", "next", "next up", "now the", "now lets", "moving on", "another thing",
		"another change", "one more thing", "problem one", "problem two", "problem three", "first item", "second item",
		"third item", "second", "third", "separately", "new sub topic", "new subtopic", "new issue", "new project",
		"last thing", "switching to", "on another note", "other question", "different question", "also for"}
	revertCues = regexp.MustCompile(`(?i)\b(?:revert(?:ed|ing)? to|go(?:ing)? back to|went back to|switch(?:ed)? back to|roll(?:ed)? back to|back to)\s+(.+)`)
)

// cuePhrase turns text into " w1 w2 … " for whole-word cue matching.
func cuePhrase(text string) string { return " " + strings.Join(textutil.Words(text), " ") + " " }

func hasCue(phrase string, cues []string) bool {
	for _, c := range cues {
		if strings.Contains(phrase, " "+c+" ") {
			return true
		}
	}
	return false
}

// step is the rule classification of one turn.
type step struct {
	Node     string
	Outcome  string
	ChitChat bool
}

// classify applies the role and cue rules to one turn:
//
//   - outcome: failure cues (checked first, so "did not work" is not read as
//     "work"), then success cues; a tool's "FAIL"/"error" or "PASS"/"ok";
//   - kind: reflection cues → reflection; decision cues → decision; a tool
//     turn → observation; an outcome report without action cues →
//     observation (a result); action cues → action; otherwise a user turn is
//     an observation and an assistant turn an observation too (it informs);
//   - chit-chat: a small-talk or digression cue with no decision, outcome,
//     reflection or update cue, in a short turn (≤ 20 content words) or
//     one that announces a digression.
func classify(role, text string) step {
	p := cuePhrase(text)
	var s step
	switch {
	case hasCue(p, failureCues):
		s.Outcome = OutcomeFailure
	case hasCue(p, successCues):
		s.Outcome = OutcomeSuccess
	}
	if role == scenarios.RoleTool && s.Outcome == "" {
		switch {
		case hasCue(p, []string{"fail", "error", "panic", "exit status 1"}):
			s.Outcome = OutcomeFailure
		case hasCue(p, []string{"pass", "ok"}):
			s.Outcome = OutcomeSuccess
		}
	}
	action := hasCue(p, actionCues)
	switch {
	case hasCue(p, reflectionCues):
		s.Node = NodeReflection
	case hasCue(p, decisionCues) && !(role == scenarios.RoleUser && strings.HasSuffix(strings.TrimSpace(text), "?")):
		// A user turn that ends in a question asks for a decision; it
		// does not make one.
		s.Node = NodeDecision
	case role == scenarios.RoleTool:
		s.Node = NodeObservation
	case s.Outcome != "" && !action:
		s.Node = NodeObservation
	case action:
		s.Node = NodeAction
	default:
		s.Node = NodeObservation
	}
	digress := hasCue(p, digressionCues)
	if (digress || (hasCue(p, smalltalkCues) && len(innerEntities(text)) == 0)) && s.Node != NodeDecision && s.Node != NodeReflection && s.Outcome == "" &&
		len(extractUpdates(text)) == 0 && (digress || len(textutil.ContentTokens(text)) <= 20) {
		s.ChitChat = true
	}
	return s
}

// innerEntities are the entity mentions of text that do not owe their
// capital to opening a sentence.
func innerEntities(text string) []nlp.Mention {
	var out []nlp.Mention
	for _, sent := range textutil.Sentences(text) {
		r := []rune(sent)
		if len(r) > 0 {
			r[0] = unicode.ToLower(r[0])
		}
		out = append(out, nlp.Entities(string(r))...)
	}
	return out
}

// hasStageCue reports a stage cue among the first eight words ("Nice.
// Different topic: …", "Problem two: …"): the user opens a new subtask.
func hasStageCue(text string) bool {
	w := textutil.Words(text)
	if len(w) > 8 {
		w = w[:8]
	}
	return hasCue(" "+strings.Join(w, " ")+" ", stageCues)
}

// subtaskLabel names a new subtask after its opening turn: up to four
// content words, as written, lowercased and joined by '-'
// ("cache-product-lookups"), from the first sentence of at least five words
// that is not small talk (else the first with three content words), leaving
// out dates and times of day.
func subtaskLabel(text string) string {
	sents := textutil.Sentences(text)
	words := func(s string) []string {
		var out []string
		for _, w := range textutil.Words(s) {
			if textutil.IsStopword(w) || len(w) < 2 || labelSkip[w] {
				continue
			}
			out = append(out, w)
		}
		return out
	}
	pick := func(ws []string) string {
		if len(ws) > 4 {
			ws = ws[:4]
		}
		return strings.Join(ws, "-")
	}
	for _, s := range sents {
		if len(strings.Fields(s)) >= 5 && !hasCue(cuePhrase(s), smalltalkCues) {
			if ws := words(s); len(ws) >= 2 {
				return pick(ws)
			}
		}
	}
	for _, s := range sents {
		if ws := words(s); len(ws) >= 3 {
			return pick(ws)
		}
	}
	if ws := words(text); len(ws) > 0 {
		return pick(ws)
	}
	return "subtask"
}

// labelSkip are words that say when, not what.
var labelSkip = map[string]bool{"today": true, "yesterday": true, "tomorrow": true, "morning": true, "evening": true,
	"tonight": true, "last": true, "next": true, "week": true, "weekend": true, "monday": true, "tuesday": true,
	"wednesday": true, "thursday": true, "friday": true, "saturday": true, "sunday": true, "ago": true, "quick": true,
	"okay": true, "ok": true, "great": true, "nice": true, "yes": true, "hi": true, "hello": true, "morning!": true}

// slug makes a label key: lowercase words joined by '-'.
func slug(s string) string { return strings.Join(textutil.Words(s), "-") }

// profile is a subtask's topic: the content stems of its turns.
type profile map[string]int

func (p profile) add(text string) {
	for _, t := range textutil.ContentTokens(text) {
		p[t]++
	}
}

// overlap is the share of the turn's distinct content stems found in p, in
// [0, 1] (0 for a turn without content words).
func overlap(stems map[string]bool, p profile) float64 {
	if len(stems) == 0 {
		return 0
	}
	n := 0
	for s := range stems {
		if p[s] > 0 {
			n++
		}
	}
	return float64(n) / float64(len(stems))
}

// segment is the state the subtask rule looks at.
type segment struct {
	// Current is the label of the session's current subtask ("" at the
	// start of a session) and CurrentProfile its topic.
	Current        string
	CurrentProfile profile
	// SessionEntities are the entity keys seen so far in the session.
	SessionEntities map[string]bool
	// Others are the goal's other subtasks, oldest first.
	Others []labeled
}

type labeled struct {
	Label   string
	Profile profile
}

// Thresholds of the subtask rule (share of a turn's content stems).
const (
	revisitOverlap = 0.3  // ≥: the turn continues an earlier subtask of the goal
	shiftOverlap   = 0.05 // <: with new entities, the user changed the topic
)

// chooseSubtask applies the subtask rule: a user turn opens a new subtask
// (or returns to an earlier one of the same goal) on a stage cue, or on a
// topic shift — at least six content words, almost none shared with the
// current subtask, and an entity new to the session. Every other turn stays
// in the current subtask. It returns the label and whether it is new.
func chooseSubtask(role, text string, seg segment) (string, bool) {
	stems := textutil.TokenSet(textutil.ContentTokens(text))
	revisit := func() (string, bool) {
		best, bestOv := "", revisitOverlap
		for _, o := range seg.Others {
			if o.Label == seg.Current {
				continue
			}
			if ov := overlap(stems, o.Profile); ov >= bestOv+1e-12 || (best == "" && ov >= bestOv) {
				best, bestOv = o.Label, ov
			}
		}
		return best, best != ""
	}
	if seg.Current == "" {
		if l, ok := revisit(); ok {
			return l, false
		}
		return subtaskLabel(text), true
	}
	if role != scenarios.RoleUser {
		return seg.Current, false
	}
	shift := hasStageCue(text)
	if !shift && len(stems) >= 6 && overlap(stems, seg.CurrentProfile) < shiftOverlap {
		for _, k := range nlp.Keys(nlp.Entities(text)) {
			if !seg.SessionEntities[k] {
				shift = true
				break
			}
		}
	}
	if !shift {
		return seg.Current, false
	}
	if l, ok := revisit(); ok {
		return l, false
	}
	return subtaskLabel(text), true
}

// ---- updates ----

var (
	numberRe = regexp.MustCompile(`^[$€£]?\d[\d,]*(?:\.\d+)?(?:%|k|ms|s|x)?$`)
	// update verbs that make "from X to Y" a change of value, not a route
	// or a range.
	changeVerbs = map[string]bool{"move": true, "moved": true, "moving": true, "moves": true, "change": true, "changed": true,
		"changing": true, "changes": true, "switch": true, "switched": true, "switching": true, "shift": true, "shifted": true,
		"goes": true, "go": true, "going": true, "went": true, "raise": true, "raised": true, "lower": true, "lowered": true,
		"increase": true, "increased": true, "reduce": true, "reduced": true, "cut": true, "bump": true, "bumped": true,
		"update": true, "updated": true, "upgrade": true, "upgraded": true, "downgrade": true, "downgraded": true, "brings": true,
		"bring": true, "brought": true, "drop": true, "dropped": true, "grew": true, "grow": true, "fell": true, "rose": true,
		"migrate": true, "migrated": true, "migrating": true, "replace": true, "replaced": true, "postponed": true,
		"postpone": true, "rescheduled": true, "reschedule": true, "extended": true, "extend": true, "pushed": true}
	// verbs of "shorten the TTL to 60 seconds": an attribute set to a new value.
	setVerbRe = regexp.MustCompile(`(?i)\b(?:shorten(?:ed)?|lengthen(?:ed)?|raise[ds]?|lower(?:ed)?|increase[ds]?|decrease[ds]?|reduce[ds]?|bump(?:ed)?|set|change[ds]?|extend(?:ed)?|cut|update[ds]?|upgrade[ds]?|push(?:ed)?|drop(?:ped)?)\s+((?:[\w'/.-]+\s+){1,5}?)to\s+(.+)`)
	fromToRe  = regexp.MustCompile(`(?i)\bfrom\s+(.{1,40}?)\s+to\s+(.+)`)
	insteadRe = regexp.MustCompile(`(?i)^(.*?)\s+instead of\s+(.+)`)
	notRe     = regexp.MustCompile(`(?i)^(.*?),\s+not\s+(.+)`)
	downUpRe  = regexp.MustCompile(`(?i)^(.*?),?\s*\(?\s*(?:down|up)\s+from\s+(.+)`)
	clauseEnd = regexp.MustCompile(`(?i)\s*(?:,(?:\s|$)|[;:!?()]|\.(?:\s|$)|$)|\s+(?:and|but|so|because|since|in|on|at|for|with|after|before|as|which|while|when|if|than|per)\b`)
)

// clauseHead cuts s at the first clause boundary (punctuation, or a
// conjunction/preposition that starts a new phrase).
func clauseHead(s string) string {
	if loc := clauseEnd.FindStringIndex(s); loc != nil {
		s = s[:loc[0]]
	}
	return strings.TrimSpace(s)
}

func trimTok(w string) string {
	return strings.TrimFunc(w, func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '$' && r != '%' && r != '€' && r != '£' && r != '+'
	})
}

func isNumberTok(w string) bool { return numberRe.MatchString(trimTok(w)) }

func isNameTok(w string) bool {
	w = trimTok(w)
	if w == "" {
		return false
	}
	r := []rune(w)
	if unicode.IsUpper(r[0]) {
		return true
	}
	return strings.ContainsAny(w, "./_") || isNumberTok(w)
}

// valueHead reads a value at the start of s: a number with an optional unit
// word ("60 seconds", "$6,500", "70%"), a run of capitalized or technical
// words with version numbers ("AWS ECS Fargate", "MySQL 8", "Fly.io"), or
// one plain word ("pescatarian").
func valueHead(s string) string {
	ws := strings.Fields(clauseHead(s))
	if len(ws) == 0 {
		return ""
	}
	// Skip leading articles and possessives.
	for len(ws) > 1 && (textutil.IsStopword(strings.ToLower(trimTok(ws[0]))) && !isNameTok(ws[0])) {
		ws = ws[1:]
	}
	if isNumberTok(ws[0]) {
		if len(ws) > 1 && isUnit(ws[1]) {
			return trimTok(ws[0]) + " " + trimTok(ws[1])
		}
		return trimTok(ws[0])
	}
	if isNameTok(ws[0]) {
		n := 1
		for n < len(ws) && n < 4 && isNameTok(ws[n]) {
			n++
		}
		return joinTrim(ws[:n])
	}
	return trimTok(ws[0])
}

// valueTail reads a value at the end of s (the same shapes as valueHead).
func valueTail(s string) string {
	ws := strings.Fields(s)
	if len(ws) == 0 {
		return ""
	}
	last := len(ws) - 1
	if last >= 1 && isNumberTok(ws[last-1]) && isUnit(ws[last]) {
		return trimTok(ws[last-1]) + " " + trimTok(ws[last])
	}
	if isNameTok(ws[last]) {
		n := last
		for n > 0 && last-n < 3 && isNameTok(ws[n-1]) {
			n--
		}
		// A capitalized plain word that opens the sentence is no evidence
		// of a name ("Set MaxConns 15").
		if n == 0 && last > 0 && isPlainCapital(ws[0]) {
			n = 1
		}
		return joinTrim(ws[n:])
	}
	w := trimTok(ws[last])
	if textutil.IsStopword(strings.ToLower(w)) {
		return ""
	}
	return w
}

func isPlainCapital(w string) bool {
	w = trimTok(w)
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

func joinTrim(ws []string) string {
	out := make([]string, 0, len(ws))
	for _, w := range ws {
		if t := trimTok(w); t != "" {
			out = append(out, t)
		}
	}
	return strings.Join(out, " ")
}

func isUnit(w string) bool {
	w = trimTok(w)
	if w == "" || len(w) > 12 || isNumberTok(w) {
		return false
	}
	for _, r := range w {
		if !unicode.IsLetter(r) && r != '-' {
			return false
		}
	}
	return !textutil.IsStopword(strings.ToLower(w))
}

// completeBare gives a bare number the words around the number of its
// counterpart: ("23", "31 papers") → "23 papers"; ("20", "MaxConns 15") →
// "MaxConns 20".
func completeBare(bare, full string) string {
	if !isNumberTok(bare) || strings.Contains(bare, " ") {
		return bare
	}
	ws := strings.Fields(full)
	for i, w := range ws {
		if isNumberTok(w) {
			out := append(append(append([]string{}, ws[:i]...), bare), ws[i+1:]...)
			return strings.Join(out, " ")
		}
	}
	return bare
}

// numberOf returns the number token of a value, or "".
func numberOf(v string) string {
	for _, w := range strings.Fields(v) {
		if isNumberTok(w) {
			return trimTok(w)
		}
	}
	return ""
}

func attributeWords(s string) string {
	var out []string
	for _, w := range textutil.Words(s) {
		if !textutil.IsStopword(w) {
			out = append(out, w)
		}
	}
	return strings.Join(out, " ")
}

// extractUpdates finds stated value changes, one sentence at a time:
//
//   - "… moved the deadline from April 30 to May 22" (a change verb among
//     the six words before "from" — a route "from Tokyo to Kyoto" is not a
//     change);
//   - "ACM Computing Surveys instead of TMLR";
//   - "67.9 accuracy, not 71.2";
//   - "MaxConns 15 (down from 20)";
//   - "shorten the TTL to 60 seconds" (Old unknown; Attribute "ttl");
//   - "I merged the Go 1.26 bump" (a version cue: Attribute "Go", New
//     "Go 1.26"; every other "Go <version>" is rewritten).
//
// A bare old number borrows the words of the new value ("from 23 to 31
// papers" → Old "23 papers").
func extractUpdates(text string) []Update {
	var out []Update
	seen := map[string]bool{}
	cued := false // the current sentence has an update cue
	add := func(u Update) {
		u.Old, u.New = strings.TrimSpace(u.Old), strings.TrimSpace(u.New)
		if u.New == "" || strings.EqualFold(u.Old, u.New) || (u.Old == "" && u.Attribute == "") {
			return
		}
		if u.Old != "" {
			// Old and New must have the same shape: both numbers or neither;
			// plain words (no digits, no capitals) only with an explicit
			// update cue in the sentence ("Updated: pescatarian, not
			// vegetarian").
			if (numberOf(u.Old) == "") != (numberOf(u.New) == "") {
				return
			}
			if plainValue(u.Old) != plainValue(u.New) || (plainValue(u.Old) && !cued) {
				return
			}
			u.Old = completeBare(u.Old, u.New)
		}
		k := strings.ToLower(u.Old + "→" + u.New)
		if seen[k] {
			return
		}
		seen[k] = true
		out = append(out, u)
	}
	for _, sent := range textutil.Sentences(text) {
		cued = hasCue(cuePhrase(sent), updateCues)
		if m := fromToRe.FindStringSubmatchIndex(sent); m != nil {
			before := textutil.Words(sent[:m[0]])
			verb := -1
			for i := len(before) - 1; i >= 0 && i >= len(before)-6; i-- {
				if changeVerbs[before[i]] || before[i] == "down" || before[i] == "up" {
					verb = i
					break
				}
			}
			if verb >= 0 {
				old := valueHead(sent[m[2]:m[3]])
				nw := valueHead(sent[m[4]:m[5]])
				attr := attributeWords(strings.Join(before[verb+1:], " "))
				if attr == "" && verb > 0 {
					lo := max(0, verb-3)
					attr = attributeWords(strings.Join(before[lo:verb], " "))
				}
				add(Update{Attribute: attr, Old: old, New: nw})
			}
		}
		if m := insteadRe.FindStringSubmatch(sent); m != nil {
			add(Update{New: valueTail(m[1]), Old: valueHead(m[2])})
		}
		if m := notRe.FindStringSubmatch(sent); m != nil {
			nw, old := valueTail(m[1]), valueHead(m[2])
			if isNumberTok(old) && numberOf(nw) != "" {
				nw = numberOf(nw) // "67.9 accuracy, not 71.2": swap the numbers only
			}
			add(Update{New: nw, Old: old})
		}
		if m := downUpRe.FindStringSubmatch(sent); m != nil {
			add(Update{New: valueTail(m[1]), Old: valueHead(m[2])})
		}
		if hasCue(cuePhrase(sent), bumpCues) {
			for _, m := range versionRe.FindAllStringSubmatch(sent, -1) {
				add(Update{Attribute: m[1], New: m[1] + " " + m[2]})
			}
		}
		if m := setVerbRe.FindStringSubmatch(sent); m != nil && !strings.Contains(strings.ToLower(m[1]), "from ") {
			if attr := attributeWords(m[1]); attr != "" {
				if nw := valueHead(m[2]); numberOf(nw) != "" {
					add(Update{Attribute: attr, New: nw})
				}
			}
		}
	}
	return out
}

// bumpCues make a "Name version" in the sentence the new version of Name
// ("I merged the Go 1.26 bump").
var bumpCues = []string{"bump", "bumped", "upgrade", "upgraded", "upgrading", "merged", "now on", "moved to", "switched to",
	"migrated to"}

// versionRe is a capitalized name followed by a dotted version number
// ("Go 1.26", "Node 22.4"); a dot keeps dates ("April 17") out.
var versionRe = regexp.MustCompile(`\b([A-Z][A-Za-z]+)\s+(\d+(?:\.\d+)+)\b`)

// updateCues allow a plain-word update ("pescatarian, not vegetarian").
var updateCues = []string{"now", "updated", "update", "changed", "switched", "anymore", "no longer", "actually", "correction",
	"from now on", "any more"}

// plainValue reports a value with no digit, capital or technical mark.
func plainValue(v string) bool {
	for _, w := range strings.Fields(v) {
		if isNameTok(w) {
			return false
		}
	}
	return true
}

// extractRevert finds "revert to X", "go back to X", "switch back to X":
// the value the turn returns to, or "".
func extractRevert(text string) string {
	for _, sent := range textutil.Sentences(text) {
		if m := revertCues.FindStringSubmatch(sent); m != nil {
			if v := valueHead(m[1]); v != "" && !textutil.IsStopword(strings.ToLower(v)) {
				return v
			}
		}
	}
	return ""
}

// placementFromGold builds the placement of a turn in oracle mode from its
// gold path (nil: no path structure, kept as a note of the session).
func placementFromGold(g *scenarios.Gold) Placement {
	if g == nil || g.Path == nil {
		return Placement{ChitChat: true, Node: NodeObservation}
	}
	node := g.Path.Node
	switch node {
	case NodeAction, NodeObservation, NodeDecision, NodeReflection:
	default:
		node = NodeObservation
	}
	out := g.Path.Outcome
	if out != OutcomeSuccess && out != OutcomeFailure {
		out = ""
	}
	return Placement{Goal: g.Path.Goal, Subtask: g.Path.Subtask, Node: node, Outcome: out}
}

// sanitize makes a placement from any source usable: known step kind,
// known outcome, non-empty labels.
func sanitize(p Placement, defGoal, defSubtask string) Placement {
	switch p.Node {
	case NodeAction, NodeObservation, NodeDecision, NodeReflection:
	default:
		p.Node = NodeObservation
	}
	if p.Outcome != OutcomeSuccess && p.Outcome != OutcomeFailure {
		p.Outcome = ""
	}
	if slug(p.Goal) == "" {
		p.Goal = defGoal
	}
	if slug(p.Subtask) == "" {
		p.Subtask = defSubtask
	}
	var ups []Update
	for _, u := range p.Updates {
		if strings.TrimSpace(u.New) != "" && (strings.TrimSpace(u.Old) != "" || strings.TrimSpace(u.Attribute) != "") {
			ups = append(ups, u)
		}
	}
	p.Updates = ups
	return p
}
