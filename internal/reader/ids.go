package reader

import (
	"regexp"
	"strings"
	"unicode"
)

// Identifiers. "What was the invoice number?", "what's their PO number?",
// "what ticket number did I give the bug?", "what's our PAYE reference?"
// ask for a code the memory wrote down: "invoice INV-2291", "their PO is
// AP-2026-0417", "logged it as LF-140", "the PAYE reference yesterday:
// 120/FA48213". Such a code is read by its shape (idShape), not by the
// words around it, and the noun the question names before "number",
// "code" or "reference" (the identifier's kind: invoice, PO, ticket) tells
// which of a sentence's codes is meant: the one that noun stands right
// before. Without that noun next to any code, the best sentence's only
// code answers.

// idAskedRe finds a "what/which … <kind> number|code|id|reference"
// question whose head is that noun (the question ends or goes on with a
// verb or a preposition after it; "the reference letter" asks for a
// letter): group 1 is the word before the identifier noun (its kind, or a
// determiner). "The number of …" counts, and is no identifier.
var idAskedRe = regexp.MustCompile(`(?i)^(?:what|which)\b[^?]*?\b([\w'’.-]+)\s+(number|no\.|code|id|reference|ref|version)(?:\s*[?,.]|$|\s+(?:is|was|are|were|did|do|does|for|of|on|from|again|that|we|i|you|they|he|she|in|at|to|with|now|currently)\b)`)

// numberedAskedRe asks "which" (or "what") of the things a workplace
// numbers: a pull request, a ticket, an incident, an invoice or a build
// is named by its number ("PR #142", "INC-2291"). ("Which order", "which
// issue" and "which case" more often ask for a sequence, a topic or an
// instance.) Group 1 is the noun.
var numberedAskedRe = regexp.MustCompile(`(?i)^(?:which|what) (pr|ticket|incident|invoice|build)\b(?:\s+(?:of|is|was|are|were|did|do|does|had|has|have|fixed|broke|added)\b|\s*\?)`)

// versionAskedRe marks an identifier question about a version.
var versionAskedRe = regexp.MustCompile(`(?i)\bversion\b`)

// countOfRe is "number of" and the word after it.
var countOfRe = regexp.MustCompile(`(?i)\bnumber of (\w+)`)

// notIDKinds are words before "number" or "code" that ask for no written
// identifier: a count, a rank, a telephone number (written in groups of
// digits, read as a number) or a postal code.
var notIDKinds = wordSet(`phone telephone mobile cell fax lucky favorite favourite total exact right same zip postal post area dress shoe`)

// identifierAsked reports whether the question asks for an identifier
// (ok), with the match key of the kind it names (kind; "" for none:
// "what's the code?") and of its identifier noun (noun: "number",
// "reference"; "" for "which PR").
func identifierAsked(main string) (kind, noun string, ok bool) {
	if m := numberedAskedRe.FindStringSubmatch(main); m != nil {
		// "which PR is he reviewing", "what incident was that"
		return stem(strings.ToLower(m[1])), "", true
	}
	m := idAskedRe.FindStringSubmatch(main)
	if m == nil {
		return "", "", false
	}
	noun = stem(strings.ToLower(m[2]))
	if c := countOfRe.FindStringSubmatch(main); c != nil && !possessives[strings.ToLower(c[1])] && !articles[strings.ToLower(c[1])] {
		return "", "", false // "the number of guests" is a count
	}
	w := strings.ToLower(strings.TrimRight(m[1], "'’s"))
	if strings.HasSuffix(strings.ToLower(m[1]), "'s") || strings.HasSuffix(strings.ToLower(m[1]), "’s") {
		w = "" // "Arctica's PO number" reads its kind elsewhere
	}
	if notIDKinds[w] {
		return "", "", false
	}
	switch w {
	case "the", "a", "an", "my", "our", "your", "their", "his", "her", "its", "what", "which", "that", "this":
		return "", noun, true
	}
	return stem(w), noun, true
}

