package offline

// Closed-class English words and general verb classes the analysis reads.
// Every list is general English (function words, common verbs of a class);
// none is taken from a scenario.

func set(ws ...string) map[string]bool {
	m := make(map[string]bool, len(ws))
	for _, w := range ws {
		m[w] = true
	}
	return m
}

var (
	firstPerson  = set("i", "me", "my", "mine", "myself", "im", "ive", "id", "ill")
	firstPlural  = set("we", "us", "our", "ours", "ourselves", "weve", "were", "well", "wed", "lets")
	secondPerson = set("you", "your", "yours", "yourself", "youre", "youve", "youll", "youd")
	thirdPerson  = set("he", "him", "his", "she", "her", "hers", "they", "them", "their", "theirs", "hes", "shes", "theyre", "theyve")
	demonstrPron = set("it", "its", "this", "that", "these", "those", "itll")
	subjPronouns = set("i", "we", "you", "he", "she", "they", "it", "im", "ive", "id", "ill", "weve", "were", "well", "wed",
		"youre", "youve", "youll", "youd", "hes", "shes", "theyre", "theyve", "itll", "lets")
	determiners = set("a", "an", "the", "this", "that", "these", "those", "some", "any", "every", "each", "another",
		"my", "your", "his", "her", "our", "their", "its", "all", "both", "few", "many", "much", "more", "most")
	prepositions = set("in", "on", "at", "to", "from", "with", "for", "of", "about", "by", "into", "onto", "over", "under",
		"after", "before", "during", "since", "until", "through", "across", "around", "near", "without", "within", "between",
		"like", "as", "per", "via", "toward", "towards", "than", "off", "up", "out", "down", "back")
	conjunctions  = set("and", "or", "but", "so", "yet", "nor", "plus", "then")
	subordinators = set("because", "since", "although", "though", "if", "when", "whenever", "while", "unless", "after",
		"before", "once", "until", "whereas", "cause", "coz")
	conditionWords = set("if", "when", "whenever", "unless", "once")
	causeWords     = set("because", "since", "cause", "coz")
	auxiliaries    = set("am", "is", "are", "was", "were", "be", "been", "being", "have", "has", "had", "do", "does", "did",
		"will", "would", "can", "could", "should", "may", "might", "must", "shall", "im", "ive", "id", "ill", "youre", "youve",
		"youll", "were", "weve", "well", "theyre", "theyve", "hes", "shes", "its", "thats", "gonna", "wanna", "gotta")
	copulas   = set("am", "is", "are", "was", "were", "be", "been", "being", "im", "youre", "theyre", "hes", "shes", "its", "thats")
	negations = set("not", "never", "no", "dont", "doesnt", "didnt", "isnt", "arent", "wasnt", "werent", "cant", "cannot",
		"couldnt", "wont", "wouldnt", "shouldnt", "havent", "hasnt", "hadnt", "neither", "nor")
	whWords = set("what", "who", "whom", "whose", "which", "when", "where", "why", "how")
	adverbs = set("really", "also", "just", "still", "already", "always", "usually", "often", "sometimes", "even",
		"actually", "definitely", "probably", "finally", "recently", "now", "again", "too", "very", "so", "totally",
		"honestly", "absolutely", "currently", "mostly", "mainly", "only", "ever", "never", "once", "later", "soon")
	interjections = set("hi", "hey", "hello", "thanks", "thank", "bye", "goodbye", "wow", "oh", "ok", "okay", "yeah", "yes",
		"no", "sure", "great", "cool", "nice", "awesome", "haha", "lol", "hmm", "well", "congrats", "congratulations", "cheers",
		"morning", "evening", "night", "welcome", "sorry", "amazing", "glad", "aw", "aww", "omg")
	// futureMarkers mark a clause about the future (a plan or a scheduled
	// event).
	futureMarkers = set("will", "ill", "well", "youll", "gonna", "going", "plan", "planning", "plans", "intend", "tomorrow",
		"next", "upcoming", "soon", "later")
)

