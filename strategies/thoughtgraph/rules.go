package thoughtgraph

import (
	"github.com/memarena/memarena/internal/model"
	"regexp"
	"strings"
	"unicode"

	"github.com/memarena/memarena/internal/nlp"
	"github.com/memarena/memarena/internal/textutil"
)

// Extraction is the reply of an extract-thoughts request.
type Extraction = model.ThoughtExtraction

// ExtractedThought is one thought of an Extraction.
type ExtractedThought = model.ExtractedThought

// Candidate is an earlier thought of the same task offered to the extractor
// as a possible parent, oldest first.
type Candidate = model.Candidate

// Offline extraction confidences, by how the type was recognized.

// cueForm lowercases s, keeps letters, digits and apostrophes (’ becomes ')
// and turns every other run of runes into one space, with a space at both
// ends, so that a cue phrase matches on word boundaries with
// strings.Contains(form, " "+cue+" ").
func cueForm(s string) string {
	var b strings.Builder
	b.Grow(len(s) + 2)
	b.WriteByte(' ')
	space := true
	for _, r := range strings.ToLower(s) {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
			space = false
		case r == '\'' || r == '’':
			b.WriteByte('\'')
			space = false
		default:
			if !space {
				b.WriteByte(' ')
				space = true
			}
		}
	}
	if !space {
		b.WriteByte(' ')
	}
	return b.String()
}

func hasCue(form, cue string) bool { return strings.Contains(form, " "+cue+" ") }

func hasAnyCue(form string, cues []string) bool {
	for _, c := range cues {
		if hasCue(form, c) {
			return true
		}
	}
	return false
}

// smallTalk holds the stems of words that carry no memory content on their
// own (greetings, thanks, pleasantries). A sentence whose content stems are
// all small talk is chit-chat.
var smallTalk = func() map[string]bool {
	words := []string{"great", "thank", "thanks", "welcome", "hello", "hi", "bye", "goodbye", "weekend", "weather", "cool",
		"nice", "awesome", "glad", "happy", "help", "morning", "afternoon", "evening", "good", "night", "cheers", "lol", "haha",
		"fine", "hope", "day", "today", "fun", "wonderful", "lovely", "sound", "sounds", "perfect", "excellent", "appreciate",
		"enjoy", "problem", "sorry", "noted", "alright", "ahead", "chat", "talk", "soon", "later", "thing", "let", "anything",
		"else", "amazing", "brilliant", "bad", "busy", "tired", "doing", "going", "see", "nope", "right", "exactly", "indeed",
		"absolutely", "certainly", "definitely", "course", "np", "ty", "thx", "wow", "cool", "yep", "hm", "hmm", "gotcha",
		"understood", "totally", "agree", "pleasure", "time", "back", "maybe", "thought", "thoughts", "guess", "dig", "idea",
		"ideas", "wait", "quick", "question", "feel", "better", "congratulations", "congrats", "disappointing", "shame", "pity",
		"luck", "safe", "travels", "trip", "rest", "care"}
	m := make(map[string]bool, len(words))
	for _, w := range words {
		m[textutil.Stem(w)] = true
	}
	return m
}()

// IsChitChat reports whether a sentence is a greeting, thanks or small talk:
// every content stem (textutil.ContentTokens) is a small-talk word, or it has
// none ("Great, thanks!", "How was your weekend?", "Sure, happy to help.").
func IsChitChat(sentence string) bool {
	for _, s := range textutil.ContentTokens(sentence) {
		if !smallTalk[s] {
			return false
		}
	}
	return true
}

// maxToolLines caps the lines kept from one tool result.
const maxToolLines = 8

// ToolLines returns the informative lines of a tool result (sentences and
// lines that are not chit-chat), verbatim, at most maxToolLines (8).
func ToolLines(text string) []string {
	out := KnowledgeSentences(text)
	if len(out) > maxToolLines {
		out = out[:maxToolLines]
	}
	return out
}

