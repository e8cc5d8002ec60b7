// Package synthetic generates memory workloads of any size with gold known by
// construction: the dataset kind "synthetic". A scenario is a long history
// of sessions in which several people talk with an assistant; the generator
// plants facts about each person (where they live, their job, their pet …),
// updates some of them later (the old value becomes stale), states ties
// between people (for multi-hop questions), dated events said with relative
// dates ("last Saturday", "three days ago"), and multi-step procedures that
// a later question asks to reuse; everything else is distractor chatter
// drawn from varied templates. Probes of every kind are then asked about
// what was planted, plus unanswerable ones about facts never stated, so
// every answer, evidence turn, stale value and gold path is known exactly.
//
// The same parameters and seed give the same scenario, byte for byte.
// Sizes run from 10² to 10⁵+ turns; the generator is linear in the number
// of turns. It serves scale runs (`make bench-scale`, package scale) and
// `memarena generate`, and any config can use it:
//
//	datasets:
//	  - kind: synthetic
//	    options: {turns: 16000, people: 12, update_rate: 0.3}
//
// The idea of planting known facts in long filler to measure long-context
// and memory recall follows needle-in-a-haystack tests and the synthetic
// haystacks of LongMemEval (Wu et al., ICLR 2025); the probe kinds are
// memarena's (single-hop, multi-hop, temporal, knowledge-update,
// path-reuse, abstention).
package synthetic

import (
	"fmt"
	"math"
	"math/rand/v2"
	"sort"
	"strings"
	"time"

	"github.com/memarena/memarena/datasets"
	"github.com/memarena/memarena/datasets/internal/dsio"
	"github.com/memarena/memarena/scenarios"
)

// Kind is the dataset kind name.
const Kind = "synthetic"

// Version names the generator's output format; it changes whenever the
// same parameters would give a different scenario.
const Version = "synthetic/1"

func init() { datasets.Register(Kind, Import) }

// MaxTurns is the largest scenario the generator makes: the scenario and
// its encoding are held in memory, about 10 KB per turn while it is built
// (640 MB at 64k turns), so a million turns needs about 10 GB.
const MaxTurns = 1_000_000

// Params are the generator's parameters. Zero values take the defaults
// documented on each field, which scale with Turns.
type Params struct {
	// Turns is the total number of turns, in [100, MaxTurns].
	Turns int
	// Sessions is the number of sessions (default Turns/40, at least 4);
	// each session has at least 4 turns.
	Sessions int
	// People is the number of people talking with the assistant (default
	// Turns/500 clamped to [4, 100], at most half the sessions; at most 100).
	People int
	// Facts is the number of planted (person, attribute) facts (default
	// Turns/20, at least min(40, Turns/8) and at most ¾ · People ·
	// attributes).
	Facts int
	// UpdateRate is the share of updatable facts whose value changes later
	// in the history, in [0, 1] (default 0.3; set NoUpdates for 0).
	UpdateRate float64
	// NoUpdates forces UpdateRate 0 (a zero UpdateRate means the default).
	NoUpdates bool
	// Probes is the number of probes (default Turns/50, at least
	// min(40, Turns/10), at most 200).
	Probes int
	// Mix weights the probe kinds (scenarios.ProbeKinds); kinds left out
	// get no probes. Default: single-hop 3, knowledge-update 2, multi-hop 2,
	// temporal 1, path-reuse 1, abstention 1.
	Mix map[string]float64
	// Seed seeds every random choice.
	Seed int64
	// NoGold leaves out the per-turn gold annotations (triplets, facts,
	// paths) that `extraction: oracle` feeds to strategies.
	NoGold bool
}

// DefaultMix is the probe mix used when Params.Mix is empty.
var DefaultMix = map[string]float64{
	scenarios.KindSingleHop: 3, scenarios.KindKnowledgeUpdate: 2, scenarios.KindMultiHop: 2,
	scenarios.KindTemporal: 1, scenarios.KindPathReuse: 1, scenarios.KindAbstention: 1,
}

// maxPeople leaves names that never occur in the history, for
// unanswerable questions about strangers.
const maxPeople = 100

// Defaults returns p with every zero field set to its default.
func (p Params) Defaults() Params {
	if p.Sessions == 0 {
		p.Sessions = max(4, p.Turns/40)
	}
	if p.People == 0 {
		p.People = min(maxPeople, max(2, p.Sessions/2), max(4, p.Turns/500))
	}
	if p.Facts == 0 {
		p.Facts = min(p.People*len(slots)*3/4, max(min(40, p.Turns/8), p.Turns/20))
	}
	if p.UpdateRate == 0 && !p.NoUpdates {
		p.UpdateRate = 0.3
	}
	if p.NoUpdates {
		p.UpdateRate = 0
	}
	if p.Probes == 0 {
		p.Probes = min(200, max(min(40, p.Turns/10), p.Turns/50))
	}
	if len(p.Mix) == 0 {
		p.Mix = DefaultMix
	}
	return p
}

