package strategies

import (
	"context"
	"errors"
	"fmt"

	"github.com/memarena/memarena/internal/model"
)

// ReadQuestion asks m to read a question (model.KindQueryIntent over the
// question, the task goal and the recent turns as "Speaker: text"): its
// intents and entities, form, temporal focus, asked relations, answer type
// and what it asks for (model.IntentQuery). Strategies read questions this
// way instead of matching cue words themselves. A failed request
// (model.ErrFailed) gives the zero reply and failed = true, so the caller
// can count it and retrieve without the reading; other errors are
// returned.
func ReadQuestion(ctx context.Context, m model.Client, q Query) (iq model.IntentQuery, failed bool, err error) {
	recent := make([]string, len(q.Recent))
	for i, t := range q.Recent {
		recent[i] = Speaker(t) + ": " + t.Text
	}
	req := model.Request{Kind: model.KindQueryIntent, Role: model.RoleExtractor, Input: model.QueryInput{Question: q.Question, Task: q.Task, Recent: recent}}
	iq, err = model.CallJSON[model.IntentQuery](ctx, m, req)
	if err != nil {
		if errors.Is(err, model.ErrFailed) {
			return model.IntentQuery{}, true, nil
		}
		return model.IntentQuery{}, false, fmt.Errorf("query intent for %s: %w", q.ID, err)
	}
	return iq, false, nil
}
