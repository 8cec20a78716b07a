package sheet

import "slices"

// style is a cell's look; render maps it to an excelize style id.
type style uint8

const (
	plain style = iota
	bold
	title
	money    // evaluation-currency amount, the currency's decimals
	assumed  // an amount resting on an assumed (not stated) term
	minor    // whole minor units in the workings
	share    // a fraction shown as a percentage
	number   // a general figure (hours, rates, counts)
	wrapText // long labels and assumption sources
	status   // a term the vendor did not state, or refused
)

// cell is one cell of the model: a literal value, or a formula (without
// the leading "=") whose cached value is filled in by the calc pass.
type cell struct {
	v  any
	f  string
	st style
}

// grid is one sheet as rows of cells, built before any excelize call so
// that layout code stays free of I/O and the workbook can be rendered
// twice: once to evaluate the formulas, once with their values cached.
type grid struct {
	name    string
	cells   map[int]map[int]cell // row → column → cell
	widths  map[int]float64      // column → width
	outline map[int]int          // row → outline level, to fold the workings
	freeze  bool                 // freeze the first column and row
	stream  bool                 // formulas with cached values; no fractional literals
}

func newGrid(name string) *grid {
	return &grid{name: name, cells: map[int]map[int]cell{}, widths: map[int]float64{}, outline: map[int]int{}}
}

func (g *grid) set(col, row int, c cell) {
	if g.cells[row] == nil {
		g.cells[row] = map[int]cell{}
	}
	g.cells[row][col] = c
}

// cellKey names a cell of the workbook, for the evaluated formulas.
type cellKey struct {
	sheet    string
	col, row int
}

// val and fm are shorthands for a literal and a formula cell.
func val(v any, st style) cell         { return cell{v: v, st: st} }
func fm(formula string, st style) cell { return cell{f: formula, st: st} }

func sortedKeys[V any](m map[int]V) []int {
	ks := make([]int, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	return ks
}
