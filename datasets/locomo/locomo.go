// Package locomo imports LoCoMo (Maharana et al., "Evaluating Very
// Long-Term Conversational Memory of LLM Agents", ACL 2024;
// github.com/snap-research/LoCoMo) into memarena scenarios: one scenario per
// conversation, its sessions, its turns (ids are the dataset's dia_ids,
// "D3:7") and one probe per question, asked after the last session.
//
// It reads both forms the data circulates in — the list-of-samples file
// (locomo10.json: [{sample_id, conversation{…}, qa, observation,
// session_summary, event_summary}]) and one object per conversation with the
// conversation keys at the top level (speaker_a, session_<N>,
// session_<N>_date_time, qa, session_<N>_observation, session_<N>_summary,
// events_session_<N>) — from a plain or gzip file, or from a directory of
// such files (*.json, *.json.gz, read in name order).
//
// Registered as dataset kind "locomo". Options (datasets.Spec.Options):
//
//	label_map: official | mem0-paper   how numeric categories are named (default official)
//	captions: true | false             append an image turn's caption as "[shares a photo of …]" (default false)
//	questions: N                       keep a seeded sample of N questions stratified by category (default all)
//
// Spec.Limit keeps the first N conversations in file order; Spec.Sample a
// seeded random N of them (every conversation holds all five categories, so
// the kept questions stay stratified; Report.Strata gives their per-category
// counts).
//
// Category 5 (adversarial) questions become abstention probes (the right
// answer is that it was not mentioned; adversarial_answer is kept as the
// known wrong answer). Mapping details:
//   - sessions come from the session_<N> lists sorted by N (date keys
//     without a list, and empty lists, are counted and skipped); session
//     starts from session_<N>_date_time ("12:09 am" is 00:09), turns one
//     minute apart;
//   - both speakers are people talking to each other: every turn has role
//     user and the speaker's name as Speaker;
//   - numeric categories stay in Probe.Category ("1"…"5"); the kind comes
//     from the label map (official: 1 multi-hop, 2 temporal, 3 open-domain,
//     4 single-hop); JSON-number answers become strings;
//   - evidence strings are split on ';', ',' and spaces and normalized
//     (NormalizeID); malformed ids and ids of no turn are dropped with an
//     issue naming the file position, conversation, question and id; a
//     probe left without evidence keeps its answer metrics and gets
//     RetrievalSkip;
//   - observations (session_<N>_observation: speaker → [fact, dia_id(s)])
//     become Gold.Facts of the first existing turn they cite, and
//     session_<N>_summary the session's gold Summary (extraction: oracle).
//
// Data problems that the importer can repair or skip (malformed or unknown
// evidence ids, sessions without dates) are listed in Report.Issues with
// their JSON path; a file whose shape is wrong is an error naming the JSON
// path, never a panic.
package locomo

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/memarena/memarena/datasets"
	"github.com/memarena/memarena/datasets/internal/dsio"
	"github.com/memarena/memarena/metrics"
	"github.com/memarena/memarena/scenarios"
)

// Kind is the dataset kind this package registers.
const Kind = "locomo"

func init() { datasets.Register(Kind, Import) }

// DateLayouts are the session date formats accepted, tried in order on the
// lowercased, space-collapsed string ("1:56 pm on 8 May, 2023"; "12:09 am"
// is 00:09). Times are read as UTC.
var DateLayouts = []string{
	"3:04 pm on 2 January, 2006", "3:04 pm on 2 January 2006", "3:04pm on 2 January, 2006",
	"3:04 pm on January 2, 2006", "3:04 pm on 2 Jan, 2006", "3:04 pm on 2 Jan 2006",
	"2 January, 2006", "2 January 2006", "January 2, 2006",
}

// ParseDate parses a LoCoMo session date ("1:56 pm on 8 May, 2023").
func ParseDate(s string) (time.Time, error) {
	norm := strings.Join(strings.Fields(strings.ToLower(s)), " ")
	for _, l := range DateLayouts {
		if t, err := time.Parse(l, norm); err == nil {
			return t.UTC(), nil
		}
	}
	return time.Time{}, fmt.Errorf("date %q: want a LoCoMo date such as \"1:56 pm on 8 May, 2023\"", s)
}

