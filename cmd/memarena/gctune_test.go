package main

import (
	"runtime"
	"testing"
)

func TestRunMemoryLimit(t *testing.T) {
	for _, c := range []struct{ total, want int64 }{
		{0, 0},
		{1 << 30, 0},         // half is 512 MiB: too small, no tuning
		{2 << 30, 1 << 30},   // half of 2 GiB
		{6 << 30, 3 << 30},   // half of 6 GiB
		{8 << 30, 4 << 30},   // at the cap
		{64 << 30, 4 << 30},  // capped
		{3<<30 + 1, 3 << 29}, // integer halving
	} {
		if got := runMemoryLimit(c.total); got != c.want {
			t.Errorf("runMemoryLimit(%d) = %d, want %d", c.total, got, c.want)
		}
	}
}

func TestTotalMemoryReadsProc(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("/proc/meminfo is Linux's")
	}
	if n := totalMemory(); n < 64<<20 {
		t.Fatalf("totalMemory() = %d bytes, want the MemTotal of /proc/meminfo", n)
	}
}
