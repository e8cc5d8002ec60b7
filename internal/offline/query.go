package offline

import (
	"slices"
	"strings"

	"github.com/memarena/memarena/internal/model"
	"github.com/memarena/memarena/internal/nlp"
	"github.com/memarena/memarena/internal/textutil"
)

// Question reading (query-intent replies): general English cue words for a
// question's form, temporal focus, asked relations, answer type and the
// kind of memory it asks for. Cue phrases are matched on whole lowercase
// words with apostrophes removed (see words).
var (
	// auxStart opens a yes-no question.
	auxStart = set("is", "are", "was", "were", "do", "does", "did", "can", "could", "has", "have", "had", "will", "would", "should", "am")
	// howFact follows a "how" that asks for a quantity, not a process.
	howFact = set("many", "much", "long", "often", "old", "far", "big")
	// openStarts open a question about a process, a reason or a story.
	openStarts = [][]string{{"why"}, {"explain"}, {"describe"}, {"what", "happened"}, {"what", "went", "wrong"},
		{"what", "steps"}, {"walk", "me", "through"}, {"tell", "me", "about"}, {"summarize"}, {"what", "was", "the", "process"},
		{"what", "approach"}, {"what", "did", "we", "learn"}, {"what", "lessons"}}
	// multiHopCues combine or compare two things.
	multiHopCues = []string{"in common", "connection between", "related to", "relationship between", "compared to",
		"compared with", "both", "who else", "and also", "as well as", "same as", "what else", "versus", "vs"}
	// currentCues ask about the present state.
	currentCues = []string{"now", "currently", "current", "still", "anymore", "any more", "nowadays", "latest", "presently",
		"these days", "at the moment", "right now", "at present"}
	// historyCues ask about an earlier state.
	historyCues = []string{"first", "originally", "original", "initially", "before", "previously", "previous", "used to",
		"earlier", "formerly", "prior", "old", "replaced", "in the past", "at first", "history", "changed from", "what was"}
	// reasonCues ask why.
	reasonCues = []string{"why", "reason", "reasons", "because", "cause", "caused", "motivation", "rationale", "justify",
		"justification", "what made", "led to", "how come"}
	// choiceCues ask which choice was made.
	choiceCues = []string{"decide", "decided", "decision", "decisions", "choose", "chose", "chosen", "choice", "pick", "picked",
		"select", "selected", "settle", "settled", "go with", "went with", "opt", "opted", "agree", "agreed"}
	// learnCues ask for a lesson.
	learnCues = []string{"lesson", "lessons", "learn", "learned", "learnt", "next time", "avoid", "mistake", "mistakes",
		"differently", "takeaway", "takeaways", "remember to", "in the future", "do better"}
	// selfWords refer to the asker's own side.
	selfWords = set("i", "me", "my", "mine", "myself", "we", "us", "our", "ours", "ourselves")
)

// relationCues maps question words (Porter2 stems) to the relations they
// ask about; a word may ask for several.
var relationCues = func() map[string][]string {
	m := map[string][]string{}
	add := func(rel string, ws ...string) {
		for _, w := range ws {
			st := textutil.Stem(w)
			if !slices.Contains(m[st], rel) {
				m[st] = append(m[st], rel)
			}
		}
	}
	add("uses", "use", "using", "used", "run", "runs", "switch", "switched", "migrate", "migrated", "move", "moved", "adopt", "rely", "replaced", "replace")
	add("prefers", "prefer", "preference", "preferences", "favorite", "favourite", "like", "likes", "love", "enjoy", "want", "rather", "fan")
	add("dislikes", "dislike", "hate", "avoid", "allergic", "allergy")
	add("decided", "decide", "decision", "choose", "chose", "chosen", "choice", "pick", "picked", "settle", "settled", "select", "selected", "opt", "agree", "agreed")
	add("caused_by", "why", "cause", "caused", "reason", "because", "due", "trigger", "triggered")
	add("solution_for", "fix", "fixed", "solve", "solved", "solution", "resolve", "resolved", "workaround", "remedy")
	add("occurred_at", "when", "date", "day", "happen", "happened", "occur", "occurred", "time")
	add("scheduled_for", "when", "date", "day", "schedule", "scheduled", "deadline", "plan", "planned", "appointment", "meeting")
	add("located_in", "where", "location", "located", "city", "country", "place", "live", "lives", "stay", "staying", "based", "region")
	add("owns", "own", "owns", "owner", "possess", "bought", "buy", "belong")
	add("works_on", "work", "working", "works", "job", "responsible", "assigned", "handle")
	add("depends_on", "depend", "depends", "dependency", "require", "requires", "requirement", "need", "needs", "prerequisite", "blocked")
	add("believes", "think", "believe", "believes", "opinion", "suspect", "expect", "guess")
	add("part_of", "part", "component", "member", "include", "includes")
	add("status", "status", "state", "progress", "done", "finished", "complete", "ready", "blocked", "version", "setting")
	for _, rs := range m {
		slices.Sort(rs)
	}
	return m
}()

