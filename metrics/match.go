package metrics

import (
	"strconv"
	"strings"
	"unicode"

	"github.com/memarena/memarena/internal/textutil"
)

// Fact matching: how the harness decides that a fact, a gold answer or a
// superseded (stale) value "is in" a text. One rule serves probes and
// session tasks alike.
//
//   - Tokens are maximal runs of letters and digits, lowercased; an
//     apostrophe inside a word is dropped ("don't" → "dont"). A number is
//     one token with its decimal point or time colon ("7.5", "12:30") and
//     without thousands separators ("1,200" → "1200"), so "5 mg" is not in
//     "7.5 mg" and "Go 1.25" is not in "Go 1.25.1". Words are stemmed
//     (Snowball); numbers are not, and a number word from zero to twenty
//     is its number ("Four weeks" is in "4 weeks", as a judge reads it).
//   - A fact is contained when its content tokens (stopwords dropped) occur
//     as a contiguous run of the text's content tokens: a phrase, not a bag
//     of words, so a turn listing several people's duties does not contain
//     a fact about one of them unless that very phrase is there. A fact
//     made only of stopwords is matched on all its tokens.
//   - A stale value is stated as current when some occurrence of it is not
//     marked as replaced or negated: a negation inside the phrase or in the
//     three tokens before it ("not X", "no longer X", "never X", "instead of
//     X", "rather than X", "used to X", "formerly X", "previously X",
//     "replaced X", "dropped X"), a change away from it ("from X to Y",
//     "switched from X", "moved away from X"), or a retirement right after
//     it within the clause ("X is no longer …", "X was replaced", "X isn't
//     used", "X anymore", "X used to be"). Cues never cross a clause
//     boundary (, ; : . ! ? parentheses, dashes, line breaks), so in
//     "X, not Y" only Y is negated.

// numberWords are the number words from zero to twenty with their
// numbers: a number written either way is the same token.
var numberWords = func() map[string]string {
	m := map[string]string{}
	for i, w := range strings.Fields("zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty") {
		m[w] = strconv.Itoa(i)
	}
	return m
}()

// ftok is one token of a text for fact matching.
type ftok struct {
	// word is the lowercased, unstemmed token.
	word string
	// norm is the stem (words) or the normalized number.
	norm string
	// content marks tokens that are not stopwords.
	content bool
	// clause numbers the clause the token is in.
	clause int
}

func isClauseBreak(r rune) bool {
	switch r {
	case ',', ';', ':', '.', '!', '?', '(', ')', '[', ']', '\n', '—', '–', '|':
		return true
	}
	return false
}

// factTokens tokenizes text for fact matching (see the rules above).
func factTokens(text string) []ftok {
	rs := []rune(text)
	var out []ftok
	clause := 0
	var b strings.Builder
	digits := false // the current token holds a digit
	flush := func() {
		if b.Len() == 0 {
			return
		}
		w := b.String()
		b.Reset()
		t := ftok{word: w, clause: clause, content: !textutil.IsStopword(w)}
		if digits {
			t.norm = w
		} else if n, ok := numberWords[w]; ok {
			// a number word is content as its number is ("one
			// week" holds "1 week"), though "one" is a stopword
			t.norm, t.content = n, true
		} else {
			t.norm = textutil.Stem(w)
		}
		out = append(out, t)
		digits = false
	}
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			if unicode.IsDigit(r) {
				digits = true
			}
			b.WriteRune(unicode.ToLower(r))
		case (r == '\'' || r == '’') && b.Len() > 0 && i+1 < len(rs) && unicode.IsLetter(rs[i+1]):
			// inside a word: "don't" → "dont"
		case (r == '.' || r == ':') && digits && i > 0 && unicode.IsDigit(rs[i-1]) && i+1 < len(rs) && unicode.IsDigit(rs[i+1]):
			b.WriteRune(r) // 7.5, 1.25.1, 12:30
		case r == ',' && digits && i > 0 && unicode.IsDigit(rs[i-1]) && textutil.ThousandsGroup(rs, i+1):
			// 1,200 → 1200
		default:
			flush()
			if isClauseBreak(r) && !(r == '.' && i+1 < len(rs) && !unicode.IsSpace(rs[i+1])) {
				clause++
			}
			if r == '-' && i+1 < len(rs) && rs[i+1] == '>' {
				clause++ // "X -> Y": an arrow ends X's clause
			}
		}
	}
	flush()
	return out
}

// occurrences returns the [start, end) token spans of text where fact
// occurs as a phrase (see the rules above).
func occurrences(text, fact []ftok) [][2]int {
	useAll := true
	for _, t := range fact {
		if t.content {
			useAll = false
			break
		}
	}
	var need []string
	for _, t := range fact {
		if useAll || t.content {
			need = append(need, t.norm)
		}
	}
	if len(need) == 0 {
		return nil
	}
	var seq []int // positions in text of the tokens matched against
	for i, t := range text {
		if useAll || t.content {
			seq = append(seq, i)
		}
	}
	var out [][2]int
	for s := 0; s+len(need) <= len(seq); s++ {
		ok := true
		for j, n := range need {
			if text[seq[s+j]].norm != n {
				ok = false
				break
			}
		}
		if ok {
			out = append(out, [2]int{seq[s], seq[s+len(need)-1] + 1})
		}
	}
	return out
}

