package reader

import (
	"strings"
	"testing"
	"time"
)

func TestWeekdayQuestion(t *testing.T) {
	for _, tc := range []struct{ ctx, want string }{
		// a weekday the sentence names, plural or not
		{"[2023-06-16 a] User: I've signed up for a pottery class on Thursdays at the community centre.", "Thursday"},
		// the weekday of the day the sentence dates (2023-06-16 is a
		// Friday; "yesterday" is Thursday 15 June)
		{"[2023-06-16 a] User: I went to my first pottery class yesterday.", "Thursday"},
		// no date in the sentence: its item's weekday
		{"[2023-06-16 a] User: I went to my first pottery class.", "Friday"},
	} {
		if a := Read("What day of the week do I go to the pottery class?", tc.ctx, Options{}); a.Text != tc.want {
			t.Errorf("%q: %q, want %q", tc.ctx, a.Text, tc.want)
		}
	}
	if q := analyze("What day did I go to the pottery class?"); q.weekday {
		t.Error("a day is not a day of the week")
	}
	// the day something recurs on, asked in the present: the weekday
	// the context tells as recurring; a one-off event asked the same way
	// keeps its date
	checkEach(t, []ctxCase{
		{"What day are the bins collected now?", "[2023-06-16 a] User: The bins moved, they get collected on Tuesdays from now on.", "Tuesday"},
		{"What day does the choir meet?", "[2023-06-16 a] User: The choir meets every Thursday in the church hall.", "Thursday"},
		{"What day does the trash get picked up?", "[2023-06-16 a] User: Trash pickup is Tuesday mornings, recycling every other week.", "Tuesday"},
		{"What day is our flight to Denver?", "[2023-06-16 a] User: Our flight to Denver is on June 24, a Saturday.", "24 June 2023"},
		{"What day is the party?", "[2023-06-19 a] User: The party is on June 24, since Noah works Fridays.", "24 June 2023"},
	})
}

// "last", "next" and "this" open a time phrase after an amount, not its
// unit.
func TestAmountBeforeTimePhrase(t *testing.T) {
	checkEach(t, []ctxCase{
		{"How much was my rent?", "[2025-01-01 a] User: My rent was $1,300 last year.", "$1,300"},
	})
}

func TestAgeFromOrdinal(t *testing.T) {
	ctx := "[2023-03-01 a] User: My aunt gave me her old camera on my 16th birthday."
	if a := Read("How old was I when my aunt gave me her camera?", ctx, Options{}); a.Text != "16" {
		t.Errorf("age %q, want 16", a.Text)
	}
	ctx = "[2023-03-01 a] User: I just finished my 4th quilt, and I have made 3 quilts for my nieces so far."
	if a := Read("How many quilts have I made for my nieces?", ctx, Options{}); a.Text != "3" {
		t.Errorf("count %q, want 3 (a rank is not a count)", a.Text)
	}
}

func TestEarlierValue(t *testing.T) {
	ctx := `[2023-01-10 a] User: I keep my running shoes in a basket by the front door.
[2023-05-02 b] User: I moved my running shoes to a rack in the garage.`
	for q, want := range map[string]bool{
		"Where did I previously keep my running shoes?":                 true,
		"Where did I initially keep my running shoes?":                  true,
		"What was my last name before I changed it?":                    true,
		"In our previous chat, where did you say I keep my shoes?":      false,
		"What company is my colleague from my previous job working at?": false,
		"Where do I keep my running shoes now?":                         false,
	} {
		if got := analyzeAt(q, time.Time{}).earlier; got != want {
			t.Errorf("%q: earlier %v, want %v", q, got, want)
		}
	}
	if a := Read("Where did I initially keep my running shoes?", ctx, Options{}); a.Text != "basket by the front door" {
		t.Errorf("earlier value %q", a.Text)
	}
	if a := Read("Where do I keep my running shoes now?", ctx, Options{}); a.Text == "basket by the front door" {
		t.Errorf("current value %q", a.Text)
	}
}

func TestArticleDurations(t *testing.T) {
	u := &unit{}
	for text, want := range map[string]string{
		"We usually walk for about an hour after dinner.":     "about an hour",
		"I stayed with my aunt for a few months.":             "a few months",
		"It took a couple of weeks and several days of work.": "a couple of weeks|several days",
		"I waited over a year for the letter.":                "over a year",
		"A friend of mine came by.":                           "",
	} {
		var got []string
		for _, sp := range articleDurations(newSentence(text, u)) {
			got = append(got, sp.text)
		}
		if strings.Join(got, "|") != want {
			t.Errorf("%q: durations %q, want %q", text, got, want)
		}
	}
	ctx := "[2023-03-01 a] User: I've been learning the cello for a few months now."
	if a := Read("How long have I been learning the cello?", ctx, Options{}); a.Text != "a few months" {
		t.Errorf("duration %q", a.Text)
	}
}

