package evaluation

import (
	"context"
	"strings"
	"time"

	"github.com/gpuquote/gpuquote/internal/audit"
	"github.com/gpuquote/gpuquote/internal/quote"
)

// FXInput is an exchange rate as typed: the currency's code, USD per unit
// (a plain decimal) and the date it holds from (YYYY-MM-DD).
type FXInput struct {
	Currency, USDPerUnit, AsOf string
}

// SetFX checks and sets one exchange rate. Refused input is FieldErrors
// (currency, usd_per_unit, as_of, each a message key) and stores nothing;
// a rate that passes is set as SetFXRate sets it, doubts and all.
func (s *Service) SetFX(ctx context.Context, by audit.Actor, in FXInput, confirmed bool) (*RateDoubt, error) {
	errs := FieldErrors{}
	if len(in.Currency) != 3 || strings.Trim(in.Currency, "ABCDEFGHIJKLMNOPQRSTUVWXYZ") != "" || in.Currency == "USD" {
		errs["currency"] = "reference.error.currency"
	}
	rate, err := quote.ParseDecimal(in.USDPerUnit)
	// numeric(20,10) keeps ten digits before the point; no real rate has more.
	if err != nil || rate.IsZero() || rate.Cmp(quote.DecimalFromInt(10_000_000_000)) >= 0 {
		errs["usd_per_unit"] = "reference.error.rate"
	}
	asOf, err := time.Parse(time.DateOnly, in.AsOf)
	if err != nil {
		errs["as_of"] = "reference.error.date"
	}
	if len(errs) > 0 {
		return nil, errs
	}
	return s.SetFXRate(ctx, by, in.Currency, rate, asOf, confirmed)
}
