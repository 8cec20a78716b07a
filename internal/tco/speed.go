package tco

import (
	"fmt"
	"math"
	"strconv"

	"github.com/gpuquote/gpuquote/internal/gpu"
)

// Where a quote's relative throughput came from, strongest first.
const (
	SpeedMeasured  = "measured"  // all-reduce bandwidth from the quote's benchmark uploads
	SpeedBrief     = "brief"     // against the brief's all-reduce target
	SpeedReference = "reference" // the bundled references' figures only
)

// Speed is how much useful work a quote's GPU-hour does relative to the
// hardware the evaluation's GPU-hours per unit assume (the brief's target
// GPU and all-reduce target): 1 is as fast, 0.5 needs twice the GPU-hours
// per accepted unit. It divides the cost per useful unit, so slow or
// fragmented capacity does not look cheap.
type Speed struct {
	Factor float64 // relative throughput; 0 means not adjusted (1)
	// Low is the slowest the quote can be when its fabric is unknown: the
	// all-reduce bounded by the link rate it states, or by the slowest
	// fabric the bench reference lists. The cost per unit's high end is
	// counted at it. 0 when the speed is no range.
	Low    float64
	Source string      // SpeedMeasured, SpeedBrief or SpeedReference; "" when not adjusted
	Basis  []Statement // how each part was found: the GPU, the fabric
}

// Value is the relative throughput used, 1 when not adjusted.
func (s Speed) Value() float64 { return s.factor() }

// LowValue is the slow end of the relative throughput: Value() unless an
// unknown fabric makes it a range.
func (s Speed) LowValue() float64 { return s.low() }

// low is the slow end of the speed range, factor() when it is no range.
func (s Speed) low() float64 {
	if s.Low > 0 && s.Low < s.factor() {
		return s.Low
	}
	return s.factor()
}

// factor is the multiplier of useful GPU-hours, 1 when not adjusted.
func (s Speed) factor() float64 {
	if s.Factor == 0 {
		return 1
	}
	return s.Factor
}

// maxSpeed bounds a relative throughput: no GPU generation is ten times
// the one a brief is written for, so a larger figure is a typo.
const maxSpeed = 10

// gpuTensorTFLOPS is dense BF16 tensor throughput per GPU (no sparsity),
// from NVIDIA's datasheets: the reference for how fast one GPU-hour of a
// model is when no measurement says otherwise. Keys follow the market
// rate table; H200 has H100's compute (its gain is memory, which this
// figure does not claim).
var gpuTensorTFLOPS = map[string]float64{
	"A100": 312, "H100": 989, "H100 PCIe": 756, "H200": 989, "B200": 2250, "L40S": 362, "RTX 4090": 165,
}

// gpuMemoryTBs is HBM/GDDR bandwidth per GPU in TB/s from NVIDIA's
// datasheets (A100 80GB SXM 2.039, H100 SXM 3.35, H100 PCIe 2.0, H200
// 4.8, B200 8.0, L40S 0.864, RTX 4090 1.008): what a memory-bound GPU-hour
// scales with. It is why H100 over A100 is 3.17× on dense TFLOPS but about
// 1.6× at most for memory-bound work (practitioners measure 1.2–1.4×).
var gpuMemoryTBs = map[string]float64{
	"A100": 2.039, "H100": 3.35, "H100 PCIe": 2.0, "H200": 4.8, "B200": 8.0, "L40S": 0.864, "RTX 4090": 1.008,
}

// Workload bounds: what limits one GPU-hour of the brief's work.
const (
	BoundCompute = "compute" // dense tensor throughput
	BoundMemory  = "memory"  // memory bandwidth (decode-heavy inference, embeddings)
	BoundMixed   = "mixed"   // the geometric mean of the two ratios
)

