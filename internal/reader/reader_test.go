package reader

import (
	"strings"
	"testing"
	"time"
)

// Every layout a strategy may render a memory item in; the content is the
// same sentence, so the parsed unit must be the same.
func TestParseLayoutRemovesLayout(t *testing.T) {
	const want = "I planted tomatoes next to the shed."
	cases := map[string]string{
		"plain":             want,
		"provenance":        "[2025-04-11 s1-t3] Nora: " + want,
		"chunk":             "[2025-04-11 s1-t2,s1-t3] Theo: Which plot? / Nora: " + want,
		"status":            "[2025-04-11 s1-t3] (superseded) Nora: " + want,
		"unit tags":         "[2025-04-11 s1-t3] [garden-plan, step 3] Nora: " + want + " (goal:plan action:inform)",
		"path":              "[2025-04-11 s1-t3 · Goal: Plan the garden → stage: planting] observation: " + want,
		"thought":           "[2025-04-11 s1-t3#1 knowledge, Nora ← s1-t2#1] " + want,
		"list":              "1. " + want,
		"header then facts": "Facts (knowledge graph):\n[2025-04-11 s1-t3] " + want,
	}
	for name, ctx := range cases {
		us := parseLayout(ctx)
		last := us[len(us)-1]
		if last.text != want {
			t.Errorf("%s: text %q, want %q", name, last.text, want)
		}
		if name != "plain" && name != "list" && !last.date.Equal(time.Date(2025, 4, 11, 0, 0, 0, 0, time.UTC)) {
			t.Errorf("%s: date %v", name, last.date)
		}
	}
	us := parseLayout("[2025-04-11 s1-t2,s1-t3] Theo: Which plot? / Nora: Plot 42.")
	if len(us) != 2 || us[0].speaker != "Theo" || us[1].speaker != "Nora" || us[1].text != "Plot 42." {
		t.Fatalf("chunk parts: %+v", us)
	}
	if us := parseLayout("[2025-04-11 s1-t3] (superseded) Nora: x"); us[0].status != "superseded" {
		t.Fatalf("status: %+v", us[0])
	}
	// A multi-line item: continuation lines keep the item's date and
	// speaker; a header line is not content.
	us = parseLayout("Background (conversation turns):\n[2025-04-11 a#2] Assistant: First part.\n\nSecond part.")
	if len(us) != 2 || us[1].speaker != "Assistant" || us[1].date.IsZero() || us[1].text != "Second part." {
		t.Fatalf("continuation: %+v", us)
	}
}

func TestAnalyzeTypes(t *testing.T) {
	cases := map[string]Type{
		"When did Nora join the garden?":                           TypeDate,
		"What time does the market open?":                          TypeDate,
		"Where did Theo buy the seeds?":                            TypePlace,
		"Which country is Ingrid from?":                            TypePlace,
		"Who recommended the compost?":                             TypePerson,
		"Which company makes the mower?":                           TypeOrg,
		"How many tomatoes did Nora pick?":                         TypeNumber,
		"How long did the drought last?":                           TypeDuration,
		"How often does Nora water the plot?":                      TypeFrequency,
		"Did Nora plant basil?":                                    TypeYesNo,
		"Does Theo prefer roses or tulips?":                        TypeChoice,
		"Why did Ingrid move her peppers?":                         TypeReason,
		"What did Ingrid move her peppers for?":                    TypePhrase,
		"How did Nora keep the slugs away?":                        TypeProcedure,
		"What did Nora plant?":                                     TypePhrase,
		"Can you remind me which city you suggested for the trip?": TypePlace,
		"Is the friend who gave Nora the seeds a gardener?":        TypeYesNo,
	}
	for q, want := range cases {
		if got := analyze(q).typ; got != want {
			t.Errorf("%q: type %s, want %s", q, got, want)
		}
	}
	q := analyze("What vegetables has Nora grown in 2024?")
	if !q.list || q.head != "vegetables" || len(q.when) != 1 || q.focus[0] != dateTerm {
		t.Fatalf("analysis: %+v", q)
	}
	if got := analyze("Does Theo prefer roses or tulips?").options; strings.Join(got, "|") != "roses|tulips" {
		t.Fatalf("options %q", got)
	}
	if !analyze("What does Nora grow now?").current {
		t.Fatal("current not detected")
	}
}

