package openai

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"os"
	"sort"
	"strings"
	"time"

	"github.com/memarena/memarena/internal/model"
)

// DefaultBaseURL is the endpoint used when base_url is not configured.
const DefaultBaseURL = "https://api.openai.com/v1"

// DefaultCachePath is the response cache used when cache is not configured
// (relative to the working directory).
const DefaultCachePath = ".memarena/cache.db"

// JSON modes: how a JSON request asks the endpoint for JSON.
const (
	// JSONSchemaMode sends response_format json_schema with the request's
	// schema (OpenAI, Azure, vLLM, Ollama, llama.cpp server, LM Studio);
	// a request without an object schema falls back to JSONObjectMode.
	JSONSchemaMode = "json_schema"
	// JSONObjectMode sends response_format json_object.
	JSONObjectMode = "json_object"
	// PromptMode sends no response_format; the prompt alone asks for JSON.
	PromptMode = "prompt"
)

// Judge prompt variants.
const (
	// JudgeStrict is the default judge prompt: the candidate must state the
	// gold fact; partial, hedged or contradictory answers are incorrect.
	JudgeStrict = "strict"
	// JudgeLenient counts a candidate that contains the gold's key
	// information as correct even with extra detail.
	JudgeLenient = "lenient"
)

// Duration is a time.Duration read from a Go duration string ("30s",
// "500ms") or a number of seconds.
type Duration time.Duration

// UnmarshalJSON implements json.Unmarshaler.
func (d *Duration) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err == nil {
		v, err := time.ParseDuration(s)
		if err != nil {
			return fmt.Errorf("%q is not a duration like \"30s\" or \"500ms\"", s)
		}
		*d = Duration(v)
		return nil
	}
	var f float64
	if err := json.Unmarshal(b, &f); err != nil {
		return fmt.Errorf("%s is not a duration (\"30s\") or a number of seconds", b)
	}
	*d = Duration(f * float64(time.Second))
	return nil
}

// MarshalJSON implements json.Marshaler.
func (d Duration) MarshalJSON() ([]byte, error) { return json.Marshal(time.Duration(d).String()) }

// Models names the model serving each role. Names are plain strings passed
// to the endpoint unchanged.
type Models struct {
	// Extractor serves the write side (extraction, tagging, summaries,
	// reflection) and model calls inside retrieval. Default: Options.Model.
	Extractor string `json:"extractor"`
	// Reader answers probe questions. Default: Options.Model.
	Reader string `json:"reader"`
	// Judge grades answers (harness overhead). Default: Options.Model;
	// "none" runs no LLM judge.
	Judge string `json:"judge"`
	// Embedder is the /embeddings model; "" keeps the offline hashing
	// embedder.
	Embedder string `json:"embedder"`
}

// Options are the settings of the openai backend (backend.options in a
// config). Every field has a default; see Defaults.
type Options struct {
	// BaseURL is the OpenAI-compatible endpoint, e.g.
	// "http://localhost:11434/v1" (Ollama). Default DefaultBaseURL.
	BaseURL string `json:"base_url"`
	// APIKeyEnv names the environment variable holding the API key.
	// Default "OPENAI_API_KEY". The key itself never appears in a config,
	// report, log, cache key or error.
	APIKeyEnv string `json:"api_key_env"`
	// Model is the default model of every chat role.
	Model string `json:"model"`
	// Models overrides the model per role.
	Models Models `json:"models"`
	// Temperature in [0, 2]. Default 0.
	Temperature float64 `json:"temperature"`
	// Seed is sent with every chat request (endpoints that support it use
	// it for best-effort determinism). Default 0 (sent as 0).
	Seed int64 `json:"seed"`
	// MaxTokens caps each completion, in tokens. Default 512.
	MaxTokens int `json:"max_tokens"`
	// JSONMode is json_schema (default), json_object or prompt.
	JSONMode string `json:"json_mode"`
	// JudgePrompt is the judge variant: strict (default) or lenient.
	JudgePrompt string `json:"judge_prompt"`
	// JudgeRetries is how many more times an unreadable verdict is asked
	// for (each retry tells the judge its reply was unreadable) before the
	// row is marked judge_failed. Default 2; 0 disables retries.
	JudgeRetries *int `json:"judge_retries"`
	// Concurrency caps requests in flight across the whole run. Default 4.
	Concurrency int `json:"concurrency"`
	// MaxRetries is the number of retries of a request after a 408, 409,
	// 429, 5xx, timeout or connection error. Default 5.
	MaxRetries *int `json:"max_retries"`
	// Timeout is the per-attempt request timeout. Default 60s.
	Timeout Duration `json:"timeout"`
	// BackoffBase is the first retry's nominal wait; it doubles per retry.
	// Default 500ms.
	BackoffBase Duration `json:"backoff_base"`
	// BackoffMax caps the backoff and any Retry-After the server asks for
	// (a longer Retry-After fails the request). Default 60s.
	BackoffMax Duration `json:"backoff_max"`
	// EmbedDimensions, when > 0, is sent as the dimensions parameter of
	// /embeddings and checked against the vectors returned. Default 0
	// (the model's own dimension, recorded at start).
	EmbedDimensions int `json:"embed_dimensions"`
	// EmbedBatch is the number of texts per /embeddings request. Default 64.
	EmbedBatch int `json:"embed_batch"`
	// Cache is the SQLite response cache file; "off" disables it.
	// Default DefaultCachePath.
	Cache string `json:"cache"`
	// Prices maps a model name to its price in dollars per 1M tokens.
	Prices map[string]model.Price `json:"prices"`
}