var (
	idRe      = regexp.MustCompile(`^D:?0*(\d+):0*(\d+)$`)
	sessRe    = regexp.MustCompile(`^session_(\d+)$`)
	splitIDRe = regexp.MustCompile(`[;,\s]+`)
)

// NormalizeID returns the canonical form "D<session>:<turn>" of a dialogue
// id, removing zero padding ("D30:05" → "D30:5") and a stray colon after
// the D ("D:11:26" → "D11:26"); ok is false when s is not a dialogue id
// ("D", "", "X1:2"). repaired is true when the result differs from s.
func NormalizeID(s string) (id string, repaired, ok bool) {
	m := idRe.FindStringSubmatch(strings.TrimSpace(s))
	if m == nil {
		return "", false, false
	}
	a, _ := strconv.Atoi(m[1])
	b, _ := strconv.Atoi(m[2])
	id = fmt.Sprintf("D%d:%d", a, b)
	return id, id != s, true
}

// SplitEvidence splits one evidence string into its ids: several ids may
// share a string, separated by ';', ',' or spaces ("D8:6; D9:17",
// "D9:1 D4:4 D4:6"). Empty parts are dropped.
func SplitEvidence(s string) []string {
	var out []string
	for _, p := range splitIDRe.Split(s, -1) {
		if p != "" {
			out = append(out, p)
		}
	}
	return out
}

// options are the parsed importer options.
type options struct {
	labelMap  string
	captions  bool
	questions int
}

