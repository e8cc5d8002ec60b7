package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/memarena/memarena/internal/results"
)

// TestRejudgeCommand runs a small offline experiment, then re-scores its
// answers with an LLM judge served by an httptest server speaking the
// OpenAI chat protocol (it answers INCORRECT to everything), and checks
// the stored verdicts, the run metadata and the re-rendered report; a
// second rejudge is served from the response cache.
func TestRejudgeCommand(t *testing.T) {
	var requests atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		requests.Add(1)
		var body struct {
			Model string `json:"model"`
		}
		_ = json.NewDecoder(r.Body).Decode(&body)
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprintf(w, `{"id":"x","object":"chat.completion","created":0,"model":%q,"choices":[{"index":0,"finish_reason":"stop","message":{"role":"assistant","content":"INCORRECT"}}],"usage":{"prompt_tokens":100,"completion_tokens":1,"total_tokens":101}}`, body.Model)
	}))
	defer srv.Close()
	dir := t.TempDir()
	cfg := filepath.Join(dir, "judge.yaml")
	if err := os.WriteFile(cfg, []byte(fmt.Sprintf(`name: judge
strategies: [{name: none}]
backend:
  kind: openai
  options:
    base_url: %s/v1
    api_key_env: MEMARENA_TEST_NO_KEY
    model: judge-x
    cache: %s
    prices: {judge-x: {prompt: 1, completion: 1}}
`, srv.URL, filepath.Join(dir, "cache.db"))), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv("MEMARENA_TEST_NO_KEY", "")
	out, code := execute(t, "run", "-q", "--strategies", "none", "--scenarios", "../../runner/testdata/minimal.yaml", "--out", filepath.Join(dir, "out"))
	if code != exitOK {
		t.Fatalf("run exit %d: %s", code, out)
	}
	run := filepath.Join(dir, "out", "latest")
	out, code = execute(t, "rejudge", run, "--config", cfg, "--judge-prompt", "lenient")
	if code != exitOK {
		t.Fatalf("rejudge exit %d: %s", code, out)
	}
	// minimal.yaml has 6 probes with a gold answer or an abstention gold.
	if got := requests.Load(); got != 6 {
		t.Fatalf("judge requests = %d, want 6", got)
	}
	store, err := results.Open(filepath.Join(run, "results.db"))
	if err != nil {
		t.Fatal(err)
	}
	var meta results.RunMeta
	_ = store.GetJSON("run", &meta)
	cells, _ := store.Cells()
	rows, _ := store.Rows(cells[0].Key)
	store.Close()
	if !strings.HasPrefix(meta.Judge, "judge-x judge@") || !strings.HasSuffix(meta.Judge, " lenient verdict-parser@2") || meta.Models["judge"] != "judge-x" {
		t.Fatalf("meta judge %q models %v", meta.Judge, meta.Models)
	}
	judged := 0
	for _, r := range rows {
		if r.Judge != "" {
			judged++
			if r.Judge != "incorrect" || r.JudgeBy != meta.Judge || r.JudgePromptTokens != 100 {
				t.Fatalf("row %+v", r)
			}
		}
	}
	if judged != 6 {
		t.Fatalf("judged rows = %d", judged)
	}
	md, _ := os.ReadFile(filepath.Join(run, "report.md"))
	for _, want := range []string{"- Judge: `" + meta.Judge + "`", "## LLM judge (harness overhead)", "| none     | 6      | 0       | 6         | 0            | 0.000     | 600              | 6                    | $0.000606 |"} {
		if !strings.Contains(string(md), want) {
			t.Errorf("report lacks %q:\n%s", want, md)
		}
	}
	if strings.Contains(string(md), "## Model tokens and dollar cost") {
		t.Error("an offline run judged afterwards has no strategy dollar cost")
	}
	// The same rejudge again: every verdict from the cache.
	if _, code = execute(t, "rejudge", run, "--config", cfg, "--judge-prompt", "lenient"); code != exitOK || requests.Load() != 6 {
		t.Fatalf("second rejudge: exit %d, requests %d", code, requests.Load())
	}
	// Without a judge-capable backend, rejudge is a usage error.
	if _, code = execute(t, "rejudge", run); code != exitUsage {
		t.Fatalf("rejudge with the run's offline backend: exit %d", code)
	}
}
