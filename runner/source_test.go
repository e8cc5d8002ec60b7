package runner

import (
	"runtime/debug"
	"testing"

	"github.com/memarena/memarena/internal/results"
)

// A run records the commit linked into the binary before the go command's
// VCS stamp, and either before the working directory's checkout, which
// may hold other code than the binary.
func TestSourceInfo(t *testing.T) {
	workdir := func() results.GitInfo { return results.GitInfo{Commit: "workdir", Dirty: true, FromWorkdir: true} }
	stamp := []debug.BuildSetting{{Key: "vcs", Value: "git"}, {Key: "vcs.revision", Value: "stamped"}, {Key: "vcs.modified", Value: "false"}}
	for _, c := range []struct {
		name          string
		commit, dirty string
		settings      []debug.BuildSetting
		want          results.GitInfo
	}{
		{"linked", "linked", "", stamp, results.GitInfo{Commit: "linked"}},
		{"linked dirty", "linked", "true", nil, results.GitInfo{Commit: "linked", Dirty: true}},
		{"stamped", "", "", stamp, results.GitInfo{Commit: "stamped"}},
		{"stamped modified", "", "", []debug.BuildSetting{{Key: "vcs.revision", Value: "stamped"}, {Key: "vcs.modified", Value: "true"}}, results.GitInfo{Commit: "stamped", Dirty: true}},
		{"working directory", "", "", []debug.BuildSetting{{Key: "GOOS", Value: "linux"}}, results.GitInfo{Commit: "workdir", Dirty: true, FromWorkdir: true}},
	} {
		if got := sourceInfo(c.commit, c.dirty, c.settings, workdir); got != c.want {
			t.Errorf("%s: %+v, want %+v", c.name, got, c.want)
		}
	}
}
