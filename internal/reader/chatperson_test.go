package reader

import (
	"math"
	"testing"
	"time"
)

func TestChatPerson(t *testing.T) {
	chat := [][]*sentence{
		{newSentence("Hi.", &unit{speaker: "User"})},
		{newSentence("Hello.", &unit{speaker: "Assistant"})},
	}
	for _, c := range []struct {
		q    string
		ctx  [][]*sentence
		want string
	}{
		{"Which shoes do I run in?", chat, "user"},
		{"Can you remind me which trail you recommended?", chat, "assistant"}, // the request framing is not the clause
		{"Can you remind me what my gate code is?", chat, "user"},
		{"Which trail did you recommend for my trip?", chat, "" /* both persons */},
		{"Which trail is the longest?", chat, ""},
		{"Which shoes do I run in?", chat[:1], "" /* no assistant side */},
	} {
		if got := chatPerson(analyzeAt(c.q, time.Time{}), c.ctx); got != c.want {
			t.Errorf("chatPerson(%q) = %q, want %q", c.q, got, c.want)
		}
	}
}

// In a chat, "I" in the question is the user: the assistant's statement
// about itself supports a question about the user only half, so the user's
// own older turn answers.
func TestReadChatPerson(t *testing.T) {
	ctx := "[2024-03-01] User: I usually work from Blue Door Cafe.\n[2024-03-02] Assistant: I usually work from Harbor Beans myself."
	a := Read("Which cafe do I usually work from?", ctx, Options{})
	if a.Text != "Blue Door Cafe" || math.Abs(a.Support-1) > 1e-9 {
		t.Errorf("%q support %.3f, want \"Blue Door Cafe\" at 1", a.Text, a.Support)
	}
}
