package account

import (
	"context"
	"errors"

	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/store"
)

// Service runs the account use cases on one store.
type Service struct {
	store *store.Store
	// kdf bounds concurrent argon2id runs (19 MiB each) so a sign-in
	// flood cannot starve the other pages of CPU and memory.
	kdf chan struct{}
}

// New returns a Service on st.
func New(st *store.Store) *Service { return &Service{store: st, kdf: make(chan struct{}, 2)} }

// ErrOwnAccount refuses an admin's change to their own role or access:
// an admin cannot lock themselves out.
var ErrOwnAccount = errors.New("account: an admin cannot change their own role or access")

// ErrEmailTaken refuses a new user whose email another user has.
var ErrEmailTaken = errors.New("account: email taken")

// User reads one user.
func (s *Service) User(ctx context.Context, id int64) (store.User, error) {
	return s.store.UserByID(ctx, id)
}

// Directory is what the admin's users page shows: every user, every
// token and the token lifetimes in force.
type Directory struct {
	Users  []store.User
	Tokens []store.APIToken
	Lifetimes
}

// Lifetimes are the default and maximum token lifetimes, in days.
type Lifetimes struct{ DefaultDays, MaxDays int }

// Directory reads the users page.
func (s *Service) Directory(ctx context.Context) (Directory, error) {
	var d Directory
	var err error
	if d.Users, err = s.store.ListUsers(ctx); err != nil {
		return d, err
	}
	if d.Tokens, err = s.store.ListTokens(ctx, 0); err != nil {
		return d, err
	}
	d.DefaultDays, d.MaxDays, err = s.store.TokenLifetimes(ctx)
	return d, err
}

// NewUser is a user as the admin adds them, with the initial password in
// clear (already checked against auth.CheckPolicy by the form).
type NewUser struct {
	Email, Name, Password string
	Role                  auth.Role
}

// AddUser stores a new user with the password hashed; ErrEmailTaken when
// the email is in use.
func (s *Service) AddUser(ctx context.Context, by store.User, in NewUser) (store.User, error) {
	hash, err := auth.HashPassword(auth.NormalizePassword(in.Password), auth.CurrentParams())
	if err != nil {
		return store.User{}, err
	}
	u, err := s.store.CreateUser(ctx, by.Actor(), store.User{Email: in.Email, Name: in.Name, Role: in.Role, PasswordHash: hash})
	if errors.Is(err, store.ErrExists) {
		return u, ErrEmailTaken
	}
	return u, err
}

// SetRole changes another user's role (ErrOwnAccount for the admin's own).
func (s *Service) SetRole(ctx context.Context, by store.User, id int64, role auth.Role) error {
	return s.update(ctx, by, id, store.UserChange{Role: &role})
}

// SetActive lets another user sign in or not (ErrOwnAccount for the
// admin's own account).
func (s *Service) SetActive(ctx context.Context, by store.User, id int64, active bool) error {
	return s.update(ctx, by, id, store.UserChange{Active: &active})
}

func (s *Service) update(ctx context.Context, by store.User, id int64, c store.UserChange) error {
	if id == by.ID {
		return ErrOwnAccount
	}
	_, err := s.store.UpdateUser(ctx, by.Actor(), id, c)
	return err
}
