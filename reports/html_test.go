package reports

import (
	"bytes"
	"compress/gzip"
	"encoding/base64"
	"encoding/json"
	"io"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/memarena/memarena/internal/results"
	"github.com/memarena/memarena/metrics"
)

func TestOutcome(t *testing.T) {
	cases := []struct {
		name string
		r    results.Row
		want int
	}{
		{"gold answer contained", results.Row{Answer: "chi", Scores: metrics.Scores{FactAccuracy: metrics.Of(1)}}, OutcomeCorrect},
		{"partial facts", results.Row{Answer: "chi", Scores: metrics.Scores{FactAccuracy: metrics.Of(0.5)}}, OutcomeWrong},
		{"declined with an answer", results.Row{Answer: "not mentioned", Scores: metrics.Scores{FactAccuracy: metrics.Of(0)}}, OutcomeAbstained},
		{"declined on abstention", results.Row{Answer: "not mentioned", Scores: metrics.Scores{AbstentionAcc: metrics.Of(1)}}, OutcomeCorrect},
		{"answered on abstention", results.Row{Answer: "Paris", Scores: metrics.Scores{AbstentionAcc: metrics.Of(0)}}, OutcomeWrong},
		{"stale value", results.Row{Answer: "Porto", Scores: metrics.Scores{FactAccuracy: metrics.Of(0), StaleFactRate: metrics.Of(1)}}, OutcomeStale},
		{"judge overrides containment", results.Row{Answer: "chi", JudgeCorrect: metrics.Of(0), Scores: metrics.Scores{FactAccuracy: metrics.Of(1)}}, OutcomeWrong},
		{"judge correct", results.Row{Answer: "the chi router", JudgeCorrect: metrics.Of(1), Scores: metrics.Scores{FactAccuracy: metrics.Of(0)}}, OutcomeCorrect},
		{"task passed", results.Row{IsTask: true, TaskSuccess: metrics.Of(1)}, OutcomeCorrect},
		{"task failed", results.Row{IsTask: true, TaskSuccess: metrics.Of(0)}, OutcomeWrong},
		{"nothing to score", results.Row{Answer: "x"}, OutcomeUnscored},
	}
	for _, c := range cases {
		if got := outcome(c.r); got != c.want {
			t.Errorf("%s: outcome = %d, want %d", c.name, got, c.want)
		}
	}
}

func TestParetoFrontier(t *testing.T) {
	pts := []chartPoint{
		{Label: "cheap-bad", X: 10, Y: 0.1},
		{Label: "mid", X: 100, Y: 0.5},
		{Label: "dominated", X: 200, Y: 0.4},
		{Label: "tie-cost-worse", X: 100, Y: 0.3},
		{Label: "dear-best", X: 1000, Y: 0.6},
		{Label: "oracle", X: 5, Y: 0.9, Gold: true},
	}
	paretoFrontier(pts)
	var got []string
	for _, p := range pts {
		if p.Frontier {
			got = append(got, p.Label)
		}
	}
	if want := []string{"cheap-bad", "mid", "dear-best"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("frontier = %v, want %v", got, want)
	}
}

