package hierpath

import (
	"context"
	"fmt"
	"regexp"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/memarena/memarena/internal/textutil"
	"github.com/memarena/memarena/strategies"
)

// Knowledge updates as rewrites: a turn that changes a value rewrites every
// current node that still states the old value, so a path shows the
// rewritten value and the old one only as a superseded version.

// findValue returns the byte ranges of every case-insensitive occurrence of
// v in s that stands as a whole value: not glued to letters or digits, and
// a number is not part of a longer number or another quantity ("20" is not
// found in "20.5", "2,000", "120", "$20" or "20%").
func findValue(s, v string) [][2]int {
	v = strings.TrimSpace(v)
	if v == "" || len(v) > len(s) {
		return nil
	}
	var out [][2]int
	for i := 0; i+len(v) <= len(s); i++ {
		if !strings.EqualFold(s[i:i+len(v)], v) {
			continue
		}
		if valueBoundary(s, i, i+len(v)) {
			out = append(out, [2]int{i, i + len(v)})
			i += len(v) - 1
		}
	}
	return out
}

func valueBoundary(s string, start, end int) bool {
	first, _ := utf8.DecodeRuneInString(s[start:])
	last, _ := utf8.DecodeLastRuneInString(s[:end])
	if start > 0 {
		r, _ := utf8.DecodeLastRuneInString(s[:start])
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return false
		}
		if unicode.IsDigit(first) && strings.ContainsRune("$€£", r) {
			return false // "20" is not "$20"
		}
		if unicode.IsDigit(first) && (r == '.' || r == ',' || r == '$') && start > 1 {
			p, _ := utf8.DecodeLastRuneInString(s[:start-1])
			if unicode.IsDigit(p) {
				return false
			}
		}
	}
	if end < len(s) {
		r, size := utf8.DecodeRuneInString(s[end:])
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return false
		}
		if unicode.IsDigit(last) && r == '%' {
			return false // "20" is not "20%"
		}
		if unicode.IsDigit(last) && (r == '.' || r == ',') && end+size < len(s) {
			n, _ := utf8.DecodeRuneInString(s[end+size:])
			if unicode.IsDigit(n) {
				return false
			}
		}
	}
	return true
}

// sentenceSpans splits text into sentence byte ranges with the same rule as
// textutil.Sentences ('.', '!' or '?' followed by whitespace or the end, or
// a newline).
func sentenceSpans(text string) [][2]int {
	var out [][2]int
	start := 0
	for i := 0; i < len(text); i++ {
		c := text[i]
		end := false
		switch c {
		case '\n':
			end = true
		case '.', '!', '?':
			end = i+1 == len(text) || text[i+1] == ' ' || text[i+1] == '\t' || text[i+1] == '\n' || text[i+1] == '\r'
		}
		if end {
			out = append(out, [2]int{start, i + 1})
			start = i + 1
		}
	}
	if start < len(text) {
		out = append(out, [2]int{start, len(text)})
	}
	return out
}

func spanOf(spans [][2]int, pos int) [2]int {
	for _, s := range spans {
		if pos >= s[0] && pos < s[1] {
			return s
		}
	}
	return [2]int{0, 0}
}

// guardStems are the content stems that tie a sentence to an update: the
// attribute and the turn's sentences that state the new value, without the
// values' own stems. Empty means no guard (see rewriteExplicit for when the
// guard applies).
func guardStems(u Update, text string) map[string]bool {
	ctx := u.Attribute
	for _, s := range textutil.Sentences(text) {
		if len(findValue(s, u.New)) > 0 {
			ctx += " " + s
		}
	}
	g := textutil.TokenSet(textutil.ContentTokens(ctx))
	for _, v := range []string{u.Old, u.New} {
		for _, t := range textutil.ContentTokens(v) {
			delete(g, t)
		}
	}
	return g
}

// nameLike reports a value written with a capital or a technical token (a
// name, a date: "Render.com", "limit 20", "June 5").
func nameLike(v string) bool {
	for _, r := range v {
		if unicode.IsUpper(r) {
			return true
		}
	}
	for _, w := range strings.Fields(v) {
		if t := trimTok(w); strings.ContainsAny(t, "./_") && !isNumberTok(t) {
			return true
		}
	}
	return false
}

func sharesStem(sentence string, g map[string]bool) bool {
	if len(g) == 0 {
		return true
	}
	for _, t := range textutil.ContentTokens(sentence) {
		if g[t] {
			return true
		}
	}
	return false
}