// Mentions reports whether text contains fact as a contiguous normalized
// phrase with number boundaries. An empty fact is never contained.
func Mentions(text, fact string) bool {
	return len(occurrences(factTokens(text), factTokens(fact))) > 0
}

// StatesAsCurrent reports whether text contains fact in an occurrence that
// is not marked as replaced or negated (see the rules above): how a stale
// value is recognized as presented as current in an answer, an item or a
// context.
func StatesAsCurrent(text, fact string) bool {
	toks := factTokens(text)
	for _, occ := range occurrences(toks, factTokens(fact)) {
		if !replaced(toks, occ[0], occ[1]) {
			return true
		}
	}
	return false
}

// negators are English negation words (apostrophes already dropped).
var negators = map[string]bool{
	"not": true, "no": true, "never": true, "nor": true, "cannot": true, "without": true,
	"dont": true, "doesnt": true, "didnt": true, "isnt": true, "arent": true, "wasnt": true, "werent": true,
	"wont": true, "cant": true, "couldnt": true, "shouldnt": true, "wouldnt": true, "havent": true, "hasnt": true, "hadnt": true,
}

// retiredStems mark a value as given up when they stand just before it
// ("replaced X", "formerly X") or just after it ("X was dropped").
var retiredStems = map[string]bool{
	textutil.Stem("replaced"): true, textutil.Stem("formerly"): true, textutil.Stem("previously"): true,
	textutil.Stem("former"): true, textutil.Stem("dropped"): true, textutil.Stem("removed"): true,
	textutil.Stem("abandoned"): true, textutil.Stem("retired"): true, textutil.Stem("deprecated"): true,
	textutil.Stem("superseded"): true, textutil.Stem("obsolete"): true, textutil.Stem("outdated"): true,
	textutil.Stem("anymore"): true,
}

// changeStems are verbs of change that make "from X" a change away from X.
var changeStems = map[string]bool{
	textutil.Stem("switched"): true, textutil.Stem("moved"): true, textutil.Stem("changed"): true,
	textutil.Stem("migrated"): true, textutil.Stem("went"): true, textutil.Stem("away"): true,
	textutil.Stem("upgraded"): true, textutil.Stem("downgraded"): true, textutil.Stem("shifted"): true,
	textutil.Stem("raised"): true, textutil.Stem("lowered"): true, textutil.Stem("increased"): true,
	textutil.Stem("decreased"): true, textutil.Stem("reduced"): true, textutil.Stem("cut"): true,
	textutil.Stem("bumped"): true, textutil.Stem("updated"): true,
}

const cueWindow = 3

// replaced reports whether the occurrence toks[s:e] is marked as replaced
// or negated.
func replaced(toks []ftok, s, e int) bool {
	cl := toks[s].clause
	for i := s; i < e; i++ {
		if negators[toks[i].word] {
			return true
		}
	}
	// Before: up to cueWindow tokens in the same clause.
	for i := s - 1; i >= 0 && i >= s-cueWindow && toks[i].clause == cl; i-- {
		w := toks[i]
		switch {
		case negators[w.word], retiredStems[w.norm]:
			return true
		case w.word == "longer" || w.word == "more": // no longer X, no more X
			if i > 0 && toks[i-1].clause == cl && negators[toks[i-1].word] {
				return true
			}
		case w.word == "of" && i > 0 && toks[i-1].word == "instead",
			w.word == "than" && i > 0 && toks[i-1].word == "rather",
			w.word == "to" && i > 0 && toks[i-1].word == "used":
			return true
		case w.word == "from":
			if i > 0 && toks[i-1].clause == cl && changeStems[toks[i-1].norm] {
				return true
			}
			for j := e; j < len(toks) && j < e+cueWindow+1 && toks[j].clause == cl; j++ {
				if toks[j].word == "to" || toks[j].word == "into" {
					return true // from X to Y
				}
			}
		}
	}
	// After: up to cueWindow+1 tokens in the same clause.
	for j := e; j < len(toks) && j < e+cueWindow+1 && toks[j].clause == cl; j++ {
		w := toks[j]
		switch {
		case retiredStems[w.norm]:
			return true
		case w.word == "longer" && j > 0 && negators[toks[j-1].word]:
			return true // X is no longer …
		case (w.word == "isnt" || w.word == "arent" || w.word == "wasnt" || w.word == "werent") && j == e+0:
			return true // X isn't …
		case (w.word == "not") && j <= e+1 && j > e && isCopula(toks[j-1].word):
			return true // X is not …
		case w.word == "used" && j+1 < len(toks) && toks[j+1].word == "to" && toks[j+1].clause == cl:
			return true // X used to be …
		case w.word == "more" && j > 0 && toks[j-1].word == "any":
			return true // X any more
		case w.word == "gone" && j > 0 && isCopula(toks[j-1].word):
			return true // X is gone
		}
	}
	return false
}

func isCopula(w string) bool {
	switch w {
	case "is", "are", "was", "were", "be", "been", "has", "have", "had":
		return true
	}
	return false
}