func TestNoStatedValueAbstains(t *testing.T) {
	// the question asks for an amount of time; the context states none
	ctx := "[2023-03-01 a] User: I went to Lisbon with my sister and we loved the food there."
	for _, q := range []string{"How long was I in Lisbon?", "How many days was I in Lisbon?", "When did I go to Lisbon with my sister?"} {
		a := Read(q, ctx, Options{})
		if q[0] == 'W' {
			// a date: the item's date answers it
			if a.Text != "1 March 2023" {
				t.Errorf("%q: %q, want the item's date", q, a.Text)
			}
			continue
		}
		if !IsAbstention(a.Text) {
			t.Errorf("%q: %q, want an abstention", q, a.Text)
		}
	}
}

func TestColonNumberIsOneNumber(t *testing.T) {
	ctx := "[2023-01-01 a] User: I mix my salad dressing at a 3:1 oil-to-vinegar ratio."
	if a := Read("What oil-to-vinegar ratio do I use for my dressing?", ctx, Options{}); a.Text != "3:1" {
		t.Errorf("ratio %q, want 3:1", a.Text)
	}
}

func TestNameAskedPrefersTitle(t *testing.T) {
	ctx := `[2023-05-25 a] User: I want to find more reading time in my evenings. By the way, I'm currently halfway through "The Glass Orchard" and I love it.`
	if a := Read("What book am I currently reading?", ctx, Options{}); a.Text != "Glass Orchard" {
		t.Errorf("title %q", a.Text)
	}
}

func TestReplyAnswersQuestion(t *testing.T) {
	// the reply says the answer in none of the question's words; the
	// question put to it holds them
	ctx := `[2023-04-02 a] Ana: I finally finished my thesis draft! So what's your favourite board game these days?
[2023-04-02 b] Ben: Oh, easy. Lately it's "Harbour Lights", we play it every Friday. My sister hates losing at it.`
	a := Read("What is Ben's favourite board game?", ctx, Options{})
	if a.Text != "Harbour Lights" {
		t.Errorf("answer %q", a.Text)
	}
}

func TestContinuationSentence(t *testing.T) {
	q := analyze("What was discussed at the neighbourhood council meeting?")
	u := &unit{}
	s1 := newSentence("I went to a neighbourhood council meeting and it was exhausting.", u)
	s2 := newSentence("They argued about a new bike lane for two hours.", u)
	s2.nth = 1
	u.sents = []*sentence{s1, s2}
	sc := newScorer(q, u.sents, [][]*sentence{u.sents})
	// the ranking holds only the sentence with the question's words; the
	// one that goes on about it is read at continuationShare of it
	a := compose(q, sc, []scored{{s1, 0.8}}, Options{MaxWords: 10, MaxItems: 6})
	if a.Text != "argued about a new bike lane for two hours" {
		t.Errorf("answer %q", a.Text)
	}
	for text, want := range map[string]bool{"They argued about it.": true, "And it was great.": true, "We argued about it.": false, "Honestly the whole thing was fun.": false} {
		if got := opensWithAnaphor(newSentence(text, &unit{})); got != want {
			t.Errorf("opensWithAnaphor(%q) = %v", text, got)
		}
	}
}

func TestEmbeddedQuestionAfterPreamble(t *testing.T) {
	q := analyze("I'm planning my trip to Porto again and I was wondering, what was the name of that bakery near the river that you recommended?")
	if q.typ != TypePhrase || !q.wantsName {
		t.Errorf("type %v, wantsName %v: the wh-word after the comma opens the question", q.typ, q.wantsName)
	}
	// the scene-setting terms weigh preambleWeight; the question's own
	// terms and names weigh as usual
	for k, want := range map[string]float64{stem("planning"): preambleWeight, stem("trip"): preambleWeight, stem("bakery"): 1, stem("river"): 1} {
		if got := q.weight(k); got != want {
			t.Errorf("weight(%q) = %v, want %v", k, got, want)
		}
	}
	if q.preamble[stem("porto")] {
		t.Error("a name is never preamble")
	}
}

func TestListItemNameIsContent(t *testing.T) {
	ctx := "[2023-05-20 s1#2] Assistant: Here are three places:\n1. Casa Lume: a small bakery by the river.\n2. Tasca Rio: a fish restaurant."
	units := parseLayout(ctx)
	var got []string
	for _, u := range units {
		got = append(got, u.speaker+"|"+u.text)
	}
	want := "Assistant|Here are three places:,Assistant|Casa Lume: a small bakery by the river.,Assistant|Tasca Rio: a fish restaurant."
	if strings.Join(got, ",") != want {
		t.Errorf("units %q", got)
	}
	if a := Read("What was the name of the bakery by the river that you recommended?", ctx, Options{}); a.Text != "Casa Lume" {
		t.Errorf("answer %q", a.Text)
	}
}

