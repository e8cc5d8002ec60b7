package reader

import (
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode"
)

// unit is one memory item of a context with its layout removed: the
// content the item states, and what the layout said about it (date,
// speaker, status).
type unit struct {
	// text is the content, layout removed.
	text string
	// date is the first ISO date (YYYY-MM-DD) of the line's leading
	// bracket, zero when there is none.
	date time.Time
	// speaker is the role prefix ("Caroline", "User", "Assistant"), "" when
	// the line has none.
	speaker string
	// status is "superseded", "conditional" or "".
	status string
	// index is the unit's position in the context.
	index int
	// lowerWords are the words written in lower case anywhere in the
	// context (shared by all units): a capitalized sentence-initial word
	// also written lower case is a common word, not a name.
	lowerWords map[string]bool
	// sents are the unit's sentences, filled by Read.
	sents []*sentence
	// item numbers the memory items of the context: units of one item (a
	// line with its continuation lines) share it.
	item int
	// marker is the number of the line's numbered list marker ("3." →
	// 3), -1 for a bullet ("-", "•"), 0 for none: with item it finds the
	// ordered lists a turn states (see lists).
	marker int
}

var (
	leadBracket = regexp.MustCompile(`^\[[^\]\n]*\]\s*`)
	leadParen   = regexp.MustCompile(`^\(([a-z][a-z -]{0,24})\)\s+`)
	isoDate     = regexp.MustCompile(`\b(\d{4})-(\d{2})-(\d{2})\b`)
	listMarker  = regexp.MustCompile(`^(?:(\d{1,3})[.)]|[-*•–])\s+`)
	// label is a line-initial "label: " of one to four words: a speaker
	// or role ("Caroline:", "User:") or a node kind ("observation:",
	// "summary of the stage:").
	label = regexp.MustCompile(`^([\p{L}][\p{L}\p{N}'’._-]*(?: [\p{L}\p{N}][\p{L}\p{N}'’._-]*){0,3}):\s+`)
	// trailingTags are a closing group of key:value tags,
	// "(goal:plan action:inform)".
	trailingTags = regexp.MustCompile(`\s*\((?:[\p{L}_-]+:[^\s()]+\s*)+\)\s*$`)
	// partSep joins several turns in one item: " / Speaker: ".
	partSep  = regexp.MustCompile(` / ([\p{L}][\p{L}\p{N}'’._-]*(?: [\p{L}][\p{L}\p{N}'’._-]*){0,2}):\s`)
	ruleLine = regexp.MustCompile(`^[-=*_#~\s]+$`)
)

// parseLayout splits a context into units, removing what is layout and not
// content:
//   - section headers: a line that is a markdown heading ("# Facts"), a rule
//     ("---"), or a short line ending in a colon ("Facts (knowledge
//     graph):");
//   - leading bracket groups ("[2023-05-08 D1:3]", "[goal, step 4]"), whose
//     first ISO date becomes the unit's date, and a leading parenthesized
//     status ("(superseded)");
//   - list markers ("1.", "-"), line-initial labels (a lowercase node kind
//     "observation:", then a speaker or role "Caroline:"), and a trailing
//     group of key:value tags ("(goal:plan action:ask)").
//
// A line without a leading bracket that follows a unit continues it (a
// multi-line turn); a line that joins turns with " / Speaker: " gives one
// unit per turn.
func parseLayout(context string) []unit {
	var out []unit
	var cur *unit // the unit continuation lines attach to
	items := 0
	for _, raw := range strings.Split(context, "\n") {
		line := strings.TrimSpace(raw)
		if line == "" {
			continue
		}
		if isHeader(line) {
			cur = nil
			continue
		}
		var u unit
		bracketed := false
		for {
			if m := leadBracket.FindString(line); m != "" {
				if u.date.IsZero() {
					if d := isoDate.FindString(m); d != "" {
						u.date, _ = time.Parse("2006-01-02", d)
					}
				}
				line = line[len(m):]
				bracketed = true
				continue
			}
			if m := leadParen.FindStringSubmatch(line); m != nil && len(strings.Fields(m[1])) <= 2 {
				if m[1] == "superseded" || m[1] == "conditional" {
					u.status = m[1]
				}
				line = line[len(m[0]):]
				continue
			}
			break
		}
		if !bracketed && cur != nil {
			// A continuation line of a multi-line item.
			u.date, u.speaker, u.status = cur.date, cur.speaker, cur.status
		}
		if bracketed || cur == nil {
			items++
		}
		marker := 0
		line, marker = cutMarker(line)
		line = strings.TrimSpace(trailingTags.ReplaceAllString(line, ""))
		parts := splitParts(line)
		for i, p := range parts {
			sp, text := stripLabels(p)
			if sp != "" && marker != 0 && !bracketed && cur != nil && cur.speaker != "" && !roleLabel(sp) {
				// "4. Harbour Inn: a small hotel by the port" in a
				// turn's list: the item's name, not a new speaker
				sp, text = "", p
			}
			text = strings.TrimSpace(text)
			mk := marker
			if mk == 0 && (i > 0 || sp != "") {
				// "Assistant: 1. Book early": a list the turn starts
				text, mk = cutMarker(text)
			}
			if sp == "" && i == 0 && !bracketed && cur != nil {
				sp = cur.speaker
			}
			if text == "" {
				continue
			}
			out = append(out, unit{text: text, date: u.date, speaker: sp, status: u.status, index: len(out), item: items, marker: mk})
		}
		if len(out) > 0 {
			last := out[len(out)-1]
			cur = &last
		}
	}
	lw := map[string]bool{}
	for _, u := range out {
		for _, f := range strings.Fields(u.text) {
			f = strings.Trim(f, ".,;:!?\"'“”‘’()")
			if f != "" && f == strings.ToLower(f) {
				lw[strings.ReplaceAll(f, "’", "'")] = true
			}
		}
	}
	for i := range out {
		out[i].lowerWords = lw
	}
	return out
}

