package store

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
)

// SetUsefulUnits records the useful units a contract delivered in the
// month starting on month (millionths of a unit), replacing an earlier
// entry for that month.
func (s *Store) SetUsefulUnits(ctx context.Context, contractID int64, month time.Time, units, byID int64) error {
	_, err := s.pool.Exec(ctx, `INSERT INTO contract_useful_units (contract_id, month, units, entered_by)
		VALUES ($1, $2, $3, NULLIF($4, 0))
		ON CONFLICT (contract_id, month) DO UPDATE SET units = EXCLUDED.units, entered_by = EXCLUDED.entered_by, entered_at = now()`,
		contractID, month, units, byID)
	if err != nil {
		return fmt.Errorf("store: useful units of contract %d: %w", contractID, err)
	}
	return nil
}

// UsefulUnits are the useful units entered for a contract, by the first
// day of their month (millionths of a unit).
func (s *Store) UsefulUnits(ctx context.Context, contractID int64) (map[time.Time]int64, error) {
	rows, _ := s.pool.Query(ctx, `SELECT month, units FROM contract_useful_units WHERE contract_id = $1`, contractID)
	out := map[time.Time]int64{}
	var month time.Time
	var units int64
	_, err := pgx.ForEachRow(rows, []any{&month, &units}, func() error {
		out[month.UTC()] = units
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("store: useful units of contract %d: %w", contractID, err)
	}
	return out, nil
}
