package reader

import (
	"strings"
	"testing"
	"time"
)

func TestParseInterval(t *testing.T) {
	cases := []struct {
		q          string
		unit, a, b string
	}{
		{"How many days passed between the day I repaired the fence and the day I painted the barn?", "day", "I repaired the fence", "I painted the barn"},
		{"How many days had passed between the kayak race and the chess final?", "day", "the kayak race", "the chess final"},
		{"How many weeks passed between Ola adopting Rex and Bella?", "week", "Ola adopting Rex", "Ola adopting Bella"},
		{"How many days before the piano recital did I buy the new shoes?", "day", "the piano recital", "I buy the new shoes"},
		{"How many days had passed since I joined the choir when I sang my first solo?", "day", "I joined the choir", "I sang my first solo"},
		{"How many days did it take for my parcel to arrive after I ordered it?", "day", "my parcel to arrive", "I ordered it"},
		// a coordinated subject; "date" is the event, not its frame
		{"How long did Noor and Sami date for before moving in together?", "", "date for", "moving in together"},
		{"How long did Noor and her sister train before the marathon?", "", "train", "the marathon"},
	}
	for _, c := range cases {
		iv, ok := parseInterval(c.q)
		if !ok || iv.unit != c.unit || iv.events[0] != c.a || iv.events[1] != c.b {
			t.Errorf("%q: got %+v %v, want %s %q %q", c.q, iv, ok, c.unit, c.a, c.b)
		}
	}
	for _, q := range []string{"How many days ago did I buy the kettle?", "How many apples did Nora pick?", "How long did the drought last?"} {
		if iv, ok := parseInterval(q); ok {
			t.Errorf("%q: parsed as an interval %+v", q, iv)
		}
	}
}

func TestReadInterval(t *testing.T) {
	ctx := "[2025-03-02 s1-t1] Nora: I repaired the fence yesterday, the posts were rotten.\n" +
		"[2025-03-20 s2-t4] Nora: We finally painted the barn today, bright red.\n" +
		"[2025-03-20 s2-t5] Theo: The barn looks great.\n" +
		"[2025-04-14 s3-t2] Nora: My parcel with the seeds arrived this morning.\n" +
		"[2025-04-10 s3-t1] Nora: I ordered a parcel of seeds on Monday.\n"
	cases := []readCase{
		// 1 March to 20 March
		{"How many days passed between the day Nora repaired the fence and the day she painted the barn?", "19 days"},
		{"How many weeks passed between the day Nora repaired the fence and the day she painted the barn?", "three weeks"},
		{"How many days before painting the barn did Nora repair the fence?", "19 days"},
		// Monday 7 April to 14 April
		{"How many days did it take for the parcel of seeds to arrive after Nora ordered it?", "seven days"},
	}
	checkReads(t, ctx, cases)
}

// The head of a question's noun compound is its last noun.
func TestAnalyzeCompoundHead(t *testing.T) {
	cases := map[string]string{
		"Which hotel chain did Nora pick?":         "chain",
		"What engine version does the mower run?":  "version",
		"What kind of book did Theo read?":         "book",
		"Which board games has Nora played?":       "games",
		"Which city did Theo move to?":             "city",
		"What cooking class did Nora sign up for?": "class",
	}
	for q, want := range cases {
		if got := analyze(q).head; got != want {
			t.Errorf("%q: head %q, want %q", q, got, want)
		}
	}
	if q := analyze("What engine version does the mower run?"); q.typ != TypeNumber {
		t.Errorf("version question: type %v, want %v", q.typ, TypeNumber)
	}
}

// "Which came first, A or B?" reads each option's stated day, also a
// count of units back from its item's date.
func TestReadWhichFirstByStatedDay(t *testing.T) {
	// Both items are dated the same day; the sentences say when.
	ctx := "[2025-06-20 s1-t1] Nora: I finally repaired the greenhouse roof three weeks ago, it leaks no more.\n" +
		"[2025-06-20 s2-t1] Nora: I sowed the pumpkin seeds two weeks ago and they are sprouting.\n" +
		"[2025-06-20 s3-t1] Theo: I visited the cheese market on June 2nd and bought a wheel.\n"
	cases := []readCase{
		{"Which did Nora do first, repairing the greenhouse roof or sowing the pumpkin seeds?", "repairing the greenhouse roof"},
		{"Which did Nora do last, repairing the greenhouse roof or sowing the pumpkin seeds?", "sowing the pumpkin seeds"},
		// 30 May, 6 June, 2 June
		{"Which happened first, the cheese market visit or the pumpkin sowing?", "the cheese market visit"},
		{"How many days passed between the greenhouse roof repair and the cheese market visit?", "three days"},
		// Neither option is in the context: no "yes" for a which-question.
		{"Which did Nora buy first, a kayak or a tent?", Abstain},
	}
	checkReads(t, ctx, cases)
}