// ParseOptions decodes backend.options (as read from YAML) into Options,
// applies defaults and checks them. Errors name the field
// ("backend.options.temperature: …").
func ParseOptions(raw map[string]any) (Options, error) {
	var o Options
	for _, f := range []string{"timeout", "backoff_base", "backoff_max"} {
		if v, ok := raw[f]; ok {
			b, _ := json.Marshal(v)
			var d Duration
			if err := d.UnmarshalJSON(b); err != nil {
				return o, fmt.Errorf("backend.options: %s: %v", f, err)
			}
		}
	}
	b, err := json.Marshal(raw)
	if err != nil {
		return o, fmt.Errorf("backend.options: %w", err)
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&o); err != nil {
		return o, fmt.Errorf("backend.options: %s", explainDecodeError(err))
	}
	o.Defaults()
	if err := o.Check(); err != nil {
		return o, err
	}
	return o, nil
}

func explainDecodeError(err error) string {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		return fmt.Sprintf("%s: got a %s, want %s", te.Field, te.Value, typeWord(te.Type.String()))
	}
	msg := err.Error()
	if f, ok := strings.CutPrefix(msg, "json: unknown field "); ok {
		return fmt.Sprintf("unknown field %s; known: %s", f, strings.Join(knownFields(), ", "))
	}
	if i := strings.Index(msg, "Go struct field Options."); i >= 0 {
		return msg[i+len("Go struct field Options."):]
	}
	return strings.TrimPrefix(msg, "json: ")
}

func typeWord(t string) string {
	switch t {
	case "float64":
		return "a number"
	case "int", "int64", "*int":
		return "an integer"
	case "string":
		return "a string"
	}
	return t
}

func knownFields() []string {
	return []string{"base_url", "api_key_env", "model", "models", "temperature", "seed", "max_tokens", "json_mode",
		"judge_prompt", "judge_retries", "concurrency", "max_retries", "timeout", "backoff_base", "backoff_max",
		"embed_dimensions", "embed_batch", "cache", "prices"}
}

func intPtr(v int) *int { return &v }

// Defaults fills unset fields (see each field's doc).
func (o *Options) Defaults() {
	if o.APIKeyEnv == "" {
		o.APIKeyEnv = "OPENAI_API_KEY"
	}
	for _, r := range []*string{&o.Models.Extractor, &o.Models.Reader, &o.Models.Judge} {
		if *r == "" {
			*r = o.Model
		}
	}
	if o.MaxTokens == 0 {
		o.MaxTokens = 512
	}
	if o.JSONMode == "" {
		o.JSONMode = JSONSchemaMode
	}
	if o.JudgePrompt == "" {
		o.JudgePrompt = JudgeStrict
	}
	if o.JudgeRetries == nil {
		o.JudgeRetries = intPtr(2)
	}
	if o.Concurrency == 0 {
		o.Concurrency = 4
	}
	if o.MaxRetries == nil {
		o.MaxRetries = intPtr(5)
	}
	if o.Timeout == 0 {
		o.Timeout = Duration(60 * time.Second)
	}
	if o.BackoffBase == 0 {
		o.BackoffBase = Duration(500 * time.Millisecond)
	}
	if o.BackoffMax == 0 {
		o.BackoffMax = Duration(60 * time.Second)
	}
	if o.EmbedBatch == 0 {
		o.EmbedBatch = 64
	}
	if o.Cache == "" {
		o.Cache = DefaultCachePath
	}
}

