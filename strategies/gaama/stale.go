package gaama

import (
	"slices"
	"strings"
	"unicode"

	"github.com/memarena/memarena/internal/textutil"
)

// StaleIndex remembers the superseded values of every slot (subject +
// relation): the objects of superseded edges and the values statements
// explicitly replaced ("from June 5 to June 19", "the limit 8 (down from
// 20)"), so that any memory line — a raw turn or a fact's evidence — that
// states such a value without the slot's current value can be presented as
// superseded. Only distinctive values are kept (see Distinctive): a bare
// common word ("done") would mark unrelated lines.
//
// Matching rule (Scan), chosen against false positives:
//
//   - A value is mentioned only as a phrase: its normalized tokens occur
//     in order in the line, at most one other word between two of them
//     ("the 12 included papers" mentions "12 papers"; "4,500 yen … reviews
//     4.5" does not mention "$5,500", nor "April 11-16 … April 20-24"
//     "April 16 to 20").
//   - A bare number — a value without a letter: "70%", "71.2", "$5,500" —
//     says nothing about what it measures, so its mention counts for a slot
//     only when the line is on the slot's topic: the line, or the subject of
//     a fact extracted from it, shares a content word (not a number) with
//     the slot's subject. "70%" replaced in "coverage gate|status" marks
//     "the team agreed on a 70% test coverage target" (shared "coverage"),
//     not "the cache hit rate is 70%". A value with words of its own ("Go
//     1.25", "limit 20", "June 5", "Render.com") names its topic and needs
//     no such evidence.
//
// Not safe for concurrent use.
type StaleIndex struct {
	vals   map[string]map[string]staleVal // slot → value key → value
	byTok  map[string][]staleRef          // first value token → values
	topics map[string][]string            // slot → content stems of its subject, numbers dropped
}

type staleVal struct {
	display string
	toks    []string // textutil.NormalizeTokens of display
	bare    bool     // no letter: a number that needs the slot's topic (see StaleIndex)
}

type staleRef struct{ slot, key string }

// NewStaleIndex returns an empty index.
func NewStaleIndex() *StaleIndex {
	return &StaleIndex{vals: map[string]map[string]staleVal{}, byTok: map[string][]staleRef{}, topics: map[string][]string{}}
}

// Distinctive reports whether a value is specific enough to recognize in
// free text: it has a digit ("70%", "Go 1.25"), a technical token
// ("Render.com"), two or more content words ("word frequency counts"), or is
// a capitalized name ("Zotero", "Anika").
func Distinctive(display string) bool {
	if strings.ContainsAny(display, "0123456789") {
		return true
	}
	ws := strings.Fields(display)
	for _, w := range ws {
		if technical(w) {
			return true
		}
	}
	if len(textutil.ContentTokens(display)) >= 2 {
		return true
	}
	return len(ws) == 1 && len([]rune(ws[0])) > 2 && unicode.IsUpper([]rune(ws[0])[0])
}

// Add records display as a superseded value of slot ("subject|relation")
// under key (ignored when not Distinctive); a time entity's " (YYYY-MM-DD)"
// suffix is dropped.
func (x *StaleIndex) Add(slot, key, display string) {
	display = dateSuffix.ReplaceAllString(display, "") // "June 5 (2026-06-05)" is said "June 5"
	if !Distinctive(display) {
		return
	}
	toks := textutil.NormalizeTokens(display)
	if len(toks) == 0 {
		return
	}
	m := x.vals[slot]
	if m == nil {
		m = map[string]staleVal{}
		x.vals[slot] = m
	}
	if _, ok := m[key]; !ok {
		x.byTok[toks[0]] = append(x.byTok[toks[0]], staleRef{slot, key})
	}
	if _, ok := x.topics[slot]; !ok {
		subject := slot
		if i := strings.LastIndex(slot, "|"); i >= 0 {
			subject = slot[:i]
		}
		var topic []string
		for _, t := range textutil.ContentTokens(subject) {
			if !allDigits(t) {
				topic = append(topic, t)
			}
		}
		x.topics[slot] = uniq(topic)
	}
	m[key] = staleVal{display: display, toks: toks, bare: !strings.ContainsFunc(display, unicode.IsLetter)}
}

// Remove forgets key as a superseded value of slot (it is current again).
func (x *StaleIndex) Remove(slot, key string) {
	delete(x.vals[slot], key)
}

// Len is the number of superseded values recorded.
func (x *StaleIndex) Len() int {
	n := 0
	for _, m := range x.vals {
		n += len(m)
	}
	return n
}

// Scan looks for superseded values in a line given as its normalized tokens
// (normTokens, in order); topic holds further content stems the line is
// about — the subjects of the facts extracted from it — and may be nil.
// current(slot) returns the token lists of the slot's current values. A
// superseded value counts for a slot when the line mentions it as a phrase
// and, for a bare number, the line (or topic) shares a content word with the
// slot's subject (see StaleIndex). A counted value is explained when, for
// some slot it counts for, the line also has every token of one of that
// slot's current values, in any order (the line states the update itself:
// "from 70% to 80%"; deliberately lenient: in doubt a line stays current).
// Scan returns stale = true when some counted value is not explained, and
// the displays of every counted value (sorted, unique), for Redact.
func (x *StaleIndex) Scan(line []string, topic map[string]bool, current func(slot string) [][]string) (stale bool, mentioned []string) {
	var set map[string]bool // the line's tokens, built when first needed
	seen := map[staleRef]bool{}
	explained := map[string]bool{} // display → explained
	for i, t := range line {
		for _, ref := range x.byTok[t] {
			if seen[ref] {
				continue
			}
			v, ok := x.vals[ref.slot][ref.key]
			if !ok || !phraseAt(line, i, v.toks) {
				continue // gone, or not mentioned here
			}
			seen[ref] = true
			if v.bare {
				if set == nil {
					set = textutil.TokenSet(line)
				}
				if !x.onTopic(ref.slot, set, topic) {
					continue
				}
			}
			if done, ok := explained[v.display]; !ok {
				explained[v.display] = false
				mentioned = append(mentioned, v.display)
			} else if done {
				continue
			}
			for _, c := range current(ref.slot) {
				if set == nil {
					set = textutil.TokenSet(line)
				}
				if len(c) > 0 && allIn(c, set) {
					explained[v.display] = true
					break
				}
			}
		}
	}
	for _, ok := range explained {
		if !ok {
			stale = true
		}
	}
	slices.Sort(mentioned)
	return stale, slices.Compact(mentioned)
}

// onTopic reports whether a line (its token set, plus topic) shares a
// content word with slot's subject.
func (x *StaleIndex) onTopic(slot string, set, topic map[string]bool) bool {
	for _, t := range x.topics[slot] {
		if set[t] || topic[t] {
			return true
		}
	}
	return false
}

// phraseAt reports whether phrase occurs in line starting at position i:
// its tokens in order, with at most one other token between two
// consecutive ones ("12 included papers" states "12 papers"; "4,500 yen …
// 4.5" does not state "$5,500").
func phraseAt(line []string, i int, phrase []string) bool {
	if len(phrase) == 0 || i >= len(line) || line[i] != phrase[0] {
		return false
	}
	at := i
	for _, t := range phrase[1:] {
		switch {
		case at+1 < len(line) && line[at+1] == t:
			at++
		case at+2 < len(line) && line[at+2] == t:
			at += 2
		default:
			return false
		}
	}
	return true
}

func allIn(need []string, set map[string]bool) bool {
	for _, t := range need {
		if !set[t] {
			return false
		}
	}
	return true
}
