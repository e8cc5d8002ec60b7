package openai

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/memarena/memarena/internal/model"
	"github.com/memarena/memarena/internal/tokenizer"
)

const (
	testKeyEnv = "MEMARENA_TEST_OPENAI_KEY"
	testKey    = "sk-test-SECRET-0123456789"
)

// sleepLog records the waits between attempts instead of sleeping.
type sleepLog struct {
	mu sync.Mutex
	d  []time.Duration
}

func (s *sleepLog) sleep(ctx context.Context, d time.Duration) error {
	s.mu.Lock()
	s.d = append(s.d, d)
	s.mu.Unlock()
	return ctx.Err()
}

func (s *sleepLog) waits() []time.Duration {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]time.Duration(nil), s.d...)
}

func testOptions(t *testing.T, f *fakeOpenAI, extra map[string]any) Options {
	t.Helper()
	t.Setenv(testKeyEnv, testKey)
	raw := map[string]any{"base_url": f.URL(), "api_key_env": testKeyEnv, "model": "test-model", "seed": 7,
		"cache": filepath.Join(t.TempDir(), "cache.db"), "max_retries": 3, "backoff_base": "100ms", "backoff_max": "10s", "timeout": "5s"}
	for k, v := range extra {
		raw[k] = v
	}
	o, err := ParseOptions(raw)
	if err != nil {
		t.Fatal(err)
	}
	return o
}

func newTestClient(t *testing.T, o Options) (*Client, *sleepLog) {
	t.Helper()
	var cache *Cache
	if o.Cache != CacheOff {
		var err error
		if cache, err = OpenCache(o.Cache); err != nil {
			t.Fatal(err)
		}
	}
	c := NewClient(o, tokenizer.MustDefault(), cache)
	log := &sleepLog{}
	c.sleep = log.sleep
	t.Cleanup(func() { c.Close() })
	return c, log
}

func answerReq(q string) model.Request {
	return model.Request{Kind: model.KindAnswer, Role: model.RoleReader, Input: model.AnswerInput{
		Context: "[2026-03-01] Dana: we picked chi for the router.", Question: q, AskedAt: "2026-03-02 10:00"}}
}

func summaryReq() model.Request {
	return model.Request{Kind: model.KindSummarize, Role: model.RoleExtractor, Input: model.SummarizeInput{
		MaxWords: 50, SessionID: "s1", Date: "2026-03-02", Lines: []string{"user: we picked chi"}}}
}

// summary is the JSON reply type of the structured-output tests.
type summary struct {
	Summary string   `json:"summary"`
	Facts   []string `json:"facts"`
}

