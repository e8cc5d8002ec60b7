package offline

import (
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"
	"unicode"

	"github.com/memarena/memarena/internal/model"
	"github.com/memarena/memarena/internal/nlp"
	"github.com/memarena/memarena/internal/reader"
	"github.com/memarena/memarena/internal/textutil"
)

// Triplets answers extract-triplets: the turn's facts, with the canonical
// names of their subjects and objects (canonicalName).
func (m *Model) Triplets(in model.TripletsInput) model.TripletExtraction {
	a := m.analyze(in.TurnInput)
	out := model.TripletExtraction{Triplets: []model.Triplet{}}
	for _, f := range a.Facts() {
		out.Triplets = append(out.Triplets, model.Triplet{Subject: f.Subject, Relation: f.Relation, Object: f.Object, EntityNames: entityNames(f),
			Condition: f.Condition, Negated: f.Negated, Replaces: f.Replaces, ReplacedPhrase: replacedPhrase(f.Evidence, f.Replaces),
			Evidence: f.Evidence, Change: f.Change})
	}
	return out
}

// Graph answers extract-graph: typed entities and the turn's facts as
// relations.
func (m *Model) Graph(in model.GraphInput) model.GraphExtraction {
	a := m.analyze(in.TurnInput)
	out := model.GraphExtraction{Entities: []model.ExtractedEntity{}, Relations: []model.ExtractedRelation{}}
	seen := map[string]bool{}
	addEnt := func(name, typ string) {
		k := strings.ToLower(name)
		if name == "" || seen[k] {
			return
		}
		seen[k] = true
		out.Entities = append(out.Entities, model.ExtractedEntity{Name: name, Type: typ})
	}
	for _, f := range a.Facts() {
		out.Relations = append(out.Relations, model.ExtractedRelation{Subject: f.Subject, Relation: f.Relation, Object: f.Object, EntityNames: entityNames(f),
			Condition: f.Condition, Replaces: f.Replaces, ReplacedPhrase: replacedPhrase(f.Evidence, f.Replaces), Past: f.Past,
			Evidence: f.Evidence, Change: f.Change})
		if f.Person != "" {
			addEnt(f.Person, model.TypePerson)
		}
	}
	if a.Speaker != "" {
		addEnt(a.Speaker, model.TypePerson)
	}
	for _, s := range a.Sentences {
		for _, d := range s.Dates {
			addEnt(dateValue(d), model.TypeTime)
		}
		for _, e := range s.Entities {
			addEnt(e.Text, entityType(e.Text, s.Text, a))
		}
	}
	return out
}

var orgSuffix = regexp.MustCompile(`(?i)\b(inc|corp|corporation|company|co|ltd|llc|university|college|school|institute|team|club|group|association|foundation|agency|bank|church|society|department|committee|band)\.?$`)

// entityType types a mention by general cues: a speaker or addressee is a
// person; an organizational suffix gives organization; a capitalized name
// after "in", "at", "to", "from", "near" is a place; a technical token or a
// name with a version is an artifact; "bug", "issue", "ticket" tasks;
// "project" projects; else a capitalized single word after "with", "and",
// "my friend" … is a person, and the rest concepts.
func entityType(name, sentence string, a *Analysis) string {
	low := strings.ToLower(name)
	if name == a.Speaker || name == a.Addressee {
		return model.TypePerson
	}
	if orgSuffix.MatchString(name) {
		return model.TypeOrganization
	}
	for _, w := range []string{"bug", "issue", "ticket", "task", "todo"} {
		if strings.Contains(low, w) {
			return model.TypeTask
		}
	}
	if strings.Contains(low, "project") {
		return model.TypeProject
	}
	if strings.ContainsAny(name, "0123456789/_.") {
		return model.TypeArtifact
	}
	i := strings.Index(sentence, name)
	if i > 0 {
		before := strings.Fields(strings.ToLower(sentence[:i]))
		if len(before) > 0 {
			switch before[len(before)-1] {
			case "in", "at", "to", "from", "near", "visit", "visited", "around":
				return model.TypePlace
			case "with", "friend", "sister", "brother", "mom", "dad", "mother", "father", "wife", "husband", "son", "daughter",
				"boss", "colleague", "coworker", "partner", "cousin", "aunt", "uncle", "grandma", "grandpa", "named", "called", "and":
				if !strings.Contains(name, " ") {
					return model.TypePerson
				}
			}
		}
	}
	return model.TypeConcept
}

