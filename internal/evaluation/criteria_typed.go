package evaluation

import (
	"context"
	"strconv"

	"github.com/gpuquote/gpuquote/internal/audit"
	"github.com/gpuquote/gpuquote/internal/scoring"
)

// SaveCriteriaTyped sets the evaluation's weights as typed on the scores
// page, a text by criterion key ("" weighs 0). A text that is not a whole
// number 0–100 is refused as FieldErrors by criterion key; weights that
// pass are saved as SaveCriteria saves them (or refused as WeightErrors).
func (s *Service) SaveCriteriaTyped(ctx context.Context, by audit.Actor, evaluationID int64, typed map[string]string) error {
	errs := FieldErrors{}
	var ws []scoring.Weight
	for _, k := range scoring.Keys {
		v := typed[k]
		n, err := strconv.Atoi(v)
		if v == "" {
			n, err = 0, nil
		}
		if err != nil || n < 0 || n > 100 {
			errs[k] = "scoring.error.weight_range"
			continue
		}
		ws = append(ws, scoring.Weight{Key: k, Weight: n})
	}
	if len(errs) > 0 {
		return errs
	}
	_, err := s.SaveCriteria(ctx, by, evaluationID, ws)
	return err
}