func TestCompleteSuccess(t *testing.T) {
	f := newFakeOpenAI(t)
	f.chat = func(int, chatBody) reply { return reply{content: "chi", prompt: 42, comp: 3} }
	c, log := newTestClient(t, testOptions(t, f, nil))
	m := model.NewMeter(c)
	req := answerReq("Which router?")
	resp, err := m.Complete(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	want := model.Response{Text: "chi", Model: "test-model", Usage: model.Usage{PromptTokens: 42, CompletionTokens: 3, Requests: 1}}
	if !reflect.DeepEqual(resp, want) {
		t.Fatalf("resp = %+v, want %+v", resp, want)
	}
	if got := m.Total(); got != want.Usage {
		t.Fatalf("meter = %+v", got)
	}
	chats := f.Chats()
	if len(chats) != 1 || len(log.waits()) != 0 {
		t.Fatalf("requests = %d, waits = %v", len(chats), log.waits())
	}
	b := chats[0]
	p, _ := model.Render(req)
	if b.Model != "test-model" || *b.Temperature != 0 || *b.Seed != 7 || *b.MaxTokens != 512 || len(b.ResponseFormat) != 0 {
		t.Fatalf("body = %+v", b)
	}
	if len(b.Messages) != 2 || b.Messages[0].Role != "system" || b.Messages[0].Content != p.System || b.Messages[1].Role != "user" || b.Messages[1].Content != p.User {
		t.Fatalf("messages = %+v", b.Messages)
	}
	if f.auth[0] != "Bearer "+testKey {
		t.Fatalf("Authorization = %q", f.auth[0])
	}
	if c.Name() != "openai:test-model@"+f.URL() {
		t.Fatalf("Name = %q", c.Name())
	}
}

func TestStructuredOutputSchemaAndRepair(t *testing.T) {
	f := newFakeOpenAI(t)
	f.chat = func(n int, b chatBody) reply {
		if n == 0 {
			return reply{content: "Sure! {\"summary\": \"chi\", \"facts\": oops", prompt: 50, comp: 9}
		}
		return reply{content: "```json\n{\"summary\": \"picked chi\", \"facts\": [\"router: chi\"]}\n```", prompt: 80, comp: 12}
	}
	c, _ := newTestClient(t, testOptions(t, f, nil))
	m := model.NewMeter(c)
	got, err := model.CallJSON[summary](context.Background(), m, summaryReq())
	if err != nil {
		t.Fatal(err)
	}
	if got.Summary != "picked chi" || !reflect.DeepEqual(got.Facts, []string{"router: chi"}) {
		t.Fatalf("got %+v", got)
	}
	if u := m.Total(); u != (model.Usage{PromptTokens: 130, CompletionTokens: 21, Requests: 1}) {
		t.Fatalf("usage = %+v", u)
	}
	chats := f.Chats()
	if len(chats) != 2 {
		t.Fatalf("requests = %d, want 2 (one repair)", len(chats))
	}
	// The structured-output format carries T's strict schema.
	var rf struct {
		Type       string `json:"type"`
		JSONSchema struct {
			Name   string         `json:"name"`
			Strict bool           `json:"strict"`
			Schema map[string]any `json:"schema"`
		} `json:"json_schema"`
	}
	if err := json.Unmarshal(chats[0].ResponseFormat, &rf); err != nil {
		t.Fatal(err)
	}
	wantSchema := map[string]any{"type": "object", "additionalProperties": false, "required": []any{"summary", "facts"},
		"properties": map[string]any{"summary": map[string]any{"type": "string"}, "facts": map[string]any{"type": "array", "items": map[string]any{"type": "string"}}}}
	if rf.Type != "json_schema" || rf.JSONSchema.Name != "summary" || !rf.JSONSchema.Strict || !reflect.DeepEqual(rf.JSONSchema.Schema, wantSchema) {
		t.Fatalf("response_format = %s", chats[0].ResponseFormat)
	}
	// The repair request replays the conversation and names the parse error.
	r := chats[1]
	if len(r.Messages) != 4 || r.Messages[2].Role != "assistant" || r.Messages[2].Content != "Sure! {\"summary\": \"chi\", \"facts\": oops" ||
		r.Messages[3].Role != "user" || !strings.HasPrefix(r.Messages[3].Content, "Your previous reply could not be used: reply holds an unterminated JSON value: \"Sure!") {
		t.Fatalf("repair messages = %+v", r.Messages)
	}
	if s := c.Stats(); s.Repairs != 1 || s.HTTPRequests != 2 || s.Failures != 0 {
		t.Fatalf("stats = %+v", s)
	}
}

func TestJSONModes(t *testing.T) {
	for _, tc := range []struct{ mode, want string }{{JSONObjectMode, `{"type":"json_object"}`}, {PromptMode, ``}} {
		f := newFakeOpenAI(t)
		f.chat = func(int, chatBody) reply { return reply{content: `{"summary":"x","facts":[]}`} }
		c, _ := newTestClient(t, testOptions(t, f, map[string]any{"json_mode": tc.mode}))
		if _, err := model.CallJSON[summary](context.Background(), c, summaryReq()); err != nil {
			t.Fatal(err)
		}
		if got := string(f.Chats()[0].ResponseFormat); got != tc.want {
			t.Errorf("json_mode %s: response_format = %s, want %s", tc.mode, got, tc.want)
		}
	}
}

func TestStillMalformedIsExtractionFailureAndCached(t *testing.T) {
	f := newFakeOpenAI(t)
	f.chat = func(int, chatBody) reply { return reply{content: "no json at all", prompt: 30, comp: 4} }
	o := testOptions(t, f, nil)
	c, _ := newTestClient(t, o)
	m := model.NewMeter(c)
	_, err := model.CallJSON[summary](context.Background(), m, summaryReq())
	var fe *model.FailedError
	if !errors.As(err, &fe) || !errors.Is(err, model.ErrFailed) || fe.Kind != model.KindSummarize {
		t.Fatalf("err = %v", err)
	}
	if !strings.Contains(err.Error(), "reply still invalid after one repair: reply holds no JSON object") {
		t.Fatalf("err = %v", err)
	}
	if u := m.Total(); u != (model.Usage{PromptTokens: 60, CompletionTokens: 8, Requests: 1, Failures: 1}) {
		t.Fatalf("usage = %+v", u)
	}
	if f.Requests() != 2 {
		t.Fatalf("requests = %d", f.Requests())
	}
	// A rerun reproduces the failure from the cache without a request.
	c2, _ := newTestClient(t, o)
	m2 := model.NewMeter(c2)
	_, err = model.CallJSON[summary](context.Background(), m2, summaryReq())
	if !errors.Is(err, model.ErrFailed) || f.Requests() != 2 {
		t.Fatalf("rerun: err = %v, requests = %d", err, f.Requests())
	}
	if u := m2.Total(); u != (model.Usage{PromptTokens: 60, CompletionTokens: 8, Requests: 1, CacheHits: 1, Failures: 1}) {
		t.Fatalf("rerun usage = %+v", u)
	}
}

func TestRetryAfterIsHonored(t *testing.T) {
	f := newFakeOpenAI(t)
	f.chat = func(n int, _ chatBody) reply {
		switch n {
		case 0:
			return reply{status: 429, header: map[string]string{"Retry-After": "2"}}
		case 1:
			return reply{status: 429, header: map[string]string{"Retry-After-Ms": "1500", "Retry-After": "9"}}
		}
		return reply{content: "chi"}
	}
	c, log := newTestClient(t, testOptions(t, f, nil))
	resp, err := c.Complete(context.Background(), answerReq("q"))
	if err != nil || resp.Text != "chi" {
		t.Fatalf("resp = %+v, err = %v", resp, err)
	}
	if got, want := log.waits(), []time.Duration{2 * time.Second, 1500 * time.Millisecond}; !reflect.DeepEqual(got, want) {
		t.Fatalf("waits = %v, want %v", got, want)
	}
	if s := c.Stats(); s.HTTPRequests != 3 || s.Retries != 2 {
		t.Fatalf("stats = %+v", s)
	}
}

func TestRetryAfterLongerThanBackoffMaxFails(t *testing.T) {
	f := newFakeOpenAI(t)
	f.chat = func(int, chatBody) reply { return reply{status: 429, header: map[string]string{"Retry-After": "3600"}} }
	c, log := newTestClient(t, testOptions(t, f, nil))
	_, err := c.Complete(context.Background(), answerReq("q"))
	if !errors.Is(err, model.ErrFailed) || !strings.Contains(err.Error(), "HTTP 429 Too Many Requests: scripted failure; the server asked to retry after 1h0m0s, more than backoff_max 10s") {
		t.Fatalf("err = %v", err)
	}
	if f.Requests() != 1 || len(log.waits()) != 0 {
		t.Fatalf("requests = %d waits = %v", f.Requests(), log.waits())
	}
}

func TestServerErrorThenSuccessBacksOff(t *testing.T) {
	f := newFakeOpenAI(t)
	f.chat = func(n int, _ chatBody) reply {
		switch n {
		case 0:
			return reply{status: 500}
		case 1: // vLLM-style error body, no "error" object
			return reply{status: 503, body: `{"object":"error","message":"engine overloaded"}`}
		}
		return reply{content: "chi", prompt: 5, comp: 1}
	}
	o := testOptions(t, f, nil)
	c, log := newTestClient(t, o)
	req := answerReq("q")
	resp, err := c.Complete(context.Background(), req)
	if err != nil || resp.Text != "chi" || resp.Usage != (model.Usage{PromptTokens: 5, CompletionTokens: 1, Requests: 1}) {
		t.Fatalf("resp = %+v, err = %v", resp, err)
	}
	p, _ := model.Render(req)
	key := c.chatKey("test-model", c.formatFor(req), p, 0)
	w := log.waits()
	if len(w) != 2 || w[0] != c.policy.Backoff(key, 0) || w[1] != c.policy.Backoff(key, 1) {
		t.Fatalf("waits = %v", w)
	}
	// Equal jitter: attempt 0 waits in [50ms, 100ms], attempt 1 in [100ms, 200ms].
	if w[0] < 50*time.Millisecond || w[0] > 100*time.Millisecond || w[1] < 100*time.Millisecond || w[1] > 200*time.Millisecond {
		t.Fatalf("waits out of range: %v", w)
	}
}

func TestBackoffSchedule(t *testing.T) {
	p := retryPolicy{base: 100 * time.Millisecond, max: time.Second}
	key := strings.Repeat("ab", 32)
	for attempt, nominal := range []time.Duration{100, 200, 400, 800, 1000, 1000} {
		nominal *= time.Millisecond
		if attempt == 5 {
			nominal = time.Second
		}
		d := p.Backoff(key, attempt)
		if d < nominal/2 || d > nominal {
			t.Errorf("attempt %d: %v outside [%v, %v]", attempt, d, nominal/2, nominal)
		}
		if d != p.Backoff(key, attempt) {
			t.Errorf("attempt %d: backoff not reproducible", attempt)
		}
	}
	if p.Backoff(key, 0) == p.Backoff(strings.Repeat("cd", 32), 0) && p.Backoff(key, 1) == p.Backoff(strings.Repeat("cd", 32), 1) {
		t.Error("jitter does not depend on the request")
	}
}

func TestRetriesExhaustedAndNonRetryable(t *testing.T) {
	f := newFakeOpenAI(t)
	f.chat = func(int, chatBody) reply { return reply{status: 502} }
	c, log := newTestClient(t, testOptions(t, f, map[string]any{"max_retries": 2}))
	m := model.NewMeter(c)
	_, err := m.Complete(context.Background(), answerReq("q"))
	if !errors.Is(err, model.ErrFailed) || !strings.Contains(err.Error(), "HTTP 502 Bad Gateway: scripted failure (gave up after 3 attempts)") {
		t.Fatalf("err = %v", err)
	}
	if f.Requests() != 3 || len(log.waits()) != 2 || m.Total().Failures != 1 {
		t.Fatalf("requests = %d, waits = %v, usage = %+v", f.Requests(), log.waits(), m.Total())
	}

	// A 401 is not retried, and the key the server echoes is redacted.
	f2 := newFakeOpenAI(t)
	f2.chat = func(int, chatBody) reply {
		return reply{status: 401, body: `{"error":{"message":"Incorrect API key provided: ` + testKey + `. Also sk-abc123xyz.","type":"invalid_request_error"}}`}
	}
	c2, log2 := newTestClient(t, testOptions(t, f2, nil))
	_, err = c2.Complete(context.Background(), answerReq("q"))
	if !errors.Is(err, model.ErrFailed) || f2.Requests() != 1 || len(log2.waits()) != 0 {
		t.Fatalf("err = %v, requests = %d", err, f2.Requests())
	}
	if want := "answer request failed: HTTP 401 Unauthorized: Incorrect API key provided: [redacted]. Also [redacted]."; err.Error() != want {
		t.Fatalf("err = %q, want %q", err, want)
	}
}

func TestTimeoutIsRetriedThenFails(t *testing.T) {
	f := newFakeOpenAI(t)
	f.chat = func(n int, _ chatBody) reply {
		if n == 0 {
			return reply{delay: time.Minute}
		}
		return reply{content: "late but fine"}
	}
	c, log := newTestClient(t, testOptions(t, f, map[string]any{"timeout": "100ms", "max_retries": 1}))
	start := time.Now()
	resp, err := c.Complete(context.Background(), answerReq("q"))
	if err != nil || resp.Text != "late but fine" {
		t.Fatalf("resp = %+v, err = %v", resp, err)
	}
	if el := time.Since(start); el > 5*time.Second {
		t.Fatalf("timeout not enforced: %v", el)
	}
	if f.Requests() != 2 || len(log.waits()) != 1 {
		t.Fatalf("requests = %d, waits = %v", f.Requests(), log.waits())
	}

	f2 := newFakeOpenAI(t)
	f2.chat = func(int, chatBody) reply { return reply{delay: time.Minute} }
	c2, _ := newTestClient(t, testOptions(t, f2, map[string]any{"timeout": "50ms", "max_retries": 1}))
	_, err = c2.Complete(context.Background(), answerReq("q"))
	if !errors.Is(err, model.ErrFailed) || err.Error() != "answer request failed: request timed out (gave up after 2 attempts)" {
		t.Fatalf("err = %v", err)
	}
}

func TestCancellationIsNotAFailure(t *testing.T) {
	f := newFakeOpenAI(t)
	f.chat = func(int, chatBody) reply { return reply{status: 500} }
	c, _ := newTestClient(t, testOptions(t, f, nil))
	ctx, cancel := context.WithCancel(context.Background())
	c.sleep = func(context.Context, time.Duration) error { cancel(); return context.Canceled }
	m := model.NewMeter(c)
	_, err := m.Complete(ctx, answerReq("q"))
	if !errors.Is(err, context.Canceled) || errors.Is(err, model.ErrFailed) || m.Total().Failures != 0 {
		t.Fatalf("err = %v, usage = %+v", err, m.Total())
	}

	// Cancelled while the request is in flight.
	f2 := newFakeOpenAI(t)
	f2.chat = func(int, chatBody) reply { return reply{delay: time.Minute} }
	c2, _ := newTestClient(t, testOptions(t, f2, nil))
	ctx2, cancel2 := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel2()
	if _, err := c2.Complete(ctx2, answerReq("q")); !errors.Is(err, context.DeadlineExceeded) || errors.Is(err, model.ErrFailed) {
		t.Fatalf("err = %v", err)
	}
}

func TestRerunIsServedFromCacheWithZeroRequests(t *testing.T) {
	f := newFakeOpenAI(t)
	f.chat = func(n int, b chatBody) reply {
		return reply{content: "answer to " + b.Messages[1].Content[len(b.Messages[1].Content)-20:], prompt: 40 + n, comp: 5}
	}
	o := testOptions(t, f, nil)
	run := func() ([]model.Response, model.Usage) {
		c, _ := newTestClient(t, o)
		m := model.NewMeter(c)
		var out []model.Response
		for _, q := range []string{"Which router?", "Which database?", "Which router?"} {
			r, err := m.Complete(context.Background(), answerReq(q))
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, r)
		}
		return out, m.Total()
	}
	first, u1 := run()
	if f.Requests() != 2 {
		t.Fatalf("first run: %d requests, want 2 (the repeated question is a cache hit)", f.Requests())
	}
	if u1 != (model.Usage{PromptTokens: 40 + 41 + 40, CompletionTokens: 15, Requests: 3, CacheHits: 1}) {
		t.Fatalf("first usage = %+v", u1)
	}
	second, u2 := run()
	if f.Requests() != 2 {
		t.Fatalf("rerun made %d requests", f.Requests()-2)
	}
	for i := range first {
		if first[i].Text != second[i].Text || first[i].Usage.Total() != second[i].Usage.Total() {
			t.Fatalf("rerun differs at %d: %+v vs %+v", i, first[i], second[i])
		}
	}
	if u2 != (model.Usage{PromptTokens: 121, CompletionTokens: 15, Requests: 3, CacheHits: 3}) {
		t.Fatalf("rerun usage = %+v", u2)
	}
	// The key never enters the cache file.
	data, err := os.ReadFile(o.Cache)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(data), testKey) {
		t.Fatal("API key written to the cache")
	}
}

