// Package openai is memarena's real-model backend: any OpenAI-compatible
// endpoint (OpenAI, Azure OpenAI, vLLM, Ollama, llama.cpp server, LM Studio)
// through github.com/openai/openai-go/v3, for chat requests of every role
// (extractor, reader, judge) and, when configured, for embeddings.
//
// Every request renders its prompt from the versioned template of its kind
// (model.Render), goes through a concurrency limit and this package's own
// retries (the SDK's are disabled): exponential backoff with jitter on
// 408, 409, 429, 5xx, timeouts and connection errors, honoring
// Retry-After, with a per-attempt timeout and cancellation through the
// context. JSON requests ask for the request's JSON Schema (json_schema
// response format) or a JSON object, and a reply that does not validate
// gets one repair request carrying the parse error; a reply still invalid,
// or a request that fails for good, is a *model.FailedError, which
// strategies count as an extraction failure.
//
// Replies and embeddings are stored in a SQLite response cache keyed by
// endpoint, model, parameters, rendered-prompt hash and repeat index, so a
// rerun reproduces a run with zero requests. Usage comes from the API's
// usage fields, falling back to the run's tokenizer where a server sends
// none. The API key is read from an environment variable and never appears
// in a report, log, cache key or error.
//
// The package registers backend kind "openai" with package backends.
package openai

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	sdk "github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
	"github.com/openai/openai-go/v3/shared"

	"github.com/memarena/memarena/internal/model"
	"github.com/memarena/memarena/internal/tokenizer"
)

// Stats counts what a Client did. All counts are cumulative.
type Stats struct {
	// HTTPRequests is the number of HTTP requests sent (attempts, retries
	// and repairs included; chat and embeddings).
	HTTPRequests int64
	// Retries is the number of attempts repeated after a transient error.
	Retries int64
	// Repairs is the number of JSON repair requests sent.
	Repairs int64
	// ChatCacheHits and EmbedCacheHits count requests and texts served
	// from the cache.
	ChatCacheHits, EmbedCacheHits int64
	// Failures counts chat requests that failed for good.
	Failures int64
	// EmbedTokens are the tokens of embedded texts (API usage, or the
	// tokenizer when absent); cache hits cost none.
	EmbedTokens int64
}

// Map returns the counts by name, for run metadata: http_requests,
// retries, repairs, chat_cache_hits, embed_cache_hits, failures,
// embed_tokens.
func (s Stats) Map() map[string]int64 {
	return map[string]int64{"http_requests": s.HTTPRequests, "retries": s.Retries, "repairs": s.Repairs,
		"chat_cache_hits": s.ChatCacheHits, "embed_cache_hits": s.EmbedCacheHits, "failures": s.Failures, "embed_tokens": s.EmbedTokens}
}

// Client is a model.Client for an OpenAI-compatible endpoint. It is safe
// for concurrent use.
type Client struct {
	opts     Options
	api      sdk.Client
	endpoint string // redacted base URL, used in names and cache keys
	secret   string
	tok      *tokenizer.Tokenizer
	cache    *Cache
	sem      chan struct{}
	policy   retryPolicy
	// sleep waits between attempts; tests replace it to record waits.
	sleep func(ctx context.Context, d time.Duration) error

	httpRequests, retries, repairs, chatHits, embedHits, failures, embedTokens atomic.Int64

	mu      sync.Mutex
	flights map[string]*flight

	closeOnce sync.Once
}

