//go:build ignore

// testtimes reads `go test -json` on standard input and prints what go test
// would (each package's result, the output of failed tests), then the ten
// slowest tests and each package's time. It exits 1 when a test failed, and
// 2 when the whole run took longer than the budget in seconds given as its
// argument, so the suite's time cannot creep up unnoticed.
//
//	go test -json ./... | go run .ci/testtimes.go 720
package main

import (
	"bufio"
	"cmp"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"
)

type event struct {
	Action  string
	Package string
	Test    string
	Elapsed float64
	Output  string
}

type timing struct {
	name    string
	elapsed float64
}

func main() {
	budget := 0.0
	if len(os.Args) > 1 {
		budget, _ = strconv.ParseFloat(os.Args[1], 64)
	}
	start := time.Now()
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	pending := map[string][]string{} // a running test's output
	var tests, packages []timing
	failed := false
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 1<<26)
	for in.Scan() {
		var e event
		if err := json.Unmarshal(in.Bytes(), &e); err != nil {
			fmt.Fprintln(out, in.Text()) // a build error, not an event
			continue
		}
		key := e.Package + " " + e.Test
		switch {
		case e.Action == "build-output":
			fmt.Fprint(out, e.Output)
		case e.Action == "output" && e.Test == "":
			if e.Output != "PASS\n" { // go test shows only the "ok" line of a passing package
				fmt.Fprint(out, e.Output)
				out.Flush()
			}
		case e.Action == "output":
			pending[key] = append(pending[key], e.Output)
		case e.Test != "" && (e.Action == "pass" || e.Action == "fail" || e.Action == "skip"):
			if e.Action == "fail" {
				fmt.Fprint(out, strings.Join(pending[key], ""))
			}
			delete(pending, key)
			if !strings.Contains(e.Test, "/") {
				tests = append(tests, timing{short(e.Package) + " " + e.Test, e.Elapsed})
			}
		case e.Action == "pass" || e.Action == "fail":
			packages = append(packages, timing{short(e.Package), e.Elapsed})
		}
		failed = failed || e.Action == "fail" || e.Action == "build-fail"
	}
	total := time.Since(start).Seconds()
	byTime := func(a, b timing) int { return cmp.Compare(b.elapsed, a.elapsed) }
	slices.SortFunc(tests, byTime)
	slices.SortFunc(packages, byTime)
	fmt.Fprintln(out, "\nthe ten slowest tests (a parallel test's time includes its waits):")
	for _, t := range tests[:min(10, len(tests))] {
		fmt.Fprintf(out, "  %7.1f s  %s\n", t.elapsed, t.name)
	}
	fmt.Fprintln(out, "the slowest packages:")
	for _, p := range packages[:min(5, len(packages))] {
		fmt.Fprintf(out, "  %7.1f s  %s\n", p.elapsed, p.name)
	}
	fmt.Fprintf(out, "go test took %.0f s; the budget is %.0f s\n", total, budget)
	switch {
	case failed:
		out.Flush()
		os.Exit(1)
	case budget > 0 && total > budget:
		fmt.Fprintf(out, "the tests took longer than their budget of %.0f s: make the slowest faster (share a fixture, run in parallel) before raising it\n", budget)
		out.Flush()
		os.Exit(2)
	}
}

func short(pkg string) string { return strings.TrimPrefix(pkg, "github.com/gpuquote/gpuquote/") }
