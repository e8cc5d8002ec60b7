// Package model is memarena's typed model client. Every model-facing step of
// a strategy or of the harness — extraction, tagging, summarizing,
// reflection, answering, judging — is a Request of a known Kind whose prompt
// is rendered from a versioned template (prompts/<kind>.tmpl). The offline
// backend answers each request deterministically with the offline model
// (package internal/offline) from the request's typed input and charges
// the same rendered prompt's tokens as a real model would be charged, so
// token cost is counted the same way for every backend. A real backend sends
// the rendered prompt to an OpenAI-compatible endpoint.
package model

import (
	"context"
	"errors"
	"fmt"
)

// Role selects which configured model serves a request.
type Role string

// Model roles.
const (
	RoleExtractor Role = "extractor" // write side: extraction, tagging, summaries, reflection
	RoleReader    Role = "reader"    // answers questions from a context
	RoleJudge     Role = "judge"     // grades answers (harness overhead)
)

// Kind names a request type; each has a prompt template prompts/<kind>.tmpl.
type Kind string

// Request kinds used by the harness and the built-in strategies.
const (
	KindAnswer          Kind = "answer"           // reader: question + context → short answer
	KindJudge           Kind = "judge"            // judge: question + gold + answer → verdict
	KindSummarize       Kind = "summarize"        // a session or subtask → summary
	KindExtractThoughts Kind = "extract-thoughts" // a turn → typed thoughts (thought-graph)
	KindExtractTriplets Kind = "extract-triplets" // a turn → (s, r, o) triplets (trimem)
	KindExtractGraph    Kind = "extract-graph"    // a turn → typed entities and relations (gaama)
	KindTagIntents      Kind = "tag-intents"      // a turn → intent tags and entities (prism)
	KindQueryIntent     Kind = "query-intent"     // a question → structured intent query (prism)
	KindLocatePath      Kind = "locate-path"      // a turn → goal/subtask/step placement (hier-path)
	KindReflect         Kind = "reflect"          // a decision + outcome → reflection (hier-path)
)

// Request is one typed model call.
type Request struct {
	Kind Kind
	Role Role
	// Input is the typed input of Kind (AnswerInput, GraphInput …, see
	// contract.go); the prompt template reads its fields and the offline
	// model reads it directly. A map[string]any is accepted for templates
	// only (tests).
	Input any
	// JSON asks for a JSON object as the reply.
	JSON bool
	// Repeat distinguishes deliberate repeats of the same request (cache key).
	Repeat int
	// Schema is the JSON Schema of the reply of a JSON request (CallJSON
	// sets it from its type parameter); nil asks for any JSON object. A
	// real backend sends it as the json_schema response format.
	Schema *JSONSchema
	// Validate checks a reply: CallJSON sets it to decoding into its type
	// parameter, the LLM judge to its verdict parser. A real backend whose
	// reply fails it sends one repair request carrying the error, and
	// fails the request (*FailedError) if the repaired reply fails too;
	// nil accepts any reply (for a JSON request, any JSON DecodeJSON can
	// read). The offline backend does not call it.
	Validate func(text string) error
}

// Usage counts tokens and requests. Tokens are BPE tokens: from the API's
// usage fields for a real backend, from the tokenizer for the offline one.
type Usage struct {
	PromptTokens     int `json:"prompt_tokens"`
	CompletionTokens int `json:"completion_tokens"`
	// Requests is the number of calls made (a cache hit is a call).
	Requests int `json:"requests"`
	// CacheHits is the number of calls served from the response cache.
	CacheHits int `json:"cache_hits"`
	// Failures is the number of calls that failed for good (after retries
	// and one JSON repair); strategies count them as extraction failures.
	Failures int `json:"failures"`
}

// Total is prompt + completion tokens.
func (u Usage) Total() int { return u.PromptTokens + u.CompletionTokens }

// Add returns u + v.
func (u Usage) Add(v Usage) Usage {
	return Usage{u.PromptTokens + v.PromptTokens, u.CompletionTokens + v.CompletionTokens,
		u.Requests + v.Requests, u.CacheHits + v.CacheHits, u.Failures + v.Failures}
}

// Sub returns u − v (for deltas between two snapshots).
func (u Usage) Sub(v Usage) Usage {
	return Usage{u.PromptTokens - v.PromptTokens, u.CompletionTokens - v.CompletionTokens,
		u.Requests - v.Requests, u.CacheHits - v.CacheHits, u.Failures - v.Failures}
}

// Response is a completed request.
type Response struct {
	// Text is the completion (a JSON document for JSON requests).
	Text  string
	Usage Usage
	// Model is the model that produced it ("offline" for the offline backend).
	Model string
	// Score is the responder's score of the reply in [0, 1] when it gives
	// one (the offline reader's support of an answer), else NaN.
	Score float64
}

// Responder computes the offline backend's reply to a request from the
// request's typed Input (package internal/offline is the offline model).
type Responder interface {
	Respond(ctx context.Context, req Request) (string, error)
}

// ScoredResponder is a Responder that also reports a score of its reply in
// [0, 1] (the offline reader's support of an answer); the offline backend
// puts it in Response.Score.
type ScoredResponder interface {
	Responder
	RespondScored(ctx context.Context, req Request) (text string, score float64, err error)
}

// Client completes typed requests. Implementations are safe for concurrent
// use.
type Client interface {
	// Complete renders req's prompt and returns the completion.
	Complete(ctx context.Context, req Request) (Response, error)
	// Name describes the backend for reports ("offline", "openai:gpt-4o-mini@http://…").
	Name() string
}

// ErrFailed marks a request that failed for good after retries and repair.
// Callers that can continue without the result (extraction) count it and go
// on; the runner reports the count per strategy.
var ErrFailed = errors.New("model request failed")

// FailedError wraps the cause of a failed request.
type FailedError struct {
	Kind  Kind
	Cause error
}

func (e *FailedError) Error() string   { return fmt.Sprintf("%s request failed: %v", e.Kind, e.Cause) }
func (e *FailedError) Unwrap() []error { return []error{ErrFailed, e.Cause} }