// Thoughts answers extract-thoughts: one thought per informative sentence,
// typed by its speech act (decision → decision, lesson → lesson, plan →
// todo, question → knowledge-gap, hypothesis → hypothesis, other
// statements → analysis), linked to the offered candidate that shares the
// most content words (at least two) or to the thought before it when they
// share an entity.
func (m *Model) Thoughts(in model.ThoughtsInput) model.ThoughtExtraction {
	a := m.analyze(in.TurnInput)
	out := model.ThoughtExtraction{Thoughts: []model.ExtractedThought{}}
	max := in.MaxThoughts
	if max <= 0 {
		max = 8
	}
	if in.Role == "tool" {
		// A tool result is one observation: its informative lines.
		var lines []string
		for _, l := range strings.Split(in.Text, "\n") {
			if l = strings.TrimSpace(l); l != "" && len(lines) < 8 {
				lines = append(lines, l)
			}
		}
		if len(lines) == 0 {
			return out
		}
		c := strings.Join(lines, " / ")
		th := model.ExtractedThought{Type: model.ThoughtAnalysis, Content: c, Entities: nonNil(nlp.Keys(nlp.Entities(c))), Confidence: 0.95}
		th.Parent = parent(stems(c), in.Candidates, candidateStems(in.Candidates))
		if th.Parent == "" {
			// a tool runs for the latest step of the session
			for i := len(in.Candidates) - 1; i >= 0; i-- {
				if in.Candidates[i].SameSession {
					th.Parent = in.Candidates[i].ID
					break
				}
			}
		}
		out.Thoughts = append(out.Thoughts, th)
		return out
	}
	var prevEnts []string
	var cands []map[string]bool // the candidates' stems, computed once
	for _, s := range a.Sentences {
		if len(out.Thoughts) == max {
			break
		}
		typ, conf := thoughtType(s, in.Role)
		if in.Verbatim {
			typ, conf = model.ThoughtKnowledge, 1
			// small talk, and one-word asides ("Maybe.") and questions
			if s.Act == ActSmallTalk || len(s.Content) == 0 || len(s.Content) == 1 && s.Act != ActStatement && s.Act != ActPreference ||
				s.Act == ActQuestion && len(s.Content) < 2 {
				typ = ""
			}
		}
		if typ == "" {
			continue
		}
		ents := nlp.Keys(s.Entities)
		th := model.ExtractedThought{Type: typ, Content: s.Text, Entities: nonNil(ents), Confidence: conf, Person: personOf(s, a)}
		if th.Person == "" && len(s.Clauses) > 0 && s.Clauses[0].Person {
			th.Person = s.Clauses[0].Subject
		}
		setChange(&th, s)
		if cands == nil {
			cands = candidateStems(in.Candidates)
		}
		th.Parent = parent(setOf(s.Content), in.Candidates, cands)
		if len(out.Thoughts) > 0 && th.Parent == "" && overlap(ents, prevEnts) {
			th.FollowsPrevious = true
		}
		prevEnts = ents
		out.Thoughts = append(out.Thoughts, th)
	}
	return out
}

// setChange fills a thought's change and condition fields from its
// sentence: Replaces from a named old value ("instead of X", "from X to
// Y") or a removed entity ("drop X", "remove X", "ditch X"); Attribute and
// New from "VERB ATTRIBUTE [from X] to Y"; Change for a change without a
// named attribute or old value (a new value, a stop, a revert, or a change
// word: "switched", "changed", "instead", "from now on", "now" before a
// verb); Conditional for an "if", "unless" or "whenever" clause, a sentence
// opening with "when", or "only when" / "except when".
func setChange(th *model.ExtractedThought, s Sentence) {
	c := s.Change
	th.Replaces = c.Old
	if c.Attribute != "" && c.New != "" {
		th.Attribute, th.New = c.Attribute, c.New
	}
	compared := false
	if r := []rune(th.Replaces); len(r) > 0 && unicode.IsDigit(r[0]) && th.Attribute == "" {
		th.Replaces, compared = "", true // "0.4 ms instead of 9 ms" compares measurements
	}
	toks := tokenize(s.Text)
	if th.Replaces == "" {
		th.Replaces = removed(toks, s)
	}
	if th.Replaces == "" && th.Attribute == "" && !compared && (c.New != "" || c.Stop || c.Revert || strongChange(toks)) {
		th.Change = true
	}
	ws := words(toks)
	if cw := strings.Fields(s.Condition); len(cw) > 0 {
		switch cw[0] {
		case "if", "unless", "whenever":
			th.Conditional = true
		case "when":
			th.Conditional = len(toks) > 0 && toks[0].low == "when"
		}
	}
	if hasCue(ws, []string{"only if", "only when", "except when", "unless"}) {
		th.Conditional = true
	}
}

