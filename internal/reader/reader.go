// Package reader is the offline extractive reader: given a question and a
// memory context it picks the best-supported sentence of the context and cuts
// a short answer span from it, or abstains when no sentence is supported
// well enough. It is deterministic and needs no model; it is what the
// offline backend answers `answer` requests with.
//
// Support of a sentence = the mean of the IDF-weighted share of the
// question's content stems that occur in the sentence and in its whole
// context line (IDF over the context's sentences), in [0, 1].
// Lines the context marks "(superseded)" have their support halved; among
// equally supported sentences the one from the newest line wins, then the
// earliest in the context.
package reader

import (
	"math"
	"regexp"
	"sort"
	"strings"
	"time"
	"unicode"

	"github.com/memarena/memarena/internal/nlp"
	"github.com/memarena/memarena/internal/textutil"
)

// Abstain is the reader's answer when the context does not support any
// answer. Judges treat it (and paraphrases, see IsAbstention) as "the
// information was not mentioned".
const Abstain = "not mentioned"

// Options tune the reader.
type Options struct {
	// Threshold is the minimum support in [0, 1] to answer (default 0.25).
	Threshold float64
	// MaxWords caps the answer span (default 12).
	MaxWords int
}

// Answer is a reader result.
type Answer struct {
	// Text is the answer span, or Abstain.
	Text string
	// Support of the chosen sentence in [0, 1] (0 when abstaining on an
	// empty context).
	Support float64
	// Sentence is the chosen sentence ("" when abstaining).
	Sentence string
	// LineDate is the date of the chosen context line when it had one.
	LineDate time.Time
}

// Resolver finds a relative date phrase in a sentence ("last Saturday",
// "two weeks ago") and resolves it against ref, the date of the context line
// the sentence came from; ok is false when the sentence has none. The harness
// plugs in the shared temporal normalizer.
type Resolver func(sentence string, ref time.Time) (date time.Time, ok bool)

var linePrefix = regexp.MustCompile(`^\[(\d{4}-\d{2}-\d{2})?[^\]]*\]\s*(\((superseded|conditional)\)\s*)?`)
var speakerPrefix = regexp.MustCompile(`^[A-Z][\w .'-]{0,30}:\s+`)

type sentence struct {
	text     string
	stems    []string
	line     int // index of the context line the sentence came from
	date     time.Time
	demoted  bool
	position int
}

// Read answers question from context. resolve may be nil.
func Read(question, context string, opts Options, resolve Resolver) Answer {
	if opts.Threshold == 0 {
		opts.Threshold = 0.25
	}
	if opts.MaxWords == 0 {
		opts.MaxWords = 12
	}
	sents := split(context)
	if len(sents) == 0 {
		return Answer{Text: Abstain}
	}
	q := textutil.ContentTokens(question)
	qset := textutil.TokenSet(q)
	if len(qset) == 0 {
		return Answer{Text: Abstain}
	}
	df := map[string]int{}
	for _, s := range sents {
		for t := range textutil.TokenSet(s.stems) {
			if qset[t] {
				df[t]++
			}
		}
	}
	n := float64(len(sents))
	idf := func(t string) float64 { return math.Log(1 + n/float64(1+df[t])) }
	// Sum in sorted order: float addition is not associative, and map
	// order would make support (and the threshold test) vary run to run.
	qterms := make([]string, 0, len(qset))
	for t := range qset {
		qterms = append(qterms, t)
	}
	sort.Strings(qterms)
	var total float64
	for _, t := range qterms {
		total += idf(t)
	}
	lineStems := map[int]map[string]bool{}
	for _, s := range sents {
		if lineStems[s.line] == nil {
			lineStems[s.line] = map[string]bool{}
		}
		for _, t := range s.stems {
			lineStems[s.line][t] = true
		}
	}
	cover := func(set map[string]bool) float64 {
		var hit float64
		for _, t := range qterms {
			if set[t] {
				hit += idf(t)
			}
		}
		return hit / total
	}
	best, bestScore := -1, -1.0
	for i, s := range sents {
		// Half the sentence's own coverage, half its whole line's (turn):
		// question words are often spread over a turn's sentences.
		score := 0.5*cover(textutil.TokenSet(s.stems)) + 0.5*cover(lineStems[s.line])
		if s.demoted {
			score /= 2
		}
		if best < 0 || score > bestScore+1e-12 || (math.Abs(score-bestScore) <= 1e-12 && s.date.After(sents[best].date)) {
			best, bestScore = i, score
		}
	}
	if bestScore < opts.Threshold {
		return Answer{Text: Abstain, Support: bestScore}
	}
	s := sents[best]
	return Answer{Text: span(question, s, qset, opts.MaxWords, resolve), Support: bestScore, Sentence: s.text, LineDate: s.date}
}