// gpuRatio is the quote GPU's relative throughput against the baseline's
// for the workload bound, with the figures behind it; bound "" is
// compute, named as a default in the statement.
func gpuRatio(gpuModel, baseline, bound string) (float64, Statement, bool) {
	qk, qt, okQ := gpuTFLOPS(gpuModel)
	bk, bt, okB := gpuTFLOPS(baseline)
	if !okQ || !okB || qk == bk {
		return 0, Statement{}, false
	}
	compute := qt / bt
	qm, okQM := gpuMemoryTBs[qk]
	bm, okBM := gpuMemoryTBs[bk]
	mem := qm / bm
	a := args{"GPU": qk, "TFLOPS": plain(qt), "Baseline": bk, "BaselineTFLOPS": plain(bt),
		"TBs": plain(qm), "BaselineTBs": plain(bm)}
	switch {
	case bound == BoundMemory && okQM && okBM:
		a["Factor"] = plain2(mem)
		return mem, statement("worksheet.speed.gpu.memory", a), true
	case bound == BoundMixed && okQM && okBM:
		f := math.Sqrt(compute * mem)
		a["Factor"], a["ComputeFactor"], a["MemoryFactor"] = plain2(f), plain2(compute), plain2(mem)
		return f, statement("worksheet.speed.gpu.mixed", a), true
	case bound == "" || bound == BoundCompute:
		a["Factor"] = plain2(compute)
		if bound == "" {
			return compute, statement("worksheet.speed.gpu.default_compute", a), true
		}
		return compute, statement("worksheet.speed.gpu", a), true
	}
	// A memory or mixed bound for a GPU without a bandwidth figure: the
	// compute ratio, said so.
	a["Factor"] = plain2(compute)
	return compute, statement("worksheet.speed.gpu.default_compute", a), true
}

// SlowestReferenceBusBW is the slowest multi-node all-reduce the bench
// reference lists (RoCE, 2×100G per node: about 23 GB/s), the low bound of
// an unknown fabric when the quote states no link rate.
const SlowestReferenceBusBW = 23.0

// gpuTFLOPS finds a GPU's figure by the model reader's rate key, as the
// market rate lookup does ("H100 SXM" is "H100", "H100 NVL" the PCIe card).
func gpuTFLOPS(model string) (string, float64, bool) {
	k, ok := gpu.RateKey(gpuTensorTFLOPS, gpu.RateModel(model))
	return k, gpuTensorTFLOPS[k], ok
}

// DefaultCommShare is the share of a multi-node training step spent in
// all-reduce at the target bandwidth, which a slower fabric stretches.
var DefaultCommShare = Assumption{Value: 0.25, Unit: "share",
	Source: "evaluation default: a quarter of a data-parallel step waits on all-reduce at the target bandwidth; measure it with a profile"}

// SpeedInput is what a quote's relative throughput is judged from.
type SpeedInput struct {
	GPU         string // the quote's GPU, as in [Quote.GPUModel]
	BaselineGPU string // the brief's target GPU; empty: no GPU adjustment
	// MultiNode: the job spans nodes, so its all-reduce crosses the fabric.
	MultiNode bool
	// BusBW is the quote's all-reduce busbw in GB/s: measured on its
	// uploads (Measured) or the bench reference for its fabric; 0 unknown.
	BusBW    float64
	Measured bool
	// TargetBusBW is the bandwidth the GPU-hours per unit assume: the
	// brief's all-reduce target (TargetFromBrief), else the reference for
	// the quote's own fabric; 0 unknown.
	TargetBusBW     float64
	TargetFromBrief bool
	CommShare       float64 // share of a step in all-reduce at the target bandwidth
	// Bound is the workload bound (BoundCompute, BoundMemory, BoundMixed);
	// "" is compute, named as a default.
	Bound string
	// FabricUnknown: a multi-node quote whose fabric no reference row
	// covers and nothing measured. Its speed is a range down to the
	// all-reduce at LinkGbps (the per-node link rate it states, Gb/s), or
	// at SlowestReferenceBusBW without one, against TargetBusBW.
	FabricUnknown bool
	LinkGbps      float64
	// SetAside are the quote's all-reduce runs not counted as measured
	// (the benchmarks page does not accept them for this quote), named in
	// the basis so the reader sees why the reference was used.
	SetAside []SetAsideRun
}

// SetAsideRun is a benchmark run kept out of the measured throughput:
// File and Run name it as the benchmarks page does, Why are the verdict
// package's reasons (e.g. "gpu", "fabric", "nodes").
type SetAsideRun struct {
	File string
	Run  int
	Why  []string
}

