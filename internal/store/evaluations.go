package store

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/gpuquote/gpuquote/internal/audit"
	"github.com/gpuquote/gpuquote/internal/brief"
)

// Evaluation is one buying decision.
type Evaluation struct {
	ID        int64     `db:"id" json:"id"`
	Name      string    `db:"name" json:"name"`
	Archived  bool      `db:"archived" json:"archived"`
	CreatedBy int64     `db:"created_by" json:"created_by"`
	OwnerName string    `db:"owner_name" json:"owner"`
	CreatedAt time.Time `db:"created_at" json:"created_at"`
	UpdatedAt time.Time `db:"updated_at" json:"updated_at"`
	Version   int       `db:"version" json:"version"`
}

func (e Evaluation) auditView() map[string]any {
	return map[string]any{"name": e.Name, "archived": e.Archived}
}

const evaluationSelect = `SELECT e.id, e.name, e.archived, e.created_by, u.name AS owner_name,
	e.created_at, e.updated_at, e.version FROM evaluations e JOIN users u ON u.id = e.created_by`

// CreateEvaluation adds an evaluation with an empty brief.
func (s *Store) CreateEvaluation(ctx context.Context, by audit.Actor, name string) (Evaluation, error) {
	var id int64
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		if err := tx.QueryRow(ctx, `INSERT INTO evaluations (name, created_by) VALUES ($1, $2) RETURNING id`,
			name, by.ID).Scan(&id); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `INSERT INTO briefs (evaluation_id, updated_by) VALUES ($1, $2)`, id, by.ID); err != nil {
			return err
		}
		return insertAudit(ctx, tx, audit.Entry{ActorID: by.ID, ActorEmail: by.Email, Action: "evaluation.create",
			ObjectType: "evaluation", ObjectID: fmt.Sprint(id), EvaluationID: id, After: map[string]any{"name": name}})
	})
	if err != nil {
		return Evaluation{}, fmt.Errorf("store: create evaluation: %w", err)
	}
	return s.Evaluation(ctx, id)
}

// Evaluation returns one evaluation.
func (s *Store) Evaluation(ctx context.Context, id int64) (Evaluation, error) {
	rows, _ := s.pool.Query(ctx, evaluationSelect+` WHERE e.id = $1`, id)
	e, err := pgx.CollectExactlyOneRow(rows, pgx.RowToStructByName[Evaluation])
	if err != nil {
		return Evaluation{}, notFound(fmt.Sprintf("store: evaluation %d", id), err)
	}
	return e, nil
}

// ListEvaluations returns evaluations, most recently updated first;
// archived ones only when asked.
func (s *Store) ListEvaluations(ctx context.Context, archived bool) ([]Evaluation, error) {
	rows, _ := s.pool.Query(ctx, evaluationSelect+` WHERE e.archived = $1 ORDER BY e.updated_at DESC, e.id DESC`, archived)
	es, err := pgx.CollectRows(rows, pgx.RowToStructByName[Evaluation])
	if err != nil {
		return nil, fmt.Errorf("store: list evaluations: %w", err)
	}
	return es, nil
}

// EvaluationChange is what a rename or archive changes; nil leaves a field.
type EvaluationChange struct {
	Name     *string
	Archived *bool
}

// UpdateEvaluation applies c if the evaluation is still at version;
// otherwise it returns ErrConflict.
func (s *Store) UpdateEvaluation(ctx context.Context, by audit.Actor, id int64, version int, c EvaluationChange) (Evaluation, error) {
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		rows, _ := tx.Query(ctx, evaluationSelect+` WHERE e.id = $1 FOR UPDATE OF e`, id)
		before, err := pgx.CollectExactlyOneRow(rows, pgx.RowToStructByName[Evaluation])
		if err != nil {
			return notFound("select", err)
		}
		if before.Version != version {
			return ErrConflict
		}
		after := before
		if c.Name != nil {
			after.Name = *c.Name
		}
		if c.Archived != nil {
			after.Archived = *c.Archived
		}
		if _, err := tx.Exec(ctx, `UPDATE evaluations SET name = $2, archived = $3, version = version + 1, updated_at = now()
			WHERE id = $1`, id, after.Name, after.Archived); err != nil {
			return err
		}
		action := "evaluation.rename"
		if after.Archived != before.Archived {
			action = map[bool]string{true: "evaluation.archive", false: "evaluation.unarchive"}[after.Archived]
		}
		return insertAudit(ctx, tx, audit.Entry{ActorID: by.ID, ActorEmail: by.Email, Action: action,
			ObjectType: "evaluation", ObjectID: fmt.Sprint(id), EvaluationID: id, Before: before.auditView(), After: after.auditView()})
	})
	if err != nil {
		return Evaluation{}, fmt.Errorf("store: update evaluation %d: %w", id, err)
	}
	return s.Evaluation(ctx, id)
}

// EvaluationSummary is an evaluation with its brief and how far it got,
// for the list page.
type EvaluationSummary struct {
	Evaluation
	Brief      brief.Brief
	Quotes     int
	Benchmarks int
	Approved   bool
}

// ListEvaluationSummaries is ListEvaluations with each brief, in one query.
func (s *Store) ListEvaluationSummaries(ctx context.Context, archived bool) ([]EvaluationSummary, error) {
	rows, err := s.pool.Query(ctx, `SELECT e.id, e.name, e.archived, e.created_by, u.name, e.created_at, e.updated_at, e.version, b.data,
		(SELECT count(*) FROM quotes q WHERE q.evaluation_id = e.id),
		(SELECT count(*) FROM benchmark_uploads bu JOIN quotes q ON q.id = bu.quote_id WHERE q.evaluation_id = e.id),
		EXISTS (SELECT 1 FROM shortlist s WHERE s.evaluation_id = e.id AND s.status = 'approved')
		FROM evaluations e JOIN users u ON u.id = e.created_by JOIN briefs b ON b.evaluation_id = e.id
		WHERE e.archived = $1 ORDER BY e.updated_at DESC, e.id DESC`, archived)
	if err != nil {
		return nil, fmt.Errorf("store: list evaluation summaries: %w", err)
	}
	return pgx.CollectRows(rows, func(row pgx.CollectableRow) (EvaluationSummary, error) {
		var es EvaluationSummary
		err := row.Scan(&es.ID, &es.Name, &es.Archived, &es.CreatedBy, &es.OwnerName, &es.CreatedAt, &es.UpdatedAt, &es.Version, &es.Brief,
			&es.Quotes, &es.Benchmarks, &es.Approved)
		return es, err
	})
}
