package account

import (
	"context"

	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/store"
)

// Profile is what a person's own profile page shows: their account,
// their tokens and the token lifetimes in force.
type Profile struct {
	User   store.User
	Tokens []store.APIToken
	Lifetimes
}

// Profile reads the user's own profile.
func (s *Service) Profile(ctx context.Context, userID int64) (Profile, error) {
	var p Profile
	var err error
	if p.User, err = s.store.UserByID(ctx, userID); err != nil {
		return p, err
	}
	if p.Tokens, err = s.store.ListTokens(ctx, userID); err != nil {
		return p, err
	}
	p.DefaultDays, p.MaxDays, err = s.store.TokenLifetimes(ctx)
	return p, err
}

// ChangePassword sets the user's own password (already checked against
// auth.CheckPolicy and confirmed by the form, after the current one was
// checked). Every session of the user but keepSession ends.
func (s *Service) ChangePassword(ctx context.Context, u store.User, newPassword, keepSession string) error {
	hash, err := auth.HashPassword(auth.NormalizePassword(newPassword), auth.CurrentParams())
	if err != nil {
		return err
	}
	return s.store.ChangePassword(ctx, u.Actor(), u.ID, hash, keepSession)
}

// SetLanguage saves the user's language ("" follows the browser); the
// caller checks it is one the catalog has.
func (s *Service) SetLanguage(ctx context.Context, u store.User, lang string) error {
	return s.store.SetLanguage(ctx, u.Actor(), u.ID, lang)
}

// Reauthenticated records that the session's user typed their password
// again just now, so the fresh-login window starts over.
func (s *Service) Reauthenticated(ctx context.Context, sessionToken string, u store.User) error {
	return s.store.Reauthenticate(ctx, sessionToken, u)
}
