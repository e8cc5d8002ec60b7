package gaama

import (
	"fmt"
	"regexp"
	"strings"
	"time"
	"unicode"

	"github.com/memarena/memarena/internal/memo"

	"github.com/memarena/memarena/internal/nlp"
	"github.com/memarena/memarena/internal/temporal"
	"github.com/memarena/memarena/internal/textutil"
	"github.com/memarena/memarena/strategies"
)

// Resolver maps entity mentions to canonical entity keys, so that the graph
// holds one node per entity (merge semantics). A key is
// nlp.NormalizeEntity of the mention ("The Orders API" → "orders api"), with
// three additions:
//
//   - first-person plural references ("we", "us", "our team") are the user's
//     side of the conversation and map to "user", like "I" and "me" do in
//     nlp; registered speaker names map to their alias ("Dana" → "user");
//   - a leading demonstrative ("this", "that", "these", "those") is dropped;
//   - canonical-name matching: the extraction reply gives each mention its
//     canonical entity name (model.EntityNames: "the Nikon camera" →
//     "Nikon"); a mention whose canonical core — the name's words
//     stemmed, see Core — equals the core of an entity seen before, or of
//     that entity's canonical name, resolves to that entity's key
//     ("Nikon" and "the Nikon camera" become the first-seen one;
//     "Nikon D750" stays apart). The first mention of an entity fixes its
//     key, so resolution depends only on ingest order.
//
// Time expressions are keyed by their resolved date (see ResolveTime), so
// "last Monday" said on 2026-03-09 and "2026-03-02" are one node.
//
// A Resolver is not safe for concurrent use.
type Resolver struct {
	alias map[string]string // normalized mention → canonical key
	core  map[string]string // core form (of a mention or a canonical name) → canonical key
}

// NewResolver returns an empty resolver.
func NewResolver() *Resolver {
	return &Resolver{alias: map[string]string{}, core: map[string]string{}}
}

