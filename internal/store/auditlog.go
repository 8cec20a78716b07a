package store

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/gpuquote/gpuquote/internal/audit"
)

// AuditChoice is one value the audit log can be filtered by, with its name.
type AuditChoice = audit.Choice

// AuditChoices are the audit log's filter values, by name.
type AuditChoices = audit.Choices

// ListAuditChoices reads the filter values from the users and evaluations
// tables, so the work is bounded by how many exist, not by the log's length.
func (s *Store) ListAuditChoices(ctx context.Context) (AuditChoices, error) {
	var c AuditChoices
	rows, _ := s.pool.Query(ctx, `SELECT id, name || ' <' || email || '>' FROM users ORDER BY lower(name), id`)
	users, err := pgx.CollectRows(rows, pgx.RowToStructByPos[AuditChoice])
	if err != nil {
		return c, fmt.Errorf("store: audit users: %w", err)
	}
	rows, _ = s.pool.Query(ctx, `SELECT id, name FROM evaluations ORDER BY lower(name), id`)
	evs, err := pgx.CollectRows(rows, pgx.RowToStructByPos[AuditChoice])
	if err != nil {
		return c, fmt.Errorf("store: audit evaluations: %w", err)
	}
	return AuditChoices{Users: users, Evaluations: evs}, nil
}
