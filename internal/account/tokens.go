package account

import (
	"context"
	"errors"
	"strconv"
	"time"

	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/store"
)

var (
	// ErrNotYourToken refuses revoking another person's token to anyone
	// but an admin.
	ErrNotYourToken = errors.New("account: not your token")
	// ErrLifetime refuses token lifetimes out of order or above
	// auth.TokenDaysCeiling.
	ErrLifetime = errors.New("account: invalid token lifetimes")
	// ErrTokenDays refuses a token asked for fewer than one day or more
	// than the maximum lifetime.
	ErrTokenDays = errors.New("account: token lifetime out of range")
)

// TokenRequest is a token as its owner asks for it: a name, a scope
// (write when empty) and a lifetime in days (the default when nil).
type TokenRequest struct {
	Name  string
	Scope auth.Scope
	Days  *int
}

// IssueToken issues an API token for u and returns it in clear, the only
// time it is seen. ErrTokenDays when the lifetime is under a day or above
// the admin's maximum.
func (s *Service) IssueToken(ctx context.Context, u store.User, in TokenRequest) (string, error) {
	spec := store.TokenSpec{Name: in.Name, Scope: in.Scope}
	if spec.Scope == "" {
		spec.Scope = auth.ScopeWrite
	}
	if in.Days != nil {
		if *in.Days < 1 {
			return "", ErrTokenDays
		}
		spec.Days = *in.Days
	}
	token, _, err := s.store.IssueToken(ctx, u.Actor(), u, spec)
	if errors.Is(err, store.ErrTokenTooLong) {
		return "", ErrTokenDays
	}
	return token, err
}

// RevokeToken revokes a token: its owner or an admin may
// (ErrNotYourToken otherwise).
func (s *Service) RevokeToken(ctx context.Context, u store.User, id int64) error {
	owner, err := s.store.TokenOwner(ctx, id)
	if err != nil {
		return err
	}
	if owner != u.ID && !u.Role.Can(auth.ManageUsers) {
		return ErrNotYourToken
	}
	return s.store.RevokeToken(ctx, u.Actor(), id)
}

// SetLifetimes sets the default and maximum token lifetimes: at least a
// day, the default within the maximum, the maximum within
// auth.TokenDaysCeiling (ErrLifetime otherwise).
func (s *Service) SetLifetimes(ctx context.Context, by store.User, l Lifetimes) error {
	if l.DefaultDays < 1 || l.MaxDays < l.DefaultDays || l.MaxDays > auth.TokenDaysCeiling {
		return ErrLifetime
	}
	return s.store.SetTokenLifetimes(ctx, by.Actor(), l.DefaultDays, l.MaxDays)
}

// IssueEvidenceToken issues an evidence token bound to the quote, for
// days (0: the default lifetime), named after the quote; it returns the
// token in clear and when it expires.
func (s *Service) IssueEvidenceToken(ctx context.Context, u store.User, quoteID int64, days int) (string, time.Time, error) {
	name := "evidence for quote " + strconv.FormatInt(quoteID, 10)
	token, t, err := s.store.IssueToken(ctx, u.Actor(), u, store.TokenSpec{Name: name, Scope: auth.ScopeEvidence, Days: days, QuoteID: quoteID})
	return token, t.ExpiresAt, err
}
