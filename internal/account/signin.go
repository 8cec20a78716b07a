package account

import (
	"context"
	"errors"
	"sync"
	"time"

	"github.com/gpuquote/gpuquote/internal/audit"
	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/store"
)

// ErrBadCredentials refuses a sign-in: an unknown email, a wrong password
// or a deactivated account, never saying which.
var ErrBadCredentials = errors.New("account: bad credentials")

// dummyHashes holds, per cost, the hash compared against when the account
// does not exist, so a sign-in takes as long for an unknown email as for a
// wrong password. The production cost's is made when the program starts; a
// test binary that made its hashes cheap (auth.UseTestParams) gets a cheap
// one at its first unknown email.
var dummyHashes sync.Map // auth.Params → string

var _ = dummyHash()

func dummyHash() string {
	p := auth.CurrentParams()
	if h, ok := dummyHashes.Load(p); ok {
		return h.(string)
	}
	h, _ := auth.HashPassword("gpuquote-no-such-user", p)
	dummyHashes.Store(p, h)
	return h
}

// checkPassword compares password with hash, at most two at a time: an
// argon2id run takes 19 MiB, and a sign-in flood must not starve the
// other pages of CPU and memory.
func (s *Service) checkPassword(password, hash string) (rehash bool, err error) {
	s.kdf <- struct{}{}
	defer func() { <-s.kdf }()
	return auth.CheckPassword(auth.NormalizePassword(password), hash)
}

// SignedIn is a new browser session.
type SignedIn struct {
	User  store.User
	Token string // the session cookie's value, never stored in clear
	// RehashErr is a failure to store the password's hash at the current
	// cost; the sign-in stands.
	RehashErr error
}

// SignIn checks the email and password (ErrBadCredentials) and starts a
// session from ip; a password hashed at an older cost is hashed again.
// ended, when not empty, is the browser's previous session, which ends:
// every sign-in gets a new session ID.
func (s *Service) SignIn(ctx context.Context, email, password, ip string, ended *Session) (SignedIn, error) {
	u, err := s.store.UserByEmail(ctx, email)
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		return SignedIn{}, err
	}
	hash := u.PasswordHash
	if err != nil {
		hash = dummyHash()
	}
	rehash, cerr := s.checkPassword(password, hash)
	if err != nil || cerr != nil || !u.Active {
		return SignedIn{}, ErrBadCredentials
	}
	out := SignedIn{User: u}
	if rehash {
		if h, err := auth.HashPassword(auth.NormalizePassword(password), auth.CurrentParams()); err == nil {
			out.RehashErr = s.store.SetPasswordHash(ctx, u.Actor(), u.ID, h)
		}
	}
	if ended != nil {
		_ = s.store.DeleteSession(ctx, ended.Token, ended.User)
	}
	out.Token, err = s.store.CreateSession(ctx, u, ip)
	return out, err
}

// Session is a browser session by its cookie's value.
type Session struct {
	Token string
	User  store.User
}

// SignOut ends the session.
func (s *Service) SignOut(ctx context.Context, sess Session) error {
	return s.store.DeleteSession(ctx, sess.Token, sess.User)
}

// RecordSignInFailure audits a failed sign-in (never the password).
func (s *Service) RecordSignInFailure(ctx context.Context, email, ip, reason string) error {
	return s.store.RecordAudit(ctx, audit.Entry{ActorEmail: "anonymous", Action: "auth.login_failed",
		ObjectType: "user", ObjectID: email, After: map[string]any{"ip": ip, "reason": reason, "at": time.Now().UTC()}})
}

// CheckPassword checks the user's password again, as a re-authentication
// does (auth.ErrMismatch when it is wrong), under the same bound as a
// sign-in.
func (s *Service) CheckPassword(u store.User, password string) error {
	_, err := s.checkPassword(password, u.PasswordHash)
	return err
}

// Attempt is a sign-in attempt as counted against its limits.
type Attempt struct {
	Limited bool
	First   bool          // the first refused attempt of its window
	Retry   time.Duration // until the window ends, when limited
}

// CountAttempt counts a sign-in attempt (a login or a re-authentication)
// against the client address (4×perAccount a minute: several people
// behind one NAT) and then the account (perAccount). The counters live
// in PostgreSQL, so every instance on the database shares them. A refused
// attempt writes no audit row of its own: the store writes one per key
// and window, and counts the rest.
func (s *Service) CountAttempt(ctx context.Context, ip, email string, perAccount int, reason string) (Attempt, error) {
	details := map[string]any{"ip": ip, "reason": reason}
	res, err := s.store.CountLoginAttempt(ctx, "ip:"+ip, 4*perAccount, details)
	if err == nil && !res.Limited && email != "" {
		details["email"] = email
		res, err = s.store.CountLoginAttempt(ctx, "email:"+email, perAccount, details)
	}
	if err != nil || !res.Limited {
		return Attempt{}, err
	}
	now := s.store.Now()
	return Attempt{Limited: true, First: res.First, Retry: now.Truncate(store.LoginWindow).Add(store.LoginWindow).Sub(now)}, nil
}

// ByToken is the user of a live API token (store.ErrNotFound when it is
// unknown, expired or revoked).
func (s *Service) ByToken(ctx context.Context, token string) (store.User, store.APIToken, error) {
	return s.store.TokenByValue(ctx, token)
}

// BySession is a live browser session by its cookie's value, marked seen
// (store.ErrNotFound when it is unknown, idle or too old).
func (s *Service) BySession(ctx context.Context, token string) (store.Session, error) {
	return s.store.SessionByToken(ctx, token)
}