// Check reports the first invalid parameter of a defaulted p, naming it.
func (p Params) Check() error {
	switch {
	case p.Turns < 100:
		return fmt.Errorf("turns: %d; want at least 100", p.Turns)
	case p.Turns > MaxTurns:
		return fmt.Errorf("turns: %d; want at most %d (a generated scenario is held in memory, about 10 KB per turn)", p.Turns, MaxTurns)
	case p.Sessions < 2 || p.Sessions > p.Turns/4:
		return fmt.Errorf("sessions: %d; want between 2 and turns/4 = %d (every session has at least 4 turns)", p.Sessions, p.Turns/4)
	case p.People < 2 || p.People > maxPeople:
		return fmt.Errorf("people: %d; want between 2 and %d", p.People, maxPeople)
	case p.People > p.Sessions:
		return fmt.Errorf("people: %d; want at most sessions (%d), every person talks in at least one session", p.People, p.Sessions)
	case p.Facts < 1 || p.Facts > p.People*len(slots):
		return fmt.Errorf("facts: %d; want between 1 and people × %d attributes = %d", p.Facts, len(slots), p.People*len(slots))
	case math.IsNaN(p.UpdateRate) || p.UpdateRate < 0 || p.UpdateRate > 1:
		return fmt.Errorf("update_rate: %v; want a value in [0, 1]", p.UpdateRate)
	case p.Probes < 1:
		return fmt.Errorf("probes: %d; want at least 1", p.Probes)
	}
	total := 0.0
	for k, w := range p.Mix {
		if !contains(scenarios.ProbeKinds, k) {
			return fmt.Errorf("probe_mix: unknown kind %q%s; want some of %s", k, scenarios.Suggest(k, scenarios.ProbeKinds), strings.Join(scenarios.ProbeKinds, ", "))
		}
		if math.IsNaN(w) || w < 0 || math.IsInf(w, 0) {
			return fmt.Errorf("probe_mix.%s: %v; want a weight ≥ 0", k, w)
		}
		total += w
	}
	if total == 0 {
		return fmt.Errorf("probe_mix: every weight is 0; want at least one kind with a positive weight")
	}
	return nil
}

// Import is the datasets importer for kind "synthetic": spec.Options holds
// the parameters (turns, sessions, people, facts, update_rate, probes,
// probe_mix, gold) and spec.Seed the seed. It takes no file, limit or
// sample.
func Import(spec datasets.Spec) ([]*scenarios.Scenario, *datasets.Report, error) {
	if spec.Path != "" {
		return nil, nil, fmt.Errorf("path: %q; the synthetic dataset is generated, it reads no file (set options.turns …)", spec.Path)
	}
	if spec.Limit != 0 || spec.Sample != 0 {
		return nil, nil, fmt.Errorf("limit/sample: the synthetic dataset is one scenario; choose its size with options.turns")
	}
	p, err := ParseOptions(spec.Options)
	if err != nil {
		return nil, nil, err
	}
	p.Seed = spec.Seed
	s, rep, err := Generate(p)
	if err != nil {
		return nil, nil, err
	}
	return []*scenarios.Scenario{s}, rep, nil
}

// OptionNames are the keys Import accepts in a dataset entry's options.
var OptionNames = []string{"turns", "sessions", "people", "facts", "update_rate", "probes", "probe_mix", "gold"}

// ParseOptions reads Params (without the seed) from a dataset entry's
// options; errors name the option ("options.turns: …").
func ParseOptions(m map[string]any) (Params, error) {
	var p Params
	o, err := dsio.NewOptions(m, OptionNames...)
	if err != nil {
		return p, err
	}
	if p.Turns, err = o.Int("turns", 1000); err != nil {
		return p, err
	}
	for name, dst := range map[string]*int{"sessions": &p.Sessions, "people": &p.People, "facts": &p.Facts, "probes": &p.Probes} {
		if *dst, err = o.Int(name, 0); err != nil {
			return p, err
		}
	}
	if v, ok := m["update_rate"]; ok && v != nil {
		f, ok := number(v)
		if !ok {
			return p, fmt.Errorf("options.update_rate: want a number in [0, 1], got %v", v)
		}
		p.UpdateRate, p.NoUpdates = f, f == 0
	}
	if v, ok := m["probe_mix"]; ok && v != nil {
		mix, ok := v.(map[string]any)
		if !ok {
			return p, fmt.Errorf("options.probe_mix: want a mapping of probe kind to weight, got %v", v)
		}
		p.Mix = map[string]float64{}
		for k, w := range mix {
			f, ok := number(w)
			if !ok {
				return p, fmt.Errorf("options.probe_mix.%s: want a number, got %v", k, w)
			}
			p.Mix[k] = f
		}
	}
	gold, err := o.Bool("gold", true)
	if err != nil {
		return p, err
	}
	p.NoGold = !gold
	return p, nil
}

