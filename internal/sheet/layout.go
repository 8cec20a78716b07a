package sheet

import "slices"

// quoteCell is a quote's cell in one row of a sheet: i is the quote's
// index in the evaluation, col the column it is written in (which a
// formula references its own column by). ok false leaves the cell blank.
type quoteCell func(i, col int) (c cell, ok bool)

// layout is a sheet with one column per quote, described row by row
// rather than held as cells: the same description lays out a band of
// quotes as a grid (to evaluate and check its formulas) and writes the
// whole sheet a row at a time (to stream it), so a workbook of 10,000
// quotes never holds more than a band's cells and one row.
type layout struct {
	fixed      *grid             // cells outside the quote columns, widths, outline, freeze
	first      int               // column of the first quote
	quoteWidth float64           // width of a quote column; 0 leaves it alone
	rows       map[int]quoteCell // row → its quotes' cells
	tail       map[int]cell      // row → cell of the column after the last quote
	tailWidth  float64
}

func newLayout(name string, first int) *layout {
	return &layout{fixed: newGrid(name), first: first, rows: map[int]quoteCell{}, tail: map[int]cell{}}
}

func (l *layout) name() string { return l.fixed.name }

// at sets the quotes' cells of a row.
func (l *layout) at(row int, f quoteCell) { l.rows[row] = f }

// tailCol is the column after the last of n quotes.
func (l *layout) tailCol(n int) int { return l.first + n }

// isQuoteCell reports whether (col, row) of a sheet of n quotes is a
// quote's cell, and which quote's (counted from the sheet's first).
func (l *layout) isQuoteCell(col, row, n int) (int, bool) {
	if _, ok := l.rows[row]; !ok || col < l.first || col >= l.first+n {
		return 0, false
	}
	return col - l.first, true
}

// widths are the column widths of the sheet of quotes [from, to).
func (l *layout) widths(from, to int) map[int]float64 {
	w := make(map[int]float64, len(l.fixed.widths)+to-from+1)
	for col, v := range l.fixed.widths {
		w[col] = v
	}
	if l.quoteWidth > 0 {
		for i := range to - from {
			w[l.first+i] = l.quoteWidth
		}
	}
	if l.tailWidth > 0 {
		w[l.tailCol(to-from)] = l.tailWidth
	}
	return w
}

// lastRow is the sheet's last row.
func (l *layout) lastRow() int {
	last := 0
	for row := range l.fixed.cells {
		last = max(last, row)
	}
	for row := range l.rows {
		last = max(last, row)
	}
	for row := range l.tail {
		last = max(last, row)
	}
	return last
}

// row calls set for each cell of one row of the sheet of quotes
// [from, to), quote i in column first+i-from: the fixed cells, then the
// quotes', then the tail's.
func (l *layout) row(row, from, to int, set func(col int, c cell)) {
	for col, c := range l.fixed.cells[row] {
		set(col, c)
	}
	if f := l.rows[row]; f != nil {
		for i := from; i < to; i++ {
			col := l.first + i - from
			if c, ok := f(i, col); ok {
				set(col, c)
			}
		}
	}
	if c, ok := l.tail[row]; ok {
		set(l.tailCol(to-from), c)
	}
}

// grid lays out the quotes [from, to) as a grid, the band's first quote in
// the first quote column: formulas reference only their own column, the
// fixed cells and defined names, so a quote's figures do not depend on
// where its column is.
func (l *layout) grid(from, to int) *grid {
	g := newGrid(l.name())
	g.widths = l.widths(from, to)
	g.outline, g.freeze, g.stream = l.fixed.outline, l.fixed.freeze, l.fixed.stream
	for row, last := 1, l.lastRow(); row <= last; row++ {
		l.row(row, from, to, func(col int, c cell) { g.set(col, row, c) })
	}
	return g
}

// values is every formula's value of a workbook, kept by quote so that a
// band's values can be gathered while the next band is evaluated: 8 bytes
// a formula, where the cells themselves are built again when written.
type values struct {
	quotes map[string]map[int][]float64 // sheet → row → value by quote
	fixed  map[cellKey]float64          // formulas outside the quote columns
	n      int
}

func newValues(n int) *values {
	return &values{quotes: map[string]map[int][]float64{}, fixed: map[cellKey]float64{}, n: n}
}

// keep stores a band's values: the band [from, to) of layouts laid out by
// grid.
func (v *values) keep(layouts []*layout, band map[cellKey]float64, from, to int) {
	for k, x := range band {
		l := layoutNamed(layouts, k.sheet)
		i, ok := l.isQuoteCell(k.col, k.row, to-from)
		if !ok {
			v.fixed[k] = x
			continue
		}
		rows := v.quotes[k.sheet]
		if rows == nil {
			rows = map[int][]float64{}
			v.quotes[k.sheet] = rows
		}
		if rows[k.row] == nil {
			rows[k.row] = make([]float64, v.n)
		}
		rows[k.row][from+i] = x
	}
}

// get is the value of the formula at (col, row) of a sheet laid out for
// all the quotes.
func (v *values) get(l *layout, col, row int) (float64, bool) {
	if i, ok := l.isQuoteCell(col, row, v.n); ok {
		rows := v.quotes[l.name()][row]
		if rows == nil {
			return 0, false
		}
		return rows[i], true
	}
	x, ok := v.fixed[cellKey{l.name(), col, row}]
	return x, ok
}

func layoutNamed(ls []*layout, name string) *layout {
	i := slices.IndexFunc(ls, func(l *layout) bool { return l.name() == name })
	return ls[i]
}
