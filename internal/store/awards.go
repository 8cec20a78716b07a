package store

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/gpuquote/gpuquote/internal/approval"
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
	// RequiredApprovers, ApprovalOrder and ApproverRoles are the plan
	// fixed from the approval rules when recorded.
	RequiredApprovers int
	ApprovalOrder     string
	ApproverRoles     []string
}

// Plan is the approval the award needs.
func (a NewAward) Plan() approval.Plan {
	return approval.Plan{Required: max(a.RequiredApprovers, 1), Order: a.ApprovalOrder, Roles: a.ApproverRoles}
}

// Award is a recorded award.
type Award struct {
	NewAward
	ID           int64
	Status       string
	RecordedBy   string
	RecordedByID int64
	RecordedAt   time.Time
	// Signatures are the approvals so far, by step.
	Signatures []approval.Signature
	// ApprovalHash is the SHA-256 of the approval snapshot, once approved.
	ApprovalHash string
}

// RecordAward stores an award awaiting approval, audited in the same
// transaction; every share's quote must belong to the evaluation.
func (s *Store) RecordAward(ctx context.Context, by audit.Actor, a NewAward) (Award, error) {
	raw, err := json.Marshal(a.Shares)
	if err != nil {
		return Award{}, err
	}
	if a.ApprovalOrder == "" {
		a.ApprovalOrder = approval.InParallel
	}
	roles, err := json.Marshal(append([]string{}, a.ApproverRoles...))
	if err != nil {
		return Award{}, err
	}
	out := Award{NewAward: a, Status: "awaiting_approval", RecordedByID: by.ID}
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
		if err := tx.QueryRow(ctx, `INSERT INTO awards (evaluation_id, shares, reason, currency, contract_value, cost_per_unit, recorded_by, required_approvers,
			approval_order, approver_roles) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id, recorded_at`,
			a.EvaluationID, raw, a.Reason, a.Currency, a.ContractValue, a.CostPerUnit, by.ID, out.RequiredApprovers,
			a.ApprovalOrder, roles).Scan(&out.ID, &out.RecordedAt); err != nil {
			return fmt.Errorf("store: record award: %w", err)
		}
		out.RecordedBy = by.Email
		return insertAudit(ctx, tx, audit.Entry{ActorID: by.ID, ActorEmail: by.Email, Action: "award.record", ObjectType: "award",
			ObjectID: fmt.Sprint(out.ID), EvaluationID: a.EvaluationID,
			After: map[string]any{"shares": a.Shares, "reason": a.Reason, "currency": a.Currency,
				"contract_value": a.ContractValue, "cost_per_unit": a.CostPerUnit, "required_approvers": out.RequiredApprovers,
				"approval_order": a.ApprovalOrder, "approver_roles": a.ApproverRoles}})
	})
	return out, err
}

// ErrSameApprover refuses an approval by the award's recorder or by
// someone who already approved it: separation of duties, and a replayed
// request counts once.
var ErrSameApprover = approval.ErrSameApprover

// AwardApproval is the state of an award after an approval.
type AwardApproval struct {
	AwardID           int64
	EvaluationID      int64
	Status            string
	Approvals         int
	RequiredApprovers int
	Approvers         []string // emails, in the order they approved
	Signatures        []approval.Signature
}

// Approver is who signs: the audit identity and the role held now.
type Approver struct {
	audit.Actor
	Role string
}

// Approver is u as an approver of awards, with the role u holds now.
func (u User) Approver() Approver { return Approver{Actor: u.Actor(), Role: string(u.Role)} }

// ApproveAward adds by's approval of an award awaiting approval, in one
// transaction with its audit row. The award row is locked, so two
// approvers at once are counted in turn, and the plan fixed when it was
// recorded is applied to the signatures so far (approval.Plan.Admit): not
// its recorder, nobody twice, in order when the rule says so, each step's
// role. The award becomes approved, with its approval snapshot, when the
// last step is signed; an award no longer awaiting approval is
// ErrConflict.
func (s *Store) ApproveAward(ctx context.Context, by Approver, awardID int64, reason string) (AwardApproval, error) {
	out := AwardApproval{AwardID: awardID}
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		aw, err := awardByID(ctx, tx, awardID, true)
		if err != nil {
			return err
		}
		out.EvaluationID, out.Status, out.RequiredApprovers = aw.EvaluationID, aw.Status, aw.RequiredApprovers
		if aw.Status != "awaiting_approval" {
			return fmt.Errorf("store: approve award %d: %s: %w", awardID, aw.Status, ErrConflict)
		}
		step, err := aw.Plan().Admit(aw.RecordedByID, aw.Signatures, by.ID, by.Role)
		if err != nil {
			return fmt.Errorf("store: approve award %d: %w", awardID, err)
		}
		tag, err := tx.Exec(ctx, `INSERT INTO award_approvals (award_id, approver_id, reason, step, role) VALUES ($1, $2, $3, $4, $5)
			ON CONFLICT DO NOTHING`, awardID, by.ID, reason, step, by.Role)
		if err != nil {
			return fmt.Errorf("store: approve award %d: %w", awardID, err)
		}
		if tag.RowsAffected() == 0 {
			return ErrSameApprover
		}
		if out.Signatures, err = awardSignatures(ctx, tx, awardID); err != nil {
			return err
		}
		for _, sg := range out.Signatures {
			out.Approvers = append(out.Approvers, sg.Email)
		}
		out.Approvals = len(out.Signatures)
		if out.Approvals >= out.RequiredApprovers {
			out.Status = "approved"
			aw.Signatures, aw.Status = out.Signatures, out.Status
			snap, hash, err := awardSnapshot(aw)
			if err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, `UPDATE awards SET status = 'approved', approval_snapshot = $2, approval_hash = $3 WHERE id = $1`,
				awardID, snap, hash); err != nil {
				return fmt.Errorf("store: approve award %d: %w", awardID, err)
			}
		}
		return insertAudit(ctx, tx, audit.Entry{ActorID: by.ID, ActorEmail: by.Email, Action: "award.approve", ObjectType: "award",
			ObjectID: fmt.Sprint(awardID), EvaluationID: out.EvaluationID,
			After: map[string]any{"reason": reason, "step": step, "role": by.Role, "approvals": out.Approvals,
				"required": out.RequiredApprovers, "status": out.Status}})
	})
	return out, err
}

