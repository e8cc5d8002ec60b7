package gaama

import (
	"regexp"
	"strings"
	"time"
	"unicode"

	"github.com/memarena/memarena/internal/model"
	"github.com/memarena/memarena/internal/nlp"
	"github.com/memarena/memarena/internal/textutil"
	"github.com/memarena/memarena/scenarios"
)

// Extraction is the reply of an extract-graph request (model.GraphExtraction).
type Extraction = model.GraphExtraction

// ExtractedEntity is an entity of an Extraction.
type ExtractedEntity = model.ExtractedEntity

// ExtractedRelation is a relation of an Extraction.
type ExtractedRelation = model.ExtractedRelation

// FromGold converts a turn's gold triplets (extraction: oracle) into an
// Extraction: relations verbatim, entity types by TypeOf, and as evidence
// the sentence of text that shares the most words with the triplet (see
// BestSentence).
func FromGold(g *scenarios.Gold, text string) Extraction {
	var out Extraction
	if g == nil {
		return out
	}
	seen := map[string]bool{}
	idx := newSentenceIndex(text)
	for _, t := range g.Triplets {
		out.Relations = append(out.Relations, ExtractedRelation{
			Subject: t.Subject, Relation: t.Relation, Object: t.Object, Condition: t.Condition,
			Evidence: idx.best(t.Object + " " + t.Object + " " + t.Subject),
		})
		for _, n := range []string{t.Subject, t.Object} {
			if !seen[n] {
				seen[n] = true
				out.Entities = append(out.Entities, ExtractedEntity{Name: n, Type: TypeOf(n, Normalize(n), nil)})
			}
		}
	}
	return out
}

// abbreviations end a word without ending a sentence ("Prof. Rossi").
var abbreviations = setOf("prof.", "dr.", "mr.", "mrs.", "ms.", "st.", "e.g.", "i.e.", "vs.", "al.", "approx.", "etc.", "no.", "fig.", "mt.", "jr.", "sr.")

// sentences is textutil.Sentences with fragments that end in a title or an
// abbreviation ("… met Prof." + "Rossi …") joined back to the next one.
func sentences(text string) []string {
	var out []string
	for _, s := range textutil.Sentences(text) {
		if n := len(out); n > 0 {
			f := strings.Fields(out[n-1])
			if abbreviations[strings.ToLower(f[len(f)-1])] {
				out[n-1] += " " + s
				continue
			}
		}
		out = append(out, s)
	}
	return out
}

// BestSentence returns the sentence of text with the most content tokens in
// common with probe (counting repeats in probe, so repeating a word weighs
// it), the first on ties; text itself when it has one sentence or none
// matches.
func BestSentence(text, probe string) string {
	return newSentenceIndex(text).best(probe)
}

// sentenceIndex holds a text's sentences with their content-token sets.
type sentenceIndex struct {
	text  string
	sents []string
	sets  []map[string]bool
}

func newSentenceIndex(text string) *sentenceIndex {
	x := &sentenceIndex{text: strings.TrimSpace(text), sents: sentences(text)}
	if len(x.sents) > 1 {
		for _, s := range x.sents {
			x.sets = append(x.sets, textutil.TokenSet(contentTokens(s)))
		}
	}
	return x
}

func (x *sentenceIndex) best(probe string) string {
	if len(x.sents) <= 1 {
		return x.text
	}
	want := contentTokens(probe)
	best, bestN := x.text, 0
	for i, set := range x.sets {
		n := 0
		for _, w := range want {
			if set[w] {
				n++
			}
		}
		if n > bestN {
			best, bestN = x.sents[i], n
		}
	}
	return best
}

// ---------------------------------------------------------------------------
// Offline extraction: cue patterns over word tokens.

// tok is one word of a sentence.
type tok struct {
	w   string // as written, surrounding punctuation trimmed
	lw  string // lowercase, curly apostrophes straightened
	end bool   // a clause mark (, ; : ! ? ) or the sentence end follows it
}

func tokenize(sent string) []tok {
	var out []tok
	for _, raw := range strings.Fields(sent) {
		raw = strings.ReplaceAll(raw, "’", "'")
		w := strings.TrimLeft(raw, "([{\"'“‘")
		trail := ""
		for len(w) > 0 && strings.ContainsRune(".,;:!?)]}\"'”", rune(w[len(w)-1])) && !balanced(w) {
			trail = w[len(w)-1:] + trail
			w = w[:len(w)-1]
		}
		if w == "" {
			if len(out) > 0 && strings.ContainsAny(trail, ",;:!?)") {
				out[len(out)-1].end = true
			}
			continue
		}
		end := strings.ContainsAny(trail, ",;:!?)") || strings.Contains(trail, ".")
		out = append(out, tok{w: w, lw: strings.ToLower(w), end: end})
	}
	if len(out) > 0 {
		out[len(out)-1].end = true
	}
	return out
}

// balanced reports a word ending in a bracket it opens itself ("{sku}",
// "Close()"), which keeps its bracket.
func balanced(w string) bool {
	last := w[len(w)-1]
	open := map[byte]byte{')': '(', ']': '[', '}': '{'}[last]
	return open != 0 && strings.IndexByte(w, open) >= 0
}

// isValue reports a setting value: a phrase that starts with a number
// ("80%", "15", "60 seconds"); "MySQL 8" is a name, not a value.
func isValue(s string) bool {
	s = strings.TrimSpace(s)
	return s != "" && s[0] >= '0' && s[0] <= '9'
}

// cue kinds: how a cue's arguments are found.
const (
	kSVO     = iota // subject = NP left of the cue, object = NP right of it
	kInverse        // the NP right of the cue is the subject, the left NP the object ("X was fixed by Y")
	kClause         // object = the rest of the clause ("because the team knows it")
	kMove           // "moved X to Y", "switched from X to Y", "migrated to Y"
	kDecide         // a decision: decided + the chosen thing's uses edge
	kFixFor         // "the fix for X is Y" → (Y, solution_for, X)
	kReplace        // "replaced X with Y" → uses Y, replacing X
)

type cue struct {
	words []string
	rel   string
	kind  int
	// choice: a decision cue whose object the chooser now uses ("picked",
	// "went with"), unlike "agreed on" or "booked".
	choice bool
	// person: the subject must be a person (pronoun, name, the user).
	person bool
}

func c(phrase, rel string, kind int) cue {
	return cue{words: strings.Fields(phrase), rel: rel, kind: kind}
}

