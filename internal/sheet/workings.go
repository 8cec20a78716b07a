package sheet

import (
	"strconv"

	"github.com/gpuquote/gpuquote/internal/tco"
)

// qctx is one quote in one block of workings: what a row's formula needs
// to know to reference the quote's inputs and the block's other rows.
type qctx struct {
	q        *tco.Quote
	a        *tco.Assumptions
	col      int
	sc       scenario
	rows     map[string]int // this block's rows
	inputs   map[string]int // the quote's input rows on the Assumptions sheet
	rateKey  string         // market rate used when the quote has no price
	rateName string         // its defined name
	// burstMarket: the market has a rate for the quote's GPU, which burst
	// beyond a reservation falls back on (rateKey, rateName).
	burstMarket bool
}

// r references row key of this block, same column.
func (c *qctx) r(key string) string { return cellName(c.col, c.rows[key]) }

// in references the quote's input key on the Assumptions sheet.
func (c *qctx) in(key string) string { return AssumptionsSheet + "!" + cellName(c.col, c.inputs[key]) }

func (c *qctx) model(ms ...tco.RentalModel) bool {
	for _, m := range ms {
		if c.q.RentalModel == m {
			return true
		}
	}
	return false
}

// scale is the minor-unit factor of a currency as formula text.
func scaleText(currency string) string { return strconv.FormatInt(minorScale(currency), 10) }

// fxCell is the rate that converts cur into the evaluation currency: 1
// when no conversion happens (tco converts nothing then), else the FX
// rate's defined name.
func (c *qctx) fxCell(cur string) cell {
	if cur == c.a.Currency {
		return val(1.0, number)
	}
	return fm(fxName(cur), number)
}

// blockRow is one row of workings: its key, English label, a note on how
// it is computed, and its cell for a quote (ok false leaves it blank,
// for rows that do not apply to that quote).
type blockRow struct {
	key, label, how string
	cell            func(c *qctx) (cell, bool)
}

func always(f func(c *qctx) cell) func(c *qctx) (cell, bool) {
	return func(c *qctx) (cell, bool) { return f(c), true }
}

// workingRows is the whole calculation of one scenario, in tco's order.
func workingRows(a *tco.Assumptions) []blockRow {
	rows := computeRows(a)
	rows = append(rows, otherLineRows(a)...)
	rows = append(rows, totalRows(a)...)
	// The cost per unit rows of contractRows need the units of totalRows.
	return append(rows, contractRows(a)...)
}

// moneyRows round an amount as tco's money() does: to minor units of the
// price currency, then converted and rounded again to minor units of the
// evaluation currency. curOf gives the price currency, fxKey the row
// holding its FX rate; the last row, p+"_e", is the amount.
func moneyRows(a *tco.Assumptions, p, what, fxKey string, curOf func(c *qctx) string, unrounded func(c *qctx) string) []blockRow {
	eval := a.Currency
	return []blockRow{
		{p + "_u", what + ", unrounded (smallest unit of the price currency)", priceUnitNote, always(func(c *qctx) cell {
			return fm(unrounded(c), number)
		})},
		{p + "_r", what + ", rounded (smallest unit of the price currency)", "rounded half away from zero to a whole smallest unit (an amount within 1e-9 × amount of a half counts as the half)", always(func(c *qctx) cell {
			return fm(roundHalfAway(c.r(p+"_u")), minor)
		})},
		{p + "_eu", what + ", converted, unrounded (" + amountUnit(eval) + ")", "rounded amount × FX rate, rescaled from the price currency's smallest unit to " + eval + "'s; unchanged when no conversion", always(func(c *qctx) cell {
			cur := curOf(c)
			if cur == eval {
				return fm(c.r(p+"_r"), minor)
			}
			return fm(c.r(p+"_r")+"*"+c.r(fxKey)+"*"+scaleText(eval)+"/"+scaleText(cur), number)
		})},
		{p + "_e", what + " (" + amountUnit(eval) + ")", "rounded again after conversion, half away from zero", always(func(c *qctx) cell {
			return fm(roundHalfAway(c.r(p+"_eu")), minor)
		})},
	}
}
