package scenarios

import (
	"regexp"
	"testing"
)

// relativeDate matches the relative date phrases built-in scenarios must use.
var relativeDate = regexp.MustCompile(`(?i)\b(yesterday|last (monday|tuesday|wednesday|thursday|friday|saturday|sunday|week|month|weekend)|(two|three|a couple of) (days|weeks|weekends) ago|next (week|month|monday|tuesday|wednesday|thursday|friday|saturday|sunday)|this (morning|weekend)|tomorrow)\b`)

// TestBuiltinRequirements guards what every built-in scenario promises:
// ≥ 6 sessions, ≥ 80 turns, ≥ 30 probes with ≥ 6 of each of the six kinds, a task per
// session, relative dates, and gold annotations of every family.
func TestBuiltinRequirements(t *testing.T) {
	for _, name := range BuiltinNames() {
		s, err := Builtin(name)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		st := s.Stats()
		if st.Sessions < 6 || st.Turns < 80 || st.Probes < 30 {
			t.Errorf("%s: %s; want ≥ 6 sessions, ≥ 80 turns, ≥ 30 probes", name, st.Summary())
		}
		for _, k := range ProbeKinds {
			if st.Kinds[k] < 6 {
				t.Errorf("%s: %d %s probes, want ≥ 6", name, st.Kinds[k], k)
			}
		}
		if st.Tasks != st.Sessions {
			t.Errorf("%s: %d tasks for %d sessions; want one per session", name, st.Tasks, st.Sessions)
		}
		rel, thoughts, triplets, intents, paths := 0, 0, 0, 0, 0
		for _, ss := range s.Sessions {
			for _, tu := range ss.Turns {
				if relativeDate.MatchString(tu.Text) {
					rel++
				}
				if g := tu.Gold; g != nil {
					thoughts += len(g.Thoughts)
					triplets += len(g.Triplets)
					intents += len(g.Intents)
					if g.Path != nil {
						paths++
					}
				}
			}
		}
		if rel < 6 {
			t.Errorf("%s: %d turns with relative dates, want ≥ 6", name, rel)
		}
		if thoughts < 14 || triplets < 25 || intents < 60 || paths < 25 {
			t.Errorf("%s: gold thoughts %d (≥14), triplets %d (≥25), intent tags %d (≥60), path turns %d (≥25)", name, thoughts, triplets, intents, paths)
		}
	}
}
