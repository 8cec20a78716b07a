package web

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/i18n"
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
	in := views.ScoringInput{EvaluationID: a.Evaluation.ID, Blind: r.URL.Query().Get("blind") == "1", Weights: a.Scoring.Weights,
		WeightsFrom: a.Scoring.WeightsFrom, Scores: a.Scoring.Scores, CanGrade: p.Can(auth.GradeQuotes), CanWeigh: p.Can(auth.EditBrief),
		Form: form, Errors: errs}
	for _, sq := range a.All {
		in.Quotes = append(in.Quotes, views.ScoringQuote{ID: sq.ID, Provider: sq.ProviderName})
	}
	s.render(w, r, status, views.ScoringPage(p, views.ScoringModel(z, in)))
	return nil
}

// scoreTotals are each quote's weighted score with the sentences on
// overlap and on the weight that flips the winner (views.ScoringTotals).
func scoreTotals(z *i18n.Localizer, a *evaluation.Analysis, label map[int64]string) ([]views.ScoreColumn, []views.Option, string, string) {
	return views.ScoringTotals(z, a.Scoring.Scores, label)
}

// scoreBand is a grade or score band, one decimal: "6.5" or "6.5–7.2".
func scoreBand(z *i18n.Localizer, lo, hi float64) string { return views.ScoringBand(z, lo, hi) }

// localFacts writes the numbers among a rule's facts in the reader's
// number format.
func localFacts(z *i18n.Localizer, facts map[string]string) map[string]string {
	return views.ScoringFacts(z, facts)
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
