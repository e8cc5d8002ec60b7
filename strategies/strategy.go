// Package strategies is the contract every memory strategy implements, the
// registry that builds strategies by name from YAML parameters, and the
// helpers they share (budget packing, parameter parsing). Each strategy lives
// in its own sub-package and registers itself in init; package
// strategies/all imports them all. Strategies never import each other or the
// runner.
package strategies

import (
	"context"
	"io"
	"time"

	"github.com/memarena/memarena/internal/embed"
	"github.com/memarena/memarena/internal/model"
	"github.com/memarena/memarena/internal/tokenizer"
	"github.com/memarena/memarena/scenarios"
)

// Strategy is a memory under test. The runner drives one fresh instance per
// cell (strategy × scenario × seed), from one goroutine: Ingest for every
// turn in order, EndSession after each session, Retrieve for each probe and
// task check, Close at the end. Implementations need not be safe for
// concurrent use.
type Strategy interface {
	// Ingest adds one turn to memory (the write side: extraction, indexing,
	// rewrites). Model calls made here are charged as write cost.
	Ingest(ctx context.Context, t Turn) error
	// EndSession is the consolidation hook, called after the last turn of a
	// session. Model calls made here are charged as write cost.
	EndSession(ctx context.Context, s SessionInfo) error
	// Retrieve returns ranked memory items for q, with a rendered context
	// that fits q.Budget tokens. Items must be exactly those that made it
	// into the context, best first, each naming the turns it came from.
	Retrieve(ctx context.Context, q Query) (Recall, error)
	// Footprint reports the memory's current size.
	Footprint() Footprint
	// Close releases resources; the instance is not used afterwards.
	Close() error
}

// Turn is what a strategy sees of a scenario turn.
type Turn struct {
	ID        string
	SessionID string
	// SessionIndex is the 0-based index of the session in the scenario.
	SessionIndex int
	// Index is the 0-based index of the turn within its session.
	Index   int
	Role    string // "user", "assistant" or "tool"
	Speaker string
	// Addressee is the name of the person the turn speaks to ("you"), or
	// "" when unknown.
	Addressee string
	Text      string
	// Time is when the turn was said (scenario time, never the wall clock).
	Time time.Time
	// SessionStart is the start of the turn's session; relative dates in
	// Text are relative to it.
	SessionStart time.Time
	// Task is the session's task goal, or "".
	Task string
	// Gold is the turn's gold annotation; non-nil only in `extraction:
	// oracle` mode.
	Gold *scenarios.Gold
}

// SessionInfo describes the session that just ended.
type SessionInfo struct {
	ID    string
	Index int
	Start time.Time
	End   time.Time
	// Task is the session's task goal, or "".
	Task string
	// TurnIDs of the session, in order.
	TurnIDs []string
	// Summary is the gold session summary; set only in `extraction: oracle`
	// mode and only when the scenario has one.
	Summary string
}

// Query is one retrieval request.
type Query struct {
	// ID names the request: a probe id, or "task:<id>" for a task check.
	ID string
	// Question is the text to answer.
	Question string
	// AskedAt is the scenario time of the question.
	AskedAt time.Time
	// Recent holds the last turns of the current or most recent session,
	// oldest first (at most the runner's `recent` setting).
	Recent []Turn
	// Task is the goal of the current or most recent session's task, or "".
	Task string
	// Budget is the context budget in tokens (as counted by Env.Tokenizer).
	Budget int
	// K is the number of items the metrics look at (recall@K, nDCG@K); a
	// strategy may return more or fewer items.
	K int
	// Gold is the probe's gold; set only for strategies registered with
	// SeesGold (the oracle baseline). Every other strategy gets nil.
	Gold *ProbeGold
}

// ProbeGold is the gold a probe carries, shown only to SeesGold strategies.
type ProbeGold struct {
	Answers  []string
	Evidence []string
	GoldPath []string
}

// Item kinds used by the built-in strategies. Strategies may add their own.
const (
	KindTurn    = "turn"
	KindChunk   = "chunk"
	KindThought = "thought"
	KindPath    = "path"
	KindFact    = "fact"
	KindUnit    = "unit"
	KindSummary = "summary"
)

// Item statuses: whether the item states a current fact.
const (
	StatusCurrent     = ""            // current (the default)
	StatusSuperseded  = "superseded"  // an older value, kept for history
	StatusConditional = "conditional" // holds only under a condition
)

// Item is one retrieved memory item.
type Item struct {
	// ID is the strategy's own id for the item (chunk id, thought id …).
	ID string
	// Text is what the item says, as placed in the context.
	Text string
	// Score is the strategy's ranking score (higher is better; scale is the
	// strategy's own).
	Score float64
	// Kind is one of the Kind* constants or a strategy-specific kind.
	Kind string
	// TurnIDs is the provenance: the scenario turns the item came from.
	// Retrieval metrics are computed from it.
	TurnIDs []string
	// Time is the scenario time the item refers to (the latest turn).
	Time time.Time
	// Status marks superseded or conditional items; "" means current.
	Status string
}

// Recall is the result of one Retrieve.
type Recall struct {
	// Items are best first; only items present in Context.
	Items []Item
	// Context is the text handed to the reader.
	Context string
}

// Footprint is the size of a memory.
type Footprint struct {
	// Items is the number of stored memory units (chunks, thoughts, nodes,
	// triplets …).
	Items int
	// Edges is the number of stored links (0 for flat memories).
	Edges int
	// Bytes is an estimate of the stored payload in bytes (text, vectors,
	// metadata).
	Bytes int64
}

// Extraction modes.
const (
	// ExtractModel: strategies extract structure through the model client
	// (the offline backend's rules, or a real model).
	ExtractModel = "model"
	// ExtractOracle: strategies receive the scenario's gold annotations in
	// Turn.Gold and SessionInfo.Summary instead of extracting.
	ExtractOracle = "oracle"
)

// Env is what the runner gives a strategy at construction.
type Env struct {
	// Model is the typed model client (offline or real), metered per cell.
	Model model.Client
	// Embedder embeds texts for vector search.
	Embedder embed.Embedder
	// Tokenizer counts tokens for the budget.
	Tokenizer *tokenizer.Tokenizer
	// Extraction is ExtractModel or ExtractOracle.
	Extraction string
	// Seed is the cell's seed; strategies that randomize must use it.
	Seed int64
	// Budget is the cell's context budget per probe in tokens (every
	// Query carries it too); K is the run's recall@k cut-off.
	Budget, K int
	// Log is the cell's log (the run directory's logs/<cell>.log); nil
	// discards. Strategies that run a process write its stderr here.
	Log io.Writer
}

// Remote is implemented by strategies whose memory runs outside memarena
// (package strategies/external): their model calls do not go through
// Env.Model, so the runner reads the usage they report themselves.
type Remote interface {
	// ReportedUsage is the model usage the memory reported for its own
	// model calls so far, cumulative, and whether it reports usage at all.
	// When it does not, reports say "not reported", never 0.
	ReportedUsage() (model.Usage, bool)
	// Err is the first failure of a call that has no error result
	// (Footprint), or nil; the runner fails the cell with it.
	Err() error
}
