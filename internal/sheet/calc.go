package sheet

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/xuri/excelize/v2"
)

// errCalc means the model holds a formula calc does not read; evaluate
// then falls back to excelize's engine.
var errCalc = errors.New("sheet: formula outside calc's subset")

// calc evaluates the model's formulas in memory, each once, with the
// arithmetic excelize's engine uses (float64, left to right, Excel's
// precedence). excelize's engine costs about a millisecond a formula, and
// a workbook holds some 180 per quote, so a few hundred quotes took
// minutes; this takes microseconds. It reads only the subset of formulas
// this package writes: numbers, "text", cell references on either sheet
// (B7, Assumptions!B7, ranges in SUM), defined names, + - * / and the
// comparisons, and IF, AND, OR, MAX, MIN, SUM, TRUNC and CEILING. The
// tests still evaluate every workbook with excelize's engine, which holds
// calc to it.
type calc struct {
	ctx    context.Context
	sheets map[string]*calcSheet
	names  map[string]cellRef // by upper-case name
	exact  map[string]cellRef // by name as written, the way formulas spell it
	stack  []operand          // functions' arguments (see parser.arguments)
}

// calcSheet is a grid laid out densely, with each formula's value once
// computed: maps cost more than the arithmetic at this size.
type calcSheet struct {
	name       string
	cols, rows int
	cells      []cell // by (row-1)*cols + col-1; the zero cell when empty
	memo       []operand
	busy       []bool
}

type cellRef struct {
	sheet    *calcSheet
	col, row int
}

// operand is a number, a text or a truth value, or an error (a #VALUE!),
// which only matters if a formula's result depends on it.
type operand struct {
	kind byte // 'n', 's', 'b', 'e'
	num  float64
	str  string
}

func num(v float64) operand { return operand{kind: 'n', num: v} }

// newCalc lays out the band of b's quotes straight from its layouts into
// dense sheets, without the grids' maps.
func newCalc(b *book) (*calc, error) {
	c := &calc{ctx: b.ctx, sheets: map[string]*calcSheet{}, names: map[string]cellRef{}, exact: map[string]cellRef{}}
	n := b.to - b.from
	for _, l := range b.layouts {
		s := &calcSheet{name: l.name(), rows: l.lastRow()}
		for _, cols := range l.fixed.cells {
			for col := range cols {
				s.cols = max(s.cols, col)
			}
		}
		if len(l.rows) > 0 && n > 0 {
			s.cols = max(s.cols, l.first+n-1)
		}
		if len(l.tail) > 0 {
			s.cols = max(s.cols, l.tailCol(n))
		}
		s.cells = make([]cell, s.rows*s.cols)
		s.memo = make([]operand, s.rows*s.cols)
		s.busy = make([]bool, s.rows*s.cols)
		for row := 1; row <= s.rows; row++ {
			at := s.cells[(row-1)*s.cols : row*s.cols]
			l.row(row, b.from, b.to, func(col int, cl cell) { at[col-1] = cl })
		}
		c.sheets[s.name] = s
	}
	for _, n := range b.names {
		sheet, cell, ok := strings.Cut(n.RefersTo, "!")
		col, row, err := excelize.CellNameToCoordinates(strings.ReplaceAll(cell, "$", ""))
		if !ok || err != nil || c.sheets[sheet] == nil {
			return nil, fmt.Errorf("%w: defined name %s refers to %s", errCalc, n.Name, n.RefersTo)
		}
		c.names[strings.ToUpper(n.Name)] = cellRef{c.sheets[sheet], col, row}
		c.exact[n.Name] = cellRef{c.sheets[sheet], col, row}
	}
	return c, nil
}

// evaluateAll computes every formula cell's value, rounded
// as excelize's CalcCellValue rounds a result (15 significant digits).
func (c *calc) evaluateAll() (map[cellKey]float64, error) {
	n := 0
	for _, g := range c.sheets {
		for i := range g.cells {
			if g.cells[i].f != "" {
				n++
			}
		}
	}
	out := make(map[cellKey]float64, n)
	for _, g := range c.sheets {
		for i := range g.cells {
			if g.cells[i].f == "" {
				continue
			}
			if i%1024 == 0 {
				if err := c.ctx.Err(); err != nil {
					return nil, err
				}
			}
			row, col := i/g.cols+1, i%g.cols+1
			v, err := c.cell(cellRef{g, col, row})
			if err != nil {
				return nil, err
			}
			if v.kind != 'n' {
				return nil, fmt.Errorf("sheet: %s!%s evaluates to %q, not a number", g.name, cellName(col, row), v.str)
			}
			r, _ := strconv.ParseFloat(strconv.FormatFloat(v.num, 'G', 15, 64), 64)
			out[cellKey{g.name, col, row}] = r
		}
	}
	return out, nil
}

// cell is the value of a cell: its formula's result, or its literal; an
// empty cell is 0, as in arithmetic.
func (c *calc) cell(r cellRef) (operand, error) {
	s := r.sheet
	if r.col < 1 || r.row < 1 || r.col > s.cols || r.row > s.rows {
		return num(0), nil
	}
	i := (r.row-1)*s.cols + r.col - 1
	if s.memo[i].kind != 0 {
		return s.memo[i], nil
	}
	cl := &s.cells[i]
	var v operand
	switch {
	case cl.f != "":
		if s.busy[i] {
			return operand{}, fmt.Errorf("%w: %s!%s refers to itself", errCalc, r.sheet.name, cellName(r.col, r.row))
		}
		s.busy[i] = true
		p := &parser{c: c, s: cl.f, sheet: s}
		var err error
		if v, err = p.parse(); err != nil {
			return operand{}, fmt.Errorf("%s!%s: %w", r.sheet.name, cellName(r.col, r.row), err)
		}
		s.busy[i] = false
		s.memo[i] = v
		return v, nil
	default:
		switch x := cl.v.(type) {
		case float64:
			v = num(x)
		case int:
			v = num(float64(x))
		case string:
			v = operand{kind: 's', str: x}
		case bool:
			v = operand{kind: 'b', num: b2f(x)}
		case nil:
			v = num(0)
		default:
			return operand{}, fmt.Errorf("%w: literal %T", errCalc, cl.v)
		}
	}
	return v, nil
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// number converts an operand for arithmetic as a spreadsheet does: text
// that reads as a number is that number, other text an error.
func (o operand) number() operand {
	switch o.kind {
	case 'n', 'e':
		return o
	case 'b':
		return num(o.num)
	}
	if o.str == "" {
		return num(0)
	}
	if v, err := strconv.ParseFloat(o.str, 64); err == nil {
		return num(v)
	}
	return operand{kind: 'e', str: "#VALUE!"}
}

// truth is an operand as IF's, AND's and OR's condition.
func (o operand) truth() (bool, bool) {
	n := o.number()
	if n.kind == 'e' {
		return false, false
	}
	return n.num != 0, true
}
