package strategies

import (
	"math"
	"strings"
	"time"

	"github.com/memarena/memarena/internal/model"
	"github.com/memarena/memarena/internal/tokenizer"
)

// Line renders an item the way the built-in strategies place it in a
// context: "[2026-03-02 s1-t05,s1-t06] text", with "(superseded)" or
// "(conditional)" after the bracket when Status says so.
func Line(it Item) string {
	var b strings.Builder
	b.WriteByte('[')
	if !it.Time.IsZero() {
		b.WriteString(it.Time.UTC().Format("2006-01-02"))
		if len(it.TurnIDs) > 0 {
			b.WriteByte(' ')
		}
	}
	b.WriteString(strings.Join(it.TurnIDs, ","))
	b.WriteString("] ")
	if it.Status != StatusCurrent {
		b.WriteString("(" + it.Status + ") ")
	}
	b.WriteString(it.Text)
	return b.String()
}

// Pack places ranked items into a context of at most budget tokens: each item
// is rendered with render (Line when nil) and added in order, one per line,
// while it fits; an item that does not fit is skipped and later, smaller
// items are still tried. header, when not empty, is the first line and counts
// against the budget. The returned Recall holds exactly the items placed.
func Pack(tok *tokenizer.Tokenizer, items []Item, budget int, header string, render func(Item) string) Recall {
	if render == nil {
		render = Line
	}
	var lines []string
	used := 0
	if header != "" {
		if n := tok.Count(header + "\n"); n <= budget {
			lines = append(lines, header)
			used = n
		}
	}
	var placed []Item
	for _, it := range items {
		l := render(it)
		n := tok.Count(l + "\n")
		if used+n > budget {
			continue
		}
		used += n
		lines = append(lines, l)
		placed = append(placed, it)
	}
	if len(placed) == 0 {
		return Recall{}
	}
	return Recall{Items: placed, Context: strings.Join(lines, "\n")}
}

// TurnLog is an append-only list of ingested turns, shared by the baselines
// that keep raw turns.
type TurnLog struct {
	Turns []Turn
	bytes int64
	byID  map[string]int
}

// Add appends t.
func (l *TurnLog) Add(t Turn) {
	if l.byID == nil {
		l.byID = map[string]int{}
	}
	l.byID[t.ID] = len(l.Turns)
	l.Turns = append(l.Turns, t)
	l.bytes += int64(len(t.Text) + len(t.ID) + len(t.Speaker))
}

// Get returns the turn with id.
func (l *TurnLog) Get(id string) (Turn, bool) {
	i, ok := l.byID[id]
	if !ok {
		return Turn{}, false
	}
	return l.Turns[i], true
}

// Bytes is the stored payload size.
func (l *TurnLog) Bytes() int64 { return l.bytes }

// TurnItem makes an Item of one raw turn: "speaker: text" with the turn's
// time and id as provenance.
func TurnItem(t Turn, score float64) Item {
	return Item{ID: t.ID, Text: Speaker(t) + ": " + t.Text, Score: score, Kind: KindTurn, TurnIDs: []string{t.ID}, Time: t.Time}
}

// Speaker is the turn's speaker name, or its role when it has none.
func Speaker(t Turn) string {
	if t.Speaker != "" {
		return t.Speaker
	}
	return t.Role
}

// TurnInput is the turn part of a model request's input: names, role,
// dates (YYYY-MM-DD; SessionDate falls back to the turn's date), task and
// text.
func TurnInput(t Turn) model.TurnInput {
	in := model.TurnInput{TurnID: t.ID, Speaker: t.Speaker, Addressee: t.Addressee, Role: t.Role, Task: t.Task, Text: t.Text}
	in.SetDates(t.Time, t.SessionStart)
	return in
}

// Decay is the exponential recency weight exp(−ln2 · age / halfLife) in
// (0, 1]: 1 for age ≤ 0, 0.5 at one half-life. halfLife ≤ 0 gives 1.
func Decay(age, halfLife time.Duration) float64 {
	if halfLife <= 0 || age <= 0 {
		return 1
	}
	return math.Exp2(-float64(age) / float64(halfLife))
}
