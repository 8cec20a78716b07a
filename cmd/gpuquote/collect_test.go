package main

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestCollectCommandLine(t *testing.T) {
	none := func(string) string { return "" }
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--quote", "3"}, "--server and --token are required"},
		{[]string{"--server", "http://x", "--token", "t"}, "--quote ID is required"},
		{[]string{"--server", "http://x", "--token", "t", "--quote", "3", "--hosts", "a", "--hostfile", "f"}, "not both"},
		{[]string{"--server", "http://x", "--token", "t", "--quote", "3", "--hostfile", "/nonexistent"}, "--hostfile"},
	} {
		err := run(context.Background(), append([]string{"collect"}, c.args...), none, nil, io.Discard, io.Discard)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: %v, want %q", c.args, err, c.want)
		}
	}
	f := filepath.Join(t.TempDir(), "hosts")
	if err := os.WriteFile(f, []byte("# the trial\ngpu-a slots=8\n\n gpu-b\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if hosts, err := hostList("", f); err != nil || !slices.Equal(hosts, []string{"gpu-a", "gpu-b"}) {
		t.Errorf("hostfile: %v %v", hosts, err)
	}
	if hosts, _ := hostList(" a, b ,", ""); !slices.Equal(hosts, []string{"a", "b"}) {
		t.Errorf("--hosts: %v", hosts)
	}
}