// idShape reports whether a token is written as an identifier: letters
// and digits mixed ("INV-2291", "LF-140", "4QX92T", "120/FA48213"), or
// groups of digits joined by dashes ("4500-88231"). Amounts with a unit
// ("10am", "5kg", "3rd", "1990s") are none.
func idShape(w string) bool {
	w = strings.TrimPrefix(w, "#")
	if len(w) < 3 {
		return false
	}
	var letters, digits, joins int
	for _, r := range w {
		switch {
		case unicode.IsLetter(r):
			letters++
		case unicode.IsDigit(r):
			digits++
		case r == '-' || r == '/' || r == '_':
			joins++
		default:
			return false
		}
	}
	if digits == 0 {
		return false
	}
	if letters == 0 {
		return joins > 0 && dashedDigitsRe.MatchString(w)
	}
	for _, part := range strings.FieldsFunc(w, func(r rune) bool { return r == '-' || r == '/' }) {
		if unitSuffixRe.MatchString(part) {
			return false // "10am", "5kg", "3rd", "1990s", "8am-12pm"
		}
	}
	return identifierRe.MatchString(w) || joins > 0
}

// numericCodeRe is a code of digits alone, dotted or not ("610",
// "3406.00"): an identifier only where its kind or an identifier noun
// stands right before it ("HS code 3406.00", "account code 610").
var numericCodeRe = regexp.MustCompile(`^#?\d{3,}(?:\.\d+)*$`)

// versionRe is a version as software writes it: numbers joined by dots
// or dashes, with an optional "v" and a named suffix ("3.12", "v1.0.1",
// "2025-03-31.basil"). It is an identifier only for a version question.
var versionRe = regexp.MustCompile(`^[vV]?\d+(?:[.-]\d+)+(?:[.-][A-Za-z0-9]+)*$`)

// dashedDigitsRe is groups of at least two digits joined by dashes.
var dashedDigitsRe = regexp.MustCompile(`^\d{2,}(?:-\d{2,})+$`)

// unitSuffixRe is a number followed by its unit or ordinal letters.
var unitSuffixRe = regexp.MustCompile(`(?i)^\d+(?:\.\d+)?(?:st|nd|rd|th|s|am|pm|k|m|km|kg|g|mg|ml|l|lb|lbs|oz|gb|mb|tb|hz|mhz|ghz|mph|kph|px|pt|x|h|hr|hrs|min|mins|d|yo)$`)

// idLinkWords may stand between an identifier's kind and the identifier:
// "invoice INV-2291", "their PO is AP-2026-0417", "the permit number:
// BP-1", "ticket no. 44-12", "the PAYE reference yesterday: 120/FA48213".
var idLinkWords = wordSet(`is was are were : = - # number no no. code id reference ref version now yesterday today also again still to`)

