package verdict

import (
	"sort"
	"strconv"
	"strings"

	"github.com/gpuquote/gpuquote/internal/benchlog"
	"github.com/gpuquote/gpuquote/internal/quote"
)

// countedPort reports the ports the quote's fabric is about: InfiniBand
// ports for an InfiniBand quote, Ethernet ports for RoCE, every port when
// the quote names no fabric. Others (a front-end Ethernet port next to the
// IB rails) are listed but do not decide.
func countedPort(p benchlog.IBPort, fab quote.Fabric) bool {
	eth := strings.EqualFold(p.LinkLayer, "Ethernet")
	switch fab {
	case quote.FabricInfiniBand:
		return !eth
	case quote.FabricRoCE, quote.FabricEthernet:
		return eth
	}
	return true
}

// ibstatChecks: every rail Active/LinkUp at the quoted rate; a Down or
// Polling rail, or a lower rate, fails naming it. Ports that are not
// rails are listed as other ports; the tool's error lines are quoted, and
// one about a rail leaves the ports unproven as a whole.
func ibstatChecks(in Input, r *benchlog.IBStatReport) []Check {
	sh := quoteShape(in.Quote)
	rail := railPorts(r.Ports, sh)
	var out []Check
	var others []string
	counted, up, unseen := 0, 0, 0 // unseen: up, at a rate the log does not show
	layers := map[string]bool{}
	for i, p := range r.Ports {
		args := map[string]any{"CA": p.CA, "Port": p.Port, "State": orQ(p.State), "Phys": orQ(p.PhysState),
			"Rate": num(p.Rate, rateDigits(p.Rate)), "Layer": orQ(p.LinkLayer)}
		if !rail[i] {
			others = append(others, p.CA+"/"+strconv.Itoa(p.Port)+" "+p.LinkLayer+" "+num(p.Rate, rateDigits(p.Rate)).String()+" Gb/s "+p.State)
			if !p.Up() {
				out = append(out, Check{ID: "ib_other", Status: Info, Key: "bench.check.ib_other_down", Line: p.Line, Args: args})
			}
			continue
		}
		counted++
		layers[p.LinkLayer] = true
		switch {
		case !p.Up():
			out = append(out, Check{ID: "ib_port", Status: Fail, Key: "bench.check.ib_port_down", Line: p.Line, Args: args})
		case sh.NICGbps > 0 && p.Rate == 0:
			// An abridged ibstatus without its rate line: up, speed unseen.
			args["Quoted"] = num(sh.NICGbps, 0)
			out = append(out, Check{ID: "ib_port", Status: Unproven, Key: "bench.check.ib_port_rate_unknown", Line: p.Line, Args: args})
			unseen++
		case sh.NICGbps > 0 && p.Rate < sh.NICGbps:
			args["Quoted"] = num(sh.NICGbps, 0)
			out = append(out, Check{ID: "ib_port", Status: Fail, Key: "bench.check.ib_port_rate", Line: p.Line, Args: args})
		default:
			up++
		}
	}
	sum := Check{ID: "ib_ports", Status: Pass, Key: "bench.check.ib_ports",
		Args: map[string]any{"Up": up, "Counted": counted, "Layers": strings.Join(keys(layers), ", "), "Quoted": sh.NICs}}
	switch {
	case counted == 0:
		sum.Status, sum.Key = Unproven, "bench.check.ib_ports_none"
		sum.Args["Fabric"] = orQ(string(sh.Fabric))
	case up+unseen < counted:
		sum.Status = Fail
	case sh.NICs > 0 && counted < sh.NICs:
		sum.Status, sum.Key = Fail, "bench.check.ib_ports_few"
	case sh.NICGbps == 0:
		sum.Status, sum.Key = Unproven, "bench.check.ib_ports_norate"
	case unseen > 0:
		sum.Status = Unproven // a port's rate is not shown: the ports are not proven at the quoted speed
	}
	if len(others) > 0 {
		out = append(out, Check{ID: "ib_other", Status: Info, Key: "bench.check.ib_other_ports",
			Args: map[string]any{"Count": len(others), "Ports": strings.Join(others, "; ")}})
	}
	out = append(out, ibErrorChecks(r, rail, &sum)...)
	return append([]Check{sum}, out...)
}

// ibErrorChecks quotes ibstat's error lines. An error about a rail, about
// a device the output does not show (it may be a rail that could not be
// read) or about no device in particular is incomplete evidence, and the
// ports' pass waits for a clean run; one about an other port is a note.
func ibErrorChecks(r *benchlog.IBStatReport, rail []bool, sum *Check) []Check {
	var out []Check
	for _, e := range r.Errors {
		relied := true
		if e.CA != "" {
			shown, onRail := false, false
			for i, p := range r.Ports {
				if p.CA == e.CA {
					shown, onRail = true, onRail || rail[i]
				}
			}
			relied = !shown || onRail
		}
		c := Check{ID: "ib_error", Status: Info, Key: "bench.check.ib_error_other", Line: e.Line, Args: map[string]any{"Text": e.Text}}
		if relied {
			c.Status, c.Key = Incomplete, "bench.check.ib_error"
			if sum.Status == Pass || sum.Status == Unproven && sum.Key == "bench.check.ib_ports_none" {
				sum.Status = Incomplete
			}
			if len(r.Ports) == 0 {
				sum.Status = Fail // the tool stopped before it printed a port
			}
		}
		out = append(out, c)
	}
	return out
}

