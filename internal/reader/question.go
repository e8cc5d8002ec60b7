package reader

import (
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/memarena/memarena/internal/nlp"
	"github.com/memarena/memarena/internal/temporal"
	"github.com/memarena/memarena/internal/textutil"
)

var yearRe = regexp.MustCompile(`^(19|20)\d\d$`)

// Type is the expected type of an answer, found from the question's form.
type Type string

// Answer types.
const (
	TypePerson    Type = "person" // who, whom, whose, which friend …
	TypePlace     Type = "place"  // where, which city/country …
	TypeOrg       Type = "organisation"
	TypeDate      Type = "date"      // when, what date/year/month …
	TypeDuration  Type = "duration"  // how long, how long ago
	TypeNumber    Type = "number"    // how many/much/old/far, what percentage …
	TypeFrequency Type = "frequency" // how often
	TypeYesNo     Type = "yes/no"    // is/did/does … without a wh-word
	TypeChoice    Type = "choice"    // an alternative question: "… A or B?"
	TypeReason    Type = "reason"    // why, for what reason
	TypeProcedure Type = "procedure" // how (manner, means, steps)
	TypePhrase    Type = "phrase"    // what/which: a free noun or verb phrase
	// TypeEntity is the answer to a "which/what <noun>" question read as
	// an entity of the noun's type: a name or code, a quoted title, a name
	// set beside the noun, or a noun phrase the noun heads. It is an
	// answer's type, never a question's: the question is a TypePhrase
	// one, and its answer is TypeEntity only when such a span was read.
	TypeEntity Type = "entity"
)

// question is the analysis of a question.
type question struct {
	text string
	typ  Type
	// list is true when the question asks for several items (a plural
	// head noun, "both", "what are some …").
	list bool
	// current is true when the question asks for the present value
	// ("now", "currently", "still", "latest"; or it is in the present or
	// the present perfect, presentRe).
	current bool
	// head is the noun the wh-word asks about ("book" in "what book"),
	// lowercase, "" when none.
	head string
	// focus are the question's content stems (lemmatized, stemmed), the
	// terms an answer's sentence must support.
	focus []string
	// names are the lowercased capitalized words of the question
	// (persons and other names), matched against speakers too.
	names map[string]bool
	// firstPerson is true when the question says "I", "me" or "my": the
	// user is its subject.
	firstPerson bool
	// quality is true for a "how" question that asks for a quality or a
	// feeling (answered with an adjective) rather than a manner or means.
	quality bool
	// state is true for a question about a state in the present tense
	// with "be" ("what is my favorite flower", "who is our florist"): a
	// later item that tells of a change to it gives the current state.
	state bool
	// acronyms are the initials of runs of the question's content words
	// ("Computer Science" → "CS", "Master of Business Administration"
	// → "MBA"): a span that only says one of them echoes the question.
	acronyms map[string]bool
	// options are the alternatives of a choice question.
	options []string
	// negated is true when the question itself is negative ("didn't",
	// "wouldn't", "not").
	negated bool
	// when are the periods the question dates its event by ("in August
	// 2023", "on 13 October 2023", "in 2022"): a memory item dated
	// inside one supports the question as a focus term would.
	when []period
	// clock is true when the question asks for a time of day ("what
	// time", "at what time").
	clock bool
	// wantsName is true when the head asks for a name or a title ("what is
	// the name of …", "which book", "what movie"): names and quoted
	// titles fit best.
	wantsName bool
	// kindOf is true for "what kind (type, sort) of <head>": a kind of
	// the head noun, named by its modifiers, is asked for.
	kindOf bool
	// content is true when the question asks what a thing says or is
	// about rather than which thing it is: a stranded preposition after
	// "what" alone or a copula's subject ("what was the email about",
	// "what is the folder for"), or a verb of saying after "what" alone
	// ("what did the email say"; not "what website did Sam mention").
	// Identifiers are then no answer (forms.go).
	content bool
	// form is the written form the head noun asks for (formAsked),
	// formNone when none.
	form form
	// which is true for a "which <noun>" question: one of the noun's
	// instances is asked for.
	which bool
	// saying is true when the head asks for words someone says or lives
	// by ("what quote", "what is his motto"): a quotation, however long.
	saying bool
	// headKey is the stem of head (the answer's category, "book",
	// "activity"): often not said by the sentence that names the answer,
	// it weighs half a focus term.
	headKey string
	// verbKey is the match key of the question's main verb, whose object
	// a wh-question asks for ("what did she volunteer at"), "" when none;
	// verbPrep the preposition that follows it in the question ("at").
	verbKey, verbPrep string
	// agentKey is the match key of the verb whose agent a "what
	// <verb> …" question asks for ("what inspired her script"; see
	// agentVerb), "" for other questions.
	agentKey string
	// gapPrep is the preposition the wh-word is the object of, left
	// stranded in the question ("who did she travel with", "where did he
	// buy it from", "who did I go with to the show"; for a free-phrase
	// what/which question, the question's last word: "what is the
	// workshop about"), "" when none.
	gapPrep string
	// entity is true for a free-phrase what/which question with a head
	// noun ("which show", "what kind of app", "what is Nadia's favourite
	// show"): it asks for an entity of the noun's type.
	entity bool
	// activity is true when the head noun asks for an activity ("what
	// new hobby", "which sport"; activityNouns).
	activity bool
	// advice is true when the question asks for advice: its head noun
	// is an advice noun ("what tips"), or it has no head noun and its
	// verb asks for advice ("what did she recommend"; adviceNouns,
	// adviceVerbs). "What dish does he recommend" asks for a dish.
	advice bool
	// doAsked is true for a question that asks what someone does or did
	// ("what did X do …"; doAskedRe).
	doAsked bool
	// favorite is true for a question that asks for a favourite
	// (favoriteWords).
	favorite bool
	// color is true when the head noun asks for a colour ("what color",
	// "which shade"; colorNouns).
	color bool
	// container is the kind of region the question asks for ("which
	// country", "what state"; containerAsked), regionOnly the country it
	// names for it ("which US state"; questionCountry).
	container  container
	regionOnly string
	// preamble holds the focus terms said only before the wh-word of an
	// embedded question ("I'm planning my trip to Amsterdam and I was
	// wondering, what …"); they weigh preambleWeight.
	preamble map[string]bool
	// role is true for "who is X's <role>": head is the role noun, whose
	// holder's name is the answer.
	role bool
	// position is the 1-based position in an ordered list the question
	// asks for ("the first step", "the 7th item"; -1 the last), after the
	// phrase of the item whose successor it asks for ("what step follows
	// X"); both zero for other questions.
	position int
	after    string
	// steps is true when the question asks for the steps of a procedure
	// (stepsQuestion): "what steps did we follow", "what's the process
	// for change orders".
	steps bool
	// weekday is true when the question asks for a day of the week ("what
	// day of the week do I …"): the answer is the weekday's name.
	weekday bool
	// habitualDay is true when the question may ask for the day something
	// recurs on (habitualDayRe): a weekday the context says recurs ("on
	// Mondays", "every Monday") answers it; else it is a date question,
	// as "what day is our flight" is.
	habitualDay bool
	// age is true for "how old": an age, so an ordinal birthday ("my 18th
	// birthday") is read as its number.
	age bool
	// earlier is true when the question asks for a value as it was before
	// it changed ("what was my previous job", "where did I initially keep
	// …", "my name before I changed it"; earlierRe within the question's
	// first words, where it qualifies what is asked): among
	// well-supported answers the oldest is preferred.
	earlier bool
	// interval is set (interval.events[0] != "") for an elapsed-time question
	// between two events ("how many days passed between A and B").
	interval interval
	// relative counts the periods of when resolved against now ("two
	// weeks ago"); when all of them are, and no memory item is dated in
	// one, the date is not a focus term (see newScorer).
	relative int
	// now is when the question is asked (zero: unknown).
	now time.Time
	// difference is true when the question asks by how much one amount
	// exceeds another ("how much did I save", "how much more").
	difference bool
	// personal is true when the question says "I", "me", "my", "we",
	// "us", "our", "you" or "your": it asks about the conversation's own
	// people.
	personal bool
	// episode is true when the question asks what was done in an earlier
	// episode ("how did we fix it last time"; episodeAsked).
	episode bool
	// idAsked is true when the question asks for a written identifier
	// ("what was the invoice number", "what's our PAYE reference"); idKind
	// is the match key of the kind it names ("invoic"), "" for none
	// (identifierAsked).
	idAsked bool
	idKind  string
	// idNoun is the match key of the question's identifier noun
	// ("number", "reference"), "" for none ("which PR").
	idNoun string
	// version is true for an identifier question about a version ("what
	// Python version are we on"): a dotted number is a code then.
	version bool
	// sides are the content stems of the two things a difference or
	// total question compares or adds ("how much more was X than Y"),
	// nil when it names no two (arithSides).
	sides [][]string
	// total is true when the question asks for a sum ("the total cost",
	// "combined", "altogether").
	total bool
	// sequence is -1 when the question asks which came first ("first",
	// "earlier", "before"), +1 when it asks which came last ("last",
	// "later", "most recently"), else 0.
	sequence int
	// counted is the noun a "how many" question counts, lower case
	// ("plants" in "how many plants did I buy"; countedNoun), "" for
	// other questions; countedFirst is the first noun of its phrase
	// ("MCU" in "how many MCU films"), the head when it has one noun.
	counted, countedFirst string
	// ordering is set (kind or items) for a question about the order of
	// several events ("what is the order of the trips I took"; parseOrder).
	ordering orderQuestion
}

