package evaluation

import (
	"context"
	"errors"

	"github.com/gpuquote/gpuquote/internal/approval"
	"github.com/gpuquote/gpuquote/internal/store"
)

// ApproveAward adds by's signature to an award. The store applies the
// award's plan under its lock (separation of duties, order, roles, one
// signature a person); re-authentication is the caller's (a password on
// the page, an approve-scope token on the API).
func (s *Service) ApproveAward(ctx context.Context, by store.User, awardID int64, reason string) (store.AwardApproval, error) {
	return s.store.ApproveAward(ctx, by.Approver(), awardID, reason)
}

// CanSign reports whether u may sign the award now, so a page offers the
// button only where the store would accept it, and the refusal otherwise.
func CanSign(aw store.Award, u store.User) (bool, error) {
	if aw.Status != "awaiting_approval" {
		return false, approval.ErrComplete
	}
	_, err := aw.Plan().Admit(aw.RecordedByID, aw.Signatures, u.ID, string(u.Role))
	return err == nil, err
}

// IsSigningRefusal tells a refused signature from a failure.
func IsSigningRefusal(err error) bool {
	for _, e := range []error{approval.ErrSameApprover, approval.ErrNotYourTurn, approval.ErrWrongRole, approval.ErrComplete, store.ErrConflict} {
		if errors.Is(err, e) {
			return true
		}
	}
	return false
}
