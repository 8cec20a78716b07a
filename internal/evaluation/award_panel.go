package evaluation

import (
	"context"

	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/store"
)

// SignRefusals are why u could not sign each award awaiting approval now
// (SignRefusal), by award; an award u may sign is absent, and so is every
// award when u may not approve awards at all.
func (s *Service) SignRefusals(ctx context.Context, a *Analysis, awards []AwardView, u store.User) (map[int64]*SigningRefusal, error) {
	out := map[int64]*SigningRefusal{}
	if !u.Role.Can(auth.ApproveAward) {
		return out, nil
	}
	for _, aw := range awards {
		if aw.Status != AwardAwaiting {
			continue
		}
		rf, err := s.SignRefusal(ctx, a, aw.Award, u)
		if err != nil {
			return nil, err
		}
		if rf != nil {
			out[aw.ID] = rf
		}
	}
	return out, nil
}

// ApprovalNow is the single-quote approval in force (nil: none) with its
// staleness judged as its award's (ApprovalState), and what changed.
type ApprovalNow struct {
	Current *store.DecisionRecord
	Stale   bool
	Changes []Change
}

// AwardsNow are the evaluation's recorded awards and the single-quote
// approval in force, judged on a as every surface judges them (the
// decision and analysis APIs).
func (s *Service) AwardsNow(ctx context.Context, a *Analysis) ([]AwardView, ApprovalNow, error) {
	awards, err := s.Awards(ctx, a)
	if err != nil {
		return nil, ApprovalNow{}, err
	}
	now := ApprovalNow{Current: a.CurrentApproval()}
	if now.Current == nil {
		return awards, now, nil
	}
	state, err := s.ApprovalState(ctx, a)
	if err != nil {
		return nil, ApprovalNow{}, err
	}
	now.Stale, now.Changes = a.ApprovalStale(), state.Changes
	if state.Decision != nil {
		now.Stale = state.State == StateStale
	}
	return awards, now, nil
}
