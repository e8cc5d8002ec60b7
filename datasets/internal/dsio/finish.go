package dsio

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/memarena/memarena/scenarios"
)

// Finish cleans and validates an imported scenario (its times must already
// be filled) and sets its Hash to the sha256 of its canonical JSON. Control
// characters in turn text (public dumps hold a few, e.g. U+0002) become
// spaces; Finish returns how many turns it cleaned so the import report can
// count them. A scenario that still fails validation is an importer bug or
// data the importer did not expect: the error names the scenario and lists
// at most five problems.
func Finish(s *scenarios.Scenario) (cleaned int, err error) {
	for si := range s.Sessions {
		for ti := range s.Sessions[si].Turns {
			t := &s.Sessions[si].Turns[ti]
			c := strings.Map(func(r rune) rune {
				if r < 0x20 && r != '\n' && r != '\t' && r != '\r' {
					return ' '
				}
				return r
			}, t.Text)
			if c != t.Text {
				t.Text = c
				cleaned++
			}
		}
	}
	if probs := scenarios.Validate(s); len(probs) > 0 {
		for i := range probs {
			probs[i].File = s.Source
		}
		if len(probs) > 5 {
			probs = probs[:5]
		}
		return cleaned, fmt.Errorf("imported scenario %s is invalid (importer bug or unexpected data):\n%w", s.ID, probs)
	}
	b, err := json.Marshal(s)
	if err != nil {
		return cleaned, err
	}
	h := sha256.Sum256(b)
	s.Hash = hex.EncodeToString(h[:])
	return cleaned, nil
}
