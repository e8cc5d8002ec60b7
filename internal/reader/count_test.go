package reader

import (
	"strings"
	"testing"
)

// The counted noun is the head of the phrase after "how many", past
// adjectives and partitives; its first noun is kept apart.
func TestCountedNoun(t *testing.T) {
	cases := []struct{ q, head, first string }{
		{"How many different dentists have I seen?", "dentists", "dentists"},
		{"How many board games did Ivo buy?", "games", "board"},
		{"How many pieces of luggage did we check in?", "luggage", "luggage"},
		{"How many times did Nadia call her brother?", "times", "times"},
		{"How many hours did the drive take?", "hours", "hours"},
		{"How many online courses have I completed?", "courses", "courses"},
		{"What is the price of the lamp?", "", ""},
	}
	for _, c := range cases {
		head, first := countedNoun(c.q)
		if head != c.head || first != c.first {
			t.Errorf("%q: got %q %q, want %q %q", c.q, head, first, c.head, c.first)
		}
	}
}

// The unit a number quantifies: the word after it, the word a hyphen
// joins to it, or a currency sign.
func TestNumberUnit(t *testing.T) {
	cases := []struct{ text, want string }{
		{"We hung a 12-pound mirror.", "pound"},
		{"She walked three miles.", "miles"},
		{"It cost $40 in the end.", "$"},
		{"I fed 6 cats.", "cats"},
	}
	for _, c := range cases {
		s := &sentence{text: c.text, toks: words(c.text)}
		sp := numberSpans(s, false)
		if len(sp) == 0 {
			t.Fatalf("%q: no number span", c.text)
		}
		if got := numberUnit(s, sp[0]); got != c.want {
			t.Errorf("%q: got %q, want %q", c.text, got, c.want)
		}
	}
}

// A number of another unit (time, measure, money) does not count the
// things asked about; the distinct things named do: two conjoined before a
// phrase of the counted noun, another with its own modifier, and a later
// shorter mention of one of them is the same thing. A number whose unit is
// the counted noun still answers.
func TestReadDistinctCount(t *testing.T) {
	ctx := "[2024-03-02 s1-t1] User: Last weekend I picked up the tall cactus and a spotted orchid plant three days before the fair.\n" +
		"[2024-03-09 s2-t1] User: My neighbour gave me a small rubber plant, and the orchid plant is blooming.\n" +
		"[2024-03-10 s3-t1] User: I filled my 30-liter fish tank with 4 goldfish.\n"
	checkReads(t, ctx, []readCase{
		{"How many plants did I get?", "three"},
		{"How many goldfish do I keep?", "4"},
	})
}

// "How many different <noun>" counts the memory items that name the noun,
// not ones that say "different".
func TestCountItemsPastAdjective(t *testing.T) {
	ctx := "[2024-05-02 s1-t1] User: I toured the harbour lighthouse with my uncle on Saturday.\n" +
		"[2024-05-09 s2-t1] User: Today I joined a lighthouse tour out on the cape.\n"
	checkReads(t, ctx, []readCase{
		{"How many different lighthouses did I tour?", "two"},
	})
}

// People a title names ("Dr. Okafor") are counted by name: three memory
// items that name two doctors count two, and "my doc" is a doctor.
func TestReadCountTitledNames(t *testing.T) {
	ctx := "[2024-02-01 s1-t1] User: My knee still hurts, so I visited Dr. Okafor, an orthopedic surgeon, on Monday.\n" +
		"[2024-02-05 s2-t1] User: At the follow-up visit Dr. Okafor ordered an MRI of my knee.\n" +
		"[2024-02-09 s3-t1] User: I also visited Dr. Lin, my dentist, about a cracked filling.\n"
	checkReads(t, ctx, []readCase{
		{"How many different doctors did I visit?", "two"},
	})
	if got := stem("dr"); got != stem("doctor") {
		t.Errorf("stem(dr) = %q, want stem(doctor) %q", got, stem("doctor"))
	}
	if got := stem("doc"); got != stem("doctor") {
		t.Errorf("stem(doc) = %q, want stem(doctor) %q", got, stem("doctor"))
	}
}

