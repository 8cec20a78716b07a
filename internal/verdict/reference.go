package verdict

import (
	"strconv"

	"github.com/gpuquote/gpuquote/internal/quote"
)

// Expectation is what an all_reduce run should reach on one class of
// cluster: nccl-tests busbw in GB/s at large messages and, where published,
// small-message latency in µs. The figures are published ranges, each
// achieved and published by a third party; Source cites them.
type Expectation struct {
	// Class names the row for the message catalog: "bench.class.<Class>".
	Class string `json:"class"`
	// Lo and Hi bound the expected peak busbw. Both are 0 for classes with
	// only a physical ceiling (PCIe without NVLink).
	Lo float64 `json:"lo_gbs"`
	Hi float64 `json:"hi_gbs"`
	// Ceiling is the most the class can deliver; a result above it is a
	// misparse or a different cluster. 0 means 1.1 × Hi.
	Ceiling float64 `json:"ceiling_gbs,omitempty"`
	// LatLo and LatHi bound the small-message (8 B – 1 KiB) time; 0 when
	// no source gives one.
	LatLo  float64 `json:"latency_lo_us,omitempty"`
	LatHi  float64 `json:"latency_hi_us,omitempty"`
	Source string  `json:"source"`
}

// max is the ceiling above which a result is impossible.
func (e Expectation) max() float64 {
	if e.Ceiling > 0 {
		return e.Ceiling
	}
	return 1.1 * e.Hi
}

// Shape is what selects a reference row: the GPU family, the fabric
// between nodes (or inside the node for one node), nodes and ranks.
type Shape struct {
	GPU      string // family, see family()
	Intra    quote.IntraNode
	Fabric   quote.Fabric
	Nodes    int
	Ranks    int     // 0 when unknown
	NICs     int     // NICs per node, 0 when not stated
	NICGbps  float64 // speed of one NIC in Gb/s, 0 when the quote does not give it
	PCIeOnly bool
}

// Basis is the part of the quote a reference row was chosen from, so a
// verdict can say where its band came from.
type Basis struct {
	GPU     string  `json:"gpu,omitempty"`
	Nodes   int     `json:"nodes"`
	Ranks   int     `json:"ranks,omitempty"`
	Fabric  string  `json:"fabric,omitempty"`
	NICs    int     `json:"nics,omitempty"`
	NICGbps float64 `json:"nic_gbps,omitempty"`
}

func basisOf(sh Shape) Basis {
	return Basis{GPU: sh.GPU, Nodes: sh.Nodes, Ranks: sh.Ranks, Fabric: string(sh.Fabric), NICs: sh.NICs, NICGbps: sh.NICGbps}
}

// referenced collectives: the ones bench-reference.md publishes runs for.
func hasReference(coll string) bool {
	switch coll {
	case "all_reduce", "all_gather", "reduce_scatter", "alltoall", "sendrecv":
		return true
	}
	return false
}

// ExpectCollective returns the reference row for one collective on sh.
// all_reduce has the full table (Expect); the others have the published
// runs of bench-reference.md §3: inside a node they ride NVLink, across
// nodes alltoall and sendrecv measure one NIC ("alltoall cannot aggregate
// the bandwidth of multiple NICs").
func ExpectCollective(coll string, sh Shape) (Expectation, bool) {
	if coll == "all_reduce" {
		return Expect(sh)
	}
	if sh.Nodes <= 1 {
		switch {
		case hopper(sh.GPU) && sh.Ranks >= 8:
			band := hopperNode[coll]
			return Expectation{Class: "nvlink4_8gpu_" + coll, Lo: band[0], Hi: band[1],
				Source: "xxrjun/nccl-tests-cluster example-cluster01 single-node summary.md (1×8 H100 SXM)"}, true
		case sh.GPU == famB200 && sh.Ranks >= 8 && coll == "all_gather":
			return Expectation{Class: "nvlink5_8gpu_all_gather", Lo: 667, Hi: 681,
				Source: "togethercomputer/together-nccl-tests use3a-ss report (B200 1 node, NVLS 667–681)"}, true
		case sh.GPU == famB200 && sh.Ranks >= 8 && coll == "sendrecv":
			return Expectation{Class: "nvlink5_8gpu_sendrecv", Lo: 642, Hi: 657,
				Source: "togethercomputer/together-nccl-tests use3a-ss report (B200 1 node, 642–657)"}, true
		}
		return Expectation{}, false
	}
	if sh.Fabric != quote.FabricInfiniBand && sh.Fabric != quote.FabricRoCE {
		return Expectation{}, false
	}
	switch coll {
	case "alltoall":
		return alltoallBand(sh)
	case "sendrecv":
		// Across nodes sendrecv is bound by the one pair of ranks that
		// crosses a node boundary, not by the ring's bus bandwidth nor by
		// every rank's NIC share: the published 10×8 H100 sweep on 8×400G
		// measured 15.3 GB/s beside an all-reduce of 364. No band fits it:
		// the collective is shown, not judged.
		return Expectation{}, false
	case "all_gather", "reduce_scatter":
		if (hopper(sh.GPU) || sh.GPU == famB200) && sh.Nodes >= 3 && (sh.NICs == 0 || sh.NICs >= 8) && (sh.NICGbps == 0 || sh.NICGbps == 400) {
			return Expectation{Class: "ib_ndr_multinode_" + coll, Lo: 290, Hi: 324,
				Source: "xxrjun/nccl-tests-cluster multi-node summary.md (10×8 H100: all_gather 324, reduce_scatter 323)"}, true
		}
		if sh.GPU == famB200 && sh.Nodes == 2 && coll == "all_gather" {
			return Expectation{Class: "ib_ndr_2node_b200_all_gather", Lo: 342, Hi: 376,
				Source: "togethercomputer/together-nccl-tests use3a-ss report (2 nodes: Ring 342–343, SHARP 368–376)"}, true
		}
	}
	return Expectation{}, false
}

