package openai

import (
	"context"
	"fmt"
	"maps"
	"time"

	"github.com/memarena/memarena/internal/backends"
	"github.com/memarena/memarena/internal/embed"
	"github.com/memarena/memarena/internal/judge"
	"github.com/memarena/memarena/internal/tokenizer"
)

// Kind is the backend kind this package registers.
const Kind = "openai"

// CacheOff is the value of the cache option that disables the cache.
const CacheOff = "off"

func init() { backends.Register(Kind, New) }

// New is the backends.Factory of kind "openai". It parses and checks opts
// (errors name the field), then:
//
//   - with no base_url and the API key variable unset, it returns the
//     offline backend, its description saying it is a fallback and why;
//   - otherwise it opens the response cache (unless cache is "off"),
//     builds the chat client, and the endpoint embedder when
//     models.embedder is set (recording its dimension; one probe request
//     unless cached) or the offline hashing embedder of embedDim.
func New(opts map[string]any, tok *tokenizer.Tokenizer, embedDim int) (*backends.Backend, error) {
	o, err := ParseOptions(opts)
	if err != nil {
		return nil, err
	}
	if o.BaseURL == "" && o.APIKey() == "" {
		b, err := backends.New("offline", nil, tok, embedDim)
		if err != nil {
			return nil, err
		}
		b.Description = fmt.Sprintf("offline — fallback: backend openai is configured but has no base_url and $%s is unset; %s",
			o.APIKeyEnv, b.Description)
		return b, nil
	}
	var cache *Cache
	if o.Cache != CacheOff {
		if cache, err = OpenCache(o.Cache); err != nil {
			return nil, fmt.Errorf("backend.options.cache: %w", err)
		}
	}
	c := NewClient(o, tok, cache)
	var emb embed.Embedder = embed.NewHashing(embedDim)
	if o.Models.Embedder != "" {
		ctx, cancel := context.WithTimeout(context.Background(), c.policy.timeout*time.Duration(*o.MaxRetries+1)+c.policy.max*time.Duration(*o.MaxRetries))
		e, err := NewEmbedder(ctx, c, o.Models.Embedder)
		cancel()
		if err != nil {
			c.Close()
			return nil, fmt.Errorf("backend.options.models.embedder: %w", err)
		}
		emb = e
	}
	b := &backends.Backend{
		Client:      c,
		Embedder:    emb,
		Description: c.Describe() + "; embedder " + emb.Name(),
		Close:       c.Close,
		Models:      c.Models(),
		Prices:      maps.Clone(o.Prices),
		Stats:       func() map[string]int64 { return c.Stats().Map() },
	}
	if o.JudgeEnabled() {
		b.Judge = &judge.Config{Model: o.Models.Judge, Variant: o.JudgePrompt, Retries: *o.JudgeRetries}
	}
	return b, nil
}