// period is a span of days [from, to).
type period struct{ from, to time.Time }

// dateTerm is the focus term that stands for the question's dates.
const dateTerm = "\x00date"

// preambleWeight is the weight of a focus term said only before the
// wh-word of an embedded question (a focus term weighs 1, the head noun
// 0.5). Read from the calibration harness on LoCoMo and LongMemEval: 0.1,
// 0.3 and 0.5 give the same totals; 0.1 answers one more question right.
var preambleWeight = 0.1

// Words with general question-frame meaning that are not focus terms: the
// question asks about the content, not about the act of saying or
// remembering it.
var metaWords = map[string]bool{
	"remind": true, "remember": true, "recall": true, "mention": true, "mentioned": true, "say": true, "said": true,
	"tell": true, "told": true, "talk": true, "talked": true, "discuss": true, "discussed": true, "ask": true, "asked": true,
	"wonder": true, "wondering": true, "conversation": true, "conversations": true, "chat": true, "previous": true,
	"earlier": true, "likely": true, "possibly": true, "probably": true, "answer": true, "based": true, "kind": true,
	"type": true, "sort": true, "specific": true, "exactly": true, "name": true, "describe": true, "according": true,
	"regarding": true, "item": true,
}

// Head nouns that make a what/which question ask for a place, a person, an
// organisation, a date or a number. General English nouns.
var (
	placeNouns = wordSet(`place places city cities country countries nation nations state states province provinces town towns village location
		locations region area island islands continent neighborhood neighbourhood street address destination
		destinations spot spots venue park parks beach beaches lake mountain mountains`)
	personNouns = wordSet(`person people friend friends colleague colleagues coworker coworkers teammate teammates
		member members sister brother mother father mom dad mum parent parents son daughter wife husband
		partner boyfriend girlfriend boss manager teacher mentor author artist singer actor doctor neighbor
		neighbour relative relatives cousin aunt uncle grandmother grandfather grandma grandpa child children kid
		kids family buddy buddies pal pals roommate roommates classmate classmates niece nephew grandson
		granddaughter fiance fiancé fiancee fiancée bride groom coach therapist nurse volunteer volunteers`)
	orgNouns = wordSet(`company companies organization organisation organizations organisations brand brands band
		bands team teams school schools university universities college store stores shop shops restaurant
		restaurants charity charities agency agencies club clubs firm business businesses airline airlines hotel
		hotels bank employer`)
	// kindNouns ask for a kind of the noun after "of" ("what type of
	// date"), not for the noun's value.
	kindNouns = wordSet(`kind kinds type types sort sorts`)
	// varietyNouns name a kind of a particular class of things (a genre
	// of a work, a breed of an animal, a flavour of a food): "what genre
	// of movies" asks, as "what kind of movies" does, for a kind of the
	// noun after "of", and "what breed is her dog" for a kind of the
	// subject.
	varietyNouns = wordSet(`genre genres style styles flavor flavors flavour flavours breed breeds variety
		varieties species`)
	dateNouns  = wordSet(`date day year month time week weekend season decade century birthday anniversary`)
	titleNouns = wordSet(`name names title titles called book books movie movies film films song songs album albums
		show shows series novel novels podcast podcasts app apps game games band bands brand brands model models
		play plays painting paintings artist artists author authors`)
	// sayingNouns ask for words said or lived by, told as a quotation.
	sayingNouns = wordSet(`quote quotes quotation quotations saying sayings motto mottos mantra mantras slogan
		slogans catchphrase proverb proverbs`)
	numberNouns = wordSet(`number percentage percent amount price cost total count score rate size age height
		weight distance speed budget salary fee temperature capacity population quantity sum latency accuracy
		duration length limit threshold volume ratio fraction level version balance dose dosage rent wage wages
		mileage`)
)

// experiential reports whether the words after "what has/have" are a
// subject of at most three words and a past participle other than "been"
// ("what has Mia painted", "what have the kids built"): the perfect of
// experience asks for everything done up to now, so several answers. The
// participle is read by its form (an irregular form or "-ed").
func experiential(rest []string) bool {
	for k := 1; k <= 3 && k < len(rest); k++ {
		w := rest[k]
		if w == "been" || w == "?" {
			return false
		}
		if nlp.IsIrregularVerbForm(w) || len(w) > 4 && strings.HasSuffix(w, "ed") {
			return true
		}
	}
	return false
}

// phraseLike reports whether answers of type t are free phrases, names
// or places (what a list item can be).
func (t Type) phraseLike() bool {
	return t == TypePhrase || t == TypePerson || t == TypePlace || t == TypeOrg
}

func wordSet(s string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(s) {
		m[w] = true
	}
	return m
}

// Verbs that introduce an embedded question ("remind me which …", "do you
// know where …").
var embedVerbs = wordSet(`remind tell know remember recall wonder wondering say said mention mentioned ask asked
	explain show find sure curious`)

// presentRe finds a question in the present or the present perfect ("how
// many bikes do I own", "what does Nora's shop sell", "how many books have
// I read", "so far"): it asks for the state as of now, so among
// well-supported answers the newest is preferred, as for "now" (measured
// with the calibration harness: LongMemEval lexical accuracy of the oracle
// 0.320 → 0.326, of flat-rag 0.186 → 0.184; official LoCoMo F1 of
// flat-rag 0.255 → 0.258, of the oracle unchanged at 0.395).
var presentRe = regexp.MustCompile(`\b(?i:do|does)\s+(?:(?i:i|you|he|she|we|they|it|my|your|his|her|our|their|the)\b|[A-Z])|` +
	`\b(?i:have|has)\s+(?:(?i:i|you|he|she|we|they|it)\b|[A-Z]\w*)\s+(?:\w+\s+)?(?i:been|had|got|gotten|[a-z]+ed|seen|done|made|written|read|taken|bought|met|worn|spent|grown|become)\b|` +
	`(?i)\bso far\b`)

// howAdviceRe is a "how" question that asks what to do ("how should I
// water the tomatoes", "how do we fix it", "how to get there"): advice,
// answered by directives.
var howAdviceRe = regexp.MustCompile(`(?i)^how\s+(?:(?:should|can|could|do|would|shall)\s+(?:i|we)\b|to\b)`)

// whContractionRe is a wh-word contracted with "is" ("what's", "who's",
// "where's"), which a question is read with spelled out.
var whContractionRe = regexp.MustCompile(`(?i)\b(what|who|where|when|which|how)['’]s\b`)

// stateRe is a question about a state in the present tense with "be"
// ("what is my favorite flower", "who is our florist", "where are Nora's
// keys").
var stateRe = regexp.MustCompile(`^(?i:what|which|who|where|how much|how many)(?:\s+\w+)?\s+(?i:is|are)\s+(?:(?i:my|our|your|his|her|their|the)\b|[A-Z]\w*(?:'s|’s)(?:\s|$))`)

var currentRe = regexp.MustCompile(`(?i)\b(now|current|currently|latest|most recent|most recently|still|anymore|any more|these days|at the moment|at present|presently|nowadays|today)\b`)

// latestRe finds a superlative of time, which picks one thing: "most
// recent", "most recently", "latest".
var latestRe = regexp.MustCompile(`(?i)\b(latest|most recent|most recently)\b`)

// analyze finds a question's expected answer type, focus terms and flags.
func analyze(q string) question { return analyzeAt(q, time.Time{}) }