func TestStatedDay(t *testing.T) {
	ref := "[2025-06-20 s1-t1] Nora: "
	cases := map[string]string{
		"I repaired it three weeks ago.":          "30 May 2025",
		"I repaired it a couple of months ago.":   "21 April 2025",
		"I repaired it on June 2nd, a Monday.":    "2 June 2025",
		"I repaired it yesterday.":                "19 June 2025",
		"The parts arrived on 1/20 as promised.":  "20 January 2025",
		"The parts arrived on 12/20 as promised.": "20 December 2024",
	}
	for text, want := range cases {
		u := parseLayout(ref + text)
		s := newSentence(u[0].text, &u[0])
		d, ok := statedDay(s)
		if !ok || d.Format("2 January 2006") != want {
			t.Errorf("%q: %v %v, want %s", text, d, ok, want)
		}
	}
}

// A day said relative to the item's date ("last Friday", "two weeks ago")
// is answered with the calendar day, whether the question says "when" or
// "on what date".
func TestReadExactDay(t *testing.T) {
	ctx := "[2025-03-19 s1-t1] Nora: The council approved our allotment two weeks ago.\n" +
		"[2025-02-03 s2-t1] Nora: My neighbour lent me his ladder last Friday.\n"
	cases := []readCase{
		{"On what date did the council approve Nora's allotment?", "5 March 2025"},
		{"What date did Nora's neighbour lend her the ladder?", "31 January 2025"},
		{"When did Nora's neighbour lend her the ladder?", "31 January 2025"},
		{"When did the council approve Nora's allotment?", "5 March 2025"},
	}
	checkReads(t, ctx, cases)
}

// "Who is X's <role>?" is answered with the name set beside the role.
func TestReadRoleHolder(t *testing.T) {
	cases := []struct{ ctx, q, want string }{
		{"[2025-03-19 s1-t1] Nora: I met my landlord, Ivo Marsh, at the bakery. Theo was there too.", "Who is Nora's landlord?", "Ivo Marsh"},
		{"[2025-03-19 s1-t1] Nora: My thesis supervisor is Dr. Lena Brandt and she is strict. Theo agrees.", "Who is Nora's thesis supervisor?", "Dr. Lena Brandt"},
		{"[2025-03-19 s1-t1] Nora: Theo helped me move. Karim Odu, my new flatmate, cooked dinner.", "Who is Nora's flatmate?", "Karim Odu"},
		{"[2025-03-19 s1-t1] Nora: Theo helped me move. Karim is my flatmate now.", "Who is Nora's flatmate?", "Karim"},
	}
	for _, c := range cases {
		if got := Read(c.q, c.ctx, Options{}).Text; got != c.want {
			t.Errorf("%q: got %q, want %q", c.q, got, c.want)
		}
	}
}

// Two events whose best sentence is the same: one keeps it, the other
// takes its own; a name counts where its person speaks.
func TestReadIntervalSharedSentence(t *testing.T) {
	ctx := "[2025-02-10 s1-t1] Ada: I met my coach last Thursday and she set my training plan.\n" +
		"[2025-03-09 s4-t1] Ada: Big news. I met my coach on Wednesday and she moved the race to June.\n"
	// 6 February and 5 March
	q := "How many days passed between Ada's first meeting with her coach and the meeting where the coach moved the race?"
	if got := Read(q, ctx, Options{}).Text; got != "27 days" {
		t.Errorf("got %q, want %q", got, "27 days")
	}
}

// "How long had I been X when Y?": from X's start to Y, in a unit chosen
// by the length.
func TestReadHowLongWhen(t *testing.T) {
	ctx := "[2025-05-24 s1-t1] Ada: I joined a rowing club called Riverside Oars three weeks ago and love it.\n" +
		"[2025-05-24 s2-t1] Ada: I went to a regatta with Riverside Oars last week, so much fun.\n" +
		"[2025-05-27 s3-t1] Ada: I've been taking pottery classes for six weeks now.\n" +
		"[2025-05-27 s4-t1] Ada: I bought my own kiln two weeks ago.\n"
	cases := []readCase{
		{"How long had Ada been a member of Riverside Oars when she went to the regatta?", "two weeks"},
		{"How long had Ada been taking pottery classes when she bought her own kiln?", "four weeks"},
		{"How many weeks had Ada been taking pottery classes when she bought her own kiln?", "four weeks"},
	}
	checkReads(t, ctx, cases)
	if iv, ok := parseInterval("How long did I use my new skates before I fell?"); !ok || !iv.since || iv.events[0] != "use my new skates" || iv.events[1] != "I fell" {
		t.Errorf("how long did … before: %+v %v", iv, ok)
	}
}

