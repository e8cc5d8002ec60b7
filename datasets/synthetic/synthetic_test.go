package synthetic

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/memarena/memarena/datasets"
	"github.com/memarena/memarena/internal/temporal"
	"github.com/memarena/memarena/metrics"
	"github.com/memarena/memarena/scenarios"
)

func generate(t testing.TB, p Params) (*scenarios.Scenario, *gen) {
	t.Helper()
	p = p.Defaults()
	if err := p.Check(); err != nil {
		t.Fatal(err)
	}
	g := &gen{p: p, rng: rand.New(rand.NewPCG(uint64(p.Seed), 0x9e3779b97f4a7c15))}
	if err := g.run(); err != nil {
		t.Fatal(err)
	}
	s := g.scenario()
	if probs := scenarios.Validate(s); len(probs) > 0 {
		t.Fatalf("generated scenario invalid:\n%v", probs)
	}
	return s, g
}

func TestDeterministic(t *testing.T) {
	a, _, err := Generate(Params{Turns: 3000, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	b, _, err := Generate(Params{Turns: 3000, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	if string(ja) != string(jb) || a.Hash != b.Hash || a.Hash == "" {
		t.Fatal("same parameters and seed gave different scenarios")
	}
	c, _, err := Generate(Params{Turns: 3000, Seed: 6})
	if err != nil {
		t.Fatal(err)
	}
	if c.Hash == a.Hash {
		t.Fatal("another seed gave the same scenario")
	}
}

func TestSizesAndCounts(t *testing.T) {
	for _, n := range []int{100, 1000, 4000, 20000} {
		s, g := generate(t, Params{Turns: n, Seed: 1})
		st := s.Stats()
		p := g.p
		if st.Turns != n || st.Sessions != p.Sessions || st.Probes != p.Probes {
			t.Fatalf("n=%d: %+v, want %d turns, %d sessions, %d probes", n, st, n, p.Sessions, p.Probes)
		}
		counts := g.kindCounts()
		for k, want := range counts {
			if st.Kinds[k] != want {
				t.Errorf("n=%d: %d %s probes, want %d (%v)", n, st.Kinds[k], k, want, st.Kinds)
			}
		}
		// Default mix 3:2:2:1:1:1 over the probes.
		if want := p.Probes * 3 / 10; counts[scenarios.KindSingleHop] < want || counts[scenarios.KindSingleHop] > want+1 {
			t.Errorf("n=%d: %d single-hop probes of %d, want about 30%%", n, counts[scenarios.KindSingleHop], p.Probes)
		}
		if len(g.facts) != p.Facts {
			t.Errorf("n=%d: %d facts planted, want %d", n, len(g.facts), p.Facts)
		}
	}
}

// TestGoldByConstruction checks every probe's gold against the text it
// was planted in, with the metrics' own phrase matching and the temporal
// normalizer.
func TestGoldByConstruction(t *testing.T) {
	s, g := generate(t, Params{Turns: 6000, Seed: 3})
	text := map[string]string{}
	turnAt := s.TurnIndex()
	for _, ss := range s.Sessions {
		for _, tu := range ss.Turns {
			text[tu.ID] = tu.Text
		}
	}
	for _, p := range s.Probes {
		switch p.Kind {
		case scenarios.KindSingleHop:
			if !metrics.Mentions(text[p.Evidence[0]], p.Answers[0]) {
				t.Errorf("%s: answer %q not in evidence %q", p.ID, p.Answers[0], text[p.Evidence[0]])
			}
		case scenarios.KindMultiHop:
			tie, fact := text[p.Evidence[0]], text[p.Evidence[1]]
			if !metrics.Mentions(fact, p.Answers[0]) {
				t.Errorf("%s: answer %q not in %q", p.ID, p.Answers[0], fact)
			}
			// The tie names the other person, and the question names the first.
			speaker := s.Sessions[turnAt[p.Evidence[1]].Session].Turns[0].Speaker
			if !strings.Contains(tie, speaker) {
				t.Errorf("%s: tie %q does not name %s, whose fact answers", p.ID, tie, speaker)
			}
		case scenarios.KindKnowledgeUpdate:
			up := text[p.Evidence[0]]
			if !metrics.Mentions(up, p.Answers[0]) || metrics.StatesAsCurrent(up, p.StaleFacts[0]) {
				t.Errorf("%s: update %q must state %q and mark %q as replaced", p.ID, up, p.Answers[0], p.StaleFacts[0])
			}
		case scenarios.KindTemporal:
			r := turnAt[p.Evidence[0]]
			day, ok := temporal.ResolveDay(text[p.Evidence[0]], s.Sessions[r.Session].Start.Time)
			if !ok || day.Format("2006-01-02") != p.Answers[2] {
				t.Errorf("%s: %q resolves to %v (%v), gold %s", p.ID, text[p.Evidence[0]], day, ok, p.Answers[2])
			}
		case scenarios.KindPathReuse:
			first := turnAt[p.GoldPath[0]]
			found := false
			for i, id := range p.GoldPath {
				r := turnAt[id]
				if r.Session != first.Session || r.Turn != first.Turn+2*i {
					t.Errorf("%s: gold path %v is not consecutive user turns of one session", p.ID, p.GoldPath)
				}
				found = found || metrics.Mentions(text[id], p.Answers[0])
			}
			if !found {
				t.Errorf("%s: answer %q in no step", p.ID, p.Answers[0])
			}
			if s.SessionIndex(p.AfterSession) <= first.Session {
				t.Errorf("%s: asked after %s, not after the procedure's session", p.ID, p.AfterSession)
			}
		case scenarios.KindAbstention:
			if len(p.Answers)+len(p.Evidence) != 0 {
				t.Errorf("%s: abstention probe with gold", p.ID)
			}
		}
	}
	// Unanswerable questions: strangers never appear; a known person's
	// asked attribute was never planted.
	has := map[string]bool{}
	for _, f := range g.facts {
		has[g.people[f.person].first+"|"+slots[f.slot].name] = true
	}
	all := strings.Builder{}
	for _, tx := range text {
		all.WriteString(tx)
		all.WriteByte('\n')
	}
	corpus := all.String()
	for _, p := range s.Probes {
		if p.Kind != scenarios.KindAbstention {
			continue
		}
		name := strings.Fields(p.Question)
		var who string
		for _, w := range name {
			w = strings.TrimSuffix(strings.TrimSuffix(w, "?"), "'s")
			for _, pp := range g.people {
				if pp.first == w {
					who = w
				}
			}
			for _, st := range g.stranger {
				if st == w && strings.Contains(corpus, w) {
					t.Errorf("%s: stranger %s occurs in the history", p.ID, w)
				}
			}
		}
		if who == "" {
			continue
		}
		for _, sl := range slots {
			for _, q := range sl.ask {
				if fill(q, "{S}", who) == p.Question && has[who+"|"+sl.name] {
					t.Errorf("%s: %q is asked as unanswerable but %s's %s was planted", p.ID, p.Question, who, sl.name)
				}
			}
		}
	}
}

// TestChatterHoldsNoPlantedValue: distractor and assistant turns never
// contain a value of any attribute pool or an event: every piece chatter
// is assembled from is checked, then a sample of assembled turns.
func TestChatterHoldsNoPlantedValue(t *testing.T) {
	var values []string
	for _, sl := range slots {
		values = append(values, sl.values...)
	}
	for _, ev := range events {
		values = append(values, ev.past)
	}
	var parts []string
	for _, tm := range append(append([]string{}, chatterUser...), chatterAssistant...) {
		for _, piece := range strings.FieldsFunc(tm, func(r rune) bool { return r == '{' || r == '}' }) {
			if _, isPool := fillers[piece]; !isPool {
				parts = append(parts, piece)
			}
		}
	}
	for _, pool := range fillers {
		parts = append(parts, pool...)
	}
	for _, pool := range [][]string{chatterLead, chatterFollow, replyFollow, acks, stepAcks} {
		parts = append(parts, pool...)
	}
	check := func(where, text string) {
		for _, v := range values {
			if metrics.Mentions(text, v) {
				t.Fatalf("%s %q contains the planted value %q", where, text, v)
			}
		}
	}
	for _, part := range parts {
		check("chatter piece", part)
	}
	s, _ := generate(t, Params{Turns: 4000, Seed: 9})
	distinct := map[string]bool{}
	for _, ss := range s.Sessions {
		for _, tu := range ss.Turns {
			if tu.Gold != nil {
				continue // a planted turn
			}
			if !distinct[tu.Text] && len(distinct)%10 == 0 {
				check(tu.ID, tu.Text)
			}
			distinct[tu.Text] = true
		}
	}
	if len(distinct) < 2000 {
		t.Errorf("only %d distinct chatter texts in 4000 turns; want varied chatter", len(distinct))
	}
}

func TestUpdateTemplatesMarkTheOldValue(t *testing.T) {
	for _, sl := range slots {
		if sl.stable != (len(sl.update) == 0) {
			t.Errorf("slot %s: stable %v but %d update phrasings", sl.name, sl.stable, len(sl.update))
		}
		for _, u := range sl.update {
			for i, old := range sl.values {
				nw := sl.values[(i+1)%len(sl.values)]
				text := fill(u, "{V}", nw, "{OLD}", old, "{X}", "rabbit")
				if metrics.StatesAsCurrent(text, old) || !metrics.Mentions(text, nw) {
					t.Errorf("slot %s: %q must state %q and mark %q as replaced", sl.name, text, nw, old)
				}
			}
		}
		for _, st := range append(append([]string{}, sl.state...), sl.ask...) {
			if !strings.Contains(st, "{V}") && !strings.Contains(st, "{S}") {
				t.Errorf("slot %s: phrasing %q has no placeholder", sl.name, st)
			}
		}
	}
}

func TestImportAndOptions(t *testing.T) {
	ss, rep, err := datasets.Load(datasets.Spec{Kind: Kind, Seed: 2, Options: map[string]any{
		"turns": 800, "people": 5, "update_rate": 0.5, "probes": 20, "probe_mix": map[string]any{"knowledge-update": 1, "abstention": 1}, "gold": false}})
	if err != nil {
		t.Fatal(err)
	}
	s := ss[0]
	if s.ID != "synthetic-n800-seed2" || rep.Counts["people"] != 5 || rep.Strata[scenarios.KindKnowledgeUpdate] != 10 || rep.Strata[scenarios.KindAbstention] != 10 {
		t.Fatalf("import: id %s, counts %v, strata %v", s.ID, rep.Counts, rep.Strata)
	}
	for _, se := range s.Sessions {
		for _, tu := range se.Turns {
			if tu.Gold != nil {
				t.Fatal("gold: false still wrote gold annotations")
			}
		}
	}
	bad := []struct {
		spec datasets.Spec
		want string
	}{
		{datasets.Spec{Kind: Kind, Path: "x.json"}, "reads no file"},
		{datasets.Spec{Kind: Kind, Limit: 3}, "limit/sample"},
		{datasets.Spec{Kind: Kind, Options: map[string]any{"turn": 500}}, `options.turn: unknown option (did you mean "turns"?)`},
		{datasets.Spec{Kind: Kind, Options: map[string]any{"turns": "many"}}, "options.turns: want a whole number"},
		{datasets.Spec{Kind: Kind, Options: map[string]any{"turns": 50}}, "turns: 50; want at least 100"},
		{datasets.Spec{Kind: Kind, Options: map[string]any{"turns": 100_000_000}}, "turns: 100000000; want at most 1000000"},
		{datasets.Spec{Kind: Kind, Options: map[string]any{"update_rate": 1.5}}, "update_rate: 1.5; want a value in [0, 1]"},
		{datasets.Spec{Kind: Kind, Options: map[string]any{"probe_mix": map[string]any{"multihop": 1}}}, `probe_mix: unknown kind "multihop" (did you mean "multi-hop"?)`},
		{datasets.Spec{Kind: Kind, Options: map[string]any{"facts": 5000}}, "facts: 5000; want between 1 and people × 19 attributes"},
		{datasets.Spec{Kind: Kind, Options: map[string]any{"update_rate": 0, "probe_mix": map[string]any{"knowledge-update": 1}}}, "knowledge-update probes but only 0 targets exist"},
		{datasets.Spec{Kind: Kind, Options: map[string]any{"people": 200}}, "people: 200; want between 2 and 100"},
	}
	for _, b := range bad {
		_, _, err := datasets.Load(b.spec)
		if err == nil || !strings.Contains(err.Error(), b.want) {
			t.Errorf("%+v: error %v, want it to contain %q", b.spec, err, b.want)
		}
	}
}

func TestParseMix(t *testing.T) {
	m, err := ParseMix("single-hop=3, abstention=0.5")
	if err != nil || m["single-hop"] != 3 || m["abstention"] != 0.5 || len(m) != 2 {
		t.Fatalf("ParseMix = %v, %v", m, err)
	}
	if _, err := ParseMix("single-hop"); err == nil {
		t.Fatal("want error for a kind without weight")
	}
}

func TestRelativeDays(t *testing.T) {
	// "Last Saturday" on a Saturday is a week earlier (internal/temporal).
	ref := time.Date(2026, 3, 14, 10, 0, 0, 0, time.UTC) // a Saturday
	wantDays := map[string]string{"Yesterday": "2026-03-13", "Two days ago": "2026-03-12", "Five days ago": "2026-03-09",
		"Last Saturday": "2026-03-07", "Last Tuesday": "2026-03-10", "Last Sunday": "2026-03-08", "Last Thursday": "2026-03-12"}
	for i, rd := range relDays {
		day, ok := temporal.ResolveDay(rd.text+" I went out.", ref)
		if !ok {
			t.Fatalf("%q does not resolve", rd.text)
		}
		want := relDay(ref, i)
		if w, pinned := wantDays[rd.text]; pinned && want.Format("2006-01-02") != w {
			t.Errorf("%q on Saturday 2026-03-14: generator %s, want %s", rd.text, want.Format("2006-01-02"), w)
		}
		if !day.Equal(want) {
			t.Errorf("%q: temporal %s, generator %s", rd.text, day.Format("2006-01-02"), want.Format("2006-01-02"))
		}
	}
}

// BenchmarkGenerate shows generation is linear in the number of turns.
func BenchmarkGenerate(b *testing.B) {
	for _, n := range []int{1000, 16000, 64000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				if _, _, err := Generate(Params{Turns: n, Seed: 1}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/turn")
		})
	}
}