// alltoallBand derives alltoall's band across nodes from per-rank
// point-to-point bandwidth: every rank sends most of its data off the node
// through its share of the node's NICs (quoted NICs × speed / GPUs per
// node), so busbw sits at 92–98 % of that share. With N nodes only
// (N-1)/N of the data leaves the node, which bounds the ceiling.
func alltoallBand(sh Shape) (Expectation, bool) {
	agg := sh.nicAggregate()
	if agg <= 0 || sh.Ranks <= 0 {
		return Expectation{}, false
	}
	p2p := agg / float64(max(sh.Ranks, sh.NICs))
	offNode := float64(sh.Nodes) / float64(sh.Nodes-1)
	return Expectation{Class: "rank_p2p_alltoall", Lo: 0.92 * p2p, Hi: 0.98 * p2p, Ceiling: 1.05 * p2p * offNode,
		Source: "per-rank point-to-point share of the quoted NICs (NICs × speed / GPUs per node); NVIDIA/nccl-tests#267 and #290 (alltoall reaches one NIC per rank); xxrjun/nccl-tests-cluster multi-node summary.csv (10×8 H100, 8×400G: alltoall 44.8–50.7 GB/s)"}, true
}

// hopperNode is the published range of each collective on one node of 8
// H100 SXM (bench-reference.md §3).
var hopperNode = map[string][2]float64{"all_gather": {365, 366}, "reduce_scatter": {365, 365}, "alltoall": {348, 348}, "sendrecv": {367, 367}}

// nicAggregate is the per-node NIC bandwidth in GB/s, 0 when unknown.
func (sh Shape) nicAggregate() float64 {
	if sh.NICs <= 0 || sh.NICGbps <= 0 {
		return 0
	}
	return float64(sh.NICs) * sh.NICGbps / 8
}

// referenceNICs says, for the rows that assume a NIC layout, what they
// assume: the row applies when the quote's NICs match it or are unstated.
func nicsFit(sh Shape, nics int, gbps float64) bool {
	return (sh.NICs == 0 || sh.NICs == nics) && (sh.NICGbps == 0 || sh.NICGbps == gbps)
}

// derivedFromNICs is the band for a multi-node shape whose NIC layout no
// published row covers: a healthy ring reaches 0.8–0.9 × the per-node NIC
// aggregate (bench-reference.md §4).
func derivedFromNICs(sh Shape) (Expectation, bool) {
	agg := sh.nicAggregate()
	if agg <= 0 {
		return Expectation{}, false
	}
	return Expectation{Class: "nic_aggregate", Lo: 0.8 * agg, Hi: 0.9 * agg, Ceiling: 1.25 * agg,
		Source: "rule of thumb: multi-node all_reduce busbw ≈ 0.8–0.9 × the per-node NIC aggregate (quoted NICs × speed)"}, true
}

