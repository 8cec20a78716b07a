package views

import (
	"slices"
	"strconv"
	"strings"

	"github.com/gpuquote/gpuquote/internal/i18n"
	currencies "github.com/gpuquote/gpuquote/internal/money"
	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/internal/tco"
)

// The worksheet's words: the cost model names terms and sources by their
// keys and in English; readers see them in their language, without field
// names or file paths.

// worksheetSource says where an assumption's value comes from: the
// brief, an edit on the worksheet, or the evaluation's default with the
// reference it rests on.
func worksheetSource(z *i18n.Localizer, key string, a tco.Assumption) string {
	switch {
	case a.Source == tco.SourceEdited:
		return z.T("worksheet.source_edited")
	case strings.HasPrefix(a.Source, tco.SourceBrief+":"):
		return z.T("worksheet.source_brief." + key)
	}
	return z.T("worksheet.source_default." + key)
}

// worksheetTermName is a quote term as the reader knows it: the quote
// form's label.
func worksheetTermName(z *i18n.Localizer, term string) string {
	if c, ok := quote.ColumnByName(term); ok {
		return z.T(c.Label)
	}
	return z.T("worksheet.term." + term)
}

// worksheetAssumed explains what a cost line assumed, each term said once:
// a term the vendor did not state or refused, named by the quote form's
// label (the figure used is in the line's basis); for engineering effort,
// the evaluation's default for every quote. It reads the line's structured
// Missing terms, not the English labels beside them.
func worksheetAssumed(z *i18n.Localizer, l tco.Line) string {
	if l.Key == tco.LineEngineering {
		return z.T("worksheet.assumed_engineering.engineering_hours") + " " + z.T("worksheet.assumed_engineering.engineering_rate")
	}
	var out []string
	for _, m := range l.Missing {
		if s := z.T("worksheet.assumed_term", map[string]any{"Term": worksheetTermName(z, m.Term), "Status": z.T(worksheetStatusKey(m.Status))}); !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	return strings.Join(out, " ")
}

// worksheetTerm is a quote term's cell: a price in the evaluation's
// currency with the price as quoted beside it when it was converted, and
// with the currency's digits at least; any other term as the quote page
// shows it.
func worksheetTerm(z *i18n.Localizer, w WorksheetWords, c quote.Column, q *quote.Quote, a tco.Assumptions) WorksheetCell {
	cell := WorksheetCell{Text: w.Term(c, q), State: w.State(c.State(q))}
	v := c.Cell(q)
	if !w.MoneyColumn(c.Name) || v.State != quote.Stated {
		return cell
	}
	cur, _ := q.Currency.Get()
	cell.Text, cell.Numeric = z.Price(v.Value, cur), true
	fx, ok := a.FX[cur]
	amount, err := strconv.ParseFloat(v.Value, 64)
	if cur == a.Currency || !ok || err != nil {
		return cell
	}
	_, frac, _ := strings.Cut(v.Value, ".")
	digits := max(currencies.Digits(a.Currency), len(frac))
	if amount*fx.Rate < 1 {
		digits = max(digits, 3) // 0.05 EUR per GB is 0.054 USD, not 0.05
	}
	converted := strconv.FormatFloat(amount*fx.Rate, 'f', digits, 64)
	cell.Original = z.T("worksheet.as_quoted", map[string]any{"Amount": cell.Text})
	cell.Text = z.Price(converted, a.Currency)
	return cell
}

// worksheetConversion says how a line was converted: the amount as
// quoted, the rate (one unit of the quote's currency in the evaluation's),
// the rate's date and where it came from (adminFX: the admin's table).
func worksheetConversion(z *i18n.Localizer, l tco.Line, evalCurrency, adminFX string) string {
	rate := z.Decimal(strconv.FormatFloat(l.FX.Rate, 'f', worksheetRateDigits(l.FX.Rate), 64))
	date := z.T("worksheet.converted_undated")
	if !l.FX.Date.IsZero() {
		date = z.Date(l.FX.Date)
	}
	source := l.FX.Source
	if source == adminFX || source == "" {
		source = z.T("worksheet.fx_source_admin")
	}
	return z.T("worksheet.converted", map[string]any{"Original": Money(z, l.Original),
		"Rate": "1\u00a0" + l.Original.Currency + " = " + rate + "\u00a0" + evalCurrency, "Date": date, "Source": source})
}

// worksheetRateDigits keeps four significant digits of a rate: 0.9259, 147.3.
func worksheetRateDigits(rate float64) int {
	d := 4
	for r := rate; r >= 10 && d > 0; r /= 10 {
		d--
	}
	return d
}
