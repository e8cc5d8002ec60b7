package offline

import (
	"strings"
	"unicode"

	"github.com/memarena/memarena/internal/model"
	"github.com/memarena/memarena/internal/temporal"
)

// Fact is one (subject, relation, object) statement of a turn: the shared
// projection behind extract-triplets and extract-graph.
type Fact struct {
	Subject, Relation, Object string
	Condition                 string
	Negated                   bool
	Replaces                  string
	Past                      bool
	Evidence                  string
	// Change says the sentence announces a change of value.
	Change bool
	// Person is the person the fact is about ("" when none).
	Person string
}

// possessive rewrites a phrase opening with a first- or second-person
// possessive to name its owner: "my sister" → "Caroline's sister".
func (a *Analysis) possessive(p string) string {
	f := strings.Fields(p)
	if len(f) < 2 {
		if len(f) == 1 {
			if who := a.person(strings.ToLower(f[0])); who != "" && (firstPerson[strings.ToLower(f[0])] || secondPerson[strings.ToLower(f[0])] || firstPlural[strings.ToLower(f[0])]) {
				return who
			}
		}
		return p
	}
	for i, w := range f {
		switch l := strings.ToLower(w); l {
		case "my", "our", "your":
			who := a.person(l)
			if who == RoleUser || who == RoleAssistant {
				who = "the " + who
			}
			f[i] = who + "'s"
		}
	}
	return strings.Join(f, " ")
}

// stripDates removes the date expressions of ds from phrase p.
func stripDates(p string, ds []temporal.Mention) string {
	for _, d := range ds {
		p = strings.Replace(p, d.Text, "", 1)
	}
	return strings.Join(strings.Fields(strings.Trim(p, " ,.")), " ")
}

// dateValue renders a resolved date mention: YYYY-MM-DD for a single day,
// the normalized phrase otherwise.
func dateValue(d temporal.Mention) string {
	if d.Unit == temporal.Day && !d.Vague && !d.From.IsZero() {
		return d.From.Format(model.DateLayout)
	}
	if d.Value != "" {
		return d.Value
	}
	return d.Text
}

// hasDeterminer reports whether a phrase opens with a determiner, a number
// or a capitalized word (a concrete thing: "a dog", "two kids", "Luna").
func concrete(p string) bool {
	f := strings.Fields(p)
	if len(f) == 0 {
		return false
	}
	l := strings.ToLower(f[0])
	r := []rune(f[0])
	return determiners[l] || unicode.IsDigit(r[0]) || unicode.IsUpper(r[0]) || strings.HasSuffix(l, "s") && len(f) == 1
}

// Facts projects the analysis onto (subject, relation, object) facts.
func (a *Analysis) Facts() []Fact {
	var out []Fact
	for _, s := range a.Sentences {
		if s.Act == ActQuestion || s.Act == ActSmallTalk {
			continue
		}
		n0 := len(out)
		var dated bool
		for _, c := range s.Clauses {
			if c.Cond {
				continue
			}
			f, ok := a.fact(s, c)
			if !ok {
				continue
			}
			if s.Change.New != "" && !s.Change.Revert && (f.Relation == "works_on" || f.Relation == "decided") {
				continue // the change itself is stated below
			}
			if f.Relation == "occurred_at" || f.Relation == "scheduled_for" {
				dated = true
			}
			out = append(out, f)
		}
		// A change stated without a clause fact ("switched from X to Y").
		if ch := s.Change; ch.New != "" && !ch.Revert || ch.Old != "" && ch.New != "" {
			ch.New, ch.Old = stripDates(ch.New, s.Dates), stripDates(ch.Old, s.Dates)
			subj := a.possessive(ch.Attribute)
			if subj == "" && len(s.Clauses) > 0 {
				subj = s.Clauses[0].Subject
			}
			rel := "uses"
			if r := []rune(ch.New); len(r) > 0 && unicode.IsDigit(r[0]) && ch.Attribute != "" {
				rel = "status" // a value: "the TTL from 5 minutes to 60 seconds"
			}
			if subj != "" && !hasFact(out[n0:], ch.New) {
				out = append(out, Fact{Subject: subj, Relation: rel, Object: ch.New, Replaces: ch.Old, Evidence: s.Text, Person: personOf(s, a)})
			}
		}
		// A dated sentence: its first event clause occurred at / is
		// scheduled for the date.
		if len(s.Dates) > 0 && !dated && len(s.Clauses) > 0 {
			d := s.Dates[0]
			c := s.Clauses[0]
			ev := strings.TrimSpace(stripDates(strings.Join([]string{c.Subject, c.Verb, c.Prep, c.Object}, " "), s.Dates))
			rel := "occurred_at"
			if c.Future || !a.Ref.IsZero() && d.From.After(a.Ref) {
				rel = "scheduled_for"
			}
			if ev != "" && c.Subject != "" {
				out = append(out, Fact{Subject: ev, Relation: rel, Object: dateValue(d), Evidence: s.Text, Person: personOf(s, a), Condition: s.condFor()})
			}
		}
		for i := n0; i < len(out); i++ {
			f := &out[i]
			if s.Change.Old != "" && f.Replaces == "" && !strings.EqualFold(f.Object, s.Change.Old) && f.Relation != "occurred_at" && f.Relation != "scheduled_for" {
				f.Replaces = s.Change.Old
			}
			if s.Change.Stop && f.Relation != "occurred_at" {
				f.Negated = true
			}
			f.Change = s.Change.Any()
		}
	}
	return out
}

