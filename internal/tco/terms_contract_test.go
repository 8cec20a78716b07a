package tco

import (
	"strings"
	"testing"
)

// Issue 10, case 6: a stated support price is used as stated; only an
// unstated one is assumed, with the tiered formula its label cites
// (greater of 100 USD or 10 % / 7 % / 5 % / 3 % of the bill by tier), not
// a flat 7 %.
func TestSupportUsesTheStatedPriceElseTheTieredPlan(t *testing.T) {
	// 1 node × 8 GPUs at rate r, 85 % busy, reserved: the compute bill is
	// 8 × 730 × r (busy plus idle), with no retry waste in testAssumptions.
	bill := func(rate float64) float64 { return 8 * 730 * rate }
	tests := []struct {
		name    string
		rate    float64
		support Term[float64]
		want    float64 // USD
	}{
		{"stated price kept", 2.0, Stated(1234.0), 1234},
		{"stated zero: support included", 2.0, Stated(0.0), 0},
		// 11,680 USD: 10 % of 10,000 + 7 % of 1,680.
		{"first two tiers", 2.0, NotStated[float64](), 1000 + 0.07*(bill(2.0)-10_000)},
		// 175,200 USD: 1,000 + 4,900 + 5 % of 95,200 = 10,660 (flat 7 % would be 12,264).
		{"third tier", 30.0, NotStated[float64](), 1000 + 4900 + 0.05*(bill(30.0)-80_000)},
		// 584 USD: 10 % is 58.40, under the 100 USD minimum.
		{"the minimum", 0.1, NotStated[float64](), 100},
		{"refused is assumed too", 2.0, Refused[float64](), 1000 + 0.07*(bill(2.0)-10_000)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			q := fullQuote("q", Reserved, tt.rate)
			q.Nodes, q.SupportPerMonth = 1, tt.support
			r := compute(t, []Quote{q}, testAssumptions()).Results[0]
			l := line(t, r, LineSupport)
			if want := NewMoney(tt.want, "USD"); l.Amount != want {
				t.Errorf("support = %v, want %v (basis %q)", l.Amount, want, l.Basis)
			}
			if tt.support.Known != (len(l.Assumed) == 0) {
				t.Errorf("assumed = %q for a support term %+v", l.Assumed, tt.support)
			}
			if !tt.support.Known && !strings.Contains(strings.Join(l.Assumed, " "), "10 % of 0–10,000") {
				t.Errorf("the assumption %q does not cite the tiers", l.Assumed)
			}
		})
	}
}

// The tiers are in USD: an evaluation in EUR converts the bounds, so the
// same bill in another currency pays the same support.
func TestSupportTiersConvertIntoTheEvaluationCurrency(t *testing.T) {
	a := testAssumptions()
	a.Currency = "EUR"
	a.FX = map[string]FXRate{"USD": {Rate: 0.5}}
	q := fullQuote("q", Reserved, 2.0)
	q.Nodes, q.Currency, q.SupportPerMonth = 1, "EUR", NotStated[float64]()
	r := compute(t, []Quote{q}, a).Results[0]
	// 11,680 EUR is 23,360 USD: 10 % × 5,000 EUR + 7 % × 6,680 EUR.
	if got, want := line(t, r, LineSupport).Amount, NewMoney(500+0.07*6680, "EUR"); got != want {
		t.Errorf("support = %v, want %v", got, want)
	}
}

// Issue 10, case 8: burst hours on a reserved quote are priced at the
// quote's on-demand rate when it states one, else at the market's
// on-demand rate for the GPU (labelled), never at the reserved rate.
func TestBurstOnReservedCapacityIsPricedOnDemand(t *testing.T) {
	market := DefaultAssumptions("USD").MarketRatePerGPUHour["H100"].Value
	tests := []struct {
		name     string
		model    RentalModel
		onDemand Term[float64]
		wantRate float64
		assumed  string // in the line's assumptions; "" for none
	}{
		{"reserved, stated on-demand rate", Reserved, Stated(4.5), 4.5, ""},
		{"reserved, no on-demand rate: the market's", Reserved, NotStated[float64](), market, "market's on-demand rate"},
		{"on demand: its own rate", OnDemand, NotStated[float64](), 2.0, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := testAssumptions()
			a.BurstGPUHoursPerMonth = Assumption{Value: 1000}
			q := fullQuote("q", tt.model, 2.0)
			q.OnDemandRate = tt.onDemand
			r := compute(t, []Quote{q}, a).Results[0]
			l := line(t, r, LineBurstCompute)
			if want := NewMoney(1000*tt.wantRate, "USD"); l.Amount != want {
				t.Errorf("burst = %v, want %v (%s)", l.Amount, want, l.Basis)
			}
			got := strings.Join(l.Assumed, " ")
			if (tt.assumed == "") != (got == "") || !strings.Contains(got, tt.assumed) {
				t.Errorf("assumed %q, want %q", got, tt.assumed)
			}
			// The four compute lines still add up to the bill.
			var sum int64
			for _, k := range []string{LineCommittedCompute, LineBurstCompute, LineRetryWaste, LineIdleWaste} {
				sum += line(t, r, k).Amount.Minor
			}
			if sum != r.ComputeBill.Minor {
				t.Errorf("compute lines sum to %d, bill %v", sum, r.ComputeBill)
			}
		})
	}
}
