package store

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/gpuquote/gpuquote/internal/audit"
	"github.com/gpuquote/gpuquote/internal/brief"
)

// StoredBrief is a brief with its concurrency version and last editor.
type StoredBrief struct {
	EvaluationID  int64       `json:"evaluation_id"`
	Data          brief.Brief `json:"fields"`
	Version       int         `json:"version"`
	UpdatedAt     time.Time   `json:"updated_at"`
	UpdatedByName string      `json:"updated_by"`
}

// Brief returns the evaluation's brief.
func (s *Store) Brief(ctx context.Context, evaluationID int64) (StoredBrief, error) {
	return getBrief(ctx, s.pool, evaluationID, "")
}

func getBrief(ctx context.Context, q querier, evaluationID int64, lock string) (StoredBrief, error) {
	return briefRead(evaluationID, lock).run(ctx, q)
}

func briefRead(evaluationID int64, lock string) read[StoredBrief] {
	// The editor's name is a subquery, not a join: a save that waits on
	// another's row lock (FOR UPDATE) re-reads the brief's new row, and a
	// join would still hold the old editor's user row, which no longer
	// matches it: the brief vanished and a conflict answered 404.
	return read[StoredBrief]{sql: `SELECT b.data, b.version, b.updated_at,
		(SELECT u.name FROM users u WHERE u.id = b.updated_by) FROM briefs b
		WHERE b.evaluation_id = $1 ` + lock, args: []any{evaluationID},
		collect: func(rows pgx.Rows) (StoredBrief, error) {
			b := StoredBrief{EvaluationID: evaluationID}
			var raw []byte
			_, err := pgx.CollectExactlyOneRow(rows, func(row pgx.CollectableRow) (struct{}, error) {
				return struct{}{}, row.Scan(&raw, &b.Version, &b.UpdatedAt, &b.UpdatedByName)
			})
			if err != nil {
				return StoredBrief{}, notFound(fmt.Sprintf("store: brief %d", evaluationID), err)
			}
			if err := json.Unmarshal(raw, &b.Data); err != nil {
				return StoredBrief{}, fmt.Errorf("store: brief %d: %w", evaluationID, err)
			}
			if b.Data == nil {
				b.Data = brief.Brief{}
			}
			return b, nil
		}}
}

// ConflictError is returned when a brief was saved by someone else since
// the editor loaded it: Current is what is stored now, so the editor can be
// told what changed while keeping their own input.
type ConflictError struct {
	Current StoredBrief
}

func (e *ConflictError) Error() string { return "store: brief changed by " + e.Current.UpdatedByName }

// Unwrap makes errors.Is(err, ErrConflict) true.
func (e *ConflictError) Unwrap() error { return ErrConflict }

// SaveBrief replaces the brief if it is still at version, bumping it;
// otherwise it returns a *ConflictError. The audit row records only the
// fields that changed.
func (s *Store) SaveBrief(ctx context.Context, by audit.Actor, evaluationID int64, version int, data brief.Brief) (StoredBrief, error) {
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		cur, err := getBrief(ctx, tx, evaluationID, "FOR UPDATE")
		if err != nil {
			return err
		}
		if cur.Version != version {
			return &ConflictError{Current: cur}
		}
		raw, err := json.Marshal(data)
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE briefs SET data = $2, version = version + 1, updated_by = $3, updated_at = now()
			WHERE evaluation_id = $1`, evaluationID, raw, by.ID); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE evaluations SET updated_at = now() WHERE id = $1`, evaluationID); err != nil {
			return err
		}
		before, after := changedFields(cur.Data, data)
		return insertAudit(ctx, tx, audit.Entry{ActorID: by.ID, ActorEmail: by.Email, Action: "brief.update",
			ObjectType: "brief", ObjectID: fmt.Sprint(evaluationID), EvaluationID: evaluationID, Before: before, After: after})
	})
	if err != nil {
		return StoredBrief{}, fmt.Errorf("store: save brief %d: %w", evaluationID, err)
	}
	return s.Brief(ctx, evaluationID)
}

// changedFields returns the old and new values of the fields that differ.
func changedFields(old, cur brief.Brief) (map[string]string, map[string]string) {
	before, after := map[string]string{}, map[string]string{}
	keys := maps.Clone(old)
	maps.Copy(keys, cur)
	for k := range keys {
		if old[k] != cur[k] {
			before[k], after[k] = old[k], cur[k]
		}
	}
	return before, after
}
