package trimem

import (
	"github.com/memarena/memarena/internal/model"
	"regexp"
	"strings"
	"time"

	"github.com/memarena/memarena/internal/nlp"
	"github.com/memarena/memarena/internal/textutil"
)

// Triplet is one fact of an extract-triplets reply (model.Triplet).
type Triplet = model.Triplet

// Extraction is the reply of one extract-triplets request.
type Extraction = model.TripletExtraction

// Speaker perspective used to resolve pronouns.
const (
	roleUser      = "user"
	roleAssistant = "assistant"
)

// Extract is the offline extractor: deterministic patterns over each
// declarative sentence of text (questions are skipped), said by a speaker
// of role ("user", "assistant", "tool") on the day of ref (relative dates
// resolve against it). Pronouns resolve by perspective: I/me/my are the
// speaker (the user, or the assistant), we/us/our/let's the user's side,
// you the other party; he/she/it/they stay unresolved and the triplet is
// dropped. Patterns:
//
//   - prefers: "I (really) prefer/love/like/enjoy X", "I'm a fan of X",
//     "I'd rather X", "my favorite X is Y";
//   - dislikes: "I hate/dislike/avoid X", "I can't stand X", "I don't
//     like/want X", "I'm allergic to X";
//   - uses: "we use/are using/rely on X", "X uses/runs on Y", "use X for Y"
//     (→ Y uses X), "we switched/moved/migrated (from A) to B", "we moved X
//     to B" (→ X uses B, replacing A); negated by "no longer", "don't",
//     "stopped";
//   - decided: "we decided to/on X", "chose/picked/settled on/went with/
//     opted for/let's go with X";
//   - caused_by: "X is caused by/due to/because of Y", "Y caused/led to X",
//     "the (root) cause of X is Y", "X because Y";
//   - solution_for: "Y fixed/solved/resolved X", "X was fixed by Y", "Y is
//     the fix for X", "the fix for X is Y";
//   - located_in: "X is located/based in Y", "I live/am staying in Y", "I
//     moved to Y";
//   - owns: "I own/bought/got a new X"; works_on: "I'm working on/work at
//     X"; depends_on: "X depends on/requires/needs/is blocked by Y";
//   - believes: "I think/believe/suspect (that) X"; part_of: "X is part
//     of/belongs to/is a module of Y";
//   - status: "X is/was done/blocked/merged/cancelled/…", "cancelled X";
//   - scheduled_for: "booked/scheduled/moved X for/to DATE", "X is (moved)
//     on/to DATE", "X leaves/starts on DATE"; any other future date gives
//     (event, scheduled_for, DATE) and any past date (event, occurred_at,
//     DATE), the event being the clause around the date;
//   - conditions: a "when/if/unless/whenever …" clause (leading or
//     trailing) becomes the Condition of the sentence's triplets.
//
// Dates in objects are resolved to YYYY-MM-DD (see FindDates).
func Extract(text, role string, ref time.Time) []Triplet {
	var out []Triplet
	seen := map[string]bool{}
	for _, sent := range textutil.Sentences(text) {
		for _, t := range extractSentence(sent, role, ref) {
			k := strings.ToLower(t.Subject + "\x00" + t.Relation + "\x00" + t.Object + "\x00" + t.Condition)
			if t.Negated {
				k += "\x00neg"
			}
			if seen[k] {
				continue
			}
			seen[k] = true
			out = append(out, t)
		}
	}
	return out
}

var (
	reCondLead  = regexp.MustCompile(`(?i)^\s*((?:only\s+)?(?:when|whenever|if|unless|except\s+when)\b[^,;]+)[,;]\s*`)
	reCondTrail = regexp.MustCompile(`(?i)[,;]?\s+((?:only\s+)?(?:when|whenever|if|unless|except\s+when)\s+[^,;]+)`)
	reReplaced  = regexp.MustCompile(`(?i),?\s+(?:instead\s+of|rather\s+than)\s+([^,;.!?]+)`)
	reChangeCue = regexp.MustCompile(`(?i)\b(?:instead|rather than|switch(?:ed|ing)?|chang(?:e|ed|ing)|mov(?:e|ed|ing)|migrat(?:e|ed|ing)|replac(?:e|ed|ing)|no longer|anymore|any more|now|actually|from now on|updat(?:e|ed)|turn(?:s|ed) out|these days|nowadays|reschedul(?:e|ed)|postpon(?:e|ed)|pushed|new plan|correction|scratch that|back to|no more|upgraded|downgraded|cancell?ed)\b`)
	reQuotes    = strings.NewReplacer("’", "'", "‘", "'", "“", `"`, "”", `"`)
)

// ChangeCue reports whether text signals that a value changed ("now",
// "switched", "instead of", "actually", "no longer", "moved", …). It gates
// supersession for multi-valued relations.
func ChangeCue(text string) bool { return reChangeCue.MatchString(reQuotes.Replace(text)) }

// splitCondition separates a leading or trailing condition clause.
func splitCondition(s string) (main, cond string) {
	if m := reCondLead.FindStringSubmatchIndex(s); m != nil {
		return s[m[1]:], strings.TrimSpace(s[m[2]:m[3]])
	}
	if m := reCondTrail.FindStringSubmatchIndex(s); m != nil {
		c := strings.TrimSpace(strings.TrimRight(s[m[2]:m[3]], ".!?"))
		return s[:m[0]] + s[m[3]:], c
	}
	return s, ""
}

type ruleFlags uint8

const (
	fPerson    ruleFlags = 1 << iota // subject must be a person
	fNonPerson                       // subject must not be a person
	fNegatable                       // a negated match retracts the fact
	fSwap                            // the NP before is the object, the phrase after the subject
	fActive                          // reject passive subjects ("X was fixed")
	fSplit                           // split coordinated objects ("X and Y")
	fToObject                        // drop a leading "to" from the object
)

type verbRule struct {
	rel      string
	re       *regexp.Regexp
	flags    ruleFlags
	maxWords int
}

func vr(rel, re string, flags ruleFlags) verbRule {
	return verbRule{rel: rel, re: regexp.MustCompile(`(?i)` + re), flags: flags, maxWords: 6}
}