func hasFact(fs []Fact, obj string) bool {
	for _, f := range fs {
		if strings.EqualFold(f.Object, obj) {
			return true
		}
	}
	return false
}

// condFor is the sentence's condition, or "".
func (s Sentence) condFor() string { return s.Condition }

// personOf is the person a sentence is about: its speaker for a
// first-person sentence, its addressee for a second-person one, else "".
func personOf(s Sentence, a *Analysis) string {
	switch {
	case s.FirstPerson:
		return a.person("i")
	case s.SecondPerson:
		return a.person("you")
	}
	return ""
}

// fact maps one clause onto a fact of the relation vocabulary:
//   - a verb of a relation class (verbClass) gives that relation; a negated
//     preference is a dislike;
//   - "my favorite X is Y" gives (person, prefers, Y); another copula "X is
//     Y" gives (X, status, Y);
//   - any other verb with a dated sentence is an event (see Facts); without
//     a date a person's activity is works_on its verb phrase, a plan
//     (future) is decided.
func (a *Analysis) fact(s Sentence, c Clause) (Fact, bool) {
	subj := stripDates(a.possessive(c.Subject), s.Dates)
	obj := stripDates(a.possessive(c.Object), s.Dates)
	f := Fact{Subject: subj, Negated: c.Negated, Evidence: s.Text, Person: personOf(s, a), Past: c.UsedTo}
	if c.Person {
		f.Person = c.Subject
	}
	if s.Condition != "" {
		f.Condition = s.Condition
	}
	if subj == "" {
		return f, false
	}
	rel, known := verbClass[c.Lemma]
	if !known && strings.Contains(c.Lemma, " ") {
		rel, known = verbClass[strings.Fields(c.Lemma)[0]]
	}
	switch {
	case c.Copula || c.Lemma == "be":
		if obj == "" {
			return f, false
		}
		ls := strings.ToLower(c.Subject)
		if strings.Contains(ls, "favorite") || strings.Contains(ls, "favourite") {
			owner := f.Person
			if owner == "" {
				owner = subj
			}
			f.Subject, f.Relation, f.Object = owner, "prefers", obj
			return f, true
		}
		if known && rel == "located_in" {
			if !concrete(obj) {
				return f, false
			}
			f.Relation, f.Object = rel, obj
			return f, true
		}
		f.Relation, f.Object = "status", obj
		return f, true
	case known:
		if obj == "" {
			return f, false
		}
		if rel == "owns" && !concrete(obj) {
			return f, false
		}
		if rel == "prefers" && c.Negated {
			rel, f.Negated = "dislikes", false
		}
		if rel == "caused_by" { // "X causes Y": Y is caused by X
			f.Subject, obj = obj, subj
		}
		if c.Prep != "" && !strings.Contains(c.Lemma, " ") && rel != "located_in" {
			obj = c.Prep + " " + obj
		}
		f.Relation, f.Object = rel, obj
		return f, true
	}
	if obj == "" && c.Verb == "" {
		return f, false
	}
	vp := strings.TrimSpace(strings.Join([]string{c.Verb, c.Prep, obj}, " "))
	if len(strings.Fields(vp)) < 2 {
		return f, false
	}
	if len(s.Dates) > 0 {
		return f, false // the dated-event rule of Facts states it
	}
	if !c.Person {
		// a thing's action or state: "the workshop helped a lot"
		f.Relation, f.Object = "status", vp
		return f, true
	}
	f.Relation, f.Object = "works_on", vp
	if c.Future {
		f.Relation = "decided"
	}
	return f, true
}
