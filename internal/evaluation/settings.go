package evaluation

import (
	"context"
	"encoding/json"

	"github.com/gpuquote/gpuquote/internal/audit"
	"github.com/gpuquote/gpuquote/internal/scoring"
	"github.com/gpuquote/gpuquote/internal/store"
)

// The organisation's settings an admin saves from the reference page or
// the API: one use case each, so both check and store alike.

// SaveApprovalRules checks the approval thresholds and sets them (audited
// as a setting). Refused rules are FieldErrors keyed as rules.Check keys
// them ("currency", "tiers[1].above").
func (s *Service) SaveApprovalRules(ctx context.Context, by audit.Actor, rules scoring.ApprovalRules) error {
	if errs := rules.Check(); len(errs) > 0 {
		return FieldErrors(errs)
	}
	raw, err := json.Marshal(rules)
	if err != nil {
		return err
	}
	return s.store.SetSetting(ctx, by, store.SettingApprovalRules, string(raw))
}

// WeightErrors are the entries of a criteria list that were refused, in
// the list's order.
type WeightErrors []scoring.WeightError

func (WeightErrors) Error() string { return "evaluation: invalid criteria" }

// SaveCriteriaTemplate sets the organisation's criteria template, the
// weights of every evaluation without its own: each criterion at most
// once, whole weights 0–100 summing to 100 (omitted ones weigh 0). It
// returns the weights as stored, in display order; refused weights are
// WeightErrors.
func (s *Service) SaveCriteriaTemplate(ctx context.Context, by audit.Actor, ws []scoring.Weight) ([]scoring.Weight, error) {
	norm, errs := scoring.Normalize(ws)
	if len(errs) > 0 {
		return nil, WeightErrors(errs)
	}
	raw, err := json.Marshal(norm)
	if err != nil {
		return nil, err
	}
	return norm, s.store.SetSetting(ctx, by, store.SettingCriteriaTemplate, string(raw))
}

// SetSelfApproval is the admin's switch for a team of one: whether an
// author may approve their own quote (decision records say when it was).
func (s *Service) SetSelfApproval(ctx context.Context, by audit.Actor, allow bool) error {
	v := "no"
	if allow {
		v = "yes"
	}
	return s.store.SetSetting(ctx, by, store.SettingAllowSelfApproval, v)
}

// SetAwardRequiresAcceptance is the admin's rule that an award needs
// every automatic acceptance test of its quotes passed or waived (off
// by default).
func (s *Service) SetAwardRequiresAcceptance(ctx context.Context, by audit.Actor, require bool) error {
	v := "no"
	if require {
		v = "yes"
	}
	return s.store.SetSetting(ctx, by, store.SettingAwardRequiresAcceptance, v)
}

// SaveCriteria sets the evaluation's own criteria weights, checked as the
// template's are (each criterion at most once, whole weights 0–100
// summing to 100, omitted ones weighing 0): the scores page and PUT
// /api/v1/evaluations/{id}/criteria both call it. It returns the weights
// as stored, in display order; refused weights are WeightErrors.
func (s *Service) SaveCriteria(ctx context.Context, by audit.Actor, evaluationID int64, ws []scoring.Weight) ([]scoring.Weight, error) {
	norm, errs := scoring.Normalize(ws)
	if len(errs) > 0 {
		return nil, WeightErrors(errs)
	}
	return norm, s.store.SaveCriteria(ctx, by, evaluationID, norm)
}
