//go:build !unix

package collect

import "os/exec"

// killGroup: elsewhere a cancelled command kills the tool alone.
func killGroup(*exec.Cmd) {}
