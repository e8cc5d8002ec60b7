package model

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
)

// CallJSON completes a JSON request and decodes the reply into T. A reply that is not valid JSON
// for T is an error wrapping ErrFailed (real backends try one repair first).
// CallJSON fills req.Schema (SchemaOf[T]) and req.Validate (decoding into
// T) when they are unset, so a real backend can ask for T's schema and
// repair a reply that does not decode.
func CallJSON[T any](ctx context.Context, c Client, req Request) (T, error) {
	var zero T
	req.JSON = true
	if req.Schema == nil {
		req.Schema = SchemaOf[T]()
	}
	if req.Validate == nil {
		req.Validate = func(text string) error {
			var v T
			return DecodeJSON(text, &v)
		}
	}
	resp, err := c.Complete(ctx, req)
	if err != nil {
		return zero, err
	}
	var out T
	if err := DecodeJSON(resp.Text, &out); err != nil {
		return zero, &FailedError{Kind: req.Kind, Cause: err}
	}
	return out, nil
}

// DecodeJSON decodes a model reply into v, tolerating what models wrap JSON
// in: surrounding whitespace, Markdown code fences (```json … ```), and prose
// before the first '{' or '[' or after the matching last '}' or ']'.
func DecodeJSON(text string, v any) error {
	s := StripFences(text)
	if err := json.Unmarshal([]byte(s), v); err == nil {
		return nil
	}
	start := strings.IndexAny(s, "{[")
	if start < 0 {
		return fmt.Errorf("reply holds no JSON object: %.80q", text)
	}
	end := strings.LastIndexAny(s, "}]")
	if end < start {
		return fmt.Errorf("reply holds an unterminated JSON value: %.80q", text)
	}
	if err := json.Unmarshal([]byte(s[start:end+1]), v); err != nil {
		return fmt.Errorf("reply is not valid JSON for %T: %w", v, err)
	}
	return nil
}

// StripFences removes one surrounding Markdown code fence, if present.
func StripFences(text string) string {
	s := strings.TrimSpace(text)
	if !strings.HasPrefix(s, "```") {
		return s
	}
	s = strings.TrimPrefix(s, "```")
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[i+1:] // drop the language tag line
	}
	s = strings.TrimSpace(s)
	s = strings.TrimSuffix(s, "```")
	return strings.TrimSpace(s)
}
