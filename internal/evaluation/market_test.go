package evaluation

import (
	"strings"
	"testing"

	"github.com/gpuquote/gpuquote/internal/market"
)

// An L40S brief was judged against H100 prices, which turned an on-demand
// answer into "reserve": the market references follow the target GPU.
func TestMarketRatesFollowTheTargetGPU(t *testing.T) {
	t.Parallel()
	ref, err := market.Bundled()
	if err != nil {
		t.Fatal(err)
	}
	same := func(v float64) float64 { return v }
	l40s := marketRates(ref, "l40s", same, "USD")
	h100 := marketRates(ref, "h100_sxm", same, "USD")
	if l40s.OnDemand.Value <= 0 || h100.OnDemand.Value <= 0 {
		t.Fatalf("no on-demand reference: L40S %v, H100 %v", l40s.OnDemand, h100.OnDemand)
	}
	if l40s.OnDemand.Value >= h100.OnDemand.Value {
		t.Errorf("L40S on demand %v is not below H100's %v", l40s.OnDemand.Value, h100.OnDemand.Value)
	}
	if !strings.Contains(l40s.OnDemand.Source, "L40S") {
		t.Errorf("source %q does not name the GPU", l40s.OnDemand.Source)
	}
	if l40s.Reserved.Value != 0 {
		t.Errorf("an L40S brief got the H100 reserved index %v", l40s.Reserved)
	}
	eur := marketRates(ref, "h100_sxm", func(v float64) float64 { return v / 1.08 }, "EUR")
	if eur.Currency != "EUR" || eur.OnDemand.Value >= h100.OnDemand.Value {
		t.Errorf("EUR references %+v", eur.OnDemand)
	}
}
