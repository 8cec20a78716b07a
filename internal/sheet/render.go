package sheet

import (
	"context"
	"fmt"
	"slices"

	"github.com/xuri/excelize/v2"
)

// book is the whole workbook model.
type book struct {
	ctx      context.Context // work stops once it is done
	sheets   []*grid
	names    []excelize.DefinedName
	decimals int // of the evaluation currency, for the money format
}

// render writes the model into a new excelize file. cached holds each
// formula's value; nil leaves formulas uncached.
func (b *book) render(cached map[cellKey]float64) (f *excelize.File, err error) {
	f = excelize.NewFile()
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
	for i, g := range b.sheets {
		if i == 0 {
			err = f.SetSheetName("Sheet1", g.name)
		} else {
			_, err = f.NewSheet(g.name)
		}
		if err == nil && g.stream {
			err = streamSheet(b.ctx, f, g, styles, cached)
		} else if err == nil {
			err = setSheet(f, g, styles)
		}
		if err != nil {
			return nil, fmt.Errorf("sheet %s: %w", g.name, err)
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
// value (SetCellFormula marks a cached value as text). Its numbers keep
// only 15 significant digits, so it is for sheets whose literals are
// labels and small integers: the formulas.
func streamSheet(ctx context.Context, f *excelize.File, g *grid, styles map[style]int, cached map[cellKey]float64) error {
	sw, err := f.NewStreamWriter(g.name)
	if err != nil {
		return err
	}
	if g.freeze {
		if err := sw.SetPanes(&excelize.Panes{Freeze: true, XSplit: 1, YSplit: 1, TopLeftCell: "B2", ActivePane: "bottomRight"}); err != nil {
			return err
		}
	}
	for _, r := range widthRuns(g.widths) {
		if err := sw.SetColWidth(r.from, r.to, r.width); err != nil {
			return err
		}
	}
	for _, row := range sortedKeys(g.cells) {
		if err := ctx.Err(); err != nil {
			return err
		}
		cols := g.cells[row]
		vals := make([]any, slices.Max(sortedKeys(cols)))
		for col, c := range cols {
			if v, ok := c.v.(float64); ok && c.f == "" && exactPrecision(v) > 0 {
				return fmt.Errorf("%s: %v would lose digits in a streamed sheet", cellName(col, row), v)
			}
			xc := excelize.Cell{StyleID: styles[c.st], Formula: c.f, Value: c.v}
			if c.f != "" {
				if v, ok := cached[cellKey{g.name, col, row}]; ok {
					xc.Value = v
				}
			}
			vals[col-1] = xc
		}
		if err := sw.SetRow(cellName(1, row), vals, excelize.RowOpts{OutlineLevel: g.outline[row]}); err != nil {
			return err
		}
	}
	return sw.Flush()
}

// setSheet writes a sheet cell by cell. Numbers are written with enough
// decimals to read back as the same double (excelize otherwise keeps 15
// significant digits), because the formulas must start from exactly
// tco's inputs: 2 minutes is 0.03333333333333333 h, and 0.0333333333333333
// is another number. Formulas here are left uncached.
func setSheet(f *excelize.File, g *grid, styles map[style]int) error {
	for _, r := range widthRuns(g.widths) {
		from, _ := excelize.ColumnNumberToName(r.from)
		to, _ := excelize.ColumnNumberToName(r.to)
		if err := f.SetColWidth(g.name, from, to, r.width); err != nil {
			return err
		}
	}
	for _, row := range sortedKeys(g.cells) {
		for _, col := range sortedKeys(g.cells[row]) {
			c, ref := g.cells[row][col], cellName(col, row)
			var err error
			v, isFloat := c.v.(float64)
			switch {
			case c.f != "":
				err = f.SetCellFormula(g.name, ref, c.f)
			case isFloat:
				err = f.SetCellFloat(g.name, ref, v, exactPrecision(v), 64)
			default:
				err = f.SetCellValue(g.name, ref, c.v)
			}
			if err == nil {
				err = f.SetCellStyle(g.name, ref, ref, styles[c.st])
			}
			if err != nil {
				return err
			}
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
