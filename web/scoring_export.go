package web

import (
	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/sheet"
)

// scoreTableOf is the scoring of the priced quotes for the workbook's
// Scores sheet (Scoring.Scores lists the priced quotes first, in
// worksheet order); nil without priced quotes.
// Only the priced quotes from to to are its columns: one workbook's.
func scoreTableOf(z *i18n.Localizer, a *evaluation.Analysis, from, to int) *sheet.ScoreTable {
	if len(a.Quotes) == 0 || len(a.Scoring.Scores.Scores) < len(a.Quotes) || from >= to {
		return nil
	}
	t := &sheet.ScoreTable{Title: z.T("scoring.title"), TotalRow: z.T("scoring.total"), Weight: z.T("scoring.weight")}
	for _, sq := range a.Quotes[from:to] {
		t.Quotes = append(t.Quotes, sq.ProviderName)
	}
	scores := a.Scoring.Scores.Scores[from:to]
	for k, w := range a.Scoring.Weights {
		t.Criteria = append(t.Criteria, z.T("scoring.criterion."+w.Key))
		t.Weights = append(t.Weights, w.Weight)
		row := make([]float64, len(scores))
		for j, s := range scores {
			row[j] = s.Grades[k].Value
		}
		t.Grades = append(t.Grades, row)
	}
	for _, s := range scores {
		t.Totals = append(t.Totals, s.Exact)
	}
	return t
}
