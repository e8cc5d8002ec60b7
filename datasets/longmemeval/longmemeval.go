// Package longmemeval imports LongMemEval (Wu et al., "LongMemEval:
// Benchmarking Chat Assistants on Long-Term Interactive Memory", ICLR 2025;
// github.com/xiaowu0162/LongMemEval) into memarena scenarios. Each question
// is its own scenario: its haystack sessions in date order (ties keep file
// order) and one probe asked at the question's question_date.
//
// The input is the official JSON list of questions — the oracle split, the
// S split (about 115k tokens of history per question) or M — plain or
// gzip-compressed (detected by its magic bytes). The file is streamed with
// a json.Decoder one question at a time and never held whole: the S file is
// 277 MB of JSON. With a subset (Spec.Limit or Spec.Sample) the file is read
// twice: first the question ids and types only, to draw the stratified
// subset, then the kept questions in full.
//
// Mapping:
//   - session ids are haystack_session_ids (a repeated id gets "~2", "~3"
//     … and an issue); turn ids are "<session id>#<n>" with n the 1-based
//     position of the turn in its session as stored in the file (stable:
//     turns dropped for empty content keep the numbering of the others);
//   - turns are user or assistant turns (Speaker "User"/"Assistant");
//   - probe kind from question_type: single-session-user and
//     single-session-assistant → single-hop, single-session-preference →
//     preference, temporal-reasoning → temporal, multi-session → multi-hop,
//     knowledge-update → multi-hop (LongMemEval gives no superseded value,
//     which memarena's knowledge-update kind requires); Probe.Category keeps
//     the question_type; a question_id ending in "_abs" is an abstention
//     probe whatever its type;
//   - gold evidence: turn level from has_answer (Probe.Evidence), session
//     level from answer_session_ids (Scenario.Meta["answer_session_ids"]);
//     number answers become strings; a gold answer that names other
//     acceptable answers ("7 days. 8 days (including the last day) is also
//     acceptable.", "One week. Answers ranging from 7 days to 10 days are
//     also acceptable.") keeps the full text first and adds each
//     acceptable answer (acceptedAnswers), so the lexical proxy accepts
//     what the paper's judge accepts;
//   - for the official retrieval protocol (src/retrieval/run_retrieval.py:
//     a corpus of user turns, gold = the has_answer user turns of answer
//     sessions) the scenario records Meta["answer_user_turn_ids"] and, for
//     sessions whose turns do not alternate user, assistant …,
//     Meta["turn_roles"] (see TurnIsUser);
//   - the probe is asked at question_date, or one minute after the last
//     turn when question_date is earlier than that (an issue is recorded).
//
// Registered as dataset kind "longmemeval". Options: name (the display
// name; default derived from the data: "LongMemEval oracle",
// "LongMemEval-S (498/500)" …). Spec.Limit keeps the first N questions of
// each stratum (question type × abstention, proportional allocation);
// Spec.Sample keeps a seeded random N with the same stratification.
package longmemeval

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/memarena/memarena/datasets"
	"github.com/memarena/memarena/datasets/internal/dsio"
	"github.com/memarena/memarena/scenarios"
)

// Kind is the dataset kind this package registers.
const Kind = "longmemeval"

func init() { datasets.Register(Kind, Import) }

// DateLayouts are the accepted date formats ("2023/05/30 (Tue) 23:40"),
// read as UTC. The weekday is not checked against the date.
var DateLayouts = []string{"2006/01/02 (Mon) 15:04", "2006/01/02 15:04", "2006/01/02"}

// ParseDate parses a LongMemEval date.
func ParseDate(s string) (time.Time, error) {
	norm := strings.Join(strings.Fields(s), " ")
	for _, l := range DateLayouts {
		if t, err := time.Parse(l, norm); err == nil {
			return t.UTC(), nil
		}
	}
	return time.Time{}, fmt.Errorf("date %q: want a LongMemEval date such as \"2023/05/30 (Tue) 23:40\"", s)
}

// KindOf maps a question to a probe kind (see the package doc); known is
// false for a question type this importer does not know (it then maps to
// single-hop).
func KindOf(questionID, questionType string) (kind string, known bool) {
	k, ok := typeKinds[questionType]
	if !ok {
		k = scenarios.KindSingleHop
	}
	if IsAbstention(questionID) {
		return scenarios.KindAbstention, ok
	}
	return k, ok
}