// identifierAnswer is the identifier an identifier question asks for:
// among the codes of the sentences that support the question, the
// best-supported one whose kind stands right before it (for a question
// that names no kind, one after an identifier noun in a sentence at least
// half as well supported as the best); else the only code of the best
// sentence's turn. Codes the question
// itself says are skipped. It is "" when none is found.
func identifierAnswer(q question, ranked []scored) (string, *sentence) {
	asked := map[string]bool{}
	for _, t := range words(q.text) {
		asked[strings.ToLower(t.Text)] = true
	}
	best := ranked[0].support
	var found string
	var foundIn *sentence
	foundRank := 0
	for _, r := range ranked {
		if r.support == 0 || q.idKind == "" && r.support < best/2 {
			break
		}
		s := r.s
		for i, t := range s.toks {
			code, at := t.Text, i
			short := false
			switch {
			case airlineCode(s, i):
				code = textOf(s, i, i+2) // "Flight UA 237"
			case asked[strings.ToLower(t.Text)]:
				continue
			case idShape(t.Text) || numericCodeRe.MatchString(t.Text) || q.version && versionRe.MatchString(t.Text):
				if code, at, _ = codeAt(s, i); dateLike(code) {
					continue
				}
			case shortCodeRe.MatchString(t.Text):
				// "table 12", "seat 14C": only right after the kind
				// (unless marks join it to more: "2:24-cv-01873")
				if code, at, _ = codeAt(s, i); code == t.Text {
					short = true
				} else if dateLike(code) {
					continue
				}
			default:
				continue
			}
			i := at // the code's first token ("2" of "2:24-cv-01873")
			if i > 0 && s.toks[i-1].Lower == "from" {
				continue // "from 3.10 to 3.12": the old value
			}
			// the kind the question names must stand before the code
			// ("invoice INV-2291", not "reference CCS26-SP-02" for the
			// PO number); a code right after the question's own
			// identifier noun, with the kind earlier in its sentence,
			// beats one right after the kind ("Policy HO-3 form, number
			// 77-2291-004" for the policy number); a question that
			// names no kind takes a code after any identifier noun in a
			// well-supported sentence
			rank := 0
			switch {
			case short:
				// the kind as a noun right before ("table 12", not
				// its verb's past or -ing form: "I ordered 3 items"
				// for the order number)
				if q.idKind != "" && i > 0 && (s.keys[i-1] == q.idKind && !strings.HasSuffix(s.toks[i-1].Lower, "ed") && !strings.HasSuffix(s.toks[i-1].Lower, "ing") || idLinkWords[s.toks[i-1].Lower] && kindBefore(s, i, q.idKind)) {
					rank = 1
				}
			case q.idKind != "" && q.idNoun != "" && i > 0 && s.keys[i-1] == q.idNoun && kindEarlier(s, i, q.idKind):
				rank = 2
			case q.idKind != "" && kindBefore(s, i, q.idKind), q.idKind == "" && afterIDNoun(s, i):
				rank = 1
			case q.idKind != "" && hashedAt(s, i) && kindEarlier(s, i, q.idKind):
				rank = 1 // "the order was placed as #LF20931"
			}
			if rank > 0 {
				// "from Python 3.10 to 3.12", "changed it from X to Y":
				// the value after "to" is the one now
				if _, _, end := codeAt(s, at); end+1 < len(s.toks) && s.toks[end].Lower == "to" && (idShape(s.toks[end+1].Text) || versionRe.MatchString(s.toks[end+1].Text) || numericCodeRe.MatchString(s.toks[end+1].Text)) {
					code, _, _ = codeAt(s, end+1)
				}
			}
			if rank > foundRank || rank > 0 && rank == foundRank && q.current && s.u.date.After(foundIn.u.date) {
				// (asked now, a later telling updates the code: "the
				// bank changed my account number to …")
				found, foundIn, foundRank = strings.TrimPrefix(code, "#"), s, rank
			}
		}
		if foundRank > 0 && !q.current {
			return found, foundIn
		}
	}
	if foundRank > 0 {
		return found, foundIn
	}
	if q.idKind == "" {
		return "", nil
	}
	// The best turn's only distinctive code (fallbackCode) that no other
	// identifier noun labels ("his passport number is AK0349127" for the
	// flight number): "It's INC-2291", "logged it as LF-140".
	var only string
	var in *sentence
	for _, s := range ranked[0].s.u.sents {
		for i, t := range s.toks {
			if !(idShape(t.Text) || q.version && versionRe.MatchString(t.Text)) || asked[strings.ToLower(t.Text)] || pathLike(t.Text) || !fallbackCode(t.Text) {
				continue
			}
			code, at, _ := codeAt(s, i)
			if !hashedAt(s, at) && afterIDNoun(s, at) || dateLike(code) {
				continue // ("#LF20931" is marked as a number, not labelled)
			}
			if only != "" && only != code {
				return "", nil
			}
			only, in = code, s
		}
	}
	if only == "" {
		return "", nil
	}
	return strings.TrimPrefix(only, "#"), in
}

// codeAt is the code at token i of s and its token range [start, end),
// with the tokens written next to it
// without a space that continue it (".basil" in "2025-03-31.basil",
// "2:" in "2:24-cv-01873": the tokenizer splits at some marks), and for
// a code of digits the digit groups that follow it one space apart ("485
// 777 3456", "851 2234 9901").
func codeAt(s *sentence, i int) (string, int, int) {
	joins := func(k int) bool {
		return s.toks[k].Punct && strings.ContainsAny(s.toks[k].Text, ".-_:/")
	}
	start, end := i, i+1
	for start >= 2 && joins(start-1) && s.toks[start-1].End == s.toks[start].Start && s.toks[start-2].End == s.toks[start-1].Start && !s.toks[start-2].Punct {
		start -= 2
	}
	for end+1 < len(s.toks) && joins(end) && s.toks[end].Start == s.toks[end-1].End && s.toks[end+1].Start == s.toks[end].End && !s.toks[end+1].Punct {
		end += 2
	}
	if end == i+1 && digitGroupRe.MatchString(s.toks[i].Text) {
		for end < len(s.toks) && digitGroupRe.MatchString(s.toks[end].Text) && s.toks[end].Start == s.toks[end-1].End+1 {
			end++
		}
	}
	return s.text[s.toks[start].Start:s.toks[end-1].End], start, end
}