func TestCacheKeyParts(t *testing.T) {
	f := newFakeOpenAI(t)
	o := testOptions(t, f, nil)
	c, _ := newTestClient(t, o)
	req := answerReq("q")
	p, _ := model.Render(req)
	base := c.chatKey("test-model", c.formatFor(req), p, 0)
	if len(base) != 64 {
		t.Fatalf("key %q", base)
	}
	// Another API key: same cache key.
	t.Setenv(testKeyEnv, "sk-other")
	if k := NewClient(o, tokenizer.MustDefault(), nil).chatKey("test-model", c.formatFor(req), p, 0); k != base {
		t.Fatal("the API key changes the cache key")
	}
	o2 := o
	o2.Temperature = 0.7
	o3 := o
	o3.BaseURL = "http://other:8000/v1"
	jsonReq := req
	jsonReq.JSON = true
	for name, k := range map[string]string{
		"model":       c.chatKey("other-model", c.formatFor(req), p, 0),
		"repeat":      c.chatKey("test-model", c.formatFor(req), p, 1),
		"prompt":      c.chatKey("test-model", c.formatFor(req), model.Prompt{System: p.System, User: p.User + "?"}, 0),
		"format":      c.chatKey("test-model", c.formatFor(jsonReq), p, 0),
		"temperature": NewClient(o2, tokenizer.MustDefault(), nil).chatKey("test-model", c.formatFor(req), p, 0),
		"endpoint":    NewClient(o3, tokenizer.MustDefault(), nil).chatKey("test-model", c.formatFor(req), p, 0),
	} {
		if k == base {
			t.Errorf("%s does not change the cache key", name)
		}
	}
}