func TestOrdinalCount(t *testing.T) {
	ctx := `[2023-03-01 a] User: I finished my second jigsaw puzzle this weekend, a map of old Lisbon.
[2023-05-10 b] User: Guess what, I just completed my fourth jigsaw puzzle!`
	if a := Read("How many jigsaw puzzles have I completed?", ctx, Options{}); a.Text != "four" {
		t.Errorf("count %q, want four", a.Text)
	}
	// more items tell one than the latest ordinal says: the count of
	// items
	ctx = `[2023-01-01 a] User: I ran my first half marathon today!
[2023-03-01 b] User: That was my second half marathon, in the rain.
[2023-05-01 c] User: Another half marathon done this morning.
[2023-07-01 d] User: I finished a half marathon by the sea today.`
	if a := Read("How many half marathons have I run?", ctx, Options{}); a.Text != "four" {
		t.Errorf("count %q, want four", a.Text)
	}
}

// A value question whose best-supported sentences state no value takes
// the value a less supported sentence states (down to valuePoolShare of
// the best support) rather than abstaining: a plan's budget line holds
// fewer of the question's words than the plan's title.
func TestReadValueBelowPool(t *testing.T) {
	ctx := "[2024-02-01 s1-t2] Assistant: Here is the outreach plan for the Harbour Books spring campaign.\n" +
		"Goals: reach new readers of the Harbour Books spring campaign on social media.\n" +
		"Spending:\n" +
		"* Posters: $450\n" +
		"* Newsletter outreach: $1,200\n"
	checkReads(t, ctx, []readCase{
		{"How much was set aside for newsletter outreach in the Harbour Books spring campaign plan?", "$1,200"},
	})
}

// "When is her birthday" asks for a yearly day: the day and month, no
// year; "when was her party" keeps the year.
func TestReadAnnualDay(t *testing.T) {
	ctx := "[2024-05-02 s1-t1] Rhea: My son's birthday is on May 19, we're planning a picnic.\n" +
		"[2024-05-21 s2-t1] Rhea: The picnic was lovely, we had it two days ago by the river.\n"
	checkReads(t, ctx, []readCase{
		{"When is Rhea's son's birthday?", "19 May"},
		{"When was Rhea's picnic by the river?", "19 May 2024"},
	})
}

// A minus sign is the number's: a negative value keeps it, a range dash or
// a hyphen does not become one.
func TestMinusSign(t *testing.T) {
	for _, tc := range []struct{ q, ctx, want string }{
		{"What was the low temperature in Oslo on Monday?", "[2024-01-08 a] Tool: weather: city: Oslo; day: Monday; low: -5C; high: 2C", "-5C"},
		{"How low did the temperature in Oslo drop at night?", "[2024-01-08 a] Ines: Oslo was bitter, the temperature dropped to −12 degrees at night.", "−12 degrees"},
		{"How many guests came to the picnic?", "[2024-01-08 a] Ines: Between 3-5 guests came to the picnic on Sunday.", "3-5"},
		{"What was the temperature this morning?", "[2024-01-08 a] Ines: The temperature was -5C this morning, so I stayed in.", "-5C"},
		// a bullet, and a dash between phrases, are no signs
		{"How much chicken do I need?", "[2024-01-08 a] Ines: shopping list for the stew\n-2 lbs chicken thighs\n-1 onion", "2 lbs"},
		{"How far is the hostel from the beach?", "[2024-01-08 a] Ines: Hostel is great -5 min walk to the beach!", "5 min"},
		{"How many people signed up for the workshop?", "[2024-01-08 a] Ines: Update on the workshop -12 people signed up so far.", "12"},
		{"How many people signed up for the workshop?", "[2024-01-08 a] Ines: Workshop update: -12 people signed up so far, -3 cancelled.", "12"},
		{"What price range did the realtor suggest?", "[2024-01-08 a] Ines: The realtor suggested listing it in the $450k -$475k range.", "$475k range"},
		{"What is the balance of my account?", "[2024-01-08 a] Tool: account: checking; balance: -$42.10", "-$42.10"},
		{"How much did the index fall today?", "[2024-01-08 a] Ines: The index fell to -8% after the news, the worst day this year.", "-8%"},
	} {
		if a := Read(tc.q, tc.ctx, Options{}); a.Text != tc.want {
			t.Errorf("%q: answer %q, want %q", tc.q, a.Text, tc.want)
		}
	}
}
