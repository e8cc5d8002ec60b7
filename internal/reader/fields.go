package reader

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"unicode"
)

// Records. Tool output and structured notes state facts as the fields of
// a record rather than in sentences: "key: value" segments separated by
// semicolons ("opens: 07:00; fee: 30 USD/day"), key=value pairs
// ("wind_speed=12kmh humidity=40%"), or one "Key: value" line ("Status:
// delivered"). A field's key says what its value is, as a head noun says
// what a phrase is, so a question whose terms name the key asks for the
// value ("what is the fee" → "30 USD/day"). This is the attribute–
// value reading of semi-structured text in question answering over
// tables and infoboxes (e.g. Pasupat and Liang, "Compositional Semantic
// Parsing on Semi-Structured Tables", ACL 2015), here for the flat
// records a tool prints.

// field is one key–value pair of a sentence: the token ranges of its key
// and of its value, and the match keys of the key's words (a compound key
// split at hyphens, underscores, slashes, dots and case changes:
// "wind_speed_max" → wind, speed, max).
type field struct {
	words        []string
	kstart, kend int
	vstart, vend int
}

// maxKeyWords is the longest key: a label of a few words ("opening
// time", "number of pieces"). A longer run before a colon is prose ("here
// is what I found: …").
const maxKeyWords = 4

// fields returns the key–value pairs of s. A colon separates a field
// when it follows a word with no space and a space follows it (so the
// colon of "15:00" or of an address separates nothing); its key is the
// words since the sentence's start or the last semicolon (at most
// maxKeyWords), and its value runs to the next semicolon. An equals sign
// with no space on either side separates a key=value pair: its key is
// the word before it, its value the tokens written without a space after
// it. A sentence with one colon field is a record only when the field's
// key opens it ("Status: delivered") and is no title's first part
// (titleKey).
func fields(s *sentence) []field {
	if !strings.ContainsAny(s.text, ":=") {
		return nil
	}
	var out []field
	n := len(s.toks)
	segStart := 0 // the first token after the last semicolon
	for i := 1; i+1 < n; i++ {
		t := s.toks[i]
		prev := s.toks[i-1]
		switch {
		case t.Text == ";":
			segStart = i + 1
		case t.Text == ":" && !prev.Punct && prev.End == t.Start && t.End < len(s.text) && s.text[t.End] == ' ':
			ks := segStart
			if i-ks > maxKeyWords || i-ks < 1 {
				continue
			}
			clean := true
			for k := ks; k < i; k++ {
				if s.toks[k].Punct {
					clean = false
				}
			}
			if !clean {
				continue
			}
			ve := i + 1
			for ve < n && s.toks[ve].Text != ";" {
				ve++
			}
			out = append(out, field{words: keyWords(s, ks, i), kstart: ks, kend: i, vstart: i + 1, vend: trimValueEnd(s, i+1, ve)})
			// a later colon in this segment is the value's own
			// ("opens: 07:00" is caught by the space rule; "note:
			// see below: …" is one field)
			i = ve - 1
		case t.Text == "=" && !prev.Punct && prev.End == t.Start && s.toks[i+1].Start == t.End:
			ve := i + 2
			for ve < n && s.toks[ve].Start == s.toks[ve-1].End && s.toks[ve].Text != ";" && s.toks[ve].Text != "," {
				ve++
			}
			out = append(out, field{words: keyWords(s, i-1, i), kstart: i - 1, kend: i, vstart: i + 1, vend: ve})
			i = ve - 1
		}
	}
	colon := 0
	for _, f := range out {
		if s.toks[f.kend].Text == ":" {
			colon++
		}
	}
	if len(out) == 1 && colon == 1 && (out[0].kstart != 0 || titleKey(s, out[0])) {
		return nil
	}
	return out
}

// titleKey reports whether the key of f is two or more capitalized words
// ("Star Wars: Episode IX"): a title's first part, not a field's key.
func titleKey(s *sentence, f field) bool {
	if f.kend-f.kstart < 2 {
		return false
	}
	for k := f.kstart; k < f.kend; k++ {
		r := []rune(s.toks[k].Text)
		if len(r) == 0 || !unicode.IsUpper(r[0]) {
			return false
		}
	}
	return true
}

