package web

import (
	"context"

	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/web/views"
)

// marketView compares the quote's rate with the reference for its GPU and
// rental model, converting with the dated FX rates; it always says the
// source and date of the reference.
func (s *Server) marketView(ctx context.Context, q quote.Quote) views.MarketView {
	c, warn := s.eval.QuoteMarket(ctx, q)
	if warn != nil {
		s.log.Warn("market reference", "err", warn)
	}
	return views.MarketModel(i18n.From(ctx), c)
}

// trimDecimal drops the trailing zeros PostgreSQL's numeric(20,10) prints.
func trimDecimal(s string) string { return views.TrimDecimal(s) }