// "How many times did X go to the <place>": the place's noun counts the
// items as the light verb does; the count is written as English says how
// often.
func TestReadCountTimes(t *testing.T) {
	if got := objectNoun(analyze("How many times has Nadia gone to the lake in June 2024?")); got != "lake" {
		t.Errorf("objectNoun: got %q, want %q", got, "lake")
	}
	for n, want := range map[int]string{1: "once", 2: "twice", 3: "three times", 12: "12 times"} {
		if got := countAnswer(analyze("How many times did Nadia swim?"), n); got != want {
			t.Errorf("countAnswer(%d) = %q, want %q", n, got, want)
		}
	}
	ctx := "[2024-06-03 s1-t1] Nadia: We spent the whole afternoon by the lake, the dog loved it.\n" +
		"[2024-06-20 s2-t1] Nadia: Took my niece to the lake yesterday for a picnic.\n"
	checkReads(t, ctx, []readCase{
		{"How many times has Nadia gone to the lake?", "twice"},
	})
}

// A number of another plural noun does not count the asked noun when the
// distinct things of that noun are named; with none named it still
// answers.
func TestReadOtherNounCount(t *testing.T) {
	ctx := "[2024-02-01 s1-t1] User: I put a glass teapot on my kitchen shelf, next to 40 jars of spice.\n"
	checkReads(t, ctx, []readCase{
		{"How many teapots are on my kitchen shelf?", "one"},
		{"How many jars are on my kitchen shelf?", "40"},
	})
	ctx = "[2024-02-01 s1-t1] User: Walking my 3 dogs takes all morning.\n"
	checkReads(t, ctx, []readCase{
		{"How many pets do I walk?", "3 dogs"},
	})
}

// A total of a unit the question counts adds numbers joined to the unit
// by a hyphen and numbers in words, and says the unit.
func TestReadTotalOfCountedUnit(t *testing.T) {
	ctx := "[2024-04-02 s1-t1] User: I spent a 4-day weekend hiking in the hills.\n" +
		"[2024-04-20 s2-t1] User: Before that I spent three days hiking along the coast.\n"
	checkReads(t, ctx, []readCase{
		{"How many days did I spend hiking in total?", "7 days"},
	})
}

// The assistant's suggestions are not the user's things: "a box kite" it
// proposes does not count among the kites the user bought.
func TestDistinctThingsSkipsAssistant(t *testing.T) {
	ctx := "[2024-06-01 s1-t1] User: I bought a red kite for the beach, it cost me two weeks of pocket money.\n" +
		"[2024-06-01 s1-t2] Assistant: Nice! If you want another kite, a box kite flies well in strong wind.\n" +
		"[2024-06-08 s2-t1] User: My sister gave me a stunt kite, so I bought a spare line.\n"
	checkReads(t, ctx, []readCase{
		{"How many kites did I buy?", "two"},
	})
}

// A total of things that are not units adds the counts the items state in
// words; "one" said as a rate ("at least one a week") is not a count.
func TestReadTotalOfCountsInWords(t *testing.T) {
	ctx := "[2024-04-02 s1-t1] User: I've attended three workshops at the town hall, and I go to at least one a week.\n" +
		"[2024-04-20 s2-t1] User: Since I've attended two workshops at the museum, the format feels familiar.\n"
	checkReads(t, ctx, []readCase{
		{"How many workshops have I attended in total?", "5"},
	})
}

// A total of time adds the amounts every supporting turn tells, in any
// form and in units that convert exactly; rates and ages are no amounts.
func TestReadTimeTotal(t *testing.T) {
	ctx := "[2024-01-10 s1-t1] User: I've been cutting down on screen time - I even took a week-long break from my phone in January.\n" +
		"[2024-02-20 s2-t1] User: Can you suggest a reading list? I just got back from a 10-day break from my phone.\n" +
		"[2024-03-05 s3-t1] User: I check my phone three times a day now, and my nephew is a 5-year-old who has none.\n"
	checkReads(t, ctx, []readCase{
		{"How many days did I take breaks from my phone in total?", "17 days"},
		{"How many weeks did I take breaks from my phone in total?", "2.4 weeks"},
	})
	ctx = "[2024-05-01 s1-t1] User: I spent around 70 hours on the river delta map I'm drawing.\n" +
		"[2024-05-09 s2-t1] User: Can you suggest a pen for maps like the harbour one, which took me 12 hours to draw?\n"
	checkReads(t, ctx, []readCase{
		{"How many hours have I spent drawing maps in total?", "82 hours"},
	})
	s := newSentence("I go twice a week, for about an hour, with my 8-year-old and a 3-day pass.", &unit{})
	if got := timeAmounts(s, "day"); len(got) != 1 || got[0] != 3 {
		t.Errorf("days: %v, want [3]", got)
	}
	if got := timeAmounts(s, "minute"); len(got) != 1 || got[0] != 60 {
		t.Errorf("minutes: %v, want [60]", got)
	}
}

