package store

import (
	"context"
	"errors"
	"fmt"
	"strconv"
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
	Scope      auth.Scope `db:"scope" json:"scope"`
	CreatedAt  time.Time  `db:"created_at" json:"created_at"`
	ExpiresAt  time.Time  `db:"expires_at" json:"expires_at"`
	LastUsedAt *time.Time `db:"last_used_at" json:"last_used_at"`
	RevokedAt  *time.Time `db:"revoked_at" json:"revoked_at"`
	// An evidence token is bound to one quote or one evaluation.
	QuoteID      *int64 `db:"quote_id" json:"quote_id,omitempty"`
	EvaluationID *int64 `db:"evaluation_id" json:"evaluation_id,omitempty"`
}

const tokenColumns = `id, user_id, name, scope, created_at, expires_at, last_used_at, revoked_at, quote_id, evaluation_id`

// TokenSpec is what the issuer chooses for a new token. A zero Days means
// the admin's default lifetime.
type TokenSpec struct {
	Name  string
	Scope auth.Scope
	Days  int
	// QuoteID or EvaluationID (exactly one) binds an evidence token.
	QuoteID, EvaluationID int64
}

// ErrTokenBinding is an evidence token without exactly one quote or
// evaluation, or another scope with one.
var ErrTokenBinding = errors.New("store: an evidence token is bound to exactly one quote or evaluation, and only it")

func (spec TokenSpec) bound() (quote, evaluation *int64, err error) {
	if spec.QuoteID > 0 {
		quote = &spec.QuoteID
	}
	if spec.EvaluationID > 0 {
		evaluation = &spec.EvaluationID
	}
	if (spec.Scope == auth.ScopeEvidence) != (quote != nil || evaluation != nil) || (quote != nil && evaluation != nil) {
		return nil, nil, ErrTokenBinding
	}
	return quote, evaluation, nil
}

// ErrTokenTooLong is a requested lifetime above the admin's maximum.
var ErrTokenTooLong = errors.New("store: token lifetime above the maximum")

// CreateToken issues a token with every scope its owner's role allows and
// the default lifetime; IssueToken lets the caller choose.
func (s *Store) CreateToken(ctx context.Context, by audit.Actor, u User, name string) (string, APIToken, error) {
	return s.IssueToken(ctx, by, u, TokenSpec{Name: name, Scope: auth.ScopeApprove})
}

// IssueToken creates a token for user u as spec says and returns it (shown
// once) with its record; the creation is audited.
func (s *Store) IssueToken(ctx context.Context, by audit.Actor, u User, spec TokenSpec) (string, APIToken, error) {
	if !spec.Scope.Valid() {
		return "", APIToken{}, fmt.Errorf("store: token scope %q", spec.Scope)
	}
	quoteID, evaluationID, err := spec.bound()
	if err != nil {
		return "", APIToken{}, err
	}
	def, maxDays, err := s.TokenLifetimes(ctx)
	if err != nil {
		return "", APIToken{}, err
	}
	if spec.Scope == auth.ScopeEvidence {
		def, maxDays = min(def, auth.EvidenceTokenDays), min(maxDays, auth.MaxEvidenceTokenDays)
	}
	if spec.Days == 0 {
		spec.Days = def
	}
	if spec.Days < 0 || spec.Days > maxDays {
		return "", APIToken{}, fmt.Errorf("%w (%d days, at most %d)", ErrTokenTooLong, spec.Days, maxDays)
	}
	token := "gq_" + auth.NewToken()
	expires := s.Now().AddDate(0, 0, spec.Days)
	var t APIToken
	err = s.inTx(ctx, func(tx pgx.Tx) error {
		rows, _ := tx.Query(ctx, `INSERT INTO api_tokens (user_id, name, token_hash, scope, expires_at, quote_id, evaluation_id)
			VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING `+tokenColumns, u.ID, spec.Name, auth.HashToken(token), spec.Scope, expires,
			quoteID, evaluationID)
		var err error
		if t, err = pgx.CollectExactlyOneRow(rows, pgx.RowToStructByName[APIToken]); err != nil {
			return err
		}
		return insertAudit(ctx, tx, audit.Entry{ActorID: by.ID, ActorEmail: actorEmail(by), Action: "token.create",
			ObjectType: "api_token", ObjectID: fmt.Sprint(t.ID),
			After: map[string]any{"user": u.Email, "name": spec.Name, "scope": spec.Scope, "expires_at": expires,
				"quote_id": quoteID, "evaluation_id": evaluationID}})
	})
	if err != nil {
		return "", APIToken{}, fmt.Errorf("store: create token: %w", err)
	}
	return token, t, nil
}