// rewriteExplicit replaces every occurrence of u.Old in content by u.New.
// An occurrence written as a name or date (nameLike: "Render.com", "limit
// 20", "June 5") stands for one thing wherever it occurs and is always
// replaced; a number ("70%", "5 minutes") or plain word means different
// things in different sentences and is only replaced in a sentence that
// shares a guard stem. It reports whether anything changed.
func rewriteExplicit(content string, u Update, guard map[string]bool) (string, bool) {
	locs := findValue(content, u.Old)
	if len(locs) == 0 {
		return content, false
	}
	spans := sentenceSpans(content)
	var keep [][2]int
	for _, l := range locs {
		sp := spanOf(spans, l[0])
		if nameLike(content[l[0]:l[1]]) || sharesStem(content[sp[0]:sp[1]], guard) {
			keep = append(keep, l)
		}
	}
	if len(keep) == 0 {
		return content, false
	}
	out := content
	for i := len(keep) - 1; i >= 0; i-- {
		out = out[:keep[i][0]] + u.New + out[keep[i][1]:]
	}
	return out, out != content
}

var numUnitRe = regexp.MustCompile(`[$€£]?\d[\d,]*(?:\.\d+)?%?(?:\s+[A-Za-z][A-Za-z-]{0,11})?`)

// rewriteImplicit handles an update whose old value is not named ("shorten
// the TTL to 60 seconds"): in each sentence holding every attribute stem,
// the first number of the same shape as the new value (same currency sign,
// percent sign, decimal point, and a unit word when the new value has one)
// within implicitWindow words after the attribute is replaced by the new
// value (or by its number when the new value is "name number", "Go 1.26").
func rewriteImplicit(content string, u Update) (string, bool) {
	if c, ok, handled := rewriteVersion(content, u); handled {
		return c, ok
	}
	attr := textutil.ContentTokens(u.Attribute)
	newNum := numberOf(u.New)
	if len(attr) == 0 || newNum == "" {
		return content, false
	}
	nf := strings.Fields(strings.TrimSpace(u.New))
	numFirst := isNumberTok(nf[0])
	newHasUnit := numFirst && len(nf) > 1
	repl := u.New
	if !numFirst {
		repl = newNum
	}
	out := content
	spans := sentenceSpans(content)
	for i := len(spans) - 1; i >= 0; i-- {
		sp := spans[i]
		sent := content[sp[0]:sp[1]]
		set := textutil.TokenSet(textutil.ContentTokens(sent))
		all := true
		for _, a := range attr {
			if !set[a] {
				all = false
				break
			}
		}
		if !all {
			continue
		}
		apos := attrPos(sent, attr[len(attr)-1])
		var pick []int
		for _, m := range numUnitRe.FindAllStringIndex(sent, -1) {
			if m[0] < apos {
				continue
			}
			if len(strings.Fields(sent[apos:m[0]])) > implicitWindow {
				break
			}
			val := sent[m[0]:m[1]]
			num := numberOf(val)
			hasUnit := isUnit(lastWord(val)) && strings.Contains(val, " ")
			if newHasUnit != hasUnit {
				if newHasUnit || num == "" {
					continue
				}
			}
			if !hasUnit || !newHasUnit {
				m = []int{m[0], m[0] + len(num)}
			}
			if !sameShape(num, newNum) || strings.EqualFold(num, newNum) || !valueBoundary(sent, m[0], m[1]) {
				continue
			}
			pick = m
			break
		}
		if pick == nil {
			continue
		}
		out = out[:sp[0]+pick[0]] + repl + out[sp[0]+pick[1]:]
	}
	return out, out != content
}

// rewriteVersion handles "Name version" updates ("the Go 1.26 bump"):
// every "Name <other version>" becomes "Name <new version>". handled is
// false when u is not of that form.
func rewriteVersion(content string, u Update) (out string, changed, handled bool) {
	name := strings.TrimSpace(u.Attribute)
	newNum := numberOf(u.New)
	if name == "" || newNum == "" || !strings.EqualFold(strings.TrimSpace(u.New), name+" "+newNum) {
		return content, false, false
	}
	re, err := regexp.Compile(`\b` + regexp.QuoteMeta(name) + `\s+(\d+(?:\.\d+)*)\b`)
	if err != nil {
		return content, false, true
	}
	out = content
	ms := re.FindAllStringSubmatchIndex(content, -1)
	for i := len(ms) - 1; i >= 0; i-- {
		m := ms[i]
		if content[m[2]:m[3]] == newNum || !valueBoundary(content, m[2], m[3]) {
			continue
		}
		out = out[:m[2]] + newNum + out[m[3]:]
	}
	return out, out != content, true
}

