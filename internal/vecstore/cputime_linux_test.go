package vecstore

import "golang.org/x/sys/unix"

// threadCPU is the CPU time the calling OS thread has used, in
// nanoseconds (the caller locks its goroutine to the thread). On a machine
// shared with other work it excludes time spent waiting to run.
func threadCPU() int64 {
	var ts unix.Timespec
	if err := unix.ClockGettime(unix.CLOCK_THREAD_CPUTIME_ID, &ts); err != nil {
		return 0
	}
	return ts.Nano()
}
