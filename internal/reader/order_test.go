package reader

import (
	"testing"
	"time"
)

func TestOrderQuestions(t *testing.T) {
	now := time.Date(2024, 6, 30, 12, 0, 0, 0, time.UTC)
	events := "[2024-06-02 a] user: I repainted the garden fence this morning, it took hours.\n" +
		"[2024-05-11 b] user: Two weeks ago I adopted a grey kitten from the shelter.\n" +
		"[2024-06-20 c] user: Yesterday I baked sourdough bread for the first time.\n"
	places := "[2024-03-03 a] user: Today I toured the Harbor Aquarium with my nephew; the jellyfish were lovely.\n" +
		"[2024-04-19 b] user: I'm thinking about lunch ideas. I went to the City Aquarium of Marine Life today.\n" +
		"[2024-01-08 c] user: I spent the afternoon at the Coral Reef Aquarium watching the sharks.\n" +
		"[2024-02-01 d] assistant: The Bay Aquarium is worth a visit too.\n"
	people := "[2024-02-10 a] user: My niece Lena finished her nursing degree last week.\n" +
		"[2024-05-22 b] user: My friend Omar finished his law degree today!\n" +
		"[2024-01-15 c] user: My brother Tom finished his engineering degree today.\n"
	trips := "[2024-04-20 a] user: I recently got back from a solo kayak trip and I need new gear. I also got back from a family road trip to Denver today.\n" +
		"[2024-05-15 b] user: I got back from my solo kayak trip today, my arms are sore.\n" +
		"[2024-03-10 c] user: I'm packing for my upcoming trip to Boston.\n"
	for _, c := range []struct{ ctx, q, want string }{
		{trips, "What is the order of the trips I took, from earliest to latest?", "family road trip to Denver, then solo kayak trip"},
		{events, "What is the order of the three events: 'I baked sourdough bread', 'I adopted a kitten' and 'I repainted the fence'?",
			"First, I adopted a kitten, then I repainted the fence, and finally I baked sourdough bread"},
		{events, "Which events happened in the order from first to last: the day I baked sourdough bread, the day I repainted the garden fence, and the day I adopted a kitten?",
			"First, I adopted a kitten, then I repainted the garden fence, and finally I baked sourdough bread"},
		{places, "What is the order of the aquariums I visited, from earliest to latest?",
			"Coral Reef Aquarium, then Harbor Aquarium, then City Aquarium of Marine Life"},
		{places, "What is the order of the aquariums I visited, from latest to earliest?",
			"City Aquarium of Marine Life, then Harbor Aquarium, then Coral Reef Aquarium"},
		{people, "Who finished first, second and third among Lena, Omar and Tom?", "Tom, then Lena, then Omar"},
	} {
		if a := Read(c.q, c.ctx, Options{Now: now}); a.Text != c.want {
			t.Errorf("%s: %q, want %q", c.q, a.Text, c.want)
		}
	}
	o, ok := parseOrder("What is the order of the three trips I took in the past month, from earliest to latest?")
	if !ok || o.kind != "trip" || o.count != 3 || o.latest {
		t.Errorf("parseOrder trips: %+v %v", o, ok)
	}
	if _, ok := parseOrder("What did I order for dinner?"); ok {
		t.Error("parseOrder: a question about ordering food is no order question")
	}
}