// digitGroupRe is a group of digits of a code written in groups.
var digitGroupRe = regexp.MustCompile(`^\d{2,5}$`)

// airlineCode reports whether tokens i and i+1 of s are a carrier code
// and a number written apart ("UA 237", "BA 117"): two or three capital
// letters, one space, digits.
func airlineCode(s *sentence, i int) bool {
	if i+1 >= len(s.toks) || s.toks[i+1].Start != s.toks[i].End+1 {
		return false
	}
	return carrierRe.MatchString(s.toks[i].Text) && digitGroupRe.MatchString(s.toks[i+1].Text)
}

// carrierRe is a carrier's code: two or three capital letters.
var carrierRe = regexp.MustCompile(`^[A-Z]{2,3}$`)

// dateLike reports whether a code-shaped token is a date ("2025-11-03",
// "03/11/2025").
func dateLike(w string) bool { return isoDateRe.MatchString(w) || slashDateRe.MatchString(w) }

var (
	isoDateRe   = regexp.MustCompile(`^\d{4}-\d{2}-\d{2}$`)
	slashDateRe = regexp.MustCompile(`^\d{1,2}/\d{1,2}/\d{2,4}$`)
)

// kindEarlier reports whether the identifier kind key occurs before token
// i in s.
func kindEarlier(s *sentence, i int, kind string) bool {
	for k := 0; k < i; k++ {
		if s.keys[k] == kind {
			return true
		}
	}
	return false
}

// shortCodeRe is a short number or seat-like code ("12", "3", "14C",
// "B22"), a code only right after its kind.
var shortCodeRe = regexp.MustCompile(`^[A-Za-z]?\d{1,4}[A-Za-z]?$`)

// fallbackCode reports whether a code is distinctive enough to answer
// without its kind beside it: letters, and a mark inside it ("INC-2291",
// "120/FA48213") or at least two letters and two digits ("JL48"); a short
// code such as a postcode's first half ("LS6", "SW3") and digits alone (a
// telephone number) are not.
func fallbackCode(w string) bool {
	var letters, digits int
	for _, r := range w {
		if unicode.IsLetter(r) {
			letters++
		} else if unicode.IsDigit(r) {
			digits++
		}
	}
	if letters == 0 {
		return false // "555-201-7788": a telephone number, a count
	}
	return strings.ContainsAny(strings.TrimPrefix(w, "#"), "-/_") || letters >= 2 && digits >= 2
}

// hashedAt reports whether the code at token i of s is marked as a number
// by "#" ("#LF20931", "# 142"), which labels no other kind.
func hashedAt(s *sentence, i int) bool {
	return strings.HasPrefix(s.toks[i].Text, "#") || i > 0 && s.toks[i-1].Text == "#"
}

// kindLabelled reports whether the code at token i of s answers an
// identifier question of q's kind as an identifier noun labels it: after
// such a noun ("number", "code", "#"), and, when the question names a
// kind, after that kind or marked by "#".
func kindLabelled(q question, s *sentence, i int) bool {
	return afterIDNoun(s, i) && (q.idKind == "" || kindBefore(s, i, q.idKind) || hashedAt(s, i))
}

// pathLike reports whether a code-shaped token is a path or an address
// rather than an identifier: it starts with "/" or holds two or more
// ("/v1/webhooks/stripe", "api/v2/users").
func pathLike(w string) bool {
	return strings.HasPrefix(w, "/") || strings.Count(w, "/") >= 2
}

// kindBefore reports whether the identifier kind key stands before token
// i of s with only link words (idLinkWords) between, at most three tokens
// away.
func kindBefore(s *sentence, i int, kind string) bool {
	for k := i - 1; k >= 0 && k >= i-4; k-- {
		if s.keys[k] == kind {
			return true
		}
		if before, _, ok := strings.Cut(s.toks[k].Lower, "_"); ok && stem(before) == kind {
			return true // a record's key: po_number="AP-2026-0417"
		}
		if !idLinkWords[s.toks[k].Lower] {
			return false
		}
	}
	return false
}