var verbRules = []verbRule{
	vr("prefers", `\b(?:(?:really|much|definitely|also|still|do|always|usually|generally)\s+)*(?:prefer|prefers|preferred|love|loves|loved|enjoy|enjoys|enjoyed|like|likes|liked|adore|adores)\b`, fPerson|fSplit|fToObject),
	vr("prefers", `\b(?:am|'m|is|are|'re)\s+(?:a\s+(?:big\s+|huge\s+)?fan\s+of|into|fond\s+of|keen\s+on)\b`, fPerson|fSplit),
	vr("prefers", `\b(?:would|'d)\s+rather(?:\s+have)?\b`, fPerson|fSplit),
	vr("dislikes", `\b(?:hate|hates|hated|dislike|dislikes|disliked|avoid|avoids|avoided|detest|detests|can't\s+stand|cannot\s+stand|(?:don't|do\s+not|doesn't|does\s+not|didn't|never)\s+(?:really\s+)?(?:like|enjoy|want)|(?:am|'m|is|are|'re)\s+(?:not\s+a\s+fan\s+of|allergic\s+to|not\s+into))\b`, fPerson|fSplit|fToObject),
	vr("uses", `\b(?:(?:am|is|are|'m|'re)\s+)?(?:(?:now|still|currently|also|mostly)\s+)?(?:use|uses|using|relies\s+on|rely\s+on|relying\s+on|runs\s+on|run\s+on|running\s+on|(?:is|are)\s+built\s+(?:on|with)|(?:is|are)\s+powered\s+by)\b`, fNegatable|fSplit),
	vr("decided", `\b(?:decided\s+(?:to|on)|agreed\s+(?:to|on)|chose|have\s+chosen|'ve\s+chosen|picked|settled\s+on|went\s+with|opted\s+for|(?:are|'re|am|'m)\s+going\s+with|go\s+with)\b`, 0),
	vr("caused_by", `\b(?:is|was|are|were|'s)\s+(?:(?:probably|likely|actually|mostly)\s+)?(?:caused\s+by|due\s+to|because\s+of|the\s+result\s+of|triggered\s+by)\b`, 0),
	vr("caused_by", `\b(?:caused|causes|causing|led\s+to|leads\s+to|triggered|triggers)\b`, fSwap|fActive),
	vr("solution_for", `\b(?:fixed|fixes|solved|solves|resolved|resolves)\b`, fActive|fNonPerson),
	vr("solution_for", `\b(?:was|is|were|are|got|has\s+been|have\s+been)\s+(?:finally\s+)?(?:fixed|solved|resolved|addressed)\s+by\b`, fSwap),
	vr("solution_for", `\b(?:is|was|'s)\s+(?:the|a|our)\s+(?:fix|solution|workaround|remedy)\s+(?:for|to)\b`, 0),
	vr("located_in", `\b(?:is|are|was|were|'s)\s+(?:located|situated|based)\s+(?:in|at|near)\b`, 0),
	vr("located_in", `\b(?:live|lives|lived|living|reside|resides|relocated\s+to|(?:am|'m|are|'re|is|will)\s+(?:staying|stay|based)|stay|stays|staying)\s+(?:in|at)\b`, fPerson),
	vr("owns", `\b(?:own|owns|bought|purchased|got\s+a\s+new|have\s+a\s+new)\b`, fPerson|fNegatable|fSplit),
	vr("works_on", `\b(?:(?:(?:am|is|are|was|were|'m|'re|been)\s+)?(?:(?:now|currently|still)\s+)?working\s+on|work\s+on|works\s+on|worked\s+on|work\s+at|works\s+at|work\s+for|works\s+for|(?:am|'m|are|'re|is)\s+(?:now\s+)?building)\b`, fPerson|fNegatable),
	vr("depends_on", `\b(?:depends\s+on|depend\s+on|depended\s+on|requires|require|required|needs|need|(?:is|are|was)\s+blocked\s+by|blocked\s+on)\b`, fNonPerson|fSplit),
	{rel: "believes", re: regexp.MustCompile(`(?i)\b(?:think|thinks|believe|believes|suspect|suspects|reckon|(?:am|'m)\s+(?:convinced|sure))\b(?:\s+that\b)?`), flags: fPerson, maxWords: 14},
	vr("part_of", `\b(?:(?:is|are|was|were|'s)\s+(?:a\s+|an\s+)?part\s+of|belongs?\s+to|(?:is|are)\s+(?:a|an)\s+(?:module|component|member|subproject|submodule|piece|section|subsystem)\s+of)\b`, 0),
}

var (
	reFavorite  = regexp.MustCompile(`(?i)\b(my|your|our)\s+(?:favou?rite|preferred)\s+[\w\s\-']{1,40}?\s+(?:is|are|was|has\s+always\s+been)\s+`)
	reMoveTrans = regexp.MustCompile(`(?i)\b(?:switched|switching|moved|moving|migrated|migrating|changed|ported|porting|upgraded|downgraded|converted)\s+((?:the\s+|our\s+|my\s+)?[\w\-/.]+(?:\s+[\w\-/.]+){0,3}?)\s+(?:over\s+|back\s+)?(?:from\s+([^,;]+?)\s+)?to\s+`)
	reMoveIntr  = regexp.MustCompile(`(?i)\b(?:switched|switching|switch|moved|moving|migrated|migrating|changed|changing|ported|upgraded|downgraded|transitioned|revert|reverted|reverting|go\s+back|went\s+back|going\s+back|roll\s+back|rolled\s+back)\s+(?:over\s+|back\s+)?(?:from\s+([^,;]+?)\s+)?to\s+`)
	reDrop      = regexp.MustCompile(`(?i)\b(?:drop|dropped|dropping|remove|removed|removing|rip\s+out|ripped\s+out|get\s+rid\s+of|got\s+rid\s+of|retire|retired|retiring|deprecate|deprecated)\s+`)
	reStatus    = regexp.MustCompile(`(?i)\b(?:is|are|was|were|has\s+been|have\s+been|got|'s)\s+(?:(?:now|finally|already|still|officially)\s+)?(done|finished|complete|completed|blocked|broken|fixed|resolved|deployed|merged|released|shipped|pending|in\s+progress|on\s+hold|cancell?ed|confirmed|approved|rejected|closed|reopened|paid|delayed|postponed|submitted|accepted|failing|passing|live|down|ready|refunded|sold\s+out|booked)(?:\s*$|\s*[,.;:!?]|\s+(?:and|but|now|again|yet|too|already|as|since|after|on|for|by|today|yesterday|this|last|so|because)\b)`)
	reCancel    = regexp.MustCompile(`(?i)\b(?:cancell?ed|called\s+off)\s+`)
	reRootCause = regexp.MustCompile(`(?i)\bthe\s+(?:root\s+|real\s+|main\s+)?cause\s+(?:of\s+([^,;]+?)\s+)?(?:is|was|turned\s+out\s+to\s+be)\s+`)
	reFixFor    = regexp.MustCompile(`(?i)\bthe\s+(?:fix|solution|workaround)\s+(?:for|to)\s+([^,;]+?)\s+(?:is|was)\s+`)
	reBecause   = regexp.MustCompile(`(?i)\s+because(?:\s+of)?\s+`)
	reCoord     = regexp.MustCompile(`(?i)\s+(?:and|or|as\s+well\s+as)\s+`)
	reClausePun = regexp.MustCompile(`[,;:]`)
	reWouldEnd  = regexp.MustCompile(`(?i)(?:'d|\bwould)\s*$`)
	reNegBefore = regexp.MustCompile(`(?i)(?:\bnot|n't|\bnever|\bno\s+longer|\bstopped|\bquit|\bquitting)\s+(?:\w+\s+)?$`)
	// schedule patterns: matched against the text just before a date.
	reSchedVerb = regexp.MustCompile(`(?i)\b(booked|book|booking|reserved|reserve|scheduled|schedule|planned|plan|set|moved|rescheduled|pushed|postponed|changed|bumped|arranged|confirmed)\s+((?:the\s+|our\s+|my\s+|a\s+|an\s+)?[\w\-/.']+(?:\s+[\w\-/.']+){0,4}?)\s+(?:back\s+)?(?:from\s+([^,;]+?)\s+)?(?:for|on|to|at|till|until)\s+(?:the\s+)?$`)
	reSchedCop  = regexp.MustCompile(`(?i)\b(is|are|'s|was|were|will\s+be|has\s+been|have\s+been|got)\s+(?:(?:now|still|also)\s+)?(?:(scheduled|planned|booked|set|due|moved|rescheduled|pushed|postponed|confirmed)\s+)?(?:back\s+)?(?:from\s+([^,;]+?)\s+)?(?:for|on|to|at|till|until)?\s*(?:the\s+)?$`)
	reSchedEvt  = regexp.MustCompile(`(?i)\b(?:leaves|departs|starts|begins|lands|arrives|opens|closes|ends|launches|ships|is\s+due|are\s+due|takes\s+place|happens|expires)\s+(?:on|at|in)?\s*(?:the\s+)?$`)
)

