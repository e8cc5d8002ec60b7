package gaama

import (
	"slices"
	"strings"
	"unicode"
)

// StaleIndex remembers the superseded values of every slot (subject +
// relation): the objects of superseded edges and the values statements
// explicitly replaced ("from April 30 to May 22", "MaxConns 15 (down from
// 20)"), so that any memory line — a raw turn or a fact's evidence — that
// states such a value without the slot's current value can be presented as
// superseded. Only distinctive values are kept (see Distinctive): a bare
// common word ("done") would mark unrelated lines.
//
// Not safe for concurrent use.
type StaleIndex struct {
	vals  map[string]map[string]staleVal // slot → value key → value
	byTok map[string][]staleRef          // first value token → values
}

type staleVal struct {
	display string
	toks    []string // textutil.NormalizeTokens of display
}

type staleRef struct{ slot, key string }

// NewStaleIndex returns an empty index.
func NewStaleIndex() *StaleIndex {
	return &StaleIndex{vals: map[string]map[string]staleVal{}, byTok: map[string][]staleRef{}}
}

// Distinctive reports whether a value is specific enough to recognize in
// free text: it has a digit ("70%", "Go 1.25"), a technical token
// ("Fly.io"), two or more content words ("limit/offset pagination"), or is
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
	if len(contentTokens(display)) >= 2 {
		return true
	}
	return len(ws) == 1 && len([]rune(ws[0])) > 2 && unicode.IsUpper([]rune(ws[0])[0])
}

// Add records display as a superseded value of slot under key (ignored when
// not Distinctive); a time entity's " (YYYY-MM-DD)" suffix is dropped.
func (x *StaleIndex) Add(slot, key, display string) {
	display = dateSuffix.ReplaceAllString(display, "") // "April 30 (2026-04-30)" is said "April 30"
	if !Distinctive(display) {
		return
	}
	toks := normTokens(display)
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
	m[key] = staleVal{display: display, toks: toks}
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

// Scan looks for superseded values in a text given as its set of
// normalized tokens. current(slot) returns the token lists of the slot's
// current values. A superseded value the text mentions is explained when,
// for some slot it is a superseded value of, the text also mentions one of
// that slot's current values (the text states the update itself: "from 70%
// to 80%"). Scan returns stale = true when the text mentions a superseded
// value that is not explained, and the displays of every superseded value
// mentioned (sorted, unique), for Redact.
func (x *StaleIndex) Scan(toks map[string]bool, current func(slot string) [][]string) (stale bool, mentioned []string) {
	seen := map[staleRef]bool{}
	explained := map[string]bool{} // display → explained
	for t := range toks {
		for _, ref := range x.byTok[t] {
			if seen[ref] {
				continue
			}
			seen[ref] = true
			v, ok := x.vals[ref.slot][ref.key]
			if !ok || explained[v.display] || !allIn(v.toks, toks) {
				continue // gone, already explained, or not mentioned
			}
			if _, ok := explained[v.display]; !ok {
				explained[v.display] = false
				mentioned = append(mentioned, v.display)
			}
			for _, c := range current(ref.slot) {
				if len(c) > 0 && allIn(c, toks) {
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

func allIn(need []string, set map[string]bool) bool {
	for _, t := range need {
		if !set[t] {
			return false
		}
	}
	return true
}