// Check validates defaulted options; the error lists every problem, each
// naming its field.
func (o *Options) Check() error {
	var errs []string
	add := func(f string, a ...any) { errs = append(errs, "backend.options."+fmt.Sprintf(f, a...)) }
	if o.BaseURL != "" {
		u, err := url.Parse(o.BaseURL)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			add("base_url: %q is not an http(s) URL like \"http://localhost:11434/v1\"", redactURL(o.BaseURL))
		}
	}
	if o.Models.Extractor == "" || o.Models.Reader == "" {
		add("model: required (the default model of every role), or set models.extractor and models.reader")
	}
	if o.Models.Judge == "" {
		add("models.judge: empty; name a model, or \"none\" for no LLM judge")
	}
	if o.Temperature < 0 || o.Temperature > 2 {
		add("temperature: %v; want a value in [0, 2]", o.Temperature)
	}
	if o.MaxTokens < 1 {
		add("max_tokens: %d; want ≥ 1", o.MaxTokens)
	}
	switch o.JSONMode {
	case JSONSchemaMode, JSONObjectMode, PromptMode:
	default:
		add("json_mode: %q; want json_schema, json_object or prompt", o.JSONMode)
	}
	switch o.JudgePrompt {
	case JudgeStrict, JudgeLenient:
	default:
		add("judge_prompt: %q; want strict or lenient", o.JudgePrompt)
	}
	if *o.JudgeRetries < 0 || *o.JudgeRetries > 10 {
		add("judge_retries: %d; want a value in [0, 10]", *o.JudgeRetries)
	}
	if o.Concurrency < 1 || o.Concurrency > 256 {
		add("concurrency: %d; want a value in [1, 256]", o.Concurrency)
	}
	if *o.MaxRetries < 0 || *o.MaxRetries > 20 {
		add("max_retries: %d; want a value in [0, 20]", *o.MaxRetries)
	}
	if o.Timeout < 0 {
		add("timeout: %s; want > 0", time.Duration(o.Timeout))
	}
	if o.BackoffBase < 0 {
		add("backoff_base: %s; want > 0", time.Duration(o.BackoffBase))
	}
	if o.BackoffMax < o.BackoffBase {
		add("backoff_max: %s; want ≥ backoff_base (%s)", time.Duration(o.BackoffMax), time.Duration(o.BackoffBase))
	}
	if o.EmbedDimensions < 0 {
		add("embed_dimensions: %d; want ≥ 0 (0 = the model's own)", o.EmbedDimensions)
	}
	if o.EmbedBatch < 1 || o.EmbedBatch > 2048 {
		add("embed_batch: %d; want a value in [1, 2048]", o.EmbedBatch)
	}
	names := make([]string, 0, len(o.Prices))
	for m := range o.Prices {
		names = append(names, m)
	}
	sort.Strings(names)
	for _, m := range names {
		if err := o.Prices[m].Check("prices." + m); err != nil {
			errs = append(errs, "backend.options."+err.Error())
		}
	}
	if len(errs) > 0 {
		return errors.New(strings.Join(errs, "\n  "))
	}
	return nil
}

// JudgeEnabled reports whether an LLM judge is configured.
func (o *Options) JudgeEnabled() bool { return o.Models.Judge != "none" }

// Endpoint is the base URL requests go to (DefaultBaseURL when unset),
// without a trailing slash.
func (o *Options) Endpoint() string {
	if o.BaseURL == "" {
		return DefaultBaseURL
	}
	return strings.TrimRight(o.BaseURL, "/")
}

// APIKey reads the key from the environment variable APIKeyEnv ("" when
// unset).
func (o *Options) APIKey() string { return os.Getenv(o.APIKeyEnv) }

// redactURL drops user info, query and fragment from a URL for display
// and cache keys, since they can carry credentials.
func redactURL(s string) string {
	u, err := url.Parse(s)
	if err != nil {
		return "(unparseable URL)"
	}
	u.User = nil
	u.RawQuery = ""
	u.Fragment = ""
	return strings.TrimRight(u.String(), "/")
}
