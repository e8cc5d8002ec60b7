package strategies

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/memarena/memarena/internal/embed"
	"github.com/memarena/memarena/internal/vecstore"
	"github.com/memarena/memarena/scenarios"
)

// RawIndex is the raw-observation store a structured memory keeps beside
// its structure: every turn, as "speaker: text", embedded into a vector
// collection (chromem-go through internal/vecstore) and searchable by
// cosine similarity. It is the part of the graph-plus-vector designs
// (GAAMA, Mem0's vector store beside its graph, Thought-Retriever's raw
// knowledge chunks beside its thoughts) that keeps a turn retrievable when
// extraction found nothing in it. The zero value is not usable; build one
// with NewRawIndex. Not safe for concurrent use.
type RawIndex struct {
	store *vecstore.Store
	log   TurnLog
	dim   int
}

// NewRawIndex returns an empty index embedding with emb (required).
func NewRawIndex(emb embed.Embedder) *RawIndex {
	return &RawIndex{store: vecstore.New(emb), dim: emb.Dim()}
}

// Add embeds and stores one turn. A turn id added twice is an error.
func (r *RawIndex) Add(ctx context.Context, t Turn) error {
	if _, dup := r.log.Get(t.ID); dup {
		return fmt.Errorf("raw index: turn %q added twice", t.ID)
	}
	if err := r.store.Add(ctx, []string{t.ID}, []string{Speaker(t) + ": " + t.Text}, nil); err != nil {
		return fmt.Errorf("raw index: turn %s: %w", t.ID, err)
	}
	r.log.Add(t)
	return nil
}

// Search returns up to n turns nearest to question, best first, as
// KindTurn items (TurnItem) scored by cosine similarity in [-1, 1]; ties
// by turn id (vecstore's order).
func (r *RawIndex) Search(ctx context.Context, question string, n int) ([]Item, error) {
	hits, err := r.store.Query(ctx, question, n, nil)
	if err != nil {
		return nil, err
	}
	out := make([]Item, 0, len(hits))
	for _, h := range hits {
		if t, ok := r.log.Get(h.ID); ok {
			out = append(out, TurnItem(t, h.Score))
		}
	}
	return out, nil
}

// Len is the number of stored turns.
func (r *RawIndex) Len() int { return len(r.log.Turns) }

// Bytes estimates the stored payload: turn text and ids plus 4 bytes per
// vector dimension per turn.
func (r *RawIndex) Bytes() int64 { return r.log.Bytes() + int64(4*r.dim*len(r.log.Turns)) }

// FuseRRF merges ranked item lists by reciprocal rank fusion (Cormack,
// Clarke and Büttcher, SIGIR 2009): an item's score is Σ_l w_l / (k + r_l)
// over the lists l holding it at 1-based rank r_l. Items are identified by
// Kind and ID; an item in several lists keeps the fields of its first
// occurrence (list order) with the fused score. weights[l] multiplies list
// l (nil: all 1). The result is sorted by fused score descending, ties by
// first occurrence (list order, then rank). k must be ≥ 0 and weights, when
// given, one per list; otherwise FuseRRF returns an error.
func FuseRRF(k float64, weights []float64, lists ...[]Item) ([]Item, error) {
	if k < 0 {
		return nil, fmt.Errorf("rrf: k %v must be ≥ 0", k)
	}
	if weights != nil && len(weights) != len(lists) {
		return nil, fmt.Errorf("rrf: %d weights for %d lists", len(weights), len(lists))
	}
	idx := map[string]int{}
	var out []Item
	var score []float64
	for l, list := range lists {
		w := 1.0
		if weights != nil {
			w = weights[l]
		}
		seen := map[string]bool{}
		for r, it := range list {
			key := it.Kind + "\x00" + it.ID
			if seen[key] {
				continue
			}
			seen[key] = true
			i, ok := idx[key]
			if !ok {
				i = len(out)
				idx[key] = i
				out = append(out, it)
				score = append(score, 0)
			}
			score[i] += w / (k + float64(r+1))
		}
	}
	order := make([]int, len(out))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return score[order[a]] > score[order[b]] })
	res := make([]Item, len(out))
	for j, i := range order {
		res[j] = out[i]
		res[j].Score = score[i]
	}
	return res, nil
}

