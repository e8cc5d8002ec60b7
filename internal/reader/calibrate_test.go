package reader_test

// The reader's calibration harness. It re-reads reader cases dumped by a
// run (memarena run --reader-cases FILE, see runner.ReaderCase) and prints
// the datasets' own scores per strategy, dataset and category, and the
// expected score of each abstention threshold. It runs only when
// READER_CASES names the case files (comma-separated); see the package
// doc for the procedure.

import (
	"bufio"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/memarena/memarena/internal/offline"
	"github.com/memarena/memarena/internal/reader"
	"github.com/memarena/memarena/metrics"
)

type readerCase struct {
	Strategy string   `json:"strategy"`
	Scenario string   `json:"scenario"`
	Probe    string   `json:"probe"`
	Kind     string   `json:"kind"`
	Category string   `json:"category"`
	Question string   `json:"question"`
	AskedAt  string   `json:"asked_at"`
	Context  string   `json:"context"`
	Gold     []string `json:"gold"`
}

// calScore is the dataset's own score of answer on case c: LoCoMo's
// official per-question score for a LoCoMo case (scenario "locomo-…"),
// else lexical accuracy (a gold answer contained in the answer;
// abstention accuracy on an unanswerable question).
func calScore(c readerCase, answer string) (float64, error) {
	if strings.HasPrefix(c.Scenario, "locomo-") {
		cat, err := strconv.Atoi(c.Category)
		if err != nil {
			return 0, fmt.Errorf("probe %s: category %q; want 1–5", c.Probe, c.Category)
		}
		gold := ""
		if len(c.Gold) > 0 {
			gold = c.Gold[0]
		}
		return metrics.LoCoMoScore(cat, answer, gold)
	}
	s := metrics.Score(metrics.ProbeGold{Kind: c.Kind, Answers: c.Gold, Abstention: c.Kind == "abstention"}, metrics.RecallView{}, answer, 10)
	if c.Kind == "abstention" {
		return s.AbstentionAcc.V, nil
	}
	return s.FactAccuracy.V, nil
}

// calTolerance is how far below the best gain a threshold's gain may be
// and still be chosen: 0.001 of the objective is about four LoCoMo or
// one LongMemEval question.
const calTolerance = 0.001

func dataset(c readerCase) string {
	if strings.HasPrefix(c.Scenario, "locomo-") {
		return "locomo"
	}
	return "longmemeval"
}

func loadCases(t *testing.T, paths string) []readerCase {
	var out []readerCase
	for _, p := range strings.Split(paths, ",") {
		f, err := os.Open(p)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(make([]byte, 1<<20), 1<<26)
		line := 0
		for sc.Scan() {
			line++
			var c readerCase
			if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
				t.Fatalf("%s:%d: %v", p, line, err)
			}
			out = append(out, c)
		}
		f.Close()
		if err := sc.Err(); err != nil {
			t.Fatalf("%s: %v", p, err)
		}
	}
	return out
}

// namedUserRewrites turn a first-person question into one about the
// named user ("did I" → "did Rowan", "my" → "Rowan's"); %s is the name.
var namedUserRewrites = []struct {
	re *regexp.Regexp
	to string
}{
	{regexp.MustCompile(`\b([Dd]o) I\b`), "${1}es %s"},
	{regexp.MustCompile(`\b([Dd]id|[Ww]as|[Ww]ill|[Cc]an) I\b`), "$1 %s"},
	{regexp.MustCompile(`\b([Hh])ave I\b`), "${1}as %s"},
	{regexp.MustCompile(`\bAm I\b`), "Is %s"},
	{regexp.MustCompile(`\bam I\b`), "is %s"},
	{regexp.MustCompile(`\bI've\b`), "%s has"},
	{regexp.MustCompile(`\bI'm\b`), "%s is"},
	{regexp.MustCompile(`\bI'd\b`), "%s would"},
	{regexp.MustCompile(`\bI'll\b`), "%s will"},
	{regexp.MustCompile(`\bI have\b`), "%s has"},
	{regexp.MustCompile(`\bI am\b`), "%s is"},
	{regexp.MustCompile(`\bI\b`), "%s"},
	{regexp.MustCompile(`\b[Mm]y\b`), "%s's"},
	{regexp.MustCompile(`\bmine\b`), "%s's"},
	{regexp.MustCompile(`\bme\b`), "%s"},
	{regexp.MustCompile(`\bmyself\b`), "%s"},
}

var (
	firstPersonRe  = regexp.MustCompile(`\b(I|my|me|mine|I've|I'm)\b`)
	secondPersonRe = regexp.MustCompile(`(?i)\b(you|your)\b`)
	userLabelRe    = regexp.MustCompile(`(?m)^(\[[^\]]*\] )User:`)
)

