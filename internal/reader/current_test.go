package reader

import (
	"strings"
	"testing"
	"time"
)

func TestNewerValueWithFewerQuestionWords(t *testing.T) {
	ctx := "[2024-03-02 a] user: I've been taking an online Korean grammar course, and I've finished 12 lessons so far.\n" +
		"[2024-03-20 b] user: Update: 18 lessons of the Korean course are finished now, phew."
	q := "How many lessons of my Korean grammar course have I finished so far?"
	if a := Read(q, ctx, Options{}); a.Text != "18" {
		t.Errorf("answer %q, want %q (the newer value)", a.Text, "18")
	}
	// An event's date is not a changing value: the newer event is not
	// preferred for it.
	for _, c := range []struct {
		q    string
		want bool
	}{
		{"How many lessons have I finished?", true},
		{"What time do I usually wake up?", true},
		{"When did I start the course?", false},
		{"What do I like about the course?", false},
	} {
		if got := valueAsked(analyze(c.q)); got != c.want {
			t.Errorf("valueAsked(%q) = %v, want %v", c.q, got, c.want)
		}
	}
}

// An amount asked in no period is the latest one told, in the past tense
// too: a later statement updates an earlier one. A question that looks
// back keeps the earlier amount.
func TestReadLatestAmountInPastTense(t *testing.T) {
	ctx := "[2024-01-10 s1-t1] User: I got a loan offer of $12,000 from Northfield Bank for the boat.\n" +
		"[2024-03-02 s2-t1] User: Remember when Northfield Bank offered me $15,000 in the end?\n"
	checkReads(t, ctx, []readCase{
		{"What was the amount of the loan offer I got from Northfield Bank?", "$15,000"},
		{"What was the first loan offer I got from Northfield Bank?", "$12,000"},
	})
}

// A time of day or a record time asked in the past tense is the latest
// one told too.
func TestReadLatestTimeInPastTense(t *testing.T) {
	ctx := "[2024-05-02 s1-t1] User: I set a personal best in the harbour 10K swim with a time of 41:20.\n" +
		"[2024-06-20 s2-t1] User: By the way, I'm hoping to beat my personal best time of 39:55 at the harbour swim.\n"
	checkReads(t, ctx, []readCase{
		{"What was my personal best time in the harbour 10K swim?", "39:55"},
	})
}

// "Most recently" asks for the current value as "most recent" does.
func TestMostRecentlyIsCurrent(t *testing.T) {
	for q, want := range map[string]bool{
		"Which lens did I buy most recently?":  true,
		"What is my most recent lens?":         true,
		"Which lens did I buy in March 2021?":  false,
		"Why did I buy the lens last weekend?": false,
	} {
		if got := analyze(q).current; got != want {
			t.Errorf("analyze(%q).current = %v, want %v", q, got, want)
		}
	}
}

// "Which <noun> do we use" asked now: a newer name replaces an older one
// though it repeats fewer of the question's words, and the new value of
// "from X to Y" is no place.
func TestReadNewerName(t *testing.T) {
	ctx := "[2024-01-10 s1-t1] Pia: I'm using Darktable for my photos.\n" +
		"[2024-04-02 s4-t1] Pia: Last week I moved all my photos from Darktable to Lumera.\n"
	checkReads(t, ctx, []readCase{{"Which editor does Pia use for her photos?", "Lumera"}})
	q := analyzeAt("Which editor does Pia use for her photos?", time.Time{})
	s := newSentence("Last week I moved all my photos from Darktable to Lumera.", &unit{})
	for _, sp := range nameSpans(q, s) {
		if sp.locative {
			t.Errorf("%q read as a place", sp.text)
		}
	}
}