// namedEntities is nlp.Entities without a lone capitalized first word of the
// sentence ("Congratulations", "Feel better soon"), which capitalization
// alone does not make a name.
func namedEntities(sentence string) []nlp.Mention {
	ms := nlp.Entities(sentence)
	first := ""
	if f := strings.Fields(sentence); len(f) > 0 {
		first = strings.TrimFunc(f[0], func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	}
	plainWord := func(w string) bool { // "Maybe", not "HelixQA" or "P4242"
		r := []rune(w)
		return len(r) > 0 && !strings.ContainsFunc(string(r[1:]), unicode.IsUpper) && !strings.ContainsFunc(w, unicode.IsDigit)
	}
	out := ms[:0]
	for _, m := range ms {
		if m.Text == first && plainWord(first) {
			continue
		}
		out = append(out, m)
	}
	return out
}

// KnowledgeSentences returns the informative sentences of a user turn,
// verbatim and in order: every sentence (textutil.Sentences) that is not
// chit-chat. Each becomes one knowledge thought.
func KnowledgeSentences(text string) []string {
	var out []string
	for _, s := range textutil.Sentences(text) {
		if !IsChitChat(s) {
			out = append(out, s)
		}
	}
	return out
}

// IsConditional reports whether a sentence states something that holds only
// under a condition: it opens with "if", "when", "whenever" or "unless", or
// contains "only if", "only when", "unless" or "except when". Knowledge and
// decision thoughts that are conditional get strategies.StatusConditional.
func IsConditional(sentence string) bool {
	f := cueForm(sentence)
	for _, p := range []string{" if ", " when ", " whenever ", " unless "} {
		if strings.HasPrefix(f, p) {
			return true
		}
	}
	return hasAnyCue(f, []string{"only if", "only when", "unless", "except when"})
}

var (
	// explicitUpdate finds a phrase naming the value a sentence replaces.
	explicitUpdate = regexp.MustCompile(`(?i)\b(?:instead of|rather than|in place of|replacing|no longer(?: uses?| using| prefers?| wants?| needs?)?)\s+([^.,;:!?()]+)`)
	// removalUpdate finds a named thing a sentence drops ("drop GORM").
	removalUpdate = regexp.MustCompile(`(?i)\b(?:drop(?:s|ped|ping)?|remov(?:e|es|ed|ing)|replac(?:e|es|ed|ing)|ditch(?:es|ed|ing)?|abandon(?:s|ed|ing)?|revert(?:s|ed|ing)? from)\s+([^.,;:!?()]+)`)
	// changeUpdate finds "VERB [attribute] to VALUE": a value set anew.
	changeUpdate = regexp.MustCompile(`(?i)\b(?:shorten|lengthen|raise|lower|reduce|increase|bump|cut|extend|set|change|update|upgrade|downgrade|move|push|postpone|reschedule|switch|migrate|revert)(?:s|es|ed|d|ing)?\s+((?:[^\s.,;:!?()]+\s+){0,3}?)(?:from\s+([^.,;:!?()]+?)\s+)?(?:over\s+)?to\s+([^.,;:!?()]+)`)
	// implicitUpdate finds other changes of an earlier value.
	implicitUpdate = regexp.MustCompile(`(?i)\b(?:change of plans?|changed (?:my|our) minds?|now (?:prefers?|uses?|using|wants?|needs?)|from now on)\b`)
	tailStop       = regexp.MustCompile(`(?i)\s+(?:because|since|as|for|after|due|so|which|that|and|with|when|if)\b.*$`)
)

// Update is how a sentence replaces an earlier value (see UpdateCue).
type Update struct {
	// Old is the replaced value when the sentence names it ("Postgres 16"
	// in "MySQL 8 instead of Postgres 16", "GORM" in "drop GORM").
	Old string
	// Attribute is what a change verb sets ("TTL" in "shorten the TTL to
	// 60 seconds") and New the value it is set to ("60 seconds").
	Attribute, New string
	// Implicit is true when the sentence changes a value without naming
	// the old one or an attribute ("switched to chi", "now prefers aisle
	// seats", "change of plan").
	Implicit bool
}

// Any reports whether the sentence replaces anything.
func (u Update) Any() bool { return u.Old != "" || u.Attribute != "" || u.Implicit }

// UpdateCue reports whether and how a sentence replaces an earlier value:
//
//   - "instead of X", "rather than X", "in place of X", "replacing X", "no
//     longer uses X": Old = X — the first entity after the cue, else its
//     first (at most three) content words; a number after the cue ("0.4 ms
//     instead of 9112 ms") is a comparison and gives nothing;
//   - "drop X", "remove X", "replace X", "ditch X", "abandon X", "revert
//     from X": Old = X only when X opens with an entity ("drop GORM", not
//     "drop the table");
//   - "shorten/raise/set/move/switch/upgrade … [attribute] [from OLD] to
//     VALUE": Attribute, Old and New (at most three content words each);
//     without an attribute or old value ("switched to chi") it is Implicit;
//   - "change of plan", "changed my mind", "now prefers/uses/wants …", "from
//     now on": Implicit.
func UpdateCue(sentence string) Update {
	var u Update
	if m := explicitUpdate.FindStringSubmatch(sentence); m != nil && !startsWithDigit(m[1]) {
		u.Old = valuePhrase(m[1], false)
	}
	if m := removalUpdate.FindStringSubmatch(sentence); u.Old == "" && m != nil {
		if ms := namedEntities(m[1]); len(ms) > 0 && strings.HasPrefix(strings.TrimSpace(m[1]), ms[0].Text) {
			u.Old = ms[0].Text
		}
	}
	if m := changeUpdate.FindStringSubmatch(sentence); m != nil {
		attr := valuePhrase(m[1], true)
		switch {
		case m[2] != "" && u.Old == "":
			// "from OLD to NEW" names the old value (numbers included:
			// "MaxConns from 20 to 15").
			u.Old, u.Attribute, u.New = valuePhrase(m[2], true), attr, valuePhrase(m[3], true)
		case attr != "":
			u.Attribute, u.New = attr, valuePhrase(m[3], true)
		default:
			u.Implicit = true
		}
	}
	if implicitUpdate.MatchString(sentence) {
		u.Implicit = true
	}
	return u
}

// valuePhrase shortens the text after a cue to the value it names: the text
// up to a clause word ("because", "as", "for" …), then its first entity
// (unless words is set), else its first three content words.
func valuePhrase(tail string, words bool) string {
	tail = strings.TrimSpace(tailStop.ReplaceAllString(tail, ""))
	if !words {
		if ms := nlp.Entities(tail); len(ms) > 0 {
			return ms[0].Text
		}
	}
	var out []string
	for _, w := range strings.Fields(tail) {
		ws := textutil.Words(w)
		if len(ws) == 1 && !textutil.IsStopword(ws[0]) {
			out = append(out, strings.Trim(w, ".,;:!?\"'()"))
		}
		if len(out) == 3 {
			break
		}
	}
	return strings.Join(out, " ")
}

// startsWithDigit reports whether s opens with a number ("instead of 9112
// ms" compares measurements; it replaces no value).
func startsWithDigit(s string) bool {
	s = strings.TrimLeft(s, " $~≈")
	return s != "" && unicode.IsDigit([]rune(s)[0])
}

// overlapMin is the least overlap score (2·shared entities + shared content
// stems) for an offline parent link, and the least number of shared content
// stems for an implicit supersession.
const overlapMin = 2

// maxPerTurn caps the thoughts taken from one turn.
const maxPerTurn = 8
