package openai

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/memarena/memarena/internal/backends"
	"github.com/memarena/memarena/internal/judge"
	"github.com/memarena/memarena/internal/model"
	"github.com/memarena/memarena/internal/tokenizer"
)

func TestParseOptionsDefaults(t *testing.T) {
	o, err := ParseOptions(map[string]any{"model": "m"})
	if err != nil {
		t.Fatal(err)
	}
	if o.APIKeyEnv != "OPENAI_API_KEY" || o.Models != (Models{Extractor: "m", Reader: "m", Judge: "m"}) || o.MaxTokens != 512 ||
		o.JSONMode != JSONSchemaMode || o.JudgePrompt != JudgeStrict || *o.JudgeRetries != 2 || o.Concurrency != 4 ||
		*o.MaxRetries != 5 || time.Duration(o.Timeout) != time.Minute || time.Duration(o.BackoffBase) != 500*time.Millisecond ||
		time.Duration(o.BackoffMax) != time.Minute || o.EmbedBatch != 64 || o.Cache != DefaultCachePath || o.Endpoint() != DefaultBaseURL {
		t.Fatalf("defaults = %+v", o)
	}
	o, err = ParseOptions(map[string]any{"model": "m", "max_retries": 0, "judge_retries": 0, "timeout": 2.5, "models": map[string]any{"judge": "none"}})
	if err != nil {
		t.Fatal(err)
	}
	if *o.MaxRetries != 0 || *o.JudgeRetries != 0 || time.Duration(o.Timeout) != 2500*time.Millisecond || o.JudgeEnabled() {
		t.Fatalf("explicit zeros = %+v", o)
	}
}

func TestParseOptionsErrorsNameTheField(t *testing.T) {
	for _, tc := range []struct {
		opts map[string]any
		want string
	}{
		{map[string]any{"model": "m", "temprature": 0.5}, `backend.options: unknown field "temprature"; known: base_url, api_key_env, model,`},
		{map[string]any{"model": "m", "temperature": "hot"}, "backend.options: temperature: got a string, want a number"},
		{map[string]any{"model": "m", "timeout": "soon"}, `backend.options: timeout: "soon" is not a duration like "30s" or "500ms"`},
		{map[string]any{}, "backend.options.model: required (the default model of every role), or set models.extractor and models.reader"},
		{map[string]any{"model": "m", "temperature": 3}, "backend.options.temperature: 3; want a value in [0, 2]"},
		{map[string]any{"model": "m", "json_mode": "xml"}, `backend.options.json_mode: "xml"; want json_schema, json_object or prompt`},
		{map[string]any{"model": "m", "judge_prompt": "kind"}, `backend.options.judge_prompt: "kind"; want strict or lenient`},
		{map[string]any{"model": "m", "base_url": "localhost:8080"}, `backend.options.base_url: "localhost:8080" is not an http(s) URL`},
		{map[string]any{"model": "m", "concurrency": 0.5}, "backend.options: concurrency: got a number 0.5, want an integer"},
		{map[string]any{"model": "m", "max_retries": -1}, "backend.options.max_retries: -1; want a value in [0, 20]"},
		{map[string]any{"model": "m", "backoff_base": "2s", "backoff_max": "1s"}, "backend.options.backoff_max: 1s; want ≥ backoff_base (2s)"},
		{map[string]any{"model": "m", "prices": map[string]any{"m": map[string]any{"prompt": -1}}}, "backend.options.prices.m.prompt: -1 dollars per 1M tokens; want a finite value ≥ 0"},
	} {
		_, err := ParseOptions(tc.opts)
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("ParseOptions(%v) = %v; want prefix %q", tc.opts, err, tc.want)
		}
	}
}

