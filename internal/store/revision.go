package store

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"
)

// AnalysisRevision names one committed state of everything an
// evaluation's analysis reads: Evaluation moves with the evaluation's own
// rows, Shared with the rows every evaluation reads (rates, settings,
// price references, user and provider names). Triggers move both, once per
// writing transaction, at its commit (migration 000017), so two reads that
// give the same AnalysisRevision read the same inputs.
type AnalysisRevision struct {
	Evaluation, Shared int64
}

// AnalysisRevisionOf reads the evaluation's revision: one indexed row, the
// cheap check before a kept analysis is reused. A missing evaluation is
// ErrNotFound.
func (s *Store) AnalysisRevisionOf(ctx context.Context, evaluationID int64) (AnalysisRevision, error) {
	return analysisRevisionRead(evaluationID).run(ctx, s.pool)
}

func analysisRevisionRead(evaluationID int64) read[AnalysisRevision] {
	return read[AnalysisRevision]{sql: `SELECT e.analysis_revision, g.revision FROM evaluations e CROSS JOIN analysis_inputs g
		WHERE e.id = $1`, args: []any{evaluationID},
		collect: func(rows pgx.Rows) (AnalysisRevision, error) {
			r, err := pgx.CollectExactlyOneRow(rows, func(row pgx.CollectableRow) (AnalysisRevision, error) {
				var r AnalysisRevision
				err := row.Scan(&r.Evaluation, &r.Shared)
				return r, err
			})
			if err != nil {
				return AnalysisRevision{}, notFound(fmt.Sprintf("store: analysis revision of evaluation %d", evaluationID), err)
			}
			return r, nil
		}}
}
