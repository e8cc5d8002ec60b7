package thoughtgraph

import (
	"context"
	"errors"
	"math"
	"testing"
	"time"

	"github.com/memarena/memarena/internal/backends"
	"github.com/memarena/memarena/internal/embed"
	"github.com/memarena/memarena/internal/model"
	"github.com/memarena/memarena/internal/textutil"
	"github.com/memarena/memarena/internal/tokenizer"
	"github.com/memarena/memarena/scenarios"
	"github.com/memarena/memarena/strategies"
)

// keyEmbedder embeds a text as the unit count vector of the known words it
// contains (one dimension per word, other words ignored), so tests control
// cosines exactly: "w0" and "w0 w1" have cosine 1/√2.
type keyEmbedder struct{ words []string }

func (k keyEmbedder) Dim() int     { return len(k.words) }
func (k keyEmbedder) Name() string { return "key" }
func (k keyEmbedder) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	out := make([][]float32, len(texts))
	for i, t := range texts {
		v := make([]float64, len(k.words))
		for _, w := range textutil.Words(t) {
			for j, kw := range k.words {
				if w == kw {
					v[j]++
				}
			}
		}
		var n float64
		for _, x := range v {
			n += x * x
		}
		out[i] = make([]float32, len(v))
		if n > 0 {
			for j, x := range v {
				out[i][j] = float32(x / math.Sqrt(n))
			}
		}
	}
	return out, nil
}

var keyWords = keyEmbedder{words: []string{"w0", "w1", "w2", "w3", "w4", "w5", "w6", "w7"}}

var t0 = time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)

func day(d int) time.Time { return t0.Add(time.Duration(d) * 24 * time.Hour) }

func offlineEnv() (strategies.Env, *model.Meter) {
	tok := tokenizer.MustDefault()
	m := model.NewMeter(backends.OfflineClient(tok))
	return strategies.Env{Model: m, Embedder: embed.NewHashing(512), Tokenizer: tok, Extraction: strategies.ExtractModel}, m
}

func oracleEnv(emb embed.Embedder) strategies.Env {
	tok := tokenizer.MustDefault()
	return strategies.Env{Model: backends.OfflineClient(tok), Embedder: emb, Tokenizer: tok, Extraction: strategies.ExtractOracle}
}

func defaultConfig() Config {
	return Config{Seeds: 5, Depth: 3, Fanout: 3, HalfLife: 90 * 24 * time.Hour, Consolidate: true}
}

func mustNew(t testing.TB, env strategies.Env, cfg Config) *ThoughtGraph {
	t.Helper()
	g, err := New(env, cfg)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// say is a turn without gold.
func say(id, session, role, text string, at time.Time) strategies.Turn {
	return strategies.Turn{ID: id, SessionID: session, Role: role, Speaker: role, Text: text, Time: at, Task: "task " + session}
}

// gold is an assistant turn carrying gold thoughts.
func gold(id, session string, at time.Time, ths ...scenarios.GoldThought) strategies.Turn {
	t := say(id, session, scenarios.RoleAssistant, "(reasoning)", at)
	t.Gold = &scenarios.Gold{Thoughts: ths}
	return t
}

func th(id, typ, content, parent string) scenarios.GoldThought {
	return scenarios.GoldThought{ID: id, Type: typ, Content: content, Parent: parent}
}

func ingestAll(t testing.TB, g *ThoughtGraph, turns ...strategies.Turn) {
	t.Helper()
	for _, tu := range turns {
		if err := g.Ingest(context.Background(), tu); err != nil {
			t.Fatalf("ingest %s: %v", tu.ID, err)
		}
	}
}

// parentsOf returns the stored parents of id, oldest first.
func parentsOf(t testing.TB, g *ThoughtGraph, id string) []string {
	t.Helper()
	nc := &neighborCache{g: g, m: map[string][]neighbor{}}
	ps, err := nc.parents(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return ps
}

// relOf returns the neighbors of id with relation rel, sorted by id.
func relOf(t testing.TB, g *ThoughtGraph, id string, rel int) []string {
	t.Helper()
	ns, err := g.graph.neighbors(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, n := range ns {
		if n.rel == rel {
			out = append(out, n.id)
		}
	}
	sortStrings(out)
	return out
}

func sortStrings(s []string) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}

// cannedClient is a model.Client that answers every request with a fixed
// reply or error, counting calls.
type cannedClient struct {
	reply string
	err   error
	calls int
}

func (c *cannedClient) Name() string { return "canned" }
func (c *cannedClient) Complete(ctx context.Context, req model.Request) (model.Response, error) {
	c.calls++
	if _, err := model.Render(req); err != nil {
		return model.Response{}, err
	}
	if c.err != nil {
		return model.Response{}, c.err
	}
	return model.Response{Text: c.reply, Model: "canned"}, nil
}

var errBoom = errors.New("boom")