// AwardSnapshot is what an award's approval freezes: the award as
// recorded and every approver, in step order.
type AwardSnapshot struct {
	AwardID       int64                `json:"award_id"`
	EvaluationID  int64                `json:"evaluation_id"`
	Shares        []AwardShare         `json:"shares"`
	Reason        string               `json:"reason"`
	Currency      string               `json:"currency"`
	ContractValue string               `json:"contract_value"`
	CostPerUnit   string               `json:"cost_per_unit"`
	RecordedBy    string               `json:"recorded_by"`
	RecordedAt    time.Time            `json:"recorded_at"`
	Plan          approval.Plan        `json:"plan"`
	Approvers     []approval.Signature `json:"approvers"`
}

func awardSnapshot(a Award) ([]byte, string, error) {
	b, err := json.Marshal(AwardSnapshot{AwardID: a.ID, EvaluationID: a.EvaluationID, Shares: a.Shares, Reason: a.Reason,
		Currency: a.Currency, ContractValue: a.ContractValue, CostPerUnit: a.CostPerUnit, RecordedBy: a.RecordedBy,
		RecordedAt: a.RecordedAt.UTC(), Plan: a.Plan(), Approvers: a.Signatures})
	if err != nil {
		return nil, "", err
	}
	sum := sha256.Sum256(b)
	return b, hex.EncodeToString(sum[:]), nil
}

const awardColumns = `a.id, a.evaluation_id, a.shares, a.reason, a.currency, a.contract_value::text, a.cost_per_unit::text,
	a.status, a.recorded_by, u.email, a.recorded_at, a.required_approvers, a.approval_order, a.approver_roles, COALESCE(a.approval_hash, '')`

func scanAward(row pgx.Row) (Award, error) {
	var a Award
	var shares, roles []byte
	err := row.Scan(&a.ID, &a.EvaluationID, &shares, &a.Reason, &a.Currency, &a.ContractValue, &a.CostPerUnit,
		&a.Status, &a.RecordedByID, &a.RecordedBy, &a.RecordedAt, &a.RequiredApprovers, &a.ApprovalOrder, &roles, &a.ApprovalHash)
	if err != nil {
		return a, err
	}
	if err := json.Unmarshal(shares, &a.Shares); err != nil {
		return a, err
	}
	if err := json.Unmarshal(roles, &a.ApproverRoles); err != nil {
		return a, err
	}
	if len(a.ApproverRoles) == 0 {
		a.ApproverRoles = nil
	}
	return a, nil
}

// awardByID reads one award with its signatures, locking it for update
// when lock is set.
func awardByID(ctx context.Context, q dbtx, id int64, lock bool) (Award, error) {
	sql := `SELECT ` + awardColumns + ` FROM awards a JOIN users u ON u.id = a.recorded_by WHERE a.id = $1`
	if lock {
		sql += ` FOR UPDATE OF a`
	}
	a, err := scanAward(q.QueryRow(ctx, sql, id))
	if err != nil {
		return a, notFound(fmt.Sprintf("store: award %d", id), err)
	}
	a.Signatures, err = awardSignatures(ctx, q, id)
	return a, err
}

func awardSignatures(ctx context.Context, q dbtx, awardID int64) ([]approval.Signature, error) {
	rows, err := q.Query(ctx, `SELECT a.step, a.approver_id, u.name, u.email, a.role, a.reason, a.approved_at
		FROM award_approvals a JOIN users u ON u.id = a.approver_id WHERE a.award_id = $1 ORDER BY a.step`, awardID)
	if err != nil {
		return nil, fmt.Errorf("store: award %d signatures: %w", awardID, err)
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (approval.Signature, error) {
		var sg approval.Signature
		err := r.Scan(&sg.Step, &sg.ApproverID, &sg.Name, &sg.Email, &sg.Role, &sg.Reason, &sg.At)
		return sg, err
	})
}

// Award reads one award with its signatures.
func (s *Store) Award(ctx context.Context, id int64) (Award, error) {
	return awardByID(ctx, s.pool, id, false)
}

// Awards lists an evaluation's awards, newest first, with their
// signatures.
func (s *Store) Awards(ctx context.Context, evaluationID int64) ([]Award, error) {
	rows, err := s.pool.Query(ctx, `SELECT `+awardColumns+` FROM awards a JOIN users u ON u.id = a.recorded_by
		WHERE a.evaluation_id = $1 ORDER BY a.id DESC LIMIT 20`, evaluationID)
	if err != nil {
		return nil, fmt.Errorf("store: awards: %w", err)
	}
	list, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (Award, error) { return scanAward(r) })
	if err != nil {
		return nil, fmt.Errorf("store: awards: %w", err)
	}
	for i := range list {
		if list[i].Signatures, err = awardSignatures(ctx, s.pool, list[i].ID); err != nil {
			return nil, err
		}
	}
	return list, nil
}
