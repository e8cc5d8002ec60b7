package strategies

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/memarena/memarena/internal/embed"
	"github.com/memarena/memarena/internal/vecstore"
	"github.com/memarena/memarena/scenarios"
)

// RawIndex is the raw-observation store a structured memory keeps beside
// its structure: every turn, embedded into a vector collection (chromem-go
// through internal/vecstore) and searchable by cosine similarity. It is the
// part of the graph-plus-vector designs (GAAMA's verbatim episodes beside
// its graph, Mem0's vector store beside its graph, Thought-Retriever's raw
// data beside its thoughts) that keeps a turn retrievable whatever
// extraction found in it.
//
// A stored observation is a window: the turn together with the window−1
// turns before it in its session, rendered "Speaker: text" and joined by a
// newline for the embedding — a turn read in the context of the message it
// answers, the same unit the flat-rag baseline stores with its default
// chunk_turns 2, overlap 1. Window 1 stores single turns. The zero value is
// not usable; build one with NewRawIndex. Not safe for concurrent use.
type RawIndex struct {
	store  *vecstore.Store
	log    TurnLog
	dim    int
	window int
	tail   []Turn              // last window−1 turns of the current session
	ids    map[string][]string // window turn ids by the id of its last turn
}

// DefaultRawWindow is the raw observation window of the structured
// strategies: a turn and the one before it (see RawIndex).
const DefaultRawWindow = 2

// NewRawIndex returns an empty index embedding with emb (required) whose
// observations span window turns (values below 1 are read as 1).
func NewRawIndex(emb embed.Embedder, window int) *RawIndex {
	return &RawIndex{store: vecstore.New(emb), dim: emb.Dim(), window: max(window, 1), ids: map[string][]string{}}
}

// Add embeds and stores one turn in its window (turns must come in
// conversation order). A turn id added twice is an error.
func (r *RawIndex) Add(ctx context.Context, t Turn) error {
	if _, dup := r.log.Get(t.ID); dup {
		return fmt.Errorf("raw index: turn %q added twice", t.ID)
	}
	if len(r.tail) > 0 && r.tail[len(r.tail)-1].SessionID != t.SessionID {
		r.tail = nil
	}
	win := append(slices.Clone(r.tail), t)
	lines := make([]string, len(win))
	ids := make([]string, len(win))
	for i, w := range win {
		lines[i] = Speaker(w) + ": " + w.Text
		ids[i] = w.ID
	}
	if err := r.store.Add(ctx, []string{t.ID}, []string{strings.Join(lines, "\n")}, nil); err != nil {
		return fmt.Errorf("raw index: turn %s: %w", t.ID, err)
	}
	r.log.Add(t)
	r.ids[t.ID] = ids
	if r.window > 1 {
		r.tail = append(r.tail, t)
		if len(r.tail) > r.window-1 {
			r.tail = r.tail[len(r.tail)-(r.window-1):]
		}
	}
	return nil
}

// Search returns up to n observations nearest to question, best first,
// scored by cosine similarity in [-1, 1] (ties by turn id, vecstore's
// order). A single-turn observation is a KindTurn item (TurnItem); a
// window of several turns is a KindChunk item with ID "<first>..<last>",
// the turns' "Speaker: text" lines joined by " / ", every turn id as
// provenance in turn order, and the last turn's time.
func (r *RawIndex) Search(ctx context.Context, question string, n int) ([]Item, error) {
	hits, err := r.store.Query(ctx, question, n, nil)
	if err != nil {
		return nil, err
	}
	out := make([]Item, 0, len(hits))
	for _, h := range hits {
		if it, ok := r.item(h.ID, h.Score); ok {
			out = append(out, it)
		}
	}
	return out, nil
}

// item builds the observation ending at turn id.
func (r *RawIndex) item(id string, score float64) (Item, bool) {
	ids := r.ids[id]
	if len(ids) == 0 {
		return Item{}, false
	}
	if len(ids) == 1 {
		t, _ := r.log.Get(id)
		return TurnItem(t, score), true
	}
	parts := make([]string, len(ids))
	var last Turn
	for i, tid := range ids {
		last, _ = r.log.Get(tid)
		parts[i] = Speaker(last) + ": " + last.Text
	}
	return Item{ID: ids[0] + ".." + id, Text: strings.Join(parts, " / "), Score: score, Kind: KindChunk,
		TurnIDs: slices.Clone(ids), Time: last.Time}, true
}

