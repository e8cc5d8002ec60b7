package reader

import (
	"fmt"
	"strings"
	"testing"
)

// A "which/what <noun>" question answered by a span of an entity's form
// (a quoted title, a name, a noun phrase the noun heads) is a typed answer:
// it is read at the entity threshold, far below the free-phrase one; the
// same question answered by a free phrase, or by another person's
// statement about themselves, keeps the free-phrase threshold.
func TestReadEntityAnswers(t *testing.T) {
	const other = "[2024-02-02] Ines: I love quiet mornings.\n[2024-02-03] Tomas: I finally finished “The Glass Orchard” on my flight."
	cases := []struct {
		name, q, ctx, want string
		typ                Type
	}{
		{"quoted title", "Which novel did Ines finish during her long flight home from Lima?",
			"[2024-02-03] Ines: I finally finished “The Glass Orchard” on the plane.", "Glass Orchard", TypeEntity},
		{"name", "What app does Ines use to track her slow evening runs along the old canal path?",
			"[2024-02-03] Ines: I track every run with Stravix now.", "Stravix", TypeEntity},
		{"head noun compound", "What kind of bike did Tomas repair during the long holiday break?",
			"[2024-02-03] Tomas: I spent hours on my old mountain bike.", "old mountain bike", TypeEntity},
		{"head noun with a quality only", "What news did Ines share after the long quarterly budget meeting with her manager?",
			"[2024-02-03] Ines: I shared some great news with the team.", Abstain, TypePhrase},
		{"free phrase", "Which dessert did Ines bake for the big office party after the quarterly review?",
			"[2024-02-03] Ines: I baked something sweet with lemons.", Abstain, TypePhrase},
		{"another person's statement", "Which novel did Ines finish during her long flight home from Lima?",
			other, Abstain, TypePhrase},
	}
	for _, c := range cases {
		a := Read(c.q, c.ctx, Options{})
		if a.Text != c.want || a.Type != c.typ {
			t.Errorf("%s: %q type %s (support %.2f), want %q type %s", c.name, a.Text, a.Type, a.Support, c.want, c.typ)
		}
		if c.want == Abstain {
			// read at the entity threshold whatever the type, it answers:
			// the free-phrase threshold is what abstains
			if lo := Read(c.q, c.ctx, Options{Threshold: Threshold(TypeEntity)}); IsAbstention(lo.Text) {
				t.Errorf("%s: abstains at the entity threshold too (support %.2f)", c.name, lo.Support)
			}
		}
		if c.typ == TypeEntity && !(a.Support >= Threshold(TypeEntity) && a.Support < Threshold(TypePhrase)) {
			t.Errorf("%s: support %.2f is not between the entity and the phrase thresholds", c.name, a.Support)
		}
	}
}

func TestAnalyzeEntityQuestions(t *testing.T) {
	for q, want := range map[string]bool{
		"Which novel did Ines finish?":           true,
		"What kind of bike did Tomas repair?":    true,
		"What is Ines's favourite novel?":        true, // the subject's head
		"What did Ines finish?":                  false,
		"Which city did Ines fly to?":            false, // a place
		"Which novel did Ines finish, A or B?":   false, // a choice
		"What reason did Ines give for leaving?": false,
	} {
		if got := analyze(q).entity; got != want {
			t.Errorf("%q: entity %v, want %v", q, got, want)
		}
	}
}

func TestEntityHeadAndSentenceInitialWords(t *testing.T) {
	if h := analyze("Which movie's theme does Ines hum?").head; h != "movie" {
		t.Errorf("possessive head: %q, want movie", h)
	}
	if h := analyze("Which of Ines's cousins visited?").head; h != "cousins" {
		t.Errorf("which of X's: %q, want cousins", h)
	}
	for text, want := range map[string]bool{
		"Dyed my hair blue last week.":  false, // a verb
		"Loved the concert last night.": false,
		"Honestly it was fine.":         false, // an adverb
		"Stravix tracks my runs.":       true,
		// a common word before a preposition, "to" or a pronoun
		"Way to go, that is huge!":  false,
		"Trust me, it is worth it.": false,
		"Ravel wrote it in 1928.":   true,
		"Mirela and I swam.":        true,
		// a name before a preposition or determiner is common
		"Ilona from the bakery called.": true,
		"Tomas at the desk knows.":      true,
	} {
		s := newSentence(text, &unit{})
		if got := capitalized(s, 0); got != want {
			t.Errorf("%q: capitalized %v, want %v (tags %v)", text, got, want, s.tags())
		}
	}
}

