package reader

import (
	"testing"
	"unicode/utf8"
)

// FuzzRead reads arbitrary questions against arbitrary contexts: the reader
// never panics, its support stays in [0, 1], and its answer is valid UTF-8.
// The seeds are question forms each rule reads, against contexts in the
// layouts the strategies render.
func FuzzRead(f *testing.F) {
	ctxs := []string{
		"[2024-05-04 s1-t1] Lena: On my walk I came across this cool old lighthouse - a landmark!\n",
		"[2024-03-01 s1-t2] Ilse: Get a pair of binoculars and join a group. You should also keep a notebook.\n",
		"Facts:\n- (superseded) [2024-01-10] User: I got a loan offer of $12,000.\n1. Posters: $450\n",
		"[2022-01-23 D2:12] Omar: I've had them for 3 years now. My favorite dish is lasagna; haiku is my top pick.\n",
		"- \n: :\n[ ] x -\n",
	}
	qs := []string{
		"What did Lena find on her walk?", "What advice did Ilse give?", "What was the amount of the loan offer?",
		"When did Omar get his parrots?", "What is Omar's favorite dish?", "What color is it?",
		"What did Omar do?", "How many workshops have I attended in total?", "What is his number one goal?",
		"What milestone did she reach -", "?", "",
	}
	for _, c := range ctxs {
		for _, q := range qs {
			f.Add(q, c)
		}
	}
	f.Fuzz(func(t *testing.T, q, ctx string) {
		a := Read(q, ctx, Options{})
		if a.Support < 0 || a.Support > 1.0000001 {
			t.Fatalf("support %v outside [0, 1]", a.Support)
		}
		if !utf8.ValidString(a.Text) && utf8.ValidString(q) && utf8.ValidString(ctx) {
			t.Fatalf("answer %q is not valid UTF-8", a.Text)
		}
	})
}
