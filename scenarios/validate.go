package scenarios

import (
	"fmt"
	"math"
	"regexp"
	"sort"
	"strings"
	"time"

	"github.com/agnivade/levenshtein"
	"github.com/memarena/memarena/internal/model"
)

// DatasetKinds are probe kinds that only imported datasets use, accepted by
// the validator beside ProbeKinds.
var DatasetKinds = []string{"open-domain", "preference"}

// IntentTaxonomy is the fixed intent-tag vocabulary (PRISM design): a tag is
// "<facet>:<value>". For the goal, subtask and action facets the value must
// be one of the listed ones; the entity facet takes any lowercase slug
// (letters, digits, '-', '_', '.').
var IntentTaxonomy = model.IntentTaxonomy

var slugRe = regexp.MustCompile(`^[a-z0-9][a-z0-9._-]*$`)

// CheckIntent returns "" when tag is valid under IntentTaxonomy, else what
// is wrong with it.
func CheckIntent(tag string) string {
	facet, value, ok := strings.Cut(tag, ":")
	if !ok {
		return fmt.Sprintf("intent %q: want <facet>:<value> with facet one of goal, subtask, action, entity", tag)
	}
	allowed, known := IntentTaxonomy[facet]
	if !known {
		return fmt.Sprintf("intent %q: unknown facet %q; want goal, subtask, action or entity", tag, facet)
	}
	if allowed == nil {
		if !slugRe.MatchString(value) {
			return fmt.Sprintf("intent %q: entity must be a lowercase slug", tag)
		}
		return ""
	}
	if !contains(allowed, value) {
		return fmt.Sprintf("intent %q: unknown %s %q%s; want one of %s", tag, facet, value, suggest(value, allowed), strings.Join(allowed, ", "))
	}
	return ""
}

// FillDefaults sets the times a file may leave out: a turn without time gets
// its session start plus one minute per turn index (or one minute after the
// previous turn when that is later); a probe without asked_at
// gets one minute after the last turn of its session. Invalid times are left
// for Validate to report.
func (s *Scenario) FillDefaults() {
	ends := map[string]time.Time{}
	for si := range s.Sessions {
		ss := &s.Sessions[si]
		last := ss.Start.Time
		for ti := range ss.Turns {
			t := &ss.Turns[ti]
			if !t.Time.Set() && !ss.Start.IsZero() {
				d := ss.Start.Add(time.Duration(ti) * time.Minute)
				if ti > 0 && !d.After(last) {
					d = last.Add(time.Minute) // never before an explicit earlier time
				}
				t.Time = At(d)
			}
			if t.Time.After(last) {
				last = t.Time.Time
			}
		}
		ends[ss.ID] = last
	}
	for pi := range s.Probes {
		p := &s.Probes[pi]
		if !p.AskedAt.Set() {
			if end, ok := ends[p.AfterSession]; ok && !end.IsZero() {
				p.AskedAt = At(end.Add(time.Minute))
			}
		}
	}
}

// TurnRef locates a turn: Session and Turn are indexes into Sessions and
// Sessions[Session].Turns.
type TurnRef struct{ Session, Turn int }

// TurnIndex maps every turn id to its place. Later duplicates are ignored
// (Validate reports them).
func (s *Scenario) TurnIndex() map[string]TurnRef {
	m := map[string]TurnRef{}
	for si, ss := range s.Sessions {
		for ti, t := range ss.Turns {
			if _, dup := m[t.ID]; !dup {
				m[t.ID] = TurnRef{si, ti}
			}
		}
	}
	return m
}

// SessionIndex returns the index of the session with id, or -1.
func (s *Scenario) SessionIndex(id string) int {
	for i, ss := range s.Sessions {
		if ss.ID == id {
			return i
		}
	}
	return -1
}

// Stats counts what a scenario holds.
type Stats struct {
	Sessions, Turns, Probes, Tasks int
	// Kinds maps probe kind → count.
	Kinds map[string]int
}

// Stats counts sessions, turns, tasks and probes by kind.
func (s *Scenario) Stats() Stats {
	st := Stats{Sessions: len(s.Sessions), Probes: len(s.Probes), Kinds: map[string]int{}}
	for _, ss := range s.Sessions {
		st.Turns += len(ss.Turns)
		if ss.Task != nil {
			st.Tasks++
		}
	}
	for _, p := range s.Probes {
		st.Kinds[p.Kind]++
	}
	return st
}