// clause boundaries for noun phrases and objects.
var (
	reLeftBoundary  = regexp.MustCompile(`(?i)(?:[,;:()"]|\s-\s|\s—\s|\b(?:and|but|so|that|because|which|who|when|if|then|since|while|after|before|although|though|where|whether|once|until|plus)\b)`)
	reRightBoundary = regexp.MustCompile(`(?i)(?:[,;:!?()"]|\.(?:\s|$)|\s-\s|\s—\s|\s(?:but|because|since|so|which|who|as|after|before|until|while|when|if|unless|whenever|than|though|although|instead|rather|where|whereas|so\s+that|to\s+make|to\s+avoid|in\s+order|and\s+then|with\s+the|from\s+now|going\s+forward)\b)`)
)

var trailingNoise = []string{
	"these days", "any more", "anymore", "nowadays", "lately", "again", "too", "as well", "instead", "already",
	"for now", "from now on", "then", "either", "though", "actually", "really", "a lot", "very much", "so much",
	"the most", "most", "best", "now", "today", "here", "there", "at all", "please", "for sure", "for good",
	"going forward", "more", "anyway", "overall", "honestly", "personally", "currently", "still", "by far",
}

var npNoise = map[string]bool{
	"now": true, "also": true, "really": true, "still": true, "currently": true, "already": true, "just": true,
	"actually": true, "definitely": true, "always": true, "usually": true, "mostly": true, "probably": true,
	"finally": true, "recently": true, "do": true, "does": true, "did": true, "will": true, "would": true,
	"should": true, "can": true, "could": true, "must": true, "might": true, "have": true, "has": true, "had": true,
	"totally": true, "absolutely": true, "personally": true, "generally": true, "honestly": true, "even": true,
	"much": true, "never": true, "not": true, "don't": true, "doesn't": true, "didn't": true, "no": true, "longer": true,
	"stopped": true, "quit": true, "ok": true, "okay": true, "yes": true, "well": true, "so": true, "and": true,
	"but": true, "then": true, "oh": true, "hey": true, "noted": true, "great": true, "sure": true, "both": true,
	"all": true, "only": true, "sometimes": true, "often": true,
}

// pronouns end a noun phrase scan: in "I think we" the subject is "we".
var pronouns = map[string]bool{"i": true, "we": true, "you": true, "he": true, "she": true, "they": true, "it": true, "me": true, "us": true}

var auxWords = map[string]bool{"is": true, "was": true, "are": true, "were": true, "be": true, "been": true, "being": true, "got": true, "gets": true, "get": true, "'s": true}

var infinitiveHeads = map[string]bool{"decided": true, "want": true, "wants": true, "wanted": true, "plan": true, "plans": true,
	"planning": true, "planned": true, "need": true, "needs": true, "going": true, "chose": true, "agreed": true, "try": true,
	"trying": true, "tried": true, "started": true, "start": true, "begin": true, "began": true, "hope": true, "hoping": true,
	"like": true, "'d like": true, "love": true, "prefer": true, "have": true, "has": true, "had": true, "used": true, "intend": true,
	"continue": true, "continued": true, "will": true, "'ll": true}

var unresolvedPronouns = map[string]bool{"he": true, "she": true, "it": true, "they": true, "them": true, "this": true,
	"that": true, "these": true, "those": true, "there": true, "which": true, "who": true, "what": true, "one": true,
	"him": true, "her": true, "something": true, "anything": true, "everything": true, "nothing": true, "someone": true,
	"so": true, "some": true, "lot": true, "a lot": true, "all": true, "both": true, "each": true, "here": true, "none": true,
	"everyone": true, "anyone": true, "whatever": true, "thing": true, "things": true, "stuff": true}

var personWords = map[string]bool{"team": true, "wife": true, "husband": true, "partner": true, "friend": true, "friends": true,
	"colleague": true, "colleagues": true, "boss": true, "manager": true, "client": true, "customer": true, "mom": true,
	"dad": true, "mother": true, "father": true, "family": true, "sister": true, "brother": true, "kids": true, "son": true,
	"daughter": true, "user": true, "coworker": true, "teammate": true, "teammates": true}

// subject is a resolved subject phrase.
type subject struct {
	text    string
	person  bool
	passive bool
	ok      bool
}

