package verdict

import (
	"fmt"

	"github.com/gpuquote/gpuquote/internal/acceptance"
)

// Outcome is a verdict's decision on an automatic test. Status is Pass,
// Fail, Incomplete or Unproven; Upload is the index of the upload that
// decided it (the latest one when several agree), -1 when none did.
type Outcome struct {
	Test   acceptance.Test
	Status Status
	Upload int
	Check  Check
}

// testRule says which checks bear on a test. A test fails on any failing
// check that bears on it (a bad GPU on the trial cluster is a finding a
// later good run does not erase; a wrong upload is withdrawn instead);
// otherwise a passing check decides it; incomplete evidence alone leaves
// it incomplete, never passed.
type testRule struct {
	test acceptance.Test
	// bears reports a check that counts for the test.
	bears func(Check) bool
	// passes reports a check whose pass is enough evidence for the test.
	passes func(Check) bool
	// anyPass: one passing check is enough even if others failed (storage:
	// a dataset can be staged on the fastest path that was measured).
	anyPass bool
	// covers, when set, says whether the passing checks together cover
	// what the quote states (one NIC at line rate is not eight); short of
	// it, the test is unproven.
	covers func(passing []found) bool
}

// nicsCovered: the ports' summary covers every port it counted against
// the quoted NICs; perftest runs cover the NICs they name, which must be
// as many as the quote has per node.
func nicsCovered(passing []found) bool {
	need := 0
	devices := map[string]bool{}
	for _, f := range passing {
		if f.check.ID == "ib_ports" {
			return true
		}
		if n, ok := f.check.Args["NICs"].(int); ok && n > need {
			need = n
		}
		devices[fmt.Sprint(f.check.Args["Device"])] = true
	}
	return len(devices) >= need
}

func ids(list ...string) func(Check) bool {
	set := map[string]bool{}
	for _, id := range list {
		set[id] = true
	}
	return func(c Check) bool { return set[c.ID] }
}

// allReduceOnly keeps the checks of all_reduce runs: a failed alltoall or
// sendrecv says nothing about the all-reduce test.
func allReduceOnly(c Check) bool {
	if coll, ok := c.Args["Collective"].(string); ok {
		return coll == "all_reduce"
	}
	return c.ID == "nccl_span"
}

var rules = []testRule{
	{test: acceptance.GPUHealth,
		bears: ids("gpu_model", "gpu_mixed", "gpu_count", "gpu_memory", "gpu_driver", "gpu_ecc", "gpu_mig", "gpu_read_error", "dcgm_test", "dcgm_summary",
			"xid", "dcgm_health"),
		passes: ids("gpu_model", "dcgm_summary")},
	{test: acceptance.NCCLAllReduce,
		bears: func(c Check) bool {
			return ids("nccl_failed", "nccl_busbw", "nccl_latency", "nccl_incomplete", "nccl_validation", "nccl_omitted", "nccl_span")(c) && allReduceOnly(c)
		},
		passes: func(c Check) bool { return c.ID == "nccl_busbw" && allReduceOnly(c) }},
	{test: acceptance.Interconnect,
		bears:  ids("nvlink", "nvbw_pair", "nvbw_floor", "nvbw_failed", "nvlink_inactive", "nvlink_state"),
		passes: ids("nvlink", "nvbw_floor", "nvlink_state")},
	{test: acceptance.FabricLinks,
		bears:  ids("ib_port", "ib_ports", "perftest_bw", "perftest_failed"),
		passes: ids("ib_ports", "perftest_bw"), covers: nicsCovered},
	{test: acceptance.BurnIn,
		bears:  ids("burn_gpu", "burn_summary", "burn_count", "burn_dcgm", "burn_window"),
		passes: ids("burn_summary", "burn_dcgm")},
	{test: acceptance.StorageStaging, bears: ids("staging", "fio_error", "fio_incomplete"), passes: ids("staging"), anyPass: true},
	{test: acceptance.CheckpointIO, bears: ids("checkpoint", "fio_error", "fio_incomplete"), passes: ids("checkpoint"), anyPass: true},
}

type found struct {
	upload int
	check  Check
}

func decided(t acceptance.Test, st Status, f []found) Outcome {
	last := f[len(f)-1]
	return Outcome{Test: t, Status: st, Upload: last.upload, Check: last.check}
}

// outcomes decides every automatic test from all uploads together.
// order lists the uploads in the order they ran (see runOrder): of
// several that agree, the latest run decides.
func outcomes(reports []UploadReport, order []int) []Outcome {
	out := make([]Outcome, 0, len(rules))
	for _, r := range rules {
		out = append(out, r.decide(reports, order))
	}
	return out
}

func (r testRule) decide(reports []UploadReport, order []int) Outcome {
	var failing, passing, incomplete, open []found
	for _, i := range order {
		rep := reports[i]
		if rep.Status == Withdrawn {
			continue
		}
		for _, c := range rep.Checks {
			if !r.bears(c) && !runBears(r.test, c) {
				continue
			}
			switch {
			case c.Status == Fail || c.Status == Low:
				failing = append(failing, found{i, c})
			case (c.Status == Pass || c.Status == Info) && r.passes(c) && c.Args["Spans"] != false:
				passing = append(passing, found{i, c})
			case c.Status == Incomplete:
				incomplete = append(incomplete, found{i, c})
			case c.Status == Unproven:
				open = append(open, found{i, c})
			}
		}
	}
	switch {
	case r.anyPass && len(passing) > 0:
		return decided(r.test, Pass, passing)
	case len(failing) > 0:
		return decided(r.test, Fail, failing)
	case len(passing) > 0 && r.covers != nil && !r.covers(passing):
		return decided(r.test, Unproven, passing)
	case len(passing) > 0:
		// A complete, passing run decides; an incomplete one beside it is
		// not a failure, only a run that proves nothing.
		return decided(r.test, Pass, passing)
	case len(incomplete) > 0:
		return decided(r.test, Incomplete, incomplete)
	case len(open) > 0:
		return decided(r.test, Unproven, open)
	}
	return Outcome{Test: r.test, Status: Unproven, Upload: -1}
}

// gateBurnIn holds the burn-in test to the brief's hours: runs that all
// passed but burnt a node in for less than the brief asks are too short
// (low, not passed).
func gateBurnIn(tests []Outcome, g BurnInGate) {
	for i := range tests {
		if tests[i].Test == acceptance.BurnIn && tests[i].Status == Pass && g.Status == Low {
			tests[i].Status = Low
		}
	}
}
