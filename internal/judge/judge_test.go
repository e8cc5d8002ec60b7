package judge

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"

	"github.com/memarena/memarena/internal/model"
)

func TestParseVerdictTable(t *testing.T) {
	type want int
	const (
		yes want = iota
		no
		unreadable
	)
	cases := []struct {
		reply string
		want  want
	}{
		{"CORRECT", yes},
		{"correct", yes},
		{"Correct.", yes},
		{"Correct!", yes},
		{"**CORRECT**", yes},
		{"`CORRECT`", yes},
		{"\"CORRECT\"", yes},
		{"Verdict: CORRECT", yes},
		{"Final verdict: correct", yes},
		{"CORRECT — the candidate gives the same date in another format.", yes},
		{"correct\n\nExplanation: both say Kyoto.", yes},
		{"The candidate answer is correct.", yes},
		{"INCORRECT", no},
		{"incorrect", no},
		{"Incorrect.", no},
		{"Verdict: INCORRECT", no},
		{"not correct", no},
		{"Not correct.", no},
		{"NOT CORRECT", no},
		{"not_correct", no},
		{"Incorrect. The correct answer is 5 pm.", no},
		{"Not correct — the correct answer is Kyoto.", no},
		{"INCORRECT: the candidate says 2024, the gold says 2025.", no},
		{"The candidate answer is incorrect.", no},
		{"The answer is not correct.", no},
		{"The answer isn't correct.", no},
		{"The answer is not entirely correct.", no},
		{"wrong", no},
		{"Wrong — it names Osaka.", no},
		{"```json\n{\"verdict\": \"CORRECT\"}\n```", yes},
		{"{\"verdict\": \"not correct\"}", no},
		{"{\"correct\": false}", no},
		{"{\"Verdict\": \"INCORRECT\", \"correct\": false}", no},
		{"{\"Verdict\": \"INCORRECT\", \"correct\": true}", unreadable},
		{"{\"verdict\": \"not incorrect\"}", unreadable},
		{"The answer is not at all correct.", no},
		{"The candidate is not entirely correct.", no},
		{"", unreadable},
		{"   ", unreadable},
		{"I cannot tell.", unreadable},
		{"yes", unreadable},
		{"CORRECT or INCORRECT", unreadable},
		{"correct/incorrect", unreadable},
		{"Partially correct.", unreadable},
		{"The answer is mostly correct.", unreadable},
		{"The candidate is incorrect but the date is correct.", unreadable},
		{"{\"reason\": \"same city\"}", unreadable},
		// Negated labels, both labels, questions and yes/no answers.
		{"not incorrect", unreadable},
		{"The answer is not incorrect.", unreadable},
		{"not wrong", unreadable},
		{"never incorrect", unreadable},
		{"The candidate is not at all wrong.", unreadable},
		{"INCORRECT? No. CORRECT.", unreadable},
		{"Correct? No.", unreadable},
		{"Correct? Yes.", unreadable},
		{"Is the candidate correct? No, it names Osaka.", unreadable},
		{"No.", unreadable},
		{"Verdict: yes", unreadable},
		{"CORRECT. Nothing in it is wrong.", unreadable},
		{"INCORRECT — although the year is correct.", unreadable},
		{"Correct. Incorrect.", unreadable},
		{"neither correct nor incorrect", unreadable},
		{"CORRECT\n\nThe candidate answer is correct.", yes},
		{"INCORRECT\n\nThe candidate answer is wrong: the gold says Kyoto.", no},
	}
	for _, c := range cases {
		got, err := ParseVerdict(c.reply)
		switch c.want {
		case yes:
			if err != nil || !got {
				t.Errorf("ParseVerdict(%q) = %v, %v; want correct", c.reply, got, err)
			}
		case no:
			if err != nil || got {
				t.Errorf("ParseVerdict(%q) = %v, %v; want incorrect", c.reply, got, err)
			}
		case unreadable:
			if !errors.Is(err, ErrUnreadable) {
				t.Errorf("ParseVerdict(%q) = %v, %v; want ErrUnreadable", c.reply, got, err)
			}
		}
	}
}