// ParseMix reads a probe mix written "kind=weight,kind=weight" (the CLI
// form of probe_mix).
func ParseMix(s string) (map[string]float64, error) {
	mix := map[string]float64{}
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		k, v, ok := strings.Cut(part, "=")
		if !ok {
			return nil, fmt.Errorf("probe mix %q: want kind=weight", part)
		}
		var f float64
		if _, err := fmt.Sscanf(strings.TrimSpace(v), "%g", &f); err != nil {
			return nil, fmt.Errorf("probe mix %q: weight is not a number", part)
		}
		mix[strings.TrimSpace(k)] = f
	}
	return mix, nil
}

func number(v any) (float64, bool) {
	switch x := v.(type) {
	case int:
		return float64(x), true
	case int64:
		return float64(x), true
	case uint64:
		return float64(x), true
	case float64:
		return x, true
	}
	return 0, false
}

// Generate builds one scenario from p (defaults applied) with its import
// report. The scenario is validated; its Hash is the sha256 of its
// canonical JSON.
func Generate(p Params) (*scenarios.Scenario, *datasets.Report, error) {
	p = p.Defaults()
	if err := p.Check(); err != nil {
		return nil, nil, err
	}
	g := &gen{p: p, rng: rand.New(rand.NewPCG(uint64(p.Seed), 0x9e3779b97f4a7c15))}
	if err := g.run(); err != nil {
		return nil, nil, err
	}
	s := g.scenario()
	rep := &datasets.Report{Dataset: "synthetic", File: "(generated: " + Version + ")",
		Counts: map[string]int{"turns": p.Turns, "sessions": p.Sessions, "people": p.People, "facts": len(g.facts),
			"updates": g.updates, "relations": len(g.rels), "dated events": len(g.events), "procedures": len(g.procs), "probes": len(s.Probes)},
		Strata: map[string]int{}}
	if err := dsio.Finish(s, rep); err != nil {
		return nil, nil, err
	}
	rep.SHA256 = s.Hash
	for _, pr := range s.Probes {
		rep.Strata[pr.Kind]++
	}
	rep.Notes = append(rep.Notes,
		fmt.Sprintf("generated by %s with seed %d; gold answers, evidence turns, stale values and gold paths are known by construction", Version, p.Seed),
		"planted statements are first-person user turns; assistant acknowledgements never repeat a planted value; chatter shares no phrase with any planted value",
		"knowledge-update evidence is the update turn; multi-hop evidence is the relation turn and the other person's fact turn; path-reuse gold_path and evidence are the procedure's steps in order",
		"temporal answers are the resolved day (relative dates resolved against the session date: \"last <weekday>\" is the latest such day strictly before it)",
	)
	return s, rep, nil
}

// ---------------------------------------------------------------- generator

type person struct {
	first, full string
	sessions    []int // session indexes where the person talks, ascending
}

// turnRef is a planted user turn: session index and user-slot index (the
// turn index is 2·slot).
type turnRef struct{ sess, slot int }

func (r turnRef) turn() int { return 2 * r.slot }

type fact struct {
	person, slot int
	value, extra string
	at           turnRef
	updated      bool
	newValue     string
	newExtra     string
	updateAt     turnRef
}

type rel struct {
	from, to, kind int // people and relations index
	fact           int // the to-person's fact a multi-hop probe asks about
	at             turnRef
}

type dated struct {
	person, event int
	rel           int // relDays index
	day           time.Time
	at            turnRef
}

type proc struct {
	person, proc, n int
	at              turnRef // first step; step i is at slot at.slot+i
}

// planted is what a user slot holds.
type planted struct {
	kind  byte // 'f' fact, 'u' update, 'r' relation, 'd' dated event, 'p' procedure step
	index int  // into facts, rels, events, procs
	step  int  // procedure step
}

type gen struct {
	p   Params
	rng *rand.Rand

	starts   []time.Time
	sizes    []int
	owner    []int
	slots    [][]*planted // per session, per user slot
	people   []person
	stranger []string

	facts   []fact
	updates int
	rels    []rel
	events  []dated
	procs   []proc
	probes  []scenarios.Probe
}

func (g *gen) intn(n int) int { return g.rng.IntN(n) }

func (g *gen) pick(xs []string) string { return xs[g.intn(len(xs))] }

func (g *gen) run() error {
	g.layout()
	counts := g.kindCounts()
	// Procedures first: they need runs of free turns in one session.
	if err := g.plantProcedures(counts[scenarios.KindPathReuse]); err != nil {
		return err
	}
	if err := g.plantFacts(); err != nil {
		return err
	}
	if err := g.plantRelations(counts[scenarios.KindMultiHop]); err != nil {
		return err
	}
	if err := g.plantEvents(counts[scenarios.KindTemporal]); err != nil {
		return err
	}
	return g.makeProbes(counts)
}