// Summary is the one-line description `memarena validate` prints.
func (st Stats) Summary() string {
	kinds := make([]string, 0, len(st.Kinds))
	for k := range st.Kinds {
		kinds = append(kinds, k)
	}
	sort.Strings(kinds)
	parts := make([]string, len(kinds))
	for i, k := range kinds {
		parts[i] = fmt.Sprintf("%s %d", k, st.Kinds[k])
	}
	return fmt.Sprintf("%d sessions, %d turns, %d tasks, %d probes (%s)", st.Sessions, st.Turns, st.Tasks, st.Probes, strings.Join(parts, ", "))
}

// Validate checks s against the format's rules and returns every problem
// found (Field set, File and Line left for the caller). It never panics.
func Validate(s *Scenario) Problems {
	v := &validator{}
	if strings.TrimSpace(s.ID) == "" {
		v.add("id", "missing; want a slug such as coding-assistant")
	} else if !slugRe.MatchString(s.ID) {
		v.add("id", "%q is not a lowercase slug (letters, digits, '.', '-', '_')", s.ID)
	}
	if len(s.Sessions) == 0 {
		v.add("sessions", "no sessions; want at least one")
	}
	sessIdx := map[string]int{}
	turnAt := map[string]TurnRef{}
	thoughts := map[string]bool{}
	var prevStart time.Time
	for si, ss := range s.Sessions {
		f := fmt.Sprintf("sessions[%d]", si)
		switch {
		case strings.TrimSpace(ss.ID) == "":
			v.add(f+".id", "missing session id")
		case hasKey(sessIdx, ss.ID):
			v.add(f+".id", "duplicate session id %q (first at sessions[%d])", ss.ID, sessIdx[ss.ID])
		default:
			sessIdx[ss.ID] = si
		}
		v.when(f+".start", ss.Start, true)
		if !ss.Start.IsZero() {
			if !prevStart.IsZero() && ss.Start.Before(prevStart) {
				v.add(f+".start", "session starts %s, before the previous session (%s); sessions must be in time order", fmtT(ss.Start.Time), fmtT(prevStart))
			}
			prevStart = ss.Start.Time
		}
		if ss.Task != nil {
			if strings.TrimSpace(ss.Task.Goal) == "" {
				v.add(f+".task.goal", "empty task goal")
			}
			v.nonEmpty(f+".task.required_facts", ss.Task.RequiredFacts)
			v.nonEmpty(f+".task.stale_facts", ss.Task.StaleFacts)
		}
		if len(ss.Turns) == 0 {
			v.add(f+".turns", "session has no turns")
		}
		var prevT time.Time
		for ti, t := range ss.Turns {
			tf := fmt.Sprintf("%s.turns[%d]", f, ti)
			switch {
			case strings.TrimSpace(t.ID) == "":
				v.add(tf+".id", "missing turn id")
			case hasKey(turnAt, t.ID):
				r := turnAt[t.ID]
				v.add(tf+".id", "duplicate turn id %q (first at sessions[%d].turns[%d])", t.ID, r.Session, r.Turn)
			default:
				turnAt[t.ID] = TurnRef{si, ti}
			}
			if t.Role != RoleUser && t.Role != RoleAssistant && t.Role != RoleTool {
				v.add(tf+".role", "role %q; want user, assistant or tool", t.Role)
			}
			if strings.TrimSpace(t.Text) == "" {
				v.add(tf+".text", "empty text")
			} else if i := strings.IndexFunc(t.Text, IsControl); i >= 0 {
				v.add(tf+".text", "control character %U at byte %d; turn text must be printable", []rune(t.Text[i:])[0], i)
			}
			v.when(tf+".time", t.Time, false)
			if !t.Time.IsZero() {
				if !ss.Start.IsZero() && t.Time.Before(ss.Start.Time) {
					v.add(tf+".time", "turn time %s is before its session start %s", fmtT(t.Time.Time), fmtT(ss.Start.Time))
				}
				if !prevT.IsZero() && t.Time.Before(prevT) {
					v.add(tf+".time", "turn time %s is before the previous turn (%s)", fmtT(t.Time.Time), fmtT(prevT))
				}
				prevT = t.Time.Time
			}
			if t.Gold != nil {
				v.gold(tf+".gold", t.Gold, thoughts)
			}
		}
	}
	probeIDs := map[string]int{}
	for pi, p := range s.Probes {
		f := fmt.Sprintf("probes[%d]", pi)
		switch {
		case strings.TrimSpace(p.ID) == "":
			v.add(f+".id", "missing probe id")
		case hasKey(probeIDs, p.ID):
			v.add(f+".id", "duplicate probe id %q (first at probes[%d])", p.ID, probeIDs[p.ID])
		default:
			probeIDs[p.ID] = pi
		}
		if strings.TrimSpace(p.Question) == "" {
			v.add(f+".question", "empty question")
		}
		if !contains(ProbeKinds, p.Kind) && !contains(DatasetKinds, p.Kind) {
			v.add(f+".kind", "unknown kind %q%s; want one of %s", p.Kind, suggest(p.Kind, ProbeKinds), strings.Join(ProbeKinds, ", "))
		}
		after, ok := sessIdx[p.AfterSession]
		if strings.TrimSpace(p.AfterSession) == "" {
			v.add(f+".after_session", "missing; want the id of the session after which the probe is asked")
		} else if !ok {
			v.add(f+".after_session", "unknown session %q%s", p.AfterSession, suggest(p.AfterSession, keys(sessIdx)))
		}
		v.when(f+".asked_at", p.AskedAt, false)
		if ok && !p.AskedAt.IsZero() {
			ss := s.Sessions[after]
			if n := len(ss.Turns); n > 0 && p.AskedAt.Before(ss.Turns[n-1].Time.Time) {
				v.add(f+".asked_at", "asked at %s, before the end of session %q (%s)", fmtT(p.AskedAt.Time), ss.ID, fmtT(ss.Turns[n-1].Time.Time))
			}
			if after+1 < len(s.Sessions) && !s.Sessions[after+1].Start.IsZero() && p.AskedAt.After(s.Sessions[after+1].Start.Time) {
				v.add(f+".asked_at", "asked at %s, after the next session %q started (%s)", fmtT(p.AskedAt.Time), s.Sessions[after+1].ID, fmtT(s.Sessions[after+1].Start.Time))
			}
		}
		v.nonEmpty(f+".answers", p.Answers)
		v.nonEmpty(f+".required_facts", p.RequiredFacts)
		v.nonEmpty(f+".stale_facts", p.StaleFacts)
		checkRefs := func(field string, ids []string) {
			seen := map[string]bool{}
			for i, id := range ids {
				ff := fmt.Sprintf("%s.%s[%d]", f, field, i)
				r, found := turnAt[id]
				switch {
				case seen[id]:
					v.add(ff, "turn %q listed twice", id)
				case !found:
					v.add(ff, "unknown turn id %q%s", id, suggest(id, keys(turnAt)))
				case ok && r.Session > after:
					v.add(ff, "turn %q is in session %q, after the probe is asked (after session %q): the probe is asked before its evidence exists", id, s.Sessions[r.Session].ID, p.AfterSession)
				}
				seen[id] = true
			}
		}
		checkRefs("evidence", p.Evidence)
		checkRefs("gold_path", p.GoldPath)
		switch p.Kind {
		case KindAbstention:
			if len(p.Evidence) > 0 {
				v.add(f+".evidence", "abstention probe has evidence; an unanswerable question has none")
			}
		default:
			if len(p.Answers) == 0 && contains(ProbeKinds, p.Kind) {
				v.add(f+".answers", "no gold answers; every kind but abstention needs at least one")
			}
			if len(p.Evidence) == 0 && p.RetrievalSkip == "" && contains(ProbeKinds, p.Kind) {
				v.add(f+".evidence", "no evidence turn ids; list the turns that hold the answer")
			}
		}
		if p.Kind == KindKnowledgeUpdate && len(p.StaleFacts) == 0 {
			v.add(f+".stale_facts", "knowledge-update probe needs the superseded value(s) in stale_facts")
		}
		if p.Kind == KindPathReuse && len(p.GoldPath) == 0 {
			v.add(f+".gold_path", "path-reuse probe needs gold_path turn ids")
		}
	}
	return v.probs
}