// Expect returns the reference row for sh, and false when the reference
// has none (an unknown GPU, a fabric without published runs).
func Expect(sh Shape) (Expectation, bool) {
	if sh.Nodes <= 1 {
		return expectSingleNode(sh)
	}
	switch sh.Fabric {
	case quote.FabricInfiniBand:
		switch {
		case hopper(sh.GPU) && sh.NICs > 0 && sh.NICs <= 4 && nicsFit(sh, sh.NICs, 400):
			return Expectation{Class: "ib_ndr_4nic_hopper", Lo: 300, Hi: 325,
				Source: "NVIDIA/nccl-tests#380 (2×8 H200, 4×400G per node, bare metal 320.6; the same hardware in VMs 184)"}, true
		case (hopper(sh.GPU) || sh.GPU == famB200) && !nicsFit(sh, 8, 400):
			return derivedFromNICs(sh)
		case sh.GPU == famA100 && !nicsFit(sh, sh.NICs, 200):
			return derivedFromNICs(sh)
		case hopper(sh.GPU) && sh.Nodes == 2:
			return Expectation{Class: "ib_ndr_2node_hopper", Lo: 460, Hi: 480, LatLo: 29, LatHi: 46,
				Source: "dstackai/dstack mkdocs/docs/examples/clusters/nebius.md (468.46 @8G); NVIDIA/nccl-tests#309 (about 470)"}, true
		case sh.GPU == famB200 && sh.Nodes == 2:
			return Expectation{Class: "ib_ndr_2node_b200", Lo: 700, Hi: 717, LatLo: 35, LatHi: 51,
				Source: "togethercomputer/together-nccl-tests use3a-ss report (NVLS 717.1); dstackai/dstack lambda.md (702.91)"}, true
		case hopper(sh.GPU) || sh.GPU == famB200:
			return Expectation{Class: "ib_ndr_multinode", Lo: 290, Hi: 370,
				Source: "NVIDIA/nccl-tests#309 (4 nodes 366); xxrjun/nccl-tests-cluster multi-node summary.md (10×8 H100 364.07); together-nccl-tests (B200 Ring 4n 334.8 → 46n 291.4)"}, true
		case sh.GPU == famA100 && sh.NICs > 0 && sh.NICs <= 4:
			return Expectation{Class: "ib_hdr_4nic_a100", Lo: 86, Hi: 96,
				Source: "NVIDIA/nccl-tests#119 (3 nodes about 96); NVIDIA/nccl-tests#175 (2 nodes 86)"}, true
		case sh.GPU == famA100:
			return Expectation{Class: "ib_hdr_8nic_a100", Lo: 190, Hi: 192,
				Source: "NVIDIA/deepops docs/slurm-cluster/slurm-perf-cluster.md (4 nodes 191.56 @4G); NVIDIA/nccl#1576 (192)"}, true
		}
	case quote.FabricRoCE:
		switch {
		case hopper(sh.GPU) && sh.NICs > 0 && sh.NICs <= 4 && nicsFit(sh, sh.NICs, 400):
			return Expectation{Class: "ib_ndr_4nic_hopper", Lo: 300, Hi: 325,
				Source: "NVIDIA/nccl-tests#380 (4×400G per node, bare metal 320.6); NVIDIA/nccl#2409 (RoCE as InfiniBand when healthy)"}, true
		case (hopper(sh.GPU) || sh.GPU == famB200) && !nicsFit(sh, 8, 400):
			return derivedFromNICs(sh)
		case hopper(sh.GPU) && sh.Nodes == 2:
			return Expectation{Class: "roce_2node_hopper", Lo: 460, Hi: 480,
				Source: "NVIDIA/nccl#2409 (healthy RoCE expected about 470, as InfiniBand; a bad run gave 231)"}, true
		case hopper(sh.GPU):
			return Expectation{Class: "ib_ndr_multinode", Lo: 290, Hi: 370,
				Source: "NVIDIA/nccl#2409 (RoCE same as InfiniBand when healthy); NVIDIA/nccl-tests#309 (4 nodes 366)"}, true
		case sh.GPU == famB200 && sh.Nodes == 2:
			return Expectation{Class: "roce_2node_b200", Lo: 684, Hi: 684,
				Source: "dstackai/dstack mkdocs/docs/examples/clusters/gcp.md (GCP A4, 683.52 @8G)"}, true
		case sh.GPU == famA100:
			return Expectation{Class: "roce_a100", Lo: 190, Hi: 238, LatLo: 35, LatHi: 42,
				Source: "oracle-quickstart/oci-hpc-oke README.md (237.94 @8G) and docs/running-nccl-rccl-tests-from-slurm-operator.md (189.60 @8G)"}, true
		}
	case quote.FabricEFA:
		switch {
		case hopper(sh.GPU):
			return Expectation{Class: "efa_v2_hopper", Lo: 480, Hi: 487, LatLo: 65, LatHi: 88,
				Source: "aws-ia/terraform-aws-eks-blueprints patterns/nvidia-gpu-efa/README.md (482.82); aws-samples/awsome-distributed-training micro-benchmarks/nccl-tests/README.md (487.26)"}, true
		case sh.GPU == famA100:
			return Expectation{Class: "efa_v1_a100", Lo: 78, Hi: 78, LatHi: 160,
				Source: "aws-samples/awsome-distributed-training micro-benchmarks/nccl-tests/README.md (p4de 78.33 @2GiB)"}, true
		case sh.GPU == famB200:
			return Expectation{Class: "efa_v4_b200", Lo: 382, Hi: 382,
				Source: "stas00/ml-engineering network/README.md (P6-B200 381.80, torch benchmark)"}, true
		}
	}
	return Expectation{}, false
}

