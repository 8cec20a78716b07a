package web

import (
	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/sheet"
)

// scoreTable is the scoring of the priced quotes for the workbook's
// Scores sheet (Scoring.Scores lists the priced quotes first, in
// worksheet order); nil without priced quotes.
func scoreTable(z *i18n.Localizer, a *evaluation.Analysis) *sheet.ScoreTable {
	if len(a.Quotes) == 0 || len(a.Scoring.Scores.Scores) < len(a.Quotes) {
		return nil
	}
	t := &sheet.ScoreTable{Title: z.T("scoring.title"), TotalRow: z.T("scoring.total"), Weight: z.T("scoring.weight")}
	for _, sq := range a.Quotes {
		t.Quotes = append(t.Quotes, sq.ProviderName)
	}
	scores := a.Scoring.Scores.Scores[:len(a.Quotes)]
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
		t.Totals = append(t.Totals, s.Value)
	}
	return t
}