// layout fixes session sizes, start times, owners and people.
func (g *gen) layout() {
	p := g.p
	g.sizes = make([]int, p.Sessions)
	for i := range g.sizes {
		g.sizes[i] = p.Turns / p.Sessions
		if i < p.Turns%p.Sessions {
			g.sizes[i]++
		}
	}
	// Sessions span about two years; each starts after the previous one
	// has ended (one minute per turn) with at least half an hour between.
	span := 2 * 365 * 24 * time.Hour
	mean := max(span/time.Duration(p.Sessions), time.Duration(g.sizes[0])*time.Minute+time.Hour)
	t := time.Date(2025, 1, 6, 9, 0, 0, 0, time.UTC)
	g.starts = make([]time.Time, p.Sessions)
	for i := range g.starts {
		g.starts[i] = t
		gap := time.Duration(float64(mean) * (0.5 + g.rng.Float64())).Truncate(time.Minute)
		gap = max(gap, time.Duration(g.sizes[i])*time.Minute+30*time.Minute)
		t = t.Add(gap)
	}
	names := append([]string(nil), firstNames...)
	g.rng.Shuffle(len(names), func(i, j int) { names[i], names[j] = names[j], names[i] })
	g.people = make([]person, p.People)
	for i := range g.people {
		g.people[i] = person{first: names[i], full: names[i] + " " + g.pick(familyNames)}
	}
	g.stranger = names[p.People:]
	// Owners: every person once per round, in a fresh random order.
	g.owner = make([]int, p.Sessions)
	var order []int
	for i := range g.owner {
		if len(order) == 0 {
			order = g.rng.Perm(p.People)
		}
		g.owner[i], order = order[0], order[1:]
		g.people[g.owner[i]].sessions = append(g.people[g.owner[i]].sessions, i)
	}
	g.slots = make([][]*planted, p.Sessions)
	for i, n := range g.sizes {
		g.slots[i] = make([]*planted, (n+1)/2)
	}
}

// kindCounts splits p.Probes over the mix by largest remainder (ties by
// kind order), so the counts sum to p.Probes.
func (g *gen) kindCounts() map[string]int {
	total := 0.0
	for _, w := range g.p.Mix {
		total += w
	}
	type share struct {
		kind string
		n    int
		rem  float64
	}
	var sh []share
	left := g.p.Probes
	for _, k := range scenarios.ProbeKinds {
		w := g.p.Mix[k]
		if w <= 0 {
			continue
		}
		x := float64(g.p.Probes) * w / total
		sh = append(sh, share{k, int(x), x - math.Floor(x)})
		left -= int(x)
	}
	sort.SliceStable(sh, func(i, j int) bool { return sh[i].rem > sh[j].rem })
	for i := 0; left > 0; i = (i + 1) % len(sh) {
		sh[i].n++
		left--
	}
	out := map[string]int{}
	for _, s := range sh {
		out[s.kind] = s.n
	}
	return out
}

// place finds k consecutive free user slots in a session of person pi with
// index in [lo, hi], tried at random first and then in order from a random
// start. It reports false when there is no room.
func (g *gen) place(pi, lo, hi, k int) (turnRef, bool) {
	ss := g.people[pi].sessions
	a := sort.SearchInts(ss, lo)
	b := sort.SearchInts(ss, hi+1)
	if a >= b {
		return turnRef{}, false
	}
	try := func(si int) (turnRef, bool) {
		sl := g.slots[si]
		if len(sl) < k {
			return turnRef{}, false
		}
		start := g.intn(len(sl) - k + 1)
		for off := 0; off <= len(sl)-k; off++ {
			j := (start + off) % (len(sl) - k + 1)
			free := true
			for x := j; x < j+k; x++ {
				if sl[x] != nil {
					free = false
					break
				}
			}
			if free {
				return turnRef{si, j}, true
			}
		}
		return turnRef{}, false
	}
	for attempt := 0; attempt < 8; attempt++ {
		if r, ok := try(ss[a+g.intn(b-a)]); ok {
			return r, true
		}
	}
	start := g.intn(b - a)
	for off := 0; off < b-a; off++ {
		if r, ok := try(ss[a+(start+off)%(b-a)]); ok {
			return r, true
		}
	}
	return turnRef{}, false
}

func (g *gen) mark(r turnRef, pl planted) {
	x := pl
	g.slots[r.sess][r.slot] = &x
}

func (g *gen) errRoom(what string) error {
	return fmt.Errorf("no room for %s in %d turns; raise turns or lower facts/probes (%d facts, %d people, %d sessions)", what, g.p.Turns, g.p.Facts, g.p.People, g.p.Sessions)
}