// IsAbstention reports whether a question id marks an abstention question
// (it ends in "_abs").
func IsAbstention(questionID string) bool { return strings.HasSuffix(questionID, "_abs") }

var typeKinds = map[string]string{
	"single-session-user":       scenarios.KindSingleHop,
	"single-session-assistant":  scenarios.KindSingleHop,
	"single-session-preference": "preference",
	"temporal-reasoning":        scenarios.KindTemporal,
	"multi-session":             scenarios.KindMultiHop,
	"knowledge-update":          scenarios.KindMultiHop,
}

// TurnID is the stable id of the n-th (1-based) turn of a session.
func TurnID(sessionID string, n int) string { return fmt.Sprintf("%s#%d", sessionID, n) }

// SessionOfTurn returns the LongMemEval session id of a turn id made by
// TurnID, with a "~<k>" duplicate suffix removed; "" when id is not such a
// turn id.
func SessionOfTurn(id string) string {
	i := strings.LastIndexByte(id, '#')
	if i <= 0 {
		return ""
	}
	s := id[:i]
	if j := strings.LastIndexByte(s, '~'); j > 0 {
		if _, err := strconv.Atoi(s[j+1:]); err == nil {
			s = s[:j]
		}
	}
	return s
}

// TurnIsUser reports whether the turn id (made by TurnID) is a user turn,
// given a question's Meta["turn_roles"]: ";"-separated "<session id>=<roles>"
// entries, one letter per turn of the session as stored in the file ('u'
// user, 'a' assistant), for the sessions whose turns do not alternate user,
// assistant, user …; every other session alternates, starting with the
// user (odd turn numbers are user turns). An id that is not a turn id is
// not a user turn.
func TurnIsUser(turnID, turnRoles string) bool {
	i := strings.LastIndexByte(turnID, '#')
	if i <= 0 {
		return false
	}
	n, err := strconv.Atoi(turnID[i+1:])
	if err != nil || n < 1 {
		return false
	}
	sess := turnID[:i]
	for _, e := range strings.Split(turnRoles, ";") {
		id, roles, ok := strings.Cut(e, "=")
		if ok && id == sess {
			return n <= len(roles) && roles[n-1] == 'u'
		}
	}
	return n%2 == 1
}

// strOrNum decodes a JSON string or number into its text.
type strOrNum struct {
	s   string
	num bool
	set bool
}

func (a *strOrNum) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		return nil
	}
	a.set = true
	if len(b) > 0 && b[0] == '"' {
		return json.Unmarshal(b, &a.s)
	}
	var n json.Number
	if err := json.Unmarshal(b, &n); err != nil {
		return fmt.Errorf("want a string or a number")
	}
	a.s, a.num = n.String(), true
	return nil
}

type rawTurn struct {
	Role      string `json:"role"`
	Content   string `json:"content"`
	HasAnswer *bool  `json:"has_answer"`
}

type rawQuestion struct {
	QuestionID         string      `json:"question_id"`
	QuestionType       string      `json:"question_type"`
	Question           string      `json:"question"`
	Answer             strOrNum    `json:"answer"`
	QuestionDate       string      `json:"question_date"`
	HaystackDates      []string    `json:"haystack_dates"`
	HaystackSessionIDs []string    `json:"haystack_session_ids"`
	HaystackSessions   [][]rawTurn `json:"haystack_sessions"`
	AnswerSessionIDs   []string    `json:"answer_session_ids"`
}

// header is what the first pass reads of a question.
type header struct {
	QuestionID         any `json:"question_id"`
	QuestionType       any `json:"question_type"`
	HaystackSessionIDs any `json:"haystack_session_ids"`
	AnswerSessionIDs   any `json:"answer_session_ids"`
}

// stats summarize a file for its display name.
type stats struct {
	questions, sessions int
	allEvidence         bool
}

func (st *stats) add(hay, ans int) {
	st.questions++
	st.sessions += hay
	if hay != ans {
		st.allEvidence = false
	}
}

// name derives the display name: oracle when every haystack session is an
// evidence session, else S or M by the mean haystack size; "(n/500)" when
// the file does not hold the 500 official questions.
func (st *stats) name() string {
	n := "LongMemEval"
	switch {
	case st.questions == 0:
	case st.allEvidence:
		n += " oracle"
	case st.sessions/st.questions < 150:
		n += "-S"
	default:
		n += "-M"
	}
	if st.questions != 500 {
		n += fmt.Sprintf(" (%d/500)", st.questions)
	}
	return n
}