func TestBackendFallsBackToOfflineWithoutKeyOrBaseURL(t *testing.T) {
	t.Setenv("MEMARENA_TEST_UNSET_KEY", "")
	b, err := backends.New(Kind, map[string]any{"model": "gpt-4o-mini", "api_key_env": "MEMARENA_TEST_UNSET_KEY"}, tokenizer.MustDefault(), 128)
	if err != nil {
		t.Fatal(err)
	}
	if !b.Offline || b.Client.Name() != "offline" || b.Judge != nil || b.Embedder.Name() != "hashing-ngram-128" {
		t.Fatalf("backend = %+v", b)
	}
	want := "offline — fallback: backend openai is configured but has no base_url and $MEMARENA_TEST_UNSET_KEY is unset; offline ("
	if !strings.HasPrefix(b.Description, want) {
		t.Fatalf("description = %q", b.Description)
	}
}

func TestBackendWithEndpoint(t *testing.T) {
	f := newFakeOpenAI(t)
	t.Setenv(testKeyEnv, testKey)
	opts := map[string]any{"base_url": f.URL(), "api_key_env": testKeyEnv, "model": "chat-m", "judge_prompt": "lenient", "judge_retries": 1,
		"models":  map[string]any{"judge": "judge-m", "embedder": "emb-m"},
		"prices":  map[string]any{"chat-m": map[string]any{"prompt": 0.15, "completion": 0.6}},
		"cache":   filepath.Join(t.TempDir(), "c.db"),
		"timeout": "5s"}
	b, err := backends.New(Kind, opts, tokenizer.MustDefault(), 512)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if b.Offline || b.Embedder.Name() != "openai:emb-m-4d" || b.Embedder.Dim() != 4 {
		t.Fatalf("backend = %+v", b)
	}
	if *b.Judge != (judge.Config{Model: "judge-m", Variant: "lenient", Retries: 1}) {
		t.Fatalf("judge = %+v", b.Judge)
	}
	if b.Models["extractor"] != "chat-m" || b.Models["reader"] != "chat-m" || b.Models["judge"] != "judge-m" || b.Models["embedder"] != "emb-m" || len(b.Models) != 4 {
		t.Fatalf("models = %v", b.Models)
	}
	if p := b.Prices["chat-m"]; p.Prompt != 0.15 || p.Completion != 0.6 {
		t.Fatalf("prices = %v", b.Prices)
	}
	if strings.Contains(b.Description, testKey) || !strings.Contains(b.Description, "judge judge-m (lenient)") {
		t.Fatalf("description = %q", b.Description)
	}
	if b.Client.Name() != "openai:extractor=chat-m,reader=chat-m,judge=judge-m@"+f.URL() {
		t.Fatalf("name = %q", b.Client.Name())
	}
}

func TestBackendEmbedderFailureNamesField(t *testing.T) {
	f := newFakeOpenAI(t)
	t.Setenv(testKeyEnv, testKey)
	_, err := backends.New(Kind, map[string]any{"base_url": f.URL() + "/missing", "api_key_env": testKeyEnv, "model": "m",
		"models": map[string]any{"embedder": "emb-m"}, "cache": CacheOff, "max_retries": 0}, tokenizer.MustDefault(), 512)
	if err == nil || !strings.HasPrefix(err.Error(), "backend.options.models.embedder: embedder emb-m: probing the dimension: embedder emb-m: HTTP 404 Not Found") {
		t.Fatalf("err = %v", err)
	}
}

