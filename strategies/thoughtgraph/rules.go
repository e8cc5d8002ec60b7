package thoughtgraph

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/memarena/memarena/internal/model"
	"github.com/memarena/memarena/scenarios"
	"github.com/memarena/memarena/strategies"
)

// Extraction is the reply of an extract-thoughts request.
type Extraction = model.ThoughtExtraction

// ExtractedThought is one thought of an Extraction.
type ExtractedThought = model.ExtractedThought

// Candidate is an earlier thought of the same task offered to the extractor
// as a possible parent, oldest first.
type Candidate = model.Candidate

// Update is how a thought replaces an earlier value, as the model read it
// from the thought's sentence (model.ExtractedThought's Replaces,
// Attribute, New and Change).
type Update struct {
	// Old is the replaced value when the sentence names it ("Nikon D750"
	// in "Canon R6 instead of Nikon D750", "Spotify" in "drop Spotify").
	Old string
	// Attribute is what the sentence sets anew ("TTL" in "shorten the TTL
	// to 60 seconds") and New the value it is set to ("60 seconds").
	Attribute, New string
	// Implicit is true when the sentence changes a value without naming
	// the old one or an attribute ("switched to chi", "now prefers aisle
	// seats", "change of plan").
	Implicit bool
}

// Any reports whether the sentence replaces anything.
func (u Update) Any() bool { return u.Old != "" || u.Attribute != "" || u.Implicit }

// updateOf reads the Update of an extracted thought: Attribute counts only
// with a New value.
func updateOf(e ExtractedThought) Update {
	u := Update{Old: strings.TrimSpace(e.Replaces), Implicit: e.Change}
	if a, n := strings.TrimSpace(e.Attribute), strings.TrimSpace(e.New); a != "" && n != "" {
		u.Attribute, u.New = a, n
	}
	return u
}

// maxToolLines caps the lines kept from one tool result.
const maxToolLines = 8

// toolLines returns the non-empty lines of a tool result, trimmed, at most
// maxToolLines (8).
func toolLines(text string) []string {
	var out []string
	for _, l := range strings.Split(text, "\n") {
		if l = strings.TrimSpace(l); l != "" && len(out) < maxToolLines {
			out = append(out, l)
		}
	}
	return out
}

// statedDrafts asks the model for what a text states (an extract-thoughts
// request with Verbatim set, as turn t's input with its text replaced by
// text): one knowledge draft per informative sentence, verbatim, with its
// entities, change and condition. Used for user turns and for free-text
// gold facts. A failed request is counted in Stats.Failures and gives none.
func (g *ThoughtGraph) statedDrafts(ctx context.Context, t strategies.Turn, text string) ([]draft, error) {
	in := model.ThoughtsInput{TurnInput: strategies.TurnInput(t), MaxThoughts: maxPerTurn, Verbatim: true}
	in.Text = text
	ext, err := g.extract(ctx, t, in)
	if err != nil {
		return nil, err
	}
	var out []draft
	for _, e := range ext.Thoughts {
		content := strings.TrimSpace(e.Content)
		if content == "" {
			g.stats.Malformed++
			continue
		}
		out = append(out, draft{typ: TypeKnowledge, content: content, entities: normEntities(e.Entities), confidence: 1,
			update: updateOf(e), conditional: e.Conditional})
		if len(out) == maxPerTurn {
			break
		}
	}
	return out, nil
}

// extract sends one extract-thoughts request for turn t. A failed request
// (model.ErrFailed) is counted in Stats.Failures and gives an empty reply;
// other errors are returned.
func (g *ThoughtGraph) extract(ctx context.Context, t strategies.Turn, in model.ThoughtsInput) (Extraction, error) {
	ext, err := model.CallJSON[Extraction](ctx, g.env.Model, model.Request{Kind: model.KindExtractThoughts, Role: model.RoleExtractor, Input: in})
	if err != nil {
		if errors.Is(err, model.ErrFailed) {
			g.stats.Failures++
			return Extraction{}, nil
		}
		return Extraction{}, fmt.Errorf("thought-graph: turn %s: %w", t.ID, err)
	}
	return ext, nil
}

// readChange asks the model how a gold thought's content changes an
// earlier value or is conditional (a Verbatim extract-thoughts request over
// the content): the first reply thought that names a change gives the
// update, any conditional one the condition.
func (g *ThoughtGraph) readChange(ctx context.Context, t strategies.Turn, d *draft) error {
	ds, err := g.statedDrafts(ctx, strategies.Turn{ID: t.ID, Role: scenarios.RoleUser, Speaker: t.Speaker, Addressee: t.Addressee,
		Time: t.Time, SessionStart: t.SessionStart, Task: t.Task}, d.content)
	if err != nil {
		return err
	}
	for _, x := range ds {
		if !d.update.Any() && x.update.Any() {
			d.update = x.update
		}
		d.conditional = d.conditional || x.conditional
	}
	return nil
}

// overlapMin is the least overlap score (2·shared entities + shared content
// stems) for an offline parent link, and the least number of shared content
// stems for an implicit supersession.
const overlapMin = 2

// maxPerTurn caps the thoughts taken from one turn.
const maxPerTurn = 8
