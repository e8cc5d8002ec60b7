package scenarios

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/memarena/memarena/internal/temporal"
	"github.com/memarena/memarena/internal/textutil"
)

// Gold-check kinds (GoldProblem.Check).
const (
	// CheckAnswerSupport: no gold answer of a probe is supported by its
	// evidence turns.
	CheckAnswerSupport = "answer not in evidence"
	// CheckStaleSaid: a probe's or task's stale fact is never said before
	// it is asked or checked.
	CheckStaleSaid = "stale fact never said before"
	// CheckRequiredBefore: a task's required fact is not stated before the
	// session that checks it.
	CheckRequiredBefore = "required fact not stated before its task"
)

// GoldProblem is a gold annotation that cannot be right, found by
// CheckGold.
type GoldProblem struct {
	Problem
	// Check is one of CheckAnswerSupport, CheckStaleSaid,
	// CheckRequiredBefore.
	Check string
}

// CheckGold looks for gold annotations that cannot be right, with the
// harness's own fact matching (textutil.ContainsAll: every content stem of
// the fact occurs in the text, after LoCoMo-style normalization):
//
//   - a probe's gold answers must be supported by its evidence turns: for
//     at least one answer, every content stem occurs in the evidence turns
//     taken together with what a reader can take from them — the speaker,
//     the turn's date and relative days resolved against it ("yesterday",
//     "last Monday"; package temporal), each as "7 May 2023", "May 7,
//     2023", "2023-05-07" and "May 2023", the weekday, and numbers up to
//     twenty as digits or words. A probe whose answer is a
//     paraphrase or a derivation (a count, a computed date, an inference)
//     sets `paraphrase: true`, which skips this check. Probes without
//     answers or evidence are skipped;
//   - a probe's stale facts must be said in a turn before the probe is
//     asked (sessions up to after_session), and a task's before its
//     session (a task is checked before its session's turns are read);
//   - a task's required facts must be stated before its session: stated
//     only in that session or later, the task can never succeed.
//
// Problems carry their field (Line and File left for the caller). It
// never panics on a scenario Validate accepts.
func CheckGold(s *Scenario) []GoldProblem {
	var out []GoldProblem
	add := func(check, field, format string, args ...any) {
		out = append(out, GoldProblem{Problem{Field: field, Msg: fmt.Sprintf(format, args...)}, check})
	}
	// before(k, fact): every token of fact occurs in the turns of
	// sessions 0…k-1 (one pass over the turns; linear in the scenario).
	px := newPrefixIndex(s)
	end := len(s.Sessions)
	for si, ss := range s.Sessions {
		if ss.Task == nil {
			continue
		}
		f := fmt.Sprintf("sessions[%d].task", si)
		for i, fact := range ss.Task.RequiredFacts {
			if strings.TrimSpace(fact) == "" || px.contains(si, fact) {
				continue
			}
			where := "never stated"
			if px.contains(end, fact) {
				where = "stated only in this session or later"
			}
			add(CheckRequiredBefore, fmt.Sprintf("%s.required_facts[%d]", f, i),
				"%q is %s, but the task is checked at the start of session %q, before its turns: the task cannot succeed (missing %s)",
				fact, where, ss.ID, px.missing(si, fact))
		}
		for i, fact := range ss.Task.StaleFacts {
			if strings.TrimSpace(fact) != "" && !px.contains(si, fact) {
				add(CheckStaleSaid, fmt.Sprintf("%s.stale_facts[%d]", f, i),
					"%q is never said before session %q, where the task is checked: a superseded value must have been stated (missing %s)",
					fact, ss.ID, px.missing(si, fact))
			}
		}
	}
	turns := s.TurnIndex()
	for pi, p := range s.Probes {
		f := fmt.Sprintf("probes[%d]", pi)
		after := s.SessionIndex(p.AfterSession)
		if after < 0 {
			continue
		}
		for i, fact := range p.StaleFacts {
			if strings.TrimSpace(fact) != "" && !px.contains(after+1, fact) {
				add(CheckStaleSaid, fmt.Sprintf("%s.stale_facts[%d]", f, i),
					"%q is never said before the probe is asked (after session %q): a superseded value must have been stated (missing %s)",
					fact, p.AfterSession, px.missing(after+1, fact))
			}
		}
		if p.Paraphrase || p.Kind == KindAbstention || len(p.Answers) == 0 || len(p.Evidence) == 0 {
			continue
		}
		support := evidenceText(s, turns, p.Evidence)
		if support == "" {
			continue
		}
		ok := false
		for _, a := range p.Answers {
			if strings.TrimSpace(a) == "" || textutil.ContainsAll(support, a) {
				ok = true
				break
			}
		}
		if !ok {
			var miss []string
			for _, a := range p.Answers {
				miss = append(miss, fmt.Sprintf("%q lacks %s", a, missing(support, a)))
			}
			add(CheckAnswerSupport, f+".answers",
				"no gold answer is supported by the evidence turns %s (%s); fix the answer or the evidence, or mark a paraphrased or derived answer with `paraphrase: true`",
				strings.Join(p.Evidence, ", "), strings.Join(miss, "; "))
		}
	}
	return out
}

