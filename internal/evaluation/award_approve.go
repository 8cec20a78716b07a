package evaluation

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/gpuquote/gpuquote/internal/approval"
	"github.com/gpuquote/gpuquote/internal/audit"
	"github.com/gpuquote/gpuquote/internal/store"
)

// AwardApproval is the state of an award after a signature.
type AwardApproval struct {
	AwardID           int64
	EvaluationID      int64
	Status            string
	Approvals         int
	RequiredApprovers int
	Approvers         []string // emails, in step order
	Signatures        []approval.Signature
}

// ApproveAward adds by's signature to an award, in one Tx with the award
// locked (two signatures at once are judged in turn) and its audit row:
// the plan's rules (see signAward) apply to the signatures so far.
// Re-authentication is the caller's (a password on the page, an
// approve-scope token on the API).
func (s *Service) ApproveAward(ctx context.Context, by store.User, awardID int64, reason string) (AwardApproval, error) {
	var out AwardApproval
	err := s.store.Tx(ctx, func(tx *store.Store) error {
		aw, err := tx.LockAward(ctx, awardID)
		if err != nil {
			return err
		}
		out, err = signAward(ctx, tx, aw, by, reason)
		return err
	})
	return out, err
}

// signAward records by's signature on the locked award aw inside tx:
// not its recorder, nobody twice, in order when the plan says so, each
// step's role; the award is approved, with its frozen snapshot, when the
// last step is signed.
func signAward(ctx context.Context, tx *store.Store, aw store.Award, by store.User, reason string) (AwardApproval, error) {
	out := AwardApproval{AwardID: aw.ID, EvaluationID: aw.EvaluationID, Status: aw.Status, RequiredApprovers: aw.RequiredApprovers}
	if aw.Status != "awaiting_approval" {
		return out, fmt.Errorf("evaluation: approve award %d: %s: %w", aw.ID, aw.Status, store.ErrConflict)
	}
	step, err := aw.Plan().Admit(aw.RecordedByID, aw.Signatures, by.ID, string(by.Role))
	if err != nil {
		return out, fmt.Errorf("evaluation: approve award %d: %w", aw.ID, err)
	}
	ok, err := tx.AddAwardSignature(ctx, by.Approver(), aw.ID, step, reason, "")
	if err != nil {
		return out, err
	}
	if !ok {
		return out, approval.ErrSameApprover
	}
	if aw, err = tx.Award(ctx, aw.ID); err != nil {
		return out, err
	}
	out.Signatures, out.Approvals = aw.Signatures, len(aw.Signatures)
	for _, sg := range aw.Signatures {
		out.Approvers = append(out.Approvers, sg.Email)
	}
	if out.Approvals >= out.RequiredApprovers {
		out.Status = "approved"
		aw.Status = out.Status
		snap, hash, err := awardSnapshot(aw)
		if err != nil {
			return out, err
		}
		if err := tx.SetAwardApproved(ctx, aw.ID, snap, hash, aw.Inputs, aw.InputsHash); err != nil {
			return out, err
		}
	}
	return out, tx.RecordAudit(ctx, audit.Entry{ActorID: by.ID, ActorEmail: by.Email, Action: "award.approve", ObjectType: "award",
		ObjectID: fmt.Sprint(aw.ID), EvaluationID: aw.EvaluationID,
		After: map[string]any{"reason": reason, "step": step, "role": by.Role, "approvals": out.Approvals,
			"required": out.RequiredApprovers, "status": out.Status}})
}

// AwardSnapshot is what an award's approval freezes: the award as
// recorded and every approver, in step order.
type AwardSnapshot struct {
	AwardID       int64                `json:"award_id"`
	EvaluationID  int64                `json:"evaluation_id"`
	Shares        []store.AwardShare   `json:"shares"`
	Reason        string               `json:"reason"`
	Currency      string               `json:"currency"`
	ContractValue string               `json:"contract_value"`
	CostPerUnit   string               `json:"cost_per_unit"`
	RecordedBy    string               `json:"recorded_by"`
	RecordedAt    time.Time            `json:"recorded_at"`
	Plan          approval.Plan        `json:"plan"`
	Approvers     []approval.Signature `json:"approvers"`
}

func awardSnapshot(a store.Award) ([]byte, string, error) {
	b, err := json.Marshal(AwardSnapshot{AwardID: a.ID, EvaluationID: a.EvaluationID, Shares: a.Shares, Reason: a.Reason,
		Currency: a.Currency, ContractValue: a.ContractValue, CostPerUnit: a.CostPerUnit, RecordedBy: a.RecordedBy,
		RecordedAt: a.RecordedAt.UTC(), Plan: a.Plan(), Approvers: a.Signatures})
	if err != nil {
		return nil, "", err
	}
	sum := sha256.Sum256(b)
	return b, hex.EncodeToString(sum[:]), nil
}

// CanSign reports whether u may sign the award now, so a page offers the
// button only where the use case would accept it, and the refusal
// otherwise.
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
