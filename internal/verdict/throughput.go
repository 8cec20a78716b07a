package verdict

import (
	"slices"

	"github.com/gpuquote/gpuquote/internal/benchlog"
	"github.com/gpuquote/gpuquote/internal/quote"
)

// Why a run is set aside as throughput evidence for a quote. Each is a
// finding the benchmarks page shows for the same run.
const (
	AsideFailed     = "failed"     // the run failed
	AsideRCCL       = "rccl"       // AMD RCCL: not evidence for an NVIDIA quote
	AsideGPU        = "gpu"        // it ran on another GPU than the quoted one
	AsideFabric     = "fabric"     // it ran over another fabric than the quoted one
	AsideNodes      = "nodes"      // it spans fewer nodes than quoted, or an unknown number
	AsideIncomplete = "incomplete" // the sweep did not finish, or has no message of 1 GiB or more
	AsideUnproven   = "unproven"   // results not checked, or no reference to judge it by
	AsideImpossible = "impossible" // above what the class can deliver: a misparse or another cluster
)

// ThroughputEvidence says whether an all_reduce run counts as measured
// throughput for q: only a run the benchmarks page judges for that quote
// (right GPU, right fabric, enough of the quoted nodes, a finished and
// checked sweep with a judged busbw in or below the reference band)
// counts. A run judged low counts: it is a measured shortfall. aside
// lists why it does not, in the order above; empty when it counts.
func ThroughputEvidence(q quote.Quote, run benchlog.NCCLRun) (aside []string) {
	switch {
	case run.Failed:
		return []string{AsideFailed}
	case run.Library == "rccl":
		return []string{AsideRCCL}
	}
	if quoted, ok := q.GPUModel.Get(); ok && run.GPUModel != "" && !modelMatches(quoted, run.GPUModel) {
		aside = append(aside, AsideGPU)
	}
	for _, c := range ncclChecks(q, &benchlog.NCCLReport{Runs: []benchlog.NCCLRun{run}}) {
		switch {
		case c.ID == "nccl_busbw" && c.Key == "bench.check.nccl_fabric_mismatch":
			aside = append(aside, AsideFabric)
		case c.ID == "nccl_span" && c.Status != Pass:
			aside = append(aside, AsideNodes)
		case c.ID == "nccl_busbw" && c.Key == "bench.check.nccl_busbw_impossible":
			aside = append(aside, AsideImpossible)
		case c.ID == "nccl_busbw" && c.Status == Incomplete:
			aside = append(aside, AsideIncomplete)
		case c.ID == "nccl_busbw" && c.Status == Unproven:
			aside = append(aside, AsideUnproven)
		}
	}
	// A good figure from a sweep that did not finish, or whose results
	// were not checked, proves nothing, whatever band it falls in.
	if run.Incomplete && !slices.Contains(aside, AsideIncomplete) {
		aside = append(aside, AsideIncomplete)
	}
	if run.ValidationOff && !slices.Contains(aside, AsideUnproven) {
		aside = append(aside, AsideUnproven)
	}
	if quoted, ok := q.Nodes.Get(); (!ok || quoted <= 1) && RunNodes(run, q) < 2 {
		// A quote of one node (or of unstated nodes) has no fabric to
		// measure; a run on one node says nothing about one.
		aside = append(aside, AsideNodes)
	}
	return aside
}
