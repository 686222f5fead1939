//go:build !linux

package main

import "os/exec"

// setParentDeathSignal does nothing where the kernel cannot signal a child when its parent
// dies: stop ends the renderer when bff-dev ends normally.
func setParentDeathSignal(*exec.Cmd) {}