// NewClient builds a client from defaulted, checked options. cache may be
// nil (no caching). tok counts tokens when a server omits usage.
func NewClient(o Options, tok *tokenizer.Tokenizer, cache *Cache) *Client {
	key := o.APIKey()
	c := &Client{
		opts:     o,
		endpoint: redactURL(o.Endpoint()),
		secret:   key,
		tok:      tok,
		cache:    cache,
		sem:      make(chan struct{}, o.Concurrency),
		policy: retryPolicy{maxRetries: *o.MaxRetries, base: time.Duration(o.BackoffBase), max: time.Duration(o.BackoffMax),
			timeout: time.Duration(o.Timeout)},
		sleep:   sleepCtx,
		flights: map[string]*flight{},
	}
	c.api = sdk.NewClient(
		option.WithBaseURL(o.Endpoint()+"/"),
		option.WithAPIKey(key),
		option.WithMaxRetries(0),
		option.WithMiddleware(normalizeErrorBody),
	)
	return c
}

// Options returns the client's options.
func (c *Client) Options() Options { return c.opts }

// Cache returns the response cache, or nil.
func (c *Client) Cache() *Cache { return c.cache }

// Stats returns the counts so far.
func (c *Client) Stats() Stats {
	return Stats{HTTPRequests: c.httpRequests.Load(), Retries: c.retries.Load(), Repairs: c.repairs.Load(),
		ChatCacheHits: c.chatHits.Load(), EmbedCacheHits: c.embedHits.Load(), Failures: c.failures.Load(),
		EmbedTokens: c.embedTokens.Load()}
}

// Close closes the cache.
func (c *Client) Close() error {
	var err error
	c.closeOnce.Do(func() {
		if c.cache != nil {
			err = c.cache.Close()
		}
	})
	return err
}

// Name implements model.Client: "openai:<model>@<endpoint>", listing each
// role's model when they differ ("openai:extractor=a,reader=b,judge=c@…").
func (c *Client) Name() string {
	m := c.opts.Models
	if m.Extractor == m.Reader && (m.Judge == m.Extractor || m.Judge == "none") {
		return "openai:" + m.Extractor + "@" + c.endpoint
	}
	return fmt.Sprintf("openai:extractor=%s,reader=%s,judge=%s@%s", m.Extractor, m.Reader, m.Judge, c.endpoint)
}

// ModelFor returns the model serving role ("" when the role has none).
func (c *Client) ModelFor(role model.Role) string {
	switch role {
	case model.RoleReader:
		return c.opts.Models.Reader
	case model.RoleJudge:
		if c.opts.Models.Judge == "none" {
			return ""
		}
		return c.opts.Models.Judge
	default:
		return c.opts.Models.Extractor
	}
}

// format is how a request asks for its reply's shape.
type format struct {
	name   string // "text", "json_schema", "json_object", "json_prompt" (cache key)
	param  sdk.ChatCompletionNewParamsResponseFormatUnion
	schema string // canonical schema for the cache key
}

func (c *Client) formatFor(req model.Request) format {
	if !req.JSON {
		return format{name: "text"}
	}
	objectOK := req.Schema == nil || req.Schema.Object
	switch {
	case c.opts.JSONMode == JSONSchemaMode && req.Schema != nil && req.Schema.Object:
		return format{name: JSONSchemaMode, schema: req.Schema.Canonical(), param: sdk.ChatCompletionNewParamsResponseFormatUnion{
			OfJSONSchema: &shared.ResponseFormatJSONSchemaParam{JSONSchema: shared.ResponseFormatJSONSchemaJSONSchemaParam{
				Name: req.Schema.Name, Schema: req.Schema.Doc, Strict: sdk.Bool(req.Schema.Strict),
			}},
		}}
	case c.opts.JSONMode != PromptMode && objectOK:
		return format{name: JSONObjectMode, param: sdk.ChatCompletionNewParamsResponseFormatUnion{
			OfJSONObject: &shared.ResponseFormatJSONObjectParam{},
		}}
	default:
		return format{name: "json_prompt"}
	}
}

// chatKey is the cache key of a chat request: a sha256 over the cache
// format version, endpoint, model, temperature, seed, max tokens, reply
// format and schema, the rendered prompt's hash and the repeat index.
func (c *Client) chatKey(modelName string, f format, p model.Prompt, repeat int) string {
	return hashJSON(chatKeyFields{V: cacheVersion, Endpoint: c.endpoint, Model: modelName, Temperature: c.opts.Temperature,
		Seed: c.opts.Seed, MaxTokens: c.opts.MaxTokens, Format: f.name, Schema: f.schema,
		Prompt: promptHash(p.System, p.User), Repeat: repeat})
}

