package store

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/gpuquote/gpuquote/internal/audit"
	"github.com/gpuquote/gpuquote/internal/auth"
)

// User is an account. PasswordHash never leaves the store and web packages.
type User struct {
	ID           int64     `db:"id" json:"id"`
	Email        string    `db:"email" json:"email"`
	Name         string    `db:"name" json:"name"`
	Role         auth.Role `db:"role" json:"role"`
	PasswordHash string    `db:"password_hash" json:"-"`
	Language     string    `db:"language" json:"language"`
	Active       bool      `db:"active" json:"active"`
	CreatedAt    time.Time `db:"created_at" json:"created_at"`
}

// Actor is the audit identity of u.
func (u User) Actor() audit.Actor { return audit.Actor{ID: u.ID, Email: u.Email} }

// userView is what the audit log records of a user: never the hash.
func (u User) auditView() map[string]any {
	return map[string]any{"email": u.Email, "name": u.Name, "role": u.Role, "active": u.Active, "language": u.Language}
}

const userColumns = `id, email, name, role, password_hash, language, active, created_at`

// CreateUser adds a user; by is nil for the command line's first user.
func (s *Store) CreateUser(ctx context.Context, by audit.Actor, u User) (User, error) {
	u.Email = strings.TrimSpace(u.Email)
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		err := tx.QueryRow(ctx, `
			INSERT INTO users (email, name, role, password_hash, language)
			VALUES ($1, $2, $3, $4, $5) RETURNING id, active, created_at`,
			u.Email, u.Name, u.Role, u.PasswordHash, u.Language).Scan(&u.ID, &u.Active, &u.CreatedAt)
		if isUniqueViolation(err) {
			return ErrExists
		}
		if err != nil {
			return err
		}
		return insertAudit(ctx, tx, audit.Entry{ActorID: by.ID, ActorEmail: actorEmail(by), Action: "user.create",
			ObjectType: "user", ObjectID: fmt.Sprint(u.ID), After: u.auditView()})
	})
	if err != nil {
		return User{}, fmt.Errorf("store: create user %s: %w", u.Email, err)
	}
	return u, nil
}

func actorEmail(a audit.Actor) string {
	if a.Email == "" {
		return "system"
	}
	return a.Email
}

// UserByEmail finds a user by email, case-insensitively.
func (s *Store) UserByEmail(ctx context.Context, email string) (User, error) {
	rows, _ := s.pool.Query(ctx, `SELECT `+userColumns+` FROM users WHERE lower(email) = lower($1)`, strings.TrimSpace(email))
	u, err := pgx.CollectExactlyOneRow(rows, pgx.RowToStructByName[User])
	if err != nil {
		return User{}, notFound("store: user by email", err)
	}
	return u, nil
}

// UserByID finds a user by id.
func (s *Store) UserByID(ctx context.Context, id int64) (User, error) {
	rows, _ := s.pool.Query(ctx, `SELECT `+userColumns+` FROM users WHERE id = $1`, id)
	u, err := pgx.CollectExactlyOneRow(rows, pgx.RowToStructByName[User])
	if err != nil {
		return User{}, notFound(fmt.Sprintf("store: user %d", id), err)
	}
	return u, nil
}

// ListUsers returns every user by email.
func (s *Store) ListUsers(ctx context.Context) ([]User, error) {
	rows, _ := s.pool.Query(ctx, `SELECT `+userColumns+` FROM users ORDER BY lower(email)`)
	users, err := pgx.CollectRows(rows, pgx.RowToStructByName[User])
	if err != nil {
		return nil, fmt.Errorf("store: list users: %w", err)
	}
	return users, nil
}

// CountUsers reports how many users exist (zero on a fresh database).
func (s *Store) CountUsers(ctx context.Context) (int, error) {
	var n int
	err := s.pool.QueryRow(ctx, `SELECT count(*) FROM users`).Scan(&n)
	return n, err
}

// UserChange is what an admin may change about a user.
type UserChange struct {
	Role   *auth.Role
	Active *bool
}