// Query answers query-intent: goal and subtask intents of the question,
// its entities, the kind of step it looks for, the task when the question
// is about the current task ("so far", "this task"), and its reading (see
// readQuestion).
func Query(in model.QueryInput) model.IntentQuery {
	q := model.IntentQuery{Intents: []string{}, Entities: []string{}}
	question := normalizeForIntents(in.Question)
	if g := matchIntents("goal", question); len(g) > 0 {
		q.Intents = append(q.Intents, "goal:"+g[0])
	}
	subs := matchIntents("subtask", question)
	if len(subs) > 2 {
		subs = subs[:2]
	}
	for _, s := range subs {
		q.Intents = append(q.Intents, "subtask:"+s)
	}
	for _, e := range nlp.Entities(in.Question) {
		q.Entities = append(q.Entities, e.Text)
	}
	ws := words(tokenize(in.Question))
	switch {
	case hasCue(ws, decisionCues) || hasCue(ws, []string{"decide", "choose", "pick", "which did"}):
		q.ActionType = "decide"
	case hasCue(ws, lessonCues) || hasCue(ws, []string{"learn", "lesson"}):
		q.ActionType = "reflect"
	case hasCue(ws, []string{"result", "outcome", "how did", "did it work", "go"}):
		q.ActionType = "observe"
	}
	if hasCue(ws, []string{"so far", "this task", "current task"}) {
		q.Task = in.Task
	}
	readQuestion(in.Question, &q)
	return q
}

// readQuestion fills the question's form, focus, relations, answer type,
// asks and self reference:
//
//   - form: multi-hop when the question has two or more wh-words ("Why did
//     we pick X, and what replaced it?"), a relative clause after its first
//     noun phrase ("which hotel did the person who …"), or a combining cue
//     ("both", "in common" …); open when it starts with how (not how
//     many/much/long/often/old/far/big), why, explain, describe, "what
//     happened" …; fact when it starts with a wh-word, an auxiliary
//     (yes-no), or a preposition and a wh-word ("In which city …"); task
//     otherwise;
//   - focus: current for a present-state cue without a history cue
//     ("now", "still"), history for a history cue without a present-state
//     one ("first", "used to"), else "";
//   - relations from cue-word stems; answer type from who / where / when /
//     "what date"; asks from choice, reason and lesson cues; self from
//     first-person words.
func readQuestion(question string, q *model.IntentQuery) {
	ws := textutil.Words(question)
	lw := " " + strings.Join(ws, " ") + " "
	cw := words(tokenize(question))
	first := ""
	if len(ws) > 0 {
		first = ws[0]
	}
	nWh := 0
	for _, w := range ws {
		if whWords[w] {
			nWh++
		}
	}
	multi := nWh >= 2 && !(first == "how" && len(ws) > 1 && howFact[ws[1]] && nWh == 2 && !strings.Contains(lw, " and "))
	if !multi && hasCue(lw, multiHopCues) {
		multi = true
	}
	if !multi && (whWords[first] || auxStart[first]) {
		for i := 3; i < len(ws)-1; i++ {
			if (ws[i] == "that" || ws[i] == "who" || ws[i] == "whose" || ws[i] == "which") && !auxStart[ws[i-1]] {
				multi = true
				break
			}
		}
	}
	switch {
	case multi:
		q.Form = model.FormMultiHop
	case openQuestion(ws):
		q.Form = model.FormOpen
	case whWords[first] || auxStart[first] || len(ws) > 1 && whWords[ws[1]]:
		q.Form = model.FormFact
	default:
		q.Form = model.FormTask
	}
	cur, hist := hasCue(cw, currentCues), hasCue(cw, historyCues)
	switch {
	case cur && !hist:
		q.Focus = model.FocusCurrent
	case hist && !cur:
		q.Focus = model.FocusHistory
	}
	q.Relations = []string{}
	for _, w := range ws {
		for _, r := range relationCues[textutil.Stem(w)] {
			if !slices.Contains(q.Relations, r) {
				q.Relations = append(q.Relations, r)
			}
		}
	}
	slices.Sort(q.Relations)
	switch {
	case slices.Contains(ws, "who") || slices.Contains(ws, "whom") || slices.Contains(ws, "whose"):
		q.AnswerType = model.TypePerson
	case slices.Contains(ws, "where"):
		q.AnswerType = model.TypePlace
	case slices.Contains(ws, "when") || hasCue(lw, []string{"what date", "which date", "what day", "what time", "what year", "what month"}):
		q.AnswerType = model.TypeTime
	}
	q.Asks = []string{}
	if hasCue(cw, choiceCues) {
		q.Asks = append(q.Asks, model.AskDecision)
	}
	if hasCue(cw, reasonCues) {
		q.Asks = append(q.Asks, model.AskReason)
	}
	if hasCue(cw, learnCues) {
		q.Asks = append(q.Asks, model.AskLesson)
	}
	for _, w := range ws {
		if selfWords[w] {
			q.Self = true
			break
		}
	}
}

// openQuestion reports a question about a process, a reason or a story.
func openQuestion(ws []string) bool {
	if len(ws) == 0 {
		return false
	}
	if ws[0] == "how" {
		return len(ws) < 2 || !howFact[ws[1]]
	}
	for _, s := range openStarts {
		if len(ws) >= len(s) && slices.Equal(ws[:len(s)], s) {
			return true
		}
	}
	return false
}
