package offline

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestActSentencesMatchAnalyze checks that the summary's light sentence
// reading gives Analyze's Text, Content, Act and Outcome for any speaker,
// addressee and date: Summarize relies on it.
func TestActSentencesMatchAnalyze(t *testing.T) {
	texts := []string{
		"We decided to move the book club to Thursdays. It worked much better than Monday.",
		"I'll call the landlord tomorrow; if he says no, we look elsewhere.",
		"Lesson learned: never book a flight without checking the baggage fee! My sister paid twice.",
		"Thanks so much, that's great. Could you send me the recipe?",
		"She switched from oat milk to almond milk last week because of the taste.",
		"Tried the new route yesterday and it failed, the bridge was closed.",
		"",
	}
	ref := time.Date(2024, 3, 9, 0, 0, 0, 0, time.UTC)
	for _, text := range texts {
		got := actSentences(text)
		for _, who := range [][2]string{{"", ""}, {"Maya", "Tom"}, {"assistant", "user"}} {
			a := Analyze(text, who[0], who[1], ref)
			if len(a.Sentences) != len(got) {
				t.Fatalf("%q as %v: %d sentences, actSentences %d", text, who, len(a.Sentences), len(got))
			}
			for i, s := range a.Sentences {
				g := got[i]
				if s.Text != g.Text || !slices.Equal(s.Content, g.Content) || s.Act != g.Act || s.Outcome != g.Outcome {
					t.Errorf("%q as %v, sentence %d: Analyze (%q %q %v %q), actSentences (%q %q %v %q)",
						text, who, i, s.Text, s.Content, s.Act, s.Outcome, g.Text, g.Content, g.Act, g.Outcome)
				}
			}
		}
	}
}

// TestHasCueIsPaddedContains: hasCue finds a cue exactly when the padded
// cue occurs in the padded words.
func TestHasCueIsPaddedContains(t *testing.T) {
	vocab := []string{"a", "b", "ab", "ba", "let", "lets", "let me", "me", "go", "ago", "a b", "b a"}
	r := rand.New(rand.NewPCG(5, 6))
	for i := 0; i < 20000; i++ {
		var ws strings.Builder
		ws.WriteByte(' ')
		for n := r.IntN(6); n > 0; n-- {
			ws.WriteString(vocab[r.IntN(len(vocab))])
			ws.WriteByte(' ')
		}
		cues := []string{vocab[r.IntN(len(vocab))], vocab[r.IntN(len(vocab))]}
		want := false
		for _, c := range cues {
			want = want || strings.Contains(ws.String(), " "+c+" ")
		}
		if got := hasCue(ws.String(), cues); got != want {
			t.Fatalf("hasCue(%q, %q) = %v, want %v", ws.String(), cues, got, want)
		}
	}
}

// TestCueIndexIsHasCue checks the one-pass cue index against hasCue for
// every list classify uses, on sentences that hold each cue whole, as part
// of a longer word, cut short, and mixed with the other cues' words.
func TestCueIndexIsHasCue(t *testing.T) {
	lists := [][]string{failureCues, successCues, smallTalkCues, lessonCues, decisionCues, planCues, preferenceCues, hypothesisCues}
	var vocab []string
	for _, l := range lists {
		for _, c := range l {
			if c == "" || strings.TrimSpace(c) != c || strings.Contains(c, "  ") || strings.ToLower(c) != c {
				t.Fatalf("cue %q is not lowercase words joined by single spaces", c)
			}
			vocab = append(vocab, strings.Fields(c)...)
		}
	}
	vocab = append(vocab, "the", "a", "x", "")
	var texts []string
	for _, l := range lists {
		for _, c := range l {
			texts = append(texts, " "+c+" ", " we "+c+" it ", " "+c+"s ", " x"+c+" ", " "+c, c+" ", " "+c[:len(c)-1]+" ")
		}
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		n := 1 + r.IntN(8)
		ws := make([]string, n)
		for i := range ws {
			ws[i] = vocab[r.IntN(len(vocab))]
		}
		texts = append(texts, " "+strings.Join(ws, " ")+" ")
	}
	hits := 0
	for _, ws := range texts {
		got := actCues.match(ws)
		for i, l := range lists {
			want := hasCue(ws, l)
			if (got>>i)&1 == 1 != want {
				t.Fatalf("list %d on %q: index %v, hasCue %v", i, ws, !want, want)
			}
			if want {
				hits++
			}
		}
	}
	if hits < len(texts)/2 {
		t.Fatalf("only %d matches in %d texts: the comparison is too weak", hits, len(texts))
	}
}
