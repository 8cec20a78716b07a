package store

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/gpuquote/gpuquote/internal/audit"
)

// insertAudit writes e inside tx, so the change and its record commit or
// roll back together.
func insertAudit(ctx context.Context, tx pgx.Tx, e audit.Entry) error {
	before, err := jsonOrNil(e.Before)
	if err != nil {
		return err
	}
	after, err := jsonOrNil(e.After)
	if err != nil {
		return err
	}
	_, err = tx.Exec(ctx, `
		INSERT INTO audit_events (actor_id, actor_email, action, object_type, object_id, evaluation_id, before, after)
		VALUES (NULLIF($1, 0), $2, $3, $4, $5, NULLIF($6, 0), $7, $8)`,
		e.ActorID, e.ActorEmail, e.Action, e.ObjectType, e.ObjectID, e.EvaluationID, before, after)
	if err != nil {
		return fmt.Errorf("store: insert audit %s: %w", e.Action, err)
	}
	return nil
}

func jsonOrNil(v any) ([]byte, error) {
	if v == nil {
		return nil, nil
	}
	b, err := json.Marshal(v)
	if err != nil {
		return nil, fmt.Errorf("store: audit snapshot: %w", err)
	}
	return b, nil
}

// RecordAudit writes a standalone audit entry, for events that change no
// other row (a failed login, a refused request).
func (s *Store) RecordAudit(ctx context.Context, e audit.Entry) error {
	return s.inTx(ctx, func(tx pgx.Tx) error { return insertAudit(ctx, tx, e) })
}

// AuditFilter narrows ListAudit; zero fields match everything.
type AuditFilter = audit.Filter

// ListAudit returns the newest entries first.
func (s *Store) ListAudit(ctx context.Context, f AuditFilter) ([]audit.Entry, error) {
	if f.Limit <= 0 || f.Limit > 500 {
		f.Limit = 200
	}
	rows, err := s.pool.Query(ctx, `
		SELECT id, at, COALESCE(actor_id, 0), actor_email, action, object_type, object_id,
		       COALESCE(evaluation_id, 0), before, after
		FROM audit_events
		WHERE ($1 = '' OR object_type = $1) AND ($2 = '' OR object_id = $2)
		  AND ($3 = 0 OR evaluation_id = $3) AND ($5 = 0 OR actor_id = $5)
		  AND ($6 = '' OR action = $6) AND ($7 = 0 OR id < $7)
		ORDER BY id DESC LIMIT $4`, f.ObjectType, f.ObjectID, f.EvaluationID, f.Limit, f.ActorID, f.Action, f.BeforeID)
	if err != nil {
		return nil, fmt.Errorf("store: list audit: %w", err)
	}
	return pgx.CollectRows(rows, func(row pgx.CollectableRow) (audit.Entry, error) {
		var e audit.Entry
		var before, after []byte
		err := row.Scan(&e.ID, &e.At, &e.ActorID, &e.ActorEmail, &e.Action, &e.ObjectType, &e.ObjectID, &e.EvaluationID, &before, &after)
		if before != nil {
			e.Before = json.RawMessage(before)
		}
		if after != nil {
			e.After = json.RawMessage(after)
		}
		return e, err
	})
}
