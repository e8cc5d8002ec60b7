package runner

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/memarena/memarena/internal/model"
	"github.com/memarena/memarena/internal/results"
	"github.com/memarena/memarena/internal/textutil"
	"github.com/memarena/memarena/scenarios"
	"github.com/memarena/memarena/strategies"
)

// Layout an answer must never carry, whatever a strategy's format:
// brackets and arrows of provenance headers, "#n" ids, status marks,
// key:value tags, "label: " prefixes.
var (
	layoutMarks = regexp.MustCompile(`[\[\]←→·]|#\d|\((superseded|conditional)\)`)
	layoutTag   = regexp.MustCompile(`\b[a-z_-]+:[a-z0-9_-]+`) // "goal:plan", not "CS:GO"
	// A one-word speaker or role prefix ("Caroline: ", "Assistant: "; a
	// title such as "Monster Hunter: World" is content) or a node-kind
	// label ("observation: ", "summary of the stage: ") at the start of the
	// answer or of one of its sentences.
	layoutLabel = regexp.MustCompile(`(^|[.!?]\s+)(\p{Lu}[\p{L}'-]*|\p{Ll}+|\p{Ll}+ of the \p{Ll}+):\s`)
	// Words of the reader's own renderings: resolved dates ("the Friday
	// before 3 May 2025", "the week of …") and yes/no/abstention.
	renderWords = textutil.TokenSet(textutil.Words(`the before after week weekend of monday tuesday wednesday thursday
		friday saturday sunday january february march april may june july august september october november december
		yes no not mentioned`))
	monthName = regexp.MustCompile(`(?i)\b(january|february|march|april|may|june|july|august|september|october|november|december)\b`)
)

// layoutLeaks lists the layout answer carries: a turn id of ids, a
// bracket, arrow or status mark, a key:value tag, a "label: " prefix, or a
// bare role name. With vocab (the words the conversation's turns say), a
// word that no turn says and no date rendering explains is layout too
// ("step", "observation", a list number).
func layoutLeaks(answer string, ids []string, vocab map[string]bool) []string {
	var out []string
	lower := strings.ToLower(answer)
	for _, id := range ids {
		if id != "" && regexp.MustCompile(`(?i)(^|[^\pL\pN])`+regexp.QuoteMeta(strings.ToLower(id))+`($|[^\pL\pN])`).MatchString(lower) {
			out = append(out, "turn id "+id)
		}
	}
	for _, re := range []*regexp.Regexp{layoutMarks, layoutTag, layoutLabel} {
		if m := re.FindString(answer); m != "" {
			out = append(out, "layout "+m)
		}
	}
	switch strings.TrimSpace(lower) {
	case "assistant", "user":
		out = append(out, "role name "+answer)
	}
	if vocab != nil {
		isDate := monthName.MatchString(answer)
		for _, w := range textutil.Words(answer) {
			if vocab[w] || renderWords[w] {
				continue
			}
			if isDate && strings.Trim(w, "0123456789") == "" {
				continue
			}
			out = append(out, "word not said in the conversation: "+w)
		}
	}
	return out
}

func TestLayoutLeaks(t *testing.T) {
	vocab := textutil.TokenSet(textutil.Words("Nora joined the garden on Birch Lane, plot 42"))
	clean := []string{"Birch Lane", "plot 42", "the Saturday before 3 May 2025", "11 April 2025", "not mentioned", "Yes, Nora joined the garden", "Nora joined on garden lane: plot 42"}
	for _, a := range clean {
		if l := layoutLeaks(a, []string{"s1-t1", "D1:3"}, vocab); len(l) > 0 {
			t.Errorf("%q: false leaks %v", a, l)
		}
	}
	leaky := map[string]string{
		"s1-t1 Nora":          "turn id",
		"D1:3":                "turn id",
		"[garden, step 4]":    "layout",
		"observation: garden": "layout",
		"Nora: garden":        "layout",
		"Assistant":           "role name",
		"goal:plan":           "layout",
		"garden (superseded)": "layout",
		"11":                  "word not said",
		"step 4 garden":       "word not said",
	}
	for a, want := range leaky {
		l := layoutLeaks(a, []string{"s1-t1", "D1:3"}, vocab)
		if len(l) == 0 || !strings.Contains(strings.Join(l, "; "), want) {
			t.Errorf("%q: leaks %v, want one with %q", a, l, want)
		}
	}
}