const garden = `[2025-04-12 s1-t1] Nora: Theo, I finally joined the community garden on Birch Lane yesterday.
[2025-04-12 s1-t3] Nora: Plot 42 is right next to the greenhouse. I am planting tomatoes and basil because they grow well together.
[2025-04-12 s1-t4] Theo: My sister Ingrid grows peppers there. She recommends the compost from Greenleaf Farm.
[2025-05-03 s2-t1] Nora: Last Saturday I bought a rain barrel for $90 at the hardware store.
[2025-05-03 s2-t3] Nora: I water the plot twice a week, usually early in the morning.
[2025-06-14 s3-t1] Nora: I switched from basil to mint this month, the basil kept wilting.`

func TestReadTypedAnswers(t *testing.T) {
	cases := []struct{ q, want string }{
		{"When did Nora join the community garden?", "11 April 2025"},
		{"When did Nora buy the rain barrel?", "26 April 2025"},
		{"Where is the community garden Nora joined?", "Birch Lane"},
		{"How much did Nora pay for the rain barrel?", "$90"},
		{"How often does Nora water the plot?", "twice a week"},
		{"Who recommends the compost from Greenleaf Farm?", "Ingrid"},
		{"Why is Nora planting tomatoes and basil?", "they grow well together"},
		{"Did Nora join the community garden?", "Yes, I finally joined the community garden on Birch"},
		{"What color is the collar of Nora's cat?", Abstain},
	}
	for _, c := range cases {
		if a := Read(c.q, garden, Options{}); a.Text != c.want {
			t.Errorf("%q: %q (support %.2f, type %s), want %q", c.q, a.Text, a.Support, a.Type, c.want)
		}
	}
	if a := Read("anything at all", "", Options{}); a.Text != Abstain || a.Support != 0 {
		t.Fatalf("empty context: %+v", a)
	}
}

func TestReadListChoiceAndPersons(t *testing.T) {
	ctx := `[2025-04-12 a] Nora: This spring I planted tomatoes in the raised bed.
[2025-05-12 b] Nora: Last week I planted zucchini along the fence.
[2025-05-12 c] Theo: I planted sunflowers by the gate.`
	if a := Read("What vegetables has Nora planted?", ctx, Options{Threshold: 0.3}); a.Text != "zucchini along the fence, tomatoes in the raised bed" {
		t.Errorf("list: %q", a.Text)
	}
	if a := Read("Did Nora plant tomatoes or sunflowers?", ctx, Options{}); a.Text != "tomatoes" {
		t.Errorf("choice: %q", a.Text)
	}
	// Theo's own statement is about Theo, not Nora: it supports a question
	// about Nora only half.
	s := Read("What did Nora plant by the gate?", ctx, Options{Threshold: 1e-9})
	th := Read("What did Theo plant by the gate?", ctx, Options{Threshold: 1e-9})
	if !(s.Support < th.Support) || th.Text != "sunflowers" {
		t.Errorf("persons: Nora %.2f %q, Theo %.2f %q", s.Support, s.Text, th.Support, th.Text)
	}
}

func TestReadCurrentAndRejectedValues(t *testing.T) {
	c := "[2025-03-02 a] The pump runs every 6 hours.\n[2025-03-09 b] The pump runs every 4 hours."
	if a := Read("How often does the pump run?", c, Options{}); a.Text != "every 4 hours" {
		t.Errorf("newest of equally supported: %q", a.Text)
	}
	c = "[2025-03-09 b] (superseded) The pump runs every 4 hours.\n[2025-03-02 a] The pump runs every 6 hours."
	if a := Read("How often does the pump run?", c, Options{}); a.Text != "every 6 hours" {
		t.Errorf("superseded line won: %q", a.Text)
	}
	c = "[2025-03-20 a] The tank holds 80 liters, not 120."
	if a := Read("How many liters does the tank hold?", c, Options{}); a.Text != "80 liters" {
		t.Errorf("rejected value: %q", a.Text)
	}
	c = "[2025-03-20 a] We lowered the pump pressure from 3 bar to 2 bar."
	if a := Read("What pressure does the pump use now?", c, Options{}); a.Text != "2 bar" {
		t.Errorf("from-to: %q", a.Text)
	}
}

