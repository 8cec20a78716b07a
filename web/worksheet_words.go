package web

import (
	"slices"
	"strconv"
	"strings"

	"github.com/gpuquote/gpuquote/internal/i18n"
	currencies "github.com/gpuquote/gpuquote/internal/money"
	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/internal/tco"
	"github.com/gpuquote/gpuquote/web/views"
)

// The worksheet's words: the cost model names terms and sources by their
// keys and in English; readers see them in their language, without field
// names or file paths.

// assumptionSource says where an assumption's value comes from: the
// brief, an edit on the worksheet, or the evaluation's default with the
// reference it rests on.
func assumptionSource(z *i18n.Localizer, key string, a tco.Assumption) string {
	switch {
	case a.Source == tco.SourceEdited:
		return z.T("worksheet.source_edited")
	case strings.HasPrefix(a.Source, tco.SourceBrief+":"):
		return z.T("worksheet.source_brief." + key)
	}
	return z.T("worksheet.source_default." + key)
}

// termName is a quote term as the reader knows it: the quote form's label.
func termName(z *i18n.Localizer, term string) string {
	if c, ok := quote.ColumnByName(term); ok {
		return z.T(c.Label)
	}
	return z.T("worksheet.term." + term)
}

// assumedTexts explains what a cost line assumed, each term said once:
// a term the vendor did not state or refused, named by the quote form's
// label (the figure used is in the line's basis); for engineering effort,
// the evaluation's default for every quote. It reads the line's structured
// Missing terms, not the English labels beside them.
func assumedTexts(z *i18n.Localizer, l tco.Line) string {
	if l.Key == tco.LineEngineering {
		return z.T("worksheet.assumed_engineering.engineering_hours") + " " + z.T("worksheet.assumed_engineering.engineering_rate")
	}
	var out []string
	for _, m := range l.Missing {
		status := "quote.state.not_stated"
		if m.Status == tco.StatusRefused {
			status = "quote.state.refused"
		}
		if s := z.T("worksheet.assumed_term", map[string]any{"Term": termName(z, m.Term), "Status": z.T(status)}); !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	return strings.Join(out, " ")
}

// worksheetTerm is a quote term's cell: a price in the evaluation's
// currency with the price as quoted beside it when it was converted, and
// with the currency's digits at least; any other term as the quote page
// shows it.
func worksheetTerm(z *i18n.Localizer, c quote.Column, q *quote.Quote, a tco.Assumptions) views.WorksheetCell {
	cell := views.WorksheetCell{Text: termText(z, c, q), State: stateName(c.State(q))}
	v := c.Cell(q)
	if !moneyColumns[c.Name] || v.State != quote.Stated {
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
