package gaama

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/cayleygraph/cayley"
	"github.com/cayleygraph/quad"
)

// Dir is the direction of one hop of a traversal template.
type Dir int

// Hop directions.
const (
	Out Dir = iota // subject → object
	In             // object → subject
)

// Template is a fixed traversal shape: a sequence of hop directions from a
// seed entity, each hop following one relation edge. Templates are the only
// graph queries gaama runs — parameterized by seed, relations and target
// type, never written by a model.
type Template struct {
	// Name spells the directions: "out", "in", "out.in", "in.out.out" …
	Name string
	// Dirs are the hop directions, first hop first (1 to 3 of them).
	Dirs []Dir
}

// Templates are all direction sequences of 1 to 3 hops, shortest first:
// out, in, then the four 2-hop shapes (out.out: a chain; in.out: siblings
// sharing a subject; out.in: co-subjects of an object; in.in: a reverse
// chain), then the eight 3-hop shapes.
var Templates = func() []Template {
	var out []Template
	for h := 1; h <= 3; h++ {
		for mask := 0; mask < 1<<h; mask++ {
			t := Template{}
			names := make([]string, h)
			for i := 0; i < h; i++ {
				d := Out
				if mask>>(h-1-i)&1 == 1 {
					d = In
				}
				t.Dirs = append(t.Dirs, d)
				names[i] = map[Dir]string{Out: "out", In: "in"}[d]
			}
			t.Name = strings.Join(names, ".")
			out = append(out, t)
		}
	}
	return out
}()

// TemplatesUpTo returns the templates of at most hops hops (1 ≤ hops ≤ 3).
func TemplatesUpTo(hops int) []Template {
	var out []Template
	for _, t := range Templates {
		if len(t.Dirs) <= hops {
			out = append(out, t)
		}
	}
	return out
}

// TemplateSpec parameterizes a template run.
type TemplateSpec struct {
	// Seed is the entity key the walk starts from.
	Seed string
	// Relations restricts every hop to these relations; nil means all of
	// Relations.
	Relations []string
	// TargetType keeps only walks whose last node has this type ("" = any).
	TargetType string
	// Avoid lists entity keys the walk may not pass through as an inner node
	// (hubs such as "user"); the seed and the last node may still be in it.
	Avoid []string
	// Limit caps the number of walks returned: the first Limit of the
	// sorted walks, kept by a bounded heap while the store is iterated; ≤ 0
	// means no cap.
	Limit int
}

// Walk is one match of a template: Nodes[0] is the seed, hop i goes from
// Nodes[i] to Nodes[i+1] over relation Rels[i] in direction Dirs[i].
type Walk struct {
	// Template is the name of the template that matched.
	Template string
	// Nodes are the entity keys visited, seed first (len(Rels)+1 of them).
	Nodes []string
	// Rels are the relations of the hops, in order.
	Rels []string
	// Dirs are the directions of the hops, in order.
	Dirs []Dir
}

// Hop returns the (subject, relation, object) of hop i.
func (w Walk) Hop(i int) (s, r, o string) {
	if w.Dirs[i] == Out {
		return w.Nodes[i], w.Rels[i], w.Nodes[i+1]
	}
	return w.Nodes[i+1], w.Rels[i], w.Nodes[i]
}

// String renders a walk as "a -uses-> b <-part_of- c".
func (w Walk) String() string {
	var b strings.Builder
	b.WriteString(w.Nodes[0])
	for i := range w.Rels {
		if w.Dirs[i] == Out {
			fmt.Fprintf(&b, " -%s-> %s", w.Rels[i], w.Nodes[i+1])
		} else {
			fmt.Fprintf(&b, " <-%s- %s", w.Rels[i], w.Nodes[i+1])
		}
	}
	return b.String()
}

