package evaluation

import (
	"context"
	"errors"

	"github.com/gpuquote/gpuquote/internal/approval"
	"github.com/gpuquote/gpuquote/internal/store"
)

// Refusal is a decision the rules refuse: a message key, a kind the
// handlers turn into a status, and the message's data (e.g. the provider
// already approved).
type Refusal struct {
	Kind string // "invalid", "forbidden", "conflict"
	Key  string
	Data map[string]any
}

func (r Refusal) Error() string { return r.Key }

// Decide applies a manager's decision on one quote: the rules first
// (approval.Check, with the facts the analysis holds), then, in one Tx,
// the store's conditional update with the frozen snapshot and the
// decision as an award: an approval records the quote at 100 % and signs
// it in the same step (the award's signature rules, on the figures of
// that moment), a revocation revokes that award. The page and the API call
// it; re-authentication is theirs. A second approval in an evaluation is
// refused naming the quote already approved, and an approval whose
// contract value needs more approvers than one is refused pointing to the
// award, which collects them. Kind Reapprove renews a
// stale approval (see Reapprove).
func (s *Service) Decide(ctx context.Context, u store.User, quoteID int64, kind, reason string) (store.DecisionRecord, error) {
	if kind == Reapprove {
		return s.Reapprove(ctx, u, quoteID, reason)
	}
	sq, st, err := s.quoteAnalysis(ctx, quoteID)
	if err != nil {
		return store.DecisionRecord{}, err
	}
	req, err := s.approvalRequest(ctx, st, sq, u, kind, reason)
	if err != nil {
		return store.DecisionRecord{}, err
	}
	// Another quote approved is the first thing to say: waiving this
	// one's blockers would not help.
	if kind == approval.Approve && req.Status == "shortlisted" {
		if other, err := s.approvedOtherThan(ctx, st, quoteID); err != nil || other != nil {
			return store.DecisionRecord{}, errors.Join(err, refusalOrNil(other))
		}
		// Nor would waivers help an approval the amount keeps from one
		// signature.
		if more, err := st.NeedsMoreApprovers(quoteID); err != nil || more != nil {
			return store.DecisionRecord{}, errors.Join(err, refusalOrNil(more))
		}
	}
	if err := approval.Check(req); err != nil {
		return store.DecisionRecord{}, refusal(err)
	}
	rec, err := s.newRecord(ctx, st, sq, u, req)
	if err != nil {
		return store.DecisionRecord{}, err
	}
	err = s.store.Tx(ctx, func(tx *store.Store) error {
		var err error
		if rec, err = tx.Decide(ctx, u.Actor(), rec); err != nil {
			return err
		}
		switch kind {
		case approval.Approve:
			return s.recordDirect(ctx, tx, u, sq.EvaluationID, quoteID, reason)
		case approval.Revoke:
			return revokeDirect(ctx, tx, u, sq.EvaluationID, quoteID, reason)
		}
		return nil
	})
	if rf := (*SigningRefusal)(nil); errors.As(err, &rf) {
		return rec, rf.refusal()
	}
	if errors.Is(err, store.ErrOtherApproved) {
		// Another manager approved a quote between the analysis and now.
		if now, aerr := s.Analyze(ctx, sq.EvaluationID); aerr == nil {
			if other, _ := s.approvedOtherThan(ctx, now, quoteID); other != nil {
				return rec, *other
			}
		}
	}
	if errors.Is(err, store.ErrConflict) {
		return rec, Refusal{Kind: "conflict", Key: "decision.error.conflict"}
	}
	return rec, err
}

