package model

import (
	"bytes"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"fmt"
	"sort"
	"strings"
	"sync"
	"text/template"
)

//go:embed prompts/*.tmpl
var promptFS embed.FS

// Prompt is a rendered request: a system and a user message.
type Prompt struct {
	System string
	User   string
}

// Text is the prompt as one string (system, blank line, user), used for
// token counting and cache keys.
func (p Prompt) Text() string { return p.System + "\n\n" + p.User }

type tmpl struct {
	t       *template.Template
	version string
}

var (
	tmplOnce sync.Once
	tmpls    map[Kind]tmpl
	tmplErr  error
)

func loadTemplates() {
	tmpls = map[Kind]tmpl{}
	entries, err := promptFS.ReadDir("prompts")
	if err != nil {
		tmplErr = err
		return
	}
	for _, e := range entries {
		name := e.Name()
		if !strings.HasSuffix(name, ".tmpl") {
			continue
		}
		src, err := promptFS.ReadFile("prompts/" + name)
		if err != nil {
			tmplErr = err
			return
		}
		t, err := template.New(name).Funcs(template.FuncMap{
			"join":        strings.Join,
			"relations":   func() string { return strings.Join(Relations, ", ") },
			"entityTypes": func() string { return strings.Join(EntityTypes, ", ") },
			"taxonomy":    TaxonomyList,
			"forms":       func() string { return strings.Join(QuestionForms, ", ") },
			"asks":        func() string { return strings.Join(QuestionAsks, ", ") },
		}).Option("missingkey=error").Parse(string(src))
		if err != nil {
			tmplErr = fmt.Errorf("prompt template %s: %w", name, err)
			return
		}
		if t.Lookup("system") == nil || t.Lookup("user") == nil {
			tmplErr = fmt.Errorf("prompt template %s: must define \"system\" and \"user\"", name)
			return
		}
		sum := sha256.Sum256(src)
		tmpls[Kind(strings.TrimSuffix(name, ".tmpl"))] = tmpl{t: t, version: hex.EncodeToString(sum[:])[:12]}
	}
}

// Render renders the prompt of req.Kind with req.Input (see Request.Input). A kind without a
// template, or a template that uses a variable missing from Vars, is an
// error.
func Render(req Request) (Prompt, error) {
	tmplOnce.Do(loadTemplates)
	if tmplErr != nil {
		return Prompt{}, tmplErr
	}
	t, ok := tmpls[req.Kind]
	if !ok {
		return Prompt{}, fmt.Errorf("no prompt template for request kind %q", req.Kind)
	}
	var sys, user bytes.Buffer
	if err := t.t.ExecuteTemplate(&sys, "system", req.Input); err != nil {
		return Prompt{}, fmt.Errorf("prompt %s: %w", req.Kind, err)
	}
	if err := t.t.ExecuteTemplate(&user, "user", req.Input); err != nil {
		return Prompt{}, fmt.Errorf("prompt %s: %w", req.Kind, err)
	}
	return Prompt{System: strings.TrimSpace(sys.String()), User: strings.TrimSpace(user.String())}, nil
}

// PromptVersions maps every request kind to the version of its template
// (the first 12 hex digits of the sha256 of the template file). Reports
// carry it so that results from different prompts are never mixed.
func PromptVersions() map[Kind]string {
	tmplOnce.Do(loadTemplates)
	out := map[Kind]string{}
	for k, t := range tmpls {
		out[k] = t.version
	}
	return out
}

// PromptKinds lists the kinds that have templates, sorted.
func PromptKinds() []Kind {
	v := PromptVersions()
	out := make([]Kind, 0, len(v))
	for k := range v {
		out = append(out, k)
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}
