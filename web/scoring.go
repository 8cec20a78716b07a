package web

import (
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/chart"
	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/scoring"
	"github.com/gpuquote/gpuquote/web/views"
)

// showScores is the scoring sheet; ?blind=1 letters the quotes instead of
// naming their providers, for graders who should not see them.
func (s *Server) showScores(w http.ResponseWriter, r *http.Request) error {
	a, err := s.analysisParam(r)
	if err != nil {
		return err
	}
	return s.renderScores(w, r, a, http.StatusOK, nil, nil)
}

func (s *Server) renderScores(w http.ResponseWriter, r *http.Request, a *evaluation.Analysis, status int, form, errs map[string]string) error {
	z := i18n.From(r.Context())
	p := s.page(r, z.T("scoring.title"), "evaluations")
	if key := takeFlash(w, r); key != "" {
		p.Flash = z.T(key)
	}
	m := scoringSheet(z, a, r.URL.Query().Get("blind") == "1")
	m.CanGrade, m.CanWeigh, m.Form, m.Errors = p.Can(auth.GradeQuotes), p.Can(auth.EditBrief), form, errs
	if m.Form == nil {
		m.Form = map[string]string{}
	}
	for _, w := range a.Scoring.Weights {
		if _, typed := m.Form["w_"+w.Key]; !typed {
			m.Form["w_"+w.Key] = strconv.Itoa(w.Weight)
		}
	}
	s.render(w, r, status, views.ScoringPage(p, m))
	return nil
}

// quoteLetter labels the i-th quote A, B, … Z, AA, AB, ….
func quoteLetter(i int) string {
	if i < 26 {
		return string(rune('A' + i))
	}
	return quoteLetter(i/26-1) + string(rune('A'+i%26))
}