func expectSingleNode(sh Shape) (Expectation, bool) {
	if sh.PCIeOnly {
		ceiling := 63.0 // PCIe Gen5 x16 per direction
		switch sh.GPU {
		case famL40S, "l40", "l4", famA100, "a40", "a10", "a10g", "rtx_4090", "t4", "v100":
			ceiling = 31 // PCIe Gen4 x16
		}
		return Expectation{Class: "pcie_only", Ceiling: ceiling,
			Source: "no public nccl-tests run; PCIe Gen4 x16 31 GB/s, Gen5 63 GB/s per direction (stas00/ml-engineering network/README.md)"}, true
	}
	switch {
	case hopper(sh.GPU) && sh.Ranks >= 8:
		return Expectation{Class: "nvlink4_nvls_8gpu", Lo: 470, Hi: 483, LatHi: 45,
			Source: "NVIDIA/nccl-tests#212 (about 480); Azure/AI-benchmarking-guide ND_H100_v5 (478.87) and ND_H200_v5 (479.98); xxrjun/nccl-tests-cluster single-node (481.2–482.6)"}, true
	case hopper(sh.GPU):
		return Expectation{Class: "nvlink4_ring", Lo: 365, Hi: 370, LatHi: 45,
			Source: "NVIDIA/nccl#1455 (2–4 GPUs 365–370); eugenesiow/LLM-Insights (DGX H100, 4 GPUs, 370.7)"}, true
	case sh.GPU == famA100:
		return Expectation{Class: "nvlink3_a100", Lo: 230, Hi: 235,
			Source: "Azure_Results/ND_A100_v4_results.md (231.58 @8G); NVIDIA/nccl-tests#175 (232.54); stas00/ml-engineering (234.89)"}, true
	case sh.GPU == famB200 && sh.Ranks >= 8:
		return Expectation{Class: "nvlink5_nvls_8gpu", Lo: 836, Hi: 841,
			Source: "togethercomputer/together-nccl-tests use3a-ss report (NVLS 840.6/840.8 @16G)"}, true
	case sh.GPU == famB200:
		return Expectation{Class: "nvlink5_ring", Lo: 658, Hi: 681,
			Source: "togethercomputer/together-nccl-tests use3a-ss report (Ring 671.4/679.0 @16G)"}, true
	}
	return Expectation{}, false
}

// quoteShape is the cluster the quote describes.
func quoteShape(q quote.Quote) Shape {
	sh := Shape{Nodes: 1}
	if m, ok := q.GPUModel.Get(); ok {
		sh.GPU = family(m)
	}
	if n, ok := q.Nodes.Get(); ok && n > 0 {
		sh.Nodes = int(n)
	}
	if n, ok := q.GPUsPerNode.Get(); ok {
		sh.Ranks = int(n)
	}
	if n, ok := q.NICsPerNode.Get(); ok {
		sh.NICs = int(n)
	}
	if g, ok := q.FabricGbpsPerNode.Get(); ok && sh.NICs > 0 {
		if f, err := strconv.ParseFloat(g.String(), 64); err == nil && f > 0 {
			sh.NICGbps = f / float64(sh.NICs)
		}
	}
	sh.Intra, _ = q.IntraNode.Get()
	sh.Fabric, _ = q.InterNodeFabric.Get()
	ff, _ := q.FormFactor.Get()
	sh.PCIeOnly = sh.Intra == quote.IntraNodePCIe || (sh.Intra == "" && ff == quote.FormFactorPCIe)
	return sh
}

// QuoteExpectation is the all-reduce range for the cluster exactly as
// quoted (all its nodes, all GPUs of a node), for the chart's band.
func QuoteExpectation(q quote.Quote) (Expectation, bool) {
	sh := quoteShape(q)
	if sh.Nodes > 1 {
		sh.Ranks = 0
	}
	if sh.Nodes > 1 && sh.Fabric == "" {
		return Expectation{}, false
	}
	return Expect(sh)
}