// repairMessage is the follow-up sent after an invalid reply.
func repairMessage(jsonReq bool, verr error) string {
	if jsonReq {
		return "Your previous reply could not be used: " + verr.Error() +
			". Reply again with only the corrected JSON, matching the requested schema, with no prose and no code fences."
	}
	return "Your previous reply could not be used: " + verr.Error() + ". Reply again, following the instructions exactly."
}

// validate checks a reply: req.Validate when set, else for a JSON request
// that DecodeJSON can read it.
func validate(req model.Request, text string) error {
	if req.Validate != nil {
		return req.Validate(text)
	}
	if req.JSON {
		var v any
		return model.DecodeJSON(text, &v)
	}
	return nil
}

// Complete implements model.Client. A request that
// fails for good (after retries, or still invalid after one repair) returns
// a *model.FailedError along with the usage it cost; a cancelled context
// returns the context's error; a prompt that cannot be rendered or a role
// without a model is a plain error.
//
// With the cache on, what Complete returns is always what the cache holds
// for the request: a hit is served from it, identical requests in flight in
// this process wait for the first one instead of sending their own, and a
// reply is stored first-writer-wins and read back — so a run and its rerun
// see the same replies even when several cells (or processes) ask the same
// thing at once.
func (c *Client) Complete(ctx context.Context, req model.Request) (model.Response, error) {
	p, err := model.Render(req)
	if err != nil {
		return model.Response{}, err
	}
	modelName := c.ModelFor(req.Role)
	if modelName == "" {
		return model.Response{}, fmt.Errorf("openai backend: no model configured for role %q (backend.options.models.%s)", req.Role, req.Role)
	}
	f := c.formatFor(req)
	key := c.chatKey(modelName, f, p, req.Repeat)
	if c.cache == nil {
		resp, _, err := c.send(ctx, req, p, modelName, f, key)
		return resp, err
	}
	for {
		e, ok, err := c.cache.GetChat(ctx, key)
		if err != nil {
			return model.Response{}, err
		}
		if ok {
			c.chatHits.Add(1)
			return fromEntry(e, req, modelName, true)
		}
		c.mu.Lock()
		if fl, busy := c.flights[key]; busy {
			c.mu.Unlock()
			select {
			case <-fl.done:
			case <-ctx.Done():
				return model.Response{}, ctx.Err()
			}
			if fl.stored {
				continue // served from the cache on the next turn
			}
			if errors.Is(fl.err, context.Canceled) || errors.Is(fl.err, context.DeadlineExceeded) {
				continue // the first caller gave up; try ourselves
			}
			return model.Response{Model: modelName, Usage: model.Usage{Requests: 1}}, fl.err
		}
		fl := &flight{done: make(chan struct{})}
		c.flights[key] = fl
		c.mu.Unlock()
		resp, stored, err := c.send(ctx, req, p, modelName, f, key)
		fl.err, fl.stored = err, stored
		c.mu.Lock()
		delete(c.flights, key)
		c.mu.Unlock()
		close(fl.done)
		return resp, err
	}
}

// flight is a request in progress that identical requests wait for.
type flight struct {
	done chan struct{}
	// stored is true when the outcome is in the cache.
	stored bool
	err    error
}