// analyzeAt is analyze for a question asked at now (zero: unknown). A
// known asking time dates the question's relative expressions ("two
// weeks ago", "last Saturday": matched against the items' dates as its
// absolute dates are) and lets "how many days ago did I X" be answered.
func analyzeAt(q string, now time.Time) question {
	q = whContractionRe.ReplaceAllString(q, "$1 is")
	out := question{text: q, typ: TypePhrase, names: map[string]bool{}, now: now}
	out.counted, out.countedFirst = countedNoun(q)
	out.current = currentRe.MatchString(q) || presentRe.MatchString(mainQuestion(q))
	out.state = stateRe.MatchString(mainQuestion(q))
	toks := words(q)
	// The interrogative sentence: the last one with a question mark, else
	// the whole text.
	main := mainQuestion(q)
	mt := words(main)
	lw := make([]string, len(mt))
	for i, t := range mt {
		lw[i] = t.Lower
	}
	// names: capitalized words that are not sentence-initial function words
	for i, t := range toks {
		r := []rune(t.Text)
		if len(r) > 1 && unicode.IsUpper(r[0]) && !(nlp.IsFunctionWord(t.Lower) && (i == 0 || isSentenceStart(q, t.Start))) {
			out.names[possessiveBase(t.Lower)] = true
		}
		switch t.Lower {
		case "i", "me", "my", "mine", "myself", "i'm", "i've", "i'd", "i'll":
			out.firstPerson = true
		case "not", "never", "didn't", "doesn't", "don't", "wasn't", "weren't", "isn't", "aren't", "wouldn't", "won't", "couldn't", "hasn't", "haven't", "hadn't":
			if i == 0 && t.Lower != "not" && t.Lower != "never" {
				// "Didn't I cancel the dentist?": a negative
				// question asks whether the thing is so and is
				// answered as "Did I cancel …?" is ("Yes, you did")
				continue
			}
			out.negated = true
		}
	}
	wh, at := findWh(lw)
	if wh == "" && indirectRequest(lw) {
		// "Can you remind me of the name of …": a request for the
		// thing, not a yes/no question.
		out.wantsName = nameOfRe.MatchString(main)
	} else if wh == "" {
		if len(lw) > 0 && nlp.IsAuxiliary(lw[0]) {
			out.typ = TypeYesNo
			if opts := choiceOptions(main); len(opts) >= 2 {
				out.typ, out.options = TypeChoice, opts
			}
		}
	} else {
		next := func(k int) string {
			if at+k < len(lw) {
				return lw[at+k]
			}
			return ""
		}
		head := ""
		// where a date expression starts ("this year", "last summer"):
		// no object of a verb; found only when a head noun asks
		var dateAt map[int]bool
		datesAt := func() map[int]bool {
			if dateAt == nil {
				dateAt = map[int]bool{}
				for _, m := range temporal.Find(main, relativeRef) {
					dateAt[m.Start] = true
				}
			}
			return dateAt
		}
		// The head noun: the first word after what/which that is not a
		// function word ("what kind of book" → "book").
		if wh == "what" || wh == "which" || wh == "whose" {
			for k, seen := 1, 0; seen < 4 && at+k < len(lw); k++ {
				w := lw[at+k]
				if initial(mt, at+k) {
					continue // "what J.K. Rowling quote"
				}
				seen++
				if kindNouns[w] || w == "of" || varietyNouns[w] && at+k+1 < len(lw) && lw[at+k+1] == "of" {
					continue
				}
				if nlp.IsFunctionWord(w) && !(k == 1 && (nlp.IsConjunction(w) && nounTagAt(mt, at+k) || acronym(mt[at+k].Text))) {
					// a function word ends the search, unless right
					// after the wh-word it is a conjunction the
					// tagger reads as a noun ("what cause": the noun,
					// not the casual "'cause") or an acronym ("which
					// US cities"); a pronoun ("which ones") never
					// heads it
					break
				}
				head = w
				if b := possessiveBase(w); b != w && k == 1 {
					// "which movie's theme …" asks for a movie
					head = b
					break
				}
				// A noun compound's head is its last noun ("which
				// hotel chain" → "chain", "what engine version" →
				// "version").
				if tg := tagWords(mt); at+k < len(tg) {
					// A name before the head is its modifier ("what
					// J.K. Rowling quote" → "quote").
					named := strings.HasPrefix(tg[at+k], "NNP")
					for j := at + k + 1; j < len(lw) && (tg[j] == "NN" || tg[j] == "NNS" || named && strings.HasPrefix(tg[j], "NNP") || misreadNoun(tg, lw, j)) && !nlp.IsFunctionWord(lw[j]) && !mt[j].Punct && !subjectVerb(mt, tg, j, datesAt); j++ {
						if strings.HasPrefix(tg[j], "NNP") {
							continue
						}
						named = false
						head = lw[j]
					}
				}
				break
			}
		}
		if head == "" && (wh == "what" || wh == "which") && copulas[next(1)] {
			// "what is Nate's favorite video game": the head is the
			// last noun of the subject's first noun run
			head = subjectHead(mt, at+2)
		}
		if head == "" && wh == "who" && copulas[next(1)] {
			// "who is Nora's landlord": the role whose holder is asked
			// for, named beside it ("my landlord, Ivo Marsh")
			head = subjectHead(mt, at+2)
			out.role = head != ""
		}
		kindOf := head != "" && (kindNouns[next(1)] || varietyNouns[next(1)] && next(2) == "of")
		if (wh == "what" || wh == "which") && varietyNouns[next(1)] && copulas[next(2)] {
			// "what genre is her first novel": a kind of the subject
			if h := subjectHead(mt, at+3); h != "" {
				head, kindOf = h, true
			}
		}
		if h := namedHead(mt, lw, at); (head == "name" || head == "names") && h != "" && personNouns[h] {
			// "what is the name of my son's teacher": the person the
			// name is asked for ("His teacher, Ms. Alvarez")
			head = h
			out.role = true
		}
		out.head = head
		out.kindOf = kindOf
		out.activity = activityNouns[head] || likesDoing(lw)
		out.color = colorNouns[head]
		out.wantsName = titleNouns[head] || nameOfRe.MatchString(main)
		out.saying = sayingNouns[head]
		out.clock = head == "time" && !(next(2) == "of")
		amountTime := head == "time" && rankedTime(mt)
		if amountTime {
			// "my personal best time", "the total time it takes": a
			// ranked or summed time is an amount of time, not a time
			// of day
			out.clock = false
		}
		out.age = wh == "how" && next(1) == "old"
		out.habitualDay = head == "day" && habitualDayRe.MatchString(main)
		out.weekday = head == "weekday" || head == "day" && strings.Contains(strings.ToLower(main), "day of the week")
		switch {
		case wh == "when":
			out.typ = TypeDate
		case wh == "where":
			out.typ = TypePlace
		case wh == "who" || wh == "whom" || wh == "whose":
			out.typ = TypePerson
		case wh == "why":
			out.typ = TypeReason
		case wh == "how":
			switch n := next(1); {
			case n == "many" || n == "much" || n == "old" || n == "far" || n == "tall" || n == "big" || n == "fast":
				out.typ = TypeNumber
			case n == "long" && next(2) == "ago":
				out.typ = TypeDuration
			case n == "long":
				out.typ = TypeDuration
			case n == "often" || n == "frequently":
				out.typ = TypeFrequency
			case n == "come":
				out.typ = TypeReason
			default:
				out.typ = TypeProcedure
				// "how was the trip", "how did she feel about it", "how
				// did he describe the view": a quality, said with an
				// adjective, not a means.
				out.quality = n == "is" || n == "was" || n == "are" || n == "were"
				for _, w := range lw {
					switch w {
					case "feel", "feels", "felt", "feeling", "describe", "describes", "described", "seem", "seems", "seemed":
						out.quality = true
					}
				}
			}
		default: // what, which
			switch {
			case amountTime:
				out.typ = TypeDuration
			case head != "" && dateNouns[head] && !(head == "time" && next(2) == "of") && !kindNouns[next(1)]:
				// "what kind of date" asks what the date is like, not when
				out.typ = TypeDate
			case head != "" && numberNouns[head] || amountAskedRe.MatchString(main):
				out.typ = TypeNumber
			case head != "" && placeNouns[head]:
				out.typ = TypePlace
			case head != "" && personNouns[head]:
				out.typ = TypePerson
			case head != "" && orgNouns[head]:
				out.typ = TypeOrg
			case wh == "what" && (next(1) == "reason" || next(1) == "made" || next(1) == "motivated" || next(1) == "inspired" || next(1) == "caused"):
				out.typ = TypeReason
			case wh == "what" && priceAsked(main):
				// "what is the plumber charging", "what does a
				// permit cost": a price
				out.typ = TypeNumber
			}
		}
		// "Which did I do first, A or B?": a choice between the options
		// the question lists after a comma, colon or dash.
		if (wh == "which" || wh == "what" || wh == "who") && out.typ != TypeChoice {
			if opts := whOptions(main); len(opts) == 2 {
				out.typ, out.options = TypeChoice, opts
			}
		}
		// "Which <noun> …", "what is X's favourite <noun>": an entity of
		// the noun's type.
		out.entity = out.typ == TypePhrase && head != "" && (wh == "what" || wh == "which")
		// Plural head or "what are some": several answers.
		if head != "" && isPlural(head) {
			out.list = true
		}
		if (wh == "what" || wh == "which") && (next(1) == "are" || next(1) == "were") && (next(2) == "some" || next(2) == "the") {
			out.list = true
		}
		if wh == "what" && (next(1) == "has" || next(1) == "have") && experiential(lw[at+2:]) {
			out.list = true
		}
	}
	// gap is the token of the interrogative sentence where the question
	// proper starts: the wh-word, or a concealed question's noun phrase
	// ("remind me of the deli …"); -1 when there is neither.
	gap := at
	if np := concealedQuestion(lw); wh == "" && out.typ == TypePhrase && np > 0 {
		// "Can you remind me of the deli near the station?": asks
		// what "which deli near the station" would
		gap = np
		out.head = subjectHead(mt, np)
		if h := namedHead(mt, lw, np); (out.head == "name" || out.head == "names") && h != "" {
			out.head = h
		}
		out.typ = headType(out.head, np+1 < len(lw) && lw[np+1] == "of")
		out.activity = activityNouns[out.head]
		out.color = colorNouns[out.head]
		out.wantsName = out.wantsName || titleNouns[out.head]
		out.entity = out.typ == TypePhrase && out.head != ""
		out.list = out.head != "" && isPlural(out.head)
	}
	if out.typ == TypeNumber || out.typ == TypeDuration {
		if iv, ok := parseInterval(main); ok {
			out.interval = iv
		} else if iv, ok := parseAgo(main); ok && !now.IsZero() {
			out.interval = iv
		}
	}
	if out.typ.phraseLike() || out.typ == TypeProcedure {
		out.position, out.after, _ = parsePosition(main)
		out.steps = out.position == 0 && out.after == "" && stepsQuestion(main, out.head)
	}
	if out.typ == TypeNumber && out.interval.events[0] == "" && howManyRe.MatchString(main) && !previousRe.MatchString(main) &&
		len(temporal.Find(main, relativeRef)) == 0 {
		// a count grows as things happen: "how many sessions did I
		// attend" (in no stated period) asks for the count as of the
		// latest telling
		out.current = true
	}
	if loc := earlierRe.FindStringSubmatchIndex(main); loc != nil && loc[2] < 0 && len(words(main[:loc[0]])) <= 6 {
		// "what was my previous job", "where did I initially keep
		// it": the earlier value, not the current one
		out.earlier, out.current = true, false
	}
	out.sequence = orderOf(lw)
	if o, ok := parseOrder(main); ok {
		out.ordering = o
	}
	if out.typ == TypePhrase && wh == "what" && out.head == "" && !doAskedRe.MatchString(main) && complementAsked(mt, lw, at) {
		// "what does dancing make him": the adjective said after
		// the verb
		out.quality = true
	}
	out.idKind, out.idNoun, out.idAsked = identifierAsked(main)
	out.version = out.idAsked && versionAskedRe.MatchString(main)
	out.episode = episodeAsked(main)
	for _, t := range words(main) {
		switch strings.ReplaceAll(t.Lower, "’", "'") {
		case "i", "me", "my", "we", "us", "our", "you", "your", "i'm", "i've", "we've", "you've":
			out.personal = true
		}
	}
	out.total = totalRe.MatchString(main)
	out.difference = differenceRe.MatchString(main)
	if out.typ == TypeNumber || out.typ == TypeDuration {
		out.sides = arithSides(main, out.difference && !out.total, out.total)
	}
	for _, t := range toks {
		if t.Lower == "both" || t.Lower == "all" {
			out.list = out.list || out.typ == TypePhrase || out.typ == TypePlace || out.typ == TypePerson || out.typ == TypeOrg
		}
	}
	if latestRe.MatchString(main) {
		// "what lenses did I buy most recently": a superlative of time
		// picks one thing, the latest
		out.list = false
	}
	// Dates the question names are matched against the items' dates, not
	// as words.
	dated := map[int]bool{}
	for _, m := range temporal.Find(q, time.Time{}) {
		out.when = append(out.when, period{m.From, m.To})
		for i, t := range toks {
			if t.Start >= m.Start && t.End <= m.End {
				dated[i] = true
			}
		}
	}
	// Relative dates ("last weekend", "yesterday", "two weeks ago") are
	// said from the asker's day: their words are not focus terms (a
	// sentence saying "last weekend" is no more about the question than
	// one dated in it); when the asking day is known they are periods
	// too, resolved against it.
	ref := relativeRef
	if !now.IsZero() {
		ref = now
	}
	for _, m := range temporal.Find(q, ref) {
		if !m.Relative {
			continue
		}
		if !now.IsZero() {
			out.when = append(out.when, period{m.From, m.To})
			out.relative++
		}
		for i, t := range toks {
			if t.Start >= m.Start && t.End <= m.End {
				dated[i] = true
			}
		}
	}
	for i, t := range toks {
		if dated[i] || !yearRe.MatchString(t.Text) {
			continue
		}
		y, _ := strconv.Atoi(t.Text)
		out.when = append(out.when, period{time.Date(y, 1, 1, 0, 0, 0, 0, time.UTC), time.Date(y+1, 1, 1, 0, 0, 0, 0, time.UTC)})
		dated[i] = true
	}
	// Focus terms.
	seen := map[string]bool{}
	if len(out.when) > 0 {
		out.focus = append(out.focus, dateTerm)
		seen[dateTerm] = true
	}
	if out.head != "" {
		out.headKey = stem(out.head)
	}
	out.acronyms = acronymsOf(toks)
	for i := range toks {
		if occasionAdverbial(toks, i) {
			dated[i], dated[i+1] = true, true
		}
	}
	for i, t := range toks {
		if dated[i] {
			continue
		}
		w := t.Lower
		if (w == "previous" || w == "earlier") && i+1 < len(toks) && !toks[i+1].Punct && !frameNouns[toks[i+1].Lower] && !nlp.IsFunctionWord(toks[i+1].Lower) {
			// "my previous occupation": a content word; "our previous
			// conversation" frames the question
		} else if remindsOf(toks, i) {
			// "what does the photo remind her of": the thing the
			// photo brings to mind is asked, by the verb's own words
		} else if (nlp.IsFunctionWord(w) || textutil.IsStopword(strings.ReplaceAll(w, "'", ""))) && w != out.head || metaWords[w] || !hasLetterOrDigit(w) {
			// (a function word that heads the question, "what cause",
			// is a focus term)
			continue
		}
		st := stem(w)
		if st == "" || seen[st] {
			continue
		}
		seen[st] = true
		out.focus = append(out.focus, st)
	}
	if gap > 0 {
		// Terms said only before the wh-word ("I'm planning my trip to
		// Amsterdam again and I was wondering, what was the hostel
		// …") or a concealed question's noun phrase set the scene; the
		// question is what follows.
		whAt := strings.LastIndex(q, main) + mt[gap].Start
		after := map[string]bool{}
		for _, t := range toks {
			if t.Start >= whAt && !t.Punct {
				after[stem(t.Lower)] = true
			}
		}
		for _, t := range toks {
			if t.Start >= whAt || t.Punct || out.names[possessiveBase(t.Lower)] {
				continue
			}
			if st := stem(t.Lower); seen[st] && !after[st] && st != dateTerm {
				if out.preamble == nil {
					out.preamble = map[string]bool{}
				}
				out.preamble[st] = true
			}
		}
	}
	out.verbKey, out.verbPrep = focusVerb(main, wh != "")
	if out.typ == TypePhrase || out.typ == TypeReason {
		out.agentKey = agentVerb(main)
	}
	if out.typ == TypePerson {
		out.agentKey = whoAgentVerb(main)
	}
	out.advice = out.typ == TypePhrase && (adviceNouns[out.head] || out.head == "" && adviceVerbs[out.verbKey]) ||
		out.typ == TypeProcedure && !out.quality && howAdviceRe.MatchString(main)
	out.doAsked = doAskedRe.MatchString(main)
	out.which = wh == "which" && out.head != ""
	if out.typ == TypePhrase {
		// (only a phrase is read from identifiers: forms.go)
		out.content = out.head == "" && sayingVerbRe.MatchString(main) || (out.head == "" || whCopula.MatchString(main)) && strandedPrep(main) != ""
		out.form = formAsked(out)
	}
	for _, t := range toks {
		out.favorite = out.favorite || favoriteWords[t.Lower]
	}
	if wh == "who" || wh == "whom" || wh == "where" {
		out.gapPrep = strandedPrep(main)
	} else if out.typ == TypePhrase && (wh == "what" || wh == "which") {
		// "what is her new workshop about": only a preposition that
		// ends the question is stranded ("what did she do on 9 May"
		// dates the question)
		if ws := strings.Fields(strings.TrimRight(main, "?!. ")); len(ws) > 2 && nlp.IsPreposition(strings.ToLower(ws[len(ws)-1])) {
			out.gapPrep = strings.ToLower(ws[len(ws)-1])
		}
	}
	if out.container = containerAsked(out); out.container != containerNone {
		out.regionOnly = questionCountry(out)
	}
	return out
}

