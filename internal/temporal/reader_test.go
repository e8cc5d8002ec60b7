package temporal_test

import (
	"testing"

	"github.com/memarena/memarena/internal/reader"
	"github.com/memarena/memarena/internal/temporal"
)

// The offline reader, given the normalizer, answers a when-question whose
// supporting memory line says "yesterday" with the day before the line's
// date (the session date the memory was stamped with).
func TestReaderUsesTheNormalizer(t *testing.T) {
	ctx := "[2023-05-08 13:56] Ann: I went to a LGBTQ support group yesterday and it was so powerful.\n[2023-05-08 13:57] Bob: That sounds great."
	q := "When did Ann go to the LGBTQ support group?"
	with := reader.Read(q, ctx, reader.Options{}, temporal.ResolveDay)
	if with.Text != "7 May 2023" {
		t.Errorf("with the normalizer: %q", with.Text)
	}
	without := reader.Read(q, ctx, reader.Options{}, nil)
	if without.Text == "7 May 2023" {
		t.Errorf("without a resolver the reader cannot know the date: %q", without.Text)
	}
}
