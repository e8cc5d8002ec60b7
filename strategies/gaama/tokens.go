package gaama

import (
	"sync"

	"github.com/memarena/memarena/internal/textutil"
)

// stems memoizes textutil.Stem (Porter2 stemming dominated ingest and
// retrieval profiles). The vocabulary of a run is bounded, so the cache is
// too; it is shared by all instances and safe for concurrent use.
var stemCache sync.Map // word → stem

func stem(w string) string {
	if s, ok := stemCache.Load(w); ok {
		return s.(string)
	}
	s := textutil.Stem(w)
	stemCache.Store(w, s)
	return s
}

// contentTokens is textutil.ContentTokens with memoized stemming: the
// stemmed words of text without stopwords, in order.
func contentTokens(text string) []string {
	words := textutil.Words(text)
	out := make([]string, 0, len(words))
	for _, w := range words {
		if !textutil.IsStopword(w) {
			out = append(out, stem(w))
		}
	}
	return out
}

// normTokens is textutil.NormalizeTokens with memoized stemming: the
// stemmed words of text without the articles a, an, the and the word and.
func normTokens(text string) []string {
	words := textutil.Words(text)
	out := make([]string, 0, len(words))
	for _, w := range words {
		switch w {
		case "a", "an", "the", "and":
			continue
		}
		out = append(out, stem(w))
	}
	return out
}
