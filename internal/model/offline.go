package model

import (
	"context"
	"fmt"

	"github.com/memarena/memarena/internal/tokenizer"
)

// OfflineBackend is the deterministic default backend: it renders the prompt
// exactly as a real backend would (so the prompt's tokens are charged), then
// answers with the caller's Offline function and charges the reply's tokens
// as completion tokens. It needs no network and no key.
type OfflineBackend struct {
	tok *tokenizer.Tokenizer
}

// NewOffline returns the offline backend counting tokens with tok.
func NewOffline(tok *tokenizer.Tokenizer) *OfflineBackend { return &OfflineBackend{tok: tok} }

// Name implements Client.
func (b *OfflineBackend) Name() string { return "offline" }

// Complete implements Client.
func (b *OfflineBackend) Complete(ctx context.Context, req Request, offline Offline) (Response, error) {
	p, err := Render(req)
	if err != nil {
		return Response{}, err
	}
	if offline == nil {
		return Response{}, fmt.Errorf("offline backend: request %s has no offline implementation", req.Kind)
	}
	text, err := offline(ctx)
	if err != nil {
		return Response{}, &FailedError{Kind: req.Kind, Cause: err}
	}
	return Response{
		Text:  text,
		Model: "offline",
		Usage: Usage{PromptTokens: b.tok.Count(p.Text()), CompletionTokens: b.tok.Count(text), Requests: 1},
	}, nil
}
