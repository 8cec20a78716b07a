package views

import (
	"slices"
	"strconv"
	"strings"

	"github.com/gpuquote/gpuquote/internal/chart"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/scoring"
)

// ScoringInput is what the scoring sheet is laid out from: the weights in
// force and where they come from, the scores, and every quote of the
// evaluation in entry order (lettered A, B, … when the sheet is blind).
type ScoringInput struct {
	EvaluationID       int64
	Blind              bool
	Weights            []scoring.Weight
	WeightsFrom        string
	Scores             scoring.Result
	Quotes             []ScoringQuote
	CanGrade, CanWeigh bool
	Form, Errors       map[string]string // a refused form, and why
}

// ScoringQuote is a quote of the evaluation, by its provider.
type ScoringQuote struct {
	ID       int64
	Provider string
}

// ScoringModel is the scoring sheet: every criterion × quote grade with
// its rule, the legend of rules, the totals, the chart and the forms.
func ScoringModel(z *i18n.Localizer, in ScoringInput) ScoringSheet {
	m := ScoringSheet{EvaluationID: in.EvaluationID, Blind: in.Blind, Empty: len(in.Scores.Scores) == 0,
		WeightsFrom: z.T("scoring.weights_from." + in.WeightsFrom)}
	label := map[int64]string{}
	for i, q := range in.Quotes {
		label[q.ID] = q.Provider
		if in.Blind {
			label[q.ID] = z.T("scoring.quote_label", map[string]string{"Letter": scoringLetter(i)})
		}
	}
	legend := map[string]int{} // a rule's text → its entry in m.Legend
	for k, w := range in.Weights {
		row := ScoreRow{Label: z.T("scoring.criterion." + w.Key), Weight: strconv.Itoa(w.Weight)}
		for _, s := range in.Scores.Scores {
			g := s.Grades[k]
			facts := ScoringFacts(z, g.Facts)
			c := ScoreCell{Grade: ScoringBand(z, g.Low, g.High), Capped: g.Capped, Overridden: g.Overridden}
			rule := scoringRuleLegend(g.Rule)
			if rule.cell != "" {
				c.Rule = z.T(rule.cell, facts)
			}
			text := z.T(rule.legend, facts)
			i, seen := legend[text]
			if !seen {
				i = len(m.Legend)
				legend[text] = i
				m.Legend = append(m.Legend, ScoreLegend{Rule: text})
			}
			if !slices.Contains(m.Legend[i].Criteria, row.Label) {
				m.Legend[i].Criteria = append(m.Legend[i].Criteria, row.Label)
			}
			for _, o := range g.Overrides {
				c.Overrides = append(c.Overrides, z.T("scoring.by", map[string]string{"Name": o.Evaluator,
					"Grade": z.Decimal(strconv.FormatFloat(o.Grade, 'f', 1, 64)), "Reason": o.Reason}))
			}
			row.Cells = append(row.Cells, c)
		}
		m.Rows = append(m.Rows, row)
		m.Criteria = append(m.Criteria, Option{Value: w.Key, Label: row.Label})
		m.Weights = m.Criteria
	}
	m.Columns, m.Quotes, m.Overlap, m.Flip = ScoringTotals(z, in.Scores, label)
	m.Chart, m.ChartText = scoringChart(z, in, label, m.Criteria)
	m.CanGrade, m.CanWeigh, m.Form, m.Errors = in.CanGrade, in.CanWeigh, in.Form, in.Errors
	if m.Form == nil {
		m.Form = map[string]string{}
	}
	for _, w := range in.Weights {
		if _, typed := m.Form["w_"+w.Key]; !typed {
			m.Form["w_"+w.Key] = strconv.Itoa(w.Weight)
		}
	}
	return m
}

// scoringLetter labels the i-th quote A, B, … Z, AA, AB, ….
func scoringLetter(i int) string {
	if i < 26 {
		return string(rune('A' + i))
	}
	return scoringLetter(i/26-1) + string(rune('A'+i%26))
}

// scoringRuleLegend splits a grading rule into what is the same for every
// quote, said once in the sheet's legend, and what is the quote's own,
// kept short in its cell ("" when the grade and its badges say it all).
func scoringRuleLegend(rule string) (r struct{ legend, cell string }) {
	switch rule {
	case "scoring.rule.cost_per_unit":
		r.legend, r.cell = "scoring.legend.cost_per_unit", "scoring.cell.cost_per_unit"
	case "scoring.rule.cost_unpriced":
		r.legend, r.cell = "scoring.legend.cost_unpriced", "scoring.cell.cost_unpriced"
	case "scoring.rule.verified":
		r.legend, r.cell = "scoring.legend.verified", "scoring.cell.verified"
	default: // scoring.rule.terms: the quote's flags are on its page
		r.legend = rule
	}
	return r
}