// A number read for "how many <unit>" keeps its unit ("3 years"); a count
// of things does not repeat the noun.
func TestReadNumberKeepsUnit(t *testing.T) {
	ctx := "[2024-06-01 s1-t1] User: I've had my two cats for 3 years now, and 80 people came to my party.\n"
	checkReads(t, ctx, []readCase{
		{"How many years have I had my cats?", "3 years"},
		{"How many people came to my party?", "80"},
	})
}

// An amount of time in two units, or with a half, is one amount; "how
// long … combined" adds the amounts in the unit of the best one.
func TestCompoundDurations(t *testing.T) {
	s := newSentence("I've lived here for 4 years and 3 months, and the move took two and a half weeks and an hour and a half of paperwork.", &unit{})
	var got []string
	for _, sp := range numberSpans(s, true) {
		got = append(got, sp.text)
	}
	if strings.Join(got, "|") != "4 years and 3 months|two and a half weeks" {
		t.Errorf("durations %q", got)
	}
	ctx := "[2024-02-01 s1-t1] User: I finished the atlas book, which took me two and a half weeks.\n" +
		"[2024-03-01 s2-t1] User: The river book took me three weeks to finish.\n"
	checkReads(t, ctx, []readCase{
		{"How long did it take me to finish the atlas book and the river book combined?", "5.5 weeks"},
	})
}

// "What time" is answered by a time of day, never by a calendar day.
func TestClockNeverADate(t *testing.T) {
	ctx := "[2024-02-01 s1-t1] User: On Sundays I get up early to swim before work. My alarm rings at 6:15 am.\n"
	if got := Read("What time do I get up on Sundays?", ctx, Options{}).Text; got != "6:15 am" {
		t.Errorf("clock: %q", got)
	}
}

// "N ago" dates an event: no length for "how long was I …", the length of
// a state for "how long has she been …".
func TestAgoIsNoLength(t *testing.T) {
	ctx := "[2024-02-01 s1-t1] User: I saw the old castle when I was in Peru a few months ago. I spent three weeks hiking around the country.\n"
	checkReads(t, ctx, []readCase{{"How long was I in Peru for?", "three weeks"}})
	ctx = "[2024-02-01 s1-t1] Lea: I started rowing five years ago and I still love it.\n"
	checkReads(t, ctx, []readCase{{"How long has Lea been rowing?", "five years"}})
}

// The pronoun "one" ("this one was online", "another one", "the red
// one") stands for a thing and counts nothing; an ordinal before a noun
// phrase that ends in the counted noun ("my fourth chess tournament")
// states the count.
func TestReadPropOneAndOrdinalPhrase(t *testing.T) {
	ctx := "[2024-07-10 s1-t1] Ravi: I won my fourth regional chess tournament on Friday! This one was online.\n"
	checkReads(t, ctx, []readCase{
		{"How many chess tournaments has Ravi won?", "four"},
	})
	for _, c := range []struct {
		text string
		want bool
	}{
		{"This one was online.", true},
		{"I bought another one yesterday.", true},
		{"I liked the red one best.", true},
		{"I have only one dog.", false},
		{"One of them was late.", false},
		{"We need one more chair.", false},
		{"Embarrassing one: I forgot the savings account.", true},
		{"Buying one ticket was enough.", false},
		{"Finished one: the green scarf.", false},
	} {
		s := newSentence(c.text, &unit{})
		got := false
		for i := range s.toks {
			if s.toks[i].Lower == "one" {
				got = propOne(s, i)
			}
		}
		if got != c.want {
			t.Errorf("propOne in %q = %v, want %v", c.text, got, c.want)
		}
	}
}

