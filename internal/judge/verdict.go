package judge

import (
	"errors"
	"fmt"
	"strings"
	"unicode"

	"github.com/memarena/memarena/internal/model"
)

// ErrUnreadable is wrapped by every ParseVerdict error.
var ErrUnreadable = errors.New("unreadable verdict")

type mention struct {
	pos  int
	kind int // kindCorrect, kindIncorrect, kindHedged
}

const (
	kindCorrect = iota
	kindIncorrect
	kindHedged
)

var (
	negators = map[string]bool{"not": true, "isnt": true, "no": true, "never": true, "hardly": true, "arent": true, "wasnt": true}
	// adverbs allowed between a negator and "correct" ("not entirely correct").
	degree = map[string]bool{"entirely": true, "fully": true, "quite": true, "completely": true, "totally": true, "exactly": true, "really": true}
	hedges = map[string]bool{"partially": true, "partly": true, "mostly": true, "somewhat": true, "largely": true, "half": true,
		"almost": true, "nearly": true, "possibly": true, "probably": true, "arguably": true}
	labels = map[string]bool{"verdict": true, "final": true, "grade": true, "result": true, "judgment": true, "judgement": true,
		"label": true, "output": true}
)

// ParseVerdict reads a judge reply strictly. It returns true for a
// "correct" verdict and false for an "incorrect" one; "incorrect", "not
// correct", "not entirely correct", "isn't correct" and "wrong" are
// incorrect, never correct. It accepts, case-insensitively and with
// Markdown emphasis, quotes and punctuation ignored:
//
//   - a reply that starts with a verdict ("CORRECT", "Verdict: INCORRECT",
//     "Incorrect. The correct answer is …"), unless a verdict of the other
//     kind follows within two words ("CORRECT or INCORRECT");
//   - otherwise a reply whose every verdict word has the same meaning
//     ("The candidate answer is not correct.");
//   - a JSON object {"verdict": "<one of the above>"} or {"correct": bool},
//     also inside a code fence.
//
// "the correct answer …" refers to the gold and is not a verdict. Anything
// else — empty, no verdict word, hedged ("partially correct"), or both
// verdicts — is an error wrapping ErrUnreadable.
func ParseVerdict(reply string) (bool, error) {
	s := strings.TrimSpace(reply)
	if s == "" {
		return false, fmt.Errorf("%w: empty reply", ErrUnreadable)
	}
	if inner := model.StripFences(s); strings.HasPrefix(inner, "{") {
		var obj map[string]any
		if err := model.DecodeJSON(inner, &obj); err == nil {
			lower := make(map[string]any, len(obj))
			for k, v := range obj {
				lower[strings.ToLower(k)] = v
			}
			for _, k := range []string{"verdict", "grade", "label", "result"} {
				if str, ok := lower[k].(string); ok {
					return ParseVerdict(str)
				}
			}
			for _, k := range []string{"correct", "is_correct"} {
				if b, ok := lower[k].(bool); ok {
					return b, nil
				}
			}
			return false, fmt.Errorf("%w: JSON reply has no \"verdict\" string or \"correct\" boolean: %.80q", ErrUnreadable, reply)
		}
	}
	words := tokenize(s)
	ms := mentions(words)
	if len(ms) == 0 {
		return false, fmt.Errorf("%w: no CORRECT or INCORRECT in %.80q", ErrUnreadable, reply)
	}
	// A leading verdict decides, unless the other verdict follows at once.
	lead := 0
	for lead < len(words) && labels[words[lead]] {
		lead++
	}
	first := ms[0]
	if first.kind != kindHedged && startsAt(words, first, lead) {
		for _, m := range ms[1:] {
			if m.pos-first.pos <= 2 && m.kind != first.kind {
				return false, fmt.Errorf("%w: both verdicts in %.80q", ErrUnreadable, reply)
			}
		}
		return first.kind == kindCorrect, nil
	}
	kinds := map[int]bool{}
	for _, m := range ms {
		kinds[m.kind] = true
	}
	if kinds[kindHedged] {
		return false, fmt.Errorf("%w: hedged verdict in %.80q", ErrUnreadable, reply)
	}
	if len(kinds) > 1 {
		return false, fmt.Errorf("%w: both verdicts in %.80q", ErrUnreadable, reply)
	}
	return ms[0].kind == kindCorrect, nil
}

// startsAt reports whether mention m's phrase begins at word index lead
// (a negated "correct" begins at its negator).
func startsAt(words []string, m mention, lead int) bool {
	if m.pos == lead {
		return true
	}
	if m.kind == kindIncorrect && words[m.pos] == "correct" {
		return negators[words[lead]] && m.pos-lead <= 2
	}
	return false
}

// tokenize lowercases, folds "n't" into the word ("isn't" → "isnt") and
// splits on everything that is not a letter.
func tokenize(s string) []string {
	s = strings.ToLower(s)
	s = strings.NewReplacer("n't", "nt", "n’t", "nt").Replace(s)
	return strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) })
}

// mentions finds the verdict words in order.
func mentions(w []string) []mention {
	var out []mention
	for i, t := range w {
		switch t {
		case "incorrect", "wrong":
			if i > 0 && w[i-1] == "the" && i+1 < len(w) {
				continue // "the incorrect part …"
			}
			out = append(out, mention{i, kindIncorrect})
		case "correct":
			if i > 0 && w[i-1] == "the" && i+1 < len(w) {
				continue // "the correct answer is …" names the gold
			}
			switch {
			case i > 0 && negators[w[i-1]]:
				out = append(out, mention{i, kindIncorrect})
			case i > 1 && degree[w[i-1]] && negators[w[i-2]]:
				out = append(out, mention{i, kindIncorrect})
			case i > 0 && hedges[w[i-1]]:
				out = append(out, mention{i, kindHedged})
			default:
				out = append(out, mention{i, kindCorrect})
			}
		}
	}
	return out
}