func TestNoCacheSendsEveryRequest(t *testing.T) {
	f := newFakeOpenAI(t)
	c, _ := newTestClient(t, testOptions(t, f, map[string]any{"cache": CacheOff}))
	for i := 0; i < 2; i++ {
		r, err := c.Complete(context.Background(), answerReq("q"))
		if err != nil || r.Usage.CacheHits != 0 {
			t.Fatalf("r = %+v, err = %v", r, err)
		}
	}
	if f.Requests() != 2 {
		t.Fatalf("requests = %d", f.Requests())
	}
}

func TestUsageFallsBackToTokenizer(t *testing.T) {
	f := newFakeOpenAI(t)
	f.chat = func(int, chatBody) reply { return reply{content: "the chi router", noUsage: true} }
	c, _ := newTestClient(t, testOptions(t, f, nil))
	req := answerReq("Which router?")
	resp, err := c.Complete(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	tok := tokenizer.MustDefault()
	p, _ := model.Render(req)
	want := model.Usage{PromptTokens: tok.Count(p.Text()), CompletionTokens: tok.Count("the chi router"), Requests: 1}
	if resp.Usage != want || want.CompletionTokens != 3 {
		t.Fatalf("usage = %+v, want %+v", resp.Usage, want)
	}
}

func TestConcurrencyLimit(t *testing.T) {
	f := newFakeOpenAI(t)
	f.chat = func(int, chatBody) reply { return reply{delay: 30 * time.Millisecond} }
	c, _ := newTestClient(t, testOptions(t, f, map[string]any{"concurrency": 2, "cache": CacheOff}))
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			if _, err := c.Complete(context.Background(), answerReq(strings.Repeat("q", i+1))); err != nil {
				t.Error(err)
			}
		}(i)
	}
	wg.Wait()
	if got := f.maxInFlight.Load(); got != 2 {
		t.Fatalf("max in flight = %d, want 2", got)
	}
}