// resolveSubject maps a noun phrase to a subject by the speaker's
// perspective.
func resolveSubject(np, role string) subject {
	words := strings.Fields(np)
	for i, w := range words {
		words[i] = stripContraction(w)
	}
	np = strings.Join(words, " ")
	l := strings.ToLower(np)
	self, other := roleUser, roleAssistant
	if role == roleAssistant {
		self, other = roleAssistant, roleUser
	}
	if role != roleUser && role != roleAssistant {
		self = "" // a tool has no first person we can name
	}
	switch l {
	case "":
		return subject{}
	case "i", "me", "myself":
		if self == "" {
			return subject{}
		}
		return subject{text: self, person: true, ok: true}
	case "we", "us", "let's", "lets", "let us", "we all", "you and i", "you and me":
		return subject{text: roleUser, person: true, ok: true}
	case "you", "yourself":
		if role == roleUser {
			return subject{text: other, person: true, ok: true}
		}
		return subject{text: roleUser, person: true, ok: true}
	case "the user", "user":
		return subject{text: roleUser, person: true, ok: true}
	}
	if unresolvedPronouns[l] {
		return subject{}
	}
	if nlp.NormalizeEntity(np) == "" {
		return subject{}
	}
	for _, w := range strings.Fields(l) {
		if personWords[strings.Trim(w, ".,")] {
			return subject{text: np, person: true, ok: true}
		}
	}
	name := true
	switch strings.ToLower(words[0]) {
	case "the", "a", "an", "my", "our", "your", "this", "that", "their", "his", "her":
		name = false // "The PR" is a thing, not a name
	}
	for _, w := range words {
		if !isNameWord(w) {
			name = false
			break
		}
	}
	if name && len(words) <= 3 {
		return subject{text: np, person: true, ok: true}
	}
	return subject{text: np, ok: true}
}

// isNameWord reports whether w is written like a personal name: a capital
// followed only by lowercase letters ("Priya", not "TTL", "MaxConns", "Go2").
func isNameWord(w string) bool {
	r := []rune(strings.TrimRight(w, ".,"))
	if len(r) < 2 || r[0] < 'A' || r[0] > 'Z' {
		return false
	}
	for _, c := range r[1:] {
		if c < 'a' || c > 'z' {
			return false
		}
	}
	return true
}

func stripContraction(w string) string {
	l := strings.ToLower(w)
	if l == "let's" || l == "lets" {
		return "we"
	}
	for _, suf := range []string{"'re", "'m", "'ve", "'d", "'ll"} {
		if strings.HasSuffix(l, suf) {
			return w[:len(w)-len(suf)]
		}
	}
	if strings.HasSuffix(l, "'s") {
		switch l[:len(l)-2] {
		case "he", "she", "it", "that", "there", "what", "who":
			return w[:len(w)-2]
		}
	}
	return w
}

// nounPhraseBefore returns the noun phrase that ends right before byte i:
// the clause tail (after the last boundary), trailing adverbs and
// auxiliaries removed, at most 6 words. passive reports a trailing
// be-auxiliary ("the bug was" before "fixed"). For an infinitive ("we
// decided to" before "use") the phrase is the governing verb's subject.
func nounPhraseBefore(s string, i int) (np string, passive bool) {
	np, passive, _ = nounPhraseModal(s, i)
	return np, passive
}

// modals mark a hypothetical ("we should use X"): not a stated fact.
var modals = map[string]bool{"should": true, "could": true, "might": true, "may": true, "would": true, "'d": true, "must": true}

// nounPhraseModal is nounPhraseBefore that also reports whether a modal
// verb stood between the phrase and byte i.
func nounPhraseModal(s string, i int) (np string, passive, modal bool) {
	left := s[:i]
	if locs := reLeftBoundary.FindAllStringIndex(left, -1); len(locs) > 0 {
		left = left[locs[len(locs)-1][1]:]
	}
	words := strings.Fields(left)
	strip := func() {
		for len(words) > 0 {
			w := strings.ToLower(strings.Trim(words[len(words)-1], ".,"))
			if modals[w] {
				modal = true
			}
			if npNoise[w] || w == "'d" || w == "'ll" || modals[w] {
				words = words[:len(words)-1]
				continue
			}
			if auxWords[w] {
				passive = true
				words = words[:len(words)-1]
				continue
			}
			break
		}
	}
	strip()
	if len(words) > 0 && strings.EqualFold(words[len(words)-1], "to") {
		words = words[:len(words)-1]
		if len(words) > 0 {
			h := strings.ToLower(stripContraction(words[len(words)-1]))
			if infinitiveHeads[h] || infinitiveHeads[strings.ToLower(words[len(words)-1])] {
				words = words[:len(words)-1]
				passive = false
				strip()
			} else {
				return "", false, modal
			}
		}
	}
	// A pronoun inside the phrase starts the subject ("I think we").
	for k := len(words) - 1; k > 0; k-- {
		if pronouns[strings.ToLower(stripContraction(words[k]))] {
			words = words[k:]
			break
		}
	}
	if len(words) > 6 {
		words = words[len(words)-6:]
	}
	for len(words) > 0 && npNoise[strings.ToLower(words[0])] {
		words = words[1:]
	}
	return strings.TrimSpace(strings.Join(words, " ")), passive, modal
}

// phraseAfter returns the phrase starting at byte j up to the next clause
// boundary or date mention, trailing noise removed; "" when it is longer
// than maxWords, empty, or only a pronoun.
func phraseAfter(s string, j int, dates []DateMention, maxWords int) string {
	right := s[j:]
	end := len(right)
	if loc := reRightBoundary.FindStringIndex(right); loc != nil && loc[0] < end {
		end = loc[0]
	}
	for _, d := range dates {
		if d.Start >= j && d.Start-j < end {
			end = d.Start - j
		}
	}
	return cleanPhrase(right[:end], maxWords)
}

func cleanPhrase(p string, maxWords int) string {
	p = strings.TrimSpace(strings.TrimRight(strings.TrimSpace(p), ".!?,;:"))
	for changed := true; changed; {
		changed = false
		l := strings.ToLower(p)
		for _, n := range trailingNoise {
			if l == n {
				return ""
			}
			if strings.HasSuffix(l, " "+n) {
				p = strings.TrimSpace(p[:len(p)-len(n)-1])
				changed = true
				break
			}
		}
		// dangling prepositions and connectives
		for _, n := range []string{"on", "at", "in", "since", "by", "for", "from", "until", "till", "of", "to", "with", "the", "a", "and", "or", "this", "next", "last"} {
			if strings.HasSuffix(strings.ToLower(p), " "+n) {
				p = strings.TrimSpace(p[:len(p)-len(n)-1])
				changed = true
				break
			}
		}
	}
	p = strings.Trim(p, " \"'")
	if p == "" || unresolvedPronouns[strings.ToLower(p)] {
		return ""
	}
	if n := len(strings.Fields(p)); n == 0 || n > maxWords {
		return ""
	}
	if nlp.NormalizeEntity(p) == "" {
		return ""
	}
	return p
}

