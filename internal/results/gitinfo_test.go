package results

import "testing"

func TestGitInfoString(t *testing.T) {
	for _, c := range []struct {
		g    GitInfo
		want string
	}{
		{GitInfo{Commit: "abc123"}, "abc123"},
		{GitInfo{Commit: "abc123", Dirty: true}, "abc123 (uncommitted changes)"},
		{GitInfo{Commit: "abc123", FromWorkdir: true}, "abc123 (read from the working directory; the binary carries no commit)"},
		{GitInfo{Commit: "unknown"}, "unknown"},
	} {
		if got := c.g.String(); got != c.want {
			t.Errorf("%+v: %q, want %q", c.g, got, c.want)
		}
	}
}