// fileInfo is what streaming a file learned about its bytes.
type fileInfo struct {
	// sha and textSha are the sha256 of the file and of its decompressed
	// text.
	sha, textSha string
	// invalidUTF8 counts bytes read as U+FFFD; bom is true when a UTF-8
	// byte-order mark was skipped.
	invalidUTF8 int
	bom         bool
}

// stream decodes the top-level list of path one element at a time: fn
// gets the decoder positioned at element i and must consume exactly that
// element (with dec.Decode). Anything after the list is an error.
func stream(path string, fn func(i int, dec *json.Decoder) error) (fileInfo, error) {
	in, err := dsio.Open(path)
	if err != nil {
		return fileInfo{}, err
	}
	defer in.Close()
	dec := json.NewDecoder(in)
	tok, err := dec.Token()
	if err != nil {
		return fileInfo{}, dsio.SyntaxError(path, "", err)
	}
	if d, ok := tok.(json.Delim); !ok || d != '[' {
		return fileInfo{}, dsio.Errf(path, "", "want a list of LongMemEval questions, got %v", tok)
	}
	i := 0
	for dec.More() {
		if err := fn(i, dec); err != nil {
			return fileInfo{}, err
		}
		i++
	}
	if _, err := dec.Token(); err != nil {
		return fileInfo{}, dsio.SyntaxError(path, fmt.Sprintf("[%d]", i), err)
	}
	// One JSON value: a second one (two files concatenated) would be
	// silently ignored.
	if tok, err := dec.Token(); err != io.EOF {
		if err != nil {
			return fileInfo{}, dsio.SyntaxError(path, "", err)
		}
		return fileInfo{}, dsio.Errf(path, "", "extra data after the list of questions, starting with %v at byte %d of the decompressed text; the file must hold one JSON list (two files concatenated?)", tok, dec.InputOffset())
	}
	if err := in.Close(); err != nil {
		return fileInfo{}, fmt.Errorf("%s: %w", path, err)
	}
	return fileInfo{sha: in.SHA256(), textSha: in.TextSHA256(), invalidUTF8: in.InvalidUTF8(), bom: in.BOM()}, nil
}

// errStop ends a stream early.
var errStop = errors.New("stop")

// rawAt returns the bytes of element i of the file's list (used only to
// locate an error, so reading the file again is fine).
func rawAt(path string, i int) (json.RawMessage, error) {
	var out json.RawMessage
	_, err := stream(path, func(j int, dec *json.Decoder) error {
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return err
		}
		if j == i {
			out = raw
			return errStop
		}
		return nil
	})
	if err != nil && !errors.Is(err, errStop) {
		return nil, err
	}
	return out, nil
}

// decodeErr turns a decoding error of element i into a path error: syntax
// errors carry the byte offset; type errors are located by walking the
// element generically.
func decodeErr(path string, i int, err error) error {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		if raw, rerr := rawAt(path, i); rerr == nil && raw != nil {
			if perr := locate(path, i, raw); perr != nil {
				return perr
			}
		}
		return dsio.Errf(path, fmt.Sprintf("[%d].%s", i, te.Field), "want %s, got a JSON %s", te.Type, te.Value)
	}
	return dsio.SyntaxError(path, fmt.Sprintf("[%d]", i), err)
}

func stratum(id, typ string) string {
	if IsAbstention(id) {
		return typ + " (abstention)"
	}
	return typ
}