func TestReadNeverAnswersWithLayout(t *testing.T) {
	ctx := `Facts (knowledge graph):
[2025-04-12 s1-t3#1 knowledge, Nora ← s1-t2#1] Plot 42 is right next to the greenhouse.
[2025-04-12 s1-t3] [garden-plan, step 11] Nora: I am planting tomatoes. (goal:plan action:inform)
[2025-04-12 s1-t1 · Goal: Join the garden → stage: joined] observation: I joined the garden on Birch Lane.`
	for _, q := range []string{"Which step is Nora on?", "What kind of note is this?", "Who is the assistant?", "What is the goal?", "What number is it?"} {
		a := Read(q, ctx, Options{Threshold: 1e-9})
		for _, bad := range []string{"[", "]", "#", "←", "→", "·", "step", "11", "knowledge", "observation", "goal:", "s1-t", "Facts"} {
			if strings.Contains(a.Text, bad) {
				t.Errorf("%q: answer %q carries layout %q", q, a.Text, bad)
			}
		}
	}
}

func TestIsAbstention(t *testing.T) {
	for s, want := range map[string]bool{"not mentioned": true, "Not mentioned in the conversation.": true, "I don't know": true, "": true, "MySQL 8": false, "unknowningly": false} {
		if IsAbstention(s) != want {
			t.Errorf("IsAbstention(%q) = %v", s, !want)
		}
	}
}

func TestThresholdPerType(t *testing.T) {
	for typ, want := range map[Type]float64{TypeDate: 0.1, TypePerson: 0.1, TypeYesNo: 0.1, TypePhrase: 0.4, TypeEntity: 0.1, TypeReason: 0.7, TypeProcedure: 0.5, Type("unknown"): DefaultThreshold} {
		if got := Threshold(typ); got != want {
			t.Errorf("Threshold(%s) = %v, want %v", typ, got, want)
		}
	}
	// A date question with one focus term of three answers (support 1/3 >
	// 0.1); forcing the phrase threshold makes it abstain.
	ctx := "[2023-05-08] Nora: We moved to Lisbon yesterday."
	q := "When did Nora move to the new flat downtown?"
	if a := Read(q, ctx, Options{}); IsAbstention(a.Text) {
		t.Errorf("calibrated: abstained (support %.2f)", a.Support)
	}
	if a := Read(q, ctx, Options{Threshold: 0.95}); !IsAbstention(a.Text) {
		t.Errorf("threshold 0.95: answered %q (support %.2f)", a.Text, a.Support)
	}
}

func TestNounShare(t *testing.T) {
	s := newSentence("We adopted a cute guinea pig named Oscar yesterday.", &unit{})
	tg := s.tags()
	if len(tg) != len(s.toks) {
		t.Fatalf("tags %d for %d tokens", len(tg), len(s.toks))
	}
	find := func(w string) int {
		for i, tk := range s.toks {
			if tk.Text == w {
				return i
			}
		}
		t.Fatalf("no token %q", w)
		return -1
	}
	cute, pig := find("cute"), find("pig")
	if got := nounShare(s, cute, cute+1); got != 0.35 {
		t.Errorf("nounShare(cute) = %v, want 0.35 (tags %v)", got, tg)
	}
	if got := nounShare(s, cute, pig+1); got != 1 {
		t.Errorf("nounShare(cute guinea pig) = %v, want 1 (tags %v)", got, tg)
	}
	if got := nounShare(s, find("adopted"), find("adopted")+1); got != 0.35 {
		t.Errorf("nounShare(adopted) = %v, want 0.35 (tags %v)", got, tg)
	}
}

func TestQualityQuestions(t *testing.T) {
	for q, want := range map[string]bool{
		"How was the concert?":                          true,
		"How did Nora feel about the new plot?":         true,
		"How did Theo describe the view from the hill?": true,
		"How did Nora keep the slugs away?":             false,
	} {
		if got := analyze(q).quality; got != want {
			t.Errorf("%q: quality %v, want %v", q, got, want)
		}
	}
	s := newSentence("The view was beautiful and peaceful up there.", &unit{})
	if got := qualityFit(s, 2, 5); got != 0.9 {
		t.Errorf("qualityFit(%q) = %v, want 0.9 (tags %v)", textOf(s, 2, 5), got, s.tags())
	}
	if got := qualityFit(s, 0, 2); got != 0.3 {
		t.Errorf("qualityFit(%q) = %v, want 0.3 (tags %v)", textOf(s, 0, 2), got, s.tags())
	}
}

func TestAloneWord(t *testing.T) {
	s := newSentence("Sure! I can share the recipe, sure.", &unit{})
	if !aloneWord(s, 0) {
		t.Errorf("%q: first word not alone", s.text)
	}
	if aloneWord(s, 2) || aloneWord(s, len(s.toks)-2) {
		t.Errorf("%q: a later word counted alone", s.text)
	}
}

