//go:build !unix

package results

import (
	"errors"
	"os"
)

// lockFile creates path exclusively. Without flock a lock left by a
// crashed process stays until its file is removed by hand; the error names
// the file and the PID it records.
func lockFile(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o644)
	if errors.Is(err, os.ErrExist) {
		return nil, &LockedError{}
	}
	return f, err
}

func unlockFile(f *os.File, path string) error {
	err := f.Close()
	if rerr := os.Remove(path); err == nil {
		err = rerr
	}
	return err
}
