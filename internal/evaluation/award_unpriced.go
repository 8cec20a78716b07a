package evaluation

import (
	"github.com/gpuquote/gpuquote/internal/approval"
	"github.com/gpuquote/gpuquote/internal/store"
)

// NotPriced is a quote an award names that the analysis cannot price
// now, and why (an English sentence for the API; Code for pages).
type NotPriced = approval.NotPriced

// WhyUnpriced says why a quote of the evaluation is outside the
// worksheet (false: priced, or not a quote of the evaluation). It reads
// the story's left-out list, so the award card and the decision story
// give one reason in the same words.
func (a *Analysis) WhyUnpriced(quoteID int64) (NotPriced, bool) {
	for _, l := range a.LeftOutQuotes() {
		if l.QuoteID != quoteID {
			continue
		}
		np := NotPriced{QuoteID: l.QuoteID, Provider: l.Provider, Code: l.Reason, Currency: l.Currency, Reason: l.Detail}
		if l.Reason == LeftOutNoRate {
			np.Reason = "no exchange rate from " + l.Currency + " to " + l.Target
		}
		return np, true
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
