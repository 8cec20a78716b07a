package store

import (
	"context"
	"encoding/json"
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
		if err := tx.QueryRow(ctx, `INSERT INTO awards (evaluation_id, shares, reason, currency, contract_value, cost_per_unit, recorded_by)
			VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id, recorded_at`,
			a.EvaluationID, raw, a.Reason, a.Currency, a.ContractValue, a.CostPerUnit, by.ID).Scan(&out.ID, &out.RecordedAt); err != nil {
			return fmt.Errorf("store: record award: %w", err)
		}
		out.RecordedBy = by.Email
		return insertAudit(ctx, tx, audit.Entry{ActorID: by.ID, ActorEmail: by.Email, Action: "award.record", ObjectType: "award",
			ObjectID: fmt.Sprint(out.ID), EvaluationID: a.EvaluationID,
			After: map[string]any{"shares": a.Shares, "reason": a.Reason, "currency": a.Currency,
				"contract_value": a.ContractValue, "cost_per_unit": a.CostPerUnit}})
	})
	return out, err
}