// splitCoordinated splits "X and Y" / "X or Y" into parts of at most 4
// words each; otherwise returns the phrase whole.
func splitCoordinated(p string) []string {
	parts := reCoord.Split(p, -1)
	if len(parts) < 2 {
		return []string{p}
	}
	for _, x := range parts {
		if n := len(strings.Fields(x)); n == 0 || n > 4 {
			return []string{p}
		}
	}
	return parts
}

// extractSentence runs every pattern over one sentence.
func extractSentence(raw, role string, ref time.Time) []Triplet {
	s := reQuotes.Replace(strings.TrimSpace(raw))
	if s == "" || strings.HasSuffix(s, "?") {
		return nil
	}
	main, cond := splitCondition(s)
	var replaces []string
	for _, m := range reReplaced.FindAllStringSubmatch(main, -1) {
		if r := cleanPhrase(m[1], 6); r != "" {
			replaces = append(replaces, r)
		}
	}
	main = reReplaced.ReplaceAllString(main, "")
	dates := FindDates(main, ref)
	replaced := strings.Join(replaces, "; ")

	var out []Triplet
	emit := func(subj, rel, obj string, negated bool, repl string) {
		if subj == "" || obj == "" {
			return
		}
		if rel == "status" {
			obj = NormalizeValue(obj)
		}
		if strings.EqualFold(subj, obj) {
			return
		}
		out = append(out, Triplet{Subject: subj, Relation: rel, Object: obj, Condition: cond, Negated: negated, Replaces: repl, Evidence: strings.TrimSpace(raw)})
	}
	consumedDates := map[int]bool{}
	dateAt := func(pos int) int {
		for i, d := range dates {
			if d.Start >= pos && strings.TrimSpace(main[pos:d.Start]) == "" {
				return i
			}
		}
		return -1
	}

	// Verb rules.
	for _, r := range verbRules {
		for _, m := range r.re.FindAllStringIndex(main, -1) {
			np, passive, modal := nounPhraseModal(main, m[0])
			if r.flags&fActive != 0 && passive {
				continue
			}
			if modal && r.rel != "believes" && r.rel != "prefers" {
				continue // "we should use X" is a proposal, not a fact
			}
			negated := reNegBefore.MatchString(main[:m[0]])
			if negated && r.flags&fNegatable == 0 {
				continue
			}
			if r.rel == "prefers" && reWouldEnd.MatchString(main[:m[0]]) {
				continue // "I'd like to book …" is a request, not a preference
			}
			maxW := r.maxWords
			if r.flags&fSwap != 0 {
				maxW = 8
			}
			obj := phraseAfter(main, m[1], dates, maxW)
			if obj == "" {
				continue
			}
			lo := strings.ToLower(obj)
			if r.flags&fToObject != 0 && strings.HasPrefix(lo, "to ") {
				obj = obj[3:]
			} else if strings.HasPrefix(lo, "to ") && r.rel != "decided" {
				continue // "used to", "like to": not the relation
			} else if r.rel == "decided" && strings.HasPrefix(lo, "to ") {
				obj = obj[3:]
			}
			sub := resolveSubject(np, role)
			if r.flags&fSwap != 0 {
				// the phrase before is the cause/solution; after is the effect
				sub2 := resolveSubject(obj, role)
				if !sub2.ok || np == "" {
					continue
				}
				cause := np
				if sub.ok && sub.person {
					cause = sub.text
				}
				emit(sub2.text, r.rel, cause, negated, replaced)
				continue
			}
			if !sub.ok {
				continue
			}
			if r.flags&fPerson != 0 && !sub.person {
				continue
			}
			if r.flags&fNonPerson != 0 && sub.person {
				continue
			}
			objs := []string{obj}
			if r.rel == "uses" {
				if i := strings.Index(strings.ToLower(obj), " for "); i > 0 && sub.person {
					x, y := cleanPhrase(obj[:i], 6), cleanPhrase(obj[i+5:], 4)
					if x != "" && y != "" {
						sub, objs = subject{text: y, ok: true}, []string{x}
					}
				}
			}
			if r.flags&fSplit != 0 && len(objs) == 1 {
				objs = splitCoordinated(objs[0])
			}
			for _, o := range objs {
				emit(sub.text, r.rel, o, negated && r.flags&fNegatable != 0, replaced)
			}
		}
	}

	// "my favorite X is Y"
	for _, m := range reFavorite.FindAllStringSubmatchIndex(main, -1) {
		sub := resolveSubject(map[string]string{"my": "I", "your": "you", "our": "we"}[strings.ToLower(main[m[2]:m[3]])], role)
		if obj := phraseAfter(main, m[1], dates, 6); obj != "" && sub.ok {
			emit(sub.text, "prefers", obj, false, replaced)
		}
	}
	// "we moved X (from A) to B" and "we switched (from A) to B".
	transDone := map[int]bool{}
	for _, m := range reMoveTrans.FindAllStringSubmatchIndex(main, -1) {
		x := main[m[2]:m[3]]
		lx := strings.ToLower(x)
		if strings.HasPrefix(lx, "from ") || lx == "over" || lx == "back" || strings.HasPrefix(lx, "over ") || strings.HasPrefix(lx, "back ") {
			continue
		}
		if dateAt(m[1]) >= 0 {
			continue // rescheduling: handled with the dates
		}
		sub := resolveSubject(cleanPhrase(x, 4), role)
		obj := phraseAfter(main, m[1], dates, 6)
		if !sub.ok || sub.person || obj == "" {
			continue
		}
		repl := replaced
		if m[4] >= 0 {
			repl = cleanPhrase(main[m[4]:m[5]], 6)
		}
		emit(sub.text, "uses", obj, false, repl)
		transDone[m[0]] = true
	}
	for _, m := range reMoveIntr.FindAllStringSubmatchIndex(main, -1) {
		if transDone[m[0]] || dateAt(m[1]) >= 0 {
			continue
		}
		np, _ := nounPhraseBefore(main, m[0])
		sub := resolveSubject(np, role)
		if np == "" {
			sub = subject{text: roleUser, person: true, ok: true} // an imperative or a decision: "revert to X"
		}
		obj := phraseAfter(main, m[1], dates, 8)
		if !sub.ok || obj == "" {
			continue
		}
		repl := replaced
		if m[2] >= 0 {
			repl = cleanPhrase(main[m[2]:m[3]], 6)
		}
		rel := "uses"
		if strings.EqualFold(np, "I") && strings.HasPrefix(strings.ToLower(main[m[0]:m[1]]), "moved") {
			rel = "located_in" // "I moved to Lisbon"
		}
		if i := strings.Index(strings.ToLower(obj), " for "); i > 0 && sub.person && rel == "uses" {
			// "revert to sqlc for the invoices module" → invoices module uses sqlc
			if x, y := cleanPhrase(obj[:i], 6), cleanPhrase(obj[i+5:], 4); x != "" && y != "" {
				sub, obj = subject{text: y, ok: true}, x
			}
		}
		emit(sub.text, rel, obj, false, repl)
	}
	// "drop GORM", "remove Redis from the cart": whatever used it no longer
	// does. Without a "from Y" the subject is "*" (any subject).
	for _, m := range reDrop.FindAllStringIndex(main, -1) {
		obj := phraseAfter(main, m[1], dates, 9)
		subj := AnySubject
		if i := strings.Index(strings.ToLower(obj), " from "); i > 0 {
			if y := cleanPhrase(obj[i+6:], 4); y != "" {
				subj = y
			}
			obj = obj[:i]
		}
		if obj = cleanPhrase(obj, 4); obj != "" {
			emit(subj, "uses", obj, true, "")
		}
	}
	// Attribute values (the status relation): "TTL of 5 minutes", "a 70%
	// coverage target", "goes from 70% to 80%", "shorten the TTL to 60
	// seconds", "MaxConns 15 (down from 20)", "Go 1.26".
	if role != "tool" {
		named := len(out)
		for _, av := range attributeValues(main, role) {
			// "MySQL 8" as the object of another triplet is a name, not a
			// setting.
			isName := false
			pair := strings.ToLower(av.attr + " " + av.value)
			for _, t := range out[:named] {
				if strings.Contains(strings.ToLower(t.Object), pair) || strings.Contains(strings.ToLower(t.Subject), pair) {
					isName = true
				}
			}
			if !isName {
				emit(av.attr, "status", av.value, false, av.replaces)
			}
		}
	}
	// status
	for _, m := range reStatus.FindAllStringSubmatchIndex(main, -1) {
		np, _ := nounPhraseBefore(main, m[0])
		sub := resolveSubject(np, role)
		if !sub.ok || sub.person {
			continue
		}
		emit(sub.text, "status", strings.ToLower(strings.Join(strings.Fields(main[m[2]:m[3]]), " ")), false, "")
	}
	for _, m := range reCancel.FindAllStringIndex(main, -1) {
		if obj := phraseAfter(main, m[1], dates, 6); obj != "" {
			if sub := resolveSubject(obj, role); sub.ok && !sub.person {
				emit(sub.text, "status", "cancelled", false, "")
			}
		}
	}
	// root cause / fix for
	for _, m := range reRootCause.FindAllStringSubmatchIndex(main, -1) {
		x := "the issue"
		if m[2] >= 0 {
			x = cleanPhrase(main[m[2]:m[3]], 6)
		}
		if obj := phraseAfter(main, m[1], dates, 8); obj != "" && x != "" {
			emit(x, "caused_by", obj, false, "")
		}
	}
	for _, m := range reFixFor.FindAllStringSubmatchIndex(main, -1) {
		x := cleanPhrase(main[m[2]:m[3]], 6)
		if obj := phraseAfter(main, m[1], dates, 8); obj != "" && x != "" {
			emit(obj, "solution_for", x, false, "")
		}
	}
	// "X because Y": the clause before is caused by the clause after.
	for _, m := range reBecause.FindAllStringIndex(main, -1) {
		left := strings.TrimRight(main[:m[0]], " ,;:")
		if locs := reClausePun.FindAllStringIndex(left, -1); len(locs) > 0 {
			left = left[locs[len(locs)-1][1]:]
		}
		effect := eventPhrase(left, nil)
		cause := phraseAfter(main, m[1], dates, 10)
		if effect != "" && cause != "" {
			emit(effect, "caused_by", cause, false, "")
		}
	}

	// Dates: scheduling patterns, then events.
	for i, d := range dates {
		left := main[:d.Start]
		// fromDate resolves "from April 30" to the replaced date.
		fromDate := func(m []int, g int) string {
			if m[2*g] < 0 {
				return ""
			}
			if fd := FindDates(left[m[2*g]:m[2*g+1]], ref); len(fd) == 1 {
				consumedDates[indexOfDate(dates, m[2*g]+fd[0].Start)] = true
				return fd[0].Date.Format(DateLayout)
			}
			return ""
		}
		if m := reSchedVerb.FindStringSubmatchIndex(left); m != nil {
			x := cleanPhrase(left[m[4]:m[5]], 5)
			if sub := resolveSubject(x, role); sub.ok && !sub.person {
				emit(sub.text, "scheduled_for", d.Value(), false, fromDate(m, 3))
				consumedDates[i] = true
				continue
			}
		}
		if m := reSchedCop.FindStringSubmatchIndex(left); m != nil && m[0] > 0 {
			np, _ := nounPhraseBefore(left, m[0])
			if sub := resolveSubject(np, role); sub.ok && !sub.person {
				rel := "scheduled_for"
				aux := strings.ToLower(left[m[2]:m[3]])
				if d.Tense == TensePast && (aux == "was" || aux == "were") && m[4] < 0 {
					rel = "occurred_at"
				}
				emit(sub.text, rel, d.Value(), false, fromDate(m, 3))
				consumedDates[i] = true
				continue
			}
		}
		if m := reSchedEvt.FindStringIndex(left); m != nil && m[0] > 0 {
			np, _ := nounPhraseBefore(left, m[0])
			if sub := resolveSubject(np, role); sub.ok && !sub.person {
				emit(sub.text, "scheduled_for", d.Value(), false, "")
				consumedDates[i] = true
				continue
			}
		}
	}
	for i, d := range dates {
		if consumedDates[i] || datesInClause(main, d, dates) > 1 {
			continue // a list of dates in one clause names no single event
		}
		ev := eventPhrase(clauseAround(main, d), dates)
		if ev == "" {
			continue
		}
		rel := "occurred_at"
		if d.Tense == TenseFuture {
			rel = "scheduled_for"
		}
		emit(ev, rel, d.Value(), false, "")
	}
	return out
}