var copulas = wordSet(`is was are were`)

// sayingVerbRe matches a verb of saying in a question ("what did the
// email say", "what did I tell the landlord").
var sayingVerbRe = regexp.MustCompile(`(?i)\b(?:say|says|said|tell|tells|told|write|wrote|written|mention|mentions|mentioned|mean|means|meant)\b`)

// strandedPrep is the preposition a wh-question leaves without its
// object: the question's last word ("who did she go with?"), or one
// followed right away by another preposition ("who did I go with to the
// show?") or by a relative date ("who did she sing with last winter?"). English
// strands the preposition of a fronted wh-object (preposition
// stranding); the answer is that preposition's object in the statement
// ("with my sister"). "" when there is none.
func strandedPrep(main string) string {
	dateAt := map[int]bool{}
	for _, m := range temporal.Find(main, relativeRef) {
		// a relative date ("last winter") is an adverbial; a bare one
		// ("in 2010") is the preposition's own object
		dateAt[m.Start] = m.Relative
	}
	var ws []nlp.Token
	for _, t := range words(main) {
		if !t.Punct {
			ws = append(ws, t)
		}
	}
	for i, t := range ws {
		if i == 0 || !nlp.IsPreposition(t.Lower) {
			continue
		}
		if i == len(ws)-1 || nlp.IsPreposition(ws[i+1].Lower) && ws[i+1].Lower != t.Lower || dateAt[ws[i+1].Start] {
			return t.Lower
		}
	}
	return ""
}