// removalVerbs drop a named thing ("drop Spotify", "ditched the gym").
var removalVerbs = set("drop", "remove", "replace", "ditch", "abandon")

// removed returns the entity a removal verb drops when the entity directly
// follows it ("drop Spotify"; not "drop the table"), or the first entity after
// a stop cue ("no longer", "stopped", "quit": "we no longer use Redis"),
// else "".
func removed(toks []token, s Sentence) string {
	for i, t := range toks {
		stop := t.low == "longer" && i > 0 && toks[i-1].low == "no" || t.low == "quit" || lemma(t.low) == "stop"
		if !(removalVerbs[lemma(t.low)] || stop) || i+1 >= len(toks) {
			continue
		}
		for _, e := range s.Entities {
			if strings.HasPrefix(e.Text, toks[i+1].text) {
				return e.Text
			}
			if stop && i+2 < len(toks) && strings.HasPrefix(e.Text, toks[i+2].text) {
				return e.Text
			}
		}
	}
	return ""
}

// strongChange reports a word that announces a changed value by itself
// (changeMarkers other than "now", "actually" and "nowadays", which also
// just set a scene), "now" before a verb ("now prefers"), or "from now on".
func strongChange(toks []token) bool {
	for i, t := range toks {
		switch t.low {
		case "now":
			if i+1 < len(toks) && verbClass[lemma(toks[i+1].low)] != "" || i > 0 && toks[i-1].low == "from" {
				return true
			}
		case "actually", "nowadays":
		default:
			if changeMarkers[t.low] {
				return true
			}
		}
	}
	return false
}

// thoughtType maps a sentence's speech act onto a thought type and a
// confidence; "" for sentences that hold no reasoning (small talk, and
// statements with fewer than three content words).
func thoughtType(s Sentence, role string) (string, float64) {
	switch s.Act {
	case ActSmallTalk:
		return "", 0
	case ActDecision:
		return model.ThoughtDecision, 0.9
	case ActLesson:
		return model.ThoughtLesson, 0.85
	case ActPlan:
		return model.ThoughtTodo, 0.8
	case ActQuestion:
		if len(s.Content) < 2 {
			return "", 0
		}
		return model.ThoughtKnowledgeGap, 0.7
	case ActHypothesis:
		return model.ThoughtHypothesis, 0.6
	}
	if len(s.Content) < 3 {
		return "", 0
	}
	if role == "tool" {
		return model.ThoughtAnalysis, 0.95
	}
	return model.ThoughtAnalysis, 0.75
}

func overlap(a, b []string) bool {
	for _, x := range a {
		if slices.Contains(b, x) {
			return true
		}
	}
	return false
}

// parent picks the offered candidate sharing the most content stems with
// the sentence (at least two; ties: the newest), or "". mine is the
// sentence's content stems, candStems[i] those of cands[i].
func parent(mine map[string]bool, cands []model.Candidate, candStems []map[string]bool) string {
	best, bestN := "", 1
	for i, c := range cands {
		n := 0
		for st := range candStems[i] {
			if mine[st] {
				n++
			}
		}
		if n >= bestN+0 && n >= 2 && n >= bestN {
			best, bestN = c.ID, n
		}
	}
	return best
}

func stems(s string) map[string]bool { return setOf(textutil.ContentTokens(s)) }

// setOf is the set of words.
func setOf(words []string) map[string]bool {
	out := make(map[string]bool, len(words))
	for _, w := range words {
		out[w] = true
	}
	return out
}