// implicitWindow is how many words after the attribute an implicit update
// looks for the old number.
const implicitWindow = 4

// sameShape reports whether two numbers look alike: the same currency sign,
// percent sign and decimal point.
func sameShape(a, b string) bool {
	sign := func(s string) string {
		if s != "" && strings.ContainsRune("$€£", rune(s[0])) {
			return s[:1]
		}
		return ""
	}
	return sign(a) == sign(b) && strings.HasSuffix(a, "%") == strings.HasSuffix(b, "%") &&
		strings.Contains(a, ".") == strings.Contains(b, ".")
}

func attrPos(sent, stem string) int {
	pos := 0
	for _, w := range strings.FieldsFunc(sent, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		i := strings.Index(sent[pos:], w)
		if i < 0 {
			break
		}
		if textutil.Stem(strings.ToLower(w)) == stem {
			return pos + i
		}
		pos += i + len(w)
	}
	return 0
}

func lastWord(s string) string {
	f := strings.Fields(s)
	if len(f) == 0 {
		return ""
	}
	return f[len(f)-1]
}

// applyUpdates rewrites, for each update, the current steps that state its
// old value — at most maxTargets, newest first (summaries are not edited:
// the subtasks of rewritten steps are summarized again at session end). A step whose results also mention the old value had its outcome
// under the old value, and rewriting the value inside a result would
// invent an outcome ("the Nikon D750 migration passed" is no evidence
// about Canon R6): such a step's whole subtree is replaced (ReplaceSubtree:
// the step's rewritten content becomes a new node, the old step and its
// results are kept as superseded). Any other target gets an UpdateContent.
// Each rewrite's provenance adds the updating turn.
func (h *HierPath) applyUpdates(ctx context.Context, t strategies.Turn, ups []Update) error {
	for _, u := range ups {
		guard := guardStems(u, t.Text)
		type change struct {
			id      int64
			content string
		}
		var changes []change
		key := updateKey(u)
		for _, id := range h.valueCandidates(u, key) {
			if !strings.Contains(h.g.Lower(id), key) {
				continue // cheap prefilter: the value (or attribute) is not there
			}
			n := h.g.nodes[id]
			if n.Kind == NodeSummary {
				continue // rewritten from the current steps at session end
			}
			if h.otherPerson(n, t) {
				continue // one person's update never rewrites another's statement
			}
			if c, ok := rewriteValue(n.Content, u, guard); ok {
				changes = append(changes, change{id, c})
				if len(changes) == maxTargets {
					break
				}
			}
		}
		// Parents before children: a step whose subtree is replaced retires
		// its results before they could be rewritten one by one.
		sort.SliceStable(changes, func(i, j int) bool {
			a, b := h.g.nodes[changes[i].id], h.g.nodes[changes[j].id]
			if a.Level != b.Level {
				return a.Level < b.Level
			}
			return a.ID < b.ID
		})
		why := fmt.Sprintf("update %s: %q → %q (turn %s)", u.Attribute, u.Old, u.New, t.ID)
		for _, c := range changes {
			n := h.g.nodes[c.id]
			if n.Status != StatusCurrent {
				continue // retired with a replaced subtree
			}
			turns := unionIDs(n.TurnIDs, []string{t.ID})
			h.noteStale(n.TurnIDs, t.ID)
			replace, err := h.resultsMention(ctx, n, key)
			if err != nil {
				return err
			}
			if replace {
				sub := h.subtaskOf(c.id)
				nid, err := h.g.ReplaceSubtree(ctx, c.id, Subtree{Node: NewNode{Kind: n.Kind, Content: c.content, TurnIDs: turns,
					SessionID: t.SessionID, Time: t.Time, Meta: n.Meta}}, t.Time, why+"; its results belonged to the old value", t.ID)
				if err != nil {
					return err
				}
				h.revised[nid] = true
				h.steps[sub] = append(h.steps[sub], nid)
				h.nodeEnts[nid] = h.nodeEnts[c.id]
				h.markDirty(nid)
				continue
			}
			if err := h.g.UpdateContent(ctx, c.id, c.content, turns, t.Time, why, t.ID); err != nil {
				return err
			}
			h.revised[c.id] = true
			h.markDirty(c.id)
		}
	}
	return nil
}

// updateKey is the lowercase text every node an update rewrites must
// contain: the old value, or for an update without one the first four
// bytes of the attribute's last word (stems: "minutes" and "minute" share
// "minu").
func updateKey(u Update) string {
	key := strings.ToLower(strings.TrimSpace(u.Old))
	if key == "" {
		key = strings.ToLower(strings.TrimSpace(u.Attribute))
		if f := strings.Fields(key); len(f) > 0 {
			key = f[len(f)-1]
		}
		if len(key) > 4 {
			key = key[:4]
		}
	}
	return key
}

