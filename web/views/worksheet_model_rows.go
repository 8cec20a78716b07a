package views

import (
	"strconv"
	"strings"

	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/internal/redflag"
	"github.com/gpuquote/gpuquote/internal/tco"
)

// worksheetTermGroups are the quotes' shape and fabric, and their terms,
// each with its state.
func worksheetTermGroups(z *i18n.Localizer, in WorksheetInput, results []tco.Result, byID map[string]WorksheetQuote) (shape, terms WorksheetGroup) {
	termRow := func(col string) WorksheetRow {
		c, _ := quote.ColumnByName(col)
		row := WorksheetRow{Label: z.T(c.Label), Key: col}
		for _, res := range results {
			q := *byID[res.QuoteID].Quote
			row.Cells = append(row.Cells, worksheetTerm(z, in.Words, c, &q, in.A))
		}
		return row
	}
	shape = WorksheetGroup{Label: z.T("worksheet.group.shape")}
	for _, col := range []string{"gpu_model", "form_factor", "gpus_per_node", "nodes", "intra_node_interconnect", "inter_node_fabric", "fabric_gbps_per_node"} {
		shape.Rows = append(shape.Rows, termRow(col))
	}
	terms = WorksheetGroup{Label: z.T("worksheet.group.terms")}
	for _, col := range []string{"price_per_gpu_hour", "on_demand_price_per_gpu_hour", "billing_unit", "min_term_months", "storage_price_per_tb_month", "egress_price_per_gb", "support_terms", "support_price_per_month"} {
		terms.Rows = append(terms.Rows, termRow(col))
	}
	return shape, terms
}

// worksheetLines are the cost lines in the evaluation's currency, each
// with its basis, what it assumed and the amount as quoted.
func worksheetLines(z *i18n.Localizer, in WorksheetInput, results []tco.Result) WorksheetGroup {
	lines := WorksheetGroup{Label: z.T("worksheet.group.lines", map[string]any{"Currency": in.A.Currency})}
	for i, key := range tco.LineKeys() {
		row := WorksheetRow{Label: z.T("worksheet.line." + key), Key: key}
		for _, res := range results {
			l := res.Lines[i]
			cell := WorksheetCell{Text: Money(z, l.Amount), Numeric: true, Detail: in.Words.Statement(l.Basis), Best: in.WS.Best[key] == res.QuoteID && len(results) > 1}
			if len(l.Assumed) > 0 {
				cell.State = "assumed"
				cell.Notes = append(cell.Notes, worksheetAssumed(z, l))
			}
			if l.Converted() && l.Original.Minor != 0 {
				cell.Original = z.T("worksheet.as_quoted", map[string]any{"Amount": Money(z, l.Original)})
				cell.Notes = append(cell.Notes, worksheetConversion(z, l, in.A.Currency, in.Words.AdminFX))
			}
			row.Cells = append(row.Cells, cell)
		}
		lines.Rows = append(lines.Rows, row)
	}
	return lines
}