// datesInClause counts the date mentions in the comma/semicolon clause
// holding d.
func datesInClause(s string, d DateMention, dates []DateMention) int {
	a := strings.LastIndexAny(s[:d.Start], ",;:(") + 1
	b := len(s)
	if i := strings.IndexAny(s[d.End:], ",;:)"); i >= 0 {
		b = d.End + i
	}
	n := 0
	for _, x := range dates {
		if x.Start >= a && x.End <= b {
			n++
		}
	}
	return n
}

// indexOfDate is the index of the date mention starting at byte start, or
// -1.
func indexOfDate(dates []DateMention, start int) int {
	for i, d := range dates {
		if d.Start == start {
			return i
		}
	}
	return -1
}

// clauseAround returns the comma/semicolon/colon-delimited clause of s with
// the most content words (the date's own text not counted); ties go to the
// clause holding the date, then to the earlier clause.
func clauseAround(s string, d DateMention) string {
	type seg struct{ a, b int }
	var segs []seg
	start := 0
	for i, r := range s {
		if r == ',' || r == ';' || r == ':' {
			segs = append(segs, seg{start, i})
			start = i + 1
		}
	}
	segs = append(segs, seg{start, len(s)})
	content := func(g seg) int {
		t := s[g.a:g.b]
		if d.Start >= g.a && d.End <= g.b {
			t = s[g.a:d.Start] + s[d.End:g.b]
		}
		return len(textutil.ContentTokens(t))
	}
	holds := func(g seg) bool { return d.Start >= g.a && d.End <= g.b }
	best := -1
	for i, g := range segs {
		if best < 0 || content(g) > content(segs[best]) || content(g) == content(segs[best]) && holds(g) && !holds(segs[best]) {
			best = i
		}
	}
	g := segs[best]
	if d.Start >= g.a && d.End <= g.b {
		return s[g.a:d.Start] + " " + s[d.End:g.b]
	}
	return s[g.a:g.b]
}

