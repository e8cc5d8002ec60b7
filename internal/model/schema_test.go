package model

import (
	"context"
	"encoding/json"
	"testing"
	"time"
)

type schemaInner struct {
	Name string `json:"name"`
}

type schemaBase struct {
	ID int `json:"id"`
}

type schemaOuter struct {
	schemaBase
	Title   string        `json:"title"`
	Score   float64       `json:"score,omitempty"`
	Tags    []string      `json:"tags"`
	Items   []schemaInner `json:"items"`
	Parent  *schemaInner  `json:"parent"`
	When    time.Time     `json:"when"`
	Count   int64         `json:"count,string"`
	Skipped string        `json:"-"`
	hidden  string
	Plain   bool
}

func TestSchemaOfStruct(t *testing.T) {
	s := SchemaOf[schemaOuter]()
	got, _ := json.Marshal(s.Doc)
	want := `{"additionalProperties":false,"properties":{"Plain":{"type":"boolean"},"count":{"type":"string"},"id":{"type":"integer"},` +
		`"items":{"items":{"additionalProperties":false,"properties":{"name":{"type":"string"}},"required":["name"],"type":"object"},"type":"array"},` +
		`"parent":{"anyOf":[{"additionalProperties":false,"properties":{"name":{"type":"string"}},"required":["name"],"type":"object"},{"type":"null"}]},` +
		`"score":{"type":"number"},"tags":{"items":{"type":"string"},"type":"array"},"title":{"type":"string"},"when":{"format":"date-time","type":"string"}},` +
		`"required":["id","title","score","tags","items","parent","when","count","Plain"],"type":"object"}`
	if string(got) != want {
		t.Fatalf("schema =\n%s\nwant\n%s", got, want)
	}
	if s.Name != "schemaOuter" || !s.Object || !s.Strict {
		t.Fatalf("schema = %+v", s)
	}
	_ = schemaOuter{}.hidden
}

type schemaRec struct {
	Kids []schemaRec `json:"kids"`
}

func TestSchemaOfNonStrictAndNonObject(t *testing.T) {
	if s := SchemaOf[map[string]int](); s.Strict || !s.Object || s.Name != "reply" {
		t.Fatalf("map: %+v", s)
	}
	if s := SchemaOf[struct {
		V any `json:"v"`
	}](); s.Strict {
		t.Fatalf("any field: %+v", s)
	}
	if s := SchemaOf[schemaRec](); s.Strict {
		t.Fatalf("recursive: %+v", s)
	}
	if s := SchemaOf[[]string](); s.Object || !s.Strict {
		t.Fatalf("slice: %+v", s)
	}
	var nilSchema *JSONSchema
	if nilSchema.Canonical() != "" || SchemaOf[schemaInner]().Canonical() == "" {
		t.Fatal("Canonical")
	}
}

func TestCallJSONSetsSchemaAndValidator(t *testing.T) {
	var seen Request
	c := clientFunc(func(_ context.Context, req Request) (Response, error) {
		seen = req
		return Response{Text: `{"name": "x"}`}, nil
	})
	v, err := CallJSON[schemaInner](context.Background(), c, Request{Kind: KindSummarize})
	if err != nil || v.Name != "x" {
		t.Fatalf("v = %+v, err = %v", v, err)
	}
	if !seen.JSON || seen.Schema == nil || seen.Schema.Name != "schemaInner" || seen.Validate == nil {
		t.Fatalf("request = %+v", seen)
	}
	if seen.Validate(`{"name": 3}`) == nil || seen.Validate(`{"name": "y"}`) != nil {
		t.Fatal("validator does not decode into T")
	}
}

type clientFunc func(context.Context, Request) (Response, error)

func (f clientFunc) Complete(ctx context.Context, req Request) (Response, error) {
	return f(ctx, req)
}
func (clientFunc) Name() string { return "func" }

func TestPriceCost(t *testing.T) {
	p := Price{Prompt: 0.15, Completion: 0.6}
	if got := p.Cost(2_000_000, 500_000); got != 0.6 {
		t.Fatalf("cost = %v", got)
	}
	tbl := PriceTable{"m": p}
	if got, ok := tbl.Cost("m", 1_000_000, 0); !ok || got != 0.15 {
		t.Fatalf("table cost = %v %v", got, ok)
	}
	if _, ok := tbl.Cost("other", 1, 1); ok {
		t.Fatal("unknown model priced")
	}
	if err := (Price{Prompt: -1}).Check("prices.m"); err == nil || err.Error() != "prices.m.prompt: -1 dollars per 1M tokens; want a finite value ≥ 0" {
		t.Fatalf("err = %v", err)
	}
}
