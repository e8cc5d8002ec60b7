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
		"Which hotel chains did Ines compare?":     "chains",
		"What board games does Ines like?":         "games",
	} {
		if got := analyzeAt(q, time.Time{}).head; got != want {
			t.Errorf("%q: head %q, want %q", q, got, want)
		}
	}
}
