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
// locked (two signatures at once are judged in turn) and its audit row.
// Every rule is checked on the figures of that moment (see signing.check):
// separation of duties, the figures unchanged since the last signature,
// blockers, acceptance, the tier, the plan's order and roles. When the
// contract value moved into a higher tier the grown plan is kept and the
// signature refused with plan_changed, saying who must still sign.
// Re-authentication is the caller's (a password on the page, an
// approve-scope token on the API).
func (s *Service) ApproveAward(ctx context.Context, by store.User, awardID int64, reason string) (AwardApproval, error) {
	var out AwardApproval
	var grown *SigningRefusal
	err := s.store.Tx(ctx, func(tx *store.Store) error {
		aw, err := tx.LockAward(ctx, awardID)
		if err != nil {
			return err
		}
		a, err := s.analysisIn(ctx, tx, aw.EvaluationID, calendarDay(s.Now()))
		if err != nil {
			return err
		}
		out, err = s.signAward(ctx, tx, a, aw, by, reason)
		if rf := (*SigningRefusal)(nil); errors.As(err, &rf) && rf.Code == CodePlanChanged {
			grown = rf
			return growPlan(ctx, tx, aw, rf.Plan, by)
		}
		return err
	})
	if err == nil && grown != nil {
		return out, grown
	}
	return out, err
}

// growPlan keeps the plan a higher contract value needs, with its audit
// row; the signatures given stay.
func growPlan(ctx context.Context, tx *store.Store, aw store.Award, plan approval.Plan, by store.User) error {
	if err := tx.SetAwardPlan(ctx, aw.ID, plan, aw.RequiredApprovers); err != nil {
		return err
	}
	return tx.RecordAudit(ctx, audit.Entry{ActorID: by.ID, ActorEmail: by.Email, Action: "award.plan_grow", ObjectType: "award",
		ObjectID: fmt.Sprint(aw.ID), EvaluationID: aw.EvaluationID,
		Before: map[string]any{"required": aw.RequiredApprovers, "roles": aw.ApproverRoles, "order": aw.ApprovalOrder},
		After:  map[string]any{"required": plan.Required, "roles": plan.Roles, "order": plan.Order}})
}

// signAward checks and records by's signature on the locked award aw
// inside tx, on the analysis a of that moment; the award is approved,
// with its frozen snapshot, when the last step is signed.
func (s *Service) signAward(ctx context.Context, tx *store.Store, a *Analysis, aw store.Award, by store.User, reason string) (AwardApproval, error) {
	out := AwardApproval{AwardID: aw.ID, EvaluationID: aw.EvaluationID, Status: aw.Status, RequiredApprovers: aw.RequiredApprovers}
	authors, err := authorsOf(ctx, tx, a, aw.Shares)
	if err != nil {
		return out, err
	}
	step, err := signing{a: a, aw: aw, by: by, authors: authors}.check()
	if err != nil {
		return out, err
	}
	inputs := a.AwardInputs(aw.Shares)
	hash := inputsDigest(inputs)
	ok, err := tx.AddAwardSignature(ctx, by.Approver(), aw.ID, step, reason, hash)
	if err != nil {
		return out, err
	}
	if !ok {
		return out, &SigningRefusal{Code: CodeSameApprover, Err: approval.ErrSameApprover}
	}
	if err := tx.SetAwardInputs(ctx, aw.ID, inputs, hash); err != nil {
		return out, err
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
		snap, sum, err := awardSnapshot(aw)
		if err != nil {
			return out, err
		}
		if err := tx.SetAwardApproved(ctx, aw.ID, snap, sum); err != nil {
			return out, err
		}
		if err := s.draftContracts(ctx, tx, aw, by); err != nil {
			return out, err
		}
	}
	return out, tx.RecordAudit(ctx, audit.Entry{ActorID: by.ID, ActorEmail: by.Email, Action: "award.approve", ObjectType: "award",
		ObjectID: fmt.Sprint(aw.ID), EvaluationID: aw.EvaluationID,
		After: map[string]any{"reason": reason, "step": step, "role": by.Role, "approvals": out.Approvals,
			"required": out.RequiredApprovers, "status": out.Status, "inputs_hash": hash}})
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
	// Inputs are what the last signature was checked on.
	Inputs map[string]string `json:"inputs"`
}

func awardSnapshot(a store.Award) ([]byte, string, error) {
	b, err := json.Marshal(AwardSnapshot{AwardID: a.ID, EvaluationID: a.EvaluationID, Shares: a.Shares, Reason: a.Reason,
		Currency: a.Currency, ContractValue: a.ContractValue, CostPerUnit: a.CostPerUnit, RecordedBy: a.RecordedBy,
		RecordedAt: a.RecordedAt.UTC(), Plan: a.Plan(), Approvers: a.Signatures, Inputs: a.Inputs})
	if err != nil {
		return nil, "", err
	}
	sum := sha256.Sum256(b)
	return b, hex.EncodeToString(sum[:]), nil
}

// IsSigningRefusal tells a refused signature from a failure.
func IsSigningRefusal(err error) bool {
	var rf *SigningRefusal
	return errors.As(err, &rf)
}
