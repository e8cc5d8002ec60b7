package gaama

import (
	"context"
	"reflect"
	"testing"
)

// smallGraph is the known graph of the traversal tests.
func smallGraph(t *testing.T) *Graph {
	g := newGraph(t)
	for i, f := range [][3]string{
		{"priya", "owns", "orders-db"},
		{"orders api", "uses", "orders-db"},
		{"orders-db", "located_in", "frankfurt"},
		{"orders-db", "status", "healthy"},
		{"marco", "works_on", "orders api"},
		{"user", "prefers", "chi"},
		{"user", "prefers", "direct flights"},
		{"orders api", "uses", "chi"},
	} {
		mustAssert(t, g, fact(f[0], f[1], f[2], "t", i))
	}
	return g
}

func walkStrings(ws []Walk) []string {
	out := []string{}
	for _, w := range ws {
		out = append(out, w.String())
	}
	return out
}

func tpl(name string) Template {
	for _, t := range Templates {
		if t.Name == name {
			return t
		}
	}
	panic("no template " + name)
}

func TestTemplatesList(t *testing.T) {
	var names []string
	for _, t := range Templates {
		names = append(names, t.Name)
	}
	want := []string{"out", "in", "out.out", "out.in", "in.out", "in.in",
		"out.out.out", "out.out.in", "out.in.out", "out.in.in", "in.out.out", "in.out.in", "in.in.out", "in.in.in"}
	if !reflect.DeepEqual(names, want) {
		t.Fatalf("templates = %v", names)
	}
	if n := len(TemplatesUpTo(2)); n != 6 {
		t.Fatalf("TemplatesUpTo(2) = %d templates", n)
	}
}

func TestTraversalTemplates(t *testing.T) {
	g := smallGraph(t)
	ctx := context.Background()
	cases := []struct {
		tpl  string
		spec TemplateSpec
		want []string
	}{
		{"out", TemplateSpec{Seed: "orders api"}, []string{"orders api -uses-> chi", "orders api -uses-> orders-db"}},
		{"in", TemplateSpec{Seed: "orders api"}, []string{"orders api <-works_on- marco"}},
		{"out.out", TemplateSpec{Seed: "orders api"}, []string{
			"orders api -uses-> orders-db -located_in-> frankfurt", "orders api -uses-> orders-db -status-> healthy"}},
		{"out.in", TemplateSpec{Seed: "orders api"}, []string{
			"orders api -uses-> chi <-prefers- user", "orders api -uses-> orders-db <-owns- priya"}},
		{"out.in", TemplateSpec{Seed: "orders api", TargetType: TypePerson}, []string{
			"orders api -uses-> chi <-prefers- user", "orders api -uses-> orders-db <-owns- priya"}},
		{"out.in", TemplateSpec{Seed: "orders api", TargetType: TypePlace}, []string{}},
		{"in.out", TemplateSpec{Seed: "chi"}, []string{
			"chi <-prefers- user -prefers-> direct flights", "chi <-uses- orders api -uses-> orders-db"}},
		{"in.out", TemplateSpec{Seed: "chi", Avoid: []string{"user"}}, []string{"chi <-uses- orders api -uses-> orders-db"}},
		{"out", TemplateSpec{Seed: "orders-db", Relations: []string{"located_in"}}, []string{"orders-db -located_in-> frankfurt"}},
		{"out.in.in", TemplateSpec{Seed: "priya"}, []string{"priya -owns-> orders-db <-uses- orders api <-works_on- marco"}},
		{"out.in.out", TemplateSpec{Seed: "priya"}, []string{"priya -owns-> orders-db <-uses- orders api -uses-> chi"}},
		{"out.out", TemplateSpec{Seed: "orders api", Limit: 1}, []string{"orders api -uses-> orders-db -located_in-> frankfurt"}},
		{"out", TemplateSpec{Seed: "nobody"}, []string{}},
	}
	for _, c := range cases {
		ws, err := g.Traverse(ctx, tpl(c.tpl), c.spec)
		if err != nil {
			t.Fatal(err)
		}
		if got := walkStrings(ws); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s %+v\n got %q\nwant %q", c.tpl, c.spec, got, c.want)
		}
	}
	// Walk hops give back the stored edges' (subject, relation, object).
	ws, _ := g.Traverse(ctx, tpl("out.in"), TemplateSpec{Seed: "orders api"})
	if s, r, o := ws[1].Hop(1); s != "priya" || r != "owns" || o != "orders-db" {
		t.Fatalf("Hop(1) = %s %s %s", s, r, o)
	}
	if _, err := g.Traverse(ctx, tpl("out"), TemplateSpec{Seed: "orders api", Relations: []string{"likes"}}); err == nil {
		t.Fatal("unknown relation must fail")
	}
	if _, err := g.Traverse(ctx, Template{Name: "none"}, TemplateSpec{Seed: "orders api"}); err == nil {
		t.Fatal("empty template must fail")
	}
}