// Import reads spec.Path (a LoCoMo file or a directory of them) into one
// scenario per kept conversation. See the package doc for the options.
func Import(spec datasets.Spec) ([]*scenarios.Scenario, *datasets.Report, error) {
	o, err := dsio.NewOptions(spec.Options, "label_map", "captions", "questions")
	if err != nil {
		return nil, nil, err
	}
	var opt options
	if opt.labelMap, err = o.String("label_map", metrics.LoCoMoOfficial, metrics.LoCoMoLabelMaps...); err != nil {
		return nil, nil, err
	}
	if opt.captions, err = o.Bool("captions", false); err != nil {
		return nil, nil, err
	}
	if opt.questions, err = o.Int("questions", 0); err != nil {
		return nil, nil, err
	}
	if spec.Limit < 0 || spec.Sample < 0 {
		return nil, nil, fmt.Errorf("limit and sample must be ≥ 0")
	}
	files, dir, err := inputFiles(spec.Path)
	if err != nil {
		return nil, nil, err
	}
	rep := &datasets.Report{Dataset: "LoCoMo", File: spec.Path, Counts: map[string]int{}, Strata: map[string]int{}}
	im := &importer{opt: opt, rep: rep}
	var convs []*rawConv
	var sums []string
	var bad []string
	for _, f := range files {
		cs, info, err := readFile(f, dir)
		if err != nil {
			// Read every file, so one run shows every bad file of a
			// directory.
			bad = append(bad, err.Error())
			continue
		}
		convs = append(convs, cs...)
		sums = append(sums, fmt.Sprintf("%s  %s", info.sha, filepath.Base(f)))
		dsio.CountText(rep, info.invalidUTF8, info.bom)
	}
	if len(bad) > 0 {
		// Check the files that did read too, so one run names every bad
		// file of a directory.
		for _, c := range convs {
			if _, err := (&importer{opt: opt, rep: &datasets.Report{Counts: map[string]int{}}}).build(c); err != nil {
				bad = append(bad, err.Error())
			}
		}
		return nil, nil, badFiles(spec.Path, dir, len(files), bad)
	}
	if !dir {
		rep.SHA256 = strings.Fields(sums[0])[0]
	} else {
		h := sha256.Sum256([]byte(strings.Join(sums, "\n") + "\n"))
		rep.SHA256 = hex.EncodeToString(h[:])
		rep.Notes = append(rep.Notes, fmt.Sprintf("directory of %d files; sha256 is over their sha256sum lines: %s", len(files), strings.Join(sums, "; ")))
	}
	rep.Counts["conversations in input"] = len(convs)
	if len(convs) == 0 {
		return nil, nil, fmt.Errorf("%s: no LoCoMo conversation found", spec.Path)
	}

	// Conversations: limit (head) or sample (seeded), in input order.
	keep := make([]int, len(convs))
	for i := range keep {
		keep[i] = i
	}
	n := spec.Sample
	if n == 0 || (spec.Limit > 0 && spec.Limit < n) {
		n = spec.Limit
	}
	if n > 0 && n < len(convs) {
		one := make([]string, len(convs)) // a single stratum: conversations are alike
		keep, _ = dsio.Select(one, n, spec.Sample > 0, spec.Seed)
		how := "first"
		if spec.Sample > 0 {
			how = fmt.Sprintf("seeded (seed %d) random", spec.Seed)
		}
		rep.Notes = append(rep.Notes, fmt.Sprintf("subset: %s %d of %d conversations", how, len(keep), len(convs)))
	}
	var out []*scenarios.Scenario
	seen := map[string]string{}
	for _, i := range keep {
		s, err := im.build(convs[i])
		if err != nil {
			bad = append(bad, err.Error())
			continue
		}
		if prev, dup := seen[s.ID]; dup {
			return nil, nil, fmt.Errorf("%s: conversations %s and %s both become scenario id %q; sample ids must be distinct", spec.Path, prev, convs[i].where("sample_id"), s.ID)
		}
		seen[s.ID] = convs[i].where("sample_id")
		out = append(out, s)
	}
	if len(bad) > 0 {
		return nil, nil, badFiles(spec.Path, dir, len(files), bad)
	}
	rep.Counts["conversations kept"] = len(out)
	if opt.questions > 0 {
		im.subsampleQuestions(out, opt.questions, spec.Seed)
	}
	for _, s := range out {
		for _, p := range s.Probes {
			c, _ := strconv.Atoi(p.Category)
			name, _ := metrics.LoCoMoCategoryName(opt.labelMap, c)
			rep.Strata[fmt.Sprintf("%d %s", c, name)]++
		}
		rep.Counts["probes"] += len(s.Probes)
		for _, p := range s.Probes {
			if p.RetrievalSkip != "" && p.Kind != scenarios.KindAbstention {
				rep.Counts["probes without valid evidence (kept for answer metrics, skipped for retrieval)"]++
			}
		}
	}
	for _, s := range out {
		s.FillDefaults()
		if err := dsio.Finish(s, rep); err != nil {
			return nil, nil, err
		}
	}
	rep.Notes = append(rep.Notes,
		fmt.Sprintf("label map %s: %s", opt.labelMap, labelMapText(opt.labelMap)),
		"LoCoMo F1 is the dataset's own evaluation (NLTK Porter stems, multi-hop answers split on commas, open-domain gold cut at ';'); its overall score is the question-weighted mean over categories 1–4; category 5 (adversarial) is scored apart as abstention",
		"category 5 questions are abstention probes (right answer: not mentioned); their dataset evidence ids are not used",
		"observations are gold facts on the first turn they cite and session summaries gold session summaries (both used only in extraction: oracle); event_summary is not imported",
	)
	if opt.captions {
		rep.Notes = append(rep.Notes, "image turns carry their BLIP caption as \"[shares …]\"")
	}
	rep.Notes = append(rep.Notes, dsio.GoldNote)
	return out, rep, nil
}

// badFiles is the error of an import that met bad data: the one error of
// a single file, or every bad file of a directory.
func badFiles(path string, dir bool, files int, bad []string) error {
	if !dir && len(bad) == 1 {
		return errors.New(bad[0])
	}
	n := map[string]bool{}
	for _, b := range bad {
		n[strings.SplitN(b, ": ", 2)[0]] = true
	}
	return fmt.Errorf("%s: %d of %d files are not readable LoCoMo data:\n  %s", path, len(n), files, strings.Join(bad, "\n  "))
}

func labelMapText(m string) string {
	var parts []string
	for c := 1; c <= 5; c++ {
		n, _ := metrics.LoCoMoCategoryName(m, c)
		parts = append(parts, fmt.Sprintf("%d %s", c, n))
	}
	return strings.Join(parts, ", ")
}