// namedUser rewrites LongMemEval-style reader cases (a user and an
// assistant; questions in the first person) as a chat of a named user:
// the context's "User:" label becomes the name, and the question speaks
// of the user in the third person. Questions that say "you" (about the
// assistant's words) and questions without the first person are left
// out. It gives the public data the setting of agent memory, where a
// question names the person ("what did Rowan buy …") and the assistant's
// turns are another speaker's.
func namedUser(cases []readerCase, name string) []readerCase {
	var out []readerCase
	for _, c := range cases {
		if dataset(c) != "longmemeval" || secondPersonRe.MatchString(c.Question) || !firstPersonRe.MatchString(c.Question) {
			continue
		}
		for _, r := range namedUserRewrites {
			c.Question = r.re.ReplaceAllString(c.Question, fmt.Sprintf(r.to, name))
		}
		c.Context = userLabelRe.ReplaceAllString(c.Context, "${1}"+name+":")
		out = append(out, c)
	}
	return out
}

// TestNamedUser pins the rewrite of namedUser.
func TestNamedUser(t *testing.T) {
	in := []readerCase{
		{Scenario: "lme-1", Question: "How many bikes do I own, and did I sell my old one?", Context: "[2023-05-01 a] User: I own two bikes.\n[2023-05-01 b] Assistant: Nice!"},
		{Scenario: "lme-2", Question: "What did you recommend I try?", Context: "[2023-05-01 a] User: hi"},
		{Scenario: "locomo-conv-1", Question: "What did I buy?", Context: "[2023-05-01 a] Noor: hi"},
	}
	got := namedUser(in, "Rowan")
	if len(got) != 1 {
		t.Fatalf("%d cases kept, want 1 (no \"you\" question, no LoCoMo case)", len(got))
	}
	if want := "How many bikes does Rowan own, and did Rowan sell Rowan's old one?"; got[0].Question != want {
		t.Errorf("question %q, want %q", got[0].Question, want)
	}
	if want := "[2023-05-01 a] Rowan: I own two bikes.\n[2023-05-01 b] Assistant: Nice!"; got[0].Context != want {
		t.Errorf("context %q, want %q", got[0].Context, want)
	}
}