// startsWithNumber reports whether v opens with a number: a digit, a
// currency sign before one, or a number word ("140 EUR/night", "$30",
// "two weeks").
func startsWithNumber(v string) bool {
	v = strings.TrimLeft(v, "$€£¥~≈")
	if v == "" {
		return false
	}
	if v[0] >= '0' && v[0] <= '9' {
		return true
	}
	w, _, _ := strings.Cut(strings.ToLower(v), " ")
	return numberWords[w]
}

// trimValueEnd drops closing punctuation from the value [start, end).
func trimValueEnd(s *sentence, start, end int) int {
	for end > start && s.toks[end-1].Punct && strings.ContainsAny(s.toks[end-1].Text, ".,!?") {
		end--
	}
	return end
}

// keyWords are the match keys of the words of the key [start, end) of s,
// compound words split at hyphens, underscores, slashes and dots, and at
// a lower-to-upper case change ("deliveryDate").
func keyWords(s *sentence, start, end int) []string {
	var out []string
	for k := start; k < end; k++ {
		for _, w := range splitIdentifier(s.toks[k].Text) {
			if st := stem(strings.ToLower(w)); st != "" {
				out = append(out, st)
			}
		}
	}
	return out
}

// splitIdentifier splits an identifier into its words: at hyphens,
// underscores, slashes and dots, and before an upper-case letter that
// follows a lower-case one ("wind_speed" → wind, speed; "deliveryDate" →
// delivery, Date).
func splitIdentifier(w string) []string {
	var out []string
	var cur []rune
	var last rune
	flush := func() {
		if len(cur) > 0 {
			out = append(out, string(cur))
			cur = cur[:0]
		}
	}
	for _, r := range w {
		switch {
		case r == '-' || r == '_' || r == '/' || r == '.':
			flush()
		case unicode.IsUpper(r) && unicode.IsLower(last):
			flush()
			cur = append(cur, r)
		default:
			cur = append(cur, r)
		}
		last = r
	}
	flush()
	return out
}

// timeKeys are the keys whose value is a point in time: a date question
// asks for such a field's value though it does not name the key ("when
// was it published" for "year: 1994").
var timeKeys = wordSet(`date year day time when datetime timestamp`)

// fieldSpans are the values of the fields of s whose keys the question
// names, for a question asking for a value (not for a procedure, a
// reason, a yes or no or a choice), in the question's form (a date
// question gets the value's date, or a bare year; a number question a
// value that opens with a number): every word of the key is a term of the question (fit 1), or the
// key holds the question's head noun (fieldHeadFit); for a date question,
// a field keyed by a time word (fieldHeadFit).
func fieldSpans(q question, s *sentence) []span {
	switch q.typ {
	case TypeProcedure, TypeReason, TypeYesNo, TypeChoice:
		// a key names a value, not a manner, a cause or a verdict
		return nil
	}
	fs := fields(s)
	if len(fs) == 0 {
		return nil
	}
	terms := map[string]bool{}
	for _, f := range q.focus {
		terms[f] = true
	}
	if q.headKey != "" {
		terms[q.headKey] = true
	}
	var out []span
	for _, f := range fs {
		if f.vend <= f.vstart || len(f.words) == 0 {
			continue
		}
		all, head, timeKey := true, false, false
		for _, w := range f.words {
			if !terms[w] {
				all = false
			}
			if w == q.headKey {
				head = true
			}
			if timeKeys[w] {
				timeKey = true
			}
		}
		fit := 0.0
		switch {
		case all:
			fit = 1
		case head:
			fit = fieldHeadFit
		case q.typ == TypeDate && timeKey:
			fit = fieldHeadFit
		default:
			continue
		}
		switch q.typ {
		case TypeDate:
			// a date in the dataset's style ("2024-04-12" → "12
			// April 2024"), or a bare year
			found := false
			for _, d := range dateSpans(s) {
				if d.start >= f.vstart && d.end <= f.vend {
					out = append(out, span{text: d.text, start: d.start, end: d.end, fit: fit})
					found = true
				}
			}
			if !found && f.vend-f.vstart == 1 && looksLikeYear(s.toks[f.vstart].Text) {
				out = append(out, span{text: s.toks[f.vstart].Text, start: f.vstart, end: f.vend, fit: fit})
			}
			continue
		case TypeNumber, TypeDuration, TypeFrequency:
			if !startsWithNumber(textOf(s, f.vstart, f.vend)) {
				continue // "publisher: Harbor Press" is no amount
			}
		}
		out = append(out, span{text: textOf(s, f.vstart, f.vend), start: f.vstart, end: f.vend, fit: fit})
	}
	return out
}

