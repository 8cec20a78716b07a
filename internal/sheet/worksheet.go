package sheet

import (
	"github.com/gpuquote/gpuquote/internal/tco"
	"strings"
)

// Rows of the Worksheet sheet's summary, above the workings.
const (
	rowTitle = 1
	rowID    = 2
	rowModel = 3
	rowLine1 = 4 // the nine lines, in tco.LineKeys order
)

const (
	rowTCO = rowLine1 + 9 + iota
	rowTCOLow
	rowTCOHigh
	rowCPU
	rowCPULow
	rowCPUHigh
	rowContract
	rowShortfall
	rowMonthly
	rowBill
	rowUnits
	rowRetry
	rowIncomplete
	rowMissing
	rowWorkings = rowMissing + 2 // first block of workings
)

var blockTitles = [...]string{
	estimate: "Workings: the estimate (the figures on the page)",
	lowEnd:   "Workings: missing terms at the low end of their assumptions",
	highEnd:  "Workings: missing terms at the high end of their assumptions",
}

// worksheetSheet lays out the Worksheet sheet: a summary with one column
// per quote whose every figure is a formula over the workings below it,
// and three blocks of workings (estimate, low end, high end) whose
// formulas reference the Assumptions sheet. It returns each block's rows.
func worksheetSheet(quotes []tco.Quote, a *tco.Assumptions, ws tco.Worksheet, inputs map[string]int) (*layout, [3]map[string]int) {
	l := newLayout(WorksheetSheet, quoteCol(0))
	g := l.fixed
	g.freeze, g.stream = true, true
	g.widths = map[int]float64{1: 56}
	l.quoteWidth, l.tailWidth = 20, 90
	defs := workingRows(a)
	var blocks [3]map[string]int
	rateNames := marketRateNames(*a)
	// Each quote's market rate, looked up once rather than once a cell.
	type market struct {
		key, name string
		burst     bool
	}
	markets := make([]market, len(quotes))
	for i, q := range quotes {
		k, burst := marketRateKey(a.MarketRatePerGPUHour, q.GPUModel)
		markets[i] = market{k, rateNames[k], burst}
	}
	top := rowWorkings
	for sc := range blocks {
		g.set(1, top, val(blockTitles[sc], bold))
		rows := map[string]int{}
		blocks[sc] = rows
		for i, d := range defs {
			rows[d.key] = top + 1 + i
		}
		for i, d := range defs {
			row := top + 1 + i
			g.set(1, row, val(d.label, plain))
			if d.how != "" {
				l.tail[row] = val(d.how, plain)
			}
			g.outline[row] = 1
			// One context a row, refilled for each quote: the rows are
			// laid out one at a time and a cell keeps nothing of it.
			c := &qctx{a: a, sc: scenario(sc), rows: rows, inputs: inputs}
			l.at(row, func(i, col int) (cell, bool) {
				m := &markets[i]
				c.q, c.col, c.rateKey, c.rateName, c.burstMarket = &quotes[i], col, m.key, m.name, m.burst
				return d.cell(c)
			})
		}
		top += len(defs) + 2
	}
	summary(l, quotes, a, ws, blocks)
	return l, blocks
}