func TestCacheConcurrentWriters(t *testing.T) {
	path := filepath.Join(t.TempDir(), "c.db")
	a, err := OpenCache(path)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	b, err := OpenCache(path) // a second process
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	ctx := context.Background()
	var wg sync.WaitGroup
	for i := 0; i < 64; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			c := a
			if i%2 == 1 {
				c = b
			}
			key := hashJSON(i)
			if _, err := c.StoreChat(ctx, key, "e", "m", "answer", ChatEntry{Text: "t", PromptTokens: i, HTTPRequests: 1}); err != nil {
				t.Error(err)
			}
			if _, err := c.StoreEmbedding(ctx, key, "e", "m", []float32{float32(i), 1}); err != nil {
				t.Error(err)
			}
		}(i)
	}
	wg.Wait()
	chat, emb, err := a.Counts(ctx)
	if err != nil || chat != 64 || emb != 64 {
		t.Fatalf("counts = %d, %d, %v", chat, emb, err)
	}
	e, ok, err := b.GetChat(ctx, hashJSON(17))
	if err != nil || !ok || e.PromptTokens != 17 {
		t.Fatalf("entry = %+v %v %v", e, ok, err)
	}
	v, ok, err := a.GetEmbedding(ctx, hashJSON(5))
	if err != nil || !ok || !reflect.DeepEqual(v, []float32{5, 1}) {
		t.Fatalf("vector = %v %v %v", v, ok, err)
	}
}

