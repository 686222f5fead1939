package redistest

import "syscall"

// sysProcAttr has the server killed when the test binary dies without its clean-up (a panic, a
// time-out, a kill), so that no redis-server outlives its test.
func sysProcAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}