// candidateStems returns the content stems of each candidate.
func candidateStems(cands []model.Candidate) []map[string]bool {
	out := make([]map[string]bool, len(cands))
	for i, c := range cands {
		out[i] = stems(c.Content)
	}
	return out
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// intentCues defines each taxonomy value by general English words (matched
// as stems): the value itself and its common synonyms.
var intentCues = map[string]map[string][]string{
	"goal": {
		"build":    {"build", "implement", "create", "make", "set up", "develop", "write"},
		"debug":    {"debug", "fix", "bug", "error", "broken", "crash", "fail", "not working", "issue", "problem"},
		"optimize": {"optimize", "faster", "slow", "speed", "performance", "improve", "efficient"},
		"decide":   {"decide", "choose", "pick", "select", "option", "which one", "whether"},
		"plan":     {"plan", "organize", "prepare", "arrange", "trip", "schedule", "next week", "upcoming"},
		"book":     {"book", "reserve", "reservation", "ticket", "appointment"},
		"research": {"research", "study", "learn", "read about", "find out", "explore", "investigate"},
		"review":   {"review", "feedback", "check over", "critique", "evaluate"},
		"remember": {"remember", "recall", "remind", "don't forget", "keep in mind"},
	},
	"subtask": {
		"requirements": {"need", "require", "must", "requirement", "constraint"},
		"design":       {"design", "structure", "layout", "architecture"},
		"implement":    {"implement", "code", "write", "build"},
		"diagnose":     {"why", "cause", "diagnose", "investigate", "figure out", "reproduce"},
		"fix":          {"fix", "repair", "solve", "resolve", "workaround"},
		"verify":       {"verify", "test", "check", "confirm"},
		"revert":       {"revert", "go back", "undo", "roll back"},
		"compare":      {"compare", "versus", "vs", "better", "instead", "rather", "alternative"},
		"search":       {"search", "look for", "find", "looking for"},
		"read":         {"read", "book", "article", "paper"},
		"summarize":    {"summarize", "summary", "recap", "overview"},
		"schedule":     {"schedule", "date", "time", "when", "tomorrow", "week", "month", "calendar"},
		"budget":       {"budget", "cost", "price", "afford", "expensive", "cheap", "money", "pay"},
		"preference":   {"like", "love", "prefer", "favorite", "enjoy", "hate", "dislike"},
		"itinerary":    {"itinerary", "route", "travel", "trip", "visit"},
		"correct":      {"actually", "correction", "instead", "no longer", "changed", "mistake"},
		"deploy":       {"deploy", "release", "launch", "ship", "publish"},
	},
}

// normalizedIntentCues holds intentCues in the form matchIntents compares:
// each cue's normalized stems joined by spaces, with a space on each side.
var normalizedIntentCues = sync.OnceValue(func() map[string]map[string][]string {
	out := map[string]map[string][]string{}
	for facet, values := range intentCues {
		out[facet] = map[string][]string{}
		for v, cues := range values {
			for _, c := range cues {
				out[facet][v] = append(out[facet][v], " "+strings.Join(textutil.NormalizeTokens(c), " ")+" ")
			}
		}
	}
	return out
})

// intentText is a text in the form intent cues are matched against: its
// normalized stems joined by spaces, with a space on each side.
type intentText string

func normalizeForIntents(text string) intentText {
	return intentText(" " + strings.Join(textutil.NormalizeTokens(text), " ") + " ")
}

// matchIntents returns the facet's values whose cues occur in text (stem
// phrases), in taxonomy order.
func matchIntents(facet string, text intentText) []string {
	norm := string(text)
	cues := normalizedIntentCues()
	var out []string
	for _, v := range model.IntentTaxonomy[facet] {
		for _, c := range cues[facet][v] {
			if strings.Contains(norm, c) {
				out = append(out, v)
				break
			}
		}
	}
	return out
}

// actionType maps a turn's speech acts onto the action facet.
func actionType(a *Analysis, role string) string {
	if role == "tool" {
		return "observe"
	}
	acts := map[Act]bool{}
	change, now := false, false
	for _, s := range a.Sentences {
		acts[s.Act] = true
		if s.Change.Any() {
			change = true
		}
		if ws := words(tokenize(s.Text)); s.Act == ActPlan && hasCue(ws, []string{"lets", "let me"}) {
			now = true // "let's run …": the speaker does it now
		}
	}
	switch {
	case change:
		return "correct"
	case acts[ActDecision]:
		return "decide"
	case acts[ActLesson]:
		return "reflect"
	case acts[ActOutcome]:
		return "observe"
	case now:
		return "execute"
	case acts[ActPlan] || acts[ActHypothesis]:
		return "propose"
	case acts[ActStatement] || acts[ActPreference]:
		return "inform"
	case acts[ActQuestion]:
		return "ask"
	}
	return "smalltalk"
}

// Tags answers tag-intents: goal from the task goal (else the turn),
// subtasks from the turn, the action from the speech acts, the entities
// named, the person the turn is about.
func (m *Model) Tags(in model.TagInput) model.Tags {
	a := m.analyze(in.TurnInput)
	t := model.Tags{Subtasks: []string{}, Entities: []string{}, ActionType: actionType(a, in.Role)}
	text := normalizeForIntents(in.Text)
	if g := matchIntents("goal", normalizeForIntents(in.Task)); len(g) > 0 {
		t.Goal = g[0]
	} else if g := matchIntents("goal", text); len(g) > 0 {
		t.Goal = g[0]
	} else if t.ActionType == "smalltalk" {
		t.Goal = "chat"
	}
	subs := matchIntents("subtask", text)
	if len(subs) > 2 {
		subs = subs[:2]
	}
	t.Subtasks = nonNil(subs)
	for _, e := range a.Entities {
		t.Entities = append(t.Entities, e.Text)
	}
	for _, s := range a.Sentences {
		if p := personOf(s, a); p != "" {
			t.Person = p
			break
		}
	}
	return t
}

// Locate answers locate-path: the default goal; the step kind from the
// speech acts (decision → decision, lesson → reflection, plan or a
// proposal → action, else observation); the outcome it reports; small talk;
// the subtask — the current one unless the turn shares no content word with
// the current subtask's context and names new content, then an earlier
// subtask whose label words it uses, else a new label from its leading
// content words; the value changes and a revert.
func (m *Model) Locate(in model.LocateInput) model.Placement {
	a := m.analyze(in.TurnInput)
	p := model.Placement{Goal: in.Goal, Node: model.NodeObservation, Updates: []model.Update{}}
	acts := map[Act]bool{}
	content := 0
	for _, s := range a.Sentences {
		acts[s.Act] = true
		if s.Act != ActSmallTalk {
			content += len(s.Content)
		}
		if s.Outcome != "" && p.Outcome == "" {
			p.Outcome = s.Outcome
		}
		if ch := s.Change; ch.New != "" {
			if ch.Revert {
				p.Revert = ch.New
			} else if ch.Old != "" || ch.Attribute != "" {
				p.Updates = append(p.Updates, model.Update{Attribute: strings.ToLower(ch.Attribute), Old: stripDates(ch.Old, s.Dates), New: stripDates(ch.New, s.Dates)})
			}
		} else if ch.Old != "" {
			// "X instead of Y": the new value is the clause object
			for _, c := range s.Clauses {
				if obj := firstPhrase(c.Object, ch.Old); obj != "" && !strings.Contains(obj, ch.Old) {
					p.Updates = append(p.Updates, model.Update{Old: ch.Old, New: stripDates(obj, s.Dates)})
					break
				}
			}
		}
		if p.Person == "" {
			p.Person = personOf(s, a)
		}
	}
	switch {
	case acts[ActDecision]:
		p.Node = model.NodeDecision
	case acts[ActLesson]:
		p.Node = model.NodeReflection
	case acts[ActPlan] || in.Role != "tool" && acts[ActQuestion] && in.Role == RoleAssistant:
		p.Node = model.NodeAction
	}
	if in.Role == "tool" {
		p.Node = model.NodeObservation
	}
	if content == 0 && p.Outcome == "" {
		p.ChitChat = true
		p.Subtask = in.Current
		return p
	}
	p.Subtask = subtask(in, a)
	return p
}

// firstPhrase is obj cut before "instead of"/"rather than" and old.
func firstPhrase(obj, old string) string {
	low := strings.ToLower(obj)
	for _, cut := range []string{" instead of", " rather than", " in place of"} {
		if i := strings.Index(low, cut); i > 0 {
			return strings.TrimSpace(obj[:i])
		}
	}
	return obj
}

// subtask chooses the subtask label of a turn (see Locate).
func subtask(in model.LocateInput, a *Analysis) string {
	turn := stems(in.Text)
	if in.Current != "" {
		ctx := stems(strings.Join(append(append([]string{}, in.Context...), in.Previous, strings.ReplaceAll(in.Current, "-", " ")), " "))
		for w := range turn {
			if ctx[w] {
				return in.Current
			}
		}
		if len(turn) < 3 {
			return in.Current
		}
	}
	best, bestN := "", 0
	for _, l := range in.Subtasks {
		n := 0
		for w := range stems(strings.ReplaceAll(l, "-", " ")) {
			if turn[w] {
				n++
			}
		}
		if n > bestN {
			best, bestN = l, n
		}
	}
	if best != "" {
		return best
	}
	return Label(in.Text)
}

// Label is a subtask label for a text: its first three content words (nouns
// first when the sentence has entities), lowercase, joined by "-".
func Label(text string) string {
	var ws []string
	seen := map[string]bool{}
	for _, w := range textutil.Words(text) {
		if textutil.IsStopword(w) || len(w) < 3 || interjections[w] || seen[w] || auxiliaries[w] || adverbs[w] {
			continue
		}
		seen[w] = true
		ws = append(ws, w)
		if len(ws) == 3 {
			break
		}
	}
	if len(ws) == 0 {
		return "notes"
	}
	return strings.Join(ws, "-")
}

// bestSentence is the sentence of s with the most content words (first on
// ties), or s.
func bestSentence(s string) string {
	best, n := "", -1
	for _, x := range textutil.Sentences(s) {
		if c := len(textutil.ContentTokens(x)); c > n {
			best, n = x, c
		}
	}
	if best == "" {
		return strings.TrimSpace(s)
	}
	return best
}

// Reflect answers reflect: the step that was tried and how it failed, in
// their own words, and the advice not to repeat it unchanged.
func Reflect(in model.ReflectInput) model.Reflection {
	o := strings.TrimRight(bestSentence(in.Outcome), ".!")
	if strings.TrimSpace(in.Step) == "" {
		return model.Reflection{Lesson: "Lesson: it failed: " + o + "."}
	}
	st := strings.TrimRight(bestSentence(in.Step), ".!")
	return model.Reflection{Lesson: "Lesson: tried " + st + "; it failed: " + o + ". Next time, do not repeat it unchanged."}
}

// Summarize answers summarize: an extractive summary — each line's most
// informative sentence, ranked by speech act (decisions, lessons, outcomes
// and plans first) and content, kept in transcript order within MaxWords.
func Summarize(in model.SummarizeInput) model.Summary {
	return summarize(in, actSentences)
}

// Summarize is Summarize with each line's sentences memoized: a summary
// that grows over a session re-reads the same lines.
func (m *Model) Summarize(in model.SummarizeInput) model.Summary {
	return summarize(in, func(body string) []Sentence {
		if ss, ok := m.acts.Get(body); ok {
			return ss
		}
		ss := actSentences(body)
		m.acts.Put(body, ss)
		return ss
	})
}

// actSentences returns text's sentences with only the fields a summary
// reads: Text, Content, Act and Outcome. Each equals the field of
// Analyze's sentence, whatever the speaker, addressee and date, because
// none of the four depends on them (TestActSentencesMatchAnalyze); the
// clauses, entities and dates Analyze also finds are skipped.
func actSentences(text string) []Sentence {
	var out []Sentence
	for _, s := range textutil.Sentences(text) {
		st := Sentence{Text: s, Content: textutil.ContentTokens(s)}
		st.Act, st.Outcome = classify(s, tokenize(s), st)
		out = append(out, st)
	}
	return out
}

func summarize(in model.SummarizeInput, sentences func(body string) []Sentence) model.Summary {
	type pick struct {
		text   string
		words  int
		weight float64
		order  int
	}
	var picks []pick
	for i, l := range in.Lines {
		body := l
		if k := strings.Index(l, ": "); k > 0 && k < 24 {
			body = l[k+2:]
		}
		var best Sentence
		bestW := -1.0
		for _, s := range sentences(body) {
			w := float64(len(s.Content))
			switch s.Act {
			case ActDecision, ActLesson, ActOutcome:
				w += 6
			case ActPlan, ActPreference:
				w += 3
			case ActSmallTalk:
				w = 0
			}
			if w > bestW {
				best, bestW = s, w
			}
		}
		if bestW <= 0 {
			continue
		}
		picks = append(picks, pick{best.Text, len(strings.Fields(best.Text)), bestW, i})
	}
	sort.SliceStable(picks, func(i, j int) bool { return picks[i].weight > picks[j].weight })
	var kept []pick
	total := 0
	for _, p := range picks {
		if total+p.words > in.MaxWords && len(kept) > 0 {
			continue
		}
		kept = append(kept, p)
		total += p.words
	}
	sort.Slice(kept, func(i, j int) bool { return kept[i].order < kept[j].order })
	var parts []string
	for _, p := range kept {
		parts = append(parts, p.text)
	}
	s := strings.Join(parts, " ")
	if w := strings.Fields(s); len(w) > in.MaxWords && in.MaxWords > 0 {
		s = strings.Join(w[:in.MaxWords], " ") + " …"
	}
	return model.Summary{Summary: s}
}

// Answer answers answer with the offline reader (internal/reader: typed
// answers read from the context, relative dates resolved by the shared
// temporal normalizer). It is the one place the offline model calls the
// reader.
func Answer(in model.AnswerInput) reader.Answer {
	return reader.Read(in.Question, in.Context, reader.Options{Threshold: in.Threshold, Now: AskedAt(in.AskedAt)})
}

// AskedAt parses an answer request's asking time ("2006-01-02 15:04" or
// "2006-01-02", UTC); the zero time when it is empty or in another form
// (the reader then leaves the question's relative dates unresolved).
func AskedAt(s string) time.Time {
	for _, layout := range []string{"2006-01-02 15:04", "2006-01-02"} {
		if t, err := time.Parse(layout, strings.TrimSpace(s)); err == nil {
			return t
		}
	}
	return time.Time{}
}

// Judge answers judge lexically: for an unanswerable question the answer
// must decline (reader.IsAbstention); otherwise every content stem of one
// gold answer must occur in the answer.
func Judge(in model.JudgeInput) string {
	if in.Abstention {
		if reader.IsAbstention(in.Answer) {
			return "CORRECT"
		}
		return "INCORRECT"
	}
	ans := stems(in.Answer)
	gold := strings.TrimSuffix(in.Gold, " (any one of these)")
	for _, g := range strings.Split(gold, " | ") {
		gs := textutil.ContentTokens(g)
		if len(gs) == 0 {
			continue
		}
		ok := true
		for _, w := range gs {
			if !ans[w] {
				ok = false
				break
			}
		}
		if ok {
			return "CORRECT"
		}
	}
	return "INCORRECT"
}

// replacedPhrase returns the words of sentence that name old as the
// replaced value, verbatim (the replaced_phrase of triplet and graph
// replies): "(down from 12)" or "down from 12" for an old value ending in
// the number 20; ", instead of X", "rather than (the) X", "in place of X",
// "replacing X"; "from (the) X " before "to". Matched case-insensitively
// on whole words; "" when the sentence names old in none of these ways.
func replacedPhrase(sentence, old string) string {
	old = strings.TrimSpace(old)
	if old == "" {
		return ""
	}
	q := regexp.QuoteMeta(old)
	if r := old[len(old)-1]; r < 0x80 && (unicode.IsLetter(rune(r)) || unicode.IsDigit(rune(r))) {
		q += `\b`
	}
	pats := []string{`,?\s*\b(?:instead of|rather than|in place of|replacing)\s+(?:the\s+)?` + q, `\bfrom\s+(?:the\s+)?` + q + `\s+`}
	if f := strings.Fields(old); unicode.IsDigit([]rune(f[len(f)-1])[0]) {
		n := regexp.QuoteMeta(strings.Trim(f[len(f)-1], ".,;:"))
		pats = append([]string{`\s*\(\s*(?:down|up) from ` + n + `\s*\)`, `\s*\b(?:down|up) from ` + n + `\b`}, pats...)
	}
	for i, p := range pats {
		re, err := regexp.Compile(`(?i)` + p)
		if err != nil {
			continue
		}
		loc := re.FindStringIndex(sentence)
		if loc == nil {
			continue
		}
		if i == len(pats)-1 && !strings.HasPrefix(strings.ToLower(sentence[loc[1]:]), "to ") {
			continue // "from X" without "to": not a replacement phrase
		}
		return sentence[loc[0]:loc[1]]
	}
	return ""
}
