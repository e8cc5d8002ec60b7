package trimem

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"unicode"

	"github.com/memarena/memarena/internal/textutil"

	"github.com/memarena/memarena/strategies"
)

// DefaultStructureWeight is the default weight of the triplet ranking in
// its fusion with the raw supplement (weight 1): set on LoCoMo (see
// README.md, "Raw channel") so that a triplet outranks a raw observation
// only when it ranks higher or is backed by the raw evidence of its turn.
const DefaultStructureWeight = 0.5

// keepRaw adds every turn to the vector supplement (strategies.RawIndex):
// Mem0 keeps every message in its vector store beside the graph, so a turn
// stays retrievable whatever extraction read from it.
func (m *TriMem) keepRaw(ctx context.Context, t strategies.Turn) error {
	if m.raw == nil {
		return nil
	}
	return m.raw.Add(ctx, t)
}

// supplement fuses the ranked items with the vector supplement's nearest
// raw observations (strategies.FuseRaw, structure weight
// Options.StructureWeight): the vector store Mem0 keeps beside its graph
// (Chhikara et al. 2025). A raw observation is marked superseded when one
// of its turns asserted a fact now superseded (Store.TurnStatus) or when
// its text states a superseded value without a current value of the same
// slot (Store.StaleSlotsFor, StaleSlot.In), so an old value never comes back
// as current through the supplement.
func (m *TriMem) supplement(ctx context.Context, question string, items []strategies.Item) ([]strategies.Item, error) {
	if m.raw == nil {
		return items, nil
	}
	raw, err := m.raw.Search(ctx, question, m.opt.VectorK)
	if err != nil {
		return nil, err
	}
	texts := make([]string, len(raw))
	var turns []string
	for i, it := range raw {
		texts[i] = it.Text
		turns = append(turns, it.TurnIDs...)
	}
	slots, err := m.store.StaleSlotsFor(ctx, texts)
	if err != nil {
		return nil, err
	}
	stale, err := m.store.SupersededTurns(ctx, turns)
	if err != nil {
		return nil, err
	}
	matchers := make([]staleMatcher, len(slots))
	for i, sl := range slots {
		matchers[i] = sl.matcher()
	}
	for i := range raw {
		if rawStale(raw[i], tokensOf(raw[i].Text), stale, matchers) {
			raw[i].Status = strategies.StatusSuperseded
		}
	}
	return strategies.FuseRaw(items, raw, m.opt.StructureWeight)
}

// rawStale reports whether a raw observation presents a superseded value
// (see supplement): one of its turns is in stale, or its text (tokens
// toks) states one of the slots' superseded values.
func rawStale(it strategies.Item, toks textTokens, stale map[string]bool, slots []staleMatcher) bool {
	for _, id := range it.TurnIDs {
		if stale[id] {
			return true
		}
	}
	for _, sl := range slots {
		if sl.in(toks) {
			return true
		}
	}
	return false
}

// textTokens are a text's token sets as textutil.ContainsAll compares
// them: its content tokens and all its normalized tokens.
type textTokens struct{ content, all map[string]bool }

func tokensOf(text string) textTokens {
	return textTokens{content: textutil.TokenSet(textutil.ContentTokens(text)), all: textutil.TokenSet(textutil.NormalizeTokens(text))}
}

// phrase is a needle's tokens as textutil.ContainsAll requires them: its
// content tokens, or (norm) all its normalized tokens when it has none.
type phrase struct {
	toks []string
	norm bool
}

func phraseOf(s string) phrase {
	if ts := textutil.ContentTokens(s); len(ts) > 0 {
		return phrase{toks: ts}
	}
	return phrase{toks: textutil.NormalizeTokens(s), norm: true}
}

// in is textutil.ContainsAll(text, needle) for text's tokens t.
func (p phrase) in(t textTokens) bool {
	if len(p.toks) == 0 {
		return false
	}
	set := t.content
	if p.norm {
		set = t.all
	}
	for _, w := range p.toks {
		if !set[w] {
			return false
		}
	}
	return true
}

// staleMatcher is a StaleSlot with its phrases tokenized once.
type staleMatcher struct {
	needle  phrase
	current []phrase
}

func (sl StaleSlot) matcher() staleMatcher {
	m := staleMatcher{needle: phraseOf(staleNeedle(sl.Subject, sl.Old))}
	for _, c := range sl.Current {
		m.current = append(m.current, phraseOf(c))
	}
	return m
}

// in is StaleSlot.In for a text's tokens t.
func (m staleMatcher) in(t textTokens) bool {
	if !m.needle.in(t) {
		return false
	}
	for _, c := range m.current {
		if c.in(t) {
			return false
		}
	}
	return true
}