// verbClass maps the lemma of a main verb (or verb + particle) to the
// relation of the vocabulary it states. Lemmas not listed give no fixed
// relation; their clause is an event or an activity (see factOf).
var verbClass = map[string]string{
	// prefers
	"like": "prefers", "love": "prefers", "enjoy": "prefers", "prefer": "prefers", "adore": "prefers", "fancy": "prefers",
	"appreciate": "prefers", "favor": "prefers", "favour": "prefers",
	// dislikes
	"hate": "dislikes", "dislike": "dislikes", "avoid": "dislikes", "detest": "dislikes", "despise": "dislikes",
	"loathe": "dislikes", "mind": "dislikes",
	// uses
	"use": "uses", "run on": "uses", "rely on": "uses", "switch to": "uses", "migrate to": "uses", "adopt": "uses",
	"depend on": "depends_on", "need": "depends_on", "require": "depends_on",
	// decided
	"decide": "decided", "choose": "decided", "pick": "decided", "select": "decided", "go with": "decided",
	"settle on": "decided", "opt for": "decided", "agree on": "decided", "commit to": "decided",
	// caused_by
	"cause": "caused_by", "lead to": "caused_by", "result in": "caused_by",
	// solution_for
	"fix": "solution_for", "solve": "solution_for", "resolve": "solution_for", "cure": "solution_for",
	// located_in
	"live in": "located_in", "live at": "located_in", "stay in": "located_in", "stay at": "located_in",
	"move to": "located_in", "relocate to": "located_in", "reside in": "located_in", "be from": "located_in",
	"come from": "located_in", "grow up in": "located_in", "be based in": "located_in", "be in": "located_in",
	// owns
	"own": "owns", "have": "owns", "buy": "owns", "get": "owns", "purchase": "owns", "receive": "owns", "keep": "owns",
	// works_on
	"work on": "works_on", "work at": "works_on", "work as": "works_on", "work for": "works_on", "work in": "works_on",
	"study": "works_on", "research": "works_on", "write": "works_on", "build": "works_on", "create": "works_on",
	"make": "works_on", "paint": "works_on", "draw": "works_on", "learn": "works_on", "practice": "works_on",
	"volunteer at": "works_on", "volunteer for": "works_on", "teach": "works_on", "train": "works_on", "play": "works_on",
	"develop": "works_on", "design": "works_on", "organize": "works_on", "start": "works_on", "run": "works_on",
	// believes
	"believe": "believes", "think": "believes", "feel": "believes", "hope": "believes", "know": "believes",
	"realize": "believes", "guess": "believes", "suppose": "believes", "trust": "believes",
	// part_of
	"join": "part_of", "belong to": "part_of", "be part of": "part_of", "be member of": "part_of", "be a member of": "part_of",
	// scheduled
	"schedule": "scheduled_for", "book": "scheduled_for", "reserve": "scheduled_for", "plan": "scheduled_for",
}

