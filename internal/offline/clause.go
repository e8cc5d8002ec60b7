package offline

import (
	"strings"
	"unicode"
)

// Role words used for a person when the turn has no speaker name.
const (
	RoleUser      = "user"
	RoleAssistant = "assistant"
)

// person resolves a pronoun to the person it names: I/me/my/we/us/our →
// the speaker, you/your → the addressee; "" for other words.
func (a *Analysis) person(low string) string {
	switch {
	case firstPerson[low] || firstPlural[low]:
		if a.Speaker != "" {
			return a.Speaker
		}
		return RoleUser
	case secondPerson[low]:
		if a.Addressee != "" {
			return a.Addressee
		}
		return RoleAssistant
	}
	return ""
}

// verbLike reports whether a lowercase word can be a finite or participle
// verb form: a known verb lemma, an irregular form, or a regular -ed form.
func verbLike(low string) bool {
	if irregular[low] != "" {
		return true
	}
	l := lemma(low)
	if _, ok := verbClass[l]; ok {
		return true
	}
	if phraseVerbHeads[l] {
		return true
	}
	return strings.HasSuffix(low, "ed") && len(low) > 4
}

// phraseVerbHeads holds the first words of verbClass's multi-word keys
// ("give up" → "give"): a lemma that starts a verb phrase is verb-like.
var phraseVerbHeads = func() map[string]bool {
	out := map[string]bool{}
	for k := range verbClass {
		if head, _, ok := strings.Cut(k, " "); ok {
			out[head] = true
		}
	}
	return out
}()

// segments splits a sentence's tokens into clause spans: at clause
// punctuation, at subordinators, and at a coordinating conjunction that is
// followed by a subject pronoun or a verb-like word ("… and I went", "…
// and painted").
func segments(toks []token) [][]token {
	var out [][]token
	start := 0
	cut := func(i int) {
		if i > start {
			out = append(out, toks[start:i])
		}
		start = i
	}
	for i := 0; i < len(toks); i++ {
		l := toks[i].low
		if i > start && (subordinators[l] || conjunctions[l] && i+1 < len(toks) && (subjPronouns[toks[i+1].low] || verbLike(toks[i+1].low))) {
			cut(i)
		}
		if toks[i].stop {
			cut(i + 1)
		}
	}
	cut(len(toks))
	return out
}

// infinitiveHeads are verbs whose "to"-infinitive carries the content
// ("decided to adopt", "want to paint", "going to travel").
var infinitiveHeads = map[string]bool{"decide": true, "want": true, "plan": true, "try": true, "hope": true, "need": true,
	"love": true, "like": true, "start": true, "begin": true, "go": true, "intend": true, "wish": true, "choose": true,
	"prefer": true, "hate": true, "learn": true, "continue": true, "agree": true, "manage": true, "have": true, "get": true,
	"wanna": true, "gonna": true, "gotta": true, "use": true}

// clauses finds the subject–verb–object clauses of a sentence.
func (a *Analysis) clauses(toks []token) []Clause {
	var out []Clause
	lastObj := ""
	for _, seg := range segments(toks) {
		c, ok := a.clause(seg, lastObj)
		if !ok {
			continue
		}
		if c.Object != "" {
			lastObj = c.Object
		}
		out = append(out, c)
	}
	return out
}