// Import streams spec.Path into one scenario per kept question.
func Import(spec datasets.Spec) ([]*scenarios.Scenario, *datasets.Report, error) {
	o, err := dsio.NewOptions(spec.Options, "name")
	if err != nil {
		return nil, nil, err
	}
	display, err := o.String("name", "")
	if err != nil {
		return nil, nil, err
	}
	if spec.Limit < 0 || spec.Sample < 0 {
		return nil, nil, fmt.Errorf("limit and sample must be ≥ 0")
	}
	path := spec.Path
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		return nil, nil, fmt.Errorf("%s is a directory; the longmemeval importer reads one file, the JSON list of questions (plain or .gz), e.g. longmemeval_s_cleaned.json", path)
	}
	rep := &datasets.Report{File: path, Counts: map[string]int{}, Strata: map[string]int{}}
	st := &stats{allEvidence: true}
	n := spec.Sample
	if n == 0 || (spec.Limit > 0 && spec.Limit < n) {
		n = spec.Limit
	}
	var keep map[int]bool
	if n > 0 {
		// Pass 1: ids and types only.
		var strata []string
		_, err := stream(path, func(i int, dec *json.Decoder) error {
			var h header
			if err := dec.Decode(&h); err != nil {
				return decodeErr(path, i, err)
			}
			doc := dsio.Doc{File: path}
			id, err := doc.Str(h.QuestionID, fmt.Sprintf("[%d].question_id", i))
			if err != nil {
				return err
			}
			typ, err := doc.Str(h.QuestionType, fmt.Sprintf("[%d].question_type", i))
			if err != nil {
				return err
			}
			hay, _ := h.HaystackSessionIDs.([]any)
			ans, _ := h.AnswerSessionIDs.([]any)
			st.add(len(hay), len(ans))
			strata = append(strata, stratum(id, typ))
			return nil
		})
		if err != nil {
			return nil, nil, err
		}
		if n < len(strata) {
			idx, _ := dsio.Select(strata, n, spec.Sample > 0, spec.Seed)
			keep = map[int]bool{}
			for _, i := range idx {
				keep[i] = true
			}
			how := "first questions of each stratum in file order"
			if spec.Sample > 0 {
				how = fmt.Sprintf("seeded (seed %d) random questions", spec.Seed)
			}
			rep.Notes = append(rep.Notes, fmt.Sprintf("subset: %d of %d questions, stratified by question type × abstention (proportional allocation, every stratum at least one); %s", len(idx), len(strata), how))
		}
	}
	// Pass 2: the kept questions in full.
	var out []*scenarios.Scenario
	ids := map[string]int{}
	im := &importer{path: path, rep: rep}
	info, err := stream(path, func(i int, dec *json.Decoder) error {
		if keep != nil && !keep[i] {
			rep.Counts["questions in file"]++
			var skip struct{}
			if err := dec.Decode(&skip); err != nil {
				return decodeErr(path, i, err)
			}
			return nil
		}
		q := &rawQuestion{}
		if err := dec.Decode(q); err != nil {
			return decodeErr(path, i, err)
		}
		rep.Counts["questions in file"]++
		if keep == nil {
			st.add(len(q.HaystackSessionIDs), len(q.AnswerSessionIDs))
		}
		s, err := im.build(i, q)
		if err != nil {
			return err
		}
		if prev, dup := ids[s.ID]; dup {
			return dsio.Errf(path, fmt.Sprintf("[%d].question_id", i), "question id %q repeats [%d] (both become scenario %s)", q.QuestionID, prev, s.ID)
		}
		ids[s.ID] = i
		out = append(out, s)
		rep.Strata[stratum(q.QuestionID, q.QuestionType)]++
		return nil
	})
	if err != nil {
		return nil, nil, err
	}
	if len(out) == 0 {
		return nil, nil, fmt.Errorf("%s: no question", path)
	}
	if display == "" {
		display = st.name()
	}
	sha := info.sha
	rep.Dataset, rep.SHA256 = display, sha
	rep.Counts["questions kept"] = len(out)
	if info.textSha != sha {
		rep.Notes = append(rep.Notes, "sha256 of the decompressed JSON: "+info.textSha)
	}
	dsio.CountText(rep, info.invalidUTF8, info.bom)
	for _, s := range out {
		s.Meta["dataset"], s.Meta["sha256"] = display, sha
		if err := dsio.Finish(s, rep); err != nil {
			return nil, nil, err
		}
	}
	rep.Notes = append(rep.Notes,
		"each question is one scenario; its probe is asked after the last haystack session at question_date",
		"question_id ending in _abs → abstention probe (right answer: the information is not there); abstention questions are left out of retrieval metrics",
		"turn-level gold = turns with has_answer; session-level gold = answer_session_ids; turn ids are <session id>#<1-based turn index>",
		"official retrieval protocol (reports): the corpus is the user turns, gold = has_answer user turns of answer sessions (Meta answer_user_turn_ids; roles of non-alternating sessions in Meta turn_roles)",
		"knowledge-update questions are imported as multi-hop probes (no superseded values are given); per-type tables use the question_type",
		"accuracy uses the judge when one is configured (the paper uses GPT-4o), else a lexical proxy (gold answer contained in the answer; abstention detected lexically)",
		dsio.GoldNote,
	)
	return out, rep, nil
}

