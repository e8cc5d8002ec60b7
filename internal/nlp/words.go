package nlp

import (
	"strings"
	"unicode"
)

// Token is one word, number or punctuation mark of a text, with its byte
// offsets.
type Token struct {
	// Text is the token as written ("Kyoto", "3.5", "don't", ",").
	Text string
	// Lower is Text lowercased, with the typographic apostrophe ’ written '.
	Lower string
	// Start and End are byte offsets of Text in the tokenized string.
	Start, End int
	// Punct is true for a punctuation token (one rune that is neither a
	// letter nor a digit).
	Punct bool
}

// Tokenize splits text into word and punctuation tokens. A word is a run of
// letters and digits that may hold inner apostrophes ("don't", "Kyoto's"),
// inner hyphens, underscores, slashes and at-signs ("follow-up",
// "max_conns", "net/http"), inner dots or commas between digits ("3.5",
// "5,500"), inner dots or colons between letters ("node.js"), a leading
// currency sign ("$180"), path slash ("/users") or at-sign ("@marta_sol")
// and a trailing percent sign ("20%"). A web address ("https://…",
// "www.…") is one word up to the space, bracket or quote that ends it,
// without the sentence's closing punctuation. Every other non-space rune
// is a punctuation token of its own.
// Offsets index the original string.
func Tokenize(text string) []Token {
	var out []Token
	rs := []rune(text)
	// byte offset of each rune index (and of len(rs))
	offs := make([]int, len(rs)+1)
	b := 0
	for i, r := range rs {
		offs[i] = b
		b += len(string(r))
	}
	offs[len(rs)] = b
	isW := func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }
	for i := 0; i < len(rs); {
		r := rs[i]
		if j := urlEnd(rs, i); j > i {
			t := string(rs[i:j])
			out = append(out, Token{Text: t, Lower: lower(t), Start: offs[i], End: offs[j]})
			i = j
			continue
		}
		switch {
		case unicode.IsSpace(r):
			i++
			continue
		case r == '@' && i+1 < len(rs) && isW(rs[i+1]) && (i == 0 || !isW(rs[i-1])):
			// a handle ("@marta_sol"): the at-sign starts the word
			j := i + 1
			for j < len(rs) && (isW(rs[j]) || (rs[j] == '_' || rs[j] == '.' || rs[j] == '-') && j+1 < len(rs) && isW(rs[j+1])) {
				j++
				j += escapedUnderscore(rs, j)
			}
			t := string(rs[i:j])
			out = append(out, Token{Text: t, Lower: lower(t), Start: offs[i], End: offs[j]})
			i = j
			continue
		case isW(r) || (isCurrency(r) && i+1 < len(rs) && unicode.IsDigit(rs[i+1])) ||
			(r == '/' && i+1 < len(rs) && unicode.IsLetter(rs[i+1]) && (i == 0 || unicode.IsSpace(rs[i-1]))):
			j := i + 1
			for j < len(rs) {
				c := rs[j]
				if isW(c) {
					j++
					continue
				}
				if k := escapedUnderscore(rs, j); k > 0 && isW(rs[j-1]) {
					j += k
					continue
				}
				if j+1 < len(rs) && isW(rs[j+1]) {
					if c == '\'' || c == '’' || c == '-' || c == '_' || c == '/' || c == '@' {
						j++
						continue
					}
					if (c == '.' || c == ':') && unicode.IsLetter(rs[j+1]) && unicode.IsLetter(rs[j-1]) && j+2 < len(rs) && (isW(rs[j+2]) || c == '.' && rs[j+2] == '@') {
						j++ // "net.http", "vue.js", "jim.b@…"; not "end.Next" at a sentence end
						continue
					}
					if c == '.' && unicode.IsDigit(rs[j-1]) && fileExtAt(rs, j+1) && strings.ContainsAny(string(rs[i:j]), "_-") {
						j++ // "IMG_2034.JPG", "report_2023.pdf"; not "B12.hope"
						continue
					}
					if (c == '.' || c == ',') && unicode.IsDigit(rs[j-1]) && unicode.IsDigit(rs[j+1]) {
						j++
						continue
					}
				}
				break
			}
			if j < len(rs) && rs[j] == '%' {
				j++
			}
			t := string(rs[i:j])
			out = append(out, Token{Text: t, Lower: lower(t), Start: offs[i], End: offs[j]})
			i = j
		default:
			t := string(r)
			out = append(out, Token{Text: t, Lower: lower(t), Start: offs[i], End: offs[i+1], Punct: true})
			i++
		}
	}
	return out
}

