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
// ids that has a shortlist or a waiver, by evaluation id: two grouped
// queries, whatever the number of evaluations.
func (s *Store) DecisionStatuses(ctx context.Context, ids []int64) (map[int64]DecisionStatus, error) {
	out := map[int64]DecisionStatus{}
	rows, _ := s.pool.Query(ctx, `SELECT s.evaluation_id, count(*) FILTER (WHERE s.status IN ('shortlisted', 'approved')),
		COALESCE(max(p.name) FILTER (WHERE s.status = 'approved'), '')
		FROM shortlist s JOIN quotes q ON q.id = s.quote_id JOIN providers p ON p.id = q.provider_id
		WHERE s.evaluation_id = ANY($1) GROUP BY s.evaluation_id`, ids)
	list, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (DecisionStatus, error) {
		var d DecisionStatus
		return d, row.Scan(&d.EvaluationID, &d.Shortlisted, &d.Approved)
	})
	if err != nil {
		return nil, fmt.Errorf("store: decision statuses: %w", err)
	}
	for _, d := range list {
		out[d.EvaluationID] = d
	}
	rows, _ = s.pool.Query(ctx, `SELECT q.evaluation_id, count(*) FROM flag_waivers w JOIN quotes q ON q.id = w.quote_id
		WHERE q.evaluation_id = ANY($1) GROUP BY q.evaluation_id`, ids)
	waived, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) ([2]int64, error) {
		var v [2]int64
		return v, row.Scan(&v[0], &v[1])
	})
	if err != nil {
		return nil, fmt.Errorf("store: waiver counts: %w", err)
	}
	for _, w := range waived {
		d := out[w[0]]
		d.EvaluationID, d.Waived = w[0], int(w[1])
		out[w[0]] = d
	}
	return out, nil
}
