// Package flatrag is flat vector retrieval-augmented generation (Lewis et
// al., 2020, "Retrieval-Augmented Generation for Knowledge-Intensive NLP
// Tasks", in its common memory form): the transcript is cut into chunks of
// consecutive turns within a session, each chunk is embedded and stored in a
// chromem-go collection, and a query returns the top-k chunks by cosine
// similarity, packed into the budget.
package flatrag

import (
	"context"
	"fmt"
	"strings"

	"github.com/memarena/memarena/internal/vecstore"
	"github.com/memarena/memarena/strategies"
)

func init() {
	strategies.Register(strategies.Spec{
		Name:    "flat-rag",
		Summary: "chunks of turns embedded in chromem-go; top-k cosine search",
		Source:  "Lewis et al. 2020 (RAG); flat vector memory",
		Params: []strategies.ParamSpec{
			{Name: "chunk_turns", Type: strategies.TypeInt, Default: 2, Min: 1, Max: 64, Doc: "turns per chunk (a window within one session)"},
			{Name: "overlap", Type: strategies.TypeInt, Default: 1, Min: 0, Max: 63, Doc: "turns shared by consecutive chunks (< chunk_turns)"},
			{Name: "top_k", Type: strategies.TypeInt, Default: 8, Min: 1, Max: 1000, Doc: "chunks retrieved per query before packing"},
		},
		Check: func(p strategies.Params) error {
			if size, overlap := p.Int("chunk_turns"), p.Int("overlap"); overlap >= size {
				return &strategies.ParamError{Strategy: "flat-rag", Param: "overlap", Msg: fmt.Sprintf("%d must be smaller than chunk_turns (%d)", overlap, size)}
			}
			return nil
		},
		New: func(env strategies.Env, p strategies.Params) (strategies.Strategy, error) {
			size, overlap := p.Int("chunk_turns"), p.Int("overlap")
			return &FlatRAG{env: env, size: size, stride: size - overlap, topK: p.Int("top_k"), store: vecstore.New(env.Embedder)}, nil
		},
	})
}

// FlatRAG is the strategy.
type FlatRAG struct {
	env          strategies.Env
	size, stride int
	topK         int
	store        *vecstore.Store

	session []strategies.Turn // turns of the current session
	next    int               // index in session where the next chunk starts
	chunks  map[string]chunk
	bytes   int64
}

type chunk struct {
	turns []strategies.Turn
	text  string
}

// Ingest buffers the turn and embeds every full window that ends with it.
func (f *FlatRAG) Ingest(ctx context.Context, t strategies.Turn) error {
	if len(f.session) > 0 && f.session[0].SessionID != t.SessionID {
		if err := f.flush(ctx, true); err != nil {
			return err
		}
	}
	f.session = append(f.session, t)
	return f.flush(ctx, false)
}

// EndSession embeds the session's last, partial window.
func (f *FlatRAG) EndSession(ctx context.Context, _ strategies.SessionInfo) error {
	return f.flush(ctx, true)
}

// flush stores every complete window starting at f.next; with final, also
// the trailing partial window, then resets the session buffer.
func (f *FlatRAG) flush(ctx context.Context, final bool) error {
	for f.next+f.size <= len(f.session) {
		if err := f.add(ctx, f.session[f.next:f.next+f.size]); err != nil {
			return err
		}
		f.next += f.stride
	}
	if final {
		// Store the tail not covered by a stored window: the whole session
		// when it was shorter than one window, else the turns after the last
		// window (starting at f.next keeps the configured overlap).
		covered := 0
		if f.next > 0 {
			covered = f.next - f.stride + f.size
		}
		if covered < len(f.session) {
			if err := f.add(ctx, f.session[f.next:]); err != nil {
				return err
			}
		}
		f.session, f.next = nil, 0
	}
	return nil
}

func (f *FlatRAG) add(ctx context.Context, ts []strategies.Turn) error {
	if f.chunks == nil {
		f.chunks = map[string]chunk{}
	}
	lines := make([]string, len(ts))
	for i, t := range ts {
		lines[i] = strategies.Speaker(t) + ": " + t.Text
	}
	text := strings.Join(lines, "\n")
	id := ts[0].ID + ".." + ts[len(ts)-1].ID
	c := chunk{turns: append([]strategies.Turn(nil), ts...), text: text}
	f.chunks[id] = c
	f.bytes += int64(len(text)) + int64(4*f.env.Embedder.Dim())
	return f.store.Add(ctx, []string{id}, []string{text}, nil)
}

// Retrieve embeds the question, takes the top_k chunks and packs them.
func (f *FlatRAG) Retrieve(ctx context.Context, q strategies.Query) (strategies.Recall, error) {
	hits, err := f.store.Query(ctx, q.Question, f.topK, nil)
	if err != nil {
		return strategies.Recall{}, err
	}
	items := make([]strategies.Item, 0, len(hits))
	for _, h := range hits {
		c := f.chunks[h.ID]
		ids := make([]string, len(c.turns))
		for i, t := range c.turns {
			ids[i] = t.ID
		}
		items = append(items, strategies.Item{
			ID: h.ID, Text: strings.ReplaceAll(c.text, "\n", " / "), Score: h.Score, Kind: strategies.KindChunk,
			TurnIDs: ids, Time: c.turns[len(c.turns)-1].Time,
		})
	}
	return strategies.Pack(f.env.Tokenizer, items, q.Budget, "", nil), nil
}

// Footprint counts chunks and their text plus vector bytes.
func (f *FlatRAG) Footprint() strategies.Footprint {
	return strategies.Footprint{Items: len(f.chunks), Bytes: f.bytes}
}

// GoldReceived is empty: flat RAG stores raw turns and reads no gold
// annotation (strategies.GoldReporter).
func (f *FlatRAG) GoldReceived() strategies.GoldCount { return nil }

// Close does nothing (the collection is in memory).
func (f *FlatRAG) Close() error { return nil }