// fileExtAt reports whether rs[k:] starts with a file extension: two to
// four letters, all lower or all upper case, not a function word, then no
// letter or digit ("pdf", "JPG"; not "The" of "2023.The", "I" or "so" of
// "PS5.I", "PS5.so": a missing space).
func fileExtAt(rs []rune, k int) bool {
	n := 0
	for k+n < len(rs) && unicode.IsLetter(rs[k+n]) {
		n++
	}
	if n < 2 || n > 4 || k+n < len(rs) && unicode.IsDigit(rs[k+n]) {
		return false
	}
	e := string(rs[k : k+n])
	return (e == strings.ToLower(e) || e == strings.ToUpper(e)) && !IsFunctionWord(strings.ToLower(e))
}

// escapedUnderscore is 2 when rs[j:] starts with a markdown-escaped
// underscore followed by a letter or digit ("jessica\_poole": Markdown
// writers escape "_" so it is not read as emphasis), else 0. The escape
// stays in the token's text.
func escapedUnderscore(rs []rune, j int) int {
	if j+2 < len(rs) && rs[j] == '\\' && rs[j+1] == '_' && (unicode.IsLetter(rs[j+2]) || unicode.IsDigit(rs[j+2])) {
		return 2
	}
	return 0
}

// urlEnd returns the end of a web address that starts at rs[i] (a scheme
// and "://", or "www." at a word start: "https://example.com/a?b=1"), up
// to the first space, quote or bracket that it did not open ("…/Pie_(dish)"
// keeps its parentheses; "(see https://example.com)" ends before the
// closing one), without the punctuation that ends the sentence around it
// ("… at https://example.com."); i when none starts there.
func urlEnd(rs []rune, i int) int {
	if i > 0 && (unicode.IsLetter(rs[i-1]) || unicode.IsDigit(rs[i-1])) {
		return i
	}
	start := 0
	for _, p := range urlPrefixes {
		if prefixFold(rs, i, p) {
			start = len(p)
			break
		}
	}
	if start == 0 || i+start >= len(rs) || !(unicode.IsLetter(rs[i+start]) || unicode.IsDigit(rs[i+start])) {
		return i
	}
	j := i + start
	depth := 0 // open parentheses inside the address ("wiki/Pie_(dish)")
	for j < len(rs) && !unicode.IsSpace(rs[j]) {
		if rs[j] == '(' {
			depth++
		} else if rs[j] == ')' && depth > 0 {
			depth--
		} else if strings.ContainsRune(`"'<>()[]{}“”‘’`, rs[j]) {
			break
		}
		j++
	}
	for j > i+start && strings.ContainsRune(".,;:!?", rs[j-1]) {
		j--
	}
	return j
}

// urlPrefixes start a web address (ASCII, lowercase).
var urlPrefixes = []string{"https://", "http://", "ftp://", "www."}

// prefixFold reports whether rs[i:] starts with the ASCII string p, case
// folded, without allocating.
func prefixFold(rs []rune, i int, p string) bool {
	if len(rs)-i < len(p) {
		return false
	}
	for k := 0; k < len(p); k++ {
		if unicode.ToLower(rs[i+k]) != rune(p[k]) {
			return false
		}
	}
	return true
}

func isCurrency(r rune) bool { return r == '$' || r == '€' || r == '£' || r == '¥' }

func lower(s string) string { return strings.ReplaceAll(strings.ToLower(s), "’", "'") }

// wordSet builds a set from space-separated words.
func wordSet(s string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(s) {
		m[w] = true
	}
	return m
}

// Closed word classes of English (lowercase). These are the function words
// every grammar of English lists; they are data, not tuned to any text.
var (
	determiners = wordSet(`a an the this that these those my your his her its our their some any each every no
		another other such whose all both either neither few many much several more most less least`)
	pronouns = wordSet(`i me you he him she it we us they them myself yourself himself herself itself ourselves
		yourselves themselves mine yours hers ours theirs someone something somebody anyone anything anybody
		everyone everything everybody nobody nothing noone one ones i'm i've i'll i'd you're you've you'll you'd
		he's she's it's we're we've we'll they're they've they'll that's there's here's what's who's let's`)
	prepositions = wordSet(`about above across after against along amid among around as at before behind below
		beneath beside besides between beyond by despite down during except for from in inside into like near
		of off on onto out outside over past per since through throughout till to toward towards under
		underneath until up upon via with within without`)
	conjunctions = wordSet(`and or but nor so yet because although though while whereas if unless whether once
		than that cause 'cause cuz`)
	auxiliaries = wordSet(`am is are was were be been being have has had having do does did done doing will
		would shall should can could may might must 'm 're 's 've 'll 'd ain't isn't aren't wasn't weren't
		don't doesn't didn't won't wouldn't can't cannot couldn't shouldn't haven't hasn't hadn't gonna wanna gotta`)
	whWords = wordSet(`what which who whom whose when where why how`)
	// fillers are chat interjections and degree/stance adverbs that carry
	// no answer content.
	fillers = wordSet(`oh wow yeah yep yes no nope hey hi hello thanks thank ok okay haha lol um uh hmm well
		just really very so too also still even already always never ever often sometimes usually actually
		definitely totally pretty quite recently lately finally again now then here there soon later not n't
		maybe perhaps probably kinda sorta basically literally seriously honestly super absolutely`)
)

