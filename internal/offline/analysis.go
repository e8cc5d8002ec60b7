package offline

import (
	"strings"
	"time"
	"unicode"

	"github.com/memarena/memarena/internal/nlp"
	"github.com/memarena/memarena/internal/temporal"
	"github.com/memarena/memarena/internal/textutil"
)

// Act is the speech act of a sentence.
type Act string

// Speech acts, in the order the classifier tries them.
const (
	ActSmallTalk  Act = "smalltalk"
	ActQuestion   Act = "question"
	ActLesson     Act = "lesson"
	ActDecision   Act = "decision"
	ActOutcome    Act = "outcome"
	ActPlan       Act = "plan"
	ActPreference Act = "preference"
	ActHypothesis Act = "hypothesis"
	ActStatement  Act = "statement"
)

// Analysis is the one analysis of a turn every reply kind projects from.
type Analysis struct {
	// Speaker and Addressee are the names I/my and you resolve to.
	Speaker, Addressee string
	// Ref is the session date relative dates resolve against (zero: none).
	Ref       time.Time
	Sentences []Sentence
	// Entities are the turn's entity mentions (see nlp.Entities), in order.
	Entities []nlp.Mention
}

// Sentence is one analysed sentence.
type Sentence struct {
	// Text is the sentence as written.
	Text string
	Act  Act
	// Outcome is "success" or "failure" when the sentence reports how
	// something went, else "".
	Outcome string
	// FirstPerson is true when the sentence speaks about its speaker
	// (I/me/my/we); SecondPerson when about the addressee.
	FirstPerson, SecondPerson bool
	// Dates are the date expressions of the sentence, resolved against Ref.
	Dates []temporal.Mention
	// Clauses are the sentence's subject–verb–object clauses.
	Clauses []Clause
	// Change is the replacement the sentence states ("instead of X", "from X
	// to Y", "no longer X", "switched to Y"), if any.
	Change Change
	// Condition is the sentence's condition clause ("if it rains"), or "".
	Condition string
	// Entities are the sentence's entity mentions.
	Entities []nlp.Mention
	// Content are the sentence's content words (lowercase, no stopwords).
	Content []string
}

// Change is a replacement or change of value stated in a sentence.
type Change struct {
	// Old is the replaced value ("" when not named); New the new one.
	Old, New string
	// Attribute is what changed ("the TTL"), or "".
	Attribute string
	// Stop is true for a statement that something no longer holds ("no
	// longer", "stopped", "quit").
	Stop bool
	// Revert is true for a return to an earlier value ("go back to X").
	Revert bool
	// Marker is true when the sentence announces that a value changed or
	// is corrected without naming the old one ("now", "actually",
	// "anymore", "these days", "updated", "correction").
	Marker bool
}

// Any reports whether the sentence states a change.
func (c Change) Any() bool { return c.Old != "" || c.New != "" || c.Stop || c.Marker }

// changeMarkers announce a changed or corrected value (general English).
var changeMarkers = set("now", "actually", "anymore", "nowadays", "updated", "correction", "instead", "switched", "changed",
	"moved", "replaced", "rescheduled", "postponed", "upgraded", "downgraded", "cancelled", "canceled")

// Clause is one subject–verb–object clause.
type Clause struct {
	// Subject is the subject noun phrase with pronouns resolved ("Caroline",
	// "the dog"); Person is true when it names a speaker.
	Subject string
	Person  bool
	// Verb is the main verb as written ("went", "live"); Lemma its lemma
	// with a particle when one follows ("live in", "go with").
	Verb, Lemma string
	// Object is the object noun phrase or complement as written ("a LGBTQ
	// support group"), Prep the preposition before it ("to", "in") or "".
	Object, Prep string
	// Negated marks a negated clause; Past, Future its tense.
	Negated, Past, Future bool
	// Copula is true for "X is Y" clauses.
	Copula bool
	// Cond is true for a condition clause ("if it rains").
	Cond bool
	// UsedTo marks a habitual past ("I used to live in X").
	UsedTo bool
}

// token is one word of a sentence.
type token struct {
	text string // as written, trimmed of surrounding punctuation
	low  string // lowercase, apostrophes removed ("don't" → "dont")
	// stop is true after a word followed by clause punctuation (, ; :).
	stop bool
}

// apostrophes drops straight and curly apostrophes from a token's
// lower-case form ("don't" → "dont"). Built once: a Replacer's tables are
// costly to build and safe for concurrent use.
var apostrophes = strings.NewReplacer("'", "", "’", "")

