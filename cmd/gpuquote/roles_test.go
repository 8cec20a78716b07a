package main

import (
	"bytes"
	"context"
	"io"
	"strings"
	"testing"

	"github.com/gpuquote/gpuquote/internal/auth"
)

// TestHelpAndRoleErrorNameEveryRole is issue 32: the finance role existed
// and `user add` accepted it, but `gpuquote help` and the error for a wrong
// --role listed four roles.
func TestHelpAndRoleErrorNameEveryRole(t *testing.T) {
	t.Parallel()
	var help bytes.Buffer
	if err := run(context.Background(), []string{"help"}, func(string) string { return "" }, nil, &help, io.Discard); err != nil {
		t.Fatal(err)
	}
	var flags bytes.Buffer
	if err := run(context.Background(), []string{"user", "add", "-h"}, func(string) string { return "" }, nil, &flags, io.Discard); err != nil {
		t.Fatal(err)
	}
	err := run(context.Background(), []string{"user", "add", "--email", "a@example.com", "--name", "A", "--role", "boss"},
		func(string) string { return "" }, strings.NewReader("a long pass phrase\n"), io.Discard, io.Discard)
	if err == nil {
		t.Fatal("user add --role boss was accepted")
	}
	for _, r := range auth.Roles {
		if !strings.Contains(help.String(), string(r)) {
			t.Errorf("gpuquote help does not name the %s role:\n%s", r, help.String())
		}
		if !strings.Contains(flags.String(), string(r)) {
			t.Errorf("user add -h does not name the %s role:\n%s", r, flags.String())
		}
		if !strings.Contains(err.Error(), string(r)) {
			t.Errorf("the error for a wrong role does not name the %s role: %v", r, err)
		}
	}
}