func ch(phrase string) cue {
	return cue{words: strings.Fields(phrase), rel: "decided", kind: kDecide, choice: true}
}

func p(phrase, rel string, kind int) cue {
	return cue{words: strings.Fields(phrase), rel: rel, kind: kind, person: true}
}

// cues is the offline cue table, longest phrases first within a position
// (matchCue takes the longest match).
var cues = []cue{
	// uses
	c("use", "uses", kSVO), c("uses", "uses", kSVO), c("using", "uses", kSVO), c("used", "uses", kSVO),
	c("run on", "uses", kSVO), c("runs on", "uses", kSVO), c("running on", "uses", kSVO), c("built on", "uses", kSVO),
	c("built with", "uses", kSVO), c("adopted", "uses", kSVO), c("stick with", "uses", kSVO), c("sticking with", "uses", kSVO),
	c("stay with", "uses", kSVO), c("staying with", "uses", kSVO), c("is on", "uses", kSVO), c("are on", "uses", kSVO),
	c("we're on", "uses", kSVO),
	// moves and replacements (uses, scheduled_for or located_in by object)
	c("moved", "uses", kMove), c("migrated", "uses", kMove), c("switched", "uses", kMove), c("switch", "uses", kMove),
	c("switching", "uses", kMove), c("changed", "uses", kMove), c("ported", "uses", kMove), c("upgraded", "uses", kMove),
	c("move", "uses", kMove), c("migrate", "uses", kMove), c("moving", "uses", kMove), c("migrating", "uses", kMove),
	c("downgraded", "uses", kMove), c("goes", "uses", kMove), c("went", "uses", kMove), c("bumped", "uses", kMove),
	c("raised", "uses", kMove), c("lowered", "uses", kMove), c("increased", "uses", kMove), c("reduced", "uses", kMove),
	c("shortened", "uses", kMove), c("extended", "uses", kMove), c("dropped", "uses", kMove), c("shorten", "uses", kMove),
	c("set", "uses", kMove), c("increase", "uses", kMove), c("raise", "uses", kMove), c("lower", "uses", kMove),
	c("reduce", "uses", kMove), c("bump", "uses", kMove), c("extend", "uses", kMove), c("change", "uses", kMove),
	c("update", "uses", kMove), c("updated", "uses", kMove), c("shift", "uses", kMove), c("shifted", "uses", kMove),
	c("replaced", "uses", kReplace), c("replace", "uses", kReplace), c("swapped", "uses", kReplace),
	// decisions
	c("decided to", "decided", kDecide), ch("decided on"), ch("decide on"),
	ch("chose"), ch("chosen"), ch("picked"), ch("settled on"), c("agreed on", "decided", kDecide), c("agreed to", "decided", kDecide),
	ch("opted for"), ch("went with"), ch("go with"), ch("going with"), ch("selected"), c("booked", "decided", kDecide),
	// preferences
	p("prefer", "prefers", kSVO), p("prefers", "prefers", kSVO), p("preferred", "prefers", kSVO), p("like", "prefers", kSVO),
	p("likes", "prefers", kSVO), p("love", "prefers", kSVO), p("loves", "prefers", kSVO), p("enjoy", "prefers", kSVO),
	p("enjoys", "prefers", kSVO), p("want", "prefers", kSVO), p("wants", "prefers", kSVO), p("would like", "prefers", kSVO),
	p("'d like", "prefers", kSVO), p("i'd like", "prefers", kSVO), p("would rather", "prefers", kSVO), p("'d rather", "prefers", kSVO),
	p("i'd rather", "prefers", kSVO), p("fan of", "prefers", kSVO), p("big fan of", "prefers", kSVO),
	p("dislike", "dislikes", kSVO), p("dislikes", "dislikes", kSVO), p("hate", "dislikes", kSVO), p("hates", "dislikes", kSVO),
	p("don't like", "dislikes", kSVO), p("do not like", "dislikes", kSVO), p("doesn't like", "dislikes", kSVO),
	p("can't stand", "dislikes", kSVO), p("cannot stand", "dislikes", kSVO), p("not a fan of", "dislikes", kSVO),
	p("avoid", "dislikes", kSVO), p("avoids", "dislikes", kSVO), p("allergic to", "dislikes", kSVO),
	// causes and solutions
	c("because of", "caused_by", kClause), c("because", "caused_by", kClause), c("caused by", "caused_by", kClause),
	c("due to", "caused_by", kClause), c("triggered by", "caused_by", kClause), c("resulted from", "caused_by", kClause),
	c("root cause is", "caused_by", kClause), c("root cause was", "caused_by", kClause), c("the reason is", "caused_by", kClause),
	c("the reason was", "caused_by", kClause), c("thanks to", "caused_by", kClause),
	c("fixed by", "solution_for", kInverse), c("solved by", "solution_for", kInverse), c("resolved by", "solution_for", kInverse),
	c("fix for", "solution_for", kFixFor), c("solution for", "solution_for", kFixFor), c("workaround for", "solution_for", kFixFor),
	c("fixes", "solution_for", kSVO), c("fixed", "solution_for", kSVO), c("solves", "solution_for", kSVO), c("solved", "solution_for", kSVO),
	c("resolves", "solution_for", kSVO), c("resolved", "solution_for", kSVO),
	// time
	c("happened on", "occurred_at", kSVO), c("happened at", "occurred_at", kSVO), c("occurred on", "occurred_at", kSVO),
	c("took place on", "occurred_at", kSVO), c("took place at", "occurred_at", kSVO),
	c("scheduled for", "scheduled_for", kSVO), c("scheduled on", "scheduled_for", kSVO), c("planned for", "scheduled_for", kSVO),
	c("set for", "scheduled_for", kSVO), c("booked for", "scheduled_for", kSVO), c("due on", "scheduled_for", kSVO),
	c("due by", "scheduled_for", kSVO), c("is due", "scheduled_for", kSVO), c("starts on", "scheduled_for", kSVO),
	c("starts at", "scheduled_for", kSVO), c("begins on", "scheduled_for", kSVO), c("leaves on", "scheduled_for", kSVO),
	c("departs on", "scheduled_for", kSVO), c("arrives on", "scheduled_for", kSVO), c("lands on", "scheduled_for", kSVO),
	c("pushed to", "scheduled_for", kSVO), c("postponed to", "scheduled_for", kSVO), c("rescheduled to", "scheduled_for", kSVO),
	c("rescheduled for", "scheduled_for", kSVO), c("deadline is", "scheduled_for", kSVO),
	// places
	c("located in", "located_in", kSVO), c("located at", "located_in", kSVO), c("based in", "located_in", kSVO),
	c("lives in", "located_in", kSVO), c("live in", "located_in", kSVO), c("living in", "located_in", kSVO),
	c("staying in", "located_in", kSVO), c("staying at", "located_in", kSVO), c("stay at", "located_in", kSVO),
	c("stay in", "located_in", kSVO), c("stayed at", "located_in", kSVO), c("stayed in", "located_in", kSVO),
	c("is in", "located_in", kSVO), c("are in", "located_in", kSVO), c("hosted in", "located_in", kSVO),
	c("deployed in", "located_in", kSVO), c("deployed to", "located_in", kSVO), c("runs in", "located_in", kSVO),
	c("headquartered in", "located_in", kSVO), c("is at", "located_in", kSVO), c("deploy to", "located_in", kSVO),
	c("deploys to", "located_in", kSVO), c("deploying to", "located_in", kSVO), c("deploy on", "located_in", kSVO),
	c("deployed on", "located_in", kSVO), c("hosted on", "located_in", kSVO),
	// ownership, work, dependencies, beliefs, parts
	p("own", "owns", kSVO), p("owns", "owns", kSVO), p("bought", "owns", kSVO), c("owner of", "owns", kSVO),
	c("belongs to", "owns", kInverse), c("maintained by", "owns", kInverse), c("owned by", "owns", kInverse),
	p("work on", "works_on", kSVO), p("works on", "works_on", kSVO), p("working on", "works_on", kSVO),
	p("worked on", "works_on", kSVO), c("assigned to", "works_on", kInverse), p("responsible for", "works_on", kSVO),
	p("in charge of", "works_on", kSVO), p("leads", "works_on", kSVO), p("is leading", "works_on", kSVO),
	p("handles", "works_on", kSVO), p("is handling", "works_on", kSVO), c("handled by", "works_on", kInverse),
	c("depends on", "depends_on", kSVO), c("depend on", "depends_on", kSVO), c("relies on", "depends_on", kSVO),
	c("rely on", "depends_on", kSVO), c("requires", "depends_on", kSVO), c("require", "depends_on", kSVO),
	c("needs", "depends_on", kSVO), c("need", "depends_on", kSVO), c("blocked by", "depends_on", kSVO),
	c("blocked on", "depends_on", kSVO),
	p("think that", "believes", kClause), p("think", "believes", kClause), p("believe that", "believes", kClause),
	p("believe", "believes", kClause), p("suspect that", "believes", kClause), p("suspect", "believes", kClause),
	p("feel that", "believes", kClause), p("convinced that", "believes", kClause),
	c("part of", "part_of", kSVO), c("component of", "part_of", kSVO), c("member of", "part_of", kSVO),
	c("included in", "part_of", kSVO), c("belongs in", "part_of", kSVO),
}