// Traverse runs template t from spec.Seed on the cayley store:
//
//	StartPath(seed).Tag("n0").OutWithTags(["r0"], rels…).Tag("n1") …
//
// (InWithTags for In hops, Except(avoid) on inner nodes, Has(gaama:type,
// t:<type>) on the last node). Walks that revisit a node are dropped; the
// rest come back sorted by their String form, so the result does not
// depend on the store's iteration order. An unknown seed gives no walks; an
// unknown relation in spec.Relations is an error.
func (g *Graph) Traverse(ctx context.Context, t Template, spec TemplateSpec) ([]Walk, error) {
	if len(t.Dirs) == 0 {
		return nil, fmt.Errorf("gaama: template %q has no hops", t.Name)
	}
	if g.entities[spec.Seed] == nil {
		return nil, nil
	}
	rels := spec.Relations
	if rels == nil {
		rels = Relations
	}
	preds := make([]any, 0, len(rels))
	for _, r := range rels {
		if !IsRelation(r) {
			return nil, fmt.Errorf("gaama: template %s: unknown relation %q", t.Name, r)
		}
		preds = append(preds, relationIRI(r))
	}
	var avoid []quad.Value
	for _, a := range spec.Avoid {
		if g.entities[a] != nil && a != spec.Seed {
			avoid = append(avoid, entityIRI(a))
		}
	}
	p := cayley.StartPath(g.h, entityIRI(spec.Seed)).Tag("n0")
	for i, d := range t.Dirs {
		tag := []string{"r" + strconv.Itoa(i)}
		if d == Out {
			p = p.OutWithTags(tag, preds...)
		} else {
			p = p.InWithTags(tag, preds...)
		}
		if i < len(t.Dirs)-1 && len(avoid) > 0 {
			p = p.Except(cayley.StartPath(g.h, avoid...))
		}
		p = p.Tag("n" + strconv.Itoa(i+1))
	}
	if spec.TargetType != "" {
		p = p.Has(quad.IRI(typePredicate), quad.IRI(typePrefix+spec.TargetType))
	}
	best := newSmallest(spec.Limit)
	err := p.Iterate(ctx).TagValues(nil, func(m map[string]quad.Value) error {
		w := Walk{Template: t.Name, Dirs: t.Dirs, Nodes: make([]string, len(t.Dirs)+1), Rels: make([]string, len(t.Dirs))}
		for i := range w.Nodes {
			w.Nodes[i] = strings.TrimPrefix(iriString(m["n"+strconv.Itoa(i)]), entityPrefix)
		}
		for i := range w.Rels {
			w.Rels[i] = strings.TrimPrefix(iriString(m["r"+strconv.Itoa(i)]), relationPrefix)
		}
		if hasRepeat(w.Nodes) {
			return nil
		}
		best.offer(w.String(), w)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("gaama: template %s from %q: %w", t.Name, spec.Seed, err)
	}
	return best.sorted(), nil
}

// smallest keeps the distinct walks with the limit smallest keys (String
// forms) offered to it, in a max-heap on the key, so a traversal that
// matches many walks keeps O(limit) of them instead of sorting all; limit
// ≤ 0 keeps every distinct walk. sorted returns exactly the first limit
// walks of the full sort by key with duplicates dropped.
type smallest struct {
	limit int
	keys  []string // max-heap on key
	walks []Walk   // walks[i] has key keys[i]
	in    map[string]bool
}

func newSmallest(limit int) *smallest { return &smallest{limit: limit, in: map[string]bool{}} }

// offer adds w under key unless the key is held already or, with the heap
// full, is not smaller than the largest held key. A duplicate of a key
// dropped earlier is dropped too: the largest held key only decreases.
func (h *smallest) offer(key string, w Walk) {
	if h.in[key] {
		return
	}
	if h.limit > 0 && len(h.keys) == h.limit {
		if key >= h.keys[0] {
			return
		}
		delete(h.in, h.keys[0])
		h.keys[0], h.walks[0] = key, w
		h.in[key] = true
		h.down(0)
		return
	}
	h.in[key] = true
	h.keys = append(h.keys, key)
	h.walks = append(h.walks, w)
	for i := len(h.keys) - 1; i > 0; {
		p := (i - 1) / 2
		if h.keys[p] >= h.keys[i] {
			break
		}
		h.swap(i, p)
		i = p
	}
}

func (h *smallest) down(i int) {
	for {
		l, big := 2*i+1, i
		if l < len(h.keys) && h.keys[l] > h.keys[big] {
			big = l
		}
		if r := l + 1; r < len(h.keys) && h.keys[r] > h.keys[big] {
			big = r
		}
		if big == i {
			return
		}
		h.swap(i, big)
		i = big
	}
}

func (h *smallest) swap(i, j int) {
	h.keys[i], h.keys[j] = h.keys[j], h.keys[i]
	h.walks[i], h.walks[j] = h.walks[j], h.walks[i]
}

// sorted returns the held walks by key, ascending.
func (h *smallest) sorted() []Walk {
	order := make([]int, len(h.keys))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int { return strings.Compare(h.keys[a], h.keys[b]) })
	out := make([]Walk, len(order))
	for i, j := range order {
		out[i] = h.walks[j]
	}
	return out
}

func iriString(v quad.Value) string {
	if iri, ok := v.(quad.IRI); ok {
		return string(iri)
	}
	if v == nil {
		return ""
	}
	return v.String()
}

func hasRepeat(nodes []string) bool {
	for i := range nodes {
		for j := i + 1; j < len(nodes); j++ {
			if nodes[i] == nodes[j] {
				return true
			}
		}
	}
	return false
}
