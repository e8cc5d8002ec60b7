package trimem

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/memarena/memarena/strategies"
)

// EntityMatch is an entity named by a question.
type EntityMatch struct {
	ID int64
	// Coverage in (0, 1]: the share of the entity's terms found in the
	// question (1 for the user entity when the question says I/my/we/user).
	Coverage float64
}

// MinCoverage is the least share of an entity's terms a question must
// contain for the entity to count as named.
const MinCoverage = 0.5

// MatchEntities returns the entities a question names: those with at least
// MinCoverage of their terms among qterms (content stems of the question),
// plus the user entity when self is true. Best first (coverage, then more
// terms, then id), at most limit.
func (s *Store) MatchEntities(ctx context.Context, qterms []string, self bool, limit int) ([]EntityMatch, error) {
	var out []EntityMatch
	type row struct {
		id   int64
		n, k int
	}
	var rs []row
	if len(qterms) > 0 {
		args := make([]any, len(qterms))
		for i, t := range qterms {
			args[i] = t
		}
		rows, err := s.q().QueryContext(ctx, `SELECT et.entity_id, COUNT(DISTINCT et.term), e.ntok FROM entity_term et
			JOIN entity e ON e.id = et.entity_id WHERE et.term IN (`+placeholders(len(qterms))+`) GROUP BY et.entity_id`, args...)
		if err != nil {
			return nil, fmt.Errorf("trimem: match entities: %w", err)
		}
		for rows.Next() {
			var r row
			if err := rows.Scan(&r.id, &r.n, &r.k); err != nil {
				rows.Close()
				return nil, err
			}
			rs = append(rs, r)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, err
		}
	}
	seenUser := false
	for _, r := range rs {
		k := r.k
		if k < 1 {
			k = 1
		}
		c := float64(r.n) / float64(k)
		if c > 1 {
			c = 1
		}
		if r.id == s.userID {
			seenUser = true
			if self {
				c = 1
			}
		}
		if c >= MinCoverage {
			out = append(out, EntityMatch{ID: r.id, Coverage: c})
		}
	}
	if self && !seenUser {
		out = append(out, EntityMatch{ID: s.userID, Coverage: 1})
	}
	ntok := map[int64]int{}
	for _, r := range rs {
		ntok[r.id] = r.k
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Coverage != out[j].Coverage {
			return out[i].Coverage > out[j].Coverage
		}
		if ntok[out[i].ID] != ntok[out[j].ID] {
			return ntok[out[i].ID] > ntok[out[j].ID]
		}
		return out[i].ID < out[j].ID
	})
	if limit > 0 && len(out) > limit {
		out = out[:limit]
	}
	return out, nil
}