// rewriteValue applies u to content: rewriteExplicit (with guard) when u
// names the old value, else rewriteImplicit.
func rewriteValue(content string, u Update, guard map[string]bool) (string, bool) {
	if u.Old != "" {
		return rewriteExplicit(content, u, guard)
	}
	return rewriteImplicit(content, u)
}

// resultsMention reports whether a step has current descendants whose text
// contains key (lowercase).
func (h *HierPath) resultsMention(ctx context.Context, n *Node, key string) (bool, error) {
	if n.Level < 2 || n.Kind == NodeSummary || n.Kind == NodeSubtask {
		return false, nil
	}
	desc, err := h.g.Descendants(ctx, n.ID)
	if err != nil {
		return false, err
	}
	for _, d := range desc {
		if strings.Contains(h.g.Lower(d), key) {
			return true, nil
		}
	}
	return false, nil
}

// applyRevert rolls back every current step whose current content lacks v
// but an earlier version stated it, to the latest such version.
func (h *HierPath) applyRevert(ctx context.Context, t strategies.Turn, v string) error {
	n := 0
	for _, id := range h.newestFirst(h.g.revd) {
		node := h.g.nodes[id]
		if node.Version < 2 || len(findValue(node.Content, v)) > 0 || h.otherPerson(node, t) {
			continue
		}
		vs, err := h.g.Versions(ctx, id)
		if err != nil {
			return err
		}
		for i := len(vs) - 2; i >= 0; i-- {
			if vs[i].Status == StatusCurrent && vs[i].Content != node.Content && len(findValue(vs[i].Content, v)) > 0 {
				if err := h.g.Rollback(ctx, id, vs[i].Version, t.Time, fmt.Sprintf("revert to %q (turn %s)", v, t.ID), t.ID); err != nil {
					return err
				}
				h.markDirty(id)
				n++
				break
			}
		}
		if n == maxTargets {
			break
		}
	}
	return nil
}

// valueCandidates lists, newest first, the nodes of stepIDsNewestFirst
// that can hold key (the lowercase old value of u, or for an update without
// one the stem prefix of its attribute) in the text a rewrite of u needs,
// from the term index instead of a scan of every node:
//   - with an old value, rewriteExplicit needs the value as a whole value
//     (findValue: not glued to letters or digits, matched with
//     strings.EqualFold), so the value's first run of letters and digits is
//     a whole token of the node's text;
//   - without one, the prefilter needs key inside the lowercased text; a
//     key made only of letters and digits lies inside one token.
//
// When neither holds (a value with no letter or digit, a key with other
// characters, runes whose case folding changes what counts as a letter),
// every node is a candidate. The caller applies the same checks as before,
// so the targets are those a scan of every node would find.
func (h *HierPath) valueCandidates(u Update, key string) []int64 {
	if u.Old != "" {
		v := strings.TrimSpace(u.Old)
		if w := firstWord(v); w != "" && foldStable(v) {
			return h.newestFirst(h.g.terms.exact(w))
		}
		return h.stepIDsNewestFirst()
	}
	if allWord(key) {
		return h.newestFirst(h.g.terms.containing(key))
	}
	return h.stepIDsNewestFirst()
}

// newestFirst filters ascending node ids to those of stepIDsNewestFirst
// (current, with a vector, below the goal level) and reverses them.
func (h *HierPath) newestFirst(ids []int64) []int64 {
	out := make([]int64, 0, len(ids))
	for i := len(ids) - 1; i >= 0; i-- {
		if id := ids[i]; h.g.vecs[id] != nil && h.g.nodes[id].Level >= 1 {
			out = append(out, id)
		}
	}
	return out
}

// stepIDsNewestFirst lists the current nodes that state things — subtasks
// (their names quote the opening turn) and everything below them — newest
// first. Goals are left alone: their content is the session's task as
// given.
func (h *HierPath) stepIDsNewestFirst() []int64 {
	ids := make([]int64, 0, len(h.g.vecs))
	for id := range h.g.vecs {
		if h.g.nodes[id].Level >= 1 {
			ids = append(ids, id)
		}
	}
	sort.Slice(ids, func(i, j int) bool { return ids[i] > ids[j] })
	return ids
}

// markDirty flags the subtask above a rewritten node for a new summary.
func (h *HierPath) markDirty(id int64) {
	if s := h.subtaskOf(id); s != 0 {
		h.dirty[s] = true
	}
}
