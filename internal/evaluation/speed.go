package evaluation

import (
	"github.com/gpuquote/gpuquote/internal/benchlog"
	"github.com/gpuquote/gpuquote/internal/brief"
	"github.com/gpuquote/gpuquote/internal/gpu"
	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/internal/store"
	"github.com/gpuquote/gpuquote/internal/tco"
	"github.com/gpuquote/gpuquote/internal/verdict"
)

// applySpeeds sets each priced quote's relative throughput before the
// worksheet is computed, so the cost per useful unit counts slow or
// fragmented capacity at its speed.
func (a *Analysis) applySpeeds() {
	runs := make(map[int64][]store.AllReduceRun, len(a.Quotes))
	for _, r := range a.AllReduce {
		runs[r.QuoteID] = append(runs[r.QuoteID], r)
	}
	for i, sq := range a.Quotes {
		a.Inputs[i].Speed = speedFor(sq.Quote, a.Inputs[i], a.Brief.Data, runs[sq.ID])
	}
}

// WorkloadBoundField is the brief field that says what limits the work
// (compute, memory or mixed); empty or absent reads as compute, which the
// worksheet names as a default.
const WorkloadBoundField = "workload_bound"

// speedFor judges one quote: its GPU against the brief's target GPU, and
// for a multi-node quote its all-reduce bandwidth — measured on its
// uploads when a run counts as evidence for it (the benchmarks page
// accepts it: right GPU, fabric and nodes), else the bench reference for
// its fabric — against the brief's target (or, without one, the
// reference for its own fabric, so only a measured shortfall counts).
// Runs set aside are named with the reason.
func speedFor(q quote.Quote, in tco.Quote, b brief.Brief, runs []store.AllReduceRun) tco.Speed {
	s := tco.SpeedInput{GPU: in.GPUModel, MultiNode: in.Nodes > 1, CommShare: tco.DefaultCommShare.Value,
		Bound: b[WorkloadBoundField]}
	if opt, ok := gpu.OptionByKey(b["target_gpu"]); ok {
		s.BaselineGPU = opt.Label
	}
	// A quote without a node count is priced at the brief's (in.Nodes):
	// its speed is judged at the same count, or leaving the count out
	// would make a quote look faster, hence cheaper.
	if _, ok := q.Nodes.Get(); !ok && in.Nodes > 0 {
		q.Nodes = quote.Of(int64(in.Nodes))
	}
	ref := 0.0
	if e, ok := verdict.QuoteExpectation(q); ok {
		ref = e.Lo
	} else if s.MultiNode {
		// No reference row for this fabric: the speed is a range down to
		// the link rate the quote states, or the slowest reference fabric,
		// against the brief's target or else what a reference InfiniBand
		// fabric gives the same cluster.
		s.FabricUnknown = true
		if g, ok := q.FabricGbpsPerNode.Get(); ok {
			s.LinkGbps = g.Float64()
		}
		ib := q
		ib.InterNodeFabric = quote.Of(quote.FabricInfiniBand)
		if e, ok := verdict.QuoteExpectation(ib); ok {
			s.TargetBusBW = e.Lo
		} else if s.BaselineGPU != "" {
			ib.GPUModel = quote.Of(s.BaselineGPU)
			if e, ok := verdict.QuoteExpectation(ib); ok {
				s.TargetBusBW = e.Lo
			}
		}
	}
	s.BusBW = ref
	if ref > 0 {
		s.TargetBusBW = ref
	}
	bw, aside := measuredAllReduce(q, runs)
	if bw > 0 {
		s.BusBW, s.Measured = bw, true
	}
	if s.MultiNode {
		s.SetAside = aside
	}
	if t, ok := b.Float("allreduce_target_gbs"); ok && t > 0 {
		s.TargetBusBW, s.TargetFromBrief = t, true
	}
	return tco.SpeedOf(s)
}

// measuredAllReduce is the best judged busbw of the quote's all_reduce
// runs that count as evidence for it (0 when none does), and the runs
// set aside with why.
func measuredAllReduce(q quote.Quote, runs []store.AllReduceRun) (float64, []tco.SetAsideRun) {
	best := 0.0
	var aside []tco.SetAsideRun
	for _, r := range runs {
		run := benchlog.NCCLRun{Collective: "all_reduce", Failed: r.Failed, Nodes: r.Nodes, Ranks: r.Ranks, GPUModel: r.GPUModel,
			Network: r.Network, Library: r.Library, Incomplete: r.Incomplete, ValidationOff: r.ValidationOff,
			JudgedBusBW: r.BusBW, JudgedSize: r.JudgedSize, PeakBusBW: r.PeakBusBW}
		if why := verdict.ThroughputEvidence(q, run); len(why) > 0 {
			aside = append(aside, tco.SetAsideRun{File: r.File, Run: r.Run, Why: why})
			continue
		}
		if r.BusBW > 0 {
			best = max(best, r.BusBW)
		}
	}
	return best, aside
}