// initial reports whether token i of toks is a name's initial or its dot
// ("J", "." in "J.K. Rowling").
func initial(toks []nlp.Token, i int) bool {
	t := toks[i]
	if t.Text == "." {
		return i > 0 && initial(toks, i-1)
	}
	r := []rune(t.Text)
	return len(r) == 1 && unicode.IsUpper(r[0]) && i+1 < len(toks) && toks[i+1].Text == "."
}

// acronym reports whether w is written in capitals only, two letters or
// more ("US", "NBA"): a name, whatever word it spells in lower case.
func acronym(w string) bool {
	n := 0
	for _, r := range w {
		if !unicode.IsUpper(r) {
			return false
		}
		n++
	}
	return n >= 2
}

// nounTagAt reports whether the tagger reads token i of toks as a noun
// (common or proper: "which US cities").
func nounTagAt(toks []nlp.Token, i int) bool {
	tg := tagWords(toks)
	return i < len(tg) && strings.HasPrefix(tg[i], "NN")
}

// subjectHead is the head noun of the noun phrase starting at token from
// of a question ("Nate's favorite video game" → "game"): the last common
// noun (part-of-speech NN or NNS) of the first run of common nouns, after
// determiners, possessive names and adjectives; "" when a verb,
// preposition or the end comes first. A number before the noun is
// skipped ("the two companies you mentioned" → "companies").
func subjectHead(toks []nlp.Token, from int) string {
	if from >= len(toks) {
		return ""
	}
	tags := tagWords(toks)
	head := ""
	for i := from; i < len(toks); i++ {
		t, tg := toks[i], tags[i]
		if t.Lower == "number" && i+1 < len(toks) && toks[i+1].Lower == "one" && head == "" {
			i++ // "my number one goal": "number one" is "top", not a noun
			continue
		}
		switch {
		case tg == "NN" || tg == "NNS":
			if nlp.IsFunctionWord(t.Lower) {
				return head
			}
			head = t.Lower
		case head != "":
			return head
		case tg == "DT" || tg == "PRP$" || tg == "POS" || strings.HasPrefix(tg, "JJ") || tg == "NNP" || tg == "CD" || strings.HasSuffix(t.Lower, "'s"):
			continue
		default:
			return ""
		}
	}
	return head
}

// remindsOf reports whether the token at i is "remind" with a third
// person's object and "of" or "about" after it, and a thing for its
// subject ("what does the photo remind her of"): the verb of the
// question's content, not the request "remind me of" that frames it, nor
// a person's reminder, which is said in other words ("don't forget …").
func remindsOf(toks []nlp.Token, i int) bool {
	w := toks[i].Lower
	if w != "remind" && w != "reminds" && w != "reminded" || i+2 >= len(toks) {
		return false
	}
	obj, prep := toks[i+1].Lower, toks[i+2].Lower
	if prep != "of" && prep != "about" || obj == "me" || obj == "us" || obj == "you" {
		return false
	}
	return (obj == "her" || nlp.IsPronoun(obj) || capitalizedWord(toks[i+1])) && thingSubject(toks, i)
}

// thingSubject reports whether the subject of the question's verb at i is
// a thing, not a person. The subject is read from the word after the
// first auxiliary that follows the question's wh-word up to the verb: it
// is a thing when it starts with "it", "this" or "that", or with a
// determiner, a possessive or a common noun and holds no person noun
// ("what does the photo …", "what does Jon's dance …", "what does
// dancing …"); not when it is a name or another personal pronoun ("what
// did Lena …", "what did she …") or holds a person noun ("what did her
// brother …", "what did the kids …").
func thingSubject(toks []nlp.Token, i int) bool {
	wh := -1
	for k := 0; k < i; k++ {
		if nlp.IsWhWord(toks[k].Lower) {
			wh = k
			break
		}
	}
	if wh < 0 {
		return false
	}
	for k := wh + 1; k+1 < i; k++ {
		if !nlp.IsAuxiliary(toks[k].Lower) {
			continue
		}
		first := toks[k+1]
		switch first.Lower {
		case "it", "this", "that":
			return true
		}
		if first.Punct || nlp.IsPronoun(first.Lower) || capitalizedWord(first) && !strings.HasSuffix(first.Lower, "'s") && !strings.HasSuffix(first.Lower, "’s") {
			return false
		}
		for _, t := range toks[k+1 : i] {
			if personNouns[t.Lower] {
				return false
			}
		}
		return true
	}
	return false
}

// complementAsked reports whether a what-question (its tokens mt, their
// lowercase words lw, the wh-word at index at) asks for the complement of
// a causative "make" with its object, a pronoun or a name, and either
// "feel" after the object or a thing for its subject (thingSubject):
// "what does it make Ines feel", "what does dancing make him". The answer
// is a quality, said with an adjective ("happy").
func complementAsked(mt []nlp.Token, lw []string, at int) bool {
	for i := at + 1; i+1 < len(lw) && i+1 < len(mt); i++ {
		object := objectPronouns[lw[i+1]] || capitalizedWord(mt[i+1])
		if !(lw[i] == "make" || lw[i] == "makes" || lw[i] == "made") || !object {
			continue
		}
		if i+2 < len(lw) && lw[i+2] == "feel" {
			return true
		}
		// "what does dancing make him": a thing makes him so; "what did
		// Lena make Omar" asks what she made for him
		if (i+2 == len(lw) || lw[i+2] == "?") && thingSubject(mt, i) {
			return true
		}
	}
	return false
}

// subjectVerb reports whether the -s word at j of a question (tokens toks,
// tags tags; dateAt gives the byte offsets where a date expression of
// internal/temporal starts), which the tagger may read as a plural noun,
// is the verb of the wh-phrase before it: it is followed by a name, a
// pronoun or a determiner that begins its object ("which song motivates
// Caroline", "what app helps you"), where a compound's last noun is
// followed by the rest of the question ("which bakery chains did …"), a
// date ("what charity events this year did she attend") or a relative
// clause whose subject is that name or pronoun ("what methods you were
// referring to").
func subjectVerb(toks []nlp.Token, tags []string, j int, dateAt func() map[int]bool) bool {
	if j+1 >= len(toks) || j+1 >= len(tags) || !strings.HasSuffix(toks[j].Lower, "s") || strings.HasSuffix(toks[j].Lower, "ss") {
		return false
	}
	next := toks[j+1]
	if dateAt()[next.Start] {
		// "what charity events this year did she attend": a time
		// phrase, not an object, follows the noun
		return false
	}
	if k := j + 2; k < len(toks) && k < len(tags) && !objectOnly[next.Lower] && (nlp.IsAuxiliary(toks[k].Lower) || tags[k] == "VBD" || tags[k] == "VBP" || tags[k] == "VBZ" || tags[k] == "MD") {
		// "what methods you were referring to", "which songs Ines
		// likes": the name or pronoun is the subject of a relative
		// clause on the noun, not an object
		return false
	}
	return (strings.HasPrefix(tags[j+1], "NNP") || capitalizedWord(next)) && !nlp.IsFunctionWord(next.Lower) || nlp.IsPronoun(next.Lower) || nlp.IsDeterminer(next.Lower)
}