// A list question takes every name of a sentence, not only its best span
// (ordered by score: the name nearer the focus term "cook" first).
func TestReadListOfNamesInOneSentence(t *testing.T) {
	ctx := "[2024-02-03] Ines: Most mornings I put on Haydn and Schubert while I cook."
	if a := Read("Which composers does Ines play while she cooks?", ctx, Options{}); a.Text != "Schubert, Haydn" {
		t.Errorf("%q (support %.2f, type %s), want %q", a.Text, a.Support, a.Type, "Schubert, Haydn")
	}
}

// A head-noun phrase whose modifiers only judge the head ("great news") is
// not what the head is: the clause that tells it is.
func TestEvaluativeHeadPhrase(t *testing.T) {
	ctx := "[2024-03-09 a] Ola: I have some great news to share - I adopted a kitten from the shelter!"
	if a := Read("What exciting news did Ola share?", ctx, Options{}); a.Text != "adopted a kitten from the shelter" {
		t.Errorf("got %q, want %q", a.Text, "adopted a kitten from the shelter")
	}
	ctx = "[2024-03-09 a] Ola: We went to a jazz concert downtown and it was loud."
	if a := Read("What kind of concert did Ola go to?", ctx, Options{}); a.Text != "jazz concert" {
		t.Errorf("got %q, want %q", a.Text, "jazz concert")
	}
}

// A question asking for a quality gets the adjectives said of the thing,
// degree adverbs dropped.
func TestQualityAdjectives(t *testing.T) {
	ctx := "[2024-05-01 a] Ola: We took the ridge trail on Sunday and we saw two eagles. It was a really calm and lovely walk."
	if a := Read("How did Ola describe the walk on the ridge trail?", ctx, Options{}); a.Text != "calm and lovely" {
		t.Errorf("got %q, want %q", a.Text, "calm and lovely")
	}
	got := []string{}
	for _, sp := range adjectiveSpans(newSentence("The soup was so hot, but the bread was stale and dry.", &unit{})) {
		got = append(got, fmt.Sprintf("%s %.1f", sp.text, sp.fit))
	}
	if want := "hot 1.0|stale and dry 1.0"; strings.Join(got, "|") != want {
		t.Errorf("spans %q, want %q", strings.Join(got, "|"), want)
	}
	if a := Read("How was the hike Ola did on Sunday?", "[2024-05-05 a] Ola: The hike on Sunday was super long.", Options{}); a.Text != "long" {
		t.Errorf("got %q, want %q", a.Text, "long")
	}
	// a reply particle, a degree adverb before its adjective and a
	// predeterminer name no quality
	for text, want := range map[string]string{
		"Sure!":               "",
		"It was super quiet.": "quiet 1.0",
		// before an adverb the run reads both; before "and" the
		// adverb is the quality
		"It looked really pretty and bright.":       "pretty and bright 1.0",
		"The cake was super and everyone loved it.": "super 1.0",
		// the word after it is what it qualifies, however tagged
		"Super cozy and comfy.":                   "",
		"Being outdoors is such a great feeling.": "great 0.5",
	} {
		got := []string{}
		for _, sp := range adjectiveSpans(newSentence(text, &unit{})) {
			got = append(got, fmt.Sprintf("%s %.1f", sp.text, sp.fit))
		}
		if strings.Join(got, "|") != want {
			t.Errorf("%q: spans %q, want %q", text, strings.Join(got, "|"), want)
		}
	}
}

// A work's title keeps the small words title case leaves lower-case
// ("Gone with the Wind") and may open with a capitalized function word
// mid-sentence ("She Stoops to Conquer").
func TestReadWorkTitleWithSmallWords(t *testing.T) {
	checkReads(t, "[2024-08-20 a] User: Our community theater is putting on She Stoops to Conquer this fall.\n"+
		"[2024-07-01 b] User: The club switched books, so August is Gone with the Wind instead.\n", []readCase{
		{"What play is the community theater putting on this fall?", "She Stoops to Conquer"},
		{"Which book is the club reading in August?", "Gone with the Wind"},
	})
}
