package reader

import (
	"reflect"
	"testing"
)

// arithSides: the two things a difference or total question compares or
// adds, each without the words the other says and without the words of
// the comparison; nil when it names no two.
func TestArithSides(t *testing.T) {
	st := func(ws ...string) []string {
		out := make([]string, len(ws))
		for i, w := range ws {
			out[i] = stem(w)
		}
		return out
	}
	for _, c := range []struct {
		q           string
		diff, total bool
		want        [][]string
	}{
		{"How much more was the pre-approval amount than the final sale price of the house?", true, false,
			[][]string{st("pre-approval"), st("final", "sale", "house")}},
		{"For my daily commute, how much more expensive was the taxi compared to the train fare?", true, false,
			[][]string{st("daily", "commute", "taxi"), st("train", "fare")}},
		{"What is the difference in price between my boots and the pair at the budget store?", true, false,
			[][]string{st("boots"), st("pair", "budget", "store")}},
		{"What is the total amount I spent on gifts for my coworker and brother?", false, true,
			[][]string{st("coworker"), st("brother")}},
		{"What's the total venue hire for the Lowry plus the gala dinner venue?", false, true,
			[][]string{st("hire", "lowry"), st("gala", "dinner")}},
		{"What is the total cost of the bowl, the cup and the collar?", false, true, nil},
		{"How much did I save on the heels?", true, false, nil},
		{"How many more days did Theo stay than Theo planned?", true, false, // "Theo" names neither side
			[][]string{st("day", "stay"), st("planned")}},
	} {
		if got := arithSides(mainQuestion(c.q), c.diff, c.total); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%q: sides %q, want %q", c.q, got, c.want)
		}
	}
}

// A difference or total of two named amounts, each told in its own turn:
// the amounts near each side's words, of one kind, computed.
func TestPairedAmounts(t *testing.T) {
	checkEach(t, []ctxCase{
		{"How much more expensive was the taxi ride compared to the train fare?",
			"[2023-05-26] User: My daily train fare is $6, which is fine.\n[2023-05-27] User: I missed my train by 5 minutes and had to take a taxi, which cost me $12.", "$6"},
		{"How much more was the pre-approval amount than the final sale price of the house?",
			"[2023-05-25] User: I got pre-approved for a mortgage, and the lender said I can borrow up to $350,000.\n[2023-05-26] User: The final sale price of the house was $325,000, a great deal.", "$25,000"},
		{"What is the total amount I spent on gifts for my coworker and brother?",
			"[2023-05-24] User: For my coworker's baby shower I bought baby clothes, totaling $100.\n[2023-05-25] User: I spent a total of $500 on gifts recently. I got my brother a $100 gift card.", "$200"},
		{"What is the total number of episodes I've listened to from Grit and Hustle?",
			"[2023-05-20] User: My commute is 45 minutes each way. I've finished around 15 episodes of Grit so far.\n[2023-05-23] User: I just finished episode 12 of Hustle.", "27"},
		{"How much more is the full unlock than the premium price we first picked?",
			"[2026-04-16] Jonas: Let's go with $2.99 premium.\n[2026-05-01] Jonas: I'm switching to free-to-try, then a one-time $3.99 unlock for the full game.", "$1"},
		{"How much more did the rug cost than the armchair?",
			"[2026-03-01] Dana: The sofa was $1,200, the armchair $450 and the rug $300.", "$150"},
		{"How many more chapters do I have left to read?",
			"[2026-03-01] Omar: The book has 30 chapters.\n[2026-03-05] Omar: I've read 12 chapters, 18 more to go.", "18"},
		{"How much more is a latte than an espresso at Bean There?",
			"[2026-03-01] Dana: At Bean There a latte is $4.75 and an espresso is $3.25; at Daily Grind a latte is $5.", "$1.50"},
		{"How many more chairs did we rent than tables?",
			"[2026-03-01] Dana: We rented 60 chairs and 8 tables, and we still need 10 more napkins.", "52"},
		{"How much more did Lily read than Sam this summer?",
			"[2026-03-01] Dana: Lily read 14 books this summer, 5 more than Sam.", "5"},
		{"At 500 hours, how much lower was the PbI2 index of the sealed devices than the old control batch?",
			"[2026-02-09] Leila: On the old control batch, at 500 hours the PbI2 index averages 0.42.\n[2026-03-23] Leila: The sealed devices: mean PbI2 index 0.07 (sd 0.02).", "0.35"},
	})
}
