package sheet

import (
	"context"
	"fmt"

	"github.com/xuri/excelize/v2"
)

// book is the whole workbook model: its sheets laid out for the quotes
// [from, to).
type book struct {
	ctx      context.Context // work stops once it is done
	layouts  []*layout
	from, to int
	names    []excelize.DefinedName
	decimals int    // of the evaluation currency, for the money format
	tmpDir   string // excelize's temporary files; empty: the system's
	// cellByCell writes the sheets other than the Worksheet cell by cell
	// (setSheet), as they were before they were streamed: for the test.
	cellByCell bool
}

// band is the book of the quotes [from, to).
func (b *book) band(from, to int) *book {
	out := *b
	out.from, out.to = from, to
	return &out
}

// grids are the book's sheets laid out as grids, for excelize's engine.
func (b *book) grids() []*grid {
	out := make([]*grid, len(b.layouts))
	for i, l := range b.layouts {
		out[i] = l.grid(b.from, b.to)
	}
	return out
}

// cachedFunc gives a formula's value, for the cached values; nil leaves
// formulas uncached.
type cachedFunc func(l *layout, col, row int) (float64, bool)

// render writes the model into a new excelize file, row by row.
func (b *book) render(cached cachedFunc) (f *excelize.File, err error) {
	f = excelize.NewFile(excelize.Options{TmpDir: b.tmpDir})
	defer func() {
		if err != nil {
			_ = f.Close() // drops the stream writers' temporary files
			f = nil
		}
	}()
	styles, err := newStyles(f, b.decimals)
	if err != nil {
		return nil, err
	}
	for i, l := range b.layouts {
		if i == 0 {
			err = f.SetSheetName("Sheet1", l.name())
		} else {
			_, err = f.NewSheet(l.name())
		}
		switch {
		case err != nil:
		case b.cellByCell && !l.fixed.stream:
			err = b.setSheet(f, l, styles)
		case l.fixed.stream:
			err = b.streamSheet(f, l, styles, cached)
		default:
			// The other sheets' formulas are left uncached, as a
			// cell-by-cell sheet leaves them.
			err = b.streamSheet(f, l, styles, nil)
		}
		if err != nil {
			return nil, fmt.Errorf("sheet %s: %w", l.name(), err)
		}
	}
	for i := range b.names {
		if err := f.SetDefinedName(&b.names[i]); err != nil {
			return nil, fmt.Errorf("defined name %s: %w", b.names[i].Name, err)
		}
	}
	// Spreadsheet applications recompute on open, so the cached values
	// are only for readers that cannot calculate.
	on := true
	if err := f.SetCalcProps(&excelize.CalcPropsOptions{FullCalcOnLoad: &on}); err != nil {
		return nil, err
	}
	return f, nil
}

// streamSheet writes a sheet with excelize's stream writer, the only
// excelize path that stores a formula together with a numeric cached
// value (SetCellFormula marks a cached value as text), and one that holds
// a row at a time: every sheet is streamed, since the Assumptions and
// Scores sheets of 10,000 quotes held cell by cell took some 100 MB until
// the workbook was written. The stream writer keeps only 15 significant
// digits of a number, so a literal with more goes through it marked and
// comes out exact (streamValue, exactZip).
func (b *book) streamSheet(f *excelize.File, l *layout, styles map[style]int, cached cachedFunc) error {
	// The quote columns take the sheet's default width: excelize's
	// stream writer looks a style-less cell's column up in a list that a
	// second width turns into one entry a column, which made writing a
	// sheet quadratic in the quotes (10,000 quotes: over a minute).
	widths := l.widths(b.from, b.to)
	if l.quoteWidth > 0 {
		w := l.quoteWidth
		if err := f.SetSheetProps(l.name(), &excelize.SheetPropsOptions{DefaultColWidth: &w}); err != nil {
			return err
		}
		for i := range b.to - b.from {
			delete(widths, l.first+i)
		}
	}
	sw, err := f.NewStreamWriter(l.name())
	if err != nil {
		return err
	}
	if l.fixed.freeze {
		if err := sw.SetPanes(&excelize.Panes{Freeze: true, XSplit: 1, YSplit: 1, TopLeftCell: "B2", ActivePane: "bottomRight"}); err != nil {
			return err
		}
	}
	for _, r := range widthRuns(widths) {
		if err := sw.SetColWidth(r.from, r.to, r.width); err != nil {
			return err
		}
	}
	// One row's cells, reused row after row: excelize takes a *Cell as
	// it takes a Cell, without a copy boxed into an interface a cell.
	var vals []any
	var cells []excelize.Cell
	for row, last := 1, l.lastRow(); row <= last; row++ {
		if err := b.ctx.Err(); err != nil {
			return err
		}
		vals = vals[:0]
		l.row(row, b.from, b.to, func(col int, c cell) {
			for len(vals) < col {
				vals = append(vals, nil)
			}
			if len(cells) < col {
				cells = append(cells, make([]excelize.Cell, col-len(cells))...)
			}
			xc := &cells[col-1]
			*xc = excelize.Cell{StyleID: styles[c.st], Formula: c.f, Value: streamValue(c.v)}
			if c.f != "" && cached != nil {
				if v, ok := cached(l, col, row); ok {
					xc.Value = v
				}
			}
			vals[col-1] = xc
		})
		if len(vals) == 0 {
			continue
		}
		if err := sw.SetRow(cellName(1, row), vals, excelize.RowOpts{OutlineLevel: l.fixed.outline[row]}); err != nil {
			return err
		}
		clear(vals)
	}
	return sw.Flush()
}

