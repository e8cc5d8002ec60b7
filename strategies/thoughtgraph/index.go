package thoughtgraph

import "github.com/memarena/memarena/strategies"

// stemIndex is the inverted index of the thoughts that can be superseded
// (canBeSuperseded): content stem → those thoughts holding it, in creation
// order. Entries of thoughts that can no longer be superseded (superseded,
// or folded away by consolidation) are dropped when a list is read.
type stemIndex struct {
	post map[string][]*Thought
}

// add indexes th under each of its content stems.
func (x *stemIndex) add(th *Thought) {
	if !canBeSuperseded(th.Type) {
		return
	}
	if x.post == nil {
		x.post = map[string][]*Thought{}
	}
	for s := range th.stems {
		x.post[s] = append(x.post[s], th)
	}
}

// live returns the current posting list of the rarest of stems (after
// dropping dead entries), in creation order: every live thought holding
// all stems is in it. The slice is the index's own; do not modify it.
func (x *stemIndex) live(g *ThoughtGraph, stems []string) []*Thought {
	if len(stems) == 0 {
		return nil
	}
	best := stems[0]
	for _, s := range stems[1:] {
		if len(x.post[s]) < len(x.post[best]) {
			best = s
		}
	}
	list := x.post[best]
	kept := list[:0]
	for _, t := range list {
		if t.Status != strategies.StatusSuperseded && g.thoughts[t.ID] == t {
			kept = append(kept, t)
		}
	}
	clear(list[len(kept):])
	if len(kept) == 0 {
		delete(x.post, best)
	} else {
		x.post[best] = kept
	}
	return kept
}

// mentionIndex is entity key → the thoughts that mention it, in the order
// they gained the mention (creation, or a fold that brought the entity).
// It mirrors the graph's thought → entity links for entity recall, which
// reads only the newest mentions (mentionCap) instead of iterating every
// link in the graph store. Entries of folded thoughts are dropped when a
// list is read.
type mentionIndex struct {
	post map[string][]*Thought
}

// add records that th mentions each of entities (ones it newly gained).
func (x *mentionIndex) add(th *Thought, entities ...string) {
	if x.post == nil {
		x.post = map[string][]*Thought{}
	}
	for _, e := range entities {
		x.post[e] = append(x.post[e], th)
	}
}

// newest returns up to n stored thoughts that mention entity, most recently
// linked first.
func (x *mentionIndex) newest(g *ThoughtGraph, entity string, n int) []*Thought {
	list := x.post[entity]
	var out []*Thought
	dead := 0
	for i := len(list) - 1; i >= 0 && len(out) < n; i-- {
		if t := list[i]; g.thoughts[t.ID] == t {
			out = append(out, t)
		} else {
			dead++
		}
	}
	if dead > len(list)/2 { // compact once half the list is folded away
		kept := list[:0]
		for _, t := range list {
			if g.thoughts[t.ID] == t {
				kept = append(kept, t)
			}
		}
		clear(list[len(kept):])
		x.post[entity] = kept
	}
	return out
}
