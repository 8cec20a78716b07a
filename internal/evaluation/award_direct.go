package evaluation

import (
	"context"
	"fmt"

	"github.com/gpuquote/gpuquote/internal/audit"
	"github.com/gpuquote/gpuquote/internal/store"
)

// recordDirect is the single-quote approval as an award: quoteID at
// 100 %, recorded and signed by u in one step (the rules allow one
// signer, or Decide refused before), inside the decision's Tx and on its
// figures, so a direct approval meets the same signature rules as any
// award and goes stale the same way.
func (s *Service) recordDirect(ctx context.Context, tx *store.Store, u store.User, evaluationID, quoteID int64, reason string) error {
	a, err := s.analysisIn(ctx, tx, evaluationID, calendarDay(s.Now()))
	if err != nil {
		return err
	}
	aw, err := s.recordOn(ctx, tx, a, u, store.NewAward{EvaluationID: evaluationID, Shares: []store.AwardShare{{QuoteID: quoteID, SharePct: 100}},
		Reason: reason, Direct: true})
	if err != nil {
		return err
	}
	_, err = s.signAward(ctx, tx, a, aw, u, reason)
	return err
}

// revokeDirect revokes the direct award of quoteID in force, if any,
// with the quote's revocation.
func revokeDirect(ctx context.Context, tx *store.Store, u store.User, evaluationID, quoteID int64, reason string) error {
	list, err := tx.Awards(ctx, evaluationID)
	if err != nil {
		return err
	}
	for _, aw := range list {
		if aw.Direct && aw.Status == AwardApproved && len(aw.Shares) == 1 && aw.Shares[0].QuoteID == quoteID {
			if err := closeAward(ctx, tx, u, aw, AwardRevoked, reason); err != nil {
				return err
			}
		}
	}
	return nil
}

// closeAward rejects or revokes an award, with its audit row.
func closeAward(ctx context.Context, tx *store.Store, u store.User, aw store.Award, status, reason string) error {
	if err := tx.CloseAward(ctx, u.Actor(), aw.ID, status, reason); err != nil {
		return err
	}
	return tx.RecordAudit(ctx, audit.Entry{ActorID: u.ID, ActorEmail: u.Email, Action: "award." + map[string]string{AwardRejected: "reject", AwardRevoked: "revoke"}[status],
		ObjectType: "award", ObjectID: fmt.Sprint(aw.ID), EvaluationID: aw.EvaluationID,
		Before: map[string]any{"status": aw.Status}, After: map[string]any{"status": status, "reason": reason}})
}