// A verb or an adverb after a number is no unit of it ("$1,780 starting
// September"); "weight" finds "weigh" as "decision" finds "decide".
func TestReadNumberBeforeVerb(t *testing.T) {
	checkReads(t, "[2023-08-15 a] User: The landlord raised the rent to $1,780 starting September.\n", []readCase{
		{"How much is my rent?", "$1,780"},
	})
	checkReads(t, "[2023-10-15 a] User: I weigh 189 pounds as of this morning.\n", []readCase{
		{"What is my weight?", "189 pounds"},
	})
}

// A number joined to a unit of time by a hyphen ("a 14-month lease")
// states an amount of time, written as a count of the unit.
func TestReadHyphenDuration(t *testing.T) {
	checkReads(t, "[2023-05-20 a] User: We signed a 14-month lease on the new flat.\n", []readCase{
		{"How long is our lease on the new flat?", "14 months"},
	})
	for tok, want := range map[string]string{"14-month": "14 months", "one-week": "one week", "3-day": "3 days", "20-gallon": "", "3-days": ""} {
		got, _ := hyphenDuration(words(tok)[0])
		if got != want {
			t.Errorf("hyphenDuration(%q) = %q, want %q", tok, got, want)
		}
	}
}

// "How many <noun>" with the things named in one series counts the
// series' members, a member that opens with a number counting that many
// ("my sister, my college roommate, and two cousins" → four).
func TestReadCountSeriesMembers(t *testing.T) {
	checkReads(t, "[2023-07-25 a] User: I've asked my brother, my best friend, and two cousins to be ushers.\n", []readCase{
		{"How many ushers will I have?", "four"},
	})
	if got := listItems("my brother, my best friend, and two cousins"); len(got) != 3 || got[2] != "two cousins" {
		t.Errorf("listItems = %q", got)
	}
}

// A count word joined to a unit of time ("a six-month probation") states
// an amount of time too.
func TestReadWordHyphenDuration(t *testing.T) {
	checkReads(t, "[2024-04-09 a] User: At the new job there's a six-month probation period before I get full benefits.\n", []readCase{
		{"How long is my probation period at the new job?", "six months"},
	})
}

// A free-standing amount of time measures the event before one set
// before a noun ("a 6-month internship …, then worked there for three
// years"); "Dr" without its dot is no title ("a Dr Pepper"); a list's
// items split at the last "and" only ("Ben and Jerry's, Chipotle and
// Nando's" is three).
func TestCountAndDurationEdges(t *testing.T) {
	checkReads(t, "[2024-03-10 a] User: I did a 6-month internship at Google, then worked there for three years.\n", []readCase{
		{"How long did I work at Google?", "three years"},
	})
	checkReads(t, "[2024-03-10 a] User: I saw Dr. Patel for my knee.\n[2024-03-12 b] User: I grabbed a Dr Pepper after the appointment.\n", []readCase{
		{"How many doctors did I see this month?", "one"},
	})
	for text, want := range map[string]int{"Ben and Jerry's, Chipotle and Nando's": 3, "mac and cheese, coleslaw, and rice and beans": 3, "a and b": 2} {
		if got := len(listItems(text)); got != want {
			t.Errorf("listItems(%q): %d items, want %d", text, got, want)
		}
	}
}

// TestReadIdentifier: "what's the X number" asks for an identifier, which
// mixes letters and digits or joins digit groups with dashes; a plain
// count question does not read one.
func TestReadIdentifier(t *testing.T) {
	checkReads(t, "[2025-06-02 s1-t3] User: The library hold came through. The hold number is LH-7731-02, pick up by Friday.\n"+
		"[2025-06-03 s1-t5] User: Reserved the ferry for two cars, confirmation number is 4QX92T.\n"+
		"[2025-06-04 s1-t7] User: I ordered the MP3 player yesterday, order number is 88213.\n", []readCase{
		{"What's the hold number for the library book?", "LH-7731-02"},
		{"What is the ferry confirmation number?", "4QX92T"},
		{"What's the order number for the player?", "88213"},
		{"How many cars did I reserve the ferry for?", "two"},
	})
	for w, want := range map[string]bool{"BP-26-04417": true, "1Z999AA1": true, "#A4471": true, "2023": false, "10-12": false, "$5": false, "24mg": false, "3pm": false} {
		if got := identifierRe.MatchString(w); got != want {
			t.Errorf("identifierRe(%q) = %v, want %v", w, got, want)
		}
	}
}
