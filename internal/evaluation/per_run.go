package evaluation

import (
	"strconv"

	"github.com/gpuquote/gpuquote/internal/tco"
)

// PerRun is the cost of one accepted run on a priced quote (the
// practitioners' A/B/C view): GPUs × rate × effective hours × overhead,
// where overhead is real over effective hours, beside the worksheet's
// cost per useful unit of the same quote.
type PerRun struct {
	QuoteID        int64
	GPUs           int
	Rate           float64 // per GPU-hour, in Currency
	Currency       string  // the quote's
	EffectiveHours float64
	RealHours      float64
	Overhead       float64
	Cost           tco.Money // in the quote's currency
	// CostEval is Cost in the evaluation currency; Converted says it was
	// converted (false: the same currency, or no rate).
	CostEval  tco.Money
	Converted bool
	Basis     tco.Statement
	// Worksheet is the worksheet's cost per useful unit of the quote.
	Worksheet tco.Money
}

// perRuns prices one run for every priced quote whose run hours the
// worksheet holds and whose rate is stated, in Quotes order. A quote
// whose run cannot be priced (hours that do not parse, an amount beyond
// any real contract) has none.
func (a *Analysis) perRuns() []PerRun {
	var out []PerRun
	for i, in := range a.Inputs {
		rh, ok := a.Stored.RunHours[in.ID]
		eff, err1 := strconv.ParseFloat(rh.Effective, 64)
		real, err2 := strconv.ParseFloat(rh.Real, 64)
		if !ok || err1 != nil || err2 != nil || !in.RatePerGPUHour.Known {
			continue
		}
		rate := in.RatePerGPUHour.Value
		rc, err := tco.PerRun(tco.Run{GPUs: in.GPUs(), RatePerGPUHour: rate, Currency: in.Currency, EffectiveHours: eff, RealHours: real})
		if err != nil {
			continue
		}
		pr := PerRun{QuoteID: a.Quotes[i].ID, GPUs: in.GPUs(), Rate: rate, Currency: in.Currency, EffectiveHours: eff, RealHours: real,
			Overhead: rc.Overhead, Cost: rc.Cost, CostEval: rc.Cost, Basis: rc.Basis, Worksheet: a.WS.Results[i].CostPerUnit}
		// One currency on the page: a run priced in another is shown
		// converted, with the amount as quoted beside it.
		if conv, fx, err := a.A.Convert(rc.Cost); err == nil && fx.Rate != 0 {
			pr.CostEval, pr.Converted = conv, true
		}
		out = append(out, pr)
	}
	return out
}

// PerRunOf is a quote's cost of one accepted run, false when it has none.
func (a *Analysis) PerRunOf(quoteID int64) (PerRun, bool) {
	for _, pr := range a.PerRun {
		if pr.QuoteID == quoteID {
			return pr, true
		}
	}
	return PerRun{}, false
}