// locate finds the first value of a question whose JSON type is wrong.
func locate(path string, i int, raw json.RawMessage) error {
	doc := dsio.Doc{File: path}
	p := fmt.Sprintf("[%d]", i)
	v, err := dsio.Decode(path, strings.NewReader(string(raw)))
	if err != nil {
		return err
	}
	obj, err := doc.Obj(v, p)
	if err != nil {
		return err
	}
	for _, k := range []string{"question_id", "question_type", "question", "question_date"} {
		if x, ok := obj[k]; ok && x != nil {
			if _, err := doc.Str(x, p+"."+k); err != nil {
				return err
			}
		}
	}
	if x, ok := obj["answer"]; ok && x != nil {
		if _, err := doc.StrOrNum(x, p+".answer"); err != nil {
			return err
		}
	}
	for _, k := range []string{"haystack_dates", "haystack_session_ids", "answer_session_ids"} {
		if x, ok := obj[k]; ok && x != nil {
			l, err := doc.List(x, p+"."+k)
			if err != nil {
				return err
			}
			for j, e := range l {
				if _, err := doc.Str(e, fmt.Sprintf("%s.%s[%d]", p, k, j)); err != nil {
					return err
				}
			}
		}
	}
	if x, ok := obj["haystack_sessions"]; ok && x != nil {
		ss, err := doc.List(x, p+".haystack_sessions")
		if err != nil {
			return err
		}
		for si, sv := range ss {
			sp := fmt.Sprintf("%s.haystack_sessions[%d]", p, si)
			ts, err := doc.List(sv, sp)
			if err != nil {
				return err
			}
			for ti, tv := range ts {
				tp := fmt.Sprintf("%s[%d]", sp, ti)
				t, err := doc.Obj(tv, tp)
				if err != nil {
					return err
				}
				for _, k := range []string{"role", "content"} {
					if x, ok := t[k]; ok && x != nil {
						if _, err := doc.Str(x, tp+"."+k); err != nil {
							return err
						}
					}
				}
				if x, ok := t["has_answer"]; ok && x != nil {
					if _, isBool := x.(bool); !isBool {
						return dsio.Errf(path, tp+".has_answer", "want true or false, got %s", dsio.Kind(x))
					}
				}
			}
		}
	}
	return nil
}

type importer struct {
	path string
	rep  *datasets.Report
}

func (im *importer) issue(where, format string, args ...any) {
	im.rep.Issues = append(im.rep.Issues, datasets.Issue{Where: where, What: fmt.Sprintf(format, args...)})
}

type rawSession struct {
	idx   int // position in the file's haystack
	id    string
	start time.Time
}