// split turns a context into sentences, remembering each line's date and
// superseded mark, and dropping "[…]" provenance prefixes and "Speaker: "
// prefixes.
func split(context string) []sentence {
	var out []sentence
	for li, line := range strings.Split(context, "\n") {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		var date time.Time
		demoted := false
		if m := linePrefix.FindStringSubmatch(line); m != nil {
			if m[1] != "" {
				date, _ = time.Parse("2006-01-02", m[1])
			}
			demoted = m[3] == "superseded"
			line = line[len(m[0]):]
		}
		// Chunks join turns with " / ": treat each part as its own text.
		for _, part := range strings.Split(line, " / ") {
			part = speakerPrefix.ReplaceAllString(strings.TrimSpace(part), "")
			for _, st := range textutil.Sentences(part) {
				stems := textutil.ContentTokens(st)
				if len(stems) == 0 {
					continue
				}
				out = append(out, sentence{text: st, stems: stems, line: li, date: date, demoted: demoted, position: len(out)})
			}
		}
	}
	return out
}

var (
	numberRe = regexp.MustCompile(`(?i)[$€£]?\b\d[\d,]*(\.\d+)?\b\s*(%|ms\b|s\b|seconds\b|minutes\b|hours\b|days\b|weeks\b|months\b|years\b|nights\b|gb\b|mb\b|usd\b|eur\b|f1\b|connections\b|queries\b|requests\b|tasks\b|papers\b)?`)
	reasonRe = regexp.MustCompile(`(?i)\b(because|since|due to|so that|as a result of)\b`)
	dateRe   = regexp.MustCompile(`(?i)\b(\d{4}-\d{2}-\d{2}|(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.? \d{1,2}(st|nd|rd|th)?(,? \d{4})?|\d{1,2}(st|nd|rd|th)? (of )?(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*(,? \d{4})?)\b`)
	quoteRe  = regexp.MustCompile("[\"“`]([^\"”`]{2,60})[\"”`]")
	numberQ  = regexp.MustCompile(`(?i)\b(how (many|much|long|fast|often|old)|what (percentage|percent|share|number|price|cost|budget|score|rate|latency|time)|p9[059]|f1|accuracy|latency|price|cost|budget|ttl|timeout|maxconns|setting)\b`)
	nowQ     = regexp.MustCompile(`(?i)\b(now|current|currently|latest|these days|at the moment)\b`)
	fromToRe = regexp.MustCompile(`(?i)\bfrom\b[^.;]{1,80}?\bto\b`)
	personQ  = regexp.MustCompile(`(?i)^(who|whom|whose)\b|\bwhich (teammate|person|colleague|author|friend|advisor|reviewer)\b`)
)

// question classes decide which candidate spans win.
const (
	classPhrase = iota
	classDate
	classNumber
	classPerson
	classReason
)

func classify(q string) int {
	ql := strings.ToLower(strings.TrimSpace(q))
	switch {
	case strings.HasPrefix(ql, "when") || strings.Contains(ql, "what date") || strings.Contains(ql, "which date") || strings.Contains(ql, "what day") || strings.Contains(ql, "which day"):
		return classDate
	case strings.HasPrefix(ql, "why"):
		return classReason
	case personQ.MatchString(ql):
		return classPerson
	case numberQ.MatchString(ql):
		return classNumber
	}
	return classPhrase
}

type candidate struct {
	text  string
	start int // word offset in the sentence
	typ   int // class the candidate fits
}