// worksheetTotals are the figures decided on: cost per unit, throughput,
// TCO, contract value, completeness, flags and acceptance progress.
func worksheetTotals(z *i18n.Localizer, in WorksheetInput, results []tco.Result) WorksheetGroup {
	totals := WorksheetGroup{Label: z.T("worksheet.group.totals")}
	tcoRow := WorksheetRow{Label: z.T("worksheet.tco"), Key: "tco", Strong: true}
	cpuRow := WorksheetRow{Label: z.T("worksheet.cost_per_unit", map[string]any{"Unit": in.Unit}), Key: "cost_per_unit", Strong: true}
	missRow := WorksheetRow{Label: z.T("worksheet.completeness"), Key: "completeness"}
	speedRow := WorksheetRow{Label: z.T("worksheet.throughput"), Key: "throughput"}
	flagRow := WorksheetRow{Label: z.T("quotes.flags"), Key: "flags"}
	contractRow := WorksheetRow{Label: z.T("worksheet.contract_value"), Key: "contract_value", Strong: true}
	shortfallRow := WorksheetRow{Label: z.T("worksheet.shortfall"), Key: "shortfall"}
	monthlyRow := WorksheetRow{Label: z.T("worksheet.monthly_equivalent"), Key: "monthly_equivalent"}
	for _, res := range results {
		c := res.Contract
		contractRow.Cells = append(contractRow.Cells, WorksheetCell{Text: Money(z, c.Value), Numeric: true,
			Detail: z.T("worksheet.contract_basis."+c.TermBasis, map[string]any{"Months": c.TermMonths, "Usage": Money(z, c.Usage),
				"MinSpend": Money(z, c.MinSpend), "Upfront": Money(z, c.Upfront)})})
		sc := WorksheetCell{Text: Money(z, c.Shortfall), Numeric: true}
		if c.Shortfall.Minor > 0 {
			sc.State = "assumed"
		}
		shortfallRow.Cells = append(shortfallRow.Cells, sc)
		monthlyRow.Cells = append(monthlyRow.Cells, WorksheetCell{Text: Money(z, c.Monthly), Numeric: true})
		st, sd := in.Words.Throughput(res.Speed)
		speedRow.Cells = append(speedRow.Cells, WorksheetCell{Text: st, Numeric: true, Detail: sd})
		tc := WorksheetCell{Text: Money(z, res.TCO), Numeric: true, Best: in.WS.Best[tco.RowTCO] == res.QuoteID && len(results) > 1}
		cu := WorksheetCell{Text: Money(z, res.CostPerUnit), Numeric: true, Best: in.WS.Best[tco.RowCostPerUnit] == res.QuoteID && len(results) > 1,
			Detail: z.T("worksheet.units", map[string]any{"Units": z.Decimal(strconv.FormatFloat(res.UnitsPerMonth, 'f', 2, 64)), "Unit": in.Unit})}
		mc := WorksheetCell{Text: z.T("worksheet.complete"), State: "stated"}
		// An unknown fabric's speed range widens the cost per unit even
		// when every term is stated.
		if res.Incomplete || res.CostPerUnitHigh != res.CostPerUnit {
			cu.Range = "(" + Money(z, res.CostPerUnitLow) + " – " + Money(z, res.CostPerUnitHigh) + ")"
		}
		if res.Incomplete {
			tc.Range = "(" + Money(z, res.Low) + " – " + Money(z, res.High) + ")"
			var names []string
			for _, miss := range res.Missing {
				names = append(names, worksheetTermName(z, miss.Term)+" ("+z.T(worksheetStatusKey(miss.Status))+")")
			}
			mc = WorksheetCell{Text: z.T("worksheet.incomplete", map[string]any{"Terms": strings.Join(names, ", ")}), State: "assumed"}
		}
		tcoRow.Cells, cpuRow.Cells, missRow.Cells = append(tcoRow.Cells, tc), append(cpuRow.Cells, cu), append(missRow.Cells, mc)
		b, wn := redflag.Counts(in.Flags[worksheetQuoteID(res.QuoteID)])
		flagRow.Cells = append(flagRow.Cells, WorksheetCell{Text: z.N("quotes.blockers", b) + ", " + z.N("quotes.warnings", wn)})
	}
	suiteRow := WorksheetRow{Label: z.T("worksheet.suite"), Key: "suite"}
	for _, res := range results {
		suiteRow.Cells = append(suiteRow.Cells, WorksheetCell{Text: in.Words.Suite(worksheetQuoteID(res.QuoteID))})
	}
	totals.Rows = []WorksheetRow{cpuRow, speedRow, tcoRow, contractRow, monthlyRow, shortfallRow, missRow, flagRow, suiteRow}
	return totals
}

func worksheetQuoteID(s string) int64 {
	id, _ := strconv.ParseInt(s, 10, 64)
	return id
}

func worksheetStatusKey(st tco.Status) string {
	if st == tco.StatusRefused {
		return "quote.state.refused"
	}
	return "quote.state.not_stated"
}
