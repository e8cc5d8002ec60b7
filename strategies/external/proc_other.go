//go:build !unix

package external

import "os/exec"

func setProcessGroup(*exec.Cmd) {}

// killProcess kills the memory's process.
func killProcess(cmd *exec.Cmd) {
	if cmd.Process != nil {
		_ = cmd.Process.Kill()
	}
}