// UpdateUser applies c. Changing the role or deactivating ends the user's
// sessions, so the change takes effect on their next request.
func (s *Store) UpdateUser(ctx context.Context, by audit.Actor, id int64, c UserChange) (User, error) {
	var after User
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		rows, _ := tx.Query(ctx, `SELECT `+userColumns+` FROM users WHERE id = $1 FOR UPDATE`, id)
		before, err := pgx.CollectExactlyOneRow(rows, pgx.RowToStructByName[User])
		if err != nil {
			return notFound("select", err)
		}
		after = before
		if c.Role != nil {
			after.Role = *c.Role
		}
		if c.Active != nil {
			after.Active = *c.Active
		}
		if _, err := tx.Exec(ctx, `UPDATE users SET role = $2, active = $3, updated_at = now() WHERE id = $1`,
			id, after.Role, after.Active); err != nil {
			return err
		}
		if after.Role != before.Role || !after.Active {
			if _, err := tx.Exec(ctx, `DELETE FROM sessions WHERE user_id = $1`, id); err != nil {
				return err
			}
		}
		// Deactivation revokes the user's tokens for good: reactivating the
		// account must not bring old credentials back to life.
		if !after.Active {
			if _, err := tx.Exec(ctx, `UPDATE api_tokens SET revoked_at = $2 WHERE user_id = $1 AND revoked_at IS NULL`, id, s.Now()); err != nil {
				return err
			}
		}
		return insertAudit(ctx, tx, audit.Entry{ActorID: by.ID, ActorEmail: actorEmail(by), Action: "user.update",
			ObjectType: "user", ObjectID: fmt.Sprint(id), Before: before.auditView(), After: after.auditView()})
	})
	if err != nil {
		return User{}, fmt.Errorf("store: update user %d: %w", id, err)
	}
	return after, nil
}

// SetPasswordHash replaces a user's hash, e.g. when an old hash is
// upgraded to current argon2id parameters at login; audited, never the hash.
func (s *Store) SetPasswordHash(ctx context.Context, by audit.Actor, id int64, hash string) error {
	return s.updateUserColumn(ctx, by, id, "user.rehash", `UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1`, hash, nil)
}

// SetLanguage stores the user's interface language ("" follows the
// browser); audited.
func (s *Store) SetLanguage(ctx context.Context, by audit.Actor, id int64, lang string) error {
	return s.updateUserColumn(ctx, by, id, "user.language", `UPDATE users SET language = $2, updated_at = now() WHERE id = $1`, lang,
		map[string]string{"language": lang})
}

// updateUserColumn runs one UPDATE of a user and its audit row together.
func (s *Store) updateUserColumn(ctx context.Context, by audit.Actor, id int64, action, sql string, value any, after any) error {
	return s.inTx(ctx, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, sql, id, value)
		if err != nil {
			return fmt.Errorf("store: %s %d: %w", action, id, err)
		}
		if tag.RowsAffected() == 0 {
			return fmt.Errorf("store: %s %d: %w", action, id, ErrNotFound)
		}
		return insertAudit(ctx, tx, audit.Entry{ActorID: by.ID, ActorEmail: actorEmail(by), Action: action,
			ObjectType: "user", ObjectID: fmt.Sprint(id), After: after})
	})
}

// ChangePassword sets a new password hash and ends every session of the
// user but keepSession (the token of the session that made the change; ""
// ends them all), in one audited transaction.
func (s *Store) ChangePassword(ctx context.Context, by audit.Actor, id int64, hash, keepSession string) error {
	return s.inTx(ctx, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1`, id, hash)
		if err != nil {
			return fmt.Errorf("store: change password %d: %w", id, err)
		}
		if tag.RowsAffected() == 0 {
			return fmt.Errorf("store: change password %d: %w", id, ErrNotFound)
		}
		ended, err := tx.Exec(ctx, `DELETE FROM sessions WHERE user_id = $1 AND token_hash <> $2`, id, auth.HashToken(keepSession))
		if err != nil {
			return fmt.Errorf("store: change password %d: end sessions: %w", id, err)
		}
		return insertAudit(ctx, tx, audit.Entry{ActorID: by.ID, ActorEmail: actorEmail(by), Action: "user.password",
			ObjectType: "user", ObjectID: fmt.Sprint(id), After: map[string]any{"sessions_ended": ended.RowsAffected()}})
	})
}
