package reader

import (
	"strings"

	"github.com/memarena/memarena/internal/nlp"
)

// Advice questions. "What advice did Gina give about …", "what tips …",
// "what did you recommend …": advice is a directive speech act (Searle
// 1976, "A classification of illocutionary acts"), and English says it as
// an imperative ("Do your research and find an agency"), a modal
// addressed to the listener ("you should try …"), an explicit
// performative ("I'd recommend …") or a first-person conditional, what
// the speaker would do in the listener's place ("I'd use a clay pot").
// The memory rarely says the word "advice"; a directive sentence holds
// it, and its verb phrases are the answer.

// adviceNouns are head nouns that ask for advice.
var adviceNouns = wordSet(`advice tip tips suggestion suggestions recommendation recommendations`)

// adviceVerbs are the keys of verbs that ask for advice as their object
// ("what did you suggest", "what does she recommend") and of the light
// verbs an advice noun takes ("give advice", "offer tips", "share a
// suggestion"): a directive sentence holds them too.
var adviceVerbs = keySet(`suggest recommend advise`)

var adviceLightVerbs = keySet(`give offer share`)

// directiveCues are word sequences after which a clause's verb phrase is
// advice: a modal or verb addressed to the listener, or a performative.
var directiveCues = [][]string{
	{"you", "should"}, {"you", "could"}, {"you", "might", "want", "to"}, {"you'll", "want", "to"},
	{"you", "need", "to"}, {"you", "have", "to"}, {"you", "must"}, {"make", "sure", "to"}, {"make", "sure", "you"},
	{"be", "sure", "to"}, {"remember", "to"}, {"try", "to"}, {"i'd", "recommend"}, {"i", "recommend"},
	{"i'd", "suggest"}, {"i", "suggest"}, {"i", "would", "recommend"}, {"i", "would", "suggest"},
}

// maxAdviceWords caps a directive verb phrase, in words.
const maxAdviceWords = 12

// adviceFit is the fit of a directive verb phrase to an advice question.
const adviceFit = 0.9

// clauseLead are words that may open a clause before its verb without
// changing its mood ("Yep! Do your research", "and also gather …").
var clauseLead = wordSet(`yes yep yeah sure ok okay oh well so also and then first next finally plus just definitely
	really always but`)

// keySet is wordSet over match keys (see stem).
func keySet(s string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(s) {
		m[stem(w)] = true
	}
	return m
}

// directiveSpans are the verb phrases of s that give advice: each clause
// (the sentence's start, and after a comma, a semicolon, "and" or a dash)
// that opens, past lead words, with a base-form verb or "don't" and a
// verb (an imperative), or that holds a directive cue ("you should",
// "make sure to", "I'd recommend"), from that verb to the clause's end, at
// most maxWords. A question has none.
func directiveSpans(s *sentence, maxWords int) []span {
	n := len(s.toks)
	if n == 0 || s.asks() {
		return nil
	}
	tg := s.tags()
	// the first word's capital says nothing of its class; a capital
	// inside the sentence marks a name ("Glad to help, Calvin!")
	tagAt := func(i int) string {
		if i == 0 {
			return s.lowerTag(i)
		}
		return tg[i]
	}
	var out []span
	end := func(st int) int {
		en := st
		for en < n && en-st < maxWords {
			t := s.toks[en]
			if t.Punct && strings.ContainsAny(t.Text, ".;!?-–—,") {
				break
			}
			if en > st && (t.Lower == "and" || t.Lower == "but") && en+1 < n && (tagAt(en+1) == "VB" || nlp.IsPronoun(s.toks[en+1].Lower)) {
				break
			}
			en++
		}
		for en > st && trimmable(s.toks[en-1]) {
			en--
		}
		return en
	}
	add := func(st int) int {
		for st < n && clauseLead[s.toks[st].Lower] {
			st++ // "you should also keep …"
		}
		en := end(st)
		if en > st && hasContent(s, st, en) {
			out = append(out, span{text: textOf(s, st, en), start: st, end: en, fit: adviceFit})
		}
		return en
	}
	for i := 0; i < n; {
		// i is a clause start
		j := i
		for j < n && !s.toks[j].Punct && clauseLead[s.toks[j].Lower] {
			j++
		}
		next := i + 1
		switch {
		case j >= n || s.toks[j].Punct:
		case (s.toks[j].Lower == "don't" || s.toks[j].Lower == "never") && j+1 < n && tagAt(j+1) == "VB":
			next = add(j)
		case phaticDirective(s, j):
		case tagAt(j) == "VB" && !nlp.IsAuxiliary(s.toks[j].Lower) && !contraction(s.toks[j].Lower) && !deictic[s.toks[j].Lower] ||
			s.toks[j].Lower == "do" && j+1 < n && !nlp.IsPronoun(s.toks[j+1].Lower):
			next = add(j)
		default:
			for k := j; k < n && !s.toks[k].Punct; k++ {
				if c := cueAt(s, k); c > 0 && k+c < n {
					next = add(k + c)
					break
				}
				if c := conditionalAt(s, k, tagAt); c > 0 {
					next = add(k + c)
					break
				}
			}
		}
		// on to the next clause start
		if next <= i {
			next = i + 1
		}
		for next < n && !(s.toks[next-1].Punct && strings.ContainsAny(s.toks[next-1].Text, ",;.!-–—") || s.toks[next-1].Lower == "and") {
			next++
		}
		i = next
	}
	return out
}

