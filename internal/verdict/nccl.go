package verdict

import (
	"github.com/gpuquote/gpuquote/internal/benchlog"
	"github.com/gpuquote/gpuquote/internal/quote"
)

// gib is the smallest message size at which busbw is judged: peak
// bandwidth needs at least 1 GiB (bench-reference.md §1.2).
const gib = 1 << 30

// smallMessage is the largest size whose time counts as small-message
// latency (8 B – 1 KiB).
const smallMessage = 1 << 10

// Efficiency thresholds of bench-reference.md §5: at least 90 % of the
// range's lower bound is as expected, 70–90 % low, below 70 % poor.
const (
	passEfficiency = 0.9
	lowEfficiency  = 0.7
	// latencySlack allows small-message times up to 1.5 × the range's
	// upper bound: they are read from single rows and jitter.
	latencySlack = 1.5
)

// RunNodes is the number of nodes a run spans: its hosts, or its ranks
// divided by the quote's GPUs per node when the log names no host. 0 means
// unknown.
func RunNodes(run benchlog.NCCLRun, q quote.Quote) int {
	if run.Nodes > 0 {
		return run.Nodes
	}
	per, ok := q.GPUsPerNode.Get()
	if ok && per > 0 && run.Ranks >= int(per) && run.Ranks%int(per) == 0 {
		return run.Ranks / int(per)
	}
	return 0
}

// RunExpectation is the reference row for one run: the quote's GPU (the
// run's own when the quote names none) and fabric, at the run's node and
// rank count.
func RunExpectation(run benchlog.NCCLRun, q quote.Quote) (Expectation, bool) {
	sh := quoteShape(q)
	if sh.GPU == "" {
		sh.GPU = family(run.GPUModel)
	}
	if n := RunNodes(run, q); n > 0 {
		sh.Nodes = n
	}
	if sh.Nodes <= 1 && run.Ranks > 0 {
		sh.Ranks = run.Ranks
	}
	if sh.Nodes > 1 && sh.Fabric == "" {
		return Expectation{}, false
	}
	return Expect(sh)
}

// JudgedPeak is the best busbw at sizes ≥ 1 GiB and the row it is on; ok
// is false when the run has no such size.
func JudgedPeak(run benchlog.NCCLRun) (bw float64, size int64, line int, ok bool) {
	for _, r := range run.Rows {
		if r.Size < gib {
			continue
		}
		for _, res := range []benchlog.NCCLResult{r.OutOfPlace, r.InPlace} {
			if res.Present && (!ok || res.BusBW > bw) {
				bw, size, line, ok = res.BusBW, r.Size, r.Line, true
			}
		}
	}
	return bw, size, line, ok
}

// peakLine is the line of the row holding run.PeakBusBW.
func peakLine(run benchlog.NCCLRun) int {
	for _, r := range run.Rows {
		if r.Size == run.PeakSize {
			return r.Line
		}
	}
	return run.StartLine
}

func ncclChecks(q quote.Quote, rep *benchlog.NCCLReport) []Check {
	var out []Check
	for i, run := range rep.Runs {
		n := i + 1
		if run.Failed {
			reason := ""
			if len(run.FailureReasons) > 0 {
				reason = run.FailureReasons[0]
			}
			out = append(out, Check{ID: "nccl_failed", Status: Fail, Key: "bench.check.nccl_failed", Line: run.EndLine,
				Args: map[string]any{"Run": n, "Collective": collective(run), "Reason": reason}})
			continue
		}
		if run.Collective != "all_reduce" {
			out = append(out, Check{ID: "nccl_other", Status: Info, Key: "bench.check.nccl_other", Line: peakLine(run),
				Args: map[string]any{"Run": n, "Collective": collective(run), "Measured": num(run.PeakBusBW, 2), "Size": Bytes(run.PeakSize)}})
			continue
		}
		out = append(out, busbwCheck(q, run, n))
		if c, ok := latencyCheck(q, run, n); ok {
			out = append(out, c)
		}
		if c, ok := spanCheck(q, run, n); ok {
			out = append(out, c)
		}
	}
	return out
}

