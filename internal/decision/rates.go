package decision

import (
	"cmp"
	"slices"
)

// Rate is one price per GPU-hour used by the recommendation, with its
// basis: the cheapest quote of that kind, or the market reference when no
// quote of that kind exists yet.
type Rate struct {
	PerGPUHour float64 `json:"per_gpu_hour"`
	// QuoteID and QuoteLabel name the quote; QuoteID is zero for a market
	// reference.
	QuoteID    int64  `json:"quote_id,omitempty"`
	QuoteLabel string `json:"quote_label,omitempty"`
	Source     string `json:"source"`
	Date       string `json:"date,omitempty"`
}

// Rates are the three kinds of rented capacity; nil means no price known.
type Rates struct {
	OnDemand *Rate `json:"on_demand,omitempty"`
	Reserved *Rate `json:"reserved,omitempty"`
	Spot     *Rate `json:"spot,omitempty"`
}

// QuoteRef points at the quote that best represents the recommended option.
type QuoteRef struct {
	ID             int64   `json:"id"`
	Label          string  `json:"label"`
	CostPerUnit    float64 `json:"cost_per_unit"`
	RatePerGPUHour float64 `json:"rate_per_gpu_hour"`
	MonthlyTCO     float64 `json:"monthly_tco"`
}

// capacity groups rental models by how they are paid: that, not the
// vendor's label, is what the economics depend on.
type capacity int

const (
	capNone capacity = iota
	capOnDemand
	capReserved
	capSpot
	capModelAPI
	capBuy
)

func capacityOf(m RentalModel) capacity {
	switch m {
	case RentalSingleNode, RentalOnDemand, RentalManagedCluster:
		return capOnDemand
	case RentalReserved:
		return capReserved
	case RentalMarketplace:
		return capSpot
	case RentalModelAPI:
		return capModelAPI
	case RentalBuy:
		return capBuy
	}
	return capNone
}

// usableQuotes drops quotes in another currency, with a note for each, so
// no comparison ever mixes currencies.
func usableQuotes(in Input) ([]Quote, []Statement) {
	var ok []Quote
	var notes []Statement
	for _, q := range in.Quotes {
		if q.Currency != in.Currency {
			notes = append(notes, st("decision.note.quote_other_currency",
				wordFact("QuoteLabel", q.Label), wordFact("QuoteCurrency", q.Currency), currencyFact(in.Currency)))
			continue
		}
		ok = append(ok, q)
	}
	return ok, notes
}

// pickRate is the cheapest quoted rate of that capacity, else the market
// reference if it is in the evaluation's currency.
func pickRate(quotes []Quote, c capacity, market Sourced, marketCurrency, currency string) *Rate {
	var best *Quote
	for i, q := range quotes {
		if capacityOf(q.RentalModel) != c || q.RatePerGPUHour <= 0 {
			continue
		}
		if best == nil || q.RatePerGPUHour < best.RatePerGPUHour {
			best = &quotes[i]
		}
	}
	if best != nil {
		return &Rate{PerGPUHour: best.RatePerGPUHour, QuoteID: best.ID, QuoteLabel: best.Label, Source: "quote"}
	}
	if market.Value > 0 && marketCurrency == currency {
		return &Rate{PerGPUHour: market.Value, Source: market.Source, Date: market.Date}
	}
	return nil
}

// bestQuote is the quote of that capacity with the lowest cost per useful
// unit, the product's measure; without any, the lowest rate, then the
// lowest monthly TCO.
func bestQuote(quotes []Quote, c capacity) *QuoteRef {
	var cands []Quote
	for _, q := range quotes {
		if capacityOf(q.RentalModel) == c {
			cands = append(cands, q)
		}
	}
	if len(cands) == 0 {
		return nil
	}
	for _, key := range []func(Quote) float64{
		func(q Quote) float64 { return q.CostPerUnit },
		func(q Quote) float64 { return q.RatePerGPUHour },
		func(q Quote) float64 { return q.MonthlyTCO },
	} {
		known := slices.DeleteFunc(slices.Clone(cands), func(q Quote) bool { return key(q) <= 0 })
		if len(known) == 0 {
			continue
		}
		q := slices.MinFunc(known, func(a, b Quote) int { return cmp.Compare(key(a), key(b)) })
		return &QuoteRef{ID: q.ID, Label: q.Label, CostPerUnit: q.CostPerUnit, RatePerGPUHour: q.RatePerGPUHour, MonthlyTCO: q.MonthlyTCO}
	}
	q := cands[0]
	return &QuoteRef{ID: q.ID, Label: q.Label}
}
