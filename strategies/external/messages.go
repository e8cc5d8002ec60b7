package external

import (
	"time"

	"github.com/memarena/memarena/scenarios"
	"github.com/memarena/memarena/strategies"
)

// The Go shapes of the version-1 messages (docs/protocol.md). Requests are
// JSON-RPC 2.0 request objects whose params are the *Params types; replies
// are JSON-RPC response objects whose result is the *Result types. The JSON
// Schemas in docs/protocol/v1 are the normative form; tests check that
// these types produce and accept exactly what they describe.

// JSON-RPC 2.0 error codes the protocol uses.
const (
	CodeParseError     = -32700 // the request line was not JSON (reply id null)
	CodeInvalidRequest = -32600 // JSON, but not a request object
	CodeMethodNotFound = -32601 // unknown method
	CodeInvalidParams  = -32602 // known method, params do not match its schema
	CodeInternalError  = -32603 // the memory failed while handling the request
)

// Capabilities a memory may declare in its hello reply.
const (
	// CapUsage: replies to ingest, end_session and retrieve report the
	// memory's own model usage (a missing usage member means zero).
	CapUsage = "usage"
)

type request struct {
	JSONRPC string `json:"jsonrpc"`
	ID      int64  `json:"id"`
	Method  string `json:"method"`
	Params  any    `json:"params"`
}

// HelloParams opens the conversation.
type HelloParams struct {
	Instance string `json:"instance"`
	Protocol string `json:"protocol"`
	Harness  string `json:"harness"`
}

// HelloResult is the memory's handshake reply.
type HelloResult struct {
	Protocol     string   `json:"protocol"`
	Name         string   `json:"name"`
	Version      string   `json:"version,omitempty"`
	Capabilities []string `json:"capabilities,omitempty"`
}

// Has reports whether the memory declared capability c.
func (h HelloResult) Has(c string) bool {
	for _, x := range h.Capabilities {
		if x == c {
			return true
		}
	}
	return false
}

// InitParams configures the instance.
type InitParams struct {
	Instance   string         `json:"instance"`
	Seed       int64          `json:"seed"`
	Extraction string         `json:"extraction"`
	Budget     int            `json:"budget"`
	K          int            `json:"k"`
	Tokenizer  string         `json:"tokenizer"`
	Params     map[string]any `json:"params"`
}

// Turn is a turn as sent to the memory.
type Turn struct {
	ID           string          `json:"id"`
	Session      string          `json:"session"`
	SessionIndex int             `json:"session_index"`
	Index        int             `json:"index"`
	Role         string          `json:"role"`
	Speaker      string          `json:"speaker"`
	Text         string          `json:"text"`
	Time         string          `json:"time"`
	SessionStart string          `json:"session_start"`
	Task         string          `json:"task"`
	Gold         *scenarios.Gold `json:"gold,omitempty"`
}

// IngestParams carries one turn.
type IngestParams struct {
	Instance string `json:"instance"`
	Turn     Turn   `json:"turn"`
}

// Session is a session that just ended.
type Session struct {
	ID      string   `json:"id"`
	Index   int      `json:"index"`
	Start   string   `json:"start"`
	End     string   `json:"end"`
	Task    string   `json:"task"`
	TurnIDs []string `json:"turn_ids"`
	Summary string   `json:"summary,omitempty"`
}

// EndSessionParams carries the ended session.
type EndSessionParams struct {
	Instance string  `json:"instance"`
	Session  Session `json:"session"`
}

// Query is a retrieval request as sent to the memory; it has no gold.
type Query struct {
	ID       string `json:"id"`
	Question string `json:"question"`
	AskedAt  string `json:"asked_at"`
	Recent   []Turn `json:"recent"`
	Task     string `json:"task"`
	Budget   int    `json:"budget"`
	K        int    `json:"k"`
}

// RetrieveParams carries one query.
type RetrieveParams struct {
	Instance string `json:"instance"`
	Query    Query  `json:"query"`
}

// InstanceParams are the params of footprint and close.
type InstanceParams struct {
	Instance string `json:"instance"`
}

// Usage is the memory's own model usage for one message.
type Usage struct {
	PromptTokens     int `json:"prompt_tokens"`
	CompletionTokens int `json:"completion_tokens"`
	Requests         int `json:"requests,omitempty"`
}

// WriteResult is the reply to ingest and end_session.
type WriteResult struct {
	Usage *Usage `json:"usage,omitempty"`
}

// Item is one retrieved item as the memory sends it.
type Item struct {
	ID      string   `json:"id,omitempty"`
	Text    string   `json:"text"`
	Score   float64  `json:"score"`
	Kind    string   `json:"kind"`
	TurnIDs []string `json:"turn_ids"`
	Time    string   `json:"time,omitempty"`
	Status  string   `json:"status,omitempty"`
}

// RetrieveResult is the reply to retrieve.
type RetrieveResult struct {
	Items   []Item `json:"items"`
	Context string `json:"context"`
	Usage   *Usage `json:"usage,omitempty"`
}

// FootprintResult is the reply to footprint.
type FootprintResult struct {
	Items int   `json:"items"`
	Edges int   `json:"edges"`
	Bytes int64 `json:"bytes"`
}

// empty is the result of init and close (members are ignored).
type empty struct{}

// stamp renders a scenario time as RFC 3339.
func stamp(t time.Time) string { return t.Format(time.RFC3339Nano) }

// TurnOf converts a runner turn; gold is kept only when withGold is set
// (oracle extraction, ingest only).
func TurnOf(t strategies.Turn, withGold bool) Turn {
	out := Turn{ID: t.ID, Session: t.SessionID, SessionIndex: t.SessionIndex, Index: t.Index, Role: t.Role, Speaker: t.Speaker,
		Text: t.Text, Time: stamp(t.Time), SessionStart: stamp(t.SessionStart), Task: t.Task}
	if withGold {
		out.Gold = t.Gold
	}
	return out
}

// SessionOf converts a runner session; the gold summary is kept only when
// withGold is set.
func SessionOf(s strategies.SessionInfo, withGold bool) Session {
	ids := s.TurnIDs
	if ids == nil {
		ids = []string{}
	}
	out := Session{ID: s.ID, Index: s.Index, Start: stamp(s.Start), End: stamp(s.End), Task: s.Task, TurnIDs: ids}
	if withGold {
		out.Summary = s.Summary
	}
	return out
}

// QueryOf converts a runner query. Query.Gold is never copied: probe gold
// does not reach an external memory, and recent turns carry no gold.
func QueryOf(q strategies.Query) Query {
	recent := make([]Turn, len(q.Recent))
	for i, t := range q.Recent {
		recent[i] = TurnOf(t, false)
	}
	return Query{ID: q.ID, Question: q.Question, AskedAt: stamp(q.AskedAt), Recent: recent, Task: q.Task, Budget: q.Budget, K: q.K}
}
