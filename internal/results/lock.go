package results

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// LockFile is the name of the lock file in a run directory.
const LockFile = "run.lock"

// Lock is the exclusive write lock of a run directory: one process at a
// time may run, resume or rejudge a run, so cells are never computed (and
// a paid endpoint never asked) twice. On Unix it is an advisory flock(2)
// on <dir>/run.lock, released by the kernel when the holder exits, even
// by kill -9; the file holds the holder's PID for the error message.
type Lock struct {
	f    *os.File
	path string
}

// LockedError is returned by LockDir when another process holds the lock.
type LockedError struct {
	// Dir is the run directory.
	Dir string
	// PID is the holder's process id, 0 when it could not be read.
	PID int
	// Command is the holder's command line as it recorded it ("" when
	// unknown).
	Command string
}

func (e *LockedError) Error() string {
	who := "another process"
	if e.PID > 0 {
		who = fmt.Sprintf("process %d", e.PID)
		if e.Command != "" {
			who += fmt.Sprintf(" (%s)", e.Command)
		}
	}
	return fmt.Sprintf("run directory %s is in use by %s, which holds %s; wait for it to finish or stop it, then try again",
		e.Dir, who, filepath.Join(e.Dir, LockFile))
}

// LockDir takes the write lock of run directory dir without waiting. When
// another process holds it, the error is a *LockedError naming that
// process's PID.
func LockDir(dir string) (*Lock, error) {
	path := filepath.Join(dir, LockFile)
	f, err := lockFile(path)
	if err != nil {
		var le *LockedError
		if errors.As(err, &le) {
			le.Dir = dir
			le.PID, le.Command = readHolder(path)
		}
		return nil, err
	}
	l := &Lock{f: f, path: path}
	if err := l.record(); err != nil {
		l.Release()
		return nil, fmt.Errorf("lock %s: %w", path, err)
	}
	return l, nil
}

// record writes this process's PID and command line into the lock file.
func (l *Lock) record() error {
	if err := l.f.Truncate(0); err != nil {
		return err
	}
	_, err := l.f.WriteAt([]byte(fmt.Sprintf("%d\n%s\n", os.Getpid(), strings.Join(os.Args, " "))), 0)
	return err
}

// readHolder reads the PID and command line recorded in a lock file.
func readHolder(path string) (int, string) {
	b, err := os.ReadFile(path)
	if err != nil {
		return 0, ""
	}
	lines := strings.SplitN(string(b), "\n", 3)
	pid, _ := strconv.Atoi(strings.TrimSpace(lines[0]))
	cmd := ""
	if len(lines) > 1 {
		cmd = strings.TrimSpace(lines[1])
		if len(cmd) > 120 {
			cmd = cmd[:117] + "…"
		}
	}
	return pid, cmd
}

// Release gives the lock up. It is safe to call on nil and twice.
func (l *Lock) Release() error {
	if l == nil || l.f == nil {
		return nil
	}
	_ = l.f.Truncate(0)
	err := unlockFile(l.f, l.path)
	l.f = nil
	return err
}