// scripted is a model.Client that replies from a script per repeat index
// and records the requests.
type scripted struct {
	mu      sync.Mutex
	replies []func(req model.Request) (model.Response, error)
	reqs    []model.Request
}

func (s *scripted) Name() string { return "scripted" }

func (s *scripted) Complete(ctx context.Context, req model.Request) (model.Response, error) {
	if _, err := model.Render(req); err != nil {
		return model.Response{}, err
	}
	s.mu.Lock()
	s.reqs = append(s.reqs, req)
	n := len(s.reqs) - 1
	s.mu.Unlock()
	return s.replies[n](req)
}

func reply(text string) func(model.Request) (model.Response, error) {
	return func(model.Request) (model.Response, error) {
		return model.Response{Text: text, Usage: model.Usage{PromptTokens: 100, CompletionTokens: 1, Requests: 1}}, nil
	}
}

func failed(model.Request) (model.Response, error) {
	return model.Response{Usage: model.Usage{PromptTokens: 100, CompletionTokens: 7, Requests: 1}},
		&model.FailedError{Kind: model.KindJudge, Cause: errors.New("reply still invalid after one repair")}
}

func TestGradeVerdicts(t *testing.T) {
	c := &scripted{replies: []func(model.Request) (model.Response, error){reply("CORRECT"), reply("not correct")}}
	j, err := New(c, Config{Model: "m", Variant: Strict, Retries: 2})
	if err != nil {
		t.Fatal(err)
	}
	r, err := j.Grade(context.Background(), Item{Question: "Which city?", Gold: []string{"Kyoto"}, Answer: "Kyoto"})
	if err != nil || r.Verdict != Correct || r.Attempts != 1 || r.Usage.Total() != 101 {
		t.Fatalf("grade 1 = %+v, %v", r, err)
	}
	if v, ok := r.Value(); !ok || v != 1 {
		t.Fatalf("value = %v %v", v, ok)
	}
	r, err = j.Grade(context.Background(), Item{Question: "Which city?", Gold: []string{"Kyoto"}, Answer: "Osaka"})
	if err != nil || r.Verdict != Incorrect {
		t.Fatalf("grade 2 = %+v, %v", r, err)
	}
	if v, ok := r.Value(); !ok || v != 0 {
		t.Fatalf("value = %v %v", v, ok)
	}
	// The request carries the strict prompt, the gold and a verdict validator.
	req := c.reqs[0]
	if req.Kind != model.KindJudge || req.Role != model.RoleJudge || req.Input.(model.JudgeInput).Lenient || req.Input.(model.JudgeInput).Gold != "Kyoto" || req.Validate == nil {
		t.Fatalf("request = %+v", req)
	}
	if req.Validate("maybe") == nil || req.Validate("INCORRECT") != nil {
		t.Fatal("validator does not follow ParseVerdict")
	}
	p, _ := model.Render(req)
	if !strings.Contains(p.System, "CORRECT only if it states the same fact") {
		t.Fatalf("strict prompt not used: %s", p.System)
	}
}

