package reader

import (
	"regexp"
	"strings"
	"unicode"

	"github.com/memarena/memarena/internal/nlp"
	"github.com/memarena/memarena/internal/textutil"
)

// form is the written form of an identifier token: a web address, an
// e-mail address, a handle, a file path, or a code identifier.
type form int

const (
	formNone form = iota
	formURL
	formEmail
	formHandle
	formPath
	formCode
)

// tokenForm is the form of token t, formNone for a word. Written
// identifiers follow conventions, not grammar, and are read by their
// shape:
//   - a web address: "://" inside, or "www." first;
//   - an e-mail address: letters, "@", a dotted domain ("help@gym.com");
//   - a handle: "@" then letters ("@dailybrew");
//   - a file path: "/" with a dotted extension, an underscore, a hyphen
//     or a digit in it, or a leading "/" ("docs/setup.md",
//     "feature/fuzzy-search", "/v1/orders"), or one dotted name with a
//     common file extension or an underscore or hyphen ("main.go",
//     "my_notes.sketch"). Two words joined by "/" are a pair, not a path
//     ("singer/songwriter");
//   - a code identifier: snake case ("CACHE_MAX_BYTES"), a dotted version
//     ("v1.2.3"), or camel case that starts lower case ("retryLimit").
//
// A token needs a letter to be an identifier ("3.5" is a number); an
// amount or a time with one dot is none ("2.5kg", "7.30pm"); nor is a
// dotted name whose "extension" is a function word ("night.it": a
// missing space).
func tokenForm(t nlp.Token) form {
	w := t.Text
	if t.Punct || len(w) < 3 || !strings.ContainsFunc(w, unicode.IsLetter) {
		return formNone
	}
	w = strings.ReplaceAll(w, `\_`, "_") // markdown escapes an underscore
	switch {
	case strings.Contains(w, "://") || strings.HasPrefix(strings.ToLower(w), "www."):
		return formURL
	case strings.HasPrefix(w, "@") && len(w) > 1:
		if strings.ContainsRune(w[1:], '@') {
			return formNone
		}
		return formHandle
	case strings.Count(w, "@") == 1:
		user, domain, _ := strings.Cut(w, "@")
		if user != "" && strings.Contains(strings.Trim(domain, "."), ".") {
			return formEmail
		}
		return formNone
	case strings.Contains(w, "/"):
		if strings.HasPrefix(w, "/") || strings.ContainsAny(w, "._-0123456789") {
			if strings.Trim(w, "/") != "" {
				return formPath
			}
		}
		return formNone
	case strings.Contains(strings.Trim(w, "_"), "_"):
		return formCode
	case strings.Contains(w, "."):
		return dottedForm(w)
	}
	r := []rune(w)
	if unicode.IsLower(r[0]) {
		for i := 1; i+1 < len(r); i++ {
			if unicode.IsLower(r[i]) && unicode.IsUpper(r[i+1]) && i+1 > 1 {
				return formCode // "retryLimit"
			}
		}
	}
	return formNone
}

// dottedForm is the form of a token with a dot inside: a version
// ("v1.2.3", "1.21rc1"), a web address without its scheme
// ("citybreaks.com"), a file name ("main.go", "notes.txt"), or none
// ("e.g.", "U.S.", "a.m.": letters each set off by a dot are an
// abbreviation).
func dottedForm(w string) form {
	parts := strings.Split(strings.Trim(w, "."), ".")
	if len(parts) < 2 {
		return formNone
	}
	long := false
	for _, p := range parts {
		if p == "" {
			return formNone
		}
		if len([]rune(p)) > 1 {
			long = true
		}
	}
	if !long {
		return formNone // "e.g", "U.S"
	}
	if unicode.IsDigit([]rune(w)[0]) && len(parts) < 3 {
		return formNone // "2.5kg", "7.30pm": an amount or a time
	}
	if strings.ContainsAny(w, "0123456789") {
		return formCode
	}
	ext := parts[len(parts)-1]
	if len(ext) > 4 || strings.ToLower(ext) != ext || textutil.IsStopword(ext) {
		return formNone // "end.Next", "night.it": two sentences run together
	}
	if topLevelDomains[ext] {
		return formURL // "citybreaks.com": a web address without its scheme
	}
	if fileExtensions[ext] || strings.ContainsAny(w, "_-") {
		return formPath // "main.go", "notes.txt", "my-notes.sketch"
	}
	return formNone // "night.lol": a missing space
}

// fileExtensions are common file-name extensions: a dotted name with no
// other mark of an identifier is a file only with one of them.
var fileExtensions = wordSet(`txt md pdf doc docx xls xlsx ppt pptx csv tsv json yaml yml xml html htm css js ts tsx jsx go py rb rs java kt swift c h cpp hpp cs php sh bat sql log ini toml cfg conf env lock png jpg jpeg gif svg webp heic bmp tif tiff mp3 mp4 m4a mov wav avi mkv zip tar gz tgz rar dmg exe apk ipynb`)

