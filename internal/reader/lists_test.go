package reader

import "testing"

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