// fromEntry turns a cache entry into Complete's result.
func fromEntry(e ChatEntry, req model.Request, modelName string, hit bool) (model.Response, error) {
	u := model.Usage{PromptTokens: e.PromptTokens, CompletionTokens: e.CompletionTokens, Requests: 1}
	if hit {
		u.CacheHits = 1
		if e.Failure != "" {
			return model.Response{Text: e.Text, Model: modelName, Usage: u}, &model.FailedError{Kind: req.Kind, Cause: fmt.Errorf("%s (cached)", e.Failure)}
		}
	} else if e.Failure != "" {
		return model.Response{Text: e.Text, Model: modelName, Usage: u}, &model.FailedError{Kind: req.Kind, Cause: errors.New(e.Failure)}
	}
	return model.Response{Text: e.Text, Model: modelName, Usage: u}, nil
}

// send asks the endpoint (one request, plus one repair request when the
// reply does not validate) and stores the outcome in the cache; stored
// says whether it did (transport failures and cancellations are not
// cached).
func (c *Client) send(ctx context.Context, req model.Request, p model.Prompt, modelName string, f format, key string) (resp model.Response, stored bool, err error) {
	msgs := []message{{"system", p.System}, {"user", p.User}}
	usage := model.Usage{Requests: 1}
	text, u, err := c.chat(ctx, key, modelName, msgs, f)
	usage = usage.Add(u)
	e := ChatEntry{HTTPRequests: 1}
	if err != nil {
		resp, err = c.fail(ctx, req, usage, err)
		return resp, false, err
	}
	if verr := validate(req, text); verr != nil {
		c.repairs.Add(1)
		msgs = append(msgs, message{"assistant", text}, message{"user", repairMessage(req.JSON, verr)})
		text, u, err = c.chat(ctx, key, modelName, msgs, f)
		usage = usage.Add(u)
		e.HTTPRequests++
		if err != nil {
			resp, err = c.fail(ctx, req, usage, err)
			return resp, false, err
		}
		if verr := validate(req, text); verr != nil {
			e.Failure = fmt.Sprintf("reply still invalid after one repair: %v", verr)
		}
	}
	e.Text, e.PromptTokens, e.CompletionTokens = text, usage.PromptTokens, usage.CompletionTokens
	hit := false
	if c.cache != nil {
		held, err := c.cache.StoreChat(ctx, key, c.endpoint, modelName, string(req.Kind), e)
		if err != nil {
			return model.Response{}, false, err
		}
		// Another process may have stored this request first: use its reply.
		hit, stored = held != e, true
		e = held
	}
	if e.Failure != "" {
		c.failures.Add(1)
	}
	resp, err = fromEntry(e, req, modelName, hit)
	return resp, stored, err
}

func (c *Client) fail(ctx context.Context, req model.Request, usage model.Usage, err error) (model.Response, error) {
	if ctx.Err() != nil {
		return model.Response{Usage: usage}, ctx.Err()
	}
	c.failures.Add(1)
	return model.Response{Usage: usage}, &model.FailedError{Kind: req.Kind, Cause: err}
}

// message is one chat message: role system, user or assistant.
type message struct{ role, text string }

// chat sends one chat completion with retries and returns the reply text
// and its usage (API usage, or tokenizer counts when the server sent none).
func (c *Client) chat(ctx context.Context, key, modelName string, msgs []message, f format) (string, model.Usage, error) {
	var sdkMsgs []sdk.ChatCompletionMessageParamUnion
	for _, m := range msgs {
		switch m.role {
		case "system":
			sdkMsgs = append(sdkMsgs, sdk.SystemMessage(m.text))
		case "assistant":
			sdkMsgs = append(sdkMsgs, sdk.AssistantMessage(m.text))
		default:
			sdkMsgs = append(sdkMsgs, sdk.UserMessage(m.text))
		}
	}
	params := sdk.ChatCompletionNewParams{
		Model:       shared.ChatModel(modelName),
		Messages:    sdkMsgs,
		Temperature: sdk.Float(c.opts.Temperature),
		Seed:        sdk.Int(c.opts.Seed),
		MaxTokens:   sdk.Int(int64(c.opts.MaxTokens)),
	}
	if f.name == JSONSchemaMode || f.name == JSONObjectMode {
		params.ResponseFormat = f.param
	}
	var out *sdk.ChatCompletion
	err := c.do(ctx, key, func(actx context.Context) error {
		r, err := c.api.Chat.Completions.New(actx, params)
		if err != nil {
			return err
		}
		if len(r.Choices) == 0 {
			return errors.New("reply has no choices")
		}
		out = r
		return nil
	})
	if err != nil {
		return "", model.Usage{}, err
	}
	text := out.Choices[0].Message.Content
	u := model.Usage{PromptTokens: int(out.Usage.PromptTokens), CompletionTokens: int(out.Usage.CompletionTokens)}
	if !out.JSON.Usage.Valid() || (u.PromptTokens == 0 && u.CompletionTokens == 0) {
		u = model.Usage{PromptTokens: c.countMessages(msgs), CompletionTokens: c.tok.Count(text)}
	}
	return text, u, nil
}

