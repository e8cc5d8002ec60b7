//go:build unix

package external

import (
	"os/exec"
	"syscall"
)

// setProcessGroup starts the memory in its own process group, so a kill
// reaches the processes it started too (a shell wrapper's children).
func setProcessGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

// killProcess kills the memory's process group.
func killProcess(cmd *exec.Cmd) {
	if cmd.Process == nil {
		return
	}
	_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	_ = cmd.Process.Kill()
}