// build turns one decoded question into a scenario.
func (im *importer) build(i int, q *rawQuestion) (*scenarios.Scenario, error) {
	p := fmt.Sprintf("[%d]", i)
	path := im.path
	if strings.TrimSpace(q.QuestionID) == "" {
		return nil, dsio.Errf(path, p+".question_id", "missing or empty")
	}
	if strings.TrimSpace(q.Question) == "" {
		return nil, dsio.Errf(path, p+".question", "missing or empty")
	}
	if strings.TrimSpace(q.QuestionType) == "" {
		return nil, dsio.Errf(path, p+".question_type", "missing or empty")
	}
	if len(q.HaystackSessions) == 0 {
		return nil, dsio.Errf(path, p+".haystack_sessions", "missing or empty")
	}
	if len(q.HaystackSessionIDs) != len(q.HaystackSessions) {
		return nil, dsio.Errf(path, p+".haystack_session_ids", "%d ids for %d haystack sessions", len(q.HaystackSessionIDs), len(q.HaystackSessions))
	}
	if len(q.HaystackDates) != len(q.HaystackSessions) {
		return nil, dsio.Errf(path, p+".haystack_dates", "%d dates for %d haystack sessions", len(q.HaystackDates), len(q.HaystackSessions))
	}
	asked, err := ParseDate(q.QuestionDate)
	if err != nil {
		return nil, dsio.Errf(path, p+".question_date", "%v", err)
	}
	abs := IsAbstention(q.QuestionID)
	kind, known := KindOf(q.QuestionID, q.QuestionType)
	if !known {
		im.issue(p+".question_type", "unknown question type %q; imported as %s", q.QuestionType, kind)
	}
	if !q.Answer.set && !abs {
		return nil, dsio.Errf(path, p+".answer", "missing")
	}
	if q.Answer.num {
		im.rep.Counts["number answers written as strings"]++
	}

	// Sessions in date order (stable), duplicate ids made unique.
	sess := make([]rawSession, len(q.HaystackSessions))
	seen := map[string]int{}
	for si := range q.HaystackSessions {
		t, err := ParseDate(q.HaystackDates[si])
		if err != nil {
			return nil, dsio.Errf(path, fmt.Sprintf("%s.haystack_dates[%d]", p, si), "%v", err)
		}
		id := strings.TrimSpace(q.HaystackSessionIDs[si])
		if id == "" {
			return nil, dsio.Errf(path, fmt.Sprintf("%s.haystack_session_ids[%d]", p, si), "empty session id")
		}
		seen[id]++
		if seen[id] > 1 {
			nid := fmt.Sprintf("%s~%d", id, seen[id])
			im.issue(fmt.Sprintf("%s.haystack_session_ids[%d]", p, si), "session id %s repeats in question %s; this copy is session %s", id, q.QuestionID, nid)
			im.rep.Counts["repeated haystack sessions renamed"]++
			id = nid
		}
		sess[si] = rawSession{idx: si, id: id, start: t}
	}
	sorted := append([]rawSession(nil), sess...)
	sort.SliceStable(sorted, func(a, b int) bool { return sorted[a].start.Before(sorted[b].start) })
	for k := range sorted {
		if sorted[k].idx != k {
			im.rep.Counts["questions with haystack sessions reordered by date"]++
			break
		}
	}

	s := &scenarios.Scenario{
		ID:          "lme-" + dsio.Slug(q.QuestionID),
		Title:       fmt.Sprintf("LongMemEval %s (%s)", q.QuestionID, q.QuestionType),
		Description: "One LongMemEval question with its haystack of chat sessions.",
		Source:      fmt.Sprintf("%s#%s", path, q.QuestionID),
	}
	var evidence, userEvidence, roleExceptions []string
	sessionIDs := map[string]bool{}
	answerSessions := map[string]bool{}
	for _, a := range q.AnswerSessionIDs {
		answerSessions[a] = true
	}
	for _, rs := range sorted {
		sp := fmt.Sprintf("%s.haystack_sessions[%d]", p, rs.idx)
		ss := scenarios.Session{ID: rs.id, Start: scenarios.At(rs.start)}
		roles := make([]byte, len(q.HaystackSessions[rs.idx]))
		alternating := true
		for ti, t := range q.HaystackSessions[rs.idx] {
			roles[ti] = 'a'
			if t.Role == scenarios.RoleUser {
				roles[ti] = 'u'
			}
			if (roles[ti] == 'u') != (ti%2 == 0) {
				alternating = false
			}
		}
		if !alternating {
			roleExceptions = append(roleExceptions, rs.id+"="+string(roles))
		}
		for ti, t := range q.HaystackSessions[rs.idx] {
			tp := fmt.Sprintf("%s[%d]", sp, ti)
			if t.Role != scenarios.RoleUser && t.Role != scenarios.RoleAssistant {
				return nil, dsio.Errf(path, tp+".role", "role %q; want user or assistant", t.Role)
			}
			if t.Role == scenarios.RoleUser && t.HasAnswer != nil && *t.HasAnswer && answerSessions[rs.id] {
				userEvidence = append(userEvidence, TurnID(rs.id, ti+1))
			}
			if strings.TrimSpace(t.Content) == "" {
				im.issue(tp+".content", "empty content in question %s session %s turn %d; turn dropped", q.QuestionID, rs.id, ti+1)
				im.rep.Counts["empty turns dropped"]++
				continue
			}
			id := TurnID(rs.id, ti+1)
			speaker := "User"
			if t.Role == scenarios.RoleAssistant {
				speaker = "Assistant"
			}
			ss.Turns = append(ss.Turns, scenarios.Turn{ID: id, Role: t.Role, Speaker: speaker, Text: t.Content})
			if t.HasAnswer != nil && *t.HasAnswer {
				evidence = append(evidence, id)
			}
		}
		if len(ss.Turns) == 0 {
			im.issue(sp, "session %s of question %s has no turn with content; dropped", rs.id, q.QuestionID)
			im.rep.Counts["empty sessions dropped"]++
			continue
		}
		sessionIDs[rs.id] = true
		s.Sessions = append(s.Sessions, ss)
		im.rep.Counts["sessions"]++
		im.rep.Counts["turns"] += len(ss.Turns)
	}
	if len(s.Sessions) == 0 {
		return nil, dsio.Errf(path, p+".haystack_sessions", "no session with content")
	}
	var goldSessions []string
	for k, a := range q.AnswerSessionIDs {
		if !sessionIDs[a] {
			im.issue(fmt.Sprintf("%s.answer_session_ids[%d]", p, k), "answer session %s of question %s is not in the haystack; left out of the gold", a, q.QuestionID)
			continue
		}
		goldSessions = append(goldSessions, a)
	}

	probe := scenarios.Probe{ID: q.QuestionID, Question: strings.TrimSpace(q.Question), Kind: kind, Category: q.QuestionType,
		AfterSession: s.Sessions[len(s.Sessions)-1].ID}
	switch {
	case abs:
		probe.RetrievalSkip = "abstention question: no evidence"
		im.rep.Counts["abstention questions"]++
	default:
		probe.Answers = acceptedAnswers(strings.TrimSpace(q.Answer.s))
		probe.Evidence = evidence
		if len(evidence) == 0 {
			probe.RetrievalSkip = "no has_answer turn: turn-level gold unavailable"
			im.rep.Counts["questions without has_answer turns"]++
		}
		if probe.Answers[0] == "" {
			return nil, dsio.Errf(path, p+".answer", "empty answer")
		}
	}
	s.Probes = []scenarios.Probe{probe}
	s.FillDefaults()
	last := s.Sessions[len(s.Sessions)-1]
	end := last.Turns[len(last.Turns)-1].Time.Time
	if asked.Before(end) {
		im.issue(p+".question_date", "question %s is dated %s, before the end of its last haystack session (%s); asked one minute after that", q.QuestionID, asked.Format("2006-01-02 15:04"), end.Format("2006-01-02 15:04"))
		im.rep.Counts["questions dated before their last session (asked after it)"]++
	} else {
		s.Probes[0].AskedAt = scenarios.At(asked)
	}
	s.Meta = map[string]string{
		"importer":           Kind,
		"file":               path,
		"question_id":        q.QuestionID,
		"question_type":      q.QuestionType,
		"question_date":      q.QuestionDate,
		"abstention":         strconv.FormatBool(abs),
		"answer_session_ids": strings.Join(goldSessions, ","),
		"answer_turn_ids":    strings.Join(probe.Evidence, ","),
		// The official retrieval corpus: gold = has_answer user turns of
		// answer sessions; roles of the sessions whose turns do not
		// alternate user, assistant, user … (see TurnIsUser).
		"answer_user_turn_ids": strings.Join(userEvidence, ","),
		"turn_roles":           strings.Join(roleExceptions, ";"),
	}
	return s, nil
}

