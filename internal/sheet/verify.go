package sheet

import (
	"bytes"
	"fmt"
	"strconv"

	"github.com/gpuquote/gpuquote/internal/tco"
	"github.com/xuri/excelize/v2"
)

// evaluate renders the workbook without cached values, reads it back as
// a buyer's application would, and computes every formula with excelize's
// engine: for the cached values and for verify. A formula that does not
// yield a number is a bug in this package, reported with its cell.
func (b *book) evaluate() (map[string]float64, error) {
	f, err := b.render(nil)
	if err != nil {
		return nil, fmt.Errorf("sheet: %w", err)
	}
	var buf bytes.Buffer
	err = f.Write(&buf)
	_ = f.Close()
	if err != nil {
		return nil, fmt.Errorf("sheet: %w", err)
	}
	if f, err = excelize.OpenReader(&buf); err != nil {
		return nil, fmt.Errorf("sheet: reading back: %w", err)
	}
	defer f.Close()
	out := map[string]float64{}
	for _, g := range b.sheets {
		for _, ref := range g.formulas() {
			cellRef := ref[len(g.name)+1:]
			s, err := f.CalcCellValue(g.name, cellRef, excelize.Options{RawCellValue: true})
			if err != nil {
				return nil, fmt.Errorf("sheet: evaluating %s: %w (%s)", ref, err, s)
			}
			v, err := strconv.ParseFloat(s, 64)
			if err != nil {
				return nil, fmt.Errorf("sheet: %s evaluates to %q, not a number", ref, s)
			}
			out[ref] = v
		}
	}
	return out, nil
}

// verify compares the evaluated workings, in minor units, with every
// figure of ws: each line, the TCO and its range, and cost per unit and
// its range.
func verify(values map[string]float64, ws tco.Worksheet, blocks [3]map[string]int) error {
	for i, r := range ws.Results {
		col := quoteCol(i)
		get := func(sc scenario, key string) float64 {
			return values[WorksheetSheet+"!"+cellName(col, blocks[sc][key])]
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
			{"compute bill", get(estimate, "bill4_e"), r.ComputeBill},
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