func TestEmbedder(t *testing.T) {
	f := newFakeOpenAI(t)
	// Reply out of order to check that vectors follow the index field.
	f.embed = func(_ int, b embedBody) ([][]float64, []int, int) {
		var vecs [][]float64
		var order []int
		for i, text := range b.Input {
			vecs = append(vecs, fakeVector(text))
			order = append([]int{i}, order...)
		}
		return vecs, order, 3 * len(b.Input)
	}
	o := testOptions(t, f, map[string]any{"embed_batch": 2, "models": map[string]any{"embedder": "emb-model"}})
	c, _ := newTestClient(t, o)
	e, err := NewEmbedder(context.Background(), c, "emb-model")
	if err != nil {
		t.Fatal(err)
	}
	if e.Dim() != 4 || e.Name() != "openai:emb-model-4d" || f.Requests() != 1 {
		t.Fatalf("dim %d name %s requests %d", e.Dim(), e.Name(), f.Requests())
	}
	texts := []string{"abc", "", "abcdef", "abc", "x"}
	vecs, err := e.Embed(context.Background(), texts)
	if err != nil {
		t.Fatal(err)
	}
	want := [][]float32{{0.6, 0.8, 0, 0}, {0, 1, 0, 0}, {float32(6 / math.Sqrt(52)), float32(4 / math.Sqrt(52)), 0, 0}, {0.6, 0.8, 0, 0}, {float32(1 / math.Sqrt(17)), float32(4 / math.Sqrt(17)), 0, 0}}
	if !reflect.DeepEqual(vecs, want) {
		t.Fatalf("vectors = %v, want %v", vecs, want)
	}
	// Probe + 5 texts in batches of 2 = 1 + 3 requests; the model and format are sent.
	if f.Requests() != 4 {
		t.Fatalf("requests = %d", f.Requests())
	}
	if eb := f.embeds[1]; eb.Model != "emb-model" || eb.EncodingFormat != "float" || eb.Dimensions != nil || !reflect.DeepEqual(eb.Input, []string{"abc", ""}) {
		t.Fatalf("embed body = %+v", eb)
	}
	if s := c.Stats(); s.EmbedTokens != 3*6 {
		t.Fatalf("embed tokens = %d", s.EmbedTokens)
	}
	// A second embedder on the same cache needs no request at all.
	c2, _ := newTestClient(t, o)
	e2, err := NewEmbedder(context.Background(), c2, "emb-model")
	if err != nil {
		t.Fatal(err)
	}
	vecs2, err := e2.Embed(context.Background(), texts)
	if err != nil || !reflect.DeepEqual(vecs2, want) || f.Requests() != 4 || c2.Stats().EmbedCacheHits != 6 {
		t.Fatalf("cached: %v %v requests %d stats %+v", vecs2, err, f.Requests(), c2.Stats())
	}
}

