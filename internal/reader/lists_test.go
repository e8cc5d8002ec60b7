package reader

import (
	"strings"
	"testing"
)

func TestParsePosition(t *testing.T) {
	cases := []struct {
		q     string
		pos   int
		after string
		ok    bool
	}{
		{"What is the first step of the packing routine?", 1, "", true},
		{"Can you remind me what was the 4th tip in the list you gave me?", 4, "", true},
		{"What was the last shop you suggested?", -1, "", true},
		{"Which step comes right after weighing the flour?", 0, "weighing the flour", true},
		{"In the routine, what step follows the knee stretch?", 0, "the knee stretch", true},
		{"What is step 3 of the routine?", 3, "", true},
		{"When was the first time Nora went sailing?", 0, "", false},
		{"What did Nora buy first?", 0, "", false},
	}
	for _, c := range cases {
		pos, after, ok := parsePosition(c.q)
		if pos != c.pos || after != c.after || ok != c.ok {
			t.Errorf("%q: got %d %q %v, want %d %q %v", c.q, pos, after, ok, c.pos, c.after, c.ok)
		}
	}
}

func TestReadPosition(t *testing.T) {
	// A numbered list over lines of one turn, another inline in a turn,
	// and a strategy's numbered rendering of separate memory items (not a
	// list a turn states).
	ctx := "[2025-05-02 s1-t4] Assistant: Here is the bread routine we agreed on.\n" +
		"1. Weigh the flour and the water\n" +
		"2. Mix and rest for **thirty minutes**\n" +
		"3. Fold the dough: four times, every half hour\n" +
		"4. Shape the loaf\n" +
		"[2025-05-03 s2-t2] Nora: My packing routine for hikes: 1) check the forecast, 2) fill the water bottles, 3) pack the first aid kit.\n"
	cases := []readCase{
		{"What is the first step of the bread routine?", "Weigh the flour and the water"},
		{"What is the third step of the bread routine?", "Fold the dough"},
		{"What is the last step of the bread routine?", "Shape the loaf"},
		{"In the bread routine, which step comes right after mixing and resting?", "Fold the dough"},
		{"What is the second step of Nora's packing routine for hikes?", "fill the water bottles"},
		{"In Nora's packing routine, what step follows checking the forecast?", "fill the water bottles"},
	}
	checkReads(t, ctx, cases)
	// beyond the list: no position answer
	units := parseLayout(ctx)
	var sents []*sentence
	byUnit := make([][]*sentence, len(units))
	for i := range units {
		for _, st := range splitSentences(units[i].text) {
			s := newSentence(st, &units[i])
			sents = append(sents, s)
			byUnit[i] = append(byUnit[i], s)
		}
		units[i].sents = byUnit[i]
	}
	q := analyze("What is the ninth step of the bread routine?")
	if got, _, _ := readPosition(q, newScorer(q, sents, byUnit), units, 0.1); got != "" {
		t.Errorf("ninth of four: %q", got)
	}
	// numbered lines of separate memory items are not a list a turn
	// states
	items := parseLayout("[2025-05-02 s1-t1] Nora: 1. I like rye.\n[2025-05-03 s1-t2] Theo: 2. I like spelt.\n")
	if ls := lists(items); len(ls) != 0 {
		t.Errorf("memory items read as a list: %v", ls)
	}
}

// "Step 1: … Step 2: …" in one turn, and steps told one per turn.
func TestReadStepLists(t *testing.T) {
	ctx := "[2025-05-02 s1-t4] Assistant: Here is a glazing routine to reuse. Step 1: sand the rim (a fine grit works best). Step 2: wipe off the dust. Step 3: dip the pot twice.\n" +
		"[2025-05-09 s2-t3] Assistant: Step 2: I sorted the seedlings by height.\n" +
		"[2025-05-09 s2-t1] Assistant: Step 1: I watered the tray of seedlings.\n" +
		"[2025-05-09 s2-t5] Assistant: Step 3: I moved the seedlings to the cold frame.\n"
	cases := []readCase{
		{"What is the first step of the glazing routine?", "sand the rim"},
		{"In the glazing routine, what step comes after wiping off the dust?", "dip the pot twice"},
		{"With the seedlings, what step followed the sorting by height?", "I moved the seedlings to the cold frame"},
	}
	checkReads(t, ctx, cases)
}

func TestStepsQuestion(t *testing.T) {
	cases := []struct {
		q    string
		want bool
	}{
		{"How did we set up the fish tank last time?", false},
		{"What steps did we follow when the basement flooded?", true},
		{"What's the process for returning a rental car?", true},
		{"What was our playbook for the landlord meeting?", true},
		{"What did we do about the mould in the bathroom?", true},
		{"What did I do this spring when the lawn went yellow?", true},
		{"What did we do to get ready for the audit?", false},
		{"What did we do last time the basement flooded?", true},
		{"What did I do with the spare key?", false},
		{"What do I do for a living?", false},
		{"What procedure is Dad having on Thursday?", false},
		{"Which steps did I skip?", false},
		{"What fixed the squeak last time?", false},
		{"The hedge needs trimming — what did I do about it last year?", true},
		{"How was the concert?", false},
		{"How did she feel about the move?", false},
		{"What did we do on Saturday?", false},
		{"What is the second step of the routine?", false},
		{"How many steps are there?", false},
	}
	for _, c := range cases {
		if got := analyze(c.q).steps; got != c.want {
			t.Errorf("%q: steps %v, want %v", c.q, got, c.want)
		}
	}
}

