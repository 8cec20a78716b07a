package verdict

import (
	"slices"
	"testing"

	"github.com/gpuquote/gpuquote/internal/benchlog"
)

// A run counts as measured throughput only when the benchmarks page
// accepts it for the quote; each reason it does not is named.
func TestThroughputEvidence(t *testing.T) {
	q := quoteOf(t, map[string]string{"gpu_model": "H100", "form_factor": "sxm", "gpus_per_node": "8", "nodes": "8",
		"inter_node_fabric": "infiniband", "nics_per_node": "8", "fabric_gbps_per_node": "3200"})
	exp, ok := QuoteExpectation(q)
	if !ok {
		t.Fatal("no reference for 8 × 8 H100 on InfiniBand")
	}
	good := benchlog.NCCLRun{Collective: "all_reduce", Nodes: 8, Ranks: 64, GPUModel: "NVIDIA H100 80GB HBM3", Network: "infiniband",
		JudgedBusBW: exp.Lo, JudgedSize: 1 << 30, PeakBusBW: exp.Lo}
	with := func(f func(*benchlog.NCCLRun)) benchlog.NCCLRun { r := good; f(&r); return r }
	for _, tc := range []struct {
		name string
		run  benchlog.NCCLRun
		want []string
	}{
		{"on the quoted GPU, fabric and nodes", good, nil},
		{"low is a measured shortfall", with(func(r *benchlog.NCCLRun) { r.JudgedBusBW = 0.75 * exp.Lo }), nil},
		{"the issue's T4 over EFA on 2 of 8 nodes", with(func(r *benchlog.NCCLRun) {
			r.GPUModel, r.Network, r.Nodes, r.Ranks, r.JudgedBusBW = "Tesla T4", "efa", 2, 2, 1.2
		}), []string{AsideGPU, AsideFabric, AsideNodes}},
		{"failed", with(func(r *benchlog.NCCLRun) { r.Failed = true }), []string{AsideFailed}},
		{"rccl", with(func(r *benchlog.NCCLRun) { r.Library = "rccl" }), []string{AsideRCCL}},
		{"did not finish", with(func(r *benchlog.NCCLRun) { r.Incomplete = true }), []string{AsideIncomplete}},
		{"no message of 1 GiB", with(func(r *benchlog.NCCLRun) { r.JudgedSize = 0 }), []string{AsideIncomplete}},
		{"results not checked", with(func(r *benchlog.NCCLRun) { r.ValidationOff = true }), []string{AsideUnproven}},
		{"above the class's ceiling", with(func(r *benchlog.NCCLRun) { r.JudgedBusBW = 10 * exp.Hi }), []string{AsideImpossible}},
	} {
		if got := ThroughputEvidence(q, tc.run); !slices.Equal(got, tc.want) {
			t.Errorf("%s: set aside for %v, want %v", tc.name, got, tc.want)
		}
	}
}