// IsDeterminer reports whether the lowercase word w is a determiner or
// possessive determiner ("the", "my", "some").
func IsDeterminer(w string) bool { return determiners[w] }

// IsPronoun reports whether w is a personal, reflexive or indefinite
// pronoun, or a pronoun contraction ("I'm", "it's").
func IsPronoun(w string) bool { return pronouns[w] }

// IsPreposition reports whether w is a preposition ("in", "with").
func IsPreposition(w string) bool { return prepositions[w] }

// IsConjunction reports whether w is a coordinating or subordinating
// conjunction ("and", "because").
func IsConjunction(w string) bool { return conjunctions[w] }

// IsAuxiliary reports whether w is a form of be/have/do, a modal, or a
// contraction of one ("didn't", "gonna").
func IsAuxiliary(w string) bool { return auxiliaries[w] }

// IsWhWord reports whether w is an interrogative word ("what", "how").
func IsWhWord(w string) bool { return whWords[w] }

// IsFiller reports whether w is a chat interjection or a degree, stance or
// time adverb that carries no answer content ("wow", "really", "lately").
func IsFiller(w string) bool { return fillers[w] }

// IsFunctionWord reports whether w belongs to a closed word class:
// determiner, pronoun, preposition, conjunction, auxiliary, wh-word or
// filler.
func IsFunctionWord(w string) bool {
	return determiners[w] || pronouns[w] || prepositions[w] || conjunctions[w] || auxiliaries[w] || whWords[w] || fillers[w]
}

// irregular maps irregular English verb forms (past tense and past
// participle) to their base form. It is the standard list of common
// irregular verbs, less the forms that are more often nouns ("rose",
// "ground", "wound", "bound") or ambiguous between verbs ("lay").
var irregular = func() map[string]string {
	rows := `arise arose arisen|awake awoke awoken|be was were been|bear bore born borne|beat beat beaten|
		become became become|begin began begun|bend bent|bet bet|bite bit bitten|bleed bled|
		blow blew blown|break broke broken|breed bred|bring brought|build built|burn burnt|burst burst|
		buy bought|catch caught|choose chose chosen|cling clung|come came come|cost cost|creep crept|cut cut|
		deal dealt|dig dug|do did done|draw drew drawn|dream dreamt|drink drank drunk|drive drove driven|
		eat ate eaten|fall fell fallen|feed fed|feel felt|fight fought|find found|fit fit|flee fled|fly flew flown|
		forbid forbade forbidden|forget forgot forgotten|forgive forgave forgiven|freeze froze frozen|
		get got gotten|give gave given|go went gone|grow grew grown|hang hung|have had|hear heard|
		hide hid hidden|hit hit|hold held|hurt hurt|keep kept|kneel knelt|know knew known|lead led|
		lean leant|leap leapt|learn learnt|leave left|lend lent|let let|light lit|lose lost|
		make made|mean meant|meet met|pay paid|prove proven|put put|quit quit|read read|ride rode ridden|
		ring rang rung|run ran run|say said|see saw seen|seek sought|sell sold|send sent|
		set set|shake shook shaken|shine shone|shoot shot|show showed shown|shrink shrank shrunk|shut shut|
		sing sang sung|sink sank sunk|sit sat|sleep slept|slide slid|speak spoke spoken|speed sped|
		spend spent|spin spun|spread spread|stand stood|steal stole stolen|stick stuck|sting stung|
		stink stank stunk|strike struck|swear swore sworn|sweep swept|swim swam swum|swing swung|
		take took taken|teach taught|tear tore torn|tell told|think thought|throw threw thrown|
		understand understood|wake woke woken|wear wore worn|weave wove woven|weep wept|win won|
		write wrote written`
	m := map[string]string{}
	for _, row := range strings.Split(rows, "|") {
		f := strings.Fields(row)
		for _, w := range f[1:] {
			if _, ok := m[w]; !ok {
				m[w] = f[0]
			}
		}
	}
	return m
}()

// Lemma maps an irregular verb form to its base form ("went" → "go",
// "bought" → "buy"); any other lowercase word is returned unchanged
// (regular inflections are left to the stemmer).
func Lemma(w string) string {
	if b, ok := irregular[w]; ok {
		return b
	}
	return w
}

// IsIrregularVerbForm reports whether w is a listed irregular past or
// participle form ("went", "bought", "seen").
func IsIrregularVerbForm(w string) bool {
	_, ok := irregular[w]
	return ok
}
