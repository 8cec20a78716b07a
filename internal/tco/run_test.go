package tco

import (
	"errors"
	"math"
	"testing"
)

// PRODUCT.md's configurations A, B and C (Llama-3-70B full fine-tune on
// 64 H100) must come out at the article's totals within 2 %.
func TestPerRunReproducesArticleConfigurations(t *testing.T) {
	tests := []struct {
		name      string
		rate      float64
		effective float64
		real      float64
		want      float64
	}{
		{"A bare metal, $32/h per 8-GPU node", 4, 48, 58, 14850},
		{"B hyperscaler on-demand", 4.9, 55, 78, 24500},
		{"C spot with restarts", 2.03, 65, 140, 18200},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := PerRun(Run{GPUs: 64, RatePerGPUHour: tt.rate, Currency: "USD", EffectiveHours: tt.effective, RealHours: tt.real})
			if err != nil {
				t.Fatal(err)
			}
			if dev := math.Abs(got.Cost.Float()-tt.want) / tt.want; dev > 0.02 {
				t.Errorf("cost = %s, want %v within 2 %% (off by %.2f %%)", got.Cost, tt.want, dev*100)
			}
			if want := tt.real / tt.effective; got.Overhead != want {
				t.Errorf("overhead = %v, want %v", got.Overhead, want)
			}
			if got.Basis.English() == "" || got.Basis.English() == got.Basis.Key {
				t.Error("no basis")
			}
		})
	}
}

func TestPerRunRejectsNonsense(t *testing.T) {
	tests := []struct {
		name string
		run  Run
	}{
		{"no GPUs", Run{RatePerGPUHour: 2, Currency: "USD", EffectiveHours: 1, RealHours: 1}},
		{"no rate", Run{GPUs: 8, Currency: "USD", EffectiveHours: 1, RealHours: 1}},
		{"real shorter than effective", Run{GPUs: 8, RatePerGPUHour: 2, Currency: "USD", EffectiveHours: 2, RealHours: 1}},
		{"no currency", Run{GPUs: 8, RatePerGPUHour: 2, EffectiveHours: 1, RealHours: 1}},
		{"NaN hours", Run{GPUs: 8, RatePerGPUHour: 2, Currency: "USD", EffectiveHours: math.NaN(), RealHours: 1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := PerRun(tt.run); !errors.Is(err, ErrInvalid) {
				t.Errorf("PerRun error = %v, want ErrInvalid", err)
			}
		})
	}
}

func TestGPUHoursPerUnit(t *testing.T) {
	got, err := GPUHoursPerUnit(4, 64, 0.85)
	if err != nil || math.Abs(got-0.85*64*730/4) > 1e-9 {
		t.Errorf("GPUHoursPerUnit = %v, %v", got, err)
	}
	if _, err := GPUHoursPerUnit(0, 64, 0.85); !errors.Is(err, ErrInvalid) {
		t.Errorf("zero units: error = %v, want ErrInvalid", err)
	}
}