// cueAt is the length of the directive cue that starts at token k of s, 0
// when none does.
func cueAt(s *sentence, k int) int { return seqAt(s, k, directiveCues) }

// seqAt is the length of the first of seqs (lowercase word sequences,
// apostrophes as "'") that starts at token k of s, 0 when none does.
func seqAt(s *sentence, k int, seqs [][]string) int {
	for _, c := range seqs {
		if k+len(c) > len(s.toks) {
			continue
		}
		ok := true
		for m, w := range c {
			if strings.ReplaceAll(s.toks[k+m].Lower, "’", "'") != w {
				ok = false
				break
			}
		}
		if ok {
			return len(c)
		}
	}
	return 0
}

// deictic words open presentatives ("here's", "there it is"), never an
// imperative, however the tagger reads them.
var deictic = wordSet(`here there here's there's`)

// phaticDirectives are imperatives that keep a conversation going rather
// than advise: "let me know", "look at this", "check this out", "see you".
var phaticDirectives = [][]string{{"let", "me", "know"}, {"let", "us", "know"}, {"look", "at", "this"},
	{"look", "at", "that"}, {"check", "this", "out"}, {"check", "out", "this"}, {"see", "you"}, {"take", "care"},
	{"keep", "me", "posted"}, {"thank", "you"}, {"hang", "in", "there"}}

// phaticDirective reports whether a phatic imperative starts at token j of
// s.
func phaticDirective(s *sentence, j int) bool { return seqAt(s, j, phaticDirectives) > 0 }

// maxDirectives caps the directives joined in an advice answer.
const maxDirectives = 4

// turnDirectives joins the directive verb phrases of the turn that c was
// read from, in order, when c is one of them and the turn has more; "" when
// it has no other.
func turnDirectives(c cand) string {
	if c.s == nil || c.s.u == nil {
		return ""
	}
	var parts []string
	found := false
	for _, s := range c.s.u.sents {
		for _, d := range directiveSpans(s, maxAdviceWords) {
			if s == c.s && d.start <= c.start && c.end <= d.end {
				found = true
			}
			if len(parts) < maxDirectives {
				parts = append(parts, cleanSpan(d.text))
			}
		}
	}
	if !found || len(parts) < 2 {
		return ""
	}
	return strings.Join(parts, ", ")
}

// conditionalAt is the length of a first-person conditional that
// recommends ("I'd use SQLite", "I would go with the red one": what the
// speaker would do in the listener's place) starting at token k of s, 0
// when none does (adverbs after the modal included). The verb is kept:
// "use SQLite" is the advice. A wish or a thought ("I'd love to", "I'd
// say", "I would think") recommends nothing.
func conditionalAt(s *sentence, k int, tagAt func(int) string) int {
	w := strings.ReplaceAll(s.toks[k].Lower, "’", "'")
	c := 0
	switch {
	case w == "i'd":
		c = 1
	case w == "i" && k+1 < len(s.toks) && s.toks[k+1].Lower == "would":
		c = 2
	default:
		return 0
	}
	// after the modal comes a verb, whatever the tagger reads ("I'd
	// use/NN"), past adverbs ("I'd definitely go with …")
	v := k + c
	for v < len(s.toks) && (nlp.IsFiller(s.toks[v].Lower) || strings.HasPrefix(tagAt(v), "RB")) {
		v++
	}
	if v < len(s.toks) && !s.toks[v].Punct && !nlp.IsFunctionWord(s.toks[v].Lower) && !wishVerbs[s.toks[v].Lower] {
		if adviceVerbs[s.keys[v]] {
			return v - k + 1 // "I'd highly recommend …": what follows
		}
		return v - k
	}
	return 0
}

// wishVerbs are the verbs after "I'd" that say a wish, a thought or a
// state rather than what the speaker would do ("I'd love to", "I'd say").
var wishVerbs = wordSet(`love like hate be have say think guess bet imagine prefer rather want need hope wish mind appreciate argue`)
