package scenarios

import (
	"strings"
	"testing"
	"time"
)

// TestWhenFromYAML: a date read from YAML is the date UnmarshalText reads
// from the same text, quoted or not; anything else is kept as a bad date
// with its text, never a decode failure.
func TestWhenFromYAML(t *testing.T) {
	cases := []struct {
		yaml, raw string
		want      time.Time
	}{
		{`2026-03-02T09:00:00Z`, "2026-03-02T09:00:00Z", time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)},
		{`"2026-03-02T09:00:00+02:00"`, "2026-03-02T09:00:00+02:00", time.Date(2026, 3, 2, 7, 0, 0, 0, time.UTC)},
		{`2026-03-02 09:30`, "2026-03-02 09:30", time.Date(2026, 3, 2, 9, 30, 0, 0, time.UTC)},
		{`'2026-03-02'`, "2026-03-02", time.Date(2026, 3, 2, 0, 0, 0, 0, time.UTC)},
		{`2026-13-40`, "2026-13-40", time.Time{}},
		{`12`, "12", time.Time{}},
		{`[1, 2]`, "", time.Time{}},
	}
	for _, c := range cases {
		doc := "id: x\ntitle: t\nsessions:\n  - id: s1\n    start: " + c.yaml + "\n    turns: [{id: a, role: user, text: hi}]\nprobes: []\n"
		s, probs := Parse("when.yaml", []byte(doc))
		if s == nil {
			t.Fatalf("%s: not decoded: %v", c.yaml, probs)
		}
		w := s.Sessions[0].Start
		if !w.Time.Equal(c.want) {
			t.Errorf("%s: time %v, want %v", c.yaml, w.Time, c.want)
		}
		if c.raw != "" && w.Raw != c.raw {
			t.Errorf("%s: raw %q, want %q", c.yaml, w.Raw, c.raw)
		}
		bad := c.want.IsZero()
		if got := len(probs) > 0 && strings.Contains(probs.Error(), "when.yaml:5: sessions[0].start: bad date"); got != bad {
			t.Errorf("%s: problems %v; want a bad-date problem at line 5: %v", c.yaml, probs, bad)
		}
	}
}