// Normalize returns the surface key of a mention without alias or core
// resolution: nlp.NormalizeEntity plus the "we" → "user"
// (strategies.IsOwnSide) and demonstrative rules. "" means the mention
// names no entity.
func Normalize(mention string) string {
	s := strings.ToLower(strings.Join(strings.Fields(mention), " "))
	s = strings.TrimFunc(s, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	if strategies.IsOwnSide(s) {
		return "user"
	}
	for _, p := range []string{"this ", "that ", "these ", "those ", "its ", "some "} {
		s = strings.TrimPrefix(s, p)
	}
	return nlp.NormalizeEntity(s)
}

// Core returns the core form of a normalized key: every word stemmed.
// "orders service" → "order servic"; "postgres 16" → "postgr 16"; "user" →
// "user".
func Core(key string) string {
	if key == "user" || key == "" {
		return key
	}
	words := strings.Fields(key)
	for i, w := range words {
		words[i] = textutil.Stem(w)
	}
	return strings.Join(words, " ")
}

// AddAlias makes mention resolve to key (e.g. a user speaker's name to
// "user"). It overrides earlier resolutions of mention.
func (r *Resolver) AddAlias(mention, key string) {
	if n := Normalize(mention); n != "" && key != "" {
		r.alias[n] = key
	}
}

// Key returns the canonical key of mention, whose canonical entity name is
// name ("" for the mention itself), registering it as a new entity when
// neither its normalized form nor its core nor its name's core has been
// seen. It returns "" for a mention that names no entity (empty, only
// stopwords).
func (r *Resolver) Key(mention, name string) string {
	n := Normalize(mention)
	if n == "" {
		return ""
	}
	if k, ok := r.alias[n]; ok {
		return k
	}
	c := Core(n)
	nc := c
	if nn := Normalize(name); nn != "" {
		nc = Core(nn)
	}
	for _, cc := range []string{nc, c} {
		if k, ok := r.core[cc]; ok {
			r.alias[n] = k
			return k
		}
	}
	r.core[c] = n
	r.core[nc] = n
	r.alias[n] = n
	return n
}

// Lookup is Key without registration: the canonical key of mention if the
// mention or its core is known, else "".
func (r *Resolver) Lookup(mention string) string {
	n := Normalize(mention)
	if n == "" {
		return ""
	}
	if k, ok := r.alias[n]; ok {
		return k
	}
	return r.core[Core(n)]
}

// TypeOf types an entity the extraction reply left untyped (or a gold
// triplet's argument): "user", "assistant" and keys in persons (named
// speakers) → person; a time expression → time; else concept. Other types
// come from the model (the extract-graph reply's entity types); the graph
// refines concept from relation signatures (the object of located_in is a
// place …).
func TypeOf(display, key string, persons map[string]bool) string {
	if key == "user" || key == "assistant" || persons[key] {
		return TypePerson
	}
	if IsTimeExpr(display) || isISODate(key) {
		return TypeTime
	}
	return TypeConcept
}

// technical reports a token with inner digits, dots, slashes, underscores
// or inner capitals next to letters ("p95", "pgxpool.v5", "/users",
// "OpenSearch", "v2"), the shape of software names and identifiers.
func technical(w string) bool {
	r := []rune(strings.Trim(w, ".,;:!?()\"'"))
	letters, digits, inner := 0, 0, false
	for i, c := range r {
		switch {
		case unicode.IsLetter(c):
			letters++
			if i > 0 && unicode.IsUpper(c) && unicode.IsLower(r[i-1]) {
				inner = true
			}
		case unicode.IsDigit(c):
			digits++
		case c == '/' || c == '.' || c == '_':
			if i > 0 && i < len(r)-1 || (c == '/' && i == 0 && len(r) > 1) {
				inner = true
			}
		}
	}
	if letters == 0 {
		return false // plain numbers are values; see TypeOf for versions
	}
	return inner || digits > 0
}

var isoRe = regexp.MustCompile(`^\d{4}-\d{2}-\d{2}$`)

func allDigits(w string) bool {
	w = strings.Trim(w, ".,;:!?()\"'")
	if w == "" {
		return false
	}
	for _, c := range w {
		if !unicode.IsDigit(c) && c != '.' {
			return false
		}
	}
	return true
}

func isISODate(s string) bool { return isoRe.MatchString(s) }

// IsTimeExpr reports whether phrase is a time expression: a phrase that is
// one date expression internal/temporal reads (see timeMentions: "last
// Monday", "tomorrow", "March 3", "2026-03-02", "two weeks ago", "next
// week", "next summer"), or a bare weekday ("Friday"). A phrase that only
// contains one ("the week before 3 August 2023") is not.
// Results are memoized: entity names recur across turns and strategies.
func IsTimeExpr(phrase string) bool {
	if v, ok := timeExprs.Get(phrase); ok {
		return v
	}
	ref := time.Date(2000, 1, 3, 0, 0, 0, 0, time.UTC) // any day: only the presence of a mention counts
	v := len(timeMentions(phrase, ref, false)) > 0
	timeExprs.Put(phrase, v)
	return v
}

// timeExprs memoizes IsTimeExpr (a pure function of the phrase).
var timeExprs = memo.New[string, bool](1 << 14)

// ResolveTime resolves a time expression against ref (the session start)
// with internal/temporal (see its conventions) and returns the calendar
// date, ok = false when the phrase names no single day or week: the
// phrase's mention (timeMentions) that is a day ("last Monday",
// "tomorrow", "March 3", "3 days ago", "2026-03-02") gives that day, a
// week ("last week", "two weeks ago") its first day (Monday). A bare
// weekday, which temporal resolves only in a tensed sentence, takes the
// statement's tense: future (an object of scheduled_for) → the first such
// day after ref, else the latest before it. Vague spans ("a few days
// ago"), months, seasons and years name no single date.
func ResolveTime(phrase string, ref time.Time, future bool) (time.Time, bool) {
	if ref.IsZero() {
		return time.Time{}, false
	}
	for _, m := range timeMentions(phrase, ref, future) {
		if !m.Vague && (m.Unit == temporal.Day || m.Unit == temporal.Week) {
			return m.From, true
		}
	}
	return time.Time{}, false
}

// timeMentions are the date expressions temporal.Find reads in phrase
// that make up the whole phrase, but for at most one word before them
// ("since last Monday"). A bare weekday is read in a sentence of the
// statement's tense (future or past).
func timeMentions(phrase string, ref time.Time, future bool) []temporal.Mention {
	phrase = strings.TrimSpace(phrase)
	if phrase == "" {
		return nil
	}
	whole := func(text string, base int, ms []temporal.Mention) []temporal.Mention {
		var out []temporal.Mention
		for _, m := range ms {
			if m.End <= base {
				continue // inside the frame
			}
			before := textutil.Words(text[base:max(base, m.Start)])
			if len(before) <= 1 && len(textutil.Words(text[m.End:])) == 0 {
				out = append(out, m)
			}
		}
		return out
	}
	if ms := whole(phrase, 0, temporal.Find(phrase, ref)); len(ms) > 0 {
		return ms
	}
	frame := "it was on "
	if future {
		frame = "it will be on "
	}
	return whole(frame+phrase, len(frame), temporal.Find(frame+phrase, ref))
}

// timeKey returns the key and display text of a time entity: the resolved
// ISO date as key and "phrase (YYYY-MM-DD)" as display when the phrase
// resolves; the normalized phrase otherwise.
func timeKey(phrase string, ref time.Time, future bool) (key, display string) {
	if d, ok := ResolveTime(phrase, ref, future); ok {
		iso := d.Format("2006-01-02")
		if strings.TrimSpace(phrase) == iso {
			return iso, iso
		}
		return iso, fmt.Sprintf("%s (%s)", strings.TrimSpace(phrase), iso)
	}
	return Normalize(phrase), strings.TrimSpace(phrase)
}
