package trimem_test

import (
	"context"
	"fmt"
	"os"
	"sort"
	"strconv"
	"testing"
	"time"

	"github.com/memarena/memarena/datasets/synthetic"
	"github.com/memarena/memarena/internal/backends"
	"github.com/memarena/memarena/internal/model"
	"github.com/memarena/memarena/internal/tokenizer"
	"github.com/memarena/memarena/strategies"
	"github.com/memarena/memarena/strategies/trimem"
)

func TestZZDiag(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("DIAG_N"))
	if n == 0 {
		t.Skip()
	}
	s, _, err := synthetic.Generate(synthetic.Params{Turns: n, Seed: 1, UpdateRate: 0.3})
	if err != nil {
		t.Fatal(err)
	}
	tok := tokenizer.MustDefault()
	be, _ := backends.New("offline", nil, tok, 512)
	spec, params, _ := strategies.Resolve("trimem", nil)
	st, err := spec.New(strategies.Env{Model: model.NewMeter(be.Client), Embedder: be.Embedder, Tokenizer: tok, Extraction: strategies.ExtractModel, Seed: 1}, params)
	if err != nil {
		t.Fatal(err)
	}
	m := st.(*trimem.TriMem)
	ctx := context.Background()
	var eos time.Duration
	for si, ss := range s.Sessions {
		for ti, tt := range ss.Turns {
			turn := strategies.Turn{ID: tt.ID, SessionID: ss.ID, SessionIndex: si, Index: ti, Role: tt.Role, Speaker: tt.Speaker,
				Text: tt.Text, Time: tt.Time.Time, SessionStart: ss.Start.Time}
			if err := m.Ingest(ctx, turn); err != nil {
				t.Fatal(err)
			}
		}
		t0 := time.Now()
		if err := m.EndSession(ctx, strategies.SessionInfo{ID: ss.ID, Index: si, End: ss.Turns[len(ss.Turns)-1].Time.Time}); err != nil {
			t.Fatal(err)
		}
		eos += time.Since(t0)
	}
	var lat []time.Duration
	for rep := 0; rep < 3; rep++ {
		for _, p := range s.Probes {
			t0 := time.Now()
			if _, err := m.Retrieve(ctx, strategies.Query{ID: p.ID, Question: p.Question, AskedAt: p.AskedAt.Time, Budget: 1024, K: 10}); err != nil {
				t.Fatal(err)
			}
			lat = append(lat, time.Since(t0))
		}
	}
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	fmt.Println("retrieve p50", lat[len(lat)/2], "p95", lat[len(lat)*95/100])
	recs, _ := m.Store().Triplets(ctx)
	groups := map[string]int{}
	live := 0
	rules := 0
	for _, r := range recs {
		if r.Kind == trimem.KindRule {
			rules++
		}
		if r.Kind == trimem.KindFact && !r.Archived() && r.Status != strategies.StatusSuperseded {
			live++
			groups[fmt.Sprint(r.SubjectKey, "|", r.Relation, "|", r.Condition)]++
		}
	}
	var sizes []int
	var big []string
	for k, v := range groups {
		sizes = append(sizes, v)
		if v > 20 {
			big = append(big, fmt.Sprint(k, "=", v))
		}
	}
	sort.Sort(sort.Reverse(sort.IntSlice(sizes)))
	sort.Strings(big)
	fmt.Printf("triplets %d live %d rules %d groups %d eos %v stats %+v\ntop sizes %v\n", len(recs), live, rules, len(groups), eos, m.Stats(), sizes[:min(20, len(sizes))])
	fmt.Println(big)
	for _, r := range recs[:min(40, len(recs))] {
		fmt.Println(r.Kind, r.Subject, "|", r.Relation, "|", r.Object, "|", r.Condition, r.Status, r.Archived())
	}
}