func (a *Analysis) clause(seg []token, lastObj string) (Clause, bool) {
	var c Clause
	k := 0
	c.Cond = conditionWords[seg[0].low]
	for k < len(seg) && (subordinators[seg[k].low] || conjunctions[seg[k].low] || interjections[seg[k].low] && len(seg) > k+1 || adverbs[seg[k].low]) {
		k++
	}
	if k >= len(seg) || whWords[seg[k].low] {
		return c, false
	}
	// subject
	switch l := seg[k].low; {
	case subjPronouns[l] || l == "you":
		if p := a.person(l); p != "" {
			c.Subject, c.Person = p, true
		} else if demonstrPron[l] || l == "itll" {
			c.Subject = lastObj
		} else {
			c.Subject = a.thirdPerson()
			c.Person = c.Subject != ""
		}
		if l == "lets" {
			c.Future = true
		}
		if copulas[l] { // "I'm", "she's": the pronoun holds the copula
			c.Copula = true
		}
		if l == "ive" || l == "weve" || l == "youve" || l == "theyve" {
			c.Past = true
		}
		if l == "ill" || l == "well" || l == "youll" || l == "itll" {
			c.Future = true
		}
		k++
	default:
		inflected := func(l string) bool { return verbLike(l) && (lemma(l) != l || irregular[l] != "") }
		j := k
		for j < len(seg) && j < k+5 && !auxiliaries[seg[j].low] && !negations[seg[j].low] && !(j > k && inflected(seg[j].low)) {
			j++
		}
		if j >= len(seg) || j == k+5 {
			j = k + 1
			for j < len(seg) && j < k+5 && !verbLike(seg[j].low) {
				j++
			}
		}
		if j == k || j >= len(seg) {
			return c, false
		}
		var ws []string
		for _, t := range seg[k:j] {
			ws = append(ws, t.text)
		}
		for len(ws) > 1 && adverbs[strings.ToLower(ws[len(ws)-1])] {
			ws = ws[:len(ws)-1]
		}
		c.Subject = strings.Join(ws, " ")
		if c.Subject == a.Speaker || c.Subject == a.Addressee {
			c.Person = true
		}
		k = j
	}
	// auxiliaries, negation and adverbs
	for k < len(seg) {
		l := seg[k].low
		switch {
		case l == "no" && k+1 < len(seg) && seg[k+1].low == "longer":
			c.Negated = true
			k++
		case negations[l]:
			c.Negated = true
			if strings.HasSuffix(l, "nt") && auxiliaries[strings.TrimSuffix(l, "nt")] || l == "didnt" || l == "wasnt" || l == "werent" || l == "hadnt" {
				if l == "didnt" || l == "wasnt" || l == "werent" || l == "hadnt" {
					c.Past = true
				}
			}
		case copulas[l]:
			c.Copula = true
			if l == "was" || l == "were" {
				c.Past = true
			}
		case auxiliaries[l]:
			switch l {
			case "did", "had":
				c.Past = true
			case "will", "ill", "well", "gonna", "shall":
				c.Future = true
			}
		case adverbs[l]:
		default:
			goto verb
		}
		k++
	}
verb:
	if k >= len(seg) {
		if c.Copula && lastObj == "" {
			return c, false
		}
		return c, false
	}
	v := seg[k]
	if c.Copula && !verbLike(v.low) && !strings.HasSuffix(v.low, "ing") {
		// "X is Y", "I was in Paris"
		c.Verb, c.Lemma = "be", "be"
		if prepositions[v.low] && k+1 < len(seg) {
			c.Prep = v.low
			c.Lemma = "be " + v.low
			k++
		}
		c.Object = objectPhrase(seg[k:])
		return c, c.Subject != "" && c.Object != ""
	}
	if c.Copula && strings.HasSuffix(v.low, "ing") {
		c.Copula = false // progressive: "I am painting"
		if v.low == "going" && k+1 < len(seg) && seg[k+1].low == "to" {
			c.Future = true
		}
	}
	c.Verb, c.Lemma = v.text, lemma(v.low)
	if !c.Past && (irregular[v.low] != "" && irregular[v.low] != v.low && !strings.HasSuffix(v.low, "s") && !strings.HasSuffix(v.low, "ing") || strings.HasSuffix(v.low, "ed")) {
		c.Past = true
	}
	k++
	// verb + "to" + infinitive: the infinitive carries the content
	if infinitiveHeads[c.Lemma] && k+1 < len(seg) && seg[k].low == "to" && isVerbAfterTo(seg, k) {
		head := c.Lemma
		if head == "go" {
			c.Future = true
		}
		inf := seg[k+1]
		c.Object = objectPhrase(seg[k+1:])
		if head == "use" {
			c.UsedTo, c.Past = true, true
		}
		switch head {
		case "use", "go", "have", "get", "need", "try", "start", "begin", "continue", "manage", "gotta", "gonna", "wanna", "want", "wish", "hope", "intend", "plan":
			// the infinitive is the main verb; keep the head's modality
			if head == "want" || head == "wish" || head == "hope" || head == "intend" || head == "plan" || head == "wanna" {
				c.Future = true
			}
			c.Verb, c.Lemma = inf.text, lemma(inf.low)
			c.Object = objectPhrase(seg[k+2:])
			if len(seg) > k+2 && prepositions[seg[k+2].low] {
				if _, ok := verbClass[c.Lemma+" "+seg[k+2].low]; ok {
					c.Lemma += " " + seg[k+2].low
					c.Prep = seg[k+2].low
					c.Object = objectPhrase(seg[k+3:])
				}
			}
		}
		return c, c.Subject != "" && (c.Object != "" || c.Verb != "")
	}
	// verb + particle/preposition
	if k < len(seg) && prepositions[seg[k].low] {
		p := seg[k].low
		if _, ok := verbClass[c.Lemma+" "+p]; ok {
			c.Lemma += " " + p
		}
		c.Prep = p
		k++
		if k < len(seg) && prepositions[seg[k].low] { // "go back to", "move out of"
			c.Prep = seg[k].low
			k++
		}
	}
	c.Object = objectPhrase(seg[k:])
	return c, c.Subject != ""
}

// objectPhrase is the object of a clause: its words up to the clause end,
// at most eight, without a trailing preposition.
func objectPhrase(toks []token) string {
	var ws []string
	for i, t := range toks {
		if len(ws) >= 8 || (t.low == "instead" || t.low == "rather") && i+1 < len(toks) && (toks[i+1].low == "of" || toks[i+1].low == "than") {
			break
		}
		ws = append(ws, t.text)
		if t.stop {
			break
		}
	}
	for len(ws) > 0 {
		l := strings.ToLower(ws[len(ws)-1])
		if prepositions[l] || determiners[l] || conjunctions[l] || adverbs[l] && len(ws) > 1 {
			ws = ws[:len(ws)-1]
			continue
		}
		break
	}
	return strings.Join(ws, " ")
}

// thirdPerson is the most recent named person of the turn other than the
// speaker and addressee (the antecedent of he/she/they), or "".
func (a *Analysis) thirdPerson() string {
	for i := len(a.Entities) - 1; i >= 0; i-- {
		m := a.Entities[i]
		if m.Text == a.Speaker || m.Text == a.Addressee || strings.ContainsAny(m.Text, "0123456789") || strings.Contains(m.Text, " ") {
			continue
		}
		r := []rune(m.Text)
		if unicode.IsUpper(r[0]) {
			return m.Text
		}
	}
	return ""
}
