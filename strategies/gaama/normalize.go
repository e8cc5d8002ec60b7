package gaama

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/memarena/memarena/internal/nlp"
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
//     canonical entity name (model.EntityNames: "the Postgres database" →
//     "Postgres"); a mention whose canonical core — the name's words
//     stemmed, see Core — equals the core of an entity seen before, or of
//     that entity's canonical name, resolves to that entity's key
//     ("Postgres" and "the Postgres database" become the first-seen one;
//     "Postgres 16" stays apart). The first mention of an entity fixes its
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
		words[i] = stem(w)
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
// or inner capitals next to letters ("p95", "pgxpool.v5", "/orders",
// "HelixQA", "v2"), the shape of software names and identifiers.
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

var (
	isoRe      = regexp.MustCompile(`^\d{4}-\d{2}-\d{2}$`)
	isoFindRe  = regexp.MustCompile(`\b(\d{4})-(\d{2})-(\d{2})\b`)
	weekdays   = map[string]time.Weekday{"sunday": time.Sunday, "monday": time.Monday, "tuesday": time.Tuesday, "wednesday": time.Wednesday, "thursday": time.Thursday, "friday": time.Friday, "saturday": time.Saturday}
	months     = map[string]time.Month{"january": 1, "february": 2, "march": 3, "april": 4, "may": 5, "june": 6, "july": 7, "august": 8, "september": 9, "october": 10, "november": 11, "december": 12, "jan": 1, "feb": 2, "mar": 3, "apr": 4, "jun": 6, "jul": 7, "aug": 8, "sep": 9, "sept": 9, "oct": 10, "nov": 11, "dec": 12}
	numberWord = map[string]int{"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "a": 1, "an": 1}
)

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

// IsTimeExpr reports whether phrase is a time expression that ResolveTime
// understands or a bare time word ("tonight", "next week", "March 3",
// "2026-03-02", "Friday", "3 days ago").
func IsTimeExpr(phrase string) bool {
	ws := textutil.Words(phrase)
	if len(ws) == 0 || len(ws) > 5 {
		return false
	}
	if isoFindRe.MatchString(phrase) {
		return true
	}
	for _, w := range ws {
		if _, ok := weekdays[w]; ok {
			return true
		}
		switch w {
		case "today", "tonight", "tomorrow", "yesterday", "weekend", "morning", "evening", "afternoon":
			return true
		}
	}
	if _, ok := months[ws[0]]; ok && len(ws) >= 2 && isNum(ws[1]) {
		return true
	}
	if len(ws) >= 2 && isNum(ws[0]) {
		if _, ok := months[ws[1]]; ok {
			return true
		}
	}
	last := ws[len(ws)-1]
	if (ws[0] == "last" || ws[0] == "next" || ws[0] == "this") && (last == "week" || last == "month" || last == "year") {
		return true
	}
	return last == "ago" || (ws[0] == "in" && len(ws) == 3 && (strings.HasPrefix(ws[2], "day") || strings.HasPrefix(ws[2], "week")))
}

func isNum(w string) bool {
	w = strings.TrimRight(w, "stndrh") // 3rd, 1st, 2nd, 4th
	_, err := strconv.Atoi(w)
	return err == nil && w != ""
}

// ResolveTime resolves a time expression against ref (the session start) and
// returns the calendar date, ok = false when the phrase names no single
// date. Rules (Monday-to-Sunday weeks are not needed; all shifts are in
// days):
//
//   - "2026-03-02" → that date; "March 3" / "3 March" → that day in ref's
//     year;
//   - "today" / "tonight" → ref; "yesterday" → ref − 1 day; "tomorrow" →
//     ref + 1 day;
//   - "last <weekday>" → the latest such weekday strictly before ref;
//     "next <weekday>" → the first strictly after ref; "this <weekday>" or a
//     bare weekday → the first on or after ref when future is true, else the
//     latest on or before ref;
//   - "N days/weeks ago" → ref − N·(1|7) days; "in N days/weeks" → ref +
//     N·(1|7) days; "last week" → ref − 7 days; "next week" → ref + 7 days.
func ResolveTime(phrase string, ref time.Time, future bool) (time.Time, bool) {
	if ref.IsZero() {
		return time.Time{}, false
	}
	day := time.Date(ref.Year(), ref.Month(), ref.Day(), 0, 0, 0, 0, time.UTC)
	if m := isoFindRe.FindStringSubmatch(phrase); m != nil {
		t, err := time.Parse("2006-01-02", m[0])
		return t, err == nil
	}
	ws := textutil.Words(phrase)
	for i, w := range ws {
		switch w {
		case "today", "tonight":
			return day, true
		case "yesterday":
			return day.AddDate(0, 0, -1), true
		case "tomorrow":
			return day.AddDate(0, 0, 1), true
		}
		if wd, ok := weekdays[w]; ok {
			mod := ""
			if i > 0 {
				mod = ws[i-1]
			}
			delta := int(wd - day.Weekday())
			switch {
			case mod == "last":
				if delta >= 0 {
					delta -= 7
				}
			case mod == "next":
				if delta <= 0 {
					delta += 7
				}
			case future || mod == "this":
				if delta < 0 {
					delta += 7
				}
			default:
				if delta > 0 {
					delta -= 7
				}
			}
			return day.AddDate(0, 0, delta), true
		}
		if mo, ok := months[w]; ok {
			if i+1 < len(ws) && isNum(ws[i+1]) {
				d, _ := strconv.Atoi(strings.TrimRight(ws[i+1], "stndrh"))
				return time.Date(day.Year(), mo, d, 0, 0, 0, 0, time.UTC), d >= 1 && d <= 31
			}
			if i > 0 && isNum(ws[i-1]) {
				d, _ := strconv.Atoi(strings.TrimRight(ws[i-1], "stndrh"))
				return time.Date(day.Year(), mo, d, 0, 0, 0, 0, time.UTC), d >= 1 && d <= 31
			}
		}
	}
	if len(ws) >= 2 {
		last := ws[len(ws)-1]
		unit := func(u string) int {
			switch strings.TrimSuffix(u, "s") {
			case "day":
				return 1
			case "week":
				return 7
			}
			return 0
		}
		count := func(w string) (int, bool) {
			if n, ok := numberWord[w]; ok {
				return n, true
			}
			n, err := strconv.Atoi(w)
			return n, err == nil
		}
		if last == "ago" && len(ws) >= 3 {
			if n, ok := count(ws[len(ws)-3]); ok && unit(ws[len(ws)-2]) > 0 {
				return day.AddDate(0, 0, -n*unit(ws[len(ws)-2])), true
			}
		}
		if ws[0] == "in" && len(ws) == 3 {
			if n, ok := count(ws[1]); ok && unit(ws[2]) > 0 {
				return day.AddDate(0, 0, n*unit(ws[2])), true
			}
		}
		if (ws[0] == "last" || ws[0] == "next") && last == "week" && len(ws) == 2 {
			if ws[0] == "last" {
				return day.AddDate(0, 0, -7), true
			}
			return day.AddDate(0, 0, 7), true
		}
	}
	return time.Time{}, false
}

// timeKey returns the key and display text of a time entity: the resolved
// ISO date as key and "phrase (YYYY-MM-DD)" as display when the phrase
// resolves; the normalized phrase otherwise.
func timeKey(phrase string, ref time.Time, future bool) (key, display string) {
	if d, ok := ResolveTime(phrase, ref, future); ok {
		iso := d.Format("2006-01-02")
		if isoFindRe.MatchString(phrase) && strings.TrimSpace(phrase) == iso {
			return iso, iso
		}
		return iso, fmt.Sprintf("%s (%s)", strings.TrimSpace(phrase), iso)
	}
	return Normalize(phrase), strings.TrimSpace(phrase)
}