// Fuse is the raw channel's part of a structured memory's retrieval: it
// searches the n observations nearest to question, marks those for which
// stale reports true as superseded (stale may be nil: none is), and fuses
// them with the structured ranking by FuseRaw with weight structure.
func (r *RawIndex) Fuse(ctx context.Context, question string, n int, structured []Item, structure float64, stale func(Item) (bool, error)) ([]Item, error) {
	raw, err := r.Search(ctx, question, n)
	if err != nil {
		return nil, err
	}
	if stale != nil {
		for i := range raw {
			old, err := stale(raw[i])
			if err != nil {
				return nil, err
			}
			if old {
				raw[i].Status = StatusSuperseded
			}
		}
	}
	return FuseRaw(structured, raw, structure)
}

// CitesAny returns a stale test for Fuse: an observation is stale when it
// holds one of the turns in set (the turns that stated a value now
// superseded).
func CitesAny(set map[string]bool) func(Item) (bool, error) {
	return func(it Item) (bool, error) {
		for _, id := range it.TurnIDs {
			if set[id] {
				return true, nil
			}
		}
		return false, nil
	}
}

// Turn returns a stored turn by id.
func (r *RawIndex) Turn(id string) (Turn, bool) { return r.log.Get(id) }

// Len is the number of stored turns (0 for a nil index).
func (r *RawIndex) Len() int {
	if r == nil {
		return 0
	}
	return len(r.log.Turns)
}

// Bytes estimates the stored payload: turn text and ids plus 4 bytes per
// vector dimension per turn (0 for a nil index).
func (r *RawIndex) Bytes() int64 {
	if r == nil {
		return 0
	}
	return r.log.Bytes() + int64(4*r.dim*len(r.log.Turns))
}

// Reciprocal rank fusion constants of the raw channel (FuseRaw).
const (
	// RRFK is the k of reciprocal rank fusion, 60 as in Cormack, Clarke and
	// Büttcher (SIGIR 2009), where it was fixed once for all collections.
	RRFK = 60.0
	// LinkShare is the weight of a linked vote (an entry of another list
	// sharing a turn with the item) relative to a direct one.
	LinkShare = 0.5
)

// FuseRRF merges ranked item lists by reciprocal rank fusion (Cormack,
// Clarke and Büttcher, SIGIR 2009): an item's score is Σ_l w_l / (k + r_l)
// over the lists l holding it at 1-based rank r_l. Items are identified by
// Kind and ID; an item in several lists keeps the fields of its first
// occurrence (list order) with the fused score. weights[l] multiplies list
// l (nil: all 1). The result is sorted by fused score descending, ties by
// first occurrence (list order, then rank). k must be ≥ 0 and weights, when
// given, one per list; otherwise FuseRRF returns an error.
func FuseRRF(k float64, weights []float64, lists ...[]Item) ([]Item, error) {
	return FuseLinkedRRF(k, 0, weights, lists...)
}