func scoringSheet(z *i18n.Localizer, a *evaluation.Analysis, blind bool) views.ScoringSheet {
	sc := a.Scoring
	m := views.ScoringSheet{EvaluationID: a.Evaluation.ID, Blind: blind, Empty: len(sc.Scores.Scores) == 0,
		WeightsFrom: z.T("scoring.weights_from." + sc.WeightsFrom)}
	label := map[int64]string{}
	for i, sq := range a.All {
		label[sq.ID] = sq.ProviderName
		if blind {
			label[sq.ID] = z.T("scoring.quote_label", map[string]string{"Letter": quoteLetter(i)})
		}
	}
	band := func(lo, hi float64) string { return scoreBand(z, lo, hi) }
	legend := map[string]int{} // a rule's text → its entry in m.Legend
	for k, w := range sc.Weights {
		row := views.ScoreRow{Label: z.T("scoring.criterion." + w.Key), Weight: strconv.Itoa(w.Weight)}
		for _, s := range sc.Scores.Scores {
			g := s.Grades[k]
			facts := localFacts(z, g.Facts)
			c := views.ScoreCell{Grade: band(g.Low, g.High), Capped: g.Capped, Overridden: g.Overridden}
			rule := ruleLegend(g.Rule)
			if rule.cell != "" {
				c.Rule = z.T(rule.cell, facts)
			}
			text := z.T(rule.legend, facts)
			i, seen := legend[text]
			if !seen {
				i = len(m.Legend)
				legend[text] = i
				m.Legend = append(m.Legend, views.ScoreLegend{Rule: text})
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
		m.Criteria = append(m.Criteria, views.Option{Value: w.Key, Label: row.Label})
		m.Weights = m.Criteria
	}
	m.Columns, m.Quotes, m.Overlap, m.Flip = scoreTotals(z, a, label)
	m.Chart, m.ChartText = scoreChart(z, a, label, m.Criteria)
	return m
}

// ruleLegend splits a grading rule into what is the same for every quote,
// said once in the sheet's legend, and what is the quote's own, kept short
// in its cell ("" when the grade and its badges say it all).
func ruleLegend(rule string) (r struct{ legend, cell string }) {
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

// scoreTotals are each quote's weighted score (band, place, overlap with
// the leader) with the sentences on overlap and on the weight that flips
// the winner: the sheet's last row, and the decision page's scores.
func scoreTotals(z *i18n.Localizer, a *evaluation.Analysis, label map[int64]string) (cols []views.ScoreColumn, quotes []views.Option, overlap, flip string) {
	sc := a.Scoring
	for _, s := range sc.Scores.Scores {
		col := views.ScoreColumn{Label: label[s.QuoteID], Total: scoreBand(z, s.Low, s.High), Overlap: s.OverlapsLeader, Place: "–"}
		if s.Place > 0 {
			col.Place = strconv.Itoa(s.Place)
		}
		if s.TiesLeader || (s.Place == 1 && sc.Scores.Tie) {
			col.Place = z.T("scoring.place_tie")
		}
		cols = append(cols, col)
		quotes = append(quotes, views.Option{Value: strconv.FormatInt(s.QuoteID, 10), Label: col.Label})
	}
	overlap = z.T("scoring.no_overlap")
	if sc.Scores.Overlap {
		overlap = z.T("scoring.overlap")
	}
	if sc.Scores.Tie {
		overlap = z.T("scoring.tie", map[string]string{"Margin": z.Decimal(strconv.FormatFloat(scoring.TieMargin, 'f', -1, 64))}) + " " + overlap
	}
	flip = z.T("scoring.no_flip")
	if f := sc.Scores.Flip; f != nil {
		flip = z.T("scoring.flip", map[string]string{"Criterion": z.T("scoring.criterion." + f.Criterion),
			"From": z.Decimal(strconv.FormatFloat(f.From, 'f', -1, 64)), "To": z.Decimal(strconv.FormatFloat(f.To, 'f', -1, 64)),
			"Quote": label[f.NewLeader]})
	}
	return cols, quotes, overlap, flip
}

// scoreBand is a grade or score band, one decimal: "6.5" or "6.5–7.2".
func scoreBand(z *i18n.Localizer, lo, hi float64) string {
	if lo == hi {
		return z.Decimal(strconv.FormatFloat(lo, 'f', 1, 64))
	}
	return z.Decimal(strconv.FormatFloat(lo, 'f', 1, 64)) + "–" + z.Decimal(strconv.FormatFloat(hi, 'f', 1, 64))
}

// saveScoreOverride records the signed-in evaluator's grade of one
// criterion of one quote, with the reason; errors are shown next to their
// field and nothing is saved.
func (s *Server) saveScoreOverride(w http.ResponseWriter, r *http.Request) error {
	a, err := s.analysisParam(r)
	if err != nil {
		return err
	}
	if err := parseForm(w, r); err != nil {
		return err
	}
	z := i18n.From(r.Context())
	form := map[string]string{}
	for _, k := range []string{"quote_id", "criterion", "grade", "reason"} {
		form[k] = strings.TrimSpace(r.PostForm.Get(k))
	}
	qid, _ := strconv.ParseInt(form["quote_id"], 10, 64) // 0: not a quote
	keys, err := s.eval.SaveScoreOverride(r.Context(), currentUser(r).Actor(), a,
		evaluation.ScoreOverride{QuoteID: qid, Criterion: form["criterion"], Grade: form["grade"], Reason: form["reason"]}, z.ParseDecimal)
	if err != nil {
		return err
	}
	if len(keys) > 0 {
		errs := map[string]string{}
		for k, key := range keys {
			errs[k] = z.T(key)
		}
		return s.renderScores(w, r, a, http.StatusUnprocessableEntity, form, errs)
	}
	return redirect(w, r, "/evaluations/"+strconv.FormatInt(a.Evaluation.ID, 10)+"/scores", "flash.score_saved")
}

// localFacts writes the numbers among a rule's facts ("1.67 USD", "7.5")
// in the reader's number format.
func localFacts(z *i18n.Localizer, facts map[string]string) map[string]string {
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

// scoreChart lays out each quote's weighted score as a bar of its
// criteria's parts (weight × grade), with the band its total may fall in
// and the leader marked: the figures of the sheet's table, drawn.
func scoreChart(z *i18n.Localizer, a *evaluation.Analysis, label map[int64]string, criteria []views.Option) (chart.StackFigure, views.ChartText) {
	sc := a.Scoring
	c := chart.Stack{Max: 10, Format: func(v float64) string { return z.Decimal(strconv.FormatFloat(v, 'f', -1, 64)) }}
	for _, o := range criteria {
		c.Series = append(c.Series, o.Label)
	}
	for _, s := range sc.Scores.Scores {
		it := chart.StackItem{Label: label[s.QuoteID], Text: scoreBand(z, s.Low, s.High), Low: s.Low, High: s.High,
			Marked: s.Place == 1}
		if it.Marked {
			it.Text += " ★"
		}
		for k, w := range sc.Weights {
			v := 0.0
			if k < len(s.Grades) {
				v = float64(w.Weight) * s.Grades[k].Value / 100
			}
			it.Parts = append(it.Parts, v)
		}
		c.Items = append(c.Items, it)
	}
	return c.Layout(), views.ChartText{Title: z.T("scoring.chart_title"), Desc: z.T("scoring.chart_desc")}
}