// inputFiles lists the files to read: path itself, or the *.json and
// *.json.gz files of a directory in name order (dir true).
func inputFiles(path string) (files []string, dir bool, err error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, false, err
	}
	if !st.IsDir() {
		return []string{path}, false, nil
	}
	ents, err := os.ReadDir(path)
	if err != nil {
		return nil, true, err
	}
	var out []string
	for _, e := range ents {
		n := e.Name()
		if !e.IsDir() && (strings.HasSuffix(n, ".json") || strings.HasSuffix(n, ".json.gz")) {
			out = append(out, filepath.Join(path, n))
		}
	}
	sort.Strings(out)
	if len(out) == 0 {
		return nil, true, fmt.Errorf("%s: directory holds no .json or .json.gz file", path)
	}
	return out, true, nil
}

// rawConv is one conversation as decoded, with where its parts live.
type rawConv struct {
	doc      dsio.Doc
	file     string
	prefix   string // JSON path of the record: "" or "[3]"
	filePfx  string // "name.json:" when reading a directory, else ""
	sampleID string
	conv     map[string]any // speaker_a, session_<N>, session_<N>_date_time
	convPath string
	qa       any
	obs      map[string]any // session_<N>_observation
	obsPath  string
	sums     map[string]any // session_<N>_summary
	sumPath  string
	sha      string // sha256 of the file
}

func join(prefix, key string) string {
	if prefix == "" {
		return key
	}
	return prefix + "." + key
}

// where returns the issue location of a JSON path inside the record.
func (c *rawConv) where(path string) string { return c.filePfx + join(c.prefix, path) }

// fileInfo is what reading a file learned about its bytes.
type fileInfo struct {
	sha         string // sha256 of the file
	invalidUTF8 int    // bytes read as U+FFFD
	bom         bool   // a UTF-8 byte-order mark was skipped
}

// readFile decodes one file into its conversation records.
func readFile(path string, inDir bool) ([]*rawConv, fileInfo, error) {
	in, err := dsio.Open(path)
	if err != nil {
		return nil, fileInfo{}, err
	}
	v, err := dsio.Decode(path, in)
	cerr := in.Close()
	if err != nil {
		return nil, fileInfo{}, err
	}
	if cerr != nil {
		return nil, fileInfo{}, fmt.Errorf("%s: %w", path, cerr)
	}
	info := fileInfo{sha: in.SHA256(), invalidUTF8: in.InvalidUTF8(), bom: in.BOM()}
	doc := dsio.Doc{File: path}
	pfx := ""
	if inDir {
		pfx = filepath.Base(path) + ":"
	}
	base := strings.TrimSuffix(strings.TrimSuffix(filepath.Base(path), ".gz"), ".json")
	var out []*rawConv
	switch x := v.(type) {
	case []any:
		for i, e := range x {
			p := fmt.Sprintf("[%d]", i)
			obj, err := doc.Obj(e, p)
			if err != nil {
				return nil, fileInfo{}, err
			}
			c, err := record(doc, obj, p, fmt.Sprintf("%s-%d", base, i))
			if err != nil {
				return nil, fileInfo{}, err
			}
			c.filePfx = pfx
			out = append(out, c)
		}
	case map[string]any:
		c, err := record(doc, x, "", base)
		if err != nil {
			return nil, fileInfo{}, err
		}
		c.filePfx = pfx
		out = append(out, c)
	default:
		return nil, fileInfo{}, dsio.Errf(path, "", "want a list of LoCoMo samples or one conversation object, got %s", dsio.Kind(v))
	}
	for _, c := range out {
		c.sha = info.sha
	}
	return out, info, nil
}

// record recognizes the form of one conversation object.
func record(doc dsio.Doc, obj map[string]any, p, fallbackID string) (*rawConv, error) {
	c := &rawConv{doc: doc, file: doc.File, prefix: p, sampleID: fallbackID}
	if v, ok := obj["sample_id"]; ok {
		id, err := doc.StrOrNum(v, join(p, "sample_id"))
		if err != nil {
			return nil, err
		}
		if strings.TrimSpace(id) != "" {
			c.sampleID = id
		}
	}
	c.qa = obj["qa"]
	if conv, ok := obj["conversation"]; ok { // list-of-samples form
		m, err := doc.Obj(conv, join(p, "conversation"))
		if err != nil {
			return nil, err
		}
		c.conv, c.convPath = m, join(p, "conversation")
		c.obs, c.obsPath = map[string]any{}, join(p, "observation")
		if v, ok := obj["observation"]; ok {
			if c.obs, err = doc.Obj(v, c.obsPath); err != nil {
				return nil, err
			}
		}
		c.sums, c.sumPath = map[string]any{}, join(p, "session_summary")
		if v, ok := obj["session_summary"]; ok {
			if c.sums, err = doc.Obj(v, c.sumPath); err != nil {
				return nil, err
			}
		}
		return c, nil
	}
	if _, ok := obj["speaker_a"]; !ok {
		return nil, dsio.Errf(doc.File, p, "neither a LoCoMo sample (no \"conversation\" key) nor a conversation object (no \"speaker_a\" key)")
	}
	c.conv, c.convPath = obj, p
	c.obs, c.obsPath = obj, p
	c.sums, c.sumPath = obj, p
	return c, nil
}

