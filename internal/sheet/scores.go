package sheet

import (
	"fmt"
	"math"
	"strings"
)

// ScoresSheet is the name of the scoring sheet.
const ScoresSheet = "Scores"

// ScoreTable is the weighted scoring for the workbook: criteria by row
// with their weights, quotes by column, each cell the criterion's point
// grade, and the totals the app computed (for the check).
type ScoreTable struct {
	Title    string
	Criteria []string // labels, in order
	Weights  []int
	Quotes   []string    // column labels
	Grades   [][]float64 // [criterion][quote]
	Totals   []float64   // [quote], the app's exact weighted score (unrounded)
	TotalRow string      // label of the totals row
	Weight   string      // label of the weight column
}

// scoresSheet lays out the table. Each total is a live formula, Σ weight
// × grade ÷ Σ weights, so a buyer who edits a weight in the spreadsheet
// sees the ranking move.
func scoresSheet(t ScoreTable) *layout {
	l := newLayout(ScoresSheet, 3)
	g := l.fixed
	g.set(1, 1, val(t.Title, title))
	g.set(2, 3, val(t.Weight, bold))
	l.at(3, func(j, _ int) (cell, bool) { return val(t.Quotes[j], bold), true })
	first, last := 4, 3+len(t.Criteria)
	for i, c := range t.Criteria {
		g.set(1, first+i, val(c, wrapText))
		g.set(2, first+i, val(float64(t.Weights[i]), number))
		l.at(first+i, func(j, _ int) (cell, bool) { return val(t.Grades[i][j], number), true })
	}
	g.set(1, last+1, val(t.TotalRow, bold))
	l.at(last+1, func(_, col int) (cell, bool) {
		terms := make([]string, len(t.Criteria))
		for i := range t.Criteria {
			terms[i] = fmt.Sprintf("$B%d*%s", first+i, cellName(col, first+i))
		}
		return fm(fmt.Sprintf("(%s)/SUM($B%d:$B%d)", strings.Join(terms, "+"), first, last), number), true
	})
	g.widths[1] = 32
	return l
}

// band is the table of the quotes [from, to), for checking a band of the
// workbook.
func (t ScoreTable) band(from, to int) ScoreTable {
	t.Quotes, t.Totals = t.Quotes[from:to], t.Totals[from:to]
	grades := make([][]float64, len(t.Grades))
	for i, g := range t.Grades {
		grades[i] = g[from:to]
	}
	t.Grades = grades
	return t
}

// verifyScores checks the sheet's totals against the app's exact totals
// (the ones the ranking reads), so the sheet cannot order the quotes
// differently from the page.
func verifyScores(values map[cellKey]float64, t ScoreTable) error {
	row := 4 + len(t.Criteria)
	for j, want := range t.Totals {
		got := values[cellKey{ScoresSheet, 3 + j, row}]
		if math.Abs(got-want) > 1e-6 {
			return fmt.Errorf("%w: score of %s is %v in the sheet, %v in the app", ErrMismatch, t.Quotes[j], got, want)
		}
	}
	return nil
}
