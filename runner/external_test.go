package runner

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/memarena/memarena/internal/results"
	"github.com/memarena/memarena/reports"
	"github.com/memarena/memarena/strategies/external/adaptertest"
)

func TestMain(m *testing.M) {
	adaptertest.MaybeServe()
	os.Exit(m.Run())
}

func externalEntry(label, mode string) StrategyConfig {
	return StrategyConfig{Name: "external", Label: label, Params: map[string]any{"command": adaptertest.Command(mode), "timeout": "20s"}}
}

// TestExternalStrategy runs external memories through the runner beside a
// built-in one: usage is read from their replies or marked "not reported"
// in every report; unknown provenance is dropped and counted; a memory
// that dies fails its cell with its message, its stderr in the cell's log.
func TestExternalStrategy(t *testing.T) {
	cfg := testConfig(t, StrategyConfig{Name: "recency"}, externalEntry("ext-ok", adaptertest.OK), externalEntry("ext-usage", adaptertest.Usage),
		externalEntry("ext-unknown-ids", adaptertest.UnknownIDs), externalEntry("ext-exit", adaptertest.Exit))
	res, err := Execute(context.Background(), cfg, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Outcome.Failed) != 1 {
		t.Fatalf("failed cells = %+v; want ext-exit only", res.Outcome.Failed)
	}
	f := res.Outcome.Failed[0]
	logPath := filepath.Join(res.Dir, "logs", "ext-exit_minimal_1.log")
	want := `ingest s1-t3: ingest (turn s1-t3, request 6): the process exited (exit status 3); stderr ends: "adaptertest: simulated crash on the third ingest" (cell log: ` + logPath + `)`
	if f.Key != "ext-exit|minimal|1" || f.Err.Error() != want {
		t.Fatalf("failure %s: %v\nwant %s", f.Key, f.Err, want)
	}
	if b, _ := os.ReadFile(logPath); string(b) != "adaptertest: simulated crash on the third ingest\n" {
		t.Fatalf("cell log = %q", b)
	}

	store, err := results.Open(res.DB)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	cells, _ := store.Cells()
	byLabel := map[string]results.Cell{}
	for _, c := range cells {
		byLabel[c.Label] = c
	}
	ok, usage, unk := byLabel["ext-ok"], byLabel["ext-usage"], byLabel["ext-unknown-ids"]
	if !ok.UsageNotReported || ok.WritePromptTokens != 0 || ok.ProvenanceErrors != 0 || ok.FootprintItems != ok.Turns {
		t.Errorf("ext-ok cell = %+v", ok)
	}
	if usage.UsageNotReported || usage.WritePromptTokens != 7*usage.Turns || usage.WriteCompletionTokens != 3*usage.Turns || usage.WriteRequests != usage.Turns {
		t.Errorf("ext-usage cell = %+v; want 7+3 tokens and one request per turn", usage)
	}
	if byLabel["recency"].UsageNotReported {
		t.Error("a built-in strategy marked not reported")
	}
	rows, _ := store.Rows(usage.Key)
	for _, r := range rows {
		if r.ReadModelTokens != 6 {
			t.Errorf("ext-usage %s: read-model tokens %d, want 5+1", r.ProbeID, r.ReadModelTokens)
		}
	}
	// The unknown id is dropped: provenance and recall equal the
	// conformant memory's, and each dropped id is counted and logged.
	okRows, _ := store.Rows(ok.Key)
	unkRows, _ := store.Rows(unk.Key)
	items := 0
	for i := range okRows {
		items += unkRows[i].Items
		if a, b := okRows[i].Provenance, unkRows[i].Provenance; !equalJSON(a, b) || okRows[i].Scores.RecallAtK != unkRows[i].Scores.RecallAtK {
			t.Errorf("%s: provenance %v vs %v", okRows[i].ProbeID, a, b)
		}
	}
	if items == 0 || unk.ProvenanceErrors != items {
		t.Errorf("provenance errors = %d; want one per returned item (%d)", unk.ProvenanceErrors, items)
	}
	if b, _ := os.ReadFile(filepath.Join(res.Dir, "logs", "ext-unknown-ids_minimal_1.log")); strings.Count(string(b), `names turn "t-404", which was not ingested in this cell before the query`) != items {
		t.Errorf("unknown-ids log:\n%s", b)
	}

	md, _ := os.ReadFile(filepath.Join(res.Dir, reports.FileMarkdown))
	row := regexp.MustCompile(`\| ext-ok +\| not reported +\| not reported +\| not reported +\| 0 +\| 0 +\| 0 +\| [0-9.]+ +\| not reported +\| [0-9.]+ +\| not reported +\|`)
	if !row.Match(md) {
		t.Error("report.md: the cost row of ext-ok does not say not reported")
	}
	for _, want := range []string{
		"Write, read-model and total tokens of ext-ok, ext-unknown-ids are **not reported**",
		"**Provenance errors**",
		"ext-unknown-ids " + strings.TrimSpace(jsonString(unk.ProvenanceErrors)),
	} {
		if !strings.Contains(string(md), want) {
			i := strings.Index(string(md), "## Token cost")
			t.Errorf("report.md lacks %q:\n%s", want, string(md)[i:min(len(md), i+3000)])
		}
	}
	var rep struct {
		Cells []struct {
			Strategy    string `json:"strategy"`
			WriteTokens *int   `json:"write_tokens"`
			Usage       string `json:"usage"`
			Provenance  int    `json:"provenance_errors"`
		} `json:"cells"`
	}
	b, _ := os.ReadFile(filepath.Join(res.Dir, reports.FileJSON))
	if err := json.Unmarshal(b, &rep); err != nil {
		t.Fatal(err)
	}
	for _, c := range rep.Cells {
		notReported := c.Strategy == "ext-ok" || c.Strategy == "ext-unknown-ids"
		if (c.Usage == "not reported") != notReported || (c.WriteTokens == nil) != notReported {
			t.Errorf("report.json cell %s: usage %q, write_tokens %v", c.Strategy, c.Usage, c.WriteTokens)
		}
	}
	fcsv, _ := os.Open(filepath.Join(res.Dir, reports.FileProbes))
	recs, _ := csv.NewReader(fcsv).ReadAll()
	fcsv.Close()
	col := -1
	for i, h := range recs[0] {
		if h == "read_model_tokens" {
			col = i
		}
	}
	for _, r := range recs[1:] {
		if (r[col] == "not reported") != (r[0] == "ext-ok" || r[0] == "ext-unknown-ids") {
			t.Errorf("probes.csv %s: read_model_tokens %q", r[0], r[col])
		}
	}
}

func equalJSON(a, b any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return string(x) == string(y)
}

func jsonString(v any) string { b, _ := json.Marshal(v); return string(b) }
