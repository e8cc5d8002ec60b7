package reader

import "testing"

func TestDelexicalNounIsNotAnAnswer(t *testing.T) {
	ctx := "[2024-02-11 a] Lena: I bought some stuff for the new puppy: a crate, a leash and chew toys."
	if a := Read("What did Lena buy for the new puppy?", ctx, Options{}); a.Text != "crate, a leash and chew toys" {
		t.Errorf("answer %q, want %q (not the delexical %q)", a.Text, "crate, a leash and chew toys", "stuff")
	}
	for text, want := range map[string]bool{"lots": true, "Way": true, "stuff.": true, "a lot": true, "chess night": false, "bowling": false,
		"a great time": true, "such a nice experience": true, "great news": false, "camping trip": false, "time": false, "a good idea": true} {
		if got := delexical(text); got != want {
			t.Errorf("delexical(%q) = %v, want %v", text, got, want)
		}
	}
}
