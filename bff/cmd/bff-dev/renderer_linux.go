package main

import (
	"os/exec"
	"syscall"
)

// setParentDeathSignal has the kernel kill the renderer when bff-dev dies, however it dies
// (a SIGKILL leaves no time for stop), so that no renderer outlives its site.
func setParentDeathSignal(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}
