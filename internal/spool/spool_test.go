package spool

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// A folder whose process is gone (its lock free) is removed at start-up
// with the files in it; a live instance's folder is kept.
func TestOpenRemovesWhatACrashLeft(t *testing.T) {
	root := t.TempDir()
	alive, _, err := Open(root)
	if err != nil {
		t.Fatal(err)
	}
	defer alive.Close()
	live := filepath.Join(alive.Path, "upload-1")
	if err := os.WriteFile(live, []byte("receiving"), 0o600); err != nil {
		t.Fatal(err)
	}
	// A crashed process's folder: its lock file exists, nobody holds it.
	crashed := filepath.Join(root, prefix+"crashed")
	if err := os.MkdirAll(crashed, 0o700); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{lockName, "upload-2"} {
		if err := os.WriteFile(filepath.Join(crashed, name), []byte("left"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	// One that crashed before it made its lock file, long ago.
	early := filepath.Join(root, prefix+"early")
	if err := os.MkdirAll(early, 0o700); err != nil {
		t.Fatal(err)
	}
	old := time.Now().Add(-time.Hour)
	if err := os.Chtimes(early, old, old); err != nil {
		t.Fatal(err)
	}

	next, removed, err := Open(root)
	if err != nil {
		t.Fatal(err)
	}
	if removed != 2 {
		t.Errorf("removed %d folders, want the 2 abandoned", removed)
	}
	for _, gone := range []string{crashed, early} {
		if _, err := os.Stat(gone); !os.IsNotExist(err) {
			t.Errorf("%s still there: %v", gone, err)
		}
	}
	if _, err := os.Stat(live); err != nil {
		t.Errorf("the live instance's upload was removed: %v", err)
	}
	if err := next.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(next.Path); !os.IsNotExist(err) {
		t.Errorf("Close left %s", next.Path)
	}
}