// TestCalibration prints the reader's scores on the dumped cases and the
// threshold sweep. The objective of a threshold is the mean per-question
// score over the flat-rag and oracle contexts, averaged over the two
// datasets (each dataset weighs the same; inside a dataset every question
// counts once, unanswerable ones included).
func TestCalibration(t *testing.T) {
	paths := os.Getenv("READER_CASES")
	if paths == "" {
		t.Skip("READER_CASES not set (comma-separated files from memarena run --reader-cases)")
	}
	cases := loadCases(t, paths)
	if name := os.Getenv("READER_NAME_USER"); name != "" {
		// READER_NAME_USER=Name reads the first-person chats as a
		// named user's (see namedUser)
		cases = namedUser(cases, name)
	}
	type read struct {
		c       readerCase
		ans     reader.Answer
		scoreOn float64 // score when answering
		scoreAb float64 // score when abstaining
	}
	reads := make([]read, len(cases))
	for i, c := range cases {
		a := reader.Read(c.Question, c.Context, reader.Options{Threshold: 1e-9, Now: offline.AskedAt(c.AskedAt)})
		on, err := calScore(c, a.Text)
		if err != nil {
			t.Fatal(err)
		}
		ab, _ := calScore(c, reader.Abstain)
		reads[i] = read{c, a, on, ab}
	}
	at := func(r read, th float64) float64 {
		if reader.IsAbstention(r.ans.Text) || r.ans.Support < th {
			return r.scoreAb
		}
		return r.scoreOn
	}
	// READER_SHOW=strategy:category lists those cases' answers (for error
	// analysis on the public data).
	if show := os.Getenv("READER_SHOW"); show != "" {
		st, cat, _ := strings.Cut(show, ":")
		for _, r := range reads {
			if r.c.Strategy == st && r.c.Category == cat {
				t.Logf("%.2f %-9v %.2f Q: %s | gold: %v | ans: %s", r.scoreOn, r.ans.Type, r.ans.Support, r.c.Question, r.c.Gold, r.ans.Text)
			}
		}
	}
	// READER_DUMP=FILE writes every read as a JSON line (strategy,
	// scenario, category or kind, question, gold, answer, answer type,
	// support, score when answering, score at the calibrated threshold):
	// the input of error analysis.
	if dump := os.Getenv("READER_DUMP"); dump != "" {
		f, err := os.Create(dump)
		if err != nil {
			t.Fatal(err)
		}
		w := bufio.NewWriter(f)
		enc := json.NewEncoder(w)
		for _, r := range reads {
			cat := r.c.Category
			if cat == "" {
				cat = r.c.Kind
			}
			if err := enc.Encode(map[string]any{
				"strategy": r.c.Strategy, "scenario": r.c.Scenario, "category": cat, "question": r.c.Question,
				"gold": r.c.Gold, "answer": r.ans.Text, "type": string(r.ans.Type), "support": r.ans.Support,
				"score_on": r.scoreOn, "score": at(r, reader.Threshold(r.ans.Type)),
			}); err != nil {
				t.Fatal(err)
			}
		}
		if err := w.Flush(); err != nil {
			t.Fatal(err)
		}
		if err := f.Close(); err != nil {
			t.Fatal(err)
		}
	}
	// Per strategy, dataset, category at the calibrated thresholds.
	type key struct{ st, ds, cat string }
	sum, n := map[key]float64{}, map[key]int{}
	for _, r := range reads {
		cat := r.c.Category
		if cat == "" {
			cat = r.c.Kind
		}
		for _, k := range []key{{r.c.Strategy, dataset(r.c), cat}, {r.c.Strategy, dataset(r.c), "all"}} {
			sum[k] += at(r, reader.Threshold(r.ans.Type))
			n[k]++
		}
		if dataset(r.c) == "locomo" && r.c.Category != "5" {
			k := key{r.c.Strategy, "locomo", "1-4"}
			sum[k] += at(r, reader.Threshold(r.ans.Type))
			n[k]++
			k = key{r.c.Strategy, "locomo", "1-4 no abstention"}
			sum[k] += r.scoreOn
			n[k]++
		}
	}
	keys := make([]key, 0, len(sum))
	for k := range sum {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		a, b := keys[i], keys[j]
		if a.ds != b.ds {
			return a.ds < b.ds
		}
		if a.st != b.st {
			return a.st < b.st
		}
		return a.cat < b.cat
	})
	for _, k := range keys {
		t.Logf("%-12s %-10s %-22s %.3f (n=%d)", k.ds, k.st, k.cat, sum[k]/float64(n[k]), n[k])
	}
	// Threshold sweep on the tuning contexts.
	objective := func(th float64) float64 {
		s, c := map[string]float64{}, map[string]int{}
		for _, r := range reads {
			if r.c.Strategy != "flat-rag" && r.c.Strategy != "oracle" {
				continue
			}
			s[dataset(r.c)] += at(r, th)
			c[dataset(r.c)]++
		}
		var m float64
		for d := range s {
			m += s[d] / float64(c[d]) / float64(len(s))
		}
		return m
	}
	best, bestV := 0.0, math.Inf(-1)
	for th := 0.0; th <= 1.0001; th += 0.05 {
		v := objective(th)
		if v > bestV {
			best, bestV = th, v
		}
		t.Logf("threshold %.2f: objective %.4f", th, v)
	}
	t.Logf("best threshold %.2f (%.4f)", best, bestV)
	// Per answer type: the score gained by answering over abstaining at
	// each threshold, summed over the type's questions with the dataset
	// weights of the objective.
	weight := map[string]float64{}
	for _, r := range reads {
		if r.c.Strategy == "flat-rag" || r.c.Strategy == "oracle" {
			weight[dataset(r.c)]++
		}
	}
	byType := map[reader.Type][]read{}
	for _, r := range reads {
		if r.c.Strategy == "flat-rag" || r.c.Strategy == "oracle" {
			byType[r.ans.Type] = append(byType[r.ans.Type], r)
		}
	}
	types := make([]reader.Type, 0, len(byType))
	for typ := range byType {
		types = append(types, typ)
	}
	sort.Slice(types, func(i, j int) bool { return types[i] < types[j] })
	for _, typ := range types {
		rs := byType[typ]
		var line strings.Builder
		var gains []float64
		for k := 0; k <= 10; k++ {
			th := float64(k) / 10
			var g float64
			for _, r := range rs {
				g += (at(r, th) - r.scoreAb) / weight[dataset(r.c)] / float64(len(weight))
			}
			gains = append(gains, g)
			fmt.Fprintf(&line, " %.1f:%+.4f", th, g)
		}
		// The chosen threshold: the lowest whose gain is within
		// calTolerance of the best (differences that small are a few
		// questions; the reader then answers rather than abstains).
		best := math.Inf(-1)
		for _, g := range gains {
			best = math.Max(best, g)
		}
		// (0 is not a candidate: it would answer when no focus term is
		// supported at all.)
		chosen := 0.0
		for k := 1; k < len(gains); k++ {
			if gains[k] >= best-calTolerance {
				chosen = float64(k) / 10
				break
			}
		}
		t.Logf("type %-12v n=%4d chosen %.1f (now %.1f)%s", typ, len(rs), chosen, reader.Threshold(typ), line.String())
	}
}