func TestEncodeTrace(t *testing.T) {
	texts := []string{"I moved to Lisbon in May.", "Nice — enjoy the pastéis!", "ok"}
	turnIdx := map[string]int{"s1:t1": 0, "s1:t2": 1, "s1:t3": 2}
	ctx := "[s1:t2] Nice — enjoy the pastéis!\n[s1:t1] I moved to Lisbon in May.\nfact: Ana lives in Lisbon"
	tr := &results.Trace{Context: ctx, Items: []results.TraceItem{
		{ID: "a", Text: "[s1:t2] Nice — enjoy the pastéis!", Score: 0.9, Kind: "turn", TurnIDs: []string{"s1:t2"}},
		{ID: "b", Text: "[s1:t1] I moved to Lisbon in May.", Score: 0.8, Kind: "turn", TurnIDs: []string{"s1:t1"}},
		{ID: "c", Text: "fact: Ana lives in Lisbon", Score: 0.7, Kind: "fact", TurnIDs: []string{"s1:t1"}},
		{ID: "d", Text: "not in the context", Kind: "fact"},
	}}
	x := encodeTrace(tr, turnIdx, texts, []string{"s1:t1"})
	wantC := []any{"[s1:t2] ", 1, "\n[s1:t1] ", 0, "\nfact: Ana lives in Lisbon"}
	if !reflect.DeepEqual(x.C, wantC) {
		t.Fatalf("pieces = %#v, want %#v", x.C, wantC)
	}
	// UTF-16 offsets: "[s1:t2] Nice — enjoy the pastéis!\n" is 34 units,
	// "[s1:t1] " 8 more, the evidence turn 25 units.
	wantH := [][3]int{{34, 67, 1}, {42, 67, 0}, {68, 93, 1}}
	if !reflect.DeepEqual(x.H, wantH) {
		t.Fatalf("highlights = %v, want %v", x.H, wantH)
	}
	if x.I[0].At == nil || *x.I[0].At != [2]int{0, 33} || x.I[3].At != nil || x.I[3].X != "not in the context" {
		t.Fatalf("items = %+v", x.I)
	}
	// Joining the pieces gives the context back.
	var b strings.Builder
	for _, c := range x.C {
		switch v := c.(type) {
		case string:
			b.WriteString(v)
		case int:
			b.WriteString(texts[v])
		}
	}
	if b.String() != ctx {
		t.Fatalf("joined = %q, want %q", b.String(), ctx)
	}
}

// decodeBlob reads one embedded blob of a page as JSON.
func decodeBlob(t *testing.T, page []byte, id string, v any) {
	t.Helper()
	m := regexp.MustCompile(`<script type="application/octet-stream" id="` + id + `">([^<]*)</script>`).FindSubmatch(page)
	if m == nil {
		t.Fatalf("no blob %s", id)
	}
	raw, err := base64.StdEncoding.DecodeString(string(m[1]))
	if err != nil {
		t.Fatalf("blob %s: %v", id, err)
	}
	zr, err := gzip.NewReader(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	js, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(js, v); err != nil {
		t.Fatal(err)
	}
}

func TestHTMLSelfContained(t *testing.T) {
	d := testData()
	d.Rows["a|s|1"][0].ProbeID, d.Rows["a|s|1"][1].ProbeID = "p1", "p2"
	d.Rows["b|s|1"][0].ProbeID, d.Rows["b|s|1"][1].ProbeID = "p1", "p2"
	d.Rows["a|s|1"][0].Answer = "a+b/c" // base64-like characters must survive
	page, err := d.HTML()
	if err != nil {
		t.Fatal(err)
	}
	again, err := d.HTML()
	if err != nil || !bytes.Equal(page, again) {
		t.Fatalf("HTML is not deterministic (err %v)", err)
	}
	for _, bad := range []string{`src="http`, `href="http`, `url(http`, `@import`, `fetch(`, `XMLHttpRequest`} {
		if bytes.Contains(page, []byte(bad)) {
			t.Errorf("report.html contains %q", bad)
		}
	}
	var idx xIndex
	decodeBlob(t, page, "index", &idx)
	if len(idx.Probes) != 2 || len(idx.Results) != 4 || idx.Traces {
		t.Fatalf("index: %d probes, %d results, traces %v; want 2, 4, false", len(idx.Probes), len(idx.Results), idx.Traces)
	}
	if r := idx.Results[0]; r.A != "a+b/c" || r.M[metrics.AnswerF1] != 1 || r.T != -1 {
		t.Fatalf("first result = %+v", r)
	}
	if !strings.Contains(string(page), "no stored contexts") {
		t.Errorf("a run without traces does not say so")
	}
}
