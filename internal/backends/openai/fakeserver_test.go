package openai

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// chatBody is the part of a /chat/completions request the tests inspect.
type chatBody struct {
	Model    string `json:"model"`
	Messages []struct {
		Role    string `json:"role"`
		Content string `json:"content"`
	} `json:"messages"`
	Temperature    *float64        `json:"temperature"`
	Seed           *int64          `json:"seed"`
	MaxTokens      *int            `json:"max_tokens"`
	ResponseFormat json.RawMessage `json:"response_format"`
}

// embedBody is an /embeddings request.
type embedBody struct {
	Model          string   `json:"model"`
	Input          []string `json:"input"`
	Dimensions     *int     `json:"dimensions"`
	EncodingFormat string   `json:"encoding_format"`
}

// reply scripts one chat response. The zero value is a 200 with content
// "ok" and usage 11 + 2.
type reply struct {
	status  int
	header  map[string]string
	body    string // raw body for errors; default an OpenAI error object
	content string
	// noUsage omits the usage object.
	noUsage      bool
	prompt, comp int
	// delay holds the response (the handler gives up when the client does).
	delay time.Duration
}

// fakeOpenAI is an httptest server speaking the OpenAI protocol for chat
// completions and embeddings. chat scripts the n-th chat request (from 0);
// nil replies with the zero reply.
type fakeOpenAI struct {
	srv   *httptest.Server
	chat  func(n int, b chatBody) reply
	embed func(n int, b embedBody) (vecs [][]float64, order []int, usage int)

	mu          sync.Mutex
	chats       []chatBody
	embeds      []embedBody
	auth        []string
	inFlight    atomic.Int32
	maxInFlight atomic.Int32
}

func newFakeOpenAI(t *testing.T) *fakeOpenAI {
	f := &fakeOpenAI{}
	mux := http.NewServeMux()
	mux.HandleFunc("POST /v1/chat/completions", f.handleChat)
	mux.HandleFunc("POST /v1/embeddings", f.handleEmbed)
	f.srv = httptest.NewServer(mux)
	t.Cleanup(f.srv.Close)
	return f
}

// URL is the base URL to configure ("…/v1").
func (f *fakeOpenAI) URL() string { return f.srv.URL + "/v1" }

// Chats returns the chat requests received so far.
func (f *fakeOpenAI) Chats() []chatBody {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]chatBody(nil), f.chats...)
}

// Requests is the number of requests of both kinds received.
func (f *fakeOpenAI) Requests() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.chats) + len(f.embeds)
}

func (f *fakeOpenAI) track() func() {
	n := f.inFlight.Add(1)
	for {
		m := f.maxInFlight.Load()
		if n <= m || f.maxInFlight.CompareAndSwap(m, n) {
			break
		}
	}
	return func() { f.inFlight.Add(-1) }
}

func (f *fakeOpenAI) handleChat(w http.ResponseWriter, r *http.Request) {
	defer f.track()()
	var b chatBody
	if err := json.NewDecoder(r.Body).Decode(&b); err != nil {
		http.Error(w, err.Error(), 400)
		return
	}
	f.mu.Lock()
	n := len(f.chats)
	f.chats = append(f.chats, b)
	f.auth = append(f.auth, r.Header.Get("Authorization"))
	script := f.chat
	f.mu.Unlock()
	rep := reply{}
	if script != nil {
		rep = script(n, b)
	}
	if rep.delay > 0 {
		select {
		case <-time.After(rep.delay):
		case <-r.Context().Done():
			return
		}
	}
	for k, v := range rep.header {
		w.Header().Set(k, v)
	}
	if rep.status >= 400 {
		body := rep.body
		if body == "" {
			body = `{"error":{"message":"scripted failure","type":"server_error","code":"scripted"}}`
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(rep.status)
		fmt.Fprint(w, body)
		return
	}
	content := rep.content
	if content == "" {
		content = "ok"
	}
	resp := map[string]any{
		"id": fmt.Sprintf("chatcmpl-%d", n), "object": "chat.completion", "created": 1, "model": b.Model,
		"choices": []any{map[string]any{"index": 0, "finish_reason": "stop",
			"message": map[string]any{"role": "assistant", "content": content}}},
	}
	if !rep.noUsage {
		p, c := rep.prompt, rep.comp
		if p == 0 && c == 0 {
			p, c = 11, 2
		}
		resp["usage"] = map[string]any{"prompt_tokens": p, "completion_tokens": c, "total_tokens": p + c}
	}
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(resp)
}

// fakeVector is the raw vector the fake returns for a text:
// [len(text), 4, 0, 0] (so "abc" normalizes to [0.6, 0.8, 0, 0]).
func fakeVector(text string) []float64 { return []float64{float64(len(text)), 4, 0, 0} }

func (f *fakeOpenAI) handleEmbed(w http.ResponseWriter, r *http.Request) {
	defer f.track()()
	var b embedBody
	if err := json.NewDecoder(r.Body).Decode(&b); err != nil {
		http.Error(w, err.Error(), 400)
		return
	}
	f.mu.Lock()
	n := len(f.embeds)
	f.embeds = append(f.embeds, b)
	script := f.embed
	f.mu.Unlock()
	var vecs [][]float64
	var order []int
	usage := 0
	if script != nil {
		vecs, order, usage = script(n, b)
	} else {
		for _, t := range b.Input {
			vecs = append(vecs, fakeVector(t))
			usage += len(strings.Fields(t))
		}
	}
	if order == nil {
		for i := range vecs {
			order = append(order, i)
		}
	}
	var data []any
	for _, i := range order {
		data = append(data, map[string]any{"object": "embedding", "index": i, "embedding": vecs[i]})
	}
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]any{"object": "list", "model": b.Model, "data": data,
		"usage": map[string]any{"prompt_tokens": usage, "total_tokens": usage}})
}
