//go:build !linux

package vecstore

import "time"

// threadCPU falls back to the wall clock where thread CPU time is not
// available.
func threadCPU() int64 { return time.Now().UnixNano() }
