package web

import (
	"strconv"

	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/tco"
)

// conversionNote says how a line was converted: the amount as quoted, the
// rate (one unit of the quote's currency in the evaluation's), the rate's
// date and where it came from.
func conversionNote(z *i18n.Localizer, l tco.Line, evalCurrency string) string {
	rate := z.Decimal(strconv.FormatFloat(l.FX.Rate, 'f', rateDigits(l.FX.Rate), 64))
	date := z.T("worksheet.converted_undated")
	if !l.FX.Date.IsZero() {
		date = z.Date(l.FX.Date)
	}
	source := l.FX.Source
	if source == evaluation.FXSourceAdmin || source == "" {
		source = z.T("worksheet.fx_source_admin")
	}
	return z.T("worksheet.converted", map[string]any{"Original": money(z, l.Original),
		"Rate": "1\u00a0" + l.Original.Currency + " = " + rate + "\u00a0" + evalCurrency, "Date": date, "Source": source})
}

// rateDigits keeps four significant digits of a rate: 0.9259, 147.3.
func rateDigits(rate float64) int {
	d := 4
	for r := rate; r >= 10 && d > 0; r /= 10 {
		d--
	}
	return d
}
