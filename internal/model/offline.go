package model

import (
	"context"
	"fmt"
	"math"

	"github.com/memarena/memarena/internal/tokenizer"
)

// OfflineBackend is the deterministic default backend: it renders the prompt
// exactly as a real backend would (so the prompt's tokens are charged), then
// answers with its Responder (the offline model) and charges the reply's
// tokens as completion tokens. It needs no network and no key.
type OfflineBackend struct {
	tok  *tokenizer.Tokenizer
	resp Responder
}

// NewOffline returns the offline backend counting tokens with tok and
// answering with r.
func NewOffline(tok *tokenizer.Tokenizer, r Responder) *OfflineBackend {
	return &OfflineBackend{tok: tok, resp: r}
}

// Name implements Client.
func (b *OfflineBackend) Name() string { return "offline" }

// Complete implements Client.
func (b *OfflineBackend) Complete(ctx context.Context, req Request) (Response, error) {
	p, err := Render(req)
	if err != nil {
		return Response{}, err
	}
	if b.resp == nil {
		return Response{}, fmt.Errorf("offline backend: no responder for request %s", req.Kind)
	}
	score := math.NaN()
	var text string
	if sr, ok := b.resp.(ScoredResponder); ok {
		text, score, err = sr.RespondScored(ctx, req)
	} else {
		text, err = b.resp.Respond(ctx, req)
	}
	if err != nil {
		if ctx.Err() != nil {
			return Response{}, ctx.Err()
		}
		return Response{}, &FailedError{Kind: req.Kind, Cause: err}
	}
	return Response{
		Text:  text,
		Model: "offline",
		Score: score,
		Usage: Usage{PromptTokens: b.tok.Count(p.Text()), CompletionTokens: b.tok.Count(text), Requests: 1},
	}, nil
}