// cueIndex maps a cue's first word to its cues, longest first.
var cueIndex = func() map[string][]cue {
	m := map[string][]cue{}
	for _, c := range cues {
		m[c.words[0]] = append(m[c.words[0]], c)
	}
	for k, cs := range m {
		for i := 1; i < len(cs); i++ {
			for j := i; j > 0 && len(cs[j].words) > len(cs[j-1].words); j-- {
				cs[j], cs[j-1] = cs[j-1], cs[j]
			}
		}
		m[k] = cs
	}
	return m
}()

// statusWords are the values of the status relation ("the migration is
// done", "PR 42 was merged").
var statusWords = setOf("done", "finished", "complete", "completed", "blocked", "fixed", "broken", "merged", "deployed",
	"shipped", "failing", "passing", "cancelled", "canceled", "confirmed", "pending", "approved", "rejected", "open",
	"closed", "resolved", "postponed", "delayed", "booked", "paid", "reverted", "live", "ready", "stuck", "green", "red",
	"flaky", "deprecated", "released", "started", "paused", "abandoned", "submitted", "accepted")

// statusPairs are two-word status values.
var statusPairs = setOf("in progress", "on hold", "under review", "in review", "rolled back", "sold out", "up to", "on track")

var beVerbs = setOf("is", "are", "was", "were", "got", "became", "been", "be", "'s", "is now", "are now", "now")

// npStop ends a noun phrase: prepositions, conjunctions, relative pronouns
// and auxiliaries.
var npStop = setOf("for", "to", "at", "in", "on", "with", "from", "by", "of", "into", "onto", "over", "under", "after",
	"before", "since", "until", "during", "about", "via", "per", "than", "as", "and", "but", "or", "because", "so", "while",
	"when", "if", "unless", "although", "though", "instead", "rather", "which", "that", "who", "whom", "where", "then",
	"once", "is", "are", "was", "were", "be", "been", "being", "has", "have", "had", "will", "would", "should", "can",
	"could", "do", "does", "did", "'s", "'re", "'ll", "'d", "not", "no", "whereas", "however", "also", "now", "again",
	"anymore", "too", "already", "yet", "today", "tomorrow", "yesterday", "tonight", "since", "like", "than", "except",
	"without", "against", "between", "through", "around", "across", "up", "down", "out", "off", "just", "really", "still",
	"maybe", "probably", "please", "thanks", "whenever", "are", "am", "i", "we", "you", "there", "here")

// verbStops are frequent verbs that end a noun phrase when written in
// lowercase ("it goes live"); capitalized they are names ("Go 1.26").
var verbStops = setOf("goes", "go", "went", "gets", "get", "make", "makes", "made", "say", "says", "said", "see", "saw",
	"let", "lets", "let's", "keep", "keeps", "kept", "put", "take", "takes", "took", "come", "comes", "came", "give",
	"gives", "gave", "try", "tried", "check", "add", "added", "wrote", "write", "spends", "spend", "sounds", "looks",
	"seems", "feel", "feels", "asked", "ask")

// stops reports whether token k ends a noun phrase.
func stops(t tok) bool { return npStop[t.lw] || (verbStops[t.lw] && t.w == t.lw) }

// leadDrop are words dropped at the start of a noun phrase.
var leadDrop = setOf("the", "a", "an", "my", "our", "your", "their", "his", "her", "its", "this", "that", "these", "those",
	"some", "any", "all", "both", "another", "new", "old", "current", "latest", "same")