// cutMarker removes a leading list marker from a line and returns its
// number (-1 for a bullet, 0 when there is none).
func cutMarker(line string) (string, int) {
	m := listMarker.FindStringSubmatchIndex(line)
	if m == nil {
		return line, 0
	}
	n := -1
	if m[2] >= 0 {
		n, _ = strconv.Atoi(line[m[2]:m[3]])
	}
	return line[m[1]:], n
}

// isHeader reports whether a line is a section header or a rule.
func isHeader(line string) bool {
	if ruleLine.MatchString(line) {
		return true
	}
	if strings.HasPrefix(line, "#") {
		return true
	}
	if strings.HasSuffix(line, ":") && !strings.HasPrefix(line, "[") && len(strings.Fields(line)) <= 8 {
		return true
	}
	return false
}

// splitParts splits "A: x / B: y" into "A: x" and "B: y".
func splitParts(line string) []string {
	locs := partSep.FindAllStringIndex(line, -1)
	if len(locs) == 0 {
		return []string{line}
	}
	var out []string
	start := 0
	for _, l := range locs {
		out = append(out, line[start:l[0]])
		start = l[0] + len(" / ")
	}
	return append(out, line[start:])
}

// stripLabels removes line-initial labels: first lowercase node-kind labels
// ("observation:", "summary of the stage:"), then one speaker or role label
// ("Caroline:", "User:"), which it returns. A record's lowercase first
// key is no label (isRecord: "status: delivered; code: ZX-1" keeps
// "status").
func stripLabels(s string) (speaker, text string) {
	s = strings.TrimSpace(s)
	for i := 0; i < 3; i++ {
		m := label.FindStringSubmatch(s)
		if m == nil {
			break
		}
		if isSpeakerLabel(m[1]) {
			return m[1], s[len(m[0]):]
		}
		if !isKindLabel(m[1]) {
			break
		}
		if rest := s[len(m[0]):]; isRecord(s) && !isRecord(rest) && shortValue(rest) {
			// the lowercase label is the first key of a record
			// ("status: delivered; code: ZX-1"), not a node kind;
			// before a record it is the record's source ("tracker:
			// status: …"), and before a clause it is a node kind
			// ("observation: Ines moved to Lyon; rent: 900 EUR"). A
			// capitalized label stays a speaker's ("Omar: cooked
			// dinner; menu: soup").
			break
		}
		s = s[len(m[0]):]
	}
	return "", s
}

// shortValue reports whether the text before the first semicolon of s is
// a field's value: at most three words ("delivered", "Pine Hollow"), not
// a clause ("Ines moved to Lyon").
func shortValue(s string) bool {
	v, _, _ := strings.Cut(s, ";")
	return len(strings.Fields(v)) <= 3
}

// roleLabel reports whether l names a conversational role ("User",
// "Assistant") rather than a person.
func roleLabel(l string) bool {
	switch strings.ToLower(strings.TrimSpace(l)) {
	case "user", "human":
		return true
	}
	return assistantRole(l)
}

// isSpeakerLabel: one to three words, each capitalized ("Caroline",
// "Dr. Rossi"), or a role name.
func isSpeakerLabel(l string) bool {
	if roleLabel(l) {
		return true
	}
	ws := strings.Fields(l)
	if len(ws) > 3 {
		return false
	}
	for _, w := range ws {
		r := []rune(w)
		if !unicode.IsUpper(r[0]) {
			return false
		}
	}
	return true
}

// isKindLabel: one to four lowercase words ("observation", "summary of the
// stage").
func isKindLabel(l string) bool {
	for _, r := range l {
		if unicode.IsUpper(r) || unicode.IsDigit(r) {
			return false
		}
	}
	return true
}
