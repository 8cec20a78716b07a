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

// RunHours are a quote's hours for one training run: effective (useful
// work) and real (paid, with checkpoints, restarts and loading).
type RunHours struct {
	Effective string `json:"effective"`
	Real      string `json:"real"`
}

// Assumptions are the worksheet values edited for an evaluation.
type Assumptions struct {
	EvaluationID int64
	Overrides    map[string]string   // by tco assumption key, exact decimal text
	RunHours     map[string]RunHours // by quote id
	Version      int                 // 0 while nothing was ever saved
	UpdatedAt    time.Time
}

// Assumptions returns the evaluation's edited assumptions (empty at
// version 0 when none were saved).
func (s *Store) Assumptions(ctx context.Context, evaluationID int64) (Assumptions, error) {
	return readAssumptions(ctx, s.pool, evaluationID, "")
}

// readAssumptions reads through q: the pool, or a transaction that must
// not wait for a second connection.
func readAssumptions(ctx context.Context, q querier, evaluationID int64, lock string) (Assumptions, error) {
	return assumptionsRead(evaluationID, lock).run(ctx, q)
}

func assumptionsRead(evaluationID int64, lock string) read[Assumptions] {
	return read[Assumptions]{sql: `SELECT overrides, run_hours, version, updated_at FROM assumptions WHERE evaluation_id = $1 ` + lock,
		args: []any{evaluationID}, collect: func(rows pgx.Rows) (Assumptions, error) {
			a := Assumptions{EvaluationID: evaluationID, Overrides: map[string]string{}, RunHours: map[string]RunHours{}}
			var over, runs []byte
			_, err := pgx.CollectExactlyOneRow(rows, func(row pgx.CollectableRow) (struct{}, error) {
				return struct{}{}, row.Scan(&over, &runs, &a.Version, &a.UpdatedAt)
			})
			if errors.Is(err, pgx.ErrNoRows) {
				return a, nil
			}
			if err != nil {
				return a, fmt.Errorf("store: assumptions %d: %w", evaluationID, err)
			}
			if err := json.Unmarshal(over, &a.Overrides); err != nil {
				return a, err
			}
			return a, json.Unmarshal(runs, &a.RunHours)
		}}
}

// SaveAssumptions replaces the edited values if they are still at version
// (0 for the first save); otherwise it returns ErrConflict.
func (s *Store) SaveAssumptions(ctx context.Context, by audit.Actor, a Assumptions) error {
	over, err := json.Marshal(a.Overrides)
	if err != nil {
		return err
	}
	runs, err := json.Marshal(a.RunHours)
	if err != nil {
		return err
	}
	return s.inTx(ctx, func(tx pgx.Tx) error {
		cur, err := readAssumptions(ctx, tx, a.EvaluationID, "FOR UPDATE")
		if err != nil {
			return err
		}
		if cur.Version != a.Version {
			return fmt.Errorf("store: save assumptions %d: %w", a.EvaluationID, ErrConflict)
		}
		tag, err := tx.Exec(ctx, `INSERT INTO assumptions (evaluation_id, overrides, run_hours, version, updated_by)
			VALUES ($1, $2, $3, 1, $4)
			ON CONFLICT (evaluation_id) DO UPDATE SET overrides = EXCLUDED.overrides, run_hours = EXCLUDED.run_hours,
			    version = assumptions.version + 1, updated_by = EXCLUDED.updated_by, updated_at = now()
			WHERE assumptions.version = $5`, a.EvaluationID, over, runs, by.ID, a.Version)
		if err != nil {
			return fmt.Errorf("store: save assumptions %d: %w", a.EvaluationID, err)
		}
		if tag.RowsAffected() == 0 {
			return fmt.Errorf("store: save assumptions %d: %w", a.EvaluationID, ErrConflict)
		}
		return insertAudit(ctx, tx, audit.Entry{ActorID: by.ID, ActorEmail: by.Email, Action: "assumptions.update",
			ObjectType: "assumptions", ObjectID: fmt.Sprint(a.EvaluationID), EvaluationID: a.EvaluationID,
			Before: map[string]any{"overrides": cur.Overrides, "run_hours": cur.RunHours},
			After:  map[string]any{"overrides": a.Overrides, "run_hours": a.RunHours}})
	})
}
