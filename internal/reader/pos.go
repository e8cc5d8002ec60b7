package reader

import (
	"strings"
	"sync"

	"github.com/jdkato/prose/tag"
	"github.com/memarena/memarena/internal/nlp"
)

// Part-of-speech tags (Penn Treebank) from prose's averaged-perceptron
// tagger (Collins 2002; the model prose ships, trained on the WSJ
// treebank). The reader uses them only to tell a noun phrase from a lone
// adjective, adverb, verb or interjection when it picks a free-phrase
// answer ("what pet does she have": "guinea pig", not "cute").

var (
	taggerOnce sync.Once
	tagger     *tag.PerceptronTagger
)

// tags returns the Penn Treebank tag of each of s's tokens, computed once
// per sentence. The tagger is safe for concurrent use (Tag only reads the
// model). A sentence whose first word the tagger reads as a proper noun
// by its capital alone ("Super/NNP cozy/NN and comfy") is tagged with that
// word in lower case when the tagger then reads it as another class
// ("super/RB cozy/JJ"); a name lower-cased reads as a common noun and
// keeps the first tagging.
func (s *sentence) tags() []string {
	if s.pos0 == nil {
		s.pos0 = tagWords(s.toks)
		if len(s.toks) > 1 && len(s.pos0) == len(s.toks) && s.pos0[0] == "NNP" && s.toks[0].Text != s.toks[0].Lower {
			toks := append([]nlp.Token(nil), s.toks...)
			toks[0].Text = toks[0].Lower
			if low := tagWords(toks); !strings.HasPrefix(low[0], "NN") {
				s.pos0 = low
			}
		}
	}
	return s.pos0
}

// lowerTag is the tag of token i of s when that token is written in
// lower case (the rest of the sentence as written), computed once per
// token. The perceptron tagger takes a capitalized word for a proper noun
// by its capital alone; a sentence-initial word's capital says nothing.
func (s *sentence) lowerTag(i int) string {
	if tg, ok := s.lowerTags[i]; ok {
		return tg
	}
	toks := append([]nlp.Token(nil), s.toks...)
	toks[i].Text = toks[i].Lower
	tg := tagWords(toks)[i]
	if s.lowerTags == nil {
		s.lowerTags = map[int]string{}
	}
	s.lowerTags[i] = tg
	return tg
}

// nounShare is the fit factor of the phrase [start, end) of s by its part
// of speech: 1 when it holds a noun (common or proper, NN*) or a cardinal
// number (CD), else 0.35: a phrase of only adjectives, adverbs, verbs,
// pronouns or interjections ("great", "really", "love") rarely answers a
// "what" question. The value was read from the calibration harness on
// LoCoMo and LongMemEval (0.1, 0.2 and 0.35 within 0.001 of each other).
func nounShare(s *sentence, start, end int) float64 {
	tg := s.tags()
	for i := start; i < end && i < len(tg); i++ {
		if strings.HasPrefix(tg[i], "NN") || tg[i] == "CD" {
			return 1
		}
	}
	return 0.35
}

// qualityFit is the fit of the phrase [start, end) of s to a question
// asking for a quality or feeling ("how was the trip"): 0.9 when it holds
// an adjective (JJ, JJR, JJS), else 0.3.
func qualityFit(s *sentence, start, end int) float64 {
	tg := s.tags()
	for i := start; i < end && i < len(tg); i++ {
		if strings.HasPrefix(tg[i], "JJ") {
			return 0.9
		}
	}
	return 0.3
}

// tagWords returns the Penn Treebank tag of each token (one per token; "_"
// stands in for an empty token). The tagger is safe for concurrent use
// (Tag only reads the model).
func tagWords(toks []nlp.Token) []string {
	taggerOnce.Do(func() { tagger = tag.NewPerceptronTagger() })
	words := make([]string, len(toks))
	for i, t := range toks {
		words[i] = t.Text
		if words[i] == "" {
			words[i] = "_"
		}
	}
	out := make([]string, len(toks))
	for i, t := range tagger.Tag(words) {
		if i < len(out) {
			out[i] = t.Tag
		}
	}
	return out
}
