// Package backends builds the model client and embedder a run uses from its
// backend config. "offline" (the default) is the deterministic offline
// backend with the hashing embedder; other kinds register themselves here.
package backends

import (
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/agnivade/levenshtein"

	"github.com/memarena/memarena/internal/embed"
	"github.com/memarena/memarena/internal/judge"
	"github.com/memarena/memarena/internal/model"
	offlinemodel "github.com/memarena/memarena/internal/offline"
	"github.com/memarena/memarena/internal/tokenizer"
)

// Backend is what a run needs from a backend.
type Backend struct {
	// Client serves model requests; the runner wraps it in a Meter per cell.
	Client model.Client
	// Embedder embeds texts.
	Embedder embed.Embedder
	// Description is the one-line header reports carry ("offline
	// (deterministic rules, extractive reader, lexical judge)").
	Description string
	// Close releases resources (caches); may be nil.
	Close func() error
	// Offline is true when requests are answered by the deterministic
	// offline backend — also when a real backend kind fell back to it.
	Offline bool
	// Judge configures the LLM judge the runner grades answers with; nil
	// means no LLM judge (the offline backend has none).
	Judge *judge.Config
	// Models maps role ("extractor", "reader", "judge", "embedder") to the
	// model serving it; nil for the offline backend.
	Models map[string]string
	// Prices maps a model name to its price per 1M tokens; nil or missing
	// models leave dollar columns "n/a".
	Prices model.PriceTable
	// Stats, when set, returns the backend's request counts so far
	// ("http_requests", "chat_cache_hits", …); reports show them apart
	// from results, since they depend on the response cache's state.
	Stats func() map[string]int64
}

// Factory builds a backend from its options.
type Factory func(opts map[string]any, tok *tokenizer.Tokenizer, embedDim int) (*Backend, error)

var (
	mu        sync.RWMutex
	factories = map[string]Factory{"offline": offline}
)

// Register adds a backend kind.
func Register(kind string, f Factory) {
	mu.Lock()
	defer mu.Unlock()
	factories[kind] = f
}

// Kinds lists the backend kinds, sorted.
func Kinds() []string {
	mu.RLock()
	defer mu.RUnlock()
	var out []string
	for k := range factories {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// New builds the backend of kind.
func New(kind string, opts map[string]any, tok *tokenizer.Tokenizer, embedDim int) (*Backend, error) {
	mu.RLock()
	f, ok := factories[kind]
	mu.RUnlock()
	if !ok {
		hint := ""
		for _, k := range Kinds() {
			if levenshtein.ComputeDistance(kind, k) <= 2 || strings.HasPrefix(k, kind) && kind != "" {
				hint = fmt.Sprintf(" (did you mean %q?)", k)
				break
			}
		}
		return nil, fmt.Errorf("unknown backend %q%s; known: %s", kind, hint, strings.Join(Kinds(), ", "))
	}
	return f(opts, tok, embedDim)
}

// embedCacheLimit is the offline embedder's vectors held per generation of
// its cache (embed.Cached).
const embedCacheLimit = 1 << 14

func offline(opts map[string]any, tok *tokenizer.Tokenizer, embedDim int) (*Backend, error) {
	if len(opts) > 0 {
		return nil, fmt.Errorf("backend offline takes no options")
	}
	e := embed.NewHashing(embedDim)
	return &Backend{
		Client: OfflineClient(tok),
		// Every strategy embeds the same turns: one vector per text per
		// process (16k vectors per generation, 32 MB at 512-d).
		Embedder:    embed.NewCached(e, embedCacheLimit),
		Description: "offline (the offline model: one general-English analysis of each turn for every request kind, extractive reader, lexical judge; embedder " + e.Name() + ")",
		Offline:     true,
	}, nil
}

// OfflineClient is the offline backend's model client: the offline model
// (internal/offline) answering every request kind, tokens counted with tok.
func OfflineClient(tok *tokenizer.Tokenizer) *model.OfflineBackend {
	return model.NewOffline(tok, offlinemodel.New())
}