// adverbs skipped between a subject and its cue.
var adverbs = setOf("now", "currently", "still", "also", "already", "just", "really", "actually", "finally", "then",
	"officially", "definitely", "only", "usually", "always", "mostly", "probably", "totally", "absolutely", "kind",
	"sort", "much", "strongly", "generally", "all", "both", "even", "first", "initially", "originally", "eventually")

// negations sit between a subject and its (negated) cue.
var negations = setOf("not", "never", "no", "longer", "don't", "didn't", "doesn't", "won't", "isn't", "aren't", "wasn't", "stopped", "do", "does", "did")

var pronounSelf = setOf("i", "me", "we", "us", "i'm", "we're", "i've", "we've", "i'd", "we'd", "i'll", "we'll", "myself", "ourselves")

var pronounRef = setOf("it", "this", "that", "they", "them", "he", "she", "him", "her", "these", "those", "one")

// changeCues announce a change of a value.
var changeCues = []string{"switched", "switch", "switching", "moved", "move", "moving", "migrated", "migrate", "changed",
	"replaced", "replace", "instead", "anymore", "no longer", "now", "actually", "rescheduled", "postponed", "pushed",
	"swapped", "rather than", "not anymore", "from now on", "going forward", "upgraded", "goes from", "went from", "bumped",
	"revert", "reverted", "drop", "dropped", "removed", "down from", "up from", "no more", "pull out", "ripped out",
	"bump", "shorten", "shortened", "lowered", "raised", "increased", "reduced", "shift", "shifted"}

// pastCues mark a clause about an earlier state.
var pastCues = []string{"used to", "originally", "previously", "at first", "initially", "formerly", "back then", "before that", "in the past"}

// futureCues mark a clause about something planned.
var futureCues = []string{"will", "'ll", "going to", "plan to", "planned", "planning", "scheduled", "booked", "next", "tomorrow", "upcoming", "later", "soon", "is on", "are on"}

func setOf(ws ...string) map[string]bool {
	m := make(map[string]bool, len(ws))
	for _, w := range ws {
		m[w] = true
	}
	return m
}

// HasChangeCue reports whether text announces a change ("we switched to
// …", "now uses …", "instead of …"): one of changeCues as whole words.
func HasChangeCue(text string) bool { return hasPhrase(text, changeCues) }

func hasPhrase(text string, phrases []string) bool {
	lw := " " + strings.Join(strings.Fields(strings.ToLower(strings.NewReplacer("’", "'", ",", " ", ".", " ", ";", " ", "!", " ", "?", " ", "(", " ", ")", " ", ":", " ").Replace(text))), " ") + " "
	for _, p := range phrases {
		if strings.Contains(lw, " "+p+" ") {
			return true
		}
	}
	return false
}

// Coref carries what offline extraction remembers across turns to resolve
// "it", "this" and "they": the last non-user entity named as a subject or
// object, as written.
type Coref struct {
	// Last is the last non-user entity named as a subject or object, as
	// written ("" at a session start).
	Last string
}

// sentenceParser extracts relations from one sentence.
type sentenceParser struct {
	toks     []tok
	sent     string
	turn     string // the whole turn text
	ref      time.Time
	coref    *Coref
	out      []ExtractedRelation
	atOf     map[int]int // token index of the cue of out[k] in its sentence
	at       int                // token index of the cue being applied
	pending  *ExtractedRelation // a "decided to <verb>" waiting for its object
	lastSubj string
	clause   int // index of the current clause start
}

// OfflineExtract is the offline backend's extract-graph rule set: for each
// sentence of text that is not a question it finds relation cues from a
// fixed cue table (cues: 219 phrases over the 15 relations; a cue word right
// after a determiner is a noun and is skipped), takes the noun phrase left
// of the cue as subject and the noun phrase (or clause) right of it as
// object, and normalizes pronouns: "I", "we" → "user", "you" → "assistant",
// "it"/"this" → the last entity named (coref). It also reads:
//
//   - "for X" after a uses/decided object: X is the user of the object
//     ("use Postgres for orders" → orders uses Postgres);
//   - "moved X to Y", "switched from A to B", "replaced A with B", "the
//     gate goes from 70% to 80%", "shorten the TTL to 60 seconds": the new
//     value (replacing A) — uses, or scheduled_for for a time, status for a
//     number, located_in for "I moved to <Place>";
//   - "instead of X", "rather than X": the statement replaces X; "not",
//     "no longer", "stopped" before a cue negate it (the object is recorded
//     as replaced, no edge is made);
//   - "<X> is|was <status word>" → status; "<Name> <number>" settings and
//     versions ("Go 1.25", "MaxConns 15 (down from 20)") → status of Name,
//     an update only with a change cue; "67.9 accuracy, not 71.2" → a
//     corrected value of the topic;
//   - "when/if/unless …" clauses → the condition of their clause's
//     preferences and uses (the clause itself states no fact); "used to",
//     "originally" … → a Past statement;
//   - a time expression not otherwise used ("since last Monday") gives the
//     sentence's topic an occurred_at edge, or scheduled_for when the
//     sentence speaks of the future.
//
// Entities are the relations' arguments plus nlp.Entities of the text, typed
// with TypeOf. ref is the session start (for relative dates); coref may be
// nil. Deterministic; never fails.
func OfflineExtract(text string, ref time.Time, coref *Coref) Extraction {
	if coref == nil {
		coref = &Coref{}
	}
	var out Extraction
	for _, sent := range sentences(text) {
		if strings.HasSuffix(sent, "?") {
			continue // a question states nothing
		}
		sp := &sentenceParser{toks: tokenize(sent), sent: sent, turn: text, ref: ref, coref: coref}
		sp.parse()
		out.Relations = append(out.Relations, sp.out...)
	}
	seen := map[string]bool{}
	addEnt := func(name string) {
		k := Normalize(name)
		if k == "" || seen[k] {
			return
		}
		seen[k] = true
		out.Entities = append(out.Entities, ExtractedEntity{Name: name, Type: TypeOf(name, k, nil)})
	}
	for _, r := range out.Relations {
		addEnt(r.Subject)
		addEnt(r.Object)
	}
	for _, m := range nlp.Entities(text) {
		addEnt(m.Text)
	}
	return out
}

