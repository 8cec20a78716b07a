package market

import (
	"time"

	"github.com/gpuquote/gpuquote/internal/quote"
)

// QuoteCheck is a quote's rate beside the reference: what stopped the
// comparison, or the comparison with the figures it was made on.
type QuoteCheck struct {
	NoRate      bool // the quote states no rate per GPU-hour
	NoReference bool // no reference could be read
	NoFX        bool // no exchange rate converts the rate to USD
	Rate        quote.Decimal
	Currency    string
	USD         quote.Decimal // the rate in USD
	FXDate      time.Time     // the date of the rate it was converted with
	Reference   Reference
	Comparison  Comparison
}

// CheckQuote compares the quote's rate with ref for its GPU and rental
// model, converted to USD with usdPer (USD per unit of each currency,
// dated by asOf).
func CheckQuote(ref Reference, usdPer map[string]quote.Decimal, asOf map[string]time.Time, q quote.Quote) QuoteCheck {
	rate, ok := q.PricePerGPUHour.Get()
	if !ok {
		return QuoteCheck{NoRate: true}
	}
	cur, _ := q.Currency.Get()
	c := QuoteCheck{Rate: rate, Currency: cur, Reference: ref, FXDate: asOf[cur]}
	usd, err := ToUSD(rate, cur, usdPer)
	if err != nil {
		c.NoFX = true
		return c
	}
	gpu, _ := q.GPUModel.Get()
	form, _ := q.FormFactor.Get()
	rental, _ := q.RentalModel.Get()
	c.USD, c.Comparison = usd, Compare(ref, gpu, form, rental, usd)
	return c
}