// topLevelDomains are the commonest generic and country top-level
// domains of the web: a dotted name that ends in one is a web address
// ("citybreaks.com", "bbc.co.uk"), not a file. Those spelled as an English
// function word ("it", "in", "no", "at") are left out: "night.it" is a
// missing space far more often than an address.
var topLevelDomains = map[string]bool{
	"com": true, "org": true, "net": true, "edu": true, "gov": true, "io": true, "co": true, "info": true, "biz": true,
	"uk": true, "ca": true, "au": true, "de": true, "fr": true, "es": true, "nl": true, "se": true, "dk": true,
	"fi": true, "jp": true, "cn": true, "br": true, "mx": true, "nz": true, "ie": true, "ch": true, "pl": true, "pt": true,
}

// headForms maps a head noun that names a written form to that form:
// "what is her Instagram handle" asks for an "@" handle, "what was the
// link to the recipe" for a web address. The nouns in ambiguousForms
// name other things too (a knife's handle, the link between two ideas, an
// email one reads, a paper folder) and ask for the form only with a cue
// (formAsked).
var headForms = map[string]form{
	"handle": formHandle, "handles": formHandle, "username": formHandle, "usernames": formHandle,
	"link": formURL, "links": formURL, "url": formURL, "urls": formURL, "website": formURL, "websites": formURL,
	"email": formEmail, "emails": formEmail, "e-mail": formEmail,
	"path": formPath, "paths": formPath, "file": formPath, "files": formPath, "directory": formPath,
	"directories": formPath, "folder": formPath, "folders": formPath,
}

// ambiguousForms are the head nouns of headForms with another sense.
var ambiguousForms = wordSet(`handle handles link links email emails e-mail path paths file files directory directories folder folders`)

// formCues are the words after an ambiguous head noun that make it ask
// for the form: "the link to the recipe", "the support email for the
// gym", "the email address", "the file name".
var formCues = wordSet(`to for address addresses name names`)

// formAsked is the written form the question asks for (formNone when
// none): an unambiguous head noun's ("website", "username"), or an
// ambiguous one's ("handle", "link", "email", "file") when a name
// modifies it ("Instagram handle", "YouTube link"), a cue follows it
// (formCues), or it ends a "what is …" question ("what is the bakery's
// handle?"). Never for a question about content (question.content).
func formAsked(q question) form {
	if q.content {
		return formNone
	}
	f := headForms[q.head]
	if f == formNone || !ambiguousForms[q.head] {
		return f
	}
	toks := words(mainQuestion(q.text))
	for i, t := range toks {
		if t.Lower != q.head {
			continue
		}
		if i > 1 && capitalizedWord(toks[i-1]) && !nlp.IsWhWord(toks[i-1].Lower) {
			return f
		}
		if i+1 < len(toks) && formCues[toks[i+1].Lower] {
			return f
		}
		if (i+1 == len(toks) || toks[i+1].Punct) && whCopula.MatchString(q.text) {
			return f
		}
	}
	return formNone
}

// whCopula matches a question that asks about its copula's subject
// ("what was the email about").
var whCopula = regexp.MustCompile(`(?i)\b(?:what|which)\s+(?:is|was|are|were)\b`)

// apposed reports whether token i of s follows the question's head noun
// right away or after a comma or an opening bracket ("the branch
// release/2.4", "my work email, mia.r@northwind.example").
func apposed(q question, s *sentence, i int) bool {
	j := i - 1
	if j > 0 && (s.toks[j].Text == "," || s.toks[j].Text == "(") {
		j--
	}
	return q.headKey != "" && j >= 0 && s.keys[j] == q.headKey
}

// identifierFit is the fit of an identifier token for a question that
// asks for a thing (a phrase), as a name's is; formFit is the fit of one
// whose form the question asks for (formAsked) or that is set beside the
// head noun (apposed: "the branch feature/search").
const (
	identifierFit = 0.6
	formFit       = 1.0
)

// identifierSpans are the identifier tokens of s (tokenForm), each a span
// of one token with its fit: formFit when the question asks for its form
// (question.form) or the head noun stands right before it ("the file
// config/uploader.yaml", "variable CACHE_SIZE"), else identifierFit; none
// for a question about content ("what was the email about", "what did the
// email say"). The markdown escape of an underscore ("jessica\_poole") is
// removed.
func identifierSpans(q question, s *sentence) []span {
	if q.content {
		return nil
	}
	var out []span
	want := q.form
	for i, t := range s.toks {
		f := tokenForm(t)
		if f == formNone {
			continue
		}
		fit := identifierFit
		if want != formNone && f == want || apposed(q, s, i) {
			fit = formFit
		}
		text := strings.TrimRight(strings.ReplaceAll(t.Text, `\_`, "_"), ".,;:!?")
		out = append(out, span{text: text, start: i, end: i + 1, fit: fit})
	}
	return out
}
