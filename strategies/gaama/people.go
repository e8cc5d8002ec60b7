package gaama

import (
	"context"
	"slices"
	"strings"

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
			if k := s.res.Key(p, ""); k != "" && !s.hubs[k] {
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

// goldFacts writes a turn's free-text gold facts (LoCoMo observations)
// into the graph in extraction: oracle mode: each fact is read by the
// strategy's own extract-graph request, run on the fact's text instead of
// the turn's, and its relations are filed with the turn the fact cites as
// provenance (and the fact's sentence as evidence). A model is needed for
// it; without one (oracle mode allows none) the facts are not read.
// Facts read are counted in GoldReceived.
func (s *Gaama) goldFacts(ctx context.Context, t strategies.Turn) error {
	if t.Gold == nil || s.env.Model == nil {
		return nil
	}
	for _, f := range t.Gold.Facts {
		ft := t
		ft.Text, ft.Gold = strings.TrimSpace(f), nil
		if ft.Text == "" {
			continue
		}
		ex, err := s.extract(ctx, ft)
		if err != nil {
			return err
		}
		if err := s.write(ft, ex); err != nil {
			return err
		}
		s.gold[strategies.GoldFacts]++
	}
	return nil
}

// GoldReceived counts the gold annotations received
// (strategies.GoldReporter): gaama reads gold triplets.
func (s *Gaama) GoldReceived() strategies.GoldCount { return s.gold }
