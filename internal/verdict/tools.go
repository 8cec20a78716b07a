package verdict

import (
	"strconv"
	"strings"

	"github.com/gpuquote/gpuquote/internal/benchlog"
	"github.com/gpuquote/gpuquote/internal/quote"
)

// toolChecks judges the acceptance tools beyond the benchmarks.
func toolChecks(in Input, r *benchlog.Result) []Check {
	switch {
	case r.DCGMI != nil:
		out := dcgmChecks(in, r.DCGMI)
		if c, ok := burnDurationCheck(r); ok {
			out = append(out, c)
		}
		return out
	case r.NVBandwidth != nil:
		return nvbandwidthChecks(in, r.NVBandwidth)
	case r.NVLink != nil:
		return nvlinkChecks(in, r.NVLink)
	case r.Perftest != nil:
		var out []Check
		for _, run := range r.Perftest.Runs() {
			out = append(out, perftestChecks(in, run)...)
		}
		return out
	case r.IBStat != nil:
		return ibstatChecks(in, r.IBStat)
	case r.GPUBurn != nil:
		out := burnChecks(in, r.GPUBurn)
		if c, ok := burnDurationCheck(r); ok {
			out = append(out, c)
		}
		return out
	case r.KernelLog != nil:
		return kernelLogChecks(r.KernelLog)
	case r.DCGMHealth != nil:
		return dcgmHealthChecks(r.DCGMHealth)
	}
	return nil
}

// gpuIDs words a DCGM GPU list; nil means every GPU.
func gpuIDs(ids []int) string {
	if len(ids) == 0 {
		return "*"
	}
	parts := make([]string, len(ids))
	for i, g := range ids {
		parts[i] = strconv.Itoa(g)
	}
	return strings.Join(parts, ", ")
}

// dcgmChecks: every failed diagnostic fails GPU health, naming its GPUs; a
// warning is shown and keeps the test from passing silently; a skip is
// recorded.
func dcgmChecks(in Input, d *benchlog.DCGMReport) []Check {
	var out []Check
	passed, skipped, failed, warned := 0, 0, 0, 0
	for _, t := range d.Tests {
		for _, r := range t.Results {
			args := map[string]any{"Test": t.Name, "Category": orQ(t.Category), "GPUs": gpuIDs(r.GPUs)}
			switch r.Status {
			case "pass":
				passed++
			case "skip":
				skipped++
				out = append(out, Check{ID: "dcgm_test", Status: Info, Key: "bench.check.dcgm_skip", Line: t.Line, Args: args})
			case "warn":
				warned++
				out = append(out, Check{ID: "dcgm_test", Status: Unproven, Key: "bench.check.dcgm_warn", Line: t.Line, Args: args})
			case "fail":
				failed++
				out = append(out, Check{ID: "dcgm_test", Status: Fail, Key: "bench.check.dcgm_fail", Line: t.Line, Args: args})
			}
		}
		for _, w := range t.Warnings {
			warned++
			out = append(out, Check{ID: "dcgm_test", Status: Unproven, Key: "bench.check.dcgm_warning", Line: t.Line,
				Args: map[string]any{"Test": t.Name, "Text": w}})
		}
	}
	sum := Check{ID: "dcgm_summary", Status: Pass, Key: "bench.check.dcgm_summary",
		Args: map[string]any{"Passed": passed, "Skipped": skipped, "Failed": failed, "Warned": warned, "Level": levelText(d.Level), "GPUs": d.GPUs}}
	switch {
	case failed > 0:
		sum.Status = Fail
	case warned > 0:
		sum.Status = Unproven
	}
	if quoted, short := shortOfNode(in.Quote, d.GPUs); short && d.GPUs > 0 {
		// A diagnostic of fewer GPUs than the node has (dcgmi diag -i 0)
		// does not show the node.
		sum.Args["Spans"] = false
		out = append(out, Check{ID: "dcgm_test", Status: Unproven, Key: "bench.check.dcgm_gpus_missing",
			Args: map[string]any{"GPUs": d.GPUs, "Quoted": quoted}})
	}
	return append([]Check{sum}, out...)
}

// shortOfNode reports whether a log that shows shown GPUs shows fewer than
// the quote's GPUs per node (returned too): its passes then do not pass the
// node's test, as a run short of the quoted nodes does not.
func shortOfNode(q quote.Quote, shown int) (int64, bool) {
	quoted, ok := q.GPUsPerNode.Get()
	return quoted, ok && quoted > 0 && int64(shown) < quoted
}

