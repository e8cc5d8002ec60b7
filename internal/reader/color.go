package reader

// Colour questions. A what/which question whose head noun is a colour
// ("what color did she paint the door", "which colours") asks for a colour
// term, and English has a small closed class of them: the basic colour
// terms (Berlin and Kay 1969, "Basic Color Terms") and common non-basic
// ones, with modifiers of lightness ("light blue", "dark green") and
// "shade of" ("a lighter shade of gray"). The sentence that names the
// colour usually also says what has it and how the speaker likes it,
// which the nearness of the question's words alone cannot tell apart.

// colorNouns are head nouns that ask for a colour.
var colorNouns = wordSet(`color colors colour colours shade shades hue hues`)

// colorTerms are English colour terms: the eleven basic ones and common
// non-basic ones.
var colorTerms = wordSet(`black white red green yellow blue brown purple pink orange gray grey violet indigo
	turquoise teal navy maroon beige gold golden silver cream ivory lavender magenta crimson scarlet tan olive
	lime aqua cyan burgundy coral peach mint emerald charcoal sage mauve plum rust bronze copper khaki taupe mustard
	ochre slate periwinkle fuchsia salmon lilac amber aquamarine chartreuse cerulean cobalt sapphire ruby jade
	terracotta rose blush champagne sand seafoam forest olive wine metallic`)

// colorModifiers qualify a colour term's lightness or saturation.
var colorModifiers = wordSet(`light lighter dark darker bright brighter pale paler deep deeper pastel neon soft
	vivid dull`)

// colorFit is the fit of a colour span to a colour question: above a
// head-noun phrase (headFit), since it has the form the question asks
// for.
const colorFit = 0.9

// colorSpans are the colours s names: a colour term with the lightness
// modifiers before it and the colour terms after it ("forest green",
// "rose gold"), colour terms joined by "and", "or" or a hyphen
// ("red and purple", "blue-green"), a "shade of" phrase before it ("a
// lighter shade of gray"), and the capitalized words of a named colour it
// ends ("Hale Navy"; not "Forest Hills Mall"). A span does not run into a
// blocked token.
func colorSpans(s *sentence, blocked map[int]bool) []span {
	n := len(s.toks)
	low := func(i int) string {
		if i < 0 || i >= n || blocked[i] {
			return ""
		}
		return s.toks[i].Lower
	}
	var out []span
	for i := 0; i < n; i++ {
		if !colorTerms[low(i)] {
			continue
		}
		start, end := i, i+1
		// "rose gold", "forest green", "mustard yellow"
		for end < n && colorTerms[low(end)] {
			end++
		}
		// "red and purple", "blue-green"
		for end+1 < n && (low(end) == "and" || low(end) == "or" || low(end) == "-") && colorTerms[low(end+1)] {
			end += 2
		}
		for start > 0 && colorModifiers[low(start-1)] {
			start--
		}
		if start == i && end == i+1 && capitalized(s, i) {
			// a named colour ("Hale Navy", "Sea Salt Green"): the
			// capitalized words before the term are its name
			for start > 0 && !blocked[start-1] && capitalized(s, start-1) {
				start--
			}
			if end < n && capitalized(s, end) {
				continue // "Forest Hills Mall": a name that only opens with a colour
			}
		}
		// "a lighter shade of gray"
		if start >= 2 && low(start-1) == "of" && colorNouns[low(start-2)] {
			start -= 2
			for start > 0 && colorModifiers[low(start-1)] {
				start--
			}
		}
		out = append(out, span{text: textOf(s, start, end), start: start, end: end, fit: colorFit})
		i = end - 1
	}
	return out
}

// hasColorTerm reports whether text holds a colour term (colorTerms): in
// lower case, or capitalized within a name of two or more words ("Hale
// Navy"); not a lone capitalized name ("Ruby") nor a place or an
// organisation named after a colour ("Forest Hills Mall").
func hasColorTerm(text string) bool {
	ws := words(text)
	if len(ws) > 0 && (placeNouns[ws[len(ws)-1].Lower] || orgNouns[ws[len(ws)-1].Lower]) {
		return false // "Forest Hills Mall": a place named after a colour
	}
	for _, t := range ws {
		if colorTerms[t.Lower] && (t.Text == t.Lower || len(ws) > 1) {
			// (a capitalized term alone is a name: "Ruby")
			return true
		}
	}
	return false
}
