package thoughtgraph

import (
	"context"
	"fmt"
	"strings"

	"github.com/cayleygraph/cayley"
	"github.com/cayleygraph/quad"
)

// Predicates of the thought graph. Thoughts, tasks and entities are IRI
// nodes "th:<id>", "task:<key>", "ent:<key>".
const (
	predParentOf = "tg:parent_of" // parent thought → child thought (reasoning dependency)
	predNext     = "tg:next"      // thought → the next thought of the same session
	predTask     = "tg:task"      // thought → its task node
	predMentions = "tg:mentions"  // thought → entity node
)

// Relations of a neighbor in chain expansion, in the order expansion
// prefers them: what a thought follows from, what follows from it, then its
// session neighbors.
const (
	relParent = iota // the neighbor is a parent (In parent_of)
	relChild         // the neighbor is a child (Out parent_of)
	relNext          // the neighbor comes next in the session (Out next)
	relPrev          // the neighbor came before in the session (In next)
)

func thoughtIRI(id string) quad.IRI { return quad.IRI("th:" + id) }
func taskIRI(key string) quad.IRI   { return quad.IRI("task:" + key) }
func entityIRI(key string) quad.IRI { return quad.IRI("ent:" + key) }

// thoughtID returns the id of a "th:" node, or "" for other values.
func thoughtID(v quad.Value) string {
	iri, ok := v.(quad.IRI)
	if !ok || !strings.HasPrefix(string(iri), "th:") {
		return ""
	}
	return string(iri)[3:]
}

// graphStore is the cayley in-memory quad store holding the thought graph.
type graphStore struct {
	h *cayley.Handle
}

func newGraphStore() (*graphStore, error) {
	h, err := cayley.NewMemoryGraph()
	if err != nil {
		return nil, fmt.Errorf("thought graph: %w", err)
	}
	return &graphStore{h: h}, nil
}

func link(s quad.Value, p string, o quad.Value) quad.Quad {
	return quad.Make(s, quad.IRI(p), o, nil)
}

// add inserts quads (duplicates are ignored by the store).
func (g *graphStore) add(qs ...quad.Quad) error {
	for _, q := range qs {
		if err := g.h.AddQuad(q); err != nil {
			return fmt.Errorf("thought graph: add %v: %w", q, err)
		}
	}
	return nil
}

// remove deletes quads that exist.
func (g *graphStore) remove(qs ...quad.Quad) error {
	for _, q := range qs {
		if err := g.h.RemoveQuad(q); err != nil {
			return fmt.Errorf("thought graph: remove %v: %w", q, err)
		}
	}
	return nil
}

// neighbor is a thought adjacent to another through a reasoning or session
// link.
type neighbor struct {
	id  string
	rel int
}

// neighbors returns the thoughts linked to id by parent_of or next, in both
// directions, in store order (callers sort).
func (g *graphStore) neighbors(ctx context.Context, id string) ([]neighbor, error) {
	var out []neighbor
	collect := func(outbound bool) error {
		p := cayley.StartPath(g.h, thoughtIRI(id))
		if outbound {
			p = p.OutWithTags([]string{"pred"}, quad.IRI(predParentOf), quad.IRI(predNext))
		} else {
			p = p.InWithTags([]string{"pred"}, quad.IRI(predParentOf), quad.IRI(predNext))
		}
		return p.Tag("node").Iterate(ctx).TagValues(g.h, func(m map[string]quad.Value) error {
			nid := thoughtID(m["node"])
			if nid == "" {
				return nil
			}
			pred, _ := m["pred"].(quad.IRI)
			var rel int
			switch {
			case outbound && pred == predParentOf:
				rel = relChild
			case outbound:
				rel = relNext
			case pred == predParentOf:
				rel = relParent
			default:
				rel = relPrev
			}
			out = append(out, neighbor{id: nid, rel: rel})
			return nil
		})
	}
	if err := collect(true); err != nil {
		return nil, fmt.Errorf("thought graph: neighbors of %s: %w", id, err)
	}
	if err := collect(false); err != nil {
		return nil, fmt.Errorf("thought graph: neighbors of %s: %w", id, err)
	}
	return out, nil
}

// thoughtsOf returns the ids of thoughts with an outgoing pred edge to node
// (members of a task, mentions of an entity), in store order.
func (g *graphStore) thoughtsOf(ctx context.Context, node quad.IRI, pred string) ([]string, error) {
	var out []string
	err := cayley.StartPath(g.h, node).In(quad.IRI(pred)).Iterate(ctx).EachValue(g.h, func(v quad.Value) error {
		if id := thoughtID(v); id != "" {
			out = append(out, id)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("thought graph: %s of %s: %w", pred, node, err)
	}
	return out, nil
}

// quadsOf returns every quad with the thought as subject or object.
func (g *graphStore) quadsOf(ctx context.Context, id string) ([]quad.Quad, error) {
	node := thoughtIRI(id)
	var out []quad.Quad
	for _, pred := range []string{predParentOf, predNext, predTask, predMentions} {
		err := cayley.StartPath(g.h, node).Out(quad.IRI(pred)).Iterate(ctx).EachValue(g.h, func(v quad.Value) error {
			out = append(out, link(node, pred, v))
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	for _, pred := range []string{predParentOf, predNext} {
		err := cayley.StartPath(g.h, node).In(quad.IRI(pred)).Iterate(ctx).EachValue(g.h, func(v quad.Value) error {
			out = append(out, link(v, pred, node))
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// quadCount is the number of stored quads (links).
func (g *graphStore) quadCount() int {
	st, err := g.h.Stats(context.Background(), true)
	if err != nil {
		return 0
	}
	return int(st.Quads.Value)
}

func (g *graphStore) close() error { return g.h.Close() }