// alsoAcceptable is a gold answer followed by one more acceptable answer
// ("7 days. 8 days (including the last day) is also acceptable.").
var alsoAcceptable = regexp.MustCompile(`^(.+?)\.\s+(.+?)\s+\(including the last day\) is also acceptable\.?$`)

// rangeAcceptable is a gold answer followed by a range of acceptable
// counts ("One week. Answers ranging from 7 days to 10 days are also
// acceptable.").
var rangeAcceptable = regexp.MustCompile(`^(.+?)\.\s+Answers ranging from (\d+) (\w+) to (\d+) (\w+) are also acceptable\.?$`)

// acceptedAnswers are the acceptable answers a LongMemEval gold answer
// states: the full text first (what a judge reads), then each answer it
// names as acceptable ("7 days. 8 days (including the last day) is also
// acceptable." → the full text, "7 days", "8 days"; a range "from 7 days
// to 10 days" → 7, 8, 9 and 10 days, at most 31 of them). Any other gold
// answer is the only one.
func acceptedAnswers(gold string) []string {
	if m := alsoAcceptable.FindStringSubmatch(gold); m != nil {
		return []string{gold, m[1], m[2]}
	}
	if m := rangeAcceptable.FindStringSubmatch(gold); m != nil && m[3] == m[5] {
		lo, _ := strconv.Atoi(m[2])
		hi, _ := strconv.Atoi(m[4])
		if lo <= hi && hi-lo <= 30 {
			out := []string{gold, m[1]}
			for n := lo; n <= hi; n++ {
				out = append(out, fmt.Sprintf("%d %s", n, m[3]))
			}
			return out
		}
	}
	return []string{gold}
}
