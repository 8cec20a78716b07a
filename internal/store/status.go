package store

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"
)

// DecisionStatus is where an evaluation's decision stands, for lists: how
// many quotes are on the shortlist, which provider is approved (if one
// is), and how many blockers were waived.
type DecisionStatus struct {
	EvaluationID int64
	Shortlisted  int
	Approved     string // the approved quote's provider, "" if none
	Waived       int
}

// DecisionStatuses returns the decision status of each of the evaluations
// ids that has a shortlist or a waiver, by evaluation id: one query of two
// grouped counts, whatever the number of evaluations (the evaluations list
// reads it on every view, and each round trip was a tenth of that page).
func (s *Store) DecisionStatuses(ctx context.Context, ids []int64) (map[int64]DecisionStatus, error) {
	rows, _ := s.pool.Query(ctx, `
		WITH sl AS (SELECT s.evaluation_id AS id, count(*) FILTER (WHERE s.status IN ('shortlisted', 'approved')) AS n,
			COALESCE(max(p.name) FILTER (WHERE s.status = 'approved'), '') AS approved
			FROM shortlist s JOIN quotes q ON q.id = s.quote_id JOIN providers p ON p.id = q.provider_id
			WHERE s.evaluation_id = ANY($1) GROUP BY s.evaluation_id),
		wv AS (SELECT q.evaluation_id AS id, count(*) AS n FROM flag_waivers w JOIN quotes q ON q.id = w.quote_id
			WHERE q.evaluation_id = ANY($1) GROUP BY q.evaluation_id)
		SELECT COALESCE(sl.id, wv.id), COALESCE(sl.n, 0), COALESCE(sl.approved, ''), COALESCE(wv.n, 0)
		FROM sl FULL JOIN wv ON wv.id = sl.id`, ids)
	list, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (DecisionStatus, error) {
		var d DecisionStatus
		return d, row.Scan(&d.EvaluationID, &d.Shortlisted, &d.Approved, &d.Waived)
	})
	if err != nil {
		return nil, fmt.Errorf("store: decision statuses: %w", err)
	}
	out := make(map[int64]DecisionStatus, len(list))
	for _, d := range list {
		out[d.EvaluationID] = d
	}
	return out, nil
}
