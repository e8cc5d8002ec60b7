package reader

import (
	"regexp"
	"strings"

	"github.com/memarena/memarena/internal/nlp"
)

// The items of a list answer ("what activities …", "what are some …")
// are things of the kind the question asks for: noun phrases ("pottery
// class") or -ing activities ("exploring nature"), one per distinct thing.
// A candidate span is reshaped into such items (listParts) or dropped: a
// turn's social formula ("long time no see") is no item, nor is the
// speaker's judgement ("a fantastic experience", "great to unplug"), nor a
// clause whose object is the item ("signed up for a pottery class" →
// "pottery class"). The idea is the noun-phrase chunking of shallow
// parsing (Abney 1991; Ramshaw & Marcus 1995) over the Penn tags the
// reader already computes (pos.go).

// phaticRe matches English phatic formulas at the start of a clause: the
// greetings, wishes, thanks, acknowledgements and reactions by which
// speakers open, close or answer a turn, which say nothing of the things
// talked about (Malinowski's "phatic communion"). General English
// formulas, matched case-insensitively.
var phaticRe = regexp.MustCompile(`(?i)(?:^|[,.!?;:]\s*)(?:(?:hey|hi|hello|oh|wow|aw+|yeah|yes|ah)\W+)*` +
	`(?:long time no \w+|(?:(?:so|really|very)\s+)?(?:glad|good|nice|great|happy|sorry|sad|cool|lovely)\s+to\s+(?:hear|see|know|chat|talk|meet|catch)\b[^,.!?;:]*` +
	`|hope\s+(?:all|everything|you|things|it|that|this|your|all's|everything's)\b[^,.!?;:]*|sure thing|no worries|no problem|take care\b[^,.!?;:]*` +
	`|thanks?\b[^,.!?;:]*|thank you\b[^,.!?;:]*|congrat\w*[^,.!?;:]*|see you\b[^,.!?;:]*|talk soon|catch you\b[^,.!?;:]*|how are you\b[^,.!?;:]*` +
	`|how's it going|what's up|sounds?\s+(?:like\s+)?\w+[^,.!?;:]*|looks?\s+(?:like\s+)?(?:(?:a|an|so|really|such\s+a)\s+)?(?:great|good|amazing|awesome|nice|fun|lovely|cool)\b[^,.!?;:]*` +
	`|appreciate\s+(?:it|that|this|the|your|you)\b[^,.!?;:]*|take a look\b[^,.!?;:]*|check (?:out )?(?:this|that|these|it)\b[^,.!?;:]*|look at (?:this|that|these)\b[^,.!?;:]*|let me know\b[^,.!?;:]*|check (?:it|this|that) out|good luck\b[^,.!?;:]*` +
	`|well done|way to go|me too|you too|of course|keep it up|hang in there|(?:hey|hi|hello|bye|goodbye|cheers)\b[^,.!?;:]*)`)

// phaticRanges are the byte ranges of s's text that phatic formulas take.
func phaticRanges(s *sentence) [][]int {
	return phaticRe.FindAllStringIndex(s.text, -1)
}

// inPhatic reports whether tokens [st, en) of s overlap a phatic formula.
func inPhatic(s *sentence, st, en int, ranges [][]int) bool {
	if st >= en {
		return false
	}
	a, b := s.toks[st].Start, s.toks[en-1].End
	for _, r := range ranges {
		if a < r[1] && r[0] < b {
			return true
		}
	}
	return false
}

// finiteVerb reports whether a Penn tag is a verb form that heads a
// clause (base form, past, present, modal) rather than a noun phrase.
func finiteVerb(tg string) bool {
	return tg == "VB" || tg == "VBD" || tg == "VBP" || tg == "VBZ" || tg == "MD"
}

// nominalTag reports whether a Penn tag can start the noun phrase or -ing
// activity an item is: a noun, adjective, number or -ing form.
func nominalTag(tg string) bool {
	return strings.HasPrefix(tg, "NN") || strings.HasPrefix(tg, "JJ") || tg == "CD" || tg == "VBG"
}