func TestGradeJudgeFailedIsRetriedThenReportedApart(t *testing.T) {
	// Attempt 0 fails for good, attempt 1 replies unreadably, attempt 2 fails: judge_failed.
	c := &scripted{replies: []func(model.Request) (model.Response, error){failed, reply("maybe"), failed}}
	j, _ := New(c, Config{Model: "m", Variant: Lenient, Retries: 2})
	r, err := j.Grade(context.Background(), Item{Question: "Where?", Abstention: true, Answer: "Kyoto"})
	if err != nil {
		t.Fatal(err)
	}
	if r.Verdict != Failed || r.Attempts != 3 || r.Cause == nil {
		t.Fatalf("result = %+v", r)
	}
	if _, ok := r.Value(); ok {
		t.Fatal("a failed judgment must not have a value (never counted as wrong)")
	}
	if got := r.Usage; got.PromptTokens != 300 || got.CompletionTokens != 15 || got.Requests != 3 {
		t.Fatalf("usage = %+v", got)
	}
	for i, req := range c.reqs {
		if req.Repeat != i {
			t.Fatalf("attempt %d has repeat %d; retries must not reuse a cached failure", i, req.Repeat)
		}
	}
	if !c.reqs[0].Input.(model.JudgeInput).Lenient || !strings.HasPrefix(c.reqs[0].Input.(model.JudgeInput).Gold, "(unanswerable") {
		t.Fatalf("input = %+v", c.reqs[0].Input)
	}

	// A retry that succeeds ends the failure.
	c = &scripted{replies: []func(model.Request) (model.Response, error){failed, reply("INCORRECT")}}
	j, _ = New(c, Config{Model: "m", Variant: Strict, Retries: 1})
	r, err = j.Grade(context.Background(), Item{Question: "q", Gold: []string{"a", "b"}, Answer: "c"})
	if err != nil || r.Verdict != Incorrect || r.Attempts != 2 || r.Cause != nil {
		t.Fatalf("result = %+v, %v", r, err)
	}
	if got := c.reqs[0].Input.(model.JudgeInput).Gold; got != "a | b (any one of these)" {
		t.Fatalf("gold = %q", got)
	}
}

func TestGradeCancelledIsAnError(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	c := &scripted{replies: []func(model.Request) (model.Response, error){func(model.Request) (model.Response, error) {
		cancel()
		return model.Response{}, context.Canceled
	}}}
	j, _ := New(c, Config{Model: "m", Variant: Strict, Retries: 3})
	if _, err := j.Grade(ctx, Item{Question: "q", Gold: []string{"a"}, Answer: "a"}); !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v", err)
	}
}

func TestConfigIDAndCheck(t *testing.T) {
	c := Config{Model: "gpt-4o-mini", Variant: Strict}
	if got, want := c.ID(), "gpt-4o-mini judge@"+model.PromptVersions()[model.KindJudge]+" strict verdict-parser@2"; got != want {
		t.Fatalf("ID = %q, want %q", got, want)
	}
	for _, bad := range []Config{{Variant: Strict}, {Model: "m", Variant: "kind"}, {Model: "m", Variant: Strict, Retries: 11}} {
		if _, err := New(&scripted{}, bad); err == nil {
			t.Errorf("New(%+v) accepted", bad)
		}
	}
}

func TestSplitIDAndStaleParser(t *testing.T) {
	c := Config{Model: "gpt-4o-mini", Variant: Strict}
	base := "gpt-4o-mini judge@" + PromptVersion() + " strict"
	cases := []struct {
		by     string
		judge  string
		parser int
		stale  bool
	}{
		{base, base, 1, true},                        // stored before the parser was versioned
		{base + " verdict-parser@1", base, 1, true},  // older rules
		{base + " verdict-parser@2", base, 2, false}, // today's rules
		{base + " verdict-parser@3", base, 3, false}, // newer than this binary
		{"gpt-4o judge@" + PromptVersion() + " strict", "gpt-4o judge@" + PromptVersion() + " strict", 1, false}, // another model
		{"gpt-4o-mini judge@000000000000 strict", "gpt-4o-mini judge@000000000000 strict", 1, false},             // another prompt
		{"gpt-4o-mini judge@" + PromptVersion() + " lenient", "gpt-4o-mini judge@" + PromptVersion() + " lenient", 1, false},
		{base + " verdict-parser@x", base + " verdict-parser@x", 1, false},
	}
	for _, tc := range cases {
		j, p := SplitID(tc.by)
		if j != tc.judge || p != tc.parser {
			t.Errorf("SplitID(%q) = %q, %d; want %q, %d", tc.by, j, p, tc.judge, tc.parser)
		}
		if got := c.StaleParser(tc.by); got != tc.stale {
			t.Errorf("StaleParser(%q) = %v, want %v", tc.by, got, tc.stale)
		}
	}
}