// plantFacts draws the (person, attribute) pairs, states each early in
// the history and updates a share of them later.
func (g *gen) plantFacts() error {
	p := g.p
	pairs := g.rng.Perm(p.People * len(slots))[:p.Facts]
	sort.Ints(pairs) // fact order: by person, then attribute
	early := (p.Sessions - 1) * 3 / 5
	for _, pair := range pairs {
		f := fact{person: pair / len(slots), slot: pair % len(slots)}
		sl := &slots[f.slot]
		f.value = g.pick(sl.values)
		if sl.extra != nil {
			f.extra = g.pick(sl.extra)
		}
		at, ok := g.place(f.person, 0, early, 1)
		if !ok {
			if at, ok = g.place(f.person, 0, p.Sessions-1, 1); !ok {
				return g.errRoom("the facts")
			}
		}
		f.at = at
		g.facts = append(g.facts, f)
		g.mark(at, planted{kind: 'f', index: len(g.facts) - 1})
	}
	var updatable []int
	for i, f := range g.facts {
		if !slots[f.slot].stable {
			updatable = append(updatable, i)
		}
	}
	n := int(math.Round(p.UpdateRate * float64(len(updatable))))
	g.rng.Shuffle(len(updatable), func(i, j int) { updatable[i], updatable[j] = updatable[j], updatable[i] })
	for _, fi := range updatable[:n] {
		f := &g.facts[fi]
		at, ok := g.place(f.person, f.at.sess+1, p.Sessions-1, 1)
		if !ok {
			continue
		}
		sl := &slots[f.slot]
		for f.newValue == "" || f.newValue == f.value {
			f.newValue = g.pick(sl.values)
		}
		if sl.extra != nil {
			f.newExtra = g.pick(sl.extra)
		}
		f.updated, f.updateAt = true, at
		g.updates++
		g.mark(at, planted{kind: 'u', index: fi})
	}
	return nil
}

// plantRelations states n ties "Q is my <relation>" where Q has a fact
// that never changes, for multi-hop probes.
func (g *gen) plantRelations(n int) error {
	if n == 0 {
		return nil
	}
	stable := map[int][]int{} // person → facts never updated
	var holders []int
	for i, f := range g.facts {
		if !f.updated {
			if len(stable[f.person]) == 0 {
				holders = append(holders, f.person)
			}
			stable[f.person] = append(stable[f.person], i)
		}
	}
	sort.Ints(holders)
	if len(holders) == 0 {
		return fmt.Errorf("probe_mix asks for %d multi-hop probes but no fact stays unchanged; lower update_rate or raise facts", n)
	}
	used := map[[2]int]bool{} // (from, relation kind)
	for tries := 0; len(g.rels) < n; tries++ {
		if tries > 50*n {
			return fmt.Errorf("probe_mix asks for %d multi-hop probes but only %d distinct ties fit; raise people or facts", n, len(g.rels))
		}
		to := holders[g.intn(len(holders))]
		from := g.intn(g.p.People)
		kind := g.intn(len(relations))
		if from == to || used[[2]int{from, kind}] {
			continue
		}
		at, ok := g.place(from, 0, g.p.Sessions-1, 1)
		if !ok {
			return g.errRoom("the multi-hop ties")
		}
		used[[2]int{from, kind}] = true
		fs := stable[to]
		g.rels = append(g.rels, rel{from: from, to: to, kind: kind, fact: fs[g.intn(len(fs))], at: at})
		g.mark(at, planted{kind: 'r', index: len(g.rels) - 1})
	}
	return nil
}

// plantEvents states n dated events with relative dates.
func (g *gen) plantEvents(n int) error {
	used := map[[2]int]bool{}
	for tries := 0; len(g.events) < n; tries++ {
		if tries > 50*n {
			return fmt.Errorf("probe_mix asks for %d temporal probes but only %d distinct events fit; raise people", n, len(g.events))
		}
		pi, ev := g.intn(g.p.People), g.intn(len(events))
		if used[[2]int{pi, ev}] {
			continue
		}
		at, ok := g.place(pi, 0, g.p.Sessions-1, 1)
		if !ok {
			return g.errRoom("the dated events")
		}
		used[[2]int{pi, ev}] = true
		rd := g.intn(len(relDays))
		g.events = append(g.events, dated{person: pi, event: ev, rel: rd, day: relDay(g.starts[at.sess], rd), at: at})
		g.mark(at, planted{kind: 'd', index: len(g.events) - 1})
	}
	return nil
}

// relDay is the day relDays[rd] names when said at ref: that many days
// before ref's day, or for "last <weekday>" the latest such day strictly
// before it.
func relDay(ref time.Time, rd int) time.Time {
	day := dayOf(ref)
	if d := relDays[rd].days; d > 0 {
		return day.AddDate(0, 0, -d)
	}
	wd := weekday(relDays[rd].text)
	day = day.AddDate(0, 0, -1)
	for day.Weekday() != wd {
		day = day.AddDate(0, 0, -1)
	}
	return day
}

func dayOf(t time.Time) time.Time {
	return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
}

func weekday(text string) time.Weekday {
	for d := time.Sunday; d <= time.Saturday; d++ {
		if strings.HasSuffix(text, d.String()) {
			return d
		}
	}
	return time.Sunday
}

