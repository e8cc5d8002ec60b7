package reader

import (
	"math"
	"reflect"
	"testing"
)

func TestShortNames(t *testing.T) {
	units := func(speakers ...string) [][]*sentence {
		var out [][]*sentence
		for _, sp := range speakers {
			out = append(out, []*sentence{newSentence("Hi.", &unit{speaker: sp})})
		}
		return out
	}
	for _, c := range []struct {
		names    []string
		speakers []string
		want     map[string][]string
	}{
		{[]string{"mel"}, []string{"Melanie", "Caroline"}, map[string][]string{"melanie": {"mel"}}},
		{[]string{"jo"}, []string{"Joanna Park", "Nate"}, map[string][]string{"joanna": {"jo"}}},
		{[]string{"melanie"}, []string{"Melanie", "Caroline"}, nil},                                                // the full name is the speaker's own
		{[]string{"al"}, []string{"Alice", "Albert"}, nil},                                                         // two speakers begin with it
		{[]string{"m"}, []string{"Melanie"}, nil},                                                                  // one letter is no name
		{[]string{"sam"}, []string{"Sam", "Samantha"}, nil},                                                        // a speaker's own name
		{[]string{"mel", "melly"}, []string{"Mellyssa", "Ben"}, map[string][]string{"mellyssa": {"mel", "melly"}}}, // both kept
		{[]string{"may", "maya"}, []string{"Maya", "Ben"}, nil},                                                    // "in May" is a month
		{[]string{"sun"}, []string{"Sunday Lee", "Ben"}, map[string][]string{"sunday": {"sun"}}},
	} {
		names := map[string]bool{}
		for _, n := range c.names {
			names[n] = true
		}
		if got := shortNames(names, units(c.speakers...)); !reflect.DeepEqual(got, c.want) {
			t.Errorf("shortNames(%v, %v) = %v, want %v", c.names, c.speakers, got, c.want)
		}
	}
}

// A question that calls a speaker by a clipped form of their name reads
// that speaker's turns as about them: "Mel" is Melanie, so her turn holds
// the name and the verb (2 of the 3 focus terms mel, paint, mother; the
// free phrases' threshold is 0.4), and Caroline's turn about herself
// counts half.
func TestReadShortName(t *testing.T) {
	// a third person the context calls by the clipped name is not the
	// speaker: Caroline's dad Art is not Arthur
	other := "[2023-06-01] Arthur: I bought a kayak.\n[2023-06-02] Caroline: My dad Art bought a truck."
	if a := Read("What did Art buy?", other, Options{}); a.Text != "truck" {
		t.Errorf("third person: %q, want \"truck\"", a.Text)
	}
	// one addressed by it is: "Thanks, Mel!"
	addressed := "[2023-06-01] Melanie: I painted a lake sunrise last week.\n[2023-06-02] Caroline: Thanks, Mel! I painted a horse."
	if a := Read("What did Mel paint last week?", addressed, Options{}); a.Text != "lake sunrise" {
		t.Errorf("addressed: %q, want \"lake sunrise\"", a.Text)
	}
	ctx := "[2023-06-01] Caroline: I painted a horse for my mom.\n[2023-06-02] Melanie: I painted a lake sunrise last week."
	a := Read("What did Mel paint for her mother?", ctx, Options{})
	if a.Text != "lake sunrise" || math.Abs(a.Support-2.0/3) > 1e-9 {
		t.Errorf("%q support %.3f, want \"lake sunrise\" at 0.667", a.Text, a.Support)
	}
}