// TestAnswersCarryNoLayout runs every registered strategy on a small
// conversation and checks that no answer carries a strategy's layout: each
// strategy renders its context differently (provenance brackets, section
// headers, role prefixes, node-kind labels, intent tags, step numbers), and
// the reader must answer from the content alone.
func TestAnswersCarryNoLayout(t *testing.T) {
	var strats []StrategyConfig
	for _, n := range strategies.Names() {
		if s, _ := strategies.Lookup(n); !strings.HasPrefix(n, "test-") && !s.NeedsParams {
			strats = append(strats, StrategyConfig{Name: n})
		}
	}
	// The external strategy needs a memory to talk to: the Python reference
	// adapter, where python3 is installed.
	if _, err := exec.LookPath("python3"); err == nil {
		strats = append(strats, StrategyConfig{Name: "external", Label: "bm25-python",
			Params: map[string]any{"command": []any{"python3", "../examples/external/bm25_memory.py"}}})
	}
	cfg := testConfig(t, strats...)
	cfg.Scenarios = []string{"testdata/layout.yaml"}
	res, err := Execute(context.Background(), cfg, Options{})
	if err != nil {
		t.Fatal(err)
	}
	sc, err := scenarios.LoadFile("testdata/layout.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	var said strings.Builder
	for _, s := range sc.Sessions {
		for _, tu := range s.Turns {
			ids = append(ids, tu.ID)
			said.WriteString(tu.Text + "\n")
		}
	}
	// A structured memory states facts in the relation vocabulary every
	// model shares (model.Relations: "works_on", "located_in" …): its
	// words are content, not layout.
	for _, rel := range model.Relations {
		said.WriteString(strings.ReplaceAll(rel, "_", " ") + "s\n" + strings.ReplaceAll(rel, "_", " ") + "\n")
	}
	vocab := textutil.TokenSet(textutil.Words(said.String()))
	store, err := results.Open(res.DB)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	answered := 0
	oracle := map[string]string{}
	cells := eachAnswer(t, store, func(label string, r results.Row) {
		if label == "oracle" {
			oracle[r.ProbeID] = r.Answer
		}
		if r.Answer != "not mentioned" {
			answered++
		}
		if l := layoutLeaks(r.Answer, ids, vocab); len(l) > 0 {
			t.Errorf("%s %s: answer %q carries layout: %s", label, r.ProbeID, r.Answer, strings.Join(l, "; "))
		}
	})
	if cells != len(strats) {
		t.Fatalf("%d cells, want %d", cells, len(strats))
	}
	if answered < cells {
		t.Errorf("only %d answers over %d cells: the check needs answers to check", answered, cells)
	}
	// The oracle, handed the evidence, reads typed answers (q5 and q7 are
	// answered by turns that do not restate the question: q5's frequency
	// is a typed answer and clears its type's low threshold; q7's turn
	// holds only the person of "what herb is Nora growing now", a support
	// of 1 / 2.5 (the head noun "herb" weighs half) that reaches the
	// free-phrase threshold 0.4, and of "from basil to mint" the current
	// value is the one after "to").
	want := map[string]string{
		"q1": "Birch Lane", "q2": "11 April 2025", "q4": "$90", "q5": "Twice a week", "q6": "the old spot flooded",
		"q7": "mint", "q8": "Ingrid", "q9": "not mentioned", "q10": "26 April 2025",
	}
	for id, w := range want {
		if oracle[id] != w {
			t.Errorf("oracle %s = %q, want %q", id, oracle[id], w)
		}
	}
}

// TestRunAnswersCarryNoLayout checks a finished run's answers for layout
// (turn ids of each row's provenance, brackets, tags, labels, role names):
//
//	MEMARENA_CHECK_RUN=out/latest go test -run TestRunAnswersCarryNoLayout ./runner/
//
// It is how a full `make bench` or LoCoMo run is checked; skipped without
// the variable.
func TestRunAnswersCarryNoLayout(t *testing.T) {
	dir := os.Getenv("MEMARENA_CHECK_RUN")
	if dir == "" {
		t.Skip("set MEMARENA_CHECK_RUN to a run directory")
	}
	store, err := results.Open(filepath.Join(dir, "results.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	// a "word:word" the conversation itself says is content, however a
	// strategy cases it ("CS:GO" rendered "cs:go")
	said := map[string]bool{}
	docs, err := store.ScenarioDocs()
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range docs {
		for _, ss := range d.Sessions {
			for _, tu := range ss.Turns {
				for _, m := range layoutTag.FindAllString(strings.ToLower(tu.Text), -1) {
					said["layout "+m] = true
				}
			}
		}
	}
	n, bad := 0, 0
	eachAnswer(t, store, func(label string, r results.Row) {
		n++
		var ids []string
		for _, p := range r.Provenance {
			ids = append(ids, p...)
		}
		l := layoutLeaks(r.Answer, ids, nil)
		l = slices.DeleteFunc(l, func(x string) bool { return said[x] })
		if len(l) > 0 {
			bad++
			if bad <= 50 {
				t.Errorf("%s %s: answer %q carries layout: %s", label, r.ProbeID, r.Answer, strings.Join(l, "; "))
			}
		}
	})
	t.Logf("%d answers checked, %d carry layout", n, bad)
}

// eachAnswer calls f with every probe row (task checks aside) of every
// cell of store and returns the number of cells.
func eachAnswer(t *testing.T, store *results.Store, f func(label string, r results.Row)) int {
	t.Helper()
	cells, err := store.Cells()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cells {
		rows, err := store.Rows(c.Key)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range rows {
			if !r.IsTask {
				f(c.Label, r)
			}
		}
	}
	return len(cells)
}