type importer struct {
	opt options
	rep *datasets.Report
}

func (im *importer) issue(where, format string, args ...any) {
	im.rep.Issues = append(im.rep.Issues, datasets.Issue{Where: where, What: fmt.Sprintf(format, args...)})
}

// build turns one conversation record into a scenario.
func (im *importer) build(c *rawConv) (*scenarios.Scenario, error) {
	doc := c.doc
	speaker := func(key string) (string, error) {
		v, ok := c.conv[key]
		if !ok {
			return "", dsio.Errf(c.file, join(c.convPath, key), "missing")
		}
		return doc.Str(v, join(c.convPath, key))
	}
	spA, err := speaker("speaker_a")
	if err != nil {
		return nil, err
	}
	spB, err := speaker("speaker_b")
	if err != nil {
		return nil, err
	}
	// Sessions come from the session_<N> lists, sorted by N.
	var nums []int
	dateKeys := 0
	for k := range c.conv {
		if m := sessRe.FindStringSubmatch(k); m != nil {
			n, _ := strconv.Atoi(m[1])
			nums = append(nums, n)
		}
		if strings.HasSuffix(k, "_date_time") && strings.HasPrefix(k, "session_") {
			dateKeys++
		}
	}
	sort.Ints(nums)
	s := &scenarios.Scenario{
		ID:          "locomo-" + dsio.Slug(c.sampleID),
		Title:       fmt.Sprintf("LoCoMo %s: %s and %s", c.sampleID, spA, spB),
		Description: "A LoCoMo conversation between two people over many sessions; questions are asked after the last session.",
		Source:      c.file + "#" + c.sampleID,
	}
	turnIDs := map[string]bool{}
	turnSession := map[string]int{}
	var prevStart time.Time
	datedSessions := 0
	for _, n := range nums {
		key := fmt.Sprintf("session_%d", n)
		path := join(c.convPath, key)
		list, err := doc.List(c.conv[key], path)
		if err != nil {
			return nil, err
		}
		dk := key + "_date_time"
		var start time.Time
		if dv, ok := c.conv[dk]; ok {
			ds, err := doc.Str(dv, join(c.convPath, dk))
			if err != nil {
				return nil, err
			}
			t, err := ParseDate(ds)
			if err != nil {
				return nil, dsio.Errf(c.file, join(c.convPath, dk), "%v", err)
			}
			start = t
			datedSessions++
		}
		if len(list) == 0 {
			im.rep.Counts["empty sessions skipped"]++
			continue
		}
		if start.IsZero() {
			if prevStart.IsZero() {
				return nil, dsio.Errf(c.file, join(c.convPath, dk), "missing: the first session with turns needs a date")
			}
			start = prevStart
			im.issue(c.filePfx+join(c.convPath, dk), "no date for %s; dated as the previous session (%s)", key, prevStart.Format(time.RFC3339))
		} else if start.Before(prevStart) {
			im.issue(c.filePfx+join(c.convPath, dk), "%s is dated %s, before the previous session (%s); dated as the previous session", key, start.Format(time.RFC3339), prevStart.Format(time.RFC3339))
			start = prevStart
		}
		prevStart = start
		ss := scenarios.Session{ID: key, Start: scenarios.At(start)}
		for ti, tv := range list {
			tp := fmt.Sprintf("%s[%d]", path, ti)
			t, err := im.turn(c, tv, tp, spA)
			if err != nil {
				return nil, err
			}
			if t == nil {
				continue
			}
			if turnIDs[t.ID] {
				im.issue(c.filePfx+tp+".dia_id", "duplicate dia_id %s; turn dropped", t.ID)
				continue
			}
			turnIDs[t.ID] = true
			turnSession[t.ID] = len(s.Sessions)
			ss.Turns = append(ss.Turns, *t)
		}
		if len(ss.Turns) == 0 {
			im.rep.Counts["empty sessions skipped"]++
			continue
		}
		if v, ok := c.sums[key+"_summary"]; ok {
			sum, err := doc.Str(v, join(c.sumPath, key+"_summary"))
			if err != nil {
				return nil, err
			}
			if strings.TrimSpace(sum) != "" {
				ss.Summary = strings.TrimSpace(sum)
				im.rep.Counts["session summaries"]++
			}
		}
		s.Sessions = append(s.Sessions, ss)
	}
	if len(s.Sessions) == 0 {
		return nil, dsio.Errf(c.file, c.convPath, "conversation %s has no session_<N> list with turns", c.sampleID)
	}
	im.rep.Counts["session date keys without turns"] += dateKeys - datedSessions + countEmptyDated(c, nums)
	im.rep.Counts["sessions"] += len(s.Sessions)
	if err := im.observations(c, s, turnIDs); err != nil {
		return nil, err
	}
	for _, ss := range s.Sessions {
		im.rep.Counts["turns"] += len(ss.Turns)
	}
	if err := im.questions(c, s, turnIDs); err != nil {
		return nil, err
	}
	s.Meta = map[string]string{
		"importer":  Kind,
		"dataset":   "LoCoMo",
		"file":      c.file,
		"sha256":    c.sha,
		"sample_id": c.sampleID,
		"label_map": im.opt.labelMap,
		"captions":  strconv.FormatBool(im.opt.captions),
	}
	return s, nil
}