// readCase is a question and the answer the reader must give.
type readCase struct{ q, want string }

// checkReads reads every case's question from ctx and checks the answer.
func checkReads(t *testing.T, ctx string, cases []readCase) {
	t.Helper()
	checkReadsWith(t, ctx, Options{}, cases)
}

// checkReadsWith is checkReads with reader options (the asking day).
func checkReadsWith(t *testing.T, ctx string, opts Options, cases []readCase) {
	t.Helper()
	for _, c := range cases {
		if got := Read(c.q, ctx, opts).Text; got != c.want {
			t.Errorf("%q: got %q, want %q", c.q, got, c.want)
		}
	}
}

// ctxCase is a question read from its own context.
type ctxCase struct{ q, ctx, want string }

// checkEach reads every case's question from the case's context (with a
// threshold low enough that no case abstains) and checks the answer.
func checkEach(t *testing.T, cases []ctxCase) {
	t.Helper()
	for _, c := range cases {
		if a := Read(c.q, c.ctx, Options{Threshold: 0.01}); a.Text != c.want {
			t.Errorf("%s: %q, want %q", c.q, a.Text, c.want)
		}
	}
}

// A question in the present or present perfect asks for the state as of
// now; a past one does not.
func TestAnalyzeCurrentByTense(t *testing.T) {
	cases := map[string]bool{
		"How many bikes do I own?":                   true,
		"How many lessons did Nora take?":            true, // a count as of now
		"How many lessons did Nora take at first?":   false,
		"How many lessons did Nora take last month?": false,
		"What does Nora's shop sell?":                true,
		"How many novels have I read so far?":        true,
		"How many novels has Theo written?":          true,
		"How many novels did Theo write last year?":  false,
		"What did you do with the old sofa?":         false,
		"Where does the trail start?":                true,
		"Which bakery did Nora recommend to Theo?":   false,
		"What is Nora's favourite bakery currently?": true,
	}
	for q, want := range cases {
		if got := analyze(q).current; got != want {
			t.Errorf("%q: current %v, want %v", q, got, want)
		}
	}
	// the newest of two supported values
	ctx := "[2025-01-10 s1-t1] Nora: I own two bikes, a road bike and a cargo bike.\n" +
		"[2025-06-02 s5-t1] Nora: With the new gravel bike and the old tandem I own four bikes.\n"
	checkReads(t, ctx, []readCase{{"How many bikes does Nora own?", "four"}})
}

// A "when" question answered by a state's length up to its item's date
// ("for three years now") gets the state's start at the length's
// granularity; a stated year after a preposition is read as it is.
func TestReadStateStart(t *testing.T) {
	ctx := "[2022-05-10 s1-t1] Ines: I've had my two parrots for three years now and they are loud.\n" +
		"[2023-11-20 s2-t1] Ines: I have been learning the cello for about four months and I love it.\n" +
		"[2023-01-15 s3-t1] Ines: This old quilt is special. My grandmother sewed it in 1968 for my mother.\n"
	checkReads(t, ctx, []readCase{
		{"When did Ines get her parrots?", "2019"},
		{"When did Ines start learning the cello?", "July 2023"},
		{"When did Ines's grandmother sew the quilt?", "1968"},
	})
	s := newSentence("We went camping for two weeks.", &unit{date: time.Date(2023, 7, 1, 0, 0, 0, 0, time.UTC)})
	if sp, ok := startSpan(s); ok {
		t.Errorf("a past event's length is not a state's: %+v", sp)
	}
}

