package sheet

import (
	"strconv"
	"strings"

	"github.com/xuri/excelize/v2"
)

// scenario is which end of the missing terms' assumptions a block of
// workings uses: tco computes every quote at the estimate and, for its
// TCO range, at the low and high ends.
type scenario int

const (
	estimate scenario = iota
	lowEnd
	highEnd
)

// at is the spreadsheet form of tco's Assumption.at: the value for the
// estimate; for a range end, that end, unless the assumption has no range
// (low and high both zero or blank), when it is the value again.
func at(name string, sc scenario) string {
	end := name + "_low"
	if sc == highEnd {
		end = name + "_high"
	}
	if sc == estimate {
		return name
	}
	return "IF(MAX(" + name + "_low," + name + "_high)>0," + end + "," + name + ")"
}

// roundHalfAway is tco's roundHalfAway for the non-negative amount in cell
// x, in minor units: half away from zero, and a value within
// 1e-9 + 1e-12 × x of a half counts as the half. The spreadsheet's ROUND
// would not do: it has no such tolerance, and Excel's and excelize's ROUND
// disagree with each other near halves. The tolerance test is written as
// 0.5 − frac ≤ tol, which for a non-negative fraction decides exactly as
// tco's |frac − 0.5| ≤ tol || frac ≥ 0.5; the shape (no nested
// subtraction in parentheses, the constant after MAX) is what excelize's
// formula parser evaluates correctly.
func roundHalfAway(x string) string {
	return "TRUNC(" + x + ")+IF(TRUNC(" + x + ")-" + x + "+0.5<=" + x + "*0.000000000001+0.000000001,1,0)"
}

// cellName is a relative A1 reference.
func cellName(col, row int) string {
	s, _ := excelize.CoordinatesToCellName(col, row) // col, row ≥ 1 by construction
	return s
}

// absName is an absolute reference on another sheet, for defined names.
func absName(sheet string, col, row int) string {
	c, _ := excelize.ColumnNumberToName(col)
	return sheet + "!$" + c + "$" + strconv.Itoa(row)
}

// defName turns free text (a GPU model, a currency) into the tail of a
// defined name: letters, digits and underscores only.
func defName(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' {
			return r
		}
		return '_'
	}, s)
}

// exactPrecision is the number of decimals that writes v back exactly.
// excelize otherwise cuts numbers to 15 significant digits, which would
// turn a 2-minute checkpoint (0.03333333333333333 h) into a different
// double and move the retry-waste line.
func exactPrecision(v float64) int {
	s := strconv.FormatFloat(v, 'f', -1, 64)
	if i := strings.IndexByte(s, '.'); i >= 0 {
		return len(s) - i - 1
	}
	return 0
}
