package store

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/gpuquote/gpuquote/internal/audit"
	"github.com/gpuquote/gpuquote/internal/auth"
)

// Session lifetimes (ASVS 7.3): idle and absolute expiry.
const (
	SessionIdle     = 30 * time.Minute
	SessionAbsolute = 8 * time.Hour
)

// sessionTouchEvery bounds the writes of a session's last_seen_at, as
// tokenTouchEvery does for tokens.
const sessionTouchEvery = time.Minute

// Session is a logged-in browser.
type Session struct {
	User            User
	CreatedAt       time.Time
	LastSeenAt      time.Time
	AuthenticatedAt time.Time
}

// CreateSession starts a session for u and returns its token, which only
// the cookie holds; the table keeps its hash. The login is audited in the
// same transaction.
func (s *Store) CreateSession(ctx context.Context, u User, ip string) (string, error) {
	token := auth.NewToken()
	now := s.Now()
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `INSERT INTO sessions (token_hash, user_id, created_at, last_seen_at, authenticated_at)
			VALUES ($1, $2, $3, $3, $3)`, auth.HashToken(token), u.ID, now); err != nil {
			return err
		}
		return insertAudit(ctx, tx, audit.Entry{ActorID: u.ID, ActorEmail: u.Email, Action: "auth.login",
			ObjectType: "user", ObjectID: fmt.Sprint(u.ID), After: map[string]any{"ip": ip}})
	})
	if err != nil {
		return "", fmt.Errorf("store: create session: %w", err)
	}
	return token, nil
}

// SessionByToken returns the live session for token and marks it seen.
// An idle or too old session is deleted and reported as not found.
func (s *Store) SessionByToken(ctx context.Context, token string) (Session, error) {
	now := s.Now()
	hash := auth.HashToken(token)
	var sess Session
	var u User
	err := s.pool.QueryRow(ctx, `
		SELECT s.created_at, s.last_seen_at, s.authenticated_at,
		       u.id, u.email, u.name, u.role, u.language, u.active, u.created_at
		FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = $1`, hash).
		Scan(&sess.CreatedAt, &sess.LastSeenAt, &sess.AuthenticatedAt, &u.ID, &u.Email, &u.Name, &u.Role, &u.Language, &u.Active, &u.CreatedAt)
	if err != nil {
		return Session{}, notFound("store: session", err)
	}
	if !u.Active || now.Sub(sess.LastSeenAt) > SessionIdle || now.Sub(sess.CreatedAt) > SessionAbsolute {
		_, _ = s.pool.Exec(ctx, `DELETE FROM sessions WHERE token_hash = $1`, hash)
		return Session{}, fmt.Errorf("store: session expired: %w", ErrNotFound)
	}
	// Touch at most once a minute: a page view need not be a write. The
	// idle limit is then counted from a time up to a minute before the
	// last request, so an idle browser is signed out on time or up to a
	// minute early, never late. The condition repeats the check, so
	// concurrent requests write once.
	if now.Sub(sess.LastSeenAt) >= sessionTouchEvery {
		if _, err := s.pool.Exec(ctx, `UPDATE sessions SET last_seen_at = $2 WHERE token_hash = $1 AND last_seen_at <= $3`,
			hash, now, now.Add(-sessionTouchEvery)); err != nil {
			return Session{}, fmt.Errorf("store: touch session: %w", err)
		}
		sess.LastSeenAt = now
	}
	sess.User = u
	return sess, nil
}

// DeleteSession ends a session (logout), audited.
func (s *Store) DeleteSession(ctx context.Context, token string, u User) error {
	return s.inTx(ctx, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `DELETE FROM sessions WHERE token_hash = $1`, auth.HashToken(token)); err != nil {
			return fmt.Errorf("store: delete session: %w", err)
		}
		return insertAudit(ctx, tx, audit.Entry{ActorID: u.ID, ActorEmail: u.Email, Action: "auth.logout",
			ObjectType: "user", ObjectID: fmt.Sprint(u.ID)})
	})
}

// DeleteExpiredSessions removes sessions past either limit.
func (s *Store) DeleteExpiredSessions(ctx context.Context) (int64, error) {
	now := s.Now()
	tag, err := s.pool.Exec(ctx, `DELETE FROM sessions WHERE last_seen_at < $1 OR created_at < $2`,
		now.Add(-SessionIdle), now.Add(-SessionAbsolute))
	if err != nil {
		return 0, fmt.Errorf("store: delete expired sessions: %w", err)
	}
	return tag.RowsAffected(), nil
}
