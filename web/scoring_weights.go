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
	form, typed, errs := map[string]string{}, map[string]string{}, map[string]string{}
	for _, k := range scoring.Keys {
		typed[k] = strings.TrimSpace(r.PostForm.Get("w_" + k))
		form["w_"+k] = typed[k]
	}
	err = s.eval.SaveCriteriaTyped(r.Context(), currentUser(r).Actor(), a.Evaluation.ID, typed)
	var fe evaluation.FieldErrors
	var werrs evaluation.WeightErrors
	switch {
	case errors.As(err, &fe):
		for k, key := range fe {
			errs["w_"+k] = z.T(key)
		}
	case errors.As(err, &werrs):
		errs["criteria"] = z.T(werrs[0].Key)
	case err != nil:
		return err
	default:
		return redirect(w, r, "/evaluations/"+strconv.FormatInt(a.Evaluation.ID, 10)+"/scores", "flash.weights_saved")
	}
	return s.renderScores(w, r, a, http.StatusUnprocessableEntity, form, errs)
}