// emptyHead reports whether a lowercase noun names no thing by itself: a
// delexical or light noun ("stuff", "experience") or a unit of time
// ("week", "days").
func emptyHead(w string) bool {
	return delexicalNouns[w] || lightNouns[w] || timeUnits[w]
}

// listParts reshapes candidate c of a list answer into its items: the
// coordinated members of a series or of "X and Y" when both are nominal
// ("soda and candy" → "soda", "candy"), each cut to the noun phrase or
// -ing activity it names (shapeItem). It returns no item when c is a
// phatic formula or none of its members names a thing. Names and quoted
// titles, and candidates that are not spans of their sentence, are kept
// whole; a record field's value is split at its commas only.
func listParts(c cand) []string {
	s := c.s
	if s == nil || c.end <= c.start || c.end > len(s.toks) {
		return []string{c.text}
	}
	ranges := phaticRanges(s)
	if inPhatic(s, c.start, c.end, ranges) {
		return nil
	}
	if c.name {
		return []string{c.text}
	}
	if c.field {
		// a field's value lists its members as they are ("tags:
		// shaded, steep")
		var out []string
		for _, p := range strings.Split(c.text, ",") {
			if p = strings.TrimSpace(p); p != "" {
				out = append(out, p)
			}
		}
		return out
	}
	tg := s.tags()
	lead := c.start
	for lead < c.end && (trimmable(s.toks[lead]) || evaluative[s.toks[lead].Lower] || strings.HasPrefix(tg[lead], "RB")) {
		lead++
	}
	if lead < c.end && (judgedClause(s, lead, c.end) || tg[lead] == "UH") {
		// the whole span judges a clause ("special to watch their
		// creativity and imagination …"), whatever its members
		return nil
	}
	comma := false
	for i := c.start; i < c.end; i++ {
		if s.toks[i].Text == "," {
			comma = true
		}
	}
	var out []string
	st := c.start
	flush := func(en int) {
		if t, ok := shapeItem(s, st, en); ok {
			out = append(out, t)
		}
	}
	for i := c.start; i < c.end; i++ {
		w := s.toks[i].Lower
		cut := w == "," || w == ";"
		if (w == "and" || w == "or") && i > c.start && i+1 < c.end {
			// "X and Y": two things when both sides are nominal, or
			// the last member of a comma series
			prev, next := tg[i-1], tg[i+1]
			if s.toks[i-1].Text == "," {
				prev = "NN"
			}
			cut = comma || (strings.HasPrefix(prev, "NN") || prev == "VBG") && (nominalTag(next) || nlp.IsDeterminer(s.toks[i+1].Lower) || possessives[s.toks[i+1].Lower])
		}
		if cut {
			flush(i)
			st = i + 1
		}
	}
	flush(c.end)
	return out
}

