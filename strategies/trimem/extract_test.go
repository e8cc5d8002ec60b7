package trimem

import (
	"testing"
)

func TestChangeCue(t *testing.T) {
	cases := map[string]bool{
		"Actually, I prefer aisle seats.":          true,
		"We switched to gin.":                      true,
		"MySQL 8 instead of Postgres 16.":          true,
		"We no longer use Redis.":                  true,
		"The flight was rescheduled.":              true,
		"I prefer aisle seats now.":                true,
		"I prefer aisle seats.":                    false,
		"The team knows Postgres well.":            false,
		"Knowledge is power, nowhere else to go.":  false,
		"Change of plan: the trip starts Tuesday.": true,
	}
	for in, want := range cases {
		if got := ChangeCue(in); got != want {
			t.Errorf("ChangeCue(%q) = %v, want %v", in, got, want)
		}
	}
}

func TestValidTriplet(t *testing.T) {
	text := "We need a hotel. The hotel is in Gion."
	v, ok := validTriplet(Triplet{Subject: " hotel ", Relation: "Located In", Object: "Gion"}, text)
	if !ok || v.Relation != "located_in" || v.Subject != "hotel" || v.Evidence != "The hotel is in Gion." {
		t.Fatalf("got %+v ok=%v", v, ok)
	}
	for _, bad := range []Triplet{
		{Subject: "a", Relation: "likes", Object: "b"},
		{Subject: "", Relation: "prefers", Object: "b"},
		{Subject: "a", Relation: "prefers", Object: "  "},
	} {
		if _, ok := validTriplet(bad, text); ok {
			t.Errorf("validTriplet(%+v) accepted", bad)
		}
	}
}
