package main

import (
	"os"
	"testing"

	"github.com/gpuquote/gpuquote/internal/auth"
)

// TestMain hashes the passwords the commands set (user add, user passwd,
// the demo's users) at auth's test cost: at the production cost each took
// 33 ms, and many times that under the race detector. auth's own tests
// test the production cost, and the README walkthrough's built binary
// uses it.
func TestMain(m *testing.M) {
	auth.UseTestParams()
	os.Exit(m.Run())
}
