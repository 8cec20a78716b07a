package evaluation

import (
	"context"
	"strings"

	"github.com/gpuquote/gpuquote/internal/approval"
	"github.com/gpuquote/gpuquote/internal/store"
)

// Refusals of closing or renewing an award.
const (
	CodeNotApproved = "not_approved" // revoke: the award is not approved
	CodeNotStale    = "not_stale"    // re-approve: nothing changed
)

// RejectAward rejects an award awaiting approval, with the reason on the
// record; a direct award is rejected as its quote is (it is never left
// awaiting).
func (s *Service) RejectAward(ctx context.Context, u store.User, awardID int64, reason string) error {
	if reason = strings.TrimSpace(reason); reason == "" {
		return FieldErrors{"reason": "form.error.required"}
	}
	return s.store.Tx(ctx, func(tx *store.Store) error {
		aw, err := tx.LockAward(ctx, awardID)
		if err != nil {
			return err
		}
		if aw.Status != AwardAwaiting {
			return &SigningRefusal{Code: CodeNotAwaiting, Err: approval.ErrComplete}
		}
		return closeAward(ctx, tx, u, aw, AwardRejected, reason)
	})
}

// RevokeAward revokes an approved award (stale or not). A direct award is
// the quote's approval: revoking it revokes the quote's too.
func (s *Service) RevokeAward(ctx context.Context, u store.User, awardID int64, reason string) error {
	if reason = strings.TrimSpace(reason); reason == "" {
		return FieldErrors{"reason": "form.error.required"}
	}
	aw, err := s.store.Award(ctx, awardID)
	if err != nil {
		return err
	}
	if aw.Status != AwardApproved {
		return &SigningRefusal{Code: CodeNotApproved}
	}
	if aw.Direct {
		_, err := s.Decide(ctx, u, aw.Shares[0].QuoteID, approval.Revoke, reason)
		return err
	}
	return s.store.Tx(ctx, func(tx *store.Store) error {
		aw, err := tx.LockAward(ctx, awardID)
		if err != nil {
			return err
		}
		if aw.Status != AwardApproved {
			return &SigningRefusal{Code: CodeNotApproved}
		}
		return closeAward(ctx, tx, u, aw, AwardRevoked, reason)
	})
}

// ReapproveAward renews a stale award in one step: the stale award is
// revoked, the same shares are recorded again for the same recorder on
// the current figures (and the plan they need), and u signs it, all in
// one Tx and under every rule of a signature; refused, nothing changes.
// A direct award is renewed as its quote's approval (Reapprove).
func (s *Service) ReapproveAward(ctx context.Context, u store.User, awardID int64, reason string) (AwardApproval, error) {
	if reason = strings.TrimSpace(reason); reason == "" {
		return AwardApproval{}, FieldErrors{"reason": "form.error.required"}
	}
	if aw, err := s.store.Award(ctx, awardID); err != nil {
		return AwardApproval{}, err
	} else if aw.Direct {
		if _, err := s.Reapprove(ctx, u, aw.Shares[0].QuoteID, reason); err != nil {
			return AwardApproval{}, err
		}
		return AwardApproval{EvaluationID: aw.EvaluationID, Status: AwardApproved}, nil
	}
	var out AwardApproval
	err := s.store.Tx(ctx, func(tx *store.Store) error {
		aw, err := tx.LockAward(ctx, awardID)
		if err != nil {
			return err
		}
		a, err := s.analysisIn(ctx, tx, aw.EvaluationID, calendarDay(s.Now()))
		if err != nil {
			return err
		}
		if v := a.ViewAward(aw); len(v.Changes) == 0 || (v.Status != AwardStale && v.Status != AwardAwaiting) {
			return &SigningRefusal{Code: CodeNotStale}
		}
		if err := closeAward(ctx, tx, u, aw, AwardRevoked, reason); err != nil {
			return err
		}
		next, err := s.recordOn(ctx, tx, a, u, store.NewAward{EvaluationID: aw.EvaluationID, Shares: aw.Shares, Reason: aw.Reason,
			RecorderID: aw.RecordedByID})
		if err != nil {
			return err
		}
		out, err = s.signAward(ctx, tx, a, next, u, reason)
		return err
	})
	return out, err
}

// recordOn records an award in tx with its figures and plan from a, and
// locks it for a signature.
func (s *Service) recordOn(ctx context.Context, tx *store.Store, a *Analysis, u store.User, na store.NewAward) (store.Award, error) {
	fig, plan, err := a.awardPlan(na.Shares)
	if err != nil {
		return store.Award{}, err
	}
	na.Currency, na.ContractValue, na.CostPerUnit = fig.Value.Currency, fig.Value.Decimal(), fig.CostPerUnit.Decimal()
	na.RequiredApprovers, na.ApprovalOrder, na.ApproverRoles = plan.Required, plan.Order, plan.Roles
	rec, err := tx.RecordAward(ctx, u.Actor(), na)
	if err != nil {
		return store.Award{}, err
	}
	return tx.LockAward(ctx, rec.ID)
}
