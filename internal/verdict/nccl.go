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
	// upper bound: they are read from single rows and jitter. The limit
	// shown to the reader is this product, the one applied.
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

// runShape is the reference shape for one run: the quote's GPU (the run's
// own when the quote names none), fabric and NICs, at the run's node and
// rank count.
func runShape(run benchlog.NCCLRun, q quote.Quote) Shape {
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
	return sh
}

// RunExpectation is the reference row for one run's collective.
func RunExpectation(run benchlog.NCCLRun, q quote.Quote) (Expectation, bool) {
	sh := runShape(run, q)
	if sh.Nodes > 1 && sh.Fabric == "" {
		return Expectation{}, false
	}
	return ExpectCollective(run.Collective, sh)
}

// JudgedPeak is the best busbw at sizes ≥ 1 GiB and the row it is on; ok
// is false when the run has no such size.
func JudgedPeak(run benchlog.NCCLRun) (bw float64, size int64, line int, ok bool) {
	return run.JudgedBusBW, run.JudgedSize, run.JudgedLine, run.JudgedSize > 0
}

func ncclChecks(q quote.Quote, rep *benchlog.NCCLReport) []Check {
	var out []Check
	for i, run := range rep.Runs {
		n := i + 1
		base := map[string]any{"Run": n, "Collective": collective(run)}
		if run.Failed {
			reason := ""
			if len(run.FailureReasons) > 0 {
				reason = run.FailureReasons[0]
			}
			out = append(out, Check{ID: "nccl_failed", Status: Fail, Key: "bench.check.nccl_failed", Line: run.EndLine,
				Args: withArgs(base, "Reason", reason)})
			continue
		}
		if run.Library == "rccl" {
			// AMD GPUs on RCCL: named for what they are, never held against
			// an NVIDIA reference or counted as NVIDIA evidence.
			out = append(out, Check{ID: "nccl_rccl", Status: Unproven, Key: "bench.check.nccl_rccl", Line: run.StartLine,
				Args: withArgs(base, "GPU", orQ(run.GPUModel), "Measured", num(run.PeakBusBW, 2))})
			continue
		}
		for _, why := range run.IncompleteReasons {
			key := "bench.check.incomplete_" + why
			if why == benchlog.IncompleteNoFooter && run.HasAvgBusBW {
				key = "bench.check.incomplete_oob_line" // the Avg line is there: only the check's line is missing
			}
			out = append(out, Check{ID: "nccl_incomplete", Status: Incomplete, Key: key, Line: run.EndLine,
				Args: withArgs(base, "Last", Bytes(run.LastSize), "Max", Bytes(run.EffectiveMaxBytes))})
		}
		if run.DevicesAbridged {
			// The rank count then comes from busbw/algbw, which the test
			// computed from the real count: shown, not held against the run.
			out = append(out, Check{ID: "nccl_abridged", Status: Info, Key: "bench.check.nccl_abridged", Line: run.StartLine,
				Args: withArgs(base, "Ranks", run.Ranks)})
		}
		if run.ValidationOff {
			out = append(out, Check{ID: "nccl_validation", Status: Unproven, Key: "bench.check.nccl_validation", Line: run.StartLine, Args: base})
		}
		if c, ok := busbwCheck(q, run, n); ok {
			out = append(out, c)
		} else {
			out = append(out, Check{ID: "nccl_other", Status: Info, Key: "bench.check.nccl_other", Line: run.PeakLine,
				Args: withArgs(base, "Measured", num(run.PeakBusBW, 2), "Size", Bytes(run.PeakSize))})
		}
		if run.Collective != "all_reduce" {
			continue
		}
		if c, ok := latencyCheck(q, run, n); ok {
			out = append(out, c)
		}
		if c, ok := spanCheck(q, run, n); ok {
			out = append(out, c)
		}
	}
	for _, o := range rep.Omitted {
		out = append(out, omittedCheck(o))
	}
	return out
}

// with copies base and adds key/value pairs.
func withArgs(base map[string]any, kv ...any) map[string]any {
	m := make(map[string]any, len(base)+len(kv)/2)
	for k, v := range base {
		m[k] = v
	}
	for i := 0; i+1 < len(kv); i += 2 {
		m[kv[i].(string)] = kv[i+1]
	}
	return m
}

func collective(run benchlog.NCCLRun) string {
	if run.Collective == "" {
		return "?"
	}
	return run.Collective
}

// fabricOfNetwork maps the transport NCCL names to a quoted fabric.
func fabricOfNetwork(nw string) (quote.Fabric, bool) {
	switch nw {
	case "infiniband":
		return quote.FabricInfiniBand, true
	case "roce":
		return quote.FabricRoCE, true
	case "efa":
		return quote.FabricEFA, true
	case "socket":
		return quote.FabricEthernet, true
	}
	return "", false
}

