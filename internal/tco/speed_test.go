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
		{"slower GPU, from the reference", SpeedInput{GPU: "L40S", BaselineGPU: "H100"}, 362.0 / 989, SpeedReference, []string{"worksheet.speed.gpu"}},
		{"faster GPU", SpeedInput{GPU: "B200", BaselineGPU: "H100"}, 2250.0 / 989, SpeedReference, []string{"worksheet.speed.gpu"}},
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
		{"slower GPU on a slow fabric: both", SpeedInput{GPU: "A100", BaselineGPU: "H100", MultiNode: true, BusBW: 200, Measured: true,
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