// ScoringTotals are each quote's weighted score (band, place, overlap with
// the leader) with the sentences on overlap and on the weight that flips
// the winner: the sheet's last row, and the decision page's scores.
func ScoringTotals(z *i18n.Localizer, sc scoring.Result, label map[int64]string) (cols []ScoreColumn, quotes []Option, overlap, flip string) {
	for _, s := range sc.Scores {
		col := ScoreColumn{Label: label[s.QuoteID], Total: ScoringBand(z, s.Low, s.High), Overlap: s.OverlapsLeader, Place: "–"}
		if s.Place > 0 {
			col.Place = strconv.Itoa(s.Place)
		}
		if s.TiesLeader || (s.Place == 1 && sc.Tie) {
			col.Place = z.T("scoring.place_tie")
		}
		cols = append(cols, col)
		quotes = append(quotes, Option{Value: strconv.FormatInt(s.QuoteID, 10), Label: col.Label})
	}
	overlap = z.T("scoring.no_overlap")
	if sc.Overlap {
		overlap = z.T("scoring.overlap")
	}
	if sc.Tie {
		overlap = z.T("scoring.tie", map[string]string{"Margin": z.Decimal(strconv.FormatFloat(scoring.TieMargin, 'f', -1, 64))}) + " " + overlap
	}
	flip = z.T("scoring.no_flip")
	if f := sc.Flip; f != nil {
		flip = z.T("scoring.flip", map[string]string{"Criterion": z.T("scoring.criterion." + f.Criterion),
			"From": z.Decimal(strconv.FormatFloat(f.From, 'f', -1, 64)), "To": z.Decimal(strconv.FormatFloat(f.To, 'f', -1, 64)),
			"Quote": label[f.NewLeader]})
	}
	return cols, quotes, overlap, flip
}

// ScoringBand is a grade or score band, one decimal: "6.5" or "6.5–7.2".
func ScoringBand(z *i18n.Localizer, lo, hi float64) string {
	if lo == hi {
		return z.Decimal(strconv.FormatFloat(lo, 'f', 1, 64))
	}
	return z.Decimal(strconv.FormatFloat(lo, 'f', 1, 64)) + "–" + z.Decimal(strconv.FormatFloat(hi, 'f', 1, 64))
}

// ScoringFacts writes the numbers among a rule's facts ("1.67 USD", "7.5")
// in the reader's number format.
func ScoringFacts(z *i18n.Localizer, facts map[string]string) map[string]string {
	out := make(map[string]string, len(facts))
	for k, v := range facts {
		num, unit, _ := strings.Cut(v, " ")
		if _, err := strconv.ParseFloat(num, 64); err == nil {
			v = z.Decimal(num)
			if unit != "" {
				v += "\u00a0" + unit
			}
		}
		out[k] = v
	}
	return out
}

// scoringChart lays out each quote's weighted score as a bar of its
// criteria's parts (weight × grade), with the band its total may fall in
// and the leader marked: the figures of the sheet's table, drawn.
func scoringChart(z *i18n.Localizer, in ScoringInput, label map[int64]string, criteria []Option) (chart.StackFigure, ChartText) {
	c := chart.Stack{Max: 10, Format: func(v float64) string { return z.Decimal(strconv.FormatFloat(v, 'f', -1, 64)) }}
	for _, o := range criteria {
		c.Series = append(c.Series, o.Label)
	}
	for _, s := range in.Scores.Scores {
		it := chart.StackItem{Label: label[s.QuoteID], Text: ScoringBand(z, s.Low, s.High), Low: s.Low, High: s.High,
			Marked: s.Place == 1}
		if it.Marked {
			it.Text += " ★"
		}
		for k, w := range in.Weights {
			v := 0.0
			if k < len(s.Grades) {
				v = float64(w.Weight) * s.Grades[k].Value / 100
			}
			it.Parts = append(it.Parts, v)
		}
		c.Items = append(c.Items, it)
	}
	return c.Layout(), ChartText{Title: z.T("scoring.chart_title"), Desc: z.T("scoring.chart_desc")}
}
