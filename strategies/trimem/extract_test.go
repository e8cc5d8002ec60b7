package trimem

import (
	"testing"
)

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