var (
	reLeadWords  = regexp.MustCompile(`(?i)^(?:(?:i'm|we're|you're|i've|we've|i'd|we'd|i'll|we'll|they're|and|but|so|then|since|because|when|also|ok|okay|well|oh|yes|great|noted|actually|just|finally|already|really|change\s+of\s+plan|i|we|you|he|she|they|have|had|will|am|are|is|was|were|did|do)\b[\s,]*)+`)
	reTrailPreps = regexp.MustCompile(`(?i)(?:\s+(?:on|at|in|since|by|for|from|until|till|of|to|last|this|next|ago|the))+\s*$`)
)

// eventPhrase turns a clause into an event name: other date expressions
// removed, leading connectives, pronouns and auxiliaries dropped, dangling
// prepositions trimmed, lowercased, at most 10 words; "" if no content word
// is left.
func eventPhrase(clause string, dates []DateMention) string {
	c := clause
	for _, d := range dates {
		c = strings.ReplaceAll(c, d.Text, " ")
	}
	c = strings.Join(strings.Fields(c), " ")
	c = strings.TrimSpace(reLeadWords.ReplaceAllString(c, ""))
	c = strings.TrimRight(c, ".!?,;: ")
	c = reTrailPreps.ReplaceAllString(c, "")
	words := strings.Fields(strings.ToLower(c))
	if len(words) > 10 {
		words = words[:10]
	}
	c = strings.Join(words, " ")
	if len(textutil.ContentTokens(c)) == 0 || nlp.NormalizeEntity(c) == "" {
		return ""
	}
	return c
}

// valueRe matches a value: a number with an optional currency and unit, a
// percentage, or a hyphenated measure ("60-second").
const valueRe = `(?:[$€£]\s?\d[\d,]*(?:\.\d+)?(?:[km]\b)?|v?\d[\d,]*(?:\.\d+)*(?:\s*%|\s*percent\b|-(?:second|minute|hour|day|week|month|year|night|ms)s?\b|\s*(?:ms|milliseconds?|s|secs?|seconds?|mins?|minutes?|h|hrs?|hours?|days?|weeks?|months?|years?|nights?|gb|mb|tb|kb|x|connections?|tasks?|machines?|papers?|criteria|items?|users?|requests?|rps|qps|nodes?|replicas?|workers?|threads?|points?|euros?|dollars?|usd|eur|per\s+(?:page|night|day|month|person|request|second))\b)?)`

var (
	reValueOnly = regexp.MustCompile(`(?i)^` + valueRe + `$`)
	// "X goes from A to B"
	reFromTo = regexp.MustCompile(`(?i)\b(?:goes|went|go|changes|changed|change|increases|increased|decreases|decreased|drops|dropped|rises|rose|moves|moved|jumps|jumped|grows|grew|falls|fell|climbs|climbed|improves|improved|shrinks|shrank|went\s+up|went\s+down)\s+from\s+(` + valueRe + `)\s+to\s+(` + valueRe + `)`)
	// "brings the included set from 23 to 31 papers"
	reBrings = regexp.MustCompile(`(?i)\b(?:brings|bring|brought|takes|took|puts|put|gets|got|pushes|pushed|raises|raised|lowers|lowered|moves|moved)\s+(?:the\s+|our\s+|its\s+)?([A-Za-z][\w\-./]*(?:\s+[A-Za-z][\w\-./]*){0,2})\s+from\s+(` + valueRe + `)\s+to\s+(` + valueRe + `)`)
	// "shorten the TTL to 60 seconds"
	reSetTo = regexp.MustCompile(`(?i)\b(?:set|sets|setting|shorten|shortened|shortening|lengthen|lengthened|raise|raised|raising|lower|lowered|lowering|reduce|reduced|reducing|increase|increased|increasing|bump|bumped|bumping|change|changed|changing|cut|cutting|update|updated|updating|extend|extended|extending|decrease|decreased|adjust|adjusted|tune|tuned)\s+(?:the\s+|our\s+|its\s+|their\s+)?([A-Za-z][\w\-./]*(?:\s+[A-Za-z][\w\-./]*){0,2})\s+(?:to|at)\s+(` + valueRe + `)`)
	// "X is (now) 26 ms", "X is set to 15", "X stays at 100"
	reIsValue = regexp.MustCompile(`(?i)\b(?:is|are|was|were|stays|stayed|sits|remains|remained|'s)\s+(?:(?:now|still|currently|at|around|about|set\s+to|raised\s+to|lowered\s+to|reduced\s+to|increased\s+to|bumped\s+to|cut\s+to|down\s+to|up\s+to)\s+)*(` + valueRe + `)(?:\s*$|[\s,.;:)!])`)
	// "a TTL of 5 minutes", "TTL 5 minutes", "MaxConns 15", "max_connections of 100"
	reAttrValue = regexp.MustCompile(`(?i)\b([A-Za-z][\w\-./]*)\s+(?:(of|=|:|at)\s*)?(` + valueRe + `)(?:\s*$|[\s,.;:)!])`)
	// "a 70% test coverage target", "the 60-second TTL"
	reValueAttr = regexp.MustCompile(`(?i)\b(?:a|an|the|our|its|their|with)\s+(` + valueRe + `)\s+([A-Za-z][\w\-]*(?:\s+[A-Za-z][\w\-]*){0,2})`)
	// "Go 1.26", "Python 3.12"
	reVersion = regexp.MustCompile(`\b([A-Z][A-Za-z]+)\s+v?(\d+\.\d+(?:\.\d+)?)\b`)
	// "(down from 20)"
	reDownFrom  = regexp.MustCompile(`(?i)\((?:down|up)\s+from\s+([^)]+)\)`)
	reHyphenVal = regexp.MustCompile(`(?i)^(\d[\d.,]*)-(second|minute|hour|day|week|month|year|night|ms)s?$`)
	reSpaces    = regexp.MustCompile(`\s+`)
)