// shapeItem cuts tokens [st, en) of s to the item they name: leading
// function words, adverbs and judging adjectives dropped ("really great
// stress relief" → "stress relief"); a clause that starts with its verb
// read from its object on ("signed up for a pottery class" → "pottery
// class"); cut before a later verb that starts a predicate ("the car
// looks great" → "car"). ok is false when what is left is a judgement of
// a clause ("great to unplug", "excited to go"), holds no noun nor starts
// with an -ing form, or is only an empty head ("fantastic experience",
// "week").
func shapeItem(s *sentence, st, en int) (string, bool) {
	tg := itemTags(s)
	lead := func() {
		for st < en && (trimmable(s.toks[st]) || evaluative[s.toks[st].Lower] || strings.HasPrefix(tg[st], "RB")) {
			st++
		}
	}
	lead()
	if st >= en || judgedClause(s, st, en) {
		return "", false
	}
	if (finiteVerb(tg[st]) || tg[st] == "VBN") && stanceVerbs[s.toks[st].Lower] {
		// a clause led by a verb of stance: the item is its object
		for st < en && !(nominalTag(tg[st]) && !trimmable(s.toks[st]) && !finiteVerb(tg[st])) {
			st++
		}
		lead()
	}
	for i := st + 1; i < en; i++ {
		if finiteVerb(tg[i]) && s.toks[i-1].Lower != "to" {
			en = i // a predicate follows the item
			break
		}
	}
	for en > st && (trimmable(s.toks[en-1]) || strings.HasPrefix(tg[en-1], "RB") || s.toks[en-1].Lower == "to") {
		en--
	}
	if st >= en {
		return "", false
	}
	noun := tg[st] == "VBG"
	allEmpty := true
	for i := st; i < en; i++ {
		if strings.HasPrefix(tg[i], "NN") || tg[i] == "CD" {
			noun = true
		}
		if !emptyHead(s.toks[i].Lower) && !nlp.IsFunctionWord(s.toks[i].Lower) && !evaluative[s.toks[i].Lower] {
			allEmpty = false
		}
	}
	if !noun || allEmpty {
		return "", false
	}
	if en-st == 1 && tg[st] == "VBG" && st > 0 && (intensifiers[s.toks[st-1].Lower] || evaluative[s.toks[st-1].Lower]) {
		return "", false // "so refreshing": a quality, not an activity
	}
	return cleanSpan(textOf(s, st, en)), true
}

// stanceVerbs are English verbs of liking, wanting, having, getting,
// thinking and perceiving (inflected forms, lowercase): a clause they lead
// says how the speaker stands to its object, which is the item ("love
// hiking", "got a new bike"); a verb of doing is part of the item ("joined
// a gym", "fell off his bike").
var stanceVerbs = wordSet(`love loves loved like likes liked enjoy enjoys enjoyed hate hates hated prefer prefers preferred
	appreciate appreciates appreciated miss misses missed want wants wanted need needs needed hope hopes hoped
	wish wishes wished have has had get gets got gotten think thinks thought know knows knew see sees saw seen
	remind reminds reminded feel feels felt adore adores adored look looks looked`)

// itemTags are the Penn tags of s's tokens, the first word's read in
// lower case (sentence.lowerTag): the tagger takes a capitalized word for a
// noun by its capital alone, and a turn that starts with its verb ("Think
// I'll …", "Loved the show") would otherwise start with a noun.
func itemTags(s *sentence) []string {
	tg := s.tags()
	for i, t := range s.toks {
		if t.Punct {
			continue
		}
		if i < len(tg) && tg[i] == "NN" && capitalizedWord(t) {
			tg = append([]string(nil), tg...)
			tg[i] = s.lowerTag(i)
		}
		break
	}
	return tg
}

// judgedClause reports whether tokens [st, en) of s (st past leading
// function words and judgements) go on a judgement or feeling about a
// clause: an adjective or participle before "to" ("excited to get …"), or
// a verb after a judging word and "to" ("great to unplug …").
func judgedClause(s *sentence, st, en int) bool {
	tg := s.tags()
	if st+1 < en && s.toks[st+1].Lower == "to" && (strings.HasPrefix(tg[st], "JJ") || tg[st] == "VBN") {
		return true
	}
	return st > 0 && s.toks[st].Lower != "to" && s.toks[st-1].Lower == "to" && evaluative[lowerAt(s, st-2)]
}

// lowerAt is the lowercase token i of s, "" out of range.
func lowerAt(s *sentence, i int) string {
	if i < 0 || i >= len(s.toks) {
		return ""
	}
	return s.toks[i].Lower
}

// itemKeys are the stems of an item's content words.
func itemKeys(text string) map[string]bool {
	out := map[string]bool{}
	for _, t := range words(text) {
		if t.Punct || nlp.IsFunctionWord(t.Lower) {
			continue
		}
		out[stem(t.Lower)] = true
	}
	return out
}

// partOf reports whether every content word of a is in b (a names a part
// of, or the same thing as, b).
func partOf(a, b map[string]bool) bool {
	if len(a) == 0 {
		return true
	}
	for k := range a {
		if !b[k] {
			return false
		}
	}
	return true
}