func TestEmbedderDimensionsParameterIsChecked(t *testing.T) {
	f := newFakeOpenAI(t)
	o := testOptions(t, f, map[string]any{"embed_dimensions": 8, "cache": CacheOff})
	c, _ := newTestClient(t, o)
	e, err := NewEmbedder(context.Background(), c, "emb-model")
	if err != nil || e.Dim() != 8 || f.Requests() != 0 {
		t.Fatalf("e = %v err = %v requests = %d", e, err, f.Requests())
	}
	_, err = e.Embed(context.Background(), []string{"abc"})
	if err == nil || err.Error() != "embedder emb-model: vector of dimension 4, want 8 (backend.options.embed_dimensions or the model's recorded dimension)" {
		t.Fatalf("err = %v", err)
	}
	if *f.embeds[0].Dimensions != 8 {
		t.Fatal("dimensions not sent")
	}
}

func TestUnitFloat32(t *testing.T) {
	if got := UnitFloat32([]float64{3, 4}); !reflect.DeepEqual(got, []float32{0.6, 0.8}) {
		t.Fatalf("got %v", got)
	}
	if got := UnitFloat32([]float64{0, 0, 0}); !reflect.DeepEqual(got, []float32{0, 0, 0}) {
		t.Fatalf("got %v", got)
	}
	if got := UnitFloat32([]float64{1e200, 1e200}); got[0] != 0 || got[1] != 0 {
		// The squared norm overflows to +Inf: not normalizable.
		t.Fatalf("got %v", got)
	}
}

