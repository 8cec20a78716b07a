package store

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/gpuquote/gpuquote/internal/audit"
)

// AwardShare is one quote's share of an award's capacity, in percent.
type AwardShare struct {
	QuoteID  int64 `json:"quote_id"`
	SharePct int   `json:"share_pct"`
}

// NewAward is an award to record: the shares (checked by the caller),
// the reason and the combined figures as exact decimals.
type NewAward struct {
	EvaluationID  int64
	Shares        []AwardShare
	Reason        string
	Currency      string
	ContractValue string
	CostPerUnit   string
	// RequiredApprovers is fixed from the approval rules when recorded.
	RequiredApprovers int
}

// Award is a recorded award.
type Award struct {
	NewAward
	ID         int64
	Status     string
	RecordedBy string
	RecordedAt time.Time
}

// RecordAward stores an award awaiting approval, audited in the same
// transaction; every share's quote must belong to the evaluation.
func (s *Store) RecordAward(ctx context.Context, by audit.Actor, a NewAward) (Award, error) {
	raw, err := json.Marshal(a.Shares)
	if err != nil {
		return Award{}, err
	}
	out := Award{NewAward: a, Status: "awaiting_approval"}
	err = s.inTx(ctx, func(tx pgx.Tx) error {
		for _, sh := range a.Shares {
			var ok bool
			if err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM quotes WHERE id = $1 AND evaluation_id = $2)`, sh.QuoteID, a.EvaluationID).Scan(&ok); err != nil {
				return fmt.Errorf("store: record award: %w", err)
			}
			if !ok {
				return fmt.Errorf("store: record award: quote %d: %w", sh.QuoteID, ErrNotFound)
			}
		}
		if out.RequiredApprovers < 1 {
			out.RequiredApprovers = 1
		}
		if err := tx.QueryRow(ctx, `INSERT INTO awards (evaluation_id, shares, reason, currency, contract_value, cost_per_unit, recorded_by, required_approvers)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id, recorded_at`,
			a.EvaluationID, raw, a.Reason, a.Currency, a.ContractValue, a.CostPerUnit, by.ID, out.RequiredApprovers).Scan(&out.ID, &out.RecordedAt); err != nil {
			return fmt.Errorf("store: record award: %w", err)
		}
		out.RecordedBy = by.Email
		return insertAudit(ctx, tx, audit.Entry{ActorID: by.ID, ActorEmail: by.Email, Action: "award.record", ObjectType: "award",
			ObjectID: fmt.Sprint(out.ID), EvaluationID: a.EvaluationID,
			After: map[string]any{"shares": a.Shares, "reason": a.Reason, "currency": a.Currency,
				"contract_value": a.ContractValue, "cost_per_unit": a.CostPerUnit, "required_approvers": out.RequiredApprovers}})
	})
	return out, err
}

// ErrSameApprover refuses an approval by the award's recorder or by
// someone who already approved it: separation of duties, and a replayed
// request counts once.
var ErrSameApprover = errors.New("store: this person cannot approve this award again")

// AwardApproval is the state of an award after an approval.
type AwardApproval struct {
	AwardID           int64
	EvaluationID      int64
	Status            string
	Approvals         int
	RequiredApprovers int
	Approvers         []string // emails, in the order they approved
}

// ApproveAward adds by's approval of an award awaiting approval, in one
// transaction with its audit row: the award row is locked, so two
// approvers at once are counted in turn, and the award becomes approved
// when the approvals reach the number it needs. The recorder cannot
// approve, nor can anyone twice (ErrSameApprover); an award no longer
// awaiting approval is ErrConflict.
func (s *Store) ApproveAward(ctx context.Context, by audit.Actor, awardID int64, reason string) (AwardApproval, error) {
	out := AwardApproval{AwardID: awardID}
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		var recorder int64
		err := tx.QueryRow(ctx, `SELECT evaluation_id, status, required_approvers, recorded_by FROM awards WHERE id = $1 FOR UPDATE`, awardID).
			Scan(&out.EvaluationID, &out.Status, &out.RequiredApprovers, &recorder)
		if err != nil {
			return notFound(fmt.Sprintf("store: approve award %d", awardID), err)
		}
		if out.Status != "awaiting_approval" {
			return fmt.Errorf("store: approve award %d: %s: %w", awardID, out.Status, ErrConflict)
		}
		if recorder == by.ID {
			return ErrSameApprover
		}
		tag, err := tx.Exec(ctx, `INSERT INTO award_approvals (award_id, approver_id, reason) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
			awardID, by.ID, reason)
		if err != nil {
			return fmt.Errorf("store: approve award %d: %w", awardID, err)
		}
		if tag.RowsAffected() == 0 {
			return ErrSameApprover
		}
		rows, err := tx.Query(ctx, `SELECT u.email FROM award_approvals a JOIN users u ON u.id = a.approver_id
			WHERE a.award_id = $1 ORDER BY a.approved_at, u.email`, awardID)
		if err != nil {
			return fmt.Errorf("store: approve award %d: %w", awardID, err)
		}
		if out.Approvers, err = pgx.CollectRows(rows, pgx.RowTo[string]); err != nil {
			return fmt.Errorf("store: approve award %d: %w", awardID, err)
		}
		out.Approvals = len(out.Approvers)
		if out.Approvals >= out.RequiredApprovers {
			out.Status = "approved"
			if _, err := tx.Exec(ctx, `UPDATE awards SET status = 'approved' WHERE id = $1`, awardID); err != nil {
				return fmt.Errorf("store: approve award %d: %w", awardID, err)
			}
		}
		return insertAudit(ctx, tx, audit.Entry{ActorID: by.ID, ActorEmail: by.Email, Action: "award.approve", ObjectType: "award",
			ObjectID: fmt.Sprint(awardID), EvaluationID: out.EvaluationID,
			After: map[string]any{"reason": reason, "approvals": out.Approvals, "required": out.RequiredApprovers, "status": out.Status}})
	})
	return out, err
}