// IsControl reports whether r is a control character turn text must not
// hold: C0 controls other than tab, line feed and carriage return, DEL
// (U+007F) and the C1 controls (U+0080–U+009F).
func IsControl(r rune) bool {
	return (r < 0x20 && r != '\n' && r != '\t' && r != '\r') || (r >= 0x7f && r <= 0x9f)
}

type validator struct{ probs Problems }

func (v *validator) add(field, format string, args ...any) {
	v.probs = append(v.probs, Problem{Field: field, Msg: fmt.Sprintf(format, args...)})
}

func (v *validator) when(field string, w When, required bool) {
	switch {
	case w.Err != nil:
		v.add(field, "bad date %q; want RFC 3339 (2026-03-02T09:00:00Z), \"2026-03-02 09:00\" or 2026-03-02", w.Raw)
	case required && !w.Set():
		v.add(field, "missing; want a date such as 2026-03-02T09:00:00Z")
	}
}

func (v *validator) nonEmpty(field string, xs []string) {
	for i, x := range xs {
		if strings.TrimSpace(x) == "" {
			v.add(fmt.Sprintf("%s[%d]", field, i), "empty string")
		}
	}
}

func (v *validator) gold(f string, g *Gold, thoughts map[string]bool) {
	for i, th := range g.Thoughts {
		tf := fmt.Sprintf("%s.thoughts[%d]", f, i)
		switch {
		case th.ID == "":
			v.add(tf+".id", "missing thought id")
		case thoughts[th.ID]:
			v.add(tf+".id", "duplicate thought id %q", th.ID)
		}
		if !contains(ThoughtTypes, th.Type) {
			v.add(tf+".type", "unknown thought type %q%s; want one of %s", th.Type, suggest(th.Type, ThoughtTypes), strings.Join(ThoughtTypes, ", "))
		}
		if strings.TrimSpace(th.Content) == "" {
			v.add(tf+".content", "empty thought content")
		}
		if th.Parent != "" && !thoughts[th.Parent] {
			v.add(tf+".parent", "parent %q is not an earlier thought id", th.Parent)
		}
		if math.IsNaN(th.Confidence) || th.Confidence < 0 || th.Confidence > 1 {
			v.add(tf+".confidence", "%v is outside [0, 1]", th.Confidence)
		}
		if th.ID != "" {
			thoughts[th.ID] = true
		}
	}
	for i, tr := range g.Triplets {
		tf := fmt.Sprintf("%s.triplets[%d]", f, i)
		if strings.TrimSpace(tr.Subject) == "" {
			v.add(tf+".subject", "empty subject")
		}
		if strings.TrimSpace(tr.Object) == "" {
			v.add(tf+".object", "empty object")
		}
		if !contains(Relations, tr.Relation) {
			v.add(tf+".relation", "unknown relation %q%s; want one of %s", tr.Relation, suggest(tr.Relation, Relations), strings.Join(Relations, ", "))
		}
	}
	for i, tag := range g.Intents {
		if msg := CheckIntent(tag); msg != "" {
			v.add(fmt.Sprintf("%s.intents[%d]", f, i), "%s", msg)
		}
	}
	if p := g.Path; p != nil {
		if strings.TrimSpace(p.Goal) == "" {
			v.add(f+".path.goal", "empty goal label")
		}
		if strings.TrimSpace(p.Subtask) == "" {
			v.add(f+".path.subtask", "empty subtask label")
		}
		if !contains(PathNodeKinds, p.Node) {
			v.add(f+".path.node", "unknown node kind %q; want one of %s", p.Node, strings.Join(PathNodeKinds, ", "))
		}
		if p.Outcome != "" && p.Outcome != "success" && p.Outcome != "failure" {
			v.add(f+".path.outcome", "outcome %q; want success, failure or nothing", p.Outcome)
		}
	}
	v.nonEmpty(f+".facts", g.Facts)
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

func hasKey[V any](m map[string]V, k string) bool { _, ok := m[k]; return ok }

func keys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// suggest returns ` (did you mean "x"?)` for the first candidate that got
// is a prefix of, else for the closest candidate within a small edit
// distance, or "".
func suggest(got string, candidates []string) string {
	if got == "" {
		return ""
	}
	lg := strings.ToLower(got)
	if len(lg) >= 3 {
		for _, c := range candidates {
			if strings.HasPrefix(strings.ToLower(c), lg) {
				return fmt.Sprintf(" (did you mean %q?)", c)
			}
		}
	}
	best, bestD := "", 1<<30
	for _, c := range candidates {
		d := levenshtein.ComputeDistance(strings.ToLower(got), strings.ToLower(c))
		if d < bestD || (d == bestD && c < best) {
			best, bestD = c, d
		}
	}
	if best != "" && bestD <= max(2, len(got)/3) {
		return fmt.Sprintf(" (did you mean %q?)", best)
	}
	return ""
}

// Suggest is the did-you-mean helper shared with other packages: it returns
// ` (did you mean "x"?)` for the closest candidate, or "".
func Suggest(got string, candidates []string) string { return suggest(got, candidates) }

func fmtT(t time.Time) string { return t.UTC().Format("2006-01-02 15:04") }
