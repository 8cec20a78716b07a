package views

import (
	"math"
	"slices"
	"strconv"

	"github.com/gpuquote/gpuquote/internal/i18n"
	currency "github.com/gpuquote/gpuquote/internal/money"
	"github.com/gpuquote/gpuquote/internal/tco"
)

// quoteMoneyText is an amount in its currency, in the reader's language.
func quoteMoneyText(z *i18n.Localizer, m tco.Money) string { return z.Money(m.Decimal(), m.Currency) }

// QuoteMoneyModel is a quote's figures as the worksheet computed them:
// monthly TCO and its range, contract value, cost per useful unit (unit)
// and the quote's place by it, in the evaluation's currency with the
// amount as quoted beside when the quote is in another currency (fx: the
// worksheet's rates). Nil when the worksheet left the quote out (no
// exchange rate).
func QuoteMoneyModel(z *i18n.Localizer, ws tco.Worksheet, fx map[string]tco.FXRate, quoteID int64, quoteCurrency, unit, worksheetHref string) *QuoteMoney {
	id := strconv.FormatInt(quoteID, 10)
	i := slices.IndexFunc(ws.Results, func(r tco.Result) bool { return r.QuoteID == id })
	if i < 0 {
		return nil
	}
	res := ws.Results[i]
	asQuoted := func(m tco.Money) string {
		rate, ok := fx[quoteCurrency]
		if !ok || quoteCurrency == m.Currency || rate.Rate <= 0 {
			return ""
		}
		major := float64(m.Minor) / float64(currency.Scale(m.Currency)) / rate.Rate
		return z.T("worksheet.as_quoted", map[string]any{"Amount": z.Money(strconv.FormatFloat(math.Round(major*100)/100, 'f', 2, 64), quoteCurrency)})
	}
	out := &QuoteMoney{
		TCO: quoteMoneyText(z, res.TCO), TCOQuoted: asQuoted(res.TCO),
		Contract: quoteMoneyText(z, res.Contract.Value), ContractQuoted: asQuoted(res.Contract.Value),
		CostPerUnit: quoteMoneyText(z, res.CostPerUnit), CostPerUnitQuoted: asQuoted(res.CostPerUnit),
		Unit: unit, WorksheetHref: worksheetHref,
	}
	if res.Low != res.TCO || res.High != res.TCO {
		out.TCORange = quoteMoneyText(z, res.Low) + " – " + quoteMoneyText(z, res.High)
	}
	if res.CostPerUnitLow != res.CostPerUnit || res.CostPerUnitHigh != res.CostPerUnit {
		out.CostPerUnitRange = quoteMoneyText(z, res.CostPerUnitLow) + " – " + quoteMoneyText(z, res.CostPerUnitHigh)
	}
	place := 1
	for _, other := range ws.Results {
		if other.CostPerUnit.Minor < res.CostPerUnit.Minor {
			place++
		}
	}
	out.Place = z.T("quote.money.place", map[string]any{"Place": z.Int(int64(place)), "Of": z.Int(int64(len(ws.Results)))})
	return out
}