// attrStop are words that cannot be (the head of) an attribute name.
var attrStop = map[string]bool{"page": true, "step": true, "day": true, "from": true, "to": true, "and": true,
	"or": true, "by": true, "for": true, "in": true, "on": true, "at": true, "with": true, "than": true, "about": true,
	"around": true, "over": true, "under": true, "of": true, "is": true, "was": true, "are": true, "were": true, "after": true,
	"before": true, "since": true, "until": true, "every": true, "each": true, "per": true, "only": true, "just": true,
	"then": true, "down": true, "up": true, "now": true, "still": true, "so": true, "also": true, "last": true, "next": true,
	"first": true, "top": true, "all": true, "takes": true, "take": true, "took": true, "scaled": true, "costs": true, "cost": true}

// NormalizeValue writes an attribute value one way: lowercase, single
// spaces, "60-second" → "60 seconds", "5 percent" → "5%".
func NormalizeValue(v string) string {
	v = strings.ToLower(strings.TrimSpace(reSpaces.ReplaceAllString(v, " ")))
	v = strings.TrimRight(v, ".,;:")
	if m := reHyphenVal.FindStringSubmatch(v); m != nil {
		unit := m[2]
		if m[1] != "1" && unit != "ms" {
			unit += "s"
		}
		return m[1] + " " + unit
	}
	v = strings.Replace(v, " percent", "%", 1)
	v = strings.Replace(v, " %", "%", 1)
	return v
}

type attrValue struct{ attr, value, replaces string }

// attributeValues finds attribute–value statements in a clause (see the
// patterns above). Attribute names are short noun phrases; a bare word
// before a value must look technical (TTL, MaxConns, max_connections, p95)
// unless a linking "of/=/:" joins them.
func attributeValues(s, role string) []attrValue {
	var out []attrValue
	// downFrom gives the value a "(down from A)" right after byte end
	// replaces.
	downFrom := func(end int) string {
		if m := reDownFrom.FindStringSubmatchIndex(s[end:]); m != nil && strings.TrimSpace(s[end:end+m[0]]) == "" {
			return strings.TrimSpace(s[end+m[2] : end+m[3]])
		}
		return ""
	}
	add := func(attr, value, repl string) {
		attr = strings.Trim(strings.TrimSpace(attr), ".,;:")
		if attr == "" || value == "" || !reValueOnly.MatchString(strings.TrimSpace(value)) {
			return
		}
		ws := strings.Fields(strings.ToLower(attr))
		if attrStop[ws[len(ws)-1]] || attrStop[ws[0]] || unresolvedPronouns[strings.ToLower(attr)] {
			return
		}
		if sub := resolveSubject(attr, role); !sub.ok {
			return
		}
		for _, o := range out {
			if strings.EqualFold(o.attr, attr) && NormalizeValue(o.value) == NormalizeValue(value) {
				return
			}
		}
		out = append(out, attrValue{attr: attr, value: value, replaces: repl})
	}
	for _, m := range reFromTo.FindAllStringSubmatchIndex(s, -1) {
		np, _ := nounPhraseBefore(s, m[0])
		add(np, s[m[4]:m[5]], s[m[2]:m[3]])
	}
	for _, m := range reBrings.FindAllStringSubmatchIndex(s, -1) {
		add(s[m[2]:m[3]], s[m[6]:m[7]], s[m[4]:m[5]])
	}
	for _, m := range reSetTo.FindAllStringSubmatchIndex(s, -1) {
		add(s[m[2]:m[3]], s[m[4]:m[5]], downFrom(m[5]))
	}
	for _, m := range reIsValue.FindAllStringSubmatchIndex(s, -1) {
		np, _ := nounPhraseBefore(s, m[0])
		if n := len(strings.Fields(np)); n > 0 && n <= 4 {
			add(np, s[m[2]:m[3]], downFrom(m[3]))
		}
	}
	for _, m := range reAttrValue.FindAllStringSubmatchIndex(s, -1) {
		w := s[m[2]:m[3]]
		link := ""
		if m[4] >= 0 {
			link = s[m[4]:m[5]]
		}
		if !technicalWord(w) && (link == "" || link == "at") {
			continue // "page 400", "stay at 90": not attributes
		}
		add(w, s[m[6]:m[7]], downFrom(m[7]))
	}
	for _, m := range reValueAttr.FindAllStringSubmatchIndex(s, -1) {
		words := strings.Fields(s[m[4]:m[5]])
		for i, w := range words {
			if attrStop[strings.ToLower(w)] || strings.ContainsAny(w, ",;:") {
				words = words[:i]
				break
			}
		}
		if len(words) > 0 {
			add(strings.Join(words, " "), s[m[2]:m[3]], "")
		}
	}
	for _, m := range reVersion.FindAllStringSubmatchIndex(s, -1) {
		add(s[m[2]:m[3]], s[m[4]:m[5]], "")
	}
	return out
}

// technicalWord reports whether w looks like a technical name: an acronym
// (TTL, RPS), inner capitals (MaxConns), an underscore (max_connections) or
// letters with digits (p95).
func technicalWord(w string) bool {
	if len(w) < 2 {
		return false
	}
	upper, lower, digit := 0, 0, 0
	inner := false
	for i, r := range w {
		switch {
		case r >= 'A' && r <= 'Z':
			upper++
			if i > 0 {
				inner = true
			}
		case r >= 'a' && r <= 'z':
			lower++
		case r >= '0' && r <= '9':
			digit++
		case r == '_':
			inner = true
		}
	}
	return (upper >= 2 && lower == 0) || (inner && lower > 0) || (digit > 0 && upper+lower > 0)
}