func TestIdenticalRequestsInFlightShareOneRequest(t *testing.T) {
	f := newFakeOpenAI(t)
	f.chat = func(n int, _ chatBody) reply {
		return reply{content: fmt.Sprintf("reply-%d", n), delay: 100 * time.Millisecond, prompt: 20, comp: 2}
	}
	c, _ := newTestClient(t, testOptions(t, f, nil))
	m := model.NewMeter(c)
	var wg sync.WaitGroup
	texts := make([]string, 8)
	for i := range texts {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			r, err := m.Complete(context.Background(), answerReq("q"))
			if err != nil {
				t.Error(err)
			}
			texts[i] = r.Text
		}(i)
	}
	wg.Wait()
	if f.Requests() != 1 {
		t.Fatalf("requests = %d, want 1", f.Requests())
	}
	for _, txt := range texts {
		if txt != "reply-0" {
			t.Fatalf("texts = %v", texts)
		}
	}
	if u := m.Total(); u != (model.Usage{PromptTokens: 160, CompletionTokens: 16, Requests: 8, CacheHits: 7}) {
		t.Fatalf("usage = %+v", u)
	}
}

func TestCancelledLeaderDoesNotFailWaiters(t *testing.T) {
	f := newFakeOpenAI(t)
	f.chat = func(n int, _ chatBody) reply {
		if n == 0 {
			return reply{content: "slow", delay: time.Minute}
		}
		return reply{content: "fast"}
	}
	c, _ := newTestClient(t, testOptions(t, f, nil))
	leaderCtx, cancel := context.WithCancel(context.Background())
	leaderDone := make(chan error, 1)
	go func() {
		_, err := c.Complete(leaderCtx, answerReq("q"))
		leaderDone <- err
	}()
	for f.Requests() == 0 {
		time.Sleep(time.Millisecond)
	}
	followerDone := make(chan model.Response, 1)
	go func() {
		r, err := c.Complete(context.Background(), answerReq("q"))
		if err != nil {
			t.Error(err)
		}
		followerDone <- r
	}()
	time.Sleep(20 * time.Millisecond) // the follower is waiting on the leader's flight
	cancel()
	if err := <-leaderDone; !errors.Is(err, context.Canceled) {
		t.Fatalf("leader err = %v", err)
	}
	if r := <-followerDone; r.Text != "fast" || f.Requests() != 2 {
		t.Fatalf("follower = %+v, requests = %d", r, f.Requests())
	}
}

func TestFirstWriterWinsAcrossProcesses(t *testing.T) {
	f := newFakeOpenAI(t)
	f.chat = func(n int, _ chatBody) reply {
		return reply{content: fmt.Sprintf("reply-%d", n), prompt: 10 + n, comp: 1}
	}
	o := testOptions(t, f, nil)
	a, _ := newTestClient(t, o)
	b, _ := newTestClient(t, o) // another process on the same cache file
	req := answerReq("q")
	ra, err := a.Complete(context.Background(), req)
	if err != nil || ra.Text != "reply-0" {
		t.Fatalf("a = %+v, %v", ra, err)
	}
	// b raced a: it sent its own request before a's reply was stored.
	p, _ := model.Render(req)
	rb, stored, err := b.send(context.Background(), req, p, "test-model", b.formatFor(req), b.chatKey("test-model", b.formatFor(req), p, 0))
	if err != nil || !stored {
		t.Fatal(err)
	}
	want := model.Response{Text: "reply-0", Model: "test-model", Usage: model.Usage{PromptTokens: 10, CompletionTokens: 1, Requests: 1, CacheHits: 1}}
	if f.Requests() != 2 || !reflect.DeepEqual(rb, want) {
		t.Fatalf("b = %+v (requests %d), want the stored reply %+v", rb, f.Requests(), want)
	}
	cache := b.Cache()
	v, err := cache.StoreEmbedding(context.Background(), "k", "e", "m", []float32{1, 0})
	if err != nil || !reflect.DeepEqual(v, []float32{1, 0}) {
		t.Fatal(v, err)
	}
	if v, _ = cache.StoreEmbedding(context.Background(), "k", "e", "m", []float32{0, 1}); !reflect.DeepEqual(v, []float32{1, 0}) {
		t.Fatalf("second writer's vector stored: %v", v)
	}
}