// evidenceText is what a reader can take from the evidence turns: each
// turn's speaker and text with relative dates resolved, its session's date
// in several renderings, and number words and digits both ways.
func evidenceText(s *Scenario, turns map[string]TurnRef, ids []string) string {
	var b strings.Builder
	for _, id := range ids {
		r, ok := turns[id]
		if !ok {
			continue
		}
		ss := s.Sessions[r.Session]
		t := ss.Turns[r.Turn]
		ref := t.Time.Time
		if ref.IsZero() {
			ref = ss.Start.Time
		}
		b.WriteString(t.Speaker)
		b.WriteString(": ")
		b.WriteString(temporal.Annotate(t.Text, ref))
		if !ref.IsZero() {
			b.WriteString(" [" + dayForms(ref) + ", " + ref.Format("Monday") + "]")
			for _, m := range temporal.Find(t.Text, ref) {
				if m.Relative && m.Unit == temporal.Day && !m.Vague {
					b.WriteString(" [" + dayForms(m.From) + "]")
				}
			}
		}
		b.WriteString("\n")
	}
	text := b.String()
	var extra []string
	for _, w := range textutil.Words(text) {
		if n, ok := numberWords[w]; ok {
			extra = append(extra, strconv.Itoa(n))
		} else if n, err := strconv.Atoi(w); err == nil && n >= 0 && n < len(numberNames) {
			extra = append(extra, numberNames[n])
		}
	}
	return text + strings.Join(extra, " ")
}

// dayForms renders a day the ways gold answers write it: "7 May 2023",
// "May 7, 2023", "2023-05-07", "May 2023".
func dayForms(t time.Time) string {
	return strings.Join([]string{temporal.FormatDay(t), t.Format("January 2, 2006"), t.Format("2006-01-02"), t.Format("January 2006")}, ", ")
}

// numberNames are the number words from zero to twenty.
var numberNames = []string{"zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
	"eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty"}

var numberWords = func() map[string]int {
	m := map[string]int{}
	for i, w := range numberNames {
		m[w] = i
	}
	return m
}()

// prefixIndex answers textutil.ContainsAll against the text of the first
// k sessions' turns without rebuilding that text: for every token it keeps
// the first session it occurs in, as a content token and as a normalized
// token. Words never span two turns, so the tokens of the joined text are
// the union of the turns' tokens.
// It is built on first use: most scenarios (every imported dataset
// question without tasks or stale facts) never need it.
type prefixIndex struct {
	s             *Scenario
	content, norm map[string]int
}

func newPrefixIndex(s *Scenario) *prefixIndex { return &prefixIndex{s: s} }

func (px *prefixIndex) build() {
	if px.content != nil {
		return
	}
	px.content, px.norm = map[string]int{}, map[string]int{}
	for si, ss := range px.s.Sessions {
		for _, t := range ss.Turns {
			for _, w := range textutil.NumberWords(t.Text) {
				st := textutil.Stem(w)
				if !textutil.IsStopword(w) {
					if _, ok := px.content[st]; !ok {
						px.content[st] = si
					}
				}
				if !textutil.IsArticle(w) {
					if _, ok := px.norm[st]; !ok {
						px.norm[st] = si
					}
				}
			}
		}
	}
}

// has reports whether token (content or normalized) occurs in sessions
// 0…k-1.
func (px *prefixIndex) has(k int, token string, content bool) bool {
	px.build()
	m := px.norm
	if content {
		m = px.content
	}
	first, ok := m[token]
	return ok && first < k
}

// contains is textutil.ContainsAll(text of sessions 0…k-1, fact).
func (px *prefixIndex) contains(k int, fact string) bool {
	need, all := textutil.FactTokens(fact)
	content := true
	if len(need) == 0 {
		need, content = all, false
	}
	if len(need) == 0 {
		return false
	}
	for _, t := range need {
		if !px.has(k, t, content) {
			return false
		}
	}
	return true
}

// missing is missing(text of sessions 0…k-1, fact).
func (px *prefixIndex) missing(k int, fact string) string {
	content, _ := textutil.FactTokens(fact)
	useContent := len(content) > 0
	return missingWords(fact, useContent, func(st string) bool { return px.has(k, st, useContent) })
}

// missing lists the content words of fact whose stems do not occur in
// text, quoted ("\"gin\", \"tonic\"").
func missing(text, fact string) string {
	textContent, textAll := textutil.FactTokens(text)
	factContent, _ := textutil.FactTokens(fact)
	useContent := len(factContent) > 0
	have := textutil.TokenSet(textContent)
	if !useContent {
		have = textutil.TokenSet(textAll)
	}
	return missingWords(fact, useContent, func(st string) bool { return have[st] })
}

// missingWords lists the words of fact (content words when useContent)
// whose stems have does not report, quoted; "nothing" when none.
func missingWords(fact string, useContent bool, have func(stem string) bool) string {
	var out []string
	seen := map[string]bool{}
	for _, w := range textutil.NumberWords(fact) {
		if useContent && textutil.IsStopword(w) {
			continue
		}
		st := textutil.Stem(w)
		if !have(st) && !seen[w] {
			seen[w] = true
			out = append(out, strconv.Quote(w))
		}
	}
	if len(out) == 0 {
		return "nothing"
	}
	return strings.Join(out, ", ")
}
