package protocol

import (
	"encoding/json"
	"os"
	"path"
	"strings"
	"testing"
)

func TestSchemasCompileAndNameThemselves(t *testing.T) {
	s, err := V1()
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range Methods {
		for _, dir := range []string{"request", "response"} {
			if s.byName[m+"."+dir] == nil {
				t.Errorf("no schema %s.%s", m, dir)
			}
		}
	}
	for _, f := range Files() {
		b, _ := File(f)
		var doc struct {
			ID string `json:"$id"`
		}
		if err := json.Unmarshal(b, &doc); err != nil || doc.ID != BaseURL+path.Base(f) {
			t.Errorf("%s: $id %q (%v); want %s", f, doc.ID, err, BaseURL+path.Base(f))
		}
	}
	if err := s.Validate("retrieve.response", []byte(`{"jsonrpc":"2.0","id":1,"result":{"items":[{"text":"a","score":1,"kind":"turn","turn_ids":[]}]}}`)); err == nil ||
		err.Error() != "result: missing property 'context'; result.items[0].turn_ids: minItems: got 0, want 1" {
		t.Fatalf("violations: %v", err)
	}
}

// TestDocumentedExchange validates every request (→) and reply (←) line of
// docs/protocol.md against its schema, so the document cannot drift.
func TestDocumentedExchange(t *testing.T) {
	s, _ := V1()
	b, err := os.ReadFile("../protocol.md")
	if err != nil {
		t.Fatal(err)
	}
	method, n := "", 0
	for _, line := range strings.Split(string(b), "\n") {
		var msg string
		var dir string
		switch {
		case strings.HasPrefix(line, "→ {"):
			msg, dir = strings.TrimPrefix(line, "→ "), "request"
			var req struct {
				Method string `json:"method"`
			}
			if err := json.Unmarshal([]byte(msg), &req); err != nil {
				if strings.Contains(msg, "…") {
					continue // an elided illustration
				}
				t.Fatalf("%s: %v", msg, err)
			}
			method = req.Method
		case strings.HasPrefix(line, "← {"):
			msg, dir = strings.TrimPrefix(line, "← "), "response"
			if strings.Contains(msg, "…") {
				continue
			}
		default:
			continue
		}
		if err := s.Validate(method+"."+dir, []byte(msg)); err != nil {
			t.Errorf("%s.%s: %v\n%s", method, dir, err, msg)
		}
		n++
	}
	if n != 2*len(Methods) {
		t.Fatalf("checked %d documented messages, want %d", n, 2*len(Methods))
	}
}
