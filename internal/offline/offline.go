// Package offline is memarena's offline model: a deterministic responder
// that answers every request kind of internal/model from the request's
// typed input, the way a real model would at the same point. One analysis
// of a turn (Analyze: sentences, clauses with subject, verb and object,
// pronouns resolved to the speaker and addressee, negation, conditions,
// replacement and change cues, dates resolved against the session date,
// the speech act of each sentence) feeds every reply; each reply kind is a
// projection of it. Its rules are general English; none is taken from a
// scenario. answer is the extractive reader (internal/reader), judge a
// lexical check. Strategies never import this package and it never
// imports a strategy: the contract is internal/model.
package offline

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"time"

	"github.com/memarena/memarena/internal/memo"
	"github.com/memarena/memarena/internal/model"
)

// Model is the offline model. It is safe for concurrent use; analyses are
// memoized per (text, speaker, addressee, session date) in a bounded cache
// (internal/memo) that every cell of a run shares: the strategies replay
// the same turns, and each turn is analyzed once while its scenario runs.
type Model struct {
	cache *memo.Cache[analysisKey, *Analysis]
	acts  *memo.Cache[string, []Sentence] // actSentences by text (Summarize)
	// tags are tag replies by input: strategies that differ only in how
	// they rank (prism's Pareto and weighted variants) send every turn the
	// same tag request, and the reply is a function of the input.
	tags *memo.Cache[model.TagInput, string]
}

// analysisKey identifies an analysis; assistant is set when the speaker is
// taken from the assistant role (no speaker name), which changes the
// analysis's speaker and addressee.
type analysisKey struct {
	text, speaker, addressee, ref string
	assistant                     bool
}

// cacheLimit is the analyses held per generation of the cache (at most
// twice as many in all): a few LongMemEval-S haystacks (about 500 turns
// each), so every strategy of the scenarios running at once finds them.
// Four times as many gave the same CPU time on a 40-question sample and
// 1.1 GB more peak memory.
const cacheLimit = 2048

// New returns the offline model.
func New() *Model {
	return &Model{cache: memo.New[analysisKey, *Analysis](cacheLimit), acts: memo.New[string, []Sentence](cacheLimit),
		tags: memo.New[model.TagInput, string](cacheLimit)}
}

// analyze returns the (memoized) analysis of a turn input.
func (m *Model) analyze(in model.TurnInput) *Analysis {
	speaker := in.Speaker
	addressee := in.Addressee
	if speaker == "" || speaker == in.Role {
		speaker = ""
	}
	k := analysisKey{in.Text, speaker, addressee, in.SessionDate, speaker == "" && in.Role == RoleAssistant}
	if a, ok := m.cache.Get(k); ok {
		return a
	}
	ref, _ := time.Parse(model.DateLayout, in.SessionDate)
	a := Analyze(in.Text, speaker, addressee, ref)
	if speaker == "" && in.Role == RoleAssistant {
		a.Speaker, a.Addressee = RoleAssistant, RoleUser
	}
	m.cache.Put(k, a)
	return a
}

// Respond implements model.Responder: it answers req from req.Input. A
// request whose Input is not the kind's input type is an error.
func (m *Model) Respond(ctx context.Context, req model.Request) (string, error) {
	if err := ctx.Err(); err != nil {
		return "", err
	}
	var v any
	switch in := req.Input.(type) {
	case model.GraphInput:
		v = m.Graph(in)
	case model.TripletsInput:
		v = m.Triplets(in)
	case model.ThoughtsInput:
		v = m.Thoughts(in)
	case model.TagInput:
		if r, ok := m.tags.Get(in); ok {
			return r, nil
		}
		b, err := json.Marshal(m.Tags(in))
		if err != nil {
			return "", err
		}
		m.tags.Put(in, string(b))
		return string(b), nil
	case model.QueryInput:
		v = Query(in)
	case model.LocateInput:
		v = m.Locate(in)
	case model.ReflectInput:
		v = Reflect(in)
	case model.SummarizeInput:
		v = m.Summarize(in)
	case model.AnswerInput:
		return Answer(in).Text, nil
	case model.JudgeInput:
		return Judge(in), nil
	default:
		return "", fmt.Errorf("offline model: request %s has input %T; want the kind's typed input (internal/model/contract.go)", req.Kind, req.Input)
	}
	b, err := json.Marshal(v)
	if err != nil {
		return "", err
	}
	return string(b), nil
}

// RespondScored implements model.ScoredResponder: an answer request is
// scored by the reader's support of its answer; other replies score NaN.
func (m *Model) RespondScored(ctx context.Context, req model.Request) (string, float64, error) {
	if in, ok := req.Input.(model.AnswerInput); ok {
		if err := ctx.Err(); err != nil {
			return "", 0, err
		}
		a := Answer(in)
		return a.Text, a.Support, nil
	}
	text, err := m.Respond(ctx, req)
	return text, math.NaN(), err
}
