package views

import (
	"fmt"
	"strings"

	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/market"
	"github.com/gpuquote/gpuquote/internal/quote"
)

// MarketModel words a quote's rate beside the market reference: the
// verdict and one line that always says the reference's source and date.
func MarketModel(z *i18n.Localizer, c market.QuoteCheck) MarketView {
	switch {
	case c.NoRate:
		return MarketView{Line: z.T("quote.market_no_rate")}
	case c.NoReference:
		return MarketView{Line: z.T("quote.market_none")}
	case c.NoFX:
		return MarketView{Line: z.T("quote.market_no_fx", map[string]any{"Currency": c.Currency}), CSS: "warn"}
	}
	ref, cmp, cur := c.Reference, c.Comparison, c.Currency
	m := MarketView{Verdict: z.T("quote.market_verdict." + string(cmp.Verdict))}
	if cmp.Verdict == market.VerdictNoReference {
		m.Line = z.T("quote.market_none") + " " + z.T("reference.prices_source", map[string]any{"Source": ref.Source, "Date": ref.SourceDate, "Count": len(ref.Rows)})
		return m
	}
	// One format for every price on the line: at least two decimals, the
	// reference's statistics rounded to cents, each with its currency; a
	// conversion is only mentioned when there was one.
	rateText := z.Decimal(marketAtLeastCents(c.Rate.String())) + "\u00a0" + cur
	line := z.T("quote.market_rate", map[string]any{"Rate": rateText})
	if cur != "USD" {
		line = z.T("quote.market_rate_converted", map[string]any{"Rate": rateText,
			"USD": z.Decimal(marketCents(c.USD)) + "\u00a0USD", "Date": z.Date(c.FXDate)})
	}
	m.Line = line + " " + z.T("quote.market_reference", map[string]any{
		"Kind": z.T("quote.market_kind." + string(cmp.Kind)), "GPU": cmp.GPUKey,
		"Median": z.Decimal(marketCents(cmp.Stats.Median)) + "\u00a0USD", "Min": z.Decimal(marketCents(cmp.Stats.Min)) + "\u00a0USD",
		"Max": z.Decimal(marketCents(cmp.Stats.Max)) + "\u00a0USD", "Count": cmp.Stats.Count, "Source": cmp.Source + ", " + cmp.SourceDate})
	switch cmp.Verdict {
	case market.VerdictFarBelow, market.VerdictFarAbove:
		m.CSS = "warn"
	case market.VerdictAbove:
		if cmp.StrongWarning {
			m.CSS = "warn"
		}
	default:
		m.CSS = "ok"
	}
	return m
}

// TrimDecimal drops the trailing zeros PostgreSQL's numeric(20,10) prints.
func TrimDecimal(s string) string {
	if strings.Contains(s, ".") {
		s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	}
	return s
}

// marketCents is an amount rounded half up to two decimals, for reading:
// the reference's statistics carry more digits than anyone compares.
func marketCents(d quote.Decimal) string {
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

// marketAtLeastCents pads an exact decimal to two decimals ("5.9" →
// "5.90"), keeping any further digits the quote stated.
func marketAtLeastCents(s string) string {
	whole, frac, _ := strings.Cut(s, ".")
	for len(frac) < 2 {
		frac += "0"
	}
	return whole + "." + frac
}