// With the asking day known, "how many days (weeks) ago did I X" is the
// distance from X's day to it, and a relative date in the question is a
// period matched against the items' dates.
func TestReadAgoAndRelativeQuestionDates(t *testing.T) {
	ctx := "[2024-04-02 s1-t1] User: I repotted the fern and the cactus this morning.\n" +
		"[2024-04-17 s2-t1] User: I joined a pottery class at the community centre today.\n" +
		"[2024-04-30 s3-t1] User: I joined a book club at the library today.\n"
	now := time.Date(2024, 5, 4, 10, 0, 0, 0, time.UTC)
	checkReadsWith(t, ctx, Options{Now: now}, []readCase{
		{"How many days ago did I repot the fern?", "32 days ago"},
		{"How many weeks ago did I join the pottery class?", "two weeks ago"},
		{"How many days ago did I join the book club?", "four days ago"},
		// counted back from the day of the "when" clause's event
		{"How many days ago did I repot the fern when I joined the pottery class?", "15 days ago"},
		{"What did I join a week ago?", "book club at the library"},
		{"What did I join two weeks ago?", "pottery class at the community centre"},
	})
	// an asking day no item is dated near leaves the question's relative
	// date out of its focus: the read is the one without the asking day
	late := Read("What did I join two weeks ago?", ctx, Options{Now: now.AddDate(1, 0, 0)})
	if plain := Read("What did I join two weeks ago?", ctx, Options{}); late.Text != plain.Text || late.Support != plain.Support {
		t.Errorf("uncovered relative date: got %q (%.2f), want %q (%.2f)", late.Text, late.Support, plain.Text, plain.Support)
	}
	// without the asking day there is no "ago" answer
	if got := Read("How many days ago did I repot the fern?", ctx, Options{}).Text; strings.HasSuffix(got, "ago") {
		t.Errorf("no asking day: got %q", got)
	}
}

// A question asking for a total adds the amounts of its kind the
// supporting sentences state, each sentence's once.
func TestReadTotal(t *testing.T) {
	ctx := "[2024-01-05 s1-t1] User: I paid $1,250 for the new boiler last week.\n" +
		"[2024-02-11 s2-t1] User: The plumber charged $90 for fixing the boiler pipes.\n" +
		"[2024-03-02 s3-t1] User: I ran 12 km this morning.\n"
	checkReads(t, ctx, []readCase{
		{"How much did I spend on the boiler in total?", "$1,340"},
		// one amount is no total: the amount itself, with its unit
		{"How many km did I run in total?", "12 km"},
	})
	for in, want := range map[string]string{"5850": "5,850", "120": "120", "1234567.50": "1,234,567.50"} {
		if got := thousands(in); got != want {
			t.Errorf("thousands(%q) = %q, want %q", in, got, want)
		}
	}
}

// A count question in no stated period reads the latest count told.
func TestReadLatestCount(t *testing.T) {
	ctx := "[2024-01-10 s1-t1] User: I did attend three sessions of the pottery course.\n" +
		"[2024-02-20 s2-t1] User: I have attended five sessions of the course so far.\n"
	checkReads(t, ctx, []readCase{{"How many sessions of the pottery course did I attend?", "five"}})
}

// A question asking by how much one amount exceeds another reads the
// difference of the two best amounts of one kind.
func TestReadDifference(t *testing.T) {
	ctx := "[2024-01-05 s1-t1] User: The coat was listed at $480, but I paid $330 for it in the sale.\n" +
		"[2024-03-02 s2-t1] User: I ran the 10K in 52 minutes, my goal was 55 minutes.\n"
	checkReads(t, ctx, []readCase{
		{"How much did I save on the coat?", "$150"},
		{"How much faster than my goal did I run the 10K?", "3 minutes"},
	})
	if a := analyze("How much did Nora pay for the coat?"); a.difference {
		t.Error("a plain amount question asks for no difference")
	}
}

// The start of a state a sentence tells the length of answers "when did
// … get/start" though the sentence says none of the question's other
// words: it is dated by the whole sentence, as the item's date is, and it
// is the more specific of the two.
func TestReadStateStartWithoutQuestionWords(t *testing.T) {
	ctx := "[2022-01-23 s1-t1] Omar: I've had them for 3 years now and they make me laugh every day!\n"
	checkReads(t, ctx, []readCase{
		{"When did Omar get his two parrots?", "2019"},
	})
}

// A count of days or weeks ahead of the item's date ("two weeks from
// today", "in three days") is answered with the day itself; "in two
// weeks" in the past tense says how long something took.
func TestReadDayAhead(t *testing.T) {
	checkReads(t, "[2023-04-20 a] User: My recital is two weeks from today at the community hall.\n"+
		"[2023-04-20 b] User: The dentist appointment is in three days.\n", []readCase{
		{"When is my recital?", "4 May 2023"},
		{"When is the dentist appointment?", "23 April 2023"},
	})
	if a := Read("When did I finish the online course?", "[2024-03-10 a] User: I finished the online course in three weeks.\n", Options{}); a.Text == "31 March 2024" {
		t.Errorf("a past event's length read as a day ahead: %q", a.Text)
	}
}
