package web

import (
	"math"
	"slices"
	"strconv"

	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/i18n"
	currency "github.com/gpuquote/gpuquote/internal/money"
	"github.com/gpuquote/gpuquote/internal/tco"
	"github.com/gpuquote/gpuquote/web/views"
)

// quoteMoney is a quote's figures as the worksheet computed them: monthly
// TCO and its range, contract value, cost per useful unit and the quote's
// place by it, in the evaluation's currency with the amount as quoted
// beside when the quote is in another currency. Nil when the worksheet
// left the quote out (no exchange rate).
func quoteMoney(z *i18n.Localizer, d *evaluation.Analysis, quoteID int64, quoteCurrency string) *views.QuoteMoney {
	id := strconv.FormatInt(quoteID, 10)
	i := slices.IndexFunc(d.WS.Results, func(r tco.Result) bool { return r.QuoteID == id })
	if i < 0 {
		return nil
	}
	res := d.WS.Results[i]
	asQuoted := func(m tco.Money) string {
		fx, ok := d.A.FX[quoteCurrency]
		if !ok || quoteCurrency == m.Currency || fx.Rate <= 0 {
			return ""
		}
		major := float64(m.Minor) / float64(currency.Scale(m.Currency)) / fx.Rate
		return z.T("worksheet.as_quoted", map[string]any{"Amount": z.Money(strconv.FormatFloat(math.Round(major*100)/100, 'f', 2, 64), quoteCurrency)})
	}
	out := &views.QuoteMoney{
		TCO: money(z, res.TCO), TCOQuoted: asQuoted(res.TCO),
		Contract: money(z, res.Contract.Value), ContractQuoted: asQuoted(res.Contract.Value),
		CostPerUnit: money(z, res.CostPerUnit), CostPerUnitQuoted: asQuoted(res.CostPerUnit),
		Unit: unitLabel(z, d), WorksheetHref: "/evaluations/" + strconv.FormatInt(d.Evaluation.ID, 10) + "/worksheet",
	}
	if res.Low != res.TCO || res.High != res.TCO {
		out.TCORange = money(z, res.Low) + " – " + money(z, res.High)
	}
	if res.CostPerUnitLow != res.CostPerUnit || res.CostPerUnitHigh != res.CostPerUnit {
		out.CostPerUnitRange = money(z, res.CostPerUnitLow) + " – " + money(z, res.CostPerUnitHigh)
	}
	place := 1
	for _, other := range d.WS.Results {
		if other.CostPerUnit.Minor < res.CostPerUnit.Minor {
			place++
		}
	}
	out.Place = z.T("quote.money.place", map[string]any{"Place": z.Int(int64(place)), "Of": z.Int(int64(len(d.WS.Results)))})
	return out
}