// plantProcedures places n procedures (four consecutive user turns each)
// in the first four fifths of the history, so a later session can ask to
// reuse them.
func (g *gen) plantProcedures(n int) error {
	used := map[[2]int]bool{}
	last := max(0, g.p.Sessions*4/5-1)
	for tries := 0; len(g.procs) < n; tries++ {
		if tries > 50*n {
			return fmt.Errorf("probe_mix asks for %d path-reuse probes but only %d distinct procedures fit; raise people or turns", n, len(g.procs))
		}
		pi, pr := g.intn(g.p.People), g.intn(len(procedures))
		if used[[2]int{pi, pr}] {
			continue
		}
		// A later session of the same person must exist for the question.
		ss := g.people[pi].sessions
		if len(ss) < 2 {
			continue
		}
		hi := min(last, ss[len(ss)-2])
		k := len(procedures[pr].steps)
		at, ok := g.place(pi, 0, hi, k)
		if !ok {
			continue
		}
		used[[2]int{pi, pr}] = true
		def := procedures[pr]
		g.procs = append(g.procs, proc{person: pi, proc: pr, n: def.lo + g.intn(def.hi-def.lo+1), at: at})
		for s := 0; s < k; s++ {
			g.mark(turnRef{at.sess, at.slot + s}, planted{kind: 'p', index: len(g.procs) - 1, step: s})
		}
	}
	return nil
}

// ---------------------------------------------------------------- probes

// after picks the session a probe is asked after: half of the probes at
// the end of the history (memory at full size), the rest uniformly from
// the first session where the answer exists.
func (g *gen) after(from int) int {
	last := g.p.Sessions - 1
	if g.intn(2) == 0 || from >= last {
		return last
	}
	return from + g.intn(last-from+1)
}

func (g *gen) turnID(r turnRef) string { return turnID(r.sess, r.turn()) }

func turnID(sess, turn int) string { return fmt.Sprintf("s%d-t%d", sess+1, turn+1) }

func sessionID(sess int) string { return fmt.Sprintf("s%d", sess+1) }

func fill(t string, kv ...string) string {
	return strings.NewReplacer(kv...).Replace(t)
}

func (g *gen) makeProbes(counts map[string]int) error {
	var single, updated []int
	for i, f := range g.facts {
		if f.updated {
			updated = append(updated, i)
		} else {
			single = append(single, i)
		}
	}
	shuffle := func(xs []int) {
		g.rng.Shuffle(len(xs), func(i, j int) { xs[i], xs[j] = xs[j], xs[i] })
	}
	shuffle(single)
	shuffle(updated)
	need := func(kind string, have int, hint string) error {
		if counts[kind] > have {
			return fmt.Errorf("probe_mix asks for %d %s probes but only %d targets exist; %s", counts[kind], kind, have, hint)
		}
		return nil
	}
	if err := need(scenarios.KindSingleHop, len(single), "raise facts or lower probes"); err != nil {
		return err
	}
	if err := need(scenarios.KindKnowledgeUpdate, len(updated), "raise update_rate or facts, or lower probes"); err != nil {
		return err
	}
	if err := need(scenarios.KindPathReuse, len(g.procs), "raise turns or people"); err != nil {
		return err
	}
	add := func(pr scenarios.Probe, from int) {
		pr.AfterSession = sessionID(g.after(from))
		g.probes = append(g.probes, pr)
	}
	for _, fi := range single[:counts[scenarios.KindSingleHop]] {
		f := g.facts[fi]
		sl := &slots[f.slot]
		add(scenarios.Probe{Kind: scenarios.KindSingleHop, Question: fill(g.pick(sl.ask), "{S}", g.people[f.person].first),
			Answers: []string{f.value}, Evidence: []string{g.turnID(f.at)}}, f.at.sess)
	}
	for _, fi := range updated[:counts[scenarios.KindKnowledgeUpdate]] {
		f := g.facts[fi]
		sl := &slots[f.slot]
		add(scenarios.Probe{Kind: scenarios.KindKnowledgeUpdate, Question: fill(g.pick(sl.askNow), "{S}", g.people[f.person].first),
			Answers: []string{f.newValue}, StaleFacts: []string{f.value}, Evidence: []string{g.turnID(f.updateAt)}}, f.updateAt.sess)
	}
	for _, r := range g.rels {
		f := g.facts[r.fact]
		sl := &slots[f.slot]
		subj := g.people[r.from].first + "'s " + relations[r.kind].noun
		add(scenarios.Probe{Kind: scenarios.KindMultiHop, Question: fill(g.pick(sl.ask), "{S}", subj),
			Answers: []string{f.value}, Evidence: []string{g.turnID(r.at), g.turnID(f.at)}}, max(r.at.sess, f.at.sess))
	}
	for _, e := range g.events {
		add(scenarios.Probe{Kind: scenarios.KindTemporal, Question: fmt.Sprintf("When did %s %s?", g.people[e.person].first, events[e.event].base),
			Answers:  []string{e.day.Format("2 January 2006"), e.day.Format("January 2, 2006"), e.day.Format("2006-01-02")},
			Evidence: []string{g.turnID(e.at)}}, e.at.sess)
	}
	for _, pc := range g.procs {
		def := procedures[pc.proc]
		var ids []string
		for s := range def.steps {
			ids = append(ids, g.turnID(turnRef{pc.at.sess, pc.at.slot + s}))
		}
		name := g.people[pc.person].first
		q := g.pick([]string{"What steps did %[1]s follow last time to %[2]s?", "%[1]s needs to %[2]s again. How did %[1]s do it before?", "How did %[1]s %[2]s last time?"})
		// Asked in a later session than the procedure's.
		ss := g.people[pc.person].sessions
		from := ss[sort.SearchInts(ss, pc.at.sess+1)]
		add(scenarios.Probe{Kind: scenarios.KindPathReuse, Question: fmt.Sprintf(q, name, def.goal),
			Answers: []string{fill(def.answer, "{N}", fmt.Sprint(pc.n))}, Evidence: ids, GoldPath: ids}, from)
	}
	// Unanswerable: an attribute never stated for a known person, or any
	// attribute of a stranger who never appears.
	has := map[[2]int]bool{}
	for _, f := range g.facts {
		has[[2]int{f.person, f.slot}] = true
	}
	for i := 0; i < counts[scenarios.KindAbstention]; i++ {
		var subj string
		var si int
		if i%2 == 1 || len(has) == g.p.People*len(slots) {
			subj, si = g.stranger[g.intn(len(g.stranger))], g.intn(len(slots))
		} else {
			for {
				pi, s := g.intn(g.p.People), g.intn(len(slots))
				if !has[[2]int{pi, s}] {
					subj, si = g.people[pi].first, s
					break
				}
			}
		}
		add(scenarios.Probe{Kind: scenarios.KindAbstention, Question: fill(g.pick(slots[si].ask), "{S}", subj)}, 0)
	}
	// Probes in the order they are asked, ids in that order.
	idx := map[string]int{}
	for i := range g.starts {
		idx[sessionID(i)] = i
	}
	sort.SliceStable(g.probes, func(i, j int) bool { return idx[g.probes[i].AfterSession] < idx[g.probes[j].AfterSession] })
	for i := range g.probes {
		g.probes[i].ID = fmt.Sprintf("p%04d", i+1)
	}
	return nil
}