// nameOfRe finds a question that asks for a name ("the name of", "the
// names of").
var nameOfRe = regexp.MustCompile(`(?i)\bnames? of\b`)

// indirectRequest reports whether a question without a wh-word is a
// request to tell or remind ("can you remind me of …", "could you tell me
// the …"): an auxiliary, "you", then an embedding verb.
func indirectRequest(lw []string) bool {
	if len(lw) < 3 || !nlp.IsAuxiliary(lw[0]) || lw[1] != "you" {
		return false
	}
	for i, w := range lw[2:min(len(lw), 5)] {
		if embedVerbs[w] && w != "know" && w != "sure" {
			// "can you tell me if/whether …" still asks yes or no
			for _, x := range lw[2+i+1 : min(len(lw), 2+i+4)] {
				if x == "if" || x == "whether" {
					return false
				}
			}
			return true
		}
	}
	return false
}

// howManyRe is a count question; previousRe a question about an earlier
// value ("before", "previous", "initially", "at first").
var (
	howManyRe  = regexp.MustCompile(`(?i)^how many\b`)
	previousRe = regexp.MustCompile(`(?i)\b(before|previous|previously|initially|originally|at first|first|used to|when I (?:just )?started)\b`)
)

// earlierRe marks a question about a value before it changed; a
// reference to an earlier conversation ("our previous chat") is not one.
var earlierRe = regexp.MustCompile(`(?i)\b(?:previous|previously|initially|original|originally|at first|formerly|used to|before (?:i|you|he|she|we|they) (?:changed|updated|switched|moved|got)|before the (?:change|switch|increase|raise|decrease|cut|update|move|upgrade))\b( (?:chat|conversation|discussion|session|talk)s?\b)?`)

// differenceRe marks a question about the difference of two amounts.
var differenceRe = regexp.MustCompile(`(?i)(?:^|, )how (?:much|many(?: \w+)?) (?:more|less|fewer|earlier|later|older|younger|longer|shorter|bigger|smaller|higher|lower|cheaper|faster|slower)\b|^how much did (?:i|you|we|he|she|they|[A-Z]\w*) save\b|\bexceed\b|\bdifference (?:between|in)\b`)

// amountAskedRe marks a "what" question whose head is an amount by its
// modifier or its complement though the head noun alone is none: "what is
// the total venue hire", "what's the difference in price between …".
var amountAskedRe = regexp.MustCompile(`(?i)^what(?:'s|’s| is| was| were| are)? (?:the|my|our|your|their) (?:total|combined)\b|^what(?:'s|’s| is| was)? the difference in (?:price|cost|age|weight|height|distance|time|number|amount|length|size|speed|salary|pay|rent|fee)s?\b`)

// totalRe marks a question that asks for a sum.
var totalRe = regexp.MustCompile(`(?i)\b(total|combined|altogether|in all|sum of)\b`)

// relativeRef is any reference day: it only lets temporal.Find recognize
// the question's relative date expressions, whose resolved days are not
// used.
var relativeRef = time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)

// lightVerbs carry little meaning of their own ("what did she do", "what
// does he have"): they are a focus verb only when the question has no
// other.
// catenatives are verbs that take a to-infinitive complement whose verb
// carries the event ("want to share", "decided to adopt").
var catenatives = wordSet(`want wants wanted need needs needed plan plans planned planning try tries tried trying
	hope hopes hoped decide decides decided choose chose chosen learn learned learnt start started begin began
	manage managed agree agreed promise promised intend intended expect expected offer offered prefer preferred
	like liked love loved continue continued aim aimed`)

var lightVerbs = wordSet(`do does did doing done have has had having get gets got getting gotten be`)

// focusVerb finds the main verb of a wh-question, the verb whose object
// the wh-word asks for ("what did John volunteer at" → "volunt", "at"),
// by its part-of-speech tag (VB*): the last content verb of the
// interrogative sentence that is not an auxiliary, a light verb or a verb
// of saying (metaWords). It returns the verb's match key and the
// preposition right after it in the question ("" when none). Without a
// wh-word there is no gap and it returns "".
func focusVerb(main string, hasWh bool) (key, prep string) {
	if !hasWh {
		return "", ""
	}
	toks := words(main)
	tt := tagWords(toks)
	at, light := -1, -1
	for i, t := range toks {
		if !strings.HasPrefix(tt[i], "VB") || t.Punct {
			continue
		}
		if nlp.IsAuxiliary(t.Lower) || metaWords[t.Lower] || nlp.IsWhWord(t.Lower) {
			continue
		}
		if lightVerbs[t.Lower] {
			light = i
			continue
		}
		at = i
	}
	if at < 0 {
		at = light
	}
	// Do-support fixes the verb whatever the tagger says ("what did John
	// volunteer at": after "did" and its subject, a name or a pronoun,
	// comes the verb in its base form).
	for i, t := range toks {
		if t.Lower != "do" && t.Lower != "does" && t.Lower != "did" {
			continue
		}
		j := i + 1
		compound := false // a coordinated or possessive subject
		if j < len(toks) && nlp.IsPronoun(toks[j].Lower) {
			j++
		} else {
			for j < len(toks) && !toks[j].Punct && unicode.IsUpper([]rune(toks[j].Text)[0]) {
				j++
			}
			if j > i+1 && possessiveBase(toks[j-1].Lower) != toks[j-1].Lower {
				j, compound = possessiveNounEnd(toks, tt, j), true // "what did Leo's kids paint"
			}
			if j > i+1 && j+1 < len(toks) && toks[j].Lower == "and" {
				// "what did Deborah and her mom chat about": a
				// coordinated subject, a name or a possessive
				// noun phrase
				k := j + 1
				compound = true
				if possessives[toks[k].Lower] {
					j = possessiveNounEnd(toks, tt, k+1)
				} else {
					for k < len(toks) && !toks[k].Punct && unicode.IsUpper([]rune(toks[k].Text)[0]) {
						k++
					}
					if k > j+1 {
						j = k
						if possessiveBase(toks[k-1].Lower) != toks[k-1].Lower {
							j = possessiveNounEnd(toks, tt, k) // "Ines and Omar's daughter"
						}
					}
				}
			}
		}
		for j < len(toks) && (preVerbAdverbs[toks[j].Lower] || strings.HasPrefix(tt[j], "RB")) {
			j++ // "when did Mia and Leo first meet", "… eventually buy"
		}
		if compound && j+2 < len(toks) && toks[j+1].Lower == "to" && tt[j+2] == "VB" {
			// "what did Ines and her husband travel to see": the
			// tagger's verb, the one after "to", is the question's
			break
		}
		if j > i+1 && j < len(toks) && !toks[j].Punct && !nlp.IsFunctionWord(toks[j].Lower) && !metaWords[toks[j].Lower] && !lightVerbs[toks[j].Lower] {
			at = j
		}
		break
	}
	if at < 0 {
		return "", ""
	}
	if catenatives[toks[at].Lower] && at+2 < len(toks) && toks[at+1].Lower == "to" && !toks[at+2].Punct && !nlp.IsFunctionWord(toks[at+2].Lower) && !metaWords[toks[at+2].Lower] && !lightVerbs[toks[at+2].Lower] {
		// "what did she want to share": the verb after "to" takes
		// the object the question asks for
		at += 2
	}
	if at+1 < len(toks) && nlp.IsPreposition(toks[at+1].Lower) {
		prep = toks[at+1].Lower
	}
	return stem(toks[at].Lower), prep
}

// timeWords end a possessive subject's noun run in a question: a
// relative time after the verb ("what did Omar's kids paint yesterday").
var timeWords = wordSet(`yesterday today tonight tomorrow last this next weekend morning evening night monday tuesday wednesday thursday friday saturday sunday`)

// preVerbAdverbs are adverbs set between a question's subject and its
// verb ("what did she first try", "what does he usually eat").
var preVerbAdverbs = wordSet(`first also usually often really still ever always sometimes typically normally generally mostly finally actually just`)

