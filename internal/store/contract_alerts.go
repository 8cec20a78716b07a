package store

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
)

// SettingContractAlerts is the admin's contract alert settings (issue 31):
// the offsets before cancel-by and end dates, each with the day it was
// armed from, and the roles that receive the alerts besides the owner, as
// JSON.
const SettingContractAlerts = "contract_alerts"

// ContractsWithOutagesSince lists, at most limit, the contracts with an
// outage that ended on or after since: the only ones that may have an SLA
// credit claim whose window is still open.
func (s *Store) ContractsWithOutagesSince(ctx context.Context, since time.Time, limit int) ([]int64, error) {
	rows, _ := s.pool.Query(ctx, `SELECT DISTINCT contract_id FROM contract_outages WHERE end_at >= $1 ORDER BY contract_id LIMIT $2`, since, limit)
	ids, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	if err != nil {
		return nil, fmt.Errorf("store: contracts with outages: %w", err)
	}
	return ids, nil
}
