package web

import (
	"errors"
	"net/http"
	"strconv"
	"strings"

	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/scoring"
)

// saveScoreWeights is the weights form of the scoring sheet: one whole
// number per criterion, summing to 100, checked as the API checks them;
// errors are shown next to the field and nothing is saved.
func (s *Server) saveScoreWeights(w http.ResponseWriter, r *http.Request) error {
	a, err := s.analysisParam(r)
	if err != nil {
		return err
	}
	if err := parseForm(w, r); err != nil {
		return err
	}
	z := i18n.From(r.Context())
	form, errs := map[string]string{}, map[string]string{}
	var ws []scoring.Weight
	for _, k := range scoring.Keys {
		v := strings.TrimSpace(r.PostForm.Get("w_" + k))
		form["w_"+k] = v
		n, err := strconv.Atoi(v)
		if v == "" {
			n, err = 0, nil
		}
		if err != nil || n < 0 || n > 100 {
			errs["w_"+k] = z.T("scoring.error.weight_range")
			continue
		}
		ws = append(ws, scoring.Weight{Key: k, Weight: n})
	}
	if len(errs) > 0 {
		return s.renderScores(w, r, a, http.StatusUnprocessableEntity, form, errs)
	}
	_, err = s.eval.SaveCriteria(r.Context(), currentUser(r).Actor(), a.Evaluation.ID, ws)
	var werrs evaluation.WeightErrors
	if errors.As(err, &werrs) {
		errs["criteria"] = z.T(werrs[0].Key)
		return s.renderScores(w, r, a, http.StatusUnprocessableEntity, form, errs)
	}
	if err != nil {
		return err
	}
	return redirect(w, r, "/evaluations/"+strconv.FormatInt(a.Evaluation.ID, 10)+"/scores", "flash.weights_saved")
}
