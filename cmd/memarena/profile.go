package main

import (
	"fmt"
	"os"
	"runtime"
	"runtime/pprof"

	"github.com/spf13/cobra"
)

// stopCPUProfile ends a CPU profile still running (the command failed or
// was interrupted, so cobra skipped the post-run hook) and writes it; it
// does nothing when none runs. main calls it before exiting.
var stopCPUProfile = func() {}

// addProfileFlags gives every command --cpuprofile and --memprofile: a CPU
// profile of the whole command and a heap profile at its end, in pprof
// format (`go tool pprof bin/memarena FILE`). Profiles are for finding where
// time goes; they do not change results.
func addProfileFlags(root *cobra.Command) {
	var cpu, mem string
	var cpuFile *os.File
	root.PersistentFlags().StringVar(&cpu, "cpuprofile", "", "write a CPU profile of the command to this file (pprof format)")
	root.PersistentFlags().StringVar(&mem, "memprofile", "", "write a heap profile at the end of the command to this file (pprof format)")
	root.PersistentPreRunE = func(*cobra.Command, []string) error {
		if cpu == "" {
			return nil
		}
		f, err := os.Create(cpu)
		if err != nil {
			return usageErr(fmt.Errorf("--cpuprofile: %w", err))
		}
		if err := pprof.StartCPUProfile(f); err != nil {
			f.Close()
			return fmt.Errorf("--cpuprofile: %w", err)
		}
		cpuFile = f
		stopCPUProfile = func() {
			if cpuFile != nil {
				pprof.StopCPUProfile()
				cpuFile.Close()
				cpuFile = nil
			}
		}
		return nil
	}
	root.PersistentPostRunE = func(*cobra.Command, []string) error {
		if cpuFile != nil {
			pprof.StopCPUProfile()
			err := cpuFile.Close()
			cpuFile = nil
			if err != nil {
				return fmt.Errorf("--cpuprofile: %w", err)
			}
		}
		if mem == "" {
			return nil
		}
		f, err := os.Create(mem)
		if err != nil {
			return fmt.Errorf("--memprofile: %w", err)
		}
		defer f.Close()
		runtime.GC()
		if err := pprof.WriteHeapProfile(f); err != nil {
			return fmt.Errorf("--memprofile: %w", err)
		}
		return nil
	}
}
