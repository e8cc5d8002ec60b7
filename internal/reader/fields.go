package reader

import (
	"encoding/json"
	"errors"
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

// fields returns the key–value pairs of s, parsed on first use. A colon separates a field
// when it follows a word with no space and a space follows it (so the
// colon of "15:00" or of an address separates nothing); its key is the
// words since the sentence's start or the last semicolon (at most
// maxKeyWords), and its value runs to the next semicolon. An equals sign
// with no space on either side separates a key=value pair: its key is
// the word before it, its value the tokens written without a space after
// it, or a quoted value to its closing quote. A sentence with one colon
// field is a record only when the field's key opens it ("Status:
// delivered"), is no title's first part (titleKey) and its value is
// short (maxLoneValueWords).
func (s *sentence) fields() []field {
	if s.fields0 == nil {
		s.fields0 = readFields(s)
	}
	return *s.fields0
}

// noFields is the cached reading of a sentence without fields.
var noFields []field

// readFields parses the fields of s (see fields); a sentence without a
// colon or an equals sign gets noFields, with no allocation.
func readFields(s *sentence) *[]field {
	if !strings.ContainsAny(s.text, ":=") {
		return &noFields
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
			vs, ve := i+1, i+2
			if q := s.toks[i+1].Text; q == `"` || q == "'" {
				// a quoted value runs to its closing quote
				// (address="14 Quay Road")
				for ve < n && s.toks[ve].Text != q {
					ve++
				}
				if ve == n {
					continue
				}
				vs = i + 2
				out = append(out, field{words: keyWords(s, i-1, i), kstart: i - 1, kend: i, vstart: vs, vend: ve})
				i = ve
				continue
			}
			for ve < n && s.toks[ve].Start == s.toks[ve-1].End && s.toks[ve].Text != ";" && s.toks[ve].Text != "," {
				ve++
			}
			out = append(out, field{words: keyWords(s, i-1, i), kstart: i - 1, kend: i, vstart: vs, vend: ve})
			i = ve - 1
		}
	}
	colon := 0
	for _, f := range out {
		if s.toks[f.kend].Text == ":" {
			colon++
		}
	}
	if len(out) == 0 || len(out) == 1 && colon == 1 && (out[0].kstart != 0 || titleKey(s, out[0]) || wordCount(s, out[0].vstart, out[0].vend) > maxLoneValueWords) {
		return &noFields
	}
	return &out
}

// maxLoneValueWords is the longest value of a lone "Key: value" line: a
// longer one is a term and its explanation ("Two-factor authentication:
// requiring a second proof of identity …" in an assistant's list), not a
// record's field.
const maxLoneValueWords = 6

// wordCount counts the word tokens of s in [start, end).
func wordCount(s *sentence, start, end int) int {
	n := 0
	for k := start; k < end; k++ {
		if !s.toks[k].Punct {
			n++
		}
	}
	return n
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
		out = append(out, identifierKeys(s.toks[k].Text)...)
	}
	return out
}