// summary writes the figures a buyer compares, each a formula over the
// workings: amounts are minor units divided back into the currency.
func summary(l *layout, quotes []tco.Quote, a *tco.Assumptions, ws tco.Worksheet, blocks [3]map[string]int) {
	g := l.fixed
	sE := scaleText(a.Currency)
	unit := "Cost per " + a.UnitName
	labels := map[int][2]string{
		rowTitle:      {"Monthly TCO, " + a.Currency, "How it is computed"},
		rowID:         {"Quote ID", ""},
		rowModel:      {"Rental model", ""},
		rowTCO:        {"Monthly TCO", "sum of the nine lines"},
		rowTCOLow:     {"Monthly TCO, low end", "lowest of the three blocks of workings; equal to the TCO when no term is missing"},
		rowTCOHigh:    {"Monthly TCO, high end", "highest of the three blocks of workings"},
		rowCPU:        {unit, "monthly equivalent of the contract / accepted units per month, rounded half away from zero"},
		rowContract:   {"Contract value over the term", "MAX(monthly TCO × term, minimum spend) + upfront"},
		rowShortfall:  {"Minimum-spend shortfall", "MAX(0, minimum spend − monthly TCO × term)"},
		rowMonthly:    {"Monthly equivalent of the contract", "contract value / term"},
		rowCPULow:     {unit + ", low end", ""},
		rowCPUHigh:    {unit + ", high end", ""},
		rowBill:       {"Compute bill (committed + burst + retry + idle)", "the compute invoice, rounded once; the four lines split it"},
		rowUnits:      {"Accepted units per month", "useful GPU-hours / GPU-hours per unit"},
		rowRetry:      {"Retry waste share", ""},
		rowIncomplete: {"Incomplete (a term was not stated or refused)", ""},
		rowMissing:    {"Missing terms, and what is assumed instead", "shaded lines rest on these assumptions"},
	}
	for row, lb := range labels {
		st := plain
		if row == rowTitle || row == rowTCO || row == rowCPU {
			st = bold
		}
		if row == rowTitle {
			st = title
		}
		g.set(1, row, val(lb[0], st))
		if lb[1] != "" {
			l.tail[row] = val(lb[1], plain)
		}
	}
	keys := tco.LineKeys()
	for i := range keys {
		l.tail[rowLine1+i] = val("the estimate's workings below, in "+a.Currency, plain)
	}
	ref := func(col int, sc scenario, key string) string { return cellName(col, blocks[sc][key]) }
	three := func(col int, key string) string {
		return ref(col, estimate, key) + "," + ref(col, lowEnd, key) + "," + ref(col, highEnd, key)
	}
	each := func(row int, f func(i, col int) cell) {
		l.at(row, func(i, col int) (cell, bool) { return f(i, col), true })
	}
	// est is a figure of the estimate's workings, divided into the
	// currency when scaled.
	est := func(row int, key string, scaled bool, st style) {
		each(row, func(_, col int) cell {
			if scaled {
				return fm(ref(col, estimate, key)+"/"+sE, st)
			}
			return fm(ref(col, estimate, key), st)
		})
	}
	end := func(row int, fn, key string) {
		each(row, func(_, col int) cell { return fm(fn+"("+three(col, key)+")/"+sE, money) })
	}
	each(rowTitle, func(i, _ int) cell { return val(quotes[i].Label, bold) })
	each(rowID, func(i, _ int) cell { return val(quotes[i].ID, plain) })
	each(rowModel, func(i, _ int) cell { return val(rentalName(quotes[i].RentalModel), plain) })
	for j, k := range keys {
		each(rowLine1+j, func(i, col int) cell {
			st := money
			if r := ws.Results[i]; j < len(r.Lines) && !r.Lines[j].Stated {
				st = assumed
			}
			return fm(ref(col, estimate, lineRow[k])+"/"+sE, st)
		})
	}
	est(rowTCO, "tco", true, money)
	end(rowTCOLow, "MIN", "tco")
	end(rowTCOHigh, "MAX", "tco")
	est(rowCPU, "cpu_e", true, money)
	end(rowCPULow, "MIN", "cpu_e")
	end(rowCPUHigh, "MAX", "cpu_e")
	est(rowContract, "contract", true, money)
	est(rowShortfall, "shortfall", true, money)
	est(rowMonthly, "monthly", true, money)
	est(rowBill, "bill_e", true, money)
	est(rowUnits, "units", false, number)
	est(rowRetry, "retry", false, share)
	each(rowIncomplete, func(i, _ int) cell { return val(yesNo(ws.Results[i].Incomplete), plain) })
	each(rowMissing, func(i, _ int) cell { return val(missingText(ws.Results[i].Missing), wrapText) })
	for j, k := range keys {
		g.set(1, rowLine1+j, val(lineLabel(ws.Results, j, k), plain))
	}
}

// rentalName is a rental model as a reader writes it: "on demand", not
// the key "on_demand".
func rentalName(m tco.RentalModel) string {
	if m == tco.ModelAPI {
		return "model API"
	}
	return strings.ReplaceAll(string(m), "_", " ")
}
