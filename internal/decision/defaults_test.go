package decision

import "testing"

// Every default states where it came from and when, so the UI can show the
// basis of each figure built on it.
func TestDefaultsAreSourced(t *testing.T) {
	in := DefaultInput()
	if err := in.Validate(); err != nil {
		t.Fatalf("DefaultInput() does not validate: %v", err)
	}
	for name, s := range map[string]Sourced{
		"purchase":       in.Buy.PurchasePerGPU,
		"infrastructure": in.Buy.InfraPerGPUYear,
		"ops staff":      in.Buy.OpsStaffPerYear,
		"depreciation":   in.Buy.DepreciationYears,
		"on-demand rate": in.Market.OnDemand,
		"reserved rate":  in.Market.Reserved,
		"spot rate":      in.Market.Spot,
		"spot waste":     in.SpotRetryWaste,
		"API input":      in.ModelAPI.Prices.InputPerMTokens,
		"API output":     in.ModelAPI.Prices.OutputPerMTokens,
		"stated share":   in.ModelAPI.StatedThroughputShare,
	} {
		if s.Value <= 0 || s.Unit == "" || s.Source == "" || s.Date == "" {
			t.Errorf("%s default lacks a value, unit, source or date: %+v", name, s)
		}
	}
	if b := DefaultBlendShares(); b != (BlendShares{0.7, 0.2, 0.1}) {
		t.Errorf("DefaultBlendShares() = %+v, want the seed's 70/20/10", b)
	}
}

func TestMoneyText(t *testing.T) {
	tests := []struct {
		got, want string
	}{
		{money("USD", 30000), "USD 30,000.00"},
		{money("USD", 1234567.891), "USD 1,234,567.89"},
		{money("EUR", 0.005), "EUR 0.01"},
		{money("USD", -1250), "USD -1,250.00"},
		{money("USD", -0.001), "USD 0.00"},
		{rate("USD", 2.2), "USD 2.20/GPU-hour"},
		{pct(0.855), "86%"},
		{months(84.27), "84.3 months (7.0 years)"},
		{grouped(999, 0), "999"},
		{grouped(1000, 0), "1,000"},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("got %q, want %q", tt.got, tt.want)
		}
	}
}

func TestBreakEvenYears(t *testing.T) {
	if got := (BreakEven{Months: 84.3}).Years(); got != 7 {
		t.Errorf("Years() = %v, want 7", got)
	}
}
