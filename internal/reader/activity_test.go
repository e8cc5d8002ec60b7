package reader

import (
	"strings"
	"testing"
)

func TestActivitySpans(t *testing.T) {
	u := &unit{}
	for text, want := range map[string]string{
		"I used to go horseback riding with my grandfather.":  "horseback riding",
		"Lately I've been lifting weights at the gym.":        "lifting weights",
		"My brother and I tried snowshoeing last winter.":     "snowshoeing",
		"She wants to play the violin in the school band.":    "play the violin",
		"He took up woodworking after he retired.":            "woodworking",
		"I was running late, so I skipped breakfast.":         "",
		"We were thinking about it all morning.":              "",
		"I'm going to the store.":                             "",
		"It's been a relaxing week and the views were great.": "",
	} {
		s := newSentence(text, u)
		blocked := map[int]bool{}
		for _, d := range dateSpans(s) {
			for i := d.start; i < d.end; i++ {
				blocked[i] = true
			}
		}
		var got []string
		for _, sp := range activitySpans(s, blocked) {
			got = append(got, sp.text)
		}
		if strings.Join(got, "|") != want {
			t.Errorf("%q: activities %q, want %q", text, got, want)
		}
	}
}

func TestActivityQuestion(t *testing.T) {
	ctx := `[2023-03-02 a] Priya: The weekend was lovely, the views from the ridge were stunning.
[2023-03-02 b] Priya: My cousin and I finally tried paragliding on Saturday, it was such a great way to unwind!`
	for _, q := range []string{"What new activity did Priya try with her cousin?", "Which sport did Priya and her cousin try?"} {
		if a := Read(q, ctx, Options{}); a.Text != "paragliding" {
			t.Errorf("%q: %q (support %.2f)", q, a.Text, a.Support)
		}
	}
}

func TestCountWord(t *testing.T) {
	for n, want := range map[int]string{1: "one", 2: "two", 9: "nine", 10: "10", 27: "27", 0: "0"} {
		if got := countWord(n); got != want {
			t.Errorf("countWord(%d) = %q, want %q", n, got, want)
		}
	}
}
