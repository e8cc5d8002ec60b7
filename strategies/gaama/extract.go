package gaama

import (
	"strings"

	"github.com/memarena/memarena/internal/model"
	"github.com/memarena/memarena/internal/textutil"
	"github.com/memarena/memarena/scenarios"
)

// Extraction is the reply of an extract-graph request (model.GraphExtraction).
type Extraction = model.GraphExtraction

// ExtractedEntity is an entity of an Extraction.
type ExtractedEntity = model.ExtractedEntity

// ExtractedRelation is a relation of an Extraction.
type ExtractedRelation = model.ExtractedRelation

// FromGold converts a turn's gold triplets (extraction: oracle) into an
// Extraction: relations verbatim, entity types by TypeOf, and as evidence
// the sentence of text that shares the most words with the triplet (see
// BestSentence).
func FromGold(g *scenarios.Gold, text string) Extraction {
	var out Extraction
	if g == nil {
		return out
	}
	seen := map[string]bool{}
	idx := newSentenceIndex(text)
	for _, t := range g.Triplets {
		out.Relations = append(out.Relations, ExtractedRelation{
			Subject: t.Subject, Relation: t.Relation, Object: t.Object, Condition: t.Condition,
			Evidence: idx.best(t.Object + " " + t.Object + " " + t.Subject),
		})
		for _, n := range []string{t.Subject, t.Object} {
			if !seen[n] {
				seen[n] = true
				out.Entities = append(out.Entities, ExtractedEntity{Name: n, Type: TypeOf(n, Normalize(n), nil)})
			}
		}
	}
	return out
}

// abbreviations end a word without ending a sentence ("Prof. Rossi").
var abbreviations = setOf("prof.", "dr.", "mr.", "mrs.", "ms.", "st.", "e.g.", "i.e.", "vs.", "al.", "approx.", "etc.", "no.", "fig.", "mt.", "jr.", "sr.")

// sentences is textutil.Sentences with fragments that end in a title or an
// abbreviation ("… met Prof." + "Rossi …") joined back to the next one.
func sentences(text string) []string {
	var out []string
	for _, s := range textutil.Sentences(text) {
		if n := len(out); n > 0 {
			f := strings.Fields(out[n-1])
			if abbreviations[strings.ToLower(f[len(f)-1])] {
				out[n-1] += " " + s
				continue
			}
		}
		out = append(out, s)
	}
	return out
}

// BestSentence returns the sentence of text with the most content tokens in
// common with probe (counting repeats in probe, so repeating a word weighs
// it), the first on ties; text itself when it has one sentence or none
// matches.
func BestSentence(text, probe string) string {
	return newSentenceIndex(text).best(probe)
}

// sentenceIndex holds a text's sentences with their content-token sets.
type sentenceIndex struct {
	text  string
	sents []string
	sets  []map[string]bool
}

func newSentenceIndex(text string) *sentenceIndex {
	x := &sentenceIndex{text: strings.TrimSpace(text), sents: sentences(text)}
	if len(x.sents) > 1 {
		for _, s := range x.sents {
			x.sets = append(x.sets, textutil.TokenSet(textutil.ContentTokens(s)))
		}
	}
	return x
}

func (x *sentenceIndex) best(probe string) string {
	if len(x.sents) <= 1 {
		return x.text
	}
	want := textutil.ContentTokens(probe)
	best, bestN := x.text, 0
	for i, set := range x.sets {
		n := 0
		for _, w := range want {
			if set[w] {
				n++
			}
		}
		if n > bestN {
			best, bestN = x.sents[i], n
		}
	}
	return best
}

// setOf returns the set of ws.
func setOf(ws ...string) map[string]bool {
	m := make(map[string]bool, len(ws))
	for _, w := range ws {
		m[w] = true
	}
	return m
}
