package web

import (
	"encoding/json"
	"fmt"
	"net/http"

	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/scoring"
	"github.com/gpuquote/gpuquote/web/views"
)

type apiScore = views.APIScore

// scoreJSON is the quote's weighted score (nil when it has none).
func scoreJSON(z *i18n.Localizer, a *evaluation.Analysis, quoteID int64) *apiScore {
	return views.APIScoreOf(z, a.Scoring.Weights, a.Scoring.Scores, quoteID)
}

func scoringJSON(a *evaluation.Analysis) views.APIScoring {
	return views.APIScoringOf(a.Scoring.Weights, a.Scoring.WeightsFrom, a.Scoring.Scores)
}

// apiPutCriteria replaces the evaluation's weights: 422 with the entry at
// fault unless every key is a criterion, once, with a whole weight 0–100,
// and they sum to 100. Omitted criteria weigh 0.
func (s *Server) apiPutCriteria(w http.ResponseWriter, r *http.Request) error {
	id, err := idParam(r, "id")
	if err != nil {
		return err
	}
	ws, err := readCriteria(w, r)
	if err != nil {
		return err
	}
	if _, err := s.eval.Evaluation(r.Context(), id); err != nil {
		return err
	}
	if ws, err = s.eval.SaveCriteria(r.Context(), currentUser(r).Actor(), id, ws); err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]any{"evaluation_id": id, "criteria": ws})
	return nil
}

// apiPutCriteriaTemplate sets the organisation's template: the weights of
// every evaluation that has none of its own. Checked as for an evaluation.
func (s *Server) apiPutCriteriaTemplate(w http.ResponseWriter, r *http.Request) error {
	ws, err := readCriteria(w, r)
	if err != nil {
		return err
	}
	if ws, err = s.eval.SaveCriteriaTemplate(r.Context(), currentUser(r).Actor(), ws); err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]any{"criteria": ws})
	return nil
}

// readCriteria reads {"criteria":[{"key","weight"}]} and checks it.
func readCriteria(w http.ResponseWriter, r *http.Request) ([]scoring.Weight, error) {
	var in struct {
		Criteria []struct {
			Key    string      `json:"key"`
			Weight json.Number `json:"weight"`
		} `json:"criteria"`
	}
	if err := decodeJSON(w, r, &in); err != nil {
		return nil, err
	}
	if len(in.Criteria) == 0 || len(in.Criteria) > 2*len(scoring.Keys) {
		return nil, fieldErrors{"criteria": "scoring.error.weight_sum"}
	}
	ws := make([]scoring.Weight, 0, len(in.Criteria))
	for i, c := range in.Criteria {
		n, err := c.Weight.Int64()
		if err != nil || n < 0 || n > 100 {
			return nil, fieldErrors{fmt.Sprintf("criteria[%d].weight", i): "scoring.error.weight_range"}
		}
		ws = append(ws, scoring.Weight{Key: c.Key, Weight: int(n)})
	}
	norm, errs := scoring.Normalize(ws)
	if errs != nil {
		fe := fieldErrors{}
		for _, e := range errs {
			fe[e.Field] = e.Key
		}
		return nil, fe
	}
	return norm, nil
}
