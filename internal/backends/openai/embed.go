package openai

import (
	"context"
	"errors"
	"fmt"
	"math"

	sdk "github.com/openai/openai-go/v3"
)

// Embedder is an embed.Embedder backed by the endpoint's /embeddings, with
// vectors cached per text. Its dimension is fixed at construction: the
// configured embed_dimensions, or the length of the vector the model
// returns for a probe text.
type Embedder struct {
	c     *Client
	model string
	dim   int
	// dimParam is sent as "dimensions" when > 0.
	dimParam int
	batch    int
}

// dimensionProbe is the text embedded at start to learn the dimension.
const dimensionProbe = "memarena embedding dimension probe"

// NewEmbedder builds the embedder of modelName on c's endpoint and records
// its dimension: c's embed_dimensions option when set (checked on every
// reply), otherwise the length of the vector returned for a probe text
// (one request, or none when cached).
func NewEmbedder(ctx context.Context, c *Client, modelName string) (*Embedder, error) {
	if modelName == "" {
		return nil, errors.New("backend.options.models.embedder: empty")
	}
	e := &Embedder{c: c, model: modelName, dimParam: c.opts.EmbedDimensions, dim: c.opts.EmbedDimensions, batch: c.opts.EmbedBatch}
	if e.dim == 0 {
		v, err := e.Embed(ctx, []string{dimensionProbe})
		if err != nil {
			return nil, fmt.Errorf("embedder %s: probing the dimension: %w", modelName, err)
		}
		e.dim = len(v[0])
		if e.dim == 0 {
			return nil, fmt.Errorf("embedder %s: the endpoint returned an empty vector", modelName)
		}
	}
	return e, nil
}

// Dim implements embed.Embedder.
func (e *Embedder) Dim() int { return e.dim }

// Name implements embed.Embedder: "openai:<model>-<dim>d".
func (e *Embedder) Name() string { return fmt.Sprintf("openai:%s-%dd", e.model, e.dim) }

// Model is the embedding model name.
func (e *Embedder) Model() string { return e.model }

// Embed implements embed.Embedder: one unit-length float32 vector per
// text, in order. Cached texts cost no request; the rest go in batches of
// embed_batch texts. A vector of the wrong dimension, or a reply with the
// wrong number of vectors, is an error.
func (e *Embedder) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	out := make([][]float32, len(texts))
	keys := make([]string, len(texts))
	var missing []int
	for i, t := range texts {
		keys[i] = hashJSON(embedKeyFields{V: cacheVersion, Endpoint: e.c.endpoint, Model: e.model, Dimensions: e.dimParam, Text: t})
		if e.c.cache != nil {
			v, ok, err := e.c.cache.GetEmbedding(ctx, keys[i])
			if err != nil {
				return nil, err
			}
			if ok && (e.dim == 0 || len(v) == e.dim) {
				out[i] = v
				e.c.embedHits.Add(1)
				continue
			}
		}
		missing = append(missing, i)
	}
	for start := 0; start < len(missing); start += e.batch {
		end := min(start+e.batch, len(missing))
		idx := missing[start:end]
		batch := make([]string, len(idx))
		for j, i := range idx {
			batch[j] = texts[i]
		}
		vecs, err := e.request(ctx, keys[idx[0]], batch)
		if err != nil {
			return nil, err
		}
		for j, i := range idx {
			out[i] = vecs[j]
			if e.c.cache != nil {
				// The cache's vector wins, should another writer have been first.
				v, err := e.c.cache.StoreEmbedding(ctx, keys[i], e.c.endpoint, e.model, vecs[j])
				if err != nil {
					return nil, err
				}
				out[i] = v
			}
		}
	}
	return out, nil
}

// request embeds one batch with retries and returns unit vectors in input
// order.
func (e *Embedder) request(ctx context.Context, key string, batch []string) ([][]float32, error) {
	params := sdk.EmbeddingNewParams{
		Model:          sdk.EmbeddingModel(e.model),
		Input:          sdk.EmbeddingNewParamsInputUnion{OfArrayOfStrings: batch},
		EncodingFormat: sdk.EmbeddingNewParamsEncodingFormatFloat,
	}
	if e.dimParam > 0 {
		params.Dimensions = sdk.Int(int64(e.dimParam))
	}
	var res *sdk.CreateEmbeddingResponse
	err := e.c.do(ctx, key, func(actx context.Context) error {
		r, err := e.c.api.Embeddings.New(actx, params)
		if err != nil {
			return err
		}
		res = r
		return nil
	})
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, fmt.Errorf("embedder %s: %w", e.model, err)
	}
	if len(res.Data) != len(batch) {
		return nil, fmt.Errorf("embedder %s: %d vectors for %d texts", e.model, len(res.Data), len(batch))
	}
	out := make([][]float32, len(batch))
	for _, d := range res.Data {
		if d.Index < 0 || int(d.Index) >= len(batch) || out[d.Index] != nil {
			return nil, fmt.Errorf("embedder %s: reply has a bad or repeated index %d", e.model, d.Index)
		}
		if e.dim > 0 && len(d.Embedding) != e.dim {
			return nil, fmt.Errorf("embedder %s: vector of dimension %d, want %d (backend.options.embed_dimensions or the model's recorded dimension)", e.model, len(d.Embedding), e.dim)
		}
		out[d.Index] = UnitFloat32(d.Embedding)
	}
	tokens := int(res.Usage.PromptTokens)
	if !res.JSON.Usage.Valid() || tokens == 0 {
		tokens = 0
		for _, t := range batch {
			tokens += e.c.tok.Count(t)
		}
	}
	e.c.embedTokens.Add(int64(tokens))
	return out, nil
}

// UnitFloat32 converts an API vector (float64) to an L2-normalized float32
// vector — the one place where that conversion happens. The norm is
// computed in float64; a zero vector stays zero.
func UnitFloat32(v []float64) []float32 {
	var ss float64
	for _, x := range v {
		ss += x * x
	}
	out := make([]float32, len(v))
	if ss == 0 || math.IsNaN(ss) || math.IsInf(ss, 0) {
		return out
	}
	n := math.Sqrt(ss)
	for i, x := range v {
		out[i] = float32(x / n)
	}
	return out
}