func TestStepHead(t *testing.T) {
	cases := []struct{ in, want string }{
		{"Send both landlords the same list so they price the same repairs.", "Send both landlords the same list"},
		{"**Rinse the gravel**: until the water runs clear", "Rinse the gravel"},
		{"put the plants outside in a sheltered spot and bring them in at night", "put the plants outside in a sheltered spot"},
		{"Ask the landlord to write each one up, then sign it", "Ask the landlord to write each one up"},
		{"call the insurer because the claim window is short", "call the insurer"},
		{"export the photos as JPEG files", "export the photos as JPEG files"},
	}
	for _, c := range cases {
		if got := stepHead(c.in); got != c.want {
			t.Errorf("stepHead(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestReadSteps: a question that asks for a procedure is answered by the
// steps of the list the context states for it, in order; a position
// question still gets one step, and a context without a list is read as
// before.
func TestReadSteps(t *testing.T) {
	ctx := "[2025-03-01 s1-t3] Assistant: Here's the setup for the tank: 1) rinse the gravel until the water runs clear; 2) fill the tank halfway with dechlorinated water; 3) plant the ferns before adding the rest of the water, so the roots settle; 4) run the filter for a week before adding fish.\n" +
		"[2025-03-01 s1-t4] Ines: Great, I'll start tonight.\n" +
		"[2025-04-11 s2-t2] Assistant: For the mould:\n" +
		"1. Open the window after every shower\n" +
		"2. Scrub the grout with diluted bleach, wearing gloves\n" +
		"3. Run the extractor fan for twenty minutes\n"
	checkReads(t, ctx, []readCase{
		{"What steps did we follow to set up the fish tank last time?", "rinse the gravel until the water runs clear, fill the tank halfway with dechlorinated water, plant the ferns before adding the rest of the water, run the filter for a week before adding fish"},
		{"What did we do about the mould in the bathroom?", "Open the window after every shower, Scrub the grout with diluted bleach, Run the extractor fan for twenty minutes"},
		{"What was the second step for the mould?", "Scrub the grout with diluted bleach, wearing gloves"},
	})
	checkReads(t, "[2025-03-01 s1-t3] Ines: I fixed the squeak by oiling the hinge.", []readCase{
		{"How did Ines fix the squeak?", "by oiling the hinge"},
	})
	// "how" asks for a manner or means: the list is not read as steps
	if got := Read("How did we set up the fish tank last time?", ctx, Options{}).Text; strings.Contains(got, "rinse the gravel until the water runs clear, fill") {
		t.Errorf("a how question got the steps: %q", got)
	}
}

// TestAnnouncedSeries: a series of actions a colon announces after a noun
// that names a procedure is a list of steps, its items cut before a
// relative clause; a colon after another noun announces no steps.
func TestAnnouncedSeries(t *testing.T) {
	u := parseLayout("[2025-02-10 s1-t9] Assistant: Good. So the sequence was: reset the router, update the firmware, then call the provider, who found a faulty line.")[0]
	var got []string
	for _, it := range announcedSeries(&u) {
		got = append(got, it.text)
	}
	if want := []string{"reset the router", "update the firmware", "call the provider"}; strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("announcedSeries = %q, want %q", got, want)
	}
	u = parseLayout("[2025-02-10 s1-t9] Assistant: Three colours work here: sage, cream, and slate.")[0]
	if got := announcedSeries(&u); got != nil {
		t.Errorf("announcedSeries = %+v, want none", got)
	}
	// a series of qualities after a step noun is no list of steps
	checkReads(t, "[2025-02-10 s1-t9] User: Last time the process was: slow, expensive, and confusing.\n", []readCase{
		{"What's the process for renewing my passport?", "not mentioned"},
	})
	// the context's only list answers a steps question only when it
	// or its introduction holds a term of the question; a sentence
	// elsewhere that holds more tells what was done
	checkReads(t, "[2025-03-01 s1-t3] User: Yeah, we left a polite note for the noisy neighbours and they turned it down.\n"+
		"[2025-03-05 s2-t2] Assistant: Sure: 1) mash three ripe bananas, 2) whisk in the melted butter, 3) bake at 175C for an hour.\n", []readCase{
		{"What did we do about the noisy neighbours?", "left a polite note"},
	})
	// a list of things is no procedure, whatever the context's only list
	checkReads(t, "[2025-03-01 s1-t2] Assistant: Your grocery list: 1) oat milk, 2) eggs, 3) spinach, 4) coffee filters.\n", []readCase{
		{"What did we do about the termites?", "not mentioned"},
	})
	checkReads(t, "[2025-02-10 s1-t9] Assistant: Good. So the wifi sequence was: reset the router, update the firmware, then call the provider, who found a faulty line.\n", []readCase{
		{"The wifi dropped again. What's our checklist for this?", "reset the router, update the firmware, call the provider"},
		{"What do we do whenever the wifi drops?", "reset the router, update the firmware, call the provider"},
	})
}
