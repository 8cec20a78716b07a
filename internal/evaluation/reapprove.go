package evaluation

import (
	"context"
	"errors"

	"github.com/gpuquote/gpuquote/internal/approval"
	"github.com/gpuquote/gpuquote/internal/store"
)

// Reapprove is the decision kind that renews a stale approval.
const Reapprove = "reapprove"

// Reapprove renews a stale approval of quoteID on the quote's current
// terms and assumptions: the stale approval is revoked and the quote
// approved again, in one transaction, with the same reason on both
// records. The approval's rules apply as to any approval (separation of
// duties, every blocker waived, one signature enough for the contract
// value); refused, nothing is recorded.
func (s *Service) Reapprove(ctx context.Context, u store.User, quoteID int64, reason string) (store.DecisionRecord, error) {
	sq, st, err := s.quoteAnalysis(ctx, quoteID)
	if err != nil {
		return store.DecisionRecord{}, err
	}
	cur := st.CurrentApproval()
	if cur == nil || cur.QuoteID != quoteID {
		return store.DecisionRecord{}, Refusal{Kind: "conflict", Key: "decision.error.not_stale"}
	}
	if stale, err := s.approvalStale(ctx, st, cur, sq); err != nil || !stale {
		return store.DecisionRecord{}, errors.Join(err, refusalOrNil(&Refusal{Kind: "conflict", Key: "decision.error.not_stale"}))
	}
	approve, err := s.approvalRequest(ctx, st, sq, u, approval.Approve, reason)
	if err != nil {
		return store.DecisionRecord{}, err
	}
	approve.Status = "shortlisted" // as it is once the stale approval is revoked
	if err := approval.Check(approve); err != nil {
		return store.DecisionRecord{}, refusal(err)
	}
	if more, err := st.NeedsMoreApprovers(quoteID); err != nil || more != nil {
		return store.DecisionRecord{}, errors.Join(err, refusalOrNil(more))
	}
	revoke := approve
	revoke.Kind = approval.Revoke
	var recs []store.DecisionRecord
	for _, req := range []approval.Request{revoke, approve} {
		rec, err := s.newRecord(ctx, st, sq, u, req)
		if err != nil {
			return store.DecisionRecord{}, err
		}
		recs = append(recs, rec)
	}
	err = s.store.Tx(ctx, func(tx *store.Store) error {
		var err error
		if recs, err = tx.DecideInTurn(ctx, u.Actor(), recs); err != nil {
			return err
		}
		if err := revokeDirect(ctx, tx, u, sq.EvaluationID, quoteID, reason); err != nil {
			return err
		}
		return s.recordDirect(ctx, tx, u, sq.EvaluationID, quoteID, reason)
	})
	if rf := (*SigningRefusal)(nil); errors.As(err, &rf) {
		return store.DecisionRecord{}, rf.refusal()
	}
	if errors.Is(err, store.ErrConflict) {
		return store.DecisionRecord{}, Refusal{Kind: "conflict", Key: "decision.error.conflict"}
	}
	if err != nil {
		return store.DecisionRecord{}, err
	}
	return recs[1], nil
}

// approvalStale reports whether the quote approval cur is stale: its
// direct award is (any input of its signature changed), or, for an
// approval recorded before awards carried it, its terms or the
// assumptions changed.
func (s *Service) approvalStale(ctx context.Context, st *Analysis, cur *store.DecisionRecord, sq store.StoredQuote) (bool, error) {
	state, err := s.ApprovalState(ctx, st)
	if err != nil {
		return false, err
	}
	if state.Decision != nil && state.Decision.ID == cur.ID {
		return state.State == StateStale, nil
	}
	return cur.InputsHash != st.InputsHash(sq.Quote), nil
}
