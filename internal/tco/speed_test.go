package tco

import (
	"math"
	"strings"
	"testing"
)

// Issue 10, case 5: where effective throughput differs by GPU model or
// fabric, the cost per useful unit uses it, labelled with its source.
func TestSpeedOfJudgesGPUAndFabric(t *testing.T) {
	tests := []struct {
		name       string
		in         SpeedInput
		wantFactor float64 // 0: not adjusted
		wantSource string
		wantKeys   []string
	}{
		{"same GPU, one node: not adjusted", SpeedInput{GPU: "H100", BaselineGPU: "H100 SXM"}, 0, "", nil},
		{"no target GPU in the brief", SpeedInput{GPU: "L40S"}, 0, "", nil},
		{"slower GPU, from the reference", SpeedInput{GPU: "L40S", BaselineGPU: "H100", Bound: BoundCompute}, 362.0 / 989, SpeedReference, []string{"worksheet.speed.gpu"}},
		{"bound not stated: compute, named as the default", SpeedInput{GPU: "L40S", BaselineGPU: "H100"}, 362.0 / 989, SpeedReference, []string{"worksheet.speed.gpu.default_compute"}},
		{"faster GPU", SpeedInput{GPU: "B200", BaselineGPU: "H100", Bound: BoundCompute}, 2250.0 / 989, SpeedReference, []string{"worksheet.speed.gpu"}},
		{"GPU without a figure: not adjusted", SpeedInput{GPU: "MI300X", BaselineGPU: "H100"}, 0, "", nil},
		// Half the brief's bandwidth with a quarter of the step in
		// all-reduce: 1 / (0.75 + 0.25 × 2) = 0.8.
		{"measured all-reduce at half the brief's target", SpeedInput{GPU: "H100", BaselineGPU: "H100", MultiNode: true,
			BusBW: 200, Measured: true, TargetBusBW: 400, TargetFromBrief: true, CommShare: 0.25}, 0.8, SpeedMeasured, []string{"worksheet.speed.fabric.measured_brief"}},
		{"measured below its fabric's reference (fragmented)", SpeedInput{MultiNode: true, BusBW: 231, Measured: true, TargetBusBW: 470, CommShare: 0.25},
			1 / (0.75 + 0.25*470.0/231), SpeedMeasured, []string{"worksheet.speed.fabric.measured_reference"}},
		{"reference fabric below the brief's target", SpeedInput{MultiNode: true, BusBW: 75, TargetBusBW: 300, TargetFromBrief: true, CommShare: 0.25},
			1 / (0.75 + 0.25*4), SpeedBrief, []string{"worksheet.speed.fabric.reference_brief"}},
		{"measured above the target: as fast, and says so", SpeedInput{MultiNode: true, BusBW: 480, Measured: true, TargetBusBW: 400, TargetFromBrief: true, CommShare: 0.25},
			1, SpeedMeasured, []string{"worksheet.speed.fabric.measured_brief"}},
		{"one node: the fabric does not count", SpeedInput{BusBW: 10, Measured: true, TargetBusBW: 400, TargetFromBrief: true, CommShare: 0.25}, 0, "", nil},
		{"slower GPU on a slow fabric: both", SpeedInput{GPU: "A100", BaselineGPU: "H100", Bound: BoundCompute, MultiNode: true, BusBW: 200, Measured: true,
			TargetBusBW: 400, TargetFromBrief: true, CommShare: 0.25}, 312.0 / 989 * 0.8, SpeedMeasured, []string{"worksheet.speed.gpu", "worksheet.speed.fabric.measured_brief"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := SpeedOf(tt.in)
			if math.Abs(s.Factor-tt.wantFactor) > 1e-12 || s.Source != tt.wantSource {
				t.Fatalf("SpeedOf = %g (%q), want %g (%q)", s.Factor, s.Source, tt.wantFactor, tt.wantSource)
			}
			if len(s.Basis) != len(tt.wantKeys) {
				t.Fatalf("basis %+v, want keys %v", s.Basis, tt.wantKeys)
			}
			for i, k := range tt.wantKeys {
				if b := s.Basis[i]; b.Key != k || b.English() == k || strings.Contains(b.English(), "{{") {
					t.Errorf("basis %d = %q (%s), want a rendered %s", i, b.English(), b.Key, k)
				}
			}
		})
	}
}