func levelText(l int) string {
	if l == 0 {
		return "?"
	}
	return strconv.Itoa(l)
}

// nvbwFloors are the per-pair device-to-device read floors of health
// checks that publish one (bench-reference.md §5b).
var nvbwFloors = map[string]struct {
	floor  float64
	source string
}{
	famH100:  {316, "Crusoe autoclusters health checks: H100/H200 SXM ≥ 316 GB/s per pair (Azure HPC health checks use 335 for ND H100 v5)"},
	famH200:  {316, "Crusoe autoclusters health checks: H100/H200 SXM ≥ 316 GB/s per pair"},
	famA100:  {220, "Crusoe autoclusters health checks: A100 SXM ≥ 220 GB/s per pair"},
	"gb200":  {613, "Crusoe autoclusters health checks: GB200 ≥ 613 GB/s per pair"},
	famGH200: {316, "Crusoe autoclusters health checks: H100/H200 SXM ≥ 316 GB/s per pair"},
}

func nvbandwidthChecks(in Input, r *benchlog.NVBandwidthReport) []Check {
	fam := ""
	if m, ok := in.Quote.GPUModel.Get(); ok {
		fam = family(m)
	}
	if fam == "" && len(r.Devices) > 0 {
		fam = family(r.Devices[0])
	}
	var out []Check
	for _, f := range r.Failures {
		out = append(out, Check{ID: "nvbw_failed", Status: Fail, Key: "bench.check.nvbw_failed", Line: f.Line,
			Args: map[string]any{"Test": orQ(f.Test), "Text": f.Text}})
	}
	for _, t := range r.Tests {
		weak, strong, measured, na := t.Extremes()
		args := map[string]any{"Test": t.Name, "Weak": num(weak.GBs, 2), "WeakPair": pairText(weak), "Strong": num(strong.GBs, 2),
			"StrongPair": pairText(strong), "Measured": measured, "NA": na}
		c := Check{ID: "nvbw_pair", Status: Info, Key: "bench.check.nvbw_pair", Line: t.Line, Args: args}
		f, hasFloor := nvbwFloors[fam]
		// The floors are one direction's read between two GPUs: not a
		// bidirectional test's sub-tables (each direction under the other's
		// load, or their total).
		if hasFloor && strings.HasPrefix(t.Name, "device_to_device_memcpy_read") && measured > 0 {
			c.ID, c.Key = "nvbw_floor", "bench.check.nvbw_floor"
			args["Floor"], args["Source"] = num(f.floor, 0), f.source
			c.Status = Pass
			if weak.GBs < f.floor {
				c.Status = Fail
			}
			if na > 0 {
				// Every pair of an NVSwitch node has a peer path: N/A there is
				// a missing link, not topology.
				c.Status = Fail
				c.Key = "bench.check.nvbw_missing"
			}
			if quoted, short := shortOfNode(in.Quote, len(t.Rows)); short {
				// A matrix of fewer GPUs than the node has does not show the node.
				args["Spans"] = false
				out = append(out, c, Check{ID: "nvbw_pair", Status: Unproven, Key: "bench.check.nvbw_gpus_missing", Line: t.Line,
					Args: map[string]any{"Test": t.Name, "GPUs": len(t.Rows), "Quoted": quoted}})
				continue
			}
		}
		out = append(out, c)
	}
	return out
}

func pairText(p benchlog.Pair) string {
	kind := func(k string) string {
		if k == "" {
			return "GPU" // stored before the kinds were kept
		}
		return k
	}
	return kind(p.FromKind) + strconv.Itoa(p.From) + "→" + kind(p.ToKind) + strconv.Itoa(p.To)
}