// busbwCheck scores the run's peak at ≥ 1 GiB against the reference for
// its collective and the quote's shape; ok is false for a collective with
// no published reference at all (gather, broadcast ...).
func busbwCheck(q quote.Quote, run benchlog.NCCLRun, n int) (Check, bool) {
	if !hasReference(run.Collective) {
		return Check{}, false
	}
	sh := runShape(run, q)
	exp, hasRef := RunExpectation(run, q)
	bw, size, line, big := JudgedPeak(run)
	if !big {
		bw, size, line = run.PeakBusBW, run.PeakSize, run.PeakLine
	}
	c := Check{ID: "nccl_busbw", Line: line, Args: map[string]any{"Run": n, "Collective": collective(run), "Measured": num(bw, 2),
		"Size": Bytes(size), "Nodes": RunNodes(run, q), "Network": run.Network}}
	if quoted, ok := q.Nodes.Get(); ok && quoted > 1 {
		c.Args["Spans"] = int64(RunNodes(run, q)) >= quoted
	}
	ranFabric, known := fabricOfNetwork(run.Network)
	switch {
	case sh.Nodes > 1 && known && sh.Fabric != "" && ranFabric != sh.Fabric:
		c.Status, c.Key = Unproven, "bench.check.nccl_fabric_mismatch"
		c.Args["Ran"], c.Args["Quoted"] = string(ranFabric), string(sh.Fabric)
		return c, true
	case hasRef && bw > exp.max():
		c.Status, c.Key = Fail, "bench.check.nccl_busbw_impossible"
		c.Args["Max"], c.Args["Class"], c.Args["Source"] = num(exp.max(), 0), exp.Class, exp.Source
		return c, true
	case !big:
		c.Status, c.Key = Incomplete, "bench.check.nccl_busbw_small"
		c.Args["MaxSize"] = Bytes(run.MaxSize)
		return c, true
	case !hasRef && run.Collective != "all_reduce":
		// No band is known for this collective on this shape: it is
		// recorded, never held against another collective's band.
		c.Status, c.Key = Info, "bench.check.nccl_busbw_info"
		c.Args["Basis"] = basisOf(sh)
		return c, true
	case !hasRef || exp.Lo == 0:
		c.Status, c.Key = Unproven, "bench.check.nccl_busbw_noref"
		c.Args["Basis"] = basisOf(sh)
		return c, true
	}
	eff := bw / exp.Lo
	c.Key = "bench.check.nccl_busbw_band"
	c.Args["Lo"], c.Args["Hi"], c.Args["Class"], c.Args["Source"] = gbsNum(exp.Lo), gbsNum(exp.Hi), exp.Class, exp.Source
	c.Args["Basis"], c.Args["Efficiency"] = basisOf(sh), num(100*eff, 0)
	switch {
	case eff >= passEfficiency:
		c.Status = Pass
	case eff >= lowEfficiency:
		c.Status = Low
	default:
		c.Status = Fail
	}
	// A good number from a run that did not finish, or whose results were
	// not checked, proves nothing yet.
	if c.Status == Pass && run.Incomplete {
		c.Status = Incomplete
	} else if c.Status == Pass && run.ValidationOff {
		c.Status = Unproven
	}
	return c, true
}

// latencyCheck compares the small-message time with the class's, when
// both exist; the limit shown is the one applied.
func latencyCheck(q quote.Quote, run benchlog.NCCLRun, n int) (Check, bool) {
	exp, ok := RunExpectation(run, q)
	if !ok || exp.LatHi == 0 || run.SmallMsgSize == 0 || run.SmallMsgSize > smallMessage {
		return Check{}, false
	}
	if run.Ranks == 1 {
		return Check{}, false // one rank sends nothing: its "latency" is a local copy, or none in place
	}
	limit := latencySlack * exp.LatHi
	c := Check{ID: "nccl_latency", Key: "bench.check.nccl_latency_limit", Status: Pass, Line: run.SmallMsgLine,
		Args: map[string]any{"Run": n, "Collective": collective(run), "Measured": num(run.SmallMsgLatencyUS, 1),
			"Size": Bytes(run.SmallMsgSize), "Lo": num(exp.LatLo, 0), "Hi": num(exp.LatHi, 0), "Limit": gbsNum(limit)}}
	if run.SmallMsgLatencyUS > limit {
		c.Status = Low
	}
	return c, true
}

// spanCheck asks whether a run covers the quoted nodes: a run on fewer
// nodes does not test the fabric at the size the vendor quoted.
func spanCheck(q quote.Quote, run benchlog.NCCLRun, n int) (Check, bool) {
	quoted, ok := q.Nodes.Get()
	if !ok || quoted <= 1 {
		return Check{}, false
	}
	nodes := RunNodes(run, q)
	c := Check{ID: "nccl_span", Line: run.StartLine, Args: map[string]any{"Run": n, "Collective": collective(run), "Measured": nodes,
		"Quoted": quoted, "Ranks": run.Ranks,
		// Counted from the log's hosts, or worked out from its ranks and
		// the quoted GPUs per node (which cannot then prove the nodes).
		"Counted": run.Nodes > 0}}
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

// omittedCheck reports the runs past benchlog.MaxStoredRuns: a failure
// among them fails like any other.
func omittedCheck(o benchlog.NCCLOmitted) Check {
	c := Check{ID: "nccl_omitted", Status: Info, Key: "bench.check.nccl_omitted", Line: o.FirstLine,
		Args: map[string]any{"Collective": orQ(o.Collective), "Runs": o.Runs, "Failed": o.Failed, "Incomplete": o.Incomplete,
			"Best": num(o.BestBusBW, 2), "Worst": num(o.WorstBusBW, 2), "First": o.FirstLine, "Last": o.LastLine}}
	switch {
	case o.Failed > 0:
		c.Status, c.Line = Fail, o.FailLine
	case o.Incomplete > 0:
		c.Status = Incomplete
	}
	return c
}

// gbsNum shows a reference bound without decimals unless it has them.
func gbsNum(v float64) Num {
	if v == float64(int64(v)) {
		return num(v, 0)
	}
	return num(v, 1)
}
