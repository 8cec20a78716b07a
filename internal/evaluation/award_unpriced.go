package evaluation

import (
	"strings"

	"github.com/gpuquote/gpuquote/internal/store"
)

// NotPriced is a quote an award names that the analysis cannot price
// now, and why (an English sentence for the API; Code for pages).
type NotPriced struct {
	QuoteID  int64
	Provider string
	// Code is "no_rate" (Currency has no exchange rate) or "unpriced"
	// (the cost model refuses the quote: Reason says why).
	Code     string
	Currency string
	Reason   string
}

// WhyUnpriced says why a quote of the evaluation is outside the
// worksheet (false: priced, or not a quote of the evaluation).
func (a *Analysis) WhyUnpriced(quoteID int64) (NotPriced, bool) {
	for _, sq := range a.Skipped {
		if sq.ID == quoteID {
			cur, _ := sq.Quote.Currency.Get()
			return NotPriced{QuoteID: sq.ID, Provider: sq.ProviderName, Code: "no_rate", Currency: cur,
				Reason: "no exchange rate from " + cur + " to " + a.WS.Currency}, true
		}
	}
	for _, u := range a.Unpriced {
		if u.ID == quoteID {
			return NotPriced{QuoteID: u.ID, Provider: u.ProviderName, Code: "unpriced", Reason: strings.TrimPrefix(u.Reason, "tco: ")}, true
		}
	}
	return NotPriced{}, false
}

// awardNotPriced lists the shares' quotes the analysis cannot price now.
func (a *Analysis) awardNotPriced(shares []store.AwardShare) []NotPriced {
	var out []NotPriced
	for _, sh := range shares {
		if np, ok := a.WhyUnpriced(sh.QuoteID); ok {
			out = append(out, np)
		}
	}
	return out
}