func collective(run benchlog.NCCLRun) string {
	if run.Collective == "" {
		return "?"
	}
	return run.Collective
}

// busbwCheck scores the run's peak at ≥ 1 GiB against its class.
func busbwCheck(q quote.Quote, run benchlog.NCCLRun, n int) Check {
	exp, hasRef := RunExpectation(run, q)
	bw, size, line, big := JudgedPeak(run)
	if !big {
		bw, size, line = run.PeakBusBW, run.PeakSize, peakLine(run)
	}
	c := Check{ID: "nccl_busbw", Line: line, Args: map[string]any{"Run": n, "Measured": num(bw, 2), "Size": Bytes(size), "Nodes": RunNodes(run, q)}}
	switch {
	case hasRef && bw > exp.max():
		c.Status, c.Key = Fail, "bench.check.nccl_busbw_impossible"
		c.Args["Max"] = num(exp.max(), 0)
		c.Args["Class"] = exp.Class
	case !big:
		c.Status, c.Key = Unproven, "bench.check.nccl_busbw_small"
		c.Args["MaxSize"] = Bytes(run.MaxSize)
	case !hasRef || exp.Lo == 0:
		c.Status, c.Key = Unproven, "bench.check.nccl_busbw_noref"
	default:
		eff := bw / exp.Lo
		c.Key = "bench.check.nccl_busbw"
		c.Args["Lo"], c.Args["Hi"], c.Args["Class"] = num(exp.Lo, 0), num(exp.Hi, 0), exp.Class
		c.Args["Efficiency"] = num(100*eff, 0)
		switch {
		case eff >= passEfficiency:
			c.Status = Pass
		case eff >= lowEfficiency:
			c.Status = Low
		default:
			c.Status = Fail
		}
	}
	return c
}

// latencyCheck compares the small-message time with the class's, when
// both exist.
func latencyCheck(q quote.Quote, run benchlog.NCCLRun, n int) (Check, bool) {
	exp, ok := RunExpectation(run, q)
	if !ok || exp.LatHi == 0 || run.SmallMsgSize == 0 || run.SmallMsgSize > smallMessage {
		return Check{}, false
	}
	c := Check{ID: "nccl_latency", Key: "bench.check.nccl_latency", Status: Pass, Line: smallLine(run),
		Args: map[string]any{"Run": n, "Measured": num(run.SmallMsgLatencyUS, 1), "Size": Bytes(run.SmallMsgSize),
			"Lo": num(exp.LatLo, 0), "Hi": num(exp.LatHi, 0)}}
	if run.SmallMsgLatencyUS > latencySlack*exp.LatHi {
		c.Status = Low
	}
	return c, true
}

func smallLine(run benchlog.NCCLRun) int {
	for _, r := range run.Rows {
		if r.Size == run.SmallMsgSize {
			return r.Line
		}
	}
	return run.StartLine
}

// spanCheck asks whether a run covers the quoted nodes: a run on fewer
// nodes does not test the fabric at the size the vendor quoted.
func spanCheck(q quote.Quote, run benchlog.NCCLRun, n int) (Check, bool) {
	quoted, ok := q.Nodes.Get()
	if !ok || quoted <= 1 {
		return Check{}, false
	}
	nodes := RunNodes(run, q)
	c := Check{ID: "nccl_span", Line: run.StartLine, Args: map[string]any{"Run": n, "Measured": nodes, "Quoted": quoted, "Ranks": run.Ranks}}
	switch {
	case nodes == 0:
		c.Status, c.Key = Unproven, "bench.check.nccl_span_unknown"
	case int64(nodes) >= quoted:
		c.Status, c.Key = Pass, "bench.check.nccl_span"
	default:
		c.Status, c.Key = Unproven, "bench.check.nccl_span"
	}
	return c, true
}
