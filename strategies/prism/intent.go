package prism

import (
	"github.com/memarena/memarena/internal/model"
	"slices"
	"strings"
	"unicode"

	"github.com/memarena/memarena/internal/nlp"
	"github.com/memarena/memarena/scenarios"
)

// Tags is the reply of a tag-intents request (model.Tags).
type Tags = model.Tags

// IntentQuery is the structured query PRISM retrieves with, the reply of a
// query-intent request (model.IntentQuery).
type IntentQuery = model.IntentQuery

// hasPhrase reports whether the stem sequence ph occurs contiguously in st.
func hasPhrase(st, ph []string) bool {
	if len(ph) == 0 || len(ph) > len(st) {
		return false
	}
	for i := 0; i+len(ph) <= len(st); i++ {
		if slices.Equal(st[i:i+len(ph)], ph) {
			return true
		}
	}
	return false
}

// Slug turns an entity mention into the entity tag value of the taxonomy: it
// is normalized with nlp.NormalizeEntity ("the user", "I" → "user"), then
// lowercased words are joined by '-' and characters outside [a-z0-9._-] are
// dropped ("Nikon D750" → "postgres-16"). It returns "" for a mention that
// normalizes to nothing.
func Slug(mention string) string {
	k := nlp.NormalizeEntity(mention)
	if k == "" {
		return ""
	}
	var b strings.Builder
	for _, w := range strings.Fields(strings.ReplaceAll(k, "/", " ")) {
		var wb strings.Builder
		for _, r := range w {
			if (r >= 'a' && r <= 'z') || unicode.IsDigit(r) && r < 128 || r == '.' || r == '_' || r == '-' {
				wb.WriteRune(r)
			}
		}
		ws := strings.Trim(wb.String(), ".-_")
		if ws == "" {
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('-')
		}
		b.WriteString(ws)
	}
	return b.String()
}

// entityForms returns the slug and, when its trailing words are versions or
// numbers ("postgres-16", "go-1.22"), also the base ("postgres", "go"), so
// that a unit about "Nikon D750" matches a question about "Nikon".
func entityForms(slug string) []string {
	if slug == "" {
		return nil
	}
	parts := strings.Split(slug, "-")
	n := len(parts)
	for n > 1 && isVersionWord(parts[n-1]) {
		n--
	}
	if n == len(parts) {
		return []string{slug}
	}
	return []string{slug, strings.Join(parts[:n], "-")}
}

func isVersionWord(w string) bool {
	digit := false
	for _, r := range strings.TrimPrefix(w, "v") {
		switch {
		case r >= '0' && r <= '9':
			digit = true
		case r == '.' || r == 'x':
		default:
			return false
		}
	}
	return digit
}

// valid reports whether value is an allowed value of facet.
func valid(facet, value string) bool {
	return scenarios.CheckIntent(facet+":"+value) == ""
}

// cleanTags validates a Tags reply (from any backend) against the taxonomy:
// values outside it are dropped, entities are slugged, user references
// dropped, duplicates removed. It returns the sorted intent tags (goal,
// subtask and action facets), the action type ("inform" when missing) and the
// sorted entity slugs.
func cleanTags(t Tags) (intents []string, action string, entities []string) {
	set := map[string]bool{}
	if g := strings.ToLower(strings.TrimSpace(t.Goal)); g != "" && valid("goal", g) {
		set["goal:"+g] = true
	}
	for _, s := range t.Subtasks {
		if s = strings.ToLower(strings.TrimSpace(s)); s != "" && valid("subtask", s) {
			set["subtask:"+s] = true
		}
	}
	action = strings.ToLower(strings.TrimSpace(t.ActionType))
	if !valid("action", action) {
		action = "inform"
	}
	set["action:"+action] = true
	intents = sortedKeys(set)
	entities = slugs(t.Entities)
	return intents, action, entities
}

// goldTags turns a turn's gold intents (oracle mode) into intent tags, action
// type and entities: invalid tags are dropped, "entity:" tags become
// entities, joined by the entities of the gold thoughts and the subjects and
// objects of the gold triplets. A turn without a gold action tag gets
// "inform".
func goldTags(g *scenarios.Gold) (intents []string, action string, entities []string) {
	action = "inform"
	if g == nil {
		return []string{"action:inform"}, action, nil
	}
	set := map[string]bool{}
	var ents []string
	for _, tag := range g.Intents {
		if scenarios.CheckIntent(tag) != "" {
			continue
		}
		facet, value, _ := strings.Cut(tag, ":")
		switch facet {
		case "entity":
			ents = append(ents, value)
		case "action":
			action = value
		default:
			set[tag] = true
		}
	}
	set["action:"+action] = true
	for _, th := range g.Thoughts {
		ents = append(ents, th.Entities...)
	}
	for _, tr := range g.Triplets {
		ents = append(ents, tr.Subject, tr.Object)
	}
	return sortedKeys(set), action, slugs(ents)
}

// slugs returns the sorted, de-duplicated non-empty slugs of mentions,
// without "user".
func slugs(ms []string) []string {
	set := map[string]bool{}
	for _, m := range ms {
		if s := Slug(m); s != "" && s != "user" {
			set[s] = true
		}
	}
	return sortedKeys(set)
}

func sortedKeys(set map[string]bool) []string {
	out := make([]string, 0, len(set))
	for k := range set {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}
