package decision

import (
	"errors"
	"testing"
)

func TestBlendCost(t *testing.T) {
	base := func() BlendInputs {
		return BlendInputs{
			Currency:         "USD",
			Shares:           DefaultBlendShares(),
			GPUHoursPerMonth: 1000,
			ReservedRate:     2.2,
			OnDemandRate:     4,
			SpotRate:         2,
			SpotRetryWaste:   0.25,
		}
	}
	tests := []struct {
		name          string
		edit          func(*BlendInputs)
		wantErr       error
		wantTotal     float64
		wantEffective float64
		wantSpotPaid  float64
		wantAllOD     float64
	}{
		{
			// 700 h × 2.20 + 200 h × 4.00 + (100 h / 0.75) × 2.00
			name:      "70/20/10 with spot retries",
			edit:      func(*BlendInputs) {},
			wantTotal: 2606.67, wantEffective: 2.61, wantSpotPaid: 133.3, wantAllOD: 4000,
		},
		{
			name:      "edited to all on demand needs no other rate",
			edit:      func(in *BlendInputs) { in.Shares = BlendShares{OnDemand: 1}; in.ReservedRate, in.SpotRate = 0, 0 },
			wantTotal: 4000, wantEffective: 4, wantAllOD: 4000,
		},
		{
			name: "percent shares from a form: 0.7 + 0.2 + 0.1 is accepted",
			edit: func(in *BlendInputs) {
				in.Shares = BlendShares{70.0 / 100, 20.0 / 100, 10.0 / 100}
				in.SpotRetryWaste = 0
			},
			wantTotal: 2540, wantEffective: 2.54, wantSpotPaid: 100, wantAllOD: 4000,
		},
		{name: "no demand costs nothing", edit: func(in *BlendInputs) { in.GPUHoursPerMonth = 0 }},
		{name: "shares must sum to one", edit: func(in *BlendInputs) { in.Shares.Spot = 0.2 }, wantErr: ErrInvalid},
		{name: "negative share", edit: func(in *BlendInputs) { in.Shares = BlendShares{1.1, -0.1, 0} }, wantErr: ErrInvalid},
		{name: "a share needs its rate", edit: func(in *BlendInputs) { in.SpotRate = 0 }, wantErr: ErrInvalid},
		{name: "waste of 100% is impossible", edit: func(in *BlendInputs) { in.SpotRetryWaste = 1 }, wantErr: ErrInvalid},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := base()
			tt.edit(&in)
			got, err := BlendCost(in)
			if tt.wantErr != nil {
				if !errors.Is(err, tt.wantErr) {
					t.Fatalf("err = %v, want %v", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got.MonthlyCost != tt.wantTotal || got.EffectiveRate != tt.wantEffective || got.Spot.PaidGPUHours != tt.wantSpotPaid {
				t.Errorf("got total %v, effective %v, spot paid %v; want %v, %v, %v",
					got.MonthlyCost, got.EffectiveRate, got.Spot.PaidGPUHours, tt.wantTotal, tt.wantEffective, tt.wantSpotPaid)
			}
			if got.GPUHoursPerMonth > 0 && got.AllOnDemandMonthlyCost != tt.wantAllOD {
				t.Errorf("AllOnDemandMonthlyCost = %v, want %v", got.AllOnDemandMonthlyCost, tt.wantAllOD)
			}
			sum := got.Reserved.MonthlyCost + got.OnDemand.MonthlyCost + got.Spot.MonthlyCost
			if d := sum - got.MonthlyCost; d > 0.015 || d < -0.015 {
				t.Errorf("tiers sum to %v, total %v", sum, got.MonthlyCost)
			}
			for name, v := range map[string]float64{"total": got.MonthlyCost, "effective": got.EffectiveRate, "reserved": got.Reserved.MonthlyCost, "spot": got.Spot.MonthlyCost} {
				assertCents(t, name, v)
			}
		})
	}
}
