//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package spool

import (
	"os"
	"syscall"
)

// canLock says file locks tell the live folders from the abandoned.
const canLock = true

// tryLock takes an exclusive lock on f without waiting. The lock belongs
// to f's open file: another open of the same file, in this process or
// another, cannot take it while f is open.
func tryLock(f *os.File) error {
	return syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
}