// identifierKeys are the match keys of the words of an identifier
// (splitIdentifier): "wind_speed" → wind, speed.
func identifierKeys(w string) []string {
	var out []string
	for _, p := range splitIdentifier(w) {
		if st := stem(strings.ToLower(p)); st != "" {
			out = append(out, st)
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
// question gets the value's date or year, a "what time" question its
// time of day, a number question the amount a value opens with, a
// person, place or organisation question a capitalized value, or for a
// place one that opens with a number): every word of the key is a term of the question (fit 1), or the
// key holds the question's head noun (fieldHeadFit), or every word of
// the key is the question's but another key holds its head
// (fieldModifierFit); for a
// date question, a field keyed by a time word (fieldHeadFit).
func fieldSpans(q question, s *sentence) []span {
	switch q.typ {
	case TypeProcedure, TypeReason, TypeYesNo, TypeChoice:
		// a key names a value, not a manner, a cause or a verdict
		return nil
	}
	fs := s.fields()
	if len(fs) == 0 {
		return nil
	}
	terms := map[string]bool{}
	for _, f := range q.focus {
		terms[f] = true
		if strings.Contains(f, "-") {
			// "check-out" names the key check_out
			for _, w := range identifierKeys(f) {
				terms[w] = true
			}
		}
	}
	if q.headKey != "" {
		terms[q.headKey] = true
	}
	// a key that holds the head noun: "rating" in "trail: Larch
	// Ridge; rating: 4.2" for "what is the trail rating"
	headed := false
	for _, f := range fs {
		for _, w := range f.words {
			headed = headed || w == q.headKey && q.headKey != ""
		}
	}
	var out []span
	for _, f := range fs {
		if f.vend <= f.vstart || len(f.words) == 0 {
			continue
		}
		// timeKey: a time word, and no word the question does not
		// say ("year", "start date"; not "birth year")
		all, head, timeKey, other := true, false, false, false
		for _, w := range f.words {
			if !terms[w] {
				all = false
				if !timeKeys[w] {
					other = true
				}
			}
			if w == q.headKey {
				head = true
			}
			if timeKeys[w] {
				timeKey = true
			}
		}
		timeKey = timeKey && !other
		fit := 0.0
		switch {
		case all && (head || !headed):
			// (a key of the question's words names what is asked
			// though the head noun is not in it: "check-in" for
			// "what is the check-in time")
			fit = 1
		case head:
			fit = fieldHeadFit
		case all:
			// the key is the question's word but another key of
			// the record holds its head: "trail" for "what is the
			// trail rating"
			fit = fieldModifierFit
		case q.typ == TypeDate && timeKey:
			fit = fieldHeadFit
		default:
			continue
		}
		// the value's part of the question's form
		within := func(sps []span) {
			for _, d := range sps {
				if d.start >= f.vstart && d.end <= f.vend {
					out = append(out, span{text: d.text, start: d.start, end: d.end, fit: fit})
					return
				}
			}
		}
		n := len(out)
		switch q.typ {
		case TypeDate:
			if q.clock {
				within(clockSpans(s)) // "what time": "09:00"
				continue
			}
			// a date in the dataset's style ("2024-04-12" → "12
			// April 2024"), or a year ("founded: 1887")
			within(dateSpans(s))
			if len(out) == n && f.vend-f.vstart == 1 && fieldYear(s.toks[f.vstart].Text) {
				out = append(out, span{text: s.toks[f.vstart].Text, start: f.vstart, end: f.vend, fit: fit})
			}
			continue
		case TypeDuration, TypeFrequency:
			// an amount of time or a frequency ("~40 min", "twice a
			// week"), not an id ("build: 4411")
			if q.typ == TypeDuration {
				within(numberSpans(s, true))
			} else {
				within(frequencySpans(s))
			}
			continue
		case TypeNumber:
			if !startsWithNumber(textOf(s, f.vstart, f.vend)) {
				continue // "publisher: Harbor Press" is no amount
			}
			// the amount with its unit, not the words after it
			// ("500 dollars max" → "500 dollars")
			within(numberSpans(s, false))
			if len(out) == n {
				out = append(out, span{text: textOf(s, f.vstart, f.vend), start: f.vstart, end: f.vend, fit: fit})
			}
			if !head && !measured(out[n].text) {
				// a key that only names the thing asked about
				// ("cabin: 7B" for "how far is the cabin") gives a
				// bare number or code, not the amount asked for
				out = out[:n]
				continue
			}
			out[n].statedTotal = totalWords[f.words[len(f.words)-1]]
			continue
		case TypePerson, TypePlace, TypeOrg:
			// the name in the value ("Ola won" → "Ola"; "Brindle Works
			// since 2021" → "Brindle Works"); an address may open with
			// its number ("14 Quay Road")
			if r := []rune(s.toks[f.vstart].Text); q.typ == TypePlace && unicode.IsDigit(r[0]) {
				break
			}
			within(nameSpans(q, s))
			continue
		}
		out = append(out, span{text: textOf(s, f.vstart, f.vend), start: f.vstart, end: f.vend, fit: fit})
	}
	return out
}

// totalWords are the keys of a stated total ("total: 80 EUR", "sum=12").
var totalWords = wordSet(`total sum subtotal`)

// measured reports whether a number answer carries its unit or sign
// ("14 km", "$30", "40%"), not only digits or a code ("12", "4411", "7B").
func measured(v string) bool {
	if strings.ContainsAny(v, "$€£¥%") {
		return true
	}
	return strings.ContainsRune(strings.TrimSpace(v), ' ')
}

// fieldHeadFit is the fit of a field's value when its key holds the
// question's head noun but not all of its words are the question's
// ("day fee" for "what is the fee").
const fieldHeadFit = 0.8

// fieldModifierFit is the fit of a field's value when every word of its
// key is the question's but its head noun is not among them and another
// key of the record holds it ("trail" for "what is the trail rating",
// where "rating: 4.2" answers).
const fieldModifierFit = 0.6

// fieldYear reports whether a field's value is a year: four digits from
// 1000 to 2999 (a field keyed by a time word, or by the question's verb,
// "founded: 1887", says it is one).
func fieldYear(t string) bool {
	if len(t) != 4 || t[0] < '1' || t[0] > '2' {
		return false
	}
	return strings.IndexFunc(t, func(r rune) bool { return r < '0' || r > '9' }) < 0
}

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

// jsonRecords reads a JSON object or array that ends text (a tool's
// response, after any words before it) as records, one per object (see
// fields): its scalar members as "key: value" fields joined by
// semicolons, in the order written; a nested object's members keyed by
// their parent's name and their own ("route length: 12.4"); an array of
// scalars as one field ("tags: shaded, steep"); each object of an array
// as a record of its own, so that a value stays with the other members
// of its object ("name: Ridge Loop; length_km: 12.4"). A string value's
// semicolons become commas and its line breaks spaces, so that it stays
// one value. head is the text before the JSON. When text ends in no JSON
// value that parses to its end, or in one nested deeper than
// maxJSONDepth, head is the whole text and records is nil.
func jsonRecords(text string) (head string, records []string) {
	i := strings.IndexAny(text, "{[")
	if i < 0 {
		return text, nil
	}
	body := strings.TrimSpace(text[i:])
	if !strings.HasSuffix(body, "}") && !strings.HasSuffix(body, "]") {
		return text, nil
	}
	dec := json.NewDecoder(strings.NewReader(body))
	dec.UseNumber()
	var lines []string
	var walk func(key string, depth int, rec *[]string) error
	walk = func(key string, depth int, rec *[]string) error {
		if depth > maxJSONDepth {
			return errJSONDepth
		}
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
					k, _ := kt.(string)
					if key != "" {
						// the parent's name and its own, no
						// more: "edition year"
						k = lastWord(key) + " " + k
					}
					if err := walk(k, depth+1, own); err != nil {
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
					if err := walk("", depth+1, &one); err != nil {
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
					*rec = append(*rec, fieldText(key, strings.Join(scalars, ", ")))
				}
			}
		case nil:
		default:
			v := strings.TrimSpace(jsonValueText.Replace(fmt.Sprint(d)))
			if rec != nil && v != "" {
				*rec = append(*rec, fieldText(key, v))
			}
		}
		return nil
	}
	if err := walk("", 0, nil); err != nil || dec.More() || len(lines) == 0 {
		return text, nil
	}
	return strings.TrimSpace(text[:i]), lines
}

// maxJSONDepth is the deepest nesting jsonRecords reads; a deeper value
// is left as text (no tool answers so deep, and the walk stays linear).
const maxJSONDepth = 32

var errJSONDepth = errors.New("JSON nested too deep")

// jsonValueText keeps a JSON string one field's value: its semicolons
// would end the field and its line breaks the record.
var jsonValueText = strings.NewReplacer(";", ",", "\r\n", " ", "\n", " ", "\r", " ")

// lastWord is the last space-separated word of s.
func lastWord(s string) string {
	if i := strings.LastIndexByte(s, ' '); i >= 0 {
		return s[i+1:]
	}
	return s
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