// irregular maps irregular verb forms to their lemma.
var irregular = map[string]string{
	"am": "be", "is": "be", "are": "be", "was": "be", "were": "be", "been": "be", "being": "be",
	"has": "have", "had": "have", "having": "have", "did": "do", "does": "do", "done": "do",
	"went": "go", "gone": "go", "goes": "go", "got": "get", "gotten": "get", "made": "make", "took": "take", "taken": "take",
	"saw": "see", "seen": "see", "came": "come", "bought": "buy", "brought": "bring", "thought": "think", "felt": "feel",
	"knew": "know", "known": "know", "found": "find", "gave": "give", "given": "give", "told": "tell", "said": "say",
	"says": "say", "left": "leave", "kept": "keep", "began": "begin", "begun": "begin", "wrote": "write", "written": "write",
	"drew": "draw", "drawn": "draw", "ran": "run", "met": "meet", "built": "build", "taught": "teach", "chose": "choose",
	"chosen": "choose", "spent": "spend", "sent": "send", "read": "read", "ate": "eat", "eaten": "eat", "drove": "drive",
	"flew": "fly", "flown": "fly", "swam": "swim", "sang": "sing", "won": "win", "lost": "lose", "paid": "pay", "held": "hold",
	"led": "lead", "grew": "grow", "grown": "grow", "became": "become", "heard": "hear", "learnt": "learn", "sold": "sell",
	"stood": "stand", "understood": "understand", "woke": "wake", "wore": "wear", "broke": "break", "broken": "break",
	"fell": "fall", "forgot": "forget", "caught": "catch", "fought": "fight", "hung": "hang", "lay": "lie", "rode": "ride",
	"shot": "shoot", "slept": "sleep", "spoke": "speak", "threw": "throw", "dove": "dive", "dived": "dive", "lit": "light",
	"gotta": "get", "gonna": "go", "wanna": "want", "im": "be", "youre": "be", "theyre": "be", "hes": "be", "shes": "be",
	"ive": "have", "youve": "have", "weve": "have", "theyve": "have", "loved": "love", "lives": "live", "lived": "live",
	"used": "use", "uses": "use", "using": "use", "moved": "move", "liked": "like", "hated": "hate", "decided": "decide",
	"joined": "join", "painted": "paint", "created": "create", "started": "start", "visited": "visit", "tried": "try",
	"studied": "study", "stayed": "stay", "played": "play", "worked": "work", "picked": "pick", "adopted": "adopt",
	"planned": "plan", "stopped": "stop", "quit": "quit", "shared": "share", "danced": "dance", "baked": "bake",
	"hiked": "hike", "received": "receive", "believed": "believe", "hoped": "hope", "named": "name", "changed": "change",
	"switched": "switch", "preferred": "prefer", "enjoyed": "enjoy", "needed": "need", "wanted": "want", "finished": "finish",
	"attended": "attend", "celebrated": "celebrate", "graduated": "graduate", "married": "marry", "signed": "sign",
}

// lemma returns the lemma of a lowercase verb form by the irregular table and
// English inflection rules (-ies → -y, doubled consonant + -ed/-ing, -es,
// -ed, -ing, -s).
func lemma(w string) string {
	if l, ok := irregular[w]; ok {
		return l
	}
	n := len(w)
	switch {
	case n > 4 && w[n-3:] == "ies":
		return w[:n-3] + "y"
	case n > 4 && w[n-3:] == "ied":
		return w[:n-3] + "y"
	case n > 5 && w[n-3:] == "ing":
		s := w[:n-3]
		if len(s) > 2 && s[len(s)-1] == s[len(s)-2] && !vowel(s[len(s)-1]) && s[len(s)-1] != 'l' && s[len(s)-1] != 's' {
			return s[:len(s)-1]
		}
		if needsE(s) {
			return s + "e"
		}
		return s
	case n > 4 && w[n-2:] == "ed":
		s := w[:n-2]
		if len(s) > 2 && s[len(s)-1] == s[len(s)-2] && !vowel(s[len(s)-1]) && s[len(s)-1] != 'l' && s[len(s)-1] != 's' {
			return s[:len(s)-1]
		}
		if needsE(s) {
			return s + "e"
		}
		return s
	case n > 4 && (w[n-4:] == "shes" || w[n-4:] == "ches" || w[n-3:] == "xes" || w[n-3:] == "zes" || w[n-3:] == "sses"):
		return w[:n-2]
	case n > 3 && w[n-1] == 's' && w[n-2] != 's' && w[n-2] != 'u' && w[n-2] != 'i':
		return w[:n-1]
	}
	return w
}

func vowel(c byte) bool { return c == 'a' || c == 'e' || c == 'i' || c == 'o' || c == 'u' }

// needsE reports whether a stem cut from -ed/-ing lost a silent e: a
// consonant–vowel–consonant ending whose last letter is not w, x or y
// ("lov" → "love", "creat" → "create"), or a -v/-z/-c ending.
func needsE(s string) bool {
	n := len(s)
	if n < 2 {
		return false
	}
	last := s[n-1]
	switch last {
	case 'v', 'z', 'c', 'u':
		return true
	case 'w', 'x', 'y':
		return false
	}
	if n >= 3 && !vowel(last) && vowel(s[n-2]) && !vowel(s[n-3]) {
		// "creat", "danc", "hik", "bak": but not "visit", "open", "listen"
		// (unstressed final syllable); a short one-syllable stem needs e.
		return n <= 4 || s[n-2] == 'a' && last == 't'
	}
	return false
}