// countMessages counts the tokens of the messages' text with the run's
// tokenizer (the fallback when a server omits usage).
func (c *Client) countMessages(msgs []message) int {
	parts := make([]string, len(msgs))
	for i, m := range msgs {
		parts[i] = m.text
	}
	return c.tok.Count(strings.Join(parts, "\n\n"))
}

// do runs call with the concurrency limit, a per-attempt timeout and
// retries. It returns ctx's error when ctx is done, or the last attempt's
// error (cleaned of secrets) when retries are exhausted or the error is
// not transient.
func (c *Client) do(ctx context.Context, key string, call func(ctx context.Context) error) error {
	for attempt := 0; ; attempt++ {
		select {
		case c.sem <- struct{}{}:
		case <-ctx.Done():
			return ctx.Err()
		}
		actx, cancel := context.WithTimeout(ctx, c.policy.timeout)
		c.httpRequests.Add(1)
		err := call(actx)
		cancel()
		<-c.sem
		if err == nil {
			return nil
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		retry, after, hasAfter := classify(err)
		if !retry {
			return cleanError(err, c.secret)
		}
		if attempt >= c.policy.maxRetries {
			return fmt.Errorf("%w (gave up after %d attempts)", cleanError(err, c.secret), attempt+1)
		}
		wait := c.policy.Backoff(key, attempt)
		if hasAfter {
			if after > c.policy.max {
				return fmt.Errorf("%w; the server asked to retry after %s, more than backoff_max %s", cleanError(err, c.secret), after, c.policy.max)
			}
			wait = after
		}
		c.retries.Add(1)
		if err := c.sleep(ctx, wait); err != nil {
			return err
		}
	}
}

// Describe is a one-line summary of the client for report headers: the
// endpoint, the model per role, temperature, seed, JSON mode, the judge
// prompt variant and the cache.
func (c *Client) Describe() string {
	m := c.opts.Models
	roles := []string{"extractor " + m.Extractor, "reader " + m.Reader}
	if m.Judge != "none" {
		roles = append(roles, "judge "+m.Judge+" ("+c.opts.JudgePrompt+")")
	} else {
		roles = append(roles, "no LLM judge")
	}
	cache := "cache off"
	if c.cache != nil {
		cache = "cache " + c.cache.Path()
	}
	return fmt.Sprintf("openai-compatible endpoint %s — %s; temperature %g, seed %d, max_tokens %d, json %s; %s",
		c.endpoint, strings.Join(roles, ", "), c.opts.Temperature, c.opts.Seed, c.opts.MaxTokens, c.opts.JSONMode, cache)
}

// Models returns role → model name for the configured roles, sorted keys
// (extractor, judge, reader, and embedder when set).
func (c *Client) Models() map[string]string {
	m := map[string]string{"extractor": c.opts.Models.Extractor, "reader": c.opts.Models.Reader}
	if c.opts.Models.Judge != "none" {
		m["judge"] = c.opts.Models.Judge
	}
	if c.opts.Models.Embedder != "" {
		m["embedder"] = c.opts.Models.Embedder
	}
	return m
}
