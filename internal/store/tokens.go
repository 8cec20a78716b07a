package store

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/gpuquote/gpuquote/internal/audit"
	"github.com/gpuquote/gpuquote/internal/auth"
)

// APIToken is a bearer token's record; the token itself is shown once.
type APIToken struct {
	ID         int64      `db:"id" json:"id"`
	UserID     int64      `db:"user_id" json:"user_id"`
	Name       string     `db:"name" json:"name"`
	CreatedAt  time.Time  `db:"created_at" json:"created_at"`
	LastUsedAt *time.Time `db:"last_used_at" json:"last_used_at"`
	RevokedAt  *time.Time `db:"revoked_at" json:"revoked_at"`
}

// CreateToken issues a token for user u and returns it with its record.
func (s *Store) CreateToken(ctx context.Context, by audit.Actor, u User, name string) (string, APIToken, error) {
	token := "gq_" + auth.NewToken()
	var t APIToken
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		rows, _ := tx.Query(ctx, `INSERT INTO api_tokens (user_id, name, token_hash) VALUES ($1, $2, $3)
			RETURNING id, user_id, name, created_at, last_used_at, revoked_at`, u.ID, name, auth.HashToken(token))
		var err error
		if t, err = pgx.CollectExactlyOneRow(rows, pgx.RowToStructByName[APIToken]); err != nil {
			return err
		}
		return insertAudit(ctx, tx, audit.Entry{ActorID: by.ID, ActorEmail: actorEmail(by), Action: "token.create",
			ObjectType: "api_token", ObjectID: fmt.Sprint(t.ID), After: map[string]any{"user": u.Email, "name": name}})
	})
	if err != nil {
		return "", APIToken{}, fmt.Errorf("store: create token: %w", err)
	}
	return token, t, nil
}

// UserByToken returns the active owner of an unrevoked token.
func (s *Store) UserByToken(ctx context.Context, token string) (User, error) {
	var u User
	err := s.pool.QueryRow(ctx, `
		UPDATE api_tokens t SET last_used_at = now()
		FROM users u
		WHERE t.token_hash = $1 AND t.revoked_at IS NULL AND u.id = t.user_id AND u.active
		RETURNING u.id, u.email, u.name, u.role, u.language, u.active, u.created_at`, auth.HashToken(token)).
		Scan(&u.ID, &u.Email, &u.Name, &u.Role, &u.Language, &u.Active, &u.CreatedAt)
	if err != nil {
		return User{}, notFound("store: user by token", err)
	}
	return u, nil
}

// ListTokens returns a user's tokens, newest first; userID 0 lists all.
func (s *Store) ListTokens(ctx context.Context, userID int64) ([]APIToken, error) {
	rows, _ := s.pool.Query(ctx, `SELECT id, user_id, name, created_at, last_used_at, revoked_at
		FROM api_tokens WHERE $1 = 0 OR user_id = $1 ORDER BY id DESC`, userID)
	ts, err := pgx.CollectRows(rows, pgx.RowToStructByName[APIToken])
	if err != nil {
		return nil, fmt.Errorf("store: list tokens: %w", err)
	}
	return ts, nil
}

// RevokeToken marks a token revoked; it stops working at once.
func (s *Store) RevokeToken(ctx context.Context, by audit.Actor, id int64) error {
	return s.inTx(ctx, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `UPDATE api_tokens SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL`, id)
		if err != nil {
			return fmt.Errorf("store: revoke token %d: %w", id, err)
		}
		if tag.RowsAffected() == 0 {
			return fmt.Errorf("store: revoke token %d: %w", id, ErrNotFound)
		}
		return insertAudit(ctx, tx, audit.Entry{ActorID: by.ID, ActorEmail: actorEmail(by), Action: "token.revoke",
			ObjectType: "api_token", ObjectID: fmt.Sprint(id)})
	})
}

// TokenOwner returns the id of the user a token belongs to.
func (s *Store) TokenOwner(ctx context.Context, id int64) (int64, error) {
	var owner int64
	if err := s.pool.QueryRow(ctx, `SELECT user_id FROM api_tokens WHERE id = $1`, id).Scan(&owner); err != nil {
		return 0, notFound(fmt.Sprintf("store: token %d", id), err)
	}
	return owner, nil
}