// FuseLinkedRRF is FuseRRF with provenance links: a list that does not hold
// an item still votes for it, at share of a direct vote, at the rank of its
// best entry sharing a turn id with the item (a fact and the raw turn it
// was read from support each other). An item's score is
// Σ_l w_l / (k + r_l) over the lists holding it plus
// Σ_l share · w_l / (k + r'_l) over the lists that hold only an entry, at
// rank r'_l, citing one of its turns. share must be in [0, 1].
func FuseLinkedRRF(k, share float64, weights []float64, lists ...[]Item) ([]Item, error) {
	if !(k >= 0) {
		return nil, fmt.Errorf("rrf: k %v must be ≥ 0", k)
	}
	if !(share >= 0 && share <= 1) {
		return nil, fmt.Errorf("rrf: link share %v must be in [0, 1]", share)
	}
	if weights != nil && len(weights) != len(lists) {
		return nil, fmt.Errorf("rrf: %d weights for %d lists", len(weights), len(lists))
	}
	idx := map[string]int{}
	var out []Item
	own := make([]map[string]int, len(lists))    // best own rank per item key
	byTurn := make([]map[string]int, len(lists)) // best rank of an entry citing a turn
	for l, list := range lists {
		own[l], byTurn[l] = map[string]int{}, map[string]int{}
		for r, it := range list {
			key := it.Kind + "\x00" + it.ID
			if _, seen := own[l][key]; !seen {
				own[l][key] = r + 1
			}
			for _, t := range it.TurnIDs {
				if _, seen := byTurn[l][t]; !seen {
					byTurn[l][t] = r + 1
				}
			}
			if _, ok := idx[key]; !ok {
				idx[key] = len(out)
				out = append(out, it)
			}
		}
	}
	score := make([]float64, len(out))
	for i, it := range out {
		key := it.Kind + "\x00" + it.ID
		for l := range lists {
			w := 1.0
			if weights != nil {
				w = weights[l]
			}
			if r, ok := own[l][key]; ok {
				score[i] += w / (k + float64(r))
				continue
			}
			if share == 0 {
				continue
			}
			best := 0
			for _, t := range it.TurnIDs {
				if r, ok := byTurn[l][t]; ok && (best == 0 || r < best) {
					best = r
				}
			}
			if best > 0 {
				score[i] += share * w / (k + float64(best))
			}
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

// NovelFirst reorders items by marginal novelty, in the spirit of maximal
// marginal relevance (Carbonell and Goldstein, SIGIR 1998): in order, an
// item whose turns are all cited by earlier items moves behind the items
// that bring a new turn, keeping relative order. Items without provenance
// count as new. Stable; the input is not modified.
func NovelFirst(items []Item) []Item {
	covered := map[string]bool{}
	var novel, redundant []Item
	for _, it := range items {
		isNew := len(it.TurnIDs) == 0
		for _, id := range it.TurnIDs {
			if !covered[id] {
				isNew = true
			}
		}
		if !isNew {
			redundant = append(redundant, it)
			continue
		}
		for _, id := range it.TurnIDs {
			covered[id] = true
		}
		novel = append(novel, it)
	}
	return append(novel, redundant...)
}

// FuseRaw merges a structured memory's ranking with its raw channel's
// (RawIndex.Search) by linked reciprocal rank fusion (FuseLinkedRRF with
// k = RRFK and share LinkShare) and orders the result by novelty
// (NovelFirst). The raw list has weight 1 and the structured list weight
// structure (≥ 0): with structure < 1 a structured item outranks a raw
// observation only when it ranks higher or is backed by raw evidence for
// its turns, so a weak structured channel cannot push relevant raw turns
// out of the top of the list, while structure that agrees with the raw
// evidence lifts it. Scores are the fused ones.
func FuseRaw(structured, raw []Item, structure float64) ([]Item, error) {
	if !(structure >= 0) {
		return nil, fmt.Errorf("rrf: structure weight %v must be ≥ 0", structure)
	}
	fused, err := FuseLinkedRRF(RRFK, LinkShare, []float64{structure, 1}, structured, raw)
	if err != nil {
		return nil, err
	}
	return NovelFirst(fused), nil
}

// selfWords are the first-person singular words that refer to a turn's
// speaker; ownSideWords the first-person plural references to the
// speaker's side of the conversation. Both are closed grammatical classes
// of English, shared by every strategy that files an extracted mention
// under a person.
var (
	selfWords    = map[string]bool{"i": true, "me": true, "my": true, "mine": true, "myself": true}
	ownSideWords = map[string]bool{"we": true, "us": true, "our": true, "ours": true, "ourselves": true, "let's": true, "our team": true, "my team": true}
)

// IsOwnSide reports whether an extracted subject or object is a
// first-person plural reference to the speaker's side ("we", "us", "our",
// "ours", "ourselves", "let's", "our team", "my team"), case-insensitive.
// In a conversation with one user it is the user's side.
func IsOwnSide(mention string) bool {
	return ownSideWords[strings.ToLower(strings.TrimSpace(mention))]
}

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
	GoldEvidence  = "evidence"  // Query.Gold: a probe's gold evidence (SeesGold strategies only)
)

// GoldCount counts the gold annotations a strategy received, by kind (the
// Gold* constants): how many triplets, facts, summaries … it used.
type GoldCount map[string]int

// String renders the counts as "facts 12, summaries 3" in the order of the
// Gold* constants (other kinds after, sorted); "none" when empty.
func (g GoldCount) String() string {
	order := []string{GoldTriplets, GoldThoughts, GoldIntents, GoldPaths, GoldFacts, GoldSummaries, GoldEvidence}
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