// setSheet writes a sheet cell by cell: how the Assumptions and Scores
// sheets were written before they were streamed, kept (cellByCell) for
// the test that holds the streamed sheets to it. Numbers are written with enough
// decimals to read back as the same double (excelize otherwise keeps 15
// significant digits), because the formulas must start from exactly
// tco's inputs: 2 minutes is 0.03333333333333333 h, and 0.0333333333333333
// is another number. Formulas here are left uncached.
func (b *book) setSheet(f *excelize.File, l *layout, styles map[style]int) error {
	for _, r := range widthRuns(l.widths(b.from, b.to)) {
		from, _ := excelize.ColumnNumberToName(r.from)
		to, _ := excelize.ColumnNumberToName(r.to)
		if err := f.SetColWidth(l.name(), from, to, r.width); err != nil {
			return err
		}
	}
	name := l.name()
	for row, last := 1, l.lastRow(); row <= last; row++ {
		if err := b.ctx.Err(); err != nil {
			return err
		}
		var err error
		l.row(row, b.from, b.to, func(col int, c cell) {
			if err != nil {
				return
			}
			ref := cellName(col, row)
			v, isFloat := c.v.(float64)
			switch {
			case c.f != "":
				err = f.SetCellFormula(name, ref, c.f)
			case isFloat:
				err = f.SetCellFloat(name, ref, v, exactPrecision(v), 64)
			default:
				err = f.SetCellValue(name, ref, c.v)
			}
			if err == nil {
				err = f.SetCellStyle(name, ref, ref, styles[c.st])
			}
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// widthRun is a run of adjacent columns of one width.
type widthRun struct {
	from, to int
	width    float64
}

// widthRuns groups the widths into runs, so each width is set once for
// all the quote columns: excelize merges every call into its column list,
// which made one call per column quadratic in the quotes.
func widthRuns(widths map[int]float64) []widthRun {
	var runs []widthRun
	for _, col := range sortedKeys(widths) {
		if n := len(runs); n > 0 && runs[n-1].to == col-1 && runs[n-1].width == widths[col] {
			runs[n-1].to = col
			continue
		}
		runs = append(runs, widthRun{col, col, widths[col]})
	}
	return runs
}

// newStyles registers the styles once per file.
func newStyles(f *excelize.File, decimals int) (map[style]int, error) {
	moneyFmt := "#,##0"
	if decimals > 0 {
		moneyFmt += "." + fmt.Sprintf("%0*d", decimals, 0)
	}
	minorFmt, shareFmt, numFmt := "#,##0", "0.00%", "#,##0.####"
	defs := map[style]*excelize.Style{
		plain:    {},
		bold:     {Font: &excelize.Font{Bold: true}},
		title:    {Font: &excelize.Font{Bold: true, Size: 13}},
		money:    {CustomNumFmt: &moneyFmt},
		assumed:  {CustomNumFmt: &moneyFmt, Font: &excelize.Font{Italic: true}, Fill: excelize.Fill{Type: "pattern", Pattern: 1, Color: []string{"FFF4CE"}}},
		minor:    {CustomNumFmt: &minorFmt},
		share:    {CustomNumFmt: &shareFmt},
		number:   {CustomNumFmt: &numFmt},
		wrapText: {Alignment: &excelize.Alignment{WrapText: true, Vertical: "top"}},
		status:   {Font: &excelize.Font{Italic: true, Color: "9C5700"}},
	}
	ids := make(map[style]int, len(defs))
	for st, d := range defs {
		id, err := f.NewStyle(d)
		if err != nil {
			return nil, err
		}
		ids[st] = id
	}
	return ids, nil
}
