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

// ParserVersion is the version of ParseVerdict's reading rules. It is part
// of the judge ID (Config.ID), so rows graded under older rules are told
// apart, never pooled with newer ones, and revisited by `memarena rejudge
// --only-failed`. Version 1 let a leading verdict win over a later one and
// read "not incorrect" as INCORRECT; version 2 makes both unreadable.
const ParserVersion = 2

var (
	negators = map[string]bool{"not": true, "isnt": true, "no": true, "never": true, "hardly": true, "arent": true, "wasnt": true,
		"nor": true, "neither": true}
	// adverbs allowed between a negator and a verdict word ("not entirely correct").
	degree = map[string]bool{"entirely": true, "fully": true, "quite": true, "completely": true, "totally": true, "exactly": true, "really": true,
		"at": true, "all": true}
	hedges = map[string]bool{"partially": true, "partly": true, "mostly": true, "somewhat": true, "largely": true, "half": true,
		"almost": true, "nearly": true, "possibly": true, "probably": true, "arguably": true}
)

// ParseVerdict reads a judge reply strictly. It returns true for a
// "correct" verdict and false for an "incorrect" one, case-insensitively
// and with Markdown emphasis, quotes and surrounding prose ignored:
//
//   - "CORRECT", "Verdict: CORRECT", "The candidate answer is correct." are
//     correct;
//   - "INCORRECT", "wrong", "not correct", "isn't correct", "not entirely
//     correct" are incorrect, never correct;
//   - a JSON object {"verdict": "<one of the above>"} or {"correct": bool},
//     also inside a code fence, is read by the same rules.
//
// "the correct answer is …" names the gold and is not a verdict. Every
// other reply is an error wrapping ErrUnreadable, so that it gets the repair
// request and then judge_failed instead of a guessed verdict:
//
//   - empty, or no verdict word;
//   - both verdicts anywhere in the reply ("CORRECT or INCORRECT",
//     "INCORRECT? No. CORRECT.", a JSON object whose fields disagree);
//   - a negated INCORRECT or WRONG ("not incorrect", "never wrong"): a
//     double negative is not a verdict;
//   - a verdict word asked as a question ("Correct? No.") or a bare yes/no
//     clause ("No.", "Verdict: yes");
//   - a hedged verdict ("partially correct", "mostly correct").
func ParseVerdict(reply string) (bool, error) {
	s := strings.TrimSpace(reply)
	if s == "" {
		return false, fmt.Errorf("%w: empty reply", ErrUnreadable)
	}
	if inner := model.StripFences(s); strings.HasPrefix(inner, "{") {
		var obj map[string]any
		if err := model.DecodeJSON(inner, &obj); err == nil {
			return jsonVerdict(obj, reply)
		}
	}
	toks := tokenize(s)
	seen := map[bool]bool{}
	for i, t := range toks {
		if t.sep != 0 {
			continue
		}
		prev, prev2, next := toks.word(i-1), toks.word(i-2), toks.at(i+1)
		switch t.w {
		case "yes", "no":
			if prev == "" && (next.sep != 0 || i+1 == len(toks)) {
				return false, fmt.Errorf("%w: a yes/no answer is not a verdict in %.80q", ErrUnreadable, reply)
			}
		case "correct", "incorrect", "wrong":
			if prev == "the" && next.w != "" {
				continue // "the correct answer is …" names the gold
			}
			if next.sep == '?' {
				return false, fmt.Errorf("%w: %q asked as a question in %.80q", ErrUnreadable, t.w, reply)
			}
			if hedges[prev] {
				return false, fmt.Errorf("%w: hedged verdict in %.80q", ErrUnreadable, reply)
			}
			negated := negators[prev] || (degree[prev] && (negators[prev2] || degree[prev2] && negators[toks.word(i-3)]))
			positive := t.w == "correct"
			if negated && !positive {
				return false, fmt.Errorf("%w: negated %q (a double negative) in %.80q", ErrUnreadable, strings.ToUpper(t.w), reply)
			}
			seen[positive && !negated] = true
		}
	}
	return decide(seen, "no CORRECT or INCORRECT in", "both verdicts in", reply)
}

// decide turns the set of verdicts a reply gave into one, or an error when
// it gave none or both.
func decide(seen map[bool]bool, none, both, reply string) (bool, error) {
	switch len(seen) {
	case 0:
		return false, fmt.Errorf("%w: %s %.80q", ErrUnreadable, none, reply)
	case 2:
		return false, fmt.Errorf("%w: %s %.80q", ErrUnreadable, both, reply)
	}
	return seen[true], nil
}

// jsonVerdict reads a JSON reply: every verdict field it holds ("verdict",
// "grade", "label", "result" as text; "correct", "is_correct" as booleans)
// must be readable and agree.
func jsonVerdict(obj map[string]any, reply string) (bool, error) {
	lower := make(map[string]any, len(obj))
	for k, v := range obj {
		lower[strings.ToLower(k)] = v
	}
	seen := map[bool]bool{}
	for _, k := range []string{"verdict", "grade", "label", "result"} {
		if str, ok := lower[k].(string); ok {
			v, err := ParseVerdict(str)
			if err != nil {
				return false, err
			}
			seen[v] = true
		}
	}
	for _, k := range []string{"correct", "is_correct"} {
		if b, ok := lower[k].(bool); ok {
			seen[b] = true
		}
	}
	return decide(seen, `JSON reply has no "verdict" string or "correct" boolean:`, "JSON fields give both verdicts in", reply)
}

// token is a lowercased word, or a clause separator (sep: '?' for a
// question mark, '.' for any other sentence or clause punctuation).
type token struct {
	w   string
	sep byte
}

type tokens []token

// word returns the word at i, or "" when i is out of range or a separator.
func (ts tokens) word(i int) string {
	if i < 0 || i >= len(ts) {
		return ""
	}
	return ts[i].w
}

// at returns the token at i, or the zero token.
func (ts tokens) at(i int) token {
	if i < 0 || i >= len(ts) {
		return token{}
	}
	return ts[i]
}

// tokenize lowercases, folds "n't" into the word ("isn't" → "isnt") and
// splits into words (runs of letters) and clause separators; other
// characters (spaces, quotes, emphasis, underscores, hyphens) only split.
func tokenize(s string) tokens {
	s = strings.ToLower(s)
	s = strings.NewReplacer("n't", "nt", "n’t", "nt").Replace(s)
	var out tokens
	start := -1
	flush := func(end int) {
		if start >= 0 {
			out = append(out, token{w: s[start:end]})
			start = -1
		}
	}
	for i, r := range s {
		switch {
		case unicode.IsLetter(r):
			if start < 0 {
				start = i
			}
			continue
		case r == '?':
			flush(i)
			out = append(out, token{sep: '?'})
		case strings.ContainsRune(".!;:,\n—–()[]", r):
			flush(i)
			if len(out) > 0 && out[len(out)-1].sep == 0 {
				out = append(out, token{sep: '.'})
			}
		default:
			flush(i)
		}
	}
	flush(len(s))
	return out
}