func (sp *sentenceParser) parse() {
	ts := sp.toks
	cond, cs, ce := sp.condition()
	// The condition holds for the clause it closes: from the last clause
	// mark (or "but") before it.
	condClause := 0
	for k := cs - 1; k > 0; k-- {
		if ts[k-1].end || ts[k].lw == "but" {
			condClause = k
			break
		}
	}
	for i := 0; i < len(ts); {
		if i > 0 && ts[i-1].end {
			sp.clause = i
		}
		if i >= cs && i < ce {
			i = ce // a condition clause states no fact of its own
			sp.clause = ce
			continue
		}
		// "instead of X" / "rather than X" / "in place of X" name a replaced object.
		if l := matchWords(ts, i, "instead", "of"); l > 0 || matchWords(ts, i, "rather", "than") > 0 || matchWords(ts, i, "in", "place", "of") > 0 {
			if l == 0 {
				l = 2
				if ts[i].lw == "in" {
					l = 3
				}
			}
			if s, e := sp.np(i + l); e > s {
				sp.markReplaces(sp.text(s, e))
				i = e
				continue
			}
		}
		if sp.status(i) {
			i++
			continue
		}
		cu, l := matchCue(ts, i)
		if cu == nil || (i > 0 && leadDrop[ts[i-1].lw] && !ts[i-1].end && cu.kind != kFixFor) {
			i++ // no cue, or a cue word used as a noun ("their own", "the need")
			continue
		}
		neg := sp.negated(i)
		sp.at = i
		end := sp.apply(*cu, i, l, neg)
		if end <= i {
			end = i + l
		}
		i = end
	}
	sp.temporal()
	sp.settings()
	sp.correction()
	// Clause-level flags: conditions and past statements.
	past := hasPhrase(sp.sent, pastCues)
	for k := range sp.out {
		r := &sp.out[k]
		if r.Evidence == "" {
			r.Evidence = sp.sent
		}
		if cond != "" && r.Condition == "" && sp.atOf[k] >= condClause && (r.Relation == "prefers" || r.Relation == "dislikes" || r.Relation == "uses") {
			r.Condition = cond
		}
		if past {
			r.Past = true
		}
	}
}

// matchWords returns len(words) when ts[i:] starts with words, else 0.
func matchWords(ts []tok, i int, words ...string) int {
	if i+len(words) > len(ts) {
		return 0
	}
	for k, w := range words {
		if ts[i+k].lw != w {
			return 0
		}
		if k < len(words)-1 && ts[i+k].end {
			return 0
		}
	}
	return len(words)
}

func matchCue(ts []tok, i int) (*cue, int) {
	for _, c := range cueIndex[ts[i].lw] {
		if l := matchWords(ts, i, c.words...); l > 0 {
			return &c, l
		}
	}
	return nil, 0
}

// negated reports a negation right before position i: "not", "never",
// "no longer", "stopped", "don't", "didn't" … (dislike cues carry their own
// negation and are not negated).
func (sp *sentenceParser) negated(i int) bool {
	for k := i - 1; k >= 0 && k >= i-2; k-- {
		switch sp.toks[k].lw {
		case "not", "never", "stopped", "don't", "didn't", "doesn't", "won't", "isn't", "aren't", "wasn't", "quit", "dropped":
			return true
		case "longer":
			return k > 0 && sp.toks[k-1].lw == "no"
		}
		if sp.toks[k].end {
			break
		}
	}
	return false
}

// np returns the span [s, e) of the noun phrase starting at i: leading
// determiners dropped, up to 6 words, ended by a stop word, a cue or a
// clause mark (the word carrying the mark is included).
func (sp *sentenceParser) np(i int) (int, int) {
	ts := sp.toks
	for i < len(ts) && leadDrop[ts[i].lw] && !ts[i].end {
		i++
	}
	s := i
	e := i
	for e < len(ts) && e-s < 6 {
		lw := ts[e].lw
		if stops(ts[e]) && !(e == s && (lw == "up" || lw == "out")) && !(lw == "of" && e > s && e+1 < len(ts) && !ts[e-1].end && !npStop[ts[e+1].lw]) {
			break
		}
		if e > s {
			if _, l := matchCue(ts, e); l > 0 {
				break
			}
		}
		e++
		if ts[e-1].end {
			break
		}
	}
	return s, e
}

// leftNP returns the noun phrase that ends right before i (adverbs
// skipped), stopping at a clause mark, a stop word or an earlier cue.
func (sp *sentenceParser) leftNP(i int) (int, int) {
	ts := sp.toks
	e := i
	for e > sp.clause && (adverbs[ts[e-1].lw] || negations[ts[e-1].lw]) && !ts[e-1].end {
		e--
	}
	for e > sp.clause && beVerbs[ts[e-1].lw] && !ts[e-1].end {
		e-- // "X is fixed by": the auxiliary belongs to the verb
	}
	for e > sp.clause && adverbs[ts[e-1].lw] && !ts[e-1].end {
		e--
	}
	s := e
	for s > sp.clause && e-s < 5 {
		k := s - 1
		if ts[k].end {
			break
		}
		if lw := ts[k].lw; pronounSelf[lw] || pronounRef[lw] || lw == "you" {
			if s == e {
				s = k // the pronoun is the whole subject
			}
			break
		}
		if stops(ts[k]) {
			break
		}
		if _, l := matchCue(ts, k); l > 0 && k+l <= e {
			break
		}
		s = k
	}
	for s < e && leadDrop[ts[s].lw] {
		s++
	}
	return s, e
}

// clauseSpan returns the clause after i: up to 10 words, to the next clause
// mark or a clause conjunction.
func (sp *sentenceParser) clauseSpan(i int) (int, int) {
	ts := sp.toks
	if i < len(ts) && ts[i].lw == "that" {
		i++
	}
	e := i
	for e < len(ts) && e-i < 10 {
		if e > i && (ts[e].lw == "and" || ts[e].lw == "but" || ts[e].lw == "so" || ts[e].lw == "because") {
			break
		}
		e++
		if ts[e-1].end {
			break
		}
	}
	return i, e
}

func (sp *sentenceParser) text(s, e int) string {
	ws := make([]string, 0, e-s)
	for _, t := range sp.toks[s:e] {
		ws = append(ws, t.w)
	}
	return strings.Join(ws, " ")
}

// resolve maps a subject/object phrase to an entity name: first-person
// pronouns → "user", "you" → "assistant", anaphora → the coref entity.
func (sp *sentenceParser) resolve(s, e int) string {
	if e <= s {
		return ""
	}
	phrase := sp.text(s, e)
	lw := strings.ToLower(phrase)
	switch {
	case pronounSelf[lw] || weSelf[lw]:
		return "user"
	case lw == "you":
		return "assistant"
	case pronounRef[lw]:
		return sp.coref.Last
	}
	if Normalize(phrase) == "" {
		return ""
	}
	return phrase
}

