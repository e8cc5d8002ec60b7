package results

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// TestMain lets the test binary act as a lock holder in a child process:
// with MEMARENA_LOCK_HOLDER=<dir> it takes the lock, says "locked" and
// waits for its stdin to close.
func TestMain(m *testing.M) {
	if dir := os.Getenv("MEMARENA_LOCK_HOLDER"); dir != "" {
		l, err := LockDir(dir)
		if err != nil {
			fmt.Println("error:", err)
			os.Exit(1)
		}
		fmt.Println("locked")
		_, _ = bufio.NewReader(os.Stdin).ReadString('\n')
		l.Release()
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// holder starts a child process holding dir's lock and returns it with a
// function that makes it exit (closing its stdin) and waits for it.
func holder(t *testing.T, dir string) (*exec.Cmd, func()) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "MEMARENA_LOCK_HOLDER="+dir)
	stdin, _ := cmd.StdinPipe()
	out, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	line, _ := bufio.NewReader(out).ReadString('\n')
	if strings.TrimSpace(line) != "locked" {
		t.Fatalf("holder: %q", line)
	}
	return cmd, func() { stdin.Close(); cmd.Wait() }
}

// TestRunDirectoryLock: one writer at a time per run directory. A second
// writer — in this process or another — fails with a *LockedError naming
// the holder's PID; the lock is free again once the holder releases it,
// exits, or is killed.
func TestRunDirectoryLock(t *testing.T) {
	cases := []struct {
		name string
		run  func(t *testing.T, dir string)
	}{
		{"same process", func(t *testing.T, dir string) {
			l, err := LockDir(dir)
			if err != nil {
				t.Fatal(err)
			}
			_, err = LockDir(dir)
			wantLocked(t, err, dir, os.Getpid())
			if err := l.Release(); err != nil {
				t.Fatal(err)
			}
			l2, err := LockDir(dir)
			if err != nil {
				t.Fatalf("after release: %v", err)
			}
			l2.Release()
			l2.Release() // twice is fine
		}},
		{"another process", func(t *testing.T, dir string) {
			cmd, stop := holder(t, dir)
			_, err := LockDir(dir)
			wantLocked(t, err, dir, cmd.Process.Pid)
			stop()
			l, err := LockDir(dir)
			if err != nil {
				t.Fatalf("after the holder exited: %v", err)
			}
			l.Release()
		}},
		{"holder killed", func(t *testing.T, dir string) {
			cmd, stop := holder(t, dir)
			defer stop()
			if err := cmd.Process.Kill(); err != nil {
				t.Fatal(err)
			}
			deadline := time.Now().Add(5 * time.Second)
			for {
				l, err := LockDir(dir)
				if err == nil {
					l.Release()
					return
				}
				if time.Now().After(deadline) {
					t.Fatalf("lock still held after kill -9: %v", err)
				}
				time.Sleep(20 * time.Millisecond)
			}
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) { tc.run(t, t.TempDir()) })
	}
}

func wantLocked(t *testing.T, err error, dir string, pid int) {
	t.Helper()
	var le *LockedError
	if !errors.As(err, &le) || le.PID != pid || le.Dir != dir {
		t.Fatalf("second lock: %v (%+v); want a LockedError naming pid %d", err, le, pid)
	}
	if want := fmt.Sprintf("run directory %s is in use by process %d", dir, pid); !strings.Contains(err.Error(), want) {
		t.Fatalf("message %q lacks %q", err, want)
	}
}
