package gaama

import (
	"reflect"
	"testing"

	"github.com/memarena/memarena/internal/textutil"
)

func TestTokensMatchTextutil(t *testing.T) {
	for _, s := range []string{"The orders service now uses MySQL 8 instead of Postgres 16.", "I'm running, and they're graduated!", "", "a an the and"} {
		for i := 0; i < 2; i++ { // the second round hits the cache
			if got, want := contentTokens(s), textutil.ContentTokens(s); !reflect.DeepEqual(got, want) {
				t.Errorf("contentTokens(%q) = %q, want %q", s, got, want)
			}
			if got, want := normTokens(s), textutil.NormalizeTokens(s); !reflect.DeepEqual(got, want) {
				t.Errorf("normTokens(%q) = %q, want %q", s, got, want)
			}
		}
	}
}