// StaleSlot is a superseded value of a slot (subject, relation) with the
// slot's values that are current.
type StaleSlot struct {
	// Subject is the slot's subject as stored.
	Subject string
	// Old is the superseded object.
	Old string
	// Current are the slot's current or conditional objects and the object
	// of the triplet that superseded Old (maybe none).
	Current []string
}

// staleNeedle is what a text must contain to state the value old of a
// slot with subject subject: old's content words, with the subject's when
// old has no letters (a bare number or date names nothing without its
// attribute).
func staleNeedle(subject, old string) string {
	if !strings.ContainsFunc(old, unicode.IsLetter) {
		return subject + " " + old
	}
	return old
}

// staleKey is one token every text that states the value (subject, old)
// contains by StaleSlot.In: the last of the tokens textutil.ContainsAll
// requires of staleNeedle ("" when it requires none). It indexes the
// superseded values (Store.StaleSlotsFor).
func staleKey(subject, old string) string {
	need := phraseOf(staleNeedle(subject, old)).toks
	if len(need) == 0 {
		return ""
	}
	return need[len(need)-1]
}

// In reports whether text states the superseded value as if current: the
// content words of staleNeedle(Subject, Old) all occur in text
// (textutil.ContainsAll), and no current value of the slot does.
func (sl StaleSlot) In(text string) bool {
	return sl.matcher().in(tokensOf(text))
}

// StaleSlotsFor returns, in triplet id order, every superseded, unarchived
// fact triplet as a StaleSlot whose value one of texts may state: those
// whose staleKey is among the texts' tokens, found through an index, so the
// cost follows the texts, not the number of superseded values. Every
// StaleSlot whose In holds for one of texts is among them. A text naming
// the replacement too ("MySQL 8 instead of Postgres 16") does not present
// the old value as current.
func (s *Store) StaleSlotsFor(ctx context.Context, texts []string) ([]StaleSlot, error) {
	// Content tokens are normalized tokens with stopwords left out: the
	// normalized tokens cover both sets ContainsAll compares.
	seen := map[string]bool{}
	var keys []string
	for _, text := range texts {
		for _, t := range textutil.NormalizeTokens(text) {
			if !seen[t] {
				seen[t] = true
				keys = append(keys, t)
			}
		}
	}
	if len(keys) == 0 {
		return nil, nil
	}
	js, err := json.Marshal(keys)
	if err != nil {
		return nil, err
	}
	rows, err := s.q().QueryContext(ctx, `SELECT t.subject, t.object,
		COALESCE((SELECT group_concat(o, char(31)) FROM (
			SELECT c.object AS o FROM triplet c WHERE c.subject_id = t.subject_id AND c.relation = t.relation
				AND c.status != 'superseded' AND c.kind = 'fact' AND c.archived_at IS NULL
			UNION ALL SELECT c.object FROM triplet c WHERE c.id = t.superseded_by)), '')
		FROM triplet t WHERE t.stale_key IN (SELECT value FROM json_each(?))
			AND t.status = 'superseded' AND t.kind = 'fact' AND t.archived_at IS NULL ORDER BY t.id`, string(js))
	if err != nil {
		return nil, fmt.Errorf("trimem: stale slots: %w", err)
	}
	defer rows.Close()
	var out []StaleSlot
	for rows.Next() {
		var sl StaleSlot
		var cur string
		if err := rows.Scan(&sl.Subject, &sl.Old, &cur); err != nil {
			return nil, err
		}
		if cur != "" {
			sl.Current = strings.Split(cur, "\x1f")
		}
		out = append(out, sl)
	}
	return out, rows.Err()
}

// SupersededTurns returns the turns among ids that asserted a fact triplet
// now superseded (what they stated is stale), as a set.
func (s *Store) SupersededTurns(ctx context.Context, ids []string) (map[string]bool, error) {
	out := map[string]bool{}
	if len(ids) == 0 {
		return out, nil
	}
	js, err := json.Marshal(ids)
	if err != nil {
		return nil, err
	}
	rows, err := s.q().QueryContext(ctx, `SELECT DISTINCT e.turn_id FROM evidence e JOIN triplet t ON t.id = e.triplet_id
		WHERE e.turn_id IN (SELECT value FROM json_each(?)) AND t.status = 'superseded' AND t.kind = 'fact'`, string(js))
	if err != nil {
		return nil, fmt.Errorf("trimem: turn status: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var t string
		if err := rows.Scan(&t); err != nil {
			return nil, err
		}
		out[t] = true
	}
	return out, rows.Err()
}
