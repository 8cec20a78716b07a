package store

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/gpuquote/gpuquote/internal/audit"
)

// LoginWindow is the fixed window of the login rate limits.
const LoginWindow = time.Minute

// LimitResult is one attempt counted against a key's limit.
type LimitResult struct {
	Attempts int  // attempts in this window, this one included
	Limited  bool // the sliding count is above the limit
	// First is true for the first refused attempt of the window: the one
	// that wrote the window's audit row.
	First bool
}

// CountLoginAttempt counts one attempt for key (e.g. "ip:192.0.2.1") in
// PostgreSQL, so the limit holds across every instance on the database.
// The count slides: this minute's attempts plus the previous minute's,
// weighted by how much of it the last 60 s still cover. The first refused
// attempt of a window writes one audit row (auth.login_rate_limited) for
// the key and window; later ones are only counted, so a flood cannot grow
// the append-only audit log.
func (s *Store) CountLoginAttempt(ctx context.Context, key string, limit int, details map[string]any) (LimitResult, error) {
	now := s.Now()
	window := now.Truncate(LoginWindow)
	var res LimitResult
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		var previous int
		err := tx.QueryRow(ctx, `WITH cur AS (
				INSERT INTO login_attempts (key, window_start, attempts) VALUES ($1, $2, 1)
				ON CONFLICT (key, window_start) DO UPDATE SET attempts = login_attempts.attempts + 1
				RETURNING attempts)
			SELECT cur.attempts, coalesce((SELECT attempts FROM login_attempts WHERE key = $1 AND window_start = $3), 0) FROM cur`,
			key, window, window.Add(-LoginWindow)).Scan(&res.Attempts, &previous)
		if err != nil {
			return err
		}
		weight := 1 - float64(now.Sub(window))/float64(LoginWindow)
		res.Limited = float64(res.Attempts)+float64(previous)*weight > float64(limit)
		if !res.Limited {
			return nil
		}
		tag, err := tx.Exec(ctx, `UPDATE login_attempts SET audited = true WHERE key = $1 AND window_start = $2 AND NOT audited`, key, window)
		if err != nil || tag.RowsAffected() == 0 {
			return err
		}
		res.First = true
		after := map[string]any{"key": key, "window_start": window, "limit": limit}
		for k, v := range details {
			after[k] = v
		}
		return insertAudit(ctx, tx, audit.Entry{ActorEmail: "anonymous", Action: "auth.login_rate_limited",
			ObjectType: "login_limit", ObjectID: key, After: after})
	})
	if err != nil {
		return LimitResult{}, fmt.Errorf("store: count login attempt: %w", err)
	}
	return res, nil
}

// LoginAttempts returns the attempts counted for key in the current window.
func (s *Store) LoginAttempts(ctx context.Context, key string) (int, error) {
	var n int
	err := s.pool.QueryRow(ctx, `SELECT coalesce(sum(attempts), 0) FROM login_attempts WHERE key = $1 AND window_start = $2`,
		key, s.Now().Truncate(LoginWindow)).Scan(&n)
	return n, err
}

// DeleteOldLoginAttempts drops the counters of past windows; the audit log
// keeps the refused windows.
func (s *Store) DeleteOldLoginAttempts(ctx context.Context) (int64, error) {
	tag, err := s.pool.Exec(ctx, `DELETE FROM login_attempts WHERE window_start < $1`, s.Now().Truncate(LoginWindow).Add(-LoginWindow))
	if err != nil {
		return 0, fmt.Errorf("store: delete old login attempts: %w", err)
	}
	return tag.RowsAffected(), nil
}

// WithAdvisoryLock runs fn while holding PostgreSQL's session advisory lock
// key, so that one instance at a time does fn (e.g. loading demo data on a
// new database) however many start at once.
func (s *Store) WithAdvisoryLock(ctx context.Context, key int64, fn func() error) error {
	conn, err := s.root.Acquire(ctx)
	if err != nil {
		return fmt.Errorf("store: advisory lock: %w", err)
	}
	defer conn.Release()
	// The pool's 3 s lock_timeout applies to advisory locks too, and the
	// other instance may hold this one longer (hashing the demo passwords
	// on a busy machine): wait without it, bounded by the context. The
	// setting is local to the transaction the lock is taken in.
	tx, err := conn.Begin(ctx)
	if err != nil {
		return fmt.Errorf("store: advisory lock: %w", err)
	}
	_, err = tx.Exec(ctx, `SET LOCAL lock_timeout = 0`)
	if err == nil {
		_, err = tx.Exec(ctx, `SELECT pg_advisory_lock($1)`, key)
	}
	if err != nil {
		_ = tx.Rollback(context.WithoutCancel(ctx))
		return fmt.Errorf("store: advisory lock %d: %w", key, err)
	}
	// A session lock outlives the transaction that took it.
	if err := tx.Commit(ctx); err != nil {
		return fmt.Errorf("store: advisory lock %d: %w", key, err)
	}
	defer func() { _, _ = conn.Exec(context.WithoutCancel(ctx), `SELECT pg_advisory_unlock($1)`, key) }()
	return fn()
}