// railPorts marks the ports that are the quoted compute rails. Ports of
// the quoted fabric's link layer (countedPort) that are up at the quoted
// rate are rails; when fewer than the quoted NICs are, the likeliest
// others fill the gap as failed rails: the same adapter model as the rails
// found first, then the fastest. The rest (a 100G front-end port beside
// 400G rails) are other ports. Without a quoted NIC count and speed every
// port of the fabric's layer is a rail.
func railPorts(ports []benchlog.IBPort, sh Shape) []bool {
	rail := make([]bool, len(ports))
	var layer []int
	for i, p := range ports {
		if countedPort(p, sh.Fabric) {
			layer = append(layer, i)
		}
	}
	if sh.NICs == 0 || sh.NICGbps == 0 {
		for _, i := range layer {
			rail[i] = true
		}
		return rail
	}
	types := map[string]bool{}
	n := 0
	var rest []int
	for _, i := range layer {
		if p := ports[i]; p.Up() && p.Rate >= sh.NICGbps {
			rail[i], n = true, n+1
			types[p.CAType] = p.CAType != ""
			continue
		}
		rest = append(rest, i)
	}
	sort.SliceStable(rest, func(a, b int) bool {
		pa, pb := ports[rest[a]], ports[rest[b]]
		if ta, tb := types[pa.CAType], types[pb.CAType]; ta != tb {
			return ta
		}
		return pa.Rate > pb.Rate
	})
	for _, i := range rest {
		if n >= sh.NICs {
			break
		}
		rail[i], n = true, n+1
	}
	return rail
}

func keys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sortStrings(out)
	return out
}

// burnChecks: every GPU "OK" with work done and no errors; FAULTY, or OK
// with nothing computed, fails naming the GPU; a run without its final
// verdict is incomplete.
func burnChecks(in Input, r *benchlog.GPUBurnReport) []Check {
	var out []Check
	hot, hotGPU := 0.0, 0
	bad := 0
	for _, g := range r.GPUs {
		if g.MaxTempC > hot {
			hot, hotGPU = g.MaxTempC, g.Index
		}
		args := map[string]any{"GPU": g.Index, "Errors": int(g.Errors), "Verdict": orQ(g.Verdict)}
		switch {
		case !r.HasVerdict:
		case g.Verdict != "OK":
			bad++
			out = append(out, Check{ID: "burn_gpu", Status: Fail, Key: "bench.check.burn_faulty", Line: r.Line, Args: args})
		case g.Proc == 0 || g.Gflops == 0:
			bad++
			out = append(out, Check{ID: "burn_gpu", Status: Fail, Key: "bench.check.burn_idle", Line: r.Line, Args: args})
		case g.Errors != 0:
			bad++
			out = append(out, Check{ID: "burn_gpu", Status: Fail, Key: "bench.check.burn_errors", Line: r.Line, Args: args})
		}
	}
	sum := Check{ID: "burn_summary", Status: Pass, Key: "bench.check.burn_summary", Line: r.Line,
		Args: map[string]any{"GPUs": len(r.GPUs), "Bad": bad, "Temp": num(hot, 0), "HotGPU": hotGPU}}
	switch {
	case !r.HasVerdict:
		sum.Status, sum.Key = Incomplete, "bench.check.burn_incomplete"
		sum.Args["Progress"] = num(r.Progress, 1)
	case bad > 0:
		sum.Status = Fail
	case r.Progress > 0 && r.Progress < 99.5:
		// gpu-burn prints its verdict even when killed early (its last
		// update said 84.5 %): the burn-in did not run its length.
		sum.Status, sum.Key = Incomplete, "bench.check.burn_cut_short"
		sum.Args["Progress"] = num(r.Progress, 1)
	}
	out = append([]Check{sum}, out...)
	if per, ok := in.Quote.GPUsPerNode.Get(); ok && r.HasVerdict {
		st := Fail
		if int64(len(r.GPUs)) == per {
			st = Pass
		}
		out = append(out, Check{ID: "burn_count", Status: st, Key: "bench.check.gpu_count",
			Args: map[string]any{"Measured": len(r.GPUs), "Quoted": per}})
	}
	return out
}

// rateDigits shows a link rate as ibstat prints it: 2.5 (SDR x1) keeps its
// decimal, 400 none.
func rateDigits(r float64) int {
	if r != float64(int64(r)) {
		return 1
	}
	return 0
}
