package prism

import (
	"github.com/memarena/memarena/internal/model"
	"slices"
	"strings"
	"unicode"

	"github.com/memarena/memarena/internal/nlp"
	"github.com/memarena/memarena/internal/textutil"
	"github.com/memarena/memarena/scenarios"
)

// Tags is the reply of a tag-intents request (model.Tags).
type Tags = model.Tags

// IntentQuery is the structured query PRISM retrieves with, the reply of a
// query-intent request (model.IntentQuery).
type IntentQuery = model.IntentQuery

// lexicon is the offline tagger's cue table: for each taxonomy value, the
// words and phrases that signal it. Cues are matched on stemmed words
// (Porter2), as contiguous phrases, so "picked" matches the cue "pick".
// Order inside a facet is the tie-break order (the taxonomy's order).
var lexicon = map[string][]struct {
	Value string
	Cues  []string
}{
	"goal": {
		{"build", []string{"build", "implement", "set up", "setup", "create", "scaffold", "add support", "new endpoint"}},
		{"debug", []string{"bug", "debug", "error", "fail", "failure", "crash", "broken", "exception", "flaky", "timeout", "panic", "stack trace", "leak", "outage", "incident", "diagnose", "fix"}},
		{"optimize", []string{"optimize", "optimise", "slow", "faster", "speed up", "latency", "performance", "p95", "p99", "throughput"}},
		{"decide", []string{"decide", "decision", "choose", "chose", "chosen", "pick", "select", "go with", "went with", "settle on", "settled on", "choice"}},
		{"plan", []string{"plan", "roadmap", "next steps", "agenda", "prepare"}},
		{"book", []string{"book", "booking", "reserve", "reservation", "ticket", "flight", "hotel", "check in"}},
		{"research", []string{"research", "paper", "study", "literature", "survey", "experiment", "hypothesis", "dataset", "benchmark", "citation"}},
		{"review", []string{"review", "pull request", "code review", "feedback", "approve"}},
		{"remember", []string{"remember", "recall", "keep in mind", "dont forget", "note that", "remind"}},
		{"chat", []string{"weekend", "how are you", "hello", "thank you", "good morning", "cheers", "unrelated", "side note", "by the way", "gossip"}},
	},
	"subtask": {
		{"requirements", []string{"need", "requirement", "must", "has to", "have to", "constraint"}},
		{"design", []string{"design", "architecture", "schema", "interface", "data model"}},
		{"implement", []string{"implement", "code", "function", "endpoint", "refactor"}},
		{"diagnose", []string{"why", "cause", "root cause", "investigate", "diagnose", "log", "trace", "reproduce"}},
		{"fix", []string{"fix", "patch", "workaround", "resolve", "solution", "solve"}},
		{"verify", []string{"test", "verify", "check", "ci", "pass", "assert"}},
		{"revert", []string{"revert", "roll back", "rollback", "undo"}},
		{"compare", []string{"compare", "comparison", "versus", "vs", "better than", "instead of", "alternative", "trade off", "tradeoff", "pros and cons"}},
		{"search", []string{"search", "find", "look up", "look for", "lookup"}},
		{"read", []string{"read", "article", "docs", "documentation", "chapter"}},
		{"summarize", []string{"summarize", "summarise", "summary", "recap", "tldr"}},
		{"schedule", []string{"schedule", "when", "date", "meeting", "appointment", "tomorrow", "deadline", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"}},
		{"budget", []string{"budget", "cost", "price", "cheap", "expensive", "afford", "dollar", "euro", "usd", "eur", "yen"}},
		{"preference", []string{"prefer", "preference", "like", "love", "hate", "dislike", "favorite", "favourite", "rather"}},
		{"itinerary", []string{"itinerary", "day trip", "visit", "route", "sightseeing", "tour"}},
		{"correct", []string{"actually", "correction", "change of plan", "no longer", "not anymore", "switch", "moved to", "replace", "instead"}},
		{"deploy", []string{"deploy", "deployment", "release", "rollout", "production", "staging", "ship"}},
	},
	"action": {
		{"ask", nil}, // scored by askScore, not cues
		{"inform", nil},
		{"propose", []string{"lets", "how about", "suggest", "suggestion", "we could", "maybe", "recommend", "propose", "what about", "should we", "option"}},
		{"decide", []string{"decided", "decide", "choose", "go with", "went with", "settled on", "chose", "picked", "final", "lets use", "we will use"}},
		{"execute", []string{"ran", "run", "executed", "installed", "deployed", "migrated", "applied", "rolled out"}},
		{"observe", []string{"output", "returned", "result", "shows", "showed", "failed with", "passed", "logs show"}},
		{"reflect", []string{"lesson", "learned", "in hindsight", "next time", "should have", "takeaway", "mistake"}},
		{"correct", []string{"actually", "correction", "change of plan", "i meant", "no longer", "not anymore", "switched", "changed"}},
		{"confirm", []string{"sounds good", "agreed", "great", "confirmed", "noted", "perfect", "deal", "works for me"}},
		{"smalltalk", []string{"weekend", "how are you", "thanks", "thank you", "have a nice", "cheers", "hello",
			"unrelated", "side note", "by the way", "personal news", "gossip", "congratulations", "good night", "stay warm",
			"enjoy", "ha", "haha", "lol", "coffee", "tea", "cat", "dog", "weather", "rain", "snow", "sunny", "sunshine",
			"gym", "dentist", "tonight", "binged", "pastry", "chocolate"}},
	},
}

// actionPriority breaks ties between action types with equal cue counts: the
// more specific acts first, inform (the default) last.
var actionPriority = []string{"correct", "decide", "reflect", "execute", "observe", "propose", "smalltalk", "ask", "confirm", "inform"}

// queryActions are the action types a question can target ("which X did we
// decide", "what did the test show"), in tie-break order: a question naming
// both a run and what it showed looks for the observation. Ask, confirm and
// smalltalk describe the question itself, not what it looks for.
var queryActions = []string{"correct", "decide", "reflect", "observe", "execute", "propose"}

// scopeCues make the offline query parser scope a question to the current
// task.
var scopeCues = [][]string{stemPhrase("this task"), stemPhrase("current task"), stemPhrase("this session"), stemPhrase("so far"), stemPhrase("today")}

// interrogatives start a question sentence.
var interrogatives = map[string]bool{"what": true, "which": true, "who": true, "whom": true, "whose": true, "when": true,
	"where": true, "why": true, "how": true, "can": true, "could": true, "do": true, "does": true, "did": true,
	"is": true, "are": true, "should": true, "would": true, "will": true, "was": true, "were": true}

type compiledCue struct {
	value string
	cues  [][]string
}

var compiled = func() map[string][]compiledCue {
	out := map[string][]compiledCue{}
	for _, facet := range []string{"goal", "subtask", "action"} {
		for _, e := range lexicon[facet] {
			c := compiledCue{value: e.Value}
			for _, s := range e.Cues {
				// Cues that stem alike ("prefer", "preference") count once.
				ph := stemPhrase(s)
				if !slices.ContainsFunc(c.cues, func(x []string) bool { return slices.Equal(x, ph) }) {
					c.cues = append(c.cues, ph)
				}
			}
			out[facet] = append(out[facet], c)
		}
	}
	return out
}()

// cueWords are the stems of the one-word cues of every facet. The offline
// taggers drop a one-word entity mention whose stem is a cue: a
// sentence-initial "Great", "Lesson" or "Monday" is an intent or time word,
// not an entity.
var cueWords = func() map[string]bool {
	out := map[string]bool{}
	for _, cs := range compiled {
		for _, c := range cs {
			for _, ph := range c.cues {
				if len(ph) == 1 {
					out[ph[0]] = true
				}
			}
		}
	}
	return out
}()

// entityMentions returns the internal/nlp entity mentions of text, as
// written, without three kinds of one-word noise:
//   - intent cues (see cueWords): "Great", "Lesson", "Monday";
//   - stopwords once punctuation is dropped: "I'm" → "im";
//   - a capitalized word seen only at the start of sentences ("First, …",
//     "Step two …"), where capitalization says nothing; the same word
//     capitalized inside a sentence ("… in Kyoto.") is kept.
func entityMentions(text string) []string {
	initial := map[string]bool{} // words seen only sentence-initially
	inner := map[string]bool{}
	for _, sent := range textutil.Sentences(text) {
		for i, f := range strings.Fields(sent) {
			w := strings.TrimFunc(f, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
			if i == 0 {
				initial[w] = true
			} else {
				inner[w] = true
			}
		}
	}
	var out []string
	for _, m := range nlp.Entities(text) {
		if strings.ContainsAny(m.Text, " \t") {
			out = append(out, m.Text)
			continue
		}
		ws := textutil.Words(m.Text)
		switch {
		case len(ws) == 1 && (cueWords[textutil.Stem(ws[0])] || textutil.IsStopword(ws[0])):
			continue
		case initial[m.Text] && !inner[m.Text] && !technical(m.Text):
			continue
		}
		out = append(out, m.Text)
	}
	return out
}

// technical reports whether a word carries a digit, an inner capital or
// inner punctuation ("p95", "HelixQA", "pool_max_conns"): such a word is an
// entity wherever it stands.
func technical(w string) bool {
	for i, r := range w {
		if unicode.IsDigit(r) || (i > 0 && (unicode.IsUpper(r) || strings.ContainsRune("._/-", r))) {
			return true
		}
	}
	return false
}

func stemPhrase(s string) []string {
	ws := textutil.Words(s)
	for i, w := range ws {
		ws[i] = textutil.Stem(w)
	}
	return ws
}

// hasPhrase reports whether the stem sequence ph occurs contiguously in st.
func hasPhrase(st, ph []string) bool {
	if len(ph) == 0 || len(ph) > len(st) {
		return false
	}
	for i := 0; i+len(ph) <= len(st); i++ {
		if slices.Equal(st[i:i+len(ph)], ph) {
			return true
		}
	}
	return false
}

// scores counts, for each value of facet, how many distinct cues occur in
// the stemmed words st.
func scores(facet string, st []string) []int {
	cs := compiled[facet]
	out := make([]int, len(cs))
	for i, c := range cs {
		for _, ph := range c.cues {
			if hasPhrase(st, ph) {
				out[i]++
			}
		}
	}
	return out
}

// top returns up to n values of facet with a positive cue count, highest
// count first, ties in taxonomy order.
func top(facet string, st []string, n int) []string {
	sc := scores(facet, st)
	idx := make([]int, 0, len(sc))
	for i, s := range sc {
		if s > 0 {
			idx = append(idx, i)
		}
	}
	slices.SortStableFunc(idx, func(a, b int) int { return sc[b] - sc[a] })
	if len(idx) > n {
		idx = idx[:n]
	}
	if len(idx) == 0 {
		return nil
	}
	out := make([]string, len(idx))
	for k, i := range idx {
		out[k] = compiled[facet][i].value
	}
	return out
}

func stems(text string) []string {
	ws := textutil.Words(text)
	for i, w := range ws {
		ws[i] = textutil.Stem(w)
	}
	return ws
}

// askScore is 1 for a question mark plus 1 when some sentence opens with an
// interrogative word.
func askScore(text string) int {
	s := 0
	if strings.Contains(text, "?") {
		s++
	}
	for _, sent := range textutil.Sentences(text) {
		if ws := textutil.Words(sent); len(ws) > 0 && interrogatives[ws[0]] {
			s++
			break
		}
	}
	return s
}

// actionType picks the single action type of a turn: "observe" for a tool
// turn; otherwise the action value with the most cue matches (ask scored by
// askScore), ties by actionPriority, "inform" when nothing matches.
func actionType(role, text string) string {
	if role == scenarios.RoleTool {
		return "observe"
	}
	st := stems(text)
	sc := scores("action", st)
	count := map[string]int{}
	for i, c := range compiled["action"] {
		count[c.value] = sc[i]
	}
	count["ask"] = askScore(text)
	best, bestN := "inform", 0
	for _, a := range actionPriority {
		if count[a] > bestN {
			best, bestN = a, count[a]
		}
	}
	return best
}

// OfflineTags is the offline backend's KindTagIntents reply for a turn: a
// lexicon tagger. The goal comes from the session's task goal when it has a
// goal cue, else from the turn's text (the goal-level intent is the task's);
// up to two subtasks come from the turn's text; the action type from
// actionType; entities from internal/nlp (capitalized runs and technical
// tokens) without one-word intent cues (entityMentions).
func OfflineTags(role, text, task string) Tags {
	var t Tags
	t.ActionType = actionType(role, text)
	switch {
	case t.ActionType == "smalltalk":
		t.Goal = "chat"
	default:
		if g := top("goal", stems(task), 1); len(g) > 0 {
			t.Goal = g[0]
		} else if g := top("goal", stems(text), 1); len(g) > 0 {
			t.Goal = g[0]
		}
	}
	t.Subtasks = top("subtask", stems(text), 2)
	t.Entities = entityMentions(text)
	return t
}

// OfflineQuery is the offline backend's KindQueryIntent reply: the question's
// goal (falling back to the task goal, then to the recent turns, when the
// question names none), up to two subtasks and the targeted action type from
// the question, its entities (entityMentions), and a task scope when the
// question refers to the current task ("this task", "so far", "today" …)
// and task is known.
func OfflineQuery(question, task string, recent []string) IntentQuery {
	var q IntentQuery
	st := stems(question)
	goal := top("goal", st, 1)
	if len(goal) == 0 {
		goal = top("goal", stems(task), 1)
	}
	if len(goal) == 0 {
		goal = top("goal", stems(strings.Join(recent, "\n")), 1)
	}
	for _, g := range goal {
		q.Intents = append(q.Intents, "goal:"+g)
	}
	for _, s := range top("subtask", st, 2) {
		q.Intents = append(q.Intents, "subtask:"+s)
	}
	sc := scores("action", st)
	bestN := 0
	for _, a := range queryActions {
		for i, c := range compiled["action"] {
			if c.value == a && sc[i] > bestN {
				q.ActionType, bestN = a, sc[i]
			}
		}
	}
	q.Entities = entityMentions(question)
	if task != "" {
		for _, c := range scopeCues {
			if hasPhrase(st, c) {
				q.Task = task
				break
			}
		}
	}
	return q
}

// Slug turns an entity mention into the entity tag value of the taxonomy: it
// is normalized with nlp.NormalizeEntity ("the user", "I" → "user"), then
// lowercased words are joined by '-' and characters outside [a-z0-9._-] are
// dropped ("Postgres 16" → "postgres-16"). It returns "" for a mention that
// normalizes to nothing.
func Slug(mention string) string {
	k := nlp.NormalizeEntity(mention)
	if k == "" {
		return ""
	}
	var b strings.Builder
	for _, w := range strings.Fields(strings.ReplaceAll(k, "/", " ")) {
		var wb strings.Builder
		for _, r := range w {
			if (r >= 'a' && r <= 'z') || unicode.IsDigit(r) && r < 128 || r == '.' || r == '_' || r == '-' {
				wb.WriteRune(r)
			}
		}
		ws := strings.Trim(wb.String(), ".-_")
		if ws == "" {
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('-')
		}
		b.WriteString(ws)
	}
	return b.String()
}

// entityForms returns the slug and, when its trailing words are versions or
// numbers ("postgres-16", "go-1.22"), also the base ("postgres", "go"), so
// that a unit about "Postgres 16" matches a question about "Postgres".
func entityForms(slug string) []string {
	if slug == "" {
		return nil
	}
	parts := strings.Split(slug, "-")
	n := len(parts)
	for n > 1 && isVersionWord(parts[n-1]) {
		n--
	}
	if n == len(parts) {
		return []string{slug}
	}
	return []string{slug, strings.Join(parts[:n], "-")}
}

func isVersionWord(w string) bool {
	digit := false
	for _, r := range strings.TrimPrefix(w, "v") {
		switch {
		case r >= '0' && r <= '9':
			digit = true
		case r == '.' || r == 'x':
		default:
			return false
		}
	}
	return digit
}

// valid reports whether value is an allowed value of facet.
func valid(facet, value string) bool {
	return scenarios.CheckIntent(facet+":"+value) == ""
}

// cleanTags validates a Tags reply (from any backend) against the taxonomy:
// values outside it are dropped, entities are slugged, user references
// dropped, duplicates removed. It returns the sorted intent tags (goal,
// subtask and action facets), the action type ("inform" when missing) and the
// sorted entity slugs.
func cleanTags(t Tags) (intents []string, action string, entities []string) {
	set := map[string]bool{}
	if g := strings.ToLower(strings.TrimSpace(t.Goal)); g != "" && valid("goal", g) {
		set["goal:"+g] = true
	}
	for _, s := range t.Subtasks {
		if s = strings.ToLower(strings.TrimSpace(s)); s != "" && valid("subtask", s) {
			set["subtask:"+s] = true
		}
	}
	action = strings.ToLower(strings.TrimSpace(t.ActionType))
	if !valid("action", action) {
		action = "inform"
	}
	set["action:"+action] = true
	intents = sortedKeys(set)
	entities = slugs(t.Entities)
	return intents, action, entities
}

// goldTags turns a turn's gold intents (oracle mode) into intent tags, action
// type and entities: invalid tags are dropped, "entity:" tags become
// entities, joined by the entities of the gold thoughts and the subjects and
// objects of the gold triplets. A turn without a gold action tag gets
// "inform".
func goldTags(g *scenarios.Gold) (intents []string, action string, entities []string) {
	action = "inform"
	if g == nil {
		return []string{"action:inform"}, action, nil
	}
	set := map[string]bool{}
	var ents []string
	for _, tag := range g.Intents {
		if scenarios.CheckIntent(tag) != "" {
			continue
		}
		facet, value, _ := strings.Cut(tag, ":")
		switch facet {
		case "entity":
			ents = append(ents, value)
		case "action":
			action = value
		default:
			set[tag] = true
		}
	}
	set["action:"+action] = true
	for _, th := range g.Thoughts {
		ents = append(ents, th.Entities...)
	}
	for _, tr := range g.Triplets {
		ents = append(ents, tr.Subject, tr.Object)
	}
	return sortedKeys(set), action, slugs(ents)
}

// slugs returns the sorted, de-duplicated non-empty slugs of mentions,
// without "user".
func slugs(ms []string) []string {
	set := map[string]bool{}
	for _, m := range ms {
		if s := Slug(m); s != "" && s != "user" {
			set[s] = true
		}
	}
	return sortedKeys(set)
}

func sortedKeys(set map[string]bool) []string {
	out := make([]string, 0, len(set))
	for k := range set {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}
