package main

import (
	"bufio"
	"os"
	"runtime/debug"
	"strconv"
	"strings"
)

// Garbage-collector settings for `memarena run`. A run is a batch job whose
// heap is mostly short-lived (prompts, replies, analyses of turns), so with
// Go's default GOGC=100 the collector takes about a fifth of the CPU on a
// LongMemEval-S replay. runGCPercent trades memory for that time, and a
// soft memory limit (runtime/debug.SetMemoryLimit) bounds the trade: when
// the heap nears the limit the collector runs as often as it must again.
// Results do not depend on these settings. GOGC or GOMEMLIMIT in the
// environment win over them, as the Go runtime documents.
const (
	// runGCPercent is the GOGC value a run uses (Go's default is 100).
	runGCPercent = 400
	// maxRunMemoryLimit caps the soft memory limit, in bytes.
	maxRunMemoryLimit = 4 << 30
	// minRunMemoryLimit is the least soft memory limit, in bytes: below
	// it the larger GC percent is not worth the risk and is not set.
	minRunMemoryLimit = 1 << 30
)

// tuneRunGC applies runGCPercent with a soft memory limit of half the
// machine's memory, at most maxRunMemoryLimit. It does nothing when GOGC
// or GOMEMLIMIT is set, or when the machine's memory is unknown or gives a
// limit under minRunMemoryLimit.
func tuneRunGC() {
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		return
	}
	limit := runMemoryLimit(totalMemory())
	if limit == 0 {
		return
	}
	debug.SetMemoryLimit(limit)
	debug.SetGCPercent(runGCPercent)
}

// runMemoryLimit is the soft memory limit for a machine with total bytes
// of memory: total/2 capped at maxRunMemoryLimit, or 0 (no tuning) when it
// is under minRunMemoryLimit.
func runMemoryLimit(total int64) int64 {
	limit := min(total/2, maxRunMemoryLimit)
	if limit < minRunMemoryLimit {
		return 0
	}
	return limit
}

// totalMemory returns the machine's memory in bytes from /proc/meminfo's
// MemTotal line, or 0 when it cannot be read (not Linux, no procfs).
func totalMemory() int64 {
	f, err := os.Open("/proc/meminfo")
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		rest, ok := strings.CutPrefix(sc.Text(), "MemTotal:")
		if !ok {
			continue
		}
		kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
		if err != nil {
			return 0
		}
		return kb << 10
	}
	return 0
}