// countEmptyDated counts dated sessions whose list is empty (they were
// counted as dated but hold no turns).
func countEmptyDated(c *rawConv, nums []int) int {
	n := 0
	for _, k := range nums {
		key := fmt.Sprintf("session_%d", k)
		if l, ok := c.conv[key].([]any); ok && len(l) == 0 {
			if _, dated := c.conv[key+"_date_time"]; dated {
				n++
			}
		}
	}
	return n
}

// turn decodes one dialogue turn; it returns nil (with an issue) for a
// turn that has neither text nor caption.
func (im *importer) turn(c *rawConv, tv any, tp, spA string) (*scenarios.Turn, error) {
	doc := c.doc
	obj, err := doc.Obj(tv, tp)
	if err != nil {
		return nil, err
	}
	rawID, err := doc.Str(obj["dia_id"], tp+".dia_id")
	if err != nil {
		return nil, err
	}
	id, _, ok := NormalizeID(rawID)
	if !ok {
		return nil, dsio.Errf(c.file, tp+".dia_id", "%q is not a dialogue id (want D<session>:<turn>)", rawID)
	}
	sp, err := doc.Str(obj["speaker"], tp+".speaker")
	if err != nil {
		return nil, err
	}
	text := ""
	if v, ok := obj["text"]; ok {
		if text, err = doc.Str(v, tp+".text"); err != nil {
			return nil, err
		}
	}
	text = strings.TrimSpace(text)
	caption := ""
	if v, ok := obj["blip_caption"]; ok && v != nil {
		if caption, err = doc.Str(v, tp+".blip_caption"); err != nil {
			return nil, err
		}
		caption = strings.TrimSpace(caption)
	}
	if _, img := obj["img_url"]; img || caption != "" {
		im.rep.Counts["image turns"]++
	}
	if caption != "" && (im.opt.captions || text == "") {
		if text != "" {
			text += " "
		}
		text += "[shares " + caption + "]"
		im.rep.Counts["captions appended"]++
	}
	if text == "" {
		im.issue(c.filePfx+tp, "turn %s has no text; dropped", id)
		return nil, nil
	}
	// Both LoCoMo speakers are people talking to each other: both are
	// "user" turns, told apart by Speaker.
	return &scenarios.Turn{ID: id, Role: scenarios.RoleUser, Speaker: sp, Text: text}, nil
}

