package store

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
)

// VendorLimit is one key a vendor request counts against ("vendor-ip:…",
// "vendor-link:…") and its limit per minute.
type VendorLimit struct {
	Key   string
	Limit int
}

// CountVendorRequest counts one vendor request against each limit in
// PostgreSQL, in the counters the sign-in limits use, so every instance
// on the database shares them; it slides the same way. It reports whether
// any is over and, if so, how long until the window turns.
func (s *Store) CountVendorRequest(ctx context.Context, limits ...VendorLimit) (bool, time.Duration, error) {
	now := s.Now()
	window := now.Truncate(LoginWindow)
	weight := 1 - float64(now.Sub(window))/float64(LoginWindow)
	limited := false
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		for _, l := range limits {
			var cur, previous int
			err := tx.QueryRow(ctx, `WITH cur AS (
					INSERT INTO login_attempts (key, window_start, attempts) VALUES ($1, $2, 1)
					ON CONFLICT (key, window_start) DO UPDATE SET attempts = login_attempts.attempts + 1
					RETURNING attempts)
				SELECT cur.attempts, coalesce((SELECT attempts FROM login_attempts WHERE key = $1 AND window_start = $3), 0) FROM cur`,
				l.Key, window, window.Add(-LoginWindow)).Scan(&cur, &previous)
			if err != nil {
				return err
			}
			if float64(cur)+float64(previous)*weight > float64(l.Limit) {
				limited = true
				return nil // the other counters are not charged for a refused request
			}
		}
		return nil
	})
	if err != nil {
		return false, 0, fmt.Errorf("store: count vendor request: %w", err)
	}
	return limited, window.Add(LoginWindow).Sub(now), nil
}
