package textutil

// stopwords is a fixed English stopword list (function words and chat
// fillers). It is data, kept in one place so that every lexical component
// (reader, embedder, keyword extraction) agrees on it.
var stopwords = func() map[string]bool {
	words := []string{
		"a", "about", "above", "after", "again", "against", "all", "am", "an", "and", "any", "are", "as", "at",
		"be", "because", "been", "before", "being", "below", "between", "both", "but", "by",
		"can", "could", "did", "do", "does", "doing", "down", "during", "each", "few", "for", "from", "further",
		"had", "has", "have", "having", "he", "her", "here", "hers", "herself", "him", "himself", "his", "how",
		"i", "if", "in", "into", "is", "it", "its", "itself", "just", "me", "more", "most", "my", "myself",
		"no", "nor", "not", "now", "of", "off", "on", "once", "only", "or", "other", "our", "ours", "ourselves",
		"out", "over", "own", "same", "she", "should", "so", "some", "such", "than", "that", "the", "their",
		"theirs", "them", "themselves", "then", "there", "these", "they", "this", "those", "through", "to", "too",
		"under", "until", "up", "very", "was", "we", "were", "what", "when", "where", "which", "while", "who",
		"whom", "why", "will", "with", "would", "you", "your", "yours", "yourself", "yourselves",
		"im", "ive", "id", "ill", "youre", "youve", "dont", "didnt", "doesnt", "isnt", "wasnt", "arent", "cant",
		"wont", "its", "thats", "lets", "also", "yes", "yeah", "ok", "okay", "oh", "hi", "hey", "hello", "thanks",
		"thank", "please", "sure", "well", "really", "got", "get", "s", "t", "d", "ll", "m", "re", "ve",
		"us", "did", "does", "tell", "know", "think", "like", "one", "much", "many", "ever", "still", "yet",
	}
	m := make(map[string]bool, len(words))
	for _, w := range words {
		m[w] = true
	}
	return m
}()

// IsStopword reports whether the lowercase, unstemmed word w is a stopword.
func IsStopword(w string) bool { return stopwords[w] }
