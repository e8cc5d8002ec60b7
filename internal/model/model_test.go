package model

import (
	"context"
	"errors"
	"testing"

	"github.com/memarena/memarena/internal/tokenizer"
)

// responderFunc is a Responder from a function.
type responderFunc func(context.Context, Request) (string, error)

func (f responderFunc) Respond(ctx context.Context, req Request) (string, error) { return f(ctx, req) }

func TestOfflineChargesRenderedPrompt(t *testing.T) {
	tok := tokenizer.MustDefault()
	m := NewMeter(NewOffline(tok, responderFunc(func(context.Context, Request) (string, error) { return "chi", nil })))
	req := Request{Kind: KindAnswer, Role: RoleReader, Input: AnswerInput{Context: "Dana picked chi.", Question: "Which framework?", AskedAt: "2026-03-02"}}
	resp, err := m.Complete(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	p, _ := Render(req)
	if resp.Text != "chi" || resp.Usage.PromptTokens != tok.Count(p.Text()) || resp.Usage.CompletionTokens != 1 {
		t.Fatalf("resp = %+v", resp)
	}
	if got := m.Total(); got.Requests != 1 || got.Total() != resp.Usage.Total() {
		t.Fatalf("meter = %+v", got)
	}
}

func TestRenderMissingVarIsError(t *testing.T) {
	if _, err := Render(Request{Kind: KindAnswer, Input: map[string]any{"Context": "x"}}); err == nil {
		t.Fatal("want error for missing template variable")
	}
	if _, err := Render(Request{Kind: "no-such-kind"}); err == nil {
		t.Fatal("want error for unknown kind")
	}
}

func TestCallJSONAndFailures(t *testing.T) {
	fail := false
	m := NewMeter(NewOffline(tokenizer.MustDefault(), responderFunc(func(context.Context, Request) (string, error) {
		if fail {
			return "", errors.New("rule failed")
		}
		return `{"Summary": "hi"}`, nil
	})))
	type out struct{ Summary string }
	req := Request{Kind: KindSummarize, Role: RoleExtractor, Input: SummarizeInput{MaxWords: 50, SessionID: "s1", Date: "2026-03-02", Lines: []string{"user: hi"}}}
	v, err := CallJSON[out](context.Background(), m, req)
	if err != nil || v.Summary != "hi" {
		t.Fatalf("v=%+v err=%v", v, err)
	}
	fail = true
	_, err = CallJSON[out](context.Background(), m, req)
	if !errors.Is(err, ErrFailed) {
		t.Fatalf("want ErrFailed, got %v", err)
	}
	if m.Total().Failures != 1 {
		t.Fatalf("failures = %d", m.Total().Failures)
	}
}

func TestDecodeJSONTolerant(t *testing.T) {
	var v map[string]int
	for _, s := range []string{"{\"a\":1}", "```json\n{\"a\":1}\n```", "Here you go: {\"a\":1} hope it helps"} {
		v = nil
		if err := DecodeJSON(s, &v); err != nil || v["a"] != 1 {
			t.Errorf("DecodeJSON(%q) = %v, %v", s, v, err)
		}
	}
	if err := DecodeJSON("no json here", &v); err == nil {
		t.Error("want error")
	}
}

func TestPromptVersionsStable(t *testing.T) {
	v := PromptVersions()
	if len(v[KindAnswer]) != 12 || len(v[KindJudge]) != 12 {
		t.Fatalf("versions = %v", v)
	}
}
