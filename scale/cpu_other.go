//go:build !unix

package scale

import "time"

var start = time.Now()

// processCPU falls back to wall time where process CPU time is not
// available.
func processCPU() time.Duration { return time.Since(start) }