func TestStemUndoubles(t *testing.T) {
	for _, g := range [][]string{{"add", "added", "adding"}, {"plan", "planned", "planning"}, {"fit", "fitted", "fitting"}} {
		for _, w := range g[1:] {
			if stem(w) != stem(g[0]) {
				t.Errorf("stem(%q) = %q, stem(%q) = %q; want equal", w, stem(w), g[0], stem(g[0]))
			}
		}
	}
}

// The fallback answer is a run of the sentence's own words between the
// question's words, never the sentence with the question's words cut out
// of it.
func TestRemainderIsContiguous(t *testing.T) {
	for _, c := range []struct{ q, text, want string }{
		{"Why did Tomas apologize to his sister?", "By the way, I had to apologize to my sister for that late night, it was pretty embarrassing.", "late night, it was pretty embarrassing"},
		{"Why did Lena close her bakery?", "Hi Omar, I had to close my bakery.", "Omar"},
		{"Why did Lena close her bakery?", "Close the bakery.", ""},
	} {
		if got := remainder(analyze(c.q), newSentence(c.text, &unit{}), 10); got != c.want {
			t.Errorf("remainder(%q, %q) = %q, want %q", c.q, c.text, got, c.want)
		}
	}
}

// A yes/no question is answered "no" when a verb of not doing governs
// the thing asked about as its object ("we decided to skip the band");
// not when the question says the verb itself ("did I cancel …"), nor
// when the verb has another object or sense ("stopped by the pharmacy").
func TestYesNoReversal(t *testing.T) {
	checkYesNo(t, []yesNoCase{
		{"Are we having a band at the party?", "We decided to skip the band and make a playlist ourselves to save money.", "No"},
		{"Did I cancel my gym membership?", "I cancelled my gym membership in June.", "Yes"},
		{"Did I stop by the pharmacy?", "I stopped by the pharmacy on the way home.", "Yes"},
		{"Did I finish the report?", "I gave up my whole weekend and finished the report.", "Yes"},
		{"Does my sister still live in Boston?", "My sister got a new job in Boston last month.", "Yes"},
		{"Did Mark like the service at the restaurant?", "Mark loved the new restaurant. No complaints at all about the service.", "Yes"},
		{"Should I take the bus to the airport?", "You shouldn't take a taxi at rush hour; the bus to the airport is faster.", "Yes"},
	})
}

// "Turned down", "called off" and "shouldn't" answer no; so does a
// negated sentence of the same item that holds the focus term the best
// sentence lacks ("… Nothing broken, but she's shaken.").
func TestYesNoPhrasalAndSibling(t *testing.T) {
	for _, c := range []struct{ q, ctx string }{
		{"Did I accept the Brightline offer?", "[2024-03-20 a] User: I turned down the Brightline offer because they wanted me in the office daily.\n"},
		{"Is Dad allowed to drive on the new medication?", "[2024-03-20 a] User: The doctor said Dad shouldn't drive while on the new medication.\n"},
		{"Was anything broken when Grandpa fell?", "[2024-01-29 a] User: Grandpa had a fall in the garden four days ago. Nothing broken, but he's shaken.\n"},
	} {
		if got, _, _ := strings.Cut(Read(c.q, c.ctx, Options{Threshold: 0.01}).Text, ","); got != "No" {
			t.Errorf("%s: %q, want No", c.q, got)
		}
	}
}

// A negative question ("Didn't I …?", "Isn't it …?") asks whether the
// thing is so and is answered as the positive one is.
func TestNegativeQuestionAnsweredByFact(t *testing.T) {
	checkYesNo(t, []yesNoCase{
		{"Didn't I cancel the dentist appointment?", "I cancelled the dentist appointment yesterday.", "Yes"},
		{"Didn't Mom call the plumber?", "Mom never called the plumber, I'll do it.", "No"},
		{"Isn't the florist booked?", "The florist is not booked yet.", "No"},
	})
}

// yesNoCase is a yes/no question read from a one-line user turn.
type yesNoCase struct{ q, ctx, want string }

// checkYesNo reads each case's question from its turn (a threshold low
// enough that none abstains) and checks the answer's first word.
func checkYesNo(t *testing.T, cases []yesNoCase) {
	t.Helper()
	for _, c := range cases {
		ctx := "[2024-03-10 a] User: " + c.ctx + "\n"
		if got, _, _ := strings.Cut(Read(c.q, ctx, Options{Threshold: 0.01}).Text, ","); got != c.want {
			t.Errorf("%s: %q, want %q", c.q, got, c.want)
		}
	}
}
