package sheet

import (
	"encoding/csv"
	"io"
	"strconv"
	"strings"

	"github.com/gpuquote/gpuquote/internal/tco"
)

// WorksheetCSV writes ws as a wide table: one column per quote, in input
// order, and one row per figure (the nine lines, TCO and its range, cost
// per unit and its range, then whether the quote is incomplete and which
// terms were missing). Each row starts with a stable key, an English label
// and the currency of its amounts; amounts are exact decimal text from
// their minor units ("12345.67"), never formatted floats.
func WorksheetCSV(w io.Writer, ws tco.Worksheet) error {
	cw := csv.NewWriter(w)
	rs := ws.Results
	row := func(key, label, currency string, cell func(r tco.Result) string) {
		rec := []string{key, label, currency}
		for _, r := range rs {
			rec = append(rec, cell(r))
		}
		_ = cw.Write(rec) // errors stick in cw; reported by cw.Error
	}
	amount := func(key, label string, m func(r tco.Result) tco.Money) {
		row(key, label, ws.Currency, func(r tco.Result) string { return decimalText(m(r)) })
	}

	header := []string{"row", "label", "currency"}
	for _, r := range rs {
		header = append(header, safeText(r.QuoteID))
	}
	_ = cw.Write(header)
	row("quote_label", "Quote", "", func(r tco.Result) string { return safeText(r.Label) })
	row("rental_model", "Rental model", "", func(r tco.Result) string { return rentalName(r.RentalModel) })
	for i, key := range tco.LineKeys() {
		amount(key, lineLabel(rs, i, key), func(r tco.Result) tco.Money { return r.Lines[i].Amount })
	}
	amount(tco.RowTCO, "Monthly TCO", func(r tco.Result) tco.Money { return r.TCO })
	amount("tco_low", "Monthly TCO, low end", func(r tco.Result) tco.Money { return r.Low })
	amount("tco_high", "Monthly TCO, high end", func(r tco.Result) tco.Money { return r.High })
	unit := "Cost per " + ws.UnitName
	amount(tco.RowCostPerUnit, unit, func(r tco.Result) tco.Money { return r.CostPerUnit })
	amount("cost_per_unit_low", unit+", low end", func(r tco.Result) tco.Money { return r.CostPerUnitLow })
	amount("cost_per_unit_high", unit+", high end", func(r tco.Result) tco.Money { return r.CostPerUnitHigh })
	row("throughput", "Relative throughput (multiplies useful GPU-hours)", "", func(r tco.Result) string {
		return strconv.FormatFloat(r.Speed.Value(), 'f', -1, 64)
	})
	row("throughput_source", "Relative throughput: where it came from", "", func(r tco.Result) string { return safeText(speedText(r.Speed)) })
	row("term_months", "Term (months)", "", func(r tco.Result) string { return strconv.Itoa(r.Contract.TermMonths) })
	amount("contract_value", "Contract value over the term", func(r tco.Result) tco.Money { return r.Contract.Value })
	amount("min_spend_shortfall", "Minimum-spend shortfall over the term", func(r tco.Result) tco.Money { return r.Contract.Shortfall })
	amount("upfront", "Upfront payment", func(r tco.Result) tco.Money { return r.Contract.Upfront })
	amount("monthly_equivalent", "Monthly equivalent of the contract", func(r tco.Result) tco.Money { return r.Contract.Monthly })
	row("incomplete", "Incomplete", "", func(r tco.Result) string { return yesNo(r.Incomplete) })
	row("missing_terms", "Missing terms, and what was assumed instead", "", func(r tco.Result) string {
		return safeText(missingText(r.Missing))
	})
	cw.Flush()
	return cw.Error()
}

// lineLabel takes the English label tco gives line i, so the export and
// the page name rows alike; with no quotes there is no Line to ask.
func lineLabel(rs []tco.Result, i int, key string) string {
	if len(rs) > 0 && i < len(rs[0].Lines) {
		return rs[0].Lines[i].Label
	}
	return key
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// missingText lists the missing terms as "term (status): assumption",
// one per line in a spreadsheet cell.
func missingText(ms []tco.Missing) string {
	parts := make([]string, len(ms))
	for i, m := range ms {
		parts[i] = termText(m.Term) + " (" + statusText(m.Status) + "): " + m.Assumption
	}
	return strings.Join(parts, "\n")
}

// termNames are the quote terms as a reader names them, not the quote
// CSV's column keys.
var termNames = map[string]string{
	tco.TermRate: "price per GPU-hour", tco.TermOnDemandRate: "on-demand price per GPU-hour for burst",
	tco.TermBillingUnit: "billing unit", tco.TermMinTerm: "minimum term",
	tco.TermStorage: "storage price per TB-month", tco.TermEgress: "egress price per GB", tco.TermSupport: "support price per month",
	tco.TermNodes: "node count", tco.TermMinSpend: "minimum spend", tco.TermUpfront: "upfront payment",
}

// termText is a term's reader's name; a term without one reads with
// spaces for underscores.
func termText(term string) string {
	if n, ok := termNames[term]; ok {
		return n
	}
	return strings.ReplaceAll(term, "_", " ")
}

// statusText spells a term status for a reader: "not stated", "refused".
func statusText(s tco.Status) string { return strings.ReplaceAll(string(s), "_", " ") }

// safeText defuses vendor-supplied text that a spreadsheet opening the
// CSV would otherwise run as a formula (CSV injection): a leading quote
// makes Excel and LibreOffice show it as text.
func safeText(s string) string {
	if s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return "'" + s
	}
	return s
}