func (sp *sentenceParser) emit(subj, rel, obj string) *ExtractedRelation {
	if subj == "" || obj == "" || Normalize(subj) == Normalize(obj) || Normalize(obj) == "" || Normalize(subj) == "" {
		return nil
	}
	if rel == "located_in" && isValue(obj) {
		return nil // "stay at 90 connections": a quantity, not a place
	}
	if IsTimeExpr(obj) && rel != "occurred_at" && rel != "scheduled_for" && rel != "caused_by" && rel != "believes" {
		rel = "scheduled_for"
		if !hasPhrase(sp.sent, futureCues) {
			rel = "occurred_at"
		}
	}
	sp.out = append(sp.out, ExtractedRelation{Subject: subj, Relation: rel, Object: obj, Evidence: sp.sent})
	if sp.atOf == nil {
		sp.atOf = map[int]int{}
	}
	sp.atOf[len(sp.out)-1] = sp.at
	for _, n := range []string{obj, subj} {
		if k := Normalize(n); k != "user" && k != "assistant" && !IsTimeExpr(n) && len(strings.Fields(n)) <= 4 {
			sp.coref.Last = n
			break
		}
	}
	sp.lastSubj = subj
	r := &sp.out[len(sp.out)-1]
	if sp.pending != nil && rel != "decided" {
		d := *sp.pending
		d.Object = obj
		sp.pending = nil
		sp.out = append(sp.out, d)
		r = &sp.out[len(sp.out)-2]
	}
	return r
}

func (sp *sentenceParser) markReplaces(old string) {
	for k := len(sp.out) - 1; k >= 0; k-- {
		if sp.out[k].Relation != "caused_by" && sp.out[k].Relation != "believes" {
			sp.out[k].Replaces = old
			return
		}
	}
}

func isWeekday(w string) bool { _, ok := weekdays[w]; return ok }

// subjectAt returns the subject for a cue at i: the NP to its left, else the
// previous subject of the sentence, else the user for person cues.
func (sp *sentenceParser) subjectAt(i int, person bool) string {
	s, e := sp.leftNP(i)
	subj := sp.resolve(s, e)
	if subj == "" && sp.pending != nil {
		subj = sp.pending.Subject
	}
	if subj == "" {
		subj = sp.lastSubj
	}
	if subj == "" && person && i == 0 {
		subj = "user" // an imperative preference: "Prefer aisle seats."
	}
	if person && subj != "" && subj != "user" && subj != "assistant" {
		k := Normalize(subj)
		if !(len(strings.Fields(k)) <= 2 && isCapitalized(subj)) {
			return "" // "looks like", "something like": not a person's preference
		}
	}
	return subj
}

// apply extracts the relation(s) of cue c at [i, i+l) and returns where
// scanning resumes.
func (sp *sentenceParser) apply(c cue, i, l int, neg bool) int {
	ts := sp.toks
	j := i + l
	switch c.kind {
	case kSVO:
		subj := sp.subjectAt(i, c.person)
		s, e := sp.np(j)
		if c.rel == "located_in" && (c.words[0] == "is" || c.words[0] == "are") && e > s {
			if w := sp.toks[s].w; !isCapitalized(w) && TypeOf(sp.text(s, e), Normalize(sp.text(s, e)), nil) != TypePlace {
				return e // "is in progress", "are in the loop": not a place
			}
		}
		// "want to visit Kyoto", "prefer to fly": skip "to" and the verb.
		if s == e && j < len(ts) && ts[j].lw == "to" && j+1 < len(ts) {
			s, e = sp.np(j + 2)
		}
		obj := sp.resolve(s, e)
		if neg {
			if obj != "" {
				sp.markNegation(subj, c.rel, obj)
			}
			return e
		}
		r := sp.emit(subj, c.rel, obj)
		if r != nil && c.rel == "uses" {
			sp.purpose(r, e)
		}
		sp.coordinate(subj, c.rel, e)
		return e
	case kInverse:
		ls, le := sp.leftNP(i)
		s, e := sp.np(j)
		if c.rel == "solution_for" {
			s, e = sp.clauseSpan(j)
		}
		sp.emit(sp.resolve(s, e), c.rel, sp.resolve(ls, le))
		return e
	case kClause:
		subj := ""
		if c.rel == "believes" {
			subj = sp.subjectAt(i, true)
		} else if n := len(sp.out); n > 0 {
			subj = sp.out[n-1].Object // "prefer Postgres because …": the reason is Postgres's
		} else {
			s, e := sp.leftNP(i)
			subj = sp.resolve(s, e)
		}
		s, e := sp.clauseSpan(j)
		if e > s {
			sp.emit(subj, c.rel, sp.text(s, e))
		}
		return e
	case kMove:
		return sp.move(i, j, neg)
	case kReplace:
		// "replaced A with B" / "swapped A for B"
		subj := sp.subjectAt(i, false)
		s, e := sp.np(j)
		if e < len(ts) && (ts[e].lw == "with" || ts[e].lw == "for" || ts[e].lw == "by") {
			old := sp.resolve(s, e)
			s2, e2 := sp.np(e + 1)
			if r := sp.emit(subj, "uses", sp.resolve(s2, e2)); r != nil {
				r.Replaces = old
			}
			return e2
		}
		return e
	case kDecide:
		subj := sp.subjectAt(i, false)
		if subj == "" {
			subj = "user"
		}
		if neg {
			return j
		}
		if j < len(ts) && ts[j].lw == "to" {
			j++
		}
		if c.words[len(c.words)-1] == "to" || (j > 0 && ts[j-1].lw == "to") {
			// "decided to use X": the next cue supplies the object.
			if j < len(ts) {
				if _, l := matchCue(ts, j); l > 0 {
					sp.pending = &ExtractedRelation{Subject: subj, Relation: "decided", Evidence: sp.sent}
					return j
				}
				j++ // "decided to book X": skip the verb
			}
		}
		s, e := sp.np(j)
		obj := sp.resolve(s, e)
		if obj == "" {
			return e
		}
		sp.emit(subj, "decided", obj)
		if !c.choice {
			return e
		}
		// A choice is also what the chooser (or the "for" target) now uses.
		u := ExtractedRelation{Subject: subj, Relation: "uses", Object: obj, Evidence: sp.sent}
		if e < len(ts) && ts[e].lw == "for" {
			fs, fe := sp.np(e + 1)
			if f := sp.resolve(fs, fe); f != "" && !IsTimeExpr(f) {
				u.Subject = f
				e = fe
			}
		}
		if u.Subject != "" && Normalize(u.Subject) != Normalize(obj) && !IsTimeExpr(obj) {
			sp.out = append(sp.out, u)
		}
		return e
	case kFixFor:
		s, e := sp.np(j)
		problem := sp.resolve(s, e)
		if e < len(ts) && beVerbs[ts[e].lw] {
			s2, e2 := sp.clauseSpan(e + 1)
			if e2 > s2 {
				sp.emit(sp.text(s2, e2), "solution_for", problem)
			}
			return e2
		}
		return e
	}
	return j
}