// observations attaches the session_<N>_observation facts to the first
// turn each cites, as gold facts.
func (im *importer) observations(c *rawConv, s *scenarios.Scenario, turnIDs map[string]bool) error {
	doc := c.doc
	where := map[string][2]int{}
	for si, ss := range s.Sessions {
		for ti, t := range ss.Turns {
			where[t.ID] = [2]int{si, ti}
		}
	}
	var keys []string
	for k := range c.obs {
		if strings.HasPrefix(k, "session_") && strings.HasSuffix(k, "_observation") {
			keys = append(keys, k)
		}
	}
	sort.Slice(keys, func(i, j int) bool {
		return sessNum(keys[i]) < sessNum(keys[j]) || (sessNum(keys[i]) == sessNum(keys[j]) && keys[i] < keys[j])
	})
	for _, k := range keys {
		kp := join(c.obsPath, k)
		m, err := doc.Obj(c.obs[k], kp)
		if err != nil {
			return err
		}
		speakers := make([]string, 0, len(m))
		for sp := range m {
			speakers = append(speakers, sp)
		}
		sort.Strings(speakers)
		for _, sp := range speakers {
			sp2 := kp + "." + sp
			list, err := doc.List(m[sp], sp2)
			if err != nil {
				return err
			}
			for fi, fv := range list {
				fp := fmt.Sprintf("%s[%d]", sp2, fi)
				pair, err := doc.List(fv, fp)
				if err != nil {
					return err
				}
				if len(pair) != 2 {
					return dsio.Errf(c.file, fp, "want [fact, dia_id], got a list of %d", len(pair))
				}
				fact, err := doc.Str(pair[0], fp+"[0]")
				if err != nil {
					return err
				}
				var refs []string
				switch x := pair[1].(type) {
				case string:
					refs = SplitEvidence(x)
				case []any:
					for ri, r := range x {
						rs, err := doc.Str(r, fmt.Sprintf("%s[1][%d]", fp, ri))
						if err != nil {
							return err
						}
						refs = append(refs, SplitEvidence(rs)...)
					}
				default:
					return dsio.Errf(c.file, fp+"[1]", "want a dia_id string or a list of them, got %s", dsio.Kind(pair[1]))
				}
				fact = strings.TrimSpace(fact)
				if fact == "" {
					continue
				}
				target := ""
				for _, r := range refs {
					id, _, ok := NormalizeID(r)
					if ok && turnIDs[id] {
						target = id
						break
					}
				}
				if target == "" {
					im.issue(c.filePfx+fp, "observation cites no existing turn (%s); dropped", strings.Join(refs, " "))
					im.rep.Counts["observations dropped"]++
					continue
				}
				at := where[target]
				t := &s.Sessions[at[0]].Turns[at[1]]
				if t.Gold == nil {
					t.Gold = &scenarios.Gold{}
				}
				t.Gold.Facts = append(t.Gold.Facts, fact)
				im.rep.Counts["observations"]++
			}
		}
	}
	return nil
}

func sessNum(key string) int {
	parts := strings.Split(key, "_")
	if len(parts) < 2 {
		return 0
	}
	n, _ := strconv.Atoi(parts[1])
	return n
}

