package verdict

import (
	"slices"
	"time"

	"github.com/gpuquote/gpuquote/internal/acceptance"
	"github.com/gpuquote/gpuquote/internal/benchlog"
	"github.com/gpuquote/gpuquote/internal/brief"
)

// RunInfo is what `gpuquote collect` recorded about the run an upload
// came from; nil for an upload by hand.
type RunInfo struct {
	// Test is the acceptance test whose verdict the exit status counts
	// for; "" when the exit status says nothing about the cluster (a
	// kernel log the user may not read).
	Test     acceptance.Test
	Hosts    []string
	Start    time.Time
	End      time.Time
	Exit     int
	TimedOut bool
}

func (r *RunInfo) failed() bool { return r != nil && (r.Exit != 0 || r.TimedOut) }

// withRun applies what the collector knows to a parsed log: an nccl-tests
// log that names no host spans the hosts it was launched on, not a node
// count guessed from its ranks. The stored result is not changed.
func withRun(u Upload) *benchlog.Result {
	r := u.Result
	if r == nil || u.Run == nil || r.NCCL == nil || len(u.Run.Hosts) < 2 {
		return r
	}
	cp := *r
	nccl := *r.NCCL
	nccl.Runs = append([]benchlog.NCCLRun(nil), r.NCCL.Runs...)
	for i := range nccl.Runs {
		if nccl.Runs[i].Nodes == 0 {
			nccl.Runs[i].Nodes = len(u.Run.Hosts)
		}
	}
	cp.NCCL = &nccl
	return &cp
}

// runChecks are the collector's findings: a tool that exited non-zero or
// was timed out is a failed run of the test it feeds; a burn-in shorter
// than the brief's is not a burn-in (its summary then proves nothing).
func runChecks(b brief.Brief, u Upload, checks []Check) []Check {
	run := u.Run
	if run == nil {
		return checks
	}
	if run.failed() && run.Test != "" {
		exit := run.Exit
		if run.TimedOut && exit == 0 {
			exit = -1
		}
		checks = append([]Check{{ID: "run_exit", Status: Fail, Key: "bench.check.run_exit",
			Args: map[string]any{"Exit": exit, "Test": string(run.Test)}}}, checks...)
	}
	want, ok := b.Float("burn_in_hours")
	if !ok || want <= 0 || u.Result == nil || u.Result.GPUBurn == nil || run.End.Before(run.Start) {
		return checks
	}
	ran := run.End.Sub(run.Start).Hours()
	c := Check{ID: "burn_window", Status: Pass, Key: "bench.check.burn_window_ok", Args: map[string]any{"Ran": num(ran, 1), "Hours": num(want, 1)}}
	if ran < want*0.99 {
		c.Status, c.Key = Incomplete, "bench.check.burn_window"
		for i := range checks {
			if checks[i].ID == "burn_summary" {
				checks[i].Args["Spans"] = false
			}
		}
	}
	return append(checks, c)
}

// runBears reports a run_exit check that counts for test t.
func runBears(t acceptance.Test, c Check) bool {
	return c.ID == "run_exit" && c.Args["Test"] == string(t)
}

// runOrder is the uploads' indices in the order they ran: the uploads the
// collector recorded take their places among themselves by when they
// ended (an offline folder uploaded later is not newer than what ran
// after it); uploads by hand keep their upload order.
func runOrder(uploads []Upload) []int {
	order := make([]int, len(uploads))
	var slots, timed []int
	for i, u := range uploads {
		order[i] = i
		if u.Run != nil {
			slots, timed = append(slots, i), append(timed, i)
		}
	}
	slices.SortStableFunc(timed, func(a, b int) int { return uploads[a].Run.End.Compare(uploads[b].Run.End) })
	for k, slot := range slots {
		order[slot] = timed[k]
	}
	return order
}