// purpose applies "use X for Y": Y is the subject that uses X.
func (sp *sentenceParser) purpose(r *ExtractedRelation, e int) {
	ts := sp.toks
	if e < len(ts) && ts[e].lw == "for" && !ts[e-1].end {
		s, fe := sp.np(e + 1)
		if f := sp.resolve(s, fe); f != "" && !IsTimeExpr(f) && Normalize(f) != Normalize(r.Object) {
			r.Subject = f
		}
	}
}

// coordinate emits "X and Y" objects: after the object ending at e, "and"
// or "or" followed by a noun phrase that is not a new clause.
func (sp *sentenceParser) coordinate(subj, rel string, e int) {
	ts := sp.toks
	for n := 0; n < 3 && e < len(ts) && !ts[e-1].end && (ts[e].lw == "and" || ts[e].lw == "or"); n++ {
		if e+1 >= len(ts) || pronounSelf[ts[e+1].lw] || pronounRef[ts[e+1].lw] || ts[e+1].lw == "you" {
			return
		}
		if _, l := matchCue(ts, e+1); l > 0 {
			return
		}
		s, e2 := sp.np(e + 1)
		if e2 < len(ts) && !ts[e2-1].end {
			if _, l := matchCue(ts, e2); l > 0 || beVerbs[ts[e2].lw] {
				return // "… and the team knows it": a new clause
			}
		}
		if sp.emit(subj, rel, sp.resolve(s, e2)) == nil {
			return
		}
		e = e2
	}
}

// markNegation records "don't use X" / "no longer prefer X": no edge, but
// the object is replaced for the subject and relation.
func (sp *sentenceParser) markNegation(subj, rel, obj string) {
	if subj == "" {
		return
	}
	sp.out = append(sp.out, ExtractedRelation{Subject: subj, Relation: rel, Object: "", Replaces: obj, Evidence: sp.sent})
}

// move handles "moved X to Y", "switched (from A) to B", "migrated to Y",
// "moved the meeting to Friday" (scheduled_for) and "I moved to Lisbon"
// (located_in).
func (sp *sentenceParser) move(i, j int, neg bool) int {
	ts := sp.toks
	subj := sp.subjectAt(i, false)
	old := ""
	what := ""
	k := j
	if k < len(ts) && (ts[k].lw == "over" || ts[k].lw == "back") {
		k++
	}
	if k < len(ts) && ts[k].lw != "to" && ts[k].lw != "from" && ts[k].lw != "over" {
		s, e := sp.np(k)
		what = sp.resolve(s, e)
		k = e
	}
	if k < len(ts) && ts[k].lw == "from" {
		s, e := sp.np(k + 1)
		old = sp.resolve(s, e)
		k = e
	}
	if k >= len(ts) || ts[k].lw != "to" || ts[k-1].end || (old == "" && (ts[i].lw == "goes" || ts[i].lw == "went")) || (what == "" && ts[i].lw == "set") {
		return k // "goes"/"went" mark a change only as "from A to B", "set" only as "set X to Y"
	}
	s, e := sp.np(k + 1)
	target := sp.resolve(s, e)
	if target == "" || neg {
		return e
	}
	rel := "uses"
	switch {
	case IsTimeExpr(target):
		rel = "scheduled_for"
	case what == "" && subj == "user" && strings.HasPrefix(ts[i].lw, "mov") && isCapitalized(target) && TypeOf(target, Normalize(target), nil) != TypeArtifact:
		rel = "located_in" // "I moved to Lisbon"
	case isValue(target):
		rel = "status" // "the gate goes from 70% to 80%", "bumped MaxConns to 15"
	}
	if what != "" && rel != "located_in" {
		subj = what
	}
	if r := sp.emit(subj, rel, target); r != nil {
		r.Replaces = old
		if rel == "uses" {
			sp.purpose(r, e)
		}
	}
	return e
}

// status reads "<X> is|was|got <status word>" at the be-verb i.
func (sp *sentenceParser) status(i int) bool {
	ts := sp.toks
	if !beVerbs[ts[i].lw] || ts[i].end || i == 0 {
		return false
	}
	j := i + 1
	for j < len(ts) && adverbs[ts[j].lw] && !ts[j].end {
		j++
	}
	if j >= len(ts) {
		return false
	}
	val := ""
	if j+1 < len(ts) && statusPairs[ts[j].lw+" "+ts[j+1].lw] && !ts[j].end {
		val = ts[j].w + " " + ts[j+1].w
	} else if statusWords[ts[j].lw] {
		val = ts[j].w
		// "is fixed by", "was booked for": a cue takes over.
		if !ts[j].end && j+1 < len(ts) && (ts[j+1].lw == "by" || ts[j+1].lw == "for" || ts[j+1].lw == "on" || ts[j+1].lw == "to") {
			return false
		}
	}
	if val == "" {
		return false
	}
	s, e := sp.leftNP(i + 1)
	if e > i {
		e = i
	}
	subj := sp.resolve(s, e)
	if subj == "" || subj == "user" {
		return false
	}
	if sp.negated(j) {
		return false
	}
	sp.emit(subj, "status", strings.ToLower(val))
	return true
}

// settingRe finds "<Name> <number>" settings and versions ("Go 1.25",
// "MaxConns 20", "TTL of 5 minutes"), with an optional "(down|up) from
// <number>" naming the previous value.
var settingRe = regexp.MustCompile(`\b([A-Z][A-Za-z]*[A-Z0-9]?[A-Za-z0-9]*|[A-Za-z]+[A-Z][A-Za-z0-9]*)\s+(?:of\s+)?(\d[\d.,]*(?:\s*%|\s+(?:seconds|minutes|hours|days|ms|connections|tasks|GB|MB))?)(?:\s*\(?\s*(?:down|up)\s+from\s+(\d[\d.,]*)\)?)?`)

