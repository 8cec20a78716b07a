package evaluation

import (
	"context"
	"fmt"

	"github.com/gpuquote/gpuquote/internal/market"
	"github.com/gpuquote/gpuquote/internal/quote"
)

// QuoteMarket compares the quote's rate with the market reference in
// force for its GPU and rental model, converted with the admin's dated
// rates. A reference or rates that cannot be read leave the comparison
// out (NoReference) or without a conversion (NoFX); warn says why.
func (s *Service) QuoteMarket(ctx context.Context, q quote.Quote) (c market.QuoteCheck, warn error) {
	if _, ok := q.PricePerGPUHour.Get(); !ok {
		return market.QuoteCheck{NoRate: true}, nil
	}
	ref, err := s.PriceReference(ctx)
	if err != nil {
		return market.QuoteCheck{NoReference: true}, fmt.Errorf("price reference: %w", err)
	}
	fx, err := s.FX(ctx)
	if err != nil {
		warn = fmt.Errorf("fx rates: %w", err)
	}
	return market.CheckQuote(ref, fx.USDPer, fx.AsOf, q), warn
}
