package evaluation

import (
	"context"

	"github.com/gpuquote/gpuquote/internal/scoring"
)

// AwardSettings are the admin's two award settings as the reference page
// shows them: the approval rules in force (nil: none set) and the criteria
// template (the default weights when none was saved).
func (s *Service) AwardSettings(ctx context.Context) (*scoring.ApprovalRules, []scoring.Weight, error) {
	rules, err := s.ApprovalRules(ctx)
	if err != nil {
		return nil, nil, err
	}
	ws, err := s.CriteriaTemplate(ctx)
	if err != nil {
		return nil, nil, err
	}
	return rules, ws, nil
}