// span cuts the answer from the chosen sentence. It gathers candidate
// spans — dates (relative ones resolved against the line date), numbers with
// units, quoted or code-like spans, entity-like spans (capitalized runs,
// technical tokens) and the run of words not in the question — drops those
// that only repeat the question, and returns the candidate that fits the
// question's class (date, number, person, reason, phrase), nearest to where
// the question's words occur in the sentence.
func span(question string, s sentence, qset map[string]bool, maxWords int, resolve Resolver) string {
	class := classify(question)
	if class == classReason {
		if loc := reasonRe.FindStringIndex(s.text); loc != nil {
			return clip(s.text[loc[0]:], maxWords)
		}
	}
	words := strings.Fields(s.text)
	// Word offsets of question-word matches: the answer is usually near them.
	var anchors []int
	for i, w := range words {
		for _, x := range textutil.Words(w) {
			if !textutil.IsStopword(x) && qset[textutil.Stem(x)] {
				anchors = append(anchors, i)
				break
			}
		}
	}
	offset := func(byteIdx int) int { return len(strings.Fields(s.text[:byteIdx])) }
	var cands []candidate
	for _, m := range dateRe.FindAllStringIndex(s.text, -1) {
		cands = append(cands, candidate{s.text[m[0]:m[1]], offset(m[0]), classDate})
	}
	if class == classDate && resolve != nil && !s.date.IsZero() {
		if d, ok := resolve(s.text, s.date); ok {
			cands = append(cands, candidate{d.Format("2 January 2006"), 0, classDate})
		}
	}
	for _, m := range numberRe.FindAllStringIndex(s.text, -1) {
		cands = append(cands, candidate{strings.TrimSpace(s.text[m[0]:m[1]]), offset(m[0]), classNumber})
	}
	for _, m := range quoteRe.FindAllStringSubmatchIndex(s.text, -1) {
		cands = append(cands, candidate{s.text[m[2]:m[3]], offset(m[0]), classPhrase})
	}
	for _, m := range nlp.Entities(s.text) {
		i := strings.Index(s.text, m.Text)
		if i < 0 {
			continue
		}
		off := offset(i)
		single := !strings.Contains(m.Text, " ")
		if off == 0 && single && isName(m.Text) && class != classPerson {
			// A lone capitalized word opening the sentence is more often an
			// ordinary word ("Good", "Rerunning") than the answer.
			continue
		}
		typ := classPhrase
		if isName(m.Text) {
			typ = classPerson
		}
		cands = append(cands, candidate{m.Text, off, typ})
	}
	// For questions about the current value, a "from X to Y" sentence
	// answers with Y: candidates before the "to" are the old value.
	after := -1
	if nowQ.MatchString(question) {
		if m := fromToRe.FindStringIndex(s.text); m != nil {
			after = offset(m[1])
		}
	}
	best, bestScore := "", -1.0
	for _, c := range cands {
		if !novel(c.text, qset) || c.start < after || negated(words, c.start) {
			continue
		}
		score := 1.0
		switch {
		case c.typ == class:
			score = 3
		case class == classPhrase && c.typ == classPerson:
			score = 2
		case class == classPerson || class == classDate || class == classNumber:
			score = 0.5
		}
		score -= 0.01 * float64(nearest(c.start, anchors))
		if score > bestScore {
			best, bestScore = c.text, score
		}
	}
	if best != "" && bestScore >= 1 {
		return trimQuestionWords(strings.Trim(best, " .,;:!?"), qset)
	}
	// Fallback: the words of the sentence not in the question, from the
	// first such word.
	keep := make([]bool, len(words))
	first := -1
	for i, w := range words {
		for _, x := range textutil.Words(w) {
			if !textutil.IsStopword(x) && !qset[textutil.Stem(x)] {
				keep[i] = true
			}
		}
		if keep[i] && first < 0 {
			first = i
		}
	}
	if first < 0 {
		if best != "" {
			return strings.Trim(best, " .,;:!?")
		}
		return clip(s.text, maxWords)
	}
	var out []string
	for i := first; i < len(words) && len(out) < maxWords; i++ {
		if keep[i] {
			out = append(out, strings.Trim(words[i], ".,;:!?\"'()"))
		}
	}
	return strings.Join(out, " ")
}

// negated reports whether the word before offset start negates or replaces
// what follows ("not 71.2", "instead of Postgres", "rather than chi", "no
// longer Zotero"): such a span is the value the sentence rejects.
func negated(words []string, start int) bool {
	prev := func(k int) string {
		if start-k < 0 || start-k >= len(words) {
			return ""
		}
		return strings.ToLower(strings.Trim(words[start-k], ".,;:!?()\"'"))
	}
	switch prev(1) {
	case "not", "never":
		return true
	case "of":
		return prev(2) == "instead"
	case "than":
		return prev(2) == "rather"
	case "longer":
		return prev(2) == "no"
	}
	return false
}

// trimQuestionWords drops trailing words the question already says ("42
// requests" for "how many requests …" gives "42").
func trimQuestionWords(text string, qset map[string]bool) string {
	words := strings.Fields(text)
	for len(words) > 1 {
		ws := textutil.Words(words[len(words)-1])
		if len(ws) != 1 || !qset[textutil.Stem(ws[0])] {
			break
		}
		words = words[:len(words)-1]
	}
	return strings.Join(words, " ")
}

// novel reports whether text has a content stem the question lacks.
func novel(text string, qset map[string]bool) bool {
	for _, t := range textutil.ContentTokens(text) {
		if !qset[t] {
			return true
		}
	}
	// Numbers and short codes have no content stems beyond themselves.
	return len(textutil.ContentTokens(text)) == 0 && strings.TrimSpace(text) != ""
}

func isName(s string) bool {
	for _, w := range strings.Fields(s) {
		r := []rune(w)
		if len(r) == 0 || !unicode.IsUpper(r[0]) {
			return false
		}
		for _, c := range r[1:] {
			if !unicode.IsLetter(c) && c != '.' && c != '-' && c != '\'' {
				return false
			}
		}
	}
	return true
}

func nearest(pos int, anchors []int) int {
	if len(anchors) == 0 {
		return 0
	}
	best := 1 << 30
	for _, a := range anchors {
		d := pos - a
		if d < 0 {
			d = -d
		}
		if d < best {
			best = d
		}
	}
	return best
}

func clip(text string, maxWords int) string {
	words := strings.Fields(text)
	if len(words) > maxWords {
		words = words[:maxWords]
	}
	return strings.TrimRight(strings.Join(words, " "), ".!?")
}

var abstainRe = regexp.MustCompile(`(?i)\b(not mentioned|no information|not (been )?(stated|discussed|specified|provided|available)|unknown|cannot (be )?(answer|determine)|can't (answer|determine|tell)|don't know|do not know|no (mention|record)|not in the (context|conversation|memory))\b`)

// IsAbstention reports whether an answer declines to answer ("not
// mentioned", "no information", "I don't know" …) or is empty.
func IsAbstention(answer string) bool {
	a := strings.TrimSpace(answer)
	return a == "" || abstainRe.MatchString(a)
}