// ---------------------------------------------------------------- text

// scenario renders every turn.
func (g *gen) scenario() *scenarios.Scenario {
	p := g.p
	mix := make([]string, 0, len(p.Mix))
	for _, k := range scenarios.ProbeKinds {
		if w := p.Mix[k]; w > 0 {
			mix = append(mix, fmt.Sprintf("%s=%g", k, w))
		}
	}
	s := &scenarios.Scenario{
		ID:    fmt.Sprintf("synthetic-n%d-seed%d", p.Turns, p.Seed),
		Title: fmt.Sprintf("Synthetic memory workload: %d turns, %d people (seed %d)", p.Turns, p.People, p.Seed),
		Description: fmt.Sprintf("Generated by %s: %d people talk with an assistant over %d sessions; %d planted facts (%d later updated), "+
			"%d ties between people, %d dated events, %d procedures; the rest is distractor chatter.",
			Version, p.People, p.Sessions, len(g.facts), g.updates, len(g.rels), len(g.events), len(g.procs)),
		Source: "synthetic:" + fmt.Sprintf("n%d-seed%d", p.Turns, p.Seed),
		Meta: map[string]string{"dataset": "synthetic", "generator": Version, "turns": fmt.Sprint(p.Turns), "sessions": fmt.Sprint(p.Sessions),
			"people": fmt.Sprint(p.People), "facts": fmt.Sprint(p.Facts), "update_rate": fmt.Sprint(p.UpdateRate),
			"probes": fmt.Sprint(p.Probes), "probe_mix": strings.Join(mix, ","), "seed": fmt.Sprint(p.Seed)},
	}
	s.Sessions = make([]scenarios.Session, p.Sessions)
	for si := range s.Sessions {
		ss := &s.Sessions[si]
		ss.ID, ss.Start = sessionID(si), scenarios.At(g.starts[si])
		ss.Turns = make([]scenarios.Turn, g.sizes[si])
		speaker := g.people[g.owner[si]].first
		var prev *planted
		for ti := range ss.Turns {
			t := &ss.Turns[ti]
			t.ID, t.Time = turnID(si, ti), scenarios.At(g.starts[si].Add(time.Duration(ti)*time.Minute))
			if ti%2 == 0 {
				pl := g.slots[si][ti/2]
				t.Role, t.Speaker = scenarios.RoleUser, speaker
				if pl == nil {
					t.Text = g.pick(chatterLead) + g.chatter(chatterUser) + g.pick(chatterFollow)
				} else {
					t.Text, t.Gold = g.render(*pl, si)
					if p.NoGold {
						t.Gold = nil
					}
				}
				prev = pl
				continue
			}
			t.Role, t.Speaker = scenarios.RoleAssistant, "Assistant"
			switch {
			case prev == nil:
				t.Text = g.chatter(chatterAssistant) + g.pick(replyFollow)
			case prev.kind == 'p':
				t.Text = g.pick(stepAcks)
			default:
				t.Text = g.pick(acks)
			}
		}
	}
	for i := range g.probes {
		pr := &g.probes[i]
		si := sessionIndex(pr.AfterSession)
		pr.AskedAt = scenarios.At(g.starts[si].Add(time.Duration(g.sizes[si]) * time.Minute))
	}
	s.Probes = g.probes
	return s
}

