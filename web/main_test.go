package web_test

import (
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"strconv"
	"testing"

	"github.com/gpuquote/gpuquote/internal/auth"
)

// TestMain runs the package's tests with one shared browser, and says once,
// without -v, how many browser tests were skipped for want of chromium.
//
// Unless -parallel is given, it runs up to four tests at once even on two
// cores: the tests mostly wait on PostgreSQL and on the browser, which are
// other processes, so go test's default (one per core) left the cores idle.
func TestMain(m *testing.M) {
	flag.Parse()
	// Users' passwords are hashed at a test cost: at the production one
	// (33 ms and 19 MiB each) the package's hundreds of sign-ins were a
	// good part of its CPU time. auth's tests test the production cost.
	auth.UseTestParams()
	given := false
	flag.Visit(func(f *flag.Flag) { given = given || f.Name == "test.parallel" })
	if !given {
		_ = flag.Set("test.parallel", strconv.Itoa(max(4, runtime.GOMAXPROCS(0))))
	}
	code := m.Run()
	stopSharedBrowser()
	demoFixture.Close()
	if n := shared.skipped.Load(); n > 0 {
		fmt.Fprintf(terminal(), "web: %d browser tests skipped: no chromium on PATH (apt-get install -y chromium fonts-noto-cjk)\n", n)
	}
	os.Exit(code)
}

// terminal is where a note to the person running the tests goes: go test
// shows nothing a passing package writes (without -v), so the note goes to
// the terminal itself when there is one, else to standard error.
func terminal() io.Writer {
	if tty, err := os.OpenFile("/dev/tty", os.O_WRONLY, 0); err == nil {
		return tty
	}
	return os.Stderr
}