// UserByToken returns the active owner of a live token.
func (s *Store) UserByToken(ctx context.Context, token string) (User, error) {
	u, _, err := s.TokenByValue(ctx, token)
	return u, err
}

// tokenTouchEvery bounds the writes of last_used_at: once a minute per
// token is enough to tell a used token from an idle one, and a busy API
// client no longer turns every read into a write.
const tokenTouchEvery = time.Minute

// TokenByValue returns the active owner of an unrevoked, unexpired token
// and the token's record.
func (s *Store) TokenByValue(ctx context.Context, token string) (User, APIToken, error) {
	var u User
	var t APIToken
	now := s.Now()
	hash := auth.HashToken(token)
	err := s.pool.QueryRow(ctx, `
		SELECT t.id, t.user_id, t.name, t.scope, t.created_at, t.expires_at, t.last_used_at, t.revoked_at, t.quote_id, t.evaluation_id,
		       u.id, u.email, u.name, u.role, u.language, u.active, u.created_at
		FROM api_tokens t JOIN users u ON u.id = t.user_id
		WHERE t.token_hash = $1 AND t.revoked_at IS NULL AND t.expires_at > $2 AND u.active`, hash, now).
		Scan(&t.ID, &t.UserID, &t.Name, &t.Scope, &t.CreatedAt, &t.ExpiresAt, &t.LastUsedAt, &t.RevokedAt, &t.QuoteID, &t.EvaluationID,
			&u.ID, &u.Email, &u.Name, &u.Role, &u.Language, &u.Active, &u.CreatedAt)
	if err != nil {
		return User{}, APIToken{}, notFound("store: user by token", err)
	}
	if t.LastUsedAt == nil || now.Sub(*t.LastUsedAt) >= tokenTouchEvery {
		// The condition repeats the check, so concurrent requests write once.
		if _, err := s.pool.Exec(ctx, `UPDATE api_tokens SET last_used_at = $2
			WHERE id = $1 AND (last_used_at IS NULL OR last_used_at <= $3)`, t.ID, now, now.Add(-tokenTouchEvery)); err != nil {
			return User{}, APIToken{}, fmt.Errorf("store: touch token: %w", err)
		}
		t.LastUsedAt = &now
	}
	return u, t, nil
}

// Settings for token lifetimes, in days.
const (
	SettingTokenDefaultDays = "token_default_days"
	SettingTokenMaxDays     = "token_max_days"
)

// TokenLifetimes returns the default and the maximum lifetime of a new
// token in days, as the admin set them (else auth's defaults).
func (s *Store) TokenLifetimes(ctx context.Context) (def, maxDays int, err error) {
	def, maxDays = auth.DefaultTokenDays, auth.MaxTokenDays
	rows, _ := s.pool.Query(ctx, `SELECT key, value FROM settings WHERE key IN ($1, $2)`, SettingTokenDefaultDays, SettingTokenMaxDays)
	var key, value string
	_, err = pgx.ForEachRow(rows, []any{&key, &value}, func() error {
		n, err := strconv.Atoi(value)
		if err != nil {
			return fmt.Errorf("setting %s=%q: %w", key, value, err)
		}
		if key == SettingTokenDefaultDays {
			def = n
		} else {
			maxDays = n
		}
		return nil
	})
	if err != nil {
		return 0, 0, fmt.Errorf("store: token lifetimes: %w", err)
	}
	return min(def, maxDays), maxDays, nil
}

// ListTokens returns a user's tokens, newest first; userID 0 lists all.
func (s *Store) ListTokens(ctx context.Context, userID int64) ([]APIToken, error) {
	rows, _ := s.pool.Query(ctx, `SELECT `+tokenColumns+`
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

// SetTokenLifetimes sets the default and maximum lifetime of new tokens,
// in days, together and audited. Existing tokens keep their expiry.
func (s *Store) SetTokenLifetimes(ctx context.Context, by audit.Actor, def, maxDays int) error {
	return s.inTx(ctx, func(tx pgx.Tx) error {
		for key, v := range map[string]int{SettingTokenDefaultDays: def, SettingTokenMaxDays: maxDays} {
			if _, err := tx.Exec(ctx, `INSERT INTO settings (key, value, updated_by) VALUES ($1, $2, $3)
				ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_by = EXCLUDED.updated_by, updated_at = now()`,
				key, strconv.Itoa(v), by.ID); err != nil {
				return fmt.Errorf("store: set %s: %w", key, err)
			}
		}
		return insertAudit(ctx, tx, audit.Entry{ActorID: by.ID, ActorEmail: actorEmail(by), Action: "setting.update",
			ObjectType: "setting", ObjectID: "token_lifetime", After: map[string]int{"default_days": def, "max_days": maxDays}})
	})
}