func tokenize(s string) []token {
	var out []token
	for _, raw := range strings.Fields(s) {
		t := strings.TrimFunc(raw, func(r rune) bool {
			return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '%' && r != '$' && r != '#'
		})
		if t == "" {
			if len(out) > 0 {
				out[len(out)-1].stop = true
			}
			continue
		}
		low := strings.ToLower(apostrophes.Replace(t))
		tk := token{text: t, low: low}
		last := raw[len(raw)-1]
		if strings.ContainsRune(",;:!?.)", rune(last)) || strings.HasSuffix(raw, "—") {
			tk.stop = true
		}
		out = append(out, tk)
	}
	return out
}

// Analyze runs the analysis of one turn's text. speaker and addressee are
// the names first- and second-person pronouns resolve to ("" keeps the
// role words "user"/"assistant", see person); ref is the session date.
func Analyze(text, speaker, addressee string, ref time.Time) *Analysis {
	a := &Analysis{Speaker: speaker, Addressee: addressee, Ref: ref, Entities: nlp.Entities(text)}
	for _, s := range textutil.Sentences(text) {
		a.Sentences = append(a.Sentences, a.sentence(s))
	}
	return a
}

func (a *Analysis) sentence(s string) Sentence {
	toks := tokenize(s)
	st := Sentence{Text: s, Entities: nlp.Entities(s), Content: textutil.ContentTokens(s)}
	if !a.Ref.IsZero() {
		st.Dates = temporal.Find(s, a.Ref)
	} else {
		st.Dates = temporal.Find(s, time.Time{})
	}
	for _, t := range toks {
		switch {
		case firstPerson[t.low] || firstPlural[t.low]:
			st.FirstPerson = true
		case secondPerson[t.low]:
			st.SecondPerson = true
		}
	}
	st.Condition = condition(toks)
	st.Change = change(toks)
	st.Clauses = a.clauses(toks)
	st.Act, st.Outcome = classify(s, toks, st)
	return st
}

// condition returns the condition clause of a sentence: from a condition
// word ("if", "when", "whenever", "unless", "once") to the clause's end.
// "when" opening a question is not a condition.
func condition(toks []token) string {
	for i, t := range toks {
		if !conditionWords[t.low] {
			continue
		}
		if i == 0 && t.low == "when" && len(toks) > 1 && auxiliaries[toks[1].low] {
			return "" // "When is …?"
		}
		var ws []string
		for j := i; j < len(toks) && j < i+10; j++ {
			w := toks[j].text
			if j == i {
				w = toks[j].low
			}
			ws = append(ws, w)
			if toks[j].stop && j > i {
				break
			}
		}
		if len(ws) >= 2 {
			return strings.Join(ws, " ")
		}
	}
	return ""
}

// phraseAfter returns the noun phrase starting at toks[i]: up to four words,
// stopping at clause punctuation, a conjunction, a subordinator, a
// preposition after the first word, or a verb-like auxiliary.
func phraseAfter(toks []token, i int) string {
	var ws []string
	for j := i; j < len(toks) && len(ws) < 5; j++ {
		l := toks[j].low
		if len(ws) > 0 && (conjunctions[l] || subordinators[l] || auxiliaries[l] || prepositions[l] && l != "of" || whWords[l] || negations[l] || l == "instead" || l == "rather") {
			break
		}
		if len(ws) == 0 && (conjunctions[l] || l == "to") {
			break
		}
		ws = append(ws, toks[j].text)
		if toks[j].stop {
			break
		}
	}
	p := strings.Join(ws, " ")
	return strings.TrimSpace(strings.TrimSuffix(p, " of"))
}