// SpeedOf judges a quote's relative throughput: the GPU's reference
// tensor throughput against the baseline GPU's, times the fabric's
// stretch of the step's all-reduce share when the quote's bandwidth is
// below the target (Amdahl: 1 / ((1 − c) + c × target / busbw)). A faster
// fabric than the target is not credited: the unit was sized for it.
func SpeedOf(in SpeedInput) Speed {
	var s Speed
	f := 1.0
	if in.BaselineGPU != "" && in.GPU != "" {
		if r, b, ok := gpuRatio(in.GPU, in.BaselineGPU, in.Bound); ok {
			f *= r
			s.Source = SpeedReference
			s.Basis = append(s.Basis, b)
		}
	}
	low := f
	if in.MultiNode && in.FabricUnknown && !in.Measured && in.TargetBusBW > 0 && in.CommShare > 0 {
		bw, key := SlowestReferenceBusBW, "worksheet.speed.fabric.unknown_reference"
		if in.LinkGbps > 0 {
			bw, key = in.LinkGbps/8, "worksheet.speed.fabric.unknown_link"
		}
		if bw < in.TargetBusBW {
			fab := 1 / ((1 - in.CommShare) + in.CommShare*in.TargetBusBW/bw)
			low = f * fab
			s.Source = strongest(s.Source, SpeedReference)
			s.Basis = append(s.Basis, statement(key, args{"BusBW": plain(math.Round(bw*10) / 10), "Link": plain(in.LinkGbps),
				"Target": plain(in.TargetBusBW), "Share": plain(math.Round(in.CommShare*1000) / 10), "Factor": plain2(fab)}))
		}
	}
	if in.MultiNode && in.BusBW > 0 && in.TargetBusBW > 0 && in.CommShare > 0 {
		key, src := "worksheet.speed.fabric.reference", SpeedReference
		switch {
		case in.Measured && in.TargetFromBrief:
			key, src = "worksheet.speed.fabric.measured_brief", SpeedMeasured
		case in.Measured:
			key, src = "worksheet.speed.fabric.measured_reference", SpeedMeasured
		case in.TargetFromBrief:
			key, src = "worksheet.speed.fabric.reference_brief", SpeedBrief
		}
		fab := 1.0
		if in.BusBW < in.TargetBusBW {
			fab = 1 / ((1 - in.CommShare) + in.CommShare*in.TargetBusBW/in.BusBW)
		}
		if fab < 1 || in.Measured || in.TargetFromBrief {
			f *= fab
			s.Source = strongest(s.Source, src)
			s.Basis = append(s.Basis, statement(key, args{
				"BusBW": plain(in.BusBW), "Target": plain(in.TargetBusBW), "Share": plain(math.Round(in.CommShare*1000) / 10), "Factor": plain2(fab)}))
		}
	}
	if s.Source != "" {
		s.Factor = f
		if low < f {
			s.Low = low
		}
	}
	for _, r := range in.SetAside {
		for _, why := range r.Why {
			s.Basis = append(s.Basis, statement("worksheet.speed.set_aside", args{"File": r.File, "Run": strconv.Itoa(r.Run),
				"Why": "worksheet.speed.set_aside." + why}, "Why"))
		}
	}
	return s
}

// strongest keeps the stronger of two sources: measured over the brief
// over the reference.
func strongest(a, b string) string {
	rank := map[string]int{"": 0, SpeedReference: 1, SpeedBrief: 2, SpeedMeasured: 3}
	if rank[b] > rank[a] {
		return b
	}
	return a
}

func (s Speed) validate() error {
	if math.IsNaN(s.Factor) || s.Factor < 0 || s.Factor > maxSpeed {
		return fmt.Errorf("relative throughput %g is outside 0–%d", s.Factor, maxSpeed)
	}
	if math.IsNaN(s.Low) || s.Low < 0 || s.Low > maxSpeed {
		return fmt.Errorf("relative throughput's low end %g is outside 0–%d", s.Low, maxSpeed)
	}
	return nil
}