// Slow capacity must not look cheap: a quote at two thirds of the price
// but half the throughput costs more per accepted unit, and loses the row.
func TestCostPerUnitUsesRelativeThroughput(t *testing.T) {
	tests := []struct {
		name     string
		speed    Speed
		wantBest string
	}{
		{"same speed: the cheaper rate wins", Speed{}, "cheap"},
		{"half the throughput: the dearer, faster quote wins", Speed{Factor: 0.5, Source: SpeedMeasured}, "fast"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cheap := fullQuote("cheap", Reserved, 2.0)
			cheap.Speed = tt.speed
			fast := fullQuote("fast", Reserved, 3.0)
			ws := compute(t, []Quote{cheap, fast}, testAssumptions())
			if got := ws.Best[RowCostPerUnit]; got != tt.wantBest {
				t.Errorf("cheapest per unit %s, want %s", got, tt.wantBest)
			}
			slow, ref := ws.Results[0], compute(t, []Quote{fullQuote("cheap", Reserved, 2.0)}, testAssumptions()).Results[0]
			if want := ref.UnitsPerMonth * tt.speed.Value(); math.Abs(slow.UnitsPerMonth-want) > 1e-9 {
				t.Errorf("units %g, want %g", slow.UnitsPerMonth, want)
			}
			if slow.Speed.Factor != tt.speed.Factor || slow.Speed.Source != tt.speed.Source {
				t.Errorf("result speed %+v, want %+v", slow.Speed, tt.speed)
			}
		})
	}
}

func TestSpeedOutOfRangeIsRefused(t *testing.T) {
	q := fullQuote("x", OnDemand, 2.0)
	q.Speed = Speed{Factor: 11}
	if _, err := Compute([]Quote{q}, testAssumptions()); err == nil {
		t.Fatal("a relative throughput of 11 was accepted")
	}
}

// Issue 25: the app put the H100 at 3.17× an A100 (dense TFLOPS) for
// memory-bound work too. Memory-bound work scales with memory bandwidth
// (NVIDIA datasheets: 3.35 against 2.039 TB/s, 1.64×); mixed work with the
// geometric mean of the two ratios.
func TestSpeedOfMemoryBoundWorkUsesBandwidth(t *testing.T) {
	compute := SpeedOf(SpeedInput{GPU: "H100", BaselineGPU: "A100", Bound: BoundCompute}).Factor
	mem := SpeedOf(SpeedInput{GPU: "H100", BaselineGPU: "A100", Bound: BoundMemory})
	mixed := SpeedOf(SpeedInput{GPU: "H100", BaselineGPU: "A100", Bound: BoundMixed})
	if math.Abs(compute-989.0/312) > 1e-12 {
		t.Errorf("compute-bound %v, want 989/312 = 3.17", compute)
	}
	if math.Abs(mem.Factor-3.35/2.039) > 1e-12 || mem.Basis[0].Key != "worksheet.speed.gpu.memory" {
		t.Errorf("memory-bound %v (%s), want 3.35/2.039 = 1.64", mem.Factor, mem.Basis[0].Key)
	}
	if want := math.Sqrt(989.0 / 312 * 3.35 / 2.039); math.Abs(mixed.Factor-want) > 1e-12 || mixed.Basis[0].Key != "worksheet.speed.gpu.mixed" {
		t.Errorf("mixed %v (%s), want the geometric mean %v", mixed.Factor, mixed.Basis[0].Key, want)
	}
	if !strings.Contains(mem.Basis[0].English(), "3.35") || !strings.Contains(mem.Basis[0].English(), "datasheets") {
		t.Errorf("the memory-bound basis does not cite the datasheet figures: %q", mem.Basis[0].English())
	}
}

// Issue 25: an Ethernet fabric without a bench reference counted as full
// speed. Its speed is a range down to the all-reduce at the link rate the
// quote states (200 Gb/s = 25 GB/s), or without one the slowest fabric
// the reference lists (23 GB/s); the cost per unit's high end uses it.
func TestUnknownFabricIsARange(t *testing.T) {
	in := SpeedInput{GPU: "L40S", BaselineGPU: "L40S", MultiNode: true, FabricUnknown: true, LinkGbps: 200,
		TargetBusBW: 360, TargetFromBrief: true, CommShare: 0.25}
	s := SpeedOf(in)
	want := 1 / (0.75 + 0.25*360.0/25)
	if s.Value() != 1 || math.Abs(s.Low-want) > 1e-12 || len(s.Basis) != 1 || s.Basis[0].Key != "worksheet.speed.fabric.unknown_link" {
		t.Fatalf("speed %+v, want full speed down to %v at 25 GB/s", s, want)
	}
	in.LinkGbps = 0
	if s := SpeedOf(in); math.Abs(s.Low-1/(0.75+0.25*360.0/SlowestReferenceBusBW)) > 1e-12 || s.Basis[0].Key != "worksheet.speed.fabric.unknown_reference" {
		t.Errorf("no link rate: %+v, want the slowest reference fabric", s)
	}
	// The worksheet: the cost per unit's high end is counted at the slow end.
	q := fullQuote("q", Reserved, 2.0)
	q.Speed = SpeedOf(SpeedInput{MultiNode: true, FabricUnknown: true, LinkGbps: 200, TargetBusBW: 360, TargetFromBrief: true, CommShare: 0.25})
	r := compute(t, []Quote{q}, testAssumptions()).Results[0]
	ratio := float64(r.CostPerUnitHigh.Minor) / float64(r.CostPerUnit.Minor)
	if math.Abs(ratio-1/want) > 0.001 {
		t.Errorf("cost per unit %v, high end %v: ratio %v, want %v (the 4.35× of the physical bound)", r.CostPerUnit, r.CostPerUnitHigh, ratio, 1/want)
	}
}