// A ranked or summed time ("my best time", "the total time") is an amount
// of time, not a time of day: it is answered with a length, never with a
// clock time the context also states.
func TestRankedTimeIsAnAmount(t *testing.T) {
	for q, want := range map[string]Type{
		"What was my personal best time in the relay?": TypeDuration,
		"What is the total time of my commute?":        TypeDuration,
		"What time does the relay start?":              TypeDate,
	} {
		if got := analyzeAt(q, time.Time{}).typ; got != want {
			t.Errorf("%q: type %s, want %s", q, got, want)
		}
	}
	ctx := "[2024-05-02 s1-t1] User: The relay started at 9 am and my leg took 14 minutes and 20 seconds, my best time so far.\n"
	checkReads(t, ctx, []readCase{{"What was my best time in the relay?", "14 minutes and 20 seconds"}})
}

// A later telling of the current value is read even when an earlier,
// longer turn holds more of the question's words in more sentences than
// the answer pool takes (knowledge update).
func TestReadLaterTellingBeyondPool(t *testing.T) {
	ctx := "[2024-02-03 s1-t1] User: I need advice on my camping tent before a spring hiking trip. " +
		"My old dome tent leaks at the seams when it rains. " +
		"I bought that dome tent for hiking trips years ago. " +
		"The tent stakes bend easily in hard ground. " +
		"Is a tent footprint worth buying for hiking? " +
		"The tent's rainfly is faded too. " +
		"Should I buy seam sealer for the tent? " +
		"My hiking partner says the tent is too heavy. " +
		"The tent poles are aluminum. " +
		"I store the tent in a stuff sack.\n" +
		"[2024-04-20 s2-t1] User: By the way, I just bought a new Hornet 2P tent, and it has been great on the trail.\n"
	checkReads(t, ctx, []readCase{
		{"What type of tent did I buy for hiking most recently?", "Hornet 2P"},
	})
}

// A later item that tells a change ("we cut the list down to 85",
// "switched Biscuit to", "have become my favorite") gives the current
// value, though it repeats fewer of the question's words; a later item
// that tells no change does not replace a state asked in the present.
// "Original" and "before the increase" ask for the earlier value.
func TestReadChangedValue(t *testing.T) {
	checkReads(t, "[2023-07-20 a] User: We're planning for about 120 guests.\n"+
		"[2023-09-10 b] User: We cut the guest list down to 85.\n", []readCase{
		{"How many guests are we planning for?", "85"},
	})
	checkReads(t, "[2023-06-14 a] User: Pepper eats Acana Classics.\n"+
		"[2023-07-30 b] User: We switched Pepper to Orijen Six Fish because of her allergies.\n", []readCase{
		{"What food does Pepper eat now?", "Orijen Six Fish"},
		{"What food did Pepper eat before the switch?", "Acana Classics"},
	})
	checkReads(t, "[2023-04-01 a] User: My favorite flowers are peonies.\n"+
		"[2023-08-01 b] User: Honestly zinnias have become my favorite, they bloom all summer.\n", []readCase{
		{"What is my favorite flower?", "zinnias"},
	})
	checkReads(t, "[2023-04-01 a] User: My favorite flowers are peonies.\n"+
		"[2023-08-01 b] User: I planted zinnias by the fence, my favorite spot in the yard.\n", []readCase{
		{"What is my favorite flower?", "peonies"},
	})
	checkReads(t, "[2023-03-01 a] User: Our budget for the bathroom remodel is $18,000.\n"+
		"[2023-04-12 b] User: Actually, we moved the bathroom budget up to $21,500 after the plumbing surprise.\n", []readCase{
		{"What was our original bathroom budget?", "$18,000"},
		{"What is our bathroom budget?", "$21,500"},
	})
}

