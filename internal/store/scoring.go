package store

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/gpuquote/gpuquote/internal/audit"
	"github.com/gpuquote/gpuquote/internal/scoring"
)

// SettingCriteriaTemplate is the organisation's default criteria weights
// (a JSON array of {"key","weight"}), used by evaluations without their own.
const SettingCriteriaTemplate = "scoring_criteria_template"

// Criteria returns the evaluation's own weights, or nil when it has none.
func (s *Store) Criteria(ctx context.Context, evaluationID int64) ([]scoring.Weight, error) {
	return criteriaRead(evaluationID).run(ctx, s.pool)
}

func criteriaRead(evaluationID int64) read[[]scoring.Weight] {
	return read[[]scoring.Weight]{sql: `SELECT weights FROM evaluation_criteria WHERE evaluation_id = $1`, args: []any{evaluationID},
		collect: func(rows pgx.Rows) ([]scoring.Weight, error) { return collectCriteria(rows, evaluationID) }}
}

func collectCriteria(rows pgx.Rows, evaluationID int64) ([]scoring.Weight, error) {
	raw, err := pgx.CollectExactlyOneRow(rows, pgx.RowTo[[]byte])
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("store: criteria %d: %w", evaluationID, err)
	}
	var ws []scoring.Weight
	if err := json.Unmarshal(raw, &ws); err != nil {
		return nil, fmt.Errorf("store: criteria %d: %w", evaluationID, err)
	}
	return ws, nil
}

// SaveCriteria replaces the evaluation's weights (checked by the caller),
// audited in the same transaction with the weights before and after.
func (s *Store) SaveCriteria(ctx context.Context, by audit.Actor, evaluationID int64, ws []scoring.Weight) error {
	raw, err := json.Marshal(ws)
	if err != nil {
		return err
	}
	return s.inTx(ctx, func(tx pgx.Tx) error {
		var before []byte
		err := tx.QueryRow(ctx, `SELECT weights FROM evaluation_criteria WHERE evaluation_id = $1 FOR UPDATE`, evaluationID).Scan(&before)
		if err != nil && !errors.Is(err, pgx.ErrNoRows) {
			return fmt.Errorf("store: save criteria %d: %w", evaluationID, err)
		}
		if _, err := tx.Exec(ctx, `INSERT INTO evaluation_criteria (evaluation_id, weights, updated_by) VALUES ($1, $2, $3)
			ON CONFLICT (evaluation_id) DO UPDATE SET weights = EXCLUDED.weights, updated_by = EXCLUDED.updated_by, updated_at = now()`,
			evaluationID, raw, by.ID); err != nil {
			return notFound(fmt.Sprintf("store: save criteria %d", evaluationID), err)
		}
		e := audit.Entry{ActorID: by.ID, ActorEmail: by.Email, Action: "criteria.update", ObjectType: "evaluation_criteria",
			ObjectID: fmt.Sprint(evaluationID), EvaluationID: evaluationID, After: ws}
		if before != nil {
			e.Before = json.RawMessage(before)
		}
		return insertAudit(ctx, tx, e)
	})
}

// ScoreOverride is one evaluator's grade of one criterion of one quote.
type ScoreOverride struct {
	QuoteID     int64
	Criterion   string
	EvaluatorID int64
	Evaluator   string // the evaluator's name
	Grade       string // exact decimal, 0–10, one place
	Reason      string
	UpdatedAt   time.Time
}

// ScoreOverrides returns the evaluation's overrides by quote, in criterion
// then evaluator order.
func (s *Store) ScoreOverrides(ctx context.Context, evaluationID int64) (map[int64][]ScoreOverride, error) {
	return scoreOverridesRead(evaluationID).run(ctx, s.pool)
}

func scoreOverridesRead(evaluationID int64) read[map[int64][]ScoreOverride] {
	return read[map[int64][]ScoreOverride]{sql: `SELECT o.quote_id, o.criterion, o.evaluator_id, u.name, o.grade::text, o.reason, o.updated_at
		FROM score_overrides o JOIN quotes q ON q.id = o.quote_id JOIN users u ON u.id = o.evaluator_id
		WHERE q.evaluation_id = $1 ORDER BY o.quote_id, o.criterion, u.name, o.evaluator_id`, args: []any{evaluationID},
		collect: func(rows pgx.Rows) (map[int64][]ScoreOverride, error) {
			return collectScoreOverrides(rows, evaluationID)
		}}
}

func collectScoreOverrides(rows pgx.Rows, evaluationID int64) (map[int64][]ScoreOverride, error) {
	list, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (ScoreOverride, error) {
		var o ScoreOverride
		err := r.Scan(&o.QuoteID, &o.Criterion, &o.EvaluatorID, &o.Evaluator, &o.Grade, &o.Reason, &o.UpdatedAt)
		return o, err
	})
	if err != nil {
		return nil, fmt.Errorf("store: score overrides %d: %w", evaluationID, err)
	}
	out := map[int64][]ScoreOverride{}
	for _, o := range list {
		out[o.QuoteID] = append(out[o.QuoteID], o)
	}
	return out, nil
}

// SaveScoreOverride sets by's grade of criterion on a quote of the
// evaluation (ErrNotFound for a quote of another evaluation), audited in
// the same transaction. grade is an exact decimal the caller checked.
func (s *Store) SaveScoreOverride(ctx context.Context, by audit.Actor, evaluationID, quoteID int64, criterion, grade, reason string) error {
	return s.SaveSuggestedOverride(ctx, by, evaluationID, quoteID, criterion, grade, reason, "")
}

// SaveSuggestedOverride is SaveScoreOverride that also records, in the
// audit row, the grade the criterion's rule suggested (as "suggested",
// when not ""): the pre-grade the evaluator replaced.
func (s *Store) SaveSuggestedOverride(ctx context.Context, by audit.Actor, evaluationID, quoteID int64, criterion, grade, reason, suggested string) error {
	after := map[string]string{"criterion": criterion, "grade": grade, "reason": reason}
	if suggested != "" {
		after["suggested"] = suggested
	}
	return s.inTx(ctx, func(tx pgx.Tx) error {
		var ok bool
		if err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM quotes WHERE id = $1 AND evaluation_id = $2)`, quoteID, evaluationID).Scan(&ok); err != nil {
			return fmt.Errorf("store: score override: %w", err)
		}
		if !ok {
			return fmt.Errorf("store: score override: quote %d: %w", quoteID, ErrNotFound)
		}
		if _, err := tx.Exec(ctx, `INSERT INTO score_overrides (quote_id, criterion, evaluator_id, grade, reason) VALUES ($1, $2, $3, $4, $5)
			ON CONFLICT (quote_id, criterion, evaluator_id) DO UPDATE SET grade = EXCLUDED.grade, reason = EXCLUDED.reason, updated_at = now()`,
			quoteID, criterion, by.ID, grade, reason); err != nil {
			return fmt.Errorf("store: score override: %w", err)
		}
		return insertAudit(ctx, tx, audit.Entry{ActorID: by.ID, ActorEmail: by.Email, Action: "score.override", ObjectType: "quote",
			ObjectID: fmt.Sprint(quoteID), EvaluationID: evaluationID, After: after})
	})
}

// SettingApprovalRules is the organisation's approval thresholds by
// contract value (a JSON scoring.ApprovalRules); absent, every award needs
// one approver.
const SettingApprovalRules = "approval_rules"
