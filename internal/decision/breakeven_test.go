package decision

import (
	"math"
	"strings"
	"testing"
)

func TestBreakEven(t *testing.T) {
	seedOpex := BuyInputs{InfraPerGPUYear: Sourced{Value: 15000}}.OpexPerGPUMonth()
	tests := []struct {
		name       string
		got        BreakEven
		minMonths  float64
		maxMonths  float64
		wantNever  bool
		wantInText string
	}{
		{
			name:      "seed inputs against $2.2/h reserved: about 7 years",
			got:       BreakEvenVsReserved("USD", 30000, seedOpex, 2.2),
			minMonths: 84, maxMonths: 86,
			wantInText: "USD 30,000.00 / (USD 2.20/GPU-hour × 730 h − USD 1,250.00) = 84.3 months (7.0 years)",
		},
		{
			name:      "seed inputs against $4/h on demand at 85%: about 2 years",
			got:       BreakEvenVsOnDemand("USD", 30000, seedOpex, 4, 0.85),
			minMonths: 23, maxMonths: 25,
			wantInText: "× 85%",
		},
		{
			name:       "rent below owned opex: never",
			got:        BreakEvenVsReserved("USD", 30000, seedOpex, 1.5),
			wantNever:  true,
			wantInText: "never breaks even",
		},
		{
			name:      "zero denominator: never",
			got:       BreakEvenVsOnDemand("USD", 30000, 0, 4, 0),
			wantNever: true,
		},
		{
			name:      "realistic mid fleet, cost-reference §3c: 3.4 years",
			got:       BreakEvenVsReserved("USD", 40000, 7500.0/12, 2.2),
			minMonths: 40, maxMonths: 41.5,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.got.Never != tt.wantNever {
				t.Fatalf("Never = %v, want %v (%+v)", tt.got.Never, tt.wantNever, tt.got)
			}
			if tt.wantNever && tt.got.Months != 0 {
				t.Errorf("Months = %v with Never, want 0", tt.got.Months)
			}
			if !tt.wantNever && (tt.got.Months < tt.minMonths || tt.got.Months > tt.maxMonths) {
				t.Errorf("Months = %v, want %v–%v", tt.got.Months, tt.minMonths, tt.maxMonths)
			}
			if f := tt.got.Formula(); !strings.Contains(f, tt.wantInText) {
				t.Errorf("Formula() = %q, want it to contain %q", f, tt.wantInText)
			}
			for name, v := range map[string]float64{"capex": tt.got.CapexPerGPU, "opex": tt.got.OpexPerGPUMonth, "rent": tt.got.RentPerGPUMonth, "saving": tt.got.SavingPerGPUMonth} {
				assertCents(t, name, v)
			}
		})
	}
}

func TestOpexPerGPUMonth(t *testing.T) {
	tests := []struct {
		name string
		in   BuyInputs
		want float64
	}{
		{"infrastructure only", BuyInputs{InfraPerGPUYear: Sourced{Value: 15000}}, 1250},
		{"staff spread over the fleet", BuyInputs{InfraPerGPUYear: Sourced{Value: 8727}, OpsStaffPerYear: Sourced{Value: 400000}, FleetGPUs: 64}, (8727 + 6250) / 12.0},
		{"unknown fleet carries no staff", BuyInputs{InfraPerGPUYear: Sourced{Value: 1200}, OpsStaffPerYear: Sourced{Value: 400000}}, 100},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.in.OpexPerGPUMonth(); math.Abs(got-tt.want) > 1e-9 {
				t.Errorf("OpexPerGPUMonth() = %v, want %v", got, tt.want)
			}
		})
	}
}

// The defaults at 64 GPUs should land on the seed article's ≈ $15k per
// GPU-year, as defaults.go claims.
func TestDefaultsMatchSeedInfrastructure(t *testing.T) {
	b := DefaultBuyInputs()
	b.FleetGPUs = 64
	if got := b.OpexPerGPUMonth() * 12; got < 14500 || got > 15500 {
		t.Errorf("default opex per GPU-year at 64 GPUs = %v, want ≈ 15,000", got)
	}
}

func TestRateForBreakEvenRoundTrip(t *testing.T) {
	for _, u := range []float64{1, 0.85, 0.5} {
		r := rateForBreakEven(30000, 1250, 26.4, u)
		be := breakEven(RentOnDemand, "USD", 30000, 1250, r, u)
		if math.Abs(be.Months-26.4) > 0.05 {
			t.Errorf("u=%v: rate %v gives %v months, want 26.4", u, r, be.Months)
		}
	}
	if got := rateForBreakEven(30000, 1250, 0, 1); got != 0 {
		t.Errorf("zero limit: got %v, want 0", got)
	}
}

// assertCents fails unless v is a whole number of cents, the rounding the
// package promises on every money output.
func assertCents(t *testing.T, name string, v float64) {
	t.Helper()
	if c := v * 100; math.Abs(c-math.Round(c)) > 1e-6 {
		t.Errorf("%s = %v is not rounded to cents", name, v)
	}
}
