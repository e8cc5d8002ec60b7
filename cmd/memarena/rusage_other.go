//go:build !unix

package main

import "os"

// childUsage returns the child's CPU time; its peak RSS is not available
// on this system (0).
func childUsage(ps *os.ProcessState) (rssMB, cpuS float64) {
	return 0, (ps.UserTime() + ps.SystemTime()).Seconds()
}