// replacedBefore matches text ending in a phrase that introduces a replaced
// value.
var replacedBefore = regexp.MustCompile(`(?i)\b(instead of|rather than|in place of|replacing|replaced|from|not|no longer)\s+(the\s+)?$`)

// settings emits status(Name, "Name N") for every "<Name> <number>" in the
// sentence: a version or setting value. Without a change cue in the
// sentence the statement is Past-like (it never overrides a different
// current value: summaries repeat old values); with one ("bump", "now",
// "down from 20") it is an update, and "(down|up) from M" names the
// replaced "Name M".
func (sp *sentenceParser) settings() {
	change := HasChangeCue(sp.sent)
	for _, loc := range settingRe.FindAllStringSubmatchIndex(sp.sent, -1) {
		m := make([]string, 4)
		for g := range m {
			if loc[2*g] >= 0 {
				m[g] = sp.sent[loc[2*g]:loc[2*g+1]]
			}
		}
		if replacedBefore.MatchString(sp.sent[:loc[0]]) {
			continue // "instead of Postgres 16", "from Go 1.25 to …": the old value
		}
		name, val := m[1], strings.TrimRight(strings.TrimSpace(m[2]), ".,")
		if len(name) < 2 || isWeekday(strings.ToLower(name)) || months[strings.ToLower(name)] != 0 || textutil.IsStopword(strings.ToLower(name)) {
			continue
		}
		r := ExtractedRelation{Subject: name, Relation: "status", Object: name + " " + val, Evidence: sp.sent, Past: !change}
		if m[3] != "" {
			r.Replaces = name + " " + strings.TrimRight(m[3], ".,")
			r.Past = false
		}
		sp.out = append(sp.out, r)
	}
}

// correctionRe finds a corrected value: "67.9 accuracy, not 71.2".
var correctionRe = regexp.MustCompile(`(\d[\d.,]*(?:\s*%|\s+[a-z]+)?),?\s+not\s+(\d[\d.,]*\d|\d)`)

// correction emits status(topic, "N unit") replacing M for "N unit, not M",
// the topic being the last entity named before (coref) or the turn's first
// name (see firstName).
func (sp *sentenceParser) correction() {
	m := correctionRe.FindStringSubmatch(sp.sent)
	if m == nil {
		return
	}
	topic := sp.coref.Last
	if topic == "" {
		topic = firstName(sp.turn)
	}
	if topic == "" {
		return
	}
	sp.out = append(sp.out, ExtractedRelation{Subject: topic, Relation: "status", Object: strings.TrimSpace(m[1]), Replaces: m[2], Evidence: sp.sent})
}

// condition returns the "when/if/unless …" clause of the sentence,
// lowercased ("when i am unwell"), and its token span [s, e); "" and an
// empty span when there is none.
func (sp *sentenceParser) condition() (string, int, int) {
	ts := sp.toks
	for i, t := range ts {
		switch t.lw {
		case "when", "whenever", "if", "unless":
			if i > 0 && (ts[i-1].lw == "even" || ts[i-1].lw == "asked" || ts[i-1].lw == "from") {
				return "", i, len(ts) // "from when we adopted X": a past reference, no condition
			}
			s, e := sp.clauseSpan(i + 1)
			if e > s {
				return strings.ToLower(t.w + " " + sp.text(s, e)), i, e
			}
		}
	}
	return "", len(ts), len(ts)
}

// temporal attaches a time expression of the sentence that no relation
// used to the sentence's topic.
func (sp *sentenceParser) temporal() {
	phrase := findTime(sp.toks)
	if phrase == "" {
		return
	}
	for _, r := range sp.out {
		if r.Relation == "occurred_at" || r.Relation == "scheduled_for" {
			return
		}
	}
	topic := ""
	for _, r := range sp.out {
		if r.Relation == "caused_by" || r.Relation == "believes" || r.Object == "" {
			continue
		}
		if Normalize(r.Subject) != "user" && Normalize(r.Subject) != "assistant" {
			topic = r.Subject
		} else {
			topic = r.Object
		}
		break
	}
	if topic == "" {
		topic = firstName(sp.sent)
	}
	if topic == "" {
		return
	}
	rel := "occurred_at"
	if hasPhrase(sp.sent, futureCues) {
		rel = "scheduled_for"
	}
	sp.emit(topic, rel, phrase)
}

// firstName returns the first entity nlp finds in text that is not a time
// expression nor a lone capitalized word opening a sentence ("Bad news
// about Drift." → "Drift"), or "".
func firstName(text string) string {
	starts := map[string]bool{}
	for _, s := range sentences(text) {
		if f := strings.Fields(s); len(f) > 0 {
			starts[strings.Trim(f[0], ".,;:!?")] = true
		}
	}
	for _, m := range nlp.Entities(text) {
		if !IsTimeExpr(m.Text) && !(starts[m.Text] && !technical(m.Text)) {
			return m.Text
		}
	}
	return ""
}

// findTime returns the first time expression of a sentence as written:
// "(last|next|this) <weekday|week|month|weekend>", a weekday, "today" …,
// "<month> <day>", "<day> <month>", an ISO date, "N days ago", "in N days".
func findTime(ts []tok) string {
	for i, t := range ts {
		lw := t.lw
		switch {
		case isoRe.MatchString(lw):
			return t.w
		case lw == "today" || lw == "tonight" || lw == "tomorrow" || lw == "yesterday":
			return t.w
		case lw == "last" || lw == "next" || lw == "this":
			if i+1 < len(ts) {
				n := ts[i+1].lw
				if _, ok := weekdays[n]; ok || n == "week" || n == "weekend" || n == "month" {
					return t.w + " " + ts[i+1].w
				}
			}
		case isWeekday(lw):
			return t.w
		case i+2 < len(ts) && (isNum(lw) || numberWord[lw] > 0) && (strings.HasPrefix(ts[i+1].lw, "day") || strings.HasPrefix(ts[i+1].lw, "week")) && ts[i+2].lw == "ago":
			return t.w + " " + ts[i+1].w + " " + ts[i+2].w
		}
		if _, ok := months[lw]; ok && (len(lw) > 3 || unicode.IsUpper([]rune(t.w)[0])) {
			if i+1 < len(ts) && isNum(ts[i+1].lw) {
				return t.w + " " + ts[i+1].w
			}
			if i > 0 && isNum(ts[i-1].lw) {
				return ts[i-1].w + " " + t.w
			}
		}
	}
	return ""
}
