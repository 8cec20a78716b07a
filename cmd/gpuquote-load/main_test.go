package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestRepeatRowsNamesEachProvider(t *testing.T) {
	path := filepath.Join(t.TempDir(), "q.csv")
	if err := os.WriteFile(path, []byte("provider,currency\nAcme,USD\nBeta,EUR\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	got, err := repeatRows(path, 3)
	if err != nil {
		t.Fatal(err)
	}
	if want := "provider,currency\nAcme 0,USD\nBeta 1,EUR\nAcme 2,USD\n"; got != want {
		t.Errorf("rows = %q, want %q", got, want)
	}
	if err := os.WriteFile(path, []byte("provider\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := repeatRows(path, 3); err == nil || !strings.Contains(err.Error(), "no quote rows") {
		t.Errorf("a header alone: %v", err)
	}
}

func TestPercentile(t *testing.T) {
	var ls []time.Duration
	for i := 100; i >= 1; i-- {
		ls = append(ls, time.Duration(i)*time.Millisecond)
	}
	if p50, p99 := percentile(ls, 0.5), percentile(ls, 0.99); p50 != 51*time.Millisecond || p99 != 100*time.Millisecond {
		t.Errorf("p50 %s, p99 %s", p50, p99)
	}
	if percentile(nil, 0.5) != 0 {
		t.Error("no requests must give 0")
	}
}
