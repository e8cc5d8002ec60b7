package dsio

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"

	"github.com/memarena/memarena/scenarios"
)

// Finish validates an imported scenario (its times must already be filled)
// and sets its Hash to the sha256 of its canonical JSON. A scenario that
// fails validation is an importer bug or data the importer did not expect:
// the error names the scenario and lists at most five problems.
func Finish(s *scenarios.Scenario) error {
	if probs := scenarios.Validate(s); len(probs) > 0 {
		for i := range probs {
			probs[i].File = s.Source
		}
		if len(probs) > 5 {
			probs = probs[:5]
		}
		return fmt.Errorf("imported scenario %s is invalid (importer bug or unexpected data):\n%w", s.ID, probs)
	}
	b, err := json.Marshal(s)
	if err != nil {
		return err
	}
	h := sha256.Sum256(b)
	s.Hash = hex.EncodeToString(h[:])
	return nil
}