// TestJudgeThroughEndpoint runs the LLM judge against the fake server: an
// unreadable verdict gets one repair request, and a judge that never
// answers readably ends judge_failed after its retries.
func TestJudgeThroughEndpoint(t *testing.T) {
	f := newFakeOpenAI(t)
	f.chat = func(n int, b chatBody) reply {
		if n == 0 {
			return reply{content: "Hmm, hard to say.", prompt: 90, comp: 5}
		}
		return reply{content: "NOT CORRECT", prompt: 100, comp: 2}
	}
	c, _ := newTestClient(t, testOptions(t, f, map[string]any{"models": map[string]any{"judge": "judge-m"}}))
	j, err := judge.New(c, judge.Config{Model: "judge-m", Variant: judge.Strict, Retries: 2})
	if err != nil {
		t.Fatal(err)
	}
	r, err := j.Grade(context.Background(), judge.Item{Question: "Which router?", Gold: []string{"chi"}, Answer: "gorilla/mux"})
	if err != nil {
		t.Fatal(err)
	}
	if r.Verdict != judge.Incorrect || r.Attempts != 1 || r.Usage != (model.Usage{PromptTokens: 190, CompletionTokens: 7, Requests: 1}) {
		t.Fatalf("result = %+v", r)
	}
	chats := f.Chats()
	if len(chats) != 2 || chats[0].Model != "judge-m" || !strings.HasPrefix(chats[1].Messages[3].Content, "Your previous reply could not be used: unreadable verdict: no CORRECT or INCORRECT") {
		t.Fatalf("chats = %+v", chats)
	}

	f2 := newFakeOpenAI(t)
	f2.chat = func(int, chatBody) reply { return reply{content: "It depends.", prompt: 10, comp: 3} }
	c2, _ := newTestClient(t, testOptions(t, f2, map[string]any{"models": map[string]any{"judge": "judge-m"}}))
	j2, _ := judge.New(c2, judge.Config{Model: "judge-m", Variant: judge.Strict, Retries: 1})
	r, err = j2.Grade(context.Background(), judge.Item{Question: "q", Gold: []string{"a"}, Answer: "a"})
	if err != nil {
		t.Fatal(err)
	}
	if r.Verdict != judge.Failed || r.Attempts != 2 || f2.Requests() != 4 || r.Usage != (model.Usage{PromptTokens: 40, CompletionTokens: 12, Requests: 2}) {
		t.Fatalf("result = %+v, requests %d", r, f2.Requests())
	}
	// Regrading with the same cache reproduces judge_failed with zero requests.
	r, err = j2.Grade(context.Background(), judge.Item{Question: "q", Gold: []string{"a"}, Answer: "a"})
	if err != nil || r.Verdict != judge.Failed || f2.Requests() != 4 || r.Usage.CacheHits != 2 {
		t.Fatalf("regrade = %+v, %v, requests %d", r, err, f2.Requests())
	}
}

// TestJudgeAmbiguousVerdictsFailThroughEndpoint: a reply with a negated
// label or with both labels gets the repair request (carrying the parse
// error), and a judge that keeps replying so ends judge_failed — never a
// guessed verdict.
func TestJudgeAmbiguousVerdictsFailThroughEndpoint(t *testing.T) {
	for _, tc := range []struct{ reply, cause string }{
		{"not incorrect", `negated "INCORRECT"`},
		{"The answer is not wrong.", `negated "WRONG"`},
		{"never incorrect", `negated "INCORRECT"`},
		{"INCORRECT? No. CORRECT.", `"incorrect" asked as a question`},
		{"Correct? No.", `"correct" asked as a question`},
		{"CORRECT or INCORRECT", "both verdicts"},
	} {
		f := newFakeOpenAI(t)
		f.chat = func(int, chatBody) reply { return reply{content: tc.reply, prompt: 10, comp: 3} }
		c, _ := newTestClient(t, testOptions(t, f, map[string]any{"models": map[string]any{"judge": "judge-m"}}))
		j, _ := judge.New(c, judge.Config{Model: "judge-m", Variant: judge.Strict, Retries: 1})
		r, err := j.Grade(context.Background(), judge.Item{Question: "q", Gold: []string{"a"}, Answer: "a"})
		if err != nil {
			t.Fatal(err)
		}
		if r.Verdict != judge.Failed || r.Attempts != 2 || f.Requests() != 4 {
			t.Errorf("%q: result %+v, requests %d; want judge_failed after 2 attempts with a repair each", tc.reply, r, f.Requests())
			continue
		}
		chats := f.Chats()
		if repair := chats[1].Messages[3].Content; !strings.Contains(repair, "unreadable verdict: "+tc.cause) {
			t.Errorf("%q: repair message %q does not carry %q", tc.reply, repair, tc.cause)
		}
	}
}