// What something changed to ("I've moved to Scrivener, …") answers a
// question about the current value, however few of its words stand by
// it; the target ends at a comma.
func TestReadChangeTarget(t *testing.T) {
	ctx := "[2024-03-01 a] User: I write everything in Google Docs, it's free and does the job.\n" +
		"[2024-07-22 b] User: I've moved to Scrivener for writing, I like its corkboard view.\n"
	checkReads(t, ctx, []readCase{{"What writing software do I use now?", "Scrivener for writing"}})
	s := newSentence("We switched over to the metal needles, the bamboo ones were slow.", &unit{})
	if got := changeTargets(s, 10); len(got) != 1 || got[0].text != "metal needles" {
		t.Errorf("changeTargets = %+v, want one: metal needles", got)
	}
	// a verb of changing an amount names a new value only when its
	// target is an amount
	for _, in := range []string{"I raised the billing complaint to the regional manager.", "The movers lowered the piano to the street with ropes.", "Tom hiked up to Table Rock last weekend."} {
		if got := changeTargets(newSentence(in, &unit{}), 10); len(got) != 0 {
			t.Errorf("changeTargets(%q) = %+v, want none", in, got)
		}
	}
	// verbs of changing an amount; an old value after "from"
	for in, want := range map[string]string{
		"The vet bumped the insulin up to 6 units a day.":                     "6 units a day",
		"She raised the rent to $1,450 starting in June.":                     "$1,450 starting in June",
		"I increased the monthly transfer from two hundred to three hundred.": "three hundred",
		"We cut the guest list down to 85.":                                   "85",
	} {
		if got := changeTargets(newSentence(in, &unit{}), 10); len(got) != 1 || got[0].text != want {
			t.Errorf("changeTargets(%q) = %+v, want one: %q", in, got, want)
		}
	}
	// "what is X charging": a price
	checkReads(t, "[2025-05-02 a] User: The dog walker charges $18 a walk and comes at noon on weekdays.\n", []readCase{
		{"What is the dog walker charging?", "$18"},
	})
	for q, want := range map[string]Type{"What is the dog walker charging?": TypeNumber, "What will the permit cost?": TypeNumber, "What charges did he face?": TypePhrase,
		"What was Kyle charged with?": TypePhrase, "What did the delay cost us?": TypePhrase, "What is costing us the most each month?": TypePhrase,
		"What port is the laptop charging through?": TypePhrase, "What is Dad going for at the clinic?": TypePhrase, "What did we do about the double charge?": TypePhrase, "What is the Tesla charging at?": TypePhrase, "What deadline did I miss?": TypePhrase,
		"What does the upgrade cost now?": TypeNumber, "What are the lemons selling for these days?": TypeNumber,
		"What's the lead time on the sofa?": TypeDuration, "What's the wait time at the clinic?": TypeDuration} {
		if got := analyze(q).typ; got != want {
			t.Errorf("%q: type %s, want %s", q, got, want)
		}
	}
	// a dose, a rent: amounts
	checkReads(t, "[2024-02-01 a] User: The vet put Miso on 4 units of insulin twice a day.\n"+
		"[2024-03-05 b] User: At the recheck the vet bumped the insulin up to 6 units twice a day.\n", []readCase{
		{"What insulin dose is Miso on now?", "6 units"},
	})
}

// A later item with a word of change about something else does not
// replace the value asked for: a new waiter at the favourite restaurant,
// a switch to free weights at the gym, the radio switched on.
func TestReadUnchangedValue(t *testing.T) {
	for _, c := range []struct{ q, first, later, want string }{
		{"What is my favorite restaurant?", "My favorite restaurant is Lupa on Thompson Street.", "We had a new waiter at my favorite restaurant last night, his name was Carlos.", "Lupa"},
		{"What gym do I go to now?", "I go to Planet Fitness on Fifth Avenue.", "At the gym I switched to free weights instead of the machines.", "Planet Fitness"},
		{"What do I drink in the morning now?", "I drink black coffee in the morning.", "I switched on the radio to catch the news in the morning.", "black coffee"},
		{"What is my dog's name?", "My dog's name is Biscuit.", "We switched my dog to a new food called Orijen.", "Biscuit"},
	} {
		ctx := "[2024-01-10 a] User: " + c.first + "\n[2024-03-02 b] User: " + c.later + "\n"
		if got := Read(c.q, ctx, Options{Threshold: 0.01}).Text; !strings.HasPrefix(got, c.want) {
			t.Errorf("%s: %q, want %q", c.q, got, c.want)
		}
	}
}
