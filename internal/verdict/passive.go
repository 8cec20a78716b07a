package verdict

import (
	"github.com/gpuquote/gpuquote/internal/benchlog"
)

// XidCode is an Xid number in a finding's arguments; the web layer names
// it with its meaning from the message catalogue (bench.xid.<code>).
type XidCode int

// MemoryFault is a page-retirement or row-remapping fault nvidia-smi -q
// shows ("row remapping pending"); the web layer words it
// (bench.memory_fault.<fault>).
type MemoryFault string

// maxXidChecks bounds the findings one kernel log yields; the events past
// it are summed in one.
const maxXidChecks = 32

// kernelLogChecks names every Xid the excerpt holds. A fatal one (NVIDIA's
// catalogue wants the GPU reset, the node rebooted or serviced) fails GPU
// health; one that wants watching leaves it unproven; one an application
// caused is recorded. An excerpt without any Xid is a clean kernel log.
func kernelLogChecks(r *benchlog.KernelLogReport) []Check {
	if len(r.Xids) == 0 && r.XidsOmitted == 0 {
		return []Check{{ID: "xid_clean", Status: Pass, Key: "bench.check.xid_clean",
			Args: map[string]any{"Lines": r.DriverLines, "Hosts": len(r.Hosts)}}}
	}
	var out []Check
	for i, ev := range r.Xids {
		if i >= maxXidChecks {
			out = append(out, Check{ID: "xid_more", Status: Info, Key: "bench.check.xid_more",
				Args: map[string]any{"Count": len(r.Xids) - i + r.XidsOmitted}})
			break
		}
		out = append(out, xidCheck(ev))
	}
	return out
}

func xidCheck(ev benchlog.XidEvent) Check {
	info, _ := benchlog.Xid(ev.Code)
	c := Check{ID: "xid", Key: "bench.check.xid", Line: ev.Line, Args: map[string]any{"Code": ev.Code, "Meaning": XidCode(ev.Code),
		"Host": orQ(ev.Host), "PCI": orQ(ev.PCI), "Time": orQ(ev.Time), "Severity": info.Severity, "Source": benchlog.XidSource}}
	switch info.Severity {
	case benchlog.XidFatal:
		c.Status = Fail
	case benchlog.XidAttention:
		c.Status = Unproven
	default:
		c.Status = Info
	}
	return c
}

// dcgmHealthChecks: DCGM's overall health decides (Healthy passes, a
// Warning leaves GPU health unproven, a Failure fails it); each incident
// is quoted.
func dcgmHealthChecks(r *benchlog.DCGMHealthReport) []Check {
	c := Check{ID: "dcgm_health", Key: "bench.check.dcgm_health", Line: r.Line,
		Args: map[string]any{"Overall": r.Overall, "Incidents": len(r.Incidents)}}
	switch r.Overall {
	case "healthy":
		c.Status = Pass
	case "warning":
		c.Status = Unproven
	default:
		c.Status = Fail
	}
	out := []Check{c}
	for _, in := range r.Incidents {
		st := Unproven
		if in.Status == "failure" {
			st = Fail
		}
		gpu := "?"
		if in.GPU >= 0 {
			gpu = gpuIDs([]int{in.GPU})
		}
		out = append(out, Check{ID: "dcgm_health", Status: st, Key: "bench.check.dcgm_health_incident", Line: in.Line,
			Args: map[string]any{"GPU": gpu, "System": orQ(in.System), "Text": orQ(in.Text)}})
	}
	return out
}

// burnHours is how long an upload burnt its GPUs in, by its own log, and
// whether it is a burn-in at all (gpu-burn, or dcgmi diag at level 3 or
// 4) and passed.
func burnHours(r *benchlog.Result) (hours float64, isBurn, failed bool) {
	switch {
	case r == nil:
	case r.GPUBurn != nil:
		failed = !r.GPUBurn.HasVerdict
		for _, g := range r.GPUBurn.GPUs {
			failed = failed || g.Verdict != "OK" || g.Errors != 0
		}
		return r.GPUBurn.RanSeconds() / 3600, true, failed
	case r.DCGMI != nil && r.DCGMI.Level >= 3:
		for _, t := range r.DCGMI.Tests {
			for _, res := range t.Results {
				failed = failed || res.Status == "fail"
			}
		}
		return r.DCGMI.DurationSeconds / 3600, true, failed
	}
	return 0, false, false
}

// burnDurationCheck records how long one run burnt in; the burn-in gate
// adds the runs up per node and holds them against the brief.
// A dcgmi diag at level 3 or 4 is a burn-in of its own: it passes or
// fails the burn-in test as its diagnostics did.
func burnDurationCheck(r *benchlog.Result) (Check, bool) {
	h, isBurn, failed := burnHours(r)
	if !isBurn {
		return Check{}, false
	}
	c := Check{ID: "burn_duration", Status: Info, Key: "bench.check.burn_duration", Args: map[string]any{"Hours": num(h, 1)}}
	if h == 0 {
		c.Key, c.Args = "bench.check.burn_duration_unknown", nil
	}
	if r.DCGMI != nil {
		c.ID, c.Status = "burn_dcgm", Pass
		if failed {
			c.Status = Fail
		}
	}
	return c, true
}