func sessionIndex(id string) int {
	var n int
	fmt.Sscanf(id, "s%d", &n)
	return n - 1
}

// chatter renders a random template, each placeholder from its pool.
func (g *gen) chatter(templates []string) string {
	t := g.pick(templates)
	var b strings.Builder
	for {
		i := strings.IndexByte(t, '{')
		if i < 0 {
			b.WriteString(t)
			return b.String()
		}
		j := strings.IndexByte(t[i:], '}')
		b.WriteString(t[:i])
		b.WriteString(g.pick(fillers[t[i+1:i+j]]))
		t = t[i+j+1:]
	}
}

func (g *gen) dress(s string) string {
	o := g.pick(openers)
	if o != "" {
		s = o + strings.ToLower(s[:1]) + s[1:]
		if strings.HasPrefix(s[len(o):], "i ") || strings.HasPrefix(s[len(o):], "i'") {
			s = o + "I" + s[len(o)+1:]
		}
	}
	return s + g.pick(closers)
}

// render writes a planted user turn and its gold.
func (g *gen) render(pl planted, si int) (string, *scenarios.Gold) {
	switch pl.kind {
	case 'f', 'u':
		f := g.facts[pl.index]
		sl := &slots[f.slot]
		who := g.people[f.person].first
		subj := strings.ToLower(who)
		if sl.subject != "" {
			subj += " " + sl.subject
		}
		if pl.kind == 'f' {
			text := fill(g.pick(sl.state), "{V}", f.value, "{X}", f.extra)
			if strings.HasPrefix(text, f.value) {
				return text + g.pick(closers), g.factGold(sl, who, subj, f.value)
			}
			return g.dress(text), g.factGold(sl, who, subj, f.value)
		}
		text := fill(g.pick(sl.update), "{V}", f.newValue, "{OLD}", f.value, "{X}", f.newExtra)
		return text, g.factGold(sl, who, subj, f.newValue)
	case 'r':
		r := g.rels[pl.index]
		q := g.people[r.to].first
		rl := relations[r.kind]
		text := fill(g.pick(rl.state), "{Q}", q)
		gold := &scenarios.Gold{Facts: []string{fmt.Sprintf("%s is %s's %s", q, g.people[r.from].first, rl.noun)},
			Triplets: []scenarios.GoldTriplet{{Subject: strings.ToLower(g.people[r.from].first + " " + rl.noun), Relation: "status", Object: strings.ToLower(q)}}}
		return text + g.pick(closers), gold
	case 'd':
		e := g.events[pl.index]
		ev := events[e.event]
		text := fmt.Sprintf("%s I %s.", relDays[e.rel].text, ev.past) + g.pick(closers)
		who := g.people[e.person].first
		gold := &scenarios.Gold{Facts: []string{fmt.Sprintf("%s %s on %s", who, ev.past, e.day.Format("2 January 2006"))},
			Triplets: []scenarios.GoldTriplet{{Subject: strings.ToLower(who + " " + ev.base), Relation: "occurred_at", Object: e.day.Format("2006-01-02")}}}
		return text, gold
	}
	// A procedure step.
	pc := g.procs[pl.index]
	def := procedures[pc.proc]
	step := fill(def.steps[pl.step], "{N}", fmt.Sprint(pc.n))
	var text string
	switch {
	case pl.step == 0:
		text = fmt.Sprintf("I had to %s today. First I %s.", def.goal, step)
	case pl.step == len(def.steps)-1:
		text = fmt.Sprintf("Finally I %s, and that did it.", step)
	case pl.step == 1:
		text = fmt.Sprintf("Then I %s.", step)
	default:
		text = fmt.Sprintf("After that I %s.", step)
	}
	who := g.people[pc.person].first
	gp := &scenarios.GoldPath{Goal: strings.ToLower(who) + ": " + def.goal, Subtask: def.goal, Node: "action"}
	if pl.step == len(def.steps)-1 {
		gp.Outcome = "success"
	}
	return text, &scenarios.Gold{Path: gp, Facts: []string{fmt.Sprintf("to %s, %s %s", def.goal, who, step)}}
}

func (g *gen) factGold(sl *slot, who, subj, value string) *scenarios.Gold {
	return &scenarios.Gold{Facts: []string{fill(sl.fact, "{P}", who, "{V}", value)},
		Triplets: []scenarios.GoldTriplet{{Subject: subj, Relation: sl.relation, Object: strings.ToLower(value)}}}
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}
