package store

import (
	"cmp"
	"context"
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
// the reason and the combined figures as exact decimals ("" while a
// share's quote cannot be priced: the value is unknown, stored as NULL).
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
	// Direct: recorded and signed in one step by the single-quote
	// decision, whose approver is also its recorder.
	Direct bool
	// RecorderID, when set, is whose proposal the award is (a
	// re-approval carries the stale award's recorder); else the actor.
	RecorderID int64
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
	// Inputs are what the last signature was checked on (by key), and
	// InputsHash their digest: a later digest that differs makes the
	// award stale.
	Inputs     map[string]string
	InputsHash string
	// PlanGrownFrom is how many approvers the plan needed before the
	// contract value moved it into a higher tier (0: it never grew).
	PlanGrownFrom int
	ClosedReason  string
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
	out := Award{NewAward: a, Status: "awaiting_approval", RecordedByID: cmp.Or(a.RecorderID, by.ID)}
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
			approval_order, approver_roles, direct) VALUES ($1, $2, $3, $4, NULLIF($5, '')::numeric, NULLIF($6, '')::numeric, $7, $8, $9, $10, $11) RETURNING id, recorded_at`,
			a.EvaluationID, raw, a.Reason, a.Currency, a.ContractValue, a.CostPerUnit, out.RecordedByID, out.RequiredApprovers,
			a.ApprovalOrder, roles, a.Direct).Scan(&out.ID, &out.RecordedAt); err != nil {
			return fmt.Errorf("store: record award: %w", err)
		}
		if err := tx.QueryRow(ctx, `SELECT email FROM users WHERE id = $1`, out.RecordedByID).Scan(&out.RecordedBy); err != nil {
			return fmt.Errorf("store: record award: %w", err)
		}
		return insertAudit(ctx, tx, audit.Entry{ActorID: by.ID, ActorEmail: by.Email, Action: "award.record", ObjectType: "award",
			ObjectID: fmt.Sprint(out.ID), EvaluationID: a.EvaluationID,
			After: map[string]any{"shares": a.Shares, "reason": a.Reason, "currency": a.Currency,
				"contract_value": a.ContractValue, "cost_per_unit": a.CostPerUnit, "required_approvers": out.RequiredApprovers,
				"approval_order": a.ApprovalOrder, "approver_roles": a.ApproverRoles}})
	})
	return out, err
}

// Approver is who signs: the audit identity and the role held now.
type Approver struct {
	audit.Actor
	Role string
}

// Approver is u as an approver of awards, with the role u holds now.
func (u User) Approver() Approver { return Approver{Actor: u.Actor(), Role: string(u.Role)} }

// LockAward reads one award with its signatures, its row locked for the
// caller's Tx: two signatures at once are then judged one after the other.
func (s *Store) LockAward(ctx context.Context, id int64) (Award, error) {
	return awardByID(ctx, s.pool, id, true)
}

// AddAwardSignature records by's signature on step of an award, with the
// digest of the inputs it was given on; false when by already signed it
// or the step is taken (the caller refuses the signature).
func (s *Store) AddAwardSignature(ctx context.Context, by Approver, awardID int64, step int, reason, inputsHash string) (bool, error) {
	tag, err := s.pool.Exec(ctx, `INSERT INTO award_approvals (award_id, approver_id, reason, step, role, inputs_hash)
		VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING`, awardID, by.ID, reason, step, by.Role, inputsHash)
	if err != nil {
		return false, fmt.Errorf("store: sign award %d: %w", awardID, err)
	}
	return tag.RowsAffected() == 1, nil
}

// SetAwardApproved marks an award approved with its frozen approval
// snapshot and hash.
func (s *Store) SetAwardApproved(ctx context.Context, awardID int64, snapshot []byte, hash string) error {
	_, err := s.pool.Exec(ctx, `UPDATE awards SET status = 'approved', approval_snapshot = $2, approval_hash = $3
		WHERE id = $1`, awardID, snapshot, hash)
	if err != nil {
		return fmt.Errorf("store: approve award %d: %w", awardID, err)
	}
	return nil
}

// SetAwardInputs keeps what the latest signature was checked on.
func (s *Store) SetAwardInputs(ctx context.Context, awardID int64, inputs map[string]string, inputsHash string) error {
	raw, err := json.Marshal(inputs)
	if err != nil {
		return err
	}
	if _, err := s.pool.Exec(ctx, `UPDATE awards SET inputs = $2, inputs_hash = $3 WHERE id = $1`, awardID, raw, inputsHash); err != nil {
		return fmt.Errorf("store: award %d inputs: %w", awardID, err)
	}
	return nil
}

// SetAwardPlan replaces an award's approval plan (one grown with its
// contract value), remembering how many approvers it needed before.
func (s *Store) SetAwardPlan(ctx context.Context, awardID int64, p approval.Plan, from int) error {
	roles, err := json.Marshal(append([]string{}, p.Roles...))
	if err != nil {
		return err
	}
	_, err = s.pool.Exec(ctx, `UPDATE awards SET required_approvers = $2, approval_order = $3, approver_roles = $4, plan_grown_from = $5
		WHERE id = $1`, awardID, max(p.Required, 1), cmp.Or(p.Order, approval.InParallel), roles, from)
	if err != nil {
		return fmt.Errorf("store: award %d plan: %w", awardID, err)
	}
	return nil
}

// CloseAward sets an award's status to rejected or revoked, with who and
// why; the caller has locked it and checked that the move is allowed.
func (s *Store) CloseAward(ctx context.Context, by audit.Actor, awardID int64, status, reason string) error {
	_, err := s.pool.Exec(ctx, `UPDATE awards SET status = $2, closed_by = $3, closed_reason = $4 WHERE id = $1`,
		awardID, status, by.ID, reason)
	if err != nil {
		return fmt.Errorf("store: %s award %d: %w", status, awardID, err)
	}
	return nil
}

const awardColumns = `a.id, a.evaluation_id, a.shares, a.reason, a.currency, COALESCE(a.contract_value::text, ''), COALESCE(a.cost_per_unit::text, ''),
	a.status, a.recorded_by, u.email, a.recorded_at, a.required_approvers, a.approval_order, a.approver_roles, COALESCE(a.approval_hash, ''),
	a.inputs, a.inputs_hash, COALESCE(a.plan_grown_from, 0), a.direct, a.closed_reason`

func scanAward(row pgx.Row) (Award, error) {
	var a Award
	var shares, roles, inputs []byte
	err := row.Scan(&a.ID, &a.EvaluationID, &shares, &a.Reason, &a.Currency, &a.ContractValue, &a.CostPerUnit,
		&a.Status, &a.RecordedByID, &a.RecordedBy, &a.RecordedAt, &a.RequiredApprovers, &a.ApprovalOrder, &roles, &a.ApprovalHash,
		&inputs, &a.InputsHash, &a.PlanGrownFrom, &a.Direct, &a.ClosedReason)
	if err != nil {
		return a, err
	}
	if err := json.Unmarshal(inputs, &a.Inputs); err != nil {
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
	rows, err := q.Query(ctx, `SELECT a.step, a.approver_id, u.name, u.email, a.role, a.reason, a.approved_at, a.inputs_hash
		FROM award_approvals a JOIN users u ON u.id = a.approver_id WHERE a.award_id = $1 ORDER BY a.step`, awardID)
	if err != nil {
		return nil, fmt.Errorf("store: award %d signatures: %w", awardID, err)
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (approval.Signature, error) {
		var sg approval.Signature
		err := r.Scan(&sg.Step, &sg.ApproverID, &sg.Name, &sg.Email, &sg.Role, &sg.Reason, &sg.At, &sg.InputsHash)
		return sg, err
	})
}

// Award reads one award with its signatures.
func (s *Store) Award(ctx context.Context, id int64) (Award, error) {
	return awardByID(ctx, s.pool, id, false)
}

// Awards lists an evaluation's awards, newest first, with their
// signatures: two reads, whatever the number of awards.
func (s *Store) Awards(ctx context.Context, evaluationID int64) ([]Award, error) {
	list, err := awardsRead(evaluationID).run(ctx, s.pool)
	if err != nil {
		return nil, err
	}
	sigs, err := awardSignaturesRead(evaluationID).run(ctx, s.pool)
	if err != nil {
		return nil, err
	}
	return withSignatures(list, sigs), nil
}

// awardsShown is how many of an evaluation's awards are read, newest
// first: the pages show the recent ones.
const awardsShown = 20

func awardsRead(evaluationID int64) read[[]Award] {
	return read[[]Award]{sql: `SELECT ` + awardColumns + ` FROM awards a JOIN users u ON u.id = a.recorded_by
		WHERE a.evaluation_id = $1 ORDER BY a.id DESC LIMIT $2`, args: []any{evaluationID, awardsShown},
		collect: func(rows pgx.Rows) ([]Award, error) {
			list, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (Award, error) { return scanAward(r) })
			if err != nil {
				return nil, fmt.Errorf("store: awards: %w", err)
			}
			return list, nil
		}}
}

// awardSignaturesRead reads the signatures of an evaluation's awards, by
// award, in signing order.
func awardSignaturesRead(evaluationID int64) read[map[int64][]approval.Signature] {
	return read[map[int64][]approval.Signature]{sql: `SELECT a.award_id, a.step, a.approver_id, u.name, u.email, a.role, a.reason,
		a.approved_at, a.inputs_hash
		FROM award_approvals a JOIN users u ON u.id = a.approver_id JOIN awards w ON w.id = a.award_id
		WHERE w.evaluation_id = $1 ORDER BY a.award_id, a.step`, args: []any{evaluationID},
		collect: func(rows pgx.Rows) (map[int64][]approval.Signature, error) {
			out := map[int64][]approval.Signature{}
			var award int64
			var sg approval.Signature
			_, err := pgx.ForEachRow(rows, []any{&award, &sg.Step, &sg.ApproverID, &sg.Name, &sg.Email, &sg.Role, &sg.Reason,
				&sg.At, &sg.InputsHash}, func() error {
				out[award] = append(out[award], sg)
				return nil
			})
			if err != nil {
				return nil, fmt.Errorf("store: award signatures: %w", err)
			}
			return out, nil
		}}
}

// withSignatures gives each award its signatures (none: an empty list, as
// a single award's read gives).
func withSignatures(list []Award, sigs map[int64][]approval.Signature) []Award {
	for i := range list {
		list[i].Signatures = sigs[list[i].ID]
		if list[i].Signatures == nil {
			list[i].Signatures = []approval.Signature{}
		}
	}
	return list
}
