package web

import (
	"context"
	"strings"
	"time"

	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/market"
	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/web/views"
)

func (s *Server) priceReference(ctx context.Context) (market.Reference, error) {
	return s.eval.PriceReference(ctx)
}

// fxTable returns the admin's rates as exact decimals, USD per unit.
func (s *Server) fxTable(ctx context.Context) (map[string]quote.Decimal, map[string]time.Time, error) {
	t, err := s.eval.FX(ctx)
	return t.USDPer, t.AsOf, err
}

// marketView compares the quote's rate with the reference for its GPU and
// rental model, converting with the dated FX rates; it always says the
// source and date of the reference.
func (s *Server) marketView(ctx context.Context, q quote.Quote) views.MarketView {
	z := i18n.From(ctx)
	rate, ok := q.PricePerGPUHour.Get()
	if !ok {
		return views.MarketView{Line: z.T("quote.market_no_rate")}
	}
	ref, err := s.priceReference(ctx)
	if err != nil {
		s.log.Warn("price reference", "err", err)
		return views.MarketView{Line: z.T("quote.market_none")}
	}
	cur, _ := q.Currency.Get()
	rates, dates, err := s.fxTable(ctx)
	if err != nil {
		s.log.Warn("fx rates", "err", err)
	}
	usd, err := market.ToUSD(rate, cur, rates)
	if err != nil {
		return views.MarketView{Line: z.T("quote.market_no_fx", map[string]any{"Currency": cur}), CSS: "warn"}
	}
	gpu, _ := q.GPUModel.Get()
	form, _ := q.FormFactor.Get()
	rental, _ := q.RentalModel.Get()
	c := market.Compare(ref, gpu, form, rental, usd)
	m := views.MarketView{Verdict: z.T("quote.market_verdict." + string(c.Verdict))}
	if c.Verdict == market.VerdictNoReference {
		m.Line = z.T("quote.market_none") + " " + z.T("reference.prices_source", map[string]any{"Source": ref.Source, "Date": ref.SourceDate, "Count": len(ref.Rows)})
		return m
	}
	usdText := z.Decimal(usd.String())
	if cur != "USD" {
		usdText += " (" + z.T("quote.market_fx", map[string]any{"Date": z.Date(dates[cur])}) + ")"
	}
	m.Line = z.T("quote.market_line", map[string]any{
		"Rate": z.Decimal(rate.String()) + "\u00a0" + cur, "USD": usdText, "Kind": z.T("quote.market_kind." + string(c.Kind)),
		"GPU": c.GPUKey, "Median": z.Decimal(c.Stats.Median.String()), "Min": z.Decimal(c.Stats.Min.String()),
		"Max": z.Decimal(c.Stats.Max.String()), "Count": c.Stats.Count, "Source": c.Source + ", " + c.SourceDate})
	switch c.Verdict {
	case market.VerdictFarBelow, market.VerdictFarAbove:
		m.CSS = "warn"
	case market.VerdictAbove:
		if c.StrongWarning {
			m.CSS = "warn"
		}
	default:
		m.CSS = "ok"
	}
	return m
}

// trimDecimal drops the trailing zeros PostgreSQL's numeric(20,10) prints.
func trimDecimal(s string) string {
	if strings.Contains(s, ".") {
		s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	}
	return s
}