// possessiveNounEnd is the index after the noun phrase a possessive opens
// at toks[k] ("her two sisters", "her old college roommate", "her friend
// Sara"): its adjectives and numbers, its nouns, and a name set beside
// them; the last noun of a run that reaches the question's end or a
// preposition is the verb the tagger read as a noun ("her brother cook
// on the boat"). tt are the tokens' tags.
func possessiveNounEnd(toks []nlp.Token, tt []string, k int) int {
	for k < len(toks) && !toks[k].Punct && (strings.HasPrefix(tt[k], "JJ") || tt[k] == "CD") {
		k++
	}
	st := k
	for k < len(toks) && !toks[k].Punct && !nlp.IsFunctionWord(toks[k].Lower) && strings.HasPrefix(tt[k], "NN") && !timeWords[toks[k].Lower] {
		k++
	}
	if k == len(toks) || toks[k].Punct || nlp.IsPreposition(toks[k].Lower) || timeWords[toks[k].Lower] {
		if k-st > 1 {
			k-- // the run's last word is the verb
		}
	}
	return k
}

// covers reports whether a memory item dated d falls in one of the
// question's periods, or within one period length after it (an event is
// often told some days after it happened).
func (q question) covers(d time.Time) bool {
	if d.IsZero() {
		return false
	}
	d = temporal.DayStart(d)
	for _, p := range q.when {
		if !d.Before(p.from) && d.Before(p.to.Add(p.to.Sub(p.from))) {
			return true
		}
	}
	return false
}

// weight of focus term k: half for the answer's category noun.
func (q question) weight(k string) float64 {
	if k == q.headKey && k != "" {
		return 0.5
	}
	if q.preamble[k] {
		return preambleWeight
	}
	return 1
}

// mainQuestion returns the last sentence of q that ends with '?', or q.
func mainQuestion(q string) string {
	ss := textutil.Sentences(q)
	for i := len(ss) - 1; i >= 0; i-- {
		if strings.HasSuffix(ss[i], "?") {
			return afterFronted(ss[i])
		}
	}
	return afterFronted(q)
}

// misreadNoun reports whether word j of a question, tagged as a present
// verb, ends the wh-phrase's noun compound: an auxiliary follows it
// ("what type of camera lens/VBZ did I buy"), so it is the compound's
// head noun, which the tagger misreads by its -s.
func misreadNoun(tg, lw []string, j int) bool {
	return (tg[j] == "VBZ" || tg[j] == "VBP") && j+1 < len(lw) && nlp.IsAuxiliary(lw[j+1])
}

// likingVerbs take an activity as their object ("enjoy doing", "like to
// do").
var likingVerbs = wordSet(`enjoy enjoys enjoyed like likes liked love loves loved prefer prefers preferred`)

// likesDoing reports whether a question asks what someone likes doing:
// a verb of liking before "doing" or "to do" ("what does she enjoy doing
// after work"). The answer is an activity, as for "what hobby".
func likesDoing(lw []string) bool {
	for i := 0; i+1 < len(lw); i++ {
		if likingVerbs[lw[i]] && (lw[i+1] == "doing" || lw[i+1] == "to" && i+2 < len(lw) && lw[i+2] == "do") {
			return true
		}
	}
	return false
}

// subordinators open an adverbial clause that can stand before the main
// clause ("When Dave was a child, what did he …", "Before I bought the
// bike, did I …").
var subordinators = wordSet(`when whenever while after before since once if as although though because`)

// afterFronted is the main clause of a question that opens with a fronted
// adverbial clause: the words after the clause's comma when a wh-word or
// an auxiliary starts them ("When we set up the tent, which pole did we
// use?" → "which pole did we use?"); q itself otherwise. "When" right
// before an auxiliary asks for a time ("When did she …, and …").
func afterFronted(q string) string {
	ts := words(q)
	if len(ts) < 4 || !subordinators[ts[0].Lower] || nlp.IsAuxiliary(ts[1].Lower) {
		return q
	}
	for i := 2; i+1 < len(ts); i++ {
		if ts[i].Text != "," {
			continue
		}
		if w := ts[i+1].Lower; nlp.IsWhWord(w) || nlp.IsAuxiliary(w) {
			return q[ts[i+1].Start:]
		}
		return q
	}
	return q
}

// priceAskedRe is a "what" question whose wh-word is the price object of
// "charge" or "cost" after a subject: "what is the plumber charging (per
// hour)", "what will the permit cost (now, these days, in total)", "what
// does she charge", "what is the bread selling for". Not "going for" (an
// aim: "what is Dad going for at the clinic"), "charging at" a place, the
// noun "charge" or "cost" (priceAsked), the
// crime of "charged with", a cost in something other than money ("what
// did the delay cost us"), a subject question ("what is costing us the
// most") or "charging through" a port.
var priceAskedRe = regexp.MustCompile(`(?i)^what(?:['’]s|\s+(?:is|are|was|were|does|do|did|will|would|might|could))\s+(?:\S+\s+){1,5}?(charging|charge|cost|sells?\s+for|selling\s+for)\b(?:\s+(?:per|an?|each|for|now|today|nowadays|these|this|in|to)\b.*)?\s*[?.!]?$`)

// priceAsked reports whether a "what" question (main clause main) asks
// for a price (priceAskedRe, its verb group the price verb).
func priceAsked(main string) bool {
	m := strings.TrimSpace(main)
	loc := priceAskedRe.FindStringSubmatchIndex(m)
	if loc == nil {
		return false
	}
	// "what did we do about the double charge": a noun after a
	// determiner, an adjective or a possessive is no verb
	before := strings.Fields(strings.ToLower(m[:loc[2]]))
	if len(before) > 0 {
		w := before[len(before)-1]
		if nlp.IsDeterminer(w) || strings.HasSuffix(w, "'s") || strings.HasSuffix(w, "’s") || priceNounModifiers[w] {
			return false
		}
	}
	return true
}

// priceNounModifiers stand before "charge" or "cost" as a noun ("the
// extra charge", "the total cost").
var priceNounModifiers = wordSet(`extra double total overall hidden added late annual monthly whole actual final criminal`)

// habitualDayRe is a question that may ask for the day something recurs
// on, in the present tense: "which day is Theo off now", "what day does
// the flour get delivered" (see question.habitualDay).
var habitualDayRe = regexp.MustCompile(`(?i)^(?:which|what)\s+days?\s+(?:is|are|does|do)\b`)

// occasionAdverbial reports whether toks i and i+1 are "last time", "this
// time" or "next time" said as an adverbial ("how did we do it last
// time?"), which points at an occasion without naming what it is about;
// "the last time I went" is a noun phrase the question may be about.
func occasionAdverbial(toks []nlp.Token, i int) bool {
	if i+1 >= len(toks) || toks[i+1].Lower != "time" {
		return false
	}
	switch toks[i].Lower {
	case "last", "this", "next":
	default:
		return false
	}
	if i > 0 {
		switch toks[i-1].Lower {
		case "the", "a", "that", "each", "every":
			return false
		}
	}
	return true
}

// findWh returns the interrogative wh-word of a question and its index: the
// first wh-word at the start, or after a pronoun or an embedding verb
// ("remind me which", "do you know where"); a wh-word after a noun is a
// relative pronoun ("the friend who …") and does not count.
func findWh(lw []string) (string, int) {
	for i, w := range lw {
		if !nlp.IsWhWord(w) {
			continue
		}
		if i == 0 {
			return w, i
		}
		p := lw[i-1]
		if (p == "," || p == ":") && i >= 2 && !nlp.IsPreposition(lw[i-2]) || (p == "—" || p == "–" || p == "-") && i >= 2 {
			// "… and I was wondering, what was …", "the courgettes
			// need hardening off — how did I …": an embedded question
			// after a preamble (a dash opens no relative clause)
			return w, i
		}
		if nlp.IsPronoun(p) || embedVerbs[p] || nlp.IsPreposition(p) || nlp.IsConjunction(p) || p == "and" || p == "or" || nlp.IsFiller(p) {
			// "in which city", "and where", "so what"
			if nlp.IsPreposition(p) && i >= 2 && !nlp.IsFunctionWord(lw[i-2]) && !embedVerbs[lw[i-2]] && i > 2 {
				continue // "the city in which …": relative
			}
			return w, i
		}
	}
	return "", -1
}