// selfWords are the first-person words that refer to a turn's speaker.
var selfWords = map[string]bool{"i": true, "me": true, "my": true, "mine": true, "myself": true}

// IsSelfMention reports whether an extracted subject or object is the
// speaker's first person: "I", "me", "my", "myself", "mine" or the role
// placeholder "user" (with or without "the"), case-insensitive.
func IsSelfMention(mention string) bool {
	m := strings.ToLower(strings.TrimSpace(mention))
	m = strings.TrimPrefix(m, "the ")
	return selfWords[m] || m == "user"
}

// Person is the name facts said by t in the first person are filed under:
// the turn's speaker name for a user turn that has one (two people talking
// stay two people), else "user" for user turns and the role otherwise
// ("assistant", "tool"). Person never returns "".
func Person(t Turn) string {
	if t.Role == "user" || t.Role == "" {
		if s := strings.TrimSpace(t.Speaker); s != "" {
			return s
		}
		return "user"
	}
	return t.Role
}

// Gold kinds a strategy can receive in extraction: oracle mode (the keys of
// GoldCount).
const (
	GoldTriplets  = "triplets"  // Gold.Triplets
	GoldThoughts  = "thoughts"  // Gold.Thoughts
	GoldIntents   = "intents"   // Gold.Intents
	GoldPaths     = "paths"     // Gold.Path
	GoldFacts     = "facts"     // Gold.Facts: free-text facts run through the strategy's own extraction request
	GoldSummaries = "summaries" // SessionInfo.Summary
)

// GoldCount counts the gold annotations a strategy received, by kind (the
// Gold* constants): how many triplets, facts, summaries … it used.
type GoldCount map[string]int

// String renders the counts as "facts 12, summaries 3" in the order of the
// Gold* constants (other kinds after, sorted); "none" when empty.
func (g GoldCount) String() string {
	order := []string{GoldTriplets, GoldThoughts, GoldIntents, GoldPaths, GoldFacts, GoldSummaries}
	known := map[string]bool{}
	var parts []string
	for _, k := range order {
		known[k] = true
		if g[k] > 0 {
			parts = append(parts, fmt.Sprintf("%s %d", k, g[k]))
		}
	}
	var rest []string
	for k, n := range g {
		if !known[k] && n > 0 {
			rest = append(rest, fmt.Sprintf("%s %d", k, n))
		}
	}
	sort.Strings(rest)
	parts = append(parts, rest...)
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, ", ")
}

// GoldReporter is implemented by strategies that say which gold they
// received in extraction: oracle mode; the runner stores it per cell and
// reports print it beside the extraction mode, so a row is never read as
// oracle when its strategy got no gold.
type GoldReporter interface {
	// GoldReceived returns the counts so far (nil or empty: none).
	GoldReceived() GoldCount
}

// Count adds the gold of one turn, of the listed kinds only (the kinds the
// strategy reads): GoldTriplets, GoldThoughts and GoldIntents count
// entries, GoldPaths 1 for a turn with a path, GoldFacts its free-text
// facts. A nil gold adds nothing.
func (g GoldCount) Count(gold *scenarios.Gold, kinds ...string) {
	if gold == nil {
		return
	}
	for _, k := range kinds {
		n := 0
		switch k {
		case GoldTriplets:
			n = len(gold.Triplets)
		case GoldThoughts:
			n = len(gold.Thoughts)
		case GoldIntents:
			n = len(gold.Intents)
		case GoldFacts:
			n = len(gold.Facts)
		case GoldPaths:
			if gold.Path != nil {
				n = 1
			}
		}
		g[k] += n
	}
}
