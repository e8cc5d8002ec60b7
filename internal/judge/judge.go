// Package judge is memarena's LLM judge: it asks a model whether a
// candidate answer states the gold answer, with the versioned prompt
// internal/model/prompts/judge.tmpl, and reads the reply with a strict
// verdict parser.
//
// Every judged probe ends in one of three states: Correct, Incorrect, or
// Failed ("judge_failed") when no readable verdict came back — the request
// failed for good, or the reply stayed unreadable through the repair
// request and Retries further attempts. A failed judgment is reported
// apart and never counted as a wrong answer; `memarena rejudge` can retry
// it.
//
// Prompt variants: Strict (the default) counts a candidate correct only if
// it states the same fact as the gold answer (paraphrases and equivalent
// date formats allowed; partial, hedged or contradictory answers are
// incorrect). Lenient counts a candidate correct when it contains the
// gold's key information, even with extra detail. Both live in one
// template, so they share its version hash; the judge ID names the variant.
package judge

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/memarena/memarena/internal/model"
)

// Verdicts stored in results rows (results.Row.Judge).
const (
	Correct   = "correct"
	Incorrect = "incorrect"
	// Failed marks a probe whose judgment failed; it is neither correct
	// nor incorrect.
	Failed = "judge_failed"
)

// Variants of the judge prompt.
const (
	Strict  = "strict"
	Lenient = "lenient"
)

// Config identifies and tunes a judge.
type Config struct {
	// Model is the judge model's name as configured (the client's judge
	// role must serve it).
	Model string
	// Variant is Strict or Lenient.
	Variant string
	// Retries is how many further attempts follow a failed judgment
	// (each with a new repeat index, so a cached failure is not reused),
	// in [0, 10].
	Retries int
}

// ID identifies the judge for reports and for refusing to aggregate rows
// from different judges: "<model> judge@<prompt version> <variant>
// verdict-parser@<ParserVersion>", e.g. "gpt-4o-mini judge@3f2a9c0d1b7e
// strict verdict-parser@2". IDs stored before the parser was versioned
// have no parser part (version 1).
func (c Config) ID() string {
	return fmt.Sprintf("%s judge@%s %s%s%d", c.Model, PromptVersion(), c.Variant, parserTag, ParserVersion)
}

const parserTag = " verdict-parser@"

// SplitID splits a judge ID into the judge proper (model, prompt version,
// variant) and the version of the verdict parser that read its replies (1
// for IDs without a parser part).
func SplitID(id string) (judge string, parser int) {
	i := strings.LastIndex(id, parserTag)
	if i < 0 {
		return id, 1
	}
	n, err := strconv.Atoi(id[i+len(parserTag):])
	if err != nil {
		return id, 1
	}
	return id[:i], n
}

// StaleParser reports whether a row judged by the judge with ID by was
// graded by this judge (same model, prompt version and variant) under an
// older verdict parser, whose readings this version may reject.
func (c Config) StaleParser(by string) bool {
	cur, _ := SplitID(c.ID())
	j, v := SplitID(by)
	return j == cur && v < ParserVersion
}

// PromptVersion is the version hash of the judge prompt template.
func PromptVersion() string { return model.PromptVersions()[model.KindJudge] }

// Check validates the config; errors name the field.
func (c Config) Check() error {
	if c.Model == "" {
		return errors.New("judge: model is empty")
	}
	if c.Variant != Strict && c.Variant != Lenient {
		return fmt.Errorf("judge: variant %q; want strict or lenient", c.Variant)
	}
	if c.Retries < 0 || c.Retries > 10 {
		return fmt.Errorf("judge: retries %d; want a value in [0, 10]", c.Retries)
	}
	return nil
}

// Judge grades answers through a model client. It is safe for concurrent
// use.
type Judge struct {
	client model.Client
	cfg    Config
}

// New returns a judge asking client (requests of role judge).
func New(client model.Client, cfg Config) (*Judge, error) {
	if err := cfg.Check(); err != nil {
		return nil, err
	}
	return &Judge{client: client, cfg: cfg}, nil
}

// Config returns the judge's config.
func (j *Judge) Config() Config { return j.cfg }

// ID is Config().ID().
func (j *Judge) ID() string { return j.cfg.ID() }

// Item is one answer to grade.
type Item struct {
	Question string
	// Gold answers; empty for an unanswerable (abstention) probe.
	Gold []string
	// Abstention marks an unanswerable probe: the candidate is correct
	// only if it says the information was not mentioned.
	Abstention bool
	Answer     string
	// RepeatBase offsets the repeat index of every attempt (cache key), so
	// that re-grading a judge_failed row sends fresh requests instead of
	// replaying the cached unreadable replies.
	RepeatBase int
}

// Result is a judgment.
type Result struct {
	// Verdict is Correct, Incorrect or Failed.
	Verdict string
	// Raw is the last reply read (for diagnosis).
	Raw string
	// Attempts is the number of judge requests made (1 + retries used).
	Attempts int
	// Usage sums every attempt (harness overhead, not strategy cost).
	Usage model.Usage
	// Cause says why a Failed judgment failed; nil otherwise.
	Cause error
}

// Value is 1 for Correct, 0 for Incorrect and false for Failed.
func (r Result) Value() (float64, bool) {
	switch r.Verdict {
	case Correct:
		return 1, true
	case Incorrect:
		return 0, true
	}
	return 0, false
}

// goldText renders the gold answers for the prompt.
func goldText(it Item) string {
	if it.Abstention || len(it.Gold) == 0 {
		return "(unanswerable: the conversation never gives this information; the correct reply is that it was not mentioned)"
	}
	if len(it.Gold) == 1 {
		return it.Gold[0]
	}
	return strings.Join(it.Gold, " | ") + " (any one of these)"
}

// Grade judges one answer. A judgment that cannot be read after the
// retries is a Result with Verdict Failed, not an error; the error is
// reserved for a cancelled context and for requests that cannot be built
// (a prompt that does not render, a client without a judge model).
func (j *Judge) Grade(ctx context.Context, it Item) (Result, error) {
	var res Result
	in := model.JudgeInput{Question: it.Question, Gold: goldText(it), Answer: it.Answer, Lenient: j.cfg.Variant == Lenient, Abstention: it.Abstention || len(it.Gold) == 0}
	for attempt := 0; attempt <= j.cfg.Retries; attempt++ {
		req := model.Request{Kind: model.KindJudge, Role: model.RoleJudge, Input: in, Repeat: it.RepeatBase + attempt,
			Validate: func(text string) error { _, err := ParseVerdict(text); return err }}
		resp, err := j.client.Complete(ctx, req)
		res.Attempts++
		res.Usage = res.Usage.Add(resp.Usage)
		res.Raw = resp.Text
		if err != nil {
			if ctx.Err() != nil {
				return res, ctx.Err()
			}
			if errors.Is(err, model.ErrFailed) {
				res.Cause = err
				continue
			}
			return res, err
		}
		ok, perr := ParseVerdict(resp.Text)
		if perr != nil {
			res.Cause = perr
			continue
		}
		res.Cause = nil
		res.Verdict = Incorrect
		if ok {
			res.Verdict = Correct
		}
		return res, nil
	}
	res.Verdict = Failed
	return res, nil
}