// change finds the replacement cues of a sentence (general English):
//   - "X instead of Y", "rather than Y", "in place of Y": Old = Y;
//   - "from X to Y" after a change verb (switch, move, change, go, upgrade,
//     downgrade, raise, lower, increase, decrease, cut, bump): Old = X,
//     New = Y, Attribute = the noun phrase between verb and "from";
//   - "switched/changed/moved/upgraded to Y": New = Y;
//   - "no longer", "not … anymore", "stopped", "quit", "gave up": Stop;
//   - "go/went/switch back to X", "revert to X": New = X, Revert.
func change(toks []token) Change {
	var c Change
	changeVerb := func(l string) bool {
		switch lemma(l) {
		case "switch", "move", "change", "go", "upgrade", "downgrade", "raise", "lower", "increase", "decrease", "cut",
			"bump", "shift", "migrate", "convert", "transfer", "reduce", "drop", "set", "update", "turn", "shorten", "lengthen",
			"extend", "postpone", "reschedule", "push":
			return true
		}
		return false
	}
	for i, t := range toks {
		if changeMarkers[t.low] || t.low == "days" && i > 0 && toks[i-1].low == "these" {
			c.Marker = true
		}
		switch {
		case t.low == "instead" && i+2 < len(toks) && toks[i+1].low == "of":
			c.Old = phraseAfter(toks, i+2)
		case t.low == "rather" && i+2 < len(toks) && toks[i+1].low == "than":
			c.Old = phraseAfter(toks, i+2)
		case t.low == "place" && i > 0 && toks[i-1].low == "in" && i+2 < len(toks) && toks[i+1].low == "of":
			c.Old = phraseAfter(toks, i+2)
		case t.low == "from" && i > 0 && (toks[i-1].low == "down" || toks[i-1].low == "up") && i+1 < len(toks):
			// "the limit is 8 (down from 12)": the value before the cue is new
			c.Old = phraseAfter(toks, i+1)
			for j := i - 2; j >= 0 && j >= i-4; j-- {
				if r := []rune(toks[j].text); unicode.IsDigit(r[0]) {
					c.New = toks[j].text
					if j > 0 && !determiners[toks[j-1].low] && !prepositions[toks[j-1].low] && !subjPronouns[toks[j-1].low] {
						c.Attribute = toks[j-1].text
					}
					break
				}
			}
		case t.low == "longer" && i > 0 && toks[i-1].low == "no", t.low == "anymore", t.low == "quit",
			lemma(t.low) == "stop" && i+1 < len(toks) && strings.HasSuffix(toks[i+1].low, "ing"),
			t.low == "up" && i > 0 && lemma(toks[i-1].low) == "give":
			c.Stop = true
		case t.low == "back" && i > 0 && (changeVerb(toks[i-1].low) || lemma(toks[i-1].low) == "come") && i+2 < len(toks) && toks[i+1].low == "to":
			c.New, c.Revert = phraseAfter(toks, i+2), true
		case lemma(t.low) == "revert" && i+2 < len(toks) && toks[i+1].low == "to":
			c.New, c.Revert = phraseAfter(toks, i+2), true
		case changeVerb(t.low):
			// verb [attribute] from X to Y | verb [attribute] to Y
			for j := i + 1; j < len(toks) && j < i+8; j++ {
				if toks[j].low == "from" {
					old := phraseAfter(toks, j+1)
					for k := j + 1; k < len(toks) && k < j+7; k++ {
						if toks[k].low == "to" && k+1 < len(toks) {
							c.Old, c.New = old, phraseAfter(toks, k+1)
							c.Attribute = attribute(toks[i+1 : j])
							break
						}
					}
					break
				}
				if toks[j].low == "to" && j+1 < len(toks) && c.New == "" && lemma(t.low) != "go" && lemma(t.low) != "turn" && lemma(t.low) != "set" ||
					toks[j].low == "to" && j+1 < len(toks) && lemma(t.low) == "set" && j > i+1 {
					if !isVerbAfterTo(toks, j) {
						c.New = phraseAfter(toks, j+1)
						c.Attribute = attribute(toks[i+1 : j])
					}
					break
				}
				if toks[j].stop {
					break
				}
			}
		}
	}
	return c
}

// isVerbAfterTo reports whether "to" at j opens an infinitive ("decided to
// go"): the next word is a base verb form that is not a determiner,
// pronoun, number or capitalized name.
func isVerbAfterTo(toks []token, j int) bool {
	if j+1 >= len(toks) {
		return false
	}
	n := toks[j+1]
	if determiners[n.low] || subjPronouns[n.low] || unicode.IsDigit([]rune(n.text)[0]) || unicode.IsUpper([]rune(n.text)[0]) {
		return false
	}
	_, known := verbClass[lemma(n.low)]
	return known || lemma(n.low) != n.low && !strings.HasSuffix(n.low, "s") || irregular[n.low] != ""
}

// attribute is the noun phrase of toks without determiners, or "".
func attribute(toks []token) string {
	var ws []string
	for _, t := range toks {
		if determiners[t.low] || adverbs[t.low] || subjPronouns[t.low] {
			continue
		}
		if prepositions[t.low] && t.low != "of" {
			break
		}
		ws = append(ws, t.text)
	}
	if len(ws) > 4 {
		ws = ws[:4]
	}
	return strings.Join(ws, " ")
}

var timeZero time.Time
