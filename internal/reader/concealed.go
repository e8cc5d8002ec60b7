package reader

import "github.com/memarena/memarena/internal/nlp"

// concealedQuestion finds a request for a thing named by a noun phrase
// instead of a wh-clause ("can you remind me of the deli near the
// station", "I was wondering if you could tell me about the trail you
// suggested"): a concealed question, a noun phrase that stands for the
// question "which/what is <noun phrase>" (Baker 1968; Heim 1979, "Concealed
// questions"). lw are the lowercased tokens of the interrogative sentence.
// It returns the index of the noun phrase's first token — right after
// "remind/tell me of/about", or after "remember/recall" when a determiner
// follows — or -1 when there is none (a wh-word, "if" or "whether" after
// the verb is an embedded question, not a concealed one).
func concealedQuestion(lw []string) int {
	for i, w := range lw {
		j := i + 1
		switch w {
		case "remind", "tell":
			if j < len(lw) && (lw[j] == "me" || lw[j] == "us") {
				j++
			}
			if j >= len(lw) || lw[j] != "of" && lw[j] != "about" {
				continue
			}
			j++
		case "remember", "recall":
			if j >= len(lw) || !determiners[lw[j]] {
				continue
			}
		default:
			continue
		}
		if j >= len(lw) || nlp.IsWhWord(lw[j]) || lw[j] == "if" || lw[j] == "whether" {
			return -1
		}
		return j
	}
	return -1
}

// determiners open a noun phrase (general English).
var determiners = wordSet(`the that those this these a an your my our which what`)

// headType is the answer type a head noun asks for (a what/which
// question's or a concealed question's): a place, a person, an
// organisation, a date or a number by the general noun lists, else a
// free phrase. ofTime is true for "time of …" (a part of a day, not a date).
func headType(head string, ofTime bool) Type {
	switch {
	case head == "":
		return TypePhrase
	case dateNouns[head] && !(head == "time" && ofTime):
		return TypeDate
	case numberNouns[head]:
		return TypeNumber
	case placeNouns[head]:
		return TypePlace
	case personNouns[head]:
		return TypePerson
	case orgNouns[head]:
		return TypeOrg
	}
	return TypePhrase
}

// namedHead is the noun a "name of" phrase names ("the name of that
// bakery by the river" → "bakery"): the head of the noun phrase after the
// first "name(s) of" at or after token from of the interrogative sentence
// (tokens mt, lowercased lw); "" when there is none. The class noun, not
// "name", tells what kind of entity is asked for.
func namedHead(mt []nlp.Token, lw []string, from int) string {
	for i := max(from, 0); i+2 < len(lw); i++ {
		if (lw[i] == "name" || lw[i] == "names") && lw[i+1] == "of" {
			return subjectHead(mt, i+2)
		}
	}
	return ""
}
