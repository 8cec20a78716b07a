package decision

import (
	"errors"
	"math"
	"testing"
)

func TestCompareModelAPI(t *testing.T) {
	base := func() ModelAPIInputs {
		return ModelAPIInputs{
			Currency:                    "USD",
			Prices:                      DefaultModelAPIPrices(),
			InputTokensPerMonth:         1e9,
			OutputTokensPerMonth:        5e8,
			StatedTokensPerSecondPerGPU: 2209,
			StatedThroughputShare:       0.4,
			SelfHostedRatePerGPUHour:    2.35,
			Utilization:                 0.7,
		}
	}
	tests := []struct {
		name       string
		edit       func(*ModelAPIInputs)
		wantErr    error
		wantBasis  ThroughputBasis
		wantTPS    float64
		wantPerM   float64 // self-hosted per 1M output tokens
		wantAPI    float64 // API monthly
		wantCheap  bool
		wantSaving float64
	}{
		{
			// cost-reference.md §4c: Llama 3.3 70B at $2.35, 40% of offline
			// throughput and 70% utilisation gives ≈ $1.06 per 1M.
			name:      "stated throughput is derated: the reference's $1.06 example",
			edit:      func(*ModelAPIInputs) {},
			wantBasis: BasisStated, wantTPS: 883.6, wantPerM: 1.06,
			wantAPI: 260, wantCheap: true, wantSaving: 267.69,
		},
		{
			name:      "a measured throughput wins and is used as is",
			edit:      func(in *ModelAPIInputs) { in.MeasuredTokensPerSecondPerGPU = 5000; in.Utilization = 0.9 },
			wantBasis: BasisMeasured, wantTPS: 5000, wantPerM: 0.15,
			wantAPI: 260, wantCheap: false, wantSaving: -187.47,
		},
		{
			name: "operations overhead counts against self-hosting",
			edit: func(in *ModelAPIInputs) {
				in.MeasuredTokensPerSecondPerGPU = 5000
				in.Utilization = 0.9
				in.SelfHostedOverheadPerMonth = 500
			},
			wantBasis: BasisMeasured, wantTPS: 5000, wantPerM: 0.15,
			wantAPI: 260, wantCheap: true, wantSaving: 312.53,
		},
		{name: "no output volume", edit: func(in *ModelAPIInputs) { in.OutputTokensPerMonth = 0 }, wantErr: ErrNoVolume},
		{name: "no throughput at all", edit: func(in *ModelAPIInputs) { in.StatedTokensPerSecondPerGPU = 0 }, wantErr: ErrNoThroughput},
		{name: "stated share of zero leaves no throughput", edit: func(in *ModelAPIInputs) { in.StatedThroughputShare = 0 }, wantErr: ErrNoThroughput},
		{name: "currencies differ", edit: func(in *ModelAPIInputs) { in.Currency = "EUR" }, wantErr: ErrInvalid},
		{name: "no self-hosted rate", edit: func(in *ModelAPIInputs) { in.SelfHostedRatePerGPUHour = 0 }, wantErr: ErrInvalid},
		{name: "utilisation zero", edit: func(in *ModelAPIInputs) { in.Utilization = 0 }, wantErr: ErrInvalid},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := base()
			tt.edit(&in)
			got, err := CompareModelAPI(in)
			if tt.wantErr != nil {
				if !errors.Is(err, tt.wantErr) {
					t.Fatalf("err = %v, want %v", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got.Basis != tt.wantBasis {
				t.Errorf("Basis = %q, want %q", got.Basis, tt.wantBasis)
			}
			if math.Abs(got.TokensPerSecondPerGPU-tt.wantTPS) > 1e-9 {
				t.Errorf("TokensPerSecondPerGPU = %v, want %v", got.TokensPerSecondPerGPU, tt.wantTPS)
			}
			if got.SelfHostedPerMOutputTokens != tt.wantPerM {
				t.Errorf("SelfHostedPerMOutputTokens = %v, want %v", got.SelfHostedPerMOutputTokens, tt.wantPerM)
			}
			if got.APIMonthly != tt.wantAPI {
				t.Errorf("APIMonthly = %v, want %v", got.APIMonthly, tt.wantAPI)
			}
			if got.APICheaper != tt.wantCheap {
				t.Errorf("APICheaper = %v, want %v", got.APICheaper, tt.wantCheap)
			}
			if got.MonthlySaving != tt.wantSaving {
				t.Errorf("MonthlySaving = %v, want %v", got.MonthlySaving, tt.wantSaving)
			}
			for name, v := range map[string]float64{"per M": got.SelfHostedPerMOutputTokens, "self": got.SelfHostedMonthly, "api": got.APIMonthly, "api per M": got.APIPerMOutputTokens, "saving": got.MonthlySaving} {
				assertCents(t, name, v)
			}
		})
	}
}

// The model-API comparison priced self-hosting with its own formula (the
// cheapest rate at the brief's utilisation) and said self-hosting was
// cheaper while the worksheet's own TCOs said the API was. With priced
// quotes it uses the worksheet's cost per useful GPU-hour.
func TestModelAPIUsesTheWorksheetsSelfHostingCost(t *testing.T) {
	in := DefaultInput()
	in.Brief = Brief{Workload: WorkloadOnlineInference, GPUs: 8, BaselineUtilization: 0.9, ReadyToReserve: true, Stability: StabilityStable, HorizonMonths: 12}
	in.ModelAPI.OutputTokensPerMonth = 2e9
	in.Benchmark.MeasuredTokensPerSecondPerGPU = 1000
	in.Quotes = []Quote{{ID: 1, Label: "Cheap rate, dear TCO", RentalModel: RentalOnDemand, RatePerGPUHour: 1.0, Currency: "USD",
		UsefulGPUHourCost: 9.0}}
	rec, err := Recommend(in)
	if err != nil {
		t.Fatal(err)
	}
	api := rec.ModelAPI
	if api == nil || api.RatePerGPUHour != 9.0 || api.Utilization != 1 {
		t.Fatalf("model API comparison %+v, want the worksheet's 9.00 per useful GPU-hour", api)
	}
	// 2e9 tokens / (1000 tok/s × 3600) = 555.6 GPU-h × 9 = 5,000 USD.
	if api.SelfHostedMonthly < 4999 || api.SelfHostedMonthly > 5001 {
		t.Errorf("self-hosted monthly %v, want about 5,000", api.SelfHostedMonthly)
	}
}
