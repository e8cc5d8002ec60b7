package reader

import (
	"testing"
	"time"
)

// An -s word after the wh-phrase's noun is its verb when an object
// follows it, and the last noun of a compound otherwise.
func TestHeadBeforeVerb(t *testing.T) {
	for q, want := range map[string]string{
		"Which song motivates Ines?":               "song",
		"Which song motivates Ines to keep going?": "song",
		"Which app helps her sleep?":               "app",
		"Which bakery chains did Ines compare?":    "chains",
		"What board games does Ines like?":         "games",
		// an auxiliary after it: the wh-phrase is the object
		"What charity events this year did Ines attend?": "events",
		// a later auxiliary of another clause changes nothing
		"Which coach trains Omar, and what does he teach?": "coach",
		// a relative clause on the noun, its subject after it
		"What kind of payment methods you were referring to?": "methods",
		"Which board games Omar likes best?":                  "games",
	} {
		if got := analyzeAt(q, time.Time{}).head; got != want {
			t.Errorf("%q: head %q, want %q", q, got, want)
		}
	}
}

// "remind" is a focus term as the question's own verb ("remind her of"),
// not as the request that frames it ("remind me of").
func TestRemindsOfFocus(t *testing.T) {
	for q, want := range map[string]bool{
		"What does the photo on Ines's desk remind her of?":     true,
		"What was the compass Ines got meant to remind him of?": true,
		"Can you remind me of the bakery you suggested?":        false,
		"Could you remind us about the trail we picked?":        false,
		// a person's reminder is said in other words
		"What did Tomas remind Omar of?":          false,
		"What did her brother remind Omar about?": false,
		"What does it remind Lena of?":            true,
	} {
		got := false
		for _, f := range analyzeAt(q, time.Time{}).focus {
			got = got || f == stem("remind")
		}
		if got != want {
			t.Errorf("%q: remind is a focus term %v, want %v", q, got, want)
		}
	}
}

// "what does X make him (feel)" asks for a quality, said with an
// adjective.
func TestMakeComplement(t *testing.T) {
	for q, want := range map[string]bool{
		"What does knitting make her?":        true,
		"What does knitting make her feel?":   true,
		"What did Ines make her nephew?":      false,
		"What does Ines make for her nephew?": false,
		"What did Ines do to make him smile?": false,
		"What does Omar make them?":           false, // cooks for them
		"What does Lena's brother make her?":  false,
		"What does it make Lena?":             true,
	} {
		if got := analyzeAt(q, time.Time{}).quality; got != want {
			t.Errorf("%q: quality %v, want %v", q, got, want)
		}
	}
	ctx := "[2023-04-09 a] Ines: Knitting makes me so calm, and now I get to teach it to others."
	if a := Read("What does knitting make Ines feel?", ctx, Options{}); a.Text != "calm" {
		t.Errorf("answer %q, want calm", a.Text)
	}
}