func nvlinkChecks(in Input, r *benchlog.NVLinkReport) []Check {
	_, wants := wantsNVLink(in.Quote)
	bad := Info
	if wants {
		bad = Fail
	}
	var out []Check
	for _, g := range r.GPUs {
		var inactive []string
		var total float64
		for _, l := range g.Links {
			if !l.Active {
				inactive = append(inactive, strconv.Itoa(l.Link))
			}
			total += l.GBs
		}
		switch {
		case g.Unreadable != "":
			// MIG mode and NVML errors hide the links: nothing shows NVLink.
			out = append(out, Check{ID: "nvlink_inactive", Status: bad, Key: "bench.check.nvlink_unreadable", Line: g.UnreadableLine,
				Args: map[string]any{"GPU": g.Index, "Text": g.Unreadable}})
		case len(g.Links) == 0 && !g.AllInactive:
			// A GPU line with no link under it (nvidia-smi -L read as
			// nvlink): zero links never pass an NVLink claim.
			out = append(out, Check{ID: "nvlink_state", Status: Unproven, Key: "bench.check.nvlink_none", Line: g.Line,
				Args: map[string]any{"GPU": g.Index}})
		case g.AllInactive || (len(g.Links) > 0 && len(inactive) == len(g.Links)):
			out = append(out, Check{ID: "nvlink_inactive", Status: bad, Key: "bench.check.nvlink_all_inactive", Line: g.Line,
				Args: map[string]any{"GPU": g.Index}})
		case len(inactive) > 0:
			out = append(out, Check{ID: "nvlink_inactive", Status: bad, Key: "bench.check.nvlink_some_inactive", Line: g.Line,
				Args: map[string]any{"GPU": g.Index, "Links": strings.Join(inactive, ", ")}})
		case g.Abridged:
			out = append(out, Check{ID: "nvlink_state", Status: Unproven, Key: "bench.check.nvlink_abridged", Line: g.Line,
				Args: map[string]any{"GPU": g.Index, "Count": len(g.Links)}})
		default:
			out = append(out, Check{ID: "nvlink_state", Status: Pass, Key: "bench.check.nvlink_state", Line: g.Line,
				Args: map[string]any{"GPU": g.Index, "Count": len(g.Links), "Total": num(total, 0)}})
		}
	}
	quoted, short := shortOfNode(in.Quote, len(r.GPUs))
	if r.GPUsAbridged || short {
		// The GPUs shown may be fine; the node is not shown: their passes
		// do not pass interconnect (as a run short of the quoted nodes).
		for k := range out {
			if out[k].Status == Pass {
				out[k].Args["Spans"] = false
			}
		}
		out = append(out, Check{ID: "nvlink_state", Status: Unproven, Key: "bench.check.nvlink_gpus_missing",
			Args: map[string]any{"Listed": len(r.GPUs), "Quoted": quoted}})
	}
	return out
}

// perftestChecks holds one NIC's RDMA bandwidth against the quoted NIC
// speed: within about 10 % of line rate is healthy (bench-reference §5b).
func perftestChecks(in Input, r benchlog.PerftestRun) []Check {
	args := map[string]any{"Test": orQ(r.Test), "Device": orQ(r.Device), "QPs": r.QPs, "Link": orQ(r.LinkType)}
	if len(r.Failures) > 0 {
		// perftest said the run failed: quote it, whatever rows it printed.
		f := r.Failures[0]
		args["Text"] = f.Text
		return []Check{{ID: "perftest_failed", Status: Fail, Key: "bench.check.perftest_failed_line", Line: f.Line, Args: args}}
	}
	if len(r.Rows) == 0 {
		return []Check{{ID: "perftest_failed", Status: Fail, Key: "bench.check.perftest_failed", Args: args}}
	}
	if r.Latency {
		row := r.Rows[0]
		args["Bytes"], args["Typical"] = Bytes(row.Bytes), num(row.LatTyp, 2)
		return []Check{{ID: "perftest_lat", Status: Info, Key: "bench.check.perftest_lat", Line: row.Line, Args: args}}
	}
	// The average is what the link sustained over the run; the peak is its
	// best instant (a link averaging a third of line rate can peak near it).
	measured := r.Sustained()
	args["Measured"], args["Peak"] = num(measured, 2), num(r.PeakGbps, 2)
	c := Check{ID: "perftest_bw", Line: r.Line, Args: args}
	sh := quoteShape(in.Quote)
	if fab := sh.Fabric; fab != "" && r.LinkType != "" {
		eth := strings.EqualFold(r.LinkType, "Ethernet")
		if (fab == "infiniband" && eth) || (fab == "roce" && !eth) {
			c.Status, c.Key = Unproven, "bench.check.perftest_fabric"
			args["Quoted"] = string(fab)
			return []Check{c}
		}
	}
	if sh.NICGbps <= 0 {
		c.Status, c.Key = Unproven, "bench.check.perftest_noref"
		return []Check{c}
	}
	pct := measured / sh.NICGbps
	args["NICs"] = sh.NICs // for the suite: how many NICs the runs must cover
	c.Key, args["Quoted"], args["Pct"] = "bench.check.perftest_bw", num(sh.NICGbps, 0), num(100*pct, 0)
	switch {
	case pct >= PerftestPass:
		c.Status = Pass
	case pct >= PerftestLow:
		c.Status = Low
	default:
		c.Status = Fail
	}
	return []Check{c}
}
