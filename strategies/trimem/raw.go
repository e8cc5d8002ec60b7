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
// (Chhikara et al. 2025). The raw observations are episodes, kept as they
// were said (as Zep/Graphiti keeps its episodes and invalidates only
// edges); one is marked superseded only where it offers an answer to the
// question that the triplet graph has replaced: when one of its turns
// asserted a superseded fact the question asks about (Store.SupersededTurns)
// or its text states such a fact's value without a current value of the
// same slot (Store.StaleSlotsFor, StaleSlot.In). What the question asks
// about is its Scope. A superseded fact the question does not ask about
// leaves the observation current: the reader discounts superseded lines, and
// an observation is rarely only the one fact extraction read from it.
func (m *TriMem) supplement(ctx context.Context, question string, scope Scope, items []strategies.Item) ([]strategies.Item, error) {
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
	slots, err := m.store.StaleSlotsFor(ctx, texts, scope)
	if err != nil {
		return nil, err
	}
	stale, err := m.store.SupersededTurns(ctx, turns, scope)
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
	content, all := textutil.FactTokens(text)
	return textTokens{content: textutil.TokenSet(content), all: textutil.TokenSet(all)}
}

// phrase is a needle's tokens as textutil.ContainsAll requires them: its
// content tokens, or (norm) all its normalized tokens when it has none.
type phrase struct {
	toks []string
	norm bool
}

func phraseOf(s string) phrase {
	content, all := textutil.FactTokens(s)
	if len(content) > 0 {
		return phrase{toks: content}
	}
	return phrase{toks: all, norm: true}
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

// Scope is what a question asks about, for marking raw observations
// superseded: the entities it names (the people it means by I/my
// included), the relations it asks for and its content terms.
type Scope struct {
	Entities  map[int64]bool
	Relations map[string]bool
	Terms     map[string]bool
}

// NewScope is the Scope of a question analysis qa and its named entities.
func NewScope(qa Question, ents []EntityMatch) Scope {
	sc := Scope{Entities: map[int64]bool{}, Relations: map[string]bool{}, Terms: textutil.TokenSet(qa.Terms)}
	for _, e := range ents {
		sc.Entities[e.ID] = true
	}
	for _, r := range qa.Relations {
		sc.Relations[r] = true
	}
	for _, r := range qa.AnswerRelations {
		sc.Relations[r] = true
	}
	return sc
}

// Covers reports whether the question asks about the fact (subject,
// relation, object, condition): it names the subject, and it asks for the
// relation or shares a content term with the relation phrase, the object
// or the condition (the subject's own terms do not count: naming a person
// does not ask about every fact about them).
func (sc Scope) Covers(subjectID int64, relation, object, condition string) bool {
	if !sc.Entities[subjectID] {
		return false
	}
	if sc.Relations[relation] {
		return true
	}
	phrase := relation
	if spec, ok := relationByName[relation]; ok {
		phrase = spec.Phrase
	}
	for _, t := range textutil.ContentTokens(phrase + " " + object + " " + condition) {
		if sc.Terms[t] {
			return true
		}
	}
	return false
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
// fact triplet the scope covers (Scope.Covers) as a StaleSlot whose value
// one of texts may state: those whose staleKey is among the texts' tokens,
// found through an index, so the cost follows the texts, not the number of
// superseded values. Every such StaleSlot whose In holds for one of texts
// is among them. A text naming the replacement too ("Canon R6 instead of
// Nikon D750") does not present the old value as current.
func (s *Store) StaleSlotsFor(ctx context.Context, texts []string, scope Scope) ([]StaleSlot, error) {
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
	rows, err := s.q().QueryContext(ctx, `SELECT t.subject_id, t.relation, t.condition, t.subject, t.object,
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
		var cur, rel, cond string
		var subj int64
		if err := rows.Scan(&subj, &rel, &cond, &sl.Subject, &sl.Old, &cur); err != nil {
			return nil, err
		}
		if !scope.Covers(subj, rel, sl.Old, cond) {
			continue
		}
		if cur != "" {
			sl.Current = strings.Split(cur, "\x1f")
		}
		out = append(out, sl)
	}
	return out, rows.Err()
}

// SupersededTurns returns the turns among ids that asserted a fact triplet
// now superseded that the scope covers (Scope.Covers), as a set: what they
// stated about what the question asks is stale.
func (s *Store) SupersededTurns(ctx context.Context, ids []string, scope Scope) (map[string]bool, error) {
	out := map[string]bool{}
	if len(ids) == 0 {
		return out, nil
	}
	js, err := json.Marshal(ids)
	if err != nil {
		return nil, err
	}
	rows, err := s.q().QueryContext(ctx, `SELECT e.turn_id, t.subject_id, t.relation, t.object, t.condition FROM evidence e
		JOIN triplet t ON t.id = e.triplet_id
		WHERE e.turn_id IN (SELECT value FROM json_each(?)) AND t.status = 'superseded' AND t.kind = 'fact'
		ORDER BY e.turn_id, t.id`, string(js))
	if err != nil {
		return nil, fmt.Errorf("trimem: turn status: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var turn, rel, obj, cond string
		var subj int64
		if err := rows.Scan(&turn, &subj, &rel, &obj, &cond); err != nil {
			return nil, err
		}
		if scope.Covers(subj, rel, obj, cond) {
			out[turn] = true
		}
	}
	return out, rows.Err()
}