// newRecord is the decision record req makes, with its frozen snapshot
// and what it was checked against (the quote's version, its last
// acceptance test).
func (s *Service) newRecord(ctx context.Context, st *Analysis, sq store.StoredQuote, u store.User, req approval.Request) (store.DecisionRecord, error) {
	history, err := s.store.AcceptanceHistory(ctx, sq.ID)
	if err != nil {
		return store.DecisionRecord{}, err
	}
	var lastTest int64
	for _, a := range history {
		lastTest = max(lastTest, a.ID)
	}
	snap := st.Snapshot(sq, req.Kind, req.Reason, u, s.store.Now())
	snap.SelfApproval = approval.SelfApproval(req)
	hash, err := snap.Hash()
	if err != nil {
		return store.DecisionRecord{}, err
	}
	return store.DecisionRecord{EvaluationID: sq.EvaluationID, QuoteID: sq.ID, Kind: req.Kind, Reason: req.Reason,
		SelfApproval: snap.SelfApproval, Snapshot: snap, ContentHash: hash, InputsHash: st.InputsHash(sq.Quote),
		QuoteVersion: sq.Version, LastAcceptanceID: lastTest}, nil
}

// approvalRequest gathers what the rules read about u deciding on sq.
func (s *Service) approvalRequest(ctx context.Context, st *Analysis, sq store.StoredQuote, u store.User, kind, reason string) (approval.Request, error) {
	req := approval.Request{Kind: kind, Reason: reason, ApproverID: u.ID, AuthorID: sq.AuthorID,
		Status: st.Shortlist[sq.ID].Status, AllowSelfApproval: st.AllowSelf, OpenBlockers: st.OpenBlockers(sq.ID)}
	revs, err := s.store.Revisions(ctx, sq.ID)
	if err != nil {
		return req, err
	}
	for _, rv := range revs {
		req.ApproverEdited = req.ApproverEdited || rv.AuthorID == u.ID
	}
	return req, nil
}

// ApproveRefusal says why u could not approve the shortlisted quote sq
// whatever is waived (nil: the Approve button may be offered): separation
// of duties, another quote already approved, or a contract value the
// approval rules give more than one approver. The page asks before
// offering the button, so it never offers what the rules will refuse for
// who the approver is; open blockers are shown beside the button instead.
func (s *Service) ApproveRefusal(ctx context.Context, st *Analysis, sq store.StoredQuote, u store.User) (*Refusal, error) {
	req, err := s.approvalRequest(ctx, st, sq, u, approval.Approve, "-")
	if err != nil {
		return nil, err
	}
	req.OpenBlockers = nil
	if err := approval.Check(req); err != nil {
		rf := refusal(err)
		return &rf, nil
	}
	if other, err := s.approvedOtherThan(ctx, st, sq.ID); err != nil || other != nil {
		return other, err
	}
	return st.NeedsMoreApprovers(sq.ID)
}

// approvedOtherThan is the refusal naming the evaluation's approved
// quote, when one other than quoteID is (nil otherwise). The approved
// quote may be outside the worksheet (unpriced since), so it is read by id.
func (s *Service) approvedOtherThan(ctx context.Context, a *Analysis, quoteID int64) (*Refusal, error) {
	for id, e := range a.Shortlist {
		if id == quoteID || e.Status != "approved" {
			continue
		}
		other, _, ok := a.Quote(id)
		if !ok {
			var err error
			if other, err = s.store.Quote(ctx, id); err != nil {
				return nil, err
			}
		}
		return &Refusal{Kind: "conflict", Key: "decision.error.already_approved",
			Data: map[string]any{"Provider": other.ProviderName, "QuoteID": other.ID}}, nil
	}
	return nil, nil
}

func refusalOrNil(r *Refusal) error {
	if r == nil {
		return nil
	}
	return *r
}

// refusal names a rule's refusal.
func refusal(err error) Refusal {
	switch {
	case errors.Is(err, approval.ErrReasonRequired):
		return Refusal{Kind: "invalid", Key: "decision.error.reason"}
	case errors.Is(err, approval.ErrOwnQuote):
		return Refusal{Kind: "forbidden", Key: "decision.error.own_quote"}
	case errors.Is(err, approval.ErrOpenBlockers):
		return Refusal{Kind: "conflict", Key: "decision.error.blockers"}
	case errors.Is(err, approval.ErrNotShortlisted), errors.Is(err, approval.ErrNotApproved):
		return Refusal{Kind: "conflict", Key: "decision.error.state"}
	}
	return Refusal{Kind: "invalid", Key: "decision.error.kind"}
}
