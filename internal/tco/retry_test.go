package tco

import (
	"math"
	"strings"
	"testing"
)

// Retry waste = checkpoint write / interval + restarts × (half an interval
// of lost work + restart time), as a share of busy time at the cluster's
// rate (cost reference §6.9).
func TestRetryWaste(t *testing.T) {
	tests := []struct {
		name       string
		model      RentalModel
		nodes      int
		preempt    float64 // per node-day
		failures   float64 // per node-day
		write      float64 // h
		interval   float64 // h
		restart    float64 // h
		wantShare  float64
		wantCapped bool
	}{
		{"checkpoints only", Reserved, 8, 0, 0, 0.05, 1, 0.25, 0.05, false},
		{"node failures on reserved", Reserved, 8, 99, 0.3, 0.05, 1, 0.25, 0.05 + 8*0.3/24*(0.5+0.25), false},
		{"preemptions on marketplace", Marketplace, 4, 2, 99, 1.0 / 30, 1, 1.0 / 6, 1.0/30 + 4*2.0/24*(0.5+1.0/6), false},
		{"on-demand uses node failures", OnDemand, 2, 99, 0.1, 0, 2, 0.5, 2 * 0.1 / 24 * (1 + 0.5), false},
		{"capped when restarts dominate", Marketplace, 16, 12, 0, 0.05, 1, 0.25, maxRetryShare, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := testAssumptions()
			a.PreemptionsPerNodeDay = Assumption{Value: tt.preempt}
			a.NodeFailuresPerNodeDay = Assumption{Value: tt.failures}
			a.CheckpointWriteHours = Assumption{Value: tt.write}
			a.CheckpointIntervalHours = Assumption{Value: tt.interval}
			a.RestartHours = Assumption{Value: tt.restart}
			q := fullQuote("q", tt.model, 2.5)
			q.Nodes = tt.nodes
			r := compute(t, []Quote{q}, a).Results[0]
			if math.Abs(r.RetryWasteShare-tt.wantShare) > 1e-12 {
				t.Fatalf("retry share = %v, want %v", r.RetryWasteShare, tt.wantShare)
			}
			busy := 0.85 * float64(q.GPUs()) * 730
			want := NewMoney(busy*tt.wantShare*2.5, "USD")
			if got := line(t, r, LineRetryWaste).Amount; math.Abs(float64(got.Minor-want.Minor)) > 1 {
				t.Errorf("retry waste = %s, want %s ± 0.01", got, want)
			}
			if got := len(r.Warnings) > 0; got != tt.wantCapped {
				t.Errorf("warnings = %v, want capped %t", r.Warnings, tt.wantCapped)
			}
			if basis := line(t, r, LineRetryWaste).Basis.English(); !strings.Contains(basis, "checkpoint write") {
				t.Errorf("basis %q does not show the formula", basis)
			}
		})
	}
}

// Lost time is also lost output: with retries, the same busy hours yield
// fewer accepted units, so retry waste raises cost per unit even where it
// cannot raise the bill (committed capacity).
func TestRetryWasteReducesUnits(t *testing.T) {
	a := testAssumptions()
	clean := compute(t, []Quote{fullQuote("r", Reserved, 2)}, a).Results[0]
	a.NodeFailuresPerNodeDay = Assumption{Value: 0.5}
	flaky := compute(t, []Quote{fullQuote("r", Reserved, 2)}, a).Results[0]
	if flaky.TCO != clean.TCO {
		t.Errorf("committed TCO changed with retries: %s → %s", clean.TCO, flaky.TCO)
	}
	if !(flaky.UnitsPerMonth < clean.UnitsPerMonth && flaky.CostPerUnit.Minor > clean.CostPerUnit.Minor) {
		t.Errorf("units %v → %v, cost per unit %s → %s; want fewer units, higher cost",
			clean.UnitsPerMonth, flaky.UnitsPerMonth, clean.CostPerUnit, flaky.CostPerUnit)
	}
}
