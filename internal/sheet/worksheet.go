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
func worksheetSheet(g *grid, quotes []tco.Quote, a *tco.Assumptions, ws tco.Worksheet, inputs map[string]int) [3]map[string]int {
	g.freeze = true
	howCol := quoteCol(len(quotes))
	g.widths = map[int]float64{1: 56, howCol: 90}
	for i := range quotes {
		g.widths[quoteCol(i)] = 20
	}
	defs := workingRows(a)
	var blocks [3]map[string]int
	rateNames := marketRateNames(*a)
	top := rowWorkings
	for sc := range blocks {
		g.set(1, top, val(blockTitles[sc], bold))
		blocks[sc] = map[string]int{}
		for i, d := range defs {
			row := top + 1 + i
			blocks[sc][d.key] = row
			g.set(1, row, val(d.label, plain))
			if d.how != "" {
				g.set(howCol, row, val(d.how, plain))
			}
			g.outline[row] = 1
		}
		for i, q := range quotes {
			c := &qctx{q: q, a: a, col: quoteCol(i), sc: scenario(sc), rows: blocks[sc], inputs: inputs}
			c.rateKey, c.burstMarket = marketRateKey(a.MarketRatePerGPUHour, q.GPUModel)
			c.rateName = rateNames[c.rateKey]
			for _, d := range defs {
				if cl, ok := d.cell(c); ok {
					g.set(c.col, blocks[sc][d.key], cl)
				}
			}
		}
		top += len(defs) + 2
	}
	summary(g, quotes, a, ws, blocks, howCol)
	return blocks
}

// summary writes the figures a buyer compares, each a formula over the
// workings: amounts are minor units divided back into the currency.
func summary(g *grid, quotes []tco.Quote, a *tco.Assumptions, ws tco.Worksheet, blocks [3]map[string]int, howCol int) {
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
	for row, l := range labels {
		st := plain
		if row == rowTitle || row == rowTCO || row == rowCPU {
			st = bold
		}
		if row == rowTitle {
			st = title
		}
		g.set(1, row, val(l[0], st))
		if l[1] != "" {
			g.set(howCol, row, val(l[1], plain))
		}
	}
	keys := tco.LineKeys()
	for i := range keys {
		g.set(howCol, rowLine1+i, val("the estimate's workings below, in "+a.Currency, plain))
	}
	for i, q := range quotes {
		col := quoteCol(i)
		r := ws.Results[i]
		ref := func(sc scenario, key string) string { return cellName(col, blocks[sc][key]) }
		three := func(key string) string { return ref(estimate, key) + "," + ref(lowEnd, key) + "," + ref(highEnd, key) }
		g.set(col, rowTitle, val(q.Label, bold))
		g.set(col, rowID, val(q.ID, plain))
		g.set(col, rowModel, val(rentalName(q.RentalModel), plain))
		for j, k := range keys {
			st := money
			if j < len(r.Lines) && !r.Lines[j].Stated {
				st = assumed
			}
			g.set(col, rowLine1+j, fm(ref(estimate, lineRow[k])+"/"+sE, st))
		}
		g.set(col, rowTCO, fm(ref(estimate, "tco")+"/"+sE, money))
		g.set(col, rowTCOLow, fm("MIN("+three("tco")+")/"+sE, money))
		g.set(col, rowTCOHigh, fm("MAX("+three("tco")+")/"+sE, money))
		g.set(col, rowCPU, fm(ref(estimate, "cpu_e")+"/"+sE, money))
		g.set(col, rowCPULow, fm("MIN("+three("cpu_e")+")/"+sE, money))
		g.set(col, rowCPUHigh, fm("MAX("+three("cpu_e")+")/"+sE, money))
		g.set(col, rowContract, fm(ref(estimate, "contract")+"/"+sE, money))
		g.set(col, rowShortfall, fm(ref(estimate, "shortfall")+"/"+sE, money))
		g.set(col, rowMonthly, fm(ref(estimate, "monthly")+"/"+sE, money))
		g.set(col, rowBill, fm(ref(estimate, "bill_e")+"/"+sE, money))
		g.set(col, rowUnits, fm(ref(estimate, "units"), number))
		g.set(col, rowRetry, fm(ref(estimate, "retry"), share))
		g.set(col, rowIncomplete, val(yesNo(r.Incomplete), plain))
		g.set(col, rowMissing, val(missingText(r.Missing), wrapText))
	}
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
