package sheet

import (
	"bytes"
	"errors"
	"fmt"
	"strconv"

	"github.com/gpuquote/gpuquote/internal/tco"
	"github.com/xuri/excelize/v2"
)

// evaluate computes every formula of the model, for the cached values and
// for verify, with calc; a formula calc does not read goes to excelize's
// engine, on the workbook rendered without cached values and read back as
// a buyer's application would. A formula that does not yield a number is a
// bug in this package, reported with its cell.
func (b *book) evaluate() (map[cellKey]float64, error) {
	c, err := newCalc(b)
	if err == nil {
		var values map[cellKey]float64
		if values, err = c.evaluateAll(); err == nil || !errors.Is(err, errCalc) {
			return values, err
		}
	}
	return b.evaluateWithExcelize()
}

// evaluateWithExcelize is evaluate with excelize's engine, for a formula
// calc does not read; it costs about a millisecond a formula.
func (b *book) evaluateWithExcelize() (map[cellKey]float64, error) {
	f, err := b.render(nil)
	if err != nil {
		return nil, fmt.Errorf("sheet: %w", err)
	}
	var buf bytes.Buffer
	err = writeZip(f, &buf)
	_ = f.Close()
	if err != nil {
		return nil, fmt.Errorf("sheet: %w", err)
	}
	if f, err = excelize.OpenReader(&buf); err != nil {
		return nil, fmt.Errorf("sheet: reading back: %w", err)
	}
	defer f.Close()
	out := map[cellKey]float64{}
	for _, g := range b.grids() {
		for row, cols := range g.cells {
			if err := b.ctx.Err(); err != nil {
				return nil, err
			}
			for col, c := range cols {
				if c.f == "" {
					continue
				}
				ref := cellName(col, row)
				s, err := f.CalcCellValue(g.name, ref, excelize.Options{RawCellValue: true})
				if err != nil {
					return nil, fmt.Errorf("sheet: evaluating %s!%s: %w (%s)", g.name, ref, err, s)
				}
				v, err := strconv.ParseFloat(s, 64)
				if err != nil {
					return nil, fmt.Errorf("sheet: %s!%s evaluates to %q, not a number", g.name, ref, s)
				}
				out[cellKey{g.name, col, row}] = v
			}
		}
	}
	return out, nil
}

// verify compares the evaluated workings, in minor units, with every
// figure of ws: each line, the TCO and its range, and cost per unit and
// its range.
func verify(values map[cellKey]float64, ws tco.Worksheet, blocks [3]map[string]int) error {
	for i, r := range ws.Results {
		col := quoteCol(i)
		get := func(sc scenario, key string) float64 {
			return values[cellKey{WorksheetSheet, col, blocks[sc][key]}]
		}
		ends := func(key string) (lo, hi float64) {
			lo, hi = get(estimate, key), get(estimate, key)
			for _, sc := range []scenario{lowEnd, highEnd} {
				lo, hi = min(lo, get(sc, key)), max(hi, get(sc, key))
			}
			return lo, hi
		}
		check := func(what string, got float64, want tco.Money) error {
			if got != float64(want.Minor) {
				return fmt.Errorf("%w: quote %q, %s: workbook %s, worksheet %s", ErrMismatch, r.QuoteID, what,
					strconv.FormatFloat(got, 'f', -1, 64), strconv.FormatInt(want.Minor, 10))
			}
			return nil
		}
		tLo, tHi := ends("tco")
		cLo, cHi := ends("cpu_e")
		checks := []struct {
			what string
			got  float64
			want tco.Money
		}{
			{tco.RowTCO, get(estimate, "tco"), r.TCO},
			{"tco low", tLo, r.Low},
			{"tco high", tHi, r.High},
			{tco.RowCostPerUnit, get(estimate, "cpu_e"), r.CostPerUnit},
			{"cost per unit low", cLo, r.CostPerUnitLow},
			{"cost per unit high", cHi, r.CostPerUnitHigh},
			{"compute bill", get(estimate, "bill_e"), r.ComputeBill},
			{"contract value", get(estimate, "contract"), r.Contract.Value},
			{"minimum-spend shortfall", get(estimate, "shortfall"), r.Contract.Shortfall},
			{"monthly equivalent", get(estimate, "monthly"), r.Contract.Monthly},
		}
		for _, l := range r.Lines {
			checks = append(checks, struct {
				what string
				got  float64
				want tco.Money
			}{l.Key, get(estimate, lineRow[l.Key]), l.Amount})
		}
		for _, c := range checks {
			if err := check(c.what, c.got, c.want); err != nil {
				return err
			}
		}
	}
	return nil
}
