package dsio

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/memarena/memarena/datasets"
	"github.com/memarena/memarena/scenarios"
)

// Import report counts that Finish and CountText add (only when nonzero).
const (
	CountControl     = "turns with control characters replaced by spaces"
	CountReplacement = "turns holding U+FFFD (invalid UTF-8 in the file, or a replacement character already in the data)"
	CountInvalidUTF8 = "invalid UTF-8 bytes in the file (each read as U+FFFD)"
	// CountGold prefixes the counts of CheckGold findings, one per check:
	// "gold check: answer not in evidence" …
	CountGold = "gold check: "
)

// goldExamples is how many findings of each gold check are listed as
// report issues (the counts cover all of them).
const goldExamples = 3

// Finish cleans and validates an imported scenario (its times must already
// be filled), sets its Hash to the sha256 of its canonical JSON (without
// the path it was read from, see contentHash), and
// counts in rep what it found:
//
//   - control characters in turn text — C0 controls other than tab and
//     newlines, DEL and the C1 range (public dumps hold a few, e.g.
//     U+0002) — become spaces, counted per turn (CountControl);
//   - turns holding U+FFFD, the replacement character a JSON decoder
//     writes for invalid UTF-8, are counted (CountReplacement);
//   - gold that cannot be right (scenarios.CheckGold: answers unsupported
//     by their evidence turns, stale facts never said before, required
//     facts stated too late) is counted per check (CountGold + check) with
//     the first few as issues. The data is what it is: these never fail
//     the import.
//
// A scenario that fails validation is an importer bug or data the importer
// did not expect: the error names the scenario and lists at most five
// problems.
func Finish(s *scenarios.Scenario, rep *datasets.Report) error {
	for si := range s.Sessions {
		for ti := range s.Sessions[si].Turns {
			t := &s.Sessions[si].Turns[ti]
			c := strings.Map(func(r rune) rune {
				if scenarios.IsControl(r) {
					return ' '
				}
				return r
			}, t.Text)
			if c != t.Text {
				t.Text = c
				rep.Counts[CountControl]++
			}
			if strings.ContainsRune(t.Text, '\uFFFD') {
				rep.Counts[CountReplacement]++
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
		return fmt.Errorf("imported scenario %s is invalid (importer bug or unexpected data):\n%w", s.ID, probs)
	}
	for _, g := range scenarios.CheckGold(s) {
		key := CountGold + g.Check
		rep.Counts[key]++
		if rep.Counts[key] <= goldExamples {
			rep.Issues = append(rep.Issues, datasets.Issue{Where: s.Source + " " + g.Field, What: g.Msg})
		}
	}
	h, err := contentHash(s)
	if err != nil {
		return err
	}
	s.Hash = h
	return nil
}

// contentHash is the sha256 (hex) of the canonical JSON of s without the
// places it was read from: Source and Meta["file"] hold the dataset path
// as it was given ("../data/locomo10.json" or "/data/locomo10.json"), and
// one file reached by two paths is one scenario, so that runs of it
// compare (reports.Mismatches) and resume. Everything else, the dataset
// file's own sha256 in Meta among it, is hashed.
func contentHash(s *scenarios.Scenario) (string, error) {
	c := *s
	c.Source = ""
	if _, ok := s.Meta["file"]; ok {
		c.Meta = make(map[string]string, len(s.Meta)-1)
		for k, v := range s.Meta {
			if k != "file" {
				c.Meta[k] = v
			}
		}
	}
	b, err := json.Marshal(&c)
	if err != nil {
		return "", err
	}
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:]), nil
}

// GoldNote explains the gold-check counts in an import report.
const GoldNote = "gold checks (as `memarena validate` runs them; counted, never fatal for a dataset): \"answer not in evidence\" = no gold answer's content words occur in its evidence turns (with speakers, turn dates and resolved relative dates) — often a paraphrase or an inference; \"stale fact never said before\" and \"required fact not stated before its task\" = facts no earlier turn states"

// CountText records what reading the file's text found: invalid UTF-8
// bytes (CountInvalidUTF8) and a skipped byte-order mark (a note).
func CountText(rep *datasets.Report, invalidUTF8 int, bom bool) {
	if invalidUTF8 > 0 {
		rep.Counts[CountInvalidUTF8] += invalidUTF8
	}
	if bom {
		rep.Notes = append(rep.Notes, "the file starts with a UTF-8 byte-order mark (skipped)")
	}
}