// Candidates returns live triplets not forgotten at t (decayed strength ≥
// the forget threshold) that a question reaches: for each named entity,
// its perEntity strongest triplets as subject and as object; for each asked
// relation, its perRelation strongest triplets overall and, for each of the
// first slotEntities named entities, as that entity's relation. Each is an
// index range scan in strength order (see the anchor indexes) that stops at
// its limit. Records come without entity keys and provenance (see Fill).
// Ordered by id.
func (s *Store) Candidates(ctx context.Context, ents []int64, rels []string, t time.Time, perEntity, perRelation int) ([]Record, error) {
	floor := s.floorAnchor(t)
	seen := map[int64]bool{}
	var out []Record
	run := func(where string, args ...any) error {
		rows, err := s.q().QueryContext(ctx, `SELECT `+tripletColsLite+` FROM triplet t WHERE t.archived_at IS NULL AND t.anchor >= ? AND `+where+
			` ORDER BY t.anchor DESC, t.id DESC LIMIT ?`, append([]any{floor}, args...)...)
		if err != nil {
			return fmt.Errorf("trimem: candidates: %w", err)
		}
		defer rows.Close()
		for rows.Next() {
			r, err := scanRecord(rows)
			if err != nil {
				return err
			}
			if !seen[r.ID] {
				seen[r.ID] = true
				out = append(out, r)
			}
		}
		return rows.Err()
	}
	if perEntity > 0 {
		for _, e := range ents {
			if err := run(`t.subject_id = ?`, e, perEntity); err != nil {
				return nil, err
			}
			if err := run(`t.object_id = ?`, e, perEntity); err != nil {
				return nil, err
			}
		}
	}
	if perRelation > 0 {
		for _, r := range rels {
			if err := run(`t.relation = ?`, r, perRelation); err != nil {
				return nil, err
			}
			for i, e := range ents {
				if i == slotEntities {
					break
				}
				if err := run(`t.subject_id = ? AND t.relation = ?`, e, r, perRelation); err != nil {
					return nil, err
				}
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out, nil
}

// slotEntities is how many of the best named entities Candidates searches
// per asked relation.
const slotEntities = 8

// Fill loads the provenance (and rule links) of records.
func (s *Store) Fill(ctx context.Context, rs []Record) error {
	for i := range rs {
		if err := s.fill(ctx, &rs[i]); err != nil {
			return err
		}
	}
	return nil
}

// SentenceRecord is a raw sentence kept for the fallback.
type SentenceRecord struct {
	ID     int64
	TurnID string
	Seq    int64
	At     time.Time
	Text   string
	// Status follows the facts extracted from the sentence: superseded if
	// any of them is (the sentence states a stale value), else conditional
	// if all of them are, else current (also when none was extracted).
	Status string
	// Score is (E + L) × recency: E the summed coverage of the named
	// entities it mentions (the user aside), L the share of the question's
	// terms it contains, recency strategies.Decay of its age.
	Score float64
}

// addSentence stores a raw sentence linked to the entities it mentions and
// indexed by its content stems.
func (s *Store) addSentence(ctx context.Context, q querier, turnID string, seq int64, at time.Time, text string, ents []int64) error {
	r, err := q.ExecContext(ctx, `INSERT INTO sentence(turn_id, seq, at, text) VALUES (?,?,?,?)`, turnID, seq, at.Unix(), text)
	if err != nil {
		return fmt.Errorf("trimem: sentence: %w", err)
	}
	id, _ := r.LastInsertId()
	if len(ents) > 0 {
		if _, err := q.ExecContext(ctx, `INSERT OR IGNORE INTO sentence_entity(entity_id, sentence_id) SELECT value, ? FROM json_each(?)`, id, jsonList(ents)); err != nil {
			return fmt.Errorf("trimem: sentence entity: %w", err)
		}
	}
	if ts := terms(text); len(ts) > 0 {
		if _, err := q.ExecContext(ctx, `INSERT OR IGNORE INTO sentence_term(term, sentence_id) SELECT value, ? FROM json_each(?)`, id, jsonList(ts)); err != nil {
			return fmt.Errorf("trimem: sentence term: %w", err)
		}
	}
	return nil
}

// jsonList is vs as a JSON array: one statement inserts every row through
// SQLite's json_each table-valued function, instead of one statement per
// row. Strings and integers always marshal; the text of a failure would
// read "json: …" in the statement's error.
func jsonList[T string | int64](vs []T) string {
	b, err := json.Marshal(vs)
	if err != nil {
		return err.Error()
	}
	return string(b)
}

// MinSentenceOverlap is the least share of a question's terms a fallback
// sentence that names no question entity must contain.
const MinSentenceOverlap = 0.5

// SentencesFor returns the fallback: raw sentences that mention a named
// entity (the user entity aside: nearly every sentence is about the user)
// or contain at least MinSentenceOverlap of the question's terms, scored
// (E + L) × recency (see SentenceRecord.Score), best first, newer first on
// ties, at most limit.
func (s *Store) SentencesFor(ctx context.Context, ents []EntityMatch, qterms []string, t time.Time, limit int) ([]SentenceRecord, error) {
	if limit <= 0 {
		return nil, nil
	}
	byID := map[int64]*SentenceRecord{}
	cov := map[int64]float64{}
	overlap := map[int64]int{}
	var entArgs []any
	for _, e := range ents {
		if e.ID != s.userID {
			entArgs = append(entArgs, e.ID)
		}
	}
	load := func(query string, args []any, add func(r *SentenceRecord, extra int64)) error {
		rows, err := s.q().QueryContext(ctx, query, args...)
		if err != nil {
			return fmt.Errorf("trimem: fallback: %w", err)
		}
		defer rows.Close()
		for rows.Next() {
			var r SentenceRecord
			var at, extra int64
			if err := rows.Scan(&r.ID, &r.TurnID, &r.Seq, &at, &r.Text, &extra); err != nil {
				return err
			}
			if byID[r.ID] == nil {
				r.At = time.Unix(at, 0).UTC()
				byID[r.ID] = &r
			}
			add(byID[r.ID], extra)
		}
		return rows.Err()
	}
	entCov := map[int64]float64{}
	for _, e := range ents {
		entCov[e.ID] = e.Coverage
	}
	if len(entArgs) > 0 {
		if err := load(`SELECT s.id, s.turn_id, s.seq, s.at, s.text, se.entity_id FROM sentence_entity se
			JOIN sentence s ON s.id = se.sentence_id WHERE se.entity_id IN (`+placeholders(len(entArgs))+`)`, entArgs,
			func(r *SentenceRecord, ent int64) { cov[r.ID] += entCov[ent] }); err != nil {
			return nil, err
		}
	}
	if len(qterms) > 0 {
		args := make([]any, len(qterms))
		for i, q := range qterms {
			args[i] = q
		}
		if err := load(`SELECT s.id, s.turn_id, s.seq, s.at, s.text, COUNT(*) FROM sentence_term st
			JOIN sentence s ON s.id = st.sentence_id WHERE st.term IN (`+placeholders(len(qterms))+`) GROUP BY s.id`, args,
			func(r *SentenceRecord, n int64) { overlap[r.ID] = int(n) }); err != nil {
			return nil, err
		}
	}
	out := make([]SentenceRecord, 0, len(byID))
	for id, r := range byID {
		l := 0.0
		if len(qterms) > 0 {
			l = float64(overlap[id]) / float64(len(qterms))
		}
		if cov[id] == 0 && l < MinSentenceOverlap {
			continue
		}
		r.Score = (cov[id] + l) * strategies.Decay(t.Sub(r.At), s.cfg.HalfLife)
		out = append(out, *r)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Score != out[j].Score {
			return out[i].Score > out[j].Score
		}
		return out[i].ID > out[j].ID
	})
	if len(out) > limit {
		out = out[:limit]
	}
	for i := range out {
		st, err := s.sentenceStatus(ctx, out[i].TurnID, out[i].Text)
		if err != nil {
			return nil, err
		}
		out[i].Status = st
	}
	return out, nil
}

func (s *Store) sentenceStatus(ctx context.Context, turnID, text string) (string, error) {
	rows, err := s.q().QueryContext(ctx, `SELECT DISTINCT t.status FROM evidence e JOIN triplet t ON t.id = e.triplet_id
		WHERE e.turn_id = ? AND e.sentence = ? AND t.kind = 'fact'`, turnID, text)
	if err != nil {
		return "", fmt.Errorf("trimem: sentence status: %w", err)
	}
	defer rows.Close()
	has := map[string]bool{}
	for rows.Next() {
		var st string
		if err := rows.Scan(&st); err != nil {
			return "", err
		}
		has[st] = true
	}
	if err := rows.Err(); err != nil {
		return "", err
	}
	switch {
	case has[dbSuperseded]:
		return strategies.StatusSuperseded, nil
	case has[dbConditional] && !has[dbCurrent]:
		return strategies.StatusConditional, nil
	}
	return strategies.StatusCurrent, nil
}

func placeholders(n int) string {
	if n <= 0 {
		return ""
	}
	return strings.Repeat("?,", n-1) + "?"
}