// questions turns qa entries into probes.
func (im *importer) questions(c *rawConv, s *scenarios.Scenario, turnIDs map[string]bool) error {
	doc := c.doc
	qaPath := join(c.prefix, "qa")
	if c.qa == nil {
		im.issue(c.where("qa"), "conversation %s has no qa list", c.sampleID)
		return nil
	}
	list, err := doc.List(c.qa, qaPath)
	if err != nil {
		return err
	}
	last := s.Sessions[len(s.Sessions)-1].ID
	for qi, qv := range list {
		qp := fmt.Sprintf("%s[%d]", qaPath, qi)
		q, err := doc.Obj(qv, qp)
		if err != nil {
			return err
		}
		im.rep.Counts["questions read"]++
		question, err := doc.Str(q["question"], qp+".question")
		if err != nil {
			return err
		}
		question = strings.TrimSpace(question)
		if question == "" {
			return dsio.Errf(c.file, qp+".question", "empty question")
		}
		cat, err := doc.Int(q["category"], qp+".category")
		if err != nil {
			return err
		}
		kindName, err := metrics.LoCoMoCategoryName(im.opt.labelMap, cat)
		if err != nil {
			return dsio.Errf(c.file, qp+".category", "%v", err)
		}
		p := scenarios.Probe{ID: fmt.Sprintf("qa%d", qi), Question: question, Category: strconv.Itoa(cat), AfterSession: last}
		// Evidence: split, normalize, drop malformed and unknown ids.
		var ev []string
		if evv, ok := q["evidence"]; ok && evv != nil {
			evl, err := doc.List(evv, qp+".evidence")
			if err != nil {
				return err
			}
			seen := map[string]bool{}
			for ei, e := range evl {
				ep := fmt.Sprintf("%s.evidence[%d]", qp, ei)
				es, err := doc.Str(e, ep)
				if err != nil {
					return err
				}
				parts := SplitEvidence(es)
				if len(parts) > 1 {
					im.rep.Counts["evidence strings holding several ids"]++
				}
				for _, part := range parts {
					im.rep.Counts["evidence ids read"]++
					id, repaired, ok := NormalizeID(part)
					switch {
					case !ok:
						im.rep.Counts["evidence ids malformed (dropped)"]++
						im.issue(c.filePfx+ep, "malformed evidence id %q in %s question %s; dropped", part, c.sampleID, p.ID)
						continue
					case !turnIDs[id]:
						im.rep.Counts["evidence ids unknown (dropped)"]++
						im.issue(c.filePfx+ep, "unknown evidence id %s in %s question %s (no such turn); dropped", id, c.sampleID, p.ID)
						continue
					case repaired:
						im.rep.Counts["evidence ids normalized"]++
						im.issue(c.filePfx+ep, "evidence id %q read as %s", part, id)
					}
					if !seen[id] {
						seen[id] = true
						ev = append(ev, id)
					}
				}
			}
		}
		if cat == 5 {
			p.Kind = scenarios.KindAbstention
			p.RetrievalSkip = "adversarial question (category 5): not answerable from the conversation"
			if av, ok := q["adversarial_answer"]; ok && av != nil {
				a, err := doc.StrOrNum(av, qp+".adversarial_answer")
				if err != nil {
					return err
				}
				p.AdversarialAnswer = strings.TrimSpace(a)
			}
			s.Probes = append(s.Probes, p)
			continue
		}
		p.Kind = kindName
		av, ok := q["answer"]
		if !ok || av == nil {
			im.issue(c.filePfx+qp, "category %d question %s has no answer; skipped", cat, p.ID)
			im.rep.Counts["questions skipped (no answer)"]++
			continue
		}
		ans, err := doc.StrOrNum(av, qp+".answer")
		if err != nil {
			return err
		}
		if _, isNum := av.(json.Number); isNum {
			im.rep.Counts["number answers written as strings"]++
		}
		ans = strings.TrimSpace(ans)
		if ans == "" {
			im.issue(c.filePfx+qp+".answer", "empty answer for question %s; skipped", p.ID)
			im.rep.Counts["questions skipped (no answer)"]++
			continue
		}
		p.Answers = []string{ans}
		p.Evidence = ev
		if len(ev) == 0 {
			p.RetrievalSkip = "no valid evidence ids"
		}
		s.Probes = append(s.Probes, p)
	}
	return nil
}

// subsampleQuestions keeps a seeded sample of n questions over all
// scenarios, stratified by category.
func (im *importer) subsampleQuestions(ss []*scenarios.Scenario, n int, seed int64) {
	var strata []string
	type ref struct{ s, p int }
	var refs []ref
	for si, s := range ss {
		for pi, p := range s.Probes {
			strata = append(strata, p.Category)
			refs = append(refs, ref{si, pi})
		}
	}
	if n >= len(refs) {
		return
	}
	keep, _ := dsio.Select(strata, n, true, seed)
	kept := map[ref]bool{}
	for _, i := range keep {
		kept[refs[i]] = true
	}
	for si, s := range ss {
		var ps []scenarios.Probe
		for pi, p := range s.Probes {
			if kept[ref{si, pi}] {
				ps = append(ps, p)
			}
		}
		s.Probes = ps
	}
	im.rep.Notes = append(im.rep.Notes, fmt.Sprintf("subset: seeded (seed %d) sample of %d of %d questions, stratified by category", seed, len(keep), len(refs)))
}
