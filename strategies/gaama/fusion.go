package gaama

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/memarena/memarena/internal/textutil"
)

// Candidate is one entry of a ranked retrieval list.
type Candidate struct {
	// ID identifies the item across lists ("f:<edge key>", "t:<turn id>").
	ID string
	// TurnIDs is the item's provenance; LinkedRRF lets a list vote for an
	// item of another kind through shared turns.
	TurnIDs []string
}

// Fused is a fused item with its reciprocal-rank-fusion score.
type Fused struct {
	// ID is the candidate's id.
	ID string
	// Score is Σ w/(k + rank) over the lists (see RRF, LinkedRRF); > 0.
	Score float64
}

// RRF fuses ranked lists by reciprocal rank fusion (Cormack, Clarke and
// Büttcher, 2009, "Reciprocal Rank Fusion outperforms Condorcet and
// individual Rank Learning Methods"): score(d) = Σ_l w_l / (k + rank_l(d))
// with 1-based ranks; a list that does not hold d adds nothing; a
// duplicate id within one list counts at its best rank. weights[l]
// multiplies list l (nil: all 1). The result is sorted by score
// descending, ties by the id's first appearance (list order, then rank),
// then by id. k must be ≥ 0 and len(weights) must match len(lists).
func RRF(lists [][]string, weights []float64, k float64) ([]Fused, error) {
	cl := make([][]Candidate, len(lists))
	for i, l := range lists {
		cl[i] = make([]Candidate, len(l))
		for j, id := range l {
			cl[i][j] = Candidate{ID: id}
		}
	}
	return LinkedRRF(cl, weights, k, false)
}

// linkShare is the weight of a linked (indirect) vote relative to a direct
// one in LinkedRRF.
const linkShare = 0.5

// LinkedRRF is RRF over candidate lists with optional provenance linking:
// when link is true, a list that does not hold an item itself still votes
// for it, at linkShare of a direct vote, at the rank of its best entry
// sharing a turn id with it (a graph fact and the raw turn it was read from
// support each other). An item's score is then Σ_l w_l / (k + r_l) over the
// lists holding it, plus Σ_l linkShare · w_l / (k + r'_l) over the lists
// that only hold an entry r'_l sharing one of its turns.
func LinkedRRF(lists [][]Candidate, weights []float64, k float64, link bool) ([]Fused, error) {
	if k < 0 || math.IsNaN(k) {
		return nil, fmt.Errorf("gaama: rrf k = %v, want ≥ 0", k)
	}
	if weights != nil && len(weights) != len(lists) {
		return nil, fmt.Errorf("gaama: %d rrf weights for %d lists", len(weights), len(lists))
	}
	type entry struct {
		turns []string
		first int
	}
	items := map[string]*entry{}
	var order []string
	// own[l][id] = best own rank; byTurn[l][turn] = best rank of an entry
	// citing the turn.
	own := make([]map[string]int, len(lists))
	byTurn := make([]map[string]int, len(lists))
	for l, list := range lists {
		own[l] = map[string]int{}
		byTurn[l] = map[string]int{}
		for r, c := range list {
			rank := r + 1
			if _, ok := own[l][c.ID]; !ok {
				own[l][c.ID] = rank
			}
			for _, t := range c.TurnIDs {
				if _, ok := byTurn[l][t]; !ok {
					byTurn[l][t] = rank
				}
			}
			if items[c.ID] == nil {
				items[c.ID] = &entry{turns: c.TurnIDs, first: len(order)}
				order = append(order, c.ID)
			}
		}
	}
	out := make([]Fused, 0, len(order))
	for _, id := range order {
		var s float64
		for l := range lists {
			w := 1.0
			if weights != nil {
				w = weights[l]
			}
			if rank, ok := own[l][id]; ok {
				s += w / (k + float64(rank))
				continue
			}
			if !link {
				continue
			}
			best := 0
			for _, t := range items[id].turns {
				if r, ok := byTurn[l][t]; ok && (best == 0 || r < best) {
					best = r
				}
			}
			if best > 0 {
				s += linkShare * w / (k + float64(best))
			}
		}
		out = append(out, Fused{ID: id, Score: s})
	}
	slices.SortStableFunc(out, func(a, b Fused) int {
		switch {
		case a.Score > b.Score:
			return -1
		case a.Score < b.Score:
			return 1
		}
		if fa, fb := items[a.ID].first, items[b.ID].first; fa != fb {
			return fa - fb
		}
		return strings.Compare(a.ID, b.ID)
	})
	return out, nil
}

// DedupItem is what de-duplication looks at.
type DedupItem struct {
	// ID identifies the item in Dedup's result.
	ID string
	// Facts are the keys of the facts the item states: edge keys for a
	// graph fact, the keys of the edges read from a turn plus one key per
	// substantive sentence that yielded no edge.
	Facts []string
	// Text is the item's text; items with equal normalized text are
	// duplicates.
	Text string
}

// Dedup removes, in rank order, every item that states nothing new: its
// normalized text equals a kept item's, or its Facts are non-empty and all
// already stated by kept items. It returns the ids kept, in order.
func Dedup(items []DedupItem) []string {
	stated := map[string]bool{}
	texts := map[string]bool{}
	var kept []string
	for _, it := range items {
		norm := strings.Join(textutil.NormalizeTokens(it.Text), " ")
		if norm != "" && texts[norm] {
			continue
		}
		if len(it.Facts) > 0 {
			covered := true
			for _, f := range it.Facts {
				if !stated[f] {
					covered = false
					break
				}
			}
			if covered {
				continue
			}
		}
		for _, f := range it.Facts {
			stated[f] = true
		}
		if norm != "" {
			texts[norm] = true
		}
		kept = append(kept, it.ID)
	}
	return kept
}

// Redact deletes from a text every replaced-value phrase in phrases — the
// words an extraction reply marked as naming a replaced value as replaced
// (model.ExtractedRelation.ReplacedPhrase: ", instead of Nikon D750",
// "(down from 12)", "from 70% " before "to") — verbatim. A current fact
// rendered from "the studio now uses Canon R6 instead of Nikon
// D750" then no longer presents "Nikon D750" on a current line; the graph
// keeps that value as a separate superseded fact. Other text is kept
// verbatim; runs of spaces collapse to one.
func Redact(text string, phrases []string) string {
	out := text
	for _, p := range phrases {
		if strings.TrimSpace(p) != "" {
			out = strings.ReplaceAll(out, p, " ")
		}
	}
	out = strings.Join(strings.Fields(out), " ")
	return strings.ReplaceAll(strings.ReplaceAll(out, " ,", ","), " .", ".")
}
