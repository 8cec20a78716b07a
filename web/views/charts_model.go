package views

import (
	"math"
	"strconv"

	"github.com/gpuquote/gpuquote/internal/chart"
	"github.com/gpuquote/gpuquote/internal/decision"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/money"
	"github.com/gpuquote/gpuquote/internal/tco"
)

// SensitivityChart draws cost per useful unit against utilisation at the
// expected restart rate, one line per quote (named by names, by quote ID),
// marking the cheapest.
func SensitivityChart(z *i18n.Localizer, sens tco.Sensitivity, names map[string]string, unit, currency string) chart.Line {
	c := chart.Line{Title: z.T("worksheet.chart_title"), XLabel: z.T("worksheet.assumption.utilisation") + " (%)",
		YLabel:    z.T("worksheet.cost_per_unit", map[string]any{"Unit": unit}) + " (" + currency + ")",
		Highlight: chart.HighlightMin, LowestLabel: z.T("worksheet.chart_cheapest"), NoData: z.T("worksheet.empty"),
		Lang: z.Lang, Width: 760, Height: 380,
		XTicks:  []chart.Tick{{Value: 50}, {Value: 70}, {Value: 85}, {Value: 95}},
		XFormat: func(x float64) string { return strconv.Itoa(int(x+0.5)) + " %" },
		Lowest:  map[float64]int{}}
	var lo, hi float64
	for qi, id := range sens.QuoteIDs {
		series := chart.Series{Name: names[id]}
		for _, pt := range sens.Points {
			if pt.Restart != tco.RestartExpected {
				continue
			}
			y := pt.CostPerUnit[qi].Float()
			if len(c.Series) == 0 && len(series.Points) == 0 {
				lo, hi = y, y
			}
			lo, hi = min(lo, y), max(hi, y)
			series.Points = append(series.Points, chart.Point{X: pt.Utilisation * 100, Y: y})
			// The table's ★ compares exact costs; two that round to the
			// same cent must not make the chart name another quote.
			if pt.Cheapest == id {
				c.Lowest[pt.Utilisation*100] = qi
			}
		}
		c.Series = append(c.Series, series)
	}
	c.YFormat = chartsAmountAxis(z, currency, hi-lo)
	return c
}

// chartsAmountAxis labels an axis of amounts in currency spanning span: with
// the currency's decimals, and more when the ticks are closer than that
// (a cost near 0.40 USD per million tokens), so no two ticks read alike.
func chartsAmountAxis(z *i18n.Localizer, currency string, span float64) func(float64) string {
	digits := money.Digits(currency)
	if span > 0 {
		// About five ticks: their step is near a fifth of the span.
		digits = max(digits, int(math.Ceil(-math.Log10(span/5))))
	}
	digits = min(digits, 6)
	return func(y float64) string {
		if math.Abs(y) < 0.5*math.Pow10(-digits) {
			y = 0 // never "-0.00"
		}
		return z.Decimal(strconv.FormatFloat(y, 'f', digits, 64))
	}
}

// CostRangeChart lays out the cost per useful unit of each quote on the
// worksheet page with its range, cheapest marked as the table marks it.
// provider names a quote by ID, amount words an amount.
func CostRangeChart(z *i18n.Localizer, results []tco.Result, cheapest, unit, currency string, provider func(string) string,
	amount func(tco.Money) string) (chart.DotRangeFigure, ChartText) {
	c := chart.DotRange{}
	var lo, hi float64
	for i, res := range results {
		it := chart.RangeItem{Label: provider(res.QuoteID), Value: res.CostPerUnit.Float(),
			Low: res.CostPerUnitLow.Float(), High: res.CostPerUnitHigh.Float(), Text: amount(res.CostPerUnit),
			Marked: cheapest == res.QuoteID && len(results) > 1}
		if res.Incomplete || res.CostPerUnitHigh != res.CostPerUnit {
			it.Text += " (" + amount(res.CostPerUnitLow) + " – " + amount(res.CostPerUnitHigh) + ")"
		}
		if it.Marked {
			it.Text += " ★"
		}
		if i == 0 {
			lo, hi = it.Low, it.High
		}
		lo, hi = min(lo, it.Low), max(hi, it.High)
		c.Items = append(c.Items, it)
	}
	c.Format = chartsAmountAxis(z, currency, hi-min(lo, 0))
	return c.Layout(), ChartText{
		Title: z.T("worksheet.range_title", map[string]any{"Unit": unit, "Currency": currency}),
		Desc:  z.T("worksheet.range_desc")}
}

// CostLinesChart draws what one GPU costs, month by month, bought
// (capital up front, then running costs) against renting it reserved and
// on demand, with each break-even month marked: the figures table's
// break-evens, drawn. The months run a quarter past the later break-even,
// or three years when owning never pays.
func CostLinesChart(z *i18n.Localizer, rec decision.Recommendation) (chart.LinesFigure, ChartText) {
	var c chart.Lines
	bes := []*decision.BreakEven{rec.BreakEvenVsReserved, rec.BreakEvenVsOnDemand}
	horizon, cur := 36.0, ""
	var buy *decision.BreakEven
	for _, b := range bes {
		if b == nil {
			continue
		}
		buy, cur = b, b.Currency
		if !b.Never {
			horizon = max(horizon, min(math.Ceil(b.Months*1.25), 120))
		}
	}
	if buy == nil {
		return c.Layout(), ChartText{}
	}
	line := func(name string, start, perMonth float64) chart.Series {
		return chart.Series{Name: name, Points: []chart.Point{{X: 0, Y: start}, {X: horizon, Y: start + perMonth*horizon}}}
	}
	c.Series = append(c.Series, line(z.T("decision.chart_buy"), buy.CapexPerGPU, buy.OpexPerGPUMonth))
	names := map[decision.RentKind]string{decision.RentReserved: z.T("decision.chart_reserved"), decision.RentOnDemand: z.T("decision.chart_on_demand")}
	for _, b := range bes {
		if b == nil {
			continue
		}
		c.Series = append(c.Series, line(names[b.Against], 0, b.RentPerGPUMonth))
		if !b.Never {
			c.Marks = append(c.Marks, chart.Mark{X: b.Months, Y: b.CapexPerGPU + b.OpexPerGPUMonth*b.Months,
				Label: z.T("decision.chart_breakeven", map[string]any{"Months": z.Decimal(strconv.FormatFloat(b.Months, 'f', 1, 64))})})
		}
	}
	c.XFormat = func(x float64) string { return z.Int(int64(math.Round(x))) }
	// Round figures on the axis (1,500,000, not 1,500,000.00): the exact
	// amounts are the figures table's.
	c.YNumber = z.Decimal
	return c.Layout(), ChartText{Title: z.T("decision.chart_title", map[string]any{"Currency": cur, "Months": z.Int(int64(horizon))}),
		Desc: z.T("decision.chart_desc")}
}
