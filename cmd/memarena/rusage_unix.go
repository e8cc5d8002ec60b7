//go:build unix

package main

import (
	"os"
	"runtime"
	"syscall"
)

// childUsage returns a finished child's peak resident set (MiB) and its
// user+system CPU time (seconds).
func childUsage(ps *os.ProcessState) (rssMB, cpuS float64) {
	cpuS = (ps.UserTime() + ps.SystemTime()).Seconds()
	ru, ok := ps.SysUsage().(*syscall.Rusage)
	if !ok {
		return 0, cpuS
	}
	rss := float64(ru.Maxrss) // KiB on Linux, bytes on macOS
	if runtime.GOOS == "darwin" {
		rss /= 1024
	}
	return rss / 1024, cpuS
}
