package reader

import "testing"

func TestExclamationIsNotAStatement(t *testing.T) {
	ctx := "[2024-06-02 a] Ravi: Sweet dreams, Mia! Maybe check out a sleep journal; it could help."
	if a := Read("What did Ravi suggest Mia check out for her dreams?", ctx, Options{}); a.Text != "sleep journal" {
		t.Errorf("answer %q, want %q", a.Text, "sleep journal")
	}
	u := &unit{}
	for text, want := range map[string]bool{
		"Sounds lovely!":              true,
		"Sweet dreams, Sam!":          true,
		"Trust me!":                   true,
		"We went hiking in the Alps!": false,
		"Sounds lovely.":              false,
	} {
		if got := exclamation(newSentence(text, u)); got != want {
			t.Errorf("exclamation(%q) = %v, want %v", text, got, want)
		}
	}
}
