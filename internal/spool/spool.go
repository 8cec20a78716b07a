// Package spool is the one folder the app keeps its temporary files in
// (uploads being received), and the removal at start-up of what a crashed
// process left there.
//
// Each process works in a folder of its own under the root, which it
// holds a lock on for as long as it runs; the lock goes with the process,
// however it ends. Open removes every other folder whose lock nobody
// holds, so instances sharing a root never remove each other's files.
package spool

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"
)

const (
	prefix   = "instance-"
	lockName = ".lock"
	// young is how long a folder without a lock file is taken to be one
	// being created, not a crash's leftover.
	young = time.Minute
)

// Dir is this process's folder of temporary files.
type Dir struct {
	Path string
	lock *os.File
}

// DefaultRoot is the root under the system's temporary folder.
func DefaultRoot() string { return filepath.Join(os.TempDir(), "gpuquote") }

// Open creates this process's folder under root (made if missing, 0700),
// locks it, and removes the folders of processes that are gone. It
// returns how many leftover folders it removed.
func Open(root string) (*Dir, int, error) {
	if err := os.MkdirAll(root, 0o700); err != nil {
		return nil, 0, fmt.Errorf("spool: %w", err)
	}
	path, err := os.MkdirTemp(root, prefix+"*")
	if err != nil {
		return nil, 0, fmt.Errorf("spool: %w", err)
	}
	lock, err := os.OpenFile(filepath.Join(path, lockName), os.O_CREATE|os.O_RDWR, 0o600)
	if err == nil {
		err = tryLock(lock)
	}
	if err != nil {
		_ = os.RemoveAll(path)
		return nil, 0, fmt.Errorf("spool: locking %s: %w", path, err)
	}
	d := &Dir{Path: path, lock: lock}
	removed, err := d.removeLeftovers(root)
	return d, removed, err
}

// removeLeftovers removes the root's folders whose process is gone.
func (d *Dir) removeLeftovers(root string) (int, error) {
	entries, err := os.ReadDir(root)
	if err != nil {
		return 0, fmt.Errorf("spool: %w", err)
	}
	removed := 0
	for _, e := range entries {
		path := filepath.Join(root, e.Name())
		if !e.IsDir() || !strings.HasPrefix(e.Name(), prefix) || path == d.Path || !abandoned(path) {
			continue
		}
		if err := os.RemoveAll(path); err != nil {
			return removed, fmt.Errorf("spool: removing %s: %w", path, err)
		}
		removed++
	}
	return removed, nil
}

// abandoned reports whether no live process holds path's lock: its lock
// file can be locked, or it has none and is not young.
func abandoned(path string) bool {
	if !canLock {
		return false
	}
	f, err := os.OpenFile(filepath.Join(path, lockName), os.O_RDWR, 0)
	if errors.Is(err, fs.ErrNotExist) {
		info, err := os.Stat(path)
		return err == nil && time.Since(info.ModTime()) > young
	}
	if err != nil {
		return false
	}
	defer f.Close() // closing drops the lock taken here
	return tryLock(f) == nil
}

// Close removes the folder and everything in it.
func (d *Dir) Close() error {
	err := os.RemoveAll(d.Path)
	d.lock.Close()
	return err
}