// fieldHeadFit is the fit of a field's value when its key holds the
// question's head noun but not all of its words are the question's
// ("day fee" for "what is the fee").
const fieldHeadFit = 0.8

// recordStart matches a field at the start of a text: a key of at most
// four words, then ": " or "=".
var recordStart = regexp.MustCompile(`^[\p{L}][\p{L}\p{N}_.\-/()]*(?: [\p{L}\p{N}][\p{L}\p{N}_.\-/()]*){0,3}(?:: |=\S)`)

// isRecord reports whether text is a record that opens with a field: two
// or more "key: value" segments separated by semicolons, or two or more
// key=value pairs separated by spaces.
func isRecord(text string) bool {
	if !strings.ContainsAny(text, ";=") || !recordStart.MatchString(text) {
		return false
	}
	n := 0
	for _, seg := range strings.Split(text, ";") {
		if recordStart.MatchString(strings.TrimSpace(seg)) {
			n++
		}
	}
	if n >= 2 {
		return true
	}
	n = 0
	for _, w := range strings.Fields(text) {
		if recordStart.MatchString(w) && strings.Contains(w, "=") {
			n++
		}
	}
	return n >= 2
}

// jsonRecords rewrites a JSON object or array that ends text (a tool's
// response, after any words before it) as records, one line per object
// (see fields): its scalar members as "key: value" fields joined by
// semicolons, in the order written, a nested object's members keyed by
// both names ("route length: 12.4"), an array of scalars as one field
// ("tags: shaded, steep"), and each object of an array as a record of
// its own, so that a value stays with the other members of its object
// ("name: Ridge Loop; length_km: 12.4"). text is returned as it is
// when it holds no JSON value that parses to its end.
func jsonRecords(text string) string {
	i := strings.IndexAny(text, "{[")
	if i < 0 {
		return text
	}
	body := strings.TrimSpace(text[i:])
	if !strings.HasSuffix(body, "}") && !strings.HasSuffix(body, "]") {
		return text
	}
	dec := json.NewDecoder(strings.NewReader(body))
	dec.UseNumber()
	var lines []string
	var walk func(prefix string, rec *[]string) error
	walk = func(prefix string, rec *[]string) error {
		tok, err := dec.Token()
		if err != nil {
			return err
		}
		switch d := tok.(type) {
		case json.Delim:
			switch d {
			case '{':
				own := rec
				if own == nil {
					own = &[]string{}
				}
				for dec.More() {
					kt, err := dec.Token()
					if err != nil {
						return err
					}
					key, _ := kt.(string)
					if prefix != "" {
						key = prefix + " " + key
					}
					if err := walk(key, own); err != nil {
						return err
					}
				}
				if _, err := dec.Token(); err != nil { // '}'
					return err
				}
				if rec == nil && len(*own) > 0 {
					lines = append(lines, strings.Join(*own, "; "))
				}
			case '[':
				var scalars []string
				for dec.More() {
					var one []string
					if err := walk("", &one); err != nil {
						return err
					}
					if len(one) == 1 && !strings.Contains(one[0], ": ") {
						scalars = append(scalars, one[0])
					} else if len(one) > 0 {
						lines = append(lines, strings.Join(one, "; "))
					}
				}
				if _, err := dec.Token(); err != nil { // ']'
					return err
				}
				if len(scalars) > 0 && rec != nil {
					*rec = append(*rec, fieldText(prefix, strings.Join(scalars, ", ")))
				}
			}
		case nil:
		default:
			v := strings.TrimSpace(strings.ReplaceAll(fmt.Sprint(d), "\n", " "))
			if rec != nil && v != "" {
				*rec = append(*rec, fieldText(prefix, v))
			}
		}
		return nil
	}
	if err := walk("", nil); err != nil || dec.More() || len(lines) == 0 {
		return text
	}
	head := strings.TrimSpace(text[:i])
	if head != "" {
		lines = append([]string{head}, lines...)
	}
	return strings.Join(lines, "\n")
}

// fieldText writes a field: "key: value", or the value alone for an
// array's scalar member (no key).
func fieldText(key, value string) string {
	if key == "" {
		return value
	}
	return key + ": " + value
}

// namesField reports whether a sentence of sents holds a field whose key
// the question names (fieldSpans).
func namesField(q question, sents []*sentence) bool {
	for _, s := range sents {
		if len(fieldSpans(q, s)) > 0 {
			return true
		}
	}
	return false
}
