package gaama

import (
	"slices"

	"github.com/memarena/memarena/strategies"
)

// notePerson registers a turn's speaker: a named speaker is an entity of
// type person under their own name (never merged into one "user" node, so
// two people talking stay two people), and user-side speakers are the
// people a first-person question refers to. The assistant's name is an
// alias of "assistant".
func (s *Gaama) notePerson(t strategies.Turn) {
	if s.env.Extraction == strategies.ExtractOracle {
		s.gold.Count(t.Gold, strategies.GoldTriplets)
	}
	switch {
	case t.Role == "assistant" && t.Speaker != "":
		s.res.AddAlias(t.Speaker, "assistant")
	case t.Speaker != "":
		s.persons[Normalize(t.Speaker)] = true
	}
	if t.Role == "user" || t.Role == "" {
		if p := strategies.Person(t); !slices.Contains(s.people, p) {
			s.people = append(s.people, p)
			// A conversation's people are its hubs, as "user" is in a
			// one-user conversation: most facts hang off them, so they
			// are walked from with one hop only and never through.
			if k := s.res.Key(p); k != "" && !s.hubs[k] {
				s.hubs[k] = true
				s.hubList = append(s.hubList, k)
			}
		}
	}
}

// own files a first-person subject or object ("I", "me", the placeholder
// "user") of a user-side turn under the turn's person
// (strategies.Person), so facts two speakers state about themselves land
// on two entities and a knowledge update never crosses people.
func (s *Gaama) own(mention string, t strategies.Turn) string {
	if (t.Role == "user" || t.Role == "") && strategies.IsSelfMention(mention) {
		return strategies.Person(t)
	}
	return mention
}

// selfSeeds are the seeds of a first-person question: every user-side
// person's entity that is in the graph, at userSeedWeight.
func (s *Gaama) selfSeeds() []Seed {
	var out []Seed
	for _, p := range s.people {
		k := s.res.Lookup(p)
		if k == "" && strategies.IsSelfMention(p) {
			k = "user"
		}
		if k != "" && s.graph.Entity(k) != nil {
			out = append(out, Seed{Key: k, Score: userSeedWeight})
		}
	}
	return out
}

// GoldReceived counts the gold annotations received
// (strategies.GoldReporter): gaama reads gold triplets.
func (s *Gaama) GoldReceived() strategies.GoldCount { return s.gold }
