package web

import (
	"context"
	"fmt"
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
	// One format for every price on the line: at least two decimals, the
	// reference's statistics rounded to cents, each with its currency; a
	// conversion is only mentioned when there was one.
	rateText := z.Decimal(atLeastCents(rate.String())) + "\u00a0" + cur
	line := z.T("quote.market_rate", map[string]any{"Rate": rateText})
	if cur != "USD" {
		line = z.T("quote.market_rate_converted", map[string]any{"Rate": rateText,
			"USD": z.Decimal(cents(usd)) + "\u00a0USD", "Date": z.Date(dates[cur])})
	}
	m.Line = line + " " + z.T("quote.market_reference", map[string]any{
		"Kind": z.T("quote.market_kind." + string(c.Kind)), "GPU": c.GPUKey,
		"Median": z.Decimal(cents(c.Stats.Median)) + "\u00a0USD", "Min": z.Decimal(cents(c.Stats.Min)) + "\u00a0USD",
		"Max": z.Decimal(cents(c.Stats.Max)) + "\u00a0USD", "Count": c.Stats.Count, "Source": c.Source + ", " + c.SourceDate})
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

// cents is an amount rounded half up to two decimals, for reading: the
// reference's statistics carry more digits than anyone compares.
func cents(d quote.Decimal) string {
	m := d.Micros()
	neg := m < 0
	if neg {
		m = -m
	}
	c := (m + 5_000) / 10_000
	s := fmt.Sprintf("%d.%02d", c/100, c%100)
	if neg && c != 0 {
		s = "-" + s
	}
	return s
}

// atLeastCents pads an exact decimal to two decimals ("5.9" → "5.90"),
// keeping any further digits the quote stated.
func atLeastCents(s string) string {
	whole, frac, _ := strings.Cut(s, ".")
	for len(frac) < 2 {
		frac += "0"
	}
	return whole + "." + frac
}