// choiceOptions splits the alternatives of "… A or B?": the phrases right
// before and after the last "or", each cut at the previous function word
// boundary. Returns nil when there is no such "or" or it is "yes or no".
func choiceOptions(q string) []string {
	lq := strings.ToLower(q)
	if strings.Contains(lq, "yes or no") {
		return nil
	}
	toks := words(q)
	or := -1
	for i, t := range toks {
		if t.Lower == "or" {
			or = i
		}
	}
	if or <= 0 || or == len(toks)-1 {
		return nil
	}
	// right option: content words after "or" up to the end or a comma
	var right []string
	for _, t := range toks[or+1:] {
		if t.Punct {
			break
		}
		right = append(right, t.Text)
	}
	// drop leading determiners
	for len(right) > 0 && nlp.IsDeterminer(strings.ToLower(right[0])) {
		right = right[1:]
	}
	n := len(right)
	if n == 0 {
		return nil
	}
	// left option: as many words before "or" as the right one has,
	// stopping at function words other than "of".
	var left []string
	for i := or - 1; i >= 0 && len(left) < n; i-- {
		w := toks[i]
		if w.Punct || (nlp.IsFunctionWord(w.Lower) && w.Lower != "of") || nlp.IsAuxiliary(w.Lower) {
			break
		}
		left = append([]string{w.Text}, left...)
	}
	if len(left) == 0 {
		return nil
	}
	return []string{strings.Join(left, " "), strings.Join(right, " ")}
}

// whOptions splits the alternatives of a wh-question that lists them at
// its end after a comma, colon or dash ("Which gift did I buy first, the
// necklace for my sister or the photo album for my mom?"): the text from
// that separator to the last "or", and from "or" to the end. Each has at
// most 12 words; nil when the question has no such list.
func whOptions(q string) []string {
	q = strings.TrimSpace(strings.TrimRight(strings.TrimSpace(q), "?.!"))
	i := strings.LastIndex(q, " or ")
	if i < 0 {
		return nil
	}
	left, right := q[:i], strings.TrimSpace(q[i+len(" or "):])
	sep := strings.LastIndexAny(left, ",:;–—")
	if d := strings.LastIndex(left, " - "); d > sep {
		sep = d + 1
	}
	if sep < 0 {
		return nil
	}
	left = strings.TrimSpace(strings.Trim(left[sep+1:], " -"))
	n1, n2 := len(strings.Fields(left)), len(strings.Fields(right))
	if n1 == 0 || n2 == 0 || n1 > 12 || n2 > 12 {
		return nil
	}
	return []string{left, right}
}

// orderOf reads whether a question asks for the earlier (-1) or the later
// (+1) of its options.
func orderOf(lw []string) int {
	for i, w := range lw {
		switch w {
		case "first", "earlier", "earliest", "before", "sooner":
			return -1
		case "last", "later", "latest", "after":
			return 1
		case "recently", "recent":
			if i > 0 && (lw[i-1] == "more" || lw[i-1] == "most") {
				return 1
			}
		}
	}
	return 0
}

func isPlural(w string) bool {
	if len(w) < 4 || !strings.HasSuffix(w, "s") {
		return w == "people" || w == "children" || w == "men" || w == "women"
	}
	for _, suf := range []string{"ss", "us", "is", "ous", "ics"} {
		if strings.HasSuffix(w, suf) {
			return false
		}
	}
	return !invariantNouns[w]
}

// invariantNouns end in -s whether one or several are meant ("what news
// did she share", "which TV series"): their form asks for no list.
var invariantNouns = wordSet(`news series species means lens headquarters crossroads whereabouts`)

func possessiveBase(w string) string {
	w = strings.TrimSuffix(w, "'s")
	return strings.TrimSuffix(w, "'")
}

func isSentenceStart(text string, at int) bool {
	i := at - 1
	for i >= 0 && text[i] == ' ' {
		i--
	}
	return i < 0 || strings.ContainsRune(".!?\n", rune(text[i]))
}

func hasLetterOrDigit(w string) bool {
	for _, r := range w {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return true
		}
	}
	return false
}

// words tokenizes text and drops nothing (punctuation tokens are kept).
func words(text string) []nlp.Token { return nlp.Tokenize(text) }

// stem is the matching key of a lowercase word: irregular verb forms
// lemmatized, possessives and apostrophes removed, Porter2-stemmed.
func stem(w string) string {
	w = possessiveBase(w)
	w = strings.ReplaceAll(w, "'", "")
	w = nlp.Lemma(w)
	if v, ok := derivedFrom[w]; ok {
		w = v
	} else if v, ok := derivedFrom[strings.TrimSuffix(w, "s")]; ok && strings.HasSuffix(w, "s") {
		w = v // "decisions", "beliefs": the noun's plural too
	} else if v, ok := derivedFrom[strings.TrimSuffix(w, "es")]; ok && strings.HasSuffix(w, "es") {
		w = v // "losses", "speeches"
	}
	if v, ok := titleWords[strings.TrimSuffix(w, ".")]; ok {
		w = v
	}
	st := textutil.Stem(w)
	// Porter2 undoubles a final bb, dd, ff, gg, mm, nn, pp, rr or tt only
	// after removing -ed or -ing ("added" → "ad", but "add" → "add"):
	// undoubling every stem the same way makes a base form match its
	// inflections.
	if n := len(st); n >= 3 && st[n-1] == st[n-2] && strings.IndexByte("bdfgmnprt", st[n-1]) >= 0 {
		st = st[:n-1]
	}
	return st
}

// frameNouns are the nouns a question names the conversation itself by
// ("our previous chat").
var frameNouns = wordSet(`conversation conversations chat chats discussion discussions session sessions talk talks exchange exchanges message messages`)

// derivedFrom maps nouns whose derivation from a verb the stemmer does not
// undo ("decision" / "decide": "decis", "decid") to the verb, so that
// "what did she decide" finds "her decision".
var derivedFrom = map[string]string{
	"decision": "decide", "choice": "choose", "marriage": "marry", "flight": "fly", "loss": "lose",
	"death": "die", "sale": "sell", "belief": "believe", "success": "succeed", "growth": "grow",
	"knowledge": "know", "speech": "speak", "pursuit": "pursue", "complaint": "complain", "loan": "lend",
	"solution": "solve", "description": "describe", "explanation": "explain", "permission": "permit", "admission": "admit",
	"pronunciation": "pronounce", "suggestion": "suggest", "weight": "weigh",
}

// titleWords maps the abbreviated and clipped forms of titles and
// occupations to the noun they stand for, so that "how many doctors"
// finds "Dr. Patel" and "my doc": a closed class of English.
var titleWords = map[string]string{"dr": "doctor", "doc": "doctor", "prof": "professor"}

// rankedTime reports whether the question's "time" is ranked or summed —
// a superlative, "best", "record", "total", "average" or "overall" before
// it ("my personal best time", "the total time it takes") — and so an
// amount of time rather than a time of day.
func rankedTime(toks []nlp.Token) bool {
	tg := tagWords(toks)
	for i, t := range toks {
		if t.Lower != "time" || i == 0 {
			continue
		}
		for j := i - 1; j >= 0 && j >= i-3 && !toks[j].Punct; j-- {
			if timeRankers[toks[j].Lower] || tg[j] == "JJS" {
				return true
			}
		}
	}
	return false
}

// timeRankers are the words that make a time an amount: a rank or a sum
// ("best time", "total time"), or the noun of a compound that names a
// length of time ("lead time", "wait time", "commute time", "recovery
// time").
var timeRankers = wordSet(`best worst record total average overall fastest slowest quickest
	lead wait waiting travel drive driving commute cooking baking prep turnaround response recovery processing
	transit load loading screen running`)

// acronymLinks are the function words an acronym may skip between the
// words it abbreviates ("Bank of America" → "BOA" or "BA").
var acronymLinks = wordSet(`of and for the`)

// acronymsOf are the upper-case initials of every run of two to six
// capitalized words of toks (acronymLinks between them skipped or kept:
// "Master of Business Administration" → "MBA", "MOBA"), the acronyms a
// text may write for the names the question spells out. A run of
// lower-case words abbreviates too rarely to count ("computer science"
// is seldom "CS" unless capitalized).
func acronymsOf(toks []nlp.Token) map[string]bool {
	var out map[string]bool
	for i := range toks {
		if !initialCap(toks[i].Text) || i == 0 {
			continue // the first word is capitalized as the sentence's start
		}
		plain, full := "", ""
		for j, n := i, 0; j < len(toks) && n < 6; j++ {
			t := toks[j]
			if acronymLinks[t.Lower] && j > i {
				full += strings.ToUpper(t.Lower[:1])
				continue
			}
			if t.Punct || !initialCap(t.Text) {
				break
			}
			plain += strings.ToUpper(t.Text[:1])
			full += strings.ToUpper(t.Text[:1])
			n++
			if n >= 2 {
				if out == nil {
					out = map[string]bool{}
				}
				out[plain], out[full] = true, true
			}
		}
	}
	return out
}
