package verdict

import (
	"testing"
	"time"

	"github.com/gpuquote/gpuquote/internal/acceptance"
	"github.com/gpuquote/gpuquote/internal/brief"
)

func spanStatus(rep UploadReport) Status {
	for _, c := range rep.Checks {
		if c.ID == "nccl_span" {
			return c.Status
		}
	}
	return ""
}

// The collector's hosts say how many nodes a log that names none spanned.
func TestRunHostsCountTheNodes(t *testing.T) {
	q := quoteOf(t, map[string]string{"gpu_model": "H100 SXM", "nodes": "2", "inter_node_fabric": "infiniband"})
	u := sample(t, "nccl/h100-2node-16gpu-nebius-ib-hash-stripped.txt")
	before := Evaluate(Input{Quote: q, Uploads: []Upload{u}})
	if st := spanStatus(before.Uploads[0]); st != Unproven {
		t.Fatalf("without hosts the span is %q, want unproven", st)
	}
	u.Run = &RunInfo{Test: acceptance.NCCLAllReduce, Hosts: []string{"gpu-a", "gpu-b"}, Start: time.Now(), End: time.Now()}
	after := Evaluate(Input{Quote: q, Uploads: []Upload{u}})
	if st := spanStatus(after.Uploads[0]); st != Pass {
		t.Errorf("launched on two hosts, the span is %q, want pass", st)
	}
	if u.Result.NCCL.Runs[0].Nodes != 0 {
		t.Error("the stored result was changed")
	}
}

// A tool that exited non-zero fails the test it feeds, even with no log
// to read; a kernel log the user could not read fails nothing.
func TestFailedRunFailsItsTest(t *testing.T) {
	run := &RunInfo{Test: acceptance.GPUHealth, Hosts: []string{"gpu-a"}, Exit: 1, Start: time.Now(), End: time.Now()}
	rep := Evaluate(Input{Uploads: []Upload{{Name: "dcgmi-diag.log", Run: run}}})
	if rep.Uploads[0].Status != Fail || outcome(rep, acceptance.GPUHealth) != Fail {
		t.Errorf("upload %s, gpu_health %s; want both fail", rep.Uploads[0].Status, outcome(rep, acceptance.GPUHealth))
	}
	quiet := &RunInfo{Hosts: []string{"gpu-a"}, Exit: 1, Start: time.Now(), End: time.Now()}
	rep = Evaluate(Input{Uploads: []Upload{{Name: "dmesg-xid.log", Run: quiet}}})
	if outcome(rep, acceptance.GPUHealth) == Fail {
		t.Error("an unjudged exit status failed gpu_health")
	}
}

// The run's start and end bound the burn-in: a clean gpu-burn shorter than
// the brief's burn-in does not pass it.
func TestBurnInWindowFromTheRun(t *testing.T) {
	q := quoteOf(t, map[string]string{"gpu_model": "A100 SXM", "gpus_per_node": "8"})
	u := sample(t, "gpu-burn/superbench-a100x8-doubles-tc-cr-progress.txt")
	start := time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)
	b := brief.Brief{"burn_in_hours": "24"}
	base := Evaluate(Input{Quote: q, Brief: b, Uploads: []Upload{u}})
	if outcome(base, acceptance.BurnIn) != Pass {
		t.Skipf("the sample alone does not pass burn-in (%s)", outcome(base, acceptance.BurnIn))
	}
	u.Run = &RunInfo{Test: acceptance.BurnIn, Hosts: []string{"gpu-a"}, Start: start, End: start.Add(2 * time.Hour)}
	if got := outcome(Evaluate(Input{Quote: q, Brief: b, Uploads: []Upload{u}}), acceptance.BurnIn); got == Pass {
		t.Error("a 2 h run passed a 24 h burn-in")
	}
	u.Run.End = start.Add(24 * time.Hour)
	if got := outcome(Evaluate(Input{Quote: q, Brief: b, Uploads: []Upload{u}}), acceptance.BurnIn); got != Pass {
		t.Errorf("a full 24 h run: %s", got)
	}
}

// Of two passing runs, the one that ran last decides, whatever the order
// they were uploaded in.
func TestLatestRunDecides(t *testing.T) {
	q := quoteOf(t, map[string]string{"gpu_model": "H100 SXM", "gpus_per_node": "8"})
	early, late := sample(t, "nvidia-smi/h100-8gpu-table-550.txt"), sample(t, "nvidia-smi/h100-8gpu-table-550.txt")
	t0 := time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)
	early.Run = &RunInfo{Hosts: []string{"a"}, Start: t0, End: t0.Add(time.Minute)}
	late.Run = &RunInfo{Hosts: []string{"a"}, Start: t0.Add(time.Hour), End: t0.Add(time.Hour + time.Minute)}
	rep := Evaluate(Input{Quote: q, Uploads: []Upload{late, early}})
	for _, o := range rep.Tests {
		if o.Test == acceptance.GPUHealth && (o.Status != Pass || o.Upload != 0) {
			t.Errorf("gpu_health decided by upload %d (%s), want the later run, upload 0", o.Upload, o.Status)
		}
	}
	if got := runOrder([]Upload{{}, late, {}, early}); got[1] != 3 || got[3] != 1 || got[0] != 0 || got[2] != 2 {
		t.Errorf("runOrder = %v", got)
	}
}
