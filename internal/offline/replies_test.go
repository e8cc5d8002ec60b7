package offline

import (
	"testing"
	"time"
)

func TestAskedAt(t *testing.T) {
	cases := map[string]time.Time{
		"2023-05-30 23:40": time.Date(2023, 5, 30, 23, 40, 0, 0, time.UTC),
		"2023-05-30":       time.Date(2023, 5, 30, 0, 0, 0, 0, time.UTC),
		"":                 {},
		"30 May 2023":      {},
	}
	for in, want := range cases {
		if got := AskedAt(in); !got.Equal(want) {
			t.Errorf("%q: got %v, want %v", in, got, want)
		}
	}
}
